#include "core/train/selfplay_game.h"

#include "core/train/selfplay.h"

#include <algorithm>
#include <cmath>

namespace xq::train::detail {

GameStatus endOfGame(const Position& pos, int maxPlies, bool adjudicate) {
    RuleOptions opts;
    opts.lengthCap = maxPlies;
    GameStatus st = gameStatus(pos, opts);
    if (st.reason == Reason::LengthCap && adjudicate) {
        const Result r = adjudicateMaterial(pos);
        if (r != Result::Draw) st = {r, Reason::Adjudication};
    }
    return st;
}

std::optional<float> policySurprise(const std::vector<int>& target,
                                    const std::vector<float>& priors) {
    if (target.size() != priors.size()) return std::nullopt;
    double total = 0;
    for (int v : target) total += std::max(v, 0);
    if (total <= 0) return std::nullopt;
    double kl = 0;
    for (size_t i = 0; i < target.size(); ++i) {
        if (target[i] <= 0) continue;
        const double t = target[i] / total;
        kl += t * (std::log(t) - std::log(std::max(double(priors[i]), kMinSurprisePrior)));
    }
    return float(std::max(kl, 0.0));
}

store::MoveRecord searchedMove(const search::SearchResult& r, Move played) {
    store::MoveRecord m;
    m.move = played;
    m.rootValue = r.rootValue;
    const std::vector<int>& visits = r.targetVisits.size() == r.moves.size() ? r.targetVisits : r.visits;
    for (size_t i = 0; i < r.moves.size(); ++i)
        if (visits[i] > 0) m.visits.push_back({r.moves[i], uint32_t(visits[i])});
    m.policySurprise = policySurprise(visits, r.priors);
    return m;
}

bool unsettledRoot(const search::SearchResult& r, float valueChange) {
    if (r.rootProven != 0 || r.rootStatus.over()) return false;
    for (size_t i = 0; i < r.moves.size(); ++i) {
        if (r.moves[i] != r.bestMove) continue;
        if (i >= r.q.size() || i >= r.visits.size() || r.visits[i] <= 0) return false;
        if (i < r.proven.size() && r.proven[i] != 0) return false;
        return std::abs(r.q[i] - r.networkValue) >= valueChange;
    }
    return false;
}

Move randomLegalMove(const Position& pos, std::mt19937_64& rng) {
    MoveList moves;
    pos.legalMoves(moves);
    if (moves.empty()) return Move();
    std::uniform_int_distribution<int> pick(0, moves.size() - 1);
    return moves[pick(rng)];
}

uint64_t gameSeed(uint64_t seed, uint64_t index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace xq::train::detail
