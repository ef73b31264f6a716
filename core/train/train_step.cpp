#include "core/train/train_step.h"

#include <algorithm>
#include <utility>

#include "core/nn/trainer_backend.h"
#include "core/train/clock.h"

namespace xq::train {

TrainStepDone runTrainStep(const TrainStepContext& c, size_t window, double timeFraction,
                           std::vector<store::MetricPoint>* pending) {
    const TrainConfig& config = c.config;
    c.trainer.setLearningRate(scheduledLearningRate(config, c.ckpt.step, timeFraction));
    const auto t0 = Clock::now();
    const nn::TrainBatch batch =
        c.games && config.gamesMix > 0
            ? c.buffer.sampleBatchMixed(config.batchSize, c.rng, window, *c.games, config.gamesMix)
            : c.buffer.sampleBatch(config.batchSize, c.rng, window);
    const nn::TrainStats ts = c.trainer.step(batch);
    TrainStepDone done;
    done.seconds = secondsSince(t0);
    ++c.ckpt.step;
    {
        std::unique_lock lk =
            c.samplesMutex ? std::unique_lock(*c.samplesMutex) : std::unique_lock<std::mutex>();
        c.ckpt.samplesTrained += c.samplesPerStep;
    }
    const double sps = double(c.samplesPerStep) / std::max(1e-9, done.seconds);
    done.info = {c.ckpt.step, ts, sps};
    if (c.onStep) c.onStep(done.info);
    if (pending) {
        for (auto [name, v] : {std::pair<const char*, double>{"loss/total", ts.totalLoss},
                               {"loss/policy", ts.policyLoss},
                               {"loss/value", ts.valueLoss},
                               {"policy/entropy", ts.policyEntropy},
                               {"policy/top1", ts.top1Accuracy},
                               {"lr", ts.learningRate},
                               {"grad_norm", ts.gradNorm},
                               {"samples_per_s", sps}})
            pending->push_back({c.runId, c.ckpt.step, name, v, 0});
        if (c.trainer.options().replyWeight > 0)
            pending->push_back({c.runId, c.ckpt.step, "loss/reply", ts.replyLoss, 0});
    }
    std::unique_lock lk =
        c.progressMutex ? std::unique_lock(*c.progressMutex) : std::unique_lock<std::mutex>();
    c.progress.step = c.ckpt.step;
    c.progress.samplesPerSecond = sps;
    c.progress.lossTotal = ts.totalLoss;
    c.progress.lossPolicy = ts.policyLoss;
    c.progress.lossValue = ts.valueLoss;
    return done;
}

}  // namespace xq::train
