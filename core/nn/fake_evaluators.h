#pragma once
// Fake evaluators for tests and benchmarks of everything that is not the network (MCTS,
// self-play, arena): they need no LibTorch and no trained weights.
//
// UniformEvaluator: uniform priors over the given legal moves, value 0.
// RandomEvaluator: pseudo-random priors (normalised to sum 1) and a value in [-1, 1] that are
// a pure function of (seed, position key, move): the same position always gets the same
// output whatever the batch it arrives in, its order, or the thread that asks. That keeps
// search tests deterministic even when an InferenceServer regroups requests.
//
// Thread-safety: both are stateless after construction (apart from an atomic call counter);
// evaluate() may be called from any number of threads at once.

#include <atomic>
#include <cstdint>

#include "core/nn/evaluator.h"

namespace xq::nn {

class UniformEvaluator final : public Evaluator {
public:
    explicit UniformEvaluator(int preferredBatch = 1) : preferredBatch_(preferredBatch) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    int preferredBatch() const override { return preferredBatch_; }
    std::string name() const override { return "uniform"; }
    // Positions evaluated so far (all threads).
    uint64_t positionsEvaluated() const { return positions_.load(std::memory_order_relaxed); }

private:
    int preferredBatch_;
    std::atomic<uint64_t> positions_{0};
};

class RandomEvaluator final : public Evaluator {
public:
    explicit RandomEvaluator(uint64_t seed = 1, int preferredBatch = 1)
        : seed_(seed), preferredBatch_(preferredBatch) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    int preferredBatch() const override { return preferredBatch_; }
    std::string name() const override { return "random"; }
    uint64_t seed() const { return seed_; }
    uint64_t positionsEvaluated() const { return positions_.load(std::memory_order_relaxed); }

    // The value this evaluator gives a position with Zobrist key `key` (exposed for tests).
    float valueFor(uint64_t key) const;

private:
    uint64_t seed_;
    int preferredBatch_;
    std::atomic<uint64_t> positions_{0};
};

}  // namespace xq::nn
