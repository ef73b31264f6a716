#pragma once
// Shared helpers for the rules suites: the published perft table, positions built from a short
// piece list, moves from ICCS text, and seeded random playouts.

#include <cstdint>
#include <initializer_list>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/position.h"
#include "core/xiangqi/rules.h"

namespace xqtest {

using namespace xq;

// Published perft numbers (values re-checked with Fairy-Stockfish 11.1).
struct PerftRef {
    const char* name;
    const char* fen;
    uint64_t nodes[5];  // depth 1..5
};

inline const std::vector<PerftRef>& perftTable() {
    static const std::vector<PerftRef> t = {
        {"start",
         "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
         {44, 1920, 79666, 3290240, 133312995}},
        {"2",
         "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
         {38, 1128, 43929, 1339047, 53112976}},
        {"3",
         "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
         {7, 281, 8620, 326201, 10369923}},
        {"4",
         "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
         {25, 424, 9850, 202884, 4739553}},
        {"5",
         "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
         {28, 516, 14808, 395483, 11842230}},
        {"6",
         "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
         {21, 364, 7626, 162837, 3500505}},
        {"7", "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", {28, 222, 6241, 64971, 1914306}},
        {"8", "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1", {23, 345, 8124, 149272, 3513104}},
        {"9", "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", {21, 195, 3883, 48060, 933096}},
        {"10",
         "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
         {30, 830, 22787, 649866, 17920736}},
        {"11",
         "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
         {19, 583, 11714, 376467, 8148177}},
    };
    return t;
}

inline std::string iccs(Move m) {
    return squareName(m.from()) + squareName(m.to());
}

// The legal move written as ICCS `text` ("h2e2"), or a null move when it is not legal here.
inline Move legalMove(const Position& pos, const std::string& text) {
    if (text.size() != 4) return Move();
    const Square from = parseSquare(text.c_str()), to = parseSquare(text.c_str() + 2);
    if (from == kNoSquare || to == kNoSquare) return Move();
    const Move m(from, to);
    MoveList list;
    pos.legalMoves(list);
    return list.contains(m) ? m : Move();
}

// Is the move `text` (ICCS) among the legal moves? Distinguishes "illegal" from "unparsable".
inline bool isLegalText(const Position& pos, const std::string& text) {
    return !legalMove(pos, text).isNull();
}

// Plays ICCS moves with makeMove(); returns the first one that is not legal ("" when all were).
inline std::string play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* t : moves) {
        const Move m = legalMove(pos, t);
        if (m.isNull()) return t;
        pos.makeMove(m);
    }
    return {};
}

// FEN from a piece list: {"e0", 'K'}, {"e9", 'k'}, ... and the side to move. The suites then
// parse it, so every hand-made position also passes the FEN validation.
inline std::string fenOf(std::initializer_list<std::pair<const char*, char>> pieces,
                         char side = 'w', int halfmove = 0) {
    char board[10][9] = {};
    for (const auto& [sq, letter] : pieces) {
        const Square s = parseSquare(sq);
        board[rankOf(s)][fileOf(s)] = letter;
    }
    std::string fen;
    for (int r = 9; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 9; ++f) {
            if (!board[r][f]) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += board[r][f];
        }
        if (empty) fen += char('0' + empty);
        if (r) fen += '/';
    }
    return fen + ' ' + side + " - - " + std::to_string(halfmove) + " 1";
}

// Positions reached by seeded random playouts from `fen`: one sample every `stride` plies,
// stopping a playout at a position without legal moves.
inline std::vector<Position> randomPositions(const std::string& fen, uint32_t seed, int playouts,
                                             int plies, int stride) {
    std::vector<Position> out;
    std::mt19937 rng(seed);
    for (int g = 0; g < playouts; ++g) {
        Position pos = positionFromFen(fen);
        for (int ply = 1; ply <= plies; ++ply) {
            MoveList list;
            pos.legalMoves(list);
            if (list.empty()) break;
            pos.makeMove(list[int(rng() % uint32_t(list.size()))]);
            if (ply % stride == 0) out.push_back(pos);
        }
    }
    return out;
}

// Red to move mates with Ri7-i9 (the a8 rook holds rank 8).
inline constexpr const char* kMateInOne = "4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1";
// Red to move (found by random play; test_mcts checks the count): 9 of the 16 legal moves allow
// Black a mate in one, 7 do not.
inline constexpr const char* kAvoidMate = "4k4/4a4/8r/9/2p1p1p1p/1r7/P1P1P1P1P/B8/3KR4/3A1AB2 w - - 4 21";

// Does `m` end the game at once as a win for the side playing it (mate or stalemate)?
inline bool winsAtOnce(Position pos, Move m) {
    const Color mover = pos.sideToMove();
    pos.makeMove(m);
    return gameStatus(pos).result == winnerResult(mover);
}

// Can the opponent win at once after `m` (a mate or stalemate in one)?
inline bool allowsMateInOne(Position pos, Move m) {
    pos.makeMove(m);
    MoveList replies;
    pos.legalMoves(replies);
    for (Move r : replies)
        if (winsAtOnce(pos, r)) return true;
    return false;
}

}  // namespace xqtest
