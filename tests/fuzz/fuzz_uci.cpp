// UCI / UCCI command lines (core/engine/uci_parse.h), fed line by line as the loop does.
// Properties: tokens are non-empty and free of whitespace; an accepted `go` has every limit
// inside its documented range (for both protocols, both time units); an accepted `position`
// writes a FEN that reads back to it; accepted `banmoves` are legal; an accepted hash size
// is within 1..1024; every refusal has a message.
#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/engine/uci_parse.h"
#include "core/xiangqi/fen.h"
#include "fuzz_check.h"

using namespace xq;
using namespace xq::engine::uciparse;

namespace {

void checkLimits(const xq::engine::SearchLimits& l, const std::string& line) {
    FUZZ_CHECK(l.depth >= 0 && l.depth <= kMaxDepth, "depth " + std::to_string(l.depth) + ": " + line);
    FUZZ_CHECK(l.nodes <= kMaxNodes, "nodes: " + line);
    FUZZ_CHECK(l.movetimeMs >= 0 && l.movetimeMs <= kMaxTimeMs, "movetime: " + line);
    FUZZ_CHECK(l.myTimeMs >= -1 && l.myTimeMs <= kMaxTimeMs, "my time: " + line);
    FUZZ_CHECK(l.oppTimeMs >= -1 && l.oppTimeMs <= kMaxTimeMs, "opp time: " + line);
    FUZZ_CHECK(l.myIncMs >= 0 && l.myIncMs <= kMaxTimeMs, "my inc: " + line);
    FUZZ_CHECK(l.oppIncMs >= 0 && l.oppIncMs <= kMaxTimeMs, "opp inc: " + line);
    FUZZ_CHECK(l.movesToGo >= 0 && l.movesToGo <= kMaxMovesToGo, "movestogo: " + line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    Position pos;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto t = tokenize(line);
        for (const auto& tok : t) {
            FUZZ_CHECK(!tok.empty(), "empty token: " + line);
            for (unsigned char c : tok) FUZZ_CHECK(!std::isspace(c), "space in token: " + line);
        }
        if (t.empty()) continue;
        const std::string& cmd = t[0];
        if (cmd == "go") {
            for (int ucci = 0; ucci < 2; ++ucci)
                for (int ms = 0; ms < 2; ++ms) {
                    GoCommand g;
                    if (auto e = parseGo(t, ucci, ms, pos.sideToMove(), g))
                        FUZZ_CHECK(!e->empty(), line);
                    else
                        checkLimits(g.limits, line);
                }
        } else if (cmd == "position") {
            Position p;
            if (auto e = parsePosition(t, p)) {
                FUZZ_CHECK(!e->empty(), line);
            } else {
                Position q;
                const std::string fen = toFen(p);
                FUZZ_CHECK(!parseFen(fen, q) && q == p, "position writes '" + fen + "': " + line);
                pos = p;
            }
        } else if (cmd == "banmoves") {
            std::vector<Move> banned;
            if (auto e = parseBanMoves(t, pos, banned)) {
                FUZZ_CHECK(!e->empty(), line);
            } else {
                FUZZ_CHECK(banned.size() == t.size() - 1, line);
                for (Move m : banned) FUZZ_CHECK(pos.isLegal(m), line);
            }
        } else if (cmd == "setoption") {
            OptionSetting o;
            if (!parseSetOptionUci(t, o)) {
                FUZZ_CHECK(!o.name.empty(), line);
                int mb = -1;
                if (!parseHashMb(o.value, mb)) FUZZ_CHECK(mb >= kMinHashMb && mb <= kMaxHashMb, line);
            }
            if (!parseSetOptionUcci(t, o)) {
                int mb = -1;
                if (!parseHashMb(o.value, mb)) FUZZ_CHECK(mb >= kMinHashMb && mb <= kMaxHashMb, line);
                (void)parseCheck(o.value);
            }
        } else {
            // Any other token: the number readers must not misbehave on it either.
            long long i = 0;
            double d = 0;
            (void)toInt64(cmd, i);
            if (toFiniteDouble(cmd, d)) FUZZ_CHECK(d == d && d - d == 0, "non-finite: " + line);
        }
    }
    return 0;
}
