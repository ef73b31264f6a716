#pragma once
// Private to core/train: the state of one Pipeline::run() session, shared by the files that
// hold its stages (pipeline.cpp: OpenRun, RebuildBuffers, Checkpoint and the loop;
// pipeline_selfplay.cpp: SelfPlay and the concurrent loop; pipeline_train.cpp: Train;
// pipeline_evaluate.cpp: Evaluate).
// Thread-safety: see the members; the loop's thread owns everything not marked otherwise.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <random>
#include <string>

#include "core/nn/eval_cache.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/clock.h"
#include "core/train/game_feed.h"
#include "core/train/pipeline.h"
#include "core/train/replay_buffer.h"
#include "core/train/run_session.h"

namespace xq::train {

// config, store, run, lease, modelDir, ckpt, trainNet, group, trainer, buffer and heldOut:
// run_session.h.
struct Pipeline::State : RunSession {
    bool resumed = false;
    std::shared_ptr<nn::Net> bestNet;  // plays self-play: the newest generation without a gate
    // The games the run starts from (PipelineOptions::initGames), when given: the positions
    // FromGames and games-mix train on, and the held-out share FromGames measures.
    std::unique_ptr<ReplayBuffer> gameBuffer, gameHeldOut;
    std::mt19937_64 rng;
    Progress progress;
    std::mutex progressMutex;  // guards progress (self-play threads update it)
    Clock::time_point lastProgress;
    std::shared_ptr<nn::EvalCache> lastCache;  // of the newest inference server
    uint64_t sessionPositions = 0, sessionGames = 0;
    double sessionSelfPlaySeconds = 0;
    // What the training phase hands to the evaluation phase.
    std::shared_ptr<nn::Net> candidate;
    // The run's highest generation number (publisher.h: nextGenerationNumber).
    int newestGeneration = -1;
    // The generation self-play plays (the label of its games); written by the loop's thread.
    std::atomic<int> playGeneration{0};
    // Guards ckpt.samplesGenerated, ckpt.samplesTrained and gamesSincePublish, which self-play
    // threads and the trainer share in concurrent training; dataCv signals new samples.
    std::mutex dataMutex;
    std::condition_variable dataCv;
    int64_t gamesSincePublish = 0;
    // The run's stored self-play games not in the buffers yet: those of workers that joined
    // the run (this process marks its own as it stores them). Polled by the loop's thread.
    std::unique_ptr<StoreGameFeed> feed;
    Clock::time_point lastIngest;
};

}  // namespace xq::train
