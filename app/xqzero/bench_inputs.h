#pragma once
// Inputs for the network benchmarks: encoded positions from seeded random games, so that the
// planes look like real ones (shared by bench nn, bench mcts and bench selfplay).

#include <vector>

namespace xqcli {

// `count` positions, kInputSize floats each (core/nn/encoder.h), the same for equal counts.
std::vector<float> samplePlanes(int count);

}  // namespace xqcli
