#pragma once
// Built-in players: RandomPlayer (uniform over legal moves, seeded) and AlphaBetaPlayer (the
// classical baseline of core/search/alphabeta.h). External engine processes live in
// external_engine.h; net-backed players in net_players.h.
//
// Thread-safety: as for every Player, one thread at a time per instance; the `stop` flag given
// to chooseMove() may be set from any thread.

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "core/engine/player.h"
#include "core/search/alphabeta.h"

namespace xq::engine {

class RandomPlayer final : public Player {
public:
    explicit RandomPlayer(uint64_t seed = 1) : rng_(seed) {}
    std::string name() const override { return "random"; }
    Move chooseMove(const Position& pos, const SearchLimits& limits,
                    std::atomic<bool>* stop) override;

private:
    std::mt19937_64 rng_;
};

struct AlphaBetaConfig {
    int depth = 4;             // default depth when the limits give none
    uint64_t nodes = 0;        // default node cap (0 = none), applied together with depth
    int evalNoise = 0;         // cp of evaluation noise (weak levels)
    uint64_t seed = 1;         // noise seed; newGame() advances it so games differ
    int ttMegabytes = 16;
    std::string name;          // display name; empty = "alphabeta:DEPTH"
};

class AlphaBetaPlayer final : public Player {
public:
    explicit AlphaBetaPlayer(const AlphaBetaConfig& cfg = {});
    std::string name() const override;
    void newGame() override;
    Move chooseMove(const Position& pos, const SearchLimits& limits,
                    std::atomic<bool>* stop) override;
    // The full result of the last chooseMove() (score, depth, pv) for callers that want it.
    const search::AbResult& lastResult() const { return last_; }

private:
    AlphaBetaConfig cfg_;
    search::AlphaBeta ab_;
    search::AbResult last_;
    uint64_t games_ = 0;
};

// Converts player limits to alpha-beta limits: movetime, clock (a share of the remaining time
// plus most of the increment), depth, nodes; with none of them, the defaults given.
search::AbLimits toAbLimits(const SearchLimits& l, int defaultDepth, uint64_t defaultNodes);
// Converts an alpha-beta iteration report to the player-level struct (score cp / mate).
SearchInfo toSearchInfo(const search::AbInfo& info);

}  // namespace xq::engine
