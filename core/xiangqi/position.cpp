#include "core/xiangqi/position.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/tables.h"

namespace xq {

using tables::T;

const char* Position::kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

namespace zobrist {
uint64_t pieceKey(Piece p, int sq) {
    return T.zobrist[p][sq];
}
uint64_t sideKey() {
    return T.zobristSide;
}
}  // namespace zobrist

Position::Position() {
    history_.reserve(512);
    setStart();
}

void Position::clear() {
    std::memset(board_, 0, sizeof board_);
    std::memset(index_, -1, sizeof index_);
    std::memset(list_, -1, sizeof list_);
    listSize_[0] = listSize_[1] = 0;
    std::memset(counts_, 0, sizeof counts_);
    king_[0] = king_[1] = kNoSquare;
    side_ = Red;
    rule60_ = 0;
    fullmoveStart_ = 1;
    key_ = 0;
    history_.clear();
}

void Position::setStart() {
    clear();
    static const char* back = "RNBAKABNR";
    auto typeFor = [](char ch) {
        switch (ch) {
            case 'R':
                return Rook;
            case 'N':
                return Horse;
            case 'B':
                return Elephant;
            case 'A':
                return Advisor;
            default:
                return King;
        }
    };
    for (int f = 0; f < 9; ++f) {
        put(makeSquare(f, 0), makePiece(Red, typeFor(back[f])));
        put(makeSquare(f, 9), makePiece(Black, typeFor(back[f])));
    }
    for (int f : {1, 7}) {
        put(makeSquare(f, 2), RedCannon);
        put(makeSquare(f, 7), BlackCannon);
    }
    for (int f = 0; f < 9; f += 2) {
        put(makeSquare(f, 3), RedPawn);
        put(makeSquare(f, 6), BlackPawn);
    }
    finishSetup();
}

void Position::put(int sq, Piece p) {
    board_[sq] = int8_t(p);
}

void Position::setSideToMove(Color c) {
    side_ = c;
}

void Position::finishSetup() {
    std::memset(index_, -1, sizeof index_);
    listSize_[0] = listSize_[1] = 0;
    std::memset(counts_, 0, sizeof counts_);
    king_[0] = king_[1] = kNoSquare;
    key_ = side_ == Black ? T.zobristSide : 0;
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const Piece p = Piece(board_[sq]);
        if (p == NoPiece) continue;
        const Color c = colorOf(p);
        index_[sq] = listSize_[c];
        list_[c][listSize_[c]++] = int8_t(sq);
        ++counts_[p];
        key_ ^= T.zobrist[p][sq];
        if (typeOf(p) == King) king_[c] = Square(sq);
    }
    history_.clear();
}

inline void Position::addPiece(int sq, Piece p) {
    const Color c = colorOf(p);
    board_[sq] = int8_t(p);
    index_[sq] = listSize_[c];
    list_[c][listSize_[c]++] = int8_t(sq);
    ++counts_[p];
    key_ ^= T.zobrist[p][sq];
}

inline void Position::removePiece(int sq) {
    const Piece p = Piece(board_[sq]);
    const Color c = colorOf(p);
    const int idx = index_[sq];
    const int last = list_[c][--listSize_[c]];
    list_[c][idx] = int8_t(last);
    index_[last] = int8_t(idx);
    index_[sq] = -1;
    board_[sq] = 0;
    --counts_[p];
    key_ ^= T.zobrist[p][sq];
}

inline void Position::movePiece(int from, int to) {
    const Piece p = Piece(board_[from]);
    const Color c = colorOf(p);
    board_[to] = int8_t(p);
    board_[from] = 0;
    const int idx = index_[from];
    index_[to] = int8_t(idx);
    index_[from] = -1;
    list_[c][idx] = int8_t(to);
    key_ ^= T.zobrist[p][from] ^ T.zobrist[p][to];
    if (typeOf(p) == King) king_[c] = Square(to);
}

void Position::makeMove(Move m) {
    StateInfo st;
    st.key = key_;
    st.move = m;
    st.captured = Piece(board_[m.to()]);
    st.rule60Before = rule60_;
    if (st.captured) removePiece(m.to());
    movePiece(m.from(), m.to());
    rule60_ = st.captured ? 0 : uint16_t(rule60_ + 1);
    side_ = ~side_;
    key_ ^= T.zobristSide;
    st.gaveCheck = inCheck();
    history_.push_back(st);
}

Position::Undo Position::doMove(Move m) {
    const Undo u{key_, Piece(board_[m.to()]), rule60_};
    if (u.captured) removePiece(m.to());
    movePiece(m.from(), m.to());
    rule60_ = u.captured ? 0 : uint16_t(rule60_ + 1);
    side_ = ~side_;
    key_ ^= T.zobristSide;
    return u;
}

