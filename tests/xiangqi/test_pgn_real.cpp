// Real published games (tests/data/pgn, sources in its README): every game reads, every move is
// legal by our rules, each game written back in WXF and in Chinese reads to the same moves and
// final position, and the same games published in four spellings read to the same moves.
#include <QtTest>

#include <QDir>
#include <QFile>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/pgn.h"

using namespace xq;

namespace {

QString dataDir() {
    return QString::fromLocal8Bit(qgetenv("XQ_SOURCE_DIR")) + "/tests/data/pgn";
}

std::string readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

std::string finalFen(const PgnGame& g) {
    Position pos = g.startPosition();
    for (Move m : g.moves) pos.makeMove(m);
    return toFen(pos);
}

}  // namespace

class TestPgnReal : public QObject {
    Q_OBJECT
  private slots:
    void everyGameReadsAndRoundTrips() {
        const QStringList files = QDir(dataDir()).entryList({"*.pgn"}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 5, qPrintable(dataDir()));
        int games = 0, plies = 0, roundTrips = 0;
        for (const QString& name : files) {
            const std::string text = readFile(dataDir() + "/" + name);
            QVERIFY2(!text.empty(), qPrintable(name));
            const std::vector<PgnGameRead> read = readPgnGames(text);
            QVERIFY2(!read.empty(), qPrintable(name));
            for (const PgnGameRead& r : read) {
                if (!r.ok())
                    QFAIL(qPrintable(name + ": game " + QString::number(r.index + 1) + ": " +
                                     QString::fromStdString(r.error->toString())));
                const PgnGame& g = *r.game;
                QVERIFY2(g.moves.size() >= 10, qPrintable(name + ": a game of a few moves only"));
                // Legal by our rules, move by move (the reader checked as it read; this replays).
                Position pos = g.startPosition();
                for (Move m : g.moves) {
                    QVERIFY(pos.isLegal(m));
                    pos.makeMove(m);
                }
                const std::string fen = toFen(pos);
                for (Notation n : {Notation::Wxf, Notation::Chinese}) {
                    const std::string out = writePgn(g, n);
                    const PgnReadResult back = readPgn(out);
                    QVERIFY2(back.ok(),
                             back.error ? (back.error->toString() + "\n" + out).c_str() : "");
                    QCOMPARE(int(back.games.size()), 1);
                    QVERIFY(back.games[0].moves == g.moves);
                    QCOMPARE(finalFen(back.games[0]), fen);
                    ++roundTrips;
                }
                ++games;
                plies += int(g.moves.size());
            }
        }
        qInfo(
            "%d real games in %lld files, %d plies, all legal; %d WXF/Chinese round trips back "
            "to the same moves and final position",
            games, (long long)files.size(), plies, roundTrips);
        QVERIFY(games >= 400);
    }

    // The same 15 games as published in four spellings read to identical moves.
    void sameGamesInFourSpellings() {
        const char* const names[] = {"wukong_chinese.pgn", "wukong_chinese_nospace.pgn",
                                     "wukong_wxf_fullwidth.pgn",
                                     "wukong_wxf_fullwidth_nospace.pgn"};
        std::vector<std::vector<PgnGameRead>> sets;
        for (const char* n : names) sets.push_back(readPgnGames(readFile(dataDir() + "/" + n)));
        QCOMPARE(int(sets[0].size()), 15);
        for (size_t k = 1; k < sets.size(); ++k) {
            QCOMPARE(sets[k].size(), sets[0].size());
            for (size_t i = 0; i < sets[0].size(); ++i) {
                QVERIFY(sets[0][i].ok() && sets[k][i].ok());
                QVERIFY2(sets[k][i].game->moves == sets[0][i].game->moves,
                         qPrintable(QString("%1, game %2").arg(names[k]).arg(i + 1)));
                QCOMPARE(finalFen(*sets[k][i].game), finalFen(*sets[0][i].game));
                QCOMPARE(sets[k][i].game->tag("Red"), sets[0][i].game->tag("Red"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestPgnReal)
#include "test_pgn_real.moc"
