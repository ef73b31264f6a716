#include "app/xqzero/stop_signals.h"

#include <chrono>
#include <csignal>
#include <cstdlib>

namespace xqcli {

namespace {

// Signal handlers can only touch lock-free atomics: the count of signals and the flag.
std::atomic<int> gSignals{0};
std::atomic<bool> gStop{false};

extern "C" void onStopSignal(int) {
    gStop.store(true);
    if (gSignals.fetch_add(1) >= 1) std::_Exit(130);
}

}  // namespace

StopOnSignals::StopOnSignals(std::function<void()> onStop) {
    gSignals = 0;
    gStop = false;
    oldInt_ = std::signal(SIGINT, onStopSignal);
    oldTerm_ = std::signal(SIGTERM, onStopSignal);
    if (onStop) {
        // A handler may not take locks, so a thread turns the flag into the command's stop.
        watcher_ = std::thread([this, onStop = std::move(onStop)] {
            while (!done_.load()) {
                if (gStop.load()) {
                    onStop();
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        });
    }
}

StopOnSignals::~StopOnSignals() {
    done_ = true;
    if (watcher_.joinable()) watcher_.join();
    std::signal(SIGINT, oldInt_);
    std::signal(SIGTERM, oldTerm_);
}

bool StopOnSignals::stopRequested() const { return gStop.load(); }

std::atomic<bool>* StopOnSignals::flag() { return &gStop; }

}  // namespace xqcli
