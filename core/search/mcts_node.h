#pragma once
// MCTS tree nodes and the arena they live in.
//
// Node layout (40 bytes). A node stands for the position reached by `move` from its parent;
// the edge statistics live in the child node (there is no separate edge type):
//   children      contiguous array of `numChildren` nodes, allocated once at expansion, one per
//                 legal move of this position (movegen order); nullptr until expanded
//   valueSum (W)  sum of backed-up values, FROM THE VIEW OF THE PLAYER WHO MADE `move`, i.e. the
//                 side to move in the PARENT position. So Q = W / N is exactly what the parent's
//                 side to move maximises when it selects among its children: no sign flip in
//                 selection.
//   visits (N)    completed simulations through this node
//   virtualLoss   simulations through this node still waiting for the network
//   prior (P)     the network's prior for `move` in the parent position
//   terminalValue for Terminal nodes: value FOR THE SIDE TO MOVE IN THIS NODE's position, from
//                 the rules: checkmate/stalemate -1, draws 0, perpetual check -1 when the side
//                 to move is the perpetual checker, +1 when its opponent is; +1 for Winning
//                 nodes (the side to move wins by force), -1 for Lost nodes. For Expanded
//                 nodes, the evaluator's value of the position for its side to move (the
//                 Gumbel search completes unvisited moves' Q values with it); read by no
//                 rule that looks at a node's result, which all check the state first
//   proven        for Expanded nodes, the solver's verdict FOR THE SIDE TO MOVE IN THIS NODE's
//                 position: +1 when one of its moves is a proven win (the child is lost for
//                 its side to move), -1 when every move is a proven loss, 0 while unknown.
//                 Proofs come from Terminal and Winning nodes and climb the tree
//                 (MctsTree::solve); a draw is never "proven" (0).
// The root node follows the same rule: its W is from the view of the side that is NOT to move
// at the root, so the root value for the side to move is -W/N.
//
// The sign flip: the evaluator returns v for the side to move at the leaf. Backing up, the
// leaf's W gets -v (its W is from its parent's mover view, the opponent), its parent's W gets
// +v, and so on, alternating sign at every level (MctsTree::backup).
//
// Thread-safety: Node and NodeArena are not synchronised; the owning MctsTree's user (MctsSearch
// holds a mutex around every tree access, MultiSearch runs on one thread) serialises access.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/xiangqi/types.h"

namespace xq::search {

enum class NodeState : uint8_t {
    Unexpanded,  // never reached, or reached but not yet evaluated
    Pending,     // selected as a leaf; waiting for the evaluator (virtual loss on its path)
    Expanded,    // has children
    Terminal,    // game over by the rules; terminalValue holds the result
    // Not over, but the side to move wins by force: it has a move that ends the game at once in
    // its favour (a mate in one), or the leaf mate probe found a mate by checks
    // (MctsParams::leafMateSearchMoves). Worth exactly +1 to it (terminalValue), found without
    // the network and never expanded. Becomes Unexpanded again if the tree is reused with it as the root.
    Winning,
    // Not over, but the side to move is proven to lose: the opponent's root mate probe found a
    // forced mate through this position (terminalValue -1). Never expanded; becomes Unexpanded
    // again if the tree is reused with it as the root.
    Lost,
};

struct Node {
    Node* children = nullptr;
    double valueSum = 0;
    int32_t visits = 0;
    int32_t virtualLoss = 0;
    float prior = 0;
    float terminalValue = 0;
    Move move;
    uint16_t numChildren = 0;
    NodeState state = NodeState::Unexpanded;
    uint8_t terminalReason = 0;  // xq::Reason for Terminal nodes
    int8_t proven = 0;           // Expanded nodes: solver verdict (see above)

    bool expanded() const { return state == NodeState::Expanded; }
    // Mean value from the view of the player who made `move` (0 when unvisited).
    float q() const { return visits > 0 ? float(valueSum / visits) : 0.0f; }
};

static_assert(sizeof(Node) <= 40, "Node grew: check the arena's memory figures");

// Bump allocator of nodes in fixed blocks: a children array is always contiguous inside one
// block, nothing is freed one node at a time, and reset() keeps the blocks for reuse (tree
// reuse copies the kept subtree into a second arena and resets the first).
class NodeArena {
public:
    static constexpr int kBlockNodes = 1 << 15;

    // `n` default-initialised contiguous nodes (1 <= n <= kBlockNodes).
    Node* allocate(int n);
    // Forgets every node; keeps the memory.
    void reset();
    size_t nodesUsed() const { return used_; }
    size_t bytesReserved() const { return blocks_.size() * sizeof(Node) * kBlockNodes; }

private:
    std::vector<std::unique_ptr<Node[]>> blocks_;
    size_t block_ = 0;   // block being filled
    int offset_ = 0;     // next free node in blocks_[block_]
    size_t used_ = 0;
};

}  // namespace xq::search
