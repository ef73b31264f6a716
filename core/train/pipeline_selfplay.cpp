// The SelfPlay stage of Pipeline (pipeline.h), alone or beside training (concurrentLoop).
#include "core/train/pipeline.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/nn/eval_cache.h"
#include "core/nn/inference_server.h"
#include "core/nn/net.h"
#include "core/nn/torch_evaluator.h"
#include "core/store/store.h"
#include "core/train/pipeline_state.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#include "core/train/training_loop.h"

namespace xq::train {

namespace {
// Concurrent training polls the store for workers' games at most this often (each poll is one
// indexed query; the alternating loop polls once per training phase).
constexpr double kIngestSeconds = 1.0;
}  // namespace

// Inference for self-play and gating: one batching server per network, with a fresh
// evaluation cache (the weights differ per generation): games share openings and transpose,
// and tree reuse revisits positions, so hits save whole network calls. One inference worker
// per core: a single worker with one intra-op thread keeps only one core busy, and more
// intra-op threads spin (docs/design.md, The hot path). Each worker owns a copy of the weights (a Net is
// single-threaded); they share the cache.
std::unique_ptr<nn::InferenceServer> Pipeline::makeServer(State& st, std::shared_ptr<nn::Net> net) {
    const TrainConfig& config = st.config;
    st.lastCache = std::make_shared<nn::EvalCache>(size_t(1) << 17);
    const int inFlight = config.gamesInFlight * std::max(1, config.threads);
    return nn::makeParallelEvaluator(std::move(net), std::max(1, config.inferenceWorkers), inFlight, st.lastCache,
                                     config.inferenceThreads);
}

// The options of the session's next self-play: the config's, a fresh seed, the playing
// generation and the simulations the schedule has due now.
SelfPlayOptions Pipeline::nextSelfPlayOptions(State& st) {
    SelfPlayOptions so = selfPlayOptionsFrom(st.config);
    so.seed = st.rng();
    so.generation = st.ckpt.generation;
    so.simulations = scheduledSimulations(st.config, st.ckpt.step, timeFraction(st));
    return so;
}

// A finished self-play game: stored, then added to the replay buffer (or the held-out set),
// counted for the training ratio and the progress. Called on self-play threads, one at a time.
void Pipeline::storeSelfPlayGame(State& st, const SelfPlayGame& g, Clock::time_point phaseStart) {
    const int generation = st.playGeneration.load();
    const store::GameRecord rec =
        storeSelfPlayRecord(*st.store, g.record, st.run.id, generation, st.feed.get());
    const int64_t id = rec.id;
    if (isHeldOut(st, id)) {
        st.heldOut->addGame(rec);
    } else {
        const int added = st.buffer->addGame(rec);
        {
            std::lock_guard lk(st.dataMutex);
            st.ckpt.samplesGenerated += added;
            ++st.gamesSincePublish;
        }
        st.dataCv.notify_all();
    }
    {
        std::lock_guard lk(st.progressMutex);
        ++st.progress.games;
        ++st.progress.stageDone;
        ++st.sessionGames;
        const double secs = st.sessionSelfPlaySeconds + secondsSince(phaseStart);
        st.progress.gamesPerHour = secs > 0 ? st.sessionGames * 3600.0 / secs : 0;
        const double per = secondsSince(phaseStart) / st.progress.stageDone;
        st.progress.etaSeconds = per * (st.progress.stageTotal - st.progress.stageDone);
    }
    if (callbacks_.gameFinished)
        callbacks_.gameFinished({id, store::GameKind::SelfPlay, rec.result, rec.reason, rec.plies, generation});
    emitProgress(st, false);
}

// ---- Ingest: self-play games that workers (`xqzero worker`, worker.h) stored for this run ----
// They join the buffers as the run's own games do (the held-out share included) and count for
// the training ratio and the next publish. On the loop's thread.
void Pipeline::ingestWorkerGames(State& st) {
    st.lastIngest = Clock::now();
    const std::vector<int64_t> ids = st.feed->poll(*st.store);
    int64_t games = 0;
    for (int64_t id : ids) {
        const auto g = st.store->loadGame(id);
        if (!g) continue;  // deleted meanwhile
        ++games;
        if (isHeldOut(st, id)) {
            st.heldOut->addGame(*g);
            continue;
        }
        const int added = st.buffer->addGame(*g);
        std::lock_guard lk(st.dataMutex);
        st.ckpt.samplesGenerated += added;
        ++st.gamesSincePublish;
    }
    if (games == 0) return;
    st.dataCv.notify_all();
    int64_t session = 0;
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.games += games;
        session = st.progress.workerGames += games;
        st.progress.bufferSize = st.buffer->size();
    }
    log(LogLevel::Info, "ingested " + std::to_string(games) + " games from workers (" +
                            std::to_string(session) + " this session)");
    emitProgress(st, false);
}

