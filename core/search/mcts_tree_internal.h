#pragma once
// Private to core/search: the rules of proven moves that both halves of MctsTree (PUCT in
// mcts_tree.cpp, Gumbel in mcts_gumbel.cpp) select by.
#include "core/search/mcts_tree.h"

namespace xq::search::detail {

// Is the move into `c` known to lose for the player making it (the opponent mates at once, the
// move ended the game as a loss for its maker, or the solver proved the opponent wins)? Such a
// move is never worth another visit.
inline bool provenLoss(const Node& c) { return provenValue(c) > 0; }
// Is the move into `c` known to win for the player making it?
inline bool provenWin(const Node& c) { return provenValue(c) < 0; }

// Subtracted from a proven loss's selection score: any other move goes first.
inline constexpr float kLostPenalty = 1e6f;

}  // namespace xq::search::detail
