#include "core/train/worker.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/error.h"
#include "core/nn/eval_cache.h"
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "core/store/model_cache.h"
#include "core/store/model_watch.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/clock.h"
#include "core/train/game_feed.h"
#include "core/train/config.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#include "core/train/session_clock.h"

namespace xq::train {

namespace {

std::string hostName() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
    return buf;
}

uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x7F4A7C159E3779B9ull + (a << 6) + (a >> 2));
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    return x ^ (x >> 29);
}

}  // namespace

struct SelfPlayWorker::State {
    std::unique_ptr<store::Store> store;
    store::RunInfo run;
    TrainConfig config;
    int64_t workerId = 0;
    uint64_t seed = 0;
    Clock::time_point start;  // for waitSeconds
    SessionClock clock;       // the limit (--minutes) and the rates: pauses left out
    // The network playing and its model row; written by the run() thread between games.
    std::shared_ptr<nn::Net> net;
    store::ModelInfo model;
    int rounds = 0;
    int modelSwitches = 0;
    std::atomic<int64_t> games{0}, positionsDone{0};
    std::atomic<int64_t> evalGames{0};  // of those, evaluation games (gate on)
    std::atomic<int> generation{-1};
    // The self-play running now and the model id it plays, for the heartbeat thread's
    // ModelWatch (it asks that self-play to finish its games when a newer model appears).
    std::mutex playingMutex;
    SelfPlay* playing = nullptr;  // guarded by playingMutex
    int64_t playingModelId = 0;   // guarded by playingMutex
    int64_t newestSeen = 0;       // guarded by playingMutex: the newest model id the watch saw
    // Heartbeat thread's stop signal.
    std::mutex beatMutex;
    std::condition_variable beatCv;
    bool beatDone = false;  // guarded by beatMutex
};

SelfPlayWorker::SelfPlayWorker(WorkerOptions options, WorkerCallbacks callbacks)
    : options_(std::move(options)), callbacks_(std::move(callbacks)) {}

SelfPlayWorker::~SelfPlayWorker() = default;

void SelfPlayWorker::log(const std::string& m) const {
    if (callbacks_.log) callbacks_.log(m);
}

