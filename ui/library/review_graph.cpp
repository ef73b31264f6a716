#include "ui/library/review_graph.h"

#include <cmath>

#include <QEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace xqui {

namespace {

const QColor kMarkColors[3] = {QColor(222, 180, 20), QColor(235, 120, 20), QColor(200, 30, 30)};

}  // namespace

ReviewGraph::ReviewGraph(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("reviewPlot"));
    plot_->setMinimumHeight(110);
    // As TrainCharts: join the window's next paint instead of repainting inside replot().
    plot_->setPlottingHint(QCP::phImmediateRefresh, false);
    plot_->yAxis->setRange(0, 1);
    plot_->yAxis->setTickLabels(true);
    plot_->yAxis->ticker()->setTickCount(2);
    plot_->xAxis->setRange(0, 1);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    plot_->xAxis->setTickLabelFont(small);
    plot_->yAxis->setTickLabelFont(small);
    plot_->yAxis->setLabelFont(small);
    plot_->axisRect()->setAutoMargins(QCP::msLeft | QCP::msBottom);
    plot_->axisRect()->setMargins(QMargins(0, 6, 8, 0));

    auto* half = new QCPItemStraightLine(plot_);
    half->point1->setCoords(0, 0.5);
    half->point2->setCoords(1, 0.5);
    half->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));

    line_ = plot_->addGraph();
    line_->setPen(QPen(QColor(179, 68, 31), 2));
    line_->setBrush(QBrush(QColor(179, 68, 31, 40)));  // Red's share filled from the bottom
    for (int i = 0; i < 3; ++i) {
        marks_[i] = plot_->addGraph();
        marks_[i]->setLineStyle(QCPGraph::lsNone);
        // ssCircle fills with the brush (ssDisc would fill with the pen's white).
        marks_[i]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                                   QPen(Qt::white, 1), QBrush(kMarkColors[i]), 9));
    }
    cursor_ = new QCPItemStraightLine(plot_);
    cursor_->setPen(QPen(QColor(30, 120, 220), 1.5));
    cursor_->setVisible(false);
    connect(plot_, &QCustomPlot::mousePress, this, &ReviewGraph::onMousePress);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    retranslate();
}

void ReviewGraph::retranslate() {
    plot_->yAxis->setLabel(tr("Red"));
    plot_->setToolTip(tr("Red's win chance after each move, as the review's searches saw it; "
                         "dots mark inaccuracies (yellow), mistakes (orange) and blunders (red). "
                         "Click to go to a move."));
}

void ReviewGraph::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && plot_) retranslate();
    QWidget::changeEvent(e);
}

void ReviewGraph::clear() {
    plies_ = -1;
    line_->data()->clear();
    for (QCPGraph* g : marks_) g->data()->clear();
    cursor_->setVisible(false);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ReviewGraph::setReview(const xq::engine::GameReview& review) {
    const std::vector<double> red = xq::engine::redWinChances(review);
    QVector<double> xs, ys;
    for (size_t i = 0; i < red.size(); ++i) {
        xs.push_back(double(i));
        ys.push_back(red[i]);
    }
    line_->setData(xs, ys, true);
    QVector<double> mx[3], my[3];
    for (const xq::engine::MoveReview& m : review.moves) {
        if (m.mark == xq::engine::MoveMark::None) continue;
        const int k = int(m.mark) - 1;
        // On the position the move was made in: a click there shows that move's review.
        mx[k].push_back(double(m.ply));
        my[k].push_back(red[size_t(m.ply)]);
    }
    for (int k = 0; k < 3; ++k) marks_[k]->setData(mx[k], my[k], true);
    plies_ = int(review.moves.size());
    plot_->xAxis->setRange(0, std::max(1, plies_));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ReviewGraph::setCurrentPly(int ply) {
    cursor_->setVisible(plies_ >= 0);
    cursor_->point1->setCoords(ply, 0);
    cursor_->point2->setCoords(ply, 1);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

int ReviewGraph::pointCount() const {
    return line_->dataCount();
}

int ReviewGraph::markCount(xq::engine::MoveMark mark) const {
    if (mark != xq::engine::MoveMark::None) return marks_[int(mark) - 1]->dataCount();
    return marks_[0]->dataCount() + marks_[1]->dataCount() + marks_[2]->dataCount();
}

int ReviewGraph::plyAt(double pixelX) const {
    if (plies_ < 0) return -1;
    const double x = plot_->xAxis->pixelToCoord(pixelX);
    return std::clamp(int(std::lround(x)), 0, plies_);
}

void ReviewGraph::onMousePress(QMouseEvent* e) {
    const int ply = plyAt(e->position().x());
    if (ply >= 0) emit plySelected(ply);
}

}  // namespace xqui
