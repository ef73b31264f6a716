#pragma once
// Perft: counts leaf nodes of the legal move tree (bulk-counted at the last ply).
// Thread-safety: works on its own copy of the position.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/xiangqi/position.h"

namespace xq {

uint64_t perft(Position& pos, int depth);
// Per root move counts, in generation order.
std::vector<std::pair<Move, uint64_t>> perftDivide(Position& pos, int depth);

}  // namespace xq
