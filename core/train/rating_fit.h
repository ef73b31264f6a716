#pragma once
// Ratings from pairwise game results: a maximum-likelihood Bradley–Terry fit on the logistic
// Elo scale (as BayesElo / Ordo do), used by the Elo ladder (core/engine/ladder.h).
//
// Model: P(i scores against j) = 1 / (1 + 10^(-(r_i - r_j) / 400)). A draw counts as half a
// win for each side, so a pairing with W/D/L contributes (W + D/2)·log p + (L + D/2)·log(1-p)
// to the log-likelihood. This ignores that draws carry less variance than a win/loss pair, so
// intervals come out a little wide when draws are many (Ordo's default makes the same choice).
//
// Fixed players: at least one player (the anchor) has its rating held at a given value; any
// number of others may be held too (the ladder holds every rung at its calibrated constant and
// fits the one player under test). Only the free players are fitted.
//
// Prior (why a perfect score stays finite): every free player gets `priorDraws` virtual draws
// (default 1) against the anchor, added to the likelihood as real games would be. Without it a
// player who won every game has no maximum (the likelihood keeps rising with its rating); with
// it a 10-0 record against the anchor is (10.5 / 11) -> about +530 Elo. The virtual games also
// tie every player to the anchor, so the fit exists even for players with no path of decisive
// games to it. They are not counted in `games` or `score`.
//
// Solver: Newton's method on the log-posterior (concave), with the step halved until the
// log-posterior rises; converges in a handful of iterations for ladder-sized problems.
// Interval: ±1.96 standard errors, from the inverse of the observed Fisher information (minus
// the Hessian of the log-posterior at the maximum) restricted to the free players; a fixed
// player's interval is zero (lo = hi = rating). Standard errors are relative to the fixed
// players: the uncertainty of a fixed rating itself is not propagated.
//
// Thread-safety: pure functions.

#include <map>
#include <string>
#include <vector>

namespace xq::train {

// Games between two named players, from A's point of view.
struct PairResult {
    std::string a, b;
    int winsA = 0, draws = 0, lossesA = 0;
};

struct RatingFitOptions {
    std::string anchor;                     // the prior's reference; must be in `fixed`
    std::map<std::string, double> fixed;    // player -> rating held constant (anchor included)
    double priorDraws = 1.0;                // virtual draws of each free player vs the anchor
    int maxIterations = 100;
    double tolerance = 1e-7;                // Elo: stop when no rating moves more than this
};

struct PlayerRating {
    std::string name;
    double rating = 0;   // Elo relative to the fixed players
    double lo = 0, hi = 0;  // 95% interval (equal to rating for a fixed player)
    double stderror = 0;    // Elo, 0 for a fixed player
    bool fixed = false;
    int games = 0;          // real games only
    int wins = 0, draws = 0, losses = 0;
    double score = 0.5;     // (W + D/2) / games; 0.5 with no games
};

struct RatingFit {
    std::vector<PlayerRating> players;  // in order of first appearance (anchor first)
    int iterations = 0;
    bool converged = false;
    const PlayerRating* find(const std::string& name) const;
};

// A convenience: anchor `anchor` at `anchorRating`, everything else free.
RatingFitOptions anchoredAt(const std::string& anchor, double anchorRating = 0);

// Throws std::invalid_argument for bad input: negative counts, a player playing itself, an
// anchor missing from `fixed`, a non-finite fixed rating.
RatingFit fitRatings(const std::vector<PairResult>& results, const RatingFitOptions& options);

}  // namespace xq::train
