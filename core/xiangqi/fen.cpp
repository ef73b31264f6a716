#include "core/xiangqi/fen.h"

#include <stdexcept>
#include <utility>
#include <vector>

namespace xq {

namespace {

const char* typeName(PieceType t) {
    switch (t) {
        case King:
            return "king";
        case Advisor:
            return "advisor";
        case Elephant:
            return "elephant";
        case Horse:
            return "horse";
        case Rook:
            return "rook";
        case Cannon:
            return "cannon";
        case Pawn:
            return "pawn";
        default:
            return "piece";
    }
}

const char* colorName(Color c) {
    return c == Red ? "Red" : "Black";
}

// Why a piece of colour `c` and type `t` can never stand on `sq` (empty when it can). Pieces
// bound to the palace or their own half, and pawns, which never retreat, reach only some squares.
std::string unreachableReason(Color c, PieceType t, int sq) {
    const int f = fileOf(sq), r = rankOf(sq);
    const int rr = c == Red ? r : 9 - r;  // rank from c's own back rank
    switch (t) {
        case King:
            return inPalace(c, sq) ? "" : "is outside its palace";
        case Advisor:
            if (!inPalace(c, sq)) return "is outside its palace";
            return ((f == 4 && rr == 1) || ((f == 3 || f == 5) && rr != 1))
                       ? ""
                       : "is not on a palace diagonal point";
        case Elephant:
            if (rr > 4) return "has crossed the river";
            return ((rr == 0 || rr == 4) ? (f == 2 || f == 6)
                                         : rr == 2 && (f == 0 || f == 4 || f == 8))
                       ? ""
                       : "is on a square an elephant can never reach";
        case Pawn:
            if (rr < 3) return "is behind its starting rank";
            // Before the river pawns only advance, so they stay on their starting files.
            if (rr <= 4 && f % 2 != 0) return "is on an odd file before crossing the river";
            return "";
        default:
            return "";
    }
}

int limitOf(PieceType t) {
    switch (t) {
        case King:
            return 1;
        case Pawn:
            return 5;
        default:
            return 2;
    }
}

std::optional<FenError> fenError(int field, int column, std::string msg) {
    return FenError{field, column, std::move(msg)};
}

// A whitespace-separated FEN field and the 1-based column of its first character.
using Field = std::pair<std::string_view, int>;

// Line ends count as whitespace so that a FEN read from a file or a pipe parses as typed.
std::vector<Field> splitFields(std::string_view fen) {
    auto space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
    std::vector<Field> fields;
    for (size_t i = 0; i < fen.size();) {
        while (i < fen.size() && space(fen[i])) ++i;
        if (i >= fen.size()) break;
        size_t j = i;
        while (j < fen.size() && !space(fen[j])) ++j;
        fields.emplace_back(fen.substr(i, j - i), int(i) + 1);
        i = j;
    }
    return fields;
}

// Where the board field has got to: the square the next character describes, and how many of
// each piece code stand on the squares read so far.
struct BoardCursor {
    int rank = 9, file = 0;
    int seen[kPieceCodeCount] = {};
};

// Puts the piece of letter `ch` (at FEN column `col`) on the cursor's square and moves past it;
// refuses an unknown letter, an overlong rank, a square the piece can never reach, and a piece
// beyond its material limit.
std::optional<FenError> placePiece(char ch, int col, BoardCursor& at, Position& pos) {
    if (ch == '0') return fenError(1, col, "'0' is not a count of empty squares (use 1..9)");
    const Piece p = pieceFromLetter(ch);
    if (p == NoPiece) return fenError(1, col, std::string("unknown piece letter '") + ch + "'");
    if (at.file >= 9)
        return fenError(1, col, "rank " + std::to_string(at.rank) + " is longer than 9 squares");
    const int sq = makeSquare(at.file, at.rank);
    const std::string why = unreachableReason(colorOf(p), typeOf(p), sq);
    if (!why.empty())
        return fenError(1, col,
                        std::string(colorName(colorOf(p))) + " " + typeName(typeOf(p)) + " on " +
                            squareName(sq) + " " + why);
    // Too many pieces of a kind: point at the first one over the limit.
    if (++at.seen[p] > limitOf(typeOf(p)))
        return fenError(1, col,
                        std::string(colorName(colorOf(p))) + " has more than " +
                            std::to_string(limitOf(typeOf(p))) + " " + typeName(typeOf(p)) +
                            (limitOf(typeOf(p)) > 1 ? "s" : ""));
    pos.put(sq, p);
    ++at.file;
    return std::nullopt;
}

// Field 1: ten ranks of nine squares each, rank 9 first, '/' between ranks.
std::optional<FenError> parseBoard(const Field& field, BoardCursor& at, Position& pos) {
    const auto [board, base] = field;
    for (size_t i = 0; i < board.size(); ++i) {
        const char ch = board[i];
        const int col = base + int(i);
        if (ch == '/') {
            if (at.file != 9)
                return fenError(1, col,
                                "rank " + std::to_string(at.rank) + " has " +
                                    std::to_string(at.file) + " squares, expected 9");
            if (at.rank == 0) return fenError(1, col, "more than 10 ranks");
            --at.rank;
            at.file = 0;
        } else if (ch >= '1' && ch <= '9') {
            at.file += ch - '0';
            if (at.file > 9)
                return fenError(1, col,
                                "rank " + std::to_string(at.rank) + " is longer than 9 squares");
        } else if (auto e = placePiece(ch, col, at, pos)) {
            return e;
        }
    }
    if (at.rank != 0)
        return fenError(1, base + int(board.size()),
                        "only " + std::to_string(10 - at.rank) + " ranks, expected 10");
    if (at.file != 9)
        return fenError(1, base + int(board.size()),
                        "rank 0 has " + std::to_string(at.file) + " squares, expected 9");
    return std::nullopt;
}

// Field 2.
std::optional<FenError> parseSide(const Field& field, Position& pos) {
    const auto [side, col] = field;
    if (side == "w" || side == "r" || side == "W" || side == "R")
        pos.setSideToMove(Red);
    else if (side == "b" || side == "B")
        pos.setSideToMove(Black);
    else
        return fenError(2, col,
                        "side to move must be 'w', 'r' or 'b', not '" + std::string(side) + "'");
    return std::nullopt;
}

// A decimal number of 1 to 6 digits.
bool parseNumber(std::string_view s, int& v) {
    if (s.empty() || s.size() > 6) return false;
    v = 0;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return false;
        v = v * 10 + (ch - '0');
    }
    return true;
}

// Fields 3 to 6, those present: '-', '-', the halfmove clock and the fullmove number. Fields 3
// and 4 (castling, en passant) exist only for compatibility with chess FEN.
std::optional<FenError> parseOptionalFields(const std::vector<Field>& fields, Position& pos) {
    for (size_t k = 2; k < 4 && k < fields.size(); ++k)
        if (fields[k].first != "-")
            return fenError(int(k) + 1, fields[k].second,
                            "expected '-', not '" + std::string(fields[k].first) +
                                "' (Xiangqi has no castling or en passant)");
    if (fields.size() >= 5) {
        int v = 0;
        if (!parseNumber(fields[4].first, v))
            return fenError(
                5, fields[4].second,
                "halfmove clock '" + std::string(fields[4].first) + "' is not a number");
        if (v > 65535)
            return fenError(
                5, fields[4].second,
                "halfmove clock " + std::to_string(v) + " is out of range (at most 65535)");
        pos.setRule60(v);
    }
    if (fields.size() >= 6) {
        int v = 0;
        if (!parseNumber(fields[5].first, v) || v < 1)
            return fenError(
                6, fields[5].second,
                "fullmove number '" + std::string(fields[5].first) + "' is not a positive number");
        pos.setFullmove(v);
    }
    return std::nullopt;
}

std::optional<FenError> requireBothKings(const BoardCursor& at) {
    for (Color c : {Red, Black})
        if (at.seen[makePiece(c, King)] == 0)
            return fenError(1, 0, std::string(colorName(c)) + " has no king");
    return std::nullopt;
}

// On a finished set-up: the kings do not face each other on an open file, and the side to
// move cannot capture the enemy king.
std::optional<FenError> checkKingsSafe(const Position& pos) {
    const Color stm = pos.sideToMove();
    const int rk = pos.kingSquare(Red), bk = pos.kingSquare(Black);
    if (fileOf(rk) == fileOf(bk)) {
        bool open = true;
        for (int sq = rk + 9; sq < bk; sq += 9) open &= pos.piece(sq) == NoPiece;
        if (open) return fenError(1, 0, "the kings face each other on an open file");
    }
    if (pos.isAttacked(pos.kingSquare(~stm), stm))
        return fenError(0, 0,
                        std::string(colorName(stm)) + " is to move and could capture the " +
                            colorName(~stm) + " king");
    return std::nullopt;
}

}  // namespace

