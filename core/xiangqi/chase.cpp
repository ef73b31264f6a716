// Perpetual chase (长捉): the chased sets of a position and the verdict over a repetition
// cycle. The rule itself is stated in rules.h (judgeChase). This runs only after a repetition
// has been found, so it favours plain code over speed: a private copy of the board, piece
// reach tested square by square, legality by making the capture and asking whether the own
// king is attacked.

#include <algorithm>
#include <bitset>

#include "core/xiangqi/rules.h"
#include "core/xiangqi/tables.h"

namespace xq {

namespace {

using tables::T;
using SquareSet = std::bitset<kSquareCount>;

bool stepsTo(const tables::StepList& l, int to, const Piece* sq, bool blockable) {
    for (int i = 0; i < l.n; ++i)
        if (l.s[i].to == to) return !blockable || l.s[i].block < 0 || sq[l.s[i].block] == NoPiece;
    return false;
}

// A bare board: enough to ask who can capture what, legally. Pieces are not tracked in lists;
// every question scans the 90 squares, which is cheap next to the rarity of the call.
struct Board {
    Piece sq[kSquareCount];
    Square king[2];

    explicit Board(const Position& pos) {
        for (int s = 0; s < kSquareCount; ++s) sq[s] = pos.piece(s);
        king[Red] = pos.kingSquare(Red);
        king[Black] = pos.kingSquare(Black);
    }

    void move(int from, int to) {
        sq[to] = sq[from];
        sq[from] = NoPiece;
        if (typeOf(sq[to]) == King) king[colorOf(sq[to])] = Square(to);
    }

    // Pieces strictly between two squares on one file or rank; -1 when not on one line.
    int between(int a, int b) const {
        const int fa = fileOf(a), ra = rankOf(a), fb = fileOf(b), rb = rankOf(b);
        if (fa != fb && ra != rb) return -1;
        const int step = fa == fb ? (rb > ra ? 9 : -9) : (fb > fa ? 1 : -1);
        int n = 0;
        for (int s = a + step; s != b; s += step) n += sq[s] != NoPiece;
        return n;
    }

    // Can the piece on `from` move to `to` by its movement rules (horse leg, elephant eye and
    // river, cannon screen, palace)? Whatever stands on `to` and king safety are not looked at.
    bool reaches(int from, int to) const {
        const Piece p = sq[from];
        const Color c = colorOf(p);
        switch (typeOf(p)) {
            case King:
                return stepsTo(T.king[c][from], to, sq, false);
            case Advisor:
                return stepsTo(T.advisor[c][from], to, sq, false);
            case Elephant:
                return stepsTo(T.elephant[c][from], to, sq, true);
            case Horse:
                return stepsTo(T.horse[from], to, sq, true);
            case Pawn:
                return stepsTo(T.pawn[c][from], to, sq, false);
            case Rook:
                return between(from, to) == 0;
            case Cannon:
                return between(from, to) == 1;
            default:
                return false;
        }
    }

    // The squares of the pieces of side `by` that attack `s`: the same scan as
    // Position::isAttacked (rays for rooks, cannons and the facing king, i.e. the flying
    // general; the horse-attack table; pawns behind or beside), collecting instead of stopping
    // at the first. Kings never stand next to the other palace, so their steps need no test.
    SquareSet attackers(int s, Color by) const {
        SquareSet out;
        const Piece rook = makePiece(by, Rook), cannon = makePiece(by, Cannon),
                    king = makePiece(by, King), horse = makePiece(by, Horse),
                    pawn = makePiece(by, Pawn);
        for (int d = 0; d < 4; ++d) {
            const tables::Ray& ray = T.ray[s][d];
            int i = 0;
            for (; i < ray.n; ++i) {
                const Piece p = sq[ray.sq[i]];
                if (p == NoPiece) continue;
                if (p == rook || (p == king && d <= tables::South)) out.set(size_t(ray.sq[i]));
                break;
            }
            for (++i; i < ray.n; ++i) {
                const Piece p = sq[ray.sq[i]];
                if (p == NoPiece) continue;
                if (p == cannon) out.set(size_t(ray.sq[i]));
                break;
            }
        }
        const tables::StepList& ha = T.horseAttack[s];
        for (int i = 0; i < ha.n; ++i)
            if (sq[ha.s[i].to] == horse && sq[ha.s[i].block] == NoPiece)
                out.set(size_t(ha.s[i].to));
        const int f = fileOf(s), r = rankOf(s);
        const int br = by == Red ? r - 1 : r + 1;
        if (br >= 0 && br <= 9 && sq[makeSquare(f, br)] == pawn) out.set(size_t(makeSquare(f, br)));
        if (!ownHalf(by, s)) {
            if (f > 0 && sq[s - 1] == pawn) out.set(size_t(s - 1));
            if (f < 8 && sq[s + 1] == pawn) out.set(size_t(s + 1));
        }
        return out;
    }

