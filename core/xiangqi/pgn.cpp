#include "core/xiangqi/pgn.h"

#include <cctype>
#include <stdexcept>

#include "core/xiangqi/fen.h"

namespace xq {
namespace {

// Local spelling of results: pgn must not depend on rules.cpp being linked for a string.
const char* resultText(Result r) {
    switch (r) {
        case Result::RedWins: return "1-0";
        case Result::BlackWins: return "0-1";
        case Result::Draw: return "1/2-1/2";
        default: return "*";
    }
}

std::optional<Result> resultFromText(std::string_view s) {
    if (s == "1-0") return Result::RedWins;
    if (s == "0-1") return Result::BlackWins;
    if (s == "1/2-1/2" || s == "½-½") return Result::Draw;
    if (s == "*") return Result::None;
    return std::nullopt;
}

std::string escapeTag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n' || c == '\r') c = ' ';
        out += c;
    }
    return out;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }

// Reads the text game by game. One instance per readPgn call.
class Reader {
public:
    explicit Reader(std::string_view text) : s_(text) {
        // A UTF-8 byte-order mark would otherwise make the first tag unreadable.
        if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;
    }

    PgnReadResult run() {
        PgnReadResult res;
        while (true) {
            skipSpace();
            if (i_ >= s_.size()) break;
            PgnGame g;
            if (!readGame(g)) {
                res.games.clear();
                res.error = error_;
                return res;
            }
            res.games.push_back(std::move(g));
        }
        if (res.games.empty()) res.error = PgnError{1, "", "no game found in the text"};
        return res;
    }

private:
    bool fail(std::string token, std::string message) {
        error_ = PgnError{line_, std::move(token), std::move(message)};
        return false;
    }

    void advance() {
        if (s_[i_] == '\n') ++line_;
        ++i_;
    }

    void skipSpace() {
        while (i_ < s_.size()) {
            if (isSpace(s_[i_])) {
                advance();
            } else if (s_[i_] == '%' && (i_ == 0 || s_[i_ - 1] == '\n')) {
                skipLine();  // escape line
            } else {
                break;
            }
        }
    }

    void skipLine() {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
    }

    bool readTag(PgnGame& g, std::string& format) {
        const int startLine = line_;
        ++i_;  // '['
        size_t nameStart = i_;
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_'))
            ++i_;
        std::string name(s_.substr(nameStart, i_ - nameStart));
        if (name.empty()) return fail("[", "tag without a name");
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
        if (i_ >= s_.size() || s_[i_] != '"')
            return fail(name, "tag value must be a quoted string");
        ++i_;
        std::string value;
        while (i_ < s_.size() && s_[i_] != '"') {
            if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;
            // A line break, escaped or not, ends the line before the value: writePgn could not
            // write such a value back.
            if (s_[i_] == '\n' || s_[i_] == '\r') return fail(name, "tag value not closed on its line");
            value += s_[i_++];
        }
        if (i_ >= s_.size()) return fail(name, "tag value not closed");
        ++i_;
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
        if (i_ >= s_.size() || s_[i_] != ']') return fail(name, "missing ']' after the tag");
        ++i_;
        line_ = startLine;
        if (name == "FEN") {
            g.startFen = value;
            fenLine_ = startLine;
        } else if (name == "Format") {
            format = value;
            formatLine_ = startLine;
        } else if (name == "Result") {
            if (auto r = resultFromText(value)) g.result = *r;
            else return fail(value, "unknown result (expected 1-0, 0-1, 1/2-1/2 or *)");
        } else if (name != "Game") {
            g.tags.emplace_back(name, value);
        } else if (value != "Chinese Chess" && value != "Xiangqi") {
            return fail(value, "not a Xiangqi game (Game tag says \"" + value + "\")");
        }
        return true;
    }

    std::string nextToken() {
        size_t st = i_;
        while (i_ < s_.size() && !isSpace(s_[i_]) && s_[i_] != '{' && s_[i_] != '(' &&
               s_[i_] != ')' && s_[i_] != ';' && s_[i_] != '[')
            ++i_;
        return std::string(s_.substr(st, i_ - st));
    }

    // Strips a leading move number ("12." or "12...") and trailing annotation marks.
    static std::string cleanMove(std::string t) {
        size_t k = 0;
        while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
        if (k > 0 && k < t.size() && t[k] == '.') {
            while (k < t.size() && t[k] == '.') ++k;
            t = t.substr(k);
        }
        while (!t.empty() && (t.back() == '!' || t.back() == '?' || 
                              t.back() == '#')) {
            // '+' is meaningful inside WXF ("H2+3") but never as the last character of one.
            t.pop_back();
        }
        return t;
    }

