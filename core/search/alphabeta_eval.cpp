#include "core/search/alphabeta_eval.h"

#include <array>

namespace xq::search {
namespace {

// Tables are drawn as the board looks from Red's side: the first row is rank 9 (the enemy's back
// rank), the last row rank 0 (Red's own back rank). Index = (9 - rank) * 9 + file.
using Table = std::array<int16_t, 90>;

constexpr Table kPawn = {
    10, 10, 10, 15, 15, 15, 10, 10, 10,  //
    40, 50, 65, 80, 85, 80, 65, 50, 40,  //
    40, 50, 60, 70, 70, 70, 60, 50, 40,  //
    40, 45, 55, 60, 60, 60, 55, 45, 40,  //
    30, 35, 40, 50, 55, 50, 40, 35, 30,  //
    5,  0,  10, 0,  15, 0,  10, 0,  5,   //
    0,  0,  5,  0,  10, 0,  5,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0,
};
constexpr Table kHorse = {
    0,   -5,  5,  5,   0,   5,   5,  -5,  0,    //
    0,   10,  20, 20,  10,  20,  20, 10,  0,    //
    5,   15,  20, 30,  25,  30,  20, 15,  5,    //
    5,   20,  25, 30,  30,  30,  25, 20,  5,    //
    0,   10,  20, 25,  25,  25,  20, 10,  0,    //
    0,   10,  15, 20,  20,  20,  15, 10,  0,    //
    0,   5,   10, 15,  15,  15,  10, 5,   0,    //
    -5,  0,   10, 5,   10,  5,   10, 0,   -5,   //
    -10, -5,  0,  0,   -20, 0,   0,  -5,  -10,  //
    -15, -10, -5, -10, -10, -10, -5, -10, -15,
};
constexpr Table kRook = {
    10,  15, 10, 20, 20, 20, 10, 15, 10,   //
    15,  20, 15, 25, 30, 25, 15, 20, 15,   //
    10,  15, 10, 20, 20, 20, 10, 15, 10,   //
    10,  15, 15, 20, 20, 20, 15, 15, 10,   //
    10,  15, 15, 20, 20, 20, 15, 15, 10,   //
    5,   15, 10, 15, 15, 15, 10, 15, 5,    //
    0,   10, 5,  10, 10, 10, 5,  10, 0,    //
    0,   5,  5,  10, 5,  10, 5,  5,  0,    //
    0,   10, 5,  10, 0,  10, 5,  10, 0,    //
    -10, 5,  0,  10, 0,  10, 0,  5,  -10,
};
constexpr Table kCannon = {
    10, 10, 0,  -5, -10, -5, 0,  10, 10,  //
    5,  5,  0,  -5, -5,  -5, 0,  5,  5,   //
    5,  5,  0,  0,  -5,  0,  0,  5,  5,   //
    0,  5,  5,  5,  5,   5,  5,  5,  0,   //
    0,  0,  0,  5,  10,  5,  0,  0,  0,   //
    0,  0,  5,  5,  10,  5,  5,  0,  0,   //
    0,  0,  0,  0,  5,   0,  0,  0,  0,   //
    5,  5,  10, 10, 15,  10, 10, 5,  5,   //
    0,  5,  5,  5,  5,   5,  5,  5,  0,   //
    0,  0,  5,  10, 10,  10, 5,  0,  0,
};
// Defenders: only the squares they can reach matter. Central advisor / elephant and a king on
// its home square are worth a little (they keep the palace closed).
constexpr Table kAdvisor = [] {
    Table t{};
    t[(9 - 1) * 9 + 4] = 10;
    return t;
}();
constexpr Table kElephant = [] {
    Table t{};
    t[(9 - 2) * 9 + 4] = 10;
    t[(9 - 2) * 9 + 0] = -5;
    t[(9 - 2) * 9 + 8] = -5;
    return t;
}();
constexpr Table kKing = [] {
    Table t{};
    t[(9 - 0) * 9 + 4] = 5;
    t[(9 - 1) * 9 + 4] = -5;
    t[(9 - 2) * 9 + 4] = -15;
    for (int f : {3, 5}) {
        t[(9 - 1) * 9 + f] = -10;
        t[(9 - 2) * 9 + f] = -20;
    }
    return t;
}();

constexpr int kMaterial[8] = {0, 0, 120, 120, 270, 600, 285, 30};

struct Combined {
    // [piece code][square] = material + table bonus, from the piece owner's view.
    int16_t v[kPieceCodeCount][kSquareCount]{};
};

constexpr Combined build() {
    Combined c{};
    const Table* tables[8] = {nullptr, &kKing,  &kAdvisor, &kElephant,
                              &kHorse, &kRook, &kCannon,  &kPawn};
    for (int t = King; t <= Pawn; ++t)
        for (int sq = 0; sq < 90; ++sq) {
            const int rank = sq / 9, file = sq % 9;
            const int red = (*tables[t])[(9 - rank) * 9 + file];
            const int black = (*tables[t])[rank * 9 + file];  // rank seen from Black: 9 - rank
            c.v[makePiece(Red, PieceType(t))][sq] = int16_t(kMaterial[t] + red);
            c.v[makePiece(Black, PieceType(t))][sq] = int16_t(kMaterial[t] + black);
        }
    return c;
}

constexpr Combined kValues = build();

}  // namespace

int pieceValue(Piece p, int sq) { return kValues.v[p][sq]; }

int materialValue(PieceType t) { return kMaterial[t]; }

int evaluateRed(const Position& pos) {
    int s = 0;
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const Piece p = pos.piece(sq);
        if (p == NoPiece) continue;
        s += colorOf(p) == Red ? pieceValue(p, sq) : -pieceValue(p, sq);
    }
    return s;
}

}  // namespace xq::search
