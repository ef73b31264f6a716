#include "core/engine/net_players.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "core/search/mcts_search.h"
#if XQ_WITH_TORCH
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#endif
#if XQ_ENGINE_HAS_STORE
#include "core/store/paths.h"
#include "core/store/model_cache.h"
#include "core/store/run_name.h"
#include "core/store/store.h"
#endif

namespace xq::engine {

// ---------------------------------------------------------------- MctsPlayer

MctsPlayer::MctsPlayer(std::shared_ptr<nn::Evaluator> evaluator, int simulations,
                       const search::MctsParams& params, std::string name)
    : evaluator_(std::move(evaluator)),
      search_(std::make_unique<search::MctsSearch>(*evaluator_, params)),
      simulations_(simulations),
      params_(params),
      name_(std::move(name)) {}

MctsPlayer::~MctsPlayer() = default;

void MctsPlayer::newGame() {
    search_ = std::make_unique<search::MctsSearch>(*evaluator_, params_);
}

Move MctsPlayer::chooseMove(const Position& pos, const SearchLimits& limits,
                            std::atomic<bool>* stop) {
    if (!pos.hasLegalMove()) return Move();
    search::SearchLimits l;
    // A move time is the limit ("think exactly about this long"): a PUCT search is not cut
    // short by the player's own simulation count (nodes, when given, still cap it). A Gumbel
    // search plans Sequential Halving over its budget, so it keeps its count.
    const bool timed = limits.movetimeMs > 0 && params_.kind == search::MctsParams::Kind::Puct;
    l.simulations = limits.nodes > 0 ? int(std::min<uint64_t>(limits.nodes, 1u << 30))
                    : timed          ? 0
                                     : simulations_;
    if (limits.infinite) l.simulations = 0;
    if (limits.movetimeMs > 0) l.seconds = limits.movetimeMs / 1000.0;
    else if (limits.myTimeMs >= 0) l.seconds = (limits.myTimeMs / 30 + limits.myIncMs * 3 / 4) / 1000.0;
    if (l.simulations == 0 && l.seconds == 0 && !limits.infinite) l.simulations = simulations_;
    l.stopWhenDecided = !limits.infinite;
    search_->setPosition(pos);
    search_->start(l);
    auto lastSnapshot = std::chrono::steady_clock::now();
    while (search_->running()) {
        if (stop && stop->load()) search_->stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        if (onSnapshot_ && std::chrono::steady_clock::now() - lastSnapshot >= std::chrono::milliseconds(80)) {
            lastSnapshot = std::chrono::steady_clock::now();
            onSnapshot_(search_->snapshot(1));
        }
    }
    const search::SearchResult r = search_->wait();
    if (onInfo_) {
        SearchInfo info;
        info.depth = int(r.pv.size());
        info.nodes = uint64_t(r.simulations);
        info.timeMs = int(r.seconds * 1000);
        info.nps = r.seconds > 0 ? uint64_t(r.simulations / r.seconds) : 0;
        // The value v = 2p - 1 shown as a logistic score: cp = 400 log10(p / (1 - p)).
        const double v = std::clamp(double(r.rootValue), -0.999, 0.999);
        info.scoreCp = int(std::lround(400.0 * std::log10((1 + v) / (1 - v))));
        info.pv = r.pv;
        reportInfo(info);
    }
    Move m = r.bestMove;
    // Banned moves (UCCI): the most visited allowed one.
    if (!limits.banMoves.empty()) {
        int bestVisits = -1;
        m = Move();
        for (size_t i = 0; i < r.moves.size(); ++i) {
            if (std::find(limits.banMoves.begin(), limits.banMoves.end(), r.moves[i]) != limits.banMoves.end())
                continue;
            if (r.visits[i] > bestVisits) {
                bestVisits = r.visits[i];
                m = r.moves[i];
            }
        }
    }
    return m;
}

// ---------------------------------------------------------------- PolicyPlayer

PolicyPlayer::PolicyPlayer(std::shared_ptr<nn::Evaluator> evaluator, double temperature,
                           uint64_t seed, std::string name)
    : evaluator_(std::move(evaluator)), temperature_(temperature), rng_(seed), name_(std::move(name)) {}

Move PolicyPlayer::chooseMove(const Position& pos, const SearchLimits& limits, std::atomic<bool>*) {
    MoveList legal;
    pos.legalMoves(legal);
    if (legal.empty()) return Move();
    nn::EvalInput in{&pos, &legal};
    nn::EvalOutput out;
    evaluator_->evaluate(std::span<const nn::EvalInput>(&in, 1), std::span<nn::EvalOutput>(&out, 1));
    std::vector<double> w(size_t(legal.size()));
    for (int i = 0; i < legal.size(); ++i) {
        const bool banned = std::find(limits.banMoves.begin(), limits.banMoves.end(), legal[i]) !=
                            limits.banMoves.end();
        w[size_t(i)] = banned ? 0.0 : std::pow(std::max(1e-9, double(out.priors[size_t(i)])), 1.0 / temperature_);
    }
    double sum = 0;
    for (double x : w) sum += x;
    if (sum <= 0) return Move();
    std::discrete_distribution<int> pick(w.begin(), w.end());
    return legal[pick(rng_)];
}

// ---------------------------------------------------------------- spec builders

namespace {
std::pair<std::string, std::string> splitAt(const std::string& body, const char* what) {
    const size_t at = body.rfind('@');
    if (at == std::string::npos || at == 0 || at + 1 == body.size())
        throw std::invalid_argument(std::string("expected ") + what);
    return {body.substr(0, at), body.substr(at + 1)};
}

int parseSims(const std::string& s) {
    size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != s.size() || v < 1 || v > 1000000)
        throw std::invalid_argument("SIMS must be 1..1000000, not '" + s + "'");
    return v;
}

std::shared_ptr<nn::Evaluator> loadEvaluator(const std::string& path) {
#if XQ_WITH_TORCH
    try {
        auto net = std::make_shared<nn::Net>(nn::loadModel(path));
        return std::make_shared<nn::TorchEvaluator>(net, nullptr, 16);
    } catch (const std::exception& e) {
        throw std::invalid_argument("cannot load model '" + path + "': " + e.what());
    }
#else
    throw std::invalid_argument("model '" + path + "': this build has no LibTorch (XQ_WITH_TORCH=OFF)");
#endif
}

}  // namespace