// Publishes a SelfPlay for Pipeline::liveGame() for its scope (declare it after the SelfPlay).
struct LiveSelfPlay {
    Pipeline& p;
    LiveSelfPlay(Pipeline& pipeline, const SelfPlay& sp) : p(pipeline) {
        std::lock_guard lk(p.liveMutex_);
        p.liveSelfPlay_ = &sp;
    }
    ~LiveSelfPlay() {
        std::lock_guard lk(p.liveMutex_);
        p.liveSelfPlay_ = nullptr;
    }
};

int Pipeline::liveGameCount() const {
    std::lock_guard lk(liveMutex_);
    return liveSelfPlay_ ? liveSelfPlay_->liveGameCount() : 0;
}

std::optional<LiveGame> Pipeline::liveGame(int slot) const {
    std::lock_guard lk(liveMutex_);
    if (!liveSelfPlay_) return std::nullopt;
    return liveSelfPlay_->liveGame(slot);
}

void Pipeline::noteSelfPlay(State& st, const SelfPlayStats& live, Clock::time_point t0) {
    std::lock_guard lk(st.progressMutex);
    const double secs = st.sessionSelfPlaySeconds + secondsSince(t0);
    st.progress.positions = st.sessionPositions + int64_t(live.positions);
    if (secs > 0) st.progress.positionsPerSecond = double(st.progress.positions) / secs;
    st.progress.gamesInFlight = live.gamesInFlight;
}

// The self-play stage begins: its progress counts the iteration's games from 0.
void Pipeline::beginSelfPlayStage(State& st) {
    setStage(Stage::SelfPlay);
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.stageDone = 0;
        st.progress.stageTotal = st.config.gamesPerIteration;
        st.progress.etaSeconds = -1;
    }
    emitProgress(st, true);
}

// ---- SelfPlay: gamesPerIteration games with the playing network, stored as they finish ----
// Returns false when a stop (or the time limit) ended the phase.
bool Pipeline::selfPlayPhase(State& st) {
    const TrainConfig& config = st.config;
    beginSelfPlayStage(st);
    auto server = makeServer(st, st.bestNet);
    SelfPlayOptions so = nextSelfPlayOptions(st);
    so.playerLabel = "gen:" + std::to_string(st.ckpt.generation) + "@" + std::to_string(so.simulations);
    SelfPlay sp(*server, so);
    LiveSelfPlay liveGames(*this, sp);
    const auto t0 = Clock::now();
    std::atomic<bool> minutesHit{false};
    // Games take minutes: a ticker keeps positions/s and the ETA live in between.
    std::atomic<bool> tickerDone{false};
    std::thread ticker([&] {
        while (!tickerDone.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            noteSelfPlay(st, sp.stats(), t0);
            emitProgress(st, false);
            if (timeUp(st) && !minutesHit.exchange(true)) control_.requestStop();
        }
    });
    struct JoinTicker {
        std::atomic<bool>& done;
        std::thread& t;
        ~JoinTicker() {
            done = true;
            if (t.joinable()) t.join();
        }
    } joinTicker{tickerDone, ticker};
    SelfPlayStats sps = sp.run(
        config.gamesPerIteration,
        [&](const SelfPlayGame& g) {
            storeSelfPlayGame(st, g, t0);
            if (timeUp(st) && !minutesHit.exchange(true)) control_.requestStop();
        },
        control_);
    tickerDone = true;
    ticker.join();
    st.sessionSelfPlaySeconds += secondsSince(t0);
    st.sessionPositions += sps.positions;
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.positions = st.sessionPositions;
        st.progress.gamesInFlight = 0;
    }
    server->stop();
    {
        char msg[200];
        std::snprintf(msg, sizeof msg,
                      "self-play: %llu games, %llu positions (%llu searched fully), evaluation cache hit rate %.1f%%",
                      (unsigned long long)sps.games, (unsigned long long)sps.positions,
                      (unsigned long long)sps.fullSearches, st.lastCache ? st.lastCache->hitRate() * 100 : 0.0);
        log(LogLevel::Info, msg);
    }
    if (sps.extendedSearches > 0)
        log(LogLevel::Info, "self-play searched " + std::to_string(sps.extendedSearches) +
                                " unsettled roots again (unsettled-extra)");
    if (config.simulationsEnd > 0)
        log(LogLevel::Info, "self-play searched with " + std::to_string(so.simulations) +
                                " simulations (progressive, to " + std::to_string(config.simulationsEnd) + ")");
    if (sps.falseResignations || sps.playedOutWouldResign)
        log(LogLevel::Info, "resignation check: " + std::to_string(sps.falseResignations) + " false of " +
                                std::to_string(sps.playedOutWouldResign) + " played-out games that would have resigned");
    {
        const int64_t step = st.ckpt.step;
        std::vector<store::MetricPoint> pts{
            {st.run.id, step, "games_per_hour", st.progress.gamesPerHour, 0},
            {st.run.id, step, "positions_per_s", st.progress.positionsPerSecond, 0},
            {st.run.id, step, "games", double(st.progress.games), 0},
            {st.run.id, step, "buffer", double(st.buffer->size()), 0},
            {st.run.id, step, "simulations", double(so.simulations), 0}};
        st.store->addMetrics(pts);
    }
    return !control_.stopRequested();
}

