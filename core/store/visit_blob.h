#pragma once
// The on-disk form of a sparse visit distribution (moves.visits BLOB).
//
// Layout: one format byte (1 = pairs of u16 move + u32 visits), then 6 bytes per pair, all
// little-endian whatever the host. ~40 legal moves with visits cost ~241 bytes instead of the
// 8,100 floats of a dense policy vector. The format byte lets a later schema add a float
// variant without guessing from the length.
// Thread-safety: pure functions.

#include <cstdint>
#include <span>
#include <vector>

#include "core/store/records.h"

namespace xq::store {

constexpr uint8_t kVisitBlobFormat = 1;
constexpr int kVisitBlobPairBytes = 6;

std::vector<uint8_t> encodeVisits(std::span<const VisitCount> visits);
// Throws StoreError(Corrupt) when the bytes are not a blob written by encodeVisits() of moves
// between two different board squares (a blob from a damaged database could otherwise hand
// the trainer a policy index past the end of its vector).
std::vector<VisitCount> decodeVisits(std::span<const uint8_t> bytes);

}  // namespace xq::store
