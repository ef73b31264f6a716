#pragma once
// Self-play: many games in flight on each worker thread, all sharing one (thread-safe)
// evaluator — normally an InferenceServer — so that the network's batches stay full.
// Built on search::MultiSearch: one search per move per game, tree reuse between moves.
//
// Per game: root Dirichlet noise, temperature schedule, playout-cap randomization (full and
// fast searches, only the full ones recorded as targets), a second search of the full searches
// whose root is unsettled (unsettledExtra), optional uniformly random opening
// plies (recorded without a visit distribution, so they never become training targets),
// resignation when the root value stays below the threshold for `resignMoves` consecutive own
// moves (a `resignPlayoutFraction` of games ignore resignation and are played out; when such a
// game would have resigned and the resigning side did not lose, it counts as a false
// resignation), the rules' endings (core/xiangqi/rules.h) and a length cap, optionally
// adjudicated on material.
//
// Thread-safety: a SelfPlay object is driven by one call to run() at a time; run() starts
// `threads` worker threads and joins them before it returns. The callback is called on worker
// threads, serialised by an internal mutex (never two at once). stats(), liveGameCount() and
// liveGame() may be called from any thread at any time, also while run() runs.
//
// Live games (for the UI): each game in flight has a slot (thread t's game g is slot
// t * gamesInFlight + g). A worker copies its moves into the slot after each move, and a
// snapshot of the search in progress (search::makeSnapshot) for the one slot being watched
// (the one liveGame() was last asked for) between two MultiSearch rounds, at most every
// kLiveSnapshotMs: the hot path pays one mutex and one push_back per move and a clock read
// per round, never anything per simulation. liveGame() copies a slot under that mutex.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/search/mcts_params.h"
#include "core/train/live_game.h"
#include "core/store/records.h"
#include "core/train/config.h"
#include "core/train/control.h"

namespace xq::train {

struct SelfPlayOptions {
    search::MctsParams mcts;      // addNoise, temperature schedule, cPuct ... (set by caller)
    int simulations = TrainConfig{}.simulations;
    bool countReusedVisits = false;  // see search::SearchLimits::countReusedVisits
    int gamesInFlight = TrainConfig{}.gamesInFlight;  // per thread
    int threads = 1;
    int randomOpeningPlies = TrainConfig{}.randomOpeningPlies;
    // Playout-cap randomization: each move is searched fully (`simulations`, root noise, and
    // recorded with its visits as a policy target) with this probability, otherwise with
    // `fastSimulations`, no noise, and recorded without visits (never a training target).
    float fullSearchFraction = float(TrainConfig{}.fullSearchFraction);
    int fastSimulations = TrainConfig{}.fastSimulations;
    // Unsettled roots: a full search whose best move's Q differs from the network's value of
    // the root by at least `unsettledValueChange` (detail::unsettledRoot) is searched once more
    // on the same tree with `unsettledExtra` times its budget before its move is played and
    // recorded (the target then holds both searches' visits). 0 = off.
    float unsettledExtra = float(TrainConfig{}.unsettledExtra);
    float unsettledValueChange = float(TrainConfig{}.unsettledValueChange);
    float resignThreshold = float(TrainConfig{}.resignThreshold);
    int resignMoves = TrainConfig{}.resignMoves;  // 0 = never resign
    float resignPlayoutFraction = float(TrainConfig{}.resignPlayoutFraction);
    int maxPlies = TrainConfig{}.maxPlies;  // length cap
    bool adjudicate = false;      // at the cap: material count decides (Reason::Adjudication)
    uint64_t seed = 1;
    int generation = 0;           // stored with each game
    std::string playerLabel = "selfplay";
};

struct SelfPlayGame {
    store::GameRecord record;     // kind SelfPlay; moves with rootValue and sparse visits
    bool playedOut = false;       // resignation disabled for this game
    bool falseResignation = false;// would have resigned, and that side did not lose
};

struct SelfPlayStats {
    uint64_t games = 0;
    uint64_t positions = 0;       // moves played with a search
    uint64_t fullSearches = 0;    // of those, searched fully (recorded as policy targets)
    uint64_t extendedSearches = 0;  // of the full ones, searched again as unsettled roots
    uint64_t simulations = 0;       // of every search, the extensions' included
    uint64_t evaluations = 0;
    uint64_t resignations = 0;
    uint64_t playedOutWouldResign = 0;
    uint64_t falseResignations = 0;
    uint64_t started = 0;         // games begun (finished + in flight + abandoned at a stop)
    int gamesInFlight = 0;        // games being played now (0 once run() returned)
    double seconds = 0;
};

class SelfPlay {
public:
    SelfPlay(nn::Evaluator& evaluator, SelfPlayOptions options);
    using GameFn = std::function<void(const SelfPlayGame&)>;
    // Plays until `games` games have finished (0 = until stopped), or control.stopRequested()
    // (games in progress are then abandoned, not reported). Honors control's pause between
    // rounds. Returns statistics.
    SelfPlayStats run(int games, const GameFn& onGame, RunControl& control);
    // Any thread: start no new game; run() returns once the games in flight have finished and
    // been reported (a game boundary: each game is played by one network, which is how a
    // distributed worker switches models). Called before run(), it makes that run() return at
    // once; the request is spent when run() returns.
    void finishInFlight() { finishing_.store(true); }
    // Any thread: the budget of every full search started from now on (options.simulations
    // until called; progressive simulations, config.h simulationsEnd). Searches under way keep
    // theirs.
    void setSimulations(int n) { simulations_.store(std::max(1, n)); }
    int simulations() const { return simulations_.load(); }
    // The statistics of the run in progress (or of the last one), for progress lines and
    // benchmarks that stop a run before any game finishes. Any thread, any time.
    SelfPlayStats stats() const;

    // Live games (see the header note). Any thread, any time. The slot count is
    // threads * gamesInFlight (0 before the first run()). liveGame() returns the slot's newest
    // copy (nullopt for a slot out of range) and makes it the watched slot, whose search
    // snapshot is refreshed from then on; a slot just switched to gets its first search
    // snapshot after the next round (its moves are there at once).
    static constexpr int kLiveSnapshotMs = 40;
    int liveGameCount() const;
    std::optional<LiveGame> liveGame(int slot) const;

private:
    nn::Evaluator& evaluator_;
    SelfPlayOptions options_;
    mutable std::mutex statsMutex_;
    SelfPlayStats live_;             // guarded by statsMutex_
    double startedAt_ = 0;           // steady-clock seconds; guarded by statsMutex_
    bool running_ = false;           // guarded by statsMutex_
    mutable std::mutex liveMutex_;
    std::vector<LiveGame> liveSlots_; // guarded by liveMutex_
    // The slot whose search is snapshotted; -1 until liveGame() is first called, so a run
    // nobody watches (the CLI, benchmarks) takes no snapshot at all.
    mutable std::atomic<int> watched_{-1};
    std::atomic<bool> finishing_{false};  // finishInFlight() was asked; cleared as run() returns
    std::atomic<int> simulations_;        // setSimulations(); options_.simulations at first
};

// Material adjudication at the length cap (values in material.h): a lead of at least 3 points
// wins, otherwise a draw.
Result adjudicateMaterial(const Position& pos);

}  // namespace xq::train
