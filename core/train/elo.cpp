#include "core/train/elo.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace xq::train {

double eloFromScore(double s) {
    if (s <= 0) return -std::numeric_limits<double>::infinity();
    if (s >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / s - 1.0);
}

double scoreFromElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimateElo(int wins, int draws, int losses) {
    EloEstimate e;
    e.wins = wins;
    e.draws = draws;
    e.losses = losses;
    e.games = wins + draws + losses;
    if (e.games <= 0) return e;
    const double n = e.games;
    const double s = (wins + 0.5 * draws) / n;
    e.score = s;
    double sUse = s;
    if (s >= 1.0 || s <= 0.0) {
        e.clamped = true;
        sUse = s >= 1.0 ? (n - 0.5) / n : 0.5 / n;
    }
    const double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) +
                        losses * s * s) / n;
    const double se = std::sqrt(var / n);
    const double lo = std::clamp(sUse - 1.959964 * se, 0.5 / n, (n - 0.5) / n);
    const double hi = std::clamp(sUse + 1.959964 * se, 0.5 / n, (n - 0.5) / n);
    e.elo = eloFromScore(sUse);
    e.eloLo = std::min(eloFromScore(lo), e.elo);
    e.eloHi = std::max(eloFromScore(hi), e.elo);
    return e;
}

}  // namespace xq::train
