#pragma once
// Held-out validation for the training phase.
//
// The quick preset's first runs showed the value head memorising the outcomes of the few games
// it had seen: the loss on the training data fell to 0.05-0.3 while the loss on games it had
// not seen rose from 0.95 (what predicting 0 gives) to 1.4, and those candidates lost their
// gating matches. So a share of the self-play games (chosen by game id, the same after a
// resume) never enters the replay buffer; they form a held-out set, and every few steps the
// phase measures the value loss there.
//
// EarlyStop decides from those measurements: each report is either a new best (keep a copy of
// the weights), nothing new, or a stop (no improvement for `patience` reports in a row). At
// the end of the phase the pipeline goes back to the best weights; when the best is still the
// phase's start, nothing generalised and there is no candidate to evaluate.
//
// Thread-safety: plain values; heldOutGame() is a pure function.

#include <cstddef>
#include <cstdint>

namespace xq::train {

class EarlyStop {
public:
    enum class Action { NewBest, Continue, Stop };

    // patience: reports without improvement before Stop (0 = never stop, still tracks the best).
    // minDelta: how much lower than the best a loss must be to count as an improvement.
    explicit EarlyStop(int patience, double minDelta = 1e-3) : patience_(patience), minDelta_(minDelta) {}

    // The held-out loss after `step` steps of the phase (the first report is the baseline).
    Action report(int step, double loss);

    bool hasBest() const { return bestStep_ >= 0; }
    int bestStep() const { return bestStep_; }
    double bestLoss() const { return bestLoss_; }
    int reportsSinceBest() const { return since_; }

private:
    int patience_;
    double minDelta_;
    int bestStep_ = -1;
    double bestLoss_ = 0;
    int since_ = 0;
};

// Whether the self-play game `gameId` belongs to the held-out set: a fixed hash of the id and
// the run's seed under `fraction` (0 = none, 1 = all).
bool heldOutGame(int64_t gameId, uint64_t seed, double fraction);

// The held-out set's size in positions for a replay buffer of `bufferCapacity` (a quarter of
// it, at least 1,000), and the positions it needs before its losses are measured. The same
// for both trainers (pipeline.h, trainer_role.h).
size_t heldOutCapacity(int bufferCapacity);
constexpr size_t kMinHeldOutPositions = 256;

}  // namespace xq::train
