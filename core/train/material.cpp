#include "core/train/material.h"

#include <cmath>

namespace xq::train {

int materialBalance(const Position& pos) {
    auto value = [](Piece p, int sq) {
        switch (typeOf(p)) {
            case Rook: return 90;
            case Horse: return 40;
            case Cannon: return 45;
            case Advisor: return 20;
            case Elephant: return 20;
            case Pawn: return ownHalf(colorOf(p), sq) ? 10 : 20;
            default: return 0;  // kings
        }
    };
    int score[2] = {0, 0};
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const Piece p = pos.piece(sq);
        if (p != NoPiece) score[colorOf(p)] += value(p, sq);
    }
    return score[Red] - score[Black];
}

float materialValue(int tenths) { return float(std::tanh(double(tenths) / 80.0)); }

}  // namespace xq::train
