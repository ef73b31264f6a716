// xqzero train --preset quick|standard|full [--db PATH] [--run NAME] [--resume] [--minutes M]
//              [--iterations K] [--threads T] [--<parameter> VALUE ...] [--print-config]
//              [--init-games FILE.pgn|kind:KIND|run:NAME]
//              [--role pipeline|trainer [--rank R --world-size N --master HOST:PORT]]
// Every run parameter is a flag, generated from the one declaration in core/train/config.h.
// --role trainer trains a run whose self-play comes from `xqzero worker` processes through a
// shared database (trainer_role.h); with --world-size N, N such ranks train data-parallel.
// Ctrl-C or SIGTERM stops cleanly at a checkpoint (a second one exits at once).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "app/xqzero/progress_line.h"
#include "app/xqzero/stop_signals.h"
#include "core/engine/background_ladder.h"
#include "core/store/paths.h"
#include "core/store/store.h"
#include "core/train/config.h"
#include "core/train/pipeline.h"
#include "core/train/trainer_role.h"

namespace {

std::string formatEta(double s) {
    if (s < 0) return "--";
    char buf[32];
    const long t = long(s + 0.5);
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, (t / 60) % 60);
    else
        std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
}

struct Opts {
    std::string preset = "quick";
    std::string db;
    std::string run = "run";
    std::string modelDir;
    std::string initGames;
    bool resume = false;
    bool printConfig = false;
    double minutes = 0;
    int iterations = 0;
    std::string device = "cpu";
    std::string role = "pipeline";
    xq::nn::GroupOptions group;
    int generations = 0;
    std::string finalModel;
    double reconnectSeconds = xq::store::kDefaultReconnectSeconds;
    std::map<std::string, std::string> overrides;
};

// The background ladder of a training session (config ladder-minutes): ratings of the newest
// generation while the run goes on, stored in the database. It needs the run's id, known once
// the session has opened the run, so it starts with the first published generation. The same
// for the one-machine pipeline and the trainer role (whose rank 0 alone publishes). Its settings
// are those the session trains with: on a resume the run's stored configuration, not the
// command line's (ladderOptionsOfRun).
class LadderHook {
public:
    LadderHook(std::string dbPath, std::string runName, const xq::train::TrainConfig& config,
               std::function<void(xq::train::LogLevel, const std::string&)> log)
        : dbPath_(std::move(dbPath)), runName_(std::move(runName)), config_(config),
          log_(std::move(log)), start_(std::chrono::steady_clock::now()) {}

    void offer(const xq::train::GenerationPublished& g) {
        if (off_) return;
        if (!ladder_) {
            const auto lo = xq::engine::ladderOptionsOfRun(dbPath_, runName_, config_);
            if (!lo) return;  // the run's row is not readable yet: at the next publication
            if (lo->minutes <= 0) {
                off_ = true;
                return;
            }
            minutes_ = lo->minutes;
            auto log = log_;
            ladder_ = std::make_unique<xq::engine::BackgroundLadder>(
                *lo,
                [log](const xq::engine::LadderRated& r) {
                    char msg[200];
                    std::snprintf(msg, sizeof msg,
                                  "ladder: generation %d rated %+.0f [%+.0f, %+.0f] "
                                  "(alphabeta:1 = 0, %d games, %lld positions, %.1f min)",
                                  r.model.generation, r.rating, r.lo, r.hi, r.games,
                                  (long long)r.model.positions, r.model.minutes);
                    log(xq::train::LogLevel::Info, msg);
                },
                [log](const std::string& e) { log(xq::train::LogLevel::Warning, e); });
        }
        ladder_->offer({g.generation, g.file, g.modelId, g.samplesGenerated, g.sessionMinutes});
    }

    // A session that lasted a ladder period rates its last generation before it ends; a
    // shorter one (or an interrupted one) leaves the rating to the next session.
    void finish(bool interrupted) {
        if (!ladder_) return;
        const double minutes =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() / 60.0;
        if (!interrupted && minutes >= minutes_) {
            log_(xq::train::LogLevel::Info, "ladder: rating the last generation");
            ladder_->finish();
        }
        ladder_.reset();
    }

private:
    std::string dbPath_, runName_;
    xq::train::TrainConfig config_;  // offered; a resumed run's stored one wins
    std::function<void(xq::train::LogLevel, const std::string&)> log_;
    std::chrono::steady_clock::time_point start_;
    bool off_ = false;     // the run's ladder-minutes is 0
    double minutes_ = 0;   // the run's ladder period, once the ladder started
    std::unique_ptr<xq::engine::BackgroundLadder> ladder_;
};

