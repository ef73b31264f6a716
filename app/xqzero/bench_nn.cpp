// xqzero bench nn: raw forward-pass throughput (Net::forward on pre-encoded planes, no grad)
// at batch 1, 8, 32, 128 for the 64x3 and 128x6 nets with fresh (seeded) weights; with
// --device cuda also batch 512 and 1024, the 256x10 net, and FP32 next to FP16. Weights do
// not change the cost, so no model file is needed. Intra-op threads: XQ_NN_THREADS (default
// 1, the inference default; docs/design.md, The hot path).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>

#include <nlohmann/json.hpp>

#include "app/xqzero/bench.h"
#include "app/xqzero/bench_inputs.h"
#include "app/xqzero/command.h"
#include "core/nn/encoder.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/net.h"
#endif

namespace {

#ifdef XQ_WITH_TORCH
using xqcli::samplePlanes;

// A GPU's outputs against the CPU's for the same weights (the same seed builds the same
// net on either device) on 128 sample positions: the largest differences, printed with the
// figures so that a wrong fast path cannot pass for a fast one.
void checkAgainstCpu(xq::nn::Net& gpu, const xq::nn::NetConfig& cfg,
                     const std::vector<float>& planes, bool json) {
    const int n = 128;
    xq::nn::Net cpu(cfg, {.seed = 1});
    std::vector<float> lg(size_t(n) * xq::nn::kPolicySize), vg(n), lc(lg.size()), vc(n);
    gpu.forward(planes, n, lg, vg);
    cpu.forward(planes, n, lc, vc);
    float dl = 0, dv = 0;
    for (size_t i = 0; i < lg.size(); ++i) dl = std::max(dl, std::abs(lg[i] - lc[i]));
    for (int i = 0; i < n; ++i) dv = std::max(dv, std::abs(vg[i] - vc[i]));
    if (json)
        std::cout << nlohmann::json{{"bench", "nn_check"}, {"net", cfg.label()},
                                    {"device", gpu.deviceName()}, {"positions", n},
                                    {"max_abs_logit_diff", dl}, {"max_abs_value_diff", dv}}
                         .dump()
                  << std::endl;
    else
        std::printf("nn %-6s %s against cpu: max |logit diff| %.2g, max |value diff| %.2g\n",
                    cfg.label().c_str(), gpu.deviceName().c_str(), dl, dv);
}

int run(const xqcli::BenchOptions& opt) {
    const char* env = std::getenv("XQ_NN_THREADS");
    const int threads = env ? std::max(1, std::atoi(env)) : 1;
    const double seconds = opt.seconds > 0 ? opt.seconds : (opt.quick ? 0.3 : 2.0);
    const xq::nn::DeviceKind device = xqcli::benchDevice(opt.device);
    // On a GPU the interesting batches are larger and the full preset's net is affordable;
    // both precisions are measured there (inference uses FP16 by default).
    const bool gpu = device != xq::nn::DeviceKind::Cpu && xq::nn::Net::cudaAvailable();
    std::vector<int> batches{1, 8, 32, 128};
    // 64x3b: the quick preset's trunk with the bilinear policy head (net.h).
    std::vector<xq::nn::NetConfig> nets{{64, 3}, {64, 3, xq::nn::PolicyHeadKind::Bilinear}, {128, 6}};
    std::vector<bool> precisions{true};
    if (gpu) {
        batches.insert(batches.end(), {512, 1024});
        nets.push_back({256, 10});
        precisions = {true, false};
    }
    const int maxBatch = batches.back();
    const std::vector<float> planes = samplePlanes(maxBatch);
    std::vector<float> logits(size_t(maxBatch) * xq::nn::kPolicySize), values(maxBatch);
    for (const auto& cfg : nets) {
        for (bool fp16 : precisions) {
            xq::nn::Net net(cfg, {.device = device, .fp16 = fp16, .threads = threads, .seed = 1});
            if (net.onCuda()) checkAgainstCpu(net, cfg, planes, opt.json);
            for (int batch : batches) {
                net.forward(planes, batch, logits, values);  // warm-up (allocator, kernels)
                int64_t positions = 0;
                const auto t0 = std::chrono::steady_clock::now();
                double elapsed = 0;
                do {
                    net.forward(planes, batch, logits, values);
                    positions += batch;
                    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                                  .count();
                } while (elapsed < seconds);
                const double pps = double(positions) / elapsed;
                if (opt.json) {
                    nlohmann::json j{{"bench", "nn"},          {"net", cfg.label()},
                                     {"batch", batch},         {"positions_per_s", pps},
                                     {"threads", threads},     {"device", net.deviceName()},
                                     {"seconds", elapsed},     {"positions", positions},
                                     {"blas", xqcli::benchBlasKind()}};
                    std::cout << j.dump() << std::endl;
                } else {
                    std::printf("nn %-6s batch %4d  %10.1f positions/s  (%s, %d thread%s)\n",
                                cfg.label().c_str(), batch, pps, net.deviceName().c_str(),
                                threads, threads == 1 ? "" : "s");
                }
            }
        }
    }
    return xqcli::kExitOk;
}
#else
int run(const xqcli::BenchOptions&) {
    std::cerr << "xqzero bench nn: this build has no LibTorch (XQ_WITH_TORCH=OFF)\n";
    return xqcli::kExitFailure;
}
#endif

XQ_BENCH("nn", "Network forward-pass throughput (64x3, 128x6; batch 1..128; on a GPU also 256x10 and batch 1024)", run);

}  // namespace
