#pragma once
// The training run configuration, declared ONCE: every parameter has a name, a group, a help
// text, a range and a default (kParams in config.cpp). The CLI flags of `xqzero train`, the
// presets, `--print-config`, the JSON stored with a run and the settings form of the studio's
// Train page are all generated from that one table.
//
// The option structs the parameters fill (SelfPlayOptions, ArenaOptions) take their defaults
// from TrainConfig{}, so a default is written once.
//
// Thread-safety: plain values; the table is immutable.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/nn/net.h"
#include "core/search/mcts_params.h"

namespace xq::train {

struct TrainConfig {
    // Network
    int channels = 64;
    int blocks = 3;
    int policyHead = 0;     // nn::PolicyHeadKind: 0 dense, 1 bilinear
    int inputFeatures = 0;  // nn::InputFeatures: 0 basic, 1 tactical
    // Self-play
    int gamesPerIteration = 40;
    int simulations = 80;
    // Progressive simulations (MiniZero): above 0, the self-play budget rises linearly from
    // `simulations` at the start of the schedule to this at its end, over the learning-rate
    // schedule's progress (scheduleProgress in pipeline.h). 0 = a fixed budget.
    int simulationsEnd = 0;
    // The self-play search (search::MctsParams::Kind): 0 PUCT, 1 Gumbel. Gating, the ladder and
    // play search with PUCT whatever this says, so every generation is measured alike.
    int search = 0;
    int gumbelConsidered = search::MctsParams{}.gumbelConsidered;
    double gumbelCScale = search::kDefaultGumbelCScale;  // sigma's scale (Gumbel search)
    bool countReusedVisits = true;  // tree reuse counts toward `simulations` (self-play)
    int gamesInFlight = 32;
    double cPuct = search::MctsParams{}.cPuct;  // the search's own default
    double dirichletAlpha = search::kDefaultDirichletAlpha;
    double dirichletEpsilon = search::kDefaultDirichletEpsilon;
    double forcedPlayouts = 0;  // search::MctsParams::forcedPlayoutK (0 = off)
    int temperaturePlies = 20;
    int randomOpeningPlies = 0;
    // Playout-cap randomization (KataGo, Wu 2019): a share of the moves get the full search
    // (with root noise) and become policy targets; the others get `fastSimulations`, no noise,
    // and are played but never trained on. 1 = every move is searched fully.
    double fullSearchFraction = 1.0;
    int fastSimulations = 20;
    // Unsettled roots: a full self-play search whose best move's value differs from the
    // network's value of the position by at least `unsettledValueChange` is searched again with
    // `unsettledExtra` times its budget before the move is played (0 = off; SelfPlayOptions).
    double unsettledExtra = 0;
    double unsettledValueChange = 0.3;
    double resignThreshold = -0.9;
    int resignMoves = 8;
    double resignPlayoutFraction = 0.1;
    int maxPlies = 300;
    bool adjudicate = true;
    // Value target of a game won on material at the length cap; a mate counts 1. Below 1 it
    // makes "ahead in material" worth less than "mated" (the quick preset uses 0.5).
    double adjudicationValue = 1.0;
    // Forced-mate probe by checks at every root, in moves (search::MctsParams::mateSearchMoves).
    int mateSearch = search::MctsParams{}.mateSearchMoves;
    int leafMateSearch = 3;  // the same at every leaf (search::MctsParams::leafMateSearchMoves)
    // Dense value signal (ReplayBuffer::setMaterialTarget): the value target of a position
    // blends the game's result with the material balance `materialTargetPlies` plies later
    // (or at the end), squashed to [-1, 1]. 0 = the game result alone.
    double materialTargetWeight = 0.0;
    int materialTargetPlies = 8;
    // Take that balance after playing out the exchanges in progress (resolvedMaterialBalance)
    // rather than the plain count at that ply.
    bool materialTargetResolved = false;
    // Weight of the search's root value in the value target, blended after the result and the
    // material term: a low-variance estimate of the position that the game's outcome, decided
    // by many later moves of a young network, is not (value-target-search).
    double valueTargetSearch = 0.0;
    // Share of the training draws weighted by policy surprise (KataGo): a position is drawn in
    // proportion to (1 - s) + s * its surprise / the window's mean surprise, where its surprise
    // is KL(search target || network prior) at that root, so the positions where the search
    // found what the network did not see come back more often (policy-surprise).
    double policySurprise = 0.0;
    // Replay buffer and training
    int bufferCapacity = 200000;  // the most positions kept; the window sampled grows to it
    // Training window (KataGo's shuffler): positions sampled are the newest
    //   W(N) = N                                              for N <= windowMin
    //   W(N) = windowMin * (1 + windowExpand * ((N / windowMin)^windowExponent - 1) / windowExponent)
    // of the N positions generated so far, capped at bufferCapacity.
    int windowMin = 50000;
    double windowExponent = 0.65;
    double windowExpand = 0.4;
    int batchSize = 512;
    // Policy loss over the legal moves only (ReplayBuffer::setLegalMasks), as the search reads
    // the priors; off: over all 8100 outputs, so a small net first spends its steps learning
    // which moves the rules allow, and learns to rank the legal ones (tactics first) later.
    bool policyLegalOnly = true;
    // Samples trained per sample generated (KataGo trains about 4-8). Each training phase runs
    // the steps that bring samples trained up to trainRatio x samples generated; 0 = a fixed
    // stepsPerIteration instead.
    double trainRatio = 4.0;
    // Train while self-play runs (on its own thread), publishing every gamesPerIteration
    // games; off: the two alternate (best on a CPU, where both want every core).
    bool concurrentTraining = false;
    int stepsPerIteration = 200;
    double learningRate = 1e-3;
    int lrSchedule = 1;  // 0 = constant, 1 = cosine over lrDecaySteps, 2 = step (x0.1 at each third)
    int lrDecaySteps = 100000;
    // With a session time limit (PipelineOptions::minutes), the schedule runs over those
    // minutes of the session instead of lrDecaySteps: it ends decayed whatever the machine's
    // speed. Without a limit (the studio, an open-ended run) lrDecaySteps applies.
    bool lrDecayTimed = false;
    double weightDecay = 1e-4;
    double gradClip = 5.0;
    // Generations publish the moving average of the trained weights over about this many
    // steps (nn::NetTrainer::publishable; lc0's and KataGo's weight averaging), 0 = the trained
    // weights themselves. Training goes on from the trained weights either way.
    int weightAverageSteps = 0;
    // Weight of the auxiliary loss of a head that predicts the opponent's next move
    // (nn::TrainerOptions::replyWeight; KataGo's opponent policy), 0 = no such head. The head
    // trains the trunk only: published models have no trace of it.
    double replyPolicyWeight = 0;
    int minBufferToTrain = 2000;
    double validationFraction = 0.05;  // self-play games held out of training (early_stop.h)
    int validationInterval = 50;       // training steps between held-out checks
    int earlyStopChecks = 0;           // checks without improvement that end a phase (0 = off)
    // Start from games (pipeline.h, FromGames; the games are PipelineOptions::initGames): a
    // new run first trains generation 0 for initSteps steps on the moves played in those
    // games, holding out initHoldout of them to measure it. The value target is
    // initResultWeight x the result blended with the material term as in self-play (a master
    // game's result says little about its early positions). gamesMix: the share of each later
    // training batch drawn from those games (0 = self-play alone).
    int initSteps = 3000;
    double initHoldout = 0.1;
    double initResultWeight = 0.3;
    double gamesMix = 0.0;
    // Evaluation and gating (gate_rule.h). Gate 0: every training phase publishes a new
    // generation and self-play always plays the newest weights (AlphaZero). 1: a fixed match
    // of evalGames at gateThreshold. 2: a sequential probability ratio test (H0: 0 Elo,
    // H1: sprtElo1) stopped after at most evalGames games.
    int gate = 0;
    int evalGames = 40;
    int evalSimulations = 80;
    double gateThreshold = 0.55;
    double sprtElo1 = 35;
    double sprtAlpha = 0.05;
    double sprtBeta = 0.05;
    // Background Elo ladder (core/engine/background_ladder.h) of the newest generation every
    // ladderMinutes minutes (0 = off), ladderGames games a rung, ladderSimulations per move.
    double ladderMinutes = 15;
    int ladderGames = 4;
    int ladderSimulations = 80;
    // Machine
    int threads = 2;           // self-play search threads
    int inferenceThreads = 1;  // LibTorch intra-op threads of each inference worker
    int inferenceWorkers = 2;  // inference threads, each with its own copy of the network
    int seed = 1;
};

enum class ParamKind { Int, Double, Bool };

struct ParamDecl {
    const char* name;   // CLI flag and JSON key, e.g. "simulations"
    const char* group;  // "network", "selfplay", "training", "evaluation", "machine"
    const char* help;   // English; the UI translates it
    ParamKind kind;
    double min, max;
    std::variant<int TrainConfig::*, double TrainConfig::*, bool TrainConfig::*> field;
    // An Int parameter whose values name choices: choices[v] is the name of value v (min 0,
    // max choices.size() - 1). Text may give the name or the number; forms show the names.
    std::vector<const char*> choices = {};
};

const std::vector<ParamDecl>& params();
const ParamDecl* findParam(std::string_view name);

double getParam(const TrainConfig& c, const ParamDecl& p);
// Sets a value; throws std::invalid_argument naming the parameter and its range when the
// value is out of range (or not an integer for an integer parameter).
void setParam(TrainConfig& c, const ParamDecl& p, double value);
// Parses text ("80", "1e-3", "true", a choice's name such as "gumbel") and sets it; throws
// std::invalid_argument with a message.
void setParamText(TrainConfig& c, const ParamDecl& p, std::string_view text);

// Presets (tables of parameter values in config.cpp): quick (64x3, Gumbel at 16 rising to 48 simulations),
// standard (128x6, PUCT at 200), full (256x10, PUCT at 400).
const std::vector<std::string>& presetNames();
// Throws std::invalid_argument for an unknown preset name.
TrainConfig preset(std::string_view name);

// The network a run of this config trains (channels, blocks, policy head).
nn::NetConfig netConfig(const TrainConfig& c);

// JSON text with one key per parameter (plus "preset" when given).
std::string toJson(const TrainConfig& c, std::string_view presetName = {});
// Reads JSON written by toJson(); unknown keys are an error, missing keys keep `base`.
TrainConfig fromJson(std::string_view json, const TrainConfig& base = {});
// A readable table: group, name, value, range, help.
std::string describe(const TrainConfig& c);

}  // namespace xq::train
