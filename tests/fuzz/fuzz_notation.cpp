// Move text in the three notations (core/xiangqi/notation.h). Input: a FEN line, then the
// move text (without the line, or with a FEN that does not read, the start position is
// used). Properties: whatever a reader accepts is a legal move in the position and writes
// back (formatMove) to text the same reader maps to the same move; a refusal has a message.
// For a position read from the input, every legal move also round-trips through each
// notation (format, then parse) to itself.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "fuzz_check.h"

using namespace xq;

namespace {

const char* name(Notation n) {
    return n == Notation::Iccs ? "ICCS" : n == Notation::Wxf ? "WXF" : "Chinese";
}

void checkParse(const Position& pos, const MoveParse& r, const std::string& what,
                std::string_view text) {
    const std::string ctx = what + " '" + std::string(text) + "' in " + toFen(pos);
    if (!r) {
        FUZZ_CHECK(!r.error.empty(), "refused without a message: " + ctx);
        return;
    }
    FUZZ_CHECK(r.error.empty(), "accepted with an error message: " + ctx);
    FUZZ_CHECK(pos.isLegal(r.move), "illegal move " + toIccs(r.move) + " from " + ctx);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view in(reinterpret_cast<const char*>(data), size);
    Position pos;
    bool fromInput = false;
    const size_t nl = in.find('\n');
    if (nl != std::string_view::npos) {
        fromInput = !parseFen(in.substr(0, nl), pos);
        in.remove_prefix(nl + 1);
    }
    const Notation all[] = {Notation::Iccs, Notation::Wxf, Notation::Chinese};
    for (Notation n : all) {
        const MoveParse r = parseMove(pos, in, n);
        checkParse(pos, r, name(n), in);
        if (r) {
            const std::string back = formatMove(pos, r.move, n);
            const MoveParse again = parseMove(pos, back, n);
            FUZZ_CHECK(again.move == r.move, std::string(name(n)) + " '" + std::string(in) +
                                                 "' is " + toIccs(r.move) + ", written '" + back +
                                                 "', read back as " + toIccs(again.move) + " " +
                                                 again.error + " in " + toFen(pos));
        }
    }
    checkParse(pos, parseMoveAny(pos, in), "any notation", in);

    if (fromInput) {
        MoveList moves;
        pos.legalMoves(moves);
        for (Move m : moves)
            for (Notation n : all) {
                const std::string text = formatMove(pos, m, n);
                const MoveParse r = parseMove(pos, text, n);
                FUZZ_CHECK(r.move == m, std::string(name(n)) + " of " + toIccs(m) + " is '" + text +
                                            "', which reads as " + toIccs(r.move) + " " + r.error +
                                            " in " + toFen(pos));
            }
    }
    return 0;
}
