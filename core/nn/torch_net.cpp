#include <cmath>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <tuple>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/nn/blas_info.h"
#include "core/nn/net.h"
#include "core/nn/torch_net_impl.h"

namespace xq::nn {

namespace tnn = torch::nn;

ConvBnImpl::ConvBnImpl(int in, int out, int kernel) {
    conv = register_module(
        "conv", tnn::Conv2d(tnn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(false)));
    bn = register_module("bn", tnn::BatchNorm2d(out));
}

ResBlockImpl::ResBlockImpl(int c) {
    auto opts = tnn::Conv2dOptions(c, c, 3).padding(1).bias(false);
    conv1 = register_module("conv1", tnn::Conv2d(opts));
    bn1 = register_module("bn1", tnn::BatchNorm2d(c));
    conv2 = register_module("conv2", tnn::Conv2d(opts));
    bn2 = register_module("bn2", tnn::BatchNorm2d(c));
}

torch::Tensor ResBlockImpl::forward(const torch::Tensor& x) {
    auto y = torch::relu(bn1(conv1(x)));
    y = bn2(conv2(y));
    return torch::relu(y + x);
}

PolicyHeadImpl::PolicyHeadImpl(int c) {
    conv_bn = register_module("conv_bn", ConvBn(c, 2, 1));
    fc = register_module("fc", tnn::Linear(2 * kPlaneSize, kPolicySize));
}

torch::Tensor PolicyHeadImpl::forward(const torch::Tensor& x) {
    auto y = torch::relu(conv_bn(x));
    return fc(y.flatten(1));
}

BilinearPolicyHeadImpl::BilinearPolicyHeadImpl(int c, int rank) {
    from = register_module("from", ConvBn(c, rank, 1));
    to = register_module("to", ConvBn(c, rank, 1));
    bias = register_parameter("bias", torch::zeros({kPolicySize}));
    scale = 1.0 / std::sqrt(double(rank));
}

torch::Tensor BilinearPolicyHeadImpl::forward(const torch::Tensor& x) {
    const int64_t b = x.size(0);
    auto f = torch::relu(from(x)).flatten(2);  // B x rank x 90
    auto t = to(x).flatten(2);                  // B x rank x 90
    // B x 90 (from) x 90 (to), flattened row-major: index from * 90 + to (encoder.h).
    auto logits = torch::bmm(f.transpose(1, 2), t).mul(scale).view({b, kPolicySize});
    return logits + bias;
}

ValueHeadImpl::ValueHeadImpl(int c) {
    conv_bn = register_module("conv_bn", ConvBn(c, 1, 1));
    fc1 = register_module("fc1", tnn::Linear(kPlaneSize, 128));
    fc2 = register_module("fc2", tnn::Linear(128, 1));
}

torch::Tensor ValueHeadImpl::forward(const torch::Tensor& x) {
    auto y = torch::relu(conv_bn(x)).flatten(1);
    y = torch::relu(fc1(y));
    return torch::tanh(fc2(y)).squeeze(1);
}

XqNetImpl::XqNetImpl(const NetConfig& cfg) {
    inputPlanes = planesOf(cfg.features);
    stem = register_module("stem", ConvBn(inputPlanes, cfg.channels, 3));
    blocks = register_module("blocks", tnn::ModuleList());
    for (int i = 0; i < cfg.blocks; ++i) blocks->push_back(ResBlock(cfg.channels));
    if (cfg.policyHead == PolicyHeadKind::Bilinear)
        bilinearPolicy = register_module("policy", BilinearPolicyHead(cfg.channels, kBilinearRank));
    else
        policy = register_module("policy", PolicyHead(cfg.channels));
    value = register_module("value", ValueHead(cfg.channels));
}

torch::Tensor XqNetImpl::trunk(const torch::Tensor& x) {
    // The encoder writes every plane; a Basic net reads the first kBasicPlanes (encoder.h).
    auto y = torch::relu(stem(x.size(1) > inputPlanes ? x.narrow(1, 0, inputPlanes) : x));
    for (const auto& b : *blocks) y = b->as<ResBlock>()->forward(y);
    return y;
}

std::pair<torch::Tensor, torch::Tensor> XqNetImpl::heads(const torch::Tensor& y) {
    return {policy ? policy(y) : bilinearPolicy(y), value(y)};
}

std::pair<torch::Tensor, torch::Tensor> XqNetImpl::forward(const torch::Tensor& x) {
    return heads(trunk(x));
}

std::vector<std::pair<std::string, torch::Tensor>> namedState(torch::nn::Module& m) {
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto& p : m.named_parameters(true)) out.emplace_back(p.key(), p.value());
    for (const auto& b : m.named_buffers(true)) out.emplace_back(b.key(), b.value());
    return out;
}

void copyModuleState(torch::nn::Module& from, torch::nn::Module& to) {
    torch::NoGradGuard noGrad;
    auto src = namedState(from);
    auto dst = namedState(to);
    if (src.size() != dst.size())
        throw std::invalid_argument("copy weights: the two networks differ in architecture");
    for (size_t i = 0; i < src.size(); ++i) {
        if (src[i].first != dst[i].first || !src[i].second.sizes().equals(dst[i].second.sizes()))
            throw std::invalid_argument("copy weights: tensor '" + src[i].first +
                                        "' differs between the two networks");
        dst[i].second.copy_(src[i].second);
    }
}

