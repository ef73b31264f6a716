#include "ui/train/train_charts.h"

#include <algorithm>

#include <QGridLayout>
#include <QTimer>
#include <qcustomplot.h>

namespace xqui {

namespace {

constexpr int kReplotIntervalMs = 250;  // at most 4 replots a second
const QColor kColors[3] = {QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28)};
enum { Policy = 0, Value = 1, Total = 2 };

}  // namespace

double TrainCharts::Smoother::next(double v) {
    ema = kSmoothing * ema + (1 - kSmoothing) * v;
    weight = kSmoothing * weight + (1 - kSmoothing);
    return ema / weight;
}

TrainCharts::TrainCharts(QWidget* parent) : QWidget(parent) {
    loss_ = makePlot(tr("Loss"), tr("training step"), tr("policy / total loss"));
    loss_->setObjectName(QStringLiteral("lossChart"));
    loss_->yAxis2->setVisible(true);
    loss_->yAxis2->setLabel(tr("value loss"));
    const QString names[3] = {tr("policy"), tr("value"), tr("total")};
    for (int i = 0; i < 3; ++i) {
        QCPAxis* y = i == Value ? loss_->yAxis2 : loss_->yAxis;
        raw_[i] = loss_->addGraph(loss_->xAxis, y);
        QColor faint = kColors[i];
        faint.setAlpha(60);
        raw_[i]->setPen(QPen(faint, 1));
        raw_[i]->setAntialiased(false);  // thousands of noisy points: cheap lines draw faster
        raw_[i]->removeFromLegend();
        smooth_[i] = loss_->addGraph(loss_->xAxis, y);
        smooth_[i]->setPen(QPen(kColors[i], 2));
        smooth_[i]->setName(names[i]);
    }
    heldOut_ = loss_->addGraph(loss_->xAxis, loss_->yAxis2);
    heldOut_->setPen(QPen(QColor(0x8c, 0x56, 0x4b), 1.5, Qt::DashLine));
    heldOut_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    heldOut_->setName(tr("held-out value"));
    loss_->legend->setVisible(true);
    loss_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    elo_ = makePlot(tr("Elo"), tr("generation"), tr("Elo vs generation 0"));
    elo_->setObjectName(QStringLiteral("eloChart"));
    eloGraph_ = elo_->addGraph();
    eloGraph_->setPen(QPen(QColor(0xb3, 0x44, 0x1f), 2));
    eloGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    eloBars_ = new QCPErrorBars(elo_->xAxis, elo_->yAxis);
    eloBars_->setDataPlottable(eloGraph_);
    eloBars_->setPen(QPen(QColor(0xb3, 0x44, 0x1f, 150), 1));

    speed_ = makePlot(tr("Self-play speed"), tr("time"), tr("games per hour"));
    speed_->setObjectName(QStringLiteral("speedChart"));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    speed_->xAxis->setTicker(ticker);
    speedGraph_ = speed_->addGraph();
    speedGraph_->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 2));
    speedGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(loss_, 0, 0, 1, 2);
    grid->addWidget(elo_, 1, 0);
    grid->addWidget(speed_, 1, 1);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);

    QCustomPlot* plots[3] = {loss_, elo_, speed_};
    for (int i = 0; i < 3; ++i) {
        // Any range change not made by rescale() comes from the user's drag or wheel.
        QCustomPlot* p = plots[i];
        auto moved = [this, i, p] {
            if (!p->property("xqRescaling").toBool()) userMoved_[i] = true;
        };
        connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, moved);
        connect(p->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, moved);
    }

    replotTimer_ = new QTimer(this);
    replotTimer_->setObjectName(QStringLiteral("trainChartsReplot"));
    replotTimer_->setInterval(kReplotIntervalMs);
    connect(replotTimer_, &QTimer::timeout, this, &TrainCharts::flush);
    replotTimer_->start();
}

