#include "ui/board/board_widget.h"

#include <QApplication>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRadialGradient>

#include "ui/board/board_painter.h"

namespace xqui {

BoardWidget::BoardWidget(QWidget* parent) : QWidget(parent) {
    QSizePolicy sp(QSizePolicy::Expanding, QSizePolicy::Expanding);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
    setMouseTracking(false);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Xiangqi board"));
    pos_.legalMoves(legal_);
}

void BoardWidget::setPosition(const xq::Position& pos, xq::Move lastMove) {
    pos_ = pos;
    lastMove_ = lastMove;
    legal_.clear();
    pos_.legalMoves(legal_);
    selected_ = xq::kNoSquare;
    pressSquare_ = xq::kNoSquare;
    dragging_ = false;
    update();
}

void BoardWidget::setInteractive(bool on) {
    if (interactive_ == on) return;
    interactive_ = on;
    if (!on) clearSelection();
    setCursor(on ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void BoardWidget::setFlipped(bool flipped) {
    if (flipped_ == flipped) return;
    flipped_ = flipped;
    art_ = QPixmap();
    update();
}

void BoardWidget::setShowCoordinates(bool on) {
    if (coordinates_ == on) return;
    coordinates_ = on;
    art_ = QPixmap();
    update();
}

void BoardWidget::setArrows(const QVector<BoardArrow>& arrows) {
    arrows_ = arrows;
    update();
}

void BoardWidget::setHeatmap(const QVector<HeatCell>& cells) {
    heat_ = cells.size() == xq::kSquareCount ? cells : QVector<HeatCell>();
    update();
}

QVector<xq::Square> BoardWidget::highlightedTargets() const {
    QVector<xq::Square> out;
    if (selected_ == xq::kNoSquare) return out;
    for (xq::Move m : legal_)
        if (m.from() == selected_) out.push_back(m.to());
    return out;
}

void BoardWidget::clearSelection() {
    selected_ = xq::kNoSquare;
    pressSquare_ = xq::kNoSquare;
    dragging_ = false;
    update();
}

BoardGeometry BoardWidget::geometry() const { return BoardGeometry::fit(QSizeF(size()), flipped_); }

QPoint BoardWidget::squareCenter(xq::Square sq) const { return geometry().center(sq).toPoint(); }

xq::Square BoardWidget::squareAt(const QPoint& p) const { return geometry().squareAt(QPointF(p)); }

int BoardWidget::heightForWidth(int w) const {
    const qreal m = BoardGeometry::kMargin;
    return qRound(w * (9 + 2 * m) / (8 + 2 * m));
}

bool BoardWidget::ownPiece(xq::Square sq) const {
    if (sq == xq::kNoSquare) return false;
    const xq::Piece p = pos_.piece(sq);
    return p != xq::NoPiece && xq::colorOf(p) == pos_.sideToMove();
}

void BoardWidget::select(xq::Square sq) {
    selected_ = sq;
    update();
}

bool BoardWidget::tryMove(xq::Square from, xq::Square to) {
    const xq::Move m(from, to);
    if (from == xq::kNoSquare || to == xq::kNoSquare || !legal_.contains(m)) return false;
    selected_ = xq::kNoSquare;
    pressSquare_ = xq::kNoSquare;
    dragging_ = false;
    update();
    emit moveRequested(m);
    return true;
}

void BoardWidget::mousePressEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) {
        clearSelection();
        return;
    }
    const xq::Square sq = squareAt(e->position().toPoint());
    if (!interactive_) {
        if (sq != xq::kNoSquare) emit squareClicked(sq);
        return;
    }
    if (selected_ != xq::kNoSquare && sq != selected_ && !ownPiece(sq)) {
        if (!tryMove(selected_, sq)) {
            clearSelection();  // a click on an unreachable square drops the selection
            if (sq != xq::kNoSquare) emit squareClicked(sq);
        }
        return;
    }
    if (ownPiece(sq)) {
        pressSelectedAlready_ = selected_ == sq;
        select(sq);
        pressSquare_ = sq;
        dragPos_ = e->position();
        dragging_ = false;
        emit squareClicked(sq);
        return;
    }
    clearSelection();
    if (sq != xq::kNoSquare) emit squareClicked(sq);
}

void BoardWidget::mouseMoveEvent(QMouseEvent* e) {
    if (pressSquare_ == xq::kNoSquare || !(e->buttons() & Qt::LeftButton)) return;
    if (!dragging_ &&
        (e->position() - QPointF(squareCenter(pressSquare_))).manhattanLength() < QApplication::startDragDistance())
        return;
    dragging_ = true;
    dragPos_ = e->position();
    update();
}

void BoardWidget::mouseReleaseEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || pressSquare_ == xq::kNoSquare) return;
    const xq::Square from = pressSquare_;
    const xq::Square to = squareAt(e->position().toPoint());
    const bool wasDragging = dragging_;
    pressSquare_ = xq::kNoSquare;
    dragging_ = false;
    if (wasDragging) {
        if (to != from && tryMove(from, to)) return;
        // Illegal drop: the piece snaps back. Dropping on its own square keeps the selection
        // so the user can still finish with a click.
        if (to != from) selected_ = xq::kNoSquare;
        update();
        return;
    }
    if (to == from && pressSelectedAlready_) clearSelection();  // second click deselects
}

