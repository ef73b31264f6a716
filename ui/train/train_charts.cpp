#include "ui/train/train_charts.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QTimer>
#include <qcustomplot.h>

namespace xqui {

namespace {

constexpr int kReplotIntervalMs = 250;  // at most 4 replots a second
const QColor kColors[TrainCharts::kLossSeries] = {
    QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
    QColor(0xff, 0x7f, 0x0e)};
enum { Policy = 0, Value = 1, Total = 2, Reply = 3 };

// Self-play positions run into the millions: "250k", "1.2M" read better than 1.2·10⁶.
class CompactTicker : public QCPAxisTicker {
  protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar, int) override {
        const double a = std::abs(tick);
        if (a >= 1e6) return locale.toString(tick / 1e6, 'g', 4) + QLatin1Char('M');
        if (a >= 1e3) return locale.toString(tick / 1e3, 'g', 4) + QLatin1Char('k');
        return locale.toString(tick, 'g', 4);
    }
};

}  // namespace

double TrainCharts::Smoother::next(double v) {
    ema = kSmoothing * ema + (1 - kSmoothing) * v;
    weight = kSmoothing * weight + (1 - kSmoothing);
    return ema / weight;
}

TrainCharts::TrainCharts(QWidget* parent) : QWidget(parent) {
    // Texts: retranslate() (the Elo chart's: rebuildElo(), by what it shows).
    buildLossChart();
    buildEloChart();
    buildSpeedChart();
    layOutCharts();
    watchUserMoves();
    replotTimer_ = new QTimer(this);
    replotTimer_->setObjectName(QStringLiteral("trainChartsReplot"));
    replotTimer_->setInterval(kReplotIntervalMs);
    connect(replotTimer_, &QTimer::timeout, this, &TrainCharts::flush);
    replotTimer_->start();
    retranslate();
}

// Policy, value (right axis), total and opponent-reply loss, each raw and smoothed, and the
// held-out value loss. The reply loss (a run with reply-policy-weight) joins the legend when it
// has points.
void TrainCharts::buildLossChart() {
    loss_ = makePlot(QString(), QString(), QString());
    loss_->setObjectName(QStringLiteral("lossChart"));
    loss_->yAxis2->setVisible(true);
    for (int i = 0; i < kLossSeries; ++i) {
        QCPAxis* y = i == Value ? loss_->yAxis2 : loss_->yAxis;
        raw_[i] = loss_->addGraph(loss_->xAxis, y);
        QColor faint = kColors[i];
        faint.setAlpha(60);
        raw_[i]->setPen(QPen(faint, 1));
        raw_[i]->setAntialiased(false);  // thousands of noisy points: cheap lines draw faster
        raw_[i]->removeFromLegend();
        smooth_[i] = loss_->addGraph(loss_->xAxis, y);
        smooth_[i]->setPen(QPen(kColors[i], 2));
    }
    smooth_[Reply]->removeFromLegend();
    heldOut_ = loss_->addGraph(loss_->xAxis, loss_->yAxis2);
    heldOut_->setPen(QPen(QColor(0x8c, 0x56, 0x4b), 1.5, Qt::DashLine));
    heldOut_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    loss_->legend->setVisible(true);
    loss_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

// Ratings with their intervals as error bars, and the box choosing the x axis. Titles and
// labels are set by rebuildElo(), by what the chart shows.
void TrainCharts::buildEloChart() {
    elo_ = makePlot(QString(), QString(), QString());
    elo_->setObjectName(QStringLiteral("eloChart"));
    eloTitle_ = qobject_cast<QCPTextElement*>(elo_->plotLayout()->element(0, 0));
    eloGraph_ = elo_->addGraph();
    eloGraph_->setPen(QPen(QColor(0xb3, 0x44, 0x1f), 2));
    eloGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    eloBars_ = new QCPErrorBars(elo_->xAxis, elo_->yAxis);
    eloBars_->setDataPlottable(eloGraph_);
    eloBars_->setPen(QPen(QColor(0xb3, 0x44, 0x1f, 150), 1));
    eloAxisBox_ = new QComboBox(elo_);
    eloAxisBox_->setObjectName(QStringLiteral("eloAxisChooser"));
    eloAxisBox_->addItem(QString(), int(EloAxis::Positions));
    eloAxisBox_->addItem(QString(), int(EloAxis::Minutes));
    eloAxisBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    eloAxisBox_->adjustSize();
    connect(eloAxisBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setEloAxis(EloAxis(eloAxisBox_->itemData(i).toInt())); });
    elo_->installEventFilter(this);
}

