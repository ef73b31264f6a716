#pragma once
// Material count of a position, the one table of piece values of the training code: R 9, H 4,
// C 4.5, A 2, E 2, P 1 (2 once across the river), kings 0. Used by the length cap's
// adjudication (core/train/selfplay.h), the material value target (core/train/replay_buffer.h)
// and the network's tactical input planes (core/nn/encoder.h).
//
// Thread-safety: pure functions.

#include "core/xiangqi/position.h"

namespace xq {

// Red's material minus Black's, in tenths of a point (so the cannon's 4.5 is whole).
int materialBalance(const Position& pos);

// The same balance once the exchanges on the board are played out: a capture-only quiescence
// search (alpha-beta, each side may stand pat, at most kResolvePlies captures deep). A piece
// that hangs for the side to move counts as taken; one that merely stands attacked for the
// side that just moved does not (that side may stand pat), so this is what "material some
// plies later" estimates without the noise of the moves a young network plays meanwhile.
inline constexpr int kResolvePlies = 6;
int resolvedMaterialBalance(const Position& pos);

// A material balance (tenths, from one side's view) squashed into a value in (-1, 1):
// tanh(points / 8), so a pawn is worth 0.12, a horse 0.46, a rook 0.82.
float materialValue(int tenths);

}  // namespace xq