void Position::undoMove(Move m, const Undo& u) {
    side_ = ~side_;
    movePiece(m.to(), m.from());
    if (u.captured) addPiece(m.to(), u.captured);
    rule60_ = u.rule60;
    key_ = u.key;
}

void Position::unmakeMove() {
    const StateInfo st = history_.back();
    history_.pop_back();
    side_ = ~side_;
    movePiece(st.move.to(), st.move.from());
    if (st.captured) addPiece(st.move.to(), st.captured);
    rule60_ = st.rule60Before;
    key_ = st.key;
}

bool Position::isAttacked(int sq, Color by) const {
    const int8_t* b = board_;
    const int8_t rook = int8_t(makePiece(by, Rook));
    const int8_t cannon = int8_t(makePiece(by, Cannon));
    const int8_t king = int8_t(makePiece(by, King));
    for (int d = 0; d < 4; ++d) {
        const tables::Ray& ray = T.ray[sq][d];
        int i = 0;
        for (; i < ray.n; ++i) {
            const int8_t p = b[ray.sq[i]];
            if (!p) continue;
            if (p == rook || (p == king && d <= tables::South)) return true;
            break;
        }
        for (++i; i < ray.n; ++i) {
            const int8_t p = b[ray.sq[i]];
            if (!p) continue;
            if (p == cannon) return true;
            break;
        }
    }
    const int8_t horse = int8_t(makePiece(by, Horse));
    const tables::StepList& ha = T.horseAttack[sq];
    for (int i = 0; i < ha.n; ++i)
        if (b[ha.s[i].to] == horse && !b[ha.s[i].block]) return true;
    const int8_t pawn = int8_t(makePiece(by, Pawn));
    const int f = fileOf(sq), r = rankOf(sq);
    // A pawn of `by` attacks sq from the square behind it (from by's view) ...
    const int br = by == Red ? r - 1 : r + 1;
    if (br >= 0 && br <= 9 && b[makeSquare(f, br)] == pawn) return true;
    // ... or from beside it once that pawn has crossed the river (sq is then across too).
    if (!ownHalf(by, sq)) {
        if (f > 0 && b[sq - 1] == pawn) return true;
        if (f < 8 && b[sq + 1] == pawn) return true;
    }
    return false;
}

template <bool CapturesOnly>
void Position::generate(MoveList& out) const {
    const Color us = side_;
    const int8_t* b = board_;
    auto emitStep = [&](int from, const tables::StepList& sl) {
        for (int i = 0; i < sl.n; ++i) {
            const int to = sl.s[i].to;
            const int8_t t = b[to];
            if (t && colorOf(Piece(t)) == us) continue;
            if (CapturesOnly && !t) continue;
            if (sl.s[i].block >= 0 && b[sl.s[i].block]) continue;
            out.push(Move(from, to));
        }
    };
    for (int i = 0; i < listSize_[us]; ++i) {
        const int from = list_[us][i];
        switch (typeOf(Piece(b[from]))) {
            case King:
                emitStep(from, T.king[us][from]);
                break;
            case Advisor:
                emitStep(from, T.advisor[us][from]);
                break;
            case Elephant:
                emitStep(from, T.elephant[us][from]);
                break;
            case Horse:
                emitStep(from, T.horse[from]);
                break;
            case Pawn:
                emitStep(from, T.pawn[us][from]);
                break;
            case Rook:
                for (int d = 0; d < 4; ++d) {
                    const tables::Ray& ray = T.ray[from][d];
                    for (int k = 0; k < ray.n; ++k) {
                        const int to = ray.sq[k];
                        const int8_t t = b[to];
                        if (!t) {
                            if (!CapturesOnly) out.push(Move(from, to));
                            continue;
                        }
                        if (colorOf(Piece(t)) != us) out.push(Move(from, to));
                        break;
                    }
                }
                break;
            case Cannon:
                for (int d = 0; d < 4; ++d) {
                    const tables::Ray& ray = T.ray[from][d];
                    int k = 0;
                    for (; k < ray.n; ++k) {
                        const int to = ray.sq[k];
                        if (b[to]) break;
                        if (!CapturesOnly) out.push(Move(from, to));
                    }
                    for (++k; k < ray.n; ++k) {
                        const int to = ray.sq[k];
                        const int8_t t = b[to];
                        if (!t) continue;
                        if (colorOf(Piece(t)) != us) out.push(Move(from, to));
                        break;
                    }
                }
                break;
            default:
                break;
        }
    }
}

