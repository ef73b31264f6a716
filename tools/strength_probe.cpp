// strength_probe: an experiment, not a test (run by hand, reported in notes). How strong is
// the MCTS of the players we train when its evaluator is a known function instead of a net?
// It bounds what a net that learns that function can reach with the same search.
//
//   strength_probe [--eval material|qmaterial|uniform] [--sims N] [--opponent SPEC]
//                  [--games N] [--threads T] [--cap PLIES] [--seed S] [--temperature T]
//
// Evaluators (uniform priors over the legal moves, value from the side to move's view):
//   uniform    value 0
//   material   materialValue(balance now), the material target's squashing (core/xiangqi/material.h)
//   qmaterial  the same after the exchanges are played out (xq::resolvedMaterialBalance): what
//              "material some plies later" approximates
//   qprior     qmaterial's value, and priors from a one-ply look: softmax over the moves of
//              their quiescence outcome (what a policy that learned one-ply tactics knows)
// Plays runMatch() as `xqzero match` does (paired random openings, colours swapped) and prints
// one JSON line with the score.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "core/engine/match.h"
#include "core/engine/net_players.h"
#include "core/engine/player_spec.h"
#include "core/nn/evaluator.h"
#include "core/search/mcts_search.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/material.h"

using namespace xq;

namespace {

// Side to move's view, tenths.
int resolved(const Position& pos) {
    return (pos.sideToMove() == Red ? 1 : -1) * xq::resolvedMaterialBalance(pos);
}

class KnownEvaluator final : public nn::Evaluator {
public:
    explicit KnownEvaluator(std::string kind) : kind_(std::move(kind)) {}
    void evaluate(std::span<const nn::EvalInput> in, std::span<nn::EvalOutput> out) override {
        for (size_t i = 0; i < in.size(); ++i) {
            const int n = in[i].moves->size();
            Position pos = *in[i].pos;
            if (kind_ == "qprior") {
                // Priors from a one-ply look with quiescence: softmax of each move's
                // material outcome (2 points = a factor e).
                double w[MoveList::kCapacity], sum = 0, best = -1e9;
                for (int k = 0; k < n; ++k) {
                    pos.makeMove((*in[i].moves)[k]);
                    w[k] = -resolved(pos) / 20.0;
                    pos.unmakeMove();
                    best = std::max(best, w[k]);
                }
                for (int k = 0; k < n; ++k) sum += w[k] = std::exp(w[k] - best);
                for (int k = 0; k < n; ++k) out[i].priors[size_t(k)] = float(w[k] / sum);
            } else {
                for (int k = 0; k < n; ++k) out[i].priors[size_t(k)] = 1.0f / float(std::max(1, n));
            }
            const int sign = pos.sideToMove() == Red ? 1 : -1;
            int tenths = 0;
            if (kind_ == "material") tenths = sign * xq::materialBalance(pos);
            else if (kind_ == "qmaterial" || kind_ == "qprior") tenths = resolved(pos);
            out[i].value = kind_ == "uniform" ? 0.0f : xq::materialValue(tenths);
        }
    }
    std::string name() const override { return kind_; }

private:
    std::string kind_;
};

}  // namespace

int main(int argc, char** argv) {
    std::string kind = "qmaterial", opponent = "alphabeta:1";
    int sims = 200, games = 20, threads = 2, cap = 300;
    uint64_t seed = 1;
    float temperature = 1.0f;
    std::string analyzeFen;
    float cpuct = search::MctsParams{}.cPuct, fpu = search::MctsParams{}.fpuReduction;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--eval") kind = next();
        else if (a == "--sims") sims = std::atoi(next().c_str());
        else if (a == "--opponent") opponent = next();
        else if (a == "--games") games = std::atoi(next().c_str());
        else if (a == "--threads") threads = std::atoi(next().c_str());
        else if (a == "--cap") cap = std::atoi(next().c_str());
        else if (a == "--seed") seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--cpuct") cpuct = std::strtof(next().c_str(), nullptr);
        else if (a == "--fpu") fpu = std::strtof(next().c_str(), nullptr);
        else if (a == "--analyze") analyzeFen = next();
        else if (a == "--temperature") temperature = std::strtof(next().c_str(), nullptr);
        else {
            std::fprintf(stderr, "unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    if (kind != "uniform" && kind != "material" && kind != "qmaterial" && kind != "qprior") {
        std::fprintf(stderr, "--eval must be uniform, material, qmaterial or qprior\n");
        return 2;
    }
    if (!analyzeFen.empty()) {
        KnownEvaluator ev(kind);
        search::MctsParams p;
        p.policyTemperature = temperature;
        p.batchSize = 8;
        p.cPuct = cpuct;
        p.fpuReduction = p.fpuReductionRoot = fpu;
        search::MctsSearch ms(ev, p);
        const Position pos = positionFromFen(analyzeFen);
        ms.setPosition(pos);
        search::SearchLimits l;
        l.simulations = sims;
        const auto r = ms.search(l);
        std::printf("root value %.3f, best %s\n", r.rootValue, toIccs(r.bestMove).c_str());
        for (size_t i = 0; i < r.moves.size(); ++i)
            if (r.visits[i] > 0)
                std::printf("  %s N=%d Q=%.3f P=%.3f\n", toIccs(r.moves[i]).c_str(), r.visits[i], r.q[i],
                            r.priors[i]);
        return 0;
    }
    engine::MatchConfig mc;
    mc.games = games;
    mc.threads = threads;
    mc.lengthCap = cap;
    mc.seed = seed;
    auto a = [&](uint64_t) -> engine::PlayerPtr {
        search::MctsParams p;
        p.policyTemperature = temperature;
        p.batchSize = 8;
        p.cPuct = cpuct;
        p.fpuReduction = p.fpuReductionRoot = fpu;
        return std::make_unique<engine::MctsPlayer>(std::make_shared<KnownEvaluator>(kind), sims, p,
                                                    "mcts-" + kind);
    };
    auto b = [&](uint64_t inst) {
        engine::PlayerSpecContext ctx;
        ctx.seed = seed * 1000 + inst;
        return engine::makePlayer(opponent, ctx);
    };
    const auto r = engine::runMatch(a, b, mc, [](const engine::GameRecord& g, const engine::MatchResult& s) {
        Position end;
        for (Move m : g.moves) end.makeMove(m);
        const int balanceA = (g.aIsRed ? 1 : -1) * xq::materialBalance(end);
        std::fprintf(stderr, "game %d: %.1f (%d plies, reason %d, material %+d for A) -> +%d =%d -%d\n",
                     g.index + 1, g.scoreA, g.plies, int(g.reason), balanceA, s.winsA, s.draws, s.lossesA);
    });
    std::printf("{\"eval\":\"%s\",\"sims\":%d,\"opponent\":\"%s\",\"wins\":%d,\"draws\":%d,\"losses\":%d,"
                "\"score\":%.3f}\n",
                kind.c_str(), sims, opponent.c_str(), r.winsA, r.draws, r.lossesA,
                (r.winsA + 0.5 * r.draws) / std::max(1, r.games));
    return 0;
}