// Self-play games per hour against the time of day.
void TrainCharts::buildSpeedChart() {
    speed_ = makePlot(QString(), QString(), QString());
    speed_->setObjectName(QStringLiteral("speedChart"));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    // A clock label (HH:mm:ss) is about a sixth of the half-width chart: four ticks keep the
    // labels apart.
    ticker->setTickCount(4);
    speed_->xAxis->setTicker(ticker);
    speedGraph_ = speed_->addGraph();
    speedGraph_->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 2));
    speedGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
}

// The loss chart across the top, the Elo and speed charts side by side below it.
void TrainCharts::layOutCharts() {
    // The box sits in the Elo chart's title row: make the row tall enough to hold it, and the
    // speed chart's beside it as tall, so that the two plots line up.
    eloTitle_->setMinimumSize(0, eloAxisBox_->height() + 4);
    if (auto* t = qobject_cast<QCPTextElement*>(speed_->plotLayout()->element(0, 0)))
        t->setMinimumSize(0, eloAxisBox_->height() + 4);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(loss_, 0, 0, 1, 2);
    grid->addWidget(elo_, 1, 0);
    grid->addWidget(speed_, 1, 1);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);
}

// Any range change not made by rescale() comes from the user's drag or wheel: from then on
// that chart stops following new data (until resetZoom()).
void TrainCharts::watchUserMoves() {
    QCustomPlot* plots[3] = {loss_, elo_, speed_};
    for (int i = 0; i < 3; ++i) {
        QCustomPlot* p = plots[i];
        auto moved = [this, i, p] {
            if (!p->property("xqRescaling").toBool()) userMoved_[i] = true;
        };
        connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, moved);
        connect(p->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, moved);
    }
}

void TrainCharts::retranslate() {
    auto title = [](QCustomPlot* p) {
        return qobject_cast<QCPTextElement*>(p->plotLayout()->element(0, 0));
    };
    title(loss_)->setText(tr("Loss"));
    loss_->xAxis->setLabel(tr("training step"));
    loss_->yAxis->setLabel(tr("policy / total loss"));
    loss_->yAxis2->setLabel(tr("value loss"));
    const QString names[kLossSeries] = {tr("policy"), tr("value"), tr("total"),
                                        tr("opponent reply")};
    for (int i = 0; i < kLossSeries; ++i) smooth_[i]->setName(names[i]);
    heldOut_->setName(tr("held-out value"));
    eloAxisBox_->setItemText(0, tr("vs positions"));
    eloAxisBox_->setItemText(1, tr("vs minutes"));
    eloAxisBox_->setToolTip(
        tr("Plot the ladder ratings against the self-play positions generated, or against "
           "the minutes of training, when each generation was published."));
    eloAxisBox_->adjustSize();
    title(speed_)->setText(tr("Self-play speed"));
    speed_->xAxis->setLabel(tr("time"));
    speed_->yAxis->setLabel(tr("games per hour"));
    rebuildElo();
    markDirty(LossPlot);
    markDirty(SpeedPlot);
}

void TrainCharts::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && speed_) retranslate();
    QWidget::changeEvent(e);
}

QCustomPlot* TrainCharts::makePlot(const QString& title, const QString& xLabel,
                                   const QString& yLabel) {
    auto* p = new QCustomPlot(this);
    p->setMinimumSize(220, 150);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    p->setPlottingHint(QCP::phFastPolylines, true);
    // QCustomPlot repaints at once after each replot by default; in Qt 6 that paints the whole
    // window's pending updates (the live board's too) inside the replot. update() lets the
    // chart join the window's next regular paint instead.
    p->setPlottingHint(QCP::phImmediateRefresh, false);
    p->plotLayout()->insertRow(0);
    auto* t = new QCPTextElement(p, title, QFont(font().family(), 10, QFont::Bold));
    p->plotLayout()->addElement(0, 0, t);
    p->xAxis->setLabel(xLabel);
    p->yAxis->setLabel(yLabel);
    // Mouse-wheel zoom acts on the x axis only: zooming the loss axis by accident hides
    // the curve, and the y range follows the data anyway.
    p->axisRect()->setRangeZoom(Qt::Horizontal);
    return p;
}

void TrainCharts::clear() {
    for (int i = 0; i < kLossSeries; ++i) {
        raw_[i]->data()->clear();
        smooth_[i]->data()->clear();
        smoother_[i] = {};
    }
    heldOut_->data()->clear();
    ladder_.clear();
    selfElo_.clear();
    rebuildElo();
    speedGraph_->data()->clear();
    resetZoom();
}

