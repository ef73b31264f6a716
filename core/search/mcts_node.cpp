#include "core/search/mcts_node.h"

#include <stdexcept>

namespace xq::search {

Node* NodeArena::allocate(int n) {
    if (n < 1 || n > kBlockNodes) throw std::invalid_argument("NodeArena::allocate: bad count");
    if (blocks_.empty()) {
        blocks_.push_back(std::make_unique<Node[]>(kBlockNodes));
        block_ = 0;
        offset_ = 0;
    }
    if (offset_ + n > kBlockNodes) {
        // The tail of this block is wasted: children must stay contiguous.
        ++block_;
        offset_ = 0;
        if (block_ == blocks_.size()) blocks_.push_back(std::make_unique<Node[]>(kBlockNodes));
    }
    Node* p = &blocks_[block_][offset_];
    for (int i = 0; i < n; ++i) p[i] = Node{};  // blocks are reused after reset()
    offset_ += n;
    used_ += size_t(n);
    return p;
}

void NodeArena::reset() {
    block_ = 0;
    offset_ = 0;
    used_ = 0;
}

}  // namespace xq::search
