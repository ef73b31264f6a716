#include "ui/train/param_texts.h"

#include <cstring>

#include <QCoreApplication>

namespace xqui {

namespace {

constexpr const char* kContext = "xqui::ParamTexts";

// The labels are the studio's own; the help texts are the core's declaration's, marked for
// this catalogue there (core/train/config.cpp) and translated here in the same context.
struct ParamText {
    const char* name;
    const char* label;
};

// clang-format off
const ParamText kTexts[] = {
    {"channels", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Channels")},
    {"blocks", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Residual blocks")},
    {"policy-head", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy head")},
    {"input-features", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Input planes")},
    {"games-per-iteration", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games per iteration")},
    {"simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Simulations")},
    {"games-in-flight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Games in flight")},
    {"search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Search")},
    {"simulations-end", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Simulations at the end (progressive)")},
    {"gumbel-considered", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel moves considered")},
    {"gumbel-c-scale", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gumbel Q scale")},
    {"c-puct", QT_TRANSLATE_NOOP("xqui::ParamTexts", "c_puct")},
    {"dirichlet-alpha", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Dirichlet alpha")},
    {"dirichlet-epsilon", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Dirichlet epsilon")},
    {"forced-playouts", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Forced playouts")},
    {"temperature-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Temperature plies")},
    {"random-opening-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Random opening plies")},
    {"full-search-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Full-search share")},
    {"fast-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Fast simulations")},
    {"unsettled-extra", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Unsettled roots: extra search")},
    {"unsettled-value-change", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Unsettled roots: value change")},
    {"resign-threshold", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign threshold")},
    {"resign-moves", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign moves")},
    {"resign-playout-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resign playout fraction")},
    {"count-reused-visits", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Count reused visits")},
    {"max-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Maximum plies")},
    {"adjudicate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Adjudicate at the cap")},
    {"mate-search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Mate search")},
    {"leaf-mate-search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Leaf mate search")},
    {"adjudication-value", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material win value")},
    {"material-target-weight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material target weight")},
    {"material-target-plies", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Material target plies")},
    {"material-target-resolved", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Resolve exchanges")},
    {"value-target-search", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Search value weight")},
    {"policy-surprise", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Policy surprise weighting")},
    {"policy-legal-only", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Legal-move policy loss")},
    {"buffer-capacity", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Buffer capacity")},
    {"window-min", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Minimum window")},
    {"window-exponent", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Window exponent")},
    {"window-expand", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Window growth")},
    {"train-ratio", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Training ratio")},
    {"concurrent-training", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Concurrent training")},
    {"batch-size", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Batch size")},
    {"steps-per-iteration", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps per iteration")},
    {"learning-rate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Learning rate")},
    {"lr-schedule", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR schedule")},
    {"lr-decay-steps", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR decay steps")},
    {"lr-decay-timed", QT_TRANSLATE_NOOP("xqui::ParamTexts", "LR decay over the time limit")},
    {"weight-decay", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight decay")},
    {"grad-clip", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gradient clip")},
    {"reply-policy-weight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Opponent reply loss weight")},
    {"weight-average-steps", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Weight averaging (steps)")},
    {"min-buffer", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Minimum buffer")},
    {"validation-fraction", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Held-out share")},
    {"validation-interval", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Validation interval")},
    {"early-stop-checks", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Early-stop checks")},
    {"init-steps", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Steps on the start games")},
    {"init-holdout", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start games held out")},
    {"init-result-weight", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start games' result weight")},
    {"games-mix", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Start games in later batches")},
    {"gate", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gate")},
    {"eval-games", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Evaluation games")},
    {"eval-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Evaluation simulations")},
    {"gate-threshold", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Gate threshold")},
    {"sprt-elo1", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT Elo gain")},
    {"sprt-alpha", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT alpha")},
    {"sprt-beta", QT_TRANSLATE_NOOP("xqui::ParamTexts", "SPRT beta")},
    {"ladder-minutes", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder interval (minutes)")},
    {"ladder-games", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder games per rung")},
    {"ladder-simulations", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Ladder simulations")},
    {"threads", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Search threads")},
    {"inference-threads", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference threads")},
    {"inference-workers", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Inference workers")},
    {"seed", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Seed")},
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
    {"basic", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Basic")},
    {"tactical", QT_TRANSLATE_NOOP("xqui::ParamTexts", "Tactical")},
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
    const QString help = tr(p.help);
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

bool paramHasLabel(const xq::train::ParamDecl& p) {
    return find(p.name) != nullptr;
}

}  // namespace xqui