void TrainCharts::setHistory(const RunHistory& h) {
    clear();
    const QVector<double>* xs[kLossSeries] = {&h.policyStep, &h.valueStep, &h.lossStep,
                                              &h.replyStep};
    const QVector<double>* ys[kLossSeries] = {&h.lossPolicy, &h.lossValue, &h.lossTotal,
                                              &h.lossReply};
    for (int i = 0; i < kLossSeries; ++i) {
        QVector<double> sm(ys[i]->size());
        for (qsizetype k = 0; k < ys[i]->size(); ++k) sm[k] = smoother_[i].next((*ys[i])[k]);
        raw_[i]->setData(*xs[i], *ys[i], true);
        smooth_[i]->setData(*xs[i], sm, true);
    }
    heldOut_->setData(h.heldOutStep, h.heldOutValue, true);
    for (qsizetype k = 0; k < h.elo.size(); ++k)
        selfElo_.push_back({h.eloGen[k], h.elo[k], h.eloLo[k], h.eloHi[k]});
    for (qsizetype k = 0; k < h.ladderGen.size(); ++k) {
        LadderRating r;
        r.generation = int(h.ladderGen[k]);
        r.rating = h.ladderRating[k];
        r.lo = h.ladderLo[k];
        r.hi = h.ladderHi[k];
        r.positions = qint64(h.ladderPositions[k]);
        r.minutes = h.ladderMinutes[k];
        ladder_.push_back(r);
    }
    rebuildElo();
    speedGraph_->setData(h.speedTime, h.gamesPerHour, true);
    markDirty(AllPlots);
}

void TrainCharts::addLoss(double step, double total, double policy, double value,
                          std::optional<double> reply) {
    const double v[kLossSeries] = {policy, value, total, reply.value_or(0)};
    for (int i = 0; i < kLossSeries; ++i) {
        if (i == Reply && !reply) continue;
        raw_[i]->addData(step, v[i]);
        smooth_[i]->addData(step, smoother_[i].next(v[i]));
    }
    markDirty(LossPlot);
}

int TrainCharts::replyPointCount() const {
    return raw_[Reply]->dataCount();
}

void TrainCharts::addHeldOut(double step, double value) {
    heldOut_->addData(step, value);
    markDirty(LossPlot);
}

void TrainCharts::addElo(double generation, double elo, double lo, double hi) {
    // Generation 0, the random network, is the chain's reference: Elo 0, no match of its own.
    if (selfElo_.isEmpty() && generation > 0) selfElo_.push_back({0, 0, 0, 0});
    auto at = std::find_if(selfElo_.begin(), selfElo_.end(),
                           [&](const EloPoint& p) { return p.generation >= generation; });
    if (at != selfElo_.end() && at->generation == generation)
        *at = {generation, elo, lo, hi};
    else
        selfElo_.insert(at, {generation, elo, lo, hi});
    rebuildElo();
}

void TrainCharts::addLadder(const LadderRating& r) {
    auto at = std::find_if(ladder_.begin(), ladder_.end(),
                           [&](const LadderRating& p) { return p.generation >= r.generation; });
    if (at != ladder_.end() && at->generation == r.generation)
        *at = r;
    else
        ladder_.insert(at, r);
    rebuildElo();
}

bool TrainCharts::eloShowsLadder() const {
    return !ladder_.isEmpty() || selfElo_.isEmpty();
}

void TrainCharts::setEloAxis(EloAxis axis) {
    {
        QSignalBlocker block(eloAxisBox_);
        eloAxisBox_->setCurrentIndex(eloAxisBox_->findData(int(axis)));
    }
    if (axis == eloAxis_) return;
    eloAxis_ = axis;
    userMoved_[1] = false;  // a zoom on positions means nothing on minutes
    rebuildElo();
    flush();
}

