#pragma once
// ReviewGraph: the review of a game under the board (QCustomPlot). Red's win chance after each
// ply (0 = the start position) as a line over a 50% rule, the marked moves as coloured points
// on the position they were made in (inaccuracy yellow, mistake orange, blunder red: the drop
// follows them, and a click on one shows that move as the Library shows a ply), and a
// vertical cursor at the ply shown on the board. A click anywhere on the chart asks for the
// nearest ply (plySelected), so the page jumps there.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

#include "core/engine/review.h"

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QMouseEvent;

namespace xqui {

class ReviewGraph : public QWidget {
    Q_OBJECT
public:
    explicit ReviewGraph(QWidget* parent = nullptr);

    void setReview(const xq::engine::GameReview& review);
    void clear();
    // The cursor: the position shown on the board.
    void setCurrentPly(int ply);

    // What is drawn, for tests: points of the win-chance line, and marked points of a kind
    // (None: all marks).
    int pointCount() const;
    int markCount(xq::engine::MoveMark mark = xq::engine::MoveMark::None) const;
    QCustomPlot* plot() const { return plot_; }
    // The ply a click at widget x (in the plot's coordinates) selects; -1 when no review.
    int plyAt(double pixelX) const;

signals:
    void plySelected(int ply);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void onMousePress(QMouseEvent* e);

    QCustomPlot* plot_ = nullptr;
    QCPGraph* line_ = nullptr;
    QCPGraph* marks_[3] = {};  // inaccuracy, mistake, blunder
    QCPItemStraightLine* cursor_ = nullptr;
    int plies_ = -1;  // moves of the review shown; -1 when none
};

}  // namespace xqui
