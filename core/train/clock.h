#pragma once
// The training loops' one clock: steady (never jumps with the wall clock), in seconds.
#include <chrono>

namespace xq::train {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace xq::train
