#pragma once
// DistributedTrainer: the trainer of a run whose self-play comes from workers (worker.h) on
// any number of hosts, through one database (`xqzero train --role trainer`). With N ranks
// (--rank R --world-size N --master HOST:PORT) it trains data-parallel: every rank samples its
// own batches from the same window, gradients are averaged through c10d (nn::TrainingGroup:
// Gloo on CPU), so all ranks hold the same weights after every step; rank 0 alone writes to
// the database and the model folder.
//
// Stages: OpenRun -> JoinGroup -> loop { Ingest -> Train -> Publish } -> Checkpoint; the loop
// is the one every trainer runs (training_loop.h), in its distributed configuration.
//   OpenRun   rank 0 opens the run as the one-machine Pipeline does (run_open.h: row, lease,
//             room check, checkpoint, generations reconciled with the models table), so
//             either trainer may continue the other's run, and publishes generation 0 for a
//             new run; other ranks read the run's configuration.
//   JoinGroup ranks meet at the master; rank 0's weights are broadcast to all.
//   Ingest    rank 0 lists the self-play games stored since the last cycle (StoreGameFeed,
//             game_feed.h: a game whose transaction commits after a higher id was seen is
//             still handed out, once) and broadcasts their ids, so every rank adds the same
//             games to its replay buffer. Each rank also broadcasts its stop flag.
//             Rank 0 records the games' arrival rate (games_per_hour) every 10 s.
//   Train     the steps the training ratio has due (config trainRatio; a step trains
//             batchSize samples on every rank, so worldSize x batchSize of the ratio's
//             account), at most kStepsPerCycle before the next Ingest.
//   Publish   after gamesPerIteration new games and at least one step: rank 0 saves the
//             weights as the next generation (file, blob by sha256, models row: on PostgreSQL
//             the row's NOTIFY tells every worker), then a checkpoint. No gate (config gate
//             0): workers always play the newest weights (AlphaZero, KataGo).
//   Gate      (config gate 1 or 2) Publish stores a generation after the first as a
//             candidate (not accepted) and queues its evalGames evaluation games against the
//             best generation (Store::enqueueEvalJobs); the workers play them. Numbers
//             as in the Pipeline (publisher.h: nextGenerationNumber). Training goes
//             on meanwhile; the next candidate waits for this one's verdict. Every cycle rank 0
//             requeues the games of workers silent for evalClaimTimeoutMs (or stopped) and,
//             once all games are played (or the SPRT has decided, the rest cancelled), decides
//             by the pipeline's rule (gate_rule.h) and records it with setModelEvaluation: an
//             accepted candidate becomes the best (its NOTIFY moves the workers to it), a
//             rejected one keeps its number. Rank 0 broadcasts whether to publish, so all
//             ranks count alike. `generations` then counts verdicts.
// Files: trainer_role.cpp holds OpenRun, JoinGroup, Ingest, Train, Publish and the loop;
// trainer_role_gate.cpp the Gate (findCandidate, evaluateCandidate, decideCandidate,
// gateCycle); trainer_role_state.h the session's state. A training step is the one-machine
// Pipeline's (train_step.h: runTrainStep, with no games buffer: this role takes no start
// games, so no games-mix), and Publish writes file, blob and row with publishGeneration
// (publisher.h), as the Pipeline does for its generations.
// The held-out set is the one-machine Pipeline's (early_stop.h: heldOutGame; the same games on
// every rank, not trained on, not counted for the training ratio or the next publish); rank 0
// charts the losses on it every validationInterval steps. Early stopping is not used here.
// Resuming with worldSize > 1 starts every rank's optimizer afresh (the Adam moments of a
// checkpoint are rank 0's), so the ranks stay identical.
//
// Thread-safety: run() blocks on the calling thread; control() may be used from any thread.
// Callbacks run on that thread.

#include <cstdint>
#include <string>

#include "core/nn/training_group.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/pipeline.h"

namespace xq::train {

struct TrainerRoleOptions {
    TrainConfig config;
    std::string presetName = "quick";
    std::string dbPath;  // required
    std::string runName = "run";
    std::string modelDir;  // empty: store::defaultModelDir (checkpoints, rank 0 only)
    bool resume = false;
    double minutes = 0;   // stop after this long (0: no limit)
    int generations = 0;  // stop after publishing this many this session (0: no limit)
    // When set, every rank saves its final weights here at the end (the same creation time on
    // all ranks, so identical weights make identical files: the integration test's check).
    std::string finalModel;
    int pollMs = 500;        // rank 0's wait for new games when nothing is due
    // Gate on: claimed evaluation games of a worker whose heartbeat is older than this go
    // back to the queue (host clocks must agree to well within it: run NTP).
    int64_t evalClaimTimeoutMs = 60000;
    // How long a lost database connection is tried again before the trainer gives up
    // (store::OpenOptions::reconnectSeconds); the wait is said in the log.
    double reconnectSeconds = store::kDefaultReconnectSeconds;
    nn::GroupOptions group;  // rank, world size, master
    nn::DeviceKind device = nn::DeviceKind::Cpu;
};

struct TrainerRoleStats {
    int64_t steps = 0;             // this session
    int64_t gamesIngested = 0;     // this session
    int generationsPublished = 0;  // this session
    double trainSeconds = 0;       // in steps, collectives included
    double collectiveSeconds = 0;  // in collectives (allreduce of gradients, broadcasts)
};

class DistributedTrainer {
  public:
    static constexpr int kStepsPerCycle = 50;
    static constexpr double kSpeedIntervalSeconds = 10;
    DistributedTrainer(TrainerRoleOptions options, PipelineCallbacks callbacks = {});
    ~DistributedTrainer();
    DistributedTrainer(const DistributedTrainer&) = delete;
    DistributedTrainer& operator=(const DistributedTrainer&) = delete;

    // Throws like Pipeline::run, and xq::Error(DistributedFailed / DistributedUnavailable)
    // when the ranks cannot meet or a collective fails.
    void run();
    RunControl& control() { return control_; }
    TrainerRoleStats stats() const { return stats_; }  // after run()

  private:
    struct State;  // trainer_role_state.h
    void openRun(State& st);
    void recordSpeed(State& st);
    void joinGroup(State& st);
    bool ingest(State& st);  // false: a rank asked to stop
    void train(State& st);
    void checkHeldOut(State& st);
    void publish(State& st);
    void finishSession(State& st);
    // trainer_role_gate.cpp: the Gate.
    void findCandidate(State& st);
    bool evaluateCandidate(State& st);
    void decideCandidate(State& st, const ArenaResult& r);
    bool gateCycle(State& st, bool due);
    void log(LogLevel l, const std::string& m) const;

    TrainerRoleOptions options_;
    PipelineCallbacks callbacks_;
    RunControl control_;
    TrainerRoleStats stats_;
};

}  // namespace xq::train
