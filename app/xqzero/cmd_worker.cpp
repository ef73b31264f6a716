// xqzero worker --db postgresql://... --run NAME [--threads T] [--minutes M] [--games N]
// Self-play for a run whose trainer (`xqzero train --role trainer`, or a one-machine `xqzero
// train`) runs elsewhere: plays the run's newest model and commits each finished game to the
// shared database (worker.h).
// Ctrl-C or SIGTERM stops; games in flight are abandoned, every finished one is stored.
#include <chrono>
#include <cstdio>

#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "app/xqzero/progress_line.h"
#include "app/xqzero/stop_signals.h"
#include "core/store/model_cache.h"
#include "core/store/paths.h"
#include "core/train/worker.h"

namespace {

std::function<int()> setup(CLI::App& sub) {
    struct Opts {
        xq::train::WorkerOptions w;
        std::string device = "cpu";
    };
    auto o = std::make_shared<Opts>();
    sub.add_option("--db", o->w.dbPath,
                   "The run's database: postgresql://... (or an SQLite file on this host)")
        ->required();
    sub.add_option("--run", o->w.runName, "The run to play for (created by its trainer)")
        ->required()
        ->check(xqcli::runNameCheck());
    sub.add_option("--threads", o->w.threads, "Self-play search threads (default: the run's)")
        ->check(xqcli::paramRange("threads"));
    sub.add_option("--inference-workers", o->w.inferenceWorkers,
                   "Inference threads, each with a copy of the network (default: the run's)")
        ->check(xqcli::paramRange("inference-workers"));
    sub.add_option("--inference-threads", o->w.inferenceThreads,
                   "Intra-op threads of each (default: the run's)")
        ->check(xqcli::paramRange("inference-threads"));
    sub.add_option("--games-in-flight", o->w.gamesInFlight,
                   "Games per search thread (default: the run's)")
        ->check(xqcli::paramRange("games-in-flight"));
    sub.add_option("--cache-dir", o->w.cacheDir,
                   "This host's model cache (default: " + xq::store::defaultModelCacheDir() + ")");
    sub.add_option("--minutes", o->w.minutes, "Stop after this many minutes (0 = no limit)")
        ->check(CLI::Range(0.0, 1e6));
    sub.add_option("--games", o->w.games, "Stop after storing this many games (0 = no limit)")
        ->check(CLI::Range(int64_t(0), int64_t(1) << 40));
    sub.add_option("--wait", o->w.waitSeconds, "Seconds to wait for the run and its first model")
        ->check(CLI::Range(0.0, 1e6));
    sub.add_option("--reconnect-seconds", o->w.reconnectSeconds,
                   "How long a lost database connection is tried again before giving up")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    sub.add_option("--seed", o->w.seed, "Self-play seed (default: from the worker's id)");
    sub.add_option("--device", o->device, "Where the network runs: cpu, cuda or auto")
        ->check(CLI::IsMember({"cpu", "cuda", "auto"}));
    return [o] {
        o->w.device = xqcli::benchDevice(o->device);
        xqcli::ProgressLine out;
        xq::train::WorkerCallbacks cb;
        cb.log = [&](const std::string& m) { out.log(m); };
        cb.progress = [&](const xq::train::WorkerProgress& p) {
            char line[300];
            std::snprintf(line, sizeof line,
                          "[worker %lld] gen %d  games %lld (%.0f/h)  positions %lld (%.1f/s)  "
                          "switches %d",
                          (long long)p.workerId, p.generation, (long long)p.games, p.gamesPerHour,
                          (long long)p.positions, p.positionsPerSecond, p.modelSwitches);
            out.update(line);
        };
        xq::train::SelfPlayWorker worker(o->w, cb);
        xqcli::StopOnSignals stop([&] { worker.control().requestStop(); });
        worker.run();
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("worker", "Self-play for a run trained elsewhere, through its shared database", setup);

}  // namespace
