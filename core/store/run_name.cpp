#include "core/store/run_name.h"

#include <cstdio>

#include "core/error.h"

namespace xq::store {

namespace {

// Decodes one UTF-8 character at s[i]; advances i. Returns -1 for an invalid sequence
// (overlong forms, surrogates and values past U+10FFFF included), consuming one byte.
long decodeUtf8(std::string_view s, size_t& i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) {
        ++i;
        return c;
    }
    int len = 0;
    long cp = 0, min = 0;
    if ((c & 0xE0) == 0xC0) len = 2, cp = c & 0x1F, min = 0x80;
    else if ((c & 0xF0) == 0xE0) len = 3, cp = c & 0x0F, min = 0x800;
    else if ((c & 0xF8) == 0xF0) len = 4, cp = c & 0x07, min = 0x10000;
    else {
        ++i;
        return -1;
    }
    if (i + len > s.size()) {
        ++i;
        return -1;
    }
    for (int k = 1; k < len; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) {
            ++i;
            return -1;
        }
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        ++i;
        return -1;
    }
    i += len;
    return cp;
}

// Characters outside ASCII that a name may not hold: C1 controls, spaces and separators that
// look like nothing or like a space, zero-width and bidirectional marks, the BOM, private use
// and noncharacters.
bool forbiddenNonAscii(long cp) {
    if (cp >= 0x80 && cp <= 0xA0) return true;  // C1 controls, no-break space
    if (cp == 0xAD || cp == 0x034F || cp == 0x061C || cp == 0x115F || cp == 0x1160) return true;
    if (cp == 0x1680 || cp == 0x180E || cp == 0x3000 || cp == 0x3164 || cp == 0xFEFF) return true;
    if (cp >= 0x2000 && cp <= 0x200F) return true;  // spaces, zero-width, LRM/RLM
    if (cp >= 0x2028 && cp <= 0x202F) return true;  // line/paragraph separators, bidi embeddings
    if (cp >= 0x205F && cp <= 0x206F) return true;  // math space, invisible operators, bidi isolates
    if (cp >= 0xFE00 && cp <= 0xFE0F) return true;  // variation selectors
    if (cp >= 0xFFF0 && cp <= 0xFFFF) return true;  // specials, noncharacters
    if (cp >= 0xE000 && cp <= 0xF8FF) return true;  // private use
    if (cp >= 0xF0000) return true;                 // supplementary private use
    if (cp >= 0xE0000 && cp <= 0xE0FFF) return true;  // tags, variation selectors supplement
    if ((cp & 0xFFFE) == 0xFFFE || (cp >= 0xFDD0 && cp <= 0xFDEF)) return true;  // noncharacters
    return false;
}

bool allowedAscii(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' ||
           c == '-' || c == '_' || c == '.';
}

std::string quoteChar(long cp, std::string_view raw) {
    if (cp == '/') return "'/' (a path separator)";
    if (cp == '\\') return "'\\' (a path separator)";
    if (cp == 0) return "a NUL character";
    if (cp == '\n') return "a line break";
    char buf[64];
    if (cp < 0) return "bytes that are not UTF-8";
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) {
        std::snprintf(buf, sizeof buf, "the control character U+%04lX", cp);
        return buf;
    }
    if (cp < 0x80) return "'" + std::string(raw) + "'";
    std::snprintf(buf, sizeof buf, "the invisible or reserved character U+%04lX", cp);
    return buf;
}

}  // namespace

std::optional<std::string> runNameProblem(std::string_view name) {
    if (name.empty()) return "it is empty";
    if (name == "." || name == "..") return "'" + std::string(name) + "' names a folder itself";
    int chars = 0;
    for (size_t i = 0; i < name.size();) {
        const size_t at = i;
        const long cp = decodeUtf8(name, i);
        ++chars;
        const bool ok = cp >= 0 && (cp < 0x80 ? allowedAscii(char(cp)) : !forbiddenNonAscii(cp));
        if (!ok)
            return "it contains " + quoteChar(cp, name.substr(at, i - at)) +
                   "; a run name may hold letters, digits, spaces, '-', '_' and '.'";
    }
    if (chars > kMaxRunNameChars)
        return "it is " + std::to_string(chars) + " characters long; at most " +
               std::to_string(kMaxRunNameChars) + " are allowed";
    if (name.front() == ' ' || name.back() == ' ') return "it starts or ends with a space";
    if (name.front() == '.' || name.back() == '.') return "it starts or ends with '.'";
    return std::nullopt;
}

void requireValidRunName(std::string_view name) {
    if (const auto why = runNameProblem(name))
        throw Error(ErrorCode::RunNameInvalid,
                    "'" + printableRunName(name) + "' cannot be a run name: " + *why,
                    printableRunName(name));
}

std::string printableRunName(std::string_view name) {
    std::string out;
    int chars = 0;
    for (size_t i = 0; i < name.size();) {
        if (++chars > 80) {
            out += "…";
            break;
        }
        const size_t at = i;
        const long cp = decodeUtf8(name, i);
        char buf[16];
        if (cp == '\n') out += "\\n";
        else if (cp == '\t') out += "\\t";
        else if (cp == '\\') out += "\\\\";
        else if (cp < 0 || cp < 0x20 || cp == 0x7F) {
            std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(static_cast<unsigned char>(name[at])));
            out += buf;
        } else if (cp >= 0x80 && forbiddenNonAscii(cp)) {
            std::snprintf(buf, sizeof buf, "\\u{%lX}", cp);
            out += buf;
        } else
            out.append(name.substr(at, i - at));
    }
    return out;
}

bool isRunOwnFile(std::string_view n) {
    // The temporaries of an atomic write: NAME.tmp.PID for an own NAME.
    if (const size_t t = n.rfind(".tmp."); t != std::string_view::npos) {
        const std::string_view pid = n.substr(t + 5);
        if (pid.empty() || pid.find_first_not_of("0123456789") != std::string_view::npos) return false;
        return isRunOwnFile(n.substr(0, t));
    }
    if (n == "checkpoint.json" || n == ".write-test" || n == ".resume.xqm") return true;
    const auto digitsThen = [&](std::string_view prefix, size_t minDigits,
                                std::initializer_list<std::string_view> suffixes) {
        if (!n.starts_with(prefix)) return false;
        for (std::string_view suffix : suffixes) {
            if (!n.ends_with(suffix) || n.size() < prefix.size() + suffix.size() + minDigits) continue;
            const std::string_view digits =
                n.substr(prefix.size(), n.size() - prefix.size() - suffix.size());
            if (digits.find_first_not_of("0123456789") == std::string_view::npos) return true;
        }
        return false;
    };
    return digitsThen("gen-", 4, {".xqm"}) || digitsThen("train-", 8, {".xqm", ".opt"});
}

}  // namespace xq::store