// The options both roles share (PipelineOptions and TrainerRoleOptions name them alike).
template <class RoleOptions>
void setSessionOptions(RoleOptions& ro, const Opts& o, const xq::train::TrainConfig& cfg) {
    ro.config = cfg;
    ro.presetName = o.preset;
    ro.dbPath = o.db.empty() ? xq::store::defaultDatabasePath() : o.db;
    xq::store::ensureParentDirectory(ro.dbPath);
    ro.runName = o.run;
    ro.modelDir = o.modelDir;
    ro.resume = o.resume;
    ro.minutes = o.minutes;
    ro.device = xqcli::benchDevice(o.device);
}

// A training session of either role: `Loop` (Pipeline or DistributedTrainer) runs with a
// progress line drawn by `line`, its log on the terminal, the background ladder on its
// publications, and a stop at a checkpoint on Ctrl-C or SIGTERM (timeout, systemd, container
// stops). Ends by naming the database.
template <class Loop, class RoleOptions>
int runSession(const RoleOptions& ro,
               const std::function<std::string(const xq::train::Progress&)>& line) {
    xqcli::ProgressLine out;
    xq::train::PipelineCallbacks cb;
    cb.progress = [&](const xq::train::Progress& p) { out.update(line(p)); };
    cb.log = [&](xq::train::LogLevel l, const std::string& m) {
        out.log((l == xq::train::LogLevel::Error ? "error: " : "") + m);
    };
    LadderHook ladder(ro.dbPath, ro.runName, ro.config, cb.log);
    cb.published = [&](const xq::train::GenerationPublished& g) { ladder.offer(g); };
    Loop loop(ro, cb);
    bool interrupted = false;
    {
        xqcli::StopOnSignals stop([&] { loop.control().requestStop(); });
        loop.run();
        interrupted = stop.stopRequested();
    }
    out.finish();
    ladder.finish(interrupted);
    std::cerr << "database: " << xq::store::displayDatabasePath(ro.dbPath) << "\n";
    return xqcli::kExitOk;
}

// --role trainer: the trainer of a run whose self-play comes from workers (trainer_role.h).
int runTrainerRole(const Opts& o, const xq::train::TrainConfig& cfg) {
    xq::train::TrainerRoleOptions to;
    setSessionOptions(to, o, cfg);
    to.generations = o.generations;
    to.finalModel = o.finalModel;
    to.reconnectSeconds = o.reconnectSeconds;
    to.group = o.group;
    const std::string who = "rank " + std::to_string(o.group.rank);
    return runSession<xq::train::DistributedTrainer>(to, [who](const xq::train::Progress& p) {
        char line[300];
        std::snprintf(line, sizeof line,
                      "[trainer %s] gen %d  step %lld  %.0f samples/s  loss %.3f (p %.3f v %.3f) "
                      " buffer %zu/%zu",
                      who.c_str(), p.generation, (long long)p.step, p.samplesPerSecond, p.lossTotal,
                      p.lossPolicy, p.lossValue, p.bufferSize, p.bufferCapacity);
        return std::string(line);
    });
}

// Options of the session: which run, where, for how long, on what device.
void addSessionOptions(CLI::App& sub, const std::shared_ptr<Opts>& o) {
    sub.add_option("--preset", o->preset, "quick, standard or full")
        ->check(CLI::IsMember(xq::train::presetNames()));
    sub.add_option("--db", o->db,
                   "Database file (default: " + xq::store::defaultDatabasePath() + ")");
    sub.add_option("--run", o->run,
                   "Run name: letters, digits, spaces, '-', '_' and '.' (it names the model folder)")
        ->check(xqcli::runNameCheck());
    sub.add_option("--model-dir", o->modelDir,
                   "Where model files go (default: <db dir>/models/<run>)");
    sub.add_flag("--resume", o->resume, "Continue the named run from its last checkpoint");
    sub.add_option("--init-games", o->initGames,
                   "Start a new run from games: generation 0 first learns the moves played in "
                   "FILE.pgn, the database's games of kind:KIND (imported, selfplay, eval, play) "
                   "or the self-play games of run:NAME (init-steps, init-holdout, "
                   "init-result-weight; games-mix keeps a share of them in later batches)");
    sub.add_option("--minutes", o->minutes,
                   "Stop after this many minutes (0 = no limit); on --resume the timed schedules "
                   "(lr-decay-timed) go on from the minutes the run trained before")
        ->check(CLI::Range(0.0, 1e6));
    sub.add_option("--iterations", o->iterations, "Stop after this many iterations (0 = no limit)")
        ->check(CLI::Range(0, 1000000));
    sub.add_option("--device", o->device,
                   "Where the networks run and train: cpu, cuda (an NVIDIA GPU) or auto")
        ->check(CLI::IsMember({"cpu", "cuda", "auto"}));
    sub.add_flag("--print-config", o->printConfig, "Print the resolved configuration and exit");
}

