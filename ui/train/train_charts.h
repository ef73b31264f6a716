#pragma once
// TrainCharts: the Train page's three QCustomPlot charts.
//  - losses by training step: policy and total on the left axis, value on the right (it is
//    an order of magnitude smaller), each as a faint raw line under a smoothed line, and the
//    value loss on held-out games (points, right axis): where it rises while the training
//    value loss falls, the network is memorising;
//  - Elo of each accepted generation (relative to generation 0) with its 95% interval as
//    error bars;
//  - self-play games per hour over wall-clock time.
// Drag pans, the wheel zooms; once the user has moved a chart it stops following new data
// until resetZoom(). Data is appended any number of times a second; the charts replot on a
// timer at most ~4 times a second (a replot of a long history costs milliseconds).
//
// Thread-safety: a QWidget; GUI thread only.

#include <QVector>
#include <QWidget>

#include "ui/train/run_history.h"

class QCustomPlot;
class QCPGraph;
class QCPErrorBars;
class QTimer;

namespace xqui {

class TrainCharts : public QWidget {
    Q_OBJECT
public:
    explicit TrainCharts(QWidget* parent = nullptr);

    void clear();
    // Replaces everything with a run's stored history.
    void setHistory(const RunHistory& h);
    // Live data.
    void addLoss(double step, double total, double policy, double value);
    void addHeldOut(double step, double value);
    void addElo(double generation, double elo, double lo, double hi);
    void addGamesPerHour(double epochSeconds, double gamesPerHour);

    int lossPointCount() const;
    int heldOutPointCount() const;
    int eloPointCount() const;
    int speedPointCount() const;
    QCustomPlot* lossPlot() const { return loss_; }
    QCustomPlot* eloPlot() const { return elo_; }
    QCustomPlot* speedPlot() const { return speed_; }
    // Replots now if anything changed (the timer does this on its own; tests and screenshots
    // call it to avoid waiting).
    void flush();

    // Smoothing of the loss lines: exponential moving average with this weight on the past,
    // de-biased at the start (as TensorBoard does), so early points are not pulled to zero.
    static constexpr double kSmoothing = 0.9;

public slots:
    void resetZoom();

private:
    struct Smoother {
        double ema = 0;
        double weight = 0;  // sum of the weights seen, for de-biasing
        double next(double v);
    };
    QCustomPlot* makePlot(const QString& title, const QString& xLabel, const QString& yLabel);
    enum { LossPlot = 1, EloPlot = 2, SpeedPlot = 4, AllPlots = 7 };
    void markDirty(int plots) { dirty_ |= plots; }
    void rescale(QCustomPlot* p);

    QCustomPlot* loss_ = nullptr;
    QCustomPlot* elo_ = nullptr;
    QCustomPlot* speed_ = nullptr;
    // Graphs of loss_: raw and smoothed for policy, value, total.
    QCPGraph* raw_[3] = {};
    QCPGraph* smooth_[3] = {};
    Smoother smoother_[3];
    QCPGraph* heldOut_ = nullptr;  // held-out value loss, right axis
    QCPGraph* eloGraph_ = nullptr;
    QCPErrorBars* eloBars_ = nullptr;
    QCPGraph* speedGraph_ = nullptr;
    QTimer* replotTimer_ = nullptr;
    int dirty_ = 0;  // which plots changed since the last replot (LossPlot | ...)
    bool userMoved_[3] = {};  // per plot: the user zoomed or panned; stop auto-rescaling
};

}  // namespace xqui
