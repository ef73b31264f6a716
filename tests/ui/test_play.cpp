// The Play page driven like a user (offscreen): clicks play legal moves and reject illegal
// ones, selection highlights the legal targets, undo takes back both moves, every level
// answers with a legal move, flipping maps clicks to the right squares, a bad FEN is refused
// with a message while the game stays, and the move list shows earlier positions. A screenshot
// of the Play page keeps the side the human plays.
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "core/xiangqi/fen.h"
#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/facade/studio_facade.h"
#include "ui/main_window.h"
#include "ui/pages/play_page.h"
#include "tests/support/ui_drive.h"

using namespace xqui;
using xq::Move;
using xq::Square;

namespace {
Square sq(const char* name) { return xq::parseSquare(name); }
void click(BoardWidget* b, Square s) { QTest::mouseClick(b, Qt::LeftButton, {}, b->squareCenter(s)); }
}  // namespace

class TestPlay : public QObject {
    Q_OBJECT
    StudioFacade* facade_ = nullptr;
    PlayPage* page_ = nullptr;
    QTemporaryDir dbDir_;  // games finished here are stored, never in the user's database

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
    }
    void init() {
        facade_ = new StudioFacade;
        facade_->setGameDatabase(dbDir_.filePath(QStringLiteral("games.db")));
        page_ = new PlayPage(facade_);
        page_->resize(900, 640);
        page_->setLevel(PlayLevel::Random);
        page_->show();
    }
    void cleanup() {
        delete page_;
        delete facade_;
    }

    void clickPlaysLegalMoveAndRejectsIllegal() {
        BoardWidget* b = page_->board();
        click(b, sq("h2"));
        click(b, sq("g4"));  // a cannon cannot move diagonally
        QCOMPARE(page_->game().plies(), 0);
        QCOMPARE(int(b->selectedSquare()), int(xq::kNoSquare));
        click(b, sq("h7"));  // not the human's piece
        QCOMPARE(int(b->selectedSquare()), int(xq::kNoSquare));
        click(b, sq("h2"));
        click(b, sq("e2"));
        QVERIFY(page_->game().plies() >= 1);
        QCOMPARE(page_->game().moves()[0], Move(sq("h2"), sq("e2")));
        QCOMPARE(page_->moveTable()->item(0, 0)->text(), QStringLiteral("炮二平五"));
        // While the AI thinks (or after it answered) the board takes no Red move.
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
    }

    void selectionHighlightsLegalTargets() {
        BoardWidget* b = page_->board();
        click(b, sq("b0"));
        QVector<Square> got = b->highlightedTargets();
        std::sort(got.begin(), got.end());
        QVector<Square> want;
        xq::MoveList list;
        page_->game().current().legalMoves(list);
        for (Move m : list)
            if (m.from() == sq("b0")) want.push_back(m.to());
        std::sort(want.begin(), want.end());
        QCOMPARE(got, want);
        QCOMPARE(got, (QVector<Square>{sq("a2"), sq("c2")}));
    }

    void undoRestoresPositionAndMoveList() {
        const std::string start = xq::toFen(page_->game().current());
        QVERIFY(!xqtest::control(page_, "undo")->isEnabled());  // nothing to take back yet
        click(page_->board(), sq("h2"));
        click(page_->board(), sq("e2"));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
        QCOMPARE(page_->moveTable()->rowCount(), 1);
        QVERIFY(xqtest::press(page_, "undo"));
        QCOMPARE(page_->game().plies(), 0);
        QCOMPARE(xq::toFen(page_->game().current()), start);
        QCOMPARE(xq::toFen(page_->board()->position()), start);
        QCOMPARE(page_->moveTable()->rowCount(), 0);
        QVERIFY(!page_->aiThinking());
        // Undo while the AI still thinks takes back the human's move alone.
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(page_, "level"),
                                    int(PlayLevel::Advanced)));
        click(page_->board(), sq("b2"));
        click(page_->board(), sq("e2"));
        QVERIFY(page_->aiThinking());
        QVERIFY(xqtest::press(page_, "undo"));
        QCOMPARE(page_->game().plies(), 0);
        QVERIFY(!page_->aiThinking());
    }

    void eachLevelAnswersWithLegalMove_data() {
        QTest::addColumn<int>("level");
        QTest::newRow("random") << int(PlayLevel::Random);
        QTest::newRow("beginner") << int(PlayLevel::Beginner);
        QTest::newRow("amateur") << int(PlayLevel::Amateur);
        QTest::newRow("advanced") << int(PlayLevel::Advanced);
    }
    void eachLevelAnswersWithLegalMove() {
        QFETCH(int, level);
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(page_, "level"), level));
        QVERIFY(xqtest::press(page_, "newGame"));
        QCOMPARE(int(page_->level()), level);
        click(page_->board(), sq("h2"));
        click(page_->board(), sq("e2"));
        QVERIFY(page_->aiThinking() || page_->game().plies() == 2);
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 120000);
        const xq::Position after = page_->game().positionAt(1);
        QVERIFY(after.isLegal(page_->game().moves()[1]));
        QVERIFY(!page_->aiThinking());
        QVERIFY(page_->board()->interactive());
    }

    void flipMapsClicks() {
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(page_, "humanSide"),
                                    1));  // Black: the AI (Random) opens as Red
        QVERIFY(page_->board()->flipped());
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 1, 20000);
        BoardWidget* b = page_->board();
        // Flipped: Black's h7 cannon is drawn in column 1 from the left, row 7 from the top.
        const BoardGeometry g = BoardGeometry::fit(QSizeF(b->size()), true);
        QCOMPARE(int(b->squareAt(g.point(1, 7).toPoint())), int(sq("h7")));
        xq::MoveList list;
        page_->game().current().legalMoves(list);
        Move chosen;
        for (Move m : list)
            if (m.from() == sq("h7")) chosen = m;
        QVERIFY(chosen);
        QTest::mouseClick(b, Qt::LeftButton, {}, g.point(1, 7).toPoint());
        QCOMPARE(int(b->selectedSquare()), int(sq("h7")));
        const int col = 8 - xq::fileOf(chosen.to()), row = xq::rankOf(chosen.to());
        QTest::mouseClick(b, Qt::LeftButton, {}, g.point(col, row).toPoint());
        QVERIFY(page_->game().plies() >= 2);
        QCOMPARE(page_->game().moves()[1], chosen);
        // The user's own flip turns the board back; clicks follow.
        QVERIFY(xqtest::press(page_, "flipBoard"));
        QVERIFY(!b->flipped());
    }

    void badFenKeepsGameAndSaysWhy() {
        page_->playHumanMove(Move(sq("h2"), sq("e2")));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
        const std::string before = xq::toFen(page_->game().current());
        QVERIFY(page_->errorText().isEmpty());
        QVERIFY(!page_->pasteFen(QStringLiteral("rnbakabnr/9/1c5c1/this is not a fen")));
        QVERIFY(!page_->errorText().isEmpty());
        QVERIFY2(page_->errorText().contains(QStringLiteral("FEN")), qPrintable(page_->errorText()));
        QCOMPARE(page_->game().plies(), 2);
        QCOMPARE(xq::toFen(page_->game().current()), before);
        // A good FEN starts a game from there and clears the message.
        QVERIFY(page_->pasteFen(QStringLiteral("4k4/9/9/9/9/9/9/9/4A4/3AK4 w")));
        QVERIFY(page_->errorText().isEmpty());
        QCOMPARE(page_->game().plies(), 0);
    }

    void moveListShowsEarlierPositions() {
        page_->playHumanMove(Move(sq("h2"), sq("e2")));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
        QTableWidget* t = page_->moveTable();
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualItemRect(t->item(0, 0)).center());
        QCOMPARE(page_->viewPly(), 1);
        QCOMPARE(xq::toFen(page_->board()->position()), xq::toFen(page_->game().positionAt(1)));
        QVERIFY(!page_->board()->interactive());  // no moves while looking back
        page_->setNotation(xq::Notation::Iccs);
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("h2e2"));
        page_->showPly(page_->game().plies());
        QVERIFY(page_->board()->interactive());
    }

    void pgnRoundTripThroughPage() {
        page_->playHumanMove(Move(sq("h2"), sq("e2")));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
        const QString text = page_->pgnText();
        QVERIFY(text.contains(QStringLiteral("[Game \"Chinese Chess\"]")));
        const std::vector<Move> moves = page_->game().moves();
        QVERIFY(xqtest::press(page_, "newGame"));
        QCOMPARE(page_->game().plies(), 0);
        QVERIFY(page_->loadPgnText(text));
        QCOMPARE(page_->game().moves(), moves);
        QString err;
        QVERIFY(!page_->loadPgnText(QStringLiteral("1. H2-E2 Z9-Z8 *"), &err));
        QVERIFY(err.contains(QStringLiteral("Z9-Z8")));
        QCOMPARE(page_->game().moves(), moves);
    }

    // A game that ends in a perpetual chase says who lost and which piece was chased (the
    // rook follows the black cannon between the b- and c-files; tests/xiangqi/test_chase.cpp).
    void perpetualChaseBannerNamesThePiece() {
        const QString pgn = QStringLiteral(
            "[FEN \"5k3/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1\"]\n\n"
            "1. C2-B2 B7-C7 2. B2-C2 C7-B7 3. C2-B2 B7-C7 4. B2-C2 C7-B7 *\n");
        QString err;
        QVERIFY2(page_->loadPgnText(pgn, &err), qPrintable(err));
        QCOMPARE(page_->game().plies(), 8);
        QCOMPARE(int(page_->game().status().reason), int(xq::Reason::PerpetualChase));
        QCOMPARE(page_->resultText(),
                 QStringLiteral("Black wins — Red loses: perpetual chase of the black cannon"));
    }

    void hintDrawsArrowAndResignEnds() {
        QVERIFY(!xqtest::control(page_, "resign")->isEnabled());  // no move yet: nothing to resign
        QVERIFY(xqtest::press(page_, "hint"));
        QTRY_VERIFY_WITH_TIMEOUT(!page_->board()->arrows().isEmpty(), 20000);
        QVERIFY(page_->game().current().isLegal(page_->board()->arrows()[0].move));
        QCOMPARE(page_->game().plies(), 0);  // a hint is not played
        click(page_->board(), sq("h2"));
        click(page_->board(), sq("e2"));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);
        QTRY_VERIFY(xqtest::control(page_, "resign")->isEnabled());
        QVERIFY(xqtest::press(page_, "resign"));
        QVERIFY(page_->game().status().over());
        QCOMPARE(int(page_->game().status().result), int(xq::Result::BlackWins));
        QVERIFY(!page_->resultText().isEmpty());
        QVERIFY(!page_->board()->interactive());
        QVERIFY(!xqtest::control(page_, "resign")->isEnabled());
        // New game starts over.
        QVERIFY(xqtest::press(page_, "newGame"));
        QCOMPARE(page_->game().plies(), 0);
        QVERIFY(!page_->game().status().over());
        QVERIFY(page_->board()->interactive());
    }

    // `xqstudio --screenshot F --page play --side black`: the sample game the screenshot loads
    // continues with the human on the side to move, so it must leave Black to move.
    void screenshotKeepsTheHumansSide_data() {
        QTest::addColumn<int>("human");
        QTest::newRow("red") << int(xq::Red);
        QTest::newRow("black") << int(xq::Black);
    }
    void screenshotKeepsTheHumansSide() {
        QFETCH(int, human);
        MainWindow w;
        w.playPage()->setLevel(PlayLevel::Random);
        w.playPage()->setHumanColor(xq::Color(human));
        QString error;
        QVERIFY2(w.screenshot(dbDir_.filePath(QStringLiteral("play.png")),
                              MainWindow::PlayPageIndex, &error),
                 qPrintable(error));
        QCOMPARE(int(w.playPage()->humanColor()), human);
        QCOMPARE(int(w.playPage()->game().current().sideToMove()), human);
        QVERIFY(w.playPage()->game().plies() > 0);
        QVERIFY(!w.playPage()->aiThinking());
    }
};

QTEST_MAIN(TestPlay)
#include "test_play.moc"
