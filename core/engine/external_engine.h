#pragma once
// ExternalEnginePlayer: another engine program spoken to over UCI or UCCI through a child
// process (fork/exec of `/bin/sh -c COMMAND`, stdin/stdout on a socket pair; no Qt in core).
//
// UCI: `uci` … `uciok`; when the engine offers `UCI_Variant` (Fairy-Stockfish) it is set to
// `xiangqi`, and such engines number ranks 1–10 in moves ("h3e3" is our "h2e2"); engines
// without the option (Pikafish) use ranks 0–9 like we do. UCCI: `ucci` … `ucciok`, ranks 0–9.
// Each move sends `position fen <set-up FEN> moves …` with the whole game so the engine sees
// repetitions, then `go …` and waits for `bestmove`.
//
// Failure handling: every wait has a deadline (start-up timeout; for a move the time limit plus
// a grace period, or searchTimeoutMs for depth/node searches). A process that exits, closes its
// output, stays silent past the deadline or answers an illegal move makes chooseMove() throw
// PlayerError with a message naming the engine and what happened; the process is then killed.
// The destructor sends `quit` and kills the process if it has not exited shortly after.
//
// Thread-safety: one thread at a time per instance (like every Player); the stop flag passed
// to chooseMove() may be set from another thread (the engine is then sent `stop`).

#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/engine/player.h"

namespace xq::engine {

enum class Protocol { Uci, Ucci };

struct ExternalEngineConfig {
    std::string command;                 // shell command line, e.g. "/usr/games/fairy-stockfish"
    Protocol protocol = Protocol::Uci;
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value pairs
    int startupTimeoutMs = 30000;        // a loaded machine can take seconds to start one
    int graceMs = 5000;                  // extra wait beyond a movetime/clock budget
    int searchTimeoutMs = 120000;        // wait for depth/node searches (no time limit given)
    std::string name;                    // display name; empty = "<protocol>:<command>"
};

class ExternalEnginePlayer final : public Player {
public:
    explicit ExternalEnginePlayer(ExternalEngineConfig cfg);
    ~ExternalEnginePlayer() override;

    std::string name() const override;
    // Starts the process and completes the handshake (also done lazily by the first use).
    // Throws PlayerError on failure.
    void start();
    void newGame() override;
    Move chooseMove(const Position& pos, const SearchLimits& limits,
                    std::atomic<bool>* stop) override;
    // The identification the engine sent (`id name …`), empty before start().
    const std::string& engineName() const { return idName_; }

private:
    struct Process;
    [[noreturn]] void fail(const std::string& what);
    std::string moveText(Move m) const;
    Move parseMoveText(const Position& pos, const std::string& text) const;
    std::string goCommand(const SearchLimits& l, Color stm) const;
    int deadlineMs(const SearchLimits& l) const;
    void sendPosition(const Position& pos);
    Move awaitBestMove(const Position& pos, const SearchLimits& limits, std::atomic<bool>* stop);
    SearchInfo readInfo(const Position& pos, std::istream& in) const;

    ExternalEngineConfig cfg_;
    std::unique_ptr<Process> proc_;
    std::string idName_;
    bool ranksFromOne_ = false;  // UCI engines with UCI_Variant number ranks 1..10
};

// Child process with line I/O and deadlines (used by ExternalEnginePlayer and tests).
// Thread-safety: one thread at a time.
class LineProcess {
public:
    LineProcess() = default;
    ~LineProcess();
    LineProcess(const LineProcess&) = delete;
    LineProcess& operator=(const LineProcess&) = delete;
    // Runs `/bin/sh -c command`; false (with `error`) when it cannot be started.
    bool start(const std::string& command, std::string& error);
    bool running() const { return pid_ > 0; }
    // Writes one line (newline added); false when the process is gone.
    bool writeLine(const std::string& line);
    enum class Read { Line, Timeout, Eof };
    // Reads one line, waiting at most timeoutMs (<0 = the remaining data only, no wait).
    Read readLine(std::string& line, int timeoutMs);
    // Waits up to graceMs for exit, then SIGKILLs; returns a description of how it ended.
    std::string terminate(int graceMs);
    // Describes the exit if the process has exited (non-blocking); empty while it runs.
    std::string exitDescription();

private:
    int pid_ = -1;
    int fd_ = -1;
    std::string buf_;
    std::string exitText_;
};

}  // namespace xq::engine
