#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <ATen/CPUGeneratorImpl.h>

#include "core/nn/blas_info.h"
#include "core/nn/encoder.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_net_impl.h"
#include "core/nn/trainer_backend.h"

namespace xq::nn {

namespace {
// Archive keys of the moving average's tensors in the optimizer state (a suffix: the index).
const std::string kAverageKey = "xq_average/";
// Nested archives of the reply head's weights and of its Adam state.
const std::string kReplyHeadKey = "xq_reply_head";
const std::string kReplyOptimizerKey = "xq_reply_optimizer";

// A new reply head, its convolutions drawn as LibTorch's default (uniform within
// 1/sqrt(fan-in)) but from a fixed seed of its own, not from the global generator: every rank
// of a group, and every run, starts the head alike whatever else drew before.
BilinearPolicyHead newReplyHead(int channels, torch::Device device) {
    BilinearPolicyHead head(channels, kBilinearRank);
    torch::NoGradGuard noGrad;
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(0x7265706c79ULL);
    for (auto& p : head->named_parameters(true)) {
        if (!p.key().ends_with("conv.weight")) continue;
        const double bound = 1.0 / std::sqrt(double(p.value()[0].numel()));
        p.value().uniform_(-bound, bound, gen);
    }
    // (The head's "to" projection hides Module::to.)
    static_cast<torch::nn::Module&>(*head).to(device);
    head->eval();
    return head;
}
}  // namespace

struct NetTrainer::Impl {
    Net& net;
    torch::optim::Adam optimizer;
    TrainingGroup* group = nullptr;  // not owned; data-parallel when worldSize() > 1
    // The moving average (publishable()): one tensor per floating-point entry of
    // namedState(model), in its order; empty until the first step with averageSteps > 0.
    std::vector<torch::Tensor> average;
    int64_t averaged = 0;  // steps in it
    // The auxiliary reply head and its optimizer (TrainerOptions::replyWeight > 0), else null.
    BilinearPolicyHead reply{nullptr};
    std::unique_ptr<torch::optim::Adam> replyOptimizer;
    void updateAverage(double averageSteps);
    void loadAverage(torch::serialize::InputArchive& ar, const std::string& count,
                     double averageSteps);
    void loadReply(torch::serialize::InputArchive& ar, bool saved);
    // The modules a step trains: the net's, then the reply head's when there is one.
    std::vector<torch::nn::Module*> trained() {
        std::vector<torch::nn::Module*> m{net.impl().model.get()};
        if (reply) m.push_back(reply.get());
        return m;
    }
    std::vector<torch::Tensor> trainedParameters() {
        std::vector<torch::Tensor> out;
        for (torch::nn::Module* m : trained())
            for (auto& p : m->parameters()) out.push_back(p);
        return out;
    }
    Impl(Net& n, const TrainerOptions& o)
        : net(n),
          optimizer(n.impl().model->parameters(),
                    torch::optim::AdamOptions(o.learningRate).weight_decay(o.weightDecay)) {
        if (o.replyWeight > 0) {
            reply = newReplyHead(n.config().channels, n.impl().device);
            replyOptimizer = std::make_unique<torch::optim::Adam>(
                reply->parameters(),
                torch::optim::AdamOptions(o.learningRate).weight_decay(o.weightDecay));
        }
    }
};

namespace {

struct Tensors {
    torch::Tensor planes, policy, values;
    torch::Tensor legal;    // undefined, or n x kPolicySize booleans
    torch::Tensor replies;  // undefined, or n int64 policy indices (-1: none)
};

Tensors toTensors(const TrainBatch& b, torch::Device device) {
    const int n = b.size;
    if (n <= 0) throw std::invalid_argument("TrainBatch: empty");
    if (b.planes.size() != size_t(n) * kInputSize)
        throw std::invalid_argument("TrainBatch: planes size " + std::to_string(b.planes.size()) +
                                    " != size x " + std::to_string(kInputSize));
    if (b.values.size() != size_t(n))
        throw std::invalid_argument("TrainBatch: values size != batch size");
    Tensors t;
    t.planes = torch::from_blob(const_cast<float*>(b.planes.data()), {n, kPlanes, kRanks, kFiles},
                                torch::kFloat)
                   .to(device);
    t.values = torch::from_blob(const_cast<float*>(b.values.data()), {n}, torch::kFloat).to(device);
    if (!b.legalMask.empty()) {
        if (b.legalMask.size() != size_t(n) * kPolicySize)
            throw std::invalid_argument("TrainBatch: legalMask size != size x 8100");
        t.legal = torch::from_blob(const_cast<uint8_t*>(b.legalMask.data()), {n, kPolicySize}, torch::kUInt8)
                      .to(device)
                      .to(torch::kBool);
    }
    if (!b.replies.empty()) {
        if (b.replies.size() != size_t(n))
            throw std::invalid_argument("TrainBatch: replies size != batch size");
        for (int32_t r : b.replies)
            if (r < -1 || r >= kPolicySize)
                throw std::invalid_argument("TrainBatch: reply index out of range");
        t.replies = torch::from_blob(const_cast<int32_t*>(b.replies.data()), {n}, torch::kInt)
                        .to(device, torch::kLong);
    }
    if (!b.policyDense.empty()) {
        if (b.policyDense.size() != size_t(n) * kPolicySize)
            throw std::invalid_argument("TrainBatch: policyDense size != size x 8100");
        t.policy = torch::from_blob(const_cast<float*>(b.policyDense.data()), {n, kPolicySize},
                                    torch::kFloat)
                       .to(device);
    } else {
        auto dense = torch::zeros({n, kPolicySize}, torch::kFloat);
        float* d = dense.data_ptr<float>();
        for (const PolicyEntry& e : b.policySparse) {
            if (e.row < 0 || e.row >= n || e.index < 0 || e.index >= kPolicySize)
                throw std::invalid_argument("TrainBatch: sparse policy entry out of range");
            d[size_t(e.row) * kPolicySize + size_t(e.index)] += e.prob;
        }
        t.policy = dense.to(device);
    }
    return t;
}

// The reply head's cross-entropy: mean over the samples that have a reply (0 when none has).
torch::Tensor replyLoss(BilinearPolicyHead& reply, const torch::Tensor& trunk,
                        const torch::Tensor& replies) {
    auto logp = torch::log_softmax(reply->forward(trunk), 1);
    auto has = replies.ge(0);
    auto nll = -logp.gather(1, replies.clamp_min(0).unsqueeze(1)).squeeze(1);
    return (nll * has.to(nll.scalar_type())).sum() / has.sum().clamp_min(1).to(nll.scalar_type());
}

// Computes the losses and metrics; returns the total loss tensor (with grad when enabled).
// `reply` may be null (no reply head).
torch::Tensor losses(XqNet& model, BilinearPolicyHead& reply, const Tensors& t,
                     const TrainerOptions& o, TrainStats& s) {
    auto y = model->trunk(t.planes);
    auto [logits, v] = model->heads(y);
    // A large finite filler, not -inf: 0 * filler stays 0 in the loss and the entropy.
    if (t.legal.defined()) logits = logits.masked_fill(t.legal.logical_not(), -1e9);
    auto logp = torch::log_softmax(logits, 1);
    auto policyLoss = -(t.policy * logp).sum(1).mean();
    auto valueLoss = (v - t.values).pow(2).mean();
    auto total = policyLoss + o.valueWeight * valueLoss;
    if (reply && t.replies.defined()) {
        auto rl = replyLoss(reply, y, t.replies);
        total = total + o.replyWeight * rl;
        s.replyLoss = rl.item<double>();
    }
    {
        torch::NoGradGuard noGrad;
        s.policyLoss = policyLoss.item<double>();
        s.valueLoss = valueLoss.item<double>();
        s.totalLoss = total.item<double>();
        s.policyEntropy = (-(logp.exp() * logp).sum(1)).mean().item<double>();
        s.top1Accuracy =
            (logits.argmax(1) == t.policy.argmax(1)).to(torch::kFloat).mean().item<double>();
        s.samples = int(t.planes.size(0));
    }
    return total;
}

// One rank's share of a data-parallel step: replaces the gradients and the batch-norm running
// statistics by their means over the group, in one allreduce of one packed buffer (a few MB
// for the presets' nets: one collective per tensor would pay Gloo's latency ~50 times).
// Returns the seconds spent in the collective.
double averageOverGroup(const std::vector<torch::nn::Module*>& modules, TrainingGroup& group) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> tensors;
    for (torch::nn::Module* model : modules)
        for (auto& p : model->parameters()) {
            // A parameter this batch did not reach has no gradient: it counts as zero, so
            // every rank packs the same layout.
            if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
            tensors.push_back(p.grad());
        }
    for (torch::nn::Module* model : modules)
        for (const auto& b : model->named_buffers(true)) {
            const std::string& name = b.key();
            if (name.size() >= 12 &&
                (name.ends_with("running_mean") || name.ends_with("running_var")))
                tensors.push_back(b.value());
        }
    std::vector<torch::Tensor> parts;
    parts.reserve(tensors.size());
    for (const auto& t : tensors) parts.push_back(t.to(torch::kCPU, torch::kFloat).reshape({-1}));
    torch::Tensor flat = torch::cat(parts).contiguous();
    const double before = group.collectiveSeconds();
    group.allreduceMean(std::span<float>(flat.data_ptr<float>(), size_t(flat.numel())));
    const double seconds = group.collectiveSeconds() - before;
    int64_t offset = 0;
    for (auto& t : tensors) {
        const int64_t n = t.numel();
        t.copy_(flat.slice(0, offset, offset + n).view(t.sizes()));
        offset += n;
    }
    return seconds;
}

// The floating-point parameters and buffers of `model` (namedState's order without
// num_batches_tracked): the tensors the moving average follows.
std::vector<torch::Tensor> averagedTensors(torch::nn::Module& model) {
    std::vector<torch::Tensor> out;
    for (auto& [name, t] : namedState(model))
        if (t.is_floating_point()) out.push_back(t);
    return out;
}

// The intra-op thread count is a per-thread OpenMP setting: apply it once per thread.
void applyThreads(int threads) {
    thread_local int applied = -1;
    if (threads > 0 && applied != threads) {
        at::set_num_threads(threads);
        applied = threads;
    }
}

}  // namespace

