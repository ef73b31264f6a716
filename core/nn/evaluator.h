#pragma once
// The Evaluator interface: the one door through which search reaches a policy-value function
// (the LibTorch network, the batching InferenceServer, or the fakes used by tests).
//
// Perspective: `value` is from the point of view of the side to move in the evaluated
// position, in [-1, 1] (+1 = the side to move wins). Priors are over the legal moves given
// in the input, in the same order, and sum to 1.
//
// Thread-safety: each implementation states its own. TorchEvaluator is single-threaded;
// InferenceServer::evaluate() may be called from any number of threads at once.

#include <array>
#include <span>
#include <string>

#include "core/xiangqi/position.h"

namespace xq::nn {

struct EvalInput {
    const Position* pos = nullptr;   // includes its history (repetition plane)
    const MoveList* moves = nullptr; // legal moves of *pos; priors follow this order
};

struct EvalOutput {
    float value = 0.0f;
    std::array<float, MoveList::kCapacity> priors{};  // first moves->size() entries used
};

class Evaluator {
public:
    virtual ~Evaluator() = default;
    // Evaluates inputs[i] into outputs[i]; both spans have the same size.
    virtual void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) = 0;
    // Largest batch worth sending in one call (the search uses it to size its gathers).
    virtual int preferredBatch() const { return 1; }
    virtual std::string name() const = 0;
};

}  // namespace xq::nn
