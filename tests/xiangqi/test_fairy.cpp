// Cross-check against a real peer: Fairy-Stockfish (Debian package `fairy-stockfish`) in UCCI
// mode must give the same perft totals and the same divide (move set and per-move counts) as
// ours on positions from seeded random playouts, not only on the published ones.
#include <QtTest>

#include <map>

#include "core/xiangqi/perft.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

namespace {

QString enginePath() {
    const QByteArray env = qgetenv("XQ_FAIRY_STOCKFISH");
    return env.isEmpty() ? QStringLiteral("/usr/games/fairy-stockfish")
                         : QString::fromLocal8Bit(env);
}

struct Divide {
    std::map<std::string, quint64> moves;
    quint64 total = 0;
};

struct Query {
    std::string fen;
    int depth;
};

// Runs every query in one engine process (its start-up costs about a second on a busy
// machine) and splits the output at each "Nodes searched" line, one divide per query.
std::vector<Divide> engineDivides(const std::vector<Query>& queries, QString& error) {
    std::vector<Divide> out;
    QProcess proc;
    proc.start(enginePath(), {});
    if (!proc.waitForStarted(10000)) {
        error = "could not start " + enginePath() + ": " + proc.errorString();
        return out;
    }
    QByteArray script = "ucci\n";
    for (const Query& q : queries)
        script += "position fen " + QByteArray::fromStdString(q.fen) + "\ngo perft " +
                  QByteArray::number(q.depth) + "\n";
    script += "quit\n";
    proc.write(script);
    proc.closeWriteChannel();
    if (!proc.waitForFinished(300000)) {
        proc.kill();
        proc.waitForFinished();
        error = "fairy-stockfish did not finish within 300 s";
        return out;
    }
    static const QRegularExpression moveLine(QStringLiteral("^([a-i][0-9][a-i][0-9]): (\\d+)$"));
    static const QRegularExpression totalLine(QStringLiteral("^Nodes searched: (\\d+)$"));
    Divide current;
    for (QString line : QString::fromUtf8(proc.readAllStandardOutput()).split('\n')) {
        line = line.trimmed();
        if (const auto m = moveLine.match(line); m.hasMatch()) {
            current.moves[m.captured(1).toStdString()] = m.captured(2).toULongLong();
        } else if (const auto t = totalLine.match(line); t.hasMatch()) {
            current.total = t.captured(1).toULongLong();
            out.push_back(std::move(current));
            current = Divide();
        }
    }
    if (out.size() != queries.size())
        error = QString("fairy-stockfish answered %1 of %2 perft queries")
                    .arg(out.size())
                    .arg(queries.size());
    return out;
}

// ~40 positions: a few samples from one seeded playout of every published position.
std::vector<Position> samplePositions() {
    std::vector<Position> out;
    uint32_t seed = 20240;
    for (const PerftRef& r : perftTable())
        for (const Position& p : randomPositions(r.fen, seed++, 1, 64, 16)) out.push_back(p);
    return out;
}

}  // namespace

class TestFairy : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        const QFileInfo exe(enginePath());
        QVERIFY2(
            exe.exists() && exe.isExecutable(),
            qPrintable("Fairy-Stockfish not found at " + enginePath() +
                       ": install the Debian package 'fairy-stockfish' (./test.sh does) or set "
                       "XQ_FAIRY_STOCKFISH. This cross-check is required, not optional."));
        positions_ = samplePositions();
        QVERIFY(positions_.size() >= 40);
        std::vector<Query> queries;
        for (const Position& p : positions_) queries.push_back({toFen(p), 3});
        for (size_t i = 0; i < positions_.size(); i += kDeepStride)
            queries.push_back({toFen(positions_[i]), 4});
        QString error;
        peer_ = engineDivides(queries, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void divideMatches_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(samplePositions().size()); ++i)
            QTest::newRow(qPrintable(QString("sample %1").arg(i))) << i;
    }
    void divideMatches() {
        QFETCH(int, index);
        Position pos = positions_[size_t(index)];
        const Divide& theirs = peer_[size_t(index)];
        std::map<std::string, quint64> ours;
        quint64 ourTotal = 0;
        for (const auto& [m, n] : perftDivide(pos, 3)) {
            ours[iccs(m)] = n;
            ourTotal += n;
        }
        // Name every difference so that a mismatch points at the move that differs.
        QStringList diff;
        for (const auto& [m, n] : theirs.moves) {
            const auto it = ours.find(m);
            if (it == ours.end())
                diff << QString("%1 missing in ours (peer %2)")
                            .arg(QString::fromStdString(m))
                            .arg(n);
            else if (it->second != n)
                diff << QString("%1: ours %2, peer %3")
                            .arg(QString::fromStdString(m))
                            .arg(it->second)
                            .arg(n);
        }
        for (const auto& [m, n] : ours)
            if (!theirs.moves.count(m))
                diff << QString("%1 only in ours (%2)").arg(QString::fromStdString(m)).arg(n);
        QVERIFY2(diff.isEmpty(),
                 qPrintable(QString::fromStdString(toFen(pos)) + ": " + diff.join("; ")));
        QCOMPARE(ourTotal, theirs.total);
        QCOMPARE(quint64(perft(pos, 3)), theirs.total);
    }

    // Deeper totals on every sixth sample.
    void depth4Totals() {
        size_t q = positions_.size();
        int compared = 0;
        for (size_t i = 0; i < positions_.size(); i += kDeepStride, ++q) {
            Position pos = positions_[i];
            QVERIFY2(quint64(perft(pos, 4)) == peer_[q].total, toFen(pos).c_str());
            ++compared;
        }
        QVERIFY(compared >= 5);
    }

  private:
    static constexpr size_t kDeepStride = 6;
    std::vector<Position> positions_;
    std::vector<Divide> peer_;  // depth-3 divides for positions_, then depth-4 totals
};

QTEST_APPLESS_MAIN(TestFairy)
#include "test_fairy.moc"