namespace {

void checkConfig(const NetConfig& c) {
    if (!c.inRange())
        throw std::invalid_argument("net config out of range: " + c.label() + " (channels " +
                                    std::to_string(kMinChannels) + ".." +
                                    std::to_string(kMaxChannels) + ", blocks " +
                                    std::to_string(kMinBlocks) + ".." +
                                    std::to_string(kMaxBlocks) + ")");
}

// The intra-op thread count is a per-thread OpenMP setting: apply it once per calling thread
// (and again if it changes) rather than on every forward pass.
void applyThreads(int threads) {
    thread_local int applied = -1;
    if (threads > 0 && applied != threads) {
        at::set_num_threads(threads);
        applied = threads;
    }
}

// Forward passes allocate and free activation and im2col buffers of 1-30 MB each. With
// glibc's default (dynamic) thresholds many of those went straight to mmap/munmap, so every
// forward pass faulted its buffers in afresh: `bench nn` took 349,000 minor page faults and
// 2.7 s of system time in 19 s, and throughput at batch >= 32 swung 2x between readings. Page
// faults and munmap also take the process-wide mmap lock, which stalls every other thread
// (the studio's GUI thread included). Keeping such blocks in the heap instead cut the faults
// to 36,000 and made the large-batch figures steady (and up to 2x faster). The price is that
// freed activation memory stays mapped for reuse.
// With those blocks in the heap, glibc's default of up to eight arenas per core let each
// thread (search, inference workers, trainer) keep its own peak of free blocks: in a training
// run the free space held in arenas grew from one checkpoint to the next while the live heap
// stayed flat. Two arenas share the free space between threads; the resident size at each
// checkpoint then stays flat, at the same self-play speed.
void keepLargeBlocksInHeap() {
#if defined(__GLIBC__)
    static std::once_flag once;
    std::call_once(once, [] {
        mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);   // glibc's maximum on 64-bit
        mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
        mallopt(M_ARENA_MAX, 2);
    });
#endif
}

}  // namespace

Net::Net(NetConfig config, NetOptions options) : impl_(std::make_unique<Impl>()) {
    checkConfig(config);
    keepLargeBlocksInHeap();
    useCallingThreadForBlas();
    impl_->config = config;
    impl_->options = options;
    const bool cuda = options.device != DeviceKind::Cpu && torch::cuda::is_available();
    if (options.device == DeviceKind::Cuda && !cuda)
        throw std::runtime_error("CUDA requested but LibTorch has no usable CUDA device");
    if (options.seed) torch::manual_seed(options.seed);
    impl_->model = XqNet(config);
    if (cuda) {
        impl_->device = torch::Device(torch::kCUDA, 0);
        impl_->model->to(impl_->device);
        impl_->half = options.fp16;
    }
}

Net::~Net() = default;
Net::Net(Net&&) noexcept = default;
Net& Net::operator=(Net&&) noexcept = default;

const NetConfig& Net::config() const { return impl_->config; }
const NetOptions& Net::options() const { return impl_->options; }
ModelMeta& Net::meta() { return impl_->meta; }
const ModelMeta& Net::meta() const { return impl_->meta; }
bool Net::onCuda() const { return impl_->device.is_cuda(); }
bool Net::cudaAvailable() { return torch::cuda::is_available(); }
void Net::setThreads(int threads) { impl_->options.threads = threads; }

std::string Net::deviceName() const {
    if (!onCuda()) return "cpu";
    return std::string("cuda:0") + (impl_->half ? " fp16" : " fp32");
}

int64_t Net::parameterCount() const {
    int64_t n = 0;
    for (const auto& p : impl_->model->parameters()) n += p.numel();
    return n;
}

void Net::forward(std::span<const float> planes, int batch, std::span<float> policyLogits,
                  std::span<float> values) {
    if (batch <= 0) return;
    if (planes.size() < size_t(batch) * kInputSize ||
        policyLogits.size() < size_t(batch) * kPolicySize || values.size() < size_t(batch))
        throw std::invalid_argument("Net::forward: buffers smaller than the batch");
    applyThreads(impl_->options.threads);
    torch::NoGradGuard noGrad;
    Impl& I = *impl_;
    XqNet model = I.model;
    if (I.half) {
        if (!I.halfModel || I.halfVersion != I.weightsVersion) {
            if (!I.halfModel) {
                I.halfModel = XqNet(I.config);
                I.halfModel->to(I.device, torch::kHalf);
            }
            copyModuleState(*I.model, *I.halfModel);
            I.halfVersion = I.weightsVersion;
        }
        model = I.halfModel;
    }
    model->eval();
    auto x = torch::from_blob(const_cast<float*>(planes.data()), {batch, kPlanes, kRanks, kFiles},
                              torch::kFloat);
    if (I.device.is_cuda()) x = x.to(I.device, I.half ? torch::kHalf : torch::kFloat);
    torch::Tensor p, v;
    {
        const BlasCallGuard blas(!I.device.is_cuda());
        std::tie(p, v) = model->forward(x);
    }
    p = p.to(torch::kCPU, torch::kFloat).contiguous();
    v = v.to(torch::kCPU, torch::kFloat).contiguous();
    std::memcpy(policyLogits.data(), p.data_ptr<float>(), sizeof(float) * batch * kPolicySize);
    std::memcpy(values.data(), v.data_ptr<float>(), sizeof(float) * batch);
}

Net Net::clone() const {
    NetOptions o = impl_->options;
    o.seed = 0;  // do not touch the global generator: the weights are copied anyway
    Net n(impl_->config, o);
    n.copyWeightsFrom(*this);
    return n;
}

void Net::copyWeightsFrom(const Net& other) {
    if (!(other.config() == config()))
        throw std::invalid_argument("copy weights: config " + other.config().label() +
                                    " does not match " + config().label());
    copyModuleState(*other.impl_->model, *impl_->model);
    impl_->meta = other.impl_->meta;
    impl_->weightsVersion++;
}

}  // namespace xq::nn
