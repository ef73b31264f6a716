#include "core/search/mcts_multi.h"

#include <algorithm>
#include <climits>
#include <stdexcept>

namespace xq::search {

MultiSearch::MultiSearch(nn::Evaluator& evaluator, const MctsParams& params, int leavesPerGame)
    : evaluator_(evaluator), params_(params), leavesPerGame_(std::max(1, leavesPerGame)) {}

int MultiSearch::addGame(const Position& root, uint64_t seed) {
    MctsParams p = params_;
    p.seed = seed;
    games_.emplace_back(p);
    games_.back().tree.setRoot(root);
    return int(games_.size()) - 1;
}

void MultiSearch::setRoot(int g, const Position& pos) {
    if (games_.at(g).searching) throw std::logic_error("MultiSearch::setRoot while searching");
    games_[g].tree.setRoot(pos);
}

bool MultiSearch::advance(int g, Move m) {
    if (games_.at(g).searching) throw std::logic_error("MultiSearch::advance while searching");
    return games_[g].tree.advance(m);
}

void MultiSearch::startSearch(int g, const SearchLimits& limits) {
    Game& game = games_.at(g);
    game.limits = limits;
    game.searching = true;
    game.started = game.done = game.evaluations = game.terminalHits = game.collisions = 0;
    game.reusedVisits = game.tree.rootVisits();
    game.limits.simulations = limits.newSimulations(game.reusedVisits);
    game.t0 = std::chrono::steady_clock::now();
    game.tree.prepareSearch(game.limits.simulations);
}

int MultiSearch::searchingCount() const {
    int n = 0;
    for (const Game& g : games_) n += g.searching;
    return n;
}

bool MultiSearch::finished(const Game& g) const {
    if (g.tree.rootStatus().over()) return true;
    if (g.limits.simulations > 0 && g.done >= g.limits.simulations) return true;
    if (g.limits.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - g.t0).count() >=
            g.limits.seconds)
        return true;
    return false;
}

int MultiSearch::step(const DoneFn& onDone) {
    inputs_.clear();
    const int n = games();
    for (int i = 0; i < n; ++i) {
        Game& g = games_[i];
        g.leaves = 0;
        if (!g.searching || finished(g)) continue;
        const int budget =
            g.limits.simulations > 0 ? g.limits.simulations - g.started : INT_MAX;
        const GatherCounts c =
            g.tree.gather(std::min(leavesPerGame_, budget), budget, g.leafSlots, 0);
        g.leaves = c.leaves;
        g.started += c.leaves + c.terminalHits;
        g.done += c.terminalHits;
        g.terminalHits += c.terminalHits;
        g.collisions += c.collisions;
        stats_.terminalHits += c.terminalHits;
        stats_.simulations += c.terminalHits;
        stats_.collisions += c.collisions;
        for (int k = 0; k < c.leaves; ++k) inputs_.push_back(g.leafSlots[k].input());
    }
    const int total = int(inputs_.size());
    if (total > 0) {
        outputs_.resize(total);
        const auto t0 = std::chrono::steady_clock::now();
        try {
            evaluator_.evaluate(inputs_, std::span<nn::EvalOutput>(outputs_.data(), total));
        } catch (...) {
            // Leave every tree consistent (no virtual loss left behind) before reporting.
            for (int i = 0; i < n; ++i) {
                Game& g = games_[i];
                for (int k = 0; k < g.leaves; ++k) g.tree.cancel(g.leafSlots[k]);
                g.started -= g.leaves;
                g.leaves = 0;
            }
            throw;
        }
        stats_.evalSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    int k = 0;
    for (int i = 0; i < n; ++i) {
        Game& g = games_[i];
        for (int j = 0; j < g.leaves; ++j) g.tree.expand(g.leafSlots[j], outputs_[k++]);
        g.done += g.leaves;
        g.evaluations += g.leaves;
        g.leaves = 0;
    }
    stats_.evaluations += uint64_t(total);
    stats_.simulations += uint64_t(total);
    ++stats_.rounds;
    // Finished games report after every tree is consistent, so the callback may restart any.
    for (int i = 0; i < n; ++i) {
        Game& g = games_[i];
        if (!g.searching || !finished(g)) continue;
        g.searching = false;
        g.result = g.tree.result();
        g.result.simulations = g.done;
        g.result.evaluations = g.evaluations;
        g.result.terminalHits = g.terminalHits;
        g.result.collisions = g.collisions;
        g.result.reusedVisits = g.reusedVisits;
        g.result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - g.t0).count();
        ++stats_.searches;
        if (onDone) onDone(i, g.result);
    }
    return total;
}

void MultiSearch::run(const DoneFn& onDone) {
    while (!stop_.load(std::memory_order_relaxed) && searchingCount() > 0) step(onDone);
}

}  // namespace xq::search
