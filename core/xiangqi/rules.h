#pragma once
// Game status: the rules that end a game, decided from a Position and its move history.
//
// Order of decision: (1) no legal move: the side to move loses (checkmate, or stalemate 困毙);
// (2) repetition: when the current position has occurred for the third time, a side that gave
// check with every one of its moves in the repetition cycle loses (perpetual check); both
// sides checking perpetually, or neither, is a draw; (3) 120 plies without a capture: draw
// (60-move rule, 自然限着); (4) neither side has an attacking piece (rook, horse, cannon, pawn):
// draw; (5) optional hard length cap (self-play): `Outcome::LengthCap`.
// Perpetual chase (长捉) is not judged: a chase cycle ends as an ordinary repetition draw.
//
// Exactly what is covered:
// - Repetition compares Zobrist keys of positions with the same side to move, looking back only
//   over the plies since the last capture (Position::rule60(), clipped to the recorded history:
//   positions before set-up/FEN are unknown and never count).
// - Perpetual check looks at every move from the *first* earlier occurrence of the current
//   position up to now (all the cycles). A side loses when each of its moves there gave check
//   (StateInfo::gaveCheck) and the other side's did not; both always checking is a draw.
//   Mixed cycles (checks alternating with chases or idle moves) are plain repetition draws;
//   one-check-one-chase (一将一捉) and the other Asian-rules distinctions are not judged.
// - Only history recorded through makeMove() counts; doMove() (search, perft) records none.
// - The length cap reports Result::Draw with Reason::LengthCap; self-play may adjudicate.
//
// Thread-safety: pure functions of their arguments.

#include <cstdint>

#include "core/xiangqi/position.h"

namespace xq {

enum class Result : uint8_t { None, RedWins, BlackWins, Draw };

enum class Reason : uint8_t {
    None,
    Checkmate,
    Stalemate,
    PerpetualCheck,
    Repetition,
    Rule60,        // 120 plies without a capture
    Material,      // no attacking pieces left
    LengthCap,     // optional cap on game length
    Resignation,   // set by players / self-play, never by the rules
    Adjudication,  // set by self-play (material count at the cap), never by the rules
};

struct GameStatus {
    Result result = Result::None;
    Reason reason = Reason::None;
    bool over() const { return result != Result::None; }
};

struct RuleOptions {
    int lengthCap = 0;    // plies since set-up; 0 = no cap
    int repetitions = 3;  // occurrences of a position that end the game (3 = threefold)
};

GameStatus gameStatus(const Position& pos, const RuleOptions& opts = {});

// How many times the current position occurred before in the history (same side to move,
// not across a capture). Used by the encoder's repetition plane and by the search.
int repetitionCount(const Position& pos);

const char* reasonName(Reason r);  // stable English code: "checkmate", "perpetual_check", ...
const char* resultName(Result r);  // "1-0", "0-1", "1/2-1/2", "*"
Result winnerResult(Color winner);

}  // namespace xq
