#include "core/xiangqi/material.h"

#include <algorithm>
#include <cmath>

namespace xq {

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

namespace {
// Side to move's view, tenths.
int quiescence(Position& pos, int alpha, int beta, int depth) {
    const int standPat = (pos.sideToMove() == Red ? 1 : -1) * materialBalance(pos);
    if (depth == 0 || standPat >= beta) return standPat;
    alpha = std::max(alpha, standPat);
    MoveList captures;
    pos.legalCaptures(captures);
    for (Move m : captures) {
        pos.makeMove(m);
        const int s = -quiescence(pos, -beta, -alpha, depth - 1);
        pos.unmakeMove();
        if (s >= beta) return s;
        alpha = std::max(alpha, s);
    }
    return alpha;
}
}  // namespace

int resolvedMaterialBalance(const Position& pos) {
    Position p = pos;
    const int v = quiescence(p, -100000, 100000, kResolvePlies);
    return pos.sideToMove() == Red ? v : -v;
}

float materialValue(int tenths) { return float(std::tanh(double(tenths) / 80.0)); }

}  // namespace xq
