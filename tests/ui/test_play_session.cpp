// The Play session without widgets (a QCoreApplication, no display): the computer answers a
// human move, takes over Red when the human plays Black, a bad FEN keeps the game and says why,
// undo cancels a running search, a hint is offered and not played, a game played to mate is
// stored with its players and remembered for review, a resignation ends the game, a game
// loaded already finished stores nothing, and the result line follows the language. Every wait
// is on a signal or a condition.
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "ui/app_setup.h"
#include "ui/facade/play_session.h"
#include "ui/facade/studio_facade.h"

using namespace xqui;
using xq::Move;

namespace {
xq::Square sq(const char* name) { return xq::parseSquare(name); }
// Red to move mates with a0-a9: the rook on b8 holds rank 8, the red king on e0 keeps the
// black king off e9 (flying general).
const char* kMateIn1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1";
constexpr int kReplyMs = 20000;  // a Random reply; generous for a loaded machine
}  // namespace

class TestPlaySession : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    StudioFacade* facade_ = nullptr;
    PlaySession* session_ = nullptr;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();  // the translations compiled into xq_ui
        QVERIFY(dir_.isValid());
    }
    void init() {
        static int n = 0;
        db_ = dir_.filePath(QStringLiteral("t%1/games.db").arg(++n));
        facade_ = new StudioFacade;
        facade_->setGameDatabase(db_);
        session_ = new PlaySession(facade_);
        session_->setLevel(PlayLevel::Random);
    }
    void cleanup() {
        delete session_;
        delete facade_;
    }

    void startsAtTheStandardPositionWithTheHumanToMove() {
        QCOMPARE(session_->game().plies(), 0);
        QCOMPARE(xq::toFen(session_->game().current()), xq::toFen(xq::Position()));
        QCOMPARE(session_->humanColor(), xq::Red);
        QVERIFY(session_->humanToMove());
        QVERIFY(!session_->aiThinking());
        QVERIFY(!session_->canUndo());
        QVERIFY(!session_->canResign());
        QVERIFY(session_->resultText().isEmpty());
    }

    void computerAnswersAHumanMove() {
        QSignalSpy changed(session_, &PlaySession::gameChanged);
        QSignalSpy thinking(session_, &PlaySession::thinkingTextChanged);
        QVERIFY(session_->playHumanMove(Move(sq("h2"), sq("e2"))));
        QCOMPARE(changed.count(), 1);
        QVERIFY(!thinking.isEmpty());  // "Random is thinking…"
        // Not the human's turn while the computer thinks.
        if (session_->aiThinking()) QVERIFY(!session_->playHumanMove(Move(sq("b2"), sq("e2"))));
        QTRY_COMPARE_WITH_TIMEOUT(session_->game().plies(), 2, kReplyMs);
        QCOMPARE(changed.count(), 2);
        QVERIFY(session_->game().positionAt(1).isLegal(session_->game().moves()[1]));
        QVERIFY(!session_->aiThinking());
        QVERIFY(session_->humanToMove());
        QVERIFY(session_->canUndo());
        // An illegal move changes nothing.
        QVERIFY(!session_->playHumanMove(Move(sq("h2"), sq("g4"))));
        QCOMPARE(session_->game().plies(), 2);
    }

    void computerOpensWhenTheHumanTakesBlack() {
        QSignalSpy side(session_, &PlaySession::humanColorChanged);
        session_->setHumanColor(xq::Black);
        QCOMPARE(side.count(), 1);
        QCOMPARE(side.at(0).at(0).value<xq::Color>(), xq::Black);
        QTRY_COMPARE_WITH_TIMEOUT(session_->game().plies(), 1, kReplyMs);
        QVERIFY(session_->humanToMove());
        session_->setHumanColor(xq::Black);  // no change: nothing emitted
        QCOMPARE(side.count(), 1);
    }

    void badFenKeepsTheGameAndSaysWhy() {
        QSignalSpy errors(session_, &PlaySession::errorChanged);
        QVERIFY(!session_->startFromFen(QStringLiteral("rnbakabnr/9/this is not a fen")));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(session_->errorText().contains(QStringLiteral("FEN")),
                 qPrintable(session_->errorText()));
        QCOMPARE(xq::toFen(session_->game().current()), xq::toFen(xq::Position()));
        QVERIFY(session_->startFromFen(QStringLiteral("4k4/9/9/9/9/9/9/9/4A4/3AK4 w")));
        QVERIFY(session_->errorText().isEmpty());
        QCOMPARE(errors.count(), 2);  // cleared
        QCOMPARE(session_->game().plies(), 0);
        QVERIFY(!session_->game().fromStandardStart());
    }

    void undoCancelsARunningSearch() {
        session_->setLevel(PlayLevel::Advanced);
        QVERIFY(session_->playHumanMove(Move(sq("h2"), sq("e2"))));
        QVERIFY(session_->aiThinking());
        session_->undo();
        QCOMPARE(session_->game().plies(), 0);
        QVERIFY(!session_->aiThinking());
        QVERIFY(session_->humanToMove());
    }

    void hintIsOfferedNotPlayed() {
        QSignalSpy hints(session_, &PlaySession::hintFound);
        session_->hint();
        QVERIFY(hints.wait(kReplyMs));
        const Move m = hints.at(0).at(0).value<Move>();
        QVERIFY(session_->game().current().isLegal(m));
        QCOMPARE(session_->game().plies(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(session_->canHint(), kReplyMs);  // the facade is idle again
    }

    void mateIsStoredAndRememberedForReview() {
        QSignalSpy finished(session_, &PlaySession::gameFinished);
        QSignalSpy stored(facade_, &StudioFacade::gameStored);
        QVERIFY(session_->startFromFen(QString::fromLatin1(kMateIn1)));
        QVERIFY(session_->playHumanMove(Move(sq("a0"), sq("a9"))));
        QVERIFY(session_->over());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("Red wins — checkmate"));
        QCOMPARE(session_->resultText(), QStringLiteral("Red wins — checkmate"));
        QVERIFY(stored.count() == 1 || stored.wait(kReplyMs));
        const StoreReply reply = stored.at(0).at(0).value<StoreReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(session_->storedGameId(), reply.gameId);
        QCOMPARE(session_->storedDatabase(), db_);

        xq::store::OpenOptions ro;
        ro.readOnly = true;
        xq::store::Store store(db_.toStdString(), ro);
        const auto g = store.loadGame(reply.gameId);
        QVERIFY(g.has_value());
        QCOMPARE(g->red, std::string("human"));
        QCOMPARE(g->black, std::string("level:random"));
        QCOMPARE(int(g->reason), int(xq::Reason::Checkmate));
        QCOMPARE(g->plies, 1);

        // A change to the game forgets the stored one.
        session_->undo();
        QCOMPARE(session_->storedGameId(), 0);
    }

    void resignationEndsTheGame() {
        QVERIFY(!session_->canResign());
        QVERIFY(session_->playHumanMove(Move(sq("h2"), sq("e2"))));
        QTRY_COMPARE_WITH_TIMEOUT(session_->game().plies(), 2, kReplyMs);
        QSignalSpy finished(session_, &PlaySession::gameFinished);
        session_->resign();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(int(session_->game().status().result), int(xq::Result::BlackWins));
        QCOMPARE(int(session_->game().status().reason), int(xq::Reason::Resignation));
        QVERIFY(!session_->humanToMove());
        session_->newGame();
        QVERIFY(!session_->over());
        QCOMPARE(session_->game().plies(), 0);
    }

    void loadedGameSwitchesSidesAndAFinishedOneIsNotStored() {
        const quint64 requests = facade_->storeRequestCount();
        QSignalSpy side(session_, &PlaySession::humanColorChanged);
        QString err;
        QVERIFY2(session_->loadPgn(QStringLiteral("1. H2-E2 *\n"), &err), qPrintable(err));
        QCOMPARE(session_->game().plies(), 1);
        QCOMPARE(session_->humanColor(), xq::Black);  // the side to move: no surprise reply
        QCOMPARE(side.count(), 1);
        QVERIFY(!session_->aiThinking());

        xq::Position p = xq::positionFromFen(kMateIn1);
        p.makeMove(Move(sq("a0"), sq("a9")));
        QVERIFY(session_->startFromFen(QString::fromStdString(xq::toFen(p))));
        QVERIFY(session_->over());
        QCOMPARE(facade_->storeRequestCount(), requests);
        QVERIFY(!session_->loadPgn(QStringLiteral("1. H2-E2 Z9-Z8 *"), &err));
        QVERIFY(err.contains(QStringLiteral("Z9-Z8")));
    }

    // The session's texts are made in the language installed when asked for: the result line
    // of the same finished game, in Chinese and back in English.
    void resultLineFollowsTheLanguage() {
        QVERIFY(session_->startFromFen(QString::fromLatin1(kMateIn1)));
        QVERIFY(session_->playHumanMove(Move(sq("a0"), sq("a9"))));
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/xqstudio_zh_CN.qm")));
        QVERIFY(QCoreApplication::installTranslator(&zh));
        QCOMPARE(session_->resultText(), QStringLiteral("红胜——将死"));
        QVERIFY(QCoreApplication::removeTranslator(&zh));
        QCOMPARE(session_->resultText(), QStringLiteral("Red wins — checkmate"));
    }

    void pgnTextNamesThePlayers() {
        session_->setHumanColor(xq::Black);
        QTRY_COMPARE_WITH_TIMEOUT(session_->game().plies(), 1, kReplyMs);
        const QString pgn = session_->pgnText();
        QVERIFY2(pgn.contains(QStringLiteral("[Black \"Human\"]")), qPrintable(pgn));
        QVERIFY2(pgn.contains(QStringLiteral("[Red \"Computer (Random)\"]")), qPrintable(pgn));
        QCOMPARE(session_->aiPlayerSpec(), std::string("level:random"));
    }
};

QTEST_GUILESS_MAIN(TestPlaySession)
#include "test_play_session.moc"
