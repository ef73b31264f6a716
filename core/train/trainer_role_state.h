#pragma once
// Private to core/train: the state of one DistributedTrainer::run() session (trainer_role.h),
// shared by the files that hold its stages (trainer_role.cpp: OpenRun, JoinGroup, Ingest,
// Train, Publish and the loop; trainer_role_gate.cpp: the Gate).
// Thread-safety: owned by the thread in run().

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/clock.h"
#include "core/train/game_feed.h"
#include "core/train/replay_buffer.h"
#include "core/train/run_session.h"
#include "core/train/trainer_role.h"

namespace xq::train {

// config, store, run, lease (rank 0 only), modelDir, ckpt, trainNet, group, trainer, buffer
// and heldOut: run_session.h.
struct DistributedTrainer::State : RunSession {
    bool rank0 = true;
    // Resumed from a checkpoint: the games stored before it are in its account already, so the
    // first Ingest adds them to the buffer without counting them as new.
    bool haveCheckpoint = false;
    bool firstIngest = true;
    int64_t stepsSinceHeldOutCheck = 0;
    std::mt19937_64 rng;
    std::unique_ptr<StoreGameFeed> feed;  // rank 0: the games not ingested yet
    int64_t newestIngested = 0;           // the highest id in this rank's buffer
    int64_t gamesSincePublish = 0;
    int64_t stepsSincePublish = 0;
    // The run's highest generation number (publisher.h: nextGenerationNumber). -1 before
    // generation 0.
    int newestGeneration = -1;
    // Gate on, rank 0: the candidate whose evaluation games are queued or being played (id 0:
    // none). One at a time: training goes on meanwhile, the next publish waits for the verdict.
    store::ModelInfo candidate;
    int decisions = 0;  // gating verdicts this session (what options.generations counts then)
    // Rank 0's games/hour of the workers together, as the games arrive: a point every
    // kSpeedIntervalSeconds (the Train page's speed chart, as the one-machine pipeline writes).
    Clock::time_point speedMark;
    int64_t speedGames = 0;
    Progress progress;
    std::vector<store::MetricPoint> pending;
};

}  // namespace xq::train
