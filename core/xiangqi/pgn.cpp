#include "core/xiangqi/pgn.h"

#include <cctype>
#include <stdexcept>

#include "core/xiangqi/fen.h"

namespace xq {
namespace {

std::string escapeTag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n' || c == '\r') c = ' ';
        out += c;
    }
    return out;
}

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

const char* pgnErrorCodeName(PgnErrorCode c) {
    switch (c) {
        case PgnErrorCode::NoGame:
            return "no_game";
        case PgnErrorCode::BadTag:
            return "bad_tag";
        case PgnErrorCode::NotXiangqi:
            return "not_xiangqi";
        case PgnErrorCode::BadResult:
            return "bad_result";
        case PgnErrorCode::UnknownFormat:
            return "unknown_format";
        case PgnErrorCode::BadFen:
            return "bad_fen";
        case PgnErrorCode::UnclosedComment:
            return "unclosed_comment";
        case PgnErrorCode::UnclosedVariation:
            return "unclosed_variation";
        case PgnErrorCode::StrayParen:
            return "stray_paren";
        case PgnErrorCode::UnexpectedChar:
            return "unexpected_char";
        case PgnErrorCode::BadMove:
            return "bad_move";
    }
    return "unknown";
}

std::string PgnError::toString() const {
    std::string s = "line " + std::to_string(line);
    if (code == PgnErrorCode::BadMove && moveNumber > 0) {
        // The parser's message already quotes the move text.
        return s + ", move " + std::to_string(moveNumber) + (side == Red ? " (Red)" : " (Black)") +
               ": " + message;
    }
    if (!token.empty()) s += ", '" + token + "'";
    return s + ": " + message;
}

std::string pgnMoveText(const Position& pos, Move m, Notation format) {
    if (format != Notation::Iccs) return formatMove(pos, m, format);
    std::string iccs = toIccs(m);
    for (char& c : iccs) c = char(std::toupper(static_cast<unsigned char>(c)));
    return iccs.substr(0, 2) + "-" + iccs.substr(2);
}

std::string writePgn(const PgnGame& game, Notation format) {
    std::string out = "[Game \"Chinese Chess\"]\n";
    for (const auto& [k, v] : game.tags) out += "[" + k + " \"" + escapeTag(v) + "\"]\n";
    out += std::string("[Result \"") + resultName(game.result) + "\"]\n";
    const char* fmt = format == Notation::Iccs  ? "ICCS"
                      : format == Notation::Wxf ? "WXF"
                                                : "Chinese";
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
    size_t ply = 0;
    for (Move m : game.moves) {
        const bool red = pos.sideToMove() == Red;
        if (red)
            emit(std::to_string(number) + ".");
        else if (first)
            emit(std::to_string(number) + "...");
        emit(pgnMoveText(pos, m, format));
        if (ply < game.notes.size()) {
            const PgnMoveNote& note = game.notes[ply];
            if (note.nag > 0) {
                std::string nag = "$";
                nag += std::to_string(note.nag);
                emit(nag);
            }
            std::string comment;
            for (char c : note.comment)
                if (c != '{' && c != '}') comment += c == '\n' || c == '\r' ? ' ' : c;
            if (!comment.empty()) emit("{" + comment + "}");
        }
        ++ply;
        pos.makeMove(m);
        if (!red) ++number;
        first = false;
    }
    emit(resultName(game.result));
    out += line + "\n";
    return out;
}

}  // namespace xq
