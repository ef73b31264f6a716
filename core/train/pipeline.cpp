#include "core/train/pipeline.h"

#include <cerrno>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <vector>
#include <stdexcept>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

#include "core/error.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/early_stop.h"
#include "core/train/pipeline_state.h"
#include "core/train/publisher.h"
#include "core/train/replay_buffer.h"
#include "core/train/run_open.h"
#include "core/train/selfplay_config.h"
#include "core/train/training_loop.h"

namespace fs = std::filesystem;

namespace xq::train {

const char* stageName(Stage s) {
    switch (s) {
        case Stage::Idle: return "idle";
        case Stage::FromGames: return "fromgames";
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

double scheduleProgress(const TrainConfig& c, int64_t step, double timeFraction) {
    const double t = c.lrDecayTimed && timeFraction >= 0
                         ? timeFraction
                         : double(step) / double(std::max(1, c.lrDecaySteps));
    return std::clamp(t, 0.0, 1.0);
}

int scheduledSimulations(const TrainConfig& c, int64_t step, double timeFraction) {
    if (c.simulationsEnd <= 0) return c.simulations;
    const double t = scheduleProgress(c, step, timeFraction);
    return std::max(1, int(std::lround(c.simulations + (c.simulationsEnd - c.simulations) * t)));
}

double scheduledLearningRate(const TrainConfig& c, int64_t step, double timeFraction) {
    const double t = scheduleProgress(c, step, timeFraction);
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
    st.progress.elapsedSeconds = st.clock.workedSeconds();
    if (!force && secondsSince(st.lastProgress) < 0.25) return;
    st.lastProgress = Clock::now();
    if (callbacks_.progress) callbacks_.progress(st.progress);
}

bool Pipeline::timeUp(const State& st) const {
    return st.clock.timeUp(options_.minutes);
}

double Pipeline::timeFraction(const State& st) const {
    return st.clock.scheduleFraction(options_.minutes);
}

// ---- OpenRun: the run row, its checkpoint (or generation 0), the networks and the trainer ----
// The run's row, lease, room check, checkpoint and generations are opened as the
// DistributedTrainer opens them (run_open.h).
void Pipeline::openRun(State& st) {
    if (options_.device == nn::DeviceKind::Cuda && !nn::Net::cudaAvailable())
        throw Error(ErrorCode::NoCudaDevice, "--device cuda: LibTorch sees no CUDA device on this machine");
    st.clock.start(control_);
    const RunLog runLog = [this](LogLevel l, const std::string& m) { log(l, m); };
    RunOpenRequest req = runOpenRequest(options_);
    // The start games are read before the run exists, so a bad source leaves no run behind.
    req.beforeCreate = [&] {
        if (!options_.initGames.empty()) loadStartGames(st);
    };
    req.requestStop = [this] { control_.requestStop(); };
    const OpenedRun opened = openRunRow(st, req, runLog);
    st.resumed = opened.resumed;
    const bool haveCheckpoint = opened.haveCheckpoint;
    const TrainConfig& config = st.config;
    if (opened.resumed && !options_.initGames.empty()) loadStartGames(st);
    else if (config.gamesMix > 0 && options_.initGames.empty())
        // A new run from a random network (the quick preset's games-mix is for runs started
        // from games) is told so; a resumed run may have been started from games, so a resume
        // without them warns.
        log(opened.resumed ? LogLevel::Warning : LogLevel::Info,
            "games-mix needs the games the run started from (--init-games): "
            "training on self-play positions alone this session");

    nn::NetOptions netOpts;
    netOpts.device = options_.device;
    netOpts.threads = config.inferenceThreads;
    netOpts.seed = uint64_t(config.seed);
    if (!reconcileGenerations(st, opened, runLog)) {
        // No generation stored yet (a new run, or one killed before its generation 0 was).
        // Generation 0: the random network, accepted by definition, Elo 0.
        st.bestNet = std::make_shared<nn::Net>(netConfig(config), netOpts);
        // Started from games: generation 0 is what it learned of them instead.
        if (st.gameBuffer) fromGamesPhase(st, *st.bestNet);
        st.bestNet->meta().generation = 0;
        store::ModelInfo mi;
        mi.run = st.run.id;
        mi.generation = 0;
        mi.accepted = true;
        const PublishedModel pm = publishGeneration(*st.store, *st.bestNet, st.modelDir, mi);
        st.ckpt.bestFile = pm.fileName;
        st.ckpt.bestModelId = pm.model.id;
        st.ckpt.generation = 0;
    } else {
        if (st.gameBuffer && config.gamesMix <= 0) {
            log(LogLevel::Info, "the run has its generation 0 already: its start games serve games-mix only, which is 0");
            st.gameBuffer.reset();
            st.gameHeldOut.reset();
        }
        st.bestNet = loadPlayingGeneration(st, netOpts, runLog);
        // The model files say which policy head and inputs the run trains: a run stored before
        // those parameters existed has none in its configuration and holds dense basic nets.
        st.config.policyHead = int(st.bestNet->config().policyHead);
        st.config.inputFeatures = int(st.bestNet->config().features);
    }
    if (haveCheckpoint) st.trainNet = loadCheckpointNet(st, netOpts, runLog);
    const bool trainFromCheckpoint = st.trainNet != nullptr;
    if (!trainFromCheckpoint) {
        // Training starts from the newest generation (step 0, a fresh optimizer).
        st.trainNet = std::make_shared<nn::Net>(st.bestNet->clone());
        if (!opened.resumed) {
            st.ckpt.samplesGenerated = 0;
            st.ckpt.samplesTrained = 0;
        }
    }
    st.group = std::make_unique<nn::TrainingGroup>(nn::GroupOptions{});  // solo
    startTrainer(st, scheduledLearningRate(config, st.ckpt.step, timeFraction(st)), trainFromCheckpoint);
    st.ckpt.iterationAtStart = st.ckpt.iteration;
    st.playGeneration.store(st.ckpt.generation);
    st.newestGeneration = std::max(newestGenerationNumber(*st.store, st.run.id), st.ckpt.generation);
    st.rng.seed(uint64_t(config.seed) * 0x9E3779B97F4A7C15ull + uint64_t(st.ckpt.iteration));
}

// ---- RebuildBuffers: replay buffer and held-out set from the run's stored self-play games ----
void Pipeline::rebuildBuffers(State& st) {
    const TrainConfig& config = st.config;
    store::GameFilter f;
    f.run = st.run.id;
    f.kind = store::GameKind::SelfPlay;
    f.limit = 0;
    std::vector<store::GameRecord> newestFirst = st.store->listGames(f);
    st.feed = std::make_unique<StoreGameFeed>(st.run.id);
    for (const auto& g : newestFirst) st.feed->markSeen(g.id);  // in the buffers or left out
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

// ---- Checkpoint: the training network, its optimizer and the manifest (checkpoint.h) ----
void Pipeline::checkpoint(State& st, const char* why) {
    saveSessionCheckpoint(st);
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

// The alternating configuration of the loop (training_loop.h): a self-play phase, the workers'
// games, the steps due, the candidate's gate, a checkpoint every cycle.
LoopStages Pipeline::alternatingStages(State& st) {
    LoopStages s;
    s.limitReached = [this, &st] {
        return control_.stopRequested() || iterationsDone(st) || timeUp(st);
    };
    s.ingest = [this, &st] {
        if (!selfPlayPhase(st)) return false;
        ingestWorkerGames(st);
        return true;
    };
    s.train = [this, &st] { return trainPhase(st); };
    s.publishDue = [&st] { return st.candidate != nullptr; };
    s.publish = [this, &st] { return evaluatePhase(st); };
    s.checkpoint = [this, &st](const char* why) { checkpoint(st, why); };
    s.endCycle = [this, &st](bool) {
        ++st.ckpt.iteration;
        st.progress.iteration = st.ckpt.iteration;
        checkpoint(st, "");
    };
    s.finish = [this, &st] { finishSession(st); };
    return s;
}

bool Pipeline::iterationsDone(const State& st) const {
    return options_.iterations > 0 && st.ckpt.iteration - st.ckpt.iterationAtStart >= options_.iterations;
}

// Finish: the session's last checkpoint (for what self-play and training did since the last
// one: the files are new names, the manifest is replaced last, so this is safe at any point).
void Pipeline::finishSession(State& st) {
    setStage(Stage::Stopping);
    emitProgress(st, true);
    saveSessionCheckpoint(st);
    setStage(Stage::Finished);
    emitProgress(st, true);
    log(LogLevel::Info, "stopped at generation " + std::to_string(st.ckpt.generation) + ", step " +
                            std::to_string(st.ckpt.step) + ", " + std::to_string(st.progress.games) + " self-play games");
}

void Pipeline::run() {
    State st;
    openRun(st);
    rebuildBuffers(st);
    if (callbacks_.sessionStart)
        callbacks_.sessionStart(SessionStart{st.resumed, st.ckpt.step, st.ckpt.generation,
                                             st.trainNet.get(), st.trainer.get(), st.buffer.get()});
    if (st.config.concurrentTraining && st.config.gate != 0)
        throw std::invalid_argument("concurrent training publishes every generation: it needs gate 0");
    try {
        if (st.config.concurrentTraining) concurrentLoop(st);
        else runTrainingLoop(alternatingStages(st));
    } catch (const std::exception& e) {
        setStage(Stage::Failed);
        log(LogLevel::Error, std::string("training stopped by an error: ") + e.what());
        emitProgress(st, true);
        throw;
    }
}

}  // namespace xq::train