// Options of --role trainer (trainer_role.h), in their own help group.
void addDistributedOptions(CLI::App& sub, const std::shared_ptr<Opts>& o) {
    sub.add_option("--role", o->role,
                   "pipeline: self-play and training in this process; trainer: train on the games "
                   "that `xqzero worker` processes store in the shared --db")
        ->check(CLI::IsMember({"pipeline", "trainer"}))
        ->group("Distributed training");
    sub.add_option("--rank", o->group.rank, "This trainer's rank (0 publishes models)")
        ->check(CLI::Range(0, 1023))
        ->group("Distributed training");
    sub.add_option("--world-size", o->group.worldSize, "Trainer ranks that average their gradients")
        ->check(CLI::Range(1, 1024))
        ->group("Distributed training");
    sub.add_option("--master", o->group.master, "HOST:PORT where rank 0 meets the other ranks")
        ->group("Distributed training");
    sub.add_option("--generations", o->generations,
                   "Trainer: stop after publishing this many (with a gate: after this many "
                   "verdicts on candidates; 0 = no limit)")
        ->check(CLI::Range(0, 1000000))
        ->group("Distributed training");
    sub.add_option("--final-model", o->finalModel,
                   "Trainer: save this rank's final weights to FILE")
        ->group("Distributed training");
    sub.add_option("--reconnect-seconds", o->reconnectSeconds,
                   "Trainer: how long a lost PostgreSQL connection is tried again before giving up")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str()
        ->group("Distributed training");
}

// One flag per declared run parameter (config.cpp's kParams); values are kept as text and
// applied over the preset, range-checked, by resolveConfig.
void addParamOptions(CLI::App& sub, const std::shared_ptr<Opts>& o) {
    for (const auto& p : xq::train::params()) {
        const std::string name = p.name;
        sub.add_option_function<std::string>(
               "--" + name, [o, name](const std::string& v) { o->overrides[name] = v; }, p.help)
            ->group(std::string("Run parameters (") + p.group + ")");
    }
}

// The preset, then the command line's parameters over it.
xq::train::TrainConfig resolveConfig(const Opts& o) {
    xq::train::TrainConfig cfg = xq::train::preset(o.preset);
    for (const auto& [name, value] : o.overrides)
        xq::train::setParamText(cfg, *xq::train::findParam(name), value);
    return cfg;
}

// Combinations of options that no role accepts; throws std::invalid_argument (a usage error).
void checkRoleOptions(const Opts& o) {
    if (o.role != "trainer" && (o.group.worldSize != 1 || o.group.rank != 0))
        throw std::invalid_argument("--rank and --world-size need --role trainer");
    if (o.group.rank >= o.group.worldSize)
        throw std::invalid_argument("--rank must be below --world-size");
    if (o.role == "trainer" && !o.initGames.empty())
        throw std::invalid_argument("--init-games starts a one-machine run (--role pipeline); "
                                    "start the run so, then continue it with --role trainer");
}

// --role pipeline: self-play and training in this process (pipeline.h), with a progress line.
int runPipeline(const Opts& o, const xq::train::TrainConfig& cfg) {
    xq::train::PipelineOptions po;
    setSessionOptions(po, o, cfg);
    po.initGames = o.initGames;
    po.iterations = o.iterations;
    return runSession<xq::train::Pipeline>(po, [](const xq::train::Progress& p) {
        char line[400];
        std::snprintf(line, sizeof line,
                      "[%s] gen %d  iter %d  games %lld +%d playing (%.0f/h, %.0f pos/s)  %s "
                      "%d/%d  buffer %zu/%zu  "
                      "step %lld  loss %.3f (p %.3f v %.3f)  ETA %s",
                      xq::train::stageName(p.stage), p.generation, p.iteration,
                      (long long)p.games, p.gamesInFlight, p.gamesPerHour, p.positionsPerSecond,
                      p.stage == xq::train::Stage::Training || p.stage == xq::train::Stage::FromGames ? "steps" : "games", p.stageDone,
                      p.stageTotal, p.bufferSize, p.bufferCapacity, (long long)p.step,
                      p.lossTotal, p.lossPolicy, p.lossValue, formatEta(p.etaSeconds).c_str());
        return std::string(line);
    });
}

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    addSessionOptions(sub, o);
    addDistributedOptions(sub, o);
    addParamOptions(sub, o);
    return [o] {
        const xq::train::TrainConfig cfg = resolveConfig(*o);
        if (o->printConfig) {
            std::cout << "preset " << o->preset << "\n" << xq::train::describe(cfg);
            return xqcli::kExitOk;
        }
        checkRoleOptions(*o);
        return o->role == "trainer" ? runTrainerRole(*o, cfg) : runPipeline(*o, cfg);
    };
}

XQ_COMMAND("train", "Run the AlphaZero loop: self-play, training, gating", setup);

}  // namespace
