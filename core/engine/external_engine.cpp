#include "core/engine/external_engine.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xq::engine {

namespace {
using Clock = std::chrono::steady_clock;

int msUntil(Clock::time_point t) {
    return int(std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now()).count());
}

std::string describeStatus(int status) {
    if (WIFEXITED(status)) {
        const int code = WEXITSTATUS(status);
        std::string s = "exited with status " + std::to_string(code);
        if (code == 127) s += " (command not found?)";
        return s;
    }
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "ended";
}
}  // namespace

// ---------------------------------------------------------------- LineProcess

LineProcess::~LineProcess() {
    if (pid_ > 0) terminate(200);
}

bool LineProcess::start(const std::string& command, std::string& error) {
    int sv[2];
    // A socket pair rather than pipes: send(MSG_NOSIGNAL) turns a dead reader into an error
    // instead of SIGPIPE, and one descriptor serves both directions. CLOEXEC keeps it out of
    // engines started concurrently by other threads.
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        error = std::string("socketpair: ") + std::strerror(errno);
        return false;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        error = std::string("fork: ") + std::strerror(errno);
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    if (pid == 0) {
        // Child: only async-signal-safe calls until exec.
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        const int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, 2);
        execl("/bin/sh", "sh", "-c", command.c_str(), (char*)nullptr);
        _exit(127);
    }
    close(sv[1]);
    pid_ = pid;
    fd_ = sv[0];
    buf_.clear();
    exitText_.clear();
    return true;
}

bool LineProcess::writeLine(const std::string& line) {
    if (fd_ < 0) return false;
    const std::string s = line + "\n";
    size_t off = 0;
    while (off < s.size()) {
        const ssize_t w = send(fd_, s.data() + off, s.size() - off, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        off += size_t(w);
    }
    return true;
}

LineProcess::Read LineProcess::readLine(std::string& line, int timeoutMs) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(0, timeoutMs));
    for (;;) {
        const size_t nl = buf_.find('\n');
        if (nl != std::string::npos) {
            line = buf_.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buf_.erase(0, nl + 1);
            return Read::Line;
        }
        if (fd_ < 0) return Read::Eof;
        pollfd p{fd_, POLLIN, 0};
        const int wait = timeoutMs < 0 ? 0 : std::max(0, msUntil(deadline));
        const int r = poll(&p, 1, wait);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) return Read::Timeout;
        char tmp[4096];
        const ssize_t got = recv(fd_, tmp, sizeof tmp, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            close(fd_);
            fd_ = -1;
            if (!buf_.empty()) {  // a last line without newline
                line.swap(buf_);
                buf_.clear();
                return Read::Line;
            }
            return Read::Eof;
        }
        buf_.append(tmp, size_t(got));
    }
}

std::string LineProcess::exitDescription() {
    if (!exitText_.empty()) return exitText_;
    if (pid_ <= 0) return "not running";
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exitText_ = describeStatus(status);
        pid_ = -1;
        return exitText_;
    }
    return {};
}

std::string LineProcess::terminate(int graceMs) {
    if (fd_ >= 0) {
        close(fd_);  // the engine sees EOF on stdin
        fd_ = -1;
    }
    if (pid_ <= 0) return exitText_.empty() ? "not running" : exitText_;
    const auto deadline = Clock::now() + std::chrono::milliseconds(graceMs);
    int status = 0;
    for (;;) {
        const pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            exitText_ = describeStatus(status);
            break;
        }
        if (r < 0 || msUntil(deadline) <= 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status, 0);
            exitText_ = "killed after not exiting";
            break;
        }
        usleep(5000);
    }
    pid_ = -1;
    return exitText_;
}

// ---------------------------------------------------------------- ExternalEnginePlayer

struct ExternalEnginePlayer::Process {
    LineProcess p;
};

ExternalEnginePlayer::ExternalEnginePlayer(ExternalEngineConfig cfg) : cfg_(std::move(cfg)) {}

ExternalEnginePlayer::~ExternalEnginePlayer() {
    if (proc_ && proc_->p.running()) {
        proc_->p.writeLine("quit");
        proc_->p.terminate(500);
    }
}

std::string ExternalEnginePlayer::name() const {
    if (!cfg_.name.empty()) return cfg_.name;
    return std::string(cfg_.protocol == Protocol::Uci ? "uci:" : "ucci:") + cfg_.command;
}

void ExternalEnginePlayer::fail(const std::string& what) {
    std::string msg = "engine '" + name() + "': " + what;
    if (proc_) {
        const std::string ended = proc_->p.running() ? proc_->p.terminate(300) : proc_->p.exitDescription();
        if (!ended.empty() && ended != "not running") msg += " (process " + ended + ")";
        proc_.reset();
    }
    throw PlayerError(msg, name());
}

