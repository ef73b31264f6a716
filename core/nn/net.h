#pragma once
// Net: the policy-value ResNet, behind a pimpl so that no LibTorch type leaves core/nn.
//
// Architecture (AlphaZero style, sized by NetConfig):
//   input  planesOf(features) x 10 x 9 (see encoder.h: Basic 17 planes, Tactical 23)
//   stem   3x3 conv (channels) - BN - ReLU
//   trunk  `blocks` residual blocks: 3x3 conv - BN - ReLU - 3x3 conv - BN, + skip, ReLU
//   policy (PolicyHeadKind::Dense) 1x1 conv (2) - BN - ReLU - FC 180 -> 8100 logits
//          (PolicyHeadKind::Bilinear) two 1x1 convs (kBilinearRank each, BN, the "from" one
//          ReLU'd) give a from-square and a to-square feature vector; logit(from, to) =
//          <from features, to features> / sqrt(rank) + a learned bias per (from, to). Each
//          move's logit then reads the trunk's features at both of its squares (what stands on
//          the target, whether it is defended), which the dense head can only learn square
//          pair by square pair through 1.46M weights. Logits follow encoder.h's policy layout.
//   value  1x1 conv (1) - BN - ReLU - FC 90 -> 128 - ReLU - FC 128 -> 1 - tanh
// Presets: quick 64x3, standard 128x6, full 256x10.
//
// Device: CPU by default. With NetOptions::device = Auto it uses CUDA when LibTorch was built
// with it and a GPU is present; inference then runs in FP16 (a half copy of the weights kept
// in step with the FP32 master copy that training updates).
//
// Threads: LibTorch's intra-op thread count is set (per calling thread, before each forward)
// to NetOptions::threads, default 1: one inference thread per device and several search
// threads already fill the cores, and extra OpenMP threads spinning against them collapsed
// throughput in measurements (docs/design.md, The hot path).
//
// Thread-safety: a Net is NOT thread-safe: one thread at a time may call forward(), train it
// (NetTrainer) or save/load it. Put an InferenceServer in front to share it between threads.

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/nn/encoder.h"

namespace xq::nn {

// The network sizes this project trains, builds and loads: the training config's
// `channels` and `blocks` parameters (core/train/config.cpp) take their ranges from here, Net
// refuses anything else and so does a model file's metadata (model_file.h).
constexpr int kMinChannels = 8;
constexpr int kMaxChannels = 512;
constexpr int kMinBlocks = 1;
constexpr int kMaxBlocks = 40;

// The policy head's architecture (see the top of this file). The values are stored in model
// files and run configs: never renumber them.
enum class PolicyHeadKind : int { Dense = 0, Bilinear = 1 };
constexpr int kPolicyHeadKinds = 2;
// Feature vector length per square of the bilinear head.
constexpr int kBilinearRank = 32;

struct NetConfig {
    int channels = 64;
    int blocks = 3;
    PolicyHeadKind policyHead = PolicyHeadKind::Dense;
    InputFeatures features = InputFeatures::Basic;
    bool inRange() const {
        return channels >= kMinChannels && channels <= kMaxChannels && blocks >= kMinBlocks &&
               blocks <= kMaxBlocks && int(policyHead) >= 0 && int(policyHead) < kPolicyHeadKinds &&
               int(features) >= 0 && int(features) < kInputFeatureKinds;
    }
    // "64x3" style label used by benches, files and the UI; "64x3b" with the bilinear head,
    // "64x3bt" with the tactical input planes too.
    std::string label() const {
        return std::to_string(channels) + "x" + std::to_string(blocks) +
               (policyHead == PolicyHeadKind::Bilinear ? "b" : "") +
               (features == InputFeatures::Tactical ? "t" : "");
    }
    bool operator==(const NetConfig&) const = default;
};

enum class DeviceKind { Cpu, Cuda, Auto };

struct NetOptions {
    DeviceKind device = DeviceKind::Cpu;
    bool fp16 = true;   // FP16 inference on CUDA (ignored on CPU)
    int threads = 1;    // intra-op threads for forward passes on CPU
    uint64_t seed = 0;  // 0: LibTorch's default initialisation; else seeded (reproducible)
};

// Where a model came from; stored in the model file next to the weights.
struct ModelMeta {
    int64_t generation = 0;
    int64_t trainingSteps = 0;
    int64_t createdUnix = 0;  // seconds since the epoch, set when first saved if 0
};

class Net {
  public:
    explicit Net(NetConfig config = {}, NetOptions options = {});
    ~Net();
    Net(Net&&) noexcept;
    Net& operator=(Net&&) noexcept;
    Net(const Net&) = delete;
    Net& operator=(const Net&) = delete;

    const NetConfig& config() const;
    const NetOptions& options() const;
    ModelMeta& meta();
    const ModelMeta& meta() const;
    // "cpu", "cuda:0 fp16", ...
    std::string deviceName() const;
    bool onCuda() const;
    // Whether this LibTorch build sees a CUDA device.
    static bool cudaAvailable();
    int64_t parameterCount() const;

    // Inference (eval mode, no grad). planes: batch x kInputSize floats (all of encoder.h's
    // planes; a Basic net reads the first kBasicPlanes of each position). Writes batch x
    // kPolicySize raw logits and batch values in [-1, 1] (side to move's view).
    void forward(std::span<const float> planes, int batch, std::span<float> policyLogits,
                 std::span<float> values);

    // A new Net with the same config, options and weights (e.g. the current best model for
    // an InferenceServer while the trainer keeps changing this one).
    Net clone() const;
    // Copies weights (and meta) from `other`; throws std::invalid_argument on a config
    // mismatch.
    void copyWeightsFrom(const Net& other);

    void setThreads(int threads);

    struct Impl;  // defined in torch_net_impl.h (LibTorch), used by the torch_*.cpp files
    Impl& impl() { return *impl_; }
    const Impl& impl() const { return *impl_; }

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace xq::nn
