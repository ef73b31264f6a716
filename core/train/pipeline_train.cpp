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

// Held-out checks of one training phase (early_stop.h): a fixed batch of held-out positions,
// measured at the start and every validationInterval steps, charted as a diagnostic. Only with
// earlyStopChecks > 0 do they end the phase, and then the weights with the lowest held-out value
// loss become the candidate; the trainer itself goes on from its last step.
struct Pipeline::HeldOutChecks {
    HeldOutChecks(State& state, const std::function<void(const HeldOutCheck&)>& onCheck,
                  std::vector<store::MetricPoint>& metrics)
        : st(state),
          report(onCheck),
          pending(metrics),
          early(state.config.earlyStopChecks),
          on(state.config.validationFraction > 0 && state.heldOut->size() >= kMinHeldOutPositions) {
        if (!on) return;
        batch = st.heldOut->sampleBatch(int(std::min<size_t>(1024, st.heldOut->size())), st.rng);
        check(0);
    }

    // Whether the check after `doneSteps` of the phase's `steps` is due.
    bool due(int doneSteps, int steps) const {
        return on && (doneSteps % st.config.validationInterval == 0 || doneSteps == steps);
    }

    // Measures the held-out losses after `doneSteps` steps; keeps the weights of a new best when
    // early stopping is on. Stop: the phase ends here.
    EarlyStop::Action check(int doneSteps) {
        const nn::TrainStats hs = st.trainer->evaluate(batch);
        pending.push_back({st.run.id, st.ckpt.step, "heldout/value", hs.valueLoss, 0});
        pending.push_back({st.run.id, st.ckpt.step, "heldout/policy", hs.policyLoss, 0});
        if (report) report({st.ckpt.step, hs.valueLoss, hs.policyLoss});
        const EarlyStop::Action a = early.report(doneSteps, hs.valueLoss);
        if (a == EarlyStop::Action::NewBest && st.config.earlyStopChecks > 0) {
            if (!bestWeights)
                bestWeights = std::make_unique<nn::Net>(st.trainer->publishable());
            else
                bestWeights->copyWeightsFrom(st.trainer->publishable());
        }
        return a;
    }

    State& st;
    const std::function<void(const HeldOutCheck&)>& report;
    std::vector<store::MetricPoint>& pending;
    EarlyStop early;
    const bool on;  // validation-fraction > 0 and enough held-out positions
    nn::TrainBatch batch;
    std::unique_ptr<nn::Net> bestWeights;  // with early stopping: the best check's weights
    bool stoppedEarly = false;
};

// Sets st.candidate when the phase trained (the trained weights, or with early stopping the
// best held-out check's). Returns false when a stop (or the time limit) ended the phase.
bool Pipeline::trainPhase(State& st) {
    st.candidate.reset();
    const int steps = stepsDueNow(st);
    if (steps <= 0) return true;
    const size_t window = trainingWindow(st.config, st.ckpt.samplesGenerated);
    beginTrainingStage(st, steps);
    std::vector<store::MetricPoint> pending;
    HeldOutChecks held(st, callbacks_.heldOut, pending);
    const int phaseSteps = trainSteps(st, steps, window, held, pending);
    if (!pending.empty()) st.store->addMetrics(pending);
    st.trainNet->setThreads(st.config.inferenceThreads);
    {
        char msg[256];
        std::snprintf(msg, sizeof msg,
                      "training: %d steps on a window of %zu positions; samples trained %lld, "
                      "generated %lld (ratio %.2f)",
                      phaseSteps, std::min(window, st.buffer->size()),
                      (long long)st.ckpt.samplesTrained, (long long)st.ckpt.samplesGenerated,
                      st.ckpt.samplesGenerated > 0
                          ? double(st.ckpt.samplesTrained) / double(st.ckpt.samplesGenerated)
                          : 0.0);
        log(LogLevel::Info, msg);
    }
    if (control_.stopRequested() || timeUp(st)) return false;
    if (phaseSteps > 0) takeCandidate(st, held, phaseSteps);
    return true;
}

// StepsDueNow: the steps the training ratio has due now (0 while the buffer is short of
// min-buffer, which is logged).
int Pipeline::stepsDueNow(State& st) {
    const TrainConfig& config = st.config;
    if (st.buffer->size() < size_t(config.minBufferToTrain)) {
        log(LogLevel::Info, "buffer holds " + std::to_string(st.buffer->size()) + " of the " +
                                std::to_string(config.minBufferToTrain) + " positions needed to train; more self-play first");
        return 0;
    }
    return train::trainingStepsDue(config, st.ckpt.samplesGenerated, st.ckpt.samplesTrained);
}

// BeginTraining: the Training stage with its step count, the trainer on every core.
void Pipeline::beginTrainingStage(State& st, int steps) {
    setStage(Stage::Training);
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.stageDone = 0;
        st.progress.stageTotal = steps;
    }
    emitProgress(st, true);
    st.trainNet->setThreads(std::max(1, int(std::thread::hardware_concurrency())));
}

// TrainSteps: up to `steps` steps on the window, with progress and held-out checks; a pause
// waits, a stop, the time limit or early stopping ends the phase. Returns the steps trained.
int Pipeline::trainSteps(State& st, int steps, size_t window, HeldOutChecks& held,
                         std::vector<store::MetricPoint>& pending) {
    int phaseSteps = 0;
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
        if (held.due(phaseSteps, steps) && held.check(phaseSteps) == EarlyStop::Action::Stop) {
            held.stoppedEarly = true;
            break;
        }
        if (timeUp(st)) break;
    }
    return phaseSteps;
}

// TakeCandidate: the trained weights become st.candidate; with early stopping, the best held-out
// check's weights instead, or no candidate when no check improved on the phase's start.
void Pipeline::takeCandidate(State& st, const HeldOutChecks& held, int phaseSteps) {
    st.candidate = std::make_shared<nn::Net>(st.trainer->publishable());
    if (st.config.earlyStopChecks <= 0 || !held.on || !held.early.hasBest()) return;
    const EarlyStop& early = held.early;
    char msg[256];
    std::snprintf(msg, sizeof msg, "held-out value loss best %.4f at step %d of the phase%s%s",
                  early.bestLoss(), early.bestStep(), held.stoppedEarly ? " (stopped early)" : "",
                  early.bestStep() == 0 ? "; no improvement, so no candidate this iteration"
                  : early.bestStep() < phaseSteps ? ", the candidate has that step's weights"
                                                  : "");
    log(LogLevel::Info, msg);
    if (early.bestStep() == 0)
        st.candidate.reset();
    else if (early.bestStep() < phaseSteps)
        st.candidate->copyWeightsFrom(*held.bestWeights);
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
