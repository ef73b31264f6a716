#include "core/xiangqi/tables.h"

#include <cstdlib>

namespace xq::tables {

namespace {

void add(StepList& l, int to, int block) {
    l.s[l.n].to = int8_t(to);
    l.s[l.n].block = int8_t(block);
    ++l.n;
}

uint64_t splitmix(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

Tables::Tables() {
    const int orth[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};  // matches Dir
    const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const int f = fileOf(sq), r = rankOf(sq);
        for (int d = 0; d < 4; ++d) {
            Ray& ray_ = ray[sq][d];
            for (int nf = f + orth[d][0], nr = r + orth[d][1]; onBoard(nf, nr);
                 nf += orth[d][0], nr += orth[d][1])
                ray_.sq[ray_.n++] = makeSquare(nf, nr);
        }
        for (int c = 0; c < 2; ++c) {
            const Color col = Color(c);
            for (auto& o : orth) {
                const int nf = f + o[0], nr = r + o[1];
                if (onBoard(nf, nr) && inPalace(col, makeSquare(nf, nr)) && inPalace(col, sq))
                    add(king[c][sq], makeSquare(nf, nr), kNoSquare);
            }
            for (auto& o : diag) {
                const int nf = f + o[0], nr = r + o[1];
                if (onBoard(nf, nr) && inPalace(col, makeSquare(nf, nr)) && inPalace(col, sq))
                    add(advisor[c][sq], makeSquare(nf, nr), kNoSquare);
                const int ef = f + 2 * o[0], er = r + 2 * o[1];
                if (onBoard(ef, er) && ownHalf(col, makeSquare(ef, er)) && ownHalf(col, sq))
                    add(elephant[c][sq], makeSquare(ef, er), makeSquare(nf, nr));
            }
            // Pawns: forward always; sideways once across the river.
            const int fwd = c == Red ? 1 : -1;
            if (onBoard(f, r + fwd)) add(pawn[c][sq], makeSquare(f, r + fwd), kNoSquare);
            if (!ownHalf(col, sq)) {
                if (f > 0) add(pawn[c][sq], makeSquare(f - 1, r), kNoSquare);
                if (f < 8) add(pawn[c][sq], makeSquare(f + 1, r), kNoSquare);
            }
        }
        // Horse: two steps along one axis, one along the other; the leg is the first step.
        const int hj[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                              {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
        for (auto& j : hj) {
            const int nf = f + j[0], nr = r + j[1];
            if (!onBoard(nf, nr)) continue;
            const int leg = std::abs(j[1]) == 2 ? makeSquare(f, r + j[1] / 2)
                                                : makeSquare(f + j[0] / 2, r);
            add(horse[sq], makeSquare(nf, nr), leg);
            // A horse standing on (nf, nr) attacks sq when its own leg is free: the leg is
            // next to the horse, one step towards sq along the long axis.
            const int hl = std::abs(j[1]) == 2 ? makeSquare(nf, nr - j[1] / 2)
                                               : makeSquare(nf - j[0] / 2, nr);
            add(horseAttack[sq], makeSquare(nf, nr), hl);
        }
    }
    uint64_t state = 0x5851F42D4C957F2Dull;
    for (auto& p : zobrist)
        for (auto& k : p) k = splitmix(state);
    for (auto& k : zobrist[0]) k = 0;  // empty square contributes nothing
    zobristSide = splitmix(state);
}

const Tables T;

}  // namespace xq::tables
