#include "core/train/trainer_role.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "core/error.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/clock.h"
#include "core/train/early_stop.h"
#include "core/train/publisher.h"
#include "core/train/replay_buffer.h"
#include "core/train/game_feed.h"
#include "core/train/run_open.h"
#include "core/train/selfplay_config.h"
#include "core/train/train_step.h"
#include "core/train/training_loop.h"
#include "core/train/trainer_role_state.h"

namespace fs = std::filesystem;

namespace xq::train {

DistributedTrainer::DistributedTrainer(TrainerRoleOptions options, PipelineCallbacks callbacks)
    : options_(std::move(options)), callbacks_(std::move(callbacks)) {}

DistributedTrainer::~DistributedTrainer() = default;

void DistributedTrainer::log(LogLevel l, const std::string& m) const {
    if (callbacks_.log) callbacks_.log(l, m);
}

// ---- OpenRun: rank 0 creates or resumes the run; other ranks read its configuration ----
// Rank 0 opens the run as the one-machine Pipeline does (run_open.h: the row, the lease, the
// room check, the checkpoint, the generations reconciled with the models table).
void DistributedTrainer::openRun(State& st) {
    if (options_.dbPath.empty()) throw std::invalid_argument("no database path given");
    st.rank0 = options_.group.rank == 0;
    st.config = options_.config;
    if (!st.rank0) {
        // Rank 0 creates the run before it joins the group, and this rank reads it after
        // joinGroup; here it only checks the database is reachable.
        store::requireValidRunName(options_.runName);
        store::OpenOptions open;
        open.reconnectSeconds = options_.reconnectSeconds;
        open.log = [this](const std::string& m) { log(LogLevel::Warning, m); };
        st.store = std::make_unique<store::Store>(options_.dbPath, open);
        return;
    }
    const RunLog runLog = [this](LogLevel l, const std::string& m) { log(l, m); };
    RunOpenRequest req = runOpenRequest(options_);
    req.open.reconnectSeconds = options_.reconnectSeconds;
    req.requestStop = [this] { control_.requestStop(); };
    const OpenedRun opened = openRunRow(st, req, runLog);
    st.haveCheckpoint = opened.haveCheckpoint;
    nn::NetOptions netOpts;
    netOpts.device = options_.device;
    netOpts.threads = std::max(1, int(std::thread::hardware_concurrency()));
    netOpts.seed = uint64_t(options_.config.seed);
    if (!reconcileGenerations(st, opened, runLog)) {
        // Generation 0: the random network, published as the first model workers play.
        st.trainNet = std::make_shared<nn::Net>(netConfig(st.config), netOpts);
        st.trainNet->meta().generation = 0;
        st.ckpt.generation = -1;
        st.ckpt.samplesGenerated = 0;
        st.ckpt.samplesTrained = 0;
        publish(st);
    } else {
        std::shared_ptr<nn::Net> best = loadPlayingGeneration(st, netOpts, runLog);
        if (st.haveCheckpoint) st.trainNet = loadCheckpointNet(st, netOpts, runLog);
        if (!st.trainNet) {
            // No checkpoint (stopped before its first one), or its network does not load: train
            // on from the newest generation with a fresh optimizer; the stored games are then
            // counted as they are ingested.
            st.trainNet = std::move(best);
            st.haveCheckpoint = false;
            st.ckpt.optimizerFile.clear();
            st.ckpt.samplesGenerated = 0;
            st.ckpt.samplesTrained = 0;
        }
    }
    findCandidate(st);
    st.config.policyHead = int(st.trainNet->config().policyHead);
    st.config.inputFeatures = int(st.trainNet->config().features);
}

// ---- JoinGroup: the ranks meet; rank 0's weights (and run) reach every rank ----
void DistributedTrainer::joinGroup(State& st) {
    st.group = std::make_unique<nn::TrainingGroup>(options_.group);
    if (!st.rank0) {
        const auto run = st.store->findRun(options_.runName);
        if (!run)
            throw Error(ErrorCode::RunNotFound,
                        "rank " + std::to_string(options_.group.rank) + " finds no run '" +
                            options_.runName + "' in " + st.store->path() +
                            " (is rank 0 on the same database?)",
                        options_.runName);
        st.run = *run;
        st.config = fromJson(st.run.config, options_.config);
    }
    // Rank 0 tells the others what its checkpoint holds, so the accounts match.
    std::vector<int64_t> account = {st.ckpt.step,
                                    st.ckpt.samplesGenerated,
                                    st.ckpt.samplesTrained,
                                    st.ckpt.generation,
                                    st.config.policyHead,
                                    st.config.inputFeatures,
                                    st.haveCheckpoint ? 1 : 0,
                                    st.rank0 ? st.trainNet->meta().createdUnix : 0,
                                    int64_t(std::llround(st.clock.carriedSeconds() * 1000))};
    st.group->broadcast(account, 0);
    if (!st.rank0) {
        st.ckpt.step = account[0];
        st.ckpt.samplesGenerated = account[1];
        st.ckpt.samplesTrained = account[2];
        st.ckpt.generation = int(account[3]);
        st.config.policyHead = int(account[4]);
        st.config.inputFeatures = int(account[5]);
        st.haveCheckpoint = account[6] != 0;
        nn::NetOptions netOpts;
        netOpts.device = options_.device;
        netOpts.threads = std::max(1, int(std::thread::hardware_concurrency()));
        st.trainNet = std::make_shared<nn::Net>(netConfig(st.config), netOpts);
        st.trainNet->meta().createdUnix = account[7];
        st.clock.carry(double(account[8]) / 1000);  // the timed schedules as rank 0's
        st.trainNet->meta().trainingSteps = st.ckpt.step;
    }
    st.group->broadcastWeights(*st.trainNet, 0);
    st.progress.generation = st.ckpt.generation;
    // The learning rate is set at each step (train_step.h).
    startTrainer(st, st.config.learningRate, st.rank0 && st.group->worldSize() == 1);
    if (st.rank0 && st.group->worldSize() > 1 && !st.ckpt.optimizerFile.empty())
        log(LogLevel::Warning,
            "several ranks: every rank starts its optimizer afresh (the checkpoint's is rank 0's)");
    st.rng.seed(uint64_t(st.config.seed) * 0x9E3779B97F4A7C15ull +
                uint64_t(options_.group.rank) * 0xD1B54A32D192ED03ull + uint64_t(st.ckpt.step));
    log(LogLevel::Info, "rank " + std::to_string(st.group->rank()) + " of " +
                            std::to_string(st.group->worldSize()) + " training run '" +
                            st.run.name + "' from step " + std::to_string(st.ckpt.step) + " on " +
                            st.trainNet->deviceName());
}

// ---- Ingest: the same new games into every rank's replay buffer ----
bool DistributedTrainer::ingest(State& st) {
    std::vector<int64_t> ids;
    if (st.rank0) {
        if (!st.feed) st.feed = std::make_unique<StoreGameFeed>(st.run.id);
        // A first session over a long run: only the games the buffer can hold.
        ids = st.feed->poll(*st.store, size_t(std::max(1, st.config.bufferCapacity / 40)));
    }
    // Every rank's stop flag, then rank 0's list.
    bool stop = false;
    for (int r = 0; r < st.group->worldSize(); ++r) {
        std::vector<int64_t> flag = {r == st.group->rank() && control_.stopRequested() ? 1 : 0};
        st.group->broadcast(flag, r);
        stop = stop || flag[0] != 0;
    }
    std::vector<int64_t> n = {int64_t(ids.size())};
    st.group->broadcast(n, 0);
    ids.resize(size_t(n[0]));
    if (n[0] > 0) st.group->broadcast(ids, 0);
    const bool counted = !(st.firstIngest && st.haveCheckpoint);
    st.firstIngest = false;
    for (int64_t id : ids) {
        const auto g = st.store->loadGame(id);
        if (!g) continue;  // deleted meanwhile (same answer on every rank: rows are not reused)
        st.newestIngested = std::max(st.newestIngested, id);
        ++stats_.gamesIngested;
        if (heldOutGame(id, uint64_t(st.config.seed), st.config.validationFraction)) {
            st.heldOut->addGame(*g);  // not trained on, so not counted for the ratio
            continue;
        }
        const int added = st.buffer->addGame(*g);
        if (!counted) continue;
        st.ckpt.samplesGenerated += added;
        ++st.gamesSincePublish;
        ++st.speedGames;
    }
    if (st.rank0) recordSpeed(st);
    return !stop;
}

// Rank 0: the arrival rate of the workers' games since the last point, once per interval.
void DistributedTrainer::recordSpeed(State& st) {
    const auto now = Clock::now();
    if (st.speedMark == Clock::time_point{}) {
        st.speedMark = now;
        st.speedGames = 0;
        return;
    }
    const double secs = std::chrono::duration<double>(now - st.speedMark).count();
    if (secs < kSpeedIntervalSeconds) return;
    st.progress.gamesPerHour = double(st.speedGames) * 3600.0 / secs;
    const std::vector<store::MetricPoint> pts{
        {st.run.id, st.ckpt.step, "games_per_hour", st.progress.gamesPerHour, 0}};
    st.store->addMetrics(pts);
    st.speedMark = now;
    st.speedGames = 0;
}

// ---- Train: the steps the ratio has due, at most kStepsPerCycle ----
void DistributedTrainer::train(State& st) {
    const TrainConfig& c = st.config;
    if (st.buffer->size() < size_t(c.minBufferToTrain)) return;
    const int64_t perStep = int64_t(c.batchSize) * st.group->worldSize();
    const int due = trainingStepsDue(c, st.ckpt.samplesGenerated, st.ckpt.samplesTrained);
    const int steps =
        std::min<int>(kStepsPerCycle, int(due / std::max<int64_t>(1, st.group->worldSize())));
    if (steps <= 0) return;
    const size_t window = trainingWindow(c, st.ckpt.samplesGenerated);
    // No games buffer: games-mix needs start games, which this role does not take.
    const TrainStepContext ctx{.config = c,
                               .trainer = *st.trainer,
                               .buffer = *st.buffer,
                               .games = nullptr,
                               .rng = st.rng,
                               .runId = st.run.id,
                               .samplesPerStep = perStep,
                               .onStep = callbacks_.trainStep,
                               .ckpt = st.ckpt,
                               .samplesMutex = nullptr,
                               .progress = st.progress,
                               .progressMutex = nullptr};
    for (int s = 0; s < steps; ++s) {
        const double coll0 = st.group->collectiveSeconds();
        const TrainStepDone done =
            runTrainStep(ctx, window, st.clock.scheduleFraction(options_.minutes),
                         st.rank0 ? &st.pending : nullptr);
        stats_.trainSeconds += done.seconds;
        stats_.collectiveSeconds += st.group->collectiveSeconds() - coll0;
        ++stats_.steps;
        ++st.stepsSincePublish;
        if (++st.stepsSinceHeldOutCheck >= c.validationInterval) {
            st.stepsSinceHeldOutCheck = 0;
            if (st.rank0) checkHeldOut(st);
        }
    }
    if (st.rank0 && !st.pending.empty()) {
        st.store->addMetrics(st.pending);
        st.pending.clear();
    }
}

// Rank 0, every validationInterval steps: the losses on a batch of held-out positions, as
// metrics (heldout/value, heldout/policy) and the heldOut callback, as the Pipeline's training
// phase charts them (the trainer role does not stop early on them).
void DistributedTrainer::checkHeldOut(State& st) {
    if (st.config.validationFraction <= 0 || st.heldOut->size() < kMinHeldOutPositions) return;
    const nn::TrainBatch batch =
        st.heldOut->sampleBatch(int(std::min<size_t>(1024, st.heldOut->size())), st.rng);
    const nn::TrainStats hs = st.trainer->evaluate(batch);
    st.pending.push_back({st.run.id, st.ckpt.step, "heldout/value", hs.valueLoss, 0});
    st.pending.push_back({st.run.id, st.ckpt.step, "heldout/policy", hs.policyLoss, 0});
    if (callbacks_.heldOut) callbacks_.heldOut({st.ckpt.step, hs.valueLoss, hs.policyLoss});
}

// ---- Publish (rank 0): file, blob, models row (its NOTIFY reaches the workers), checkpoint ----
void DistributedTrainer::publish(State& st) {
    const int gen = nextGenerationNumber(st.ckpt.generation, st.newestGeneration);
    // With the gate a generation after the first is a candidate until its games decide.
    const bool candidate = st.config.gate != 0 && gen > 0;
    // Generation 0 is published before the trainer starts.
    nn::Net snapshot = st.trainer ? st.trainer->publishable() : st.trainNet->clone();
    snapshot.meta().generation = gen;
    store::ModelInfo row;
    row.run = st.run.id;
    row.generation = gen;
    if (st.ckpt.bestModelId > 0) row.parent = st.ckpt.bestModelId;
    row.accepted = !candidate;
    const PublishedModel pm =
        publishGeneration(*st.store, snapshot, st.modelDir, row);
    const store::ModelInfo& mi = pm.model;
    st.newestGeneration = gen;
    if (candidate) {
        st.store->enqueueEvalJobs(st.run.id, mi.id, st.ckpt.bestModelId, st.config.evalGames);
        st.candidate = mi;
        log(LogLevel::Info, "generation " + std::to_string(gen) + " published at step " +
                                std::to_string(st.ckpt.step) +
                                " as a candidate: " + std::to_string(st.config.evalGames) +
                                " evaluation games queued against generation " +
                                std::to_string(st.ckpt.generation));
        if (st.trainer) saveSessionCheckpoint(st);
        return;
    }
    st.ckpt.bestModelId = mi.id;
    st.ckpt.generation = gen;
    st.ckpt.bestFile = pm.fileName;
    st.progress.generation = gen;
    char msg[200];
    std::snprintf(msg, sizeof msg,
                  "generation %d published at step %lld (%s, %zu bytes) after %lld new games", gen,
                  (long long)st.ckpt.step, mi.sha256.substr(0, 12).c_str(), pm.bytes,
                  (long long)st.gamesSincePublish);
    log(LogLevel::Info, msg);
    if (gen > 0 && st.trainer) saveSessionCheckpoint(st);
    if (callbacks_.published)
        callbacks_.published({gen, mi.file, mi.id, st.ckpt.step, st.ckpt.samplesGenerated,
                              st.clock.workedSeconds() / 60.0});
}

// The distributed configuration of the loop (training_loop.h). Every rank takes the same
// decisions from the same account: a limit only asks for a stop, which Ingest's broadcast
// turns into every rank's.
void DistributedTrainer::run() {
    State st;
    st.clock.start(control_);
    openRun(st);
    joinGroup(st);
    int published = 0;
    int64_t stepBefore = 0;
    auto lastProgress = Clock::now();
    LoopStages s;
    s.limitReached = [&] {
        // With the gate, a session's generations are its verdicts (a candidate stopped
        // before its verdict goes on at the next --resume).
        const int counted = st.config.gate != 0 ? st.decisions : published;
        const bool enough = options_.generations > 0 && counted >= options_.generations;
        if (st.clock.timeUp(options_.minutes) || enough) control_.requestStop();
        return false;
    };
    s.ingest = [&] { return ingest(st); };
    s.train = [&] {
        stepBefore = st.ckpt.step;
        train(st);
        return true;
    };
    s.publishDue = [&] {
        const bool due = st.gamesSincePublish >= st.config.gamesPerIteration && st.stepsSincePublish > 0;
        return st.config.gate != 0 ? gateCycle(st, due) : due;
    };
    s.publish = [&] {
        if (st.rank0)
            publish(st);  // with its checkpoint
        else if (st.config.gate == 0)
            ++st.ckpt.generation;
        st.gamesSincePublish = 0;
        st.stepsSincePublish = 0;
        ++published;
        ++stats_.generationsPublished;
        return true;
    };
    s.checkpoint = [&](const char*) {
        if (st.rank0 && st.trainer && st.ckpt.step > 0) saveSessionCheckpoint(st);
    };
    s.endCycle = [&](bool) {
        const bool trained = st.ckpt.step > stepBefore;
        st.progress.stage = trained ? Stage::Training : Stage::Idle;
        st.progress.elapsedSeconds = st.clock.workedSeconds();
        st.progress.bufferSize = st.buffer->size();
        st.progress.bufferCapacity = st.buffer->capacity();
        st.progress.games = int64_t(st.newestIngested);
        if (callbacks_.progress && secondsSince(lastProgress) > 0.25) {
            lastProgress = Clock::now();
            callbacks_.progress(st.progress);
        }
        if (!trained && st.rank0)
            std::this_thread::sleep_for(std::chrono::milliseconds(options_.pollMs));
    };
    s.finish = [&] {
        s.checkpoint("");
        finishSession(st);
    };
    runTrainingLoop(s);
}

// Finish: every rank's final weights (when asked) and the session's summary.
void DistributedTrainer::finishSession(State& st) {
    if (!options_.finalModel.empty()) {
        std::vector<int64_t> created = {int64_t(std::time(nullptr))};
        st.group->broadcast(created, 0);
        st.trainNet->meta().createdUnix = created[0];
        st.trainNet->meta().generation = st.ckpt.generation;
        nn::saveModel(*st.trainNet, options_.finalModel);
    }
    char msg[200];
    std::snprintf(
        msg, sizeof msg,
        "rank %d stopped at step %lld, generation %d: %lld steps and %lld games this session, "
        "%.0f%% of step time in collectives",
        st.group->rank(), (long long)st.ckpt.step, st.ckpt.generation, (long long)stats_.steps,
        (long long)stats_.gamesIngested,
        stats_.trainSeconds > 0 ? 100.0 * stats_.collectiveSeconds / stats_.trainSeconds : 0.0);
    log(LogLevel::Info, msg);
}

}  // namespace xq::train
