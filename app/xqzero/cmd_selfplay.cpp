// xqzero selfplay [--preset quick] [--model PATH] [--games N] [--db PATH] [--run NAME]
//                 [--threads T] [--sims N] [--games-in-flight G] [--inference-threads I]
//                 [--seconds S] [--seed S] [--json]
// Plays self-play games with a network (a randomly initialised one of the preset's size when
// no --model is given) behind an InferenceServer, and stores each game in the database the
// moment it finishes. A live progress line shows games, games/hour and positions/s. Ctrl-C
// stops: games in progress are abandoned, finished ones are already stored.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "app/xqzero/progress_line.h"
#include "app/xqzero/stop_signals.h"
#include "core/nn/fake_evaluators.h"
#include "core/nn/inference_server.h"
#include "core/store/paths.h"
#include "core/store/store.h"
#include "core/train/config.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#endif

namespace {

using namespace xq;

struct Opts {
    std::string preset = "quick";
    std::string model;
    int games = -1;  // -1: the preset's games per iteration
    std::string db;
    std::string run = "selfplay";
    int threads = 0, sims = 0, inFlight = 0, inferenceThreads = 0, seed = -1;
    double seconds = 0;
    bool json = false;
    std::string device = "cpu";
};

void addOptions(CLI::App& sub, Opts& o) {
    sub.add_option("--preset", o.preset, "quick, standard or full (net size, simulations, ...)");
    sub.add_option("--model", o.model, "Model file (default: a randomly initialised net)");
    sub.add_option("--games", o.games, "Games to play (0 = until Ctrl-C; default: the preset's "
                                       "games per iteration)")
        ->check(CLI::Range(0, 100000000));
    sub.add_option("--db", o.db, "Database file (default: " + store::defaultDatabasePath() + ")");
    sub.add_option("--run", o.run, "Run name the games belong to (created when new)")
        ->check(xqcli::runNameCheck());
    sub.add_option("--threads", o.threads, "Self-play search threads")
        ->check(xqcli::paramRange("threads"));
    sub.add_option("--sims", o.sims, "Simulations per move")
        ->check(xqcli::paramRange("simulations"));
    sub.add_option("--games-in-flight", o.inFlight, "Games searched at once per thread")
        ->check(xqcli::paramRange("games-in-flight"));
    sub.add_option("--inference-threads", o.inferenceThreads,
                   "Intra-op threads of the network's inference thread")
        ->check(xqcli::paramRange("inference-threads"));
    sub.add_option("--device", o.device, "Where the network runs: cpu, cuda or auto")
        ->check(CLI::IsMember({"cpu", "cuda", "auto"}));
    sub.add_option("--seconds", o.seconds, "Stop after this long (0 = no limit)")
        ->check(CLI::Range(0.0, 1e7));
    sub.add_option("--seed", o.seed, "Random seed (default: the preset's)")->check(CLI::Range(0, 1 << 30));
    sub.add_flag("--json", o.json, "Print one JSON summary object at the end");
}

// The preset, then the flags that override it.
train::TrainConfig resolveConfig(const Opts& o) {
    train::TrainConfig cfg = train::preset(o.preset);  // throws on an unknown name
    if (o.threads) cfg.threads = o.threads;
    if (o.sims) cfg.simulations = o.sims;
    if (o.inFlight) cfg.gamesInFlight = o.inFlight;
    if (o.inferenceThreads) cfg.inferenceThreads = o.inferenceThreads;
    if (o.seed >= 0) cfg.seed = o.seed;
    return cfg;
}

// What this build or machine cannot do with the options, as the message of a usage error;
// empty when it can.
std::string unsupported(const Opts& o) {
#ifdef XQ_WITH_TORCH
    if (o.device == "cuda" && !nn::Net::cudaAvailable())
        return "--device cuda: LibTorch sees no CUDA device on this machine";
#else
    if (!o.model.empty()) return "built without LibTorch; --model is not available";
#endif
    return {};
}

// The network that plays: --model, or a fresh one of the preset's size (a uniform fake
// evaluator in a build without LibTorch). Sets the games' generation and player label in so.
struct Player {
    std::shared_ptr<nn::Evaluator> evaluator;
    std::string note;  // for the start line
    int maxBatch = 1;  // positions of one round of every search thread
};

Player makePlayer(const Opts& o, const train::TrainConfig& cfg, train::SelfPlayOptions& so) {
    Player p;
    p.maxBatch = cfg.threads * cfg.gamesInFlight;
#ifdef XQ_WITH_TORCH
    nn::NetOptions netOpts;
    netOpts.threads = cfg.inferenceThreads;
    netOpts.device = xqcli::benchDevice(o.device);
    std::shared_ptr<nn::Net> net;
    if (!o.model.empty()) {
        net = std::make_shared<nn::Net>(nn::loadModel(o.model, netOpts));
        so.generation = int(net->meta().generation);
        p.note = o.model + " (" + net->config().label() + ", generation " +
                 std::to_string(so.generation) + ")";
    } else {
        netOpts.seed = uint64_t(cfg.seed);
        net = std::make_shared<nn::Net>(train::netConfig(cfg), netOpts);
        p.note = "random init " + net->config().label();
    }
    p.evaluator = std::make_shared<nn::TorchEvaluator>(net, nullptr, p.maxBatch);
    so.playerLabel = (o.model.empty() ? std::string("init") : "gen:" + std::to_string(so.generation)) +
                     "@" + std::to_string(cfg.simulations);
#else
    (void)o;
    p.evaluator = std::make_shared<nn::UniformEvaluator>();
    p.note = "uniform fake evaluator (built without LibTorch)";
    so.playerLabel = "uniform@" + std::to_string(cfg.simulations);
#endif
    return p;
}

std::string statsLine(const train::SelfPlayStats& s, const nn::InferenceServer& server) {
    const double secs = std::max(1e-9, s.seconds);
    const auto ss = server.stats();
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "games %llu  games/h %.0f  positions/s %.1f  sims/s %.0f  batch %.1f  "
                  "resigned %llu  %.0fs",
                  (unsigned long long)s.games, s.games * 3600.0 / secs, s.positions / secs,
                  s.simulations / secs, ss.meanBatch(), (unsigned long long)s.resignations,
                  s.seconds);
    return buf;
}

