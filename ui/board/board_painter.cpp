#include "ui/board/board_painter.h"

#include <cmath>
#include <random>

#include <QHash>
#include <QLinearGradient>
#include <QPainterPath>
#include <QPolygonF>
#include <QRadialGradient>

#include "ui/board/piece_glyphs.h"

namespace xqui {
namespace {

// Procedural grain: long, slightly wavy fibres in darker and lighter tones, with a few knots.
// Seeded, so the board looks the same on every run and every resize.
void paintGrain(QPainter& p, const QRectF& r) {
    std::mt19937 rng(20240611);
    std::uniform_real_distribution<qreal> u(0.0, 1.0);
    const qreal h = r.height();
    const int fibres = int(h / 2.2) + 40;
    for (int i = 0; i < fibres; ++i) {
        const qreal y0 = r.top() + u(rng) * h;
        const qreal amp = (0.4 + 2.2 * u(rng)) * h / 400.0;
        const qreal freq = (1.0 + 3.0 * u(rng)) * 2 * M_PI / r.width();
        const qreal phase = u(rng) * 6.28;
        const bool dark = u(rng) < 0.7;
        QColor c = dark ? QColor(120, 72, 30) : QColor(255, 236, 190);
        c.setAlphaF(dark ? 0.05 + 0.10 * u(rng) : 0.05 + 0.08 * u(rng));
        const int steps = 48;
        QPolygonF line(steps + 1);
        for (int s = 0; s <= steps; ++s) {
            const qreal x = r.left() + r.width() * s / steps;
            line[s] =
                QPointF(x, y0 + amp * std::sin(freq * (x - r.left()) + phase) +
                               amp * 0.5 * std::sin(freq * 2.7 * (x - r.left()) + phase * 1.3));
        }
        // A fibre w pixels wide is w one-pixel (cosmetic) lines: the raster engine draws those
        // directly, where a wide pen is stroked into a polygon first (most of the old cost).
        const int width = qMax(1, qRound((0.5 + 1.6 * u(rng)) * h / 700.0));
        QPen pen(c, 0);
        pen.setCosmetic(true);
        p.setPen(pen);
        for (int k = 0; k < width; ++k) p.drawPolyline(line.translated(0, k));
    }
    // Two soft knots.
    for (int k = 0; k < 2; ++k) {
        const QPointF c(r.left() + r.width() * (0.2 + 0.6 * u(rng)),
                        r.top() + h * (0.15 + 0.7 * u(rng)));
        for (int ring = 6; ring >= 1; --ring) {
            QColor col(110, 64, 25);
            col.setAlphaF(0.035);
            p.setPen(QPen(col, h / 500.0));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, ring * h / 90.0 * 1.8, ring * h / 90.0 * 0.55);
        }
    }
}

// The grain once per process, at a fixed size, drawn scaled into each board: stroking a few
// hundred antialiased fibres took 90 ms for a small board and 280 ms for a large one, on every
// resize. Painted without antialiasing (the smooth scaling softens the fibres), it costs a few
// milliseconds once.
const QImage& grainTexture() {
    static const QImage texture = [] {
        QImage img(640, 704, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::transparent);
        QPainter p(&img);
        paintGrain(p, QRectF(0, 0, img.width(), img.height()));
        return img;
    }();
    return texture;
}

// The little corner marks at the cannon and pawn points.
void paintStar(QPainter& p, const BoardGeometry& g, int col, int row) {
    const qreal d = g.cell * 0.08, l = g.cell * 0.18;
    const QPointF c = g.point(col, row);
    for (int sx : {-1, 1}) {
        if ((col == 0 && sx < 0) || (col == 8 && sx > 0)) continue;
        for (int sy : {-1, 1}) {
            const QPointF o = c + QPointF(sx * d, sy * d);
            p.drawLine(o, o + QPointF(sx * l, 0));
            p.drawLine(o, o + QPointF(0, sy * l));
        }
    }
}

}  // namespace

