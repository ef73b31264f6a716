// The Train stage of Pipeline (pipeline.h).
#include "core/train/pipeline.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/store/store.h"
#include "core/train/early_stop.h"
#include "core/train/pipeline_state.h"
#include "core/train/train_step.h"

namespace xq::train {

// ---- Train: the steps the training ratio has due, on the window of newest positions ----
// Sets st.candidate when the phase trained (the trained weights, or with early stopping the
// best held-out check's). Returns false when a stop (or the time limit) ended the phase.
bool Pipeline::trainPhase(State& st) {
    const TrainConfig& config = st.config;
    st.candidate.reset();
    if (st.buffer->size() < size_t(config.minBufferToTrain)) {
        log(LogLevel::Info, "buffer holds " + std::to_string(st.buffer->size()) + " of the " +
                                std::to_string(config.minBufferToTrain) + " positions needed to train; more self-play first");
        return true;
    }
    const int steps = trainingStepsDue(config, st.ckpt.samplesGenerated, st.ckpt.samplesTrained);
    if (steps <= 0) return true;
    const size_t window = trainingWindow(config, st.ckpt.samplesGenerated);
    setStage(Stage::Training);
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.stageDone = 0;
        st.progress.stageTotal = steps;
    }
    emitProgress(st, true);
    st.trainNet->setThreads(std::max(1, int(std::thread::hardware_concurrency())));
    std::vector<store::MetricPoint> pending;
    // Held-out checks (early_stop.h): a fixed batch of held-out positions per phase, measured
    // at the start and every validationInterval steps, charted as a diagnostic. Only with
    // earlyStopChecks > 0 do they end the phase, and then the weights with the lowest held-out
    // value loss become the candidate; the trainer itself goes on from its last step.
    const bool validate = config.validationFraction > 0 && st.heldOut->size() >= kMinHeldOutPositions;
    EarlyStop early(config.earlyStopChecks);
    nn::TrainBatch heldBatch;
    std::unique_ptr<nn::Net> bestWeights;
    int phaseSteps = 0;
    auto check = [&](int doneSteps) {
        const nn::TrainStats hs = st.trainer->evaluate(heldBatch);
        pending.push_back({st.run.id, st.ckpt.step, "heldout/value", hs.valueLoss, 0});
        pending.push_back({st.run.id, st.ckpt.step, "heldout/policy", hs.policyLoss, 0});
        if (callbacks_.heldOut) callbacks_.heldOut({st.ckpt.step, hs.valueLoss, hs.policyLoss});
        const EarlyStop::Action a = early.report(doneSteps, hs.valueLoss);
        if (a == EarlyStop::Action::NewBest && config.earlyStopChecks > 0) {
            if (!bestWeights) bestWeights = std::make_unique<nn::Net>(st.trainNet->clone());
            else bestWeights->copyWeightsFrom(*st.trainNet);
        }
        return a;
    };
    if (validate) {
        heldBatch = st.heldOut->sampleBatch(int(std::min<size_t>(1024, st.heldOut->size())), st.rng);
        check(0);
    }
    bool stoppedEarly = false;
    const auto tt0 = Clock::now();
    for (int s = 0; s < steps; ++s) {
        if (!control_.waitWhilePaused()) break;
        trainOneStep(st, window, pending);
        {
            std::lock_guard lk(st.progressMutex);
            st.progress.stageDone = s + 1;
            st.progress.etaSeconds = secondsSince(tt0) / (s + 1) * (steps - s - 1);
        }
        emitProgress(st, false);
        phaseSteps = s + 1;
        if (validate && (phaseSteps % config.validationInterval == 0 || phaseSteps == steps) &&
            check(phaseSteps) == EarlyStop::Action::Stop) {
            stoppedEarly = true;
            break;
        }
        if (timeUp(st)) break;
    }
    if (!pending.empty()) st.store->addMetrics(pending);
    st.trainNet->setThreads(config.inferenceThreads);
    {
        char msg[256];
        std::snprintf(msg, sizeof msg,
                      "training: %d steps on a window of %zu positions; samples trained %lld, generated %lld (ratio %.2f)",
                      phaseSteps, std::min(window, st.buffer->size()), (long long)st.ckpt.samplesTrained,
                      (long long)st.ckpt.samplesGenerated,
                      st.ckpt.samplesGenerated > 0 ? double(st.ckpt.samplesTrained) / double(st.ckpt.samplesGenerated) : 0.0);
        log(LogLevel::Info, msg);
    }
    if (control_.stopRequested() || timeUp(st)) return false;
    if (phaseSteps == 0) return true;

    st.candidate = std::make_shared<nn::Net>(st.trainNet->clone());
    if (config.earlyStopChecks > 0 && validate && early.hasBest()) {
        char msg[256];
        std::snprintf(msg, sizeof msg, "held-out value loss best %.4f at step %d of the phase%s%s", early.bestLoss(),
                      early.bestStep(), stoppedEarly ? " (stopped early)" : "",
                      early.bestStep() == 0 ? "; no improvement, so no candidate this iteration"
                      : early.bestStep() < phaseSteps ? ", the candidate has that step's weights" : "");
        log(LogLevel::Info, msg);
        if (early.bestStep() == 0) st.candidate.reset();
        else if (early.bestStep() < phaseSteps) st.candidate->copyWeightsFrom(*bestWeights);
    }
    return true;
}

// One training step (train_step.h) on a batch from the window; its metrics go to `pending`
// (flushed every 80).
void Pipeline::trainOneStep(State& st, size_t window, std::vector<store::MetricPoint>& pending) {
    const TrainStepContext c{.config = st.config,
                             .trainer = *st.trainer,
                             .buffer = *st.buffer,
                             .games = st.gameBuffer.get(),
                             .rng = st.rng,
                             .runId = st.run.id,
                             .samplesPerStep = st.config.batchSize,
                             .onStep = callbacks_.trainStep,
                             .ckpt = st.ckpt,
                             .samplesMutex = &st.dataMutex,
                             .progress = st.progress,
                             .progressMutex = &st.progressMutex};
    runTrainStep(c, window, timeFraction(st), &pending);
    if (pending.size() >= 80) {
        st.store->addMetrics(pending);
        pending.clear();
    }
}

}  // namespace xq::train
