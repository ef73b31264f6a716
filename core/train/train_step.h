#pragma once
// One training step, the same for the one-machine Pipeline (pipeline_train.cpp: its Train
// stage and concurrent training) and the DistributedTrainer (trainer_role.cpp): the learning
// rate from the schedule (scheduledLearningRate), a batch from the window of newest positions,
// the optimizer step, the step and sample counts of the checkpoint's account, the trainStep
// callback, the step's eight metric points (loss/total, loss/policy, loss/value,
// policy/entropy, policy/top1, lr, grad_norm, samples_per_s) and the progress fields of the
// last step. With config gamesMix > 0 and a games buffer a share of each batch comes from the
// games the run started from (ReplayBuffer::sampleBatchMixed); the distributed trainer passes
// no games buffer (it takes no start games), so its batches are self-play positions only.
//
// Thread-safety: runTrainStep runs on the training thread, which owns the trainer and
// ckpt.step; ckpt.samplesTrained and the progress are written under the mutexes the context
// names (nullptr: the caller's thread alone uses them). The buffers may take games meanwhile
// (replay_buffer.h).

#include <cstdint>
#include <functional>
#include <mutex>
#include <random>
#include <vector>

#include "core/store/records.h"
#include "core/train/checkpoint.h"
#include "core/train/pipeline.h"
#include "core/train/replay_buffer.h"

namespace xq::train {

struct TrainStepContext {
    const TrainConfig& config;
    nn::NetTrainer& trainer;
    const ReplayBuffer& buffer;
    const ReplayBuffer* games;  // games-mix's source; nullptr: none
    std::mt19937_64& rng;
    int64_t runId;
    // Samples one step adds to ckpt.samplesTrained and to samples/s: batchSize on one
    // machine, batchSize x worldSize with data-parallel ranks.
    int64_t samplesPerStep;
    const std::function<void(const TrainStep&)>& onStep;  // may be empty
    Checkpoint& ckpt;                                     // step and samplesTrained advance
    std::mutex* samplesMutex;   // guards ckpt.samplesTrained; nullptr: not shared
    Progress& progress;         // step, samplesPerSecond, the three losses
    std::mutex* progressMutex;  // guards progress; nullptr: not shared
};

struct TrainStepDone {
    TrainStep info;      // the step number after it, its stats and samples/s
    double seconds = 0;  // sampling and step (collectives included)
};

// One step on a batch of the newest `window` positions. `timeFraction`: the share of the
// session's time limit used (scheduledLearningRate). Its metric points are appended to
// `pending` (nullptr: not recorded, as on a distributed rank other than 0); the caller writes
// them to the store.
TrainStepDone runTrainStep(const TrainStepContext& c, size_t window, double timeFraction,
                           std::vector<store::MetricPoint>* pending);

}  // namespace xq::train
