#pragma once
// Precomputed move and attack tables (private to core/xiangqi). Built once at static
// initialisation; read-only afterwards, so safe to read from any thread.

#include <cstdint>

#include "core/xiangqi/types.h"

namespace xq::tables {

// A target square plus the square that must be empty for the step (horse leg, elephant eye).
struct Step {
    int8_t to;
    int8_t block;  // kNoSquare when nothing can block
};

struct StepList {
    Step s[8];
    int8_t n = 0;
};

// Rays for rooks and cannons: up to 9 squares per direction, nearest first.
struct Ray {
    int8_t sq[9];
    int8_t n = 0;
};

enum Dir { North = 0, South = 1, East = 2, West = 3 };  // North = towards rank 9

struct Tables {
    StepList king[2][kSquareCount];      // inside own palace
    StepList advisor[2][kSquareCount];   // inside own palace, diagonal
    StepList elephant[2][kSquareCount];  // own half, block = eye
    StepList horse[kSquareCount];        // block = leg
    StepList pawn[2][kSquareCount];
    // For attack detection on square k: squares a horse may attack k from, with the leg that
    // must be empty for that attack.
    StepList horseAttack[kSquareCount];
    Ray ray[kSquareCount][4];
    uint64_t zobrist[kPieceCodeCount][kSquareCount];
    uint64_t zobristSide;
    Tables();
};

extern const Tables T;

}  // namespace xq::tables
