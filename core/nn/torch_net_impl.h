#pragma once
// Private to core/nn: the LibTorch modules behind Net (included only by torch_*.cpp).
//
// Parameter names (these are the keys of the exported state dict, see model_file.h):
//   stem.conv.weight, stem.bn.{weight,bias,running_mean,running_var,num_batches_tracked}
//   blocks.<i>.conv1.weight, blocks.<i>.bn1.*, blocks.<i>.conv2.weight, blocks.<i>.bn2.*
//   policy.conv_bn.conv.weight, policy.conv_bn.bn.*, policy.fc.{weight,bias}   (dense head)
//   policy.from.conv.weight, policy.from.bn.*, policy.to.conv.weight, policy.to.bn.*,
//   policy.bias [8100]                                                      (bilinear head)
//   value.conv.weight, value.bn.*, value.fc1.{weight,bias}, value.fc2.{weight,bias}
//
// Thread-safety: as Net (one thread at a time).

#include <torch/torch.h>

#include "core/nn/encoder.h"
#include "core/nn/net.h"

namespace xq::nn {

// conv (no bias: the BN that follows has one) + batch norm.
struct ConvBnImpl : torch::nn::Module {
    ConvBnImpl(int in, int out, int kernel);
    torch::Tensor forward(const torch::Tensor& x) { return bn(conv(x)); }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::BatchNorm2d bn{nullptr};
};
TORCH_MODULE(ConvBn);

struct ResBlockImpl : torch::nn::Module {
    explicit ResBlockImpl(int channels);
    torch::Tensor forward(const torch::Tensor& x);
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(ResBlock);

struct PolicyHeadImpl : torch::nn::Module {
    explicit PolicyHeadImpl(int channels);
    torch::Tensor forward(const torch::Tensor& x);
    ConvBn conv_bn{nullptr};
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(PolicyHead);

// logit(from, to) = <relu(from(x))[:, from], to(x)[:, to]> / sqrt(rank) + bias[from * 90 + to].
struct BilinearPolicyHeadImpl : torch::nn::Module {
    BilinearPolicyHeadImpl(int channels, int rank);
    torch::Tensor forward(const torch::Tensor& x);
    ConvBn from{nullptr}, to{nullptr};
    torch::Tensor bias;
    double scale = 1.0;
};
TORCH_MODULE(BilinearPolicyHead);

struct ValueHeadImpl : torch::nn::Module {
    explicit ValueHeadImpl(int channels);
    torch::Tensor forward(const torch::Tensor& x);
    ConvBn conv_bn{nullptr};
    torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(ValueHead);

struct XqNetImpl : torch::nn::Module {
    explicit XqNetImpl(const NetConfig& cfg);
    // x: B x kPlanes x 10 x 9 (or B x inputPlanes). Returns {B x 8100 logits, B values in
    // [-1, 1]}: heads(trunk(x)).
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);
    // The stem and residual blocks: B x channels x 10 x 9, what every head reads (the
    // trainer's auxiliary head included, trainer_backend.h).
    torch::Tensor trunk(const torch::Tensor& x);
    std::pair<torch::Tensor, torch::Tensor> heads(const torch::Tensor& y);
    int64_t inputPlanes = kBasicPlanes;  // planesOf(config.features)
    ConvBn stem{nullptr};
    torch::nn::ModuleList blocks{nullptr};
    // Exactly one of the two is made (NetConfig::policyHead), registered as "policy".
    PolicyHead policy{nullptr};
    BilinearPolicyHead bilinearPolicy{nullptr};
    ValueHead value{nullptr};
};
TORCH_MODULE(XqNet);

struct Net::Impl {
    NetConfig config;
    NetOptions options;
    ModelMeta meta;
    torch::Device device{torch::kCPU};
    bool half = false;  // FP16 inference copy in use (CUDA only)
    XqNet model{nullptr};      // FP32 master weights (trained, saved)
    XqNet halfModel{nullptr};  // FP16 copy for inference, refreshed when weightsVersion moves
    uint64_t weightsVersion = 0;
    uint64_t halfVersion = ~uint64_t(0);

    // Call after anything that changes the weights (training step, load, copy).
    void weightsChanged() { ++weightsVersion; }
};

// Copies parameters and buffers by name (same architecture required).
void copyModuleState(torch::nn::Module& from, torch::nn::Module& to);
// Names and tensors of all parameters and buffers, in registration order.
std::vector<std::pair<std::string, torch::Tensor>> namedState(torch::nn::Module& m);

}  // namespace xq::nn
