#include "ui/train/train_status.h"

#include <cmath>

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>

namespace xqui {

using xq::train::Progress;
using xq::train::Stage;

namespace {

QLabel* value(QWidget* parent, const char* name) {
    auto* l = new QLabel(QStringLiteral("—"), parent);
    l->setObjectName(QString::fromLatin1(name));
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

// Progress bars count in int; a buffer of millions of positions is scaled to thousands.
void setBar(QProgressBar* bar, int64_t done, int64_t total, const QString& text) {
    const int64_t scale = total > 1000000 ? 1000 : 1;
    bar->setRange(0, int(std::max<int64_t>(1, total / scale)));
    bar->setValue(int(std::min(done, total) / scale));
    bar->setFormat(text);
}

}  // namespace

TrainStatus::TrainStatus(QWidget* parent) : QWidget(parent) {
    auto* g = new QGridLayout(this);
    g->setContentsMargins(0, 0, 0, 0);
    g->setHorizontalSpacing(14);
    generation_ = value(this, "statusGeneration");
    games_ = value(this, "statusGames");
    gamesPerHour_ = value(this, "statusGamesPerHour");
    positions_ = value(this, "statusPositions");
    step_ = value(this, "statusStep");
    samples_ = value(this, "statusSamples");
    eta_ = value(this, "statusEta");
    buffer_ = new QProgressBar(this);
    buffer_->setObjectName(QStringLiteral("statusBuffer"));
    stage_ = new QProgressBar(this);
    stage_->setObjectName(QStringLiteral("statusStage"));
    QWidget* const cells[] = {generation_, games_, gamesPerHour_, positions_, step_, samples_};
    for (int i = 0; i < 6; ++i) {
        const int row = i / 3, col = (i % 3) * 2;
        captions_[i] = new QLabel(this);
        captions_[i]->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        g->addWidget(captions_[i], row, col);
        g->addWidget(cells[i], row, col + 1);
    }
    for (int i = 6; i < kCaptions; ++i) captions_[i] = new QLabel(this);
    g->addWidget(captions_[6], 2, 0, Qt::AlignRight);
    g->addWidget(buffer_, 2, 1, 1, 5);
    g->addWidget(captions_[7], 3, 0, Qt::AlignRight);
    g->addWidget(stage_, 3, 1, 1, 3);
    g->addWidget(captions_[8], 3, 4, Qt::AlignRight);
    g->addWidget(eta_, 3, 5);
    for (int c : {1, 3, 5}) g->setColumnStretch(c, 1);
    retranslate();
}

void TrainStatus::retranslate() {
    const QString texts[kCaptions] = {tr("Generation:"), tr("Games:"), tr("Games/hour:"), tr("Positions/s:"), tr("Step:"),
                                      tr("Samples/s:"),  tr("Buffer:"), tr("Stage:"),      tr("ETA:")};
    for (int i = 0; i < kCaptions; ++i) captions_[i]->setText(texts[i]);
    if (last_) setProgress(*last_);
    else clear();
}

void TrainStatus::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && captions_[0]) retranslate();
    QWidget::changeEvent(e);
}

void TrainStatus::clear() {
    last_.reset();
    for (QLabel* l : {generation_, games_, gamesPerHour_, positions_, step_, samples_, eta_})
        l->setText(QStringLiteral("—"));
    setBar(buffer_, 0, 1, tr("empty"));
    setBar(stage_, 0, 1, QString());
}

void TrainStatus::setProgress(const Progress& p) {
    last_ = p;
    const QLocale loc;
    generation_->setText(loc.toString(p.generation));
    // Games take minutes: the games being played say "it is working" from the first second.
    games_->setText(p.gamesInFlight > 0 ? tr("%1 (%2 in flight)").arg(loc.toString(qlonglong(p.games)), loc.toString(p.gamesInFlight))
                                        : loc.toString(qlonglong(p.games)));
    gamesPerHour_->setText(loc.toString(p.gamesPerHour, 'f', 0));
    positions_->setText(p.positions > 0 ? tr("%1 (%2 moves)").arg(loc.toString(p.positionsPerSecond, 'f', 1), loc.toString(qlonglong(p.positions)))
                                        : loc.toString(p.positionsPerSecond, 'f', 1));
    step_->setText(loc.toString(qlonglong(p.step)));
    samples_->setText(loc.toString(p.samplesPerSecond, 'f', 0));
    setBar(buffer_, int64_t(p.bufferSize), int64_t(p.bufferCapacity),
           tr("%1 of %2 positions").arg(loc.toString(qulonglong(p.bufferSize)), loc.toString(qulonglong(p.bufferCapacity))));
    QString unit;
    switch (p.stage) {
        case Stage::SelfPlay: unit = tr("%1 / %2 self-play games"); break;
        case Stage::Training: unit = tr("%1 / %2 training steps"); break;
        case Stage::FromGames: unit = tr("%1 / %2 steps on the start games"); break;
        case Stage::Evaluating: unit = tr("%1 / %2 evaluation games"); break;
        default: unit = tr("%1 / %2"); break;
    }
    setBar(stage_, p.stageDone, std::max(1, p.stageTotal),
           unit.arg(loc.toString(p.stageDone), loc.toString(p.stageTotal)));
    eta_->setText(formatDuration(p.etaSeconds));
}

QString TrainStatus::formatDuration(double s) {
    if (s < 0 || !std::isfinite(s)) return QStringLiteral("—");
    if (s < 60) return tr("%1 s").arg(int(std::lround(s)));
    const int minutes = int(std::lround(s / 60));
    if (minutes < 60) return tr("%1 min").arg(minutes);
    return tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace xqui
