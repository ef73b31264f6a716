#include "core/engine/uci.h"

#include <algorithm>
#include <atomic>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include "core/engine/player_spec.h"
#include "core/engine/players.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xq::engine {

namespace {

std::vector<std::string> tokenize(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> t;
    std::string w;
    while (in >> w) t.push_back(w);
    return t;
}

bool toInt64(const std::string& s, long long& v) {
    try {
        size_t used = 0;
        v = std::stoll(s, &used);
        return used == s.size();
    } catch (const std::exception&) {
        return false;
    }
}

bool toDouble(const std::string& s, double& v) {
    try {
        size_t used = 0;
        v = std::stod(s, &used);
        return used == s.size();
    } catch (const std::exception&) {
        return false;
    }
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// Strict a0–i9 coordinate move (the protocols never use WXF/Chinese).
MoveParse parseCoord(const Position& pos, const std::string& s) {
    if (s.size() != 4 || s[0] < 'a' || s[0] > 'i' || s[2] < 'a' || s[2] > 'i' || !std::isdigit((unsigned char)s[1]) ||
        !std::isdigit((unsigned char)s[3])) {
        MoveParse r;
        r.error = "not a coordinate move (expected e.g. h2e2)";
        return r;
    }
    return parseIccs(pos, s);
}

}  // namespace

struct UciLoop::Impl {
    std::istream& in;
    std::ostream& out;
    UciConfig cfg;
    std::mutex outMu;
    bool ucci = false;
    bool modeKnown = false;
    bool useMillisec = false;
    Position pos;
    std::vector<Move> banned;
    PlayerPtr engine;
    bool engineStale = true;  // model or hash changed: rebuild before the next search
    std::thread searchThread;
    std::atomic<bool> stopFlag{false};
    std::atomic<bool> searching{false};
    bool infiniteSearch = false;
    SearchInfo lastInfo;  // written by the search thread only while it runs

    Impl(std::istream& i, std::ostream& o, UciConfig c) : in(i), out(o), cfg(std::move(c)) {
        if (cfg.mode != ProtocolMode::Auto) {
            modeKnown = true;
            ucci = cfg.mode == ProtocolMode::Ucci;
        }
    }

    void send(const std::string& line) {
        std::lock_guard lk(outMu);
        out << line << '\n' << std::flush;
    }
    void error(const std::string& msg) { send("info string error: " + msg); }

    void joinSearch(bool forceStop) {
        if (!searchThread.joinable()) return;
        if (forceStop || infiniteSearch) stopFlag = true;
        searchThread.join();
    }

    bool ensureEngine() {
        if (engine && !engineStale) return true;
        try {
            if (cfg.makeEngine) {
                engine = cfg.makeEngine(cfg.modelPath, cfg.hashMb);
            } else if (!cfg.modelPath.empty()) {
                engine = makePlayer("net:" + cfg.modelPath + "@400");
            } else {
                AlphaBetaConfig ab;
                ab.depth = 8;
                ab.ttMegabytes = cfg.hashMb;
                ab.name = cfg.engineName;
                engine = std::make_unique<AlphaBetaPlayer>(ab);
            }
        } catch (const std::exception& e) {
            error(std::string("cannot build the engine: ") + e.what());
            engine.reset();
            return false;
        }
        engine->setInfoCallback([this](const SearchInfo& i) {
            lastInfo = i;
            send(formatInfo(i));
        });
        engineStale = false;
        return true;
    }

    std::string formatInfo(const SearchInfo& i) const {
        std::ostringstream s;
        s << "info depth " << i.depth;
        if (!ucci) s << " seldepth " << i.selDepth;
        if (ucci) {
            // UCCI has a single score number: mates as ±(30000 - plies).
            int score = i.scoreCp;
            if (i.mateIn > 0) score = 30000 - (2 * i.mateIn - 1);
            if (i.mateIn < 0) score = -30000 + 2 * -i.mateIn;
            s << " score " << score;
        } else if (i.mateIn != 0) {
            s << " score mate " << i.mateIn;
        } else {
            s << " score cp " << i.scoreCp;
        }
        s << " nodes " << i.nodes;
        if (!ucci) s << " nps " << i.nps;
        s << " time " << i.timeMs;
        if (!i.pv.empty()) {
            s << " pv";
            for (Move m : i.pv) s << ' ' << toIccs(m);
        }
        return s.str();
    }