struct Played {
    train::SelfPlayStats stats;
    uint64_t stored = 0;
    bool stoppedEarly = false;
};

// Plays on a worker thread and stores each game as it finishes, while this thread shows the
// progress line and turns Ctrl-C, SIGTERM or --seconds into a stop request.
Played playAndStore(const Opts& o, int games, train::SelfPlay& sp, nn::InferenceServer& server,
                    store::Store& db, int64_t runId) {
    train::RunControl control;
    std::atomic<bool> finished{false};
    std::atomic<uint64_t> stored{0};
    std::exception_ptr error;
    Played played;
    std::thread worker([&] {
        try {
            played.stats = sp.run(
                games,
                [&](const train::SelfPlayGame& g) {
                    store::GameRecord rec = g.record;
                    rec.run = runId;
                    db.insertGame(rec);  // committed now: a crash later loses nothing
                    ++stored;
                },
                control);
        } catch (...) {
            error = std::current_exception();
        }
        finished = true;
    });

    // Ctrl-C or SIGTERM stops like the time limit: finished games stay stored.
    std::optional<xqcli::StopOnSignals> stop(std::in_place);
    xqcli::ProgressLine out;
    const auto t0 = std::chrono::steady_clock::now();
    while (!finished.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (stop->stopRequested() || (o.seconds > 0 && elapsed >= o.seconds))
            control.requestStop();
        out.update(statsLine(sp.stats(), server));
    }
    worker.join();
    stop.reset();
    server.stop();
    out.finish();
    if (error) std::rethrow_exception(error);
    played.stored = stored.load();
    played.stoppedEarly = control.stopRequested();
    return played;
}

void printJson(const Played& p, const std::string& dbPath, const std::string& runName) {
    const train::SelfPlayStats& s = p.stats;
    const double secs = std::max(1e-9, s.seconds);
    nlohmann::json j{{"games", s.games},
                     {"stored", p.stored},
                     {"positions", s.positions},
                     {"simulations", s.simulations},
                     {"seconds", s.seconds},
                     {"games_per_hour", s.games * 3600.0 / secs},
                     {"positions_per_s", s.positions / secs},
                     {"resignations", s.resignations},
                     {"false_resignations", s.falseResignations},
                     {"db", dbPath},
                     {"run", runName}};
    std::cout << j.dump() << std::endl;
}

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    addOptions(sub, *o);
    return [o]() -> int {
        const train::TrainConfig cfg = resolveConfig(*o);
        const int games = o->games >= 0 ? o->games : cfg.gamesPerIteration;
        if (const std::string why = unsupported(*o); !why.empty()) {
            std::cerr << "xqzero selfplay: " << why << "\n";
            return xqcli::kExitUsage;
        }

        // The store first: a bad --db is refused before any network is built.
        const std::string dbPath = o->db.empty() ? store::defaultDatabasePath() : o->db;
        store::ensureParentDirectory(dbPath);
        store::Store db(dbPath);
        const auto found = db.findRun(o->run);
        const store::RunInfo run = found ? *found : db.createRun(o->run, train::toJson(cfg, o->preset));

        train::SelfPlayOptions so = train::selfPlayOptionsFrom(cfg);
        const Player player = makePlayer(*o, cfg, so);
        nn::InferenceServerOptions serverOpts;
        // One search thread's round is gamesInFlight positions; with several threads the
        // server merges their rounds. Dispatch as soon as all of them could be in.
        serverOpts.maxBatch = player.maxBatch;
        nn::InferenceServer server(player.evaluator, serverOpts);

        std::cerr << "selfplay: " << player.note << ", " << cfg.simulations << " sims, "
                  << cfg.threads << " thread(s) x " << cfg.gamesInFlight << " games in flight, "
                  << "db " << store::displayDatabasePath(dbPath) << ", run '" << run.name << "' (id " << run.id << ")\n";

        train::SelfPlay sp(server, so);
        const Played played = playAndStore(*o, games, sp, server, db, run.id);
        std::cerr << statsLine(played.stats, server) << "\n"
                  << played.stored << " game(s) stored in " << store::displayDatabasePath(dbPath) << " (run '" << run.name
                  << "')" << (played.stoppedEarly ? "; stopped early, games in progress "
                                                    "were abandoned" : "")
                  << "\n";
        if (o->json) printJson(played, dbPath, run.name);
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("selfplay", "Play self-play games with a network and store them", setup);

}  // namespace