QPixmap paintBoardArt(const QSize& size, qreal dpr, const BoardGeometry& g,
                      const BoardStyle& style) {
    QPixmap pm(QSize(qCeil(size.width() * dpr), qCeil(size.height() * dpr)));
    pm.setDevicePixelRatio(dpr);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);

    const QRectF br = g.boardRect;
    const qreal radius = g.cell * 0.18;
    // Drop shadow under the board.
    for (int i = 6; i >= 1; --i) {
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(40, 20, 5, 10));
        p.drawRoundedRect(br.translated(0, g.cell * 0.02 * i).adjusted(-i, -i / 2.0, i, i), radius,
                          radius);
    }
    QLinearGradient wood(br.topLeft(), br.bottomRight());
    wood.setColorAt(0.0, QColor(0xf3, 0xcf, 0x8e));
    wood.setColorAt(0.45, QColor(0xe6, 0xb8, 0x72));
    wood.setColorAt(1.0, QColor(0xcf, 0x98, 0x55));
    QPainterPath boardPath;
    boardPath.addRoundedRect(br, radius, radius);
    p.fillPath(boardPath, wood);
    p.save();
    p.setClipPath(boardPath);
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(br, grainTexture());
    // Light vignette so the centre glows like varnished wood.
    QRadialGradient glow(br.center(), br.width() * 0.75);
    glow.setColorAt(0, QColor(255, 245, 220, 40));
    glow.setColorAt(1, QColor(90, 50, 15, 45));
    p.fillRect(br, glow);
    p.restore();
    p.setPen(QPen(QColor(0x7a, 0x4a, 0x1c), qMax<qreal>(1.0, g.cell * 0.04)));
    p.setBrush(Qt::NoBrush);
    p.drawPath(boardPath);

    const QColor ink(0x4a, 0x26, 0x0c);
    const qreal lw = qMax<qreal>(1.0, g.cell * 0.025);
    // Outer frame: a thick line a little outside the playing area, as on printed boards.
    const qreal fo = g.cell * 0.09;
    p.setPen(QPen(ink, lw * 2.2));
    p.drawRect(QRectF(g.point(0, 0) - QPointF(fo, fo), g.point(8, 9) + QPointF(fo, fo)));

    p.setPen(QPen(ink, lw, Qt::SolidLine, Qt::RoundCap));
    for (int row = 0; row <= 9; ++row) p.drawLine(g.point(0, row), g.point(8, row));
    for (int col = 0; col <= 8; ++col) {
        if (col == 0 || col == 8) {
            p.drawLine(g.point(col, 0), g.point(col, 9));
        } else {  // inner files stop at the river
            p.drawLine(g.point(col, 0), g.point(col, 4));
            p.drawLine(g.point(col, 5), g.point(col, 9));
        }
    }
    // Palaces.
    p.drawLine(g.point(3, 0), g.point(5, 2));
    p.drawLine(g.point(5, 0), g.point(3, 2));
    p.drawLine(g.point(3, 7), g.point(5, 9));
    p.drawLine(g.point(5, 7), g.point(3, 9));
    // Cannon and pawn points (same pattern on both sides).
    for (int row : {2, 7})
        for (int col : {1, 7}) paintStar(p, g, col, row);
    for (int row : {3, 6})
        for (int col : {0, 2, 4, 6, 8}) paintStar(p, g, col, row);

    // River.
    const PieceGlyphs& glyphs = PieceGlyphs::instance();
    QFont rf = glyphs.font(g.cell * (glyphs.cjk() ? 0.55 : 0.36), false);
    p.setFont(rf);
    p.setPen(QColor(0x5a, 0x2e, 0x0e, 220));
    const QRectF riverL(g.point(0.5, 4), g.point(3.5, 5));
    const QRectF riverR(g.point(4.5, 4), g.point(7.5, 5));
    p.drawText(riverL, Qt::AlignCenter, glyphs.riverLeft());
    p.drawText(riverR, Qt::AlignCenter, glyphs.riverRight());

    if (style.coordinates) {
        // Each side counts its files from its own right: Red 一..九 (Chinese numerals),
        // Black 1..9. The side at the bottom is Red unless flipped.
        static const char16_t* kCn = u"一二三四五六七八九";
        QFont cf = glyphs.font(g.cell * 0.27, false);
        p.setFont(cf);
        p.setPen(QColor(0x5a, 0x2e, 0x0e));
        for (int file = 0; file < 9; ++file) {
            const int col = g.flipped ? 8 - file : file;
            const int redNo = 9 - file, blackNo = file + 1;
            const QString redText =
                glyphs.cjk() ? QString(QChar(kCn[redNo - 1])) : QString::number(redNo);
            const QString blackText = QString::number(blackNo);
            const QString bottom = g.flipped ? blackText : redText;
            const QString top = g.flipped ? redText : blackText;
            const qreal dy = g.cell * 0.72;
            const QPointF bc = g.point(col, 9) + QPointF(0, dy),
                          tc = g.point(col, 0) - QPointF(0, dy);
            const QRectF box(-g.cell * 0.4, -g.cell * 0.2, g.cell * 0.8, g.cell * 0.4);
            p.drawText(box.translated(bc), Qt::AlignCenter, bottom);
            p.drawText(box.translated(tc), Qt::AlignCenter, top);
        }
    }
    return pm;
}

