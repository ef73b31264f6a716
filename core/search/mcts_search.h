#pragma once
// MctsSearch: one search tree driven by 1..N threads (analysis, play). Each thread gathers up
// to params.batchSize leaves from the shared tree under virtual loss, evaluates them in ONE
// evaluator call, and expands/backs them up; so even one thread keeps the network's batches
// full. Tree reuse: advance() keeps the subtree of the move played.
//
// Usage:
//   MctsSearch s(evaluator, params);
//   s.setPosition(pos);
//   SearchResult r = s.search({.simulations = 800});   // or start() ... snapshot() ... wait()
//   s.advance(r.bestMove);
//
// Thread-safety: the tree and the counters are guarded by `mutex_`, taken briefly per batch
// (gather, then expand/backup); the evaluator runs outside it. snapshot(), stop() and
// running() may be called from any thread at any time, also while searching. setPosition(),
// advance(), setParams(), search() and start() must not overlap a running search (they throw
// std::logic_error if they would). With threads > 1 the evaluator must be thread-safe
// (InferenceServer, the fakes); TorchEvaluator alone is not.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/search/mcts_snapshot.h"
#include "core/search/mcts_tree.h"

namespace xq::search {

class MctsSearch {
  public:
    explicit MctsSearch(nn::Evaluator& evaluator, const MctsParams& params = {});
    ~MctsSearch();  // stops and joins
    MctsSearch(const MctsSearch&) = delete;
    MctsSearch& operator=(const MctsSearch&) = delete;

    void setParams(const MctsParams& p);
    MctsParams params() const;
    void setPosition(const Position& pos);
    // Plays `m` at the root keeping its subtree; returns whether searched visits were kept.
    bool advance(Move m);
    Position position() const;

    // Blocking search.
    SearchResult search(const SearchLimits& limits);
    // Starts the search threads and returns at once; wait() joins them and gives the result.
    void start(const SearchLimits& limits);
    SearchResult wait();
    // Asks the threads to finish the batches in flight and end. Any thread.
    void stop();
    // True from start() until the last search thread has finished (wait() need not be called).
    bool running() const { return running_.load(std::memory_order_acquire); }

    // A copy of the tree's statistics (see mcts_snapshot.h). Any thread, also while searching.
    SearchSnapshot snapshot(int depth = 1, int minVisits = 1) const;
    // One node's children (makeChildrenSnapshot in mcts_snapshot.h). Any thread, also while
    // searching.
    std::vector<SnapshotNode> snapshotChildren(const std::vector<Move>& path,
                                               int minVisits = 1) const;

  private:
    void worker();
    bool finishedLocked() const;  // needs mutex_

    nn::Evaluator& evaluator_;
    mutable std::mutex mutex_;
    std::condition_variable progress_;  // a batch was backed up (threads waiting on collisions)
    MctsTree tree_;                     // guarded by mutex_
    MctsParams params_;                 // guarded by mutex_
    SearchLimits limits_;               // guarded by mutex_
    int started_ = 0;                   // guarded by mutex_: simulations begun this search
    int done_ = 0;                      // guarded by mutex_: simulations backed up
    int evaluations_ = 0;               // guarded by mutex_
    int terminalHits_ = 0;              // guarded by mutex_
    int collisions_ = 0;                // guarded by mutex_
    int reusedVisits_ = 0;              // guarded by mutex_
    std::chrono::steady_clock::time_point t0_;  // guarded by mutex_
    double seconds_ = 0;                        // guarded by mutex_: duration of the last search
    std::exception_ptr error_;                  // guarded by mutex_
    int activeWorkers_ = 0;  // guarded by mutex_: the last one out clears running_
    std::atomic<bool> stop_{false};
    std::atomic<bool> running_{false};
    std::vector<std::thread> threads_;  // touched only by the thread calling start()/wait()
};

}  // namespace xq::search
