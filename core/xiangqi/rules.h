#pragma once
// Game status: the rules that end a game, decided from a Position and its move history.
//
// Order of decision: (1) no legal move: the side to move loses (checkmate, or stalemate 困毙);
// (2) repetition: when the current position has occurred for the third time, a side that gave
// check with every one of its moves in the repetition cycle loses (perpetual check); both
// sides checking perpetually is a draw; otherwise a side that chased one and the same enemy
// piece with every one of its moves in the cycle loses (perpetual chase, 长捉); both sides
// chasing, or neither, is a draw; (3) 120 plies without a capture: draw (60-move rule,
// 自然限着); (4) neither side has an attacking piece (rook, horse, cannon, pawn): draw;
// (5) optional hard length cap (self-play): `Reason::LengthCap`.
//
// Exactly what is covered:
// - Repetition compares Zobrist keys of positions with the same side to move, looking back only
//   over the plies since the last capture (Position::rule60(), clipped to the recorded history:
//   positions before set-up/FEN are unknown and never count).
// - Perpetual check looks at every move from the *first* earlier occurrence of the current
//   position up to now (all the cycles). A side loses when each of its moves there gave check
//   (StateInfo::gaveCheck) and the other side's did not; both always checking is a draw.
// - Perpetual chase (judgeChase() below) is judged over the same moves, only when perpetual
//   check did not decide, and only when a repetition has already been found: move generation,
//   perft and the search pay nothing for it. The rule is the computer version of the Asian
//   (AXF) rules as Pikafish (Position::chased / detect_chases) and Fairy-Stockfish
//   (Position::chased, chasingRule = AXF_CHASING) implement it; see judgeChase() for the exact
//   definition and where it differs from each engine. Mixed cycles of the full Asian rules
//   (one-check-one-chase 一将一捉, chases of several pieces in turn) are not judged: a checking
//   move is never a chase, and a chase must aim at one piece throughout.
// - Only history recorded through makeMove() counts; doMove() (search, perft) records none.
// - The length cap reports Result::Draw with Reason::LengthCap; self-play may adjudicate.
//
// Thread-safety: pure functions of their arguments.

#include <cstdint>
#include <span>

#include "core/xiangqi/position.h"

