// Finished Play games go to the database (offscreen): a game played to mate is stored with its
// result, reason, players, start FEN and moves; a resignation is stored as one; a foreign file
// at the database path leaves the game alone and says so in a status message; a position that
// was merely loaded already finished stores nothing.
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/store/paths.h"
#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "ui/app_setup.h"
#include "ui/facade/studio_facade.h"
#include "ui/pages/play_page.h"

using namespace xqui;
using xq::Move;

namespace {
xq::Square sq(const char* name) { return xq::parseSquare(name); }
// Red to move mates with a0-a9: the rook on b8 holds rank 8, the red king on e0 keeps the
// black king off e9 (flying general).
const char* kMateIn1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1";
}  // namespace

class TestPlayStore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    StudioFacade* facade_ = nullptr;
    PlayPage* page_ = nullptr;
    QString db_;

    xq::store::GameRecord onlyStoredGame() {
        xq::store::OpenOptions ro;
        ro.readOnly = true;
        xq::store::Store store(db_.toStdString(), ro);
        const auto games = store.listGames();
        if (games.size() != 1) qFatal("expected one stored game, found %d", int(games.size()));
        return *store.loadGame(games.front().id);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
        QVERIFY(dir_.isValid());
    }
    void init() {
        static int n = 0;
        // A fresh database per test, in a directory that does not exist yet (it is created).
        db_ = dir_.filePath(QStringLiteral("t%1/sub/games.db").arg(++n));
        facade_ = new StudioFacade;
        facade_->setGameDatabase(db_);
        page_ = new PlayPage(facade_);
        page_->setLevel(PlayLevel::Random);
        page_->resize(900, 640);
        page_->show();
    }
    void cleanup() {
        delete page_;
        delete facade_;
    }

    void mateIsStoredWithResultReasonAndMoves() {
        QSignalSpy stored(facade_, &StudioFacade::gameStored);
        QSignalSpy status(page_, &PlayPage::statusMessage);
        QVERIFY(page_->pasteFen(QString::fromLatin1(kMateIn1)));
        const Move mate(sq("a0"), sq("a9"));
        QVERIFY(page_->playHumanMove(mate));
        QCOMPARE(page_->game().status().reason, xq::Reason::Checkmate);
        QVERIFY(!page_->resultText().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 10000);
        const StoreReply reply = stored.at(0).at(0).value<StoreReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QVERIFY(reply.gameId > 0);
        QCOMPARE(reply.databasePath, db_);

        const xq::store::GameRecord g = onlyStoredGame();
        QCOMPARE(g.id, reply.gameId);
        QCOMPARE(int(g.kind), int(xq::store::GameKind::Play));
        QVERIFY(!g.run.has_value());
        QCOMPARE(g.red, std::string("human"));
        QCOMPARE(g.black, std::string("level:random"));
        QCOMPARE(int(g.result), int(xq::Result::RedWins));
        QCOMPARE(int(g.reason), int(xq::Reason::Checkmate));
        QCOMPARE(g.plies, 1);
        QCOMPARE(int(g.moves.size()), 1);
        QCOMPARE(g.moves[0].move, mate);
        QVERIFY(g.moves[0].visits.empty());
        QCOMPARE(g.startFen, xq::toFen(xq::positionFromFen(kMateIn1)));
        QVERIFY(g.finished >= g.started && g.started > 0);
        // The status bar hears about it, naming the file.
        QTRY_VERIFY(std::any_of(status.begin(), status.end(), [this](const QList<QVariant>& a) {
            return a.at(0).toString().contains(QDir::toNativeSeparators(db_));
        }));
    }

    void resignationIsStoredWithAllMoves() {
        QSignalSpy stored(facade_, &StudioFacade::gameStored);
        QVERIFY(page_->playHumanMove(Move(sq("h2"), sq("e2"))));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 2, 20000);  // the AI answered
        // The random mover's reply may block any fixed second move (its cannon h7-h1 blocks
        // the horse h0-g2): play one that is legal now.
        xq::MoveList legal;
        page_->game().current().legalMoves(legal);
        QVERIFY(legal.size() > 0);
        QVERIFY(page_->playHumanMove(legal[0]));
        QTRY_COMPARE_WITH_TIMEOUT(page_->game().plies(), 4, 20000);
        page_->resign();
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 10000);
        const xq::store::GameRecord g = onlyStoredGame();
        QCOMPARE(int(g.result), int(xq::Result::BlackWins));
        QCOMPARE(int(g.reason), int(xq::Reason::Resignation));
        QCOMPARE(g.plies, 4);
        for (int i = 0; i < 4; ++i) QCOMPARE(g.moves[i].move, page_->game().moves()[i]);
        QVERIFY(g.startFen.empty() || g.startFen == xq::toFen(xq::Position()));
    }

    void foreignFileIsReportedAndTheGameStays() {
        QVERIFY(QDir().mkpath(QFileInfo(db_).absolutePath()));
        QFile f(db_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray junk("this is not a database, and nothing may overwrite it\n");
        f.write(junk);
        f.close();
        QSignalSpy stored(facade_, &StudioFacade::gameStored);
        QSignalSpy status(page_, &PlayPage::statusMessage);
        QVERIFY(page_->pasteFen(QString::fromLatin1(kMateIn1)));
        QVERIFY(page_->playHumanMove(Move(sq("a0"), sq("a9"))));
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 10000);
        QVERIFY(!stored.at(0).at(0).value<StoreReply>().error.isEmpty());
        QTRY_VERIFY(std::any_of(status.begin(), status.end(), [this](const QList<QVariant>& a) {
            const QString t = a.at(0).toString();
            return t.contains(QDir::toNativeSeparators(db_)) && t.contains(QStringLiteral("not saved"));
        }));
        // Nothing else lost: the game and its result are still on the page, the file untouched.
        QCOMPARE(page_->game().plies(), 1);
        QVERIFY(!page_->resultText().isEmpty());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), junk);
    }

    void databaseComesFromSettingsUnlessOverridden() {
        QSettings s;
        const QString chosen = dir_.filePath(QStringLiteral("chosen.db"));
        s.setValue(QStringLiteral("database/path"), chosen);
        StudioFacade f;
        QCOMPARE(f.gameDatabase(), chosen);
        f.setGameDatabase(db_);
        QCOMPARE(f.gameDatabase(), db_);
        f.setGameDatabase({});
        s.remove(QStringLiteral("database/path"));
        QCOMPARE(f.gameDatabase(), QString::fromStdString(xq::store::defaultDatabasePath()));
    }

    void loadedFinishedPositionIsNotStored() {
        const quint64 requests = facade_->storeRequestCount();
        xq::Position p = xq::positionFromFen(kMateIn1);
        p.makeMove(Move(sq("a0"), sq("a9")));
        QVERIFY(page_->pasteFen(QString::fromStdString(xq::toFen(p))));
        QVERIFY(page_->game().status().over());
        // The page decides at once (afterChange) whether a finished game is stored; posted
        // events are drained in case that ever moves behind the event loop.
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(facade_->storeRequestCount(), requests);
        QVERIFY(!QFile::exists(db_));
    }
};

QTEST_MAIN(TestPlayStore)
#include "test_play_store.moc"
