#include "core/train/rating_fit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace xq::train {

namespace {

// Natural-log units per Elo point: p = sigma(kScale * (r_i - r_j)).
const double kScale = std::log(10.0) / 400.0;
constexpr double kZ95 = 1.959963984540054;

// log(sigma(x)) without overflow at either end.
double logSigmoid(double x) {
    return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}
double sigmoid(double x) {
    return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x));
}

// One pairing in index form: i scored `s` points out of `n` games against j (n may be
// fractional for the virtual draws).
struct Edge {
    int i, j;
    double s, n;
};

// Cholesky factorisation of a symmetric positive definite matrix (row-major, n x n), in place
// into its lower triangle. False when the matrix is not positive definite.
bool cholesky(std::vector<double>& a, int n) {
    for (int j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        if (!(d > 1e-300)) return false;
        d = std::sqrt(d);
        a[j * n + j] = d;
        for (int i = j + 1; i < n; ++i) {
            double v = a[i * n + j];
            for (int k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = v / d;
        }
    }
    return true;
}

// Solves L L^T x = b with the factor from cholesky().
std::vector<double> choleskySolve(const std::vector<double>& l, int n, std::vector<double> b) {
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < i; ++k) b[i] -= l[i * n + k] * b[k];
        b[i] /= l[i * n + i];
    }
    for (int i = n - 1; i >= 0; --i) {
        for (int k = i + 1; k < n; ++k) b[i] -= l[k * n + i] * b[k];
        b[i] /= l[i * n + i];
    }
    return b;
}

// tallyResults() adds the anchor before any result, so it is always player 0.
constexpr int kAnchor = 0;

void validateOptions(const RatingFitOptions& options) {
    if (options.anchor.empty()) throw std::invalid_argument("rating fit: no anchor player named");
    if (!options.fixed.count(options.anchor))
        throw std::invalid_argument("rating fit: the anchor '" + options.anchor +
                                    "' needs a fixed rating");
    for (const auto& [name, r] : options.fixed)
        if (!std::isfinite(r))
            throw std::invalid_argument("rating fit: fixed rating of '" + name + "' is not finite");
    if (!(options.priorDraws >= 0))
        throw std::invalid_argument("rating fit: priorDraws must be >= 0");
}

// The index of `name` in `players`, appending it on first sight at its fixed rating (or 0 when
// it is free).
int playerIndex(const std::string& name, const RatingFitOptions& options,
                std::map<std::string, int>& index, std::vector<PlayerRating>& players) {
    auto [it, inserted] = index.try_emplace(name, int(players.size()));
    if (inserted) {
        PlayerRating p;
        p.name = name;
        const auto f = options.fixed.find(name);
        p.fixed = f != options.fixed.end();
        p.rating = p.fixed ? f->second : 0.0;
        players.push_back(p);
    }
    return it->second;
}

// Fills `players` (the anchor first, the others in order of first appearance) with each
// player's real-game tallies and score, and returns the pairings with games as edges. Throws
// std::invalid_argument for a malformed result.
std::vector<Edge> tallyResults(const std::vector<PairResult>& results,
                               const RatingFitOptions& options,
                               std::vector<PlayerRating>& players) {
    std::map<std::string, int> index;
    playerIndex(options.anchor, options, index, players);
    std::vector<Edge> edges;
    for (const PairResult& r : results) {
        const std::string where = "rating fit: " + r.a + " vs " + r.b + ": ";
        if (r.a.empty() || r.b.empty()) throw std::invalid_argument(where + "empty player name");
        if (r.a == r.b) throw std::invalid_argument(where + "a player cannot play itself");
        if (r.winsA < 0 || r.draws < 0 || r.lossesA < 0)
            throw std::invalid_argument(where + "negative game count");
        const int i = playerIndex(r.a, options, index, players);
        const int j = playerIndex(r.b, options, index, players);
        const int n = r.winsA + r.draws + r.lossesA;
        PlayerRating& pa = players[size_t(i)];
        PlayerRating& pb = players[size_t(j)];
        pa.wins += r.winsA, pa.draws += r.draws, pa.losses += r.lossesA, pa.games += n;
        pb.wins += r.lossesA, pb.draws += r.draws, pb.losses += r.winsA, pb.games += n;
        if (n > 0) edges.push_back({i, j, r.winsA + 0.5 * r.draws, double(n)});
    }
    for (PlayerRating& p : players)
        if (p.games > 0) p.score = (p.wins + 0.5 * p.draws) / p.games;
    return edges;
}

