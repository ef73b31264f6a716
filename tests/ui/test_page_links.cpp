// The pages lead to each other: "Analyze this position" on the Play page and on a Library
// replay opens the Analyze page on that position with the moves that led to it (repetition
// and perpetual-check rules need them), not a bare FEN.
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/pages/analyze_page.h"
#include "ui/pages/library_page.h"
#include "ui/pages/play_page.h"

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
};

QTEST_MAIN(TestPageLinks)
#include "test_page_links.moc"
