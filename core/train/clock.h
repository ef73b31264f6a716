#pragma once
// The training loops' one clock: steady (never jumps with the wall clock), in seconds.
#include <chrono>

namespace xq::train {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Whether a session started at `start` has run past its time limit (0: no limit).
inline bool sessionTimeUp(Clock::time_point start, double limitMinutes) {
    return limitMinutes > 0 && secondsSince(start) > limitMinutes * 60.0;
}

// Share of a session's time limit used since `start` (for lr-decay-timed); -1 without a limit.
inline double sessionTimeFraction(Clock::time_point start, double limitMinutes) {
    return limitMinutes > 0 ? secondsSince(start) / (limitMinutes * 60.0) : -1.0;
}

}  // namespace xq::train
