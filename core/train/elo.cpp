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
    // With a clamped score, measure the spread around it as if half a game had gone the
    // other way: W-1/2 wins and 1/2 loss (or the mirror).
    double w = wins, l = losses;
    if (e.clamped) {
        if (s >= 1.0) { w -= 0.5; l += 0.5; }
        else { l -= 0.5; w += 0.5; }
    }
    const double var = (w * (1 - sUse) * (1 - sUse) + draws * (0.5 - sUse) * (0.5 - sUse) +
                        l * sUse * sUse) / n;
    const double se = std::sqrt(var / n);
    const double lo = std::clamp(sUse - 1.959964 * se, 0.5 / n, (n - 0.5) / n);
    const double hi = std::clamp(sUse + 1.959964 * se, 0.5 / n, (n - 0.5) / n);
    e.elo = eloFromScore(sUse);
    e.eloLo = std::min(eloFromScore(lo), e.elo);
    e.eloHi = std::max(eloFromScore(hi), e.elo);
    return e;
}

}  // namespace xq::train