void BoardWidget::resizeEvent(QResizeEvent*) { art_ = QPixmap(); }

void BoardWidget::changeEvent(QEvent* e) {
    // Moving to a screen with another scale factor, or a new language for the river words.
    if (e->type() == QEvent::ScreenChangeInternal || e->type() == QEvent::LanguageChange ||
        e->type() == QEvent::FontChange)
        art_ = QPixmap();
    QWidget::changeEvent(e);
}

// Layers from the bottom: the cached board art, the heatmap, the last move, the check glow,
// the pieces, the selection and its targets, the heat labels, the arrows, the dragged piece.
void BoardWidget::paintEvent(QPaintEvent*) {
    const BoardGeometry g = geometry();
    const qreal dpr = devicePixelRatioF();
    if (art_.isNull() || art_.devicePixelRatio() != dpr ||
        art_.size() != (QSizeF(size()) * dpr).toSize()) {
        BoardStyle style;
        style.coordinates = coordinates_;
        art_ = paintBoardArt(size(), dpr, g, style);
    }
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.drawPixmap(0, 0, art_);
    paintHeat(p, g);
    paintLastMove(p, g);
    paintCheck(p, g);
    paintPieces(p, g);
    paintSelection(p, g);
    paintHeatLabels(p, g);
    for (const BoardArrow& a : arrows_) {
        if (!a.move) continue;
        paintArrow(p, g.center(a.move.from()), g.center(a.move.to()), a.width * g.cell, a.color);
    }
    if (dragging_ && pressSquare_ != xq::kNoSquare)
        paintPiece(p, dragPos_, pieceRadius(g) * 1.08, pos_.piece(pressSquare_), true);
}

// A square of the heatmap, under everything else that moves.
void BoardWidget::paintHeat(QPainter& p, const BoardGeometry& g) const {
    const qreal c = g.cell;
    for (int sq = 0; sq < heat_.size() && sq < xq::kSquareCount; ++sq) {
        const HeatCell& h = heat_[sq];
        if (h.value < 0) continue;
        QColor col = heatColor(h.value);
        col.setAlpha(150);
        const QPointF ctr = g.center(sq);
        p.setPen(Qt::NoPen);
        p.setBrush(col);
        p.drawRoundedRect(QRectF(ctr - QPointF(c * 0.47, c * 0.47), QSizeF(c * 0.94, c * 0.94)),
                          c * 0.12, c * 0.12);
    }
}

