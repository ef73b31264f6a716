// PGN reading (pgn.h): the tolerant game-by-game reader, and the strict readPgn built on it.
#include <cctype>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/pgn.h"
#include "core/xiangqi/pgn_text.h"

namespace xq {

namespace {

using namespace pgn_detail;

std::optional<Result> resultFromText(std::string_view s) {
    if (s == "1-0") return Result::RedWins;
    if (s == "0-1") return Result::BlackWins;
    if (s == "1/2-1/2" || s == "½-½") return Result::Draw;
    if (s == "*") return Result::None;
    return std::nullopt;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Strips a leading move number ("12." or "12...") and trailing check and annotation marks
// ('+' ends no WXF move: those end in a digit).
std::string cleanMove(std::string t) {
    size_t k = 0;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
    if (k > 0 && k < t.size() && t[k] == '.') {
        while (k < t.size() && t[k] == '.') ++k;
        t = t.substr(k);
    }
    while (!t.empty() && (t.back() == '!' || t.back() == '?' || t.back() == '#' || t.back() == '+'))
        t.pop_back();
    return t;
}

}  // namespace

struct PgnReader::Impl {
    std::string s;  // the text, normalised (pgn_text.h)
    size_t i = 0;
    int line = 1;
    int index = 0;
    int fenLine = 0, formatLine = 0;  // where those tags were, for error messages
    std::optional<PgnError> error;    // the first error of the current game

    explicit Impl(std::string_view text) {
        // A UTF-8 byte-order mark would otherwise make the first tag unreadable.
        if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
        s = normaliseMovetext(text);
    }

    // Records the game's first error; always returns false so callers can `return fail(...)`.
    bool fail(PgnErrorCode code, std::string token, std::string message, int atLine = 0) {
        if (!error)
            error = PgnError{code, atLine ? atLine : line, std::move(token), std::move(message)};
        return false;
    }

    void advance() {
        if (s[i] == '\n') ++line;
        ++i;
    }

    bool atLineStart(size_t k) const {
        while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r')) --k;
        return k == 0 || s[k - 1] == '\n';
    }

    void skipSpace() {
        while (i < s.size()) {
            if (isSpace(s[i])) {
                advance();
            } else if (s[i] == '%' && (i == 0 || s[i - 1] == '\n')) {
                skipLine();  // escape line
            } else {
                break;
            }
        }
    }

    void skipLine() {
        while (i < s.size() && s[i] != '\n') ++i;
    }

    // Skips a {comment}; false when it is not closed (then the rest of the text is gone).
    bool skipComment() {
        while (i < s.size() && s[i] != '}') advance();
        if (i >= s.size()) return false;
        ++i;
        return true;
    }

    // Skips a (variation), with the comments inside it: a ')' or '(' in a comment is text.
    bool skipVariation() {
        int depth = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == '{') {
                if (!skipComment()) return false;
                continue;
            }
            if (c == ';') {
                skipLine();
                continue;
            }
            if (c == '(') ++depth;
            if (c == ')') --depth;
            advance();
            if (depth == 0) return true;
        }
        return false;
    }

    std::string nextToken() {
        const size_t st = i;
        while (i < s.size() && !isSpace(s[i]) && s[i] != '{' && s[i] != '(' && s[i] != ')' &&
               s[i] != ';' && s[i] != '[')
            ++i;
        return s.substr(st, i - st);
    }