void ExternalEnginePlayer::start() {
    if (proc_ && proc_->p.running()) return;
    proc_ = std::make_unique<Process>();
    std::string err;
    if (!proc_->p.start(cfg_.command, err)) fail("cannot start: " + err);
    const bool ucci = cfg_.protocol == Protocol::Ucci;
    const std::string okWord = ucci ? "ucciok" : "uciok";
    if (!proc_->p.writeLine(ucci ? "ucci" : "uci")) fail("cannot write to the process");
    const auto deadline = Clock::now() + std::chrono::milliseconds(cfg_.startupTimeoutMs);
    bool hasVariant = false;
    for (;;) {
        std::string line;
        const auto r = proc_->p.readLine(line, std::max(0, msUntil(deadline)));
        if (r == LineProcess::Read::Eof) fail("exited during the " + okWord + " handshake");
        if (r == LineProcess::Read::Timeout)
            fail("no '" + okWord + "' within " + std::to_string(cfg_.startupTimeoutMs) + " ms");
        if (line.rfind("id name ", 0) == 0) idName_ = line.substr(8);
        if (line.find("name UCI_Variant") != std::string::npos) hasVariant = true;
        if (line == okWord) break;
    }
    ranksFromOne_ = !ucci && hasVariant;
    if (!ucci && hasVariant) proc_->p.writeLine("setoption name UCI_Variant value xiangqi");
    // UCCI clocks are in seconds unless the engine is told otherwise; we send milliseconds.
    if (ucci) proc_->p.writeLine("setoption usemillisec true");
    for (const auto& [k, v] : cfg_.options)
        proc_->p.writeLine(ucci ? "setoption " + k + " " + v
                                : "setoption name " + k + " value " + v);
    newGame();
}

void ExternalEnginePlayer::newGame() {
    if (!proc_ || !proc_->p.running()) {
        start();  // start() calls newGame() again once the handshake is done
        return;
    }
    if (cfg_.protocol == Protocol::Uci) proc_->p.writeLine("ucinewgame");
    if (!proc_->p.writeLine("isready")) fail("cannot write to the process");
    const auto deadline = Clock::now() + std::chrono::milliseconds(cfg_.startupTimeoutMs);
    for (;;) {
        std::string line;
        const auto r = proc_->p.readLine(line, std::max(0, msUntil(deadline)));
        if (r == LineProcess::Read::Eof) fail("exited while waiting for 'readyok'");
        if (r == LineProcess::Read::Timeout) fail("no 'readyok' in time");
        if (line == "readyok") break;
    }
}

std::string ExternalEnginePlayer::moveText(Move m) const {
    std::string s = toIccs(m);  // "h2e2", ranks 0..9
    if (ranksFromOne_) {
        std::string t;
        t += s[0];
        t += std::to_string(s[1] - '0' + 1);
        t += s[2];
        t += std::to_string(s[3] - '0' + 1);
        return t;
    }
    return s;
}

Move ExternalEnginePlayer::parseMoveText(const Position& pos, const std::string& text) const {
    std::string iccs = text;
    if (ranksFromOne_) {
        // "h10g8": file letter, 1-2 digit rank (1..10), file letter, rank.
        size_t i = 0;
        iccs.clear();
        for (int part = 0; part < 2; ++part) {
            if (i >= text.size() || text[i] < 'a' || text[i] > 'i') return Move();
            iccs += text[i++];
            int rank = 0, digits = 0;
            while (i < text.size() && std::isdigit((unsigned char)text[i]) && digits < 2) {
                rank = rank * 10 + (text[i++] - '0');
                ++digits;
            }
            if (digits == 0 || rank < 1 || rank > 10) return Move();
            iccs += char('0' + rank - 1);
        }
        if (i != text.size()) return Move();
    }
    const MoveParse r = parseIccs(pos, iccs);
    return r.move;
}

std::string ExternalEnginePlayer::goCommand(const SearchLimits& l, Color stm) const {
    std::ostringstream go;
    go << "go";
    const bool ucci = cfg_.protocol == Protocol::Ucci;
    if (l.infinite) {
        go << " infinite";
        return go.str();
    }
    if (l.depth > 0) go << " depth " << l.depth;
    if (l.nodes > 0) go << " nodes " << l.nodes;
    if (l.movetimeMs > 0) go << " movetime " << l.movetimeMs;
    if (l.myTimeMs >= 0) {
        if (ucci) {
            go << " time " << l.myTimeMs << " increment " << l.myIncMs;
            if (l.oppTimeMs >= 0) go << " opptime " << l.oppTimeMs << " oppincrement " << l.oppIncMs;
            if (l.movesToGo > 0) go << " movestogo " << l.movesToGo;
        } else {
            const int wt = stm == Red ? l.myTimeMs : l.oppTimeMs;
            const int bt = stm == Red ? l.oppTimeMs : l.myTimeMs;
            const int wi = stm == Red ? l.myIncMs : l.oppIncMs;
            const int bi = stm == Red ? l.oppIncMs : l.myIncMs;
            if (wt >= 0) go << " wtime " << wt;
            if (bt >= 0) go << " btime " << bt;
            go << " winc " << wi << " binc " << bi;
            if (l.movesToGo > 0) go << " movestogo " << l.movesToGo;
        }
    }
    if (go.str() == "go") go << " depth 8";  // no limit at all: something finite
    return go.str();
}

