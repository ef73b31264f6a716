// xqzero bench selfplay: self-play throughput of the quick preset (64x3 net, random init,
// 80 simulations, the preset's games in flight) through an InferenceServer, for a few
// thread settings measured one after another in the same process:
//   (search threads, inference intra-op threads) in {(1,1), (2,1), (1,2), (2,2)}
// --preset, --device, --threads and --games-in-flight measure another preset, a GPU, or one
// given setting (e.g. 16 search threads x 64 games feeding one GPU).
// One JSON line per setting, then the best setting's line again with "best": true.
//
// Games rarely finish within a minute (24 games share the network, ~200 plies each), so
// games/hour is estimated as positions/s * 3600 / mean plies, with the mean plies of the
// games that finished during the run when at least kMinFinished did, otherwise the preset's
// length cap (a conservative bound: no game is longer). "mean_plies_from" says which.
// The raw network throughput of the same net at the same batch size is measured too, so the
// ratio (efficiency of everything that is not the network) is visible (docs/design.md, The hot path).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "core/nn/fake_evaluators.h"
#include "core/nn/inference_server.h"
#include "core/train/config.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/torch_evaluator.h"
#endif

namespace {

constexpr int kMinFinished = 5;

struct Setting {
    int threads;
    int inferenceThreads;
    int workers;  // inference workers, each with its own copy of the net
};

#ifdef XQ_WITH_TORCH
// Positions/s of the bare network at `batch` (encode + forward + softmax over legal moves):
// varied positions from short random games.
double netThroughput(const std::shared_ptr<xq::nn::Net>& net, int batch, double seconds) {
    xq::nn::TorchEvaluator eval(net, nullptr, batch);
    std::vector<xq::Position> positions(batch);
    std::vector<xq::MoveList> moves(batch);
    std::mt19937_64 rng(1);
    for (int i = 0; i < batch; ++i) {
        for (int k = 0; k < 2 + i % 20; ++k) {
            xq::MoveList ml;
            positions[i].legalMoves(ml);
            if (ml.empty()) break;
            positions[i].makeMove(ml[int(rng() % ml.size())]);
        }
        positions[i].legalMoves(moves[i]);
    }
    std::vector<xq::nn::EvalInput> in;
    for (int i = 0; i < batch; ++i) in.push_back({&positions[i], &moves[i]});
    std::vector<xq::nn::EvalOutput> out(batch);
    eval.evaluate(in, out);  // warm-up
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t n = 0;
    double s = 0;
    do {
        eval.evaluate(in, out);
        n += batch;
        s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } while (s < seconds);
    return n / s;
}
#endif

// The evaluators of one setting: one per inference worker (copies of one random-init net),
// the name reported for them, and the bare network's positions/s at the games-in-flight batch.
struct Evaluators {
    std::vector<std::shared_ptr<xq::nn::Evaluator>> inners;
    std::string name;
    double netPerS = 0;  // 0 without LibTorch
};

Evaluators buildEvaluators(const xq::train::TrainConfig& cfg,
                           [[maybe_unused]] xq::nn::DeviceKind device, int workers,
                           [[maybe_unused]] double seconds) {
    using namespace xq;
    Evaluators ev;
#ifdef XQ_WITH_TORCH
    nn::NetOptions netOpts;
    netOpts.threads = cfg.inferenceThreads;
    netOpts.device = device;
    netOpts.seed = 1;
    auto net = std::make_shared<nn::Net>(train::netConfig(cfg), netOpts);
    ev.netPerS = netThroughput(net, cfg.gamesInFlight, std::min(3.0, seconds / 4));
    const int maxBatch = cfg.threads * cfg.gamesInFlight;
    for (int w = 0; w < workers; ++w)
        ev.inners.push_back(std::make_shared<nn::TorchEvaluator>(
            w == 0 ? net : std::make_shared<nn::Net>(net->clone()), nullptr, maxBatch));
    ev.name = "net " + net->config().label() + " random init (" + net->deviceName() + ")";
#else
    (void)cfg;
    (void)workers;
    ev.inners.push_back(std::make_shared<nn::UniformEvaluator>());
    ev.name = "uniform fake (built without LibTorch)";
#endif
    return ev;
}

// What self-play did in the measured seconds, and the games that finished in them.
struct Played {
    xq::train::SelfPlayStats stats;
    uint64_t finished = 0, finishedPlies = 0;
};

Played playFor(const xq::train::TrainConfig& cfg, xq::nn::InferenceServer& server, double seconds) {
    using namespace xq;
    train::SelfPlay sp(server, train::selfPlayOptionsFrom(cfg));
    train::RunControl control;
    std::mutex m;
    Played p;  // finished counts guarded by m until the worker joins
    std::thread worker([&] {
        p.stats = sp.run(
            0,
            [&](const train::SelfPlayGame& g) {
                std::lock_guard lk(m);
                ++p.finished;
                p.finishedPlies += uint64_t(g.record.plies);
            },
            control);
    });
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    control.requestStop();
    worker.join();
    return p;
}

nlohmann::json report(const xq::train::TrainConfig& cfg, const std::string& presetName,
                      const Evaluators& ev, const Played& p, double meanBatch) {
    const xq::train::SelfPlayStats& st = p.stats;
    const double secs = std::max(1e-9, st.seconds);
    const double posPerS = st.positions / secs;
    const bool fromFinished = p.finished >= uint64_t(kMinFinished);
    const double meanPlies =
        fromFinished ? double(p.finishedPlies) / double(p.finished) : double(cfg.maxPlies);
    const double extendedShare =
        st.fullSearches ? double(st.extendedSearches) / double(st.fullSearches) : 0.0;
    nlohmann::json j{{"bench", "selfplay"},
                     {"preset", presetName},
                     {"games_per_hour", meanPlies > 0 ? posPerS * 3600.0 / meanPlies : 0.0},
                     {"positions_per_s", posPerS},
                     {"sims_per_s", st.simulations / secs},
                     {"evals_per_s", st.evaluations / secs},
                     {"threads", cfg.threads},
                     {"inference_threads", cfg.inferenceThreads},
                     {"inference_workers", int(ev.inners.size())},
                     {"games_in_flight", cfg.gamesInFlight},
                     {"simulations", cfg.simulations},
                     {"search", cfg.search == 1 ? "gumbel" : "puct"},
                     // positions searched fully, whose policy target is stored
                     {"targets_per_s", st.fullSearches / secs},
                     // of the full searches, the share searched again as unsettled roots
                     {"extended_share", extendedShare},
                     {"mean_plies", meanPlies},
                     {"mean_plies_from", fromFinished ? "finished" : "cap"},
                     {"finished_games", p.finished},
                     {"mean_batch", meanBatch},
                     {"seconds", st.seconds},
                     {"evaluator", ev.name},
                     {"blas", xqcli::benchBlasKind()}};
    if (ev.netPerS > 0) {
        j["net_positions_per_s"] = ev.netPerS;
        // Share of the bare network's speed that self-play achieves (tree, batching, threads).
        j["efficiency"] = (st.evaluations / secs) / ev.netPerS;
    }
    return j;
}

// One setting: BuildEvaluators → PlayFor the seconds through one InferenceServer → Report.
nlohmann::json measure(const xq::train::TrainConfig& base, const std::string& presetName,
                       xq::nn::DeviceKind device, Setting set, double seconds) {
    using namespace xq;
    train::TrainConfig cfg = base;
    cfg.threads = set.threads;
    cfg.inferenceThreads = set.inferenceThreads;
    const Evaluators ev = buildEvaluators(cfg, device, set.workers, seconds);
    const int maxBatch = cfg.threads * cfg.gamesInFlight;
    nn::InferenceServerOptions so;
    so.maxBatch = std::max(8, (maxBatch + int(ev.inners.size()) - 1) / int(ev.inners.size()));
    nn::InferenceServer server(ev.inners, so);
    const Played p = playFor(cfg, server, seconds);
    server.stop();
    return report(cfg, presetName, ev, p, server.stats().meanBatch());
}

int run(const xqcli::BenchOptions& opt) {
    xq::train::TrainConfig cfg = xq::train::preset(opt.preset);
    if (opt.gamesInFlight > 0) cfg.gamesInFlight = opt.gamesInFlight;
    if (opt.search >= 0) cfg.search = opt.search;
    if (opt.inputFeatures >= 0) cfg.inputFeatures = opt.inputFeatures;
    if (opt.simulations > 0) cfg.simulations = opt.simulations;
    std::vector<Setting> settings;
    if (opt.threads > 0)
        settings = {{opt.threads, cfg.inferenceThreads, cfg.inferenceWorkers}};
    else if (opt.quick)
        settings = {{cfg.threads, cfg.inferenceThreads, cfg.inferenceWorkers}};
    else
        settings = {{1, 1, 1}, {2, 1, 1}, {2, 2, 1}, {2, 1, 2}};
    const double seconds = opt.seconds > 0 ? opt.seconds : (opt.quick ? 10.0 : 60.0);
    const xq::nn::DeviceKind device = xqcli::benchDevice(opt.device);
    nlohmann::json best;
    for (const Setting& s : settings) {
        nlohmann::json j = measure(cfg, opt.preset, device, s, seconds);
        if (best.is_null() || j["positions_per_s"].get<double>() > best["positions_per_s"].get<double>())
            best = j;
        if (opt.json) {
            std::cout << j.dump() << std::endl;
        } else {
            std::printf("threads %d, inference threads %d, workers %d: %.1f positions/s, %.0f sims/s, "
                        "%.0f games/h (mean plies %.0f from %s, %llu finished), batch %.1f",
                        s.threads, s.inferenceThreads, s.workers, j["positions_per_s"].get<double>(),
                        j["sims_per_s"].get<double>(), j["games_per_hour"].get<double>(),
                        j["mean_plies"].get<double>(),
                        j["mean_plies_from"].get<std::string>().c_str(),
                        (unsigned long long)j["finished_games"].get<uint64_t>(),
                        j["mean_batch"].get<double>());
            if (j.contains("net_positions_per_s"))
                std::printf(", net alone %.0f pos/s (efficiency %.2f)",
                            j["net_positions_per_s"].get<double>(), j["efficiency"].get<double>());
            std::printf("\n");
        }
    }
    if (settings.size() > 1) {
        best["best"] = true;
        if (opt.json)
            std::cout << best.dump() << std::endl;
        else
            std::printf("best: %d search thread(s), %d inference thread(s), %d worker(s)\n",
                        best["threads"].get<int>(), best["inference_threads"].get<int>(),
                        best["inference_workers"].get<int>());
    }
    return xqcli::kExitOk;
}

XQ_BENCH("selfplay", "Self-play throughput of a preset, quick by default (games/h, positions/s)", run);

}  // namespace
