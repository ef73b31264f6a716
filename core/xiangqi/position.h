#pragma once
// Position: the board, the side to move, Zobrist hashing, make/unmake and legal move
// generation for Xiangqi.
//
// Thread-safety: a Position is a plain value with no shared mutable state; one thread may use a
// given Position at a time. Copies are independent. The static tables (Zobrist keys, move
// tables) are built once before main() and are read-only afterwards.
//
// History: every makeMove() pushes one StateInfo (captured piece, hash before the move, whether
// the move gave check, plies since the last capture). The rules (core/xiangqi/rules.h) read it
// for repetition, perpetual check and the 60-move rule. The history vector is reserved up front,
// so make/unmake does not allocate in practice; move generation never allocates.

#include <cstdint>
#include <vector>

#include "core/xiangqi/types.h"

namespace xq {

struct StateInfo {
    uint64_t key = 0;            // hash of the position *before* the move
    Move move;                   // the move that was made
    Piece captured = NoPiece;    // piece captured by the move, if any
    uint8_t gaveCheck = 0;       // the move left the opponent in check
    uint16_t rule60Before = 0;   // plies since the last capture, before the move
};

class Position {
public:
    Position();  // the start position

    static const char* kStartFen;

    void setStart();
    void clear();                      // empty board, Red to move
    void put(int sq, Piece p);         // for set-up (FEN); rebuilds nothing else
    void setSideToMove(Color c);
    void setRule60(int plies) { rule60_ = uint16_t(plies); }
    void setFullmove(int n) { fullmoveStart_ = n; }
    // Recomputes hash, king squares and piece lists after set-up through put().
    void finishSetup();

    Piece piece(int sq) const { return Piece(board_[sq]); }
    Color sideToMove() const { return side_; }
    uint64_t key() const { return key_; }
    Square kingSquare(Color c) const { return king_[c]; }
    int rule60() const { return rule60_; }  // plies since the last capture (or since set-up)
    int fullmoveStart() const { return fullmoveStart_; }
    int gamePly() const { return int(history_.size()); }  // plies made since set-up
    int count(Piece p) const { return counts_[p]; }
    const std::vector<StateInfo>& history() const { return history_; }

    // Generates all legal moves for the side to move.
    void legalMoves(MoveList& out) const;
    // Pseudo-legal moves: obey piece movement rules but may leave the own king attacked.
    void pseudoMoves(MoveList& out) const;
    // Only captures (legal).
    void legalCaptures(MoveList& out) const;
    // True when `m` is a legal move here (for moves from any source, e.g. parsed text).
    bool isLegal(Move m) const;
    // For a pseudo-legal move of the side to move: does it leave the own king safe?
    bool isLegalPseudo(Move m) const;
    bool hasLegalMove() const;
    int countLegalMoves() const;

    bool inCheck() const { return isAttacked(king_[side_], ~side_); }
    // Is `sq` attacked by side `by`? (Kings "attack" along an open file: the flying-general
    // rule.) Used for king safety.
    bool isAttacked(int sq, Color by) const;
    // For every square, how many pieces of side `by` reach it by their movement rules (whatever
    // stands there, so a count on a square of `by`'s own piece is its defenders): rooks up to
    // the first piece, cannons the first piece behind a screen, blocked legs and eyes
    // respected, kings one palace step (the flying-general capture is not counted), pins
    // ignored. The network's tactical planes read it (core/nn/encoder.h).
    void attackCounts(Color by, uint8_t (&out)[kSquareCount]) const;
    // Does the pseudo-legal move `m` give check to the opponent?
    bool givesCheck(Move m) const;

    void makeMove(Move m);
    void unmakeMove();
    // Makes a move without recording history (search, perft): returns what undoMove() needs.
    struct Undo {
        uint64_t key;
        Piece captured;
        uint16_t rule60;
    };
    Undo doMove(Move m);
    void undoMove(Move m, const Undo& u);

    // Left-right mirror of the whole position (history is not carried over).
    Position mirrored() const;

    bool operator==(const Position& o) const;

private:
    void movePiece(int from, int to);
    void addPiece(int sq, Piece p);
    void removePiece(int sq);
    template <bool CapturesOnly>
    void generate(MoveList& out) const;

    int8_t board_[kSquareCount];
    int8_t index_[kSquareCount];        // index of the piece on sq in list_[colour]
    int8_t list_[2][16];                // squares of each side's pieces
    int8_t listSize_[2];
    uint8_t counts_[kPieceCodeCount];
    Square king_[2];
    Color side_ = Red;
    uint16_t rule60_ = 0;
    int fullmoveStart_ = 1;
    uint64_t key_ = 0;
    std::vector<StateInfo> history_;
};

namespace zobrist {
uint64_t pieceKey(Piece p, int sq);
uint64_t sideKey();
}  // namespace zobrist

}  // namespace xq
