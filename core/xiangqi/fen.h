#pragma once
// FEN read/write for Xiangqi.
//
// Board field: rank 9 first, '/' between ranks, Red uppercase, letters K A B N R C P
// (E for elephant and H for horse are accepted when reading). Side: 'w' or 'r' = Red, 'b' =
// Black. The optional fields after the side ("- - halfmove fullmove") are read when present:
// the halfmove number is the plies since the last capture (our 60-move counter). Fields 3 and 4
// must be '-' (chess castling / en passant have no Xiangqi meaning).
//
// Validation refuses impossible positions with a message naming the field and character:
// exactly one king per side inside its palace, piece counts within the material limits,
// advisors/elephants/pawns only on squares they can reach, kings not facing each other on an
// open file, and the side to move unable to capture the enemy king.
//
// Thread-safety: pure functions.

#include <optional>
#include <string>
#include <string_view>

#include "core/xiangqi/position.h"

namespace xq {

struct FenError {
    int field = 0;   // 1-based FEN field (1 = board, 2 = side, ...), 0 = whole position
    int column = 0;  // 1-based character offset in the FEN string, 0 when not one character
    std::string message;
    std::string toString() const;
};

// Parses `fen` into `pos`. On failure returns the error and leaves `pos` unchanged.
std::optional<FenError> parseFen(std::string_view fen, Position& pos);
// Convenience: throws std::invalid_argument with FenError::toString() on failure.
Position positionFromFen(std::string_view fen);

std::string toFen(const Position& pos);

char pieceLetter(Piece p);       // 'K' 'a' ..., '.' for empty
Piece pieceFromLetter(char ch);  // accepts E/H too; NoPiece when unknown

}  // namespace xq
