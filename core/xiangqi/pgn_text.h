#pragma once
// Private to the PGN reader (not part of the public API): the spelling variants of published
// Xiangqi PGN, undone before a move is parsed.
//  * Fullwidth ASCII (U+FF01..U+FF5E, "Ｃ２＝５") becomes ASCII and the ideographic space
//    (U+3000) a space, except on tag lines (a line whose first non-blank character is '['),
//    whose values (names, events) are kept as written. Line breaks are untouched, so line
//    numbers stay those of the original text.
//  * Moves written without spaces between them ("炮二平五马８进７", "C2=5H8+7") are split:
//    Chinese moves end with an action (进/進, 退, 平) and one number; WXF and ICCS moves are
//    four characters each.
// Traditional glyphs (俥傌炮砲帥將進後...) need no step here: parseChinese reads them (see
// notation_common.h).
//
// Thread-safety: pure functions.

#include <string>
#include <string_view>
#include <vector>

namespace xq::pgn_detail {

std::string normaliseMovetext(std::string_view text);

// Splits one whitespace-free token of move text into the moves it holds, dropping move numbers
// between them ("7.马二进三"). A token that holds one move (or is unreadable) comes back whole.
std::vector<std::string> splitMoves(const std::string& token);

// True for tokens that only mark an elided move: "...", "…", "1...".
bool isEllipsis(std::string_view token);

}  // namespace xq::pgn_detail
