// xqzero bench train: training throughput (samples/s of NetTrainer::step: forward, loss,
// backward, clipping, Adam) for the presets' nets at their batch sizes, with fresh (seeded)
// weights and synthetic targets: real encoded positions, a sparse policy target over 30
// indices per sample, values in {-1, 0, 1}. The cost of a step does not depend on the values.
// --device cuda trains on the GPU.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "core/nn/encoder.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/trainer_backend.h"
#endif

namespace {

#ifdef XQ_WITH_TORCH
xq::nn::TrainBatch syntheticBatch(int size) {
    xq::nn::TrainBatch b;
    b.size = size;
    b.planes = xqcli::samplePlanes(size);
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> index(0, xq::nn::kPolicySize - 1);
    for (int row = 0; row < size; ++row) {
        for (int k = 0; k < 30; ++k) b.policySparse.push_back({row, index(rng), 1.0f / 30});
        b.values.push_back(float(int(rng() % 3) - 1));
    }
    return b;
}

int run(const xqcli::BenchOptions& opt) {
    const double seconds = opt.seconds > 0 ? opt.seconds : (opt.quick ? 0.5 : 5.0);
    const xq::nn::DeviceKind device = xqcli::benchDevice(opt.device);
    const bool gpu = device != xq::nn::DeviceKind::Cpu && xq::nn::Net::cudaAvailable();
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
                                        {"last_loss", loss},      {"device", net.deviceName()}}
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