NetTrainer::NetTrainer(Net& net, TrainerOptions options)
    : impl_(std::make_unique<Impl>(net, options)), options_(options) {}

NetTrainer::~NetTrainer() = default;

TrainStats NetTrainer::step(const TrainBatch& batch) {
    Net& net = impl_->net;
    XqNet model = net.impl().model;
    const Tensors t = toTensors(batch, net.impl().device);
    TrainStats s;
    TrainingGroup* group = impl_->group && impl_->group->worldSize() > 1 ? impl_->group : nullptr;
    if (group) applyThreads(net.options().threads);
    BilinearPolicyHead& reply = impl_->reply;
    for (torch::nn::Module* m : impl_->trained()) m->train();
    impl_->optimizer.zero_grad();
    if (reply) impl_->replyOptimizer->zero_grad();
    {
        // Released before the group's collective (see BlasCallGuard).
        const BlasCallGuard blas(!net.impl().device.is_cuda());
        auto total = losses(model, reply, t, options_, s);
        total.backward();
    }
    // Before clipping: the norm is then the group's, the same on every rank.
    if (group) s.collectiveSeconds = averageOverGroup(impl_->trained(), *group);
    // clip_grad_norm_ returns the norm before clipping; with clipping off, a huge max norm
    // measures without changing anything.
    const double maxNorm = options_.clipNorm > 0 ? options_.clipNorm : 1e30;
    s.gradNorm = torch::nn::utils::clip_grad_norm_(impl_->trainedParameters(), maxNorm);
    impl_->optimizer.step();
    if (reply) impl_->replyOptimizer->step();
    for (torch::nn::Module* m : impl_->trained()) m->eval();
    s.learningRate = learningRate();
    net.meta().trainingSteps++;
    net.impl().weightsChanged();
    impl_->updateAverage(options_.averageSteps);
    return s;
}