// ---- SelfPlay and Train at once (concurrentTraining) ----
// The concurrent configuration of the loop (training_loop.h). Self-play runs without pause on
// its own thread; Ingest takes the workers' games (once a second) and waits until a step or a
// publish is due; Train takes one step; Publish, after every gamesPerIteration games, makes
// the trained weights the next generation (gate 0), swaps them into the running inference
// server (the games in flight go on with them) and moves the simulations budget; a cycle that
// published ends with a checkpoint. Publishing comes before training: a trainer slower than
// self-play still hands its weights over every gamesPerIteration games (the ratio then falls
// short). Thread-safety: the stages run on the loop's thread; the self-play thread only stores
// games (storeSelfPlayGame) and sets selfPlayDone under st.dataMutex.
struct Pipeline::ConcurrentRun {
    Pipeline& p;
    State& st;
    const TrainConfig& config;
    std::unique_ptr<nn::InferenceServer> server;
    SelfPlay sp;
    LiveSelfPlay liveGames;
    const Clock::time_point t0 = Clock::now();
    bool selfPlayDone = false;  // guarded by st.dataMutex
    std::exception_ptr selfPlayError;
    std::thread player;
    std::vector<store::MetricPoint> pending;
    bool ended = false;
    bool publishNow = false, trainNow = false;  // what Ingest found due

    ConcurrentRun(Pipeline& pipeline, State& state, std::unique_ptr<nn::InferenceServer> srv,
                  const SelfPlayOptions& so)
        : p(pipeline), st(state), config(state.config), server(std::move(srv)), sp(*server, so),
          liveGames(pipeline, sp) {
        player = std::thread([this] {
            try {
                sp.run(0, [this](const SelfPlayGame& g) { p.storeSelfPlayGame(st, g, t0); }, p.control_);
            } catch (...) {
                selfPlayError = std::current_exception();
            }
            {
                std::lock_guard lk(st.dataMutex);
                selfPlayDone = true;
            }
            st.dataCv.notify_all();
        });
    }
    ConcurrentRun(const ConcurrentRun&) = delete;
    ConcurrentRun& operator=(const ConcurrentRun&) = delete;

    bool stepDue() const {  // under st.dataMutex
        return st.buffer->size() >= size_t(config.minBufferToTrain) &&
               trainingStepsDue(config, st.ckpt.samplesGenerated, st.ckpt.samplesTrained) > 0;
    }

    // Ingest: the workers' games, the live figures, then a wait until something is due.
    bool ingest() {
        if (!p.control_.waitWhilePaused()) return false;
        if (secondsSince(st.lastIngest) >= kIngestSeconds) p.ingestWorkerGames(st);
        p.noteSelfPlay(st, sp.stats(), t0);  // live figures between games too
        p.emitProgress(st, false);
        std::unique_lock lk(st.dataMutex);
        st.dataCv.wait_for(lk, std::chrono::milliseconds(200), [&] {
            return selfPlayDone || p.control_.stopRequested() ||
                   st.gamesSincePublish >= config.gamesPerIteration || stepDue();
        });
        if (selfPlayDone) return false;
        publishNow = st.gamesSincePublish >= config.gamesPerIteration;
        trainNow = !publishNow && stepDue();
        return true;
    }