namespace {

void drawPiece(QPainter& p, const QPointF& c, qreal r, xq::Piece piece, bool lifted) {
    const bool red = xq::colorOf(piece) == xq::Red;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    // Shadow.
    const QPointF so(r * (lifted ? 0.18 : 0.07), r * (lifted ? 0.26 : 0.11));
    QRadialGradient shadow(c + so, r * (lifted ? 1.25 : 1.08));
    shadow.setColorAt(0.75, QColor(40, 20, 0, lifted ? 90 : 120));
    shadow.setColorAt(1.0, QColor(40, 20, 0, 0));
    p.setPen(Qt::NoPen);
    p.setBrush(shadow);
    p.drawEllipse(c + so, r * (lifted ? 1.25 : 1.08), r * (lifted ? 1.25 : 1.08));
    // Side of the disc (its thickness), then the face.
    p.setBrush(QColor(0xb0, 0x86, 0x4e));
    p.drawEllipse(c + QPointF(0, r * 0.07), r, r);
    QRadialGradient face(c - QPointF(r * 0.35, r * 0.4), r * 1.5);
    face.setColorAt(0.0, QColor(0xff, 0xf7, 0xe4));
    face.setColorAt(0.6, QColor(0xf2, 0xdd, 0xb0));
    face.setColorAt(1.0, QColor(0xd9, 0xb7, 0x7c));
    p.setBrush(face);
    p.setPen(QPen(QColor(0x8a, 0x5a, 0x25), qMax<qreal>(0.8, r * 0.04)));
    p.drawEllipse(c, r, r);
    const QColor ink = red ? QColor(0xb3, 0x1b, 0x12) : QColor(0x1c, 0x1a, 0x18);
    p.setPen(QPen(ink, qMax<qreal>(0.8, r * 0.05)));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(c, r * 0.82, r * 0.82);
    const PieceGlyphs& glyphs = PieceGlyphs::instance();
    p.setFont(glyphs.font(r * (glyphs.cjk() ? 1.08 : 1.0)));
    p.setPen(ink);
    const QRectF box(c.x() - r, c.y() - r, 2 * r, 2 * r);
    p.drawText(box, Qt::AlignCenter, glyphs.text(piece));
    p.restore();
}

// A piece is three antialiased gradient discs and a glyph: with 32 of them on a live board
// repainted ten times a second that was most of the GUI thread's painting. Each (piece, size,
// pixel ratio, lifted) is painted once into a sprite and blitted after that.
struct SpriteKey {
    int piece, radius4, dpr100;  // radius in quarter pixels, ratio in hundredths
    bool lifted;
    QString glyphs;  // the glyph choice (PieceGlyphs: CJK family, or empty for Latin letters)
    bool operator==(const SpriteKey&) const = default;
};

size_t qHash(const SpriteKey& k, size_t seed = 0) {
    return ::qHash(k.piece * 1000003 + k.radius4 * 131 + k.dpr100 * 7 + int(k.lifted), seed) ^
           ::qHash(k.glyphs, seed);
}

}  // namespace

