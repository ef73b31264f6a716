// PGN reader and writer (core/xiangqi/pgn.h). Properties: a refused text yields no games and
// an error with a line number inside the text; every game read replays legally from its
// start position; writing a game in each notation and reading it back gives the same start
// position, moves, result and tags. The tolerant reader (readPgnGames) agrees with the strict
// one: the same games when the text is good, and every rejected game has a message and a line
// inside the text.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/pgn.h"
#include "fuzz_check.h"

using namespace xq;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const PgnReadResult r = readPgn(text);
    const std::vector<PgnGameRead> each = readPgnGames(text);
    {
        const int lines = int(std::count(text.begin(), text.end(), '\n')) + 1;
        size_t good = 0;
        for (size_t i = 0; i < each.size(); ++i) {
            FUZZ_CHECK(each[i].index == int(i), "game index out of order");
            FUZZ_CHECK(each[i].ok() != each[i].error.has_value(), "a game both read and rejected");
            if (each[i].ok()) {
                ++good;
                continue;
            }
            const PgnError& e = *each[i].error;
            FUZZ_CHECK(!e.message.empty(), "rejected game without a message");
            FUZZ_CHECK(e.line >= 1 && e.line <= lines, e.toString());
        }
        if (r.ok()) {
            FUZZ_CHECK(good == each.size() && good == r.games.size(),
                       "the tolerant reader disagrees with readPgn on a good text");
            for (size_t i = 0; i < good; ++i)
                FUZZ_CHECK(each[i].game->moves == r.games[i].moves, "the two readers read other moves");
        }
    }
    if (!r.ok()) {
        FUZZ_CHECK(r.games.empty(), "games returned with an error: " + r.error->toString());
        FUZZ_CHECK(!r.error->message.empty(), "error without a message");
        const int lines = int(std::count(text.begin(), text.end(), '\n')) + 1;
        FUZZ_CHECK(r.error->line >= 1 && r.error->line <= lines, r.error->toString());
        return 0;
    }
    for (const PgnGame& g : r.games) {
        Position pos = g.startPosition();
        const std::string startFen = toFen(pos);
        for (Move m : g.moves) {
            FUZZ_CHECK(pos.isLegal(m), "move " + toIccs(m) + " does not replay in " + toFen(pos));
            pos.makeMove(m);
        }
        for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
            const std::string out = writePgn(g, n);
            const PgnReadResult back = readPgn(out);
            FUZZ_CHECK(back.ok(), "written PGN does not read: " +
                                      (back.error ? back.error->toString() : "") + "\n" + out);
            FUZZ_CHECK(back.games.size() == 1, "written PGN holds " +
                                                   std::to_string(back.games.size()) + " games\n" + out);
            const PgnGame& b = back.games[0];
            FUZZ_CHECK(toFen(b.startPosition()) == startFen, "start position changed\n" + out);
            FUZZ_CHECK(b.moves == g.moves, "moves changed\n" + out);
            FUZZ_CHECK(b.result == g.result, "result changed\n" + out);
            FUZZ_CHECK(b.tags == g.tags, "tags changed\n" + out);
        }
    }
    return 0;
}
