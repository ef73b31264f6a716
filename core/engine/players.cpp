#include "core/engine/players.h"

#include <algorithm>

namespace xq::engine {

Move RandomPlayer::chooseMove(const Position& pos, const SearchLimits& limits,
                              std::atomic<bool>*) {
    MoveList legal, allowed;
    pos.legalMoves(legal);
    for (Move m : legal)
        if (std::find(limits.banMoves.begin(), limits.banMoves.end(), m) == limits.banMoves.end())
            allowed.push(m);
    if (allowed.empty()) return Move();
    return allowed[int(rng_() % uint64_t(allowed.size()))];
}

search::AbLimits toAbLimits(const SearchLimits& l, int defaultDepth, uint64_t defaultNodes) {
    search::AbLimits a;
    a.excludedRootMoves = l.banMoves;
    a.depth = l.depth;
    a.nodes = l.nodes;
    if (l.movetimeMs > 0) {
        a.hardMs = l.movetimeMs;
        a.softMs = l.movetimeMs / 2;  // a new iteration rarely finishes in the second half
    } else if (l.myTimeMs >= 0) {
        const int moves = l.movesToGo > 0 ? std::min(l.movesToGo, 40) : 30;
        const int budget = l.myTimeMs / moves + l.myIncMs * 3 / 4;
        // Never plan to use more than a third of what is left: the clock is the hard limit.
        a.hardMs = std::max(5, std::min(budget * 3, l.myTimeMs / 3));
        a.softMs = std::max(1, std::min(budget * 6 / 10, a.hardMs));
    }
    const bool anyLimit = l.depth > 0 || l.nodes > 0 || l.movetimeMs > 0 || l.myTimeMs >= 0;
    if (!anyLimit && !l.infinite) {
        a.depth = defaultDepth;
        a.nodes = defaultNodes;
    }
    return a;
}

SearchInfo toSearchInfo(const search::AbInfo& info) {
    SearchInfo s;
    s.depth = info.depth;
    s.selDepth = info.selDepth;
    s.mateIn = info.mateMoves();
    s.scoreCp = info.isMate() ? 0 : info.score;
    s.nodes = info.nodes;
    s.timeMs = info.timeMs;
    s.nps = info.timeMs > 0 ? info.nodes * 1000 / uint64_t(info.timeMs) : info.nodes * 1000;
    s.pv = info.pv;
    return s;
}

AlphaBetaPlayer::AlphaBetaPlayer(const AlphaBetaConfig& cfg)
    : cfg_(cfg), ab_(search::AbOptions{cfg.ttMegabytes, cfg.evalNoise, cfg.seed}) {}

std::string AlphaBetaPlayer::name() const {
    return cfg_.name.empty() ? "alphabeta:" + std::to_string(cfg_.depth) : cfg_.name;
}

void AlphaBetaPlayer::newGame() {
    ++games_;
    // A different noise pattern per game keeps noisy levels from replaying one game.
    ab_.setOptions(search::AbOptions{cfg_.ttMegabytes, cfg_.evalNoise,
                                     cfg_.seed + games_ * 0x9e3779b97f4a7c15ULL});
}

Move AlphaBetaPlayer::chooseMove(const Position& pos, const SearchLimits& limits,
                                 std::atomic<bool>* stop) {
    const search::AbLimits a = toAbLimits(limits, cfg_.depth, cfg_.nodes);
    last_ = ab_.search(pos, a, stop, [this](const search::AbInfo& info) {
        if (onInfo_) reportInfo(toSearchInfo(info));
    });
    return last_.best;
}

}  // namespace xq::engine
