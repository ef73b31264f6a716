#pragma once
// MultiSearch: one thread drives many independent search trees (games) at once, the self-play
// and benchmark hot path (docs/design.md, The hot path). Each round gathers up to `leavesPerGame`
// leaves from every game that is searching, evaluates all of them in ONE evaluator call, then
// expands and backs up. Batches stay full without distorting any single tree (with
// leavesPerGame = 1 no virtual loss is needed at all).
//
// A game's search ends when its simulation budget (or time) is spent; its SearchResult is
// then handed to the DoneFn callback on the driving thread, which may advance the game (tree
// reuse), set a new root, and start its next search at once: self-play is a callback that plays
// `result.chosenMove` and calls startSearch() again. Alternatively poll step() / searching().
//
// Several MultiSearch objects on different threads can share one thread-safe evaluator (an
// InferenceServer), whose batches then merge.
//
// Thread-safety: single-threaded: every member function must be called from the one driving
// thread, except stop(), which any thread may call. Games live in stable storage (addGame
// never invalidates tree(g) references).

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/search/mcts_tree.h"

namespace xq::search {

class MultiSearch {
public:
    MultiSearch(nn::Evaluator& evaluator, const MctsParams& params, int leavesPerGame = 1);

    // Adds a game at `root`; its tree's RNG (noise, temperature) is seeded with `seed`.
    // Returns its index (0, 1, ...).
    int addGame(const Position& root, uint64_t seed);
    int games() const { return int(games_.size()); }
    MctsTree& tree(int g) { return games_[g].tree; }
    const MctsTree& tree(int g) const { return games_[g].tree; }

    void setRoot(int g, const Position& pos);   // not while game g is searching
    bool advance(int g, Move m);                // tree reuse; not while game g is searching
    // Starts (or restarts) game g's search with these limits.
    void startSearch(int g, const SearchLimits& limits);
    bool searching(int g) const { return games_[g].searching; }
    int searchingCount() const;
    // The result of game g's last finished search.
    const SearchResult& result(int g) const { return games_[g].result; }

    using DoneFn = std::function<void(int game, const SearchResult& result)>;
    // One round. Calls onDone (if set) for every game whose search finished in it. Returns the
    // number of positions evaluated (0 when nothing is searching).
    int step(const DoneFn& onDone = {});
    // Rounds until no game is searching or stop() is called.
    void run(const DoneFn& onDone = {});
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void clearStop() { stop_.store(false, std::memory_order_relaxed); }

    struct Stats {
        uint64_t rounds = 0;
        uint64_t evaluations = 0;   // positions sent to the evaluator
        uint64_t simulations = 0;   // evaluations + terminal hits
        uint64_t terminalHits = 0;
        uint64_t collisions = 0;
        uint64_t searches = 0;      // searches finished
        double evalSeconds = 0;     // time inside evaluator calls
    };
    const Stats& stats() const { return stats_; }
    void resetStats() { stats_ = {}; }

private:
    struct Game {
        explicit Game(const MctsParams& p) : tree(p) {}
        MctsTree tree;
        std::vector<LeafSlot> leafSlots;
        int leaves = 0;  // leafSlots filled this round
        bool searching = false;
        SearchLimits limits;
        int started = 0, done = 0, evaluations = 0, terminalHits = 0, collisions = 0;
        int reusedVisits = 0;
        std::chrono::steady_clock::time_point t0;
        SearchResult result;
    };
    bool finished(const Game& g) const;

    nn::Evaluator& evaluator_;
    MctsParams params_;
    int leavesPerGame_;
    std::deque<Game> games_;  // deque: stable addresses when games are added
    std::vector<nn::EvalInput> inputs_;
    std::vector<nn::EvalOutput> outputs_;
    Stats stats_;
    std::atomic<bool> stop_{false};
};

}  // namespace xq::search
