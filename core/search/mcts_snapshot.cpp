#include "core/search/mcts_snapshot.h"

#include <algorithm>

namespace xq::search {
namespace {

void fill(const MctsTree& tree, const Node& parent, bool parentIsRoot, int depth, int minVisits,
          std::vector<SnapshotNode>& out) {
    out.reserve(parent.numChildren);
    for (int i = 0; i < parent.numChildren; ++i) {
        const Node& c = parent.children[i];
        if (!parentIsRoot && c.visits < minVisits) continue;
        SnapshotNode s;
        s.move = c.move;
        s.visits = c.visits;
        s.inFlight = c.virtualLoss;
        s.prior = c.prior;
        const MctsTree::Score sc = tree.score(parent, c, parentIsRoot);
        s.q = c.visits > 0 ? c.q() : sc.q;
        s.u = sc.u;
        s.terminal = c.state == NodeState::Terminal;
        s.proven = -provenValue(c);
        s.pv.push_back(c.move);
        for (Move m : tree.principalVariation(&c)) s.pv.push_back(m);
        if (depth > 1 && c.expanded()) fill(tree, c, false, depth - 1, minVisits, s.children);
        out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(), [](const SnapshotNode& a, const SnapshotNode& b) {
        return a.visits != b.visits ? a.visits > b.visits : a.prior > b.prior;
    });
}

}  // namespace

SearchSnapshot makeSnapshot(const MctsTree& tree, int depth, int minVisits) {
    SearchSnapshot s;
    const Node* root = tree.root();
    s.rootKey = tree.rootPosition().key();
    s.rootVisits = root->visits;
    s.rootValue = root->visits > 0 ? float(-root->valueSum / root->visits) : 0.0f;
    s.rootProven = root->expanded() ? root->proven : 0;
    s.pv = tree.principalVariation(root);
    if (!s.pv.empty()) s.bestMove = s.pv.front();
    s.nodes = tree.nodesUsed();
    if (root->expanded() && depth >= 1) fill(tree, *root, true, depth, minVisits, s.children);
    return s;
}

std::vector<SnapshotNode> makeChildrenSnapshot(const MctsTree& tree, const std::vector<Move>& path,
                                               int minVisits) {
    const Node* node = tree.root();
    for (Move m : path) {
        if (!node->expanded()) return {};
        const Node* next = nullptr;
        for (int i = 0; i < node->numChildren && !next; ++i)
            if (node->children[i].move == m) next = &node->children[i];
        if (!next) return {};
        node = next;
    }
    std::vector<SnapshotNode> out;
    if (node->expanded()) fill(tree, *node, path.empty(), 1, minVisits, out);
    return out;
}

}  // namespace xq::search
