// xqzero bench mcts: MCTS simulations/s with the 64x3 and 128x6 nets (fresh seeded weights),
// next to the raw network throughput measured in the same run, so their ratio (the efficiency
// of everything that is not the forward pass: encoding, softmax over legal moves, move
// generation, rules, tree) is visible.
//
// How: the raw figure is Net::forward on pre-encoded planes (as `bench nn`) at batch 8, 16,
// 32, 64 and 128. On a CPU the figure at one batch can swing 2x between two readings (large
// batches fall out of the cache), so a single sweep is not trusted: a first sweep, repeated
// three times (median per batch), picks the batch B that sets the number of games in flight.
// The search is the self-play hot path: one MultiSearch thread drives B games, one leaf from
// each per round, all in ONE TorchEvaluator call (batch B), playing on with tree reuse (noise
// and temperature on, as in self-play). The search then runs in slices, and after every slice
// the whole raw sweep runs again, so search and raw figures see the same machine load:
//   `nn_positions_per_s`      raw at batch B, mean over the slices;  `ratio` = sims/s over it;
//   `nn_best_positions_per_s` the best batch's mean over the slices; `ratio_vs_sweep_best`.
// A second search run with an EvalCache reports the cache hit rate (its ratio may exceed 1:
// hits skip the network). `tree_us_per_sim`: wall time outside the evaluator per simulation.
// Intra-op threads: XQ_NN_THREADS (default 1), as `bench nn`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <random>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "core/nn/fake_evaluators.h"
#include "core/search/mcts_multi.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/encoder.h"
#include "core/nn/eval_cache.h"
#include "core/nn/net.h"
#include "core/nn/torch_evaluator.h"
#endif

