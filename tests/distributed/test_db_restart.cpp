// A PostgreSQL restart under a running run: `xqzero train --role trainer` and `xqzero worker`
// on a cluster of this test's own (so the restart cuts no other suite's sessions). The cluster
// is restarted (pg_ctl restart -m fast: every session is cut) while both run; both must say
// that they lost the connection and made it again, go on storing games and publishing
// generations after the restart, stop cleanly when asked, and every stored game must be whole
// (its moves all there).
// Every wait is on a condition (a database row, a process's output or exit), bounded by a
// generous limit that only a failure reaches.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

#include "core/store/store.h"
#include "tests/support/xqzero_process.h"

namespace {

using xqtest::xqzeroPath;
using Child = xqtest::XqzeroChild;
QString clusterScript() {
    return qEnvironmentVariable("XQ_SOURCE_DIR") + "/tests/store/pg_cluster.sh";
}



}  // namespace

class TestDbRestart : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString state_;
    std::string uri_;

    bool cluster(const QString& cmd) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start("bash", {clusterScript(), cmd, state_});
        p.waitForFinished(120000);
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            qWarning("%s", p.readAll().constData());
            return false;
        }
        return true;
    }
    int64_t count(const char* what) {
        xq::store::Store s(uri_);
        const auto run = s.findRun("restart");
        if (!run) return 0;
        if (std::string(what) == "games") {
            xq::store::GameFilter f;
            f.run = run->id;
            return s.countGames(f);
        }
        return int64_t(s.listModels(run->id).size());
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        QVERIFY2(QFile::exists(xqzeroPath()), qPrintable(xqzeroPath()));
        state_ = tmp_.filePath("cluster.state");
        QVERIFY2(cluster("start"), "the test's PostgreSQL cluster did not start");
        QFile f(state_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string dir = f.readAll().trimmed().toStdString();
        uri_ = "postgresql:///postgres?host=" + dir + "&user=postgres";
    }
    void cleanupTestCase() {
        if (!state_.isEmpty()) cluster("stop");
    }

    void workerAndTrainerRideOutRestart() {
        const QString db = QString::fromStdString(uri_);
        const QStringList run = {"--run", "restart", "--db", db};
        const QStringList params = {"--preset", "quick", "--channels", "8", "--blocks", "1",
                                    "--simulations", "8", "--max-plies", "40", "--mate-search",
                                    "0", "--resign-moves", "0", "--games-per-iteration", "2",
                                    "--min-buffer", "20", "--batch-size", "8", "--train-ratio",
                                    "0", "--steps-per-iteration", "2", "--gate", "0",
                                    "--ladder-minutes", "0", "--validation-fraction", "0"};
        Child trainer, worker;
        // Its model files in the test's folder, not in the user's data folder (the default
        // for a PostgreSQL store).
        trainer.start(QStringList{"train", "--role", "trainer", "--reconnect-seconds", "120",
                                  "--model-dir", tmp_.filePath("models")} +
                      run + params);
        QVERIFY(trainer.p->waitForStarted());
        worker.start(QStringList{"worker", "--threads", "1", "--games-in-flight", "2",
                                 "--reconnect-seconds", "120", "--cache-dir",
                                 tmp_.filePath("cache")} +
                     run);
        QVERIFY(worker.p->waitForStarted());

        // Both at work: games stored and a generation published after generation 0.
        QTRY_VERIFY2_WITH_TIMEOUT(count("games") >= 3 && count("models") >= 2,
                                  qPrintable(trainer.out + worker.out), 300000);
        QVERIFY(trainer.running() && worker.running());

        QVERIFY2(cluster("restart"), "pg_ctl restart failed");
        const int64_t gamesAt = count("games"), modelsAt = count("models");

        // Both go on: more games and another generation after the restart.
        QTRY_VERIFY2_WITH_TIMEOUT(
            count("games") >= gamesAt + 3 && count("models") >= modelsAt + 1,
            qPrintable(trainer.out + "\n---\n" + worker.out), 300000);
        QVERIFY2(trainer.running(), qPrintable(trainer.out));
        QVERIFY2(worker.running(), qPrintable(worker.out));
        // Each says what happened: at least one of them met the cut session (a process idle
        // through the restart meets it on its next statement, which both make within seconds).
        QTRY_VERIFY2_WITH_TIMEOUT(trainer.out.contains("lost the connection") &&
                                      worker.out.contains("lost the connection"),
                                  qPrintable(trainer.out + "\n---\n" + worker.out), 60000);
        QVERIFY2(worker.out.contains("connected again"), qPrintable(worker.out));
        QVERIFY2(trainer.out.contains("connected again"), qPrintable(trainer.out));

        worker.p->terminate();
        trainer.p->terminate();
        QVERIFY(worker.p->waitForFinished(120000));
        QVERIFY(trainer.p->waitForFinished(120000));
        QCOMPARE(worker.p->exitStatus(), QProcess::NormalExit);
        QVERIFY2(worker.p->exitCode() == 0, qPrintable(worker.out));
        QCOMPARE(trainer.p->exitStatus(), QProcess::NormalExit);
        QVERIFY2(trainer.p->exitCode() == 0, qPrintable(trainer.out));

        // Every stored game is whole.
        xq::store::Store s(uri_);
        const auto r = s.findRun("restart");
        QVERIFY(r);
        xq::store::GameFilter f;
        f.run = r->id;
        f.limit = 0;
        const auto games = s.listGames(f);
        QVERIFY(games.size() >= size_t(gamesAt + 3));
        for (const auto& g : games) {
            const auto full = s.loadGame(g.id);
            QVERIFY(full);
            QCOMPARE(int(full->moves.size()), g.plies);
        }
        QVERIFY(s.integrityCheck().ok);
    }
};

QTEST_GUILESS_MAIN(TestDbRestart)
#include "test_db_restart.moc"
