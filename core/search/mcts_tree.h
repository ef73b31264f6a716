#pragma once
// MctsTree: one search tree (root position + node arena) and the three steps every driver
// repeats: gather leaves (PUCT selection with virtual loss), hand them to an evaluator, expand
// and back up. MctsSearch (one tree, 1..N threads) and MultiSearch (many trees, one thread,
// one evaluator call per round) are both built from these steps, so both search identically.
//
// Perspective and sign flip: see mcts_node.h. In short, a child's Q is from the view of the
// side to move at its parent; the evaluator's value is for the side to move at the leaf; the
// backup negates it at every level.
//
// Thread-safety: none. The caller serialises every call (MctsSearch holds its mutex, MultiSearch
// is single-threaded). The evaluator call itself happens outside the tree, between gather() and
// expand(), so it is the only part that may run without the lock.

#include <cstdint>
#include <random>
#include <vector>

#include "core/nn/evaluator.h"
#include "core/search/mcts_node.h"
#include "core/search/mcts_params.h"
#include "core/search/mcts_result.h"
#include "core/xiangqi/position.h"

namespace xq::search {

// A leaf waiting for the network. Slots are kept and reused between rounds so that gathering
// does not allocate once warm (Position and path keep their capacity).
struct LeafSlot {
    Position pos;             // the leaf position with its full history (repetition plane)
    MoveList moves;           // its legal moves: the priors come back in this order
    std::vector<Node*> path;  // root .. leaf, each holding one virtual loss
    nn::EvalInput input() const { return {&pos, &moves}; }
};

struct GatherCounts {
    int leaves = 0;        // leafSlots filled (need the evaluator)
    int terminalHits = 0;  // simulations finished at once in a terminal node
    int collisions = 0;    // descents that met a pending leaf (undone)
};

class MctsTree {
public:
    explicit MctsTree(const MctsParams& params = {});

    const MctsParams& params() const { return params_; }
    void setParams(const MctsParams& p) { params_ = p; }
    void reseed(uint64_t seed) { rng_.seed(seed); }

    // Discards the tree and starts from `pos` (its history is kept for the rules).
    void setRoot(const Position& pos);
    // Plays `m` at the root and keeps the subtree under it (tree reuse). Returns true when a
    // searched subtree was kept, false when the new root starts empty. Throws
    // std::invalid_argument when `m` is not legal at the root. Not while leaves are pending.
    bool advance(Move m);

    const Position& rootPosition() const { return rootPos_; }
    const Node* root() const { return root_; }
    // The rules' verdict on the root (over() = nothing to search).
    GameStatus rootStatus() const { return rootStatus_; }
    int rootVisits() const { return root_->visits; }
    size_t nodesUsed() const { return arena_.nodesUsed(); }

    // Starts a search of `simulations` new simulations (0: no limit; a Gumbel search then
    // plans Sequential Halving for kGumbelUnlimitedSimulations). Applies root Dirichlet noise
    // (PUCT) when params().addNoise and the root is expanded and has not had noise since it
    // became the root (an unexpanded root gets it at expansion); a Gumbel search draws its
    // root's noise and considered moves afresh at its first root selection.
    void prepareSearch(int simulations = 0);
    static constexpr int kGumbelUnlimitedSimulations = 800;
    // A Gumbel search's policy target sums to about this in SearchResult::targetVisits (the
    // stored per-move "visits" of a self-play move).
    static constexpr int kGumbelTargetScale = 10000;

    // Runs up to `budget` descents from the root, stopping early when `maxLeaves` leaves wait
    // for the evaluator or after params().maxCollisions collisions. Leaves go to
    // leafSlots[first ..]; the vector grows when needed. Terminal nodes are backed up at once.
    GatherCounts gather(int maxLeaves, int budget, std::vector<LeafSlot>& leafSlots, size_t first);
    // Expands the leaf in `slot` with the evaluator's output and backs its value up.
    void expand(LeafSlot& slot, const nn::EvalOutput& out);
    // Undoes a gathered leaf that will not be evaluated (evaluator failure, stop).
    void cancel(LeafSlot& slot);

    // The PUCT score terms of `child` under `parent` (for snapshots; selection uses the same).
    struct Score {
        float q;  // parent mover's view, with first-play urgency when unvisited
        float u;
    };
    Score score(const Node& parent, const Node& child, bool isRoot) const;