search::MctsParams playParams(const PlayerSpecContext& ctx) {
    search::MctsParams p;  // no noise, greedy: play strength, not exploration
    p.policyTemperature = kPlayPolicyTemperature;
    p.addNoise = false;
    p.temperaturePlies = 0;
    p.batchSize = ctx.searchBatch > 0 ? ctx.searchBatch : kPlaySearchBatch;
    p.seed = ctx.seed;
    if (ctx.mateSearchMoves >= 0) p.mateSearchMoves = ctx.mateSearchMoves;
    if (ctx.leafMateSearchMoves >= 0) p.leafMateSearchMoves = ctx.leafMateSearchMoves;
    if (ctx.gumbel) {
        p.kind = search::MctsParams::Kind::Gumbel;
        p.policyTemperature = 1.0f;  // its improved policy reads the priors as they are
    }
    if (ctx.policyTemperature > 0) p.policyTemperature = ctx.policyTemperature;
    return p;
}

PlayerPtr makeNetPlayer(const std::string& body, const PlayerSpecContext& ctx) {
    const auto [path, sims] = splitAt(body, "net:PATH@SIMS");
    const int n = parseSims(sims);
    return std::make_unique<MctsPlayer>(loadEvaluator(path), n, playParams(ctx), "net:" + body);
}

PlayerPtr makePolicyPlayer(const std::string& body, const PlayerSpecContext& ctx) {
    const auto [path, temp] = splitAt(body, "policy:PATH@TEMPERATURE");
    double t = 0;
    try {
        t = std::stod(temp);
    } catch (const std::exception&) {
        t = 0;
    }
    if (!(t > 0.01 && t <= 10)) throw std::invalid_argument("TEMPERATURE must be in (0.01, 10], not '" + temp + "'");
    return std::make_unique<PolicyPlayer>(loadEvaluator(path), t, ctx.seed, "policy:" + body);
}

PlayerPtr makeBestPlayer(const std::string& body, const PlayerSpecContext& ctx) {
    const auto [run, sims] = splitAt(body, "best:RUN@SIMS");
    const int n = parseSims(sims);
#if XQ_ENGINE_HAS_STORE
    if (const auto why = store::runNameProblem(run))
        throw std::invalid_argument("'" + store::printableRunName(run) + "' cannot be a run name: " + *why);
    std::string file;
    try {
        store::OpenOptions o;
        o.readOnly = true;
        store::Store st(ctx.dbPath.empty() ? store::defaultDatabasePath() : ctx.dbPath, o);
        const auto r = st.findRun(run);
        if (!r) throw std::invalid_argument("no run named '" + run + "' in " + st.path());
        const auto m = st.bestModel(r->id);
        if (!m) throw std::invalid_argument("run '" + run + "' has no accepted model yet");
        file = m->file;
        // A run trained on another host (a shared PostgreSQL database): the weights come from
        // the database by their sha256, through this host's model cache.
        std::error_code ec;
        if (!m->sha256.empty() && !std::filesystem::exists(file, ec)) file = store::cachedModelFile(st, m->sha256);
    } catch (const std::invalid_argument&) {
        throw;
    } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("cannot read the database: ") + e.what());
    }
    return std::make_unique<MctsPlayer>(loadEvaluator(file), n, playParams(ctx), "best:" + body);
#else
    (void)ctx;
    (void)n;
    throw std::invalid_argument("best:RUN players need the store module, not in this build");
#endif
}

}  // namespace xq::engine