    bool readGame(PgnGame& g) {
        std::string format;
        // Tag section.
        while (true) {
            skipSpace();
            if (i_ < s_.size() && s_[i_] == '[') {
                if (!readTag(g, format)) return false;
            } else {
                break;
            }
        }
        Notation notation = Notation::Iccs;
        bool anyNotation = format.empty();
        if (format == "ICCS" || format == "iccs") notation = Notation::Iccs;
        else if (format == "WXF" || format == "wxf") notation = Notation::Wxf;
        else if (format == "Chinese" || format == "chinese") notation = Notation::Chinese;
        else if (!format.empty()) {
            line_ = formatLine_;
            return fail(format, "unknown move format (expected ICCS, WXF or Chinese)");
        }

        Position pos;
        if (!g.startFen.empty()) {
            if (auto err = parseFen(g.startFen, pos)) {
                line_ = fenLine_;
                return fail(g.startFen, "bad FEN tag: " + err->toString());
            }
        }
        // Movetext.
        while (true) {
            skipSpace();
            if (i_ >= s_.size()) return true;  // end of text ends the game too
            char c = s_[i_];
            if (c == '[') return true;  // next game's tags (no terminator written)
            if (c == '{') {
                while (i_ < s_.size() && s_[i_] != '}') advance();
                if (i_ >= s_.size()) return fail("{", "comment not closed");
                ++i_;
                continue;
            }
            if (c == ';') {
                skipLine();
                continue;
            }
            if (c == '(') {
                int depth = 0;
                do {
                    if (s_[i_] == '(') ++depth;
                    if (s_[i_] == ')') --depth;
                    advance();
                } while (i_ < s_.size() && depth > 0);
                if (depth > 0) return fail("(", "variation not closed");
                continue;
            }
            if (c == ')') return fail(")", "')' without a variation");
            std::string tok = nextToken();
            if (tok.empty()) return fail(std::string(1, c), "unexpected character");
            if (tok[0] == '$') continue;  // NAG
            if (auto r = resultFromText(tok)) {
                g.result = *r;
                return true;  // terminator ends the game
            }
            std::string mv = cleanMove(tok);
            if (mv.empty()) continue;  // a bare move number
            MoveParse p = anyNotation ? parseMoveAny(pos, mv) : parseMove(pos, mv, notation);
            if (!p) {
                return fail(tok, "move " + std::to_string(g.moves.size() + 1) + " is not legal or not readable: " +
                                     p.error);
            }
            pos.makeMove(p.move);
            g.moves.push_back(p.move);
        }
    }

    std::string_view s_;
    size_t i_ = 0;
    int line_ = 1;
    int fenLine_ = 0, formatLine_ = 0;  // where those tags were, for error messages
    PgnError error_;
};

}  // namespace

std::string PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

void PgnGame::setTag(std::string_view name, std::string value) {
    for (auto& [k, v] : tags) {
        if (k == name) {
            v = std::move(value);
            return;
        }
    }
    tags.emplace_back(std::string(name), std::move(value));
}

Position PgnGame::startPosition() const {
    if (startFen.empty()) return Position();
    return positionFromFen(startFen);
}

std::string PgnError::toString() const {
    std::string s = "line " + std::to_string(line);
    if (!token.empty()) s += ", '" + token + "'";
    return s + ": " + message;
}

PgnReadResult readPgn(std::string_view text) { return Reader(text).run(); }

std::string writePgn(const PgnGame& game, Notation format) {
    std::string out = "[Game \"Chinese Chess\"]\n";
    for (const auto& [k, v] : game.tags) out += "[" + k + " \"" + escapeTag(v) + "\"]\n";
    out += std::string("[Result \"") + resultText(game.result) + "\"]\n";
    const char* fmt = format == Notation::Iccs ? "ICCS" : format == Notation::Wxf ? "WXF" : "Chinese";
    out += std::string("[Format \"") + fmt + "\"]\n";
    Position pos = game.startPosition();
    const std::string startFen = game.startFen.empty() ? std::string() : toFen(pos);
    if (!game.startFen.empty() && startFen != toFen(Position()))
        out += "[FEN \"" + startFen + "\"]\n";
    out += "\n";

    std::string line;
    auto emit = [&](const std::string& tok) {
        if (!line.empty() && line.size() + 1 + tok.size() > 78) {
            out += line + "\n";
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += tok;
    };
    // Move numbers count full moves from the start FEN; a Black-to-move start gets "1. ...".
    int number = pos.fullmoveStart();
    bool first = true;
    for (Move m : game.moves) {
        const bool red = pos.sideToMove() == Red;
        if (red) emit(std::to_string(number) + ".");
        else if (first) emit(std::to_string(number) + "...");
        std::string text;
        if (format == Notation::Iccs) {
            text = toIccs(m);
            for (char& c : text) c = char(std::toupper(static_cast<unsigned char>(c)));
            text.insert(2, "-");
        } else {
            text = formatMove(pos, m, format);
        }
        emit(text);
        pos.makeMove(m);
        if (!red) ++number;
        first = false;
    }
    emit(resultText(game.result));
    out += line + "\n";
    return out;
}

}  // namespace xq
