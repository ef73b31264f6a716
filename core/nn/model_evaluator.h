#pragma once
// A model file as an evaluator, for callers that start from a file name (the studio's Analyze
// and Review sessions): loadParallelEvaluator reads the file into a Net and serves it on
// inference threads through makeParallelEvaluator (torch_evaluator.h), so its callers name
// neither LibTorch nor the inference server's parts and need no XQ_WITH_TORCH of their own.
//
// Plain C++ that builds without LibTorch too: there networkSupport() is false and
// loadParallelEvaluator throws.
//
// Thread-safety: free functions, callable from any thread. The evaluator returned is an
// InferenceServer: its evaluate() may be called from any number of threads at once.

#include <algorithm>
#include <memory>
#include <string>
#include <thread>

#include "core/nn/evaluator.h"

namespace xq::nn {

// Whether this build can load a network (built with LibTorch, XQ_WITH_TORCH).
bool networkSupport();

// Inference workers that fill the machine: one per hardware thread, each with its own copy of
// the weights and one intra-op thread (docs/design.md, "The hot path").
inline int defaultInferenceWorkers() {
    return std::max(1, int(std::thread::hardware_concurrency()));
}
// Search threads on one tree that keep `workers` inference threads busy: two per worker (one
// gathers leaves while the other's batch is evaluated).
inline int searchThreadsFor(int workers) {
    return 2 * std::max(1, workers);
}

// Loads the model file `path` and serves it on `workers` inference threads (<= 0: one per
// hardware thread) for searches that keep up to `leavesInFlight` leaves waiting at once, with
// a fresh evaluation cache. Throws ModelFileError (model_file.h) when the file cannot be
// loaded, and xq::Error (Internal) in a build without LibTorch.
std::shared_ptr<Evaluator> loadParallelEvaluator(const std::string& path, int workers,
                                                 int leavesInFlight);

}  // namespace xq::nn
