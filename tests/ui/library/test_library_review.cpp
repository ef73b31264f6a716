// Reviewing a stored game from the Library page (offscreen), driven as a user does: Review is
// pressed, the review runs on the session's thread (a material-aware fake network stands in
// for the model, so the hanging rook of the test game is a known blunder), and the page shows
// the graph of Red's win chance, the marks in the move list, the best move's arrow and the
// summary; the review is stored with the game and shown again without searching when the game
// is opened anew; a click on the graph goes to that ply; Cancel ends a review with nothing
// stored. Every wait is on a signal or a condition (QTRY), never a fixed sleep.
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

#include "core/nn/fake_evaluators.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/xiangqi/material.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"
#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/review_session.h"
#include "ui/library/review_graph.h"
#include "ui/pages/library_page.h"
#include "tests/support/ui_drive.h"

using namespace xqui;

namespace {

float materialForMover(const xq::Position& p) {
    const int balance = xq::resolvedMaterialBalance(p);
    return xq::materialValue(p.sideToMove() == xq::Red ? balance : -balance);
}

// A quiet opening, then 3. i1b1?? hangs the rook to the cannon on b7 (test_review proves it
// with alpha-beta); the game goes on a little.
const char* const kMoves[] = {"h2e2", "h9g7", "i0i1", "i9i8", "i1b1", "b7b1", "a0a1"};
constexpr int kBlunderPly = 4;

}  // namespace

