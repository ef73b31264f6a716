#include "core/search/alphabeta.h"

#include <algorithm>
#include <cstring>

#include "core/search/alphabeta_eval.h"
#include "core/xiangqi/rules.h"

namespace xq::search {

int AbInfo::mateMoves() const {
    if (score >= kMateBound) return (kMate - score + 1) / 2;
    if (score <= -kMateBound) return -((kMate + score + 1) / 2);
    return 0;
}

namespace {

constexpr int kInf = kMate + 1;
enum Bound : uint8_t { BoundNone = 0, BoundUpper = 1, BoundLower = 2, BoundExact = 3 };

struct TTEntry {
    uint64_t key = 0;
    uint16_t move = 0;
    int16_t score = 0;
    int8_t depth = 0;
    uint8_t bound = BoundNone;
};

uint64_t mix(uint64_t x) {  // splitmix64 finaliser
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Mate scores are stored relative to the node (not the root) so that a TT hit at another ply
// still means "mate in N from here".
int toTT(int s, int ply) { return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s; }
int fromTT(int s, int ply) { return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s; }

}  // namespace

struct AlphaBeta::Impl {
    AbOptions opts;
    std::vector<TTEntry> tt;
    uint64_t ttMask = 0;
    Move killers[kMaxPly][2]{};
    int history[kSquareCount][kSquareCount]{};

    // Per search.
    Position pos;
    int evalRed = 0;
    // Game + search path, index n = current position: its key, whether the move into it was a
    // capture (a repetition cannot reach across it), whether that move gave check, and the
    // move itself (the perpetual-chase judge replays the cycle).
    std::vector<uint64_t> keys;
    std::vector<uint8_t> caps, checks;
    std::vector<Move> movesIn;
    int n = 0;
    uint64_t nodes = 0;
    int selDepth = 0;
    bool aborted = false;
    const AbLimits* limits = nullptr;
    const std::atomic<bool>* extStop = nullptr;
    const std::atomic<bool>* ownStop = nullptr;
    std::chrono::steady_clock::time_point start;
    Move pv[kMaxPly + 1][kMaxPly + 1]{};
    int pvLen[kMaxPly + 1]{};
    Move iterBest;      // best root move of the current iteration so far
    int iterScore = 0;
    int rootLegal = 0;

    void resizeTT() {
        size_t entries = 1;
        const size_t bytes = size_t(std::max(1, opts.ttMegabytes)) << 20;
        while (entries * 2 * sizeof(TTEntry) <= bytes) entries *= 2;
        tt.assign(entries, TTEntry{});
        ttMask = entries - 1;
    }

    int elapsedMs() const {
        return int(std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count());
    }

    bool checkAbort() {
        if (aborted) return true;
        if (limits->nodes && nodes >= limits->nodes) return aborted = true;
        if ((nodes & 255) == 0) {
            if ((extStop && extStop->load(std::memory_order_relaxed)) ||
                ownStop->load(std::memory_order_relaxed))
                return aborted = true;
            if (limits->hardMs && elapsedMs() >= limits->hardMs) return aborted = true;
        }
        return false;
    }

    int evalStm() const {
        int e = evalRed;
        if (opts.evalNoise > 0) {
            const uint64_t h = mix(pos.key() ^ opts.seed);
            e += int(h % uint64_t(2 * opts.evalNoise + 1)) - opts.evalNoise;
        }
        return pos.sideToMove() == Red ? e : -e;
    }

    Position::Undo make(Move m) {
        const Piece mover = pos.piece(m.from()), cap = pos.piece(m.to());
        int delta = pieceValue(mover, m.to()) - pieceValue(mover, m.from());
        if (cap) delta += pieceValue(cap, m.to());
        evalRed += colorOf(mover) == Red ? delta : -delta;
        const Position::Undo u = pos.doMove(m);
        ++n;
        keys[n] = pos.key();
        caps[n] = cap != NoPiece;
        checks[n] = pos.inCheck();
        movesIn[n] = m;
        return u;
    }

    void unmake(Move m, const Position::Undo& u) {
        pos.undoMove(m, u);
        --n;
        const Piece mover = pos.piece(m.from());
        int delta = pieceValue(mover, m.to()) - pieceValue(mover, m.from());
        if (u.captured) delta += pieceValue(u.captured, m.to());
        evalRed -= colorOf(mover) == Red ? delta : -delta;
    }

