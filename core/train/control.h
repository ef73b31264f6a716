#pragma once
// RunControl: pause / resume / stop shared between the pipeline's owner (CLI, GUI facade) and
// the worker threads of a run. Workers call waitWhilePaused() between units of work (after the
// moves in flight: "hold after in-flight moves") and stopRequested() to end early.
//
// Thread-safety: every member may be called from any thread.

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace xq::train {

class RunControl {
public:
    void pause() {
        std::lock_guard lk(mutex_);
        paused_ = true;
    }
    void resume() {
        {
            std::lock_guard lk(mutex_);
            paused_ = false;
        }
        cv_.notify_all();
    }
    void requestStop() {
        stop_.store(true);
        {
            std::lock_guard lk(mutex_);
            paused_ = false;
        }
        cv_.notify_all();
    }
    void reset() {
        std::lock_guard lk(mutex_);
        paused_ = false;
        stop_.store(false);
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
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool paused_ = false;  // guarded by mutex_
    int holding_ = 0;      // guarded by mutex_
    std::atomic<bool> stop_{false};
};

}  // namespace xq::train
