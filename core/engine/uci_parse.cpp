#include "core/engine/uci_parse.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <span>
#include <sstream>
#include <stdexcept>

#include "core/xiangqi/fen.h"

namespace xq::engine::uciparse {

namespace {

// A finite d >= 0 as an integer no larger than `max` (max well below 2^63, so the cast of
// anything smaller is exact and defined).
long long clampToInt(double d, long long max) {
    return d >= double(max) ? max : (long long)d;
}

std::string badNumber(const std::string& key, const std::string& v) {
    return "bad number '" + v + "' after '" + key + "' in go (expected a finite number >= 0)";
}

}  // namespace

std::vector<std::string> tokenize(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> t;
    std::string w;
    while (in >> w) t.push_back(w);
    return t;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
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

bool toFiniteDouble(const std::string& s, double& v) {
    try {
        size_t used = 0;
        const double d = std::stod(s, &used);
        if (used != s.size() || !std::isfinite(d)) return false;
        v = d;
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

std::optional<std::string> parseGo(const std::vector<std::string>& t, bool ucci, bool useMillisec,
                                   Color stm, GoCommand& out) {
    GoCommand g;
    SearchLimits& l = g.limits;
    const double unit = ucci && !useMillisec ? 1000.0 : 1.0;  // UCCI: seconds by default
    long long wtime = -1, btime = -1, winc = 0, binc = 0, mate = 0;
    static const char* const kUciKeys[] = {"depth", "nodes", "movetime", "movestogo", "mate",
                                           "wtime", "btime", "winc", "binc"};
    static const char* const kUcciKeys[] = {"depth", "nodes", "movetime", "movestogo", "time",
                                            "increment", "opptime", "oppincrement", "oppmovestogo"};
    for (size_t i = 1; i < t.size(); ++i) {
        const std::string& k = t[i];
        if (k == "infinite") {
            l.infinite = true;
            continue;
        }
        if (k == "ponder") continue;
        if (k == "draw" && ucci) {
            g.drawOffered = true;
            continue;
        }
        bool known = false;
        for (const char* key : ucci ? std::span<const char* const>(kUcciKeys) : std::span<const char* const>(kUciKeys))
            known = known || k == key;
        if (!known) return "unknown go parameter '" + k + "'";
        if (i + 1 >= t.size()) return "missing value after '" + k + "' in go";
        const std::string& v = t[++i];
        double d = 0;
        if (!toFiniteDouble(v, d) || d < 0) return badNumber(k, v);
        // Clock values in milliseconds; UCCI's may be seconds (the product may overflow to
        // +inf, which the clamp handles).
        const long long ms = clampToInt(d * unit, kMaxTimeMs);
        if (k == "depth") l.depth = int(clampToInt(d, kMaxDepth));
        else if (k == "nodes") l.nodes = uint64_t(clampToInt(d, (long long)kMaxNodes));
        else if (k == "movestogo") l.movesToGo = int(clampToInt(d, kMaxMovesToGo));
        else if (k == "mate") mate = clampToInt(d, kMaxMateMoves);
        else if (k == "movetime") l.movetimeMs = int(ms);
        else if (k == "wtime") wtime = ms;
        else if (k == "btime") btime = ms;
        else if (k == "winc") winc = ms;
        else if (k == "binc") binc = ms;
        else if (k == "time") l.myTimeMs = int(ms);
        else if (k == "increment") l.myIncMs = int(ms);
        else if (k == "opptime") l.oppTimeMs = int(ms);
        else if (k == "oppincrement") l.oppIncMs = int(ms);
        // oppmovestogo: read and checked, not used
    }
    if (!ucci) {
        l.myTimeMs = int(stm == Red ? wtime : btime);
        l.oppTimeMs = int(stm == Red ? btime : wtime);
        l.myIncMs = int(stm == Red ? winc : binc);
        l.oppIncMs = int(stm == Red ? binc : winc);
    }
    if (mate > 0) {
        // A mate in N moves is found within 2N-1 plies of the mover.
        const int plies = int(2 * mate - 1);
        l.depth = l.depth > 0 ? std::min(l.depth, plies) : plies;
    }
    out = std::move(g);
    return std::nullopt;
}

MoveParse parseCoordMove(const Position& pos, const std::string& s) {
    if (s.size() != 4 || s[0] < 'a' || s[0] > 'i' || s[2] < 'a' || s[2] > 'i' ||
        !std::isdigit((unsigned char)s[1]) || !std::isdigit((unsigned char)s[3])) {
        MoveParse r;
        r.error = "not a coordinate move (expected e.g. h2e2)";
        return r;
    }
    return parseIccs(pos, s);
}

std::optional<std::string> parsePosition(const std::vector<std::string>& t, Position& out) {
    if (t.size() < 2) return "expected 'position startpos|fen <fen> [moves ...]'";
    Position p;
    size_t i = 1;
    if (t[1] == "startpos") {
        i = 2;
    } else if (t[1] == "fen") {
        std::string fen;
        for (i = 2; i < t.size() && t[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
        if (fen.empty()) return "missing FEN after 'position fen'";
        if (auto e = parseFen(fen, p)) return "bad FEN: " + e->toString();
    } else {
        return "expected 'startpos' or 'fen' after 'position', not '" + t[1] + "'";
    }
    if (i < t.size()) {
        if (t[i] != "moves") return "unexpected '" + t[i] + "' in position (expected 'moves')";
        for (size_t k = i + 1; k < t.size(); ++k) {
            const MoveParse r = parseCoordMove(p, t[k]);
            if (!r)
                return "illegal move '" + t[k] + "' (move " + std::to_string(k - i) + "): " +
                       r.error + "; position unchanged";
            p.makeMove(r.move);
        }
    }
    out = std::move(p);
    return std::nullopt;
}

std::optional<std::string> parseBanMoves(const std::vector<std::string>& t, const Position& pos,
                                         std::vector<Move>& out) {
    std::vector<Move> b;
    for (size_t k = 1; k < t.size(); ++k) {
        const MoveParse r = parseCoordMove(pos, t[k]);
        if (!r) return "banmoves: illegal move '" + t[k] + "': " + r.error;
        b.push_back(r.move);
    }
    out = std::move(b);
    return std::nullopt;
}

std::optional<std::string> parseSetOptionUci(const std::vector<std::string>& t, OptionSetting& out) {
    if (t.size() < 3 || t[1] != "name") return "expected 'setoption name <id> [value <x>]'";
    OptionSetting o;
    size_t i = 2;
    for (; i < t.size() && t[i] != "value"; ++i) o.name += (o.name.empty() ? "" : " ") + t[i];
    for (++i; i < t.size(); ++i) o.value += (o.value.empty() ? "" : " ") + t[i];
    if (o.name.empty()) return "expected an option name after 'setoption name'";
    out = std::move(o);
    return std::nullopt;
}

std::optional<std::string> parseSetOptionUcci(const std::vector<std::string>& t, OptionSetting& out) {
    if (t.size() < 2) return "expected 'setoption <name> <value>'";
    out.name = t[1];
    out.value = t.size() > 2 ? t[2] : "";
    return std::nullopt;
}

std::optional<std::string> parseHashMb(const std::string& value, int& mb) {
    long long v = 0;
    if (!toInt64(value, v) || v < kMinHashMb || v > kMaxHashMb)
        return "hash size must be " + std::to_string(kMinHashMb) + ".." +
               std::to_string(kMaxHashMb) + " MB, not '" + value + "'";
    mb = int(v);
    return std::nullopt;
}

bool parseCheck(const std::string& value) {
    const std::string v = lower(value);
    return v == "true" || v == "on" || v == "1";
}

}  // namespace xq::engine::uciparse