namespace xq {

enum class Result : uint8_t { None, RedWins, BlackWins, Draw };

enum class Reason : uint8_t {
    None,
    Checkmate,
    Stalemate,
    PerpetualCheck,
    Repetition,
    Rule60,          // 120 plies without a capture
    Material,        // no attacking pieces left
    LengthCap,       // optional cap on game length
    Resignation,     // set by players / self-play, never by the rules
    Adjudication,    // set by self-play (material count at the cap), never by the rules
    PerpetualChase,  // one side chased the same enemy piece on every move of the cycle
};

// The piece a perpetual chase was aimed at and the piece that chased it, on the board of the
// final (repeated) position. Set only with Reason::PerpetualChase; empty otherwise.
struct ChaseInfo {
    Piece target = NoPiece;
    Square targetSquare = kNoSquare;
    Piece chaser = NoPiece;  // the chasing piece that attacks the target in the final position
    Square chaserSquare = kNoSquare;
    bool operator==(const ChaseInfo&) const = default;
};

struct GameStatus {
    Result result = Result::None;
    Reason reason = Reason::None;
    ChaseInfo chase{};  // with Reason::PerpetualChase: what was chased and by what
    bool over() const { return result != Result::None; }
};

struct RuleOptions {
    int lengthCap = 0;    // plies since set-up; 0 = no cap
    int repetitions = 3;  // occurrences of a position that end the game (3 = threefold)
    // Judge perpetual chase (长捉). false: a chase cycle is an ordinary repetition draw, as
    // in engines without the rule (Debian's Fairy-Stockfish 11.1; the tests compare with it).
    bool perpetualChase = true;
};

GameStatus gameStatus(const Position& pos, const RuleOptions& opts = {});

// How many times the current position occurred before in the history (same side to move,
// not across a capture). Used by the encoder's repetition plane and by the search.
int repetitionCount(const Position& pos);

// Perpetual chase over a repetition cycle (长捉), the computer version of the Asian rules.
//
// `cycle` holds the moves from an earlier occurrence of `pos` back to `pos` itself: played from
// `pos` (same board, same side to move) they return to it. None of them may capture (a
// repetition never reaches across a capture); cycle[0] is made by pos.sideToMove(). Several
// cycles in a row are fine (a threefold repetition holds two).
//
// What side c chases in a position (chaseTargets in chase.cpp):
// - Chasers: c's rooks, horses, cannons, advisors and elephants. The king and pawns may attack
//   anything forever: they never chase (both engines).
// - Targets: the enemy's rooks, horses, cannons, advisors, elephants, and its pawns that have
//   crossed the river (onto c's half). The king is never a target (attacks on it are checks).
// - The chaser must be able to capture the target by its movement (horse leg, elephant eye,
//   cannon screen), and the capture must be chase-legal: it exposes c's king to no attacker the
//   king was not already under (Pikafish's chase_legal). So a pinned piece chases only the
//   piece that pins it, the flying-general rule counts, and a side in check still chases.
// - A horse or cannon attacking a rook, and an advisor or elephant attacking a rook, horse or
//   cannon, is a chase whether the target is protected or not (the chaser is worth less).
// - Otherwise the target must be unprotected: after the capture the enemy has no legal
//   recapture on that square (by any piece, king and pawns included; a pinned defender, a king
//   stepping into an attack or into the facing general does not protect).
// - An unprotected target of the chaser's own type is chased only when it cannot legally
//   capture the chaser back at once (a blocked horse leg, a pin); otherwise the attack is an
//   offer to exchange, not a chase.
// A move of c newly chases the targets that c chases after the move and did not chase before
// it (the exact difference, as Pikafish takes it): direct attacks of the moved piece,
// discovered ones (a horse leg, an elephant eye or a line opened, a cannon screen put in place
// or taken away, a chaser unpinned) and targets whose protection the move took away all count.
// A move that gives check newly chases nothing: checks are judged by the perpetual-check rule.
//
// Verdict: pieces keep their identity as they move through the cycle. A side chases
// perpetually when one and the same enemy piece is newly chased by every one of its moves in
// the cycle (the intersection over its moves is not empty). Exactly one side chasing
// perpetually: that side loses. Both, or neither: no verdict (a draw by repetition).
//
// Where this differs from the engines (tests/xiangqi/test_chase.cpp pins each with a cycle,
// except the last point of the second item):
// - Pikafish returns a draw as soon as any position in the cycle is in check (when neither
//   side checks perpetually). We follow Fairy-Stockfish there: a check breaks only the
//   checking side's chase; the other side's checks do not excuse a chaser.
// - Fairy-Stockfish finds a move's new chases incrementally (the moved piece's new attacks,
//   discovered attacks, newly pinned defenders, discovered checks) and counts defenders that
//   are not pinned as protection, without testing the recapture for legality. We take the
//   exact difference with legal recaptures, as Pikafish does. So Fairy-Stockfish, unlike us,
//   counts a pinned piece's attacks as chases and misses chases made by unpinning a chaser
//   or by cutting off a defender's protection; it also calls our cycle with a defender pinned
//   by the facing generals a draw (a cannon over its own king, see the tests). A checking
//   move that also newly attacks the chased piece keeps its chase alive there.
// - Like both engines, one-check-one-chase (一将一捉) and alternating chases of different
//   pieces are draws here, though the full Asian rules make some of them losses.
//
// Returns the side that loses by perpetual chase, or no verdict; `info` gets the chased piece
// and the piece that chased it last, where they stand in `pos`.
struct ChaseVerdict {
    bool decided = false;              // exactly one side chased perpetually
    Color loser = Red;                 // the chasing side, when decided
    bool chasing[2] = {false, false};  // by Color: who chased perpetually (both: a draw)
    ChaseInfo info{};
};
ChaseVerdict judgeChase(const Position& pos, std::span<const Move> cycle);

const char* reasonName(Reason r);  // stable English code: "checkmate", "perpetual_check", ...
const char* resultName(Result r);  // "1-0", "0-1", "1/2-1/2", "*"
Result winnerResult(Color winner);

}  // namespace xq
