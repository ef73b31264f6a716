// WXF notation: writer and reader. The conventions, with sources, are in notation_common.h.
#include "core/xiangqi/notation.h"

#include <cctype>
#include <utility>

#include "core/xiangqi/notation_common.h"

namespace xq {

using namespace notation_detail;

std::string toWxf(const Position& pos, Move m) {
    const Piece p = pos.piece(m.from());
    if (p == NoPiece) return toIccs(m);  // not a move of this position: fall back, never crash
    const Identity id = identify(pos, m.from());
    const Tail tl = tail(pos, m);
    const char letter = wxfLetter(id.type), file = char('0' + id.file);
    std::string s;
    if (id.count == 1) {
        s = {letter, file};
    } else if (id.type != Pawn || (id.count == 2 && id.tandemFiles == 1)) {
        s = {letter, id.index == 0 ? '+' : '-'};
    } else if (id.tandemFiles > 1) {
        // At most five pawns, so with two shared files each holds two or three.
        s = {file, id.index == 0 ? '+' : id.index == id.count - 1 ? '-' : file};
    } else if (id.count == 3) {
        s = {'P', id.index == 0 ? '+' : id.index == 2 ? '-' : file};
    } else {
        const int i = id.index, n = id.count;
        if (i == 0)
            s = "++";
        else if (i == n - 1)
            s = "--";
        else if (i == 1)
            s = "P+";
        else if (i == n - 2)
            s = "P-";
        else
            s = {'P', file};  // the middle of five
    }
    s += tl.action;
    s += char('0' + tl.number);
    return s;
}

namespace {

PieceType wxfType(char ch) {
    switch (ch) {
        case 'K':
            return King;
        case 'A':
            return Advisor;
        case 'E':
        case 'B':
            return Elephant;
        case 'H':
        case 'N':
            return Horse;
        case 'R':
            return Rook;
        case 'C':
            return Cannon;
        case 'P':
            return Pawn;
        default:
            return NoType;
    }
}

bool isDigit19(char ch) {
    return ch >= '1' && ch <= '9';
}

}  // namespace

MoveParse parseWxf(const Position& pos, std::string_view text) {
    std::string s;
    for (char ch : text)
        if (!std::isspace(static_cast<unsigned char>(ch)))
            s += char(std::toupper(static_cast<unsigned char>(ch)));
    auto bad = [&](const std::string& why) {
        return MoveParse{Move(), quoted(text) + " is not WXF notation (" + why +
                                     "; e.g. C2.5, H8+7, R+.3, P-.4)"};
    };
    if (s.size() != 4) return bad("four characters expected");
    Spec spec;
    char c0 = s[0], c1 = s[1];
    // Tandem mark before the letter, as many published files write it: "+P+1", "-R.3".
    if ((c0 == '+' || c0 == '-') && wxfType(c1) != NoType) std::swap(c0, c1);
    switch (s[2]) {
        case '+':
            spec.action = '+';
            break;
        case '-':
            spec.action = '-';
            break;
        case '.':
        case '=':
            spec.action = '.';
            break;
        default:
            return bad("third character must be +, - or .");
    }
    if (!isDigit19(s[3])) return bad("last character must be a digit 1-9");
    spec.number = s[3] - '0';

    if (const PieceType t = wxfType(c0); t != NoType) {
        spec.type = t;
        if (isDigit19(c1)) {
            spec.pick = Pick::File;
            spec.file = c1 - '0';
        } else if (c1 == '+') {
            spec.pick = Pick::WxfFront;
        } else if (c1 == '-') {
            spec.pick = Pick::WxfRear;
        } else if (t == Pawn && c1 >= 'A' && c1 <= 'E') {
            spec.pick = Pick::Ordinal;
            spec.ordinal = c1 - 'A' + 1;
        } else {
            return bad("second character must be a file digit, + or -");
        }
    } else if ((c0 == '+' || c0 == '-') && c1 == c0) {
        spec.type = Pawn;  // "++" / "--": foremost / rearmost of four or five pawns
        spec.pick = c0 == '+' ? Pick::Front : Pick::Rear;
    } else if (isDigit19(c0)) {
        spec.type = Pawn;  // pawns shared on two files: the file replaces the letter
        spec.file = c0 - '0';
        if (c1 == '+')
            spec.pick = Pick::WxfFront;
        else if (c1 == '-')
            spec.pick = Pick::WxfRear;
        else if (c1 == c0)
            spec.pick = Pick::Middle;
        else
            return bad("after a pawn's file comes +, - or the same digit again");
    } else {
        return bad("first character must be a piece letter K A E H R C P");
    }
    return resolve(pos, spec, text, Notation::Wxf);
}

}  // namespace xq
