// xqzero bench movegen: perft speed on a fixed set of positions. With Fairy-Stockfish installed
// it also times `go perft 5` from the start position in the same run, so the ratio of the two
// is measured under the same machine load.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/command.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/perft.h"

namespace {

struct BenchPosition {
    const char* name;
    const char* fen;
    int depth;
    int quickDepth;
};

const BenchPosition kPositions[] = {
    {"start", xq::Position::kStartFen, 5, 4},
    {"pos2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 5, 4},
    {"pos3", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", 5, 4},
    {"pos10", "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1", 5, 4},
};

const char* kFairy = "/usr/games/fairy-stockfish";

// Runs Fairy-Stockfish's perft from the start position and returns {nodes, seconds}, or
// {0, 0} when the binary is missing or fails.
std::pair<uint64_t, double> fairyPerft(int depth) {
    if (FILE* f = std::fopen(kFairy, "r")) {
        std::fclose(f);
    } else {
        return {0, 0};
    }
    const std::string cmd = std::string("printf 'ucci\\nposition startpos\\ngo perft ") +
                            std::to_string(depth) + "\\nquit\\n' | " + kFairy + " 2>&1";
    const auto t0 = std::chrono::steady_clock::now();
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return {0, 0};
    char line[512];
    uint64_t nodes = 0;
    while (std::fgets(line, sizeof line, p)) {
        unsigned long long n = 0;
        if (std::sscanf(line, "Nodes searched: %llu", &n) == 1) nodes = n;
    }
    pclose(p);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return {nodes, s};
}

int run(const xqcli::BenchOptions& opt) {
    uint64_t totalNodes = 0;
    double totalSeconds = 0, startNps = 0;
    for (const auto& bp : kPositions) {
        xq::Position pos = xq::positionFromFen(bp.fen);
        const int depth = opt.quick ? bp.quickDepth : bp.depth;
        const auto t0 = std::chrono::steady_clock::now();
        const uint64_t nodes = xq::perft(pos, depth);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double nps = s > 0 ? nodes / s : 0;
        if (std::string(bp.name) == "start") startNps = nps;
        totalNodes += nodes;
        totalSeconds += s;
        if (opt.json) {
            nlohmann::json j{{"bench", "movegen"}, {"position", bp.name}, {"depth", depth},
                             {"nodes", nodes},     {"seconds", s},        {"nps", (uint64_t)nps}};
            std::cout << j.dump() << std::endl;
        } else {
            std::printf("%-6s depth %d  %12llu nodes  %7.3f s  %12.0f nps\n", bp.name, depth,
                        (unsigned long long)nodes, s, nps);
        }
    }
    const double meanNps = totalSeconds > 0 ? totalNodes / totalSeconds : 0;
    const int fairyDepth = opt.quick ? 4 : 5;
    const auto [fNodes, fSeconds] = fairyPerft(fairyDepth);
    if (opt.json) {
        nlohmann::json j{{"bench", "movegen"}, {"position", "all"}, {"nodes", totalNodes},
                         {"nps", (uint64_t)meanNps}};
        std::cout << j.dump() << std::endl;
        if (fNodes) {
            // Includes process start-up (a few ms), which favours us by well under 1%.
            const double fnps = fNodes / fSeconds;
            nlohmann::json k{{"bench", "movegen"},   {"engine", "fairy-stockfish"},
                             {"position", "start"},  {"depth", fairyDepth},
                             {"nodes", fNodes},      {"seconds", fSeconds},
                             {"nps", (uint64_t)fnps}, {"ratio", startNps / fnps}};
            std::cout << k.dump() << std::endl;
        }
    } else {
        std::printf("all    %12llu nodes  %12.0f nps\n", (unsigned long long)totalNodes, meanNps);
        if (fNodes)
            std::printf("fairy-stockfish start depth %d: %llu nodes, %.3f s, %.0f nps; ours/theirs %.2fx\n",
                        fairyDepth, (unsigned long long)fNodes, fSeconds, fNodes / fSeconds,
                        startNps / (fNodes / fSeconds));
    }
    return xqcli::kExitOk;
}

XQ_BENCH("movegen", "Perft speed (and Fairy-Stockfish's, when installed)", run);

}  // namespace
