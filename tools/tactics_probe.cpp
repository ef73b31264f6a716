// tactics_probe: an experiment, not a test (run by hand, reported in notes). How much of
// one-ply tactics has a trained network learned? strength_probe showed that an MCTS of 200
// simulations whose priors know one-ply tactics (and whose value knows material after the
// exchanges) holds its own against alphabeta:1, and that uniform priors lose every game. This
// measures a model against that yardstick, on a fixed set of positions it never trained on.
//
//   tactics_probe --model FILE [--model FILE]... [--games N] [--seed S] [--db FILE]
//
// Positions: every position of N games of alphabeta:1 against itself with 6 random opening
// plies (the same set for the same N and seed); with --db, those of the newest N self-play
// games stored there instead (what the network trained on, or games like them). For each position, xq::resolvedMaterialBalance gives
//   q      the material after the exchanges now (side to move's view), and
//   gain   the best move's material outcome minus the material now, over all legal moves.
// Per model (the raw network through TorchEvaluator, no search):
//   value_corr       Pearson correlation of the net's value with materialValue(q)
//   value_sign       share of positions with |q| >= 2 points where the value has q's sign
//   capture_top1     positions with gain >= 2 points: share whose top prior move wins >= gain - 0.5
//   capture_mass     the same positions: mean prior mass on the moves that do
//   blunder_top1     all positions: share whose top prior move loses >= 2 points against the
//                    best move's outcome
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/match.h"
#include "core/engine/player_spec.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "core/store/store.h"
#include "core/xiangqi/material.h"
#include "core/xiangqi/fen.h"

using namespace xq;

namespace {

// Side to move's view, tenths.
int resolved(const Position& pos) {
    return (pos.sideToMove() == Red ? 1 : -1) * xq::resolvedMaterialBalance(pos);
}

struct Probe {
    Position pos;
    int q = 0;                 // tenths, side to move's view
    int now = 0;               // material now, side to move's view
    std::vector<int> outcome;  // per legal move: material after it and the exchanges
    MoveList moves;
};

Probe makeProbe(const Position& pos) {
    Probe p;
    p.pos = pos;
    p.pos.legalMoves(p.moves);
    Position w = pos;
    p.q = resolved(w);
    p.now = (w.sideToMove() == Red ? 1 : -1) * xq::materialBalance(w);
    for (Move m : p.moves) {
        w.makeMove(m);
        p.outcome.push_back(-resolved(w));
        w.unmakeMove();
    }
    return p;
}

std::vector<Probe> storedPositions(const std::string& db, int games) {
    store::OpenOptions o;
    o.readOnly = true;
    store::Store st(db, o);
    store::GameFilter f;
    f.kind = store::GameKind::SelfPlay;
    f.limit = games;
    std::vector<Probe> out;
    for (const auto& g : st.listGames(f)) {
        const auto full = st.loadGame(g.id);
        if (!full) continue;
        Position pos = full->startFen.empty() ? Position() : positionFromFen(full->startFen);
        for (const auto& mr : full->moves) {
            if (!mr.visits.empty() && pos.hasLegalMove()) out.push_back(makeProbe(pos));
            pos.makeMove(mr.move);
        }
    }
    return out;
}

std::vector<Probe> makePositions(int games, uint64_t seed) {
    engine::MatchConfig mc;
    mc.games = games;
    mc.threads = 1;
    mc.openingPlies = 6;
    mc.lengthCap = 200;
    mc.seed = seed;
    auto ab = [&](uint64_t inst) {
        engine::PlayerSpecContext ctx;
        ctx.seed = seed * 7919 + inst;
        return engine::makePlayer("alphabeta:1", ctx);
    };
    const auto r = engine::runMatch(ab, ab, mc);
    std::vector<Probe> out;
    for (const auto& g : r.records) {
        Position pos;
        for (size_t i = 0; i < g.moves.size(); ++i) {
            if (i >= 6 && pos.hasLegalMove()) out.push_back(makeProbe(pos));
            pos.makeMove(g.moves[i]);
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> models;
    int games = 20;
    uint64_t seed = 11;
    std::string db;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--model") models.push_back(next());
        else if (a == "--games") games = std::atoi(next().c_str());
        else if (a == "--seed") seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--db") db = next();
        else {
            std::fprintf(stderr, "unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    if (models.empty()) {
        std::fprintf(stderr, "usage: tactics_probe --model FILE [--model FILE]... [--games N] [--seed S]\n");
        return 2;
    }
    const auto probes = db.empty() ? makePositions(games, seed) : storedPositions(db, games);
    int tactical = 0;
    for (const auto& p : probes)
        if (*std::max_element(p.outcome.begin(), p.outcome.end()) - p.now >= 20) ++tactical;
    std::fprintf(stderr, "%zu positions from %d games%s, %d with a capture that wins >= 2 points\n",
                 probes.size(), games, db.empty() ? " of alphabeta:1" : " stored", tactical);
    for (const auto& path : models) {
        auto net = std::make_shared<nn::Net>(nn::loadModel(path));
        nn::TorchEvaluator ev(net, nullptr, 64);
        double sv = 0, sq = 0, svv = 0, sqq = 0, svq = 0;
        int signN = 0, signOk = 0, capN = 0, capTop = 0, blunders = 0;
        double capMass = 0;
        for (const auto& p : probes) {
            nn::EvalInput in{&p.pos, &p.moves};
            nn::EvalOutput o;
            ev.evaluate(std::span<const nn::EvalInput>(&in, 1), std::span<nn::EvalOutput>(&o, 1));
            const double v = o.value, t = xq::materialValue(p.q);
            sv += v, sq += t, svv += v * v, sqq += t * t, svq += v * t;
            if (std::abs(p.q) >= 20) {
                ++signN;
                signOk += (v > 0) == (p.q > 0);
            }
            int top = 0;
            for (int k = 1; k < p.moves.size(); ++k)
                if (o.priors[size_t(k)] > o.priors[size_t(top)]) top = k;
            const int best = *std::max_element(p.outcome.begin(), p.outcome.end());
            if (p.outcome[size_t(top)] <= best - 20) ++blunders;
            if (best - p.now >= 20) {
                ++capN;
                capTop += p.outcome[size_t(top)] >= best - 5;
                double mass = 0;
                for (int k = 0; k < p.moves.size(); ++k)
                    if (p.outcome[size_t(k)] >= best - 5) mass += o.priors[size_t(k)];
                capMass += mass;
            }
        }
        const double n = double(probes.size());
        const double corr = (svq / n - sv / n * sq / n) /
                            std::sqrt(std::max(1e-12, (svv / n - sv * sv / n / n) * (sqq / n - sq * sq / n / n)));
        std::printf("{\"model\":\"%s\",\"positions\":%zu,\"value_corr\":%.3f,\"value_sign\":%.3f,"
                    "\"capture_positions\":%d,\"capture_top1\":%.3f,\"capture_mass\":%.3f,\"blunder_top1\":%.3f}\n",
                    path.c_str(), probes.size(), corr, signN ? double(signOk) / signN : 0.0, capN,
                    capN ? double(capTop) / capN : 0.0, capN ? capMass / capN : 0.0, blunders / n);
    }
    return 0;
}
