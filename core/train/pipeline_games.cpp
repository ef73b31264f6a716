// The FromGames stage of Pipeline (pipeline.h): a new run's generation 0 learns the moves played
// in the games of PipelineOptions::initGames before self-play; with games-mix those games also
// feed a share of every later training batch.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/store/store.h"
#include "core/train/early_stop.h"
#include "core/train/game_source.h"
#include "core/train/pipeline.h"
#include "core/train/pipeline_state.h"
#include "core/train/selfplay_config.h"

namespace xq::train {

namespace {

// Every sample of `buffer`, unmirrored, in batches of at most `chunk`, evaluated by `trainer`
// and averaged weighted by batch size.
nn::TrainStats evaluateAll(nn::NetTrainer& trainer, const ReplayBuffer& buffer, bool legalMasks) {
    constexpr size_t kChunk = 1024;
    nn::TrainStats sum;
    size_t n = 0;
    for (size_t first = 0; first < buffer.size(); first += kChunk) {
        std::vector<Sample> samples;
        for (size_t i = first; i < std::min(buffer.size(), first + kChunk); ++i) samples.push_back(buffer.at(i));
        const nn::TrainStats s =
            trainer.evaluate(ReplayBuffer::encode(samples, std::vector<bool>(samples.size(), false), legalMasks));
        const double w = double(samples.size());
        sum.policyLoss += s.policyLoss * w;
        sum.valueLoss += s.valueLoss * w;
        sum.top1Accuracy += s.top1Accuracy * w;
        n += samples.size();
    }
    if (n > 0) {
        sum.policyLoss /= double(n);
        sum.valueLoss /= double(n);
        sum.top1Accuracy /= double(n);
    }
    return sum;
}

}  // namespace

// ---- LoadStartGames: the source's games into the games buffer and its held-out share ----
void Pipeline::loadStartGames(State& st) {
    const TrainConfig& config = st.config;
    SourceGames source = loadSourceGames(options_.initGames, *st.store);
    size_t positions = 0;
    for (const auto& g : source.games) positions += g.moves.size();
    st.gameBuffer = std::make_unique<ReplayBuffer>(std::max<size_t>(1, positions));
    st.gameHeldOut = std::make_unique<ReplayBuffer>(std::max<size_t>(1, positions));
    for (ReplayBuffer* b : {st.gameBuffer.get(), st.gameHeldOut.get()}) {
        configureBuffer(*b, config);
        b->setResultWeight(float(config.initResultWeight));
    }
    int held = 0, bad = 0;
    for (size_t i = 0; i < source.games.size(); ++i) {
        // The split is by game (a game's positions are alike) and fixed by the run's seed.
        const bool out = heldOutGame(int64_t(i) + 1, uint64_t(config.seed) ^ 0x5EEDull, config.initHoldout);
        try {
            (out ? st.gameHeldOut : st.gameBuffer)->addGame(source.games[i]);
            held += out;
        } catch (const std::invalid_argument&) {
            ++bad;  // a stored game whose moves no longer replay: skipped, counted
        }
    }
    if (st.gameBuffer->size() == 0)
        throw Error(ErrorCode::GamesUnusable,
                    "--init-games " + options_.initGames + ": no position left to train on after holding out " +
                        std::to_string(held) + " games",
                    options_.initGames);
    log(LogLevel::Info, "start from games: " + source.description + ", " + std::to_string(st.gameBuffer->size()) +
                            " positions to learn, " + std::to_string(held) + " games (" +
                            std::to_string(st.gameHeldOut->size()) + " positions) held out" +
                            (bad ? ", " + std::to_string(bad) + " games that do not replay skipped" : ""));
}

// ---- FromGames: `net` trains initSteps steps on the games' played moves ----
// Adam at the run's learning rate, cosine-decayed to 5% over the phase; the held-out games are
// measured at the start, every twentieth of the phase and at the end (move accuracy, losses),
// charted as init/* metrics. Pause, stop and the time limit end it like any training phase;
// what was learned by then is generation 0.
void Pipeline::fromGamesPhase(State& st, nn::Net& net) {
    const TrainConfig& config = st.config;
    const int steps = config.initSteps;
    setStage(Stage::FromGames);
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.stageDone = 0;
        st.progress.stageTotal = steps;
    }
    emitProgress(st, true);
    nn::TrainerOptions topts;
    topts.learningRate = config.learningRate;
    topts.weightDecay = config.weightDecay;
    topts.clipNorm = config.gradClip;
    nn::NetTrainer trainer(net, topts);
    net.setThreads(std::max(1, int(std::thread::hardware_concurrency())));
    std::vector<store::MetricPoint> pending;
    const bool measure = st.gameHeldOut->size() > 0;
    auto check = [&](int step, bool all) {
        const nn::TrainStats hs = all ? evaluateAll(trainer, *st.gameHeldOut, config.policyLegalOnly)
                                      : trainer.evaluate(st.gameHeldOut->sampleBatch(
                                            int(std::min<size_t>(2048, st.gameHeldOut->size())), st.rng));
        pending.push_back({st.run.id, step, "init/heldout_top1", hs.top1Accuracy, 0});
        pending.push_back({st.run.id, step, "init/heldout_policy", hs.policyLoss, 0});
        pending.push_back({st.run.id, step, "init/heldout_value", hs.valueLoss, 0});
        char msg[200];
        std::snprintf(msg, sizeof msg, "start from games, step %d of %d: held-out move accuracy %.1f%%, policy loss %.3f, value loss %.4f%s",
                      step, steps, 100 * hs.top1Accuracy, hs.policyLoss, hs.valueLoss, all ? " (all held-out positions)" : "");
        log(LogLevel::Info, msg);
    };
    if (measure) check(0, false);
    const int every = std::max(1, steps / 20);
    const auto t0 = Clock::now();
    int done = 0;
    for (; done < steps; ++done) {
        if (!control_.waitWhilePaused() || timeUp(st)) break;
        const double t = double(done) / double(steps);
        trainer.setLearningRate(config.learningRate * (0.05 + 0.95 * 0.5 * (1 + std::cos(M_PI * t))));
        const nn::TrainStats ts = trainer.step(st.gameBuffer->sampleBatch(config.batchSize, st.rng));
        pending.push_back({st.run.id, done + 1, "init/loss", ts.totalLoss, 0});
        pending.push_back({st.run.id, done + 1, "init/top1", ts.top1Accuracy, 0});
        {
            std::lock_guard lk(st.progressMutex);
            st.progress.stageDone = done + 1;
            st.progress.etaSeconds = secondsSince(t0) / (done + 1) * (steps - done - 1);
            st.progress.lossTotal = ts.totalLoss;
            st.progress.lossPolicy = ts.policyLoss;
            st.progress.lossValue = ts.valueLoss;
        }
        emitProgress(st, false);
        if (measure && (done + 1) % every == 0 && done + 1 < steps) check(done + 1, false);
    }
    if (measure && done > 0) check(done, true);
    st.store->addMetrics(pending);
    net.setThreads(config.inferenceThreads);
    log(LogLevel::Info, "start from games: " + std::to_string(done) + " of " + std::to_string(steps) +
                            " steps in " + std::to_string(int(std::lround(secondsSince(t0)))) +
                            " s; generation 0 is the result");
}

}  // namespace xq::train