// The log-posterior over all players' ratings and its derivatives over the free ones. Free
// players get consecutive parameter slots in order of their index; fixed ones have slot -1.
struct Problem {
    const std::vector<PlayerRating>& players;
    std::vector<Edge> edges;
    std::vector<int> slot;
    int nFree = 0;
    // Gradient and information matrix (minus the Hessian) from the last derivatives() call.
    std::vector<double> grad, info;

    Problem(const std::vector<PlayerRating>& players_, std::vector<Edge> edges_)
        : players(players_), edges(std::move(edges_)), slot(players_.size(), -1) {
        for (size_t k = 0; k < players.size(); ++k)
            if (!players[k].fixed) slot[k] = nFree++;
        grad.resize(static_cast<size_t>(nFree));
        info.resize(static_cast<size_t>(nFree) * static_cast<size_t>(nFree));
    }

    // The prior: `priorDraws` virtual games, all drawn, of every free player against `anchor`.
    void addPriorDraws(int anchor, double priorDraws) {
        if (priorDraws > 0)
            for (size_t k = 0; k < players.size(); ++k)
                if (slot[k] >= 0) edges.push_back({int(k), anchor, 0.5 * priorDraws, priorDraws});
    }

    double logPosterior(const std::vector<double>& r) const {
        double lp = 0;
        for (const Edge& e : edges) {
            const double x = kScale * (r[size_t(e.i)] - r[size_t(e.j)]);
            lp += e.s * logSigmoid(x) + (e.n - e.s) * logSigmoid(-x);
        }
        return lp;
    }

    void derivatives(const std::vector<double>& r) {
        std::fill(grad.begin(), grad.end(), 0.0);
        std::fill(info.begin(), info.end(), 0.0);
        for (const Edge& e : edges) {
            const double p = sigmoid(kScale * (r[size_t(e.i)] - r[size_t(e.j)]));
            const double g = kScale * (e.s - e.n * p);
            const double w = kScale * kScale * e.n * p * (1 - p);
            const int si = slot[size_t(e.i)], sj = slot[size_t(e.j)];
            if (si >= 0) grad[size_t(si)] += g, info[size_t(si * nFree + si)] += w;
            if (sj >= 0) grad[size_t(sj)] -= g, info[size_t(sj * nFree + sj)] += w;
            if (si >= 0 && sj >= 0)
                info[size_t(si * nFree + sj)] -= w, info[size_t(sj * nFree + si)] -= w;
        }
    }

    // The Cholesky factor of the information matrix from the last derivatives() call. Throws
    // std::runtime_error when it is singular: the free ratings have no unique maximum.
    std::vector<double> informationFactor() const {
        std::vector<double> l = info;
        if (!cholesky(l, nFree)) throw notDetermined();
        return l;
    }

    std::runtime_error notDetermined() const {
        std::string names;
        for (size_t k = 0; k < players.size(); ++k)
            if (slot[k] >= 0) names += (names.empty() ? "" : ", ") + players[k].name;
        return std::runtime_error(
            "rating fit: the ratings are not determined (some of " + names +
            " have no games linking them to a fixed player, or only perfect scores; "
            "use priorDraws > 0)");
    }
};

