// The scale-out path run as a user runs it, with the real binaries as separate processes on
// one PostgreSQL database (the store_pg fixture's cluster): two trainer ranks meeting on
// loopback (c10d Gloo) and two `xqzero worker` processes with their own model caches (two
// "hosts"). It checks what the design promises:
//   - workers' games arrive in the database, each whole;
//   - the trainer publishes new generations (weights in the database by sha256) and both
//     workers switch to them;
//   - both ranks end with identical weights (their final model files are the same bytes, and
//     differ from generation 0's, so training happened);
//   - a worker killed with SIGKILL mid-game loses nothing committed and leaves no partial game,
//     and the other worker goes on.
// A second case runs the same roles with the gate on (gatedRunTwoWorkers): evaluation games as
// jobs claimed by the workers, each played once, every candidate decided, and self-play only
// with accepted generations.
// Every wait is on a condition (a process's output or exit, a database row), bounded by a
// generous limit that only a failure reaches.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/store/store.h"
#include "tests/support/xqzero_process.h"
#include "tests/support/store_testdb.h"
#include "tests/support/loopback_port.h"

namespace {

using xqtest::xqzeroPath;
using Child = xqtest::XqzeroChild;

std::vector<char> fileBytes(const QString& path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}


}  // namespace

class TestDistributed : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    std::unique_ptr<storetest::TestDatabases> dbs_;

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        dbs_ = std::make_unique<storetest::TestDatabases>(tmp_, true);
        const std::string why = dbs_->unavailable();
        QVERIFY2(why.empty(), why.c_str());
        QVERIFY2(QFile::exists(xqzeroPath()), qPrintable(xqzeroPath()));
    }
    void cleanupTestCase() {
        if (dbs_) dbs_->dropAll();
    }

    void twoWorkersTwoRanks() {
        const std::string uri = dbs_->make("distributed");
        const QString db = QString::fromStdString(uri);
        const QString run = "dist";
        const xqtest::ReservedPort port;  // held until the test ends: nobody else takes it
        const QString master = QString::fromStdString(port.master());
        // A tiny run: what is tested is the plumbing, not the strength.
        const QStringList runParams = {"--preset",
                                       "quick",
                                       "--channels",
                                       "16",
                                       "--blocks",
                                       "1",
                                       "--simulations",
                                       "8",
                                       "--fast-simulations",
                                       "4",
                                       "--max-plies",
                                       "60",
                                       "--mate-search",
                                       "0",
                                       "--games-per-iteration",
                                       "6",
                                       "--min-buffer",
                                       "100",
                                       "--batch-size",
                                       "32",
                                       "--train-ratio",
                                       "1",
                                       "--ladder-minutes",
                                       "0.01",
                                       "--ladder-games",
                                       "1",
                                       "--ladder-simulations",
                                       "4",
                                       "--games-in-flight",
                                       "4",
                                       "--threads",
                                       "1",
                                       "--inference-workers",
                                       "1"};
        auto trainerArgs = [&](int rank) {
            return QStringList{"train",
                               "--role",
                               "trainer",
                               "--db",
                               db,
                               "--run",
                               run,
                               "--world-size",
                               "2",
                               "--rank",
                               QString::number(rank),
                               "--master",
                               master,
                               "--generations",
                               "3",
                               "--model-dir",
                               tmp_.filePath("models-rank" + QString::number(rank)),
                               "--final-model",
                               tmp_.filePath("final-rank" + QString::number(rank) + ".xqm")} +
                   runParams;
        };
        Child rank0, rank1, workerA, workerB;
        rank0.start(trainerArgs(0), "rank 0");
        rank1.start(trainerArgs(1), "rank 1");
        auto workerArgs = [&](const QString& host) {
            return QStringList{"worker",
                               "--db",
                               db,
                               "--run",
                               run,
                               "--threads",
                               "1",
                               "--games-in-flight",
                               "4",
                               "--cache-dir",
                               tmp_.filePath("cache-" + host),
                               "--wait",
                               "120"};
        };
        workerA.start(workerArgs("a"), "worker A");
        workerB.start(workerArgs("b"), "worker B");
        auto dump = [&] {
            return QString("\n--- %1:\n%2\n--- %3:\n%4\n--- %5:\n%6\n--- %7:\n%8")
                .arg(rank0.name, rank0.out.right(3000), rank1.name, rank1.out.right(3000),
                     workerA.name, workerA.out.right(3000), workerB.name, workerB.out.right(3000));
        };
        const QRegularExpression gen1(R"(playing generation [1-9])");

        // Both workers play a published generation after generation 0.
        QTRY_VERIFY2_WITH_TIMEOUT(workerA.out.contains(gen1) && workerB.out.contains(gen1),
                                  qPrintable(dump()), 300000);
        QVERIFY2(workerA.out.contains("fetched from the database"), qPrintable(dump()));

        xq::store::Store store(uri, {.readOnly = true});
        const auto runInfo = store.findRun(run.toStdString());
        QVERIFY(runInfo);
        QCOMPARE(int(store.listWorkers(runInfo->id).size()), 2);
        const auto countGames = [&] {
            xq::store::GameFilter f;
            f.run = runInfo->id;
            return store.countGames(f);
        };

        // Worker A dies mid-game (it always has 4 in flight): what it committed stays whole.
        const int64_t beforeKill = countGames();
        QVERIFY(beforeKill > 0);
        workerA.p->kill();
        QVERIFY(workerA.p->waitForFinished(20000));
        const int64_t afterKill = countGames();
        QVERIFY(afterKill >= beforeKill);
        // Worker B goes on: more games arrive without A.
        QTRY_VERIFY2_WITH_TIMEOUT(countGames() > afterKill + 2, qPrintable(dump()), 300000);

        // The ranks stop together after their third generation.
        QTRY_VERIFY2_WITH_TIMEOUT(!rank0.running() && !rank1.running(), qPrintable(dump()), 400000);
        QCOMPARE(rank0.p->exitCode(), 0);
        QCOMPARE(rank1.p->exitCode(), 0);
        // The background ladder runs in the trainer role too, on rank 0 (the rank that
        // publishes): its ratings are stored with the run and logged there only.
        {
            xq::store::LadderFilter lf;
            lf.run = runInfo->id;
            QVERIFY2(!store.listLadderResults(lf).empty(), qPrintable(dump()));
        }
        QVERIFY2(rank0.out.contains("ladder: generation"), qPrintable(dump()));
        QVERIFY2(!rank1.out.contains("ladder: generation"), qPrintable(dump()));
        const std::vector<char> w0 = fileBytes(tmp_.filePath("final-rank0.xqm"));
        const std::vector<char> w1 = fileBytes(tmp_.filePath("final-rank1.xqm"));
        QVERIFY(!w0.empty());
        QVERIFY2(w0 == w1, "the two ranks ended with different weights");

        workerB.p->terminate();  // SIGTERM: stops cleanly, marks its row stopped
        QVERIFY(workerB.p->waitForFinished(60000));
        QCOMPARE(workerB.p->exitCode(), 0);

        // Generations 0..3, each with its weights in the database; generation 0 differs from
        // the trained weights.
        const auto models = store.listModels(runInfo->id);
        QVERIFY2(models.size() >= 4, qPrintable(dump()));
        for (const auto& m : models) {
            QVERIFY(!m.sha256.empty());
            QVERIFY(store.loadBlob(m.sha256).has_value());
        }
        const auto gen0 = store.loadBlob(models.front().sha256);
        QVERIFY(std::vector<char>(gen0->begin(), gen0->end()) != w0);

        // Every stored game is whole: its moves are all there, and the database is consistent.
        xq::store::GameFilter all;
        all.run = runInfo->id;
        all.limit = 0;
        int gamesOfLaterGenerations = 0;
        for (const auto& g : store.listGames(all)) {
            const auto full = store.loadGame(g.id);
            QVERIFY(full);
            QCOMPARE(int(full->moves.size()), full->plies);
            QVERIFY(full->result != xq::Result::None);
            if (full->generation.value_or(0) >= 1) ++gamesOfLaterGenerations;
        }
        QVERIFY(gamesOfLaterGenerations > 0);
        QVERIFY(store.integrityCheck().ok);
        int stopped = 0;
        for (const auto& w : store.listWorkers(runInfo->id)) stopped += w.state == "stopped";
        QCOMPARE(stopped, 1);  // B said goodbye; A was killed and says nothing

        // `xqzero db workers` lists both, B stopped.
        QProcess list;
        list.start(xqzeroPath(), {"db", "workers", "--db", db, "--run", run, "--json"});
        QVERIFY(list.waitForFinished(60000));
        QCOMPARE(list.exitCode(), 0);
        const QJsonArray rows = QJsonDocument::fromJson(list.readAllStandardOutput()).array();
        QCOMPARE(rows.size(), 2);
        int listedStopped = 0;
        for (const auto& r : rows)
            listedStopped += r.toObject().value("state").toString() == "stopped";
        QCOMPARE(listedStopped, 1);

        // Another host plays the run's best net: the model files are not there (the trainer's
        // folder is gone), the weights come from the database through that host's cache.
        QVERIFY(QDir(tmp_.filePath("models-rank0")).removeRecursively());
        const QString cache = tmp_.filePath("cache-player");
        QProcess match;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XQ_MODEL_CACHE", cache);
        match.setProcessEnvironment(env);
        match.setProcessChannelMode(QProcess::MergedChannels);
        match.start(xqzeroPath(),
                    {"match", "best:" + run + "@8", "random", "--games", "2", "--db", db});
        QVERIFY(match.waitForFinished(120000));
        QVERIFY2(match.exitCode() == 0, match.readAll().constData());
        QVERIFY(QFile::exists(
            cache + "/" + QString::fromStdString(store.bestModel(runInfo->id)->sha256) + ".xqm"));

        // The figures (seconds from publication to play, per worker) for the record.
        const QRegularExpression lag(
            R"(playing generation (\d+) \([0-9a-f]+, published ([0-9.]+) s ago)");
        for (const Child* c : {&workerA, &workerB}) {
            auto it = lag.globalMatch(c->out);
            QStringList seen;
            while (it.hasNext()) {
                const auto m = it.next();
                seen << QString("gen %1: %2 s").arg(m.captured(1), m.captured(2));
            }
            qInfo("%s: %s", qPrintable(c->name), qPrintable(seen.join(", ")));
        }
        qInfo("%lld games stored; %d of later generations", (long long)countGames(),
              gamesOfLaterGenerations);
    }

    // A gated run (gate 1): each candidate's evaluation games are queued as jobs, workers
    // claim and play them (FOR UPDATE SKIP LOCKED), every job is played once, the trainer
    // decides each candidate, and workers self-play only accepted generations.
    void gatedRunTwoWorkers() {
        const std::string uri = dbs_->make("gated");
        const QString db = QString::fromStdString(uri);
        const QString run = "gated";
        const xqtest::ReservedPort port;  // held until the test ends: nobody else takes it
        const QString master = QString::fromStdString(port.master());
        const int evalGames = 8;
        const QStringList runParams = {
            "--preset", "quick", "--channels", "16", "--blocks", "1", "--simulations", "8",
            "--fast-simulations", "4", "--max-plies", "60", "--mate-search", "0",
            "--games-per-iteration", "6", "--min-buffer", "100", "--batch-size", "32",
            "--train-ratio", "1", "--ladder-minutes", "0", "--games-in-flight", "4",
            "--threads", "1", "--inference-workers", "1", "--gate", "1", "--eval-games",
            QString::number(evalGames), "--eval-simulations", "8", "--gate-threshold", "0.5"};
        auto trainerArgs = [&](int rank) {
            return QStringList{"train", "--role", "trainer", "--db", db, "--run", run,
                               "--world-size", "2", "--rank", QString::number(rank), "--master",
                               master, "--generations", "2", "--model-dir",
                               tmp_.filePath("gated-models-rank" + QString::number(rank))} +
                   runParams;
        };
        auto workerArgs = [&](const QString& host) {
            return QStringList{"worker", "--db", db, "--run", run, "--threads", "1",
                               "--games-in-flight", "4", "--cache-dir",
                               tmp_.filePath("gated-cache-" + host), "--wait", "120"};
        };
        Child rank0, rank1, workerA, workerB;
        rank0.start(trainerArgs(0), "rank 0");
        rank1.start(trainerArgs(1), "rank 1");
        workerA.start(workerArgs("a"), "worker A");
        workerB.start(workerArgs("b"), "worker B");
        auto dump = [&] {
            return QString("\n--- %1:\n%2\n--- %3:\n%4\n--- %5:\n%6\n--- %7:\n%8")
                .arg(rank0.name, rank0.out.right(3000), rank1.name, rank1.out.right(3000),
                     workerA.name, workerA.out.right(3000), workerB.name, workerB.out.right(3000));
        };

        // The ranks stop together after their second verdict.
        QTRY_VERIFY2_WITH_TIMEOUT(!rank0.running() && !rank1.running(), qPrintable(dump()), 400000);
        QCOMPARE(rank0.p->exitCode(), 0);
        QCOMPARE(rank1.p->exitCode(), 0);
        QVERIFY2(rank0.out.count(QRegularExpression(R"(generation \d+ (accepted|rejected): )")) == 2,
                 qPrintable(dump()));
        for (Child* w : {&workerA, &workerB}) {
            w->p->terminate();
            QVERIFY(w->p->waitForFinished(60000));
            QCOMPARE(w->p->exitCode(), 0);
        }

        xq::store::Store store(uri, {.readOnly = true});
        const auto runInfo = store.findRun(run.toStdString());
        QVERIFY(runInfo);
        const auto models = store.listModels(runInfo->id);
        std::set<int> accepted, rejected;
        int candidates = 0;
        for (const auto& m : models) {
            if (m.generation == 0) {
                QVERIFY(m.accepted);
                accepted.insert(0);
                continue;
            }
            // Decided (every verdict records an Elo), unless it is a third candidate
            // published after the second verdict and left for a --resume.
            const auto jobs = store.evalJobs(runInfo->id, m.id);
            QCOMPARE(int(jobs.size()), evalGames);
            if (!m.elo) {
                QVERIFY(!m.accepted);
                continue;
            }
            ++candidates;
            (m.accepted ? accepted : rejected).insert(m.generation);
            std::set<int64_t> games;
            for (const auto& j : jobs) {
                QCOMPARE(j.state, std::string("done"));  // gate 1: the whole match
                QVERIFY(j.game && j.score && j.worker);
                games.insert(*j.game);
                const auto g = store.loadGame(*j.game);
                QVERIFY(g);
                QCOMPARE(g->kind, xq::store::GameKind::Eval);
                QCOMPARE(g->generation, std::optional<int>(m.generation));
                QCOMPARE(int(g->moves.size()), g->plies);
                // The colours the job says: the candidate's label on its side.
                const std::string label = "gen:" + std::to_string(m.generation) + "@8";
                QCOMPARE(j.candidateRed ? g->red : g->black, label);
            }
            QCOMPARE(int(games.size()), evalGames);  // one game per job, none shared
        }
        QCOMPARE(candidates, 2);
        // Every evaluation game stored is a done job's: no job was played twice.
        xq::store::GameFilter ev;
        ev.run = runInfo->id;
        ev.kind = xq::store::GameKind::Eval;
        int doneJobs = 0;
        std::map<int64_t, int> byWorker;
        for (const auto& j : store.evalJobs(runInfo->id))
            if (j.state == "done") ++doneJobs, ++byWorker[*j.worker];
        QCOMPARE(store.countGames(ev), int64_t(doneJobs));
        QVERIFY(store.integrityCheck().ok);

        // Workers self-played only accepted generations.
        const QRegularExpression playing(R"(playing generation (\d+) )");
        for (const Child* c : {&workerA, &workerB}) {
            auto it = playing.globalMatch(c->out);
            QVERIFY2(it.hasNext(), qPrintable(dump()));
            while (it.hasNext()) {
                const int gen = it.next().captured(1).toInt();
                QVERIFY2(accepted.count(gen) == 1, qPrintable(dump()));
            }
        }
        QString perWorker;
        for (const auto& [w, n] : byWorker) perWorker += QString(" worker %1: %2").arg(w).arg(n);
        // XQ_TEST_DUMP=1 prints the four processes' output (the verdicts, who played what).
        if (qEnvironmentVariableIsSet("XQ_TEST_DUMP")) qInfo("%s", qPrintable(dump()));
        qInfo("accepted %d, rejected %d of 2 candidates; evaluation games by%s",
              int(accepted.size()) - 1, int(rejected.size()), qPrintable(perWorker));
    }
};

QTEST_GUILESS_MAIN(TestDistributed)
#include "test_distributed.moc"
