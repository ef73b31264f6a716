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
// variations in parentheses (skipped, comments inside them included: only the main line is
// kept), move numbers ("1.", "1...", "1. ..."), check and annotation marks, and the result token.
// When [Format] is absent each move is tried as ICCS, WXF, then Chinese. The dialects of
// published files read too: WXF with '=' for '.', tandem marks before the letter (+P+1, -R.3)
// or after it (P+.1), fullwidth letters and digits (Ｃ２＝５), Chinese with fullwidth or
// halfwidth digits and traditional glyphs (俥傌炮), moves without spaces between them
// (炮二平五马８进７), ICCS with or without a dash and a check mark (H2-E2+).
// Every move is checked for legality.
//
// Two ways to read: PgnReader / readPgnGames are tolerant, game by game: a bad game yields
// its error (the game's index and first line, the line, move number and side of the bad move,
// a code and the reason) and reading goes on with the next game. readPgn is strict: the first
// bad game fails the whole text with its PgnError and no games, never a partial silent game.
//
// Thread-safety: the functions are pure functions of their arguments; a PgnReader is used by
// one thread at a time (it keeps a copy of the text, so the caller's text may go away).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"
#include "core/xiangqi/rules.h"

namespace xq {

// An annotation written after one move: a NAG ($2) when nag > 0, then a comment ({...}) when
// the comment is not empty (braces inside it are dropped). Readers skip both (see above).
struct PgnMoveNote {
    int nag = 0;
    std::string comment;
};

struct PgnGame {
    // Tags in file order, without Game/Format/FEN/Result (those live in the fields below and
    // are regenerated on writing).
    std::vector<std::pair<std::string, std::string>> tags;
    std::string startFen;          // empty = the standard start position
    std::vector<Move> moves;       // main line, all legal from the start position
    Result result = Result::None;  // from the Result tag or the movetext terminator
    // Written after the moves of the same index (may be shorter than moves); never filled by
    // reading.
    std::vector<PgnMoveNote> notes;

    std::string tag(std::string_view name) const;  // "" when absent
    void setTag(std::string_view name, std::string value);
    // The start position (throws std::invalid_argument only if startFen is invalid, which
    // readPgn never produces).
    Position startPosition() const;
};

enum class PgnErrorCode : uint8_t {
    NoGame,             // the text holds no game at all
    BadTag,             // a tag that is not [Name "value"] on one line
    NotXiangqi,         // [Game "..."] names another game
    BadResult,          // a Result tag or terminator that is not 1-0, 0-1, 1/2-1/2 or *
    UnknownFormat,      // [Format] is not ICCS, WXF or Chinese
    BadFen,             // the FEN tag does not parse
    UnclosedComment,    // '{' without '}'
    UnclosedVariation,  // '(' without ')'
    StrayParen,         // ')' without '('
    UnexpectedChar,
    BadMove,  // a move that is unreadable or not legal in its position
};
const char* pgnErrorCodeName(PgnErrorCode c);  // stable snake_case code: "bad_move", ...

struct PgnError {
    PgnErrorCode code = PgnErrorCode::UnexpectedChar;
    int line = 0;       // 1-based line in the text
    std::string token;  // the offending token, may be empty
    std::string message;
    // For BadMove: the full-move number as the game counts it (from its FEN) and the side
    // that was to make the move; moveNumber is 0 for the other codes.
    int moveNumber = 0;
    Color side = Red;
    // "line 12, move 23 (Black): 'C2=5': illegal: ..." or "line 3, 'Klingon': unknown ...".
    std::string toString() const;
};

struct PgnReadResult {
    std::vector<PgnGame> games;
    std::optional<PgnError> error;  // set when the text is not valid PGN; games then is empty
    bool ok() const { return !error; }
};

// One game of a tolerant read: either the game or why it was rejected.
struct PgnGameRead {
    int index = 0;  // 0-based place of the game in the text, bad games counted too
    int line = 0;   // line where the game starts
    std::optional<PgnGame> game;
    std::optional<PgnError> error;
    bool ok() const { return game.has_value(); }
};

// Tolerant reader over one text. After a bad game it resumes at the next game: the next line
// starting with '[' or the token after the bad game's result terminator.
class PgnReader {
  public:
    explicit PgnReader(std::string_view text);
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;
    // The next game, or false at the end of the text.
    bool next(PgnGameRead& out);
    // Progress: bytes consumed of size() (of the text as normalised for reading).
    size_t position() const;
    size_t size() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Every game of the text, good and bad, in order. Empty when the text holds no game.
std::vector<PgnGameRead> readPgnGames(std::string_view text);

PgnReadResult readPgn(std::string_view text);

// Writes one game. `format` chooses the move notation (ICCS moves are written "H2-E2" as
// xqbase does). The Result tag and terminator come from game.result; game.notes follow their
// moves.
std::string writePgn(const PgnGame& game, Notation format = Notation::Iccs);
// One move as writePgn writes it in `format` ("H2-E2", "C2.5", "炮二平五").
std::string pgnMoveText(const Position& pos, Move m, Notation format);

}  // namespace xq