void TrainCharts::rebuildElo() {
    const bool ladder = eloShowsLadder();
    struct Row {
        double x, y, minus, plus;
    };
    QVector<Row> rows;
    if (ladder) {
        // Minutes are per session: add them up across sessions (see the header).
        double offset = 0, prevRaw = 0, prevSum = 0;
        for (const LadderRating& r : ladder_) {
            double x = double(r.positions);
            if (eloAxis_ == EloAxis::Minutes) {
                if (!rows.isEmpty() && r.minutes < prevRaw) offset = prevSum;
                x = r.minutes + offset;
                prevRaw = r.minutes;
                prevSum = x;
            }
            rows.push_back(
                {x, r.rating, std::max(0.0, r.rating - r.lo), std::max(0.0, r.hi - r.rating)});
        }
    } else {
        for (const EloPoint& p : selfElo_)
            rows.push_back(
                {p.generation, p.elo, std::max(0.0, p.elo - p.lo), std::max(0.0, p.hi - p.elo)});
    }
    // The graph keeps its points sorted by x and the error bars are matched to them by index:
    // hand both over in x order.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return a.x < b.x; });
    QVector<double> x, y, minus, plus;
    for (const Row& r : rows) {
        x.push_back(r.x);
        y.push_back(r.y);
        minus.push_back(r.minus);
        plus.push_back(r.plus);
    }
    eloGraph_->setData(x, y, true);
    eloBars_->setData(minus, plus);

    if (ladder) {
        eloTitle_->setText(tr("Ladder rating"));
        elo_->yAxis->setLabel(tr("Elo (alpha-beta depth 1 = 0)"));
        if (eloAxis_ == EloAxis::Positions) {
            elo_->xAxis->setLabel(tr("self-play positions"));
            elo_->xAxis->setTicker(QSharedPointer<CompactTicker>::create());
        } else {
            elo_->xAxis->setLabel(tr("training minutes"));
            elo_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        }
    } else {
        eloTitle_->setText(tr("Elo"));
        elo_->yAxis->setLabel(tr("self-Elo vs generation 0 (gated run)"));
        elo_->xAxis->setLabel(tr("generation"));
        elo_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    eloAxisBox_->setVisible(ladder);
    markDirty(EloPlot);
}

bool TrainCharts::eventFilter(QObject* watched, QEvent* event) {
    if (watched == elo_ && event->type() == QEvent::Resize) placeEloAxisBox();
    return QWidget::eventFilter(watched, event);
}

void TrainCharts::placeEloAxisBox() {
    eloAxisBox_->move(elo_->width() - eloAxisBox_->width() - 4, 2);
}

void TrainCharts::addGamesPerHour(double epochSeconds, double gamesPerHour) {
    speedGraph_->addData(epochSeconds, gamesPerHour);
    markDirty(SpeedPlot);
}

int TrainCharts::lossPointCount() const {
    return raw_[Total]->dataCount();
}
int TrainCharts::heldOutPointCount() const {
    return heldOut_->dataCount();
}
int TrainCharts::eloPointCount() const {
    return eloGraph_->dataCount();
}
int TrainCharts::speedPointCount() const {
    return speedGraph_->dataCount();
}

namespace {

// The extent of the data plotted along `a` (0 for one value, -1 for none).
double dataSpan(QCustomPlot* p, QCPAxis* a) {
    bool any = false;
    QCPRange all;
    for (int i = 0; i < p->plottableCount(); ++i) {
        QCPAbstractPlottable* pl = p->plottable(i);
        if (!pl->visible() || (pl->keyAxis() != a && pl->valueAxis() != a)) continue;
        bool found = false;
        const QCPRange r = pl->keyAxis() == a ? pl->getKeyRange(found) : pl->getValueRange(found);
        if (!found) continue;
        if (any) {
            all.expand(r);
        } else {
            all = r;
            any = true;
        }
    }
    return any ? all.size() : -1;
}

}  // namespace

void TrainCharts::rescale(QCustomPlot* p) {
    p->setProperty("xqRescaling", true);
    p->rescaleAxes();
    // A little air around the data, and a visible range for a single point.
    for (QCPAxis* a : {p->xAxis, p->yAxis, p->yAxis2}) {
        if (!a->visible()) continue;
        const QCPRange r = a->range();
        // Around a single value QCustomPlot keeps the previous range's size, which may be a
        // sliver of that value (46,040 to 46,050 positions: ten overlapping tick labels).
        // A clock axis (seconds since the epoch) gets a minute each side instead: a tenth of
        // its value is years.
        if (dataSpan(p, a) == 0) {
            const bool clock = !a->ticker().dynamicCast<QCPAxisTickerDateTime>().isNull();
            const double pad = clock ? 60.0 : std::max(1.0, std::abs(r.center()) * 0.1);
            a->setRange(r.center() - pad, r.center() + pad);
        } else {
            a->setRange(r.lower - r.size() * 0.05, r.upper + r.size() * 0.05);
        }
    }
    p->setProperty("xqRescaling", false);
}

void TrainCharts::resetZoom() {
    for (bool& m : userMoved_) m = false;
    markDirty(AllPlots);
    flush();
}

void TrainCharts::flush() {
    if (!dirty_) return;
    const int dirty = dirty_;
    dirty_ = 0;
    // Clock times need seconds on a short run, not on a long one.
    const QCPRange tr = speed_->xAxis->range();
    static_cast<QCPAxisTickerDateTime*>(speed_->xAxis->ticker().data())
        ->setDateTimeFormat(tr.size() < 3600 ? QStringLiteral("HH:mm:ss")
                                             : QStringLiteral("HH:mm"));
    // Before the first point the axis spans the first seconds of 1970: no clock labels then.
    speed_->xAxis->setTickLabels(speedGraph_->dataCount() > 0);
    // The reply loss is in the legend exactly when the run has one.
    if (smooth_[Reply]->dataCount() > 0)
        smooth_[Reply]->addToLegend();
    else
        smooth_[Reply]->removeFromLegend();
    QCustomPlot* plots[3] = {loss_, elo_, speed_};
    for (int i = 0; i < 3; ++i) {
        if (!(dirty & (1 << i))) continue;
        if (!userMoved_[i]) rescale(plots[i]);
        plots[i]->replot(QCustomPlot::rpQueuedReplot);
    }
}

}  // namespace xqui
