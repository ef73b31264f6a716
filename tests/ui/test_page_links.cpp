// The pages lead to each other: "Analyze this position" on the Play page and on a Library
// replay opens the Analyze page on that position with the moves that led to it (repetition
// and perpetual-check rules need them), not a bare FEN; the Train page leads from a run to its
// last finished game in the Library and to a game against its newest generation on Play.
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/train/pipeline.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/pages/analyze_page.h"
#include "ui/pages/library_page.h"
#include "ui/facade/training_session.h"
#include "ui/pages/play_page.h"
#include "ui/pages/train_page.h"

using namespace xqui;

namespace {

// Same position and the same history (the hash before each move).
bool sameWithHistory(const xq::Position& a, const xq::Position& b) {
    if (a.key() != b.key() || a.gamePly() != b.gamePly()) return false;
    for (int i = 0; i < a.gamePly(); ++i)
        if (a.history()[size_t(i)].key != b.history()[size_t(i)].key) return false;
    return true;
}

}  // namespace

class TestPageLinks : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
    }

    void fromPlayWithHistory() {
        MainWindow w;
        w.playPage()->setLevel(PlayLevel::Random);
        // A horse out and back: positions repeat, which only the history tells apart.
        for (const char* m : {"h0g2", "g2h0"}) {
            QVERIFY(w.playPage()->playHumanMove(xq::parseIccs(w.playPage()->game().current(), m).move));
            QTRY_VERIFY_WITH_TIMEOUT(!w.playPage()->aiThinking(), 30000);
        }
        const xq::Position shown = w.playPage()->positionShown();
        QVERIFY(shown.gamePly() >= 2);
        auto* button = w.playPage()->findChild<QPushButton*>(QStringLiteral("analyzeThisPosition"));
        QVERIFY(button);
        button->click();
        QCOMPARE(w.page(), int(MainWindow::AnalyzePageIndex));
        QVERIFY(sameWithHistory(w.analyzePage()->position(), shown));
    }

    void fromLibraryReplayWithHistory() {
        const std::string db = dir_.filePath(QStringLiteral("games.db")).toStdString();
        xq::store::GameRecord g;
        g.kind = xq::store::GameKind::Play;
        g.red = "human";
        g.black = "level:random";
        xq::Position p;
        for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"}) {
            const xq::Move mv = xq::parseIccs(p, m).move;
            g.moves.push_back(xq::store::MoveRecord{mv, std::nullopt, {}});
            p.makeMove(mv);
        }
        g.plies = int(g.moves.size());
        g.result = xq::Result::Draw;
        g.reason = xq::Reason::Adjudication;
        {
            xq::store::Store st(db);
            st.insertGame(g);
        }
        MainWindow w;
        LibraryPage* lib = w.libraryPage();
        lib->setSynchronous(true);
        lib->setDatabase(QString::fromStdString(db));
        lib->selectRow(0);
        lib->showPly(3);
        QCOMPARE(lib->ply(), 3);
        xq::Position expected;
        for (int i = 0; i < 3; ++i) expected.makeMove(g.moves[size_t(i)].move);
        QVERIFY(sameWithHistory(lib->positionShown(), expected));
        auto* button = lib->findChild<QPushButton*>(QStringLiteral("analyzeThisPosition"));
        QVERIFY(button && button->isEnabled());
        button->click();
        QCOMPARE(w.page(), int(MainWindow::AnalyzePageIndex));
        QVERIFY(sameWithHistory(w.analyzePage()->position(), expected));
    }

    void fromTrainToReplayAndPlay() {
        const QString db = dir_.filePath(QStringLiteral("run.db"));
        xq::store::GameRecord g;
        g.kind = xq::store::GameKind::SelfPlay;
        g.red = g.black = "selfplay";
        xq::Position p;
        for (const char* m : {"h2e2", "h9g7"}) {
            const xq::Move mv = xq::parseIccs(p, m).move;
            g.moves.push_back(xq::store::MoveRecord{mv, std::nullopt, {}});
            p.makeMove(mv);
        }
        g.plies = 2;
        int64_t gameId = 0;
        {
            xq::store::Store st(db.toStdString());
            gameId = st.insertGame(g);
        }
        const QString model = dir_.filePath(QStringLiteral("gen-0003.xqm"));
#ifdef XQ_WITH_TORCH
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 3});
        net.meta().generation = 3;
        xq::nn::saveModel(net, model.toStdString());
#else
        QSKIP("needs LibTorch to write a model file");
#endif
        MainWindow w;
        w.libraryPage()->setSynchronous(true);
        w.trainPage()->setDatabase(db);
        auto* session = w.findChild<TrainingSession*>();
        QVERIFY(session);
        QPushButton* replay = w.trainPage()->replayButton();
        QPushButton* play = w.trainPage()->playButton();
        QVERIFY(!replay->isEnabled() && !play->isEnabled());  // nothing finished yet

        // What a running session reports: a finished game, then a published generation.
        xq::train::GameFinished finished;
        finished.gameId = gameId;
        emit session->gameFinished(finished);
        QVERIFY(replay->isEnabled());
        replay->click();
        QCOMPARE(w.page(), int(MainWindow::LibraryPageIndex));
        QTRY_VERIFY(w.libraryPage()->replayGame() != nullptr);
        QCOMPARE(w.libraryPage()->replayGame()->id, gameId);
        QCOMPARE(int(w.libraryPage()->replayGame()->moves.size()), 2);

        emit session->generationPublished(3, model);
        QVERIFY(play->isEnabled());
        QVERIFY2(play->text().contains(QLatin1Char('3')), qPrintable(play->text()));
        play->click();
        QCOMPARE(w.page(), int(MainWindow::PlayPageIndex));
        QVERIFY2(w.playPage()->modelText().contains(QStringLiteral("gen-0003.xqm")), qPrintable(w.playPage()->modelText()));

        // Another database: the links pointed into the old one.
        w.trainPage()->setDatabase(dir_.filePath(QStringLiteral("other.db")));
        QVERIFY(!replay->isEnabled() && !play->isEnabled());
    }
};

QTEST_MAIN(TestPageLinks)
#include "test_page_links.moc"
