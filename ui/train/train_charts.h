#pragma once
// TrainCharts: the Train page's three QCustomPlot charts.
//  - losses by training step: policy and total on the left axis, value on the right (it is
//    an order of magnitude smaller), each as a faint raw line under a smoothed line, and the
//    value loss on held-out games (points, right axis): where it rises while the training
//    value loss falls, the network is memorising;
//  - the Elo chart: the background ladder's rating of the run's generations (absolute, on the
//    ladder's scale where alpha-beta depth 1 = 0) with its 95% interval as error bars, against
//    the self-play positions generated when each generation was published or, chosen in a
//    small box in the chart's corner, against training minutes. A gated run of an older
//    database with no ladder ratings shows its gate's Elo chain instead (relative to
//    generation 0, by generation; the axis says so), so it still shows something;
//  - self-play games per hour over wall-clock time.
// Drag pans, the wheel zooms; once the user has moved a chart it stops following new data
// until resetZoom(). Data is appended any number of times a second; the charts replot on a
// timer at most ~4 times a second (a replot of a long history costs milliseconds).
//
// Training minutes: a ladder point records minutes into the session that published it, so a
// resumed run starts again from 0. Plotted, the minutes are added up: where they fall back
// (a later session), the later points are shifted by the last point before. That counts a
// session only up to its last rated generation, so the axis can run short of the real
// training time of a resumed run; within one session it is exact.
//
// Thread-safety: a QWidget; GUI thread only.

#include <optional>

#include <QVector>
#include <QWidget>

#include "ui/facade/facade_types.h"
#include "ui/train/run_history.h"

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPErrorBars;
class QCPTextElement;
class QTimer;

namespace xqui {

class TrainCharts : public QWidget {
    Q_OBJECT
public:
    explicit TrainCharts(QWidget* parent = nullptr);

    // What the ladder ratings are plotted against (the box in the Elo chart's corner).
    enum class EloAxis { Positions = 0, Minutes = 1 };
    static constexpr int kLossSeries = 4;  // policy, value, total, opponent reply

    void clear();
    // Replaces everything with a run's stored history.
    void setHistory(const RunHistory& h);
    // Live data.
    // `reply`: the opponent-reply head's loss, for a run that trains one.
    void addLoss(double step, double total, double policy, double value,
                 std::optional<double> reply = std::nullopt);
    void addHeldOut(double step, double value);
    // The gate's Elo chain (gated runs): generation 0 at Elo 0 is added before the first.
    void addElo(double generation, double elo, double lo, double hi);
    // A ladder rating; one for a generation already shown replaces it.
    void addLadder(const LadderRating& r);
    void addGamesPerHour(double epochSeconds, double gamesPerHour);

    void setEloAxis(EloAxis axis);
    EloAxis eloAxis() const { return eloAxis_; }
    // True when the Elo chart shows ladder ratings (also when it is empty); false when it
    // shows a gated run's self-Elo by generation.
    bool eloShowsLadder() const;
    QComboBox* eloAxisChooser() const { return eloAxisBox_; }

    int lossPointCount() const;
    int replyPointCount() const;  // points of the opponent-reply loss (0 for most runs)
    int heldOutPointCount() const;
    // Points on the Elo chart, whichever series it shows.
    int eloPointCount() const;
    int ladderPointCount() const { return int(ladder_.size()); }
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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* e) override;

private:
    void buildLossChart();
    void buildEloChart();
    void buildSpeedChart();
    void layOutCharts();
    void watchUserMoves();
    void retranslate();
    struct EloPoint {
        double generation, elo, lo, hi;
    };
    struct Smoother {
        double ema = 0;
        double weight = 0;  // sum of the weights seen, for de-biasing
        double next(double v);
    };
    QCustomPlot* makePlot(const QString& title, const QString& xLabel, const QString& yLabel);
    enum { LossPlot = 1, EloPlot = 2, SpeedPlot = 4, AllPlots = 7 };
    void markDirty(int plots) { dirty_ |= plots; }
    void rescale(QCustomPlot* p);
    // Fills the Elo graph from ladder_ or selfElo_ and sets its title and labels.
    void rebuildElo();
    void placeEloAxisBox();

    QCustomPlot* loss_ = nullptr;
    QCustomPlot* elo_ = nullptr;
    QCustomPlot* speed_ = nullptr;
    // Graphs of loss_: raw and smoothed for policy, value, total, opponent reply.
    QCPGraph* raw_[kLossSeries] = {};
    QCPGraph* smooth_[kLossSeries] = {};
    Smoother smoother_[kLossSeries];
    QCPGraph* heldOut_ = nullptr;  // held-out value loss, right axis
    QCPGraph* eloGraph_ = nullptr;
    QCPErrorBars* eloBars_ = nullptr;
    QCPTextElement* eloTitle_ = nullptr;
    QComboBox* eloAxisBox_ = nullptr;  // a child of elo_, in its top right corner
    EloAxis eloAxis_ = EloAxis::Positions;
    QVector<LadderRating> ladder_;     // by generation
    QVector<EloPoint> selfElo_;        // by generation
    QCPGraph* speedGraph_ = nullptr;
    QTimer* replotTimer_ = nullptr;
    int dirty_ = 0;  // which plots changed since the last replot (LossPlot | ...)
    bool userMoved_[3] = {};  // per plot: the user zoomed or panned; stop auto-rescaling
};

}  // namespace xqui
