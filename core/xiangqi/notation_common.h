#pragma once
// Private to the notation files (not part of the public API): what WXF and Chinese notation
// share. Both name a move by (which piece, action, number); only the spelling differs. So the
// writers share `identify` and `tail`, and the readers turn their text into a `Spec` and let
// `resolve` find the one legal move it denotes, with the same error messages for both.
//
// THE CONVENTIONS (what toWxf/toChinese write and parseWxf/parseChinese read)
// Sources: the official WXF notation page (wxf.org, "Xiangqi piece names and notation") for
// WXF, xqbase's "着法表示" for Chinese; where they say nothing, the choice is stated here.
//  * Files are counted from the mover's own right: Red file 1 = i-file ... 9 = a-file; Black
//    file 1 = a-file ... 9 = i-file. Red writes 一..九, Black fullwidth １..９ (Chinese), both
//    1..9 in WXF.
//  * Action: + / 进 forward, - / 退 backward, . / 平 sideways. Straight movers (K R C P) give
//    the ranks moved when going forward/backward and the destination file when sideways;
//    diagonal movers (A E H) always give the destination file. "Forward"/"front" = towards the
//    enemy.
//  * Two rooks/horses/cannons/pawns on one file: the file number gives way to front/rear:
//    WXF "R+.3", "C--1", "H-+7"; Chinese 前车平三, 后炮退一.
//  * Advisors and elephants on one file keep their file number (A6+5, 仕六进五), as xqbase
//    writes them: the front one can only retreat and the rear one only advance, so it is never
//    ambiguous. Readers also accept A+ / 前仕 for them.
//  * Pawns, only one file with two or more of them:
//      2 on it: WXF P+ / P-, Chinese 前兵 / 后兵;
//      3: WXF P+, middle by its file P3, P-; Chinese 前兵, 中兵, 后兵;
//      4: WXF ++, P+, P-, -- (WXF page); Chinese 一兵, 二兵, 三兵, 四兵 (front to rear);
//      5: WXF ++, P+, P3, P-, --; Chinese 一兵 ... 五兵.
//  * Pawns, two files with two or more each (at most 3+2, as a side has five pawns):
//      WXF (page's case IV): the file replaces the letter: 3+.4, 33.4 (middle of 3), 3-.4, 7+.6;
//      Chinese (xqbase): those pawns are numbered 一..五, files from the mover's right to left,
//      each file front to rear, and the number replaces the file: 一兵平四, 四兵平六. Black uses
//      the same numerals 一..五 here (they count pawns; they are not files).
//    A pawn alone on its file is written normally (P5+1, 兵五进一) in every case.
//  * Readers accept more than writers write: lower case, B (elephant), N (horse), '=' for '.',
//    the WXF tandem mark before the letter (+P+1, -R.3, as in many published files),
//    spaces, xqbase's WXF pawn letters Pa..Pe (= Chinese 一..五); traditional and variant glyphs
//    帥將俥車傌馬砲包進後; 一..九, １..９ and 1..9 for either side; the piece's colour in a glyph
//    is not checked (the side to move decides); 前/后/中 after the piece (车前平三); and the other
//    common convention for pawns on two files, place + pawn + file (前兵九平八, 中兵三平四).
//    Plain "P3" on a file of 3 or 5 pawns means the middle one; on 2 or 4 it is ambiguous.
//  * Errors name the problem: "no red horse on file 8", "ambiguous: two red rooks on file 3,
//    write R+ or R-", "illegal: the red rook on e3 would leave its own king in check", or
//    "'...' is not WXF notation (...)".
//
// Thread-safety: pure functions.

#include <string>
#include <string_view>

#include "core/xiangqi/notation.h"

namespace xq::notation_detail {

// File numbers as each side counts them: 1..9 from the mover's own right. Red's file 1 is the
// i-file, Black's file 1 is the a-file.
constexpr int sideFile(Color c, int boardFile) {
    return c == Red ? 9 - boardFile : boardFile + 1;
}
constexpr int boardFile(Color c, int sideFileNo) {
    return c == Red ? 9 - sideFileNo : sideFileNo - 1;
}
// +1 when "forward" for `c` means a higher rank.
constexpr int forwardSign(Color c) {
    return c == Red ? 1 : -1;
}
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
// 'text' in quotes, for messages. (Built by appending: GCC 12 warns falsely, -Wrestrict, about
// "'" + std::string(...).)
std::string quoted(std::string_view text);
char wxfLetter(PieceType t);  // K A E H R C P
// Chinese spellings: piece glyphs (帅仕相马车炮兵 / 将士象马车炮卒), file and step numbers
// (Red 一..九, Black fullwidth １..９) and the pawn ordinals 一..五 (same for both sides).
std::string chineseGlyph(Color c, PieceType t);
std::string chineseNumber(Color c, int n);
std::string chineseOrdinal(int n);

}  // namespace xq::notation_detail