// ---- JoinRun: the run, its configuration and first model, and this worker's row ----
void SelfPlayWorker::joinRun(State& st) {
    if (options_.dbPath.empty()) throw std::invalid_argument("no database given (--db)");
    if (options_.runName.empty()) throw std::invalid_argument("no run given (--run)");
    store::OpenOptions open;
    open.reconnectSeconds = options_.reconnectSeconds;
    open.log = [this](const std::string& m) { log(m); };
    st.store = std::make_unique<store::Store>(options_.dbPath, open);
    st.store->checkWritable();
    bool said = false;
    for (;;) {
        if (auto run = st.store->findRun(options_.runName)) {
            const auto best = st.store->bestModel(run->id);
            if (best && !best->sha256.empty()) {
                st.run = *run;
                break;
            }
        }
        if (secondsSince(st.start) > options_.waitSeconds)
            throw Error(ErrorCode::RunNotFound,
                        "run '" + options_.runName + "' or its first model did not appear in " +
                            st.store->path() + " within " +
                            std::to_string(int(options_.waitSeconds)) +
                            " s; start its trainer with `xqzero train` (one machine) or `xqzero "
                            "train --role trainer`",
                        options_.runName);
        if (!said) log("waiting for run '" + options_.runName + "' and its first model");
        said = true;
        if (!control_.waitWhilePaused()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        if (control_.stopRequested()) return;
    }
    st.config = fromJson(st.run.config);
    if (options_.threads > 0) st.config.threads = options_.threads;
    if (options_.inferenceWorkers > 0) st.config.inferenceWorkers = options_.inferenceWorkers;
    if (options_.inferenceThreads > 0) st.config.inferenceThreads = options_.inferenceThreads;
    if (options_.gamesInFlight > 0) st.config.gamesInFlight = options_.gamesInFlight;

    store::WorkerInfo w;
    w.run = st.run.id;
    w.host = hostName();
    w.pid = int64_t(getpid());
    w.threads = st.config.threads;
    st.workerId = st.store->registerWorker(w);
    st.seed =
        options_.seed != 0 ? options_.seed : mix(uint64_t(st.config.seed), uint64_t(st.workerId));
    log("worker " + std::to_string(st.workerId) + " on " + w.host + " joined run '" + st.run.name +
        "' (" + std::to_string(st.config.threads) + " threads, " +
        std::to_string(st.config.gamesInFlight) + " games in flight each)");
}

// The weights of a model row, through the host's cache (fetched from the database once per
// host). `cached`: whether the cache had them already.
std::shared_ptr<nn::Net> SelfPlayWorker::loadNet(State& st, const store::ModelInfo& m,
                                                 bool* cached) {
    if (m.sha256.empty())
        throw Error(ErrorCode::RunModelMissing,
                    "generation " + std::to_string(m.generation) + " of run '" + st.run.name +
                        "' has no weights in the database (it was published by a version that "
                        "kept them only in its model folder)",
                    st.run.name);
    const std::string dir =
        options_.cacheDir.empty() ? store::defaultModelCacheDir() : options_.cacheDir;
    std::error_code ec;
    if (cached) *cached = std::filesystem::exists(dir + "/" + m.sha256 + ".xqm", ec);
    const std::string path = store::cachedModelFile(*st.store, m.sha256, dir);
    nn::NetOptions no;
    no.device = options_.device;
    no.threads = st.config.inferenceThreads;
    return std::make_shared<nn::Net>(nn::loadModel(path, no));
}

// ---- FetchModel: the newest accepted model, through the host's cache ----
void SelfPlayWorker::fetchModel(State& st) {
    const auto best = st.store->bestModel(st.run.id);
    if (!best)
        throw Error(ErrorCode::RunModelMissing, "run '" + st.run.name + "' lost its models",
                    st.run.name);
    if (st.net && best->id == st.model.id) return;
    bool hadIt = false;
    st.net = loadNet(st, *best, &hadIt);
    if (st.model.id != 0) ++st.modelSwitches;
    st.model = *best;
    st.generation.store(best->generation);
    ModelLoaded ml;
    ml.generation = best->generation;
    ml.modelId = best->id;
    ml.sha256 = best->sha256;
    ml.secondsSincePublished = double(store::nowMs() - best->created) / 1000.0;
    ml.fetched = !hadIt;
    char msg[200];
    std::snprintf(msg, sizeof msg, "playing generation %d (%s, published %.1f s ago, %s)",
                  best->generation, best->sha256.substr(0, 12).c_str(), ml.secondsSincePublished,
                  hadIt ? "from the host's cache" : "fetched from the database");
    log(msg);
    if (callbacks_.modelLoaded) callbacks_.modelLoaded(ml);
}

// ---- PlayEvalJobs (gate on): claimed evaluation games, each stored with its job ----
// Claims up to a round of games in flight of one candidate's match and plays them as a piece
// of that match (the arena's settings, the job's game indexes and so its colours and
// openings). Each finished game is stored and its job marked done in one transaction
// (Store::finishEvalJob); a job taken back meanwhile (requeued, or cancelled by an SPRT that
// decided) stores nothing. Returns false when there was nothing to claim.
bool SelfPlayWorker::playEvalJobs(State& st) {
    const TrainConfig& c = st.config;
    const int inFlight = std::max(1, c.gamesInFlight * std::max(1, c.threads));
    const std::vector<store::EvalJob> jobs =
        st.store->claimEvalJobs(st.run.id, st.workerId, inFlight);
    if (jobs.empty()) return false;
    const auto cand = st.store->modelById(jobs[0].candidate);
    const auto opp = st.store->modelById(jobs[0].opponent);
    if (!cand || !opp)
        throw Error(ErrorCode::RunModelMissing,
                    "run '" + st.run.name + "' lost the models of its evaluation games",
                    st.run.name);
    std::map<int, store::EvalJob> byIndex;
    ArenaOptions ao = arenaOptionsFrom(c);
    for (const store::EvalJob& j : jobs) {
        if (j.candidateRed != (j.gameIndex % 2 == 0))
            throw store::StoreError(store::StoreErrorCode::Corrupt,
                                    "evaluation job " + std::to_string(j.id) +
                                        " has colours its game index does not");
        byIndex[j.gameIndex] = j;
        ao.gameIndices.push_back(j.gameIndex);
    }
    // One network per side, each with its own cache (positions score differently per net).
    const auto server = [&](std::shared_ptr<nn::Net> net) {
        return nn::makeParallelEvaluator(std::move(net), std::max(1, c.inferenceWorkers), inFlight,
                                         std::make_shared<nn::EvalCache>(size_t(1) << 15),
                                         c.inferenceThreads);
    };
    auto candServer = server(loadNet(st, *cand, nullptr));
    auto oppServer = server(loadNet(st, *opp, nullptr));
    // Every worker plays the same match: the seed is the run's and the candidate's.
    ao.seed = mix(uint64_t(c.seed), uint64_t(cand->id));
    // Appended, not "@" + to_string(...): GCC 12 warns falsely (-Wrestrict) on that form here.
    std::string sims = "@";
    sims += std::to_string(c.evalSimulations);
    ao.candidateLabel = "gen:" + std::to_string(cand->generation) + sims;
    ao.bestLabel = "gen:" + std::to_string(opp->generation) + sims;
    log("evaluating generation " + std::to_string(cand->generation) + " against generation " +
        std::to_string(opp->generation) + ": " + std::to_string(jobs.size()) +
        " games (match games " + std::to_string(jobs.front().gameIndex) + ".." +
        std::to_string(jobs.back().gameIndex) + ")");
    ao.indexedGame = [&](int index, const store::GameRecord& g) {
        store::GameRecord rec = g;
        rec.run = st.run.id;
        rec.kind = store::GameKind::Eval;
        rec.generation = cand->generation;
        const store::EvalJob& job = byIndex.at(index);
        const auto id = st.store->finishEvalJob(job.id, st.workerId, rec);
        if (!id) {
            log("evaluation job " + std::to_string(job.id) + " was taken back; its game is dropped");
            return;
        }
        ++st.games;
        ++st.evalGames;
        st.positionsDone += rec.plies;
        if (callbacks_.gameStored) callbacks_.gameStored(*id, cand->generation, rec.plies);
    };
    playArena(*candServer, *oppServer, ao, control_);
    candServer->stop();
    oppServer->stop();
    return true;
}

// ---- PlayGames: self-play with the network until a newer model, a limit or a stop ----
bool SelfPlayWorker::playGames(State& st) {
    const TrainConfig& c = st.config;
    const int inFlight = c.gamesInFlight * std::max(1, c.threads);
    auto server = nn::makeParallelEvaluator(st.net, std::max(1, c.inferenceWorkers), inFlight,
                                            std::make_shared<nn::EvalCache>(size_t(1) << 17),
                                            c.inferenceThreads);
    SelfPlayOptions so = selfPlayOptionsFrom(c);
    so.seed = mix(st.seed, uint64_t(++st.rounds));
    so.generation = st.model.generation;
    so.playerLabel =
        "gen:" + std::to_string(st.model.generation) + "@" + std::to_string(c.simulations);
    SelfPlay sp(*server, so);
    {
        std::lock_guard lk(st.playingMutex);
        st.playing = &sp;
        st.playingModelId = st.model.id;
        // A model published while this one loaded (ids only grow): play none of its games.
        if (st.newestSeen > st.model.id) sp.finishInFlight();
    }
    int64_t target = 0;
    if (options_.games > 0) target = std::max<int64_t>(0, options_.games - st.games.load());
    const int gen = st.model.generation;
    const auto onGame = [&](const SelfPlayGame& g) {
        const store::GameRecord rec = storeSelfPlayRecord(*st.store, g.record, st.run.id, gen);
        const int64_t id = rec.id;
        ++st.games;
        st.positionsDone += rec.plies;
        if (callbacks_.gameStored) callbacks_.gameStored(id, gen, rec.plies);
        if (st.clock.timeUp(options_.minutes)) control_.requestStop();
    };
    struct Unpublish {
        State& st;
        ~Unpublish() {
            std::lock_guard lk(st.playingMutex);
            st.playing = nullptr;
        }
    } unpublish{st};
    sp.run(int(std::min<int64_t>(target, 1 << 30)), onGame, control_);
    if (control_.stopRequested()) return false;
    if (options_.games > 0 && st.games.load() >= options_.games) return false;
    return true;
}

// The heartbeat thread: the worker's row every heartbeatMs, and in between the model watch.
void SelfPlayWorker::heartbeatLoop(State& st) {
    store::ModelWatch watch(options_.dbPath, st.run.id);
    auto nextBeat = Clock::now();
    const int sliceMs = std::clamp(options_.heartbeatMs / 5, 100, 1000);
    for (;;) {
        {
            std::unique_lock lk(st.beatMutex);
            if (st.beatDone) return;
        }
        int64_t known;
        {
            std::lock_guard lk(st.playingMutex);
            known = st.playingModelId;
        }
        if (known != 0) {
            if (auto newer = watch.waitForNewer(known, sliceMs)) {
                std::lock_guard lk(st.playingMutex);
                st.newestSeen = std::max(st.newestSeen, newer->id);
                if (st.playingModelId == known && newer->id > known) {
                    if (st.playing) st.playing->finishInFlight();
                }
            }
        } else {
            std::unique_lock lk(st.beatMutex);
            st.beatCv.wait_for(lk, std::chrono::milliseconds(sliceMs), [&] { return st.beatDone; });
        }
        if (st.clock.timeUp(options_.minutes)) control_.requestStop();
        if (Clock::now() < nextBeat) continue;
        nextBeat = Clock::now() + std::chrono::milliseconds(options_.heartbeatMs);
        // Gate on: evaluation games come before self-play, so a self-play round that sees
        // them queued finishes its games in flight and the run loop claims them.
        if (st.config.gate != 0 && st.store->queuedEvalJobs(st.run.id) > 0) {
            std::lock_guard lk(st.playingMutex);
            if (st.playing) st.playing->finishInFlight();
        }
        WorkerProgress p;
        p.workerId = st.workerId;
        p.generation = st.generation.load();
        p.games = st.games.load();
        p.positions = st.positionsDone.load();
        p.elapsedSeconds = st.clock.workedSeconds();
        p.modelSwitches = st.modelSwitches;
        if (p.elapsedSeconds > 0) {
            p.gamesPerHour = double(p.games) * 3600.0 / p.elapsedSeconds;
            p.positionsPerSecond = double(p.positions) / p.elapsedSeconds;
        }
        st.store->heartbeatWorker(
            st.workerId, p.games, p.positions,
            p.generation >= 0 ? std::optional<int>(p.generation) : std::nullopt, "running");
        if (callbacks_.progress) callbacks_.progress(p);
    }
}

// ---- Leave: the worker's row says it stopped (best effort: the database may be gone) ----
void SelfPlayWorker::leave(State& st) noexcept {
    if (st.workerId == 0) return;
    try {
        const int g = st.generation.load();
        st.store->heartbeatWorker(st.workerId, st.games.load(), st.positionsDone.load(),
                                  g >= 0 ? std::optional<int>(g) : std::nullopt, "stopped");
    } catch (const std::exception& e) {
        log(std::string("could not mark the worker stopped: ") + e.what());
    }
}

void SelfPlayWorker::run() {
    State st;
    st.start = Clock::now();
    st.clock.start(control_);
    joinRun(st);
    if (st.workerId == 0) return;  // stopped while waiting
    std::exception_ptr beatError;
    std::thread beat([&] {
        try {
            heartbeatLoop(st);
        } catch (...) {
            beatError = std::current_exception();
            control_.requestStop();
        }
    });
    struct JoinBeat {
        State& st;
        std::thread& t;
        ~JoinBeat() {
            {
                std::lock_guard lk(st.beatMutex);
                st.beatDone = true;
            }
            st.beatCv.notify_all();
            if (t.joinable()) t.join();
        }
    };
    try {
        JoinBeat joinBeat{st, beat};
        while (!control_.stopRequested()) {
            if (st.config.gate != 0 && playEvalJobs(st)) {
                if (options_.games > 0 && st.games.load() >= options_.games) break;
                continue;  // claim again: more of the match may be queued
            }
            fetchModel(st);
            if (!playGames(st)) break;
        }
    } catch (...) {
        leave(st);
        throw;
    }
    leave(st);
    if (beatError) std::rethrow_exception(beatError);
    log("worker " + std::to_string(st.workerId) + " stopped: " + std::to_string(st.games.load()) +
        " games stored (" + std::to_string(st.evalGames.load()) + " evaluation games), " +
        std::to_string(st.modelSwitches) + " model switches");
}

}  // namespace xq::train
