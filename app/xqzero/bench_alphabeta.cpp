// xqzero bench alphabeta: alpha-beta search speed (nodes/s, quiescence included) on fixed
// positions to a fixed depth, with a fresh transposition table per position.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/command.h"
#include "core/search/alphabeta.h"
#include "core/xiangqi/fen.h"

namespace {

struct BenchPosition {
    const char* name;
    const char* fen;
};

const BenchPosition kPositions[] = {
    {"start", xq::Position::kStartFen},
    {"pos2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"},
    {"pos3", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"},
    {"middle", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"},
};

int run(const xqcli::BenchOptions& opt) {
    const int depth = opt.quick ? 4 : 6;
    uint64_t total = 0;
    double seconds = 0;
    for (const auto& bp : kPositions) {
        xq::search::AlphaBeta ab;
        xq::search::AbLimits lim;
        lim.depth = depth;
        if (opt.seconds > 0) {
            lim.depth = 0;
            lim.hardMs = int(opt.seconds * 1000);
            lim.softMs = lim.hardMs;
        }
        const xq::search::AbResult r = ab.search(xq::positionFromFen(bp.fen), lim);
        const double s = r.timeMs / 1000.0;
        const double nps = s > 0 ? r.nodes / s : 0;
        total += r.nodes;
        seconds += s;
        if (opt.json) {
            nlohmann::json j{{"bench", "alphabeta"}, {"position", bp.name}, {"depth", r.depth},
                             {"nodes", r.nodes},     {"seconds", s},        {"nps", (uint64_t)nps}};
            std::cout << j.dump() << std::endl;
        } else {
            std::printf("%-7s depth %2d  %10llu nodes  %7.3f s  %10.0f nodes/s  score %d\n",
                        bp.name, r.depth, (unsigned long long)r.nodes, s, nps, r.score);
        }
    }
    const double nps = seconds > 0 ? total / seconds : 0;
    if (opt.json) {
        nlohmann::json j{{"bench", "alphabeta"}, {"position", "all"}, {"nodes", total},
                         {"seconds", seconds},   {"nps", (uint64_t)nps}, {"unit", "nodes/s"}};
        std::cout << j.dump() << std::endl;
    } else {
        std::printf("all     %10llu nodes  %7.3f s  %10.0f nodes/s\n", (unsigned long long)total,
                    seconds, nps);
    }
    return xqcli::kExitOk;
}

XQ_BENCH("alphabeta", "Alpha-beta search speed (nodes/s)", run);

}  // namespace
