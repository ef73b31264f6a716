#pragma once
// ProgressLine: a command's status line on stderr and the log lines between its updates. On a
// terminal the status line is rewritten in place ('\r'); into a file or pipe it is written as a
// whole line, the first at once and then at most one every `fileInterval` seconds, so a log
// stays readable. A log line first ends an open status line.
//
// Thread-safety: update() and log() may be called from any thread.
#include <chrono>
#include <mutex>
#include <string>

namespace xqcli {

class ProgressLine {
public:
    explicit ProgressLine(double fileInterval = 10.0);
    ~ProgressLine() { finish(); }  // an error printed after it starts on its own line
    void update(const std::string& text);
    void log(const std::string& line);
    // Ends an open status line (on a terminal) so that what follows starts on a new line.
    void finish();

private:
    std::mutex mutex_;
    const bool tty_;
    const double fileInterval_;
    bool lineOpen_ = false;
    bool printed_ = false;
    std::chrono::steady_clock::time_point lastPrint_;
};

}  // namespace xqcli
