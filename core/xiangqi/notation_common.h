#pragma once
// Private to the notation files (not part of the public API): what WXF and Chinese notation
// share. Both name a move by (which piece, action, number); only the spelling differs. So the
// writers share `identify` and `tail`, and the readers turn their text into a `Spec` and let
// `resolve` find the one legal move it denotes, with the same error messages for both.
//
// Thread-safety: pure functions.

#include <string>
#include <string_view>

#include "core/xiangqi/notation.h"

namespace xq::notation_detail {

// File numbers as each side counts them: 1..9 from the mover's own right. Red's file 1 is the
// i-file, Black's file 1 is the a-file.
constexpr int sideFile(Color c, int boardFile) { return c == Red ? 9 - boardFile : boardFile + 1; }
constexpr int boardFile(Color c, int sideFileNo) { return c == Red ? 9 - sideFileNo : sideFileNo - 1; }
// +1 when "forward" for `c` means a higher rank.
constexpr int forwardSign(Color c) { return c == Red ? 1 : -1; }
// Straight movers (king, rook, cannon, pawn) count ranks when advancing or retreating;
// diagonal movers (advisor, elephant, horse) always name the destination file.
constexpr bool movesStraight(PieceType t) {
    return t == King || t == Rook || t == Cannon || t == Pawn;
}

// Squares holding `p` on board file `file` (0..8), front (nearest the enemy) first. Returns
// how many.
int piecesOnFile(const Position& pos, Piece p, int file, Square out[kRanks]);

// The moving piece among its kind, as the tandem rules need it.
struct Identity {
    Color color = Red;
    PieceType type = NoType;
    int file = 0;         // side file number 1..9 of the from-square
    int count = 1;        // pieces of this kind on that file; advisors/elephants count as 1
    int index = 0;        // 0-based place among them, from the front
    int tandemFiles = 0;  // files holding two or more of this kind (0 for advisors/elephants)
    int ordinal = -1;     // 0-based place in the xqbase pawn numbering (files right to left
                          // from the mover's view, each front to rear, over the tandem files)
};
// Advisors and elephants never need front/rear: on a shared file the front one can only
// retreat and the rear one only advance, so action + destination already tell them apart.
Identity identify(const Position& pos, Square from);

// The last two parts of a move: action '+' forward, '-' backward, '.' sideways, and the number
// (ranks moved for straight movers going forward/backward, else the destination side file).
struct Tail {
    char action = 0;
    int number = 0;
};
Tail tail(const Position& pos, Move m);

// How the text picks the piece. File: "R3" / "车三" (a pawn with three or five on that file
// means the middle one). Front/Rear: 前/后, WXF "++"/"--". WxfFront/WxfRear: WXF '+'/'-'
// (front/rear, or second front/rear when four or five pawns share the file). Middle: 中 or WXF
// "33". Ordinal: 一..五 / WXF xqbase letters a..e, counted as in Identity::ordinal.
enum class Pick { File, Front, Rear, Middle, WxfFront, WxfRear, Ordinal };

struct Spec {
    PieceType type = NoType;
    Pick pick = Pick::File;
    int file = 0;     // side file 1..9; 0 when the text gives none
    int ordinal = 0;  // 1..5 for Pick::Ordinal
    char action = 0;  // '+', '-', '.'
    int number = 0;   // 1..9
};

// Finds the legal move `spec` denotes, or says why there is none ("no red horse on file 8",
// "ambiguous: ...", "illegal: ..."). `style` picks the spelling of hints (WXF or Chinese).
MoveParse resolve(const Position& pos, const Spec& spec, std::string_view text, Notation style);

const char* pieceName(PieceType t);  // "rook"
char wxfLetter(PieceType t);         // K A E H R C P
// Chinese spellings: piece glyphs (帅仕相马车炮兵 / 将士象马车炮卒), file and step numbers
// (Red 一..九, Black fullwidth １..９) and the pawn ordinals 一..五 (same for both sides).
std::string chineseGlyph(Color c, PieceType t);
std::string chineseNumber(Color c, int n);
std::string chineseOrdinal(int n);

}  // namespace xq::notation_detail
