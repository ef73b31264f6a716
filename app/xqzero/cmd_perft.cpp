// xqzero perft DEPTH [--fen F] [--moves ...] [--divide]
#include <chrono>
#include <iostream>

#include "app/xqzero/command.h"
#include "app/xqzero/position_args.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/perft.h"

namespace {

std::function<int()> setup(CLI::App& sub) {
    struct Opts {
        int depth = 1;
        bool divide = false;
        xqcli::PositionArgs pos;
    };
    auto o = std::make_shared<Opts>();
    sub.add_option("depth", o->depth, "Depth in plies")->required()->check(CLI::Range(0, 12));
    sub.add_flag("--divide", o->divide, "Print the count under each root move");
    o->pos.add(sub);
    return [o] {
        xq::Position pos = o->pos.build();
        const auto t0 = std::chrono::steady_clock::now();
        uint64_t nodes = 0;
        if (o->divide && o->depth > 0) {
            for (auto& [m, n] : xq::perftDivide(pos, o->depth)) {
                std::cout << xq::toIccs(m) << ": " << n << "\n";
                nodes += n;
            }
        } else {
            nodes = xq::perft(pos, o->depth);
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const long long ms = (long long)(s * 1000.0 + 0.5);
        const long long nps = s > 0 ? (long long)(double(nodes) / s) : 0;
        std::cout << "nodes " << nodes << " time_ms " << ms << " nps " << nps << std::endl;
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("perft", "Count leaf nodes of the legal move tree", setup);

}  // namespace
