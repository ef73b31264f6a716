#pragma once
// Small value types of the rules core: Color, PieceType, Piece, Square, Move, MoveList.
// All are trivially copyable; none allocates. Thread-safety: plain values, no shared state.
//
// Board geometry: 90 squares, index = rank * 9 + file. File 0..8 is a..i from Red's left,
// rank 0..9 counts from Red's back rank (Red's king starts on e0, Black's on e9).

#include <array>
#include <cstdint>
#include <string>

namespace xq {

enum Color : uint8_t { Red = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types, numbered so that `piece & 7` gives the type and `piece >> 3` the colour.
enum PieceType : uint8_t {
    NoType = 0,
    King = 1,
    Advisor = 2,
    Elephant = 3,
    Horse = 4,
    Rook = 5,
    Cannon = 6,
    Pawn = 7,
};
constexpr int kPieceTypeCount = 7;

// A piece on a square: 0 = empty; Red pieces 1..7; Black pieces 9..15.
enum Piece : uint8_t {
    NoPiece = 0,
    RedKing = 1,
    RedAdvisor,
    RedElephant,
    RedHorse,
    RedRook,
    RedCannon,
    RedPawn,
    BlackKing = 9,
    BlackAdvisor,
    BlackElephant,
    BlackHorse,
    BlackRook,
    BlackCannon,
    BlackPawn,
};
constexpr int kPieceCodeCount = 16;

constexpr Piece makePiece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType typeOf(Piece p) { return PieceType(p & 7); }
constexpr Color colorOf(Piece p) { return Color(p >> 3); }

using Square = int8_t;  // 0..89, or kNoSquare
constexpr Square kNoSquare = -1;
constexpr int kSquareCount = 90;
constexpr int kFiles = 9;
constexpr int kRanks = 10;

constexpr int fileOf(int sq) { return sq % 9; }
constexpr int rankOf(int sq) { return sq / 9; }
constexpr Square makeSquare(int file, int rank) { return Square(rank * 9 + file); }
constexpr bool onBoard(int file, int rank) {
    return file >= 0 && file < 9 && rank >= 0 && rank < 10;
}
// The same square seen from the other side (180° rotation).
constexpr Square rotate(int sq) { return Square(89 - sq); }
// Left-right mirror (file a <-> i).
constexpr Square mirrorFile(int sq) { return Square(rankOf(sq) * 9 + (8 - fileOf(sq))); }
// True when `sq` lies on `c`'s own side of the river.
constexpr bool ownHalf(Color c, int sq) { return c == Red ? rankOf(sq) <= 4 : rankOf(sq) >= 5; }
constexpr bool inPalace(Color c, int sq) {
    const int f = fileOf(sq), r = rankOf(sq);
    return f >= 3 && f <= 5 && (c == Red ? r <= 2 : r >= 7);
}

// A move: from-square in bits 0..6, to-square in bits 7..13. 0 means "no move"
// (a real move never has from == to).
class Move {
public:
    constexpr Move() = default;
    constexpr Move(int from, int to) : v_(uint16_t(from | (to << 7))) {}
    static constexpr Move fromRaw(uint16_t raw) {
        Move m;
        m.v_ = raw;
        return m;
    }
    constexpr Square from() const { return Square(v_ & 127); }
    constexpr Square to() const { return Square(v_ >> 7); }
    constexpr uint16_t raw() const { return v_; }
    constexpr bool isNull() const { return v_ == 0; }
    constexpr explicit operator bool() const { return v_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    uint16_t v_ = 0;
};

// Fixed-capacity move list (no allocation). The largest known legal move count in Xiangqi is
// well under 128; the capacity leaves room for pseudo-legal lists.
class MoveList {
public:
    static constexpr int kCapacity = 256;
    void push(Move m) { moves_[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](int i) const { return moves_[i]; }
    Move& operator[](int i) { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    bool contains(Move m) const {
        for (int i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

private:
    std::array<Move, kCapacity> moves_;
    int size_ = 0;
};

// Square name in ICCS coordinates: "e0", "h2" (ranks 0..9 from Red's back rank).
std::string squareName(int sq);
// Parses "e0" style names; returns kNoSquare on bad input.
Square parseSquare(const char* s);

}  // namespace xq
