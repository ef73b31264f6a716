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
// ValueFunctionEvaluator: uniform priors and the value a given function returns for the position
// (for its side to move): a fake that knows what a test wants it to know, e.g. the material
// balance (core/xiangqi/material.h), without this module depending on it.
//
// SlowEvaluator: another evaluator behind a fixed delay per call, so that a search or a run
// lasts long enough to overlap what a test does meanwhile (snapshots, pauses), and concurrent
// callers pile up into batches.
// CallLimitEvaluator: another evaluator that calls a hook once, when its `limit`-th call
// arrives (and still answers that call and later ones): a test's guard that stops a search
// which ran far past what a limit under test allows, so a broken limit fails the test at once
// instead of hanging it, without any bound on the wall clock.
// LockstepEvaluator: another evaluator behind a gate the test opens one call at a time
// (allow(n), then waitForCalls() until the search took it), or for good (open()): the search
// advances only as far as the test lets it, so "the search was still running when I looked"
// holds by construction, not by timing.
//
// Thread-safety: ValueFunction is as thread-safe as its function. Uniform and Random are stateless after construction (apart from an atomic call
// counter); Slow adds nothing; CallLimit's hook runs on the thread of the limit-th call; Lockstep's
// allow()/open()/calls() may be called from any thread. evaluate() of each may be called from any
// number of threads at once.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

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

class ValueFunctionEvaluator final : public Evaluator {
public:
    using ValueFn = std::function<float(const Position&)>;
    explicit ValueFunctionEvaluator(ValueFn value, int preferredBatch = 1)
        : value_(std::move(value)), preferredBatch_(preferredBatch) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    int preferredBatch() const override { return preferredBatch_; }
    std::string name() const override { return "value-function"; }
    uint64_t positionsEvaluated() const { return positions_.load(std::memory_order_relaxed); }

private:
    ValueFn value_;
    int preferredBatch_;
    std::atomic<uint64_t> positions_{0};
};

class SlowEvaluator final : public Evaluator {
public:
    SlowEvaluator(Evaluator& inner, int delayMicroseconds) : inner_(inner), delayUs_(delayMicroseconds) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    std::string name() const override { return "slow"; }

private:
    Evaluator& inner_;
    int delayUs_;
};

class CallLimitEvaluator final : public Evaluator {
  public:
    CallLimitEvaluator(Evaluator& inner, int limit, std::function<void()> onLimit)
        : inner_(inner), limit_(limit), onLimit_(std::move(onLimit)) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    std::string name() const override { return "call-limit"; }
    int calls() const { return calls_.load(); }
    bool reached() const { return calls_.load() >= limit_; }

  private:
    Evaluator& inner_;
    int limit_;
    std::function<void()> onLimit_;
    std::atomic<int> calls_{0};
};

class LockstepEvaluator final : public Evaluator {
public:
    explicit LockstepEvaluator(Evaluator& inner) : inner_(inner) {}
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    std::string name() const override { return "lockstep"; }
    void allow(int calls);  // lets `calls` more evaluate() calls through
    void open();            // lets every call through from now on
    int calls() const;      // calls that got through so far
    // Blocks until `n` calls got through (false after `timeoutSeconds` without: a stuck search).
    bool waitForCalls(int n, double timeoutSeconds = 120);

private:
    Evaluator& inner_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    int permits_ = 0;  // guarded by mutex_
    bool open_ = false;
    int calls_ = 0;
};

}  // namespace xq::nn