int ExternalEnginePlayer::deadlineMs(const SearchLimits& l) const {
    if (l.movetimeMs > 0) return l.movetimeMs + cfg_.graceMs;
    if (l.myTimeMs >= 0) return l.myTimeMs + cfg_.graceMs;
    return cfg_.searchTimeoutMs;
}

Move ExternalEnginePlayer::chooseMove(const Position& pos, const SearchLimits& limits,
                                      std::atomic<bool>* stop) {
    if (!proc_ || !proc_->p.running()) start();
    if (!pos.hasLegalMove()) return Move();
    sendPosition(pos);
    if (!limits.banMoves.empty() && cfg_.protocol == Protocol::Ucci) {
        std::string ban = "banmoves";
        for (Move m : limits.banMoves) ban += " " + moveText(m);
        proc_->p.writeLine(ban);
    }
    if (!proc_->p.writeLine(goCommand(limits, pos.sideToMove())))
        fail("cannot write to the process (crashed?)");
    return awaitBestMove(pos, limits, stop);
}

// The set-up position and the whole game, so the engine can judge repetitions.
void ExternalEnginePlayer::sendPosition(const Position& pos) {
    Position setup = pos;
    std::vector<Move> moves;
    for (const auto& st : pos.history()) moves.push_back(st.move);
    for (size_t i = 0; i < moves.size(); ++i) setup.unmakeMove();
    std::string cmd = "position fen " + toFen(setup);
    if (!moves.empty()) {
        cmd += " moves";
        for (Move m : moves) cmd += " " + moveText(m);
    }
    if (!proc_->p.writeLine(cmd)) fail("cannot write to the process (crashed?)");
}

// Reads the engine's output after `go` until its `bestmove`, passing `info` lines on to the
// info callback. A set stop flag sends `stop` once and allows graceMs more for the answer.
Move ExternalEnginePlayer::awaitBestMove(const Position& pos, const SearchLimits& limits,
                                         std::atomic<bool>* stop) {
    const bool untimed = limits.infinite;
    auto deadline = Clock::now() + std::chrono::milliseconds(deadlineMs(limits));
    bool stopSent = false;
    for (;;) {
        if (stop && !stopSent && stop->load()) {
            proc_->p.writeLine("stop");
            stopSent = true;
            deadline = Clock::now() + std::chrono::milliseconds(cfg_.graceMs);
        }
        std::string line;
        // Poll in short slices so that the stop flag is noticed promptly.
        const int slice =
            (untimed && !stopSent) ? 50 : std::max(0, std::min(50, msUntil(deadline)));
        const auto r = proc_->p.readLine(line, slice);
        if (r == LineProcess::Read::Eof) fail("exited while thinking");
        if (r == LineProcess::Read::Timeout) {
            if ((!untimed || stopSent) && msUntil(deadline) <= 0)
                fail("no 'bestmove' within " + std::to_string(deadlineMs(limits)) + " ms");
            continue;
        }
        std::istringstream in(line);
        std::string word;
        in >> word;
        if (word == "info" && onInfo_) {
            const SearchInfo info = readInfo(pos, in);
            if (info.depth > 0) reportInfo(info);
        } else if (word == "bestmove") {
            std::string mv;
            in >> mv;
            const Move m = parseMoveText(pos, mv);
            if (m.isNull())
                fail("answered an illegal or unreadable move '" + mv + "' in " + toFen(pos));
            return m;
        } else if (word == "nobestmove") {
            fail("answered 'nobestmove' in a position with legal moves");
        }
    }
}

// The rest of an `info` line, after the word itself. The pv ends before its first move that
// is not legal from `pos` after the moves before it.
SearchInfo ExternalEnginePlayer::readInfo(const Position& pos, std::istream& in) const {
    SearchInfo info;
    std::string k;
    while (in >> k) {
        if (k == "depth")
            in >> info.depth;
        else if (k == "seldepth")
            in >> info.selDepth;
        else if (k == "nodes")
            in >> info.nodes;
        else if (k == "nps")
            in >> info.nps;
        else if (k == "time")
            in >> info.timeMs;
        else if (k == "score") {
            std::string kind;
            in >> kind;
            if (kind == "cp")
                in >> info.scoreCp;
            else if (kind == "mate")
                in >> info.mateIn;
        } else if (k == "pv") {
            Position p = pos;
            std::string mv;
            while (in >> mv) {
                const Move m = parseMoveText(p, mv);
                if (m.isNull()) break;
                info.pv.push_back(m);
                p.makeMove(m);
            }
        }
    }
    return info;
}

}  // namespace xq::engine