class TestLibraryReview : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    int64_t gameId_ = 0;
    std::shared_ptr<xq::nn::ValueFunctionEvaluator> fake_ =
        std::make_shared<xq::nn::ValueFunctionEvaluator>(materialForMover);
    ModelChoice* models_ = nullptr;

    // A page on the test database with the fake network behind its review session.
    std::unique_ptr<LibraryPage> makePage(std::shared_ptr<xq::nn::Evaluator> eval) {
        auto page = std::make_unique<LibraryPage>();
        page->setModelChoice(models_);
        page->reviewSession()->setEvaluatorFactory([eval](const QString&) { return eval; });
        page->resize(1200, 800);
        page->show();
        page->setDatabase(db_);
        page->openGame(gameId_);
        return page;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("review.db"));
        xq::store::Store s(db_.toStdString());
        xq::store::GameRecord g;
        g.kind = xq::store::GameKind::Play;
        g.red = "human";
        g.black = "level:amateur";
        g.result = xq::Result::BlackWins;
        g.reason = xq::Reason::Resignation;
        xq::Position pos;
        for (const char* t : kMoves) {
            const xq::MoveParse m = xq::parseIccs(pos, t);
            QVERIFY2(m, t);
            g.moves.push_back({m.move, std::nullopt, {}});
            pos.makeMove(m.move);
        }
        g.plies = int(g.moves.size());
        gameId_ = s.insertGame(g);
        // The model the review names: a real (tiny, untrained) model file, as the studio's model
        // choice accepts only readable models; the fake above does the evaluating.
        const QString model = dir_.filePath(QStringLiteral("tiny.xqm"));
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 3});
        xq::nn::saveModel(net, model.toStdString());
        models_ = new ModelChoice(this);
        QString error;
        QVERIFY2(models_->chooseFile(model, &error), qPrintable(error));
    }

    void reviewFromTheLibrary() {
        auto page = makePage(fake_);
        QTRY_VERIFY(page->replayGame() && page->replayGame()->id == gameId_);
        QVERIFY(!page->review());
        QVERIFY(!page->reviewGraph()->isVisible());
        QSignalSpy shown(page.get(), &LibraryPage::reviewShown);
        QSignalSpy finished(page->reviewSession(), &ReviewSession::finished);
        QVERIFY(xqtest::press(page.get(), "reviewGame"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        const auto reply = finished.takeFirst().at(0).value<ReviewReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QVERIFY2(reply.stored, qPrintable(reply.storeError));
        QTRY_COMPARE(shown.count(), 1);

        // The graph: Red's win chance at every position, the blunder among the marks.
        ReviewGraph* graph = page->reviewGraph();
        QVERIFY(graph->isVisible());
        QCOMPARE(graph->pointCount(), int(std::size(kMoves)) + 1);
        QVERIFY(graph->markCount(xq::engine::MoveMark::Blunder) +
                    graph->markCount(xq::engine::MoveMark::Mistake) >= 1);
        // The move list: the blunder carries its mark (row 0 is the start position).
        const QString blunderRow = page->moveList()->item(kBlunderPly + 1)->text();
        QVERIFY2(blunderRow.endsWith(QStringLiteral(" ??")) || blunderRow.endsWith(QStringLiteral(" ?")),
                 qPrintable(blunderRow));
        QVERIFY(!page->moveList()->item(1)->text().endsWith(QStringLiteral("?")));
        // The summary names the reviewer and counts Red's mistake.
        QVERIFY(page->reviewSummaryText().contains(QStringLiteral("tiny.xqm")));

        // A click on the graph at the blunder's dot goes to the position it was played in: the best move's green arrow
        // beside the move played, and the loss under the board.
        QCustomPlot* plot = graph->plot();
        const int x = int(plot->xAxis->coordToPixel(kBlunderPly));
        const int y = int(plot->yAxis->coordToPixel(0.5));
        QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(x, y));
        QTRY_COMPARE(page->ply(), kBlunderPly);
        QCOMPARE(page->board()->arrows().size(), 2);
        QVERIFY2(page->valueText().contains(QStringLiteral("Review of the next move, 3. ")),
                 qPrintable(page->valueText()));

        // Saved as PGN, the review goes along: a NAG on the blunder, comments with the best
        // move, and the text reads back to the same moves.
        const QString pgn = page->pgnText();
        QVERIFY2(pgn.contains(QStringLiteral("$4")) || pgn.contains(QStringLiteral("$2")), qPrintable(pgn));
        QVERIFY2(pgn.contains(QStringLiteral(" best: ")), qPrintable(pgn));
        const xq::PgnReadResult back = xq::readPgn(pgn.toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back.games.front().moves.size(), std::size(kMoves));

        // Stored with the game.
        xq::store::OpenOptions ro;
        ro.readOnly = true;
        const auto stored = xq::store::Store(db_.toStdString(), ro).loadReview(gameId_);
        QVERIFY(stored);
        QCOMPARE(stored->simulations, xq::engine::ReviewOptions{}.simulations);
    }

    // Opened again, the game shows its stored review at once: the network is not asked.
    void storedReviewIsShownWithoutSearching() {
        const uint64_t before = fake_->positionsEvaluated();
        auto page = makePage(fake_);
        QSignalSpy shown(page.get(), &LibraryPage::reviewShown);
        QTRY_VERIFY(page->review());
        QCOMPARE(page->reviewGraph()->pointCount(), int(std::size(kMoves)) + 1);
        QVERIFY(page->reviewGraph()->markCount() >= 1);
        QVERIFY(page->moveList()->item(kBlunderPly + 1)->text().endsWith(QStringLiteral("?")));
        QCOMPARE(fake_->positionsEvaluated(), before);
        QVERIFY(!page->reviewing());
        QCOMPARE(page->reviewButton()->text(), QStringLiteral("Review again"));
    }

    // The Play page's "Review this game" route: the window calls reviewGame(id), which opens
    // the game and reviews it once loaded (here a game without a review yet).
    void reviewGameOpensAndReviews() {
        int64_t other = 0;
        {
            xq::store::Store s(db_.toStdString());
            xq::store::GameRecord g = *s.loadGame(gameId_);
            g.id = 0;
            g.moves.resize(5);  // up to the hanging rook
            g.plies = 5;
            other = s.insertGame(g);
        }
        auto page = makePage(fake_);
        QSignalSpy finished(page->reviewSession(), &ReviewSession::finished);
        page->reviewGame(other);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QTRY_VERIFY(page->review());
        QCOMPARE(page->replayGame()->id, other);
        QCOMPARE(page->reviewGraph()->pointCount(), 6);
        QVERIFY(page->moveList()->item(kBlunderPly + 1)->text().endsWith(QStringLiteral("?")));
    }

    // Cancel while the network is held back: the review ends without a result, nothing new is
    // stored, and Review can be pressed again.
    void cancelEndsTheReview() {
        xq::nn::ValueFunctionEvaluator inner(materialForMover);
        auto gate = std::make_shared<xq::nn::LockstepEvaluator>(inner);
        auto page = makePage(gate);
        QTRY_VERIFY(page->replayGame() && page->replayGame()->id == gameId_);
        {
            xq::store::Store s(db_.toStdString());
            xq::store::ReviewRecord marker;
            marker.game = gameId_;
            marker.model = "marker";
            s.putReview(marker);  // a stored review that a cancelled one must leave alone
        }
        QSignalSpy finished(page->reviewSession(), &ReviewSession::finished);
        QVERIFY(xqtest::press(page.get(), "reviewGame"));
        gate->allow(1);
        QVERIFY(gate->waitForCalls(1));  // the review is searching now
        auto* bar = page->findChild<QProgressBar*>(QStringLiteral("reviewProgress"));
        QVERIFY(bar && bar->isVisible());
        QVERIFY(xqtest::press(page.get(), "cancelReview"));
        gate->open();
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(finished.takeFirst().at(0).value<ReviewReply>().cancelled);
        QTRY_VERIFY(!page->reviewing());
        QVERIFY(page->reviewButton()->isEnabled());
        QVERIFY(!bar->isVisible());
        xq::store::OpenOptions ro;
        ro.readOnly = true;
        QCOMPARE(xq::store::Store(db_.toStdString(), ro).loadReview(gameId_)->model,
                 std::string("marker"));
    }

    // Without a model, Review says where to get one and starts nothing.
    void noModelNoReview() {
        ModelChoice none;
        none.chooseNone();
        LibraryPage page;
        page.setModelChoice(&none);
        page.show();
        page.setSynchronous(true);
        page.setDatabase(db_);
        page.openGame(gameId_);
        QVERIFY(page.replayGame());
        QVERIFY(!page.startReview());
        QVERIFY(!page.reviewing());
        QVERIFY(page.messageText().contains(QStringLiteral("No network to review with")));
    }
};

QTEST_MAIN(TestLibraryReview)
#include "test_library_review.moc"
