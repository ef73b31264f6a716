#include "core/train/early_stop.h"

#include <algorithm>

namespace xq::train {

EarlyStop::Action EarlyStop::report(int step, double loss) {
    if (bestStep_ < 0 || loss < bestLoss_ - minDelta_) {
        bestStep_ = step;
        bestLoss_ = loss;
        since_ = 0;
        return Action::NewBest;
    }
    ++since_;
    return patience_ > 0 && since_ >= patience_ ? Action::Stop : Action::Continue;
}

size_t heldOutCapacity(int bufferCapacity) {
    return std::max<size_t>(1000, size_t(std::max(0, bufferCapacity)) / 4);
}

bool heldOutGame(int64_t gameId, uint64_t seed, double fraction) {
    if (fraction <= 0) return false;
    if (fraction >= 1) return true;
    // splitmix64 finaliser: ids are consecutive, the hash spreads them evenly.
    uint64_t z = uint64_t(gameId) + seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(z >> 11) * (1.0 / 9007199254740992.0) < fraction;
}

}  // namespace xq::train
