#pragma once
// Drawing of the wooden board and of the pieces. No input; the only state is two caches.
// The board art (wood, lines, river, coordinates) is painted into a pixmap cached by the
// widget at the device pixel ratio, so resizing stays smooth and HiDPI stays sharp; the wood
// grain inside it is one texture per process, scaled. Pieces are sprites painted once per
// (piece, size, pixel ratio) and blitted (a few milliseconds a frame saved on a live board).
//
// Thread-safety: GUI thread only (fonts, and the caches are unguarded statics).

#include <QPainter>
#include <QPixmap>

#include "ui/board/board_geometry.h"

namespace xqui {

struct BoardStyle {
    bool coordinates = true;
};

// Paints the whole board art for `g` into a pixmap of `size` logical pixels.
QPixmap paintBoardArt(const QSize& size, qreal dpr, const BoardGeometry& g, const BoardStyle& style);

// One piece centred on `c` with radius `r` (`lifted` draws a larger shadow, for dragging).
void paintPiece(QPainter& p, const QPointF& c, qreal r, xq::Piece piece, bool lifted = false);

// An arrow from `a` to `b` whose shaft is `width` wide.
void paintArrow(QPainter& p, const QPointF& a, const QPointF& b, qreal width, const QColor& color);

// Colour ramp for heatmaps: 0 = cool blue, 0.5 = yellow, 1 = hot red.
QColor heatColor(qreal v);

}  // namespace xqui