std::string FenError::toString() const {
    std::string s = "invalid FEN";
    if (field > 0) {
        static const char* names[] = {"",           "board",          "side to move",   "castling",
                                      "en passant", "halfmove clock", "fullmove number"};
        s += ", field " + std::to_string(field);
        if (field <= 6) s += std::string(" (") + names[field] + ")";
    }
    if (column > 0) s += ", character " + std::to_string(column);
    s += ": " + message;
    return s;
}

char pieceLetter(Piece p) {
    static const char* letters = ".KABNRCP";
    if (p == NoPiece) return '.';
    const char ch = letters[typeOf(p)];
    return colorOf(p) == Red ? ch : char(ch - 'A' + 'a');
}

Piece pieceFromLetter(char ch) {
    const bool red = ch >= 'A' && ch <= 'Z';
    const char u = red ? ch : char(ch - 'a' + 'A');
    PieceType t = NoType;
    switch (u) {
        case 'K':
            t = King;
            break;
        case 'A':
            t = Advisor;
            break;
        case 'B':
        case 'E':
            t = Elephant;
            break;
        case 'N':
        case 'H':
            t = Horse;
            break;
        case 'R':
            t = Rook;
            break;
        case 'C':
            t = Cannon;
            break;
        case 'P':
            t = Pawn;
            break;
        default:
            return NoPiece;
    }
    return makePiece(red ? Red : Black, t);
}

