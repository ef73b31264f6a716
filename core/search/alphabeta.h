#pragma once
// AlphaBeta: the classical baseline engine. Iterative deepening over a principal-variation
// search (alpha-beta with null windows), check extension, late-move reductions for quiet
// moves, quiescence on captures (all evasions when in check), a transposition table, MVV-LVA +
// killer + history move ordering, and mate scores. Evaluation: core/search/alphabeta_eval.h.
//
// Rules inside the tree: no legal move loses (checkmate and stalemate alike); a position that
// repeats one seen earlier (in the game history or on the search path, with no capture in
// between) is scored by the repetition rules of core/xiangqi/rules.h over that one cycle: the
// side that gave check with every move of the cycle loses; when neither side did, the side that
// chased one enemy piece with every move loses (perpetual chase, xq::judgeChase); otherwise it
// is a draw; 120 plies without a capture is a draw.
//
// Scores are from the side to move's point of view. Mate in N plies from the root scores
// kMate - N; a near-certain perpetual-check or perpetual-chase win scores ±kRepetitionWin (not a
// mate score).
//
// Thread-safety: one AlphaBeta object runs one search at a time on the calling thread. stop()
// and the external stop flag may be set from any thread; the search then returns the best move
// of the last completed iteration (or of the partial one when it already improved on it).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/xiangqi/position.h"

namespace xq::search {

constexpr int kMate = 30000;
constexpr int kMateBound = kMate - 512;   // |score| >= this: a mate score
constexpr int kRepetitionWin = 20000;
constexpr int kMaxPly = 128;

struct AbLimits {
    int depth = 0;         // max iterative-deepening depth in plies; 0 = kMaxPly - 8
    uint64_t nodes = 0;    // 0 = unlimited (checked every few hundred nodes)
    int softMs = 0;        // don't start a new iteration after this; 0 = unlimited
    int hardMs = 0;        // abort the search after this; 0 = unlimited
    std::vector<Move> excludedRootMoves;  // UCCI banmoves
};

struct AbInfo {
    int depth = 0;
    int selDepth = 0;
    int score = 0;         // side to move's view
    uint64_t nodes = 0;
    int timeMs = 0;
    std::vector<Move> pv;
    bool isMate() const { return score >= kMateBound || score <= -kMateBound; }
    // Moves (not plies) to mate, positive when the side to move mates; 0 when not a mate score.
    int mateMoves() const;
};

struct AbResult {
    Move best;             // null only when the root has no legal (non-excluded) move
    int score = 0;
    int depth = 0;         // last completed depth
    uint64_t nodes = 0;
    int timeMs = 0;
    std::vector<Move> pv;
};

struct AbOptions {
    int ttMegabytes = 16;
    // Uniform evaluation noise in [-noise, +noise] cp, a fixed function of (position, seed) so
    // the tree stays consistent. Used for weak difficulty levels; 0 = exact.
    int evalNoise = 0;
    uint64_t seed = 0;
};

class AlphaBeta {
public:
    explicit AlphaBeta(const AbOptions& opts = {});
    ~AlphaBeta();
    AlphaBeta(const AlphaBeta&) = delete;
    AlphaBeta& operator=(const AlphaBeta&) = delete;

    // Searches `pos` (its history is used for repetition). `externalStop` may be null. The
    // callback, when set, is called on this thread after each completed iteration.
    AbResult search(const Position& pos, const AbLimits& limits,
                    const std::atomic<bool>* externalStop = nullptr,
                    const std::function<void(const AbInfo&)>& onIteration = {});
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    // Forget the transposition table, killers and history (new game).
    void clear();
    void setOptions(const AbOptions& opts);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::atomic<bool> stop_{false};
};

}  // namespace xq::search
