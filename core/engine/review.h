#pragma once
// Game review: every position of a game searched by a network, and each move judged by how
// much win chance it gave away (used by `xqzero review`, the Library page and the Play page).
//
// What is searched: the positions before each move, and the final position unless the rules
// have ended the game there (then its value is the result: +1, 0, -1 for the side to move).
// Each position gets a fresh PUCT tree of ReviewOptions::simulations simulations, without
// noise and with greedy selection, so a review is a pure function of the game, the evaluator
// and the options: reviewing the same game twice with a deterministic evaluator gives the
// same values, best moves and marks (each tree is seeded with options.seed + its ply, and
// trees share nothing but the evaluator). The positions are searched many at a time:
// `threads` MultiSearch drivers (core/search/mcts_multi.h), each with up to
// `positionsInFlight` trees, gather one leaf from every tree and send them in one evaluator
// call, so a thread-safe batching evaluator (an InferenceServer on every core) gets full
// batches, as self-play does.
//
// Values and perspective. A position's value is its search's root value for ITS side to move,
// in [-1, 1] (+1 when the root is proven won, -1 proven lost). For the move of ply i, made by
// the side to move at ply i ("the mover"):
//   valueBefore = value of position i            (mover's view)
//   valueAfter  = -(value of position i + 1)     (mover's view again)
//   win chance of a value v: (v + 1) / 2, in [0, 1]
//   loss = max(0, winChance(valueBefore) - winChance(valueAfter))
// A move is marked by its loss against ReviewThresholds; the search's own best move is never
// marked (its loss is only the noise between two searches).
//
// Thread-safety: reviewGame() blocks the calling thread; it starts options.threads threads
// and joins them before it returns. The progress callback runs on those threads, one call at
// a time. `stop` may be set from any thread; the review then ends within one evaluator call
// per thread and returns nothing. The other functions are pure.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"
#include "core/xiangqi/position.h"

namespace xq::engine {

enum class MoveMark : uint8_t { None, Inaccuracy, Mistake, Blunder };

// "inaccuracy", "mistake", "blunder"; "" for None (the JSON writes null then).
const char* moveMarkName(MoveMark m);
std::optional<MoveMark> parseMoveMark(const std::string& s);  // the names above, "" = None
// The annotation symbol: "?!", "?", "??"; "" for None.
const char* moveMarkSymbol(MoveMark m);
// The PGN NAG of the mark: $6 (?!), $2 (?), $4 (??); 0 for None.
int moveMarkNag(MoveMark m);

// The win-chance drops (on (v + 1) / 2, so in [0, 1]) from which a move is marked. Lichess
// marks drops of 0.1 / 0.2 / 0.3 of its "winning chances" 2 / (1 + e^(-0.00368 cp)) - 1, which
// lie in [-1, 1] like our values; on the win chance used here those are half as large.
struct ReviewThresholds {
    double inaccuracy = 0.05;
    double mistake = 0.10;
    double blunder = 0.15;
    MoveMark markFor(double loss) const;
};

struct ReviewOptions {
    int simulations = 400;      // per position; range [1, 1000000]
    // Search threads, each driving up to positionsInFlight trees (and at most an even share of
    // the positions, so none idles); 0 = 2 (self-play's default on two cores: one thread
    // gathers while the other's batch is evaluated). The CLI and the studio use one a core.
    int threads = 0;
    int positionsInFlight = 32;  // per thread; the evaluator's batch is up to their sum
    uint64_t seed = 1;           // tree i is seeded with seed + i
    int pvLength = 8;            // moves of the best line kept per position
    float cPuct = 1.5f;          // as MctsParams' default (Analyze searches alike)
    ReviewThresholds thresholds;
};

struct MoveReview {
    int ply = 0;       // 0-based: the move from position ply to position ply + 1
    Move move;         // the move played
    Color mover = Red;
    float valueBefore = 0;  // mover's view (see the header)
    float valueAfter = 0;   // mover's view
    Move best;              // the search's best move at position ply (null when not searched)
    std::vector<Move> pv;   // its line, starting with best
    float loss = 0;         // win-chance drop, >= 0
    MoveMark mark = MoveMark::None;
};

struct SideSummary {
    int moves = 0;
    double averageLoss = 0;  // mean win-chance drop per move
    int inaccuracies = 0, mistakes = 0, blunders = 0;
};

struct ReviewStats {
    int positionsSearched = 0;
    uint64_t simulations = 0;  // new simulations over all positions
    uint64_t evaluations = 0;  // positions sent to the evaluator
    double seconds = 0;        // wall time of the search phase
};

struct GameReview {
    std::string model;          // what reviewed (the caller's label: a file or "RUN gen N")
    int simulations = 0;
    uint64_t seed = 0;
    ReviewThresholds thresholds;
    std::vector<MoveReview> moves;  // one per move of the game
    SideSummary red, black;
    ReviewStats stats;              // not stored (ReviewStats of a stored review are zero)
};

using ReviewProgressFn = std::function<void(int positionsDone, int positionsTotal)>;

// Reviews the game from `start` (with its history) through `moves`. Throws
// std::invalid_argument when a move is not legal in turn. Returns nothing when `stop` was set.
std::optional<GameReview> reviewGame(const Position& start, std::span<const Move> moves,
                                     nn::Evaluator& evaluator, const ReviewOptions& options,
                                     const ReviewProgressFn& progress = {},
                                     const std::atomic<bool>* stop = nullptr);

// Marks and summaries from the values (reviewGame calls it; a test may re-mark a review).
void markMoves(GameReview& review);

// Red's win chance at each position 0 .. moves.size() (the graph under the board).
std::vector<double> redWinChances(const GameReview& review);

// JSON. One move: {"ply", "side" ("red" or "black": the mover), "move" (ICCS), "value_before", "value_after", "best" (ICCS or null),
// "pv" (ICCS list), "loss", "mark" (name or null)}; values from the mover's view.
// A summary: {"summary": true, "red": {...}, "black": {...}} with "moves", "average_loss",
// "inaccuracies", "mistakes", "blunders".
std::string moveReviewJson(const MoveReview& m);
std::string reviewSummaryJson(const GameReview& r);
// The whole review as stored with the game ("version" 1, model, simulations, seed,
// thresholds, moves); reviewFromJson reads it back and recomputes the summaries. Throws
// std::invalid_argument naming what is wrong when the text is not such a review.
std::string reviewToJson(const GameReview& r);
GameReview reviewFromJson(const std::string& json);

// Whether the review is of these moves (a stored review is shown only with its own game).
bool reviewMatches(const GameReview& r, std::span<const Move> moves);

// The review as PGN annotations, one per move: the mark's NAG and a comment with the value of
// the position reached, from RED's view whoever moved (as a board's evaluation bar), and the
// best move in `notation` ("+0.35 best: C2.5"). Pass the notes and the notation to writePgn.
std::vector<PgnMoveNote> reviewPgnNotes(const GameReview& r, const Position& start,
                                        Notation notation);

}  // namespace xq::engine