    // Returns true and the score when the current position repeats an earlier one.
    bool repetition(int ply, int& score) const {
        const uint64_t k = keys[n];
        int lo = n;
        while (lo > 0 && !caps[lo]) --lo;
        for (int i = n - 4; i >= lo; i -= 2) {
            if (keys[i] != k) continue;
            bool themAll = true, usAll = true;  // "them" moved into n
            for (int j = n; j > i; j -= 2) themAll = themAll && checks[j];
            for (int j = n - 1; j > i; j -= 2) usAll = usAll && checks[j];
            if (themAll && !usAll) score = kRepetitionWin - ply;
            else if (usAll && !themAll) score = -kRepetitionWin + ply;
            else score = 0;
            // Neither side checked throughout: perpetual chase (rules.h, judgeChase). The
            // position at i is the current one, so the cycle replays from it. Only here, on a
            // repetition, does the search pay for the judge.
            if (!themAll && !usAll) {
                const ChaseVerdict v = judgeChase(
                    pos, std::span<const Move>(movesIn.data() + i + 1, size_t(n - i)));
                if (v.decided)
                    score = v.loser == pos.sideToMove() ? -kRepetitionWin + ply
                                                        : kRepetitionWin - ply;
            }
            return true;
        }
        return false;
    }

    static int mvvLva(const Position& p, Move m) {
        return materialValue(typeOf(p.piece(m.to()))) * 8 - materialValue(typeOf(p.piece(m.from()))) / 8;
    }

    // Orders `moves` in place by descending key (small lists: selection happens lazily below).
    void scoreMoves(const MoveList& moves, int* keysOut, Move ttMove, int ply) const {
        for (int i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            int s;
            if (m == ttMove) s = 1 << 30;
            else if (pos.piece(m.to())) s = (1 << 28) + mvvLva(pos, m);
            else if (m == killers[ply][0]) s = (1 << 27) + 1;
            else if (m == killers[ply][1]) s = (1 << 27);
            else s = history[m.from()][m.to()];
            keysOut[i] = s;
        }
    }

    static Move pickNext(MoveList& moves, int* k, int i) {
        int best = i;
        for (int j = i + 1; j < moves.size(); ++j)
            if (k[j] > k[best]) best = j;
        std::swap(moves[i], moves[best]);
        std::swap(k[i], k[best]);
        return moves[i];
    }

    bool excludedAtRoot(Move m) const {
        for (Move e : limits->excludedRootMoves)
            if (e == m) return true;
        return false;
    }

    int qsearch(int alpha, int beta, int ply) {
        ++nodes;
        if (checkAbort()) return 0;
        selDepth = std::max(selDepth, ply);
        if (ply >= kMaxPly) return evalStm();
        const bool inCheck = checks[n];
        int best = -kMate + ply;
        if (!inCheck) {
            best = evalStm();
            if (best >= beta) return best;
            alpha = std::max(alpha, best);
        }
        MoveList moves;
        if (inCheck) pos.pseudoMoves(moves);
        else pos.legalCaptures(moves);
        int k[MoveList::kCapacity];
        for (int i = 0; i < moves.size(); ++i)
            k[i] = pos.piece(moves[i].to()) ? (1 << 20) + mvvLva(pos, moves[i]) : 0;
        for (int i = 0; i < moves.size(); ++i) {
            const Move m = pickNext(moves, k, i);
            if (inCheck && !pos.isLegalPseudo(m)) continue;
            const Position::Undo u = make(m);
            const int s = -qsearch(-beta, -alpha, ply + 1);
            unmake(m, u);
            if (aborted) return 0;
            if (s > best) {
                best = s;
                if (s > alpha) {
                    alpha = s;
                    if (s >= beta) break;
                }
            }
        }
        return best;
    }

    // One node's stages: EnterNode (abort, repetition, 120-ply rule, mate-distance window) →
    // ProbeTT → for each ordered legal move SearchMove, then UpdatePv on a new alpha and
    // RecordCutoff on a fail high → StoreTT.
    int search(int depth, int alpha, int beta, int ply, bool pvNode) {
        pvLen[ply] = ply;
        const bool root = ply == 0;
        int early = 0;
        if (!root && enterNode(ply, alpha, beta, early)) return early;
        const bool inCheck = checks[n];
        if (inCheck) ++depth;
        if (depth <= 0) return qsearch(alpha, beta, ply);
        if (ply >= kMaxPly - 8) return evalStm();
        ++nodes;
        selDepth = std::max(selDepth, ply);
        Move ttMove;
        if (probeTT(depth, alpha, beta, ply, pvNode, ttMove, early)) return early;

        MoveList moves;
        pos.pseudoMoves(moves);
        int k[MoveList::kCapacity];
        scoreMoves(moves, k, ttMove, ply);
        const int alphaOrig = alpha;
        int best = -kInf, legal = 0;
        Move bestMove;
        for (int i = 0; i < moves.size(); ++i) {
            const Move m = pickNext(moves, k, i);
            if (!pos.isLegalPseudo(m)) continue;
            if (root && excludedAtRoot(m)) continue;
            ++legal;
            const bool capture = pos.piece(m.to()) != NoPiece;
            const bool killer = m == killers[ply][0] || m == killers[ply][1];
            const Position::Undo u = make(m);
            const bool quiet = !inCheck && !capture && !killer && !checks[n];
            const int s = searchMove(depth, alpha, beta, ply, pvNode, legal, quiet);
            unmake(m, u);
            if (aborted) return 0;
            if (s <= best) continue;
            best = s;
            bestMove = m;
            if (s <= alpha) continue;
            alpha = s;
            updatePv(m, s, ply);
            if (s >= beta) {
                if (!capture) recordCutoff(m, depth, ply);
                break;
            }
        }
        if (root) rootLegal = legal;
        if (legal == 0) return -kMate + ply;  // checkmate or stalemate: both lose in Xiangqi
        storeTT(depth, best, alphaOrig, beta, ply, bestMove);
        return best;
    }

