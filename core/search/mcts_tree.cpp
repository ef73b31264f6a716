#include "core/search/mcts_tree.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "core/search/mate_search.h"
#include "core/search/mcts_tree_internal.h"

namespace xq::search {

using detail::kLostPenalty;
using detail::provenLoss;
using detail::provenWin;

namespace {

bool matesAtOnce(Position& pos, Move m) {
    // No legal reply ends the game before any other rule (rules.cpp, gameStatus step 1): mate
    // when in check, and stalemate (困毙) loses too, so every move is tried, not only checks
    // (a random mover once won a match game by stalemating the network).
    const Position::Undo u = pos.doMove(m);
    const bool over = !pos.hasLegalMove();
    pos.undoMove(m, u);
    return over;
}

bool hasMateInOne(Position& pos, const MoveList& moves) {
    for (Move m : moves)
        if (matesAtOnce(pos, m)) return true;
    return false;
}

}  // namespace

int provenValue(const Node& c) {
    switch (c.state) {
        case NodeState::Terminal:
            return c.terminalValue > 0 ? 1 : c.terminalValue < 0 ? -1 : 0;
        case NodeState::Winning:
            return 1;
        case NodeState::Lost:
            return -1;
        case NodeState::Expanded:
            return c.proven;
        default:
            return 0;
    }
}

float terminalValue(const GameStatus& st, Color sideToMove) {
    if (st.result == Result::Draw || st.result == Result::None) return 0.0f;
    const Color winner = st.result == Result::RedWins ? Red : Black;
    return winner == sideToMove ? 1.0f : -1.0f;
}

MctsTree::MctsTree(const MctsParams& params) : params_(params), rng_(params.seed) {
    setRoot(Position());
}

void MctsTree::setRoot(const Position& pos) {
    rootPos_ = pos;
    rootStatus_ = gameStatus(rootPos_, params_.rules);
    arena_.reset();
    spare_.reset();
    root_ = arena_.allocate(1);
    noiseApplied_ = false;
    mateProbed_ = false;
}

bool MctsTree::advance(Move m) {
    if (!rootPos_.isLegal(m))
        throw std::invalid_argument("MctsTree::advance: move is not legal at the root");
    const Node* child = nullptr;
    for (int i = 0; i < root_->numChildren; ++i)
        if (root_->children[i].move == m) child = &root_->children[i];
    rootPos_.makeMove(m);
    rootStatus_ = gameStatus(rootPos_, params_.rules);
    noiseApplied_ = false;
    mateProbed_ = false;
    // The child's W is from the view of the player who made `m`, which is the side NOT to move
    // at the new root: exactly the root convention, so the subtree is copied as is.
    if (child && child->visits > 0) {
        spare_.reset();
        Node* kept = copySubtree(*child, spare_);
        std::swap(arena_, spare_);
        spare_.reset();
        root_ = kept;
        // A Winning or Lost node was never expanded: as the root it must be, to offer its moves.
        if (root_->state == NodeState::Winning || root_->state == NodeState::Lost)
            root_->state = NodeState::Unexpanded;
        return true;
    }
    arena_.reset();
    spare_.reset();
    root_ = arena_.allocate(1);
    return false;
}

Node* MctsTree::copySubtree(const Node& src, NodeArena& dst) {
    Node* r = dst.allocate(1);
    *r = src;
    r->children = nullptr;
    r->move = Move();  // the root has no incoming move
    copyChildren(src, *r, dst);
    return r;
}

void MctsTree::copyChildren(const Node& src, Node& dst, NodeArena& arena) {
    if (!src.children || src.numChildren == 0) return;
    Node* arr = arena.allocate(src.numChildren);
    for (int i = 0; i < src.numChildren; ++i) {
        arr[i] = src.children[i];
        arr[i].children = nullptr;
    }
    dst.children = arr;
    // Unvisited children have no grandchildren: skip the recursion for them.
    for (int i = 0; i < src.numChildren; ++i)
        if (src.children[i].children) copyChildren(src.children[i], arr[i], arena);
}

void MctsTree::prepareSearch(int simulations) {
    gumbel_.ready = false;
    gumbel_.budget = simulations;
    gumbel_.rootVisitsAtStart = root_->visits;
    if (params_.addNoise && !gumbel() && !noiseApplied_ && root_->expanded()) applyNoise();
    if (root_->expanded()) probeRootMate();
}

void MctsTree::probeRootMate() {
    if (mateProbed_) return;
    mateProbed_ = true;
    if (params_.mateSearchMoves < 2 || root_->proven != 0 || rootStatus_.over()) return;
    Position pos = rootPos_;
    const MateProbe probe = findCheckingMate(pos, params_.rules, params_.mateSearchMoves,
                                             uint64_t(std::max(params_.mateSearchNodes, 0)));
    if (!probe.found()) return;
    for (int i = 0; i < root_->numChildren; ++i) {
        Node& c = root_->children[i];
        if (c.move != probe.move) continue;
        // The position after the mating line's first move is lost for its side to move.
        if (c.state == NodeState::Unexpanded) {
            c.state = NodeState::Lost;
            c.terminalValue = -1.0f;
        } else if (c.state == NodeState::Expanded) {
            c.proven = -1;
        }
        if (provenWin(c)) root_->proven = 1;
        return;
    }
}

void MctsTree::applyNoise() {
    noiseApplied_ = true;
    const int n = root_->numChildren;
    if (n == 0 || params_.dirichletEpsilon <= 0) return;
    std::gamma_distribution<double> gamma(params_.dirichletAlpha, 1.0);
    double eta[MoveList::kCapacity];
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += eta[i] = gamma(rng_);
    if (sum <= 0) return;
    const float eps = params_.dirichletEpsilon;
    for (int i = 0; i < n; ++i) {
        Node& c = root_->children[i];
        c.prior = (1.0f - eps) * c.prior + eps * float(eta[i] / sum);
    }
}

MctsTree::Score MctsTree::score(const Node& parent, const Node& child, bool isRoot) const {
    const int parentN = parent.visits + parent.virtualLoss;
    const float sqrtN = std::sqrt(float(std::max(parentN, 1)));
    const int n = child.visits + child.virtualLoss;
    Score s;
    if (provenWin(child)) {
        s.q = 1.0f;  // exact, as select() scores it
    } else if (n > 0) {
        // Each pending simulation counts as a loss for the player choosing this edge.
        s.q = float((child.valueSum - double(params_.virtualLoss) * child.virtualLoss) / n);
    } else if (child.state == NodeState::Terminal) {
        s.q = -child.terminalValue;  // a result known before the first visit (a mating move)
    } else {
        float visitedPolicy = 0;
        for (int i = 0; i < parent.numChildren; ++i) {
            const Node& c = parent.children[i];
            if (c.visits + c.virtualLoss > 0) visitedPolicy += c.prior;
        }
        // parent.valueSum is from the grandparent's mover view: negate for the parent's mover.
        const float parentQ = parent.visits > 0 ? float(-parent.valueSum / parent.visits) : 0.0f;
        const float red = isRoot ? params_.fpuReductionRoot : params_.fpuReduction;
        s.q = parentQ - red * std::sqrt(visitedPolicy);
    }
    s.u = params_.cPuct * child.prior * sqrtN / float(1 + n);
    return s;
}

Node* MctsTree::select(Node& n, bool isRoot) const {
    const int parentN = n.visits + n.virtualLoss;
    const float sqrtN = std::sqrt(float(std::max(parentN, 1)));
    float visitedPolicy = 0;
    for (int i = 0; i < n.numChildren; ++i) {
        const Node& c = n.children[i];
        if (c.visits + c.virtualLoss > 0) visitedPolicy += c.prior;
    }
    const float parentQ = n.visits > 0 ? float(-n.valueSum / n.visits) : 0.0f;
    const float fpu = parentQ - (isRoot ? params_.fpuReductionRoot : params_.fpuReduction) *
                                   std::sqrt(visitedPolicy);
    const double vl = params_.virtualLoss;
    const bool forced = isRoot && params_.addNoise && params_.forcedPlayoutK > 0;
    Node* best = nullptr;
    float bestScore = -1e30f;
    for (int i = 0; i < n.numChildren; ++i) {
        Node& c = n.children[i];
        const int cn = c.visits + c.virtualLoss;
        // A forced playout: a child below sqrt(k P N) visits goes first (unless known lost).
        if (forced && !provenLoss(c) && c.prior > 0 &&
            float(cn) < std::sqrt(params_.forcedPlayoutK * c.prior * float(std::max(parentN, 1)))) {
            const float s = 1e6f + c.prior;  // the largest prior among the forced ones
            if (s > bestScore) {
                bestScore = s;
                best = &c;
            }
            continue;
        }
        // A proven win is worth exactly +1, whatever its earlier estimates said.
        const float q = provenWin(c) ? 1.0f
                        : cn > 0     ? float((c.valueSum - vl * c.virtualLoss) / cn)
                        : c.state == NodeState::Terminal ? -c.terminalValue
                                                         : fpu;
        const float s =
            q + params_.cPuct * c.prior * sqrtN / float(1 + cn) - (provenLoss(c) ? kLostPenalty : 0);
        if (s > bestScore) {  // strict: the first of equal scores wins (deterministic)
            bestScore = s;
            best = &c;
        }
    }
    return best;
}

MctsTree::Descent MctsTree::descend(LeafSlot& slot) {
    slot.pos = rootPos_;  // copy-assignment reuses the slot's history capacity
    slot.path.clear();
    Node* n = root_;
    slot.path.push_back(n);
    ++n->virtualLoss;
    for (;;) {
        switch (n->state) {
            case NodeState::Terminal:
            case NodeState::Winning:
            case NodeState::Lost:
                // Already proven when it got this state (solve() ran then).
                backup(slot.path, n->terminalValue);
                return Descent::Terminal;
            case NodeState::Pending:
                for (Node* p : slot.path) --p->virtualLoss;
                return Descent::Collision;
            case NodeState::Unexpanded: {
                const GameStatus st =
                    n == root_ ? rootStatus_ : gameStatus(slot.pos, params_.rules);
                if (st.over()) {
                    n->state = NodeState::Terminal;
                    n->terminalReason = uint8_t(st.reason);
                    n->terminalValue = terminalValue(st, slot.pos.sideToMove());
                    backup(slot.path, n->terminalValue);
                    solve(slot.path);
                    return Descent::Terminal;
                }
                slot.moves.clear();
                slot.pos.legalMoves(slot.moves);
                // A side that can mate at once, or force a mate by checks within
                // leafMateSearchMoves, has won: +1 exactly, no network call. This is what lets
                // a search with a few hundred simulations see mates its network's prior hides,
                // on both sides (the root's mating moves: expand(), probeRootMate()).
                if (n != root_ && leafHasForcedMate(slot)) {
                    n->state = NodeState::Winning;
                    n->terminalValue = 1.0f;
                    backup(slot.path, n->terminalValue);
                    solve(slot.path);
                    return Descent::Terminal;
                }
                n->state = NodeState::Pending;
                return Descent::Leaf;
            }
            case NodeState::Expanded: {
                // A solved position below the root is worth its proof: no need to go deeper
                // (the root is always searched, to rank its moves).
                if (n != root_ && n->proven != 0) {
                    backup(slot.path, float(n->proven));
                    return Descent::Terminal;
                }
                Node* c = !gumbel()     ? select(*n, n == root_)
                          : n == root_ ? selectGumbelRoot()
                                       : selectGumbelInterior(*n);
                ++c->virtualLoss;
                slot.pos.makeMove(c->move);
                slot.path.push_back(c);
                n = c;
                break;
            }
        }
    }
}

GatherCounts MctsTree::gather(int maxLeaves, int budget, std::vector<LeafSlot>& leafSlots,
                              size_t first) {
    GatherCounts c;
    if (rootStatus_.over()) return c;
    int started = 0;
    while (c.leaves < maxLeaves && started < budget && c.collisions <= params_.maxCollisions) {
        if (leafSlots.size() <= first + size_t(c.leaves)) leafSlots.resize(first + c.leaves + 1);
        switch (descend(leafSlots[first + c.leaves])) {
            case Descent::Leaf:
                ++c.leaves;
                ++started;
                break;
            case Descent::Terminal:
                ++c.terminalHits;
                ++started;
                break;
            case Descent::Collision:
                ++c.collisions;
                break;
        }
    }
    return c;
}

bool MctsTree::leafHasForcedMate(LeafSlot& slot) const {
    // The probe tries mates in one first, over every move, as hasMateInOne() does.
    if (params_.leafMateSearchMoves < 2) return hasMateInOne(slot.pos, slot.moves);
    return findCheckingMate(slot.pos, params_.rules, params_.leafMateSearchMoves,
                            uint64_t(std::max(params_.leafMateSearchNodes, 0)))
        .found();
}

void MctsTree::expand(LeafSlot& slot, const nn::EvalOutput& out) {
    Node* leaf = slot.path.back();
    const int n = slot.moves.size();
    if (n > 0) {
        Node* ch = arena_.allocate(n);
        // Policy softmax temperature T: P_i^(1/T), renormalised (T = 1 leaves P as it is).
        const float invT = 1.0f / params_.policyTemperature;
        auto shaped = [&](float p) {
            p = std::max(p, 0.0f);
            return invT == 1.0f || p == 0.0f ? p : std::pow(p, invT);
        };
        float sum = 0;
        for (int i = 0; i < n; ++i) sum += shaped(out.priors[i]);
        // A broken evaluator (all zero, NaN) falls back to uniform rather than poisoning PUCT.
        const bool ok = sum > 0 && std::isfinite(sum);
        for (int i = 0; i < n; ++i) {
            ch[i].move = slot.moves[i];
            ch[i].prior = ok ? shaped(out.priors[i]) / sum : 1.0f / float(n);
            // Only the root can have mating moves here (any other node that has one became
            // Winning in descend()): mark them, so selection scores them +1 before a visit.
            if (leaf == root_ && matesAtOnce(slot.pos, ch[i].move)) {
                ch[i].state = NodeState::Terminal;
                ch[i].terminalReason = uint8_t(slot.pos.givesCheck(ch[i].move) ? Reason::Checkmate
                                                                                : Reason::Stalemate);
                ch[i].terminalValue = -1.0f;
            }
        }
        leaf->children = ch;
        leaf->numChildren = uint16_t(n);
        if (leaf == root_)
            for (int i = 0; i < n; ++i)
                if (provenWin(ch[i])) leaf->proven = 1;
    }
    leaf->state = NodeState::Expanded;
    if (leaf == root_ && params_.addNoise && !gumbel() && !noiseApplied_) applyNoise();
    if (leaf == root_) probeRootMate();
    float v = out.value;
    if (!std::isfinite(v)) v = 0;
    v = std::clamp(v, -1.0f, 1.0f);
    leaf->terminalValue = v;  // an Expanded node's network value (mcts_node.h)
    backup(slot.path, v);
}

void MctsTree::cancel(LeafSlot& slot) {
    for (Node* p : slot.path) --p->virtualLoss;
    slot.path.back()->state = NodeState::Unexpanded;
}

void MctsTree::solve(const std::vector<Node*>& path) {
    // MCTS-Solver (Winands, Bjornsson and Saito 2008): path.back() has just been proven. Its
    // parent is won for its side to move when one move reaches a position lost for the
    // opponent, and lost when every move reaches a position won for the opponent; a new
    // verdict may settle the grandparent in turn, and so on up. Where nothing new is proven,
    // nothing above can change either. Exact: every Expanded node holds all its legal moves.
    for (size_t i = path.size() - 1; i-- > 0;) {
        Node* p = path[i];
        if (p->state != NodeState::Expanded || p->proven != 0 || p->numChildren == 0) return;
        bool allLost = true;
        int8_t verdict = 0;
        for (int k = 0; k < p->numChildren; ++k) {
            const int v = provenValue(p->children[k]);
            if (v < 0) {
                verdict = 1;
                break;
            }
            if (v <= 0) allLost = false;
        }
        if (verdict == 0 && allLost) verdict = -1;
        if (verdict == 0) return;
        p->proven = verdict;
    }
}

void MctsTree::backup(const std::vector<Node*>& path, float leafValue) {
    // leafValue is for the side to move at the leaf; the leaf's W is from its parent's mover
    // view (the opponent), hence the first negation; then alternate at every level.
    double x = -leafValue;
    for (size_t i = path.size(); i-- > 0;) {
        Node* p = path[i];
        p->visits += 1;
        p->valueSum += x;
        p->virtualLoss -= 1;
        x = -x;
    }
}

std::vector<Move> MctsTree::principalVariation(const Node* from, int maxLength) const {
    std::vector<Move> pv;
    const Node* n = from;
    while (n && n->expanded() && int(pv.size()) < maxLength) {
        const Node* best = nullptr;
        for (int i = 0; i < n->numChildren; ++i) {
            const Node& c = n->children[i];
            if (c.visits == 0) continue;
            if (!best || c.visits > best->visits ||
                (c.visits == best->visits && c.q() > best->q()))
                best = &c;
        }
        if (!best) break;
        pv.push_back(best->move);
        n = best;
    }
    return pv;
}

float MctsTree::temperatureNow() const {
    return rootPos_.gamePly() < params_.temperaturePlies ? params_.temperature : 0.0f;
}

void MctsTree::pruneForcedPlayouts(SearchResult& r, int bestIdx) const {
    // A child other than the best keeps only the visits it would have got without being
    // forced: the fewest with which its PUCT score would still not exceed the best child's,
    // and at least its visits minus the forced ones.
    const int n = root_->numChildren;
    const Node& b = root_->children[bestIdx];
    if (b.visits == 0) return;
    const float sqrtN = std::sqrt(float(std::max(root_->visits, 1)));
    const float bestScore = float(b.valueSum / b.visits) + params_.cPuct * b.prior * sqrtN / float(1 + b.visits);
    for (int i = 0; i < n; ++i) {
        const Node& c = root_->children[i];
        if (i == bestIdx || c.visits == 0 || provenWin(c)) continue;
        const float gap = bestScore - float(c.valueSum / c.visits);
        if (gap <= 0) continue;  // it earned its visits on value alone
        const int forcedVisits =
            int(std::sqrt(params_.forcedPlayoutK * c.prior * float(std::max(root_->visits, 1))));
        const int needed = int(std::ceil(params_.cPuct * c.prior * sqrtN / gap - 1.0f));
        const int kept = std::max(needed, c.visits - forcedVisits);
        if (kept < c.visits) r.targetVisits[size_t(i)] = kept <= 1 ? 0 : kept;
    }
}

// result() in stages: CollectRootStats -> ProvenWinIndex -> (Gumbel: gumbelResult) or
// VisitPolicy -> SampleMove.

int MctsTree::collectRootStats(SearchResult& r) const {
    const int n = root_->numChildren;
    int bestIdx = -1;
    for (int i = 0; i < n; ++i) {
        const Node& c = root_->children[i];
        r.moves.push_back(c.move);
        r.visits.push_back(c.visits);
        r.priors.push_back(c.prior);
        r.q.push_back(c.q());
        r.proven.push_back(int8_t(-provenValue(c)));
        if (bestIdx < 0) {
            bestIdx = i;
            continue;
        }
        const Node& b = root_->children[bestIdx];
        // A move known to lose is the best only when every move is.
        if (provenLoss(c) != provenLoss(b)) {
            if (provenLoss(b)) bestIdx = i;
            continue;
        }
        if (c.visits > b.visits || (c.visits == b.visits && (c.q() > b.q() ||
                                                              (c.q() == b.q() && c.prior > b.prior))))
            bestIdx = i;
    }
    return bestIdx;
}

int MctsTree::provenWinIndex() const {
    // A move that ends the game at once first, else the most visited move the solver proved.
    auto winRank = [](const Node& c) {
        if (c.state == NodeState::Terminal && c.terminalValue < 0) return 2;
        return provenWin(c) ? 1 : 0;
    };
    int winIdx = -1;
    for (int i = 0; i < root_->numChildren; ++i) {
        const Node& c = root_->children[i];
        const int rank = winRank(c);
        if (rank == 0) continue;
        if (winIdx < 0) {
            winIdx = i;
            continue;
        }
        const Node& w = root_->children[winIdx];
        if (rank > winRank(w) || (rank == winRank(w) && c.visits > w.visits)) winIdx = i;
    }
    return winIdx;
}

long MctsTree::visitPolicy(SearchResult& r, int bestIdx) const {
    const int n = root_->numChildren;
    const float tau = temperatureNow();
    r.temperature = tau;
    r.pi.assign(n, 0.0f);
    // pi (and so the move played) leaves out moves known to lose, unless every move does.
    // Self-play stores the raw visit counts as its training target, so there such a move
    // keeps its one visit.
    r.targetVisits = r.visits;
    if (params_.addNoise && params_.forcedPlayoutK > 0) pruneForcedPlayouts(r, bestIdx);
    std::vector<int> counts(r.targetVisits);
    if (!provenLoss(root_->children[bestIdx]))
        for (int i = 0; i < n; ++i)
            if (provenLoss(root_->children[i])) counts[size_t(i)] = 0;
    long total = 0;
    for (int v : counts) total += v;
    if (tau <= 0 || total == 0) {
        r.pi[bestIdx] = 1.0f;
        return total;
    }
    double sum = 0;
    std::vector<double> w(n);
    const double maxV = *std::max_element(counts.begin(), counts.end());
    // Scaled by the largest count so N^(1/tau) cannot overflow for small tau.
    for (int i = 0; i < n; ++i) sum += w[i] = std::pow(counts[size_t(i)] / maxV, 1.0 / tau);
    for (int i = 0; i < n; ++i) r.pi[i] = float(w[i] / sum);
    return total;
}

Move MctsTree::sampleMove(const SearchResult& r) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    double x = u(rng_), acc = 0;
    for (size_t i = 0; i < r.pi.size(); ++i) {
        acc += r.pi[i];
        if (x < acc && r.pi[i] > 0) return r.moves[i];
    }
    return r.bestMove;
}

