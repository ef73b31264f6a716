#include "core/nn/fake_evaluators.h"

#include <chrono>
#include <thread>

#include <stdexcept>

namespace xq::nn {
namespace {

// SplitMix64 finaliser: a cheap, well-mixed hash; enough for fake priors.
uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Uniform in [0, 1) from the top 24 bits (exactly representable as float).
float unit(uint64_t h) { return float(h >> 40) * (1.0f / 16777216.0f); }

void checkSizes(std::span<const EvalInput> in, std::span<EvalOutput> out) {
    if (in.size() != out.size())
        throw std::invalid_argument("Evaluator::evaluate: inputs and outputs differ in size");
}

}  // namespace

void UniformEvaluator::evaluate(std::span<const EvalInput> inputs,
                                std::span<EvalOutput> outputs) {
    checkSizes(inputs, outputs);
    for (size_t i = 0; i < inputs.size(); ++i) {
        const int n = inputs[i].moves ? inputs[i].moves->size() : 0;
        EvalOutput& o = outputs[i];
        o.value = 0.0f;
        const float p = n > 0 ? 1.0f / float(n) : 0.0f;
        for (int k = 0; k < n; ++k) o.priors[k] = p;
    }
    positions_.fetch_add(inputs.size(), std::memory_order_relaxed);
}

void ValueFunctionEvaluator::evaluate(std::span<const EvalInput> inputs,
                                      std::span<EvalOutput> outputs) {
    checkSizes(inputs, outputs);
    for (size_t i = 0; i < inputs.size(); ++i) {
        const int n = inputs[i].moves ? inputs[i].moves->size() : 0;
        EvalOutput& o = outputs[i];
        o.value = value_(*inputs[i].pos);
        const float p = n > 0 ? 1.0f / float(n) : 0.0f;
        for (int k = 0; k < n; ++k) o.priors[k] = p;
    }
    positions_.fetch_add(inputs.size(), std::memory_order_relaxed);
}

float RandomEvaluator::valueFor(uint64_t key) const {
    const uint64_t h = mix(mix(seed_ ^ 0x5bd1e995ull) ^ key);
    return unit(h) * 2.0f - 1.0f;
}

void RandomEvaluator::evaluate(std::span<const EvalInput> inputs,
                               std::span<EvalOutput> outputs) {
    checkSizes(inputs, outputs);
    for (size_t i = 0; i < inputs.size(); ++i) {
        const EvalInput& in = inputs[i];
        EvalOutput& o = outputs[i];
        const uint64_t key = in.pos ? in.pos->key() : 0;
        o.value = valueFor(key);
        const int n = in.moves ? in.moves->size() : 0;
        if (n == 0) continue;
        // A prior per move from (seed, key, move) only, so a move's prior does not depend on
        // the order of the move list either. The small floor keeps every prior positive.
        const uint64_t base = mix(seed_ ^ mix(key));
        float sum = 0.0f;
        for (int k = 0; k < n; ++k) {
            const float p = 0.05f + unit(mix(base ^ (*in.moves)[k].raw()));
            o.priors[k] = p;
            sum += p;
        }
        for (int k = 0; k < n; ++k) o.priors[k] /= sum;
    }
    positions_.fetch_add(inputs.size(), std::memory_order_relaxed);
}

void SlowEvaluator::evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) {
    std::this_thread::sleep_for(std::chrono::microseconds(delayUs_));
    inner_.evaluate(inputs, outputs);
}

void CallLimitEvaluator::evaluate(std::span<const EvalInput> inputs,
                                  std::span<EvalOutput> outputs) {
    if (calls_.fetch_add(1) + 1 == limit_ && onLimit_) onLimit_();
    inner_.evaluate(inputs, outputs);
}

void LockstepEvaluator::evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) {
    {
        std::unique_lock lk(mutex_);
        cv_.wait(lk, [&] { return open_ || permits_ > 0; });
        if (!open_) --permits_;
        ++calls_;
    }
    cv_.notify_all();  // waitForCalls()
    inner_.evaluate(inputs, outputs);
}

void LockstepEvaluator::allow(int calls) {
    {
        std::lock_guard lk(mutex_);
        permits_ += calls;
    }
    cv_.notify_all();
}

void LockstepEvaluator::open() {
    {
        std::lock_guard lk(mutex_);
        open_ = true;
    }
    cv_.notify_all();
}

bool LockstepEvaluator::waitForCalls(int n, double timeoutSeconds) {
    std::unique_lock lk(mutex_);
    return cv_.wait_for(lk, std::chrono::duration<double>(timeoutSeconds), [&] { return calls_ >= n; });
}

int LockstepEvaluator::calls() const {
    std::lock_guard lk(mutex_);
    return calls_;
}

}  // namespace xq::nn