    // Train: one step when one is due.
    bool train() {
        if (!trainNow) return true;
        int64_t generated = 0;
        {
            std::lock_guard lk(st.dataMutex);
            generated = st.ckpt.samplesGenerated;
        }
        p.trainOneStep(st, trainingWindow(config, generated), pending);
        {
            std::lock_guard lk(st.progressMutex);
            st.progress.stage = Stage::Training;
        }
        p.emitProgress(st, false);
        return true;
    }

    // Publish: the trained weights as the next generation, swapped into the running self-play.
    bool publish() {
        {
            std::lock_guard lk(st.dataMutex);
            st.gamesSincePublish = 0;
        }
        if (st.ckpt.step > 0 && st.bestNet->meta().trainingSteps != st.ckpt.step) {
            st.trainNet->meta().trainingSteps = st.ckpt.step;
            st.candidate = std::make_shared<nn::Net>(st.trainer->publishable());
            p.evaluatePhase(st);  // gate 0: publishes at once
            swapWeights();
        }
        // Progressive simulations: every search started from here has this budget (the
        // players' labels keep the session's first one).
        sp.setSimulations(scheduledSimulations(config, st.ckpt.step, p.timeFraction(st)));
        pending.push_back({st.run.id, st.ckpt.step, "simulations", double(sp.simulations()), 0});
        st.store->addMetrics(pending);
        pending.clear();
        return true;
    }

    // The playing generation's weights into every inference worker, with a fresh cache.
    void swapWeights() {
        std::vector<std::shared_ptr<nn::Evaluator>> evs;
        st.lastCache = std::make_shared<nn::EvalCache>(size_t(1) << 17);
        const int inFlight = config.gamesInFlight * std::max(1, config.threads);
        for (int w = 0; w < server->workers(); ++w)
            evs.push_back(std::make_shared<nn::TorchEvaluator>(
                std::make_shared<nn::Net>(st.bestNet->clone()), st.lastCache, inFlight));
        server->setEvaluators(std::move(evs));
    }

    void checkpoint(const char* why) {
        std::lock_guard lk(st.dataMutex);  // the counts written must be one moment's
        p.checkpoint(st, why);
    }

    void endCycle(bool published) {
        if (!published) return;
        ++st.ckpt.iteration;
        {
            std::lock_guard lk(st.progressMutex);
            st.progress.iteration = st.ckpt.iteration;
            st.progress.stageDone = 0;
        }
        checkpoint("");
    }

    // Self-play stopped and joined, its figures into the session's; safe to call twice.
    void end() {
        if (ended) return;
        ended = true;
        p.control_.requestStop();  // self-play's run(0) ends only on a stop
        st.dataCv.notify_all();
        if (player.joinable()) player.join();
        server->stop();
        if (!pending.empty()) st.store->addMetrics(pending);
        pending.clear();
        const SelfPlayStats sps = sp.stats();
        st.sessionSelfPlaySeconds += secondsSince(t0);
        st.sessionPositions += sps.positions;
        std::lock_guard lk(st.progressMutex);
        st.progress.positions = st.sessionPositions;
        st.progress.gamesInFlight = 0;
    }

    LoopStages stages() {
        LoopStages s;
        s.limitReached = [this] {
            return p.control_.stopRequested() || p.timeUp(st) || p.iterationsDone(st);
        };
        s.ingest = [this] { return ingest(); };
        s.train = [this] { return train(); };
        s.publishDue = [this] { return publishNow; };
        s.publish = [this] { return publish(); };
        s.checkpoint = [this](const char* why) { checkpoint(why); };
        s.endCycle = [this](bool published) { endCycle(published); };
        s.finish = [this] {
            end();
            if (selfPlayError) std::rethrow_exception(selfPlayError);
            p.finishSession(st);
        };
        return s;
    }
};

// Returns when a stop, the time limit or the iteration limit ends the session.
void Pipeline::concurrentLoop(State& st) {
    beginSelfPlayStage(st);
    SelfPlayOptions so = nextSelfPlayOptions(st);
    so.playerLabel = "selfplay@" + std::to_string(so.simulations);
    ConcurrentRun run(*this, st, makeServer(st, st.bestNet), so);
    try {
        runTrainingLoop(run.stages());
    } catch (...) {
        run.end();
        throw;
    }
}

}  // namespace xq::train
