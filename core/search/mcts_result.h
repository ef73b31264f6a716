#pragma once
// What a finished search returns: visit distribution pi over the root's legal moves, the root
// value, the best move and the principal variation.
//
// Perspective: rootValue and every `q` here are from the view of the SIDE TO MOVE AT THE ROOT
// (+1 = the side to move wins).
//
// Thread-safety: plain value.

#include <cstdint>
#include <vector>

#include "core/xiangqi/rules.h"
#include "core/xiangqi/types.h"

namespace xq::search {

struct SearchResult {
    // One entry per legal move of the root, in move generation order.
    std::vector<Move> moves;
    std::vector<int> visits;     // N per move (all visits, including reused ones)
    // The visits as a training target: `visits` with forced playouts pruned (MctsParams::
    // forcedPlayoutK; a child left with one visit or none drops out). Equal to `visits` when
    // forced playouts are off.
    std::vector<int> targetVisits;
    std::vector<float> priors;   // P per move (with root noise when it was applied)
    std::vector<float> q;        // Q per move, root mover's view (0 when unvisited)
    // What the rules or the search's solver proved of each move, root mover's view: +1 a win
    // (a mate or stalemate at once, or a forced one the tree has fully seen), -1 a loss, 0 not
    // proven. rootProven is the same for the root position (+1: the side to move wins).
    std::vector<int8_t> proven;
    int8_t rootProven = 0;
    // pi per move: N^(1/tau) normalised with tau from the temperature schedule at the root's
    // ply; tau -> 0 puts all mass on `bestMove`. Sums to 1 (empty when the root is terminal).
    std::vector<float> pi;
    float temperature = 0;       // the tau used for pi and chosenMove

    Move bestMove;               // most visits (ties: higher Q, then higher prior)
    Move chosenMove;             // sampled from pi (== bestMove when tau -> 0)
    float rootValue = 0;         // -W/N of the root: the search's value for the side to move
    // The network's value of the root for the side to move (what the search started from);
    // rootValue when the root was never evaluated (terminal, or no simulation yet).
    float networkValue = 0;
    std::vector<Move> pv;        // principal variation from the root (most visited line)

    int rootVisits = 0;          // N of the root after the search (reused visits included)
    int reusedVisits = 0;        // root visits already there when the search started
    int simulations = 0;         // new simulations in this search
    int evaluations = 0;         // positions sent to the evaluator
    int terminalHits = 0;        // simulations that ended in a terminal node (no network)
    int collisions = 0;          // gathers that found a leaf already pending
    double seconds = 0;

    GameStatus rootStatus{};     // over() when the root itself is terminal (no moves then)
};

}  // namespace xq::search
