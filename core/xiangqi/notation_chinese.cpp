// Chinese notation (中文纵线格式, UTF-8): writer and reader. The conventions, with sources, are
// in notation_common.h.
#include "core/xiangqi/notation.h"

#include <vector>

#include "core/xiangqi/notation_common.h"

namespace xq {

using namespace notation_detail;

std::string toChinese(const Position& pos, Move m) {
    const Piece p = pos.piece(m.from());
    if (p == NoPiece) return toIccs(m);  // not a move of this position: fall back, never crash
    const Identity id = identify(pos, m.from());
    const Tail tl = tail(pos, m);
    const std::string glyph = chineseGlyph(id.color, id.type);
    std::string s;
    if (id.count == 1) {
        s = glyph + chineseNumber(id.color, id.file);
    } else if (id.type != Pawn || (id.tandemFiles == 1 && id.count <= 3)) {
        const char* where = id.index == 0 ? "前" : id.index == id.count - 1 ? "后" : "中";
        s = where + glyph;
    } else {
        s = chineseOrdinal(id.ordinal + 1) + glyph;
    }
    s += tl.action == '+' ? "进" : tl.action == '-' ? "退" : "平";
    s += chineseNumber(id.color, tl.number);
    return s;
}

namespace {

// Splits UTF-8 into characters, dropping white space (ASCII and the ideographic space).
// Returns false on malformed UTF-8.
bool splitUtf8(std::string_view text, std::vector<std::string>& out) {
    for (size_t i = 0; i < text.size();) {
        const unsigned char b = static_cast<unsigned char>(text[i]);
        const size_t len = b < 0x80           ? 1
                           : (b >> 5) == 0x6  ? 2
                           : (b >> 4) == 0xE  ? 3
                           : (b >> 3) == 0x1E ? 4
                                              : 0;
        if (len == 0 || i + len > text.size()) return false;
        for (size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        std::string ch(text.substr(i, len));
        i += len;
        if (ch == " " || ch == "\t" || ch == "\n" || ch == "\r" || ch == "\u3000") continue;
        out.push_back(std::move(ch));
    }
    return true;
}

template <size_t N>
int indexIn(const std::string& ch, const char* const (&table)[N]) {
    for (size_t i = 0; i < N; ++i)
        if (ch == table[i]) return int(i);
    return -1;
}

PieceType chineseType(const std::string& ch) {
    static const char* const kings[] = {"帅", "帥", "将", "將"};
    static const char* const advisors[] = {"仕", "士"};
    static const char* const elephants[] = {"相", "象"};
    static const char* const horses[] = {"马", "馬", "傌"};
    static const char* const rooks[] = {"车", "車", "俥"};
    static const char* const cannons[] = {"炮", "砲", "包"};
    static const char* const pawns[] = {"兵", "卒"};
    if (indexIn(ch, kings) >= 0) return King;
    if (indexIn(ch, advisors) >= 0) return Advisor;
    if (indexIn(ch, elephants) >= 0) return Elephant;
    if (indexIn(ch, horses) >= 0) return Horse;
    if (indexIn(ch, rooks) >= 0) return Rook;
    if (indexIn(ch, cannons) >= 0) return Cannon;
    if (indexIn(ch, pawns) >= 0) return Pawn;
    return NoType;
}

// 1..9 for 一..九, １..９ or 1..9; 0 otherwise.
int chineseDigit(const std::string& ch) {
    static const char* const numerals[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    static const char* const fullwidth[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
    if (int i = indexIn(ch, numerals); i >= 0) return i + 1;
    if (int i = indexIn(ch, fullwidth); i >= 0) return i + 1;
    if (ch.size() == 1 && ch[0] >= '1' && ch[0] <= '9') return ch[0] - '0';
    return 0;
}

char chineseAction(const std::string& ch) {
    if (ch == "进" || ch == "進") return '+';
    if (ch == "退") return '-';
    if (ch == "平") return '.';
    return 0;
}

// 前/后/中 as a Pick; false when `ch` is none of them.
bool chinesePlace(const std::string& ch, Pick& pick) {
    if (ch == "前")
        pick = Pick::Front;
    else if (ch == "后" || ch == "後")
        pick = Pick::Rear;
    else if (ch == "中")
        pick = Pick::Middle;
    else
        return false;
    return true;
}

}  // namespace

MoveParse parseChinese(const Position& pos, std::string_view text) {
    auto bad = [&](const std::string& why) {
        return MoveParse{Move(), quoted(text) + " is not Chinese move notation (" + why +
                                     "; e.g. 炮二平五, 马８进７, 前车平三)"};
    };
    std::vector<std::string> c;
    if (!splitUtf8(text, c)) return bad("malformed UTF-8");
    if (c.size() != 4 && c.size() != 5) return bad("four characters expected");
    Spec spec;
    const size_t n = c.size();
    spec.action = chineseAction(c[n - 2]);
    if (!spec.action) return bad("the action must be 进, 退 or 平");
    spec.number = chineseDigit(c[n - 1]);
    if (!spec.number) return bad("the last character must be a number 1 to 9");

    if (const PieceType t = chineseType(c[0]); t != NoType) {
        // 车三进一 / 车前平三
        if (n != 4) return bad("four characters expected after the piece");
        spec.type = t;
        if (const int f = chineseDigit(c[1])) {
            spec.pick = Pick::File;
            spec.file = f;
        } else if (!chinesePlace(c[1], spec.pick)) {
            return bad("after the piece comes its file or 前/后/中");
        }
    } else {
        // 前车平三 / 一兵平四 / 前兵九平八
        if (chinesePlace(c[0], spec.pick)) {
        } else if (const int k = chineseDigit(c[0]); k >= 1 && k <= 5) {
            spec.pick = Pick::Ordinal;
            spec.ordinal = k;
        } else {
            return bad("the first character must be a piece, 前/后/中 or a pawn number 一..五");
        }
        spec.type = chineseType(c[1]);
        if (spec.type == NoType) return bad("the second character must be a piece");
        if (n == 5) {
            spec.file = chineseDigit(c[2]);
            if (!spec.file) return bad("the third of five characters must be a file number");
        }
    }
    return resolve(pos, spec, text, Notation::Chinese);
}

}  // namespace xq
