#pragma once
// StopOnSignals: while one is alive, SIGINT and SIGTERM (Ctrl-C, `timeout`, systemd, a container
// stop) ask the command to stop where its work is kept: the flag is set and `onStop`, if given,
// runs once on a watcher thread (never inside the signal handler). A second signal ends the
// process at once with exit status 130. The previous handlers come back when the guard is
// destroyed, however the command ends (return or exception).
//
// Thread-safety: one guard at a time per process (commands do not nest); stopRequested() and
// flag() may be read from any thread.
#include <atomic>
#include <functional>
#include <thread>

namespace xqcli {

class StopOnSignals {
public:
    explicit StopOnSignals(std::function<void()> onStop = {});
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

    bool stopRequested() const;
    // For APIs that poll a stop flag of their own (runLadder's `stop`).
    std::atomic<bool>* flag();

private:
    using Handler = void (*)(int);
    Handler oldInt_ = nullptr, oldTerm_ = nullptr;
    std::atomic<bool> done_{false};
    std::thread watcher_;
};

}  // namespace xqcli
