#include "core/nn/inference_server.h"

#include <algorithm>
#include <stdexcept>

namespace xq::nn {

// Lives on the caller's stack for the duration of evaluate(). `done` and `error` are written
// by the worker under `m` and read by the caller under `m`.
struct InferenceServer::Request {
    std::span<const EvalInput> inputs;
    std::span<EvalOutput> outputs;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::exception_ptr error;
};

InferenceServer::InferenceServer(std::shared_ptr<Evaluator> evaluator,
                                 InferenceServerOptions options)
    : InferenceServer(std::vector<std::shared_ptr<Evaluator>>{std::move(evaluator)}, options) {}

InferenceServer::InferenceServer(std::vector<std::shared_ptr<Evaluator>> evaluators,
                                 InferenceServerOptions options)
    : options_(options), evaluators_(std::move(evaluators)) {
    if (evaluators_.empty()) throw std::invalid_argument("InferenceServer: no evaluator");
    for (const auto& e : evaluators_)
        if (!e) throw std::invalid_argument("InferenceServer: null evaluator");
    options_.maxBatch = std::max(1, options_.maxBatch);
    workerCount_ = int(evaluators_.size());
    for (int i = 0; i < int(evaluators_.size()); ++i)
        workers_.emplace_back([this, i] { workerLoop(i); });
}

InferenceServer::~InferenceServer() { stop(); }

std::string InferenceServer::name() const {
    std::lock_guard lock(mutex_);
    return "server(" + evaluators_[0]->name() + ")";
}

void InferenceServer::evaluate(std::span<const EvalInput> inputs, std::span<EvalOutput> outputs) {
    if (inputs.size() != outputs.size())
        throw std::invalid_argument("InferenceServer::evaluate: inputs and outputs differ in size");
    if (inputs.empty()) return;
    Request req;
    req.inputs = inputs;
    req.outputs = outputs;
    {
        std::lock_guard lock(mutex_);
        if (stopping_) throw std::runtime_error("InferenceServer::evaluate after stop()");
        queue_.push_back(&req);
        ++stats_.requests;
    }
    queueCv_.notify_one();
    std::unique_lock lock(req.m);
    req.cv.wait(lock, [&] { return req.done; });
    if (req.error) std::rethrow_exception(req.error);
}

void InferenceServer::setEvaluator(std::shared_ptr<Evaluator> evaluator) {
    setEvaluators({std::move(evaluator)});
}

void InferenceServer::setEvaluators(std::vector<std::shared_ptr<Evaluator>> evaluators) {
    if (int(evaluators.size()) != workerCount_)
        throw std::invalid_argument("InferenceServer::setEvaluators: need one per worker");
    for (const auto& e : evaluators)
        if (!e) throw std::invalid_argument("InferenceServer: null evaluator");
    std::lock_guard lock(mutex_);
    evaluators_ = std::move(evaluators);
}

void InferenceServer::stop() {
    std::lock_guard joinLock(joinMutex_);
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    queueCv_.notify_all();
    for (auto& t : workers_)
        if (t.joinable()) t.join();
    workers_.clear();
}

InferenceServerStats InferenceServer::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

void InferenceServer::workerLoop(int worker) {
    std::vector<Request*> batch;
    std::vector<EvalInput> inputs;
    std::vector<EvalOutput> outputs;
    for (;;) {
        batch.clear();
        std::shared_ptr<Evaluator> evaluator;
        int count = 0;
        {
            std::unique_lock lock(mutex_);
            queueCv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping and nothing left to serve
            // Gather: take what is queued; if the batch is not full, wait (at most maxWait
            // from now) for more. Stopping flushes at once.
            const auto deadline = std::chrono::steady_clock::now() + options_.maxWait;
            for (;;) {
                while (!queue_.empty() &&
                       (count == 0 ||
                        count + int(queue_.front()->inputs.size()) <= options_.maxBatch)) {
                    count += int(queue_.front()->inputs.size());
                    batch.push_back(queue_.front());
                    queue_.pop_front();
                }
                if (count >= options_.maxBatch || stopping_ || !queue_.empty()) break;
                if (queueCv_.wait_until(lock, deadline) == std::cv_status::timeout) {
                    // One last sweep for requests that arrived with the timeout.
                    while (!queue_.empty() &&
                           count + int(queue_.front()->inputs.size()) <= options_.maxBatch) {
                        count += int(queue_.front()->inputs.size());
                        batch.push_back(queue_.front());
                        queue_.pop_front();
                    }
                    break;
                }
            }
            evaluator = evaluators_[size_t(worker)];
            // Another worker may take the rest of the queue meanwhile.
            if (!queue_.empty()) queueCv_.notify_one();
        }

        std::exception_ptr error;
        try {
            if (batch.size() == 1) {
                evaluator->evaluate(batch[0]->inputs, batch[0]->outputs);  // no copies
            } else {
                inputs.clear();
                for (Request* r : batch) inputs.insert(inputs.end(), r->inputs.begin(), r->inputs.end());
                outputs.resize(inputs.size());
                evaluator->evaluate(inputs, outputs);
                size_t at = 0;
                for (Request* r : batch) {
                    std::copy_n(outputs.begin() + at, r->outputs.size(), r->outputs.begin());
                    at += r->outputs.size();
                }
            }
        } catch (...) {
            error = std::current_exception();
        }
        {
            std::lock_guard lock(mutex_);
            ++stats_.batches;
            stats_.positions += uint64_t(count);
            if (count >= options_.maxBatch) ++stats_.fullBatches;
        }
        for (Request* r : batch) {
            // Notify while holding r->m: once done is seen the caller may return and destroy
            // the request (and its cv) immediately.
            std::lock_guard lock(r->m);
            r->error = error;
            r->done = true;
            r->cv.notify_one();
        }
    }
}

}  // namespace xq::nn
