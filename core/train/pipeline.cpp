#include "core/train/pipeline.h"

#include <chrono>
#include <condition_variable>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

#include "core/error.h"
#include "core/nn/eval_cache.h"
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/torch_evaluator.h"
#include "core/store/paths.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/checkpoint.h"
#include "core/train/crash_point.h"
#include "core/train/early_stop.h"
#include "core/train/replay_buffer.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#include "core/train/sprt.h"

namespace fs = std::filesystem;

namespace xq::train {

const char* stageName(Stage s) {
    switch (s) {
        case Stage::Idle: return "idle";
        case Stage::SelfPlay: return "selfplay";
        case Stage::Training: return "training";
        case Stage::Evaluating: return "evaluating";
        case Stage::Paused: return "paused";
        case Stage::Stopping: return "stopping";
        case Stage::Finished: return "finished";
        case Stage::Failed: return "failed";
    }
    return "?";
}

double scheduledLearningRate(const TrainConfig& c, int64_t step) {
    const double t = std::min(1.0, double(step) / double(std::max(1, c.lrDecaySteps)));
    switch (c.lrSchedule) {
        case 1: return c.learningRate * (0.05 + 0.95 * 0.5 * (1 + std::cos(M_PI * t)));
        case 2: return c.learningRate * std::pow(0.1, std::floor(t * 3 - 1e-9));
        default: return c.learningRate;
    }
}

size_t trainingWindow(const TrainConfig& c, int64_t generated) {
    const double n = double(std::max<int64_t>(0, generated));
    const double c0 = double(std::max(1, c.windowMin));
    double w = n;
    if (n > c0) {
        const double a = c.windowExponent;
        w = c0 * (1 + c.windowExpand * (std::pow(n / c0, a) - 1) / a);
    }
    return size_t(std::min(w, double(c.bufferCapacity)));
}

int trainingStepsDue(const TrainConfig& c, int64_t generated, int64_t trained) {
    if (c.trainRatio <= 0) return c.stepsPerIteration;
    const double debt = c.trainRatio * double(generated) - double(trained);
    return debt <= 0 ? 0 : int(std::floor(debt / c.batchSize));
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

struct Pipeline::State {
    TrainConfig config;  // the run's: the stored one on resume
    bool resumed = false;
    std::unique_ptr<store::Store> store;
    store::RunInfo run;
    std::string modelDir;
    Checkpoint ckpt;
    std::shared_ptr<nn::Net> trainNet;
    std::unique_ptr<nn::NetTrainer> trainer;
    std::shared_ptr<nn::Net> bestNet;  // plays self-play: the newest generation without a gate
    std::unique_ptr<ReplayBuffer> buffer;
    std::unique_ptr<ReplayBuffer> heldOut;  // games kept out of training (early_stop.h)
    std::mt19937_64 rng;
    Progress progress;
    std::mutex progressMutex;  // guards progress (self-play threads update it)
    Clock::time_point lastProgress;
    Clock::time_point sessionStart;
    std::shared_ptr<nn::EvalCache> lastCache;  // of the newest inference server
    uint64_t sessionPositions = 0, sessionGames = 0;
    double sessionSelfPlaySeconds = 0;
    // What the training phase hands to the evaluation phase.
    std::shared_ptr<nn::Net> candidate;
    // The generation self-play plays (the label of its games); written by the loop's thread.
    std::atomic<int> playGeneration{0};
    // Guards ckpt.samplesGenerated, ckpt.samplesTrained and gamesSincePublish, which self-play
    // threads and the trainer share in concurrent training; dataCv signals new samples.
    std::mutex dataMutex;
    std::condition_variable dataCv;
    int64_t gamesSincePublish = 0;
};

Pipeline::Pipeline(PipelineOptions options, PipelineCallbacks callbacks)
    : options_(std::move(options)), callbacks_(std::move(callbacks)) {}

Pipeline::~Pipeline() = default;

void Pipeline::setStage(Stage s) { stage_.store(s); }

void Pipeline::log(LogLevel l, const std::string& m) const {
    if (callbacks_.log) callbacks_.log(l, m);
}

void Pipeline::emitProgress(State& st, bool force) {
    std::lock_guard lk(st.progressMutex);
    st.progress.stage = control_.paused() ? Stage::Paused : stage_.load();
    st.progress.bufferSize = st.buffer ? st.buffer->size() : 0;
    st.progress.elapsedSeconds = secondsSince(st.sessionStart);
    if (!force && secondsSince(st.lastProgress) < 0.25) return;
    st.lastProgress = Clock::now();
    if (callbacks_.progress) callbacks_.progress(st.progress);
}

bool Pipeline::timeUp(const State& st) const {
    return options_.minutes > 0 && secondsSince(st.sessionStart) > options_.minutes * 60.0;
}

// ---- OpenRun: the run row, its checkpoint (or generation 0), the networks and the trainer ----
void Pipeline::openRun(State& st) {
    if (options_.dbPath.empty()) throw std::invalid_argument("no database path given");
    if (options_.device == nn::DeviceKind::Cuda && !nn::Net::cudaAvailable())
        throw Error(ErrorCode::NoCudaDevice, "--device cuda: LibTorch sees no CUDA device on this machine");
    st.sessionStart = Clock::now();
    st.store = std::make_unique<store::Store>(options_.dbPath);

    auto existing = st.store->findRun(options_.runName);
    if (existing && !options_.resume)
        throw Error(ErrorCode::RunExists,
                    "run '" + options_.runName + "' already exists in " + options_.dbPath +
                        "; use --resume to continue it or choose another --run name",
                    options_.runName);
    if (!existing && options_.resume)
        throw Error(ErrorCode::RunNotFound,
                    "no run named '" + options_.runName + "' in " + options_.dbPath + " to resume",
                    options_.runName);
    st.resumed = existing.has_value();
    st.modelDir = options_.modelDir.empty()
                      ? store::defaultModelDir(options_.dbPath, options_.runName)
                      : options_.modelDir;
    checkRoomToWork(st);

    st.config = options_.config;
    bool haveCheckpoint = false;
    if (existing) {
        st.run = *existing;
        // The stored configuration wins: a resumed run keeps its network size and settings.
        st.config = fromJson(st.run.config, options_.config);
        if (auto ck = readCheckpoint(st.modelDir)) {
            st.ckpt = *ck;
            haveCheckpoint = true;
        } else {
            log(LogLevel::Warning, "run '" + options_.runName + "' has no checkpoint in " + st.modelDir +
                                       " (stopped before its first one): continuing from its newest "
                                       "generation and its stored games");
        }
    } else {
        st.run = st.store->createRun(options_.runName, toJson(st.config, options_.presetName));
    }
    const TrainConfig& config = st.config;

    nn::NetOptions netOpts;
    netOpts.device = options_.device;
    netOpts.threads = config.inferenceThreads;
    netOpts.seed = uint64_t(config.seed);
    if (!reconcileGenerations(st, haveCheckpoint)) {
        // No generation stored yet (a new run, or one killed before its generation 0 was).
        // Generation 0: the random network, accepted by definition, Elo 0.
        st.bestNet = std::make_shared<nn::Net>(nn::NetConfig{config.channels, config.blocks}, netOpts);
        st.ckpt.bestFile = "gen-0000.xqm";
        st.bestNet->meta().generation = 0;
        nn::saveModel(*st.bestNet, (fs::path(st.modelDir) / st.ckpt.bestFile).string());
        store::ModelInfo mi;
        mi.run = st.run.id;
        mi.generation = 0;
        mi.file = (fs::path(st.modelDir) / st.ckpt.bestFile).string();
        mi.accepted = true;
        st.ckpt.bestModelId = st.store->addModel(mi);
        st.ckpt.generation = 0;
    } else {
        st.bestNet = std::make_shared<nn::Net>(nn::loadModel(fs::path(st.modelDir) / st.ckpt.bestFile, netOpts));
    }
    if (haveCheckpoint) {
        st.trainNet = std::make_shared<nn::Net>(nn::loadModel(fs::path(st.modelDir) / st.ckpt.trainFile, netOpts));
    } else {
        // Training starts from the newest generation (step 0, a fresh optimizer).
        st.trainNet = std::make_shared<nn::Net>(st.bestNet->clone());
        if (!existing) {
            st.ckpt.samplesGenerated = 0;
            st.ckpt.samplesTrained = 0;
        }
    }
    nn::TrainerOptions topts;
    topts.learningRate = scheduledLearningRate(config, st.ckpt.step);
    topts.weightDecay = config.weightDecay;
    topts.clipNorm = config.gradClip;
    st.trainer = std::make_unique<nn::NetTrainer>(*st.trainNet, topts);
    if (haveCheckpoint && !st.ckpt.optimizerFile.empty())
        st.trainer->loadState((fs::path(st.modelDir) / st.ckpt.optimizerFile).string());
    st.ckpt.iterationAtStart = st.ckpt.iteration;
    st.playGeneration.store(st.ckpt.generation);
    st.rng.seed(uint64_t(config.seed) * 0x9E3779B97F4A7C15ull + uint64_t(st.ckpt.iteration));
}

// Fails before any work when the run could not keep it: the database must take a write now
// (not read-only, not locked past the busy timeout), the model folder must take a file, and both
// disks need room for games and models.
void Pipeline::checkRoomToWork(State& st) {
    st.store->checkWritable();
    std::error_code ec;
    fs::create_directories(st.modelDir, ec);
    if (ec)
        throw Error(ErrorCode::FolderNotWritable,
                    "cannot create the model folder " + st.modelDir + ": " + ec.message(), st.modelDir);
    constexpr uintmax_t kMinFreeBytes = uintmax_t(64) << 20;
    for (const fs::path& dir : {fs::absolute(options_.dbPath).parent_path(), fs::path(st.modelDir)}) {
        const fs::space_info sp = fs::space(dir, ec);
        if (!ec && sp.available < kMinFreeBytes)
            throw Error(ErrorCode::DiskFull,
                        "only " + std::to_string(sp.available >> 20) + " MiB free on the disk of " +
                            dir.string() + "; training needs at least " +
                            std::to_string(kMinFreeBytes >> 20) + " MiB for its games and models",
                        dir.string());
    }
    const fs::path probe = fs::path(st.modelDir) / ".write-test";
    {
        std::ofstream f(probe, std::ios::binary | std::ios::trunc);
        if (!(f << "xqzero" << std::flush))
            throw Error(ErrorCode::FolderNotWritable,
                        "cannot write model files in " + st.modelDir + ": " + std::strerror(errno), st.modelDir);
    }
    fs::remove(probe, ec);
}

// The database's models table and checkpoint.json are written at different moments (a
// generation's file, then its row, then the checkpoint), so a kill can leave them a
// generation apart. The rows are the source of truth for generations: the newest accepted
// generation whose file loads is the one self-play continues from, and a checkpoint that names
// a generation the rows lack gets its row back. Returns false when the run has no generation.
bool Pipeline::reconcileGenerations(State& st, bool haveCheckpoint) {
    if (!st.resumed) return false;
    const auto best = st.store->bestModel(st.run.id);
    auto fileOf = [&](const std::string& f) { return fs::path(st.modelDir) / f; };
    if (haveCheckpoint && (!best || best->generation < st.ckpt.generation)) {
        std::error_code ec;
        if (fs::exists(fileOf(st.ckpt.bestFile), ec)) {
            store::ModelInfo mi;
            mi.run = st.run.id;
            mi.generation = st.ckpt.generation;
            mi.file = fileOf(st.ckpt.bestFile).string();
            mi.parent = best ? std::optional<int64_t>(best->id) : std::nullopt;
            mi.accepted = true;
            mi.elo = st.ckpt.elo;
            mi.eloLo = st.ckpt.eloLo;
            mi.eloHi = st.ckpt.eloHi;
            st.ckpt.bestModelId = st.store->addModel(mi);
            log(LogLevel::Warning, "the database lacked generation " + std::to_string(st.ckpt.generation) +
                                       " that the checkpoint names: its row is restored");
            return true;
        }
    }
    if (!best) return false;
    if (haveCheckpoint && best->generation == st.ckpt.generation) return true;
    std::error_code ec;
    if (!fs::exists(best->file, ec))
        throw Error(ErrorCode::RunModelMissing,
                    "generation " + std::to_string(best->generation) + " of run '" + options_.runName +
                        "' is recorded with the file " + best->file + ", which is missing",
                    best->file);
    if (haveCheckpoint)
        log(LogLevel::Warning, "the checkpoint is at generation " + std::to_string(st.ckpt.generation) +
                                   ", the database at " + std::to_string(best->generation) +
                                   " (stopped between the two writes): continuing from generation " +
                                   std::to_string(best->generation));
    st.ckpt.generation = best->generation;
    st.ckpt.bestFile = best->file;  // absolute: the model-dir join keeps it as is
    st.ckpt.bestModelId = best->id;
    st.ckpt.elo = best->elo.value_or(0);
    st.ckpt.eloLo = best->eloLo.value_or(0);
    st.ckpt.eloHi = best->eloHi.value_or(0);
    return true;
}

// ---- RebuildBuffers: replay buffer and held-out set from the run's stored self-play games ----
void Pipeline::rebuildBuffers(State& st) {
    const TrainConfig& config = st.config;
    st.buffer = std::make_unique<ReplayBuffer>(size_t(config.bufferCapacity));
    st.heldOut = std::make_unique<ReplayBuffer>(std::max<size_t>(1000, size_t(config.bufferCapacity) / 4));
    for (ReplayBuffer* b : {st.buffer.get(), st.heldOut.get()}) {
        b->setAdjudicationValue(float(config.adjudicationValue));
        b->setMaterialTarget(float(config.materialTargetWeight), config.materialTargetPlies);
    }
    store::GameFilter f;
    f.run = st.run.id;
    f.kind = store::GameKind::SelfPlay;
    f.limit = 0;
    std::vector<store::GameRecord> newestFirst = st.store->listGames(f);
    size_t positions = 0, heldPositions = 0;
    std::vector<int64_t> ids, heldIds;
    for (const auto& g : newestFirst) {
        if (isHeldOut(st, g.id)) {
            if (heldPositions >= st.heldOut->capacity()) continue;
            heldIds.push_back(g.id);
            heldPositions += size_t(g.plies);
        } else {
            if (positions >= size_t(config.bufferCapacity)) continue;
            ids.push_back(g.id);
            positions += size_t(g.plies);
        }
    }
    for (auto it = ids.rbegin(); it != ids.rend(); ++it)
        if (auto g = st.store->loadGame(*it)) st.buffer->addGame(*g);
    for (auto it = heldIds.rbegin(); it != heldIds.rend(); ++it)
        if (auto g = st.store->loadGame(*it)) st.heldOut->addGame(*g);
    if (!ids.empty() || !heldIds.empty())
        log(LogLevel::Info, "replay buffer rebuilt from " + std::to_string(ids.size()) +
                                " stored games (" + std::to_string(st.buffer->size()) + " positions), " +
                                std::to_string(heldIds.size()) + " held out (" +
                                std::to_string(st.heldOut->size()) + " positions)");
    // A checkpoint from before the training ratio's account: count what the buffer holds as
    // generated, and the steps taken as trained (at most the ratio's share).
    if (st.ckpt.samplesGenerated < 0) st.ckpt.samplesGenerated = int64_t(st.buffer->totalAdded());
    if (st.ckpt.samplesTrained < 0)
        st.ckpt.samplesTrained = std::min<int64_t>(st.ckpt.step * config.batchSize,
                                                   int64_t(config.trainRatio * double(st.ckpt.samplesGenerated)));

    store::GameFilter allSelfPlay;
    allSelfPlay.run = st.run.id;
    allSelfPlay.kind = store::GameKind::SelfPlay;
    st.progress.games = st.store->countGames(allSelfPlay);
    st.progress.generation = st.ckpt.generation;
    st.progress.step = st.ckpt.step;
    st.progress.iteration = st.ckpt.iteration;
    st.progress.bufferCapacity = st.buffer->capacity();
    log(LogLevel::Info, std::string(st.resumed ? "resumed" : "started") + " run '" + options_.runName +
                            "' at generation " + std::to_string(st.ckpt.generation) + ", step " +
                            std::to_string(st.ckpt.step) + "; models in " + st.modelDir + "; networks on " +
                            st.trainNet->deviceName());
}

bool Pipeline::isHeldOut(const State& st, int64_t gameId) const {
    return heldOutGame(gameId, uint64_t(st.config.seed), st.config.validationFraction);
}

// Inference for self-play and gating: one batching server per network, with a fresh
// evaluation cache (the weights differ per generation): games share openings and transpose,
// and tree reuse revisits positions, so hits save whole network calls. One inference worker
// per core: a single worker with one intra-op thread keeps only one core busy, and more
// intra-op threads spin (design.md). Each worker owns a copy of the weights (a Net is
// single-threaded); they share the cache.
std::unique_ptr<nn::InferenceServer> Pipeline::makeServer(State& st, std::shared_ptr<nn::Net> net) {
    const TrainConfig& config = st.config;
    st.lastCache = std::make_shared<nn::EvalCache>(size_t(1) << 17);
    const int inFlight = config.gamesInFlight * std::max(1, config.threads);
    return nn::makeParallelEvaluator(std::move(net), std::max(1, config.inferenceWorkers), inFlight, st.lastCache,
                                     config.inferenceThreads);
}

// A finished self-play game: stored, then added to the replay buffer (or the held-out set),
// counted for the training ratio and the progress. Called on self-play threads, one at a time.
void Pipeline::storeSelfPlayGame(State& st, const SelfPlayGame& g, Clock::time_point phaseStart) {
    store::GameRecord rec = g.record;
    rec.run = st.run.id;
    const int generation = st.playGeneration.load();
    rec.generation = generation;
    const int64_t id = st.store->insertGame(rec);
    crashPoint("game-stored");
    rec.id = id;
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
    SelfPlayOptions so = selfPlayOptionsFrom(config);
    so.seed = st.rng();
    so.generation = st.ckpt.generation;
    so.playerLabel = "gen:" + std::to_string(st.ckpt.generation) + "@" + std::to_string(config.simulations);
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
    if (sps.falseResignations || sps.playedOutWouldResign)
        log(LogLevel::Info, "resignation check: " + std::to_string(sps.falseResignations) + " false of " +
                                std::to_string(sps.playedOutWouldResign) + " played-out games that would have resigned");
    {
        const int64_t step = st.ckpt.step;
        std::vector<store::MetricPoint> pts{
            {st.run.id, step, "games_per_hour", st.progress.gamesPerHour, 0},
            {st.run.id, step, "positions_per_s", st.progress.positionsPerSecond, 0},
            {st.run.id, step, "games", double(st.progress.games), 0},
            {st.run.id, step, "buffer", double(st.buffer->size()), 0}};
        st.store->addMetrics(pts);
    }
    return !control_.stopRequested();
}

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
    const bool validate = config.validationFraction > 0 && st.heldOut->size() >= 256;
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

// One training step on a batch from the window; its metrics go to `pending` (flushed every 80).
void Pipeline::trainOneStep(State& st, size_t window, std::vector<store::MetricPoint>& pending) {
    const TrainConfig& config = st.config;
    st.trainer->setLearningRate(scheduledLearningRate(config, st.ckpt.step));
    const auto ts0 = Clock::now();
    nn::TrainBatch batch = st.buffer->sampleBatch(config.batchSize, st.rng, window);
    nn::TrainStats ts = st.trainer->step(batch);
    ++st.ckpt.step;
    {
        std::lock_guard lk(st.dataMutex);
        st.ckpt.samplesTrained += config.batchSize;
    }
    const double sps = config.batchSize / std::max(1e-9, secondsSince(ts0));
    TrainStep info{st.ckpt.step, ts, sps};
    if (callbacks_.trainStep) callbacks_.trainStep(info);
    const int64_t k = st.ckpt.step;
    for (auto [n, v] : {std::pair<const char*, double>{"loss/total", ts.totalLoss},
                        {"loss/policy", ts.policyLoss},
                        {"loss/value", ts.valueLoss},
                        {"policy/entropy", ts.policyEntropy},
                        {"policy/top1", ts.top1Accuracy},
                        {"lr", ts.learningRate},
                        {"grad_norm", ts.gradNorm},
                        {"samples_per_s", sps}})
        pending.push_back({st.run.id, k, n, v, 0});
    if (pending.size() >= 80) {
        st.store->addMetrics(pending);
        pending.clear();
    }
    std::lock_guard lk(st.progressMutex);
    st.progress.step = st.ckpt.step;
    st.progress.samplesPerSecond = sps;
    st.progress.lossTotal = ts.totalLoss;
    st.progress.lossPolicy = ts.policyLoss;
    st.progress.lossValue = ts.valueLoss;
}

// ---- SelfPlay and Train at once (concurrentTraining) ----
// Self-play runs without pause on its own thread; this thread trains whenever the ratio has a
// step due (and waits for samples otherwise), and after every gamesPerIteration training
// games publishes the trained weights: a new generation, swapped into the running inference
// server (the games in flight go on with the new weights), then a checkpoint. Needs gate 0.
// Returns when a stop, the time limit or the iteration limit ends the session.
void Pipeline::concurrentLoop(State& st) {
    const TrainConfig& config = st.config;
    beginSelfPlayStage(st);
    auto server = makeServer(st, st.bestNet);
    SelfPlayOptions so = selfPlayOptionsFrom(config);
    so.seed = st.rng();
    so.generation = st.ckpt.generation;
    so.playerLabel = "selfplay@" + std::to_string(config.simulations);
    SelfPlay sp(*server, so);
    LiveSelfPlay liveGames(*this, sp);
    const auto t0 = Clock::now();
    bool selfPlayDone = false;  // guarded by st.dataMutex
    std::exception_ptr selfPlayError;
    std::thread player([&] {
        try {
            sp.run(0, [&](const SelfPlayGame& g) { storeSelfPlayGame(st, g, t0); }, control_);
        } catch (...) {
            selfPlayError = std::current_exception();
        }
        {
            std::lock_guard lk(st.dataMutex);
            selfPlayDone = true;
        }
        st.dataCv.notify_all();
    });
    std::vector<store::MetricPoint> pending;
    auto endSelfPlay = [&] {
        control_.requestStop();  // self-play's run(0) ends only on a stop
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
    };
    try {
        while (!control_.stopRequested() && !timeUp(st)) {
            if (!control_.waitWhilePaused()) break;
            noteSelfPlay(st, sp.stats(), t0);  // live figures between games too
            emitProgress(st, false);
            bool publish = false, train = false;
            {
                std::unique_lock lk(st.dataMutex);
                st.dataCv.wait_for(lk, std::chrono::milliseconds(200), [&] {
                    return selfPlayDone || control_.stopRequested() || st.gamesSincePublish >= config.gamesPerIteration ||
                           (st.buffer->size() >= size_t(config.minBufferToTrain) &&
                            trainingStepsDue(config, st.ckpt.samplesGenerated, st.ckpt.samplesTrained) > 0);
                });
                if (selfPlayDone) break;
                // Publishing comes first: a trainer slower than self-play still hands its
                // weights over every gamesPerIteration games (the ratio then falls short).
                publish = st.gamesSincePublish >= config.gamesPerIteration;
                train = !publish && st.buffer->size() >= size_t(config.minBufferToTrain) &&
                        trainingStepsDue(config, st.ckpt.samplesGenerated, st.ckpt.samplesTrained) > 0;
            }
            if (train) {
                int64_t generated = 0;
                {
                    std::lock_guard lk(st.dataMutex);
                    generated = st.ckpt.samplesGenerated;
                }
                trainOneStep(st, trainingWindow(config, generated), pending);
                {
                    std::lock_guard lk(st.progressMutex);
                    st.progress.stage = Stage::Training;
                }
                emitProgress(st, false);
                continue;
            }
            if (!publish) continue;
            // The iteration's games are in and trained on: publish, swap, checkpoint.
            {
                std::lock_guard lk(st.dataMutex);
                st.gamesSincePublish = 0;
            }
            if (st.ckpt.step > 0 && st.bestNet->meta().trainingSteps != st.ckpt.step) {
                st.trainNet->meta().trainingSteps = st.ckpt.step;
                st.candidate = std::make_shared<nn::Net>(st.trainNet->clone());
                evaluatePhase(st);  // gate 0: publishes at once
                const int workers = server->workers();
                std::vector<std::shared_ptr<nn::Evaluator>> evs;
                st.lastCache = std::make_shared<nn::EvalCache>(size_t(1) << 17);
                const int inFlight = config.gamesInFlight * std::max(1, config.threads);
                for (int w = 0; w < workers; ++w)
                    evs.push_back(std::make_shared<nn::TorchEvaluator>(
                        std::make_shared<nn::Net>(st.bestNet->clone()), st.lastCache, inFlight));
                server->setEvaluators(std::move(evs));
            }
            if (!pending.empty()) st.store->addMetrics(pending);
            pending.clear();
            ++st.ckpt.iteration;
            {
                std::lock_guard lk(st.progressMutex);
                st.progress.iteration = st.ckpt.iteration;
                st.progress.stageDone = 0;
            }
            {
                std::lock_guard lk(st.dataMutex);  // the counts written must be one moment's
                checkpoint(st, "");
            }
            if (options_.iterations > 0 && st.ckpt.iteration - st.ckpt.iterationAtStart >= options_.iterations) break;
        }
    } catch (...) {
        endSelfPlay();
        throw;
    }
    endSelfPlay();
    if (selfPlayError) std::rethrow_exception(selfPlayError);
}

// ---- Evaluate: gate the candidate (gate 1 or 2) or publish it as is (gate 0) ----
// Returns false when a stop interrupted the gating match.
bool Pipeline::evaluatePhase(State& st) {
    const TrainConfig& config = st.config;
    const int candidateGen = st.ckpt.generation + 1;
    std::shared_ptr<nn::Net> candidate = st.candidate;
    st.candidate.reset();
    candidate->meta().generation = candidateGen;
    GenerationResult gr;
    gr.candidateGeneration = candidateGen;
    gr.step = st.ckpt.step;
    bool accepted = true;
    double matchElo = 0, matchLo = 0, matchHi = 0;
    if (config.gate != 0) {
        setStage(Stage::Evaluating);
        {
            std::lock_guard lk(st.progressMutex);
            st.progress.stageDone = 0;
            st.progress.stageTotal = config.evalGames;
            st.progress.etaSeconds = -1;
        }
        emitProgress(st, true);
        auto candServer = makeServer(st, candidate);
        auto bestServer = makeServer(st, st.bestNet);
        ArenaOptions ao = arenaOptionsFrom(config);
        ao.seed = st.rng();
        ao.candidateLabel = "gen:" + std::to_string(candidateGen) + "@" + std::to_string(config.evalSimulations);
        ao.bestLabel = "gen:" + std::to_string(st.ckpt.generation) + "@" + std::to_string(config.evalSimulations);
        const SprtParams sprt{0, config.sprtElo1, config.sprtAlpha, config.sprtBeta};
        if (config.gate == 2)
            ao.decided = [&](int w, int d, int l) { return sprtDecide(w, d, l, sprt) != SprtDecision::Continue; };
        const auto te0 = Clock::now();
        ArenaResult ar = playArena(*candServer, *bestServer, ao, control_,
                                   [&](const store::GameRecord& g, int finished, int total) {
                                       store::GameRecord rec = g;
                                       rec.run = st.run.id;
                                       rec.kind = store::GameKind::Eval;
                                       rec.generation = candidateGen;
                                       const int64_t id = st.store->insertGame(rec);
                                       if (callbacks_.gameFinished)
                                           callbacks_.gameFinished({id, store::GameKind::Eval, rec.result, rec.reason, rec.plies, candidateGen});
                                       {
                                           std::lock_guard lk(st.progressMutex);
                                           st.progress.stageDone = finished;
                                           st.progress.stageTotal = total;
                                           st.progress.etaSeconds = secondsSince(te0) / std::max(1, finished) * (total - finished);
                                       }
                                       emitProgress(st, false);
                                   });
        candServer->stop();
        bestServer->stop();
        if (ar.stopped) return false;
        gr.wins = ar.wins;
        gr.draws = ar.draws;
        gr.losses = ar.losses;
        gr.score = ar.elo.score;
        if (config.gate == 2) {
            // An SPRT that reached its cap undecided goes by the sign of its log-likelihood ratio.
            const double llr = sprtLlr(ar.wins, ar.draws, ar.losses, sprt);
            const SprtDecision d = sprtDecide(ar.wins, ar.draws, ar.losses, sprt);
            accepted = d == SprtDecision::AcceptH1 || (d == SprtDecision::Continue && llr > 0);
            char msg[160];
            std::snprintf(msg, sizeof msg, "SPRT [0, %g]: LLR %.2f in [%.2f, %.2f] after %d games%s", config.sprtElo1, llr,
                          sprtLowerBound(sprt), sprtUpperBound(sprt), ar.wins + ar.draws + ar.losses,
                          ar.decidedEarly ? "" : " (the cap)");
            log(LogLevel::Info, msg);
        } else {
            accepted = acceptCandidate(ar, config.gateThreshold);
        }
        matchElo = ar.elo.elo;
        matchLo = ar.elo.eloLo;
        matchHi = ar.elo.eloHi;
    } else {
        gr.score = 1;
    }
    gr.accepted = accepted;
    store::ModelInfo mi;
    mi.run = st.run.id;
    mi.generation = candidateGen;
    mi.parent = st.ckpt.bestModelId;
    mi.accepted = accepted;
    if (accepted) {
        if (config.gate != 0) {
            // Elo chains through accepted generations; intervals add in quadrature. Without a
            // gate there is no match to chain: the ladder rates generations instead.
            const double lo = st.ckpt.elo - st.ckpt.eloLo, hi = st.ckpt.eloHi - st.ckpt.elo;
            const double mlo = matchElo - matchLo, mhi = matchHi - matchElo;
            st.ckpt.elo += matchElo;
            st.ckpt.eloLo = st.ckpt.elo - std::sqrt(lo * lo + mlo * mlo);
            st.ckpt.eloHi = st.ckpt.elo + std::sqrt(hi * hi + mhi * mhi);
        }
        char name[32];
        std::snprintf(name, sizeof name, "gen-%04d.xqm", candidateGen);
        nn::saveModel(*candidate, (fs::path(st.modelDir) / name).string());
        crashPoint("generation-file");
        mi.file = (fs::path(st.modelDir) / name).string();
        mi.elo = st.ckpt.elo;
        mi.eloLo = st.ckpt.eloLo;
        mi.eloHi = st.ckpt.eloHi;
        st.ckpt.bestModelId = st.store->addModel(mi);
        crashPoint("generation-row");
        st.ckpt.bestFile = name;
        st.ckpt.generation = candidateGen;
        st.bestNet = candidate;
        st.playGeneration.store(candidateGen);
        if (config.gate != 0) {
            std::vector<store::MetricPoint> pts{{st.run.id, candidateGen, "elo", st.ckpt.elo, 0},
                                                {st.run.id, candidateGen, "elo_lo", st.ckpt.eloLo, 0},
                                                {st.run.id, candidateGen, "elo_hi", st.ckpt.eloHi, 0}};
            st.store->addMetrics(pts);
        }
    } else {
        st.store->addModel(mi);  // rejected: recorded without a file
    }
    gr.elo = st.ckpt.elo;
    gr.eloLo = st.ckpt.eloLo;
    gr.eloHi = st.ckpt.eloHi;
    char msg[256];
    if (config.gate != 0) {
        std::vector<store::MetricPoint> pts{{st.run.id, candidateGen, "gate_score", gr.score, 0}};
        st.store->addMetrics(pts);
        std::snprintf(msg, sizeof msg, "generation %d %s: +%d =%d -%d (score %.1f%%), best Elo %.0f [%.0f, %.0f]",
                      candidateGen, accepted ? "accepted" : "rejected", gr.wins, gr.draws, gr.losses,
                      gr.score * 100, st.ckpt.elo, st.ckpt.eloLo, st.ckpt.eloHi);
    } else {
        std::snprintf(msg, sizeof msg, "generation %d published at step %lld (no gate)", candidateGen,
                      (long long)st.ckpt.step);
    }
    log(LogLevel::Info, msg);
    if (callbacks_.generation) callbacks_.generation(gr);
    if (accepted && callbacks_.published) {
        GenerationPublished pub;
        pub.generation = candidateGen;
        pub.file = (fs::path(st.modelDir) / st.ckpt.bestFile).string();
        pub.modelId = st.ckpt.bestModelId;
        pub.step = st.ckpt.step;
        {
            std::lock_guard lk(st.dataMutex);
            pub.samplesGenerated = st.ckpt.samplesGenerated;
        }
        pub.sessionMinutes = secondsSince(st.sessionStart) / 60.0;
        callbacks_.published(pub);
    }
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.generation = st.ckpt.generation;
    }
    return true;
}

// ---- Checkpoint: the training network, its optimizer and the manifest (checkpoint.h) ----
void Pipeline::checkpoint(State& st, const char* why) {
    saveCheckpoint(st.modelDir, st.ckpt, *st.trainNet, *st.trainer);
    log(LogLevel::Info, std::string(why) + "checkpoint at step " + std::to_string(st.ckpt.step));
    // Each iteration frees its search trees and evaluation caches (small blocks from several
    // threads); glibc keeps freed memory mapped in its arenas until asked to give it back,
    // which reads as RSS that only grows.
#if defined(__GLIBC__)
    malloc_trim(0);
    // What the process holds after the trim, split the way that tells growth from
    // fragmentation: live heap blocks, free space glibc keeps in its arenas, large blocks
    // mapped on their own (tensors), and the resident total (scripts/soak.sh reads these).
    const struct mallinfo2 mi = mallinfo2();
    long pages = 0, residentPages = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &residentPages) != 2) residentPages = 0;
        std::fclose(f);
    }
    auto mib = [](double bytes) { return std::to_string(int64_t(bytes / (1 << 20))); };
    log(LogLevel::Info, "memory: resident " + mib(double(residentPages) * double(sysconf(_SC_PAGESIZE))) +
                            " MiB; heap in use " + mib(double(mi.uordblks)) + " MiB, free in arenas " +
                            mib(double(mi.fordblks)) + " MiB, mapped blocks " + mib(double(mi.hblkhd)) + " MiB");
