#pragma once
// BackgroundLadder: rates a training run's newest generation on the Elo ladder (ladder.h)
// while the run goes on, every `minutes` minutes, on a thread of its own with a small budget.
// The pipeline (core/train) cannot call the ladder (engine sits above train), so whoever runs
// the pipeline (xqzero train, the studio) offers each published generation here.
//
// Each rating is stored twice: as a ladder row (store.h addLadderResult, with the run and
// model) and as metric points of the run at step = the generation, which the Train page's
// Elo chart plots: "ladder/rating", "ladder/lo", "ladder/hi" (alphabeta:1 = 0, 95% interval),
// "ladder/positions" (self-play samples generated when the generation was published) and
// "ladder/minutes" (minutes into the training session that published it).
//
// Budget: the rungs up to alpha-beta depth 3 (fairy:1 is skipped, with a log line, where
// Fairy-Stockfish is not installed; a young net loses every game to the stronger
// ones, which then tell nothing), `gamesPerRung` games each, the net searched with
// `simulations` per move, one game at a time on the ladder's thread. Its time grows with the
// games a rung and shrinks with the machine: with 10 games a rung (50 games) a rating takes
// several minutes beside self-play on a slow 2-core machine, half of a 15-minute period
// (docs/experiments/2026-12-04-slow-machine-hour.md).
//
// Thread-safety: offer(), finish() and stop() may be called from any thread; the callback is
// called on the ladder's thread. The destructor stops (abandoning a ladder in progress, which
// is then not stored) and joins.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/train/config.h"

namespace xq::engine {

struct BackgroundLadderOptions {
    std::string dbPath;
    int64_t run = 0;
    double minutes = 15;   // between two ratings; the first after this long too
    int gamesPerRung = 4;
    int simulations = 80;
    std::vector<std::string> rungs = {"random", "fairy:1", "alphabeta:1", "alphabeta:2", "alphabeta:3"};
    uint64_t seed = 1;
    // The player spec that stands for a generation; empty: net:FILE@SIMULATIONS.
    std::function<std::string(const struct PublishedModel&)> playerFor;
};

struct PublishedModel {
    int generation = 0;
    std::string file;
    int64_t modelId = 0;
    int64_t positions = 0;   // self-play samples generated so far
    double minutes = 0;      // into the training session, when published
};

struct LadderRated {
    PublishedModel model;
    double rating = 0, lo = 0, hi = 0;
    int games = 0;
    int64_t ladderId = 0;
};

// The background ladder's options for a training run as its trainer runs it: the run's id and
// the settings of the configuration the trainer uses. A resumed run trains with its stored
// configuration (run_open.cpp), which wins over `offered` (the command line's or the form's);
// a new run's stored configuration is `offered`. nullopt while the run has no row. minutes <= 0
// in the result: the run's ladder is off. Reads the store read-only (busy timeout 2 s); store
// errors are thrown. Shared by `xqzero train` and the studio's training session.
std::optional<BackgroundLadderOptions> ladderOptionsOfRun(const std::string& dbPath,
                                                          const std::string& runName,
                                                          const train::TrainConfig& offered);

class BackgroundLadder {
public:
    using RatedFn = std::function<void(const LadderRated&)>;
    using ErrorFn = std::function<void(const std::string&)>;
    BackgroundLadder(BackgroundLadderOptions options, RatedFn onRated = {}, ErrorFn onError = {});
    ~BackgroundLadder();
    BackgroundLadder(const BackgroundLadder&) = delete;
    BackgroundLadder& operator=(const BackgroundLadder&) = delete;

    // The newest published generation; rated when the next rating is due.
    void offer(const PublishedModel& model);
    // Rates the newest offered generation now unless it was rated already, waits for that
    // (and for a rating in progress), then stops. For the end of a training session.
    void finish();
    void stop();
    int ratingsDone() const { return done_.load(); }

private:
    void loop();
    void rate(const PublishedModel& m);

    BackgroundLadderOptions options_;
    RatedFn onRated_;
    ErrorFn onError_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<PublishedModel> newest_;  // guarded by mutex_
    int lastRated_ = -1;                    // guarded by mutex_: generation
    bool finishing_ = false;                // guarded by mutex_
    bool stopping_ = false;                 // guarded by mutex_
    std::atomic<bool> abort_{false};        // ends a ladder in progress
    std::atomic<int> done_{0};
    std::chrono::steady_clock::time_point lastStart_;  // loop thread only
    std::thread thread_;
};

}  // namespace xq::engine