    // One [Name "value"] tag. On a bad tag the error is recorded and the rest of its line
    // skipped, so the tags after it still read.
    void readTag(PgnGame& g, std::string& format) {
        const int startLine = line;
        auto bad = [&](std::string token, std::string message) {
            fail(PgnErrorCode::BadTag, std::move(token), std::move(message), startLine);
            skipLine();
        };
        ++i;  // '['
        const size_t nameStart = i;
        while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
        const std::string name = s.substr(nameStart, i - nameStart);
        if (name.empty()) return bad("[", "tag without a name");
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        if (i >= s.size() || s[i] != '"') return bad(name, "tag value must be a quoted string");
        ++i;
        const size_t valueStart = i;
        std::string value;
        while (i < s.size() && s[i] != '"') {
            if (s[i] == '\\' && i + 1 < s.size()) ++i;
            // A line break, escaped or not, ends the line before the value: writePgn could not
            // write such a value back.
            if (s[i] == '\n' || s[i] == '\r') return bad(name, "tag value not closed on its line");
            value += s[i++];
        }
        if (i >= s.size()) return bad(name, "tag value not closed");
        ++i;
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        if (i >= s.size() || s[i] != ']') {
            // Published files hold unescaped quotes in values: [Event ""Huangshan Cup" 2002"].
            // When the line ends with "] the value runs to that last quote, as written.
            size_t e = s.find('\n', i);
            if (e == std::string::npos) e = s.size();
            size_t k = e;
            while (k > i && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r')) --k;
            size_t q = k >= 2 ? k - 2 : 0;
            while (q > i && (s[q] == ' ' || s[q] == '\t')) --q;
            if (k < 2 || s[k - 1] != ']' || s[q] != '"' || q < i)
                return bad(name, "missing ']' after the tag");
            value = s.substr(valueStart, q - valueStart);
            // A lone carriage return is a line break too (the loop above refuses it).
            if (value.find('\r') != std::string::npos)
                return bad(name, "tag value not closed on its line");
            i = k;
        } else {
            ++i;
        }
        if (name == "FEN") {
            g.startFen = value;
            fenLine = startLine;
        } else if (name == "Format") {
            format = value;
            formatLine = startLine;
        } else if (name == "Result") {
            if (auto r = resultFromText(value))
                g.result = *r;
            else
                fail(PgnErrorCode::BadResult, value,
                     "unknown result (expected 1-0, 0-1, 1/2-1/2 or *)", startLine);
        } else if (name != "Game") {
            g.tags.emplace_back(name, value);
        } else if (value != "Chinese Chess" && value != "Xiangqi") {
            fail(PgnErrorCode::NotXiangqi, value,
                 "not a Xiangqi game (Game tag says \"" + value + "\")", startLine);
        }
    }

    // After the game's first error: skips its remaining move text up to the next game (a tag
    // line) or past its result terminator.
    void skipRestOfGame() {
        while (true) {
            skipSpace();
            if (i >= s.size()) return;
            const char c = s[i];
            if (c == '[') return;
            if (c == '{') {
                if (!skipComment()) return;
                continue;
            }
            if (c == ';') {
                skipLine();
                continue;
            }
            if (c == '(' || c == ')') {
                ++i;
                continue;
            }
            const std::string tok = nextToken();
            if (tok.empty()) {
                ++i;
                continue;
            }
            if (resultFromText(tok)) return;
        }
    }

    // Reads one game into `g`; the error, if any, is left in `error`. Returns false when there
    // was nothing but white space and comments left.
    bool readGame(PgnGame& g, int& gameLine) {
        error.reset();
        bool seen = false;  // a tag, a move or a terminator: something that makes a game
        std::string format;
        while (true) {
            skipSpace();
            if (i < s.size() && s[i] == '{' && !seen) {
                // A comment before the tags (or a trailing one after the last game).
                gameLine = line;
                if (!skipComment()) {
                    fail(PgnErrorCode::UnclosedComment, "{", "comment not closed");
                    return true;
                }
                continue;
            }
            if (i < s.size() && s[i] == '[') {
                if (!seen) gameLine = line;
                seen = true;
                readTag(g, format);
            } else {
                break;
            }
        }
        if (!seen) gameLine = line;
        if (error) {
            skipRestOfGame();
            return true;
        }
        Notation notation = Notation::Iccs;
        const bool anyNotation = format.empty();
        const std::string f = lower(format);
        if (f == "iccs")
            notation = Notation::Iccs;
        else if (f == "wxf")
            notation = Notation::Wxf;
        else if (f == "chinese")
            notation = Notation::Chinese;
        else if (!format.empty())
            fail(PgnErrorCode::UnknownFormat, format,
                 "unknown move format (expected ICCS, WXF or Chinese)", formatLine);

        Position pos;
        if (!error && !g.startFen.empty()) {
            if (auto err = parseFen(g.startFen, pos))
                fail(PgnErrorCode::BadFen, g.startFen, "bad FEN tag: " + err->toString(), fenLine);
        }
        if (error) {
            skipRestOfGame();
            return true;
        }
        // Full-move numbering as the game counts it, for error messages.
        int number = pos.fullmoveStart();
        // Movetext.
        while (true) {
            skipSpace();
            if (i >= s.size()) return seen;  // end of text ends the game too
            const char c = s[i];
            if (c == '[') return seen;  // next game's tags (no terminator written)
            if (c == '{') {
                if (!skipComment()) {
                    fail(PgnErrorCode::UnclosedComment, "{", "comment not closed");
                    return true;
                }
                continue;
            }
            if (c == ';') {
                skipLine();
                continue;
            }
            if (c == '(') {
                const int at = line;
                if (!skipVariation()) {
                    fail(PgnErrorCode::UnclosedVariation, "(", "variation not closed", at);
                    return true;
                }
                continue;
            }
            seen = true;
            if (c == ')') {
                fail(PgnErrorCode::StrayParen, ")", "')' without a variation");
                skipRestOfGame();
                return true;
            }
            const std::string tok = nextToken();
            if (tok.empty()) {
                fail(PgnErrorCode::UnexpectedChar, std::string(1, c), "unexpected character");
                skipRestOfGame();
                return true;
            }
            if (tok[0] == '$') continue;  // NAG
            if (auto r = resultFromText(tok)) {
                g.result = *r;
                return true;  // terminator ends the game
            }
            if (isEllipsis(tok)) continue;  // "1. ... H9-G7": Black's move follows
            const std::string cleaned = cleanMove(tok);
            if (cleaned.empty()) continue;  // a bare move number
            for (const std::string& mv : splitMoves(cleaned)) {
                const std::string text = cleanMove(mv);
                if (text.empty()) continue;
                MoveParse p =
                    anyNotation ? parseMoveAny(pos, text) : parseMove(pos, text, notation);
                // A [Format] tag that does not match the moves is common: try the others.
                if (!p && !anyNotation) {
                    if (MoveParse any = parseMoveAny(pos, text)) p = any;
                }
                if (!p) {
                    fail(PgnErrorCode::BadMove, text, p.error);
                    error->moveNumber = number;
                    error->side = pos.sideToMove();
                    skipRestOfGame();
                    return true;
                }
                if (pos.sideToMove() == Black) ++number;
                pos.makeMove(p.move);
                g.moves.push_back(p.move);
            }
        }
    }
};

PgnReader::PgnReader(std::string_view text) : impl_(std::make_unique<Impl>(text)) {}
PgnReader::~PgnReader() = default;

size_t PgnReader::position() const {
    return impl_->i;
}

size_t PgnReader::size() const {
    return impl_->s.size();
}

bool PgnReader::next(PgnGameRead& out) {
    Impl& r = *impl_;
    while (true) {
        r.skipSpace();
        if (r.i >= r.s.size()) return false;
        PgnGame g;
        int gameLine = r.line;
        const size_t before = r.i;
        if (!r.readGame(g, gameLine)) {
            if (r.i == before) ++r.i;  // never loop on the same byte
            continue;
        }
        out = PgnGameRead{};
        out.index = r.index++;
        out.line = gameLine;
        if (r.error)
            out.error = r.error;
        else
            out.game = std::move(g);
        return true;
    }
}

std::vector<PgnGameRead> readPgnGames(std::string_view text) {
    PgnReader reader(text);
    std::vector<PgnGameRead> out;
    PgnGameRead g;
    while (reader.next(g)) out.push_back(std::move(g));
    return out;
}

PgnReadResult readPgn(std::string_view text) {
    PgnReadResult res;
    for (PgnGameRead& g : readPgnGames(text)) {
        if (!g.ok()) {
            res.games.clear();
            res.error = g.error;
            return res;
        }
        res.games.push_back(std::move(*g.game));
    }
    if (res.games.empty())
        res.error = PgnError{PgnErrorCode::NoGame, 1, "", "no game found in the text"};
    return res;
}

}  // namespace xq
