#include "app/xqzero/progress_line.h"

#include <cstdio>

#include <unistd.h>

namespace xqcli {

ProgressLine::ProgressLine(double fileInterval)
    : tty_(isatty(STDERR_FILENO) != 0), fileInterval_(fileInterval) {}

void ProgressLine::update(const std::string& text) {
    std::lock_guard lk(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (tty_) {
        std::fputs(("\r" + text + "   ").c_str(), stderr);
        lineOpen_ = true;
    } else {
        if (printed_ && std::chrono::duration<double>(now - lastPrint_).count() < fileInterval_) return;
        std::fputs((text + "\n").c_str(), stderr);
    }
    printed_ = true;
    lastPrint_ = now;
    std::fflush(stderr);
}

void ProgressLine::log(const std::string& line) {
    std::lock_guard lk(mutex_);
    if (lineOpen_) std::fputs("\n", stderr);
    lineOpen_ = false;
    std::fputs((line + "\n").c_str(), stderr);
    std::fflush(stderr);
}

void ProgressLine::finish() {
    std::lock_guard lk(mutex_);
    if (lineOpen_) std::fputs("\n", stderr);
    lineOpen_ = false;
    std::fflush(stderr);
}

}  // namespace xqcli
