#pragma once
// InferenceServer: an Evaluator that many search threads call at once. One worker thread per
// wrapped evaluator (one per device) takes requests from a shared queue, gathers them until
// `maxBatch` positions are waiting or `maxWait` has passed since the first one it took, runs
// ONE batched evaluate() on its evaluator and hands the results back to the waiting callers.
// On a CPU the network is nearly all of the cost and batch 1 is ~15x slower per position than
// batch 8+, so this is where search throughput comes from.
//
// Weight swap: setEvaluator()/setEvaluators() replace the wrapped evaluators while running; a
// batch already being evaluated finishes on the old one, the next batch uses the new one
// (the server holds shared_ptrs, so the old evaluator lives until its batch is done).
//
// Errors: an exception thrown by the wrapped evaluator is rethrown in every caller of that
// batch; the server keeps running. evaluate() after stop() throws std::runtime_error.
//
// Thread-safety: evaluate(), setEvaluator(s)(), stats() and stop() may be called from any
// thread at any time. mutex_ guards queue_, evaluators_, stopping_ and the counters in
// stats_; each worker owns its wrapped evaluator exclusively while evaluating a batch, so the
// wrapped evaluators need not be thread-safe. Do not call evaluate() from a wrapped
// evaluator (it would wait on itself).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/nn/evaluator.h"

namespace xq::nn {

struct InferenceServerOptions {
    int maxBatch = 64;                                  // positions per forward pass, at most
    std::chrono::microseconds maxWait{1000};            // after the first request of a batch
};

struct InferenceServerStats {
    uint64_t batches = 0;
    uint64_t positions = 0;
    uint64_t requests = 0;
    uint64_t fullBatches = 0;  // batches that reached maxBatch
    double meanBatch() const { return batches ? double(positions) / double(batches) : 0.0; }
};

class InferenceServer final : public Evaluator {
public:
    // One worker per evaluator; each evaluator is used by its worker only.
    explicit InferenceServer(std::vector<std::shared_ptr<Evaluator>> evaluators,
                             InferenceServerOptions options = {});
    explicit InferenceServer(std::shared_ptr<Evaluator> evaluator,
                             InferenceServerOptions options = {});
    ~InferenceServer() override;  // stop() + join
    InferenceServer(const InferenceServer&) = delete;
    InferenceServer& operator=(const InferenceServer&) = delete;

    // Blocks until the results are in. A request larger than maxBatch is evaluated as one
    // batch of its own.
    void evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) override;
    int preferredBatch() const override { return options_.maxBatch; }
    std::string name() const override;

    // Replaces worker 0's evaluator (single-device servers).
    void setEvaluator(std::shared_ptr<Evaluator> evaluator);
    // Replaces all; the count must equal the number of workers.
    void setEvaluators(std::vector<std::shared_ptr<Evaluator>> evaluators);

    // Finishes the requests already queued, then joins the workers. Idempotent.
    void stop();
    InferenceServerStats stats() const;
    int workers() const { return workerCount_; }

private:
    struct Request;
    void workerLoop(int worker);

    InferenceServerOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable queueCv_;  // signalled on new requests and on stop
    std::deque<Request*> queue_;
    std::vector<std::shared_ptr<Evaluator>> evaluators_;
    bool stopping_ = false;
    InferenceServerStats stats_;
    int workerCount_ = 0;
    std::mutex joinMutex_;  // serialises stop() callers; guards workers_ after construction
    std::vector<std::thread> workers_;
};

}  // namespace xq::nn
