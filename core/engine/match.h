#pragma once
// Match runner: N games between two players with alternating colours, ended by the rules of
// core/xiangqi/rules.h (gameStatus) and a length cap. Used by `xqzero match` and gating.
//
// Openings: games come in pairs that share an opening of `openingPlies` random legal plies
// (seeded by the pair index) with colours swapped, so deterministic players do not replay one
// game N times and neither colour is favoured by the opening.
// Forfeits: a player that returns a null/illegal move or throws (PlayerError: a crashed or
// silent engine) loses that game; the reason is kept in GameRecord::error and counted.
//
// Thread-safety: runMatch() blocks; with threads > 1 it runs games on that many worker threads,
// each with its own two players from the factories (called from the workers; the factories
// must be callable concurrently). A factory that throws ends the match: the other workers
// stop before their next game and runMatch() rethrows the first such error. The onGame callback is called with a mutex held, one call
// at a time, from a worker thread. `stop` may be set from any thread: unfinished games are
// abandoned and not counted.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/engine/player.h"
#include "core/train/elo.h"
#include "core/xiangqi/rules.h"

namespace xq::engine {

// Builds a player; `instance` differs per worker and per side (use it to vary seeds).
using PlayerFactory = std::function<PlayerPtr(uint64_t instance)>;

struct MatchConfig {
    int games = 2;
    int threads = 1;
    int lengthCap = 300;       // plies; a capped game is a draw
    int openingPlies = 2;
    uint64_t seed = 1;
    SearchLimits limitsA;      // per-move limits for player A (empty = its defaults)
    SearchLimits limitsB;
    std::string startFen;      // empty = the start position
};

struct GameRecord {
    int index = 0;             // 0-based game number
    bool aIsRed = true;
    Result result = Result::None;   // from the board's view (RedWins / BlackWins / Draw)
    Reason reason = Reason::None;
    double scoreA = 0.5;       // 1 / 0.5 / 0 for player A
    int plies = 0;
    std::vector<Move> moves;   // including the opening plies
    std::string error;         // forfeit reason, empty when the game ended on the board
};

struct MatchResult {
    int games = 0;
    int winsA = 0, draws = 0, lossesA = 0;
    int forfeits = 0;
    std::string nameA, nameB;
    train::EloEstimate elo;    // A relative to B
    std::vector<GameRecord> records;  // in completion order
};

using GameCallback = std::function<void(const GameRecord&, const MatchResult& soFar)>;

MatchResult runMatch(const PlayerFactory& a, const PlayerFactory& b, const MatchConfig& cfg,
                     const GameCallback& onGame = {}, std::atomic<bool>* stop = nullptr);

// Plays one game (used by runMatch; exposed for tests). `red`/`black` get newGame() first.
GameRecord playGame(Player& red, Player& black, const Position& start, const SearchLimits& redLimits,
                    const SearchLimits& blackLimits, int lengthCap, std::atomic<bool>* stop);

}  // namespace xq::engine
