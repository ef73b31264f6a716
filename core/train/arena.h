#pragma once
// Arena: gating matches between two networks with MCTS (no noise, tau -> 0), colours
// alternating, many games in flight so the evaluators' batches stay full.
//
// Thread-safety: playArena() is a blocking call. While it runs, the `best` evaluator is called
// from a helper thread at the same time as `candidate` from the caller's (one call at a time
// each; a fresh helper thread per round, so an evaluator must not be tied to one thread). When
// both are the same object, everything stays on the calling thread. Callbacks run on the
// calling thread, serialised.

#include <functional>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/search/mcts_params.h"
#include "core/store/records.h"
#include "core/train/config.h"
#include "core/train/control.h"
#include "core/train/elo.h"

namespace xq::train {

struct ArenaOptions {
    int games = TrainConfig{}.evalGames;  // half with the candidate as Red
    int simulations = TrainConfig{}.evalSimulations;
    search::MctsParams mcts; // noise off, temperature 0 (set by playArena)
    int maxPlies = TrainConfig{}.maxPlies;
    bool adjudicate = false;
    int randomOpeningPlies = 2;  // varied openings so the games are not all the same
    uint64_t seed = 1;
    std::string candidateLabel = "candidate", bestLabel = "best";
    // Sequential gating: asked after each finished game with the record so far; true ends the
    // match there (no new games start, those in flight are abandoned and not counted).
    std::function<bool(int wins, int draws, int losses)> decided;
    // The match's game indexes to play, in order (index i: the candidate is Red when i is
    // even; games 2k and 2k+1 share an opening from `seed`); empty: 0 .. games-1. Evaluation
    // jobs play pieces of one match this way (same seed on every worker), and the pieces
    // together are the games the whole match plays. When given, `games` is ignored.
    std::vector<int> gameIndices;
    // Called with each finished game and its index, before the ArenaGameFn.
    std::function<void(int index, const store::GameRecord&)> indexedGame;
};

struct ArenaResult {
    int wins = 0, draws = 0, losses = 0;  // from the candidate's view
    EloEstimate elo;                      // candidate over best
    bool stopped = false;                 // ended early by control
    bool decidedEarly = false;            // ended early by ArenaOptions::decided
};

using ArenaGameFn = std::function<void(const store::GameRecord&, int finished, int total)>;
ArenaResult playArena(nn::Evaluator& candidate, nn::Evaluator& best, const ArenaOptions& options,
                      RunControl& control, const ArenaGameFn& onGame = {});

// The gating decision: accept when the score is above the threshold, or at threshold 0 whenever
// the match finished (gate_rule.h).
bool acceptCandidate(const ArenaResult& r, double threshold);

}  // namespace xq::train
