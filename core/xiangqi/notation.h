#pragma once
// Move notation, both directions: ICCS/UCI coordinates ("h2e2"), WXF ("C2.5", "H8+7",
// tandem "R+.3", "C--1", pawns "P+", "P-"), and Chinese ("炮二平五", "马８进７").
//
// Formatting needs the position before the move (piece identity, tandem pieces). Parsing
// returns the *legal* move the text denotes, or an error message saying why the text is not
// one (unreadable, no such piece, ambiguous, illegal).
//
// Conventions (xqbase): Red's files are counted from Red's right, 一..九 / 1..9; Black's files
// from Black's right, written with fullwidth digits １..９ in Chinese, 1..9 in WXF.
// The full rules for tandem pieces (前/中/后, 一..五, WXF +/-/++/3+) and every spelling the
// readers accept are listed in notation_common.h.
// Thread-safety: pure functions.

#include <optional>
#include <string>
#include <string_view>

#include "core/xiangqi/position.h"

namespace xq {

enum class Notation { Iccs, Wxf, Chinese };

std::string toIccs(Move m);
std::string toWxf(const Position& pos, Move m);
std::string toChinese(const Position& pos, Move m);
std::string formatMove(const Position& pos, Move m, Notation n);

struct MoveParse {
    Move move;          // null on failure
    std::string error;  // empty on success
    explicit operator bool() const { return !move.isNull(); }
};

// ICCS accepts "h2e2", "H2-E2" and "h2-e2".
MoveParse parseIccs(const Position& pos, std::string_view text);
MoveParse parseWxf(const Position& pos, std::string_view text);
MoveParse parseChinese(const Position& pos, std::string_view text);
MoveParse parseMove(const Position& pos, std::string_view text, Notation n);
// Tries ICCS, then WXF, then Chinese.
MoveParse parseMoveAny(const Position& pos, std::string_view text);

}  // namespace xq