    void identify() {
        send("id name " + cfg.engineName);
        if (!ucci) send("id author " + cfg.author);
        if (ucci) {
            send("option usemillisec type check default false");
            send("option hashsize type spin min 1 max 1024 default " + std::to_string(cfg.hashMb));
            send("ucciok");
        } else {
            send("option name Hash type spin default " + std::to_string(cfg.hashMb) +
                 " min 1 max 1024");
            send("option name Model type string default " +
                 (cfg.modelPath.empty() ? std::string("<empty>") : cfg.modelPath));
            send("uciok");
        }
    }

    void setHash(const std::string& v) {
        long long mb = 0;
        if (!toInt64(v, mb) || mb < 1 || mb > 1024)
            return error("hash size must be 1..1024 MB, not '" + v + "'");
        cfg.hashMb = int(mb);
        engineStale = true;
    }

    void setOptionUci(const std::vector<std::string>& t) {
        // setoption name <id...> [value <x...>]
        if (t.size() < 3 || t[1] != "name") return error("expected 'setoption name <id> [value <x>]'");
        std::string name, value;
        size_t i = 2;
        for (; i < t.size() && t[i] != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
        for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
        const std::string key = lower(name);
        if (key == "hash") return setHash(value);
        if (key == "model") {
            cfg.modelPath = value == "<empty>" ? "" : value;
            engineStale = true;
            return;
        }
        if (key == "clear hash") {
            if (engine) engine->newGame();
            return;
        }
        if (key == "uci_variant") {
            if (lower(value) != "xiangqi") error("only the xiangqi variant is supported");
            return;
        }
        error("unknown option '" + name + "'");
    }

    void setOptionUcci(const std::vector<std::string>& t) {
        if (t.size() < 2) return error("expected 'setoption <name> <value>'");
        const std::string key = lower(t[1]);
        const std::string value = t.size() > 2 ? t[2] : "";
        if (key == "usemillisec") {
            useMillisec = lower(value) == "true" || value == "on" || value == "1";
            return;
        }
        if (key == "hashsize") return setHash(value);
        if (key == "newgame") {
            if (engine) engine->newGame();
            return;
        }
        static const char* known[] = {"batch",   "debug",    "ponder",    "usebook", "useegtb",
                                      "bookfiles", "egtbpaths", "evalapi", "loadbook", "promotion",
                                      "idle",    "pruning",  "knowledge", "randomness", "style"};
        for (const char* k : known)
            if (key == k) return;  // accepted and ignored: no book, fixed style
        error("unknown option '" + t[1] + "'");
    }

    void position(const std::vector<std::string>& t) {
        if (t.size() < 2) return error("expected 'position startpos|fen <fen> [moves ...]'");
        Position p;
        size_t i = 1;
        if (t[1] == "startpos") {
            i = 2;
        } else if (t[1] == "fen") {
            std::string fen;
            for (i = 2; i < t.size() && t[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
            if (fen.empty()) return error("missing FEN after 'position fen'");
            if (auto e = parseFen(fen, p)) return error("bad FEN: " + e->toString());
        } else {
            return error("expected 'startpos' or 'fen' after 'position', not '" + t[1] + "'");
        }
        if (i < t.size()) {
            if (t[i] != "moves") return error("unexpected '" + t[i] + "' in position (expected 'moves')");
            for (size_t k = i + 1; k < t.size(); ++k) {
                const MoveParse r = parseCoord(p, t[k]);
                if (!r)
                    return error("illegal move '" + t[k] + "' (move " + std::to_string(k - i) +
                                 "): " + r.error + "; position unchanged");
                p.makeMove(r.move);
            }
        }
        pos = p;
        banned.clear();
    }

    void banMoves(const std::vector<std::string>& t) {
        std::vector<Move> b;
        for (size_t k = 1; k < t.size(); ++k) {
            const MoveParse r = parseCoord(pos, t[k]);
            if (!r) return error("banmoves: illegal move '" + t[k] + "': " + r.error);
            b.push_back(r.move);
        }
        banned = b;
    }

    // Parses `go`; false (after reporting) when malformed.
    bool parseGo(const std::vector<std::string>& t, SearchLimits& l, bool& drawOffered) {
        drawOffered = false;
        const Color stm = pos.sideToMove();
        const double unit = ucci && !useMillisec ? 1000.0 : 1.0;  // UCCI: seconds by default
        int wtime = -1, btime = -1, winc = 0, binc = 0;
        for (size_t i = 1; i < t.size(); ++i) {
            const std::string& k = t[i];
            if (k == "infinite") { l.infinite = true; continue; }
            if (k == "ponder") continue;
            if (k == "draw" && ucci) { drawOffered = true; continue; }
            if (i + 1 >= t.size()) {
                error("missing value after '" + k + "' in go");
                return false;
            }
            const std::string& v = t[++i];
            double d = 0;
            if (!toDouble(v, d) || d < 0) {
                error("bad number '" + v + "' after '" + k + "' in go");
                return false;
            }
            const long long n = (long long)d;
            if (k == "depth") l.depth = int(std::min(n, 100LL));
            else if (k == "nodes") l.nodes = uint64_t(n);
            else if (k == "movetime") l.movetimeMs = int(d * (ucci ? unit : 1.0));
            else if (k == "movestogo") l.movesToGo = int(n);
            else if (!ucci && k == "wtime") wtime = int(n);
            else if (!ucci && k == "btime") btime = int(n);
            else if (!ucci && k == "winc") winc = int(n);
            else if (!ucci && k == "binc") binc = int(n);
            else if (ucci && k == "time") l.myTimeMs = int(d * unit);
            else if (ucci && k == "increment") l.myIncMs = int(d * unit);
            else if (ucci && k == "opptime") l.oppTimeMs = int(d * unit);
            else if (ucci && k == "oppincrement") l.oppIncMs = int(d * unit);
            else if (ucci && k == "oppmovestogo") continue;
            else {
                error("unknown go parameter '" + k + "'");
                return false;
            }
        }
        if (!ucci) {
            l.myTimeMs = stm == Red ? wtime : btime;
            l.oppTimeMs = stm == Red ? btime : wtime;
            l.myIncMs = stm == Red ? winc : binc;
            l.oppIncMs = stm == Red ? binc : winc;
        }
        return true;
    }

    void go(const std::vector<std::string>& t) {
        if (searching) return error("a search is already running (send 'stop' first)");
        joinSearch(false);  // a finished search thread
        SearchLimits limits;
        bool drawOffered = false;
        if (!parseGo(t, limits, drawOffered)) return;
        if (!ensureEngine()) return;
        limits.banMoves = banned;
        stopFlag = false;
        searching = true;
        infiniteSearch = limits.infinite;
        lastInfo = SearchInfo{};
        searchThread = std::thread([this, limits, drawOffered, p = pos] {
            Move m;
            std::string failure;
            try {
                m = engine->chooseMove(p, limits, &stopFlag);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            // UCI: an infinite search reports its move only after `stop`.
            while (limits.infinite && !stopFlag.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            if (!failure.empty()) error("search failed: " + failure);
            if (m.isNull()) {
                send(ucci ? "nobestmove" : "bestmove (none)");
            } else {
                std::string line = "bestmove " + toIccs(m);
                if (ucci) {
                    if (lastInfo.mateIn < 0) line += " resign";
                    else if (drawOffered && lastInfo.mateIn == 0 && lastInfo.scoreCp < -100)
                        line += " draw";
                }
                send(line);
            }
            searching = false;
        });
    }

    // Handles one line; false at quit.
    bool handle(const std::string& raw) {
        const std::vector<std::string> t = tokenize(raw);
        if (t.empty()) return true;
        const std::string& cmd = t[0];
        if (!modeKnown) {
            modeKnown = true;
            ucci = cmd == "ucci";
        }
        if (cmd == "quit") {
            joinSearch(true);
            if (ucci) send("bye");
            return false;
        }
        if (cmd == "uci" && !ucci) identify();
        else if (cmd == "ucci" && ucci) identify();
        else if (cmd == "isready") send("readyok");
        else if (cmd == "stop") {
            if (searchThread.joinable()) joinSearch(true);
        } else if (cmd == "ponderhit") {
        } else if (cmd == "ucinewgame" && !ucci) {
            joinSearch(true);
            if (ensureEngine()) engine->newGame();
            pos = Position();
        } else if (cmd == "setoption") {
            joinSearch(true);
            ucci ? setOptionUcci(t) : setOptionUci(t);
        } else if (cmd == "position") position(t);
        else if (cmd == "banmoves" && ucci) banMoves(t);
        else if (cmd == "go") go(t);
        else error("unknown command '" + raw + "'");
        return true;
    }
};

UciLoop::UciLoop(std::istream& in, std::ostream& out, UciConfig cfg)
    : impl_(new Impl(in, out, std::move(cfg))) {}

UciLoop::~UciLoop() {
    impl_->joinSearch(true);
    delete impl_;
}

int UciLoop::run() {
    std::string line;
    while (std::getline(impl_->in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!impl_->handle(line)) return 0;
    }
    // End of input: finish a bounded search (its bestmove is still wanted), stop an infinite one.
    impl_->joinSearch(false);
    return 0;
}

}  // namespace xq::engine
