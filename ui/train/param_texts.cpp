#include "ui/train/param_texts.h"

#include <cstring>

#include <QCoreApplication>

namespace xqui {

namespace {

constexpr const char* kContext = "xqui::ParamTexts";

struct ParamText {
    const char* name;
    const char* label;
    const char* help;  // must equal the core's help (checked by tests/ui_train)
};

// clang-format off
const ParamText kTexts[] = {
    {"channels", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Channels"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Convolution channels of the residual trunk")},
    {"blocks", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Residual blocks"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Residual blocks in the trunk")},
    {"policy-head", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy head"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy head: 0 dense (a fully connected layer onto the 8100 moves), 1 bilinear (each move's logit from the features of its two squares)")},
    {"games-per-iteration", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games per iteration"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play games between two training phases")},
    {"simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Simulations"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per self-play move")},
    {"games-in-flight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games in flight"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games searched at once per self-play thread (fills the network's batches)")},
    {"search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Search"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play search: 0 PUCT (AlphaZero: visit counts as the policy target), 1 Gumbel (Gumbel AlphaZero: Sequential Halving among gumbel-considered root moves, the improved policy as the target; learns at few simulations)")},
    {"gumbel-considered", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel moves considered"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel search: root moves Sequential Halving starts from")},
    {"c-puct", QT_TRANSLATE_NOOP("xqui::ParamTexts", "c_puct"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "PUCT exploration constant")},
    {"dirichlet-alpha", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Dirichlet alpha"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Root Dirichlet noise alpha")},
    {"dirichlet-epsilon", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Dirichlet epsilon"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of the root noise")},
    {"forced-playouts", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Forced playouts"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Forced playouts k with policy target pruning in full self-play searches: each root move is searched at least sqrt(k x prior x visits) times, and those forced visits are taken out of the policy target (0 = off)")},
    {"temperature-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Temperature plies"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Plies played with temperature 1 before choosing greedily")},
    {"random-opening-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Random opening plies"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Uniformly random plies at the start of each game")},
    {"full-search-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Full-search share"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of moves searched fully with noise and kept as policy targets; the rest get fast-simulations and are not trained on (playout-cap randomization; 1 = off)")},
    {"fast-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Fast simulations"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations of the moves that are not searched fully")},
    {"resign-threshold", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign threshold"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign when the root value stays below this")},
    {"resign-moves", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign moves"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Consecutive own moves below the threshold before resigning (0 = never)")},
    {"resign-playout-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign playout fraction"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Fraction of games played out despite resignation (measures false resignations)")},
    {"count-reused-visits", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Count reused visits"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Visits kept from the previous move's tree count toward the simulations (at least a quarter are new)")},
    {"max-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Maximum plies"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Length cap of a self-play game in plies")},
    {"adjudicate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Adjudicate at the cap"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "At the length cap, award the game on material instead of a draw")},
    {"mate-search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Mate search"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Moves of a forced mate by checks looked for at every root, self-play and gating (0 = off)")},
    {"leaf-mate-search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Leaf mate search"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Moves of a forced mate by checks looked for at every leaf before the network (1 = mates in one only)")},
    {"adjudication-value", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material win value"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Value target of a game won on material at the cap (a mate counts 1)")},
    {"material-target-weight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material target weight"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight of the material balance some plies later in the value target (0 = the game result alone)")},
    {"material-target-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material target plies"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Plies ahead at which the material balance of the value target is taken (capped at the game's end)")},
    {"material-target-resolved", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resolve exchanges"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Take the material balance of the value target after playing out the captures in progress there")},
    {"policy-legal-only", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Legal-move policy loss"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy loss over the legal moves only, as the search reads the priors (off: over all 8100 outputs)")},
    {"buffer-capacity", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Buffer capacity"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Replay buffer size in positions")},
    {"window-min", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Minimum window"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training window: all positions up to this many, then it grows sublinearly (window-exponent)")},
    {"window-exponent", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Window exponent"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Power of the positions generated at which the training window grows past window-min")},
    {"window-expand", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Window growth"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Growth rate of the training window past window-min")},
    {"train-ratio", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training ratio"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Samples trained per sample generated by self-play (0 = steps-per-iteration steps after each self-play phase)")},
    {"concurrent-training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Concurrent training"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Train while self-play goes on, publishing every games-per-iteration games (for a GPU; needs gate 0)")},
    {"batch-size", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Batch size"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Positions per training step")},
    {"steps-per-iteration", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps per iteration"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training steps after each self-play phase when train-ratio is 0")},
    {"learning-rate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Learning rate"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Adam learning rate")},
    {"lr-schedule", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR schedule"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Learning-rate schedule: 0 constant, 1 cosine, 2 step")},
    {"lr-decay-steps", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR decay steps"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps over which the schedule decays")},
    {"lr-decay-timed", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR decay over the time limit"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "With a time limit (--minutes), the schedule decays over those minutes of the session instead of lr-decay-steps")},
    {"weight-decay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight decay"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "L2 regularisation")},
    {"grad-clip", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gradient clip"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gradient norm clip (0 = off)")},
    {"min-buffer", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Minimum buffer"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Positions needed in the buffer before training starts")},
    {"validation-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Held-out share"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Share of self-play games kept out of training to measure the held-out loss (0 = none)")},
    {"validation-interval", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Validation interval"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training steps between two held-out loss checks")},
    {"early-stop-checks", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Early-stop checks"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "End a training phase after this many held-out checks without a lower value loss; the best weights become the candidate (0 = train every step)")},
    {"gate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gate"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gating: 0 none (self-play plays the newest weights), 1 a fixed match of eval-games, 2 an SPRT of at most eval-games")},
    {"eval-games", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Evaluation games"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gating games, candidate against the best (half as Red): the match of gate 1, the most an SPRT plays")},
    {"eval-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Evaluation simulations"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per move in gating games")},
    {"gate-threshold", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gate threshold"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Score the candidate needs to become the best (gate 1)")},
    {"sprt-elo1", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT Elo gain"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Elo gain the SPRT gate tests for against 0 (gate 2)")},
    {"sprt-alpha", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT alpha"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT gate: chance of accepting a candidate no stronger than the best")},
    {"sprt-beta", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT beta"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT gate: chance of rejecting a candidate sprt-elo1 stronger")},
    {"ladder-minutes", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder interval (minutes)"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Rate the newest generation on the Elo ladder (random, alpha-beta 1-3) every this many minutes while training (0 = off)")},
    {"ladder-games", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder games per rung"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games per ladder rung in those ratings")},
    {"ladder-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder simulations"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "MCTS simulations per move of the rated network")},
    {"threads", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Search threads"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play search threads")},
    {"inference-threads", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference threads"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Intra-op threads of the network's inference thread")},
    {"inference-workers", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference workers"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference threads, each with its own copy of the network (one per core on a CPU)")},
    {"seed", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Seed"), QT_TRANSLATE_NOOP("xqui::ParamTexts", "Random seed of the run")},
};