// The last move: a soft frame on both squares.
void BoardWidget::paintLastMove(QPainter& p, const BoardGeometry& g) const {
    if (!lastMove_) return;
    const qreal c = g.cell;
    for (xq::Square sq : {lastMove_.from(), lastMove_.to()}) {
        const QPointF ctr = g.center(sq);
        p.setPen(QPen(QColor(30, 110, 200, 200), qMax<qreal>(1.5, c * 0.05)));
        p.setBrush(QColor(80, 160, 255, 45));
        p.drawRoundedRect(QRectF(ctr - QPointF(c * 0.49, c * 0.49), QSizeF(c * 0.98, c * 0.98)),
                          c * 0.14, c * 0.14);
    }
}

// The king in check: a red glow.
void BoardWidget::paintCheck(QPainter& p, const BoardGeometry& g) const {
    const xq::Square king = pos_.kingSquare(pos_.sideToMove());
    if (king == xq::kNoSquare || !pos_.inCheck()) return;
    const qreal r = pieceRadius(g);
    const QPointF ctr = g.center(king);
    QRadialGradient glow(ctr, r * 1.45);
    glow.setColorAt(0.55, QColor(255, 30, 20, 230));
    glow.setColorAt(1.0, QColor(255, 30, 20, 0));
    p.setPen(Qt::NoPen);
    p.setBrush(glow);
    p.drawEllipse(ctr, r * 1.45, r * 1.45);
}

// The pieces; the one being dragged stays faint on its square.
void BoardWidget::paintPieces(QPainter& p, const BoardGeometry& g) const {
    const qreal r = pieceRadius(g);
    for (int sq = 0; sq < xq::kSquareCount; ++sq) {
        const xq::Piece pc = pos_.piece(sq);
        if (pc == xq::NoPiece) continue;
        const bool dragged = dragging_ && sq == pressSquare_;
        if (dragged) p.setOpacity(0.35);
        paintPiece(p, g.center(sq), r, pc);
        if (dragged) p.setOpacity(1.0);
    }
}

// The selected piece's ring and its legal targets: a dot on an empty square, a ring around a
// piece it can capture.
void BoardWidget::paintSelection(QPainter& p, const BoardGeometry& g) const {
    if (selected_ == xq::kNoSquare) return;
    const qreal c = g.cell, r = pieceRadius(g);
    p.setPen(QPen(QColor(20, 170, 80), qMax<qreal>(2.0, c * 0.07)));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(g.center(selected_), r * 1.06, r * 1.06);
    for (xq::Square t : highlightedTargets()) {
        const QPointF ctr = g.center(t);
        if (pos_.piece(t) != xq::NoPiece) {
            p.setPen(QPen(QColor(220, 40, 30, 220), qMax<qreal>(2.0, c * 0.07)));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(ctr, r * 1.06, r * 1.06);
        } else {
            p.setPen(QPen(QColor(10, 90, 40, 200), qMax<qreal>(1.0, c * 0.02)));
            p.setBrush(QColor(20, 170, 80, 200));
            p.drawEllipse(ctr, c * 0.13, c * 0.13);
        }
    }
}

// The heatmap's labels, above the pieces so they stay readable.
void BoardWidget::paintHeatLabels(QPainter& p, const BoardGeometry& g) const {
    if (heat_.isEmpty()) return;
    const qreal c = g.cell;
    QFont f = font();
    f.setPixelSize(qMax(6, qRound(c * 0.21)));
    f.setBold(true);
    p.setFont(f);
    for (int sq = 0; sq < heat_.size() && sq < xq::kSquareCount; ++sq) {
        const HeatCell& h = heat_[sq];
        if (h.value < 0 || h.label.isEmpty()) continue;
        const QPointF ctr = g.center(sq) + QPointF(0, c * 0.32);
        const QRectF box(ctr - QPointF(c * 0.46, c * 0.14), QSizeF(c * 0.92, c * 0.28));
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(255, 255, 255, 200));
        p.drawRoundedRect(box, c * 0.06, c * 0.06);
        p.setPen(QColor(20, 20, 20));
        p.drawText(box, Qt::AlignCenter, h.label);
    }
}

}  // namespace xqui
