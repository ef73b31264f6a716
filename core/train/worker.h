#pragma once
// SelfPlayWorker: the self-play of one host for a run whose trainer lives elsewhere (`xqzero
// worker`). The trainer is either the distributed one (trainer_role.h, all self-play comes from
// workers) or the one-machine Pipeline (pipeline.h, whose Ingest adds the workers' games to its
// own self-play). Many workers on many hosts share one database (PostgreSQL; an SQLite file
// works on one host): the database is the only thing they talk through, so there is no server
// of ours between them.
//
// Stages: JoinRun -> loop { FetchModel -> PlayGames } -> Leave.
//   JoinRun    waits for the run and its first published model (the trainer creates both;
//              either trainer stores every model's weights in the database, publisher.h),
//              takes the run's stored configuration (this host's machine settings override
//              threads, inference workers, games in flight), and registers in the workers table.
//   PlayEvalJobs (only when the run's config has the gate on) at each game boundary the worker
//              first claims evaluation games from the run's queue (Store::claimEvalJobs: FOR
//              UPDATE SKIP LOCKED on PostgreSQL, so workers never wait on each other's claims)
//              and plays them, candidate against opponent with the arena's settings, storing
//              each game with its job done in one transaction; with none queued it self-plays.
//              A self-play round that sees jobs queued (checked every heartbeat) finishes its
//              games in flight first. Jobs of a worker that dies are requeued by the trainer.
//   FetchModel the run's newest accepted model, by its weights' sha256 from the host's model
//              cache (store/model_cache.h), fetched from the database once per host.
//   PlayGames  self-play with that network; each finished game is committed whole in one
//              transaction (Store::insertGame), so a worker killed mid-game leaves no partial
//              game, only the finished ones. When a newer model is published (ModelWatch:
//              LISTEN/NOTIFY on PostgreSQL), the games in flight are finished and the next
//              FetchModel switches: every game is played by one network (a game boundary).
//              With the gate on, that is the newest generation the trainer ACCEPTED (a
//              candidate under evaluation is played only in its evaluation games).
//   Leave      marks the worker "stopped". Games in flight at a stop are abandoned.
// A heartbeat thread writes the worker's counters to its row every heartbeatMs; the studio
// lists workers whose heartbeat is recent.
//
// Thread-safety: run() blocks on the calling thread; control() may be used from any thread
// while it runs. Callbacks run on the worker's threads (progress and modelLoaded on the
// heartbeat thread or the calling thread, gameStored on self-play threads), one at a time.

#include <cstdint>
#include <functional>
#include <string>

#include "core/nn/net.h"
#include "core/store/records.h"
#include "core/store/store.h"
#include "core/train/control.h"

namespace xq::train {

struct WorkerOptions {
    std::string dbPath;   // required: postgresql://... (or an SQLite file on this host)
    std::string runName;  // required: the run the trainer created
    // This host's machine settings; 0 keeps the run's.
    int threads = 0;           // self-play search threads
    int inferenceWorkers = 0;  // inference threads, each with a copy of the network
    int inferenceThreads = 0;  // intra-op threads of each
    int gamesInFlight = 0;     // per search thread
    std::string cacheDir;      // model cache; empty: store::defaultModelCacheDir()
    double minutes = 0;        // stop after this long (0: no limit)
    int64_t games = 0;         // stop after this many stored games, evaluation games included (0: no limit)
    double waitSeconds = 600;  // how long JoinRun waits for the run and its first model
    int heartbeatMs = 5000;
    // How long a lost database connection is tried again before the worker gives up
    // (store::OpenOptions::reconnectSeconds); the wait is said in the log.
    double reconnectSeconds = store::kDefaultReconnectSeconds;
    uint64_t seed = 0;  // 0: derived from the worker's id (workers never share games)
    nn::DeviceKind device = nn::DeviceKind::Cpu;
};

struct WorkerProgress {
    int64_t workerId = 0;
    int generation = -1;  // of the network playing; -1 before the first
    int64_t games = 0;    // stored by this worker, this session
    int64_t positions = 0;
    int gamesInFlight = 0;
    int modelSwitches = 0;  // networks loaded after the first
    double gamesPerHour = 0, positionsPerSecond = 0;
    double elapsedSeconds = 0;
};

struct ModelLoaded {
    int generation = 0;
    int64_t modelId = 0;
    std::string sha256;
    // From the model row's creation to the first game of it starting here (host clocks
    // differ by their offset: run NTP for cross-host figures). With the gate on this includes
    // the candidate's evaluation: the row is created when it is published as a candidate.
    double secondsSincePublished = 0;
    bool fetched = false;  // the weights came from the database, not the host's cache
};

struct WorkerCallbacks {
    std::function<void(const WorkerProgress&)> progress;  // every heartbeat
    std::function<void(const ModelLoaded&)> modelLoaded;
    std::function<void(int64_t gameId, int generation, int plies)> gameStored;
    std::function<void(const std::string&)> log;
};

class SelfPlayWorker {
  public:
    SelfPlayWorker(WorkerOptions options, WorkerCallbacks callbacks = {});
    ~SelfPlayWorker();
    SelfPlayWorker(const SelfPlayWorker&) = delete;
    SelfPlayWorker& operator=(const SelfPlayWorker&) = delete;

    // Runs until the limits, a stop request or an error. Throws xq::Error(RunNotFound) when
    // the run or its first model does not appear within waitSeconds, StoreError on database
    // failures, ModelFileError for unloadable weights.
    void run();
    RunControl& control() { return control_; }

  private:
    struct State;
    void joinRun(State& st);
    void fetchModel(State& st);
    bool playGames(State& st);     // false: stop or a limit
    bool playEvalJobs(State& st);  // false: no job was queued
    std::shared_ptr<nn::Net> loadNet(State& st, const store::ModelInfo& m, bool* cached);
    void heartbeatLoop(State& st);
    void leave(State& st) noexcept;
    void log(const std::string& m) const;

    WorkerOptions options_;
    WorkerCallbacks callbacks_;
    RunControl control_;
};

}  // namespace xq::train
