#include "app/xqzero/position_args.h"

#include <stdexcept>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xqcli {

void PositionArgs::add(CLI::App& sub) {
    sub.add_option("--fen", fen, "Start from this FEN (default: the start position)");
    sub.add_option("--moves", moves, "Moves to play first (ICCS, WXF or Chinese)");
}

xq::Position PositionArgs::build() const {
    xq::Position pos;
    if (!fen.empty()) pos = xq::positionFromFen(fen);
    for (size_t i = 0; i < moves.size(); ++i) {
        const xq::MoveParse r = xq::parseMoveAny(pos, moves[i]);
        if (!r)
            throw std::invalid_argument("move " + std::to_string(i + 1) + ": " + r.error);
        pos.makeMove(r.move);
    }
    return pos;
}

}  // namespace xqcli
