// MctsTree's Gumbel half (MctsParams::Kind::Gumbel, Danihelka et al. 2022): Gumbel-top-m root
// sampling, Sequential Halving over this search's new visits, the improved policy's selection
// below the root and the policy target. The PUCT half and the shared tree are in mcts_tree.cpp.
#include <algorithm>
#include <climits>
#include <cmath>
#include <random>
#include <vector>

#include "core/search/mcts_tree.h"
#include "core/search/mcts_tree_internal.h"

namespace xq::search {

using detail::kLostPenalty;
using detail::provenLoss;
using detail::provenWin;

// ---- Gumbel search ---------------------------------------------------------------------------

namespace {

// Sequential Halving as a sequence (mctx's get_sequence_of_considered_visits): the k-th root
// simulation goes to a considered move that has exactly sequence[k] visits so far. Each phase
// gives every remaining move the same share of the budget, then halves the moves kept.
std::vector<int> consideredVisitSequence(int m, int n) {
    std::vector<int> seq;
    seq.reserve(size_t(std::max(n, 0)));
    if (m <= 1) {
        for (int k = 0; k < n; ++k) seq.push_back(k);
        return seq;
    }
    const int log2m = int(std::ceil(std::log2(double(m))));
    std::vector<int> visits(size_t(m), 0);
    int considered = m;
    while (int(seq.size()) < n) {
        const int extra = std::max(1, int(double(n) / double(log2m * considered)));
        for (int e = 0; e < extra; ++e) {
            for (int i = 0; i < considered; ++i) seq.push_back(visits[size_t(i)]);
            for (int i = 0; i < considered; ++i) ++visits[size_t(i)];
        }
        considered = std::max(2, considered / 2);
    }
    seq.resize(size_t(n));
    return seq;
}

float logPrior(const Node& c) { return std::log(std::max(c.prior, 1e-30f)); }

}  // namespace

void MctsTree::setupGumbelRoot() {
    GumbelRoot& G = gumbel_;
    const int n = root_->numChildren;
    G.ready = true;
    G.score.assign(size_t(n), 0.0f);
    G.base.assign(size_t(n), 0);
    G.considered.assign(size_t(n), 0);
    const bool noise = params_.addNoise && params_.gumbelScale > 0;
    std::extreme_value_distribution<double> gumbelNoise(0.0, 1.0);  // the standard Gumbel
    for (int i = 0; i < n; ++i) {
        const Node& c = root_->children[i];
        G.score[size_t(i)] = logPrior(c) + (noise ? params_.gumbelScale * float(gumbelNoise(rng_)) : 0.0f);
        G.base[size_t(i)] = c.visits;
    }
    // The top m by noisy score (Gumbel-top-k: a sample without replacement from the prior).
    std::vector<int> order(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) order[size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return G.score[size_t(a)] > G.score[size_t(b)]; });
    const int m = std::clamp(params_.gumbelConsidered, 1, std::max(n, 1));
    for (int i = 0; i < m && i < n; ++i) G.considered[size_t(order[size_t(i)])] = 1;
    // Simulations already spent in this search (the root's own expansion) are not the moves'.
    const int used = root_->visits - G.rootVisitsAtStart;
    const int sims = G.budget > 0 ? std::max(1, G.budget - used) : kGumbelUnlimitedSimulations;
    if (G.sequenceM != m || G.sequenceN != sims) {
        G.sequence = consideredVisitSequence(m, sims);
        G.sequenceM = m;
        G.sequenceN = sims;
    }
}

int MctsTree::gumbelVisits(int i) const {
    const Node& c = root_->children[i];
    return c.visits + c.virtualLoss - gumbel_.base[size_t(i)];
}

void MctsTree::transformedQ(const Node& n, float* out) const {
    const int k = n.numChildren;
    int sumN = 0, maxN = 0;
    double piSum = 0, piQ = 0;
    for (int i = 0; i < k; ++i) {
        const Node& c = n.children[i];
        if (c.visits <= 0) continue;
        sumN += c.visits;
        maxN = std::max(maxN, c.visits);
        piSum += c.prior;
        piQ += double(c.prior) * c.q();
    }
    // The unvisited moves' Q: the network's value of n mixed with the prior-weighted Q of the
    // visited ones, as the paper's Appendix D (mctx's _compute_mixed_value).
    const double vhat = n.terminalValue;
    const float vmix = sumN > 0 && piSum > 0 ? float((vhat + sumN * (piQ / piSum)) / (1.0 + sumN)) : float(vhat);
    float lo = 1e30f, hi = -1e30f;
    for (int i = 0; i < k; ++i) {
        const Node& c = n.children[i];
        const float q = provenWin(c)                      ? 1.0f
                        : provenLoss(c)                   ? -1.0f
                        : c.visits > 0                    ? c.q()
                        : c.state == NodeState::Terminal ? -c.terminalValue
                                                          : vmix;
        out[i] = q;
        lo = std::min(lo, q);
        hi = std::max(hi, q);
    }
    const float scale = (params_.gumbelCVisit + float(maxN)) * params_.gumbelCScale;
    const float span = std::max(hi - lo, 1e-8f);
    for (int i = 0; i < k; ++i) out[i] = scale * (out[i] - lo) / span;
}

