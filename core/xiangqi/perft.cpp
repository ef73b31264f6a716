#include "core/xiangqi/perft.h"

namespace xq {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return uint64_t(pos.countLegalMoves());
    MoveList moves;
    pos.legalMoves(moves);
    uint64_t n = 0;
    for (Move m : moves) {
        const Position::Undo u = pos.doMove(m);
        n += perft(pos, depth - 1);
        pos.undoMove(m, u);
    }
    return n;
}

std::vector<std::pair<Move, uint64_t>> perftDivide(Position& pos, int depth) {
    std::vector<std::pair<Move, uint64_t>> out;
    MoveList moves;
    pos.legalMoves(moves);
    for (Move m : moves) {
        pos.makeMove(m);
        out.emplace_back(m, perft(pos, depth - 1));
        pos.unmakeMove();
    }
    return out;
}

}  // namespace xq