// The ratings r + scale * step for the largest scale in 1, 1/2, 1/4, ... (60 halvings at most)
// whose log-posterior is not below `lp`: halving keeps every iteration uphill, since a full
// Newton step can overshoot when a player's score is near 0 or 1. `maxMove` receives the
// largest change of a free rating.
std::vector<double> uphillStep(const Problem& problem, const std::vector<double>& r,
                               const std::vector<double>& step, double lp, double& maxMove) {
    double scale = 1.0;
    std::vector<double> trial = r;
    for (int halvings = 0; halvings < 60; ++halvings, scale *= 0.5) {
        maxMove = 0;
        for (size_t k = 0; k < r.size(); ++k)
            if (problem.slot[k] >= 0) {
                const double d = scale * step[size_t(problem.slot[k])];
                trial[k] = r[k] + d;
                maxMove = std::max(maxMove, std::abs(d));
            }
        if (problem.logPosterior(trial) >= lp - 1e-12) break;
    }
    return trial;
}

// Newton's method from the players' starting ratings until no free rating moves by
// `options.tolerance` or `options.maxIterations` have run; records both in `fit`. Returns the
// ratings of all players (fixed ones unchanged).
std::vector<double> maximisePosterior(Problem& problem, const RatingFitOptions& options,
                                      RatingFit& fit) {
    std::vector<double> r(fit.players.size());
    for (size_t k = 0; k < r.size(); ++k) r[k] = fit.players[k].rating;
    double lp = problem.logPosterior(r);
    for (fit.iterations = 1; fit.iterations <= options.maxIterations; ++fit.iterations) {
        problem.derivatives(r);
        const std::vector<double> l = problem.informationFactor();
        const std::vector<double> step = choleskySolve(l, problem.nFree, problem.grad);
        double maxMove = 0;
        r = uphillStep(problem, r, step, lp, maxMove);
        lp = problem.logPosterior(r);
        if (maxMove < options.tolerance) {
            fit.converged = true;
            break;
        }
    }
    fit.iterations = std::min(fit.iterations, options.maxIterations);
    return r;
}

// Stores the fitted ratings `r` of the free players with their standard errors and 95%
// intervals, and gives each fixed player the zero-width interval at its rating. The
// covariance is the inverse information at the maximum, solved one column at a time.
void setRatingsAndIntervals(Problem& problem, const std::vector<double>& r,
                            std::vector<PlayerRating>& players) {
    problem.derivatives(r);
    const std::vector<double> l = problem.informationFactor();
    const int nFree = problem.nFree;
    for (size_t k = 0; k < players.size(); ++k) {
        PlayerRating& p = players[k];
        const int slot = problem.slot[k];
        if (slot < 0) {
            p.lo = p.hi = p.rating;
            continue;
        }
        std::vector<double> unit(size_t(nFree), 0.0);
        unit[size_t(slot)] = 1.0;
        const double var = choleskySolve(l, nFree, unit)[size_t(slot)];
        p.rating = r[k];
        p.stderror = std::sqrt(std::max(0.0, var));
        p.lo = p.rating - kZ95 * p.stderror;
        p.hi = p.rating + kZ95 * p.stderror;
    }
}

}  // namespace

const PlayerRating* RatingFit::find(const std::string& name) const {
    for (const PlayerRating& p : players)
        if (p.name == name) return &p;
    return nullptr;
}

RatingFitOptions anchoredAt(const std::string& anchor, double anchorRating) {
    RatingFitOptions o;
    o.anchor = anchor;
    o.fixed[anchor] = anchorRating;
    return o;
}

RatingFit fitRatings(const std::vector<PairResult>& results, const RatingFitOptions& options) {
    validateOptions(options);
    RatingFit fit;
    std::vector<Edge> edges = tallyResults(results, options, fit.players);
    Problem problem(fit.players, std::move(edges));
    problem.addPriorDraws(kAnchor, options.priorDraws);
    if (problem.nFree == 0) {
        fit.converged = true;
        for (PlayerRating& p : fit.players) p.lo = p.hi = p.rating;
        return fit;
    }
    const std::vector<double> r = maximisePosterior(problem, options, fit);
    setRatingsAndIntervals(problem, r, fit.players);
    return fit;
}

}  // namespace xq::train