void MctsTree::improvedPolicy(const Node& n, float* out) const {
    const int k = n.numChildren;
    transformedQ(n, out);
    // softmax(log P + sigma) computed as P x exp(sigma - max sigma), normalised: one exp a move
    // and no log. sigma lies in [0, scale], so the largest term is its move's prior (> 0).
    float mx = 0;
    for (int i = 0; i < k; ++i) mx = std::max(mx, out[i]);
    double sum = 0;
    for (int i = 0; i < k; ++i) {
        out[i] = std::max(n.children[i].prior, 1e-30f) * std::exp(out[i] - mx);
        sum += out[i];
    }
    for (int i = 0; i < k; ++i) out[i] = float(out[i] / sum);
}

Node* MctsTree::selectGumbelRoot() {
    if (!gumbel_.ready) setupGumbelRoot();
    Node& r = *root_;
    const int n = r.numChildren;
    for (int i = 0; i < n; ++i)
        if (provenWin(r.children[i])) return &r.children[i];  // exact +1: nothing to halve
    float sigma[MoveList::kCapacity];
    transformedQ(r, sigma);
    const auto& G = gumbel_;
    auto open = [&](int i) { return G.considered[size_t(i)] && !provenLoss(r.children[i]); };
    // argmax of the noisy score plus sigma(completed Q) over the moves `eligible` admits.
    auto pick = [&](auto&& eligible) {
        int best = -1;
        float bestScore = 0;
        for (int i = 0; i < n; ++i) {
            if (!eligible(i)) continue;
            const float s = G.score[size_t(i)] + sigma[i];
            if (best < 0 || s > bestScore) {
                best = i;
                bestScore = s;
            }
        }
        return best;
    };
    int k = 0, minV = INT_MAX, maxV = -1;
    for (int i = 0; i < n; ++i) {
        if (!G.considered[size_t(i)]) continue;
        k += gumbelVisits(i);
        if (!open(i)) continue;
        minV = std::min(minV, gumbelVisits(i));
        maxV = std::max(maxV, gumbelVisits(i));
    }
    // The k-th simulation goes to the best move with the visits the sequence asks for; past
    // the planned budget (a time limit), to the survivors; a move the sequence cannot find (a
    // proven loss dropped out) is replaced by the least visited open one.
    const int target = k < int(G.sequence.size()) ? G.sequence[size_t(k)] : maxV;
    int i = pick([&](int j) { return open(j) && gumbelVisits(j) == target; });
    if (i < 0) i = pick([&](int j) { return open(j) && gumbelVisits(j) == minV; });
    if (i < 0) i = pick([&](int j) { return !provenLoss(r.children[j]); });  // all considered lost
    if (i < 0) i = pick([](int) { return true; });                           // every move loses
    return &r.children[i];
}

Node* MctsTree::selectGumbelInterior(Node& n) const {
    float pol[MoveList::kCapacity];
    improvedPolicy(n, pol);
    int total = 0;
    for (int i = 0; i < n.numChildren; ++i) total += n.children[i].visits + n.children[i].virtualLoss;
    Node* best = nullptr;
    float bestScore = -1e30f;
    for (int i = 0; i < n.numChildren; ++i) {
        Node& c = n.children[i];
        if (provenWin(c)) return &c;
        const float s = pol[i] - float(c.visits + c.virtualLoss) / float(1 + total) -
                        (provenLoss(c) ? kLostPenalty : 0.0f);
        if (s > bestScore) {  // strict: the first of equal scores wins (deterministic)
            bestScore = s;
            best = &c;
        }
    }
    return best;
}

int MctsTree::gumbelChoice() {
    if (!gumbel_.ready) setupGumbelRoot();
    const Node& r = *root_;
    const int n = r.numChildren;
    float sigma[MoveList::kCapacity];
    transformedQ(r, sigma);
    int maxV = -1;
    for (int i = 0; i < n; ++i)
        if (gumbel_.considered[size_t(i)] && !provenLoss(r.children[i])) maxV = std::max(maxV, gumbelVisits(i));
    int best = -1;
    float bestScore = 0;
    for (int i = 0; i < n; ++i) {
        if (!gumbel_.considered[size_t(i)] || provenLoss(r.children[i]) || gumbelVisits(i) != maxV) continue;
        const float s = gumbel_.score[size_t(i)] + sigma[i];
        if (best < 0 || s > bestScore) {
            best = i;
            bestScore = s;
        }
    }
    return best;
}

void MctsTree::gumbelResult(SearchResult& r, int fallbackIdx, bool provenWinIdx) {
    const int n = root_->numChildren;
    float pol[MoveList::kCapacity];
    improvedPolicy(*root_, pol);
    r.pi.assign(pol, pol + n);
    r.targetVisits.assign(size_t(n), 0);
    for (int i = 0; i < n; ++i) r.targetVisits[size_t(i)] = int(std::lround(pol[i] * kGumbelTargetScale));
    int choice = provenWinIdx ? fallbackIdx : gumbelChoice();
    if (choice < 0) choice = fallbackIdx;
    const Node& c = root_->children[choice];
    r.bestMove = r.chosenMove = c.move;
    r.temperature = 0;
    r.pv.assign(1, c.move);
    const std::vector<Move> rest = principalVariation(&c, 63);
    r.pv.insert(r.pv.end(), rest.begin(), rest.end());
}

}  // namespace xq::search
