// FEN reader (core/xiangqi/fen.h). Properties: a refused FEN leaves the position unchanged
// and names a field and column inside the text; an accepted one writes back (toFen) to a
// FEN that reads to the same position and writes identically again; its legal moves make
// and unmake back to the same FEN and hash key; a checked side to move cannot capture the
// enemy king (the reader refuses such positions).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"
#include "fuzz_check.h"

using namespace xq;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Position pos;  // the start position
    if (auto e = parseFen(text, pos)) {
        FUZZ_CHECK(pos == Position() && toFen(pos) == Position::kStartFen,
                   "a refused FEN changed the position: " + e->toString());
        FUZZ_CHECK(!e->message.empty(), "empty error message");
        FUZZ_CHECK(e->field >= 0 && e->field <= 7, e->toString());  // 7: one field too many
        FUZZ_CHECK(e->column >= 0 && size_t(e->column) <= size + 1, e->toString());
        return 0;
    }
    const std::string fen = toFen(pos);
    Position again;
    const auto e2 = parseFen(fen, again);
    FUZZ_CHECK(!e2, "toFen wrote '" + fen + "', which reads as: " + (e2 ? e2->toString() : ""));
    FUZZ_CHECK(again == pos && again.key() == pos.key() && again.rule60() == pos.rule60(),
               "'" + fen + "' reads to another position");
    FUZZ_CHECK(toFen(again) == fen, "'" + fen + "' writes back as '" + toFen(again) + "'");

    // The position is one the rest of the engine can use.
    MoveList moves;
    pos.legalMoves(moves);
    FUZZ_CHECK(moves.size() == pos.countLegalMoves(), fen);
    const uint64_t key = pos.key();
    for (Move m : moves) {
        FUZZ_CHECK(pos.isLegal(m), fen);
        pos.makeMove(m);
        FUZZ_CHECK(!pos.isAttacked(pos.kingSquare(~pos.sideToMove()), pos.sideToMove()),
                   "a legal move left its own king attacked in " + fen);
        pos.unmakeMove();
    }
    FUZZ_CHECK(toFen(pos) == fen && pos.key() == key, "make/unmake changed " + fen);
    (void)gameStatus(pos);
    return 0;
}
