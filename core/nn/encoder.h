#pragma once
// The network's view of a position: input planes, the policy index of a move, the legal-move
// mask, and the left-right mirror used for data augmentation.
//
// Everything is from the side to move's view ("view squares"): for Red the board is as is,
// for Black it is turned 180 degrees (xq::rotate), so the mover always sits at the bottom
// (view rank 0 is the mover's back rank, view file 0 is the mover's left).
//   viewSquare(sq, mover) = mover == Red ? sq : 89 - sq
//
// Input layout: kPlanes x 10 x 9 floats, row-major: planes[p * 90 + viewRank * 9 + viewFile].
//   plane  0.. 6  the mover's pieces, one plane per type in PieceType order - 1:
//                 king, advisor, elephant, horse, rook, cannon, pawn (1 where the piece stands)
//   plane  7..13  the opponent's pieces, same order
//   plane 14      colour: all ones when Red is to move, zeros when Black is
//   plane 15      repetition: min(repetitionCount(pos), 2) / 2 everywhere (0, 0.5 or 1): how
//                 often this position occurred before (xq::repetitionCount)
//   plane 16      progress: min(rule60(), 120) / 120 everywhere (plies since the last capture)
// Tactical planes (InputFeatures::Tactical; a Basic network reads only planes 0..16):
//   plane 17      how many of the mover's pieces reach each square, min(n, 2) / 2
//                 (Position::attackCounts: whatever stands there, pins ignored)
//   plane 18      the same for the opponent's pieces
//   plane 19      the mover's pieces that hang: reached by an opponent's piece, by none of
//                 the mover's (kings excluded)
//   plane 20      the opponent's pieces that hang, the same from the other side
//   plane 21      check: all ones when the mover is in check
//   plane 22      resolved material: materialValue(resolvedMaterialBalance) from the mover's
//                 view everywhere (core/xiangqi/material.h): the balance once the captures on
//                 the board are played out.
// These give a small network what a search sees at once and a few residual blocks learn
// slowly (a piece en prise, an exchange that loses material): KataGo's input features (liberties,
// ladders) are the same idea. They are appended after the basic planes, so one encoding
// serves both kinds of network: a Basic net narrows its input to the first kBasicPlanes.
//
// Policy layout: kPolicySize = 8100 logits, index = viewFrom * 90 + viewTo. Most indices are
// never legal (they are simply masked); a flat from x to layout keeps the mirror map and the
// decode trivial and lets the FC head learn geometry without a move table.
//
// Mirror: the left-right mirror (file a <-> i) commutes with the 180-degree turn, so mirroring
// in view space is mirrorFile() on both squares; moves of `pos` map to moves of
// `pos.mirrored()` through mirrorPolicyIndex().
//
// Thread-safety: pure functions of their arguments (the tables are built at start-up and
// read-only afterwards).

#include <array>
#include <cstdint>
#include <span>

#include "core/xiangqi/position.h"

namespace xq::nn {

// Which input planes a network reads; stored in model files (as their plane count) and run
// configs: never renumber.
enum class InputFeatures : int { Basic = 0, Tactical = 1 };
constexpr int kInputFeatureKinds = 2;
constexpr int kBasicPlanes = 17;
constexpr int kPlanes = 23;  // planes encodePosition() writes: the Tactical set
constexpr int planesOf(InputFeatures f) {
    return f == InputFeatures::Tactical ? kPlanes : kBasicPlanes;
}
constexpr int kPlaneSize = kSquareCount;                  // 90 = 10 ranks x 9 files
constexpr int kInputSize = kPlanes * kPlaneSize;          // floats per position
constexpr int kPolicySize = kSquareCount * kSquareCount;  // 8100

constexpr int kOwnPiecePlane = 0;
constexpr int kOppPiecePlane = 7;
constexpr int kColourPlane = 14;
constexpr int kRepetitionPlane = 15;
constexpr int kProgressPlane = 16;
constexpr int kOwnAttackPlane = 17;
constexpr int kOppAttackPlane = 18;
constexpr int kOwnHangingPlane = 19;
constexpr int kOppHangingPlane = 20;
constexpr int kCheckPlane = 21;
constexpr int kResolvedMaterialPlane = 22;

constexpr Square viewSquare(int sq, Color mover) {
    return mover == Red ? Square(sq) : rotate(sq);
}

// Policy index of `m` (a move of `mover`) in the mover's view, 0..8099.
constexpr int policyIndex(Move m, Color mover) {
    return viewSquare(m.from(), mover) * kSquareCount + viewSquare(m.to(), mover);
}
// The move (board squares) behind a policy index for `mover`. Inverse of policyIndex().
constexpr Move policyMove(int index, Color mover) {
    return Move(viewSquare(index / kSquareCount, mover), viewSquare(index % kSquareCount, mover));
}
// The index of the left-right mirrored move. An involution.
constexpr int mirrorPolicyIndex(int index) {
    return mirrorFile(index / kSquareCount) * kSquareCount + mirrorFile(index % kSquareCount);
}

// Fills `out` (kInputSize floats) with the planes of `pos`; the repetition plane comes from
// xq::repetitionCount(pos).
void encodePosition(const Position& pos, std::span<float> out);
// Same, with the repetition count given by the caller (it already has it, e.g. for the
// evaluation cache key).
void encodePosition(const Position& pos, int repetitions, std::span<float> out);

// Sets mask[policyIndex(m)] = 1 for each move in `moves` and 0 elsewhere (kPolicySize bytes).
void legalMoveMask(const MoveList& moves, Color mover, std::span<uint8_t> mask);

// Left-right mirror of encoded planes (in may not alias out).
void mirrorPlanes(std::span<const float> in, std::span<float> out);
// Left-right mirror of a dense policy vector (kPolicySize floats; in may not alias out).
void mirrorPolicy(std::span<const float> in, std::span<float> out);

}  // namespace xq::nn
