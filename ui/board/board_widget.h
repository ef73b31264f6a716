#pragma once
// The Xiangqi board widget, reused by every page.
//
// It shows a Position (pieces, last move, a king in check) and, when interactive, lets the
// user move the side to move's pieces by click-click or drag-and-drop. It never changes the
// game itself: a legal move is reported through moveRequested() and the owner decides
// (usually it applies the move and calls setPosition()). An illegal drop snaps back.
// Overlays for other pages: a heatmap (one value in 0..1 per square, with a label) and arrows.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QColor>
#include <QPixmap>
#include <QVector>
#include <QWidget>

#include "core/xiangqi/position.h"
#include "ui/board/board_geometry.h"

class QPainter;

namespace xqui {

struct BoardArrow {
    xq::Move move;
    QColor color = QColor(30, 120, 220, 170);
    qreal width = 0.16;  // shaft width in cells
};

struct HeatCell {
    float value = -1.0f;  // 0..1; negative = no colour on this square
    QString label;        // drawn small on the square; may be empty
};

class BoardWidget : public QWidget {
    Q_OBJECT
public:
    explicit BoardWidget(QWidget* parent = nullptr);

    void setPosition(const xq::Position& pos, xq::Move lastMove = xq::Move());
    const xq::Position& position() const { return pos_; }
    void setInteractive(bool on);
    bool interactive() const { return interactive_; }
    void setFlipped(bool flipped);
    bool flipped() const { return flipped_; }
    void setShowCoordinates(bool on);
    bool showCoordinates() const { return coordinates_; }

    void setArrows(const QVector<BoardArrow>& arrows);
    void clearArrows() { setArrows({}); }
    const QVector<BoardArrow>& arrows() const { return arrows_; }
    // `cells` has 90 entries indexed by square, or is empty to clear.
    void setHeatmap(const QVector<HeatCell>& cells);
    void clearHeatmap() { setHeatmap({}); }
    const QVector<HeatCell>& heatmap() const { return heat_; }

    // Interaction state, for tests and for the owner.
    xq::Square selectedSquare() const { return selected_; }
    QVector<xq::Square> highlightedTargets() const;
    void clearSelection();
    // Screen centre of a square in widget coordinates (honours flipping) and the inverse.
    QPoint squareCenter(xq::Square sq) const;
    xq::Square squareAt(const QPoint& p) const;

    QSize sizeHint() const override { return {540, 600}; }
    QSize minimumSizeHint() const override { return {220, 245}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;

signals:
    void moveRequested(xq::Move move);
    // A click that was not a move (a square was selected or the selection was dropped):
    // lets pages show per-square information.
    void squareClicked(xq::Square sq);

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void changeEvent(QEvent*) override;

private:
    BoardGeometry geometry() const;
    static qreal pieceRadius(const BoardGeometry& g) { return g.cell * 0.45; }
    void paintHeat(QPainter& p, const BoardGeometry& g) const;
    void paintLastMove(QPainter& p, const BoardGeometry& g) const;
    void paintCheck(QPainter& p, const BoardGeometry& g) const;
    void paintPieces(QPainter& p, const BoardGeometry& g) const;
    void paintSelection(QPainter& p, const BoardGeometry& g) const;
    void paintHeatLabels(QPainter& p, const BoardGeometry& g) const;
    void select(xq::Square sq);
    bool tryMove(xq::Square from, xq::Square to);
    bool ownPiece(xq::Square sq) const;

    xq::Position pos_;
    xq::Move lastMove_;
    xq::MoveList legal_;
    bool interactive_ = true;
    bool flipped_ = false;
    bool coordinates_ = true;
    xq::Square selected_ = xq::kNoSquare;
    // Drag state: the press square, the current pointer, whether it moved far enough.
    xq::Square pressSquare_ = xq::kNoSquare;
    QPointF dragPos_;
    bool dragging_ = false;
    bool pressSelectedAlready_ = false;
    QVector<BoardArrow> arrows_;
    QVector<HeatCell> heat_;
    QPixmap art_;  // cached board art for the current size/orientation/DPR
};

}  // namespace xqui