    bool inCheck(Color c) const { return attackers(king[c], ~c).any(); }

    // Moving the piece on `from` to `to` (capturing what stands there), then `test` on the
    // board after the move; the board is restored before returning.
    template <class Test>
    bool after(int from, int to, Test test) {
        const Color c = colorOf(sq[from]);
        const Piece captured = sq[to];
        const Square kingBefore = king[c];
        move(from, to);
        const bool r = test();
        sq[from] = sq[to];
        sq[to] = captured;
        king[c] = kingBefore;
        return r;
    }

    // A legal capture: the mover's king is not attacked afterwards.
    bool legalCapture(int from, int to) {
        if (!reaches(from, to)) return false;
        const Color c = colorOf(sq[from]);
        return after(from, to, [&] { return !inCheck(c); });
    }

    // A chase-legal capture (Pikafish's chase_legal): the capture exposes the mover's king to
    // no attacker it was not already under (`kingAttackers`: those attackers before the
    // capture). A chaser in check from elsewhere still chases, so that a side's chases do not
    // seem new merely because it got out of a check.
    bool chaseLegalCapture(int from, int to, const SquareSet& kingAttackers) {
        if (!reaches(from, to)) return false;
        const Color c = colorOf(sq[from]);
        return after(from, to, [&] {
            SquareSet now = attackers(king[c], ~c);
            now.reset(size_t(to));
            return (now & ~kingAttackers).none();
        });
    }
};

bool isChaser(PieceType t) {
    return t != King && t != Pawn && t != NoType;
}

// A piece of `owner` that c may chase: anything but the king, and pawns only once across the
// river (standing on c's half).
bool isTarget(Piece q, int s, Color c) {
    if (q == NoPiece || colorOf(q) == c || typeOf(q) == King) return false;
    return typeOf(q) != Pawn || ownHalf(c, s);
}

// Worth-less attacks that chase even a protected target.
bool chasesProtected(PieceType chaser, PieceType target) {
    if (chaser == Horse || chaser == Cannon) return target == Rook;
    if (chaser == Advisor || chaser == Elephant)
        return target == Rook || target == Horse || target == Cannon;
    return false;
}

// The pieces of one side, as squares.
struct SquareList {
    int8_t sq[16];
    int n = 0;
};

// Does the chaser on `from` chase the target on `to` (rules.h, judgeChase)? `kingAttackers`:
// what attacks the chaser's king now; `defenders`: the target side's pieces.
bool chases(Board& b, int from, int to, const SquareSet& kingAttackers,
            const SquareList& defenders) {
    const PieceType a = typeOf(b.sq[from]), t = typeOf(b.sq[to]);
    if (!b.chaseLegalCapture(from, to, kingAttackers)) return false;
    if (chasesProtected(a, t)) return true;
    // Protected: after the capture the target's side can legally take back on `to`.
    const bool defended = b.after(from, to, [&] {
        for (int i = 0; i < defenders.n; ++i)
            if (defenders.sq[i] != to && b.legalCapture(defenders.sq[i], to)) return true;
        return false;
    });
    if (defended) return false;
    // Like pieces attacking each other offer an exchange, unless the target cannot take back.
    if (a == t) return !b.legalCapture(to, from);
    return true;
}

// The targets side c chases on `b`; `chaserOf` (optional) gets, for each, one chaser square
// (`prefer` when it is one of the chasers).
SquareSet chaseTargets(Board& b, Color c, Square* chaserOf = nullptr, int prefer = -1) {
    SquareList chasers, targets, enemies;
    for (int s = 0; s < kSquareCount; ++s) {
        const Piece p = b.sq[s];
        if (p == NoPiece) continue;
        if (colorOf(p) == c) {
            if (isChaser(typeOf(p))) chasers.sq[chasers.n++] = int8_t(s);
        } else {
            enemies.sq[enemies.n++] = int8_t(s);
            if (isTarget(p, s, c)) targets.sq[targets.n++] = int8_t(s);
        }
    }
    SquareSet out;
    if (chasers.n == 0 || targets.n == 0) return out;
    const SquareSet kingAttackers = b.attackers(b.king[c], ~c);
    for (int i = 0; i < targets.n; ++i) {
        const int to = targets.sq[i];
        for (int k = 0; k < chasers.n; ++k) {
            const int from = chasers.sq[k];
            if (!b.reaches(from, to) || !chases(b, from, to, kingAttackers, enemies)) continue;
            if (!out.test(size_t(to)) || from == prefer) {
                out.set(size_t(to));
                if (chaserOf) chaserOf[to] = Square(from);
            }
            if (!chaserOf) break;
        }
    }
    return out;
}

}  // namespace

ChaseVerdict judgeChase(const Position& pos, std::span<const Move> cycle) {
    ChaseVerdict v;
    if (cycle.empty()) return v;
    Board b(pos);
    // A piece's identity is its square in `pos`; ids[s] names the piece now on s.
    int8_t ids[kSquareCount];
    for (int s = 0; s < kSquareCount; ++s) ids[s] = int8_t(b.sq[s] != NoPiece ? s : -1);
    SquareSet alive[2];  // by identity: pieces each side newly chased with all its moves so far
    alive[Red].set();
    alive[Black].set();
    // By identity: the piece that chased each target on the latest move that chased it.
    int8_t chaserId[kSquareCount];
    std::fill(std::begin(chaserId), std::end(chaserId), int8_t(-1));
    Color mover = pos.sideToMove();
    for (const Move m : cycle) {
        const bool judge = alive[mover].any();
        SquareSet before;
        if (judge) before = chaseTargets(b, mover);
        b.move(m.from(), m.to());
        ids[m.to()] = ids[m.from()];
        ids[m.from()] = -1;
        // A checking move chases nothing: the check is judged by the perpetual-check rule.
        if (judge && b.inCheck(~mover)) {
            alive[mover].reset();
        } else if (judge) {
            Square chaserOf[kSquareCount];
            const SquareSet fresh = chaseTargets(b, mover, chaserOf, m.to()) & ~before;
            // The mover's targets did not move: their squares still name them.
            SquareSet freshIds;
            for (int s = 0; s < kSquareCount; ++s) {
                if (!fresh.test(size_t(s))) continue;
                freshIds.set(size_t(ids[s]));
                chaserId[ids[s]] = ids[chaserOf[s]];
            }
            alive[mover] &= freshIds;
        }
        mover = ~mover;
        if (alive[Red].none() && alive[Black].none()) return v;
    }
    v.chasing[Red] = alive[Red].any();
    v.chasing[Black] = alive[Black].any();
    if (v.chasing[Red] == v.chasing[Black]) return v;
    const Color chaser = alive[Red].any() ? Red : Black;
    v.decided = true;
    v.loser = chaser;
    // The board is `pos` again (pieces may have changed places with like pieces). Name the
    // first chased piece and the piece that chased it last, where they stand now.
    int where[kSquareCount];
    std::fill(std::begin(where), std::end(where), -1);
    for (int s = 0; s < kSquareCount; ++s)
        if (ids[s] >= 0) where[ids[s]] = s;
    for (int id = 0; id < kSquareCount; ++id) {
        if (!alive[chaser].test(size_t(id)) || where[id] < 0) continue;
        v.info.targetSquare = Square(where[id]);
        v.info.target = b.sq[where[id]];
        if (chaserId[id] >= 0 && where[chaserId[id]] >= 0) {
            v.info.chaserSquare = Square(where[chaserId[id]]);
            v.info.chaser = b.sq[where[chaserId[id]]];
        }
        break;
    }
    return v;
}

}  // namespace xq
