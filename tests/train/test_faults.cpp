// Fault tests of the training loop through the xqzero binary. kill -9 lands at ten moments of a
// tiny run (before the first checkpoint, during self-play, training and evaluation, and at the
// crash points between two writes, core/train/crash_point.h), each followed by a resume; after
// every kill the stored state must be consistent. A database restored from a backup older than
// the checkpoint, a read-only or locked database and a full disk are refused or repaired before
// any work is lost. Every wait is on a condition (a file, a row count, a line of output, the
// process ending), bounded only by a generous deadline that fails the test.
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <functional>
#include <map>
#include <random>

#include "core/nn/model_file.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/config.h"
#include "core/train/early_stop.h"
#include "core/train/replay_buffer.h"
#include "tests/support/tiny_run.h"
#include "tests/support/ci_skip.h"

using namespace xq;
using namespace xq::train;
namespace fs = std::filesystem;

namespace {

constexpr int kDeadlineMs = 240000;

// What must hold after any kill: the database is sound, no finished game went missing, each
// accepted generation has one row and a model file that says the same generation, and the
// checkpoint's step never goes back.
struct Ledger {
    int64_t games = 0;
    int64_t checkpointStep = 0;
};

QString checkConsistent(const QString& db, const QString& modelDir, Ledger& ledger) {
    store::Store st(db.toStdString());
    if (!st.integrityCheck().ok) return "integrity_check failed";
    const int64_t games = st.counts().games;
    if (games < ledger.games)
        return QString("games went from %1 to %2").arg(ledger.games).arg(games);
    ledger.games = games;
    const auto run = st.findRun("f");
    if (!run) return {};  // killed before the run row: nothing to check yet
    std::map<int, int> accepted;
    for (const auto& m : st.listModels(run->id)) {
        if (!m.accepted) continue;
        if (++accepted[m.generation] > 1) return QString("generation %1 accepted twice").arg(m.generation);
        if (!fs::exists(m.file)) return QString("generation %1: missing file %2").arg(m.generation).arg(m.file.c_str());
        const auto info = nn::readModelInfo(m.file);
        if (info.meta.generation != m.generation)
            return QString("%1 holds generation %2, its row says %3").arg(m.file.c_str()).arg(info.meta.generation).arg(m.generation);
    }
    if (const auto ck = readCheckpoint(modelDir.toStdString())) {
        if (ck->step < ledger.checkpointStep)
            return QString("checkpoint step went back from %1 to %2").arg(ledger.checkpointStep).arg(ck->step);
        ledger.checkpointStep = ck->step;
    }
    return {};
}

int64_t countGames(const QString& db, store::GameKind kind) {
    try {
        store::Store st(db.toStdString(), {.readOnly = true});
        store::GameFilter f;
        f.kind = kind;
        return st.countGames(f);
    } catch (const std::exception&) {
        return 0;  // not created yet
    }
}

// The line a resume of run `run` must log as it rebuilds its replay buffer from what the store
// holds now: every stored self-play game, the held-out share (early_stop.h) apart, with all
// their samples (the tiny run's games all fit in the buffer). Empty when there is no game yet.
QByteArray expectedRebuildLine(const QString& db, const char* run = "f") {
    store::Store st(db.toStdString(), {.readOnly = true});
    const auto r = st.findRun(run);
    if (!r) return {};
    const TrainConfig config = fromJson(r->config);
    store::GameFilter f;
    f.run = r->id;
    f.kind = store::GameKind::SelfPlay;
    f.limit = 0;
    ReplayBuffer train(size_t(config.bufferCapacity)), held(size_t(config.bufferCapacity));
    int trainGames = 0, heldGames = 0;
    for (const auto& g : st.listGames(f)) {
        const bool out = heldOutGame(g.id, uint64_t(config.seed), config.validationFraction);
        (out ? held : train).addGame(*st.loadGame(g.id));
        ++(out ? heldGames : trainGames);
    }
    if (trainGames + heldGames == 0) return {};
    return QString(
               "replay buffer rebuilt from %1 stored games (%2 positions), %3 held out (%4 "
               "positions)")
        .arg(trainGames)
        .arg(train.size())
        .arg(heldGames)
        .arg(held.size())
        .toUtf8();
}

// Runs `xqzero train` on the run "f" until `until` holds (then SIGKILL) or the process ends by
// itself (a crash point, an error, the iteration limit). Returns the merged output.
struct Outcome {
    QByteArray output;
    bool killedByUs = false;
    bool timedOut = false;  // still running at the deadline
    QProcess::ExitStatus status = QProcess::NormalExit;
    int exitCode = 0;
};

Outcome runTrain(const QString& db, const QStringList& extra, const QString& crashAt,
                 const std::function<bool(const QByteArray&)>& until, const QString& run = "f") {
    QProcess child;
    child.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!crashAt.isEmpty()) env.insert("XQ_CRASH_AT", crashAt);
    else env.remove("XQ_CRASH_AT");
    child.setProcessEnvironment(env);
    QStringList args{"train", "--preset", "quick", "--db", db, "--run", run};
    // Every candidate is accepted after its gating games, so each iteration passes every
    // crash point and evaluates.
    args += tinyFlags("4", "300") + QStringList{"--gate-threshold", "0"};
    args += extra;
    child.start(xqzeroPath(), args);
    Outcome o;
    if (!child.waitForStarted()) {
        o.output = "could not start " + xqzeroPath().toLocal8Bit();
        o.exitCode = -1;
        return o;
    }
    QElapsedTimer t;
    t.start();
    while (child.state() == QProcess::Running && t.elapsed() < kDeadlineMs) {
        child.waitForReadyRead(50);
        o.output += child.readAll();
        if (until && until(o.output)) {
            child.kill();
            o.killedByUs = true;
            break;
        }
    }
    if (child.state() == QProcess::Running && !o.killedByUs) {
        o.timedOut = true;
        child.kill();
    }
    child.waitForFinished();
    o.output += child.readAll();
    o.status = child.exitStatus();
    o.exitCode = child.exitCode();
    return o;
}

