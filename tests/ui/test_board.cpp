// BoardWidget on its own (offscreen): square mapping with and without flip, click-click and
// drag-and-drop, illegal drops snapping back, overlays and the Latin fallback for pieces.
#include <QSignalSpy>
#include <QtTest>

#include "core/xiangqi/fen.h"
#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/board/piece_glyphs.h"

using namespace xqui;
using xq::Move;
using xq::Square;

Q_DECLARE_METATYPE(xq::Move)

namespace {
Square sq(const char* name) { return xq::parseSquare(name); }

// The middle of a square as the board draws it: a box half a square wide around its centre,
// inside a piece's disc, where only the piece's character differs from one piece to another.
QImage squareMiddle(BoardWidget& b, Square s) {
    const int step = std::abs(b.squareCenter(sq("b0")).x() - b.squareCenter(sq("a0")).x());
    const int half = step / 4;
    const QPoint c = b.squareCenter(s);
    return b.grab().toImage().copy(QRect(c.x() - half, c.y() - half, 2 * half, 2 * half));
}
}  // namespace

class TestBoard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        qRegisterMetaType<xq::Move>();
        initResources();
    }

    void mapsSquaresBothWays() {
        BoardWidget b;
        b.resize(450, 500);
        for (bool flipped : {false, true}) {
            b.setFlipped(flipped);
            for (int s = 0; s < xq::kSquareCount; ++s) QCOMPARE(int(b.squareAt(b.squareCenter(Square(s)))), s);
        }
        // Unflipped: Red's a0 is bottom-left; flipped: it is top-right.
        b.setFlipped(false);
        QVERIFY(b.squareCenter(sq("a0")).x() < b.squareCenter(sq("i0")).x());
        QVERIFY(b.squareCenter(sq("a0")).y() > b.squareCenter(sq("a9")).y());
        b.setFlipped(true);
        QVERIFY(b.squareCenter(sq("a0")).x() > b.squareCenter(sq("i0")).x());
        QVERIFY(b.squareCenter(sq("a0")).y() < b.squareCenter(sq("a9")).y());
        QCOMPARE(int(b.squareAt(QPoint(1, 1))), int(xq::kNoSquare));  // the margin is no square
    }

    void clickClickEmitsLegalMove() {
        BoardWidget b;
        b.resize(450, 500);
        b.show();
        QSignalSpy spy(&b, &BoardWidget::moveRequested);
        QTest::mouseClick(&b, Qt::LeftButton, {}, b.squareCenter(sq("h2")));
        QCOMPARE(int(b.selectedSquare()), int(sq("h2")));
        QTest::mouseClick(&b, Qt::LeftButton, {}, b.squareCenter(sq("e2")));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].value<Move>(), Move(sq("h2"), sq("e2")));
        QCOMPARE(int(b.selectedSquare()), int(xq::kNoSquare));
    }

    void dragAndDrop() {
        BoardWidget b;
        b.resize(450, 500);
        b.show();
        QSignalSpy spy(&b, &BoardWidget::moveRequested);
        auto drag = [&](Square from, Square to) {
            const QPoint a = b.squareCenter(from), c = b.squareCenter(to);
            QTest::mousePress(&b, Qt::LeftButton, {}, a);
            QMouseEvent mv(QEvent::MouseMove, QPointF((a + c) / 2), b.mapToGlobal(QPointF((a + c) / 2)),
                           Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&b, &mv);
            QMouseEvent mv2(QEvent::MouseMove, QPointF(c), b.mapToGlobal(QPointF(c)), Qt::NoButton,
                            Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&b, &mv2);
            QTest::mouseRelease(&b, Qt::LeftButton, {}, c);
        };
        const std::string before = xq::toFen(b.position());
        drag(sq("b0"), sq("b5"));  // a horse cannot go there: snaps back
        QCOMPARE(spy.count(), 0);
        QCOMPARE(xq::toFen(b.position()), before);
        QCOMPARE(int(b.selectedSquare()), int(xq::kNoSquare));
        drag(sq("b0"), sq("c2"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].value<Move>(), Move(sq("b0"), sq("c2")));
    }

    void onlySideToMoveSelects() {
        BoardWidget b;
        b.resize(450, 500);
        b.show();
        QTest::mouseClick(&b, Qt::LeftButton, {}, b.squareCenter(sq("h7")));  // Black's cannon
        QCOMPARE(int(b.selectedSquare()), int(xq::kNoSquare));
        b.setInteractive(false);
        QTest::mouseClick(&b, Qt::LeftButton, {}, b.squareCenter(sq("h2")));
        QCOMPARE(int(b.selectedSquare()), int(xq::kNoSquare));
    }

    void overlaysChangePixels() {
        BoardWidget b;
        b.resize(450, 500);
        const QImage plain = b.grab().toImage();
        QVector<HeatCell> heat(xq::kSquareCount);
        for (int s = 0; s < xq::kSquareCount; ++s) heat[s] = HeatCell{float(s) / 89.0f, QString::number(s)};
        b.setHeatmap(heat);
        const QImage hot = b.grab().toImage();
        QVERIFY(hot != plain);
        b.clearHeatmap();
        QCOMPARE(b.grab().toImage(), plain);
        b.setArrows({BoardArrow{Move(sq("h2"), sq("e2"))}});
        QVERIFY(b.grab().toImage() != plain);
        QCOMPARE(b.arrows().size(), 1);
    }

    void latinFallbackNeverTofu() {
        PieceGlyphs::reset(true);
        QVERIFY(!PieceGlyphs::instance().cjk());
        QCOMPARE(PieceGlyphs::instance().text(xq::RedHorse), QStringLiteral("H"));
        QCOMPARE(PieceGlyphs::instance().text(xq::BlackElephant), QStringLiteral("E"));
        // The letters are drawn: the red horse (h0) and the red elephant (g0) share their disc
        // and differ only by the letter on it, and a square without its piece looks different.
        BoardWidget b;
        b.resize(300, 330);
        const QImage horse = squareMiddle(b, sq("h0"));
        QVERIFY(!horse.isNull());
        QVERIFY2(horse != squareMiddle(b, sq("g0")), "H and E draw the same pixels");
        BoardWidget bare;
        bare.resize(300, 330);
        bare.setPosition(xq::positionFromFen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        QVERIFY2(squareMiddle(bare, sq("h0")) != horse, "the horse draws nothing");
        PieceGlyphs::reset(false);
        // This machine has a CJK font (the set-up installs one): the real glyphs must be used,
        // and drawn: the horse's 马 is not the Latin H.
        if (PieceGlyphs::instance().cjk()) {
            QCOMPARE(PieceGlyphs::instance().text(xq::RedKing), QStringLiteral("帅"));
            QCOMPARE(PieceGlyphs::instance().text(xq::BlackPawn), QStringLiteral("卒"));
            BoardWidget cjk;
            cjk.resize(300, 330);
            QVERIFY2(squareMiddle(cjk, sq("h0")) != horse, "the CJK horse draws the Latin H");
            QVERIFY(squareMiddle(cjk, sq("h0")) != squareMiddle(cjk, sq("g0")));
        } else {
            qWarning("no CJK font found: pieces use Latin letters");
        }
    }
};

QTEST_MAIN(TestBoard)
#include "test_board.moc"
