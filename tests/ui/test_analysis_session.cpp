// The Analyze page's session without widgets (a QCoreApplication, no display): it starts at
// the standard position with uniform priors, a search to a limit finds a mate in one and ends
// by itself, a search until Stop sends updates and ends when stopped, a position set while
// searching waits for the search to end, a bad FEN or an unreadable model changes nothing and
// says why, and a model file (and the shared model choice, switched while searching) is
// loaded through the core's factory. Every wait is on a signal or a condition.
#include <QDeadlineTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <thread>

#include "core/nn/model_evaluator.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"
#include "ui/facade/analysis_session.h"
#include "ui/facade/model_choice.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#endif

using namespace xqui;

namespace {
// Red mates with the rook b7-b9 (the a8 rook guards rank 8, the flying general the d file);
// the same puzzle as the Analyze page's suite (tests/ui/analyze/test_analyze.cpp).
const char* kMateInOne = "4ka3/R8/1R7/9/9/9/6p2/9/9/3K5 w - - 0 1";
constexpr int kEndMs = 60000;  // a search's end on a loaded machine; generous

QString fenOf(const xq::Position& p) {
    return QString::fromStdString(xq::toFen(p));
}

// The one move that mates at once, found by the rules.
xq::Move mateOf(const xq::Position& pos) {
    xq::MoveList ml;
    pos.legalMoves(ml);
    for (int i = 0; i < ml.size(); ++i) {
        xq::Position p = pos;
        p.makeMove(ml[i]);
        if (xq::gameStatus(p).result == xq::Result::RedWins) return ml[i];
    }
    return {};
}
}  // namespace

class TestAnalysisSession : public QObject {
    Q_OBJECT
    AnalysisSession* session_ = nullptr;

  private slots:
    void init() { session_ = new AnalysisSession; }
    void cleanup() {
        delete session_;  // stops and joins a search still running
        session_ = nullptr;
    }

    void startsIdleAtTheStandardPositionWithUniformPriors() {
        QCOMPARE(fenOf(session_->position()), fenOf(xq::Position()));
        QVERIFY(!session_->isRunning());
        QVERIFY(!session_->isPolling());
        QVERIFY(!session_->hasResults());
        QVERIFY(session_->modelPath().isEmpty());
        QCOMPARE(session_->searchThreads(), 1);
    }

    void searchToALimitFindsTheMateAndEndsByItself() {
        QSignalSpy moved(session_, &AnalysisSession::positionChanged);
        QVERIFY(session_->setFen(QString::fromLatin1(kMateInOne)));
        QCOMPARE(moved.count(), 1);
        QCOMPARE(fenOf(session_->position()), QString::fromLatin1(kMateInOne));
        QSignalSpy started(session_, &AnalysisSession::started);
        QSignalSpy finished(session_, &AnalysisSession::finished);
        QVERIFY(session_->start(4000));
        QCOMPARE(started.count(), 1);
        QVERIFY(session_->hasResults());
        QVERIFY(!session_->start(4000));  // one at a time
        // The threads end by themselves; until the event loop has handled that end, the
        // session stays busy: no second start, a new position waits.
        QDeadlineTimer deadline(kEndMs);
        while (session_->isRunning() && !deadline.hasExpired()) std::this_thread::yield();
        QVERIFY(!session_->isRunning());
        QVERIFY(session_->isBusy());
        QVERIFY(!session_->start(4000));
        QCOMPARE(finished.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kEndMs);
        QVERIFY(!session_->isBusy());
        QVERIFY(!session_->isRunning());
        QVERIFY(!session_->isPolling());  // the end was handled: the threads are joined
        const xq::search::SearchSnapshot s = session_->snapshot(1);
        QVERIFY2(s.simulations >= 4000, qPrintable(QString::number(s.simulations)));
        QVERIFY(!s.children.empty());
        QCOMPARE(s.children.front().move, mateOf(session_->position()));  // most visited first
        QVERIFY(s.rootProven > 0);
        // The tree below the root is there to browse.
        QVERIFY(!session_->snapshotChildren({}).empty());
    }