// UpdateAverage: the step's weights into the moving average (publishable()).
void NetTrainer::Impl::updateAverage(double averageSteps) {
    if (averageSteps <= 0) return;
    torch::NoGradGuard noGrad;
    const std::vector<torch::Tensor> weights = averagedTensors(*net.impl().model);
    std::vector<torch::Tensor>& avg = average;
    if (avg.size() != weights.size()) {
        avg.clear();
        for (const auto& w : weights) avg.push_back(w.detach().clone());
        averaged = 1;
        return;
    }
    ++averaged;
    const double share = 1.0 / std::min(double(averaged), averageSteps);
    for (size_t i = 0; i < avg.size(); ++i) avg[i].add_(weights[i].detach() - avg[i], share);
}

Net NetTrainer::publishable() const {
    Net out = impl_->net.clone();
    if (options_.averageSteps <= 0 || impl_->average.empty()) return out;
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> dst = averagedTensors(*out.impl().model);
    for (size_t i = 0; i < dst.size(); ++i) dst[i].copy_(impl_->average[i]);
    out.impl().weightsChanged();
    return out;
}

int64_t NetTrainer::averagedSteps() const {
    return options_.averageSteps > 0 ? impl_->averaged : 0;
}

TrainStats NetTrainer::evaluate(const TrainBatch& batch) {
    Net& net = impl_->net;
    XqNet model = net.impl().model;
    const Tensors t = toTensors(batch, net.impl().device);
    TrainStats s;
    torch::NoGradGuard noGrad;
    for (torch::nn::Module* m : impl_->trained()) m->eval();
    const BlasCallGuard blas(!net.impl().device.is_cuda());
    losses(model, impl_->reply, t, options_, s);
    s.learningRate = learningRate();
    return s;
}

