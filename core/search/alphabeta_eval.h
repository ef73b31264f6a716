#pragma once
// Static evaluation for the alpha-beta baseline: material + piece-square tables.
//
// Values are centipawn-like units where a pawn before the river is worth 30 and a rook 600
// (the usual 1 : 9 : 4 : 4.5 : 2 : 2 ratios of Xiangqi programs, pawns gaining ~60 after
// crossing the river). The tables are written from Red's point of view and are left-right
// symmetric, so Black uses the 180°-rotated square.
//
// The search keeps the evaluation incrementally (pieceValue() of the moved and captured
// pieces), so evaluate() from scratch is only used at the root and by tests.
//
// Thread-safety: pure functions over read-only tables.

#include "core/xiangqi/position.h"

namespace xq::search {

// Material + square bonus of piece `p` standing on `sq`, positive for either colour.
int pieceValue(Piece p, int sq);
// Material values without square bonus (MVV-LVA ordering, piece counting).
int materialValue(PieceType t);
// Full evaluation from Red's point of view (positive = Red is better).
int evaluateRed(const Position& pos);

}  // namespace xq::search
