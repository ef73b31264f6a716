// xqzero analyze [--fen F] [--moves ...] --sims N [--model PATH] [--workers W] [--threads T] [--batch B]
// Runs MCTS on one position and prints the top moves with N, P, Q and PV (ICCS), and the root
// value. Without --model the uniform fake evaluator stands in (uniform priors, value 0), and
// the output says so: then only terminal positions inside the tree inform the values.
// With a model the network runs on every core as in self-play: W inference workers (default
// one per hardware thread) behind an InferenceServer, fed by T search threads on the tree
// (default 2 per worker), each sending B leaves at a time (torch_evaluator.h).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "app/xqzero/position_args.h"
#include "core/nn/fake_evaluators.h"
#include "core/nn/torch_evaluator.h"
#include "core/search/mcts_search.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#endif

namespace {

std::string pvText(const std::vector<xq::Move>& pv) {
    std::string s;
    for (xq::Move m : pv) s += (s.empty() ? "" : " ") + xq::toIccs(m);
    return s;
}

struct Opts {
    xqcli::PositionArgs pos;
    int sims = 800;
    double seconds = 0;
    std::string model;
    int threads = 0;  // 0: xq::nn::searchThreadsFor(workers)
    int workers = 0;  // 0: one per hardware thread
    int batch = 16;
    int top = 10;
    float cpuct = xq::search::MctsParams{}.cPuct;  // one default, in mcts_params.h
    bool json = false;
};

void addOptions(CLI::App& sub, Opts& o) {
    o.pos.add(sub);
    sub.add_option("--sims", o.sims, "Simulations")->check(CLI::Range(1, 10000000));
    sub.add_option("--seconds", o.seconds, "Time limit (0 = none)")->check(CLI::Range(0.0, 1e6));
    sub.add_option("--model", o.model, "Model file (default: the uniform fake evaluator)");
    sub.add_option("--threads", o.threads, "Search threads on the tree (default: 2 per inference worker)")
        ->check(CLI::Range(1, 256));
    sub.add_option("--workers", o.workers, "Inference threads, each with a copy of the network (default: one per core)")
        ->check(CLI::Range(1, 64));
    sub.add_option("--batch", o.batch, "Leaves per evaluator call (virtual loss)")
        ->check(CLI::Range(1, 256));
    sub.add_option("--top", o.top, "Moves to list")->check(CLI::Range(1, 200));
    sub.add_option("--cpuct", o.cpuct, "PUCT exploration constant")->check(CLI::Range(0.01, 10.0))->capture_default_str();
    sub.add_flag("--json", o.json, "One JSON object instead of the table");
}

struct Evaluator {
    std::unique_ptr<xq::nn::Evaluator> eval;  // null: unavailable in this build (a usage error)
    std::string note;                         // what evaluates, for the output
};

// --model on `workers` inference workers, or the uniform fake evaluator without one.
Evaluator makeEvaluator(const Opts& o, int workers) {
    Evaluator e;
    if (o.model.empty()) {
        e.eval = std::make_unique<xq::nn::UniformEvaluator>();
        e.note = "uniform fake (no --model: uniform priors, value 0)";
        return e;
    }
#ifdef XQ_WITH_TORCH
    auto net = std::make_shared<xq::nn::Net>(xq::nn::loadModel(o.model));
    e.note = "model " + o.model + " (" + net->config().label() + ", generation " +
             std::to_string(net->meta().generation) + ", " + net->deviceName() + ", " +
             std::to_string(workers) + " inference workers)";
    e.eval = xq::nn::makeParallelEvaluator(net, workers, o.threads * o.batch);
#else
    (void)workers;
#endif
    return e;
}

void printJson(const Opts& o, const xq::Position& pos, const std::string& evalNote,
               const xq::search::SearchResult& r, const xq::search::SearchSnapshot& snap) {
    nlohmann::json j{{"fen", xq::toFen(pos)},
                     {"evaluator", evalNote},
                     {"side_to_move", pos.sideToMove() == xq::Red ? "red" : "black"},
                     {"simulations", r.simulations},
                     {"root_visits", r.rootVisits},
                     {"seconds", r.seconds},
                     {"root_value", r.rootValue},
                     {"best_move", r.bestMove ? xq::toIccs(r.bestMove) : ""},
                     {"pv", pvText(r.pv)}};
    if (r.rootStatus.over())
        j["game_over"] = std::string(xq::resultName(r.rootStatus.result)) + " " +
                         xq::reasonName(r.rootStatus.reason);
    auto moves = nlohmann::json::array();
    for (size_t i = 0; i < snap.children.size() && int(i) < o.top; ++i) {
        const auto& c = snap.children[i];
        moves.push_back({{"move", xq::toIccs(c.move)}, {"n", c.visits}, {"p", c.prior},
                         {"q", c.q}, {"u", c.u}, {"pv", pvText(c.pv)}});
    }
    j["moves"] = moves;
    std::cout << j.dump() << std::endl;
}

void printTable(const Opts& o, const xq::Position& pos, const std::string& evalNote,
                const xq::search::SearchResult& r, const xq::search::SearchSnapshot& snap) {
    const char* side = pos.sideToMove() == xq::Red ? "red" : "black";
    std::cout << "position   " << xq::toFen(pos) << "\n";
    std::cout << "evaluator  " << evalNote << "\n";
    if (r.rootStatus.over()) {
        std::cout << "game over  " << xq::resultName(r.rootStatus.result) << " ("
                  << xq::reasonName(r.rootStatus.reason) << "): nothing to search\n";
        return;
    }
    std::printf("search     %d simulations in %.3f s (%.0f sims/s), %d threads, batch %d\n",
                r.simulations, r.seconds, r.seconds > 0 ? r.simulations / r.seconds : 0.0,
                o.threads, o.batch);
    std::printf("root value %+.3f for %s (side to move; +1 = %s wins)\n", r.rootValue, side,
                side);
    std::printf("best move  %s   pv %s\n\n", xq::toIccs(r.bestMove).c_str(),
                pvText(r.pv).c_str());
    std::printf("%-6s %7s %6s %7s %7s  %s\n", "move", "N", "P", "Q", "U", "PV");
    for (size_t i = 0; i < snap.children.size() && int(i) < o.top; ++i) {
        const auto& c = snap.children[i];
        std::printf("%-6s %7d %6.3f %+7.3f %7.3f  %s\n", xq::toIccs(c.move).c_str(), c.visits,
                    c.prior, c.q, c.u, pvText(c.pv).c_str());
    }
    std::printf("\nQ is from the mover's view (+1 = the move wins); unvisited moves show "
                "their first-play-urgency value.\n");
}

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    addOptions(sub, *o);
    return [o]() -> int {
        const xq::Position pos = o->pos.build();
        const int workers = o->workers > 0 ? o->workers : xq::nn::defaultInferenceWorkers();
        if (o->threads <= 0) o->threads = o->model.empty() ? 1 : xq::nn::searchThreadsFor(workers);
        const Evaluator e = makeEvaluator(*o, workers);
        if (!e.eval) {
            std::cerr << "xqzero analyze: built without LibTorch; --model is not available\n";
            return xqcli::kExitUsage;
        }
        xq::search::MctsParams p;
        p.threads = o->threads;
        p.batchSize = o->batch;
        p.cPuct = o->cpuct;
        xq::search::MctsSearch search(*e.eval, p);
        search.setPosition(pos);
        const xq::search::SearchResult r =
            search.search({.simulations = o->sims, .seconds = o->seconds});
        const xq::search::SearchSnapshot snap = search.snapshot(1);
        if (o->json)
            printJson(*o, pos, e.note, r, snap);
        else
            printTable(*o, pos, e.note, r, snap);
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("analyze", "MCTS analysis of a position: top moves with N, P, Q, PV", setup);

}  // namespace
