// OpenRun as both trainers do it (run_open.h).
#include "core/train/run_open.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "core/error.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#include "core/store/model_cache.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/train/checkpoint.h"
#include "core/train/early_stop.h"
#include "core/train/selfplay_config.h"
#include "core/train/run_lease.h"

namespace fs = std::filesystem;

namespace xq::train {

namespace {

void takeLease(RunSession& s, const std::string& runName, const RunLog& log,
               const std::function<void()>& requestStop) {
    s.lease = holdRunLease(
        *s.store, s.run.id, runName, [&log](const std::string& m) { log(LogLevel::Warning, m); },
        [&log](const std::string& m) { log(LogLevel::Error, m); },
        requestStop ? requestStop : std::function<void()>([] {}));
}

// The checkpoint of a resumed run, or none: one that does not read (damaged, or naming files
// that are gone) is skipped, since the stored generations and games hold the run as well,
// without the training network's last steps.
std::optional<Checkpoint> readResumeCheckpoint(const RunSession& s, const std::string& runName,
                                               const RunLog& log) {
    try {
        if (auto ck = readCheckpoint(s.modelDir)) return ck;
    } catch (const std::exception& e) {
        log(LogLevel::Warning, std::string("the checkpoint cannot be used (") + e.what() +
                                   "): continuing from the newest generation and the stored games");
        return std::nullopt;
    }
    log(LogLevel::Warning, "run '" + runName + "' has no checkpoint in " + s.modelDir +
                               " (stopped before its first one): continuing from its newest "
                               "generation and its stored games");
    return std::nullopt;
}

}  // namespace

OpenedRun openRunRow(RunSession& s, const RunOpenRequest& r, const RunLog& log) {
    if (r.dbPath.empty()) throw std::invalid_argument("no database path given");
    store::requireValidRunName(r.runName);  // before the database is opened or created
    store::OpenOptions open = r.open;
    if (!open.log) open.log = [log](const std::string& m) { log(LogLevel::Warning, m); };
    s.store = std::make_unique<store::Store>(r.dbPath, open);
    const auto existing = s.store->findRun(r.runName);
    if (existing && !r.resume)
        throw Error(ErrorCode::RunExists,
                    "run '" + r.runName + "' already exists in " + s.store->path() +
                        "; use --resume to continue it or choose another --run name",
                    r.runName);
    if (!existing && r.resume)
        throw Error(ErrorCode::RunNotFound,
                    "no run named '" + r.runName + "' in " + s.store->path() + " to resume",
                    r.runName);
    OpenedRun opened;
    opened.resumed = existing.has_value();
    // A resumed run is leased before anything of it is read or written; a new one right after
    // its row exists (two processes creating one name: the second is refused by the name).
    if (existing) {
        s.run = *existing;
        takeLease(s, r.runName, log, r.requestStop);
    }
    s.modelDir = r.modelDir.empty() ? store::defaultModelDir(r.dbPath, r.runName) : r.modelDir;
    checkRoomToWork(s, r.dbPath);
    s.config = r.config;
    if (existing) {
        // The stored configuration wins: a resumed run keeps its network size and settings.
        s.config = fromJson(s.run.config, r.config);
        if (auto ck = readResumeCheckpoint(s, r.runName, log)) {
            s.ckpt = *ck;
            s.clock.carry(ck->workedSeconds);
            opened.haveCheckpoint = true;
        }
    } else {
        if (r.beforeCreate) r.beforeCreate();
        s.run = s.store->createRun(r.runName, toJson(s.config, r.presetName));
        takeLease(s, r.runName, log, r.requestStop);
    }
    return opened;
}

void checkRoomToWork(RunSession& s, const std::string& dbPath) {
    s.store->checkWritable();
    std::error_code ec;
    fs::create_directories(s.modelDir, ec);
    if (ec)
        throw Error(ErrorCode::FolderNotWritable,
                    "cannot create the model folder " + s.modelDir + ": " + ec.message(), s.modelDir);
    constexpr uintmax_t kMinFreeBytes = uintmax_t(64) << 20;
    std::vector<fs::path> dirs{fs::path(s.modelDir)};
    if (!store::isPostgresUri(dbPath)) dirs.push_back(fs::absolute(dbPath).parent_path());
    for (const fs::path& dir : dirs) {
        const fs::space_info sp = fs::space(dir, ec);
        if (!ec && sp.available < kMinFreeBytes)
            throw Error(ErrorCode::DiskFull,
                        "only " + std::to_string(sp.available >> 20) + " MiB free on the disk of " +
                            dir.string() + "; training needs at least " +
                            std::to_string(kMinFreeBytes >> 20) + " MiB for its games and models",
                        dir.string());
    }
    const fs::path probe = fs::path(s.modelDir) / ".write-test";
    {
        std::ofstream f(probe, std::ios::binary | std::ios::trunc);
        if (!(f << "xqzero" << std::flush))
            throw Error(ErrorCode::FolderNotWritable,
                        "cannot write model files in " + s.modelDir + ": " + std::strerror(errno),
                        s.modelDir);
    }
    fs::remove(probe, ec);
}

// The models table and checkpoint.json are written at different moments (a generation's file,
// then its row, then the checkpoint), so a kill can leave them a generation apart.
bool reconcileGenerations(RunSession& s, const OpenedRun& opened, const RunLog& log) {
    if (!opened.resumed) return false;
    const bool haveCheckpoint = opened.haveCheckpoint;
    const auto best = s.store->bestModel(s.run.id);
    auto fileOf = [&](const std::string& f) { return fs::path(s.modelDir) / f; };
    if (haveCheckpoint && (!best || best->generation < s.ckpt.generation)) {
        std::error_code ec;
        if (fs::exists(fileOf(s.ckpt.bestFile), ec)) {
            store::ModelInfo mi;
            mi.run = s.run.id;
            mi.generation = s.ckpt.generation;
            mi.file = fileOf(s.ckpt.bestFile).string();
            mi.parent = best ? std::optional<int64_t>(best->id) : std::nullopt;
            mi.accepted = true;
            mi.elo = s.ckpt.elo;
            mi.eloLo = s.ckpt.eloLo;
            mi.eloHi = s.ckpt.eloHi;
            s.ckpt.bestModelId = s.store->addModel(mi);
            log(LogLevel::Warning, "the database lacked generation " +
                                       std::to_string(s.ckpt.generation) +
                                       " that the checkpoint names: its row is restored");
            return true;
        }
    }
    if (!best) return false;
    if (haveCheckpoint && best->generation == s.ckpt.generation) return true;
    // A missing or damaged file is the loader's to handle (loadPlayingGeneration falls back).
    if (haveCheckpoint)
        log(LogLevel::Warning, "the checkpoint is at generation " + std::to_string(s.ckpt.generation) +
                                   ", the database at " + std::to_string(best->generation) +
                                   " (stopped between the two writes): continuing from generation " +
                                   std::to_string(best->generation));
    s.ckpt.generation = best->generation;
    s.ckpt.bestFile = best->file;  // absolute: the model-dir join keeps it as is
    s.ckpt.bestModelId = best->id;
    s.ckpt.elo = best->elo.value_or(0);
    s.ckpt.eloLo = best->eloLo.value_or(0);
    s.ckpt.eloHi = best->eloHi.value_or(0);
    return true;
}

std::shared_ptr<nn::Net> loadCheckpointNet(RunSession& s, const nn::NetOptions& netOpts,
                                           const RunLog& log) {
    try {
        return std::make_shared<nn::Net>(
            nn::loadModel(fs::path(s.modelDir) / s.ckpt.trainFile, netOpts));
    } catch (const nn::ModelFileError& e) {
        log(LogLevel::Warning, std::string("the checkpoint's training network does not load (") +
                                   e.what() + "): training goes on from generation " +
                                   std::to_string(s.ckpt.generation) + " with a fresh optimizer");
        return nullptr;
    }
}

// After a fallback the next generation still takes the number after the run's highest
// (publisher.h: nextGenerationNumber): the skipped file keeps its name, no number repeats.
std::shared_ptr<nn::Net> loadPlayingGeneration(RunSession& s, const nn::NetOptions& netOpts,
                                               const RunLog& log) {
    const std::vector<store::ModelInfo> models = s.store->listModels(s.run.id);  // by generation
    int newest = -1;
    for (const auto& m : models) newest = std::max(newest, m.generation);
    auto tryLoad = [&](const fs::path& file, const std::string& sha256,
                       std::string& why) -> std::shared_ptr<nn::Net> {
        std::error_code ec;
        fs::path from = file;
        if (!fs::exists(file, ec)) {
            why = "the file is missing";
            if (sha256.empty()) return nullptr;
            // Published on another host (or the file was removed): its weights in the store.
            try {
                from = store::cachedModelFile(*s.store, sha256);
            } catch (const std::exception& e) {
                why += std::string(" and its stored weights do not load (") + e.what() + ")";
                return nullptr;
            }
        }
        try {
            return std::make_shared<nn::Net>(nn::loadModel(from.string(), netOpts));
        } catch (const nn::ModelFileError& e) {
            why = e.what();
            return nullptr;
        }
    };
    const fs::path first = fs::path(s.modelDir) / s.ckpt.bestFile;
    std::string firstSha;
    for (const auto& m : models)
        if (m.id == s.ckpt.bestModelId) firstSha = m.sha256;
    std::string why;
    if (auto net = tryLoad(first, firstSha, why)) return net;
    log(LogLevel::Warning, "skipped generation " + std::to_string(s.ckpt.generation) + " (" +
                               first.string() + "): " + why);
    for (auto it = models.rbegin(); it != models.rend(); ++it) {
        if (!it->accepted || it->file.empty() || fs::path(it->file) == first) continue;
        std::string whyNot;
        auto net = tryLoad(it->file, it->sha256, whyNot);
        if (!net) {
            log(LogLevel::Warning, "skipped generation " + std::to_string(it->generation) + " (" +
                                       it->file + "): " + whyNot);
            continue;
        }
        log(LogLevel::Warning, "self-play continues from generation " +
                                   std::to_string(it->generation) + " (" + it->file +
                                   "), the newest whose weights load; the next "
                                   "generation is numbered " +
                                   std::to_string(std::max(newest, it->generation) + 1));
        s.ckpt.generation = it->generation;
        s.ckpt.bestFile = it->file;
        s.ckpt.bestModelId = it->id;
        s.ckpt.elo = it->elo.value_or(0);
        s.ckpt.eloLo = it->eloLo.value_or(0);
        s.ckpt.eloHi = it->eloHi.value_or(0);
        return net;
    }
    throw Error(ErrorCode::RunModelMissing,
                "no generation of run '" + s.run.name + "' has weights that load (" +
                    first.string() + ": " + why + ")",
                first.string());
}

void startTrainer(RunSession& s, double learningRate, bool restoreOptimizer) {
    nn::TrainerOptions topts;
    topts.learningRate = learningRate;
    topts.weightDecay = s.config.weightDecay;
    topts.clipNorm = s.config.gradClip;
    topts.averageSteps = s.config.weightAverageSteps;
    topts.replyWeight = s.config.replyPolicyWeight;
    s.trainer = std::make_unique<nn::NetTrainer>(*s.trainNet, topts);
    s.trainer->setGroup(s.group.get());
    if (restoreOptimizer && !s.ckpt.optimizerFile.empty())
        s.trainer->loadState((fs::path(s.modelDir) / s.ckpt.optimizerFile).string());
    s.buffer = std::make_unique<ReplayBuffer>(size_t(s.config.bufferCapacity));
    s.heldOut = std::make_unique<ReplayBuffer>(heldOutCapacity(s.config.bufferCapacity));
    for (ReplayBuffer* b : {s.buffer.get(), s.heldOut.get()}) configureBuffer(*b, s.config);
}

}  // namespace xq::train