#endif
}

void Pipeline::run() {
    State st;
    openRun(st);
    rebuildBuffers(st);
    if (st.config.concurrentTraining && st.config.gate != 0)
        throw std::invalid_argument("concurrent training publishes every generation: it needs gate 0");
    try {
        if (st.config.concurrentTraining) concurrentLoop(st);
        while (!st.config.concurrentTraining && !control_.stopRequested()) {
            if (options_.iterations > 0 && st.progress.iteration - st.ckpt.iterationAtStart >= options_.iterations) break;
            if (timeUp(st)) break;
            if (!selfPlayPhase(st)) break;
            if (!trainPhase(st)) {
                // Keep the training progress: checkpoint without evaluating.
                checkpoint(st, "");
                break;
            }
            if (st.candidate && !evaluatePhase(st)) {
                checkpoint(st, "evaluation interrupted; ");
                break;
            }
            ++st.ckpt.iteration;
            st.progress.iteration = st.ckpt.iteration;
            checkpoint(st, "");
        }
    } catch (const std::exception& e) {
        setStage(Stage::Failed);
        log(LogLevel::Error, std::string("training stopped by an error: ") + e.what());
        emitProgress(st, true);
        throw;
    }
    setStage(Stage::Stopping);
    emitProgress(st, true);
    // A checkpoint for what self-play and training did since the last one (the files are new
    // names, the manifest is replaced last, so this is safe at any point).
    saveCheckpoint(st.modelDir, st.ckpt, *st.trainNet, *st.trainer);
    setStage(Stage::Finished);
    emitProgress(st, true);
    log(LogLevel::Info, "stopped at generation " + std::to_string(st.ckpt.generation) + ", step " +
                            std::to_string(st.ckpt.step) + ", " + std::to_string(st.progress.games) + " self-play games");
}

}  // namespace xq::train
