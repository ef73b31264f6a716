// Needs only the torch-free Net API, but lives with the torch_ files because a Net exists
// only in builds with LibTorch.
#include "core/nn/torch_evaluator.h"

#include "core/nn/inference_server.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/nn/encoder.h"
#include "core/xiangqi/rules.h"

namespace xq::nn {

TorchEvaluator::TorchEvaluator(std::shared_ptr<Net> net, std::shared_ptr<EvalCache> cache,
                               int preferredBatch)
    : net_(std::move(net)), cache_(std::move(cache)), preferredBatch_(std::max(1, preferredBatch)) {
    if (!net_) throw std::invalid_argument("TorchEvaluator: null net");
}

std::string TorchEvaluator::name() const {
    return "torch " + net_->config().label() + " " + net_->deviceName();
}

void TorchEvaluator::evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) {
    if (inputs.size() != outputs.size())
        throw std::invalid_argument("TorchEvaluator::evaluate: inputs and outputs differ in size");
    pending_.clear();
    keys_.clear();
    for (size_t i = 0; i < inputs.size(); ++i) {
        const EvalInput& in = inputs[i];
        if (!in.pos || !in.moves) throw std::invalid_argument("TorchEvaluator: null input");
        const int reps = repetitionCount(*in.pos);
        const uint64_t key = EvalCache::makeKey(in.pos->key(), reps);
        if (cache_ && cache_->lookup(key, *in.moves, outputs[i])) continue;
        pending_.push_back(int(i));
        keys_.push_back(key);
        // Encode straight into the batch buffer; the repetition count is reused.
        planes_.resize(pending_.size() * kInputSize);
        encodePosition(*in.pos, reps,
                       std::span<float>(planes_).subspan((pending_.size() - 1) * kInputSize));
    }
    const int batch = int(pending_.size());
    if (batch == 0) return;
    logits_.resize(size_t(batch) * kPolicySize);
    values_.resize(size_t(batch));
    net_->forward(std::span<const float>(planes_.data(), size_t(batch) * kInputSize), batch,
                  logits_, values_);
    ++forwardPasses_;
    positionsForwarded_ += uint64_t(batch);

    for (int b = 0; b < batch; ++b) {
        const EvalInput& in = inputs[pending_[b]];
        EvalOutput& out = outputs[pending_[b]];
        const float* logits = logits_.data() + size_t(b) * kPolicySize;
        const Color mover = in.pos->sideToMove();
        const int n = in.moves->size();
        float maxLogit = -INFINITY;
        for (int k = 0; k < n; ++k) {
            out.priors[k] = logits[policyIndex((*in.moves)[k], mover)];
            maxLogit = std::max(maxLogit, out.priors[k]);
        }
        float sum = 0;
        for (int k = 0; k < n; ++k) sum += (out.priors[k] = std::exp(out.priors[k] - maxLogit));
        for (int k = 0; k < n; ++k) out.priors[k] /= sum;
        out.value = values_[b];
        if (cache_) cache_->insert(keys_[b], *in.moves, out);
    }
}

std::unique_ptr<InferenceServer> makeParallelEvaluator(std::shared_ptr<Net> net, int workers, int leavesInFlight,
                                                       std::shared_ptr<EvalCache> cache, int intraOpThreads) {
    if (workers <= 0) workers = defaultInferenceWorkers();
    if (!cache) cache = std::make_shared<EvalCache>(size_t(1) << 17);
    std::vector<std::shared_ptr<Evaluator>> evs;
    for (int w = 0; w < workers; ++w) {
        auto copy = w == 0 ? net : std::make_shared<Net>(net->clone());
        copy->setThreads(std::max(1, intraOpThreads));
        evs.push_back(std::make_shared<TorchEvaluator>(copy, cache, leavesInFlight));
    }
    InferenceServerOptions so;
    // Split a round's leaves between the workers so that they run at the same time.
    so.maxBatch = std::max(8, (leavesInFlight + workers - 1) / workers);
    return std::make_unique<InferenceServer>(evs, so);
}

}  // namespace xq::nn
