#include "core/train/config.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/nn/net.h"

// Each parameter's help is written once, here, and marked for the studio's translation
// catalogue: lupdate reads QT_TRANSLATE_NOOP by name wherever it stands, and the core, which has
// no Qt, defines it as the text itself. The studio translates ParamDecl::help in that context
// (ui/train/param_texts.cpp); the command line prints it as it is.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace xq::train {

namespace {

using C = TrainConfig;

const std::vector<ParamDecl> kParams = {
    {"channels", "network", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Convolution channels of the residual trunk"), ParamKind::Int, nn::kMinChannels, nn::kMaxChannels, &C::channels},
    {"blocks", "network", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Residual blocks in the trunk"), ParamKind::Int, nn::kMinBlocks, nn::kMaxBlocks, &C::blocks},
    {"policy-head", "network", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy head: 0 dense (a fully connected layer onto the 8100 moves), 1 bilinear (each move's logit from the features of its two squares)"), ParamKind::Int, 0, nn::kPolicyHeadKinds - 1, &C::policyHead, {"dense", "bilinear"}},
    {"input-features", "network", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Input planes: 0 basic (pieces, side, repetition, progress), 1 tactical (also the squares each side reaches, the pieces that hang, check, and the material once the captures on the board are played out)"), ParamKind::Int, 0, nn::kInputFeatureKinds - 1, &C::inputFeatures, {"basic", "tactical"}},

    {"games-per-iteration", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play games between two training phases"), ParamKind::Int, 1, 100000, &C::gamesPerIteration},
    {"simulations", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per self-play move"), ParamKind::Int, 1, 100000, &C::simulations},
    {"simulations-end", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Progressive simulations: the self-play budget rises linearly from simulations to this over the learning-rate schedule (0 = fixed)"), ParamKind::Int, 0, 100000, &C::simulationsEnd},
    {"search", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play search: 0 PUCT (AlphaZero: visit counts as the policy target), 1 Gumbel (Gumbel AlphaZero: Sequential Halving among gumbel-considered root moves, the improved policy as the target; learns at few simulations)"), ParamKind::Int, 0, 1, &C::search, {"puct", "gumbel"}},
    {"gumbel-considered", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel search: root moves Sequential Halving starts from"), ParamKind::Int, 1, 256, &C::gumbelConsidered},
    {"gumbel-c-scale", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel search: weight of the search's Q in the policy target and the root's choice, sigma(q) = (50 + max visits) x this x q with q rescaled to [0, 1] (mctx: 0.1)"), ParamKind::Double, 0.01, 10, &C::gumbelCScale},
    {"count-reused-visits", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Visits kept from the previous move's tree count toward the simulations (at least a quarter are new)"), ParamKind::Bool, 0, 1, &C::countReusedVisits},
    {"games-in-flight", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games searched at once per self-play thread (fills the network's batches)"), ParamKind::Int, 1, 4096, &C::gamesInFlight},
    {"c-puct", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "PUCT exploration constant"), ParamKind::Double, 0.01, 10, &C::cPuct},
    {"dirichlet-alpha", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Root Dirichlet noise alpha"), ParamKind::Double, 0.001, 10, &C::dirichletAlpha},
    {"dirichlet-epsilon", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of the root noise"), ParamKind::Double, 0, 1, &C::dirichletEpsilon},
    {"forced-playouts", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Forced playouts k with policy target pruning in full self-play searches: each root move is searched at least sqrt(k x prior x visits) times, and those forced visits are taken out of the policy target (0 = off)"), ParamKind::Double, 0, 10, &C::forcedPlayouts},
    {"temperature-plies", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Plies played with temperature 1 before choosing greedily"), ParamKind::Int, 0, 1000, &C::temperaturePlies},
    {"random-opening-plies", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Uniformly random plies at the start of each game"), ParamKind::Int, 0, 40, &C::randomOpeningPlies},
    {"full-search-fraction", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of moves searched fully with noise and kept as policy targets; the rest get fast-simulations and are not trained on (playout-cap randomization; 1 = off)"), ParamKind::Double, 0.01, 1, &C::fullSearchFraction},
    {"fast-simulations", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations of the moves that are not searched fully"), ParamKind::Int, 1, 100000, &C::fastSimulations},
    {"unsettled-extra", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Unsettled roots: a full search whose best move's value differs from the network's value of the position by at least unsettled-value-change is searched again with this many times its simulations before the move is played (0 = off)"), ParamKind::Double, 0, 10, &C::unsettledExtra},
    {"unsettled-value-change", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Unsettled roots: the difference between the search's value of its best move and the network's value of the position that counts as unsettled"), ParamKind::Double, 0.01, 2, &C::unsettledValueChange},
    {"resign-threshold", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign when the root value stays below this"), ParamKind::Double, -1, 0, &C::resignThreshold},
    {"resign-moves", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Consecutive own moves below the threshold before resigning (0 = never)"), ParamKind::Int, 0, 100, &C::resignMoves},
    {"resign-playout-fraction", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Fraction of games played out despite resignation (measures false resignations)"), ParamKind::Double, 0, 1, &C::resignPlayoutFraction},
    {"max-plies", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Length cap of a self-play game in plies"), ParamKind::Int, 20, 2000, &C::maxPlies},
    {"adjudicate", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "At the length cap, award the game on material instead of a draw"), ParamKind::Bool, 0, 1, &C::adjudicate},
    {"mate-search", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Moves of a forced mate by checks looked for at every root, self-play and gating (0 = off)"), ParamKind::Int, 0, 8, &C::mateSearch},
    {"leaf-mate-search", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Moves of a forced mate by checks looked for at every leaf before the network (1 = mates in one only)"), ParamKind::Int, 1, 5, &C::leafMateSearch},
    {"adjudication-value", "selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Value target of a game won on material at the cap (a mate counts 1)"), ParamKind::Double, 0, 1, &C::adjudicationValue},
    {"material-target-weight", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of the material balance some plies later in the value target (0 = the game result alone)"), ParamKind::Double, 0, 1, &C::materialTargetWeight},
    {"material-target-plies", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Plies ahead at which the material balance of the value target is taken (capped at the game's end)"), ParamKind::Int, 0, 1000, &C::materialTargetPlies},
    {"material-target-resolved", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Take the material balance of the value target after playing out the captures in progress there"), ParamKind::Bool, 0, 1, &C::materialTargetResolved},
    {"value-target-search", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of the search's root value in the value target, blended with the result and material target (0 = those alone)"), ParamKind::Double, 0, 1, &C::valueTargetSearch},
    {"policy-surprise", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of the training draws weighted by policy surprise: a position is drawn in proportion to (1 - share) + share x its surprise / the mean (0 = uniform)"), ParamKind::Double, 0, 1, &C::policySurprise},

    {"buffer-capacity", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Replay buffer size in positions"), ParamKind::Int, 1000, 10000000, &C::bufferCapacity},
    {"window-min", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training window: all positions up to this many, then it grows sublinearly (window-exponent)"), ParamKind::Int, 100, 100000000, &C::windowMin},
    {"window-exponent", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Power of the positions generated at which the training window grows past window-min"), ParamKind::Double, 0.1, 1, &C::windowExponent},
    {"window-expand", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Growth rate of the training window past window-min"), ParamKind::Double, 0, 10, &C::windowExpand},
    {"train-ratio", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Samples trained per sample generated by self-play (0 = steps-per-iteration steps after each self-play phase)"), ParamKind::Double, 0, 100, &C::trainRatio},
    {"concurrent-training", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Train while self-play goes on, publishing every games-per-iteration games (for a GPU; needs gate 0)"), ParamKind::Bool, 0, 1, &C::concurrentTraining},
    {"policy-legal-only", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy loss over the legal moves only, as the search reads the priors (off: over all 8100 outputs)"), ParamKind::Bool, 0, 1, &C::policyLegalOnly},
    {"batch-size", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Positions per training step"), ParamKind::Int, 8, 8192, &C::batchSize},
    {"steps-per-iteration", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training steps after each self-play phase when train-ratio is 0"), ParamKind::Int, 1, 100000, &C::stepsPerIteration},
    {"learning-rate", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Adam learning rate"), ParamKind::Double, 1e-6, 1, &C::learningRate},
    {"lr-schedule", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Learning-rate schedule: 0 constant, 1 cosine, 2 step"), ParamKind::Int, 0, 2, &C::lrSchedule, {"constant", "cosine", "step"}},
    {"lr-decay-steps", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps over which the schedule decays"), ParamKind::Int, 1, 100000000, &C::lrDecaySteps},
    {"lr-decay-timed", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "With a time limit (--minutes), the schedules (learning rate, simulations-end) run over the minutes the run has trained plus this session's limit instead of lr-decay-steps; paused time does not count"), ParamKind::Bool, 0, 1, &C::lrDecayTimed},
    {"weight-decay", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "L2 regularisation"), ParamKind::Double, 0, 0.1, &C::weightDecay},
    {"grad-clip", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gradient norm clip (0 = off)"), ParamKind::Double, 0, 1000, &C::gradClip},
    {"reply-policy-weight", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of an auxiliary training loss that predicts the opponent's next move from the same trunk (0 = none; the published network is unchanged)"), ParamKind::Double, 0, 2, &C::replyPolicyWeight},
    {"weight-average-steps", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Publish each generation as the moving average of the trained weights over about this many steps (0 = the trained weights)"), ParamKind::Int, 0, 100000, &C::weightAverageSteps},
    {"min-buffer", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Positions needed in the buffer before training starts"), ParamKind::Int, 1, 10000000, &C::minBufferToTrain},
    {"validation-fraction", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of self-play games kept out of training to measure the held-out loss (0 = none)"), ParamKind::Double, 0, 0.5, &C::validationFraction},
    {"validation-interval", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training steps between two held-out loss checks"), ParamKind::Int, 1, 100000, &C::validationInterval},
    {"early-stop-checks", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "End a training phase after this many held-out checks without a lower value loss; the best weights become the candidate (0 = train every step)"), ParamKind::Int, 0, 1000, &C::earlyStopChecks},
    {"init-steps", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start from games: training steps on the moves played in the games before self-play begins"), ParamKind::Int, 1, 10000000, &C::initSteps},
    {"init-holdout", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start from games: share of the games kept out of that training to measure its move accuracy and value loss"), ParamKind::Double, 0, 0.5, &C::initHoldout},
    {"init-result-weight", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start from games: weight of a game's result in the value target of its positions (a master game's result says little about its opening)"), ParamKind::Double, 0, 1, &C::initResultWeight},
    {"games-mix", "training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of each training batch drawn from the games the run started from (0 = self-play positions only)"), ParamKind::Double, 0, 0.9, &C::gamesMix},

    {"gate", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gating: 0 none (self-play plays the newest weights), 1 a fixed match of eval-games, 2 an SPRT of at most eval-games"), ParamKind::Int, 0, 2, &C::gate, {"none", "match", "sprt"}},
    {"eval-games", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gating games, candidate against the best (half as Red): the match of gate 1, the most an SPRT plays"), ParamKind::Int, 2, 10000, &C::evalGames},
    {"eval-simulations", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per move in gating games"), ParamKind::Int, 1, 100000, &C::evalSimulations},
    {"gate-threshold", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Score the candidate must exceed to become the best (gate 1; 0 accepts every candidate)"), ParamKind::Double, 0, 1, &C::gateThreshold},
    {"sprt-elo1", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Elo gain the SPRT gate tests for against 0 (gate 2)"), ParamKind::Double, 1, 1000, &C::sprtElo1},
    {"sprt-alpha", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT gate: chance of accepting a candidate no stronger than the best"), ParamKind::Double, 0.001, 0.5, &C::sprtAlpha},
    {"sprt-beta", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT gate: chance of rejecting a candidate sprt-elo1 stronger"), ParamKind::Double, 0.001, 0.5, &C::sprtBeta},

    {"ladder-minutes", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Rate the newest generation on the Elo ladder (random, alpha-beta 1-3) every this many minutes while training (0 = off)"), ParamKind::Double, 0, 100000, &C::ladderMinutes},
    {"ladder-games", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games per ladder rung in those ratings"), ParamKind::Int, 1, 1000, &C::ladderGames},
    {"ladder-simulations", "evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per move of the rated network"), ParamKind::Int, 1, 100000, &C::ladderSimulations},
    {"threads", "machine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play search threads"), ParamKind::Int, 1, 256, &C::threads},
    {"inference-threads", "machine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Intra-op threads of the network's inference thread"), ParamKind::Int, 1, 64, &C::inferenceThreads},
    {"inference-workers", "machine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference threads, each with its own copy of the network (one per core on a CPU)"), ParamKind::Int, 1, 64, &C::inferenceWorkers},
    {"seed", "machine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Random seed of the run"), ParamKind::Int, 0, 2147483647, &C::seed},
};

std::string formatValue(const ParamDecl& p, double v) {
    char buf[64];
    if (p.kind == ParamKind::Bool) return v != 0 ? "true" : "false";
    if (p.kind == ParamKind::Int) std::snprintf(buf, sizeof buf, "%lld", (long long)v);
    else std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

}  // namespace

const std::vector<ParamDecl>& params() { return kParams; }

const ParamDecl* findParam(std::string_view name) {
    for (const auto& p : kParams)
        if (name == p.name) return &p;
    return nullptr;
}

double getParam(const TrainConfig& c, const ParamDecl& p) {
    return std::visit(
        [&](auto field) -> double {
            using F = decltype(field);
            if constexpr (std::is_same_v<F, bool TrainConfig::*>) return (c.*field) ? 1.0 : 0.0;
            else return double(c.*field);
        },
        p.field);
}

void setParam(TrainConfig& c, const ParamDecl& p, double v) {
    if (!std::isfinite(v) || v < p.min || v > p.max)
        throw std::invalid_argument(std::string("parameter ") + p.name + ": " + std::to_string(v) +
                                    " is outside its range [" + formatValue(p, p.min) + ", " +
                                    formatValue(p, p.max) + "]");
    if (p.kind == ParamKind::Int && v != std::floor(v))
        throw std::invalid_argument(std::string("parameter ") + p.name + " must be a whole number");
    std::visit(
        [&](auto field) {
            using F = decltype(field);
            if constexpr (std::is_same_v<F, bool TrainConfig::*>) c.*field = v != 0;
            else if constexpr (std::is_same_v<F, int TrainConfig::*>) c.*field = int(v);
            else c.*field = v;
        },
        p.field);
}

void setParamText(TrainConfig& c, const ParamDecl& p, std::string_view text) {
    const std::string s(text);
    if (p.kind == ParamKind::Bool) {
        if (s == "true" || s == "1" || s == "on" || s == "yes") return setParam(c, p, 1);
        if (s == "false" || s == "0" || s == "off" || s == "no") return setParam(c, p, 0);
        throw std::invalid_argument(std::string("parameter ") + p.name + ": '" + s +
                                    "' is not true or false");
    }
    for (size_t i = 0; i < p.choices.size(); ++i)
        if (s == p.choices[i]) return setParam(c, p, double(i));
    size_t used = 0;
    double v = 0;
    try {
        v = std::stod(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != s.size()) {
        std::string names;
        for (const char* n : p.choices) names += (names.empty() ? "" : ", ") + std::string(n);
        throw std::invalid_argument(std::string("parameter ") + p.name + ": '" + s + "' is not " +
                                    (names.empty() ? "a number" : "one of " + names + " or a number"));
    }
    setParam(c, p, v);
}

namespace {

// A preset is data: values applied to TrainConfig{} through setParam, so each is range-checked
// against its declaration. Why the quick preset's values are what they are: docs/design.md
// (Parameters and presets) and the A/Bs in docs/experiments/.
struct PresetValue {
    const char* param;
    double value;
};
struct PresetDecl {
    const char* name;
    std::vector<PresetValue> values;
};

const std::vector<PresetDecl> kPresets = {
    {"quick",
     {{"channels", 64}, {"blocks", 3}, {"policy-head", int(nn::PolicyHeadKind::Bilinear)},
      {"input-features", int(nn::InputFeatures::Tactical)}, {"search", int(search::MctsParams::Kind::Gumbel)}, {"simulations", 16},
      {"simulations-end", 48}, {"gumbel-c-scale", 0.4},
      {"count-reused-visits", 0}, {"games-per-iteration", 64}, {"games-in-flight", 16},
      {"buffer-capacity", 100000}, {"window-min", 20000}, {"batch-size", 128},
      {"steps-per-iteration", 100}, {"min-buffer", 1000}, {"validation-fraction", 0.05},
      {"validation-interval", 50}, {"eval-games", 20}, {"eval-simulations", 80},
      {"max-plies", 200}, {"random-opening-plies", 2}, {"adjudicate", 1}, {"resign-threshold", -0.7},
      {"adjudication-value", 0.5}, {"material-target-weight", 0.5}, {"material-target-plies", 0},
      {"material-target-resolved", 1}, {"value-target-search", 0.3},
      {"lr-decay-steps", 20000}, {"lr-decay-timed", 1}, {"init-steps", 1000}, {"games-mix", 0.25},
      {"weight-average-steps", 150}, {"reply-policy-weight", 0.3}}},
    {"standard",
     {{"channels", 128}, {"blocks", 6}, {"simulations", 200}, {"games-per-iteration", 100},
      {"games-in-flight", 64}, {"buffer-capacity", 200000}, {"window-min", 100000},
      {"batch-size", 512}, {"steps-per-iteration", 400}, {"min-buffer", 10000},
      {"eval-games", 40}, {"eval-simulations", 200}, {"max-plies", 300}, {"adjudicate", 0},
      {"lr-decay-steps", 200000}}},
    {"full",
     {{"channels", 256}, {"blocks", 10}, {"simulations", 400}, {"games-per-iteration", 500},
      {"games-in-flight", 128}, {"buffer-capacity", 1000000}, {"window-min", 250000},
      {"batch-size", 512}, {"steps-per-iteration", 1000}, {"min-buffer", 50000},
      {"eval-games", 40}, {"eval-simulations", 400}, {"validation-interval", 100},
      {"max-plies", 400}, {"adjudicate", 0}, {"lr-decay-steps", 1000000}}},
};

}  // namespace

const std::vector<std::string>& presetNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& p : kPresets) v.emplace_back(p.name);
        return v;
    }();
    return names;
}

nn::NetConfig netConfig(const TrainConfig& c) {
    return {c.channels, c.blocks, nn::PolicyHeadKind(c.policyHead), nn::InputFeatures(c.inputFeatures)};
}

TrainConfig preset(std::string_view name) {
    for (const auto& pr : kPresets) {
        if (name != pr.name) continue;
        TrainConfig c;  // the declared defaults, then the preset's values
        for (const auto& v : pr.values) {
            const ParamDecl* decl = findParam(v.param);
            if (!decl) throw std::logic_error(std::string("preset ") + pr.name + " names no parameter " + v.param);
            setParam(c, *decl, v.value);
        }
        return c;
    }
    std::string names;
    for (const auto& pr : kPresets) names += (names.empty() ? "" : ", ") + std::string(pr.name);
    throw std::invalid_argument("unknown preset '" + std::string(name) + "' (choose " + names + ")");
}

std::string toJson(const TrainConfig& c, std::string_view presetName) {
    nlohmann::ordered_json j;
    if (!presetName.empty()) j["preset"] = std::string(presetName);
    for (const auto& p : kParams) {
        const double v = getParam(c, p);
        if (p.kind == ParamKind::Bool) j[p.name] = v != 0;
        else if (p.kind == ParamKind::Int) j[p.name] = (long long)v;
        else j[p.name] = v;
    }
    return j.dump();
}

TrainConfig fromJson(std::string_view text, const TrainConfig& base) {
    TrainConfig c = base;
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("run configuration is not valid JSON: ") + e.what());
    }
    if (!j.is_object()) throw std::invalid_argument("run configuration must be a JSON object");
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == "preset") continue;
        const ParamDecl* p = findParam(it.key());
        if (!p) throw std::invalid_argument("run configuration: unknown parameter '" + it.key() + "'");
        if (it->is_boolean()) setParam(c, *p, it->get<bool>() ? 1 : 0);
        else if (it->is_number()) setParam(c, *p, it->get<double>());
        else throw std::invalid_argument("run configuration: '" + it.key() + "' is not a number");
    }
    return c;
}

std::string describe(const TrainConfig& c) {
    std::string out;
    std::string group;
    for (const auto& p : kParams) {
        if (group != p.group) {
            group = p.group;
            out += "[" + group + "]\n";
        }
        char line[512];
        const double v = getParam(c, p);
        std::string value = formatValue(p, v);
        if (!p.choices.empty() && v >= 0 && size_t(v) < p.choices.size())
            value = p.choices[size_t(v)];  // the name; --NAME takes it as well as the number
        std::snprintf(line, sizeof line, "  %-24s %-10s [%s .. %s]  %s\n", p.name, value.c_str(),
                      formatValue(p, p.min).c_str(), formatValue(p, p.max).c_str(), p.help);
        out += line;
    }
    return out;
}

}  // namespace xq::train