void NetTrainer::setGroup(TrainingGroup* group) {
    impl_->group = group;
}

TrainingGroup* NetTrainer::group() const {
    return impl_->group;
}

void NetTrainer::setLearningRate(double lr) {
    options_.learningRate = lr;
    for (auto& g : impl_->optimizer.param_groups())
        static_cast<torch::optim::AdamOptions&>(g.options()).lr(lr);
    if (impl_->replyOptimizer)
        for (auto& g : impl_->replyOptimizer->param_groups())
            static_cast<torch::optim::AdamOptions&>(g.options()).lr(lr);
}

double NetTrainer::learningRate() const {
    auto& groups = impl_->optimizer.param_groups();
    return groups.empty() ? options_.learningRate
                          : static_cast<const torch::optim::AdamOptions&>(groups[0].options()).lr();
}

void NetTrainer::saveState(const std::string& path) const {
    detail::Container c;
    const NetConfig& cfg = impl_->net.config();
    char lrText[32];
    std::snprintf(lrText, sizeof lrText, "%.17g", learningRate());  // exact round trip
    c.meta = "channels=" + std::to_string(cfg.channels) + "\nblocks=" + std::to_string(cfg.blocks) +
             "\npolicy_head=" + std::to_string(int(cfg.policyHead)) + "\nlr=" + lrText +
             "\naverage_steps=" + std::to_string(impl_->average.empty() ? 0 : impl_->averaged) +
             "\nreply_head=" + (impl_->reply ? "1" : "0") + "\n";
    try {
        torch::serialize::OutputArchive ar;
        impl_->optimizer.save(ar);
        for (size_t i = 0; i < impl_->average.size(); ++i)
            ar.write(kAverageKey + std::to_string(i), impl_->average[i]);
        if (impl_->reply) {
            torch::serialize::OutputArchive head, opt;
            impl_->reply->save(head);
            impl_->replyOptimizer->save(opt);
            ar.write(kReplyHeadKey, head);
            ar.write(kReplyOptimizerKey, opt);
        }
        ar.save_to([&](const void* buf, size_t n) -> size_t {
            c.payload.append(static_cast<const char*>(buf), n);
            return n;
        });
    } catch (const c10::Error& e) {
        throw ModelFileError(ErrorCode::ModelUnreadable, path,
                             "cannot serialise: " + std::string(e.what_without_backtrace()), "optimizer state");
    }
    detail::writeContainer(path, "XQZOPTIM", c);
}

