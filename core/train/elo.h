#pragma once
// Elo arithmetic for matches and gating: the logistic Elo model, score <-> Elo difference and a
// 95% confidence interval from a W/D/L record.
//
// Interval: the per-game score (1, 1/2, 0) has sample variance
// var = (W(1-s)^2 + D(1/2-s)^2 + L(0-s)^2) / N; the score's standard error is sqrt(var / N);
// the interval s ± 1.96·se is clamped into (0, 1) and mapped through eloFromScore().
// A perfect (or zero) score has no finite Elo: eloFromScore() is ±infinity there, and
// EloEstimate replaces such a score by (N - 1/2)/N (or 1/2/N) — "half a game less than perfect"
// — so that gating and JSON output always get finite numbers; `clamped` says when that
// happened. The variance is then taken at the replaced score too (a 10-0 record would
// otherwise claim a zero-width interval).
//
// Thread-safety: pure functions.

namespace xq::train {

struct EloEstimate {
    int games = 0;
    int wins = 0, draws = 0, losses = 0;
    double score = 0.5;   // (W + D/2) / N, 0.5 for an empty record
    double elo = 0;       // difference of the first player over the second
    double eloLo = 0;     // 95% interval
    double eloHi = 0;
    bool clamped = false; // score was 0 or 1 and was pulled in by half a game
};

// Elo difference for an expected score s in [0, 1] (±inf at the ends).
double eloFromScore(double s);
// Expected score for an Elo difference.
double scoreFromElo(double elo);
EloEstimate estimateElo(int wins, int draws, int losses);

}  // namespace xq::train