void paintPiece(QPainter& p, const QPointF& c, qreal r, xq::Piece piece, bool lifted) {
    // Rotated or scaled painters (none today) get the vector drawing, which stays sharp.
    if (p.transform().type() > QTransform::TxTranslate || !p.device()) {
        drawPiece(p, c, r, piece, lifted);
        return;
    }
    static QHash<SpriteKey, QPixmap> sprites;  // GUI thread only, like all painting here
    const qreal dpr = p.device()->devicePixelRatioF();
    // The glyphs are part of the key: after PieceGlyphs::reset the pieces are drawn anew.
    const PieceGlyphs& glyphs = PieceGlyphs::instance();
    const SpriteKey key{int(piece), qRound(r * 4), qRound(dpr * 100), lifted,
                        glyphs.cjk() ? glyphs.family() : QString()};
    const qreal half = std::ceil(r * 1.6);  // the shadow reaches 1.25 r plus its offset
    auto it = sprites.find(key);
    if (it == sprites.end()) {
        if (sprites.size() > 256) sprites.clear();  // board sizes change rarely; bound the cache
        QPixmap pm(qCeil(2 * half * dpr), qCeil(2 * half * dpr));
        pm.setDevicePixelRatio(dpr);
        pm.fill(Qt::transparent);
        QPainter sp(&pm);
        drawPiece(sp, QPointF(half, half), key.radius4 / 4.0, piece, lifted);
        sp.end();
        it = sprites.insert(key, pm);
    }
    p.drawPixmap(c - QPointF(half, half), *it);
}

void paintArrow(QPainter& p, const QPointF& a, const QPointF& b, qreal width, const QColor& color) {
    const QPointF d = b - a;
    const qreal len = std::hypot(d.x(), d.y());
    if (len < 1e-3) return;
    const QPointF u = d / len, n(-u.y(), u.x());
    const qreal head = width * 2.6, headLen = width * 3.0;
    const QPointF start = a + u * width * 0.8;  // start just off the origin's centre
    const QPointF neck = b - u * headLen;
    QPainterPath path;
    path.moveTo(start + n * width / 2);
    path.lineTo(neck + n * width / 2);
    path.lineTo(neck + n * head / 2);
    path.lineTo(b);
    path.lineTo(neck - n * head / 2);
    path.lineTo(neck - n * width / 2);
    path.lineTo(start - n * width / 2);
    path.closeSubpath();
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color.darker(160), qMax<qreal>(1.0, width * 0.12)));
    p.setBrush(color);
    p.drawPath(path);
    p.restore();
}

QColor heatColor(qreal v) {
    v = qBound<qreal>(0.0, v, 1.0);
    // Blue -> cyan -> yellow -> red, interpolated in RGB between stops.
    struct Stop {
        qreal at;
        int r, g, b;
    };
    static const Stop stops[] = {
        {0.0, 40, 80, 200}, {0.33, 40, 190, 210}, {0.66, 250, 220, 50}, {1.0, 220, 40, 30}};
    for (int i = 1; i < 4; ++i) {
        if (v <= stops[i].at) {
            const Stop& s0 = stops[i - 1];
            const Stop& s1 = stops[i];
            const qreal t = (v - s0.at) / (s1.at - s0.at);
            return QColor(int(s0.r + t * (s1.r - s0.r)), int(s0.g + t * (s1.g - s0.g)),
                          int(s0.b + t * (s1.b - s0.b)));
        }
    }
    return QColor(220, 40, 30);
}

}  // namespace xqui
