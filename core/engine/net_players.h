#pragma once
// Net-backed players: MctsPlayer (PUCT search over an Evaluator, core/search/mcts_search.h)
// and PolicyPlayer (one network call, sample the policy with a temperature: the Beginner level
// with a net). The spec forms net:PATH@SIMS, policy:PATH@TEMPERATURE and best:RUN@SIMS are
// built here (called from player_spec.cpp).
//
// Thread-safety: like every Player, one thread at a time per instance; chooseMove()'s stop
// flag may be set from any thread (the MCTS search is then stopped and its best move so far
// returned). Each player owns its evaluator (LibTorch net), so instances are independent.

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "core/engine/player.h"
#include "core/engine/player_spec.h"
#include "core/nn/evaluator.h"
#include "core/search/mcts_params.h"

namespace xq::search {
class MctsSearch;
}

namespace xq::engine {

class MctsPlayer final : public Player {
public:
    // `simulations` is the default per move when the limits give no node count.
    MctsPlayer(std::shared_ptr<nn::Evaluator> evaluator, int simulations,
               const search::MctsParams& params, std::string name);
    ~MctsPlayer() override;
    std::string name() const override { return name_; }
    void newGame() override;
    Move chooseMove(const Position& pos, const SearchLimits& limits,
                    std::atomic<bool>* stop) override;

private:
    std::shared_ptr<nn::Evaluator> evaluator_;
    std::unique_ptr<search::MctsSearch> search_;
    int simulations_;
    search::MctsParams params_;
    std::string name_;
};

// The search parameters of the net players that play (net:, best:): no noise, greedy, the play
// policy temperature, PUCT or (ctx.gumbel) the Gumbel search with the net's own priors.
search::MctsParams playParams(const PlayerSpecContext& ctx);

class PolicyPlayer final : public Player {
public:
    PolicyPlayer(std::shared_ptr<nn::Evaluator> evaluator, double temperature, uint64_t seed,
                 std::string name);
    std::string name() const override { return name_; }
    Move chooseMove(const Position& pos, const SearchLimits& limits,
                    std::atomic<bool>* stop) override;

private:
    std::shared_ptr<nn::Evaluator> evaluator_;
    double temperature_;
    std::mt19937_64 rng_;
    std::string name_;
};

// Builders for the spec bodies "PATH@SIMS", "PATH@TEMPERATURE", "RUN@SIMS". Throw
// std::invalid_argument with a clear message (bad number, unreadable model, build without
// LibTorch, unknown run).
PlayerPtr makeNetPlayer(const std::string& body, const PlayerSpecContext& ctx);
PlayerPtr makePolicyPlayer(const std::string& body, const PlayerSpecContext& ctx);
PlayerPtr makeBestPlayer(const std::string& body, const PlayerSpecContext& ctx);

}  // namespace xq::engine
