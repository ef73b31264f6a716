#pragma once
// The self-play and arena options that a training configuration implies (one place, so that
// `xqzero selfplay`, the benchmark and the pipeline play the same games for the same preset).
//
// Thread-safety: pure functions.

#include "core/train/arena.h"
#include "core/train/config.h"
#include "core/train/replay_buffer.h"
#include "core/train/selfplay.h"

namespace xq::train {

// Root noise and the temperature schedule on, everything else copied from `c`.
SelfPlayOptions selfPlayOptionsFrom(const TrainConfig& c);
// Evaluation games: no noise, tau -> 0 (playArena enforces both), c's evaluation settings.
ArenaOptions arenaOptionsFrom(const TrainConfig& c);
// The value-target and policy-mask settings of `c` on a buffer about to receive games (every
// buffer that trains or measures a run: its window, its held-out set, its start games).
void configureBuffer(ReplayBuffer& b, const TrainConfig& c);

}  // namespace xq::train
