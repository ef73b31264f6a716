#pragma once
// Sequential probability ratio test for gating (as fishtest and OpenBench gate chess engines):
// H0 "the candidate is elo0 stronger than the best" against H1 "elo1 stronger", from the
// W/D/L record so far, in the normal approximation of the per-game score:
//   LLR = (s1 - s0) * (2 * sum(x) - N * (s0 + s1)) / (2 * var),   x = 1, 1/2, 0 per game,
// with s0, s1 the expected scores at elo0, elo1 (logistic Elo, elo.h) and var the sample
// variance of x (floored at 0.01, so a record of only wins or only losses stays finite).
// The test accepts H1 once LLR >= log((1 - beta) / alpha), H0 once LLR <= log(beta / (1 - alpha)),
// and otherwise goes on. A 20-game fixed gate at 55% passes an equal net about a quarter of
// the time; the SPRT's alpha bounds that chance (0.05 by default) whatever the games' order.
//
// Thread-safety: pure functions.

namespace xq::train {

struct SprtParams {
    double elo0 = 0;
    double elo1 = 35;
    double alpha = 0.05;  // chance of accepting H1 when H0 holds
    double beta = 0.05;   // chance of accepting H0 when H1 holds
};

enum class SprtDecision { Continue, AcceptH1, AcceptH0 };

double sprtLlr(int wins, int draws, int losses, const SprtParams& p);
double sprtUpperBound(const SprtParams& p);  // log((1 - beta) / alpha)
double sprtLowerBound(const SprtParams& p);  // log(beta / (1 - alpha))
SprtDecision sprtDecide(int wins, int draws, int losses, const SprtParams& p);

}  // namespace xq::train
