// xqzero bench train: training throughput (samples/s of NetTrainer::step: forward, loss,
// backward, clipping, Adam) for the presets' nets at their batch sizes, with fresh (seeded)
// weights and synthetic targets: real encoded positions, a sparse policy target over 30
// indices per sample, values in {-1, 0, 1}. The cost of a step does not depend on the values.
// --device cuda trains on the GPU. --world-size N (N > 1) trains N data-parallel ranks as
// threads of this process over c10d Gloo on loopback, each with one intra-op thread and its
// own batch of the case's size, and reports the total and per-rank samples/s and the share of
// step time spent in the gradient allreduce.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "core/nn/encoder.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#endif

namespace {

#ifdef XQ_WITH_TORCH
xq::nn::TrainBatch syntheticBatch(int size, unsigned seed = 7) {
    xq::nn::TrainBatch b;
    b.size = size;
    b.planes = xqcli::samplePlanes(size);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> index(0, xq::nn::kPolicySize - 1);
    for (int row = 0; row < size; ++row) {
        for (int k = 0; k < 30; ++k) b.policySparse.push_back({row, index(rng), 1.0f / 30});
        b.values.push_back(float(int(rng() % 3) - 1));
    }
    return b;
}

// A loopback port free now (the kernel's pick for port 0), for rank 0's store.
std::string freeLoopbackMaster() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 29500;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0) ::close(fd);
    return "127.0.0.1:" + std::to_string(port);
}

struct RankResult {
    int steps = 0;
    double seconds = 0;
    double collectiveSeconds = 0;
    double loss = 0;
    std::string device;
};

// One rank of a data-parallel measurement. Every rank must take the same number of steps:
// rank 0 times one step after the warm-up and broadcasts how many fill `seconds`.
RankResult trainRank(int rank, int worldSize, const std::string& master,
                     const xq::nn::NetConfig& cfg, int batchSize, xq::nn::DeviceKind device,
                     double seconds) {
    xq::nn::TrainingGroup group(
        {.rank = rank, .worldSize = worldSize, .master = master, .timeoutSeconds = 120});
    xq::nn::Net net(cfg, {.device = device, .fp16 = false, .threads = 1, .seed = 1});
    group.broadcastWeights(net);  // identical already (same seed); as a run would start
    xq::nn::NetTrainer trainer(net);
    trainer.setGroup(&group);
    const xq::nn::TrainBatch batch = syntheticBatch(batchSize, 7 + unsigned(rank));
    trainer.step(batch);  // warm-up (allocator, kernels, Adam state, Gloo pairs)
    auto t0 = std::chrono::steady_clock::now();
    trainer.step(batch);
    const double one = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::vector<int64_t> steps{std::max<int64_t>(2, int64_t(seconds / std::max(one, 1e-6)))};
    group.broadcast(steps);
    RankResult r;
    r.device = net.deviceName();
    t0 = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < steps[0]; ++i) {
        const xq::nn::TrainStats s = trainer.step(batch);
        r.collectiveSeconds += s.collectiveSeconds;
        r.loss = s.totalLoss;
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.steps = int(steps[0]);
    return r;
}