// LoadAverage: the moving average a state was saved with, when this trainer averages and the
// state has one that fits this net (`count` its meta's average_steps); otherwise none, and the
// next step starts one (a trainer without averaging neither keeps nor saves one).
void NetTrainer::Impl::loadAverage(torch::serialize::InputArchive& ar, const std::string& count,
                                   double averageSteps) {
    average.clear();
    averaged = 0;
    if (averageSteps <= 0) return;
    int64_t n = 0;
    try {
        n = count.empty() ? 0 : std::stoll(count);
    } catch (const std::exception&) {
        n = 0;
    }
    if (n <= 0) return;
    const std::vector<torch::Tensor> weights = averagedTensors(*net.impl().model);
    std::vector<torch::Tensor> avg;
    for (size_t i = 0; i < weights.size(); ++i) {
        c10::IValue v;
        if (!ar.try_read(kAverageKey + std::to_string(i), v) || !v.isTensor() ||
            !v.toTensor().sizes().equals(weights[i].sizes()))
            return;
        avg.push_back(v.toTensor().to(weights[i].device(), weights[i].scalar_type()).clone());
    }
    average = std::move(avg);
    averaged = n;
}

// LoadReply: the reply head and its Adam state a state was saved with (`saved`: its meta's
// reply_head is 1), when this trainer has the head; otherwise the head stays as it is (fresh).
void NetTrainer::Impl::loadReply(torch::serialize::InputArchive& ar, bool saved) {
    if (!reply || !saved) return;
    torch::serialize::InputArchive head, opt;
    if (!ar.try_read(kReplyHeadKey, head) || !ar.try_read(kReplyOptimizerKey, opt)) return;
    reply->load(head);
    static_cast<torch::nn::Module&>(*reply).to(net.impl().device);
    replyOptimizer->load(opt);
}

void NetTrainer::loadState(const std::string& path) {
    const auto c = detail::readContainer(path, "XQZOPTIM");
    const NetConfig& cfg = impl_->net.config();
    // A state written before the bilinear head existed has no policy_head: a dense net's.
    std::string head = detail::metaValue(c.meta, "policy_head");
    if (head.empty()) head = "0";
    if (detail::metaValue(c.meta, "channels") != std::to_string(cfg.channels) ||
        detail::metaValue(c.meta, "blocks") != std::to_string(cfg.blocks) ||
        head != std::to_string(int(cfg.policyHead)))
        throw ModelFileError(ErrorCode::ModelMismatch, path,
                             "belongs to a " + detail::metaValue(c.meta, "channels") + "x" +
                                 detail::metaValue(c.meta, "blocks") + (head == "1" ? "b" : "") +
                                 " net, expected " + cfg.label(),
                             "optimizer state");
    try {
        torch::serialize::InputArchive ar;
        ar.load_from(c.payload.data(), c.payload.size(), impl_->net.impl().device);
        impl_->optimizer.load(ar);
        impl_->loadAverage(ar, detail::metaValue(c.meta, "average_steps"), options_.averageSteps);
        impl_->loadReply(ar, detail::metaValue(c.meta, "reply_head") == "1");
    } catch (const c10::Error& e) {
        std::string msg = e.what_without_backtrace();
        throw ModelFileError(ErrorCode::ModelDamaged, path, "cannot read: " + msg.substr(0, msg.find('\n')),
                             "optimizer state");
    }
    // LibTorch 1.13's Adam::load restores the moments but not the group options: restore
    // the learning rate it was saved with from our own metadata.
    // A NaN, infinite or negative rate would silently ruin every later step (a schedule may
    // have decayed it to 0, which is kept).
    const std::string lrText = detail::metaValue(c.meta, "lr");
    double lr = -1;
    try {
        size_t used = 0;
        lr = std::stod(lrText, &used);
        if (used != lrText.size()) lr = -1;
    } catch (const std::exception&) {
        lr = -1;
    }
    if (!std::isfinite(lr) || lr < 0)
        throw ModelFileError(ErrorCode::ModelDamaged, path, "metadata 'lr' missing or invalid ('" + lrText + "')",
                             "optimizer state");
    setLearningRate(lr);
}

}  // namespace xq::nn
