#include "core/xiangqi/pgn_text.h"

#include <cctype>

namespace xq::pgn_detail {

namespace {

// Length of the UTF-8 sequence starting with byte `b` (1 for a stray continuation byte, so a
// malformed text still advances).
size_t utf8Length(unsigned char b) {
    if (b < 0x80) return 1;
    if ((b >> 5) == 0x6) return 2;
    if ((b >> 4) == 0xE) return 3;
    if ((b >> 3) == 0x1E) return 4;
    return 1;
}

std::vector<std::string> utf8Chars(std::string_view s) {
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size();) {
        const size_t n = std::min(utf8Length(static_cast<unsigned char>(s[i])), s.size() - i);
        out.emplace_back(s.substr(i, n));
        i += n;
    }
    return out;
}

bool isAction(const std::string& ch) {
    return ch == "进" || ch == "進" || ch == "退" || ch == "平";
}

bool isDigit(const std::string& ch) {
    return ch.size() == 1 && std::isdigit(static_cast<unsigned char>(ch[0]));
}

// Index past a move number ("12." or "12...") starting at `i`; `i` itself when there is none.
size_t skipMoveNumber(const std::vector<std::string>& c, size_t i) {
    size_t k = i;
    while (k < c.size() && isDigit(c[k])) ++k;
    if (k == i || k >= c.size() || c[k] != ".") return i;
    while (k < c.size() && c[k] == ".") ++k;
    return k;
}

}  // namespace

std::string normaliseMovetext(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool lineStart = true, tagLine = false;
    for (size_t i = 0; i < text.size();) {
        const unsigned char b = static_cast<unsigned char>(text[i]);
        if (b == '\n') {
            out += '\n';
            ++i;
            lineStart = true;
            tagLine = false;
            continue;
        }
        if (lineStart && b != ' ' && b != '\t' && b != '\r') {
            lineStart = false;
            tagLine = b == '[';
        }
        // U+3000 = E3 80 80; U+FF01..U+FF5E = EF BC 81..EF BC BF, EF BD 80..EF BD 9E.
        if (!tagLine && b == 0xE3 && i + 2 < text.size() && text[i + 1] == '\x80' &&
            text[i + 2] == '\x80') {
            out += ' ';
            i += 3;
            continue;
        }
        if (!tagLine && b == 0xEF && i + 2 < text.size()) {
            const unsigned char b1 = static_cast<unsigned char>(text[i + 1]);
            const unsigned char b2 = static_cast<unsigned char>(text[i + 2]);
            int cp = -1;
            if (b1 == 0xBC && b2 >= 0x81 && b2 <= 0xBF) cp = 0xFF00 + (b2 - 0x80);
            if (b1 == 0xBD && b2 >= 0x80 && b2 <= 0x9E) cp = 0xFF40 + (b2 - 0x80);
            if (cp >= 0) {
                out += char(cp - 0xFF00 + 0x20);
                i += 3;
                continue;
            }
        }
        out += char(b);
        ++i;
    }
    return out;
}

bool isEllipsis(std::string_view t) {
    size_t k = 0;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
    t.remove_prefix(k);
    if (t.empty()) return false;
    while (!t.empty()) {
        if (t[0] == '.') {
            t.remove_prefix(1);
        } else if (t.substr(0, 3) == "\u2026") {
            t.remove_prefix(3);
        } else {
            return false;
        }
    }
    return true;
}

std::vector<std::string> splitMoves(const std::string& token) {
    bool ascii = true;
    for (char ch : token)
        if (static_cast<unsigned char>(ch) >= 0x80) ascii = false;
    if (ascii) {
        // "C2=5H8+7", "h2e2h9g7": four characters a move, nothing else in between.
        if (token.size() < 8 || token.size() % 4 != 0) return {token};
        std::vector<std::string> out;
        for (size_t i = 0; i < token.size(); i += 4) out.push_back(token.substr(i, 4));
        return out;
    }
    // Chinese: a move is everything up to its action character plus the number after it, so
    // four-character (炮二平五) and five-character (前兵九平八) moves split alike.
    const std::vector<std::string> c = utf8Chars(token);
    std::vector<std::string> out;
    size_t i = 0;
    while (i < c.size()) {
        i = skipMoveNumber(c, i);
        if (i >= c.size()) break;
        size_t a = i + 2;
        while (a < c.size() && !isAction(c[a])) ++a;
        if (a + 1 >= c.size()) {
            // No complete move left: hand the rest to the parser whole, it says what is wrong.
            std::string rest;
            for (size_t k = i; k < c.size(); ++k) rest += c[k];
            out.push_back(rest);
            break;
        }
        std::string mv;
        for (size_t k = i; k <= a + 1; ++k) mv += c[k];
        out.push_back(mv);
        i = a + 2;
    }
    if (out.empty()) out.push_back(token);
    return out;
}

}  // namespace xq::pgn_detail
