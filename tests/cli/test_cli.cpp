// The xqzero binary as a user runs it: values that are empty by mistake are refused with a
// usage error naming the option, never read as "the default".
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

namespace {

struct Result {
    int code = -1;
    QByteArray output;
};

Result xqzero(const QStringList& args) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero", args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void emptyValuesAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("analyze --fen") << QStringList{"analyze", "--fen", "", "--sims", "1"} << "--fen";
        QTest::newRow("analyze --model") << QStringList{"analyze", "--model", "", "--sims", "1"} << "--model";
        QTest::newRow("uci --model") << QStringList{"uci", "--model", ""} << "--model";
        QTest::newRow("moves --fen") << QStringList{"moves", "--fen", ""} << "--fen";
        QTest::newRow("db info --db") << QStringList{"db", "info", "--db", ""} << "--db";
        QTest::newRow("train --run") << QStringList{"train", "--run", "", "--minutes", "0.01"} << "--run";
    }
    void emptyValuesAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Result r = xqzero(args);
        QVERIFY2(r.code == 2, r.output.constData());  // kExitUsage
        QVERIFY2(r.output.contains(option.toUtf8() + ": an empty value is not allowed"), r.output.constData());
    }

    // Flags of other commands that set a declared run parameter take its declared range
    // (core/train/config.cpp): one past either end is a usage error naming the flag.
    void parameterFlagsTakeTheDeclaredRange_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("selfplay --threads 257")
            << QStringList{"selfplay", "--games", "1", "--threads", "257"} << "--threads";
        QTest::newRow("selfplay --sims 0")
            << QStringList{"selfplay", "--games", "1", "--sims", "0"} << "--sims";
        QTest::newRow("bench --games-in-flight 4097")
            << QStringList{"bench", "selfplay", "--games-in-flight", "4097"} << "--games-in-flight";
        QTest::newRow("bench --search 2")
            << QStringList{"bench", "selfplay", "--search", "2"} << "--search";
        QTest::newRow("worker --inference-workers 65")
            << QStringList{"worker", "--db", "w.db", "--run", "r", "--inference-workers", "65"}
            << "--inference-workers";
    }
    void parameterFlagsTakeTheDeclaredRange() {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Result r = xqzero(args);
        QVERIFY2(r.code == 2, r.output.constData());  // kExitUsage
        QVERIFY2(r.output.contains(option.toUtf8()) && r.output.contains("not in range"),
                 r.output.constData());
    }

    // bench mcts --quick --json: the fake's line, then for each net (64x3, 128x6) the search's
    // line, with the batch it picked from the sweep, and the cached search's line.
    void benchMctsReportsEveryNet() {
        const Result r = xqzero({"bench", "mcts", "--quick", "--json"});
        if (r.code != 0 && r.output.contains("has no LibTorch")) QSKIP("built without LibTorch");
        QVERIFY2(r.code == 0, r.output.constData());
        QStringList nets;
        int cached = 0;
        for (const QByteArray& line : r.output.split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o["bench"].toString() != "mcts") continue;
            QVERIFY2(o["sims_per_s"].toDouble() > 0, line.constData());
            if (o["net"].toString() == "uniform-fake") continue;
            QVERIFY2(o["nn_positions_per_s"].toDouble() > 0, line.constData());
            const int b = o["games_in_flight"].toInt();
            QVERIFY2(b == 8 || b == 16 || b == 32 || b == 64 || b == 128, line.constData());
            if (o["cache"].toBool()) {
                ++cached;
                QVERIFY2(o["cache_hit_rate"].toDouble() >= 0, line.constData());
            } else {
                nets << o["net"].toString();
                QVERIFY2(o["nn_best_positions_per_s"].toDouble() >= o["nn_positions_per_s"].toDouble(),
                         line.constData());
            }
        }
        QCOMPARE(nets.size(), 2);
        QCOMPARE(cached, 2);
        QVERIFY2(r.output.contains("uniform-fake"), r.output.constData());
    }

    // bench selfplay with one given setting: one line (no "best" line after it), reporting the
    // setting measured and a throughput; every stored target is a searched position.
    void benchSelfplayReportsTheSetting() {
        const Result r = xqzero({"bench", "selfplay", "--json", "--seconds", "2", "--threads", "1",
                                 "--simulations", "8", "--search", "1"});
        QVERIFY2(r.code == 0, r.output.constData());
        QList<QJsonObject> lines;
        for (const QByteArray& line : r.output.split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o["bench"].toString() == "selfplay") lines << o;
        }
        QCOMPARE(lines.size(), 1);
        const QJsonObject o = lines[0];
        const QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
        QVERIFY2(!o.contains("best"), text.constData());
        QCOMPARE(o["threads"].toInt(), 1);
        QCOMPARE(o["simulations"].toInt(), 8);
        QCOMPARE(o["search"].toString(), QString("gumbel"));
        QVERIFY2(o["positions_per_s"].toDouble() > 0, text.constData());
        QVERIFY2(o["targets_per_s"].toDouble() <= o["positions_per_s"].toDouble(),
                 text.constData());
        QVERIFY2(o["games_per_hour"].toDouble() > 0, text.constData());
        QVERIFY2(!o["evaluator"].toString().isEmpty(), text.constData());
    }

    // The same commands with real values still work: exit code 0 exactly (a crash reads as
    // -1 here, a refused value as 2).
    void realValuesStillWork() {
        const Result r = xqzero({"analyze", "--fen", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "--sims", "1"});
        QVERIFY2(r.code == 0, r.output.constData());
        QVERIFY2(r.output.contains("4k4/9/9/9/9/9/9/9/9/3K5"), r.output.constData());
    }

    // A WXF move starting with '-' is not an option: --moves=-P.6 or after '--'. The rear of two
    // red pawns on the e-file goes to d5 and blocks the kings' file, so Black's king may then
    // step to d9 (it could not before).
    void moveStartingWithDashIsNotAnOption() {
        const QString fen = "4k4/9/9/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
        const Result before = xqzero({"moves", "--fen", fen});
        QCOMPARE(before.code, 0);
        for (const QStringList& args : {QStringList{"moves", "--fen", fen, "--moves=-P.6"},
                                        QStringList{"moves", "--fen", fen, "--", "-P.6"},
                                        QStringList{"moves", "--fen", fen, "--moves=-P.6 K5.6"}}) {
            const Result r = xqzero(args);
            QVERIFY2(r.code == 0, r.output.constData());
            if (args.last().contains("K5.6")) continue;  // Black moved too: Red's list now
            QVERIFY2(r.output.contains("e9d9"), r.output.constData());
        }
    }

    // xqzero import on a file with one bad game among good ones: the good ones are stored, the
    // bad one is reported with its line, move number and reason, and the exit code is 0.
    void importStoresGoodGamesAndReportsTheBadOne() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pgn = dir.filePath("three.pgn"), db = dir.filePath("lib.db");
        QFile f(pgn);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "[Game \"Chinese Chess\"]\n[Red \"Xu\"]\n[Black \"Lu\"]\n[Result \"1-0\"]\n"
            "1. h2e2 h9g7 2. h0g2 1-0\n\n"
            "[Event \"broken\"]\n[Format \"WXF\"]\n1. C2=5 H8+7\n2. H2+3 C2=9 *\n\n"
            "[Red \"甲\"]\n[Black \"乙\"]\n1. 炮二平五 马８进７ 1/2-1/2\n");
        f.close();
        const Result r = xqzero({"import", pgn, "--db", db});
        QVERIFY2(r.code == 0, r.output.constData());
        QVERIFY2(r.output.contains("3 games, 2 imported, 1 rejected"), r.output.constData());
        QVERIFY2(r.output.contains("game 2 (line 7): rejected: line 10, move 2 (Black): 'C2=9'"),
                 r.output.constData());
        QVERIFY2(r.output.contains("Xu - Lu, 1-0, 3 plies"), r.output.constData());

        const Result j = xqzero({"import", pgn, "--db", db, "--json"});
        QVERIFY2(j.code == 0, j.output.constData());
        const QList<QByteArray> lines = j.output.trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        const QJsonObject bad = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(bad["ok"].toBool(), false);
        QCOMPARE(bad["error"].toObject()["code"].toString(), QString("bad_move"));
        QCOMPARE(bad["error"].toObject()["move"].toInt(), 2);
        QCOMPARE(bad["error"].toObject()["side"].toString(), QString("black"));
        const QJsonObject sum = QJsonDocument::fromJson(lines[3]).object();
        QCOMPARE(sum["imported"].toInt(), 2);
        QCOMPARE(sum["rejected"].toInt(), 1);

        const Result listed = xqzero({"db", "games", "--db", db, "--kind", "imported", "--json"});
        QVERIFY2(listed.code == 0, listed.output.constData());
        QCOMPARE(listed.output.trimmed().split('\n').size(), 4);  // two imports of two games
        QVERIFY2(listed.output.contains("\"red\":\"甲\""), listed.output.constData());
    }

    void importFailuresHaveTheirExitCodes() {
        QTemporaryDir dir;
        const Result missing =
            xqzero({"import", dir.filePath("none.pgn"), "--db", dir.filePath("x.db")});
        QVERIFY2(missing.code == 1, missing.output.constData());
        QVERIFY2(missing.output.contains("cannot read"), missing.output.constData());
        const Result usage = xqzero({"import"});
        QVERIFY2(usage.code == 2, usage.output.constData());
    }

    // train --init-games: a source that cannot be read is refused before the run exists, and a
    // trainer of workers' games cannot start from games (that is a one-machine run's start).
    void initGamesErrors() {
        QTemporaryDir dir;
        const Result missing = xqzero({"train", "--db", dir.filePath("x.db"), "--run", "g", "--init-games",
                                       dir.filePath("none.pgn"), "--minutes", "0.01"});
        QVERIFY2(missing.code == 1, missing.output.constData());
        QVERIFY2(missing.output.contains("--init-games") && missing.output.contains("cannot open"), missing.output.constData());
        const Result runs = xqzero({"db", "runs", "--db", dir.filePath("x.db")});
        QVERIFY2(runs.output.contains("0 runs"), runs.output.constData());
        const Result trainer = xqzero({"train", "--db", dir.filePath("y.db"), "--role", "trainer", "--init-games",
                                       dir.filePath("none.pgn")});
        QVERIFY2(trainer.code != 0 && trainer.output.contains("--role pipeline"), trainer.output.constData());
    }

    // xqzero judge: the rules' verdict after the moves, as a line or as one JSON object, with
    // the chased piece and its chaser for a perpetual chase; a bad FEN or an illegal move is a
    // usage error (exit 2) naming what is wrong.
    void judgeReportsTheRulesVerdict() {
        // Red's rook follows the black cannon between the b- and c-files (tests/xiangqi/
        // test_chase.cpp, "rook chases cannon"): the third occurrence loses for Red.
        const QString chaseFen = "5k3/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1";
        const QString chase = "c2b2 b7c7 b2c2 c7b7 c2b2 b7c7 b2c2 c7b7";
        Result r = xqzero({"judge", "--fen", chaseFen, "--moves", chase});
        QVERIFY2(r.code == 0, r.output.constData());
        QCOMPARE(r.output.trimmed(),
                 QByteArray("0-1 perpetual_chase: black cannon on b7 chased by the red rook on c2"));
        r = xqzero({"judge", "--fen", chaseFen, "--moves", chase, "--json"});
        QVERIFY2(r.code == 0, r.output.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.output).object();
        QCOMPARE(j["over"].toBool(), true);
        QCOMPARE(j["result"].toString(), QString("0-1"));
        QCOMPARE(j["reason"].toString(), QString("perpetual_chase"));
        QCOMPARE(j["plies"].toInt(), 8);
        QCOMPARE(j["chased"].toObject()["piece"].toString(), QString("black cannon"));
        QCOMPARE(j["chased"].toObject()["square"].toString(), QString("b7"));
        QCOMPARE(j["chaser"].toObject()["piece"].toString(), QString("red rook"));
        QCOMPARE(j["chaser"].toObject()["square"].toString(), QString("c2"));

        // One move short of the threefold repetition: still going.
        r = xqzero({"judge", "--fen", chaseFen, "--moves", chase.left(chase.size() - 5)});
        QCOMPARE(r.output.trimmed(), QByteArray("ongoing"));
        r = xqzero({"judge", "--json"});  // the start position
        const QJsonObject start = QJsonDocument::fromJson(r.output).object();
        QCOMPARE(start["over"].toBool(), false);
        QCOMPARE(start["result"].toString(), QString("*"));
        QVERIFY(!start.contains("chased"));

        // The other endings, each with its own code.
        r = xqzero({"judge", "--fen", "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "--moves",
                    "a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9"});
        QCOMPARE(r.output.trimmed(), QByteArray("1/2-1/2 repetition"));
        r = xqzero({"judge", "--fen", "3k5/7R1/9/9/9/9/9/9/9/1N3K3 w - - 0 1", "--moves",
                    "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8 d8d9"});
        QCOMPARE(r.output.trimmed(), QByteArray("0-1 perpetual_check"));
        r = xqzero({"judge", "--fen", "4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1", "--moves", "i7i9"});
        QCOMPARE(r.output.trimmed(), QByteArray("1-0 checkmate"));

        // Usage errors.
        r = xqzero({"judge", "--fen", "not a position"});
        QVERIFY2(r.code == 2, r.output.constData());
        QVERIFY2(r.output.startsWith("xqzero judge: ") && r.output.contains("FEN"),
                 r.output.constData());
        r = xqzero({"judge", "--moves", "h2e2 e0e5"});
        QVERIFY2(r.code == 2, r.output.constData());
        QVERIFY2(r.output.startsWith("xqzero judge: move 2"), r.output.constData());
    }

    // Every long command stops through one guard (app/xqzero/stop_signals.h): SIGTERM stops
    // self-play where its games are kept (exit 0, "stopped early", the progress line written
    // into the pipe as whole lines); a second signal ends the process at once with 130.
    void signalsStopLongCommands_data() {
        QTest::addColumn<bool>("twice");
        QTest::newRow("SIGTERM stops") << false;
        QTest::newRow("a second signal exits") << true;
    }
    void signalsStopLongCommands() {
        QFETCH(bool, twice);
        QTemporaryDir dir;
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero",
                {"selfplay", "--preset", "quick", "--games", "0", "--threads", "1", "--sims", "2",
                 "--db", dir.filePath("x.db"), "--run", "s"});
        QVERIFY(p.waitForStarted());
        QByteArray out;
        // The first progress line comes at once (whole lines into a pipe).
        while (!out.contains("positions/s") && p.state() == QProcess::Running) {
            p.waitForReadyRead(1000);
            out += p.readAll();
        }
        QVERIFY2(out.contains("positions/s"), out.constData());
        QVERIFY2(!out.contains('\r'), out.constData());
        if (twice) {
            ::kill(pid_t(p.processId()), SIGINT);
            ::kill(pid_t(p.processId()), SIGTERM);
        } else {
            p.terminate();
        }
        QVERIFY(p.waitForFinished(120000));
        out += p.readAll();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        if (twice) {
            QVERIFY2(p.exitCode() == 130, out.constData());
        } else {
            QVERIFY2(p.exitCode() == 0, out.constData());
            QVERIFY2(out.contains("stopped early"), out.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
