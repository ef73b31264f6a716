#pragma once
// Where each intersection lies on screen for a given widget size and orientation.
// Shared by the painter, the mouse handling and the tests, so a click always maps to the
// square that is drawn there.
//
// Thread-safety: a plain value.

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include "core/xiangqi/types.h"

namespace xqui {

struct BoardGeometry {
    QRectF boardRect;   // the wooden board (lines plus margin)
    QPointF origin;     // screen position of the top-left intersection
    qreal cell = 0;     // distance between neighbouring intersections
    bool flipped = false;  // false: Red at the bottom

    // Margin around the outermost lines, in cells: leaves room for coordinates and for the
    // pieces on the edge lines.
    static constexpr qreal kMargin = 0.95;

    static BoardGeometry fit(const QSizeF& size, bool flipped) {
        BoardGeometry g;
        g.flipped = flipped;
        const qreal w = 8 + 2 * kMargin, h = 9 + 2 * kMargin;
        g.cell = qMax<qreal>(1.0, qMin(size.width() / w, size.height() / h));
        const QSizeF bs(w * g.cell, h * g.cell);
        g.boardRect = QRectF(QPointF((size.width() - bs.width()) / 2, (size.height() - bs.height()) / 2), bs);
        g.origin = g.boardRect.topLeft() + QPointF(kMargin * g.cell, kMargin * g.cell);
        return g;
    }
    // Display column/row (0,0 = top-left intersection) of a square.
    int column(int sq) const { return flipped ? 8 - xq::fileOf(sq) : xq::fileOf(sq); }
    int row(int sq) const { return flipped ? xq::rankOf(sq) : 9 - xq::rankOf(sq); }
    QPointF center(int sq) const { return origin + QPointF(column(sq) * cell, row(sq) * cell); }
    QPointF point(qreal col, qreal row) const { return origin + QPointF(col * cell, row * cell); }
    // The square whose intersection is nearest to `p`, or kNoSquare when `p` is farther
    // than half a cell from every intersection.
    xq::Square squareAt(const QPointF& p) const {
        const qreal cx = (p.x() - origin.x()) / cell, cy = (p.y() - origin.y()) / cell;
        const int col = qRound(cx), row = qRound(cy);
        if (col < 0 || col > 8 || row < 0 || row > 9) return xq::kNoSquare;
        if (qAbs(cx - col) > 0.5 || qAbs(cy - row) > 0.5) return xq::kNoSquare;
        const int file = flipped ? 8 - col : col;
        const int rank = flipped ? row : 9 - row;
        return xq::makeSquare(file, rank);
    }
};

}  // namespace xqui