    // EnterNode: true, with the node's score in `out`, when the node ends before any move;
    // otherwise narrows the window to the mate distances reachable from this ply.
    bool enterNode(int ply, int& alpha, int& beta, int& out) {
        out = 0;
        if (checkAbort()) return true;
        if (repetition(ply, out)) return true;
        if (pos.rule60() >= 120) return true;
        alpha = std::max(alpha, -kMate + ply);
        beta = std::min(beta, kMate - ply - 1);
        out = alpha;
        return alpha >= beta;
    }

    // ProbeTT: the stored move of this position in `ttMove`; true, with the stored score in
    // `out`, when the entry is deep enough and its bound decides the window. Never at PV nodes
    // or the root, so that their PV stays complete.
    bool probeTT(int depth, int alpha, int beta, int ply, bool pvNode, Move& ttMove,
                 int& out) const {
        const TTEntry& e = tt[pos.key() & ttMask];
        if (e.key != pos.key()) return false;
        ttMove = Move::fromRaw(e.move);
        if (pvNode || ply == 0 || e.depth < depth) return false;
        out = fromTT(e.score, ply);
        return e.bound == BoundExact || (e.bound == BoundLower && out >= beta) ||
               (e.bound == BoundUpper && out <= alpha);
    }

    // SearchMove: the score of the move just made, by principal-variation search. The first
    // legal move gets the full window; later ones a null window, reduced by one or two plies
    // when `quiet` (no check before or after, no capture, no killer) and late, re-searched at
    // full depth and then with the full window while they beat alpha.
    int searchMove(int depth, int alpha, int beta, int ply, bool pvNode, int legal, bool quiet) {
        if (legal == 1) return -search(depth - 1, -beta, -alpha, ply + 1, pvNode);
        int r = 0;
        if (depth >= 3 && legal > 4 && quiet) r = (depth >= 6 && legal > 12) ? 2 : 1;
        int s = -search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
        if (s > alpha && r) s = -search(depth - 1, -alpha - 1, -alpha, ply + 1, false);
        if (s > alpha && s < beta) s = -search(depth - 1, -beta, -alpha, ply + 1, true);
        return s;
    }

    // UpdatePv: `m` raised alpha at `ply`: it heads this ply's PV, followed by the child's.
    void updatePv(Move m, int s, int ply) {
        pv[ply][ply] = m;
        for (int j = ply + 1; j < pvLen[ply + 1]; ++j) pv[ply][j] = pv[ply + 1][j];
        pvLen[ply] = std::max(pvLen[ply + 1], ply + 1);
        if (ply == 0) {
            iterBest = m;
            iterScore = s;
        }
    }

    // RecordCutoff: the quiet move `m` failed high: it becomes this ply's first killer and earns
    // depth² of history (all history halves when one entry passes 2^24).
    void recordCutoff(Move m, int depth, int ply) {
        if (killers[ply][0] != m) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = m;
        }
        history[m.from()][m.to()] += depth * depth;
        if (history[m.from()][m.to()] > (1 << 24))
            for (auto& row : history)
                for (int& h : row) h /= 2;
    }

    // StoreTT: always replaces; the bound follows from where `best` fell against the window
    // the node was entered with.
    void storeTT(int depth, int best, int alphaOrig, int beta, int ply, Move bestMove) {
        TTEntry& e = tt[pos.key() & ttMask];
        e.key = pos.key();
        e.move = bestMove.raw();
        e.score = int16_t(toTT(best, ply));
        e.depth = int8_t(std::min(depth, 127));
        e.bound = best >= beta ? BoundLower : best > alphaOrig ? BoundExact : BoundUpper;
    }