// `xqzero db ARGS`: exit code and merged output.
std::pair<int, QByteArray> dbCommand(const QStringList& args) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(xqzeroPath(), QStringList{"db"} + args);
    p.waitForFinished(60000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

bool canMountTmpfs(const QString& dir, const QString& size) {
    return QProcess::execute("mount", {"-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir}) == 0;
}

// Unmounts on every way out of a test function (a failed check returns early).
struct Unmount {
    QString dir;
    ~Unmount() { QProcess::execute("umount", {dir}); }
};

}  // namespace

class TestFaults : public QObject {
    Q_OBJECT
private slots:
    void killNineAtTenMomentsAndResume() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db", modelDir = dir.path() + "/models/f";
        Ledger ledger;
        std::mt19937 rng(20261201);
        struct Moment {
            const char* name;
            QString crashAt;  // a crash point, or empty: killed by the test when `until` holds
            std::function<bool(const QByteArray&)> until;
        };
        int64_t selfPlayAtStart = 0, evalAtStart = 0;
        auto sawStage = [](const char* stage) {
            return [stage](const QByteArray& out) { return out.contains(QByteArray("[") + stage + "]"); };
        };
        const int extraGames = 1 + int(rng() % 3);  // the random moment: after 1-3 more games
        std::vector<Moment> moments{
            // A crash point, not a poll: the first iteration's games can all be stored and its
            // checkpoint written between two polls of a loaded machine.
            {"before the first checkpoint", "game-stored:1", {}},
            {"self-play, right after a game is stored", "game-stored:2", {}},
            {"training", {}, sawStage("training")},
            {"between a generation's file and its row", "generation-file", {}},
            {"between a generation's row and the checkpoint", "generation-row", {}},
            {"evaluation", {},
             [&](const QByteArray&) { return countGames(db, store::GameKind::Eval) > evalAtStart; }},
            {"between the checkpoint's files and its manifest", "checkpoint-files", {}},
            {"between the manifest and the old files' removal", "checkpoint-manifest", {}},
            {"self-play, a random number of games in", {},
             [&](const QByteArray&) { return countGames(db, store::GameKind::SelfPlay) >= selfPlayAtStart + extraGames; }},
            {"training, again", {}, sawStage("training")},
        };
        bool first = true;
        for (const Moment& m : moments) {
            selfPlayAtStart = countGames(db, store::GameKind::SelfPlay);
            evalAtStart = countGames(db, store::GameKind::Eval);
            // A resume must rebuild its buffer from every game stored so far.
            const QByteArray rebuild = first ? QByteArray() : expectedRebuildLine(db);
            const Outcome o = runTrain(db, first ? QStringList{} : QStringList{"--resume"}, m.crashAt, m.until);
            QVERIFY2(!o.timedOut && (o.killedByUs || o.status == QProcess::CrashExit),
                     qPrintable(QString("%1: the run ended by itself (exit %2):\n%3")
                                    .arg(m.name)
                                    .arg(o.exitCode)
                                    .arg(QString::fromUtf8(o.output.right(3000)))));
            if (!first)
                QVERIFY2(o.output.contains("resumed run 'f'"), qPrintable(m.name + QString(":\n") + o.output.right(3000)));
            if (!rebuild.isEmpty())
                QVERIFY2(o.output.contains(rebuild),
                         qPrintable(m.name + QString(": expected '") + rebuild + "' in:\n" +
                                    o.output.left(3000)));
            if (first)
                QVERIFY2(!QFileInfo::exists(modelDir + "/checkpoint.json") &&
                             countGames(db, store::GameKind::SelfPlay) == 1,
                         "the first kill came after the first checkpoint");
            first = false;
            const QString bad = checkConsistent(db, modelDir, ledger);
            QVERIFY2(bad.isEmpty(), qPrintable(QString("after a kill at %1: %2").arg(m.name, bad)));
        }
        // A last resume runs a whole iteration cleanly and leaves checkpoint and rows agreeing.
        const QByteArray rebuild = expectedRebuildLine(db);
        QVERIFY(!rebuild.isEmpty());
        const Outcome last = runTrain(db, {"--resume", "--iterations", "1"}, {}, {});
        QVERIFY2(last.status == QProcess::NormalExit && last.exitCode == 0, last.output.right(3000).constData());
        QVERIFY2(last.output.contains(rebuild),
                 qPrintable("expected '" + rebuild + "' in:\n" + last.output.left(3000)));
        const QString bad = checkConsistent(db, modelDir, ledger);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        store::Store st(db.toStdString());
        const auto best = st.bestModel(st.findRun("f")->id);
        const auto ck = readCheckpoint(modelDir.toStdString());
        QVERIFY(best && ck);
        QCOMPARE(ck->generation, best->generation);
        QVERIFY(best->generation >= 3);  // the generations published across the kills
    }

    // The trainer role and the worker pass the Pipeline's crash points (they sit in the code
    // all three share: storeSelfPlayRecord, publishGeneration, saveCheckpoint). A run started
    // on one machine is continued by `--role trainer` with a worker feeding it; killed at each
    // point and resumed, the stored state stays consistent, and a last resume decides a
    // generation cleanly with checkpoint and models table agreeing.
    void trainerRoleAndWorkerPassTheCrashPoints() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db", modelDir = dir.path() + "/models/f";
        Ledger ledger;
        const Outcome start = runTrain(db, {"--iterations", "1"}, {}, {});
        QVERIFY2(start.status == QProcess::NormalExit && start.exitCode == 0, start.output.right(3000).constData());
        QVERIFY2(checkConsistent(db, modelDir, ledger).isEmpty(), "after the one-machine start");
        const QStringList workerArgs{"worker", "--db", db, "--run", "f", "--threads", "1",
                                     "--cache-dir", dir.path() + "/cache", "--wait", "120"};
        auto startWorker = [&](QProcess& w, const QString& crashAt) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            if (crashAt.isEmpty()) env.remove("XQ_CRASH_AT");
            else env.insert("XQ_CRASH_AT", crashAt);
            w.setProcessEnvironment(env);
            w.setProcessChannelMode(QProcess::MergedChannels);
            w.start(xqzeroPath(), workerArgs);
            return w.waitForStarted();
        };
        {
            // The worker's own point: killed right after its second stored game.
            const int64_t before = countGames(db, store::GameKind::SelfPlay);
            QProcess w;
            QVERIFY(startWorker(w, "game-stored:2"));
            QVERIFY(w.waitForFinished(kDeadlineMs));
            QVERIFY2(w.exitStatus() == QProcess::CrashExit, w.readAll().right(3000).constData());
            QCOMPARE(countGames(db, store::GameKind::SelfPlay), before + 2);
            QVERIFY2(checkConsistent(db, modelDir, ledger).isEmpty(), "after the worker's kill");
        }
        // A worker feeds the trainer role for the rest of the test (the evaluation games too:
        // every candidate is accepted, gate-threshold 0).
        QProcess worker;
        QVERIFY(startWorker(worker, {}));
        struct KillAtEnd {
            QProcess& p;
            ~KillAtEnd() {
                p.kill();
                p.waitForFinished();
            }
        } killWorker{worker};
        const QStringList role{"--resume", "--role", "trainer"};
        for (const char* point : {"generation-file", "generation-row", "checkpoint-files", "checkpoint-manifest"}) {
            const Outcome o = runTrain(db, role, point, {});
            QVERIFY2(!o.timedOut && o.status == QProcess::CrashExit,
                     qPrintable(QString("%1: the trainer role did not stop at the point (exit %2):\n%3\n--- worker:\n%4")
                                    .arg(point)
                                    .arg(o.exitCode)
                                    .arg(QString::fromUtf8(o.output.right(3000)))
                                    .arg(QString::fromUtf8(worker.readAll().right(2000)))));
            QVERIFY2(o.output.contains("training run 'f' from step"), qPrintable(point + QString(":\n") + o.output.right(3000)));
            const QString bad = checkConsistent(db, modelDir, ledger);
            QVERIFY2(bad.isEmpty(), qPrintable(QString("after a kill at %1: %2").arg(point, bad)));
        }
        const Outcome last = runTrain(db, role + QStringList{"--generations", "1"}, {}, {});
        QVERIFY2(last.status == QProcess::NormalExit && last.exitCode == 0, last.output.right(3000).constData());
        const QString bad = checkConsistent(db, modelDir, ledger);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        store::Store st(db.toStdString(), {.readOnly = true});
        const auto best = st.bestModel(st.findRun("f")->id);
        const auto ck = readCheckpoint(modelDir.toStdString());
        QVERIFY(best && ck);
        QCOMPARE(ck->generation, best->generation);
        QVERIFY(best->generation >= 2);  // generation 1 of the start, then the role's accepted ones
    }

    // A run killed before its first checkpoint is listed as such, can be renamed (its model
    // folder moves with it) and resumed under the new name, and deleted with its folder.
    void strandedRunIsListedRenamedResumedDeleted() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db";
        const Outcome o = runTrain(db, {}, {}, [&](const QByteArray&) {
            return countGames(db, store::GameKind::SelfPlay) >= 1;
        });
        QVERIFY(o.killedByUs);
        QVERIFY(!QFileInfo::exists(dir.path() + "/models/f/checkpoint.json"));
        auto [rc, out] = dbCommand({"runs", "--db", db, "--json"});
        QVERIFY2(rc == 0, out.constData());
        QVERIFY2(out.contains("\"name\":\"f\"") && out.contains("\"checkpoint\":false"), out.constData());

        std::tie(rc, out) = dbCommand({"rename-run", "--db", db, "f", "g"});
        QVERIFY2(rc == 0, out.constData());
        QVERIFY(!QFileInfo::exists(dir.path() + "/models/f"));
        QVERIFY(QFileInfo::exists(dir.path() + "/models/g/gen-0000.xqm"));
        {
            store::Store st(db.toStdString());
            const auto run = st.findRun("g");
            QVERIFY(run && !st.findRun("f"));
            QCOMPARE(st.listModels(run->id)[0].file, (dir.path() + "/models/g/gen-0000.xqm").toStdString());
        }
        const int64_t games = countGames(db, store::GameKind::SelfPlay);
        const Outcome resumed = runTrain(db, {"--resume", "--iterations", "1"}, {}, {}, "g");
        QVERIFY2(resumed.exitCode == 0, resumed.output.right(3000).constData());
        QVERIFY2(resumed.output.contains("no checkpoint") && resumed.output.contains("resumed run 'g'"),
                 resumed.output.right(3000).constData());
        QVERIFY(countGames(db, store::GameKind::SelfPlay) >= games + 4);
        QVERIFY(QFileInfo::exists(dir.path() + "/models/g/checkpoint.json"));

        std::tie(rc, out) = dbCommand({"delete-run", "--db", db, "g"});  // no --yes: nothing goes
        QVERIFY2(rc != 0 && out.contains("--yes"), out.constData());
        QVERIFY(QFileInfo::exists(dir.path() + "/models/g/checkpoint.json"));
        std::tie(rc, out) = dbCommand({"delete-run", "--db", db, "g", "--yes"});
        QVERIFY2(rc == 0, out.constData());
        QVERIFY(!QFileInfo::exists(dir.path() + "/models/g"));
        store::Store st(db.toStdString());
        QCOMPARE(st.counts().runs, int64_t(0));
        QCOMPARE(st.counts().games, int64_t(0));
        QVERIFY(st.integrityCheck().ok);
    }

    // The opposite disagreement: the database restored from a copy older than the checkpoint.
    // The checkpoint's generation gets its row back and the next one follows it.
    void databaseBehindTheCheckpointIsReconciled() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db", modelDir = dir.path() + "/models/f";
        Outcome o = runTrain(db, {"--iterations", "1"}, {}, {});
        QVERIFY2(o.exitCode == 0, o.output.right(3000).constData());
        QVERIFY(QFile::copy(db, dir.path() + "/backup.db"));
        o = runTrain(db, {"--resume", "--iterations", "1"}, {}, {});
        QVERIFY2(o.exitCode == 0, o.output.right(3000).constData());
        const auto ck = readCheckpoint(modelDir.toStdString());
        QVERIFY(ck && ck->generation == 2);
        QVERIFY(QFile::remove(db));
        QFile::remove(db + "-wal");
        QFile::remove(db + "-shm");
        QVERIFY(QFile::copy(dir.path() + "/backup.db", db));
        o = runTrain(db, {"--resume", "--iterations", "1"}, {}, {});
        QVERIFY2(o.exitCode == 0, o.output.right(3000).constData());
        QVERIFY2(o.output.contains("lacked generation 2"), o.output.right(3000).constData());
        Ledger ledger;
        const QString bad = checkConsistent(db, modelDir, ledger);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        store::Store st(db.toStdString());
        QCOMPARE(st.bestModel(st.findRun("f")->id)->generation, 3);
    }

    // Nothing can be kept: refused before self-play starts, with a message that says why.
    void readOnlyDatabaseIsRefusedBeforeWork() {
        QTemporaryDir dir;
        const QString mnt = dir.path() + "/ro";
        QVERIFY(QDir().mkpath(mnt));
        if (!canMountTmpfs(mnt, "100m"))
            XQ_SKIP_UNLESS_CI("cannot mount a tmpfs here (needs root)");
        Unmount unmount{mnt};
        const QString db = mnt + "/xq.db";
        Outcome o = runTrain(db, {}, {}, [&](const QByteArray&) { return QFileInfo::exists(mnt + "/models/f/gen-0000.xqm"); });
        QVERIFY(o.killedByUs);
        const int remount = QProcess::execute("mount", {"-o", "remount,ro", mnt});
        if (remount != 0) XQ_SKIP_UNLESS_CI("cannot remount read-only here");
        o = runTrain(db, {"--resume"}, {}, {});
        QVERIFY(o.status == QProcess::NormalExit && o.exitCode != 0);
        QVERIFY2(o.output.contains("cannot be written") || o.output.contains("read-only") ||
                     o.output.contains("readonly"),
                 o.output.constData());
        QVERIFY2(!o.output.contains("[selfplay]"), o.output.constData());
    }

    void lockedDatabaseIsRefusedBeforeWork() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db";
        Outcome o = runTrain(db, {}, {}, [&](const QByteArray&) { return QFileInfo::exists(dir.path() + "/models/f/gen-0000.xqm"); });
        QVERIFY(o.killedByUs);
        {
            // Another process's writer holds the lock for as long as the resume tries.
            QSqlDatabase locker = QSqlDatabase::addDatabase("QSQLITE", "locker");
            locker.setDatabaseName(db);
            QVERIFY(locker.open());
            QSqlQuery q(locker);
            QVERIFY2(q.exec("BEGIN IMMEDIATE"), qPrintable(q.lastError().text()));
            o = runTrain(db, {"--resume"}, {}, {});
            QVERIFY(q.exec("ROLLBACK"));
            locker.close();
        }
        QSqlDatabase::removeDatabase("locker");
        QVERIFY(o.status == QProcess::NormalExit && o.exitCode != 0);
        QVERIFY2(o.output.contains("locked"), o.output.constData());
        QVERIFY2(!o.output.contains("[selfplay]"), o.output.constData());
    }

    // A disk too full to start on is refused up front; one that fills during the run stops it
    // with a clear error, every game stored before stays, and a resume continues once there is
    // room again.
    void fullDiskIsRefusedAndSurvived() {
        QTemporaryDir dir;
        const QString mnt = dir.path() + "/small";
        QVERIFY(QDir().mkpath(mnt));
        if (!canMountTmpfs(mnt, "48m")) XQ_SKIP_UNLESS_CI("cannot mount a tmpfs here (needs root)");
        const QString db = mnt + "/xq.db";
        Outcome o = runTrain(db, {}, {}, {});
        QProcess::execute("umount", {mnt});
        QVERIFY(o.status == QProcess::NormalExit && o.exitCode != 0);
        QVERIFY2(o.output.contains("MiB free"), o.output.constData());
        QVERIFY2(!o.output.contains("[selfplay]"), o.output.constData());

        QVERIFY(canMountTmpfs(mnt, "96m"));
        Unmount unmount{mnt};
        int64_t games = 0;
        bool filled = false;
        o = runTrain(db, {}, {}, [&](const QByteArray&) {
            if (filled) return false;
            games = countGames(db, store::GameKind::SelfPlay);
            if (games < 1) return false;
            // Fill the disk while the run goes on: a later write fails and must end the run.
            QProcess::execute("sh", {"-c", "cat /dev/zero > '" + mnt + "/filler' 2>/dev/null; true"});
            filled = true;
            return false;
        });
        QVERIFY2(filled && o.status == QProcess::NormalExit && o.exitCode != 0, o.output.right(3000).constData());
        QVERIFY2(o.output.contains("full") || o.output.contains("No space"), o.output.right(3000).constData());
        QVERIFY(countGames(db, store::GameKind::SelfPlay) >= games);
        // With the disk still full, a resume is refused up front.
        o = runTrain(db, {"--resume"}, {}, {});
        QVERIFY(o.status == QProcess::NormalExit && o.exitCode != 0);
        QVERIFY2(o.output.contains("MiB free") || o.output.contains("full"), o.output.constData());
        QVERIFY(countGames(db, store::GameKind::SelfPlay) >= games);
        QVERIFY(QFile::remove(mnt + "/filler"));
        o = runTrain(db, {"--resume", "--iterations", "1"}, {}, {});
        const int64_t after = countGames(db, store::GameKind::SelfPlay);
        QVERIFY2(o.exitCode == 0, o.output.right(3000).constData());
        QVERIFY(after >= games + 4);
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "test_faults.moc"
