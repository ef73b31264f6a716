#pragma once
// MCTS parameters and search limits: plain values, declared once here (name, meaning, default;
// ranges in the comments). The CLI, presets and stored run configs copy these fields.
//
// Thread-safety: plain values; copy them into a search before it starts.

#include <algorithm>
#include <cstdint>

#include "core/xiangqi/rules.h"

namespace xq::search {

// Root noise defaults, in double so that the run parameters (train::TrainConfig) hold them exactly.
inline constexpr double kDefaultDirichletAlpha = 0.3;
inline constexpr double kDefaultDirichletEpsilon = 0.25;
// The Gumbel search's c_scale (MctsParams::gumbelCScale), mctx's default, in double likewise.
inline constexpr double kDefaultGumbelCScale = 0.1;

struct MctsParams {
    // How the search chooses at the root and below it.
    //   Puct    AlphaZero: PUCT selection everywhere, root Dirichlet noise when addNoise, the
    //           visit counts as the policy target, the move drawn from them under the
    //           temperature schedule.
    //   Gumbel  Gumbel AlphaZero (Danihelka, Guez, Schrittwieser, Silver, ICLR 2022): at the
    //           root, Gumbel noise on the log-priors when addNoise (gumbelScale), the top
    //           gumbelConsidered moves, and Sequential Halving of the simulations among them;
    //           the move played is the survivor. Below the root, the deterministic selection
    //           of the improved policy, argmax(pi'(a) - N(a) / (1 + sum N)). The policy target
    //           (SearchResult::pi, targetVisits) is pi' = softmax(log P + sigma(completed Q))
    //           over the legal moves, which improves on the prior at any simulation count,
    //           where the visit counts of a PUCT search of a few dozen simulations do not.
    //           No Dirichlet noise, forced playouts or temperature: the Gumbel noise explores.
    enum class Kind : uint8_t { Puct, Gumbel };
    Kind kind = Kind::Puct;
    // Root moves Sequential Halving starts from (m). Range [1, 256].
    int gumbelConsidered = 16;
    // Scale of the root's Gumbel noise when addNoise (0 = none). Range [0, 10].
    float gumbelScale = 1.0f;
    // sigma(q) = (gumbelCVisit + max_b N(b)) * gumbelCScale * q, with the completed Q values of
    // a node's moves rescaled to [0, 1] (the paper's and mctx's defaults: 50 and 0.1).
    float gumbelCVisit = 50.0f;  // [0, 1000]
    float gumbelCScale = float(kDefaultGumbelCScale);  // (0, 10]

    // PUCT exploration constant in  Q + c_puct * P * sqrt(N_parent) / (1 + N). Range (0, 10].
    float cPuct = 1.5f;
    // First-play urgency: an unvisited child is scored as if its Q were
    //   Q(parent, from the parent's mover view) - fpuReduction * sqrt(sum of priors of the
    //   parent's children already visited).
    // 0 = as good as the parent; larger = explore fewer new moves. Range [0, 2].
    float fpuReduction = 0.25f;
    float fpuReductionRoot = 0.25f;  // the same at the root (noise wants it lower)

    // Policy softmax temperature: priors become P^(1/T), renormalised over the legal moves.
    // T > 1 flattens them, so the search looks at moves the network ranks low (lc0 plays with
    // about 1.4-1.6). 1 = the network's priors. Range [0.1, 10].
    float policyTemperature = 1.0f;

    // Root Dirichlet noise P' = (1 - eps) P + eps * Dir(alpha): self-play only, off for play,
    // evaluation and analysis.
    bool addNoise = false;
    float dirichletAlpha = float(kDefaultDirichletAlpha);      // (0, 10]
    float dirichletEpsilon = float(kDefaultDirichletEpsilon);  // [0, 1]
    // Forced playouts with policy target pruning (KataGo, Wu 2019), only in searches with root
    // noise: a root child with prior P is searched at least sqrt(k * P * N) times (N the root's
    // visits), so noise-boosted moves get looked at; SearchResult::targetVisits then takes back
    // the visits a child got only because it was forced. 0 = off. Range [0, 10].
    float forcedPlayoutK = 0.0f;

    // Temperature schedule: tau = `temperature` for the first `temperaturePlies` plies of the
    // game (Position::gamePly() of the root), then tau -> 0 (the most visited move). Used when
    // forming pi and choosing the move (SearchResult).
    int temperaturePlies = 0;       // [0, 1000]; 0 = always greedy
    float temperature = 1.0f;       // (0, 10]

    // Leaves one search collects per evaluator call, using virtual loss to spread them over
    // the tree (8..32 is typical for analysis). 1 = classic sequential MCTS. Range [1, 256].
    int batchSize = 16;
    // Each in-flight selection counts as this many losses for the player choosing the edge
    // while it is pending. Range [0, 10].
    float virtualLoss = 1.0f;
    // A gather stops early after this many collisions (a leaf already waiting for the
    // network), so a small tree does not spin. Range [0, 1024].
    int maxCollisions = 8;
    // Search threads on one tree (MctsSearch). The evaluator must then be thread-safe
    // (InferenceServer, the fakes). Range [1, 64].
    int threads = 1;

    // Forced-mate probe at the root (core/search/mate_search.h): before searching a new root,
    // look for a mate in at most this many moves where every move but the last gives check; a
    // mate found is proven, so the solver plays it and the search backs it up as +1. 0 or 1 =
    // off (mates in one are always seen). Range [0, 8]. Cost measured over 7,423 positions of
    // random games: 0.08 ms mean, 5.6 ms worst at 5 moves (the budget stopped one probe).
    int mateSearchMoves = 5;
    // Positions one probe may make (bounds its time: about 3 ms per 10,000 here). Range
    // [0, 10^7]; 0 = unlimited.
    int mateSearchNodes = 20000;
    // The same probe at every leaf before it goes to the network: a leaf whose side to move has
    // a checking mate in at most this many moves is worth +1 (NodeState::Winning) and the
    // solver proves what follows above it, so the search steers toward positions where a mate
    // is forced, not only toward a material lead. 1 = mates in one only (always on). Range
    // [1, 5]. Cost over the same positions at 3 moves: 0.03 ms mean, 0.6 ms worst (a network
    // evaluation is about 1 ms here).
    int leafMateSearchMoves = 3;
    int leafMateSearchNodes = 5000;  // per leaf; 0 = unlimited

    // Game-ending rules applied inside the tree (repetitions, length cap).
    RuleOptions rules{};

    // Seeds the noise and the temperature sampling; equal seeds give equal searches with one
    // thread and a deterministic evaluator.
    uint64_t seed = 1;
};

struct SearchLimits {
    int simulations = 800;   // new simulations (leaf evaluations + terminal hits); 0 = no limit
    double seconds = 0;      // wall-clock limit; 0 = none
    // Stop when the most visited root move can no longer be overtaken within the budget
    // (saves time in play; keep off for self-play so pi is not truncated).
    bool stopWhenDecided = false;
    // Tree reuse: count the visits the root already has (from the previous move's search)
    // toward `simulations`, as Leela Zero's and KataGo's visit limits do: the root ends with
    // about `simulations` visits, and only the missing ones are searched. At least a quarter
    // of the budget is always searched anew, so the fresh root noise still acts. Off: every
    // search runs `simulations` new ones.
    bool countReusedVisits = false;

    // New simulations a search whose root already has `reused` visits runs (0 = no limit).
    int newSimulations(int reused) const {
        if (simulations <= 0 || !countReusedVisits) return simulations;
        return std::max(simulations - reused, std::max(1, simulations / 4));
    }
};

}  // namespace xq::search
