#include "core/train/sprt.h"

#include <algorithm>
#include <cmath>

#include "core/train/elo.h"

namespace xq::train {

double sprtLlr(int wins, int draws, int losses, const SprtParams& p) {
    const int n = wins + draws + losses;
    if (n == 0) return 0;
    const double sum = wins + 0.5 * draws;
    const double s = sum / n;
    const double var =
        std::max(0.01, (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n);
    const double s0 = scoreFromElo(p.elo0), s1 = scoreFromElo(p.elo1);
    return (s1 - s0) * (2 * sum - n * (s0 + s1)) / (2 * var);
}

double sprtUpperBound(const SprtParams& p) { return std::log((1 - p.beta) / p.alpha); }
double sprtLowerBound(const SprtParams& p) { return std::log(p.beta / (1 - p.alpha)); }

SprtDecision sprtDecide(int wins, int draws, int losses, const SprtParams& p) {
    const double llr = sprtLlr(wins, draws, losses, p);
    if (llr >= sprtUpperBound(p)) return SprtDecision::AcceptH1;
    if (llr <= sprtLowerBound(p)) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

}  // namespace xq::train
