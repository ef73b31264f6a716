#pragma once
// Snapshots of a search tree for the UI: plain structs copied out of the tree, so the caller
// may keep them while the search goes on.
//
// Perspective: every `q` is from the view of the player who makes `move` (the side to move
// in the parent position), the value that player's PUCT maximises; `u` is the exploration
// term at the moment of the snapshot. rootValue is for the side to move at the root.
//
// Thread-safety: makeSnapshot() reads the tree without locking; call it under the lock that
// guards the tree (MctsSearch::snapshot() does). The structs themselves are plain values.

#include <cstdint>
#include <vector>

#include "core/search/mcts_tree.h"

namespace xq::search {

struct SnapshotNode {
    Move move;
    int visits = 0;
    int inFlight = 0;  // simulations through this edge waiting for the network
    float prior = 0;
    float q = 0;  // mover's view; first-play urgency value when unvisited
    float u = 0;
    bool terminal = false;
    int proven = 0;        // mover's view: +1 a proven win (mate seen to the end), -1 a proven loss
    std::vector<Move> pv;  // best line starting with `move`
    std::vector<SnapshotNode> children;  // only within the requested depth, most visited first
};

struct SearchSnapshot {
    uint64_t rootKey = 0;  // Zobrist key of the root (tells the UI which position this is)
    int rootVisits = 0;
    float rootValue = 0;
    int rootProven = 0;  // side to move at the root: +1 proven win, -1 proven loss
    Move bestMove;
    std::vector<Move> pv;
    std::vector<SnapshotNode> children;  // root children, most visited first
    int simulations = 0;                 // new simulations of the running (or last) search
    int evaluations = 0;
    double seconds = 0;
    bool running = false;
    size_t nodes = 0;  // arena nodes in use
};

// Root children (all of them at depth 1, so unvisited moves show their priors) with PV; for
// depth > 1 each child also lists its children down to `depth` levels, keeping only those
// with at least `minVisits` visits below the root level.
SearchSnapshot makeSnapshot(const MctsTree& tree, int depth = 1, int minVisits = 1);

// The children (one level, most visited first, those with at least `minVisits` visits) of the
// node reached from the root by `path`, for a tree browser that expands one node at a time
// however large the tree. Empty when the path leaves the tree or ends at an unexpanded node.
// Each child's `children` stays empty; `pv` starts with its move.
std::vector<SnapshotNode> makeChildrenSnapshot(const MctsTree& tree, const std::vector<Move>& path,
                                               int minVisits = 1);

}  // namespace xq::search
