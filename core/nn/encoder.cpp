#include "core/nn/encoder.h"

#include <algorithm>
#include <stdexcept>

#include "core/xiangqi/material.h"
#include "core/xiangqi/rules.h"

namespace xq::nn {

namespace {

// Planes 17..22 (see encoder.h); `planes` is zero there.
void encodeTactics(const Position& pos, float* planes) {
    const Color mover = pos.sideToMove();
    const Color opp = ~mover;
    uint8_t byMover[kSquareCount], byOpp[kSquareCount];
    pos.attackCounts(mover, byMover);
    pos.attackCounts(opp, byOpp);
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const int v = viewSquare(sq, mover);
        planes[kOwnAttackPlane * kPlaneSize + v] = float(std::min<int>(byMover[sq], 2)) / 2.0f;
        planes[kOppAttackPlane * kPlaneSize + v] = float(std::min<int>(byOpp[sq], 2)) / 2.0f;
        const Piece p = pos.piece(sq);
        if (p == NoPiece || typeOf(p) == King) continue;
        const bool own = colorOf(p) == mover;
        const uint8_t attackers = own ? byOpp[sq] : byMover[sq];
        const uint8_t defenders = own ? byMover[sq] : byOpp[sq];
        if (attackers && !defenders)
            planes[(own ? kOwnHangingPlane : kOppHangingPlane) * kPlaneSize + v] = 1.0f;
    }
    if (pos.inCheck()) std::fill_n(planes + kCheckPlane * kPlaneSize, kPlaneSize, 1.0f);
    const int balance = (mover == Red ? 1 : -1) * resolvedMaterialBalance(pos);
    std::fill_n(planes + kResolvedMaterialPlane * kPlaneSize, kPlaneSize, materialValue(balance));
}

}  // namespace

void encodePosition(const Position& pos, std::span<float> out) {
    encodePosition(pos, repetitionCount(pos), out);
}

void encodePosition(const Position& pos, int repetitions, std::span<float> out) {
    if (out.size() < size_t(kInputSize))
        throw std::invalid_argument("encodePosition: output smaller than kInputSize");
    std::fill(out.begin(), out.begin() + kInputSize, 0.0f);
    const Color mover = pos.sideToMove();
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const Piece p = pos.piece(sq);
        if (p == NoPiece) continue;
        const int base = colorOf(p) == mover ? kOwnPiecePlane : kOppPiecePlane;
        out[(base + typeOf(p) - 1) * kPlaneSize + viewSquare(sq, mover)] = 1.0f;
    }
    const float colour = mover == Red ? 1.0f : 0.0f;
    const float rep = float(std::min(repetitions, 2)) / 2.0f;
    const float progress = float(std::min(pos.rule60(), 120)) / 120.0f;
    float* planes = out.data();
    std::fill_n(planes + kColourPlane * kPlaneSize, kPlaneSize, colour);
    std::fill_n(planes + kRepetitionPlane * kPlaneSize, kPlaneSize, rep);
    std::fill_n(planes + kProgressPlane * kPlaneSize, kPlaneSize, progress);
    encodeTactics(pos, planes);
}

void legalMoveMask(const MoveList& moves, Color mover, std::span<uint8_t> mask) {
    if (mask.size() < size_t(kPolicySize))
        throw std::invalid_argument("legalMoveMask: mask smaller than kPolicySize");
    std::fill(mask.begin(), mask.begin() + kPolicySize, uint8_t(0));
    for (Move m : moves) mask[policyIndex(m, mover)] = 1;
}

void mirrorPlanes(std::span<const float> in, std::span<float> out) {
    if (in.size() < size_t(kInputSize) || out.size() < size_t(kInputSize))
        throw std::invalid_argument("mirrorPlanes: buffers smaller than kInputSize");
    for (int p = 0; p < kPlanes; ++p)
        for (int sq = 0; sq < kPlaneSize; ++sq)
            out[p * kPlaneSize + mirrorFile(sq)] = in[p * kPlaneSize + sq];
}

void mirrorPolicy(std::span<const float> in, std::span<float> out) {
    if (in.size() < size_t(kPolicySize) || out.size() < size_t(kPolicySize))
        throw std::invalid_argument("mirrorPolicy: buffers smaller than kPolicySize");
    for (int i = 0; i < kPolicySize; ++i) out[mirrorPolicyIndex(i)] = in[i];
}

}  // namespace xq::nn