const char* const kGroups[][2] = {
    {"network", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Network")},
    {"selfplay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Self-play")},
    {"training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training")},
    {"evaluation", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Evaluation")},
    {"machine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Machine")},
};

const char* const kChoices[][2] = {
    {"dense", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Dense")},
    {"bilinear", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Bilinear")},
    {"puct", QT_TRANSLATE_NOOP("xqui::ParamTexts", "PUCT")},
    {"gumbel", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel")},
    {"constant", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Constant")},
    {"cosine", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Cosine")},
    {"step", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps (x0.1 a third)")},
    {"none", QT_TRANSLATE_NOOP("xqui::ParamTexts", "None")},
    {"match", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Fixed match")},
    {"sprt", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT")},
};

const char* const kPresets[][2] = {
    {"quick", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Quick (64×3, minutes per iteration)")},
    {"standard", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Standard (128×6)")},
    {"full", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Full (256×10)")},
};
// clang-format on

const ParamText* find(const char* name) {
    for (const auto& t : kTexts)
        if (std::strcmp(t.name, name) == 0) return &t;
    return nullptr;
}

QString tr(const char* s) { return QCoreApplication::translate(kContext, s); }

QString formatBound(const xq::train::ParamDecl& p, double v) {
    if (p.kind == xq::train::ParamKind::Int) return QString::number(qint64(v));
    return QString::number(v, 'g', 6);
}

}  // namespace

QString paramLabel(const xq::train::ParamDecl& p) {
    const ParamText* t = find(p.name);
    return t ? tr(t->label) : QString::fromUtf8(p.name);
}

QString paramHelp(const xq::train::ParamDecl& p) {
    const ParamText* t = find(p.name);
    const QString help = t && std::strcmp(t->help, p.help) == 0 ? tr(t->help) : QString::fromUtf8(p.help);
    QString range;
    if (p.kind != xq::train::ParamKind::Bool)
        range = QCoreApplication::translate(kContext, "Range %1 to %2.").arg(formatBound(p, p.min), formatBound(p, p.max));
    return QStringLiteral("<p>%1</p><p>%2 <code>--%3</code></p>").arg(help.toHtmlEscaped(), range, QString::fromUtf8(p.name));
}

QString paramChoiceLabel(const char* choice) {
    for (const auto& c : kChoices)
        if (std::strcmp(c[0], choice) == 0) return tr(c[1]);
    return QString::fromUtf8(choice);
}

QString paramGroupTitle(const QString& group) {
    for (const auto& g : kGroups)
        if (group == QLatin1String(g[0])) return tr(g[1]);
    return group;
}

QString presetTitle(const QString& preset) {
    for (const auto& g : kPresets)
        if (preset == QLatin1String(g[0])) return tr(g[1]);
    return preset;
}

bool paramTextMatchesCore(const xq::train::ParamDecl& p) {
    const ParamText* t = find(p.name);
    return t && std::strcmp(t->help, p.help) == 0;
}

}  // namespace xqui