int runGroup(const xqcli::BenchOptions& opt, double seconds, xq::nn::DeviceKind device, bool gpu) {
    const int n = opt.worldSize;
    if (!xq::nn::TrainingGroup::available()) {
        std::cerr << "xqzero bench train: --world-size " << n
                  << " needs a build with c10d Gloo (XQ_WITH_GLOO; install libgloo-dev)\n";
        return xqcli::kExitFailure;
    }
    struct Case {
        xq::nn::NetConfig net;
        int batch;
    };
    // The same nets and per-rank batches as alone (see run()).
    std::vector<Case> cases{
        {{64, 3}, 128}, {{64, 3, xq::nn::PolicyHeadKind::Bilinear}, 128}, {{128, 6}, 512}};
    if (gpu) cases.push_back({{256, 10}, 512});
    for (const Case& c : cases) {
        const std::string master = freeLoopbackMaster();
        std::vector<RankResult> results(static_cast<size_t>(n));
        std::vector<std::exception_ptr> errors(static_cast<size_t>(n));
        std::vector<std::thread> ranks;
        for (int r = 0; r < n; ++r)
            ranks.emplace_back([&, r] {
                try {
                    results[size_t(r)] = trainRank(r, n, master, c.net, c.batch, device, seconds);
                } catch (...) {
                    errors[size_t(r)] = std::current_exception();
                }
            });
        for (auto& t : ranks) t.join();
        for (int r = 0; r < n; ++r) {
            if (!errors[size_t(r)]) continue;
            try {
                std::rethrow_exception(errors[size_t(r)]);
            } catch (const std::exception& e) {
                std::cerr << "xqzero bench train: rank " << r << ": " << e.what() << "\n";
            }
            return xqcli::kExitFailure;
        }
        // Ranks run in lockstep: the slowest one's time is the group's.
        double elapsed = 0, share = 0;
        for (const RankResult& r : results) {
            elapsed = std::max(elapsed, r.seconds);
            share += r.collectiveSeconds / r.seconds / n;
        }
        const RankResult& r0 = results[0];
        const double perRank = double(r0.steps) * c.batch / elapsed;
        const double total = perRank * n;
        if (opt.json) {
            std::cout
                << nlohmann::json{{"bench", "train"},          {"net", c.net.label()},
                                  {"batch", c.batch},          {"world_size", n},
                                  {"samples_per_s", total},    {"samples_per_s_per_rank", perRank},
                                  {"collective_share", share}, {"steps", r0.steps},
                                  {"seconds", elapsed},        {"last_loss", r0.loss},
                                  {"device", r0.device},       {"blas", xqcli::benchBlasKind()}}
                       .dump()
                << std::endl;
        } else {
            std::printf(
                "train %-6s batch %3d x %d ranks  %9.1f samples/s  (%.1f per rank, %.1f%% in "
                "allreduce, %d steps, loss %.3f, %s)\n",
                c.net.label().c_str(), c.batch, n, total, perRank, 100 * share, r0.steps, r0.loss,
                r0.device.c_str());
        }
    }
    return xqcli::kExitOk;
}

int run(const xqcli::BenchOptions& opt) {
    const double seconds = opt.seconds > 0 ? opt.seconds : (opt.quick ? 0.5 : 5.0);
    const xq::nn::DeviceKind device = xqcli::benchDevice(opt.device);
    const bool gpu = device != xq::nn::DeviceKind::Cpu && xq::nn::Net::cudaAvailable();
    if (opt.worldSize > 1) return runGroup(opt, seconds, device, gpu);
    struct Case {
        xq::nn::NetConfig net;
        int batch;
    };
    // quick: 64x3 at 128; standard and full: 128x6 and 256x10 at 512 (config.cpp).
    // 64x3b: the same with the bilinear policy head.
    std::vector<Case> cases{{{64, 3}, 128}, {{64, 3, xq::nn::PolicyHeadKind::Bilinear}, 128}, {{128, 6}, 512}};
    if (gpu) cases.push_back({{256, 10}, 512});
    for (const Case& c : cases) {
        xq::nn::Net net(c.net, {.device = device, .fp16 = false, .seed = 1});  // trains in FP32
        xq::nn::NetTrainer trainer(net);
        const xq::nn::TrainBatch batch = syntheticBatch(c.batch);
        trainer.step(batch);  // warm-up (allocator, kernels, Adam state)
        int steps = 0;
        double loss = 0;
        const auto t0 = std::chrono::steady_clock::now();
        double elapsed = 0;
        do {
            loss = trainer.step(batch).totalLoss;
            ++steps;
            elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        } while (elapsed < seconds);
        const double sps = double(steps) * c.batch / elapsed;
        if (opt.json) {
            std::cout << nlohmann::json{{"bench", "train"},       {"net", c.net.label()},
                                        {"batch", c.batch},       {"samples_per_s", sps},
                                        {"steps", steps},         {"seconds", elapsed},
                                        {"last_loss", loss},      {"device", net.deviceName()},
                                        {"blas", xqcli::benchBlasKind()}}
                             .dump()
                      << std::endl;
        } else {
            std::printf("train %-6s batch %3d  %9.1f samples/s  (%d steps, loss %.3f, %s)\n",
                        c.net.label().c_str(), c.batch, sps, steps, loss,
                        net.deviceName().c_str());
        }
    }
    return xqcli::kExitOk;
}
#else
int run(const xqcli::BenchOptions&) {
    std::cerr << "xqzero bench train: this build has no LibTorch (XQ_WITH_TORCH=OFF)\n";
    return xqcli::kExitFailure;
}
#endif

XQ_BENCH("train", "Training steps: samples/s of the presets' nets at their batch sizes", run);

}  // namespace
