#pragma once
// TorchEvaluator: the Evaluator over a Net. Encodes the batch (encoder.h), runs one forward
// pass, and turns the logits of the legal moves only into priors (softmax over the legal
// moves; illegal logits never enter the normalisation). The value is the net's tanh output,
// from the side to move's view. With an EvalCache, cached positions skip the network and
// new results are stored.
//
// Built only with LibTorch (XQ_WITH_TORCH); the header itself holds no LibTorch type.
//
// Thread-safety: NOT thread-safe (it reuses its buffers and the Net is single-threaded); one
// thread at a time. Share it through an InferenceServer. The cache may be shared with other
// evaluators (it is thread-safe).

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#include "core/nn/eval_cache.h"
#include "core/nn/evaluator.h"
#include "core/nn/model_evaluator.h"  // defaultInferenceWorkers, searchThreadsFor
#include "core/nn/net.h"

namespace xq::nn {

class TorchEvaluator final : public Evaluator {
public:
    explicit TorchEvaluator(std::shared_ptr<Net> net, std::shared_ptr<EvalCache> cache = nullptr,
                            int preferredBatch = 64);

    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    int preferredBatch() const override { return preferredBatch_; }
    std::string name() const override;

    Net& net() { return *net_; }
    const std::shared_ptr<EvalCache>& cache() const { return cache_; }
    uint64_t forwardPasses() const { return forwardPasses_; }
    uint64_t positionsForwarded() const { return positionsForwarded_; }

private:
    std::shared_ptr<Net> net_;
    std::shared_ptr<EvalCache> cache_;
    int preferredBatch_;
    uint64_t forwardPasses_ = 0, positionsForwarded_ = 0;
    std::vector<float> planes_, logits_, values_;
    std::vector<int> pending_;        // indices of inputs that go to the network
    std::vector<uint64_t> keys_;      // cache keys of the pending inputs
};

class InferenceServer;

// What self-play, gating and analysis (the Analyze page, `xqzero analyze`) share: `workers`
// inference threads, each with its own copy of `net` (`intraOpThreads` each; with 1, one worker
// per core fills the cores, as self-play measured), behind one InferenceServer that splits the
// `leavesInFlight` leaves of a round between the workers, and one evaluation cache (a fresh one
// when `cache` is null). workers <= 0: one per hardware thread.
std::unique_ptr<InferenceServer> makeParallelEvaluator(std::shared_ptr<Net> net, int workers, int leavesInFlight,
                                                       std::shared_ptr<EvalCache> cache = nullptr,
                                                       int intraOpThreads = 1);

}  // namespace xq::nn