namespace {

#ifdef XQ_WITH_TORCH
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

using xqcli::samplePlanes;

double rawForward(xq::nn::Net& net, const std::vector<float>& planes, int batch, double seconds) {
    std::vector<float> logits(size_t(batch) * xq::nn::kPolicySize), values(batch);
    net.forward(std::span<const float>(planes.data(), size_t(batch) * xq::nn::kInputSize), batch,
                logits, values);  // warm-up
    int64_t positions = 0;
    const auto t0 = Clock::now();
    double elapsed = 0;
    do {
        net.forward(std::span<const float>(planes.data(), size_t(batch) * xq::nn::kInputSize),
                    batch, logits, values);
        positions += batch;
        elapsed = since(t0);
    } while (elapsed < seconds);
    return double(positions) / elapsed;
}

struct SearchRun {
    double simsPerSec = 0;
    double evalsPerSec = 0;     // positions through the evaluator (cache hits included)
    double meanBatch = 0;
    double evalFraction = 0;    // share of the wall time spent inside the evaluator
    double hitRate = -1;
    double treeMicros = 0;      // wall time outside the evaluator per simulation
    uint64_t searches = 0, simulations = 0;
    double seconds = 0;
};

// Self-play-shaped load: `games` games, each searching `sims` per move, playing the sampled
// move with tree reuse, starting over when a game ends or gets long.
SearchRun runSearch(xq::nn::Evaluator& eval, int games, int sims, double seconds,
                    int slices = 1, const std::function<void()>& between = {}) {
    xq::search::MctsParams p;
    p.addNoise = true;
    p.temperaturePlies = 30;
    xq::search::MultiSearch multi(eval, p, 1);
    const xq::search::SearchLimits lim{.simulations = sims};
    for (int g = 0; g < games; ++g) {
        multi.addGame(xq::Position(), 1000 + g);
        multi.startSearch(g, lim);
    }
    auto onDone = [&](int g, const xq::search::SearchResult& r) {
        const xq::Position& root = multi.tree(g).rootPosition();
        if (r.rootStatus.over() || !r.chosenMove || root.gamePly() >= 150)
            multi.setRoot(g, xq::Position());
        else
            multi.advance(g, r.chosenMove);
        multi.startSearch(g, lim);
    };
    // A short warm-up so the first (identical) start positions and allocations do not count.
    for (int i = 0; i < 3; ++i) multi.step(onDone);
    multi.resetStats();
    // Search time is counted per slice; `between` (the raw measurement it alternates with, so
    // both see the same machine load) runs between slices and is not counted.
    SearchRun r;
    for (int k = 0; k < slices; ++k) {
        const auto t0 = Clock::now();
        while (since(t0) < seconds / slices) multi.step(onDone);
        r.seconds += since(t0);
        if (between) between();
    }
    const auto& st = multi.stats();
    r.simulations = st.simulations;
    r.searches = st.searches;
    r.simsPerSec = double(st.simulations) / r.seconds;
    r.evalsPerSec = double(st.evaluations) / r.seconds;
    r.meanBatch = st.rounds ? double(st.evaluations) / double(st.rounds) : 0;
    r.evalFraction = st.evalSeconds / r.seconds;
    r.treeMicros = st.simulations ? (r.seconds - st.evalSeconds) * 1e6 / double(st.simulations) : 0;
    return r;
}

constexpr int kBatches[] = {8, 16, 32, 64, 128};

// Fake: everything but the network, the same driver on the uniform fake.
void benchFake(const xqcli::BenchOptions& opt, int sims) {
    xq::nn::UniformEvaluator fake;
    const SearchRun t = runSearch(fake, 64, sims, opt.quick ? 0.5 : 2.0);
    if (opt.json)
        std::cout << nlohmann::json{{"bench", "mcts"}, {"net", "uniform-fake"},
                                    {"sims_per_s", t.simsPerSec}, {"games_in_flight", 64},
                                    {"batch", t.meanBatch}, {"tree_us_per_sim", t.treeMicros}}
                         .dump()
                  << std::endl;
    else
        std::printf("mcts fake    %8.0f sims/s without a network (64 games in flight, "
                    "%.1f us/sim outside the evaluator)\n",
                    t.simsPerSec, t.treeMicros);
}

// PickBatch: B, the batch whose median of three short raw sweeps is the best.
int pickBatch(xq::nn::Net& net, const std::vector<float>& planes, double rawSeconds) {
    int bestBatch = kBatches[0];
    double bestMedian = 0;
    for (int b : kBatches) {
        double r[3];
        for (double& x : r) x = rawForward(net, planes, b, rawSeconds / 3);
        std::sort(r, r + 3);
        if (r[1] > bestMedian) {
            bestMedian = r[1];
            bestBatch = b;
        }
    }
    return bestBatch;
}

// One net's figures: the search with B games in flight in slices, the whole raw sweep after
// each slice (same load for both), then the search again with an evaluation cache.
struct NetRun {
    int games = 0;           // B
    SearchRun plain, cached;
    double nnSame = 0;       // raw positions/s at batch B, mean over the slices
    double bestRaw = 0;      // the best batch's mean over the slices
    int bestRawBatch = kBatches[0];
};

NetRun measureNet(const std::shared_ptr<xq::nn::Net>& net, const std::vector<float>& planes,
                  int games, int sims, double searchSeconds, int slices) {
    NetRun r;
    r.games = games;
    xq::nn::TorchEvaluator plain(net, nullptr, games);
    std::vector<double> rawSum(std::size(kBatches), 0.0);
    r.plain = runSearch(plain, games, sims, searchSeconds, slices, [&] {
        for (size_t i = 0; i < std::size(kBatches); ++i)
            rawSum[i] += rawForward(*net, planes, kBatches[i], searchSeconds / slices / 3);
    });
    for (size_t i = 0; i < std::size(kBatches); ++i) {
        const double mean = rawSum[i] / slices;
        if (kBatches[i] == games) r.nnSame = mean;
        if (mean > r.bestRaw) {
            r.bestRaw = mean;
            r.bestRawBatch = kBatches[i];
        }
    }
    auto cache = std::make_shared<xq::nn::EvalCache>(1 << 18);
    xq::nn::TorchEvaluator cached(net, cache, games);
    r.cached = runSearch(cached, games, sims, searchSeconds);
    r.cached.hitRate = cache->hitRate();
    return r;
}

void printNet(const xqcli::BenchOptions& opt, const xq::nn::NetConfig& cfg,
              const xq::nn::Net& net, const NetRun& r, int sims, int threads) {
    const SearchRun& s = r.plain;
    const SearchRun& c = r.cached;
    if (opt.json) {
        nlohmann::json j{{"bench", "mcts"},
                         {"net", cfg.label()},
                         {"sims_per_s", s.simsPerSec},
                         {"nn_positions_per_s", r.nnSame},
                         {"nn_best_positions_per_s", r.bestRaw},
                         {"nn_best_batch", r.bestRawBatch},
                         {"ratio", s.simsPerSec / r.nnSame},
                         {"ratio_vs_sweep_best", s.simsPerSec / r.bestRaw},
                         {"games_in_flight", r.games},
                         {"batch", s.meanBatch},
                         {"leaves_per_game", 1},
                         {"sims_per_move", sims},
                         {"eval_fraction", s.evalFraction},
                         {"tree_us_per_sim", s.treeMicros},
                         {"threads", threads},
                         {"device", net.deviceName()},
                         {"cache", false},
                         {"seconds", s.seconds},
                         {"blas", xqcli::benchBlasKind()}};
        std::cout << j.dump() << std::endl;
        nlohmann::json k{{"bench", "mcts"},
                         {"net", cfg.label()},
                         {"sims_per_s", c.simsPerSec},
                         {"nn_positions_per_s", r.nnSame},
                         {"ratio", c.simsPerSec / r.nnSame},
                         {"games_in_flight", r.games},
                         {"batch", c.meanBatch},
                         {"cache", true},
                         {"cache_hit_rate", c.hitRate},
                         {"seconds", c.seconds}};
        std::cout << k.dump() << std::endl;
        return;
    }
    std::printf("mcts %-6s  %8.1f sims/s  raw nn %8.1f pos/s at batch %d (best %8.1f at %d)  "
                "ratio %.3f  (%d games in flight, one leaf each, mean batch %.1f, "
                "%.0f%% of time in the evaluator, %.1f us/sim outside it, %d thread%s, "
                "%s)\n",
                cfg.label().c_str(), s.simsPerSec, r.nnSame, r.games, r.bestRaw, r.bestRawBatch,
                s.simsPerSec / r.nnSame, r.games, s.meanBatch, 100 * s.evalFraction,
                s.treeMicros, threads, threads == 1 ? "" : "s", net.deviceName().c_str());
    std::printf("mcts %-6s  %8.1f sims/s with an evaluation cache (hit rate %.1f%%), "
                "ratio %.3f\n",
                cfg.label().c_str(), c.simsPerSec, 100 * c.hitRate, c.simsPerSec / r.nnSame);
}

// Fake -> for each net: PickBatch -> MeasureNet -> PrintNet.
int run(const xqcli::BenchOptions& opt) {
    const char* env = std::getenv("XQ_NN_THREADS");
    const int threads = env ? std::max(1, std::atoi(env)) : 1;
    const double rawSeconds = opt.seconds > 0 ? opt.seconds : (opt.quick ? 0.3 : 1.5);
    const double searchSeconds = opt.seconds > 0 ? 2 * opt.seconds : (opt.quick ? 1.0 : 5.0);
    const int sims = opt.quick ? 50 : 200;
    const int slices = opt.quick ? 2 : 5;
    const std::vector<float> planes = samplePlanes(128);
    benchFake(opt, sims);
    const xq::nn::NetConfig nets[] = {{64, 3}, {128, 6}};
    for (const auto& cfg : nets) {
        auto net = std::make_shared<xq::nn::Net>(
            cfg, xq::nn::NetOptions{.device = xqcli::benchDevice(opt.device), .threads = threads,
                                    .seed = 1});
        const int games = pickBatch(*net, planes, rawSeconds);
        const NetRun r = measureNet(net, planes, games, sims, searchSeconds, slices);
        printNet(opt, cfg, *net, r, sims, threads);
    }
    return xqcli::kExitOk;
}
#else
int run(const xqcli::BenchOptions&) {
    std::cerr << "xqzero bench mcts: this build has no LibTorch (XQ_WITH_TORCH=OFF)\n";
    return xqcli::kExitFailure;
}
#endif

XQ_BENCH("mcts", "MCTS simulations/s next to raw network throughput (64x3, 128x6)", run);

}  // namespace
