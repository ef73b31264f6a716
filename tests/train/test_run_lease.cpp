// One writer per run, and a resume that falls back, through the xqzero binary as a user runs
// it: a second trainer of a run that is being trained is refused with the holder named and the
// first goes on unharmed; a killed trainer's lease is taken over by the next --resume, which
// says so; a resume whose newest generation's file is truncated continues from the generation
// before it, naming the file it skipped.
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/nn/model_file.h"
#include "core/store/store.h"
#include "core/train/run_lease.h"
#include "tests/support/tiny_run.h"

using namespace xq;

namespace {

struct Run {
    int code = -1;
    QByteArray output;
};

// Runs xqzero to its end.
Run xqzero(const QStringList& args) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(xqzeroPath(), args);
    Run r;
    if (!p.waitForStarted()) return r;
    p.waitForFinished(-1);
    r.output = p.readAll();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

// The tiny run without a gate: every iteration publishes a generation.
QStringList trainArgs(const QString& db, const QString& run) {
    QStringList flags = tinyFlags("2", "3");
    flags[flags.indexOf("--gate") + 1] = "0";
    return QStringList{"train", "--preset", "quick", "--db", db, "--run", run} + flags;
}

// Starts a trainer and returns once it holds the run's lease (its "started run" line).
bool startTrainer(QProcess& p, const QStringList& args, QByteArray& out) {
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(xqzeroPath(), args);
    if (!p.waitForStarted()) return false;
    while (!out.contains("started run") && p.state() == QProcess::Running) {
        p.waitForReadyRead(1000);
        out += p.readAll();
    }
    return out.contains("started run");
}

}  // namespace

class TestRunLease : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString db(const char* name) { return tmp_.filePath(name); }

  private slots:
    // While `xqzero train` trains run "x", a second `train --resume` and a `--role trainer
    // --resume` of it are refused, naming the first process; the first runs on and stops
    // cleanly, its lease given back; then a resume is accepted.
    void secondTrainerRefused() {
        const QString d = db("two.db");
        QProcess first;
        QByteArray out;
        QVERIFY2(startTrainer(first, trainArgs(d, "x"), out), out.constData());
        const QByteArray owner = "is being trained by pid " + QByteArray::number(first.processId()) +
                                 " on host " + QByteArray::fromStdString(train::thisHostName());
        for (const QStringList& extra :
             {QStringList{"--resume", "--iterations", "1"},
              QStringList{"--resume", "--role", "trainer", "--generations", "1"}}) {
            const Run second = xqzero(trainArgs(d, "x") + extra);
            QVERIFY2(second.code != 0 && second.code != -1, second.output.constData());
            QVERIFY2(second.output.contains(owner), second.output.constData());
            QVERIFY2(!second.output.contains("started run"), second.output.constData());
        }
        QCOMPARE(first.state(), QProcess::Running);
        {
            store::Store s(d.toStdString());
            const auto run = s.findRun("x");
            QVERIFY(run);
            const auto lease = s.runLease(run->id);
            QVERIFY(lease);
            QCOMPARE(lease->pid, int64_t(first.processId()));
        }
        first.terminate();
        QVERIFY(first.waitForFinished(300000));
        out += first.readAll();
        QCOMPARE(first.exitStatus(), QProcess::NormalExit);
        QVERIFY2(first.exitCode() == 0, out.constData());
        {
            store::Store s(d.toStdString());
            QVERIFY(!s.runLease(s.findRun("x")->id));  // given back on a clean stop
            QVERIFY(s.integrityCheck().ok);
        }
        const Run again = xqzero(trainArgs(d, "x") + QStringList{"--resume", "--iterations", "1"});
        QVERIFY2(again.code == 0, again.output.constData());
        QVERIFY2(!again.output.contains("took over"), again.output.constData());
    }

    // kill -9 leaves the lease behind; the next --resume on this host sees its process gone,
    // takes the lease over at once and says from whom.
    void staleLeaseTakenOver() {
        const QString d = db("killed.db");
        QProcess first;
        QByteArray out;
        QVERIFY2(startTrainer(first, trainArgs(d, "k"), out), out.constData());
        const qint64 pid = first.processId();
        first.kill();
        QVERIFY(first.waitForFinished(60000));
        {
            store::Store s(d.toStdString());
            const auto lease = s.runLease(s.findRun("k")->id);
            QVERIFY(lease);  // a killed process gives nothing back
            QCOMPARE(lease->pid, int64_t(pid));
        }
        const Run next = xqzero(trainArgs(d, "k") + QStringList{"--resume", "--iterations", "1"});
        QVERIFY2(next.code == 0, next.output.constData());
        QVERIFY2(next.output.contains("took over the lease of run 'k' from pid " +
                                      QByteArray::number(pid)),
                 next.output.constData());
    }

    // The newest generation's file cut short: --resume continues from the generation before
    // it, names the skipped file and why, and the next generation takes the next number
    // (publisher.h: nextGenerationNumber) with a file that loads.
    void resumePastTruncatedNewest() {
        const QString d = db("cut.db");
        Run r = xqzero(trainArgs(d, "c") + QStringList{"--iterations", "2"});
        QVERIFY2(r.code == 0, r.output.constData());
        std::string newest;
        int newestGen = -1;
        {
            store::Store s(d.toStdString());
            const auto best = s.bestModel(s.findRun("c")->id);
            QVERIFY(best);
            newest = best->file;
            newestGen = best->generation;
        }
        QCOMPARE(newestGen, 2);
        std::filesystem::resize_file(newest, std::filesystem::file_size(newest) / 2);
        QVERIFY_THROWS_EXCEPTION(nn::ModelFileError, nn::readModelInfo(newest));

        r = xqzero(trainArgs(d, "c") + QStringList{"--resume", "--iterations", "1"});
        QVERIFY2(r.code == 0, r.output.constData());
        QVERIFY2(r.output.contains(QByteArray("skipped generation 2 (") + newest.c_str()),
                 r.output.constData());
        QVERIFY2(r.output.contains("self-play continues from generation 1"), r.output.constData());
        QVERIFY2(r.output.contains("the next generation is numbered 3"), r.output.constData());
        store::Store s(d.toStdString());
        const auto best = s.bestModel(s.findRun("c")->id);
        QCOMPARE(best->generation, 3);
        QVERIFY(best->file != newest);
        nn::readModelInfo(best->file);
    }
};

QTEST_GUILESS_MAIN(TestRunLease)
#include "test_run_lease.moc"