void Position::attackCounts(Color by, uint8_t (&out)[kSquareCount]) const {
    std::fill(std::begin(out), std::end(out), uint8_t(0));
    const int8_t* b = board_;
    auto mark = [&](const tables::StepList& sl) {
        for (int i = 0; i < sl.n; ++i)
            if (sl.s[i].block < 0 || !b[sl.s[i].block]) ++out[sl.s[i].to];
    };
    for (int i = 0; i < listSize_[by]; ++i) {
        const int from = list_[by][i];
        const PieceType type = typeOf(Piece(b[from]));
        switch (type) {
            case King:
                mark(T.king[by][from]);
                break;
            case Advisor:
                mark(T.advisor[by][from]);
                break;
            case Elephant:
                mark(T.elephant[by][from]);
                break;
            case Horse:
                mark(T.horse[from]);
                break;
            case Pawn:
                mark(T.pawn[by][from]);
                break;
            case Rook:
            case Cannon:
                for (int d = 0; d < 4; ++d) {
                    const tables::Ray& ray = T.ray[from][d];
                    int k = 0;
                    for (; k < ray.n; ++k) {
                        if (type == Rook) ++out[ray.sq[k]];
                        if (b[ray.sq[k]]) break;
                    }
                    if (type == Rook) continue;
                    for (++k; k < ray.n; ++k)
                        if (b[ray.sq[k]]) {
                            ++out[ray.sq[k]];
                            break;
                        }
                }
                break;
            default:
                break;
        }
    }
}

void Position::pseudoMoves(MoveList& out) const {
    out.clear();
    generate<false>(out);
}

bool Position::isLegalPseudo(Move m) const {
    // Make the move on the raw board only, test the own king, undo. No hashing, no lists.
    int8_t* b = const_cast<int8_t*>(board_);
    const int from = m.from(), to = m.to();
    const int8_t moving = b[from], captured = b[to];
    b[to] = moving;
    b[from] = 0;
    const int ksq = typeOf(Piece(moving)) == King ? to : king_[side_];
    const bool ok = !isAttacked(ksq, ~side_);
    b[from] = moving;
    b[to] = captured;
    return ok;
}

void Position::legalMoves(MoveList& out) const {
    MoveList pseudo;
    generate<false>(pseudo);
    out.clear();
    for (Move m : pseudo)
        if (isLegalPseudo(m)) out.push(m);
}

void Position::legalCaptures(MoveList& out) const {
    MoveList pseudo;
    generate<true>(pseudo);
    out.clear();
    for (Move m : pseudo)
        if (isLegalPseudo(m)) out.push(m);
}

int Position::countLegalMoves() const {
    MoveList pseudo;
    generate<false>(pseudo);
    int n = 0;
    for (Move m : pseudo) n += isLegalPseudo(m);
    return n;
}

bool Position::hasLegalMove() const {
    MoveList pseudo;
    generate<false>(pseudo);
    for (Move m : pseudo)
        if (isLegalPseudo(m)) return true;
    return false;
}

bool Position::isLegal(Move m) const {
    const int from = m.from(), to = m.to();
    if (from < 0 || from >= kSquareCount || to < 0 || to >= kSquareCount || from == to)
        return false;
    const Piece p = piece(from);
    if (p == NoPiece || colorOf(p) != side_) return false;
    MoveList pseudo;
    generate<false>(pseudo);
    return pseudo.contains(m) && isLegalPseudo(m);
}

bool Position::givesCheck(Move m) const {
    int8_t* b = const_cast<int8_t*>(board_);
    const int from = m.from(), to = m.to();
    const int8_t moving = b[from], captured = b[to];
    b[to] = moving;
    b[from] = 0;
    const bool check = isAttacked(king_[~side_], side_);
    b[from] = moving;
    b[to] = captured;
    return check;
}

Position Position::mirrored() const {
    Position m;
    m.clear();
    for (int sq = 0; sq < kSquareCount; ++sq) m.put(mirrorFile(sq), piece(sq));
    m.setSideToMove(side_);
    m.setRule60(rule60_);
    m.setFullmove(fullmoveStart_);
    m.finishSetup();
    return m;
}

bool Position::operator==(const Position& o) const {
    return std::memcmp(board_, o.board_, sizeof board_) == 0 && side_ == o.side_;
}

std::string squareName(int sq) {
    if (sq < 0 || sq >= kSquareCount) return "--";
    return std::string{char('a' + fileOf(sq)), char('0' + rankOf(sq))};
}

Square parseSquare(const char* s) {
    if (!s || s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9') return kNoSquare;
    return makeSquare(s[0] - 'a', s[1] - '0');
}

}  // namespace xq