QCustomPlot* TrainCharts::makePlot(const QString& title, const QString& xLabel, const QString& yLabel) {
    auto* p = new QCustomPlot(this);
    p->setMinimumSize(220, 150);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    p->setPlottingHint(QCP::phFastPolylines, true);
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
    for (int i = 0; i < 3; ++i) {
        raw_[i]->data()->clear();
        smooth_[i]->data()->clear();
        smoother_[i] = {};
    }
    heldOut_->data()->clear();
    eloGraph_->data()->clear();
    eloBars_->data()->clear();
    speedGraph_->data()->clear();
    resetZoom();
}

void TrainCharts::setHistory(const RunHistory& h) {
    clear();
    const QVector<double>* xs[3] = {&h.policyStep, &h.valueStep, &h.lossStep};
    const QVector<double>* ys[3] = {&h.lossPolicy, &h.lossValue, &h.lossTotal};
    for (int i = 0; i < 3; ++i) {
        QVector<double> sm(ys[i]->size());
        for (qsizetype k = 0; k < ys[i]->size(); ++k) sm[k] = smoother_[i].next((*ys[i])[k]);
        raw_[i]->setData(*xs[i], *ys[i], true);
        smooth_[i]->setData(*xs[i], sm, true);
    }
    heldOut_->setData(h.heldOutStep, h.heldOutValue, true);
    eloGraph_->setData(h.eloGen, h.elo, true);
    QVector<double> minus(h.elo.size()), plus(h.elo.size());
    for (qsizetype k = 0; k < h.elo.size(); ++k) {
        minus[k] = std::max(0.0, h.elo[k] - h.eloLo[k]);
        plus[k] = std::max(0.0, h.eloHi[k] - h.elo[k]);
    }
    eloBars_->setData(minus, plus);
    speedGraph_->setData(h.speedTime, h.gamesPerHour, true);
    markDirty(AllPlots);
}

void TrainCharts::addLoss(double step, double total, double policy, double value) {
    const double v[3] = {policy, value, total};
    for (int i = 0; i < 3; ++i) {
        raw_[i]->addData(step, v[i]);
        smooth_[i]->addData(step, smoother_[i].next(v[i]));
    }
    markDirty(LossPlot);
}

void TrainCharts::addHeldOut(double step, double value) {
    heldOut_->addData(step, value);
    markDirty(LossPlot);
}

void TrainCharts::addElo(double generation, double elo, double lo, double hi) {
    eloGraph_->addData(generation, elo);
    // Error bars are matched to the graph's points by index; the graph keeps its data sorted
    // by generation, and generations only grow, so appending keeps them aligned.
    eloBars_->addData(std::max(0.0, elo - lo), std::max(0.0, hi - elo));
    markDirty(EloPlot);
}

void TrainCharts::addGamesPerHour(double epochSeconds, double gamesPerHour) {
    speedGraph_->addData(epochSeconds, gamesPerHour);
    markDirty(SpeedPlot);
}

int TrainCharts::lossPointCount() const { return raw_[Total]->dataCount(); }
int TrainCharts::heldOutPointCount() const { return heldOut_->dataCount(); }
int TrainCharts::eloPointCount() const { return eloGraph_->dataCount(); }
int TrainCharts::speedPointCount() const { return speedGraph_->dataCount(); }

void TrainCharts::rescale(QCustomPlot* p) {
    p->setProperty("xqRescaling", true);
    p->rescaleAxes();
    // A little air around the data, and a visible range for a single point.
    for (QCPAxis* a : {p->xAxis, p->yAxis, p->yAxis2}) {
        if (!a->visible()) continue;
        QCPRange r = a->range();
        const double pad = r.size() > 0 ? r.size() * 0.05 : std::max(1.0, std::abs(r.center()) * 0.1);
        a->setRange(r.lower - pad, r.upper + pad);
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
        ->setDateTimeFormat(tr.size() < 3600 ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm"));
    QCustomPlot* plots[3] = {loss_, elo_, speed_};
    for (int i = 0; i < 3; ++i) {
        if (!(dirty & (1 << i))) continue;
        if (!userMoved_[i]) rescale(plots[i]);
        plots[i]->replot(QCustomPlot::rpQueuedReplot);
    }
}

}  // namespace xqui
