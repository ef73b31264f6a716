#pragma once
// PGN read/write in the xqbase dialect of Xiangqi PGN:
//
//   [Game "Chinese Chess"]
//   [Red "..."] [Black "..."] [Result "1-0"]
//   [Format "ICCS"]            (or "WXF" / "Chinese"; moves are written in that notation)
//   [FEN "..."]                (only when the game does not start from the start position)
//
//   1. H2-E2 H9-G7 2. H0-G2 ... 1-0
//
// Reading accepts several games in one text, comments in braces or after ';', NAGs ($1),
// variations in parentheses (skipped: only the main line is kept), move numbers, and the
// result token. When [Format] is absent each move is tried as ICCS, WXF, then Chinese.
// Every move is checked for legality; a bad file yields a PgnError naming the line, the
// token and the reason, never a partial silent game.
//
// Thread-safety: pure functions of their arguments.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"
#include "core/xiangqi/rules.h"

namespace xq {

struct PgnGame {
    // Tags in file order, without Game/Format/FEN/Result (those live in the fields below and
    // are regenerated on writing).
    std::vector<std::pair<std::string, std::string>> tags;
    std::string startFen;          // empty = the standard start position
    std::vector<Move> moves;       // main line, all legal from the start position
    Result result = Result::None;  // from the Result tag or the movetext terminator

    std::string tag(std::string_view name) const;  // "" when absent
    void setTag(std::string_view name, std::string value);
    // The start position (throws std::invalid_argument only if startFen is invalid, which
    // readPgn never produces).
    Position startPosition() const;
};

struct PgnError {
    int line = 0;        // 1-based line in the text
    std::string token;   // the offending token, may be empty
    std::string message;
    std::string toString() const;
};

struct PgnReadResult {
    std::vector<PgnGame> games;
    std::optional<PgnError> error;  // set when the text is not valid PGN; games then is empty
    bool ok() const { return !error; }
};

PgnReadResult readPgn(std::string_view text);

// Writes one game. `format` chooses the move notation (ICCS moves are written "H2-E2" as
// xqbase does). The Result tag and terminator come from game.result.
std::string writePgn(const PgnGame& game, Notation format = Notation::Iccs);

}  // namespace xq
