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
#include "core/engine/uci_parse.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xq::engine {

using namespace uciparse;

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
        if (auto e = parseHashMb(v, cfg.hashMb)) return error(*e);
        engineStale = true;
    }

    void setOptionUci(const std::vector<std::string>& t) {
        OptionSetting o;
        if (auto e = parseSetOptionUci(t, o)) return error(*e);
        const std::string& name = o.name;
        const std::string& value = o.value;
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
        OptionSetting o;
        if (auto e = parseSetOptionUcci(t, o)) return error(*e);
        const std::string key = lower(o.name);
        const std::string& value = o.value;
        if (key == "usemillisec") {
            useMillisec = parseCheck(value);
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
        error("unknown option '" + o.name + "'");
    }

    void position(const std::vector<std::string>& t) {
        Position p;
        if (auto e = parsePosition(t, p)) return error(*e);
        pos = std::move(p);
        banned.clear();
    }

    void banMoves(const std::vector<std::string>& t) {
        if (auto e = parseBanMoves(t, pos, banned)) error(*e);
    }

    void go(const std::vector<std::string>& t) {
        if (searching) return error("a search is already running (send 'stop' first)");
        joinSearch(false);  // a finished search thread
        GoCommand cmd;
        if (auto e = parseGo(t, ucci, useMillisec, pos.sideToMove(), cmd)) return error(*e);
        SearchLimits limits = cmd.limits;
        const bool drawOffered = cmd.drawOffered;
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
    // End of input: the GUI is gone (or closed our stdin), so nobody waits for more than the
    // best move so far. Stop any search, bounded ones too (a `go depth 50` would otherwise
    // burn a core for hours), and return once its thread has reported and been joined.
    impl_->joinSearch(true);
    return 0;
}

}  // namespace xq::engine
