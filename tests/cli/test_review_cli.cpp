// `xqzero review` run as a user does, with a tiny untrained model saved here: --json prints one
// object per move with the fields the issue names and a summary object; a database game's
// review is stored and shown again without searching; a PGN file is reviewed and written back
// with the review as comments and NAGs that the PGN reader takes; without a model the command
// says how to give one.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"

namespace {

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run xqzero(const QStringList& args) {
    QProcess p;
    p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero", args);
    Run r;
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QList<QJsonObject> jsonLines(const QByteArray& out) {
    QList<QJsonObject> objects;
    for (const QByteArray& line : out.split('\n'))
        if (!line.trimmed().isEmpty()) objects.append(QJsonDocument::fromJson(line).object());
    return objects;
}

const char* const kMoves[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"};

}  // namespace

class TestReviewCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString model_, db_;
    qint64 gameId_ = 0;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        model_ = dir_.filePath("tiny.xqm");
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 3});
        xq::nn::saveModel(net, model_.toStdString());
        db_ = dir_.filePath("games.db");
        xq::store::Store s(db_.toStdString());
        xq::store::GameRecord g;
        g.kind = xq::store::GameKind::Play;
        g.red = "human";
        g.black = "random";
        xq::Position pos;
        for (const char* t : kMoves) {
            const xq::MoveParse m = xq::parseIccs(pos, t);
            QVERIFY(m);
            g.moves.push_back({m.move, std::nullopt, {}});
            pos.makeMove(m.move);
        }
        g.plies = int(g.moves.size());
        gameId_ = s.insertGame(g);
    }

    void jsonPerMoveAndSummary() {
        const Run r = xqzero({"review", QString::number(gameId_), "--db", db_, "--model", model_,
                              "--sims", "16", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QJsonObject> lines = jsonLines(r.out);
        QCOMPARE(lines.size(), int(std::size(kMoves)) + 1);
        for (int i = 0; i < int(std::size(kMoves)); ++i) {
            const QJsonObject& o = lines[i];
            for (const char* key : {"ply", "move", "value_before", "value_after", "best", "loss", "mark"})
                QVERIFY2(o.contains(QLatin1String(key)), key);
            QCOMPARE(o.value("ply").toInt(), i);
            QCOMPARE(o.value("move").toString(), QString::fromLatin1(kMoves[i]));
            QVERIFY(o.value("loss").toDouble() >= 0);
            const QJsonValue mark = o.value("mark");
            QVERIFY(mark.isNull() || mark.toString() == "inaccuracy" || mark.toString() == "mistake" ||
                    mark.toString() == "blunder");
            QCOMPARE(o.value("best").toString().size(), 4);
        }
        const QJsonObject summary = lines.last();
        QVERIFY(summary.value("summary").toBool());
        QCOMPARE(summary.value("red").toObject().value("moves").toInt(), 3);
        QCOMPARE(summary.value("black").toObject().value("moves").toInt(), 3);
        QVERIFY(!summary.value("stored").toBool());
        QVERIFY(summary.value("sims_per_s").toDouble() > 0);

        // Stored with the game, and shown again without searching.
        xq::store::OpenOptions ro;
        ro.readOnly = true;
        QVERIFY(xq::store::Store(db_.toStdString(), ro).loadReview(gameId_));
        const Run again = xqzero({"review", QString::number(gameId_), "--db", db_, "--model", model_,
                                  "--sims", "16", "--json"});
        QVERIFY2(again.code == 0, again.err.constData());
        const QList<QJsonObject> lines2 = jsonLines(again.out);
        QCOMPARE(lines2.size(), lines.size());
        QVERIFY(lines2.last().value("stored").toBool());
        for (int i = 0; i < int(std::size(kMoves)); ++i) {
            QCOMPARE(lines2[i].value("mark"), lines[i].value("mark"));
            QCOMPARE(lines2[i].value("best"), lines[i].value("best"));
        }
    }

    void pgnInAnnotatedPgnOut() {
        const QString in = dir_.filePath("game.pgn");
        {
            std::ofstream f(in.toStdString());
            f << "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
                 "1. C2.5 H8+7 2. H2+3 R9.8 *\n";
        }
        const QString out = dir_.filePath("annotated.pgn");
        const Run r = xqzero({"review", in, "--model", model_, "--sims", "8", "--pgn", out,
                              "--notation", "wxf", "--db", db_});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("average loss"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY2(text.contains(" best: "), text.constData());
        QVERIFY2(text.contains("[Annotator \"xqzero review"), text.constData());
        const xq::PgnReadResult back = xq::readPgn(text.toStdString());
        QVERIFY2(back.ok(), text.constData());
        QCOMPARE(back.games.front().moves.size(), size_t(4));
    }

    void noModelSaysHow() {
        const QString empty = dir_.filePath("empty.db");
        { xq::store::Store s(empty.toStdString()); }
        const QString in = dir_.filePath("game.pgn");
        const Run r = xqzero({"review", in, "--db", empty});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("--model"), r.err.constData());
        const Run missing = xqzero({"review", "999", "--db", db_, "--model", model_});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("no game 999"), missing.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestReviewCli)
#include "test_review_cli.moc"