    std::vector<Move> principalVariation(const Node* from, int maxLength = 64) const;
    // Builds the result. `sample` draws chosenMove from pi (uses the tree's RNG).
    SearchResult result(bool sample = true);
    // tau for the current root under the schedule.
    float temperatureNow() const;

private:
    enum class Descent { Leaf, Terminal, Collision };
    Descent descend(LeafSlot& slot);
    Node* select(Node& n, bool isRoot) const;
    void backup(const std::vector<Node*>& path, float leafValue);
    // path.back() has just become Terminal or Winning: proves what follows above it.
    void solve(const std::vector<Node*>& path);
    // Does the side to move at the leaf in `slot` (its legal moves listed) win by force: a mate
    // in one, or the probe's checking mate within params().leafMateSearchMoves?
    bool leafHasForcedMate(LeafSlot& slot) const;
    // Once per root, when it is expanded: the forced-mate probe (params().mateSearchMoves).
    void probeRootMate();
    void applyNoise();
    // Fills r.targetVisits' pruning of forced playouts (MctsParams::forcedPlayoutK).
    void pruneForcedPlayouts(SearchResult& r, int bestIdx) const;
    // ---- result()'s stages ----
    // Fills r's per-move lists (moves, visits, priors, q, proven); returns the most visited
    // root move that is not a proven loss (ties: higher q, then prior), -1 when unexpanded.
    int collectRootStats(SearchResult& r) const;
    // The root move that wins by force (an immediate mate before a solver-proven win, then
    // the most visited); -1 when none.
    int provenWinIndex() const;
    // PUCT: fills temperature, targetVisits and pi (visit counts^(1/tau), proven losses out
    // unless bestIdx is one); returns the counts' total (0: pi is one-hot on bestIdx).
    long visitPolicy(SearchResult& r, int bestIdx) const;
    // Draws a move from r.pi with the tree's RNG (r.bestMove if rounding leaves none).
    Move sampleMove(const SearchResult& r);

    // ---- Gumbel search (MctsParams::Kind::Gumbel) ----
    bool gumbel() const { return params_.kind == MctsParams::Kind::Gumbel; }
    // The root's state for the current search, drawn at its first root selection.
    struct GumbelRoot {
        bool ready = false;
        int budget = 0;             // new simulations of this search (prepareSearch)
        int rootVisitsAtStart = 0;  // root visits when the search began
        std::vector<float> score;   // per root move: Gumbel noise + log prior
        std::vector<int> base;      // its visits when the search began (tree reuse)
        std::vector<uint8_t> considered;
        // considered visits asked of the k-th root simulation of the search (Sequential
        // Halving, as mctx's get_sequence_of_considered_visits), for (sequenceM, sequenceN)
        std::vector<int> sequence;
        int sequenceM = -1, sequenceN = -1;
    };
    void setupGumbelRoot();
    // The new visits (pending ones included) of root move i in this search.
    int gumbelVisits(int i) const;
    Node* selectGumbelRoot();
    Node* selectGumbelInterior(Node& n) const;
    // sigma(completed Q) of n's moves, from n's mover view, into out[0 .. n.numChildren).
    void transformedQ(const Node& n, float* out) const;
    // softmax(log P + sigma(completed Q)) of n's moves into out.
    void improvedPolicy(const Node& n, float* out) const;
    // The root move a Gumbel search plays: the considered move with the most new visits and
    // the best noisy score; -1 when none is left that is not a proven loss.
    int gumbelChoice();
    // Fills pi, targetVisits, the move and the line; `fallbackIdx` is played when it is a
    // proven win (`provenWinIdx`) or when every considered move is a proven loss.
    void gumbelResult(SearchResult& r, int fallbackIdx, bool provenWinIdx);
    Node* copySubtree(const Node& src, NodeArena& dst);
    void copyChildren(const Node& src, Node& dst, NodeArena& arena);

    MctsParams params_;
    Position rootPos_;
    GameStatus rootStatus_{};
    NodeArena arena_, spare_;
    Node* root_ = nullptr;
    bool noiseApplied_ = false;
    bool mateProbed_ = false;
    GumbelRoot gumbel_;
    std::mt19937_64 rng_;
};

// What the rules or the search's solver know of `n`'s position, for ITS side to move: +1 won,
// -1 lost, 0 unknown (or a draw, which the solver does not prove).
int provenValue(const Node& n);

// Value of a finished game for `sideToMove` (+1 win, 0 draw, -1 loss).
float terminalValue(const GameStatus& st, Color sideToMove);

}  // namespace xq::search
