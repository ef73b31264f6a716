#pragma once
// A forced-mate probe by checks: does the side to move win by force within `maxMoves` of its own
// moves, when every one of them but the last gives check and the opponent may answer anything?
// The last move may be any move that leaves the opponent without a legal move (checkmate, or
// stalemate, which also loses in Xiangqi).
//
// Why: a policy network trained on games decided by material learns to win material, and its
// priors then hide the quiet-looking checks that finish a game; a few hundred simulations seldom
// find them. Checking sequences are narrow (the defender can only evade), so a small exact
// search finds short mates cheaply. MctsTree runs it at the root and hands a found mate to its
// solver (core/search/mcts_tree.h); the network is never asked about a proven line.
//
// Exactness: every position of a line is judged by gameStatus() with the given RuleOptions, so a
// line that would end earlier in a repetition, a perpetual check, the 60-move rule or the length
// cap does not count. A probe that exceeds its node budget answers "no mate found", never a
// wrong mate.
//
// Thread-safety: pure function of its arguments (`pos` is changed during the search and
// restored before it returns).

#include <cstdint>

#include "core/xiangqi/position.h"
#include "core/xiangqi/rules.h"

namespace xq::search {

struct MateProbe {
    Move move;           // first move of the shortest forced mate found; null when none
    int moves = 0;       // its length in the side to move's moves (1 = mate at once)
    uint64_t nodes = 0;  // positions made
    bool aborted = false;  // the node budget ran out before every length was searched
    bool found() const { return !move.isNull(); }
};

// Searches lengths 1, 2, ... `maxMoves` in turn and stops at the first mate. `nodeBudget`
// bounds the positions made over all lengths (0 = unlimited).
MateProbe findCheckingMate(Position& pos, const RuleOptions& rules, int maxMoves,
                           uint64_t nodeBudget);

}  // namespace xq::search