std::optional<FenError> parseFen(std::string_view fen, Position& out) {
    const std::vector<Field> fields = splitFields(fen);
    if (fields.empty()) return fenError(0, 0, "empty string");
    if (fields.size() > 6)
        return fenError(7, fields[6].second,
                        "too many fields (at most 6: board, side, -, -, halfmove, fullmove)");
    Position pos;
    pos.clear();
    BoardCursor at;
    if (auto e = parseBoard(fields[0], at, pos)) return e;
    if (fields.size() >= 2)
        if (auto e = parseSide(fields[1], pos)) return e;
    if (auto e = parseOptionalFields(fields, pos)) return e;
    if (auto e = requireBothKings(at)) return e;
    pos.finishSetup();
    if (auto e = checkKingsSafe(pos)) return e;
    out = pos;
    return std::nullopt;
}

Position positionFromFen(std::string_view fen) {
    Position p;
    if (auto e = parseFen(fen, p)) throw std::invalid_argument(e->toString());
    return p;
}

std::string toFen(const Position& pos) {
    std::string s;
    for (int r = 9; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 9; ++f) {
            const Piece p = pos.piece(makeSquare(f, r));
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += pieceLetter(p);
        }
        if (empty) s += char('0' + empty);
        if (r) s += '/';
    }
    s += pos.sideToMove() == Red ? " w" : " b";
    // The side that moved first since set-up tells whether a Black ply completes a move.
    const int plies = pos.gamePly();
    const bool startedBlack = (pos.sideToMove() == Black) != (plies % 2 == 1);
    s += " - - " + std::to_string(pos.rule60()) + " " +
         std::to_string(pos.fullmoveStart() + (plies + (startedBlack ? 1 : 0)) / 2);
    return s;
}

}  // namespace xq
