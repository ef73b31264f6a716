#pragma once
// The Elo ladder: one player against a list of fixed opponents ("rungs") of known strength,
// giving an absolute rating on one scale (alpha-beta depth 1 = 0) that can be compared across
// runs, generations and machines. Used by `xqzero ladder`.
//
// Rungs: a rung is a player spec (player_spec.h) plus per-move limits. Text form:
//   SPEC            e.g. random, alphabeta:2
//   SPEC#NODES      the spec searched with a node limit per move
//   fairy:NODES     short for uci:/usr/games/fairy-stockfish#NODES
// A rung whose engine binary is missing is skipped with a note (the ladder still runs).
//
// Ratings: each rung's rating is a constant measured once by calibration (rungs against each
// other, fitted with core/train/rating_fit.h anchored at alphabeta:1 = 0) and written in the
// table in ladder.cpp. The player's rating is then a one-parameter maximum-likelihood fit over
// all its games with every rung held at its constant (rating_fit.h: one virtual draw against
// the anchor is the prior, so a perfect score stays finite). That virtual draw pulls the
// rating toward 0 by about what half a game would: `xqzero ladder random --games 4` (28 games)
// gave random -599 against its calibrated -747; with 10 games a rung the pull is smaller. Its
// 95% interval counts the player's games only, not the calibration's own uncertainty. A rung missing from the table
// cannot be used for a rating (runLadder() throws); runCalibration() measures new ones.
//
// Games: each rung is a runMatch() (match.h) with the player as A: colours alternate, pairs of
// games share a short random opening, a capped game is a draw, a forfeit is a loss.
//
// Thread-safety: runLadder() and runCalibration() block; with threads > 1 each rung's games run
// on that many workers (players are built per worker, as runMatch() does). The callback is
// called one at a time, from a worker thread. `stop` may be set from any thread: unfinished
// games are dropped, the rungs not yet started are not played, and the result is fitted from
// the games finished (`stopped` says so). The other functions are pure.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/match.h"
#include "core/engine/player_spec.h"
#include "core/train/rating_fit.h"

namespace xq::store {
class Store;
}

namespace xq::engine {

inline constexpr const char* kLadderAnchor = "alphabeta:1";
inline constexpr const char* kFairyStockfishPath = "/usr/games/fairy-stockfish";

struct Rung {
    std::string name;     // canonical text: "random", "alphabeta:2", "fairy:16", "uci:CMD#N"
    std::string spec;     // what makePlayer() builds
    SearchLimits limits;  // per move (empty: the player's defaults)
};

// Parses the text form above; throws std::invalid_argument naming what is wrong.
Rung parseRung(const std::string& text);
// Empty when the rung can be played here; otherwise why not (an engine binary is missing).
std::string rungUnavailable(const Rung& rung);

// One calibrated rung: its rating on the ladder's scale and the figures it was measured from.
struct RungConstant {
    const char* name;
    double rating;        // Elo, alphabeta:1 = 0
    double lo, hi;        // the calibration's 95% interval
    int games;            // calibration games it played
    double score;         // its score in them
};
const std::vector<RungConstant>& calibratedRungs();
std::optional<double> calibratedRating(const std::string& rungName);
// The default ladder, weakest first.
std::vector<std::string> defaultRungs();

struct LadderConfig {
    std::string player;                       // player spec (net:PATH@SIMS, best:RUN@SIMS, ...)
    std::vector<std::string> rungs = defaultRungs();
    int gamesPerRung = 10;
    int threads = 1;
    int lengthCap = 300;                      // plies; a capped game is a draw
    int openingPlies = 2;
    uint64_t seed = 1;
    SearchLimits playerLimits;                // empty: the player's own defaults
    PlayerSpecContext context;                // db path, net options (the seed is set per game)
};

// One rung's games, from the player's point of view.
struct RungResult {
    std::string rung;
    double rungRating = 0;   // the calibrated constant held fixed in the fit
    bool skipped = false;
    std::string note;        // why it was skipped
    int games = 0, wins = 0, draws = 0, losses = 0, forfeits = 0;
};

struct LadderResult {
    std::string player;
    std::vector<RungResult> rungs;
    double rating = 0, lo = 0, hi = 0;  // Elo, alphabeta:1 = 0, 95% interval
    int games = 0;
    double score = 0.5;
    bool stopped = false;
    int gamesPerRung = 0;
    uint64_t seed = 0;
};

struct LadderEvent {
    enum class Kind { Game, RungDone, RungSkipped };
    Kind kind = Kind::Game;
    int rungIndex = 0;
    const RungResult* rung = nullptr;    // the rung's record so far
    const GameRecord* game = nullptr;    // Kind::Game only
    int gamesDone = 0, gamesTotal = 0;   // over the whole ladder (skipped rungs excluded)
};
using LadderCallback = std::function<void(const LadderEvent&)>;

// Throws std::invalid_argument for a bad player or rung spec, a rung without a calibrated
// rating, or a bad count; a player that cannot be built (missing model) throws from the first
// game's factory, as runMatch() does.
LadderResult runLadder(const LadderConfig& cfg, const LadderCallback& onEvent = {},
                       std::atomic<bool>* stop = nullptr);

// The fit behind runLadder(): fills rating/lo/hi/games/score from the rungs' W/D/L with each
// rung at its rungRating. Exposed so tests (and stored details) can be re-fitted.
void fitLadder(LadderResult& result);

// --- calibration --------------------------------------------------------------------------
// Plays each rung against the rungs up to `span` places after it in the list (the list is
// weakest first, so the pairs that carry information are the near ones) and fits all ratings
// jointly, anchored at alphabeta:1 = 0, which must be among the rungs.
struct CalibrationConfig {
    std::vector<std::string> rungs = defaultRungs();
    int gamesPerPair = 20;
    int span = 2;
    int threads = 1;
    int lengthCap = 300;
    int openingPlies = 2;
    uint64_t seed = 1;
};

struct CalibrationPair {
    std::string a, b;
    int wins = 0, draws = 0, losses = 0, forfeits = 0;  // from a's view
};

struct CalibrationResult {
    std::vector<CalibrationPair> pairs;
    train::RatingFit fit;
    std::vector<std::string> notes;  // skipped rungs
    bool stopped = false;
};

using CalibrationCallback = std::function<void(const CalibrationPair& done, int pairIndex, int pairs)>;
CalibrationResult runCalibration(const CalibrationConfig& cfg, const CalibrationCallback& onPair = {},
                                 std::atomic<bool>* stop = nullptr);

// --- output and storage -------------------------------------------------------------------
// One JSON object: player, rating, lo, hi, games, score, anchor, stopped, games_per_rung,
// seed and "rungs": [{rung, rating, games, wins, draws, losses, forfeits, skipped, note}].
std::string ladderJson(const LadderResult& result);

// The run and model a player spec stands for in the store: best:RUN@SIMS names the run and its
// current best model; other specs neither. Resolve it before the games (training may accept a
// newer model meanwhile). Throws std::invalid_argument for an unknown run.
struct LadderOwner {
    std::optional<int64_t> run;
    std::optional<int64_t> model;
};
LadderOwner ladderOwner(store::Store& store, const std::string& playerSpec);
// Writes the result (detail = ladderJson()) and returns its id.
int64_t storeLadderResult(store::Store& store, const LadderResult& result, const LadderOwner& owner);

}  // namespace xq::engine