    void searchUntilStopSendsUpdatesAndEndsWhenStopped() {
        QSignalSpy progressed(session_, &AnalysisSession::progressed);
        QSignalSpy finished(session_, &AnalysisSession::finished);
        QSignalSpy status(session_, &AnalysisSession::statusMessage);
        QVERIFY(session_->start(0));
        QVERIFY(session_->isRunning());
        QVERIFY(session_->isPolling());
        // Updates arrive while it searches, each with a growing search behind it.
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 1, kEndMs);
        const int first = session_->snapshot(1).simulations;
        QTRY_VERIFY_WITH_TIMEOUT(session_->snapshot(1).simulations > first, kEndMs);
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() >= 2, kEndMs);
        QVERIFY(session_->isRunning());  // it runs until stopped: no limit ended it
        QCOMPARE(finished.count(), 0);
        session_->stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kEndMs);
        QVERIFY(!session_->isRunning());
        QVERIFY(!session_->isPolling());
        QVERIFY(session_->hasResults());
        QVERIFY(session_->snapshot(1).simulations > 0);
        QCOMPARE(status.last().at(0).toString(), QStringLiteral("Analysis stopped"));
        // No update after the end.
        const int updates = progressed.count();
        QCoreApplication::processEvents();
        QCOMPARE(progressed.count(), updates);
    }

    void positionSetWhileSearchingWaitsForTheEnd() {
        QVERIFY(session_->start(0));
        QSignalSpy pending(session_, &AnalysisSession::positionPending);
        QSignalSpy moved(session_, &AnalysisSession::positionChanged);
        QSignalSpy finished(session_, &AnalysisSession::finished);
        xq::Position next;
        next.makeMove(xq::Move(xq::parseSquare("h2"), xq::parseSquare("e2")));
        session_->setPosition(next);
        QCOMPARE(pending.count(), 1);
        QVERIFY(session_->hasPendingPosition());
        QCOMPARE(fenOf(session_->nextPosition()), fenOf(next));
        QCOMPARE(fenOf(session_->position()), fenOf(xq::Position()));  // not before the end
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kEndMs);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(fenOf(session_->position()), fenOf(next));
        QVERIFY(!session_->hasPendingPosition());
        QVERIFY(!session_->hasResults());  // the old statistics are gone
    }

    void badFenKeepsThePositionAndSaysWhy() {
        QSignalSpy errors(session_, &AnalysisSession::errorOccurred);
        QString error;
        QVERIFY(!session_->setFen(QStringLiteral("rnbakabnr/9/ZZZ w"), &error));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(error.contains(QStringLiteral("Not a valid FEN")), qPrintable(error));
        QCOMPARE(errors.at(0).at(0).toString(), error);
        QCOMPARE(fenOf(session_->position()), fenOf(xq::Position()));
    }

    void unreadableModelKeepsUniformPriors() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.xqm"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a model file at all");
        f.close();
        QSignalSpy errors(session_, &AnalysisSession::errorOccurred);
        QSignalSpy changed(session_, &AnalysisSession::evaluatorChanged);
        QString error;
        QVERIFY(!session_->loadModelFile(path, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.xqm")), qPrintable(error));
        QCOMPARE(errors.count(), 1);
        QCOMPARE(changed.count(), 0);
        QVERIFY(session_->modelPath().isEmpty());
        QVERIFY(session_->start(200));  // still analyses with the uniform evaluator
        QSignalSpy finished(session_, &AnalysisSession::finished);
        QVERIFY(finished.wait(kEndMs));
        QVERIFY(session_->snapshot(1).simulations >= 200);
    }

    void modelFileAndSharedChoiceAreLoaded() {
        if (!xq::nn::networkSupport()) QSKIP("this build has no LibTorch");
#ifdef XQ_WITH_TORCH
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tiny.xqm"));
        {
            xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 7});
            xq::nn::saveModel(net, path.toStdString());
        }
        QSignalSpy changed(session_, &AnalysisSession::evaluatorChanged);
        QString error;
        QVERIFY2(session_->loadModelFile(path, &error), qPrintable(error));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(session_->modelPath(), path);
        // The network on every core, as in self-play.
        QCOMPARE(session_->searchThreads(),
                 xq::nn::searchThreadsFor(xq::nn::defaultInferenceWorkers()));
        QSignalSpy finished(session_, &AnalysisSession::finished);
        QVERIFY(session_->start(200));
        QVERIFY(!session_->loadModelFile(QString(), &error));  // not while it searches
        QCOMPARE(error, QStringLiteral("Stop the analysis first."));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kEndMs);
        QVERIFY(session_->snapshot(1).simulations >= 200);

        // The shared choice: "no model" chosen while a search runs is loaded once it has ended.
        ModelChoice choice;
        QVERIFY2(choice.chooseFile(path, &error), qPrintable(error));
        session_->followModelChoice(&choice);
        QCOMPARE(session_->modelPath(), path);
        QVERIFY(session_->start(0));
        choice.chooseNone();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kEndMs);
        QVERIFY(session_->modelPath().isEmpty());
        QCOMPARE(session_->searchThreads(), 1);
#endif
    }
};

QTEST_GUILESS_MAIN(TestAnalysisSession)
#include "test_analysis_session.moc"
