// Perft depth 5 for every position of the published table (xq_testutil.h; label "slow": about
// 250 M nodes in all, seconds in a Release build).
#include <QtTest>

#include "core/xiangqi/perft.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

class TestPerftSlow : public QObject {
    Q_OBJECT
  private slots:
    void perft5_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<quint64>("expected");
        for (const PerftRef& r : perftTable())
            QTest::newRow(r.name) << QString::fromLatin1(r.fen) << quint64(r.nodes[4]);
    }
    void perft5() {
        QFETCH(QString, fen);
        QFETCH(quint64, expected);
        Position pos = positionFromFen(fen.toStdString());
        QElapsedTimer timer;
        timer.start();
        const uint64_t n = xq::perft(pos, 5);
        const qint64 ms = timer.elapsed();
        qInfo("%llu nodes in %lld ms (%.1f M nodes/s)", static_cast<unsigned long long>(n),
              static_cast<long long>(ms), ms > 0 ? double(n) / 1000.0 / double(ms) : 0.0);
        QCOMPARE(quint64(n), expected);
    }
};

QTEST_APPLESS_MAIN(TestPerftSlow)
#include "test_perft_slow.moc"
