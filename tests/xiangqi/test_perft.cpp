// Perft depth 1..4 against the published numbers (xq_testutil.h perftTable), plus the
// start position's checks and captures at the leaf ply, and divide totals.
#include <QtTest>

#include "core/xiangqi/perft.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

class TestPerft : public QObject {
    Q_OBJECT
  private slots:
    void perft_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("depth");
        QTest::addColumn<quint64>("expected");
        for (const PerftRef& r : perftTable())
            for (int d = 1; d <= 4; ++d)
                QTest::newRow(qPrintable(QStringLiteral("%1 d%2").arg(r.name).arg(d)))
                    << QString::fromLatin1(r.fen) << d << quint64(r.nodes[d - 1]);
    }
    void perft() {
        QFETCH(QString, fen);
        QFETCH(int, depth);
        QFETCH(quint64, expected);
        Position pos = positionFromFen(fen.toStdString());
        const uint64_t key = pos.key();
        QCOMPARE(quint64(xq::perft(pos, depth)), expected);
        QCOMPARE(pos.key(), key);  // perft leaves the position as it found it
    }

    // Divide (makeMove/unmakeMove at the root) sums to the same total as perft (doMove).
    void divideSumsToPerft_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<quint64>("expected");
        for (const PerftRef& r : perftTable())
            QTest::newRow(r.name) << QString::fromLatin1(r.fen) << quint64(r.nodes[2]);
    }
    void divideSumsToPerft() {
        QFETCH(QString, fen);
        QFETCH(quint64, expected);
        Position pos = positionFromFen(fen.toStdString());
        const auto divide = perftDivide(pos, 3);
        quint64 sum = 0;
        for (const auto& [m, n] : divide) sum += n;
        QCOMPARE(sum, expected);
        QCOMPARE(int(divide.size()), pos.countLegalMoves());
        QCOMPARE(pos.gamePly(), 0);
    }

    // perft.md: start position, checks / captures among the moves of the last ply.
    void startLeafChecksAndCaptures_data() {
        QTest::addColumn<int>("depth");
        QTest::addColumn<quint64>("checks");
        QTest::addColumn<quint64>("captures");
        QTest::newRow("d1") << 1 << quint64(0) << quint64(2);
        QTest::newRow("d2") << 2 << quint64(6) << quint64(72);
        QTest::newRow("d3") << 3 << quint64(384) << quint64(3159);
        QTest::newRow("d4") << 4 << quint64(19380) << quint64(115365);
    }
    void startLeafChecksAndCaptures() {
        QFETCH(int, depth);
        QFETCH(quint64, checks);
        QFETCH(quint64, captures);
        Position pos;
        quint64 c = 0, x = 0;
        countLeaves(pos, depth, c, x);
        QCOMPARE(c, checks);
        QCOMPARE(x, captures);
    }

  private:
    static void countLeaves(Position& pos, int depth, quint64& checks, quint64& captures) {
        MoveList list;
        pos.legalMoves(list);
        for (Move m : list) {
            if (depth == 1) {
                captures += pos.piece(m.to()) != NoPiece;
                checks += pos.givesCheck(m);
                continue;
            }
            const Position::Undo u = pos.doMove(m);
            countLeaves(pos, depth - 1, checks, captures);
            pos.undoMove(m, u);
        }
    }
};

QTEST_APPLESS_MAIN(TestPerft)
#include "test_perft.moc"
