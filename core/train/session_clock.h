#pragma once
// SessionClock: the time a training session counts, for its limit (--minutes), its progress
// (elapsed time, ETA, the ladder's minutes) and the timed schedules (lr-decay-timed, the
// simulation ramp).
//
// - Worked seconds: the session's time since start(), less the time its RunControl spent
//   paused, so a pause neither uses up the limit nor moves the schedules on.
// - Run seconds: the worked seconds of the run's earlier sessions (the checkpoint's
//   `workedSeconds`, given to start()) plus this session's; each checkpoint stores them.
// - Schedule fraction with a limit of L minutes: run seconds / (carried seconds + 60 L). A new
//   run goes from 0 to 1 over its L minutes; a run stopped at a fraction f and resumed with the
//   minutes it had left goes on from f to 1; resumed with more, the rest of the schedule is
//   stretched over them (from carried / (carried + 60 L), never back to 0).
//
// Thread-safety: start() before the session's threads begin; the readers from any thread (the
// RunControl they consult is thread-safe).

#include <algorithm>

#include "core/train/clock.h"
#include "core/train/control.h"

namespace xq::train {

class SessionClock {
  public:
    // Starts the session at `now`; `carriedSeconds`: what the run's earlier sessions worked.
    void start(const RunControl& control, double carriedSeconds = 0,
               Clock::time_point now = Clock::now()) {
        control_ = &control;
        start_ = now;
        pausedAtStart_ = control.pausedTime(now);
        carried_ = std::max(0.0, carriedSeconds);
    }
    // Sets the earlier sessions' seconds once the checkpoint is read (after start()).
    void carry(double carriedSeconds) { carried_ = std::max(0.0, carriedSeconds); }
    double carriedSeconds() const { return carried_; }

    // This session's seconds, paused time left out (0 before start()).
    double workedSeconds(Clock::time_point now = Clock::now()) const {
        if (!control_) return 0;
        const auto paused = control_->pausedTime(now) - pausedAtStart_;
        return std::max(0.0, std::chrono::duration<double>(now - start_ - paused).count());
    }
    // The run's worked seconds: the earlier sessions' and this one's.
    double runSeconds(Clock::time_point now = Clock::now()) const {
        return carried_ + workedSeconds(now);
    }
    // Whether this session worked past its limit (0: no limit).
    bool timeUp(double limitMinutes, Clock::time_point now = Clock::now()) const {
        return limitMinutes > 0 && workedSeconds(now) > limitMinutes * 60.0;
    }
    // The timed schedules' progress (above); -1 without a limit.
    double scheduleFraction(double limitMinutes, Clock::time_point now = Clock::now()) const {
        if (limitMinutes <= 0) return -1.0;
        return runSeconds(now) / (carried_ + limitMinutes * 60.0);
    }

  private:
    const RunControl* control_ = nullptr;
    Clock::time_point start_;
    Clock::duration pausedAtStart_ = Clock::duration::zero();
    double carried_ = 0;
};

}  // namespace xq::train
