#pragma once
// Helpers for the nn suites: seeded random playouts that collect positions (with history).

#include <random>
#include <vector>

#include "core/xiangqi/position.h"

namespace nntest {

// Positions met along `games` random games of up to `plies` plies from the start position.
inline std::vector<xq::Position> randomPositions(int games, int plies, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<xq::Position> out;
    for (int g = 0; g < games; ++g) {
        xq::Position pos;
        for (int p = 0; p < plies; ++p) {
            out.push_back(pos);
            xq::MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) break;
            pos.makeMove(ml[int(rng() % unsigned(ml.size()))]);
        }
    }
    return out;
}

}  // namespace nntest
