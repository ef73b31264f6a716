#pragma once
// RunControl: pause / resume / stop shared between the pipeline's owner (CLI, GUI facade) and
// the worker threads of a run. Workers call waitWhilePaused() between units of work (after the
// moves in flight: "hold after in-flight moves") and stopRequested() to end early.
// It also keeps the time spent paused (pausedTime), which a session's clock (clock.h:
// SessionClock) leaves out of its limit and its timed schedules.
//
// Thread-safety: every member may be called from any thread.

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "core/train/clock.h"

namespace xq::train {

class RunControl {
public:
    // `now`: the moment of the call (a parameter so that tests can place it).
    void pause(Clock::time_point now = Clock::now()) {
        std::lock_guard lk(mutex_);
        if (!paused_) pausedSince_ = now;
        paused_ = true;
    }
    void resume(Clock::time_point now = Clock::now()) {
        {
            std::lock_guard lk(mutex_);
            endPauseLocked(now);
        }
        cv_.notify_all();
    }
    void requestStop() {
        stop_.store(true);
        {
            std::lock_guard lk(mutex_);
            endPauseLocked(Clock::now());
        }
        cv_.notify_all();
    }
    void reset() {
        std::lock_guard lk(mutex_);
        endPauseLocked(Clock::now());
        stop_.store(false);
    }
    // Time spent paused since this object was made, the pause in progress included up to
    // `now`. Never decreases (reset() ends a pause but keeps the total).
    Clock::duration pausedTime(Clock::time_point now = Clock::now()) const {
        std::lock_guard lk(mutex_);
        return pausedTotal_ +
               (paused_ && now > pausedSince_ ? now - pausedSince_ : Clock::duration::zero());
    }
    bool paused() const {
        std::lock_guard lk(mutex_);
        return paused_;
    }
    bool stopRequested() const { return stop_.load(std::memory_order_relaxed); }
    // Blocks while paused; returns false when a stop was requested (before or during the wait).
    bool waitWhilePaused() {
        std::unique_lock lk(mutex_);
        if (paused_ && !stop_.load()) {
            ++holding_;
            cv_.wait(lk, [&] { return !paused_ || stop_.load(); });
            --holding_;
        }
        return !stop_.load();
    }
    // Worker threads blocked in waitWhilePaused() now: a held thread does no work until resume()
    // or requestStop(), so "paused" can be proven without waiting for time to pass.
    int holding() const {
        std::lock_guard lk(mutex_);
        return holding_;
    }

private:
    void endPauseLocked(Clock::time_point now) {
        if (paused_ && now > pausedSince_) pausedTotal_ += now - pausedSince_;
        paused_ = false;
    }
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool paused_ = false;                                    // guarded by mutex_
    int holding_ = 0;                                        // guarded by mutex_
    Clock::time_point pausedSince_;                          // guarded by mutex_; while paused_
    Clock::duration pausedTotal_ = Clock::duration::zero();  // guarded by mutex_: ended pauses
    std::atomic<bool> stop_{false};
};

}  // namespace xq::train
