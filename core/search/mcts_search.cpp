#include "core/search/mcts_search.h"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace xq::search {

MctsSearch::MctsSearch(nn::Evaluator& evaluator, const MctsParams& params)
    : evaluator_(evaluator), tree_(params), params_(params) {}

MctsSearch::~MctsSearch() {
    stop();
    for (auto& t : threads_)
        if (t.joinable()) t.join();
}

void MctsSearch::setParams(const MctsParams& p) {
    if (running()) throw std::logic_error("MctsSearch::setParams while searching");
    std::lock_guard lk(mutex_);
    params_ = p;
    tree_.setParams(p);
    tree_.reseed(p.seed);
}

MctsParams MctsSearch::params() const {
    std::lock_guard lk(mutex_);
    return params_;
}

void MctsSearch::setPosition(const Position& pos) {
    if (running()) throw std::logic_error("MctsSearch::setPosition while searching");
    std::lock_guard lk(mutex_);
    tree_.setRoot(pos);
}

bool MctsSearch::advance(Move m) {
    if (running()) throw std::logic_error("MctsSearch::advance while searching");
    std::lock_guard lk(mutex_);
    return tree_.advance(m);
}

Position MctsSearch::position() const {
    std::lock_guard lk(mutex_);
    return tree_.rootPosition();
}

SearchResult MctsSearch::search(const SearchLimits& limits) {
    start(limits);
    return wait();
}

void MctsSearch::start(const SearchLimits& limits) {
    if (running_.exchange(true)) throw std::logic_error("MctsSearch::start while searching");
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    threads_.clear();
    {
        std::lock_guard lk(mutex_);
        limits_ = limits;
        started_ = done_ = evaluations_ = terminalHits_ = collisions_ = 0;
        reusedVisits_ = tree_.rootVisits();
        limits_.simulations = limits.newSimulations(reusedVisits_);
        error_ = nullptr;
        t0_ = std::chrono::steady_clock::now();
        activeWorkers_ = std::max(1, params_.threads);
        tree_.prepareSearch(limits_.simulations);
    }
    stop_.store(false);
    const int n = std::max(1, params_.threads);  // params_ changes only when not running
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { worker(); });
}

SearchResult MctsSearch::wait() {
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    threads_.clear();
    std::unique_lock lk(mutex_);
    if (error_) std::rethrow_exception(error_);
    SearchResult r = tree_.result();
    r.simulations = done_;
    r.evaluations = evaluations_;
    r.terminalHits = terminalHits_;
    r.collisions = collisions_;
    r.reusedVisits = reusedVisits_;
    r.seconds = seconds_;
    return r;
}

void MctsSearch::stop() {
    stop_.store(true);
    progress_.notify_all();
}

bool MctsSearch::finishedLocked() const {
    if (stop_.load(std::memory_order_relaxed) || error_) return true;
    if (tree_.rootStatus().over()) return true;
    if (limits_.simulations > 0 && started_ >= limits_.simulations) return true;
    if (limits_.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count() >=
            limits_.seconds)
        return true;
    if (limits_.stopWhenDecided && limits_.simulations > 0 && params_.kind == MctsParams::Kind::Puct) {
        // The most visited move cannot be caught by the second with the remaining budget. (A
        // Gumbel search chooses by score and Q, not visits: it spends its budget.)
        const Node* root = tree_.root();
        int first = 0, second = 0;
        for (int i = 0; i < root->numChildren; ++i) {
            const int v = root->children[i].visits;
            if (v > first) {
                second = first;
                first = v;
            } else if (v > second) {
                second = v;
            }
        }
        if (first > 0 && first - second > limits_.simulations - started_) return true;
    }
    return false;
}

void MctsSearch::worker() {
    std::vector<LeafSlot> leafSlots;
    std::vector<nn::EvalInput> inputs;
    std::vector<nn::EvalOutput> outputs;
    std::unique_lock lk(mutex_);
    for (;;) {
        if (finishedLocked()) break;
        const int budget = limits_.simulations > 0 ? limits_.simulations - started_ : INT_MAX;
        const int batch = std::max(1, std::min(params_.batchSize, budget));
        const GatherCounts c = tree_.gather(batch, budget, leafSlots, 0);
        started_ += c.leaves + c.terminalHits;
        done_ += c.terminalHits;
        terminalHits_ += c.terminalHits;
        collisions_ += c.collisions;
        if (c.leaves == 0) {
            // Only collisions: everything reachable waits for other threads' batches.
            if (c.terminalHits == 0) progress_.wait_for(lk, std::chrono::milliseconds(2));
            continue;
        }
        inputs.resize(c.leaves);
        outputs.resize(c.leaves);
        for (int i = 0; i < c.leaves; ++i) inputs[i] = leafSlots[i].input();
        lk.unlock();
        std::exception_ptr err;
        try {
            evaluator_.evaluate(inputs, outputs);
        } catch (...) {
            err = std::current_exception();
        }
        lk.lock();
        if (err) {
            for (int i = 0; i < c.leaves; ++i) tree_.cancel(leafSlots[i]);
            started_ -= c.leaves;
            if (!error_) error_ = err;
            progress_.notify_all();
            break;
        }
        for (int i = 0; i < c.leaves; ++i) tree_.expand(leafSlots[i], outputs[i]);
        done_ += c.leaves;
        evaluations_ += c.leaves;
        progress_.notify_all();
    }
    if (--activeWorkers_ == 0) {
        seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        running_.store(false, std::memory_order_release);
    }
}

std::vector<SnapshotNode> MctsSearch::snapshotChildren(const std::vector<Move>& path,
                                                       int minVisits) const {
    std::lock_guard lk(mutex_);
    return makeChildrenSnapshot(tree_, path, minVisits);
}

SearchSnapshot MctsSearch::snapshot(int depth, int minVisits) const {
    std::lock_guard lk(mutex_);
    SearchSnapshot s = makeSnapshot(tree_, depth, minVisits);
    s.simulations = done_;
    s.evaluations = evaluations_;
    s.running = running();
    s.seconds = s.running
                    ? std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count()
                    : seconds_;
    return s;
}

}  // namespace xq::search