    // SetUp: the per-search state, and the path arrays: the game history (oldest first) with
    // room after it for the search path.
    void setUp(const Position& root, const AbLimits& lim, const std::atomic<bool>* external,
               const std::atomic<bool>* own) {
        pos = root;
        evalRed = evaluateRed(root);
        limits = &lim;
        extStop = external;
        ownStop = own;
        start = std::chrono::steady_clock::now();
        nodes = 0;
        aborted = false;
        std::memset(killers, 0, sizeof killers);
        for (auto& row : history)
            for (int& h : row) h /= 8;  // keep a little ordering knowledge between moves

        const auto& hist = root.history();
        const int h = int(hist.size());
        keys.assign(size_t(h + kMaxPly + 4), 0);
        caps.assign(keys.size(), 0);
        checks.assign(keys.size(), 0);
        movesIn.assign(keys.size(), Move());
        for (int i = 0; i < h; ++i) {
            keys[i] = hist[i].key;
            caps[i + 1] = hist[i].captured != NoPiece;
            checks[i + 1] = hist[i].gaveCheck;
            movesIn[i + 1] = hist[i].move;
        }
        caps[0] = 1;
        n = h;
        keys[h] = root.key();
        checks[h] = root.inCheck();
    }

    // The first legal root move not excluded (null when there is none), so that even an
    // immediate stop returns a move.
    Move fallbackMove(const Position& root) const {
        MoveList legal;
        root.legalMoves(legal);
        for (Move m : legal)
            if (!excludedAtRoot(m)) return m;
        return Move();
    }

    // TakeIteration: completed depth d's move, score and PV into `r`, then reported.
    void takeIteration(int d, int score, AbResult& r,
                       const std::function<void(const AbInfo&)>& onIteration) const {
        r.best = pv[0][0].isNull() ? r.best : pv[0][0];
        r.score = score;
        r.depth = d;
        r.pv.assign(pv[0], pv[0] + pvLen[0]);
        if (r.pv.empty()) r.pv.push_back(r.best);
        r.nodes = nodes;
        r.timeMs = elapsedMs();
        if (!onIteration) return;
        AbInfo info;
        info.depth = d;
        info.selDepth = selDepth;
        info.score = score;
        info.nodes = nodes;
        info.timeMs = r.timeMs;
        info.pv = r.pv;
        onIteration(info);
    }

    // TakePartialIteration: a root move that beat the previous best (searched first) with a
    // full search is trustworthy even in the unfinished iteration d.
    void takePartialIteration(int d, AbResult& r) const {
        if (iterBest.isNull() || d <= 1 || iterBest == r.best || iterScore <= r.score) return;
        r.best = iterBest;
        r.score = iterScore;
        r.pv.assign(1, iterBest);
    }

    // Whether deepening stops after completed depth d: the soft time is used, a timed search
    // has a single legal move, or a mate was found within the full-width horizon (more depth
    // will not change it).
    bool deepeningDone(int d, int score, const AbResult& r) const {
        if (limits->softMs && r.timeMs >= limits->softMs) return true;
        if ((limits->softMs || limits->hardMs) && rootLegal == 1) return true;
        return std::abs(score) >= kMateBound && kMate - std::abs(score) <= d;
    }
};

AlphaBeta::AlphaBeta(const AbOptions& opts) : impl_(std::make_unique<Impl>()) {
    impl_->opts = opts;
    impl_->resizeTT();
}

AlphaBeta::~AlphaBeta() = default;

void AlphaBeta::setOptions(const AbOptions& opts) {
    const bool resize = opts.ttMegabytes != impl_->opts.ttMegabytes;
    impl_->opts = opts;
    if (resize) impl_->resizeTT();
    else clear();
}

void AlphaBeta::clear() {
    std::fill(impl_->tt.begin(), impl_->tt.end(), TTEntry{});
    std::memset(impl_->killers, 0, sizeof impl_->killers);
    std::memset(impl_->history, 0, sizeof impl_->history);
}

AbResult AlphaBeta::search(const Position& root, const AbLimits& limits,
                           const std::atomic<bool>* externalStop,
                           const std::function<void(const AbInfo&)>& onIteration) {
    Impl& s = *impl_;
    stop_.store(false, std::memory_order_relaxed);
    s.setUp(root, limits, externalStop, &stop_);
    AbResult result;
    result.best = s.fallbackMove(root);
    if (result.best.isNull()) {
        result.score = -kMate;
        return result;
    }
    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
    for (int d = 1; d <= maxDepth; ++d) {
        s.selDepth = 0;
        s.iterBest = Move();
        const int score = s.search(d, -kInf, kInf, 0, true);
        if (s.aborted) {
            s.takePartialIteration(d, result);
            break;
        }
        s.takeIteration(d, score, result, onIteration);
        if (s.deepeningDone(d, score, result)) break;
    }
    result.nodes = s.nodes;
    result.timeMs = s.elapsedMs();
    return result;
}

}  // namespace xq::search
