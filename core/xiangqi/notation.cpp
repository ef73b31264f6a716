#include "core/xiangqi/notation.h"

#include <cctype>

#include "core/xiangqi/notation_common.h"

namespace xq {

std::string toIccs(Move m) {
    return squareName(m.from()) + squareName(m.to());
}

MoveParse parseIccs(const Position& pos, std::string_view text) {
    std::string s;
    for (char ch : text)
        if (ch != '-' && ch != ' ') s += char(std::tolower(static_cast<unsigned char>(ch)));
    if (s.size() != 4)
        return {Move(), notation_detail::quoted(text) + " is not a coordinate move like h2e2"};
    const Square from = parseSquare(s.c_str()), to = parseSquare(s.c_str() + 2);
    if (from == kNoSquare || to == kNoSquare)
        return {Move(), notation_detail::quoted(text) + " is not a coordinate move like h2e2"};
    const Move m(from, to);
    if (!pos.isLegal(m))
        return {Move(), notation_detail::quoted(text) + " is not a legal move here"};
    return {m, {}};
}

// WXF and Chinese: notation_wxf.cpp / notation_chinese.cpp (shared parts: notation_common.cpp).

std::string formatMove(const Position& pos, Move m, Notation n) {
    switch (n) {
        case Notation::Wxf:
            return toWxf(pos, m);
        case Notation::Chinese:
            return toChinese(pos, m);
        default:
            return toIccs(m);
    }
}

MoveParse parseMove(const Position& pos, std::string_view text, Notation n) {
    switch (n) {
        case Notation::Wxf:
            return parseWxf(pos, text);
        case Notation::Chinese:
            return parseChinese(pos, text);
        default:
            return parseIccs(pos, text);
    }
}

MoveParse parseMoveAny(const Position& pos, std::string_view text) {
    MoveParse r = parseIccs(pos, text);
    if (r) return r;
    MoveParse w = parseWxf(pos, text);
    if (w) return w;
    MoveParse c = parseChinese(pos, text);
    if (c) return c;
    // Report the failure of the notation the text was evidently written in: non-ASCII text is
    // Chinese, "h2e2"-shaped text is ICCS, any other ASCII is WXF.
    std::string s;
    for (char ch : text) {
        if (static_cast<unsigned char>(ch) >= 0x80) return c;
        if (ch != '-' && ch != ' ') s += char(std::tolower(static_cast<unsigned char>(ch)));
    }
    const bool iccsShaped = s.size() == 4 && s[0] >= 'a' && s[0] <= 'i' &&
                            std::isdigit(static_cast<unsigned char>(s[1])) && s[2] >= 'a' &&
                            s[2] <= 'i' && std::isdigit(static_cast<unsigned char>(s[3]));
    return iccsShaped ? r : w;
}

}  // namespace xq
