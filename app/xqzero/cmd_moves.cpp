// xqzero moves [--fen F] [--moves ...]: legal moves in ICCS, WXF and Chinese.
#include <iostream>

#include "app/xqzero/command.h"
#include "app/xqzero/position_args.h"
#include "core/xiangqi/notation.h"

namespace {

std::function<int()> setup(CLI::App& sub) {
    auto args = std::make_shared<xqcli::PositionArgs>();
    args->add(sub);
    return [args] {
        const xq::Position pos = args->build();
        xq::MoveList moves;
        pos.legalMoves(moves);
        for (xq::Move m : moves)
            std::cout << xq::toIccs(m) << " " << xq::toWxf(pos, m) << " " << xq::toChinese(pos, m)
                      << "\n";
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("moves", "List the legal moves in ICCS, WXF and Chinese notation", setup);

}  // namespace