SearchResult MctsTree::result(bool sample) {
    SearchResult r;
    r.rootStatus = rootStatus_;
    r.rootVisits = root_->visits;
    if (rootStatus_.over()) {
        r.rootValue = r.networkValue = terminalValue(rootStatus_, rootPos_.sideToMove());
        return r;
    }
    r.rootValue = root_->visits > 0 ? float(-root_->valueSum / root_->visits) : 0.0f;
    r.networkValue = root_->expanded() ? root_->terminalValue : r.rootValue;
    r.rootProven = root_->expanded() ? root_->proven : 0;
    int bestIdx = collectRootStats(r);
    if (bestIdx < 0) return r;  // root never expanded (no simulations yet)
    // A proven win is played whatever the visits say (and even when sampling).
    const int winIdx = provenWinIndex();
    if (gumbel()) {
        gumbelResult(r, winIdx >= 0 ? winIdx : bestIdx, winIdx >= 0);
        return r;
    }
    if (winIdx >= 0) bestIdx = winIdx;
    r.bestMove = root_->children[bestIdx].move;
    r.pv = principalVariation(root_);
    if (r.pv.empty()) r.pv.push_back(r.bestMove);
    const long total = visitPolicy(r, bestIdx);
    r.chosenMove = r.bestMove;
    if (sample && r.temperature > 0 && total > 0 && winIdx < 0) r.chosenMove = sampleMove(r);
    return r;
}

}  // namespace xq::search
