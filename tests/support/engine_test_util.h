#pragma once
// Helpers shared by the engine tests: an exhaustive mate solver (independent of the alpha-beta
// code under test), colour-flipping FENs, and the verified mate-in-2 positions.
#include <algorithm>
#include <cctype>
#include <string>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/position.h"

namespace enginetest {

using namespace xq;

bool forcesMate(Position& p, int moves);
// The side to move loses (is mated or stalemated) within `moves` moves of the attacker.
inline bool losesWithin(Position& p, int moves) {
    MoveList ml;
    p.legalMoves(ml);
    if (ml.empty()) return true;
    if (moves == 0) return false;
    for (Move m : ml) {
        const auto u = p.doMove(m);
        const bool ok = forcesMate(p, moves);
        p.undoMove(m, u);
        if (!ok) return false;
    }
    return true;
}
// The side to move can force mate within `moves` of its own moves.
inline bool forcesMate(Position& p, int moves) {
    if (moves <= 0) return false;
    MoveList ml;
    p.legalMoves(ml);
    for (Move m : ml) {
        const auto u = p.doMove(m);
        const bool ok = losesWithin(p, moves - 1);
        p.undoMove(m, u);
        if (ok) return true;
    }
    return false;
}

// The same position with colours exchanged and the board turned 180°.
inline std::string flipFen(const std::string& fen) {
    const size_t sp = fen.find(' ');
    std::string board = fen.substr(0, sp);
    std::reverse(board.begin(), board.end());  // ranks and files both reverse: a 180° turn
    for (char& c : board)
        if (std::isalpha((unsigned char)c))
            c = std::isupper((unsigned char)c) ? char(std::tolower(c)) : char(std::toupper(c));
    std::string rest = fen.substr(sp);  // " w - - 0 1"
    rest[1] = rest[1] == 'b' ? 'w' : 'b';
    return board + rest;
}

// Mate-in-2 positions (Red to move, no mate in 1), found by a random generator and verified
// with forcesMate(); the tests verify them again.
inline const char* const kMateIn2[] = {
    "9/4a3N/3k5/9/9/9/5R3/2R6/9/5K3 w - - 0 1",
    "4R4/3ka4/3a3C1/9/2P6/9/9/9/9/4K4 w - - 0 1",
    "5aR2/8P/3k5/9/9/9/9/9/9/4K2R1 w - - 0 1",
    "4k4/4a4/9/9/1R7/N8/9/9/5K3/9 w - - 0 1",
    "3k5/3Na4/9/7N1/9/9/9/6C2/4K4/9 w - - 0 1",
    "2Na5/9/4k2N1/9/9/9/9/5K3/9/9 w - - 0 1",
};

inline const char* kFairy = "/usr/games/fairy-stockfish";

}  // namespace enginetest
