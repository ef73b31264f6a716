// Game > Import games: a PGN file goes into the Library's database off the GUI thread, a bad
// game is rejected with its reason while the others are stored, a summary dialog follows and
// the Library lists the imported games.
#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "ui/app_setup.h"
#include "ui/facade/facade_types.h"
#include "ui/facade/studio_facade.h"
#include "ui/library/game_table_model.h"
#include "ui/main_window.h"
#include "ui/pages/library_page.h"

using namespace xqui;

class TestImport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
        QVERIFY(dir_.isValid());
    }

    void menuHasTheImportAction() {
        MainWindow w;
        QAction* a = w.findChild<QAction*>(QStringLiteral("importGames"));
        QVERIFY(a);
        QVERIFY(!a->text().isEmpty());
    }

    void badGameRejectedOthersStoredLibraryReloads() {
        const QString pgn = dir_.filePath(QStringLiteral("three.pgn"));
        QFile f(pgn);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "[Red \"Xu\"]\n[Black \"Lu\"]\n1. h2e2 h9g7 2. h0g2 1-0\n\n"
            "[Format \"WXF\"]\n1. C2=5 H8+7\n2. H2+3 C2=9 *\n\n"
            "[Red \"甲\"]\n[Black \"乙\"]\n1. 炮二平五马８进７ 1/2-1/2\n");
        f.close();
        MainWindow w;
        LibraryPage* lib = w.libraryPage();
        lib->setSynchronous(true);
        lib->setDatabase(dir_.filePath(QStringLiteral("import.db")));
        QCOMPARE(lib->totalGames(), 0);

        QSignalSpy done(w.facade(), &StudioFacade::importFinished);
        w.importPgnFile(pgn);
        QVERIFY(done.wait(30000));
        const ImportReply reply = done.at(0).at(0).value<ImportReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(reply.games, 3);
        QCOMPARE(reply.imported, 2);
        QCOMPARE(reply.rejected, 1);
        QCOMPARE(reply.firstRejections.size(), 1);
        QCOMPARE(reply.firstRejections[0].game, 2);
        QCOMPARE(reply.firstRejections[0].line, 5);
        QVERIFY2(reply.firstRejections[0].reason.contains("move 2 (Black): 'C2=9'"),
                 qPrintable(reply.firstRejections[0].reason));

        // The summary dialog, never modal-blocking.
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox*>(QStringLiteral("importSummary"))) &&
                    box->isVisible());
        QVERIFY2(box->text().contains(QStringLiteral("2 imported")), qPrintable(box->text()));
        QVERIFY2(box->text().contains(QStringLiteral("C2=9")), qPrintable(box->text()));
        QCOMPARE(w.lastImportSummary(), box->text());
        box->accept();

        // The Library lists them, as imported games with their players.
        QTRY_COMPARE(lib->totalGames(), 2);
        QStringList players;
        for (int i = 0; i < lib->model()->rowCount(); ++i) {
            const xq::store::GameRecord& g = lib->model()->game(i);
            QCOMPARE(int(g.kind), int(xq::store::GameKind::Imported));
            players << QString::fromStdString(g.red + "-" + g.black);
        }
        QVERIFY(players.contains(QStringLiteral("Xu-Lu")));
        QVERIFY(players.contains(QStringLiteral("甲-乙")));
    }

    // 400 real games: the GUI thread keeps running (a timer ticks) while they are stored, and
    // progress arrives before the end.
    void bigFileDoesNotFreezeTheGui() {
        const QString pgn = QString::fromLocal8Bit(qgetenv("XQ_SOURCE_DIR")) +
                            "/tests/data/pgn/wukong_iccs_400.pgn";
        QVERIFY(QFile::exists(pgn));
        MainWindow w;
        LibraryPage* lib = w.libraryPage();
        lib->setSynchronous(true);
        lib->setDatabase(dir_.filePath(QStringLiteral("big.db")));
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&ticks] { ++ticks; });
        timer.start(5);
        QSignalSpy progress(w.facade(), &StudioFacade::importProgress);
        QSignalSpy done(w.facade(), &StudioFacade::importFinished);
        QElapsedTimer clock;
        clock.start();
        w.importPgnFile(pgn);
        QVERIFY(done.wait(120000));
        const ImportReply reply = done.at(0).at(0).value<ImportReply>();
        QCOMPARE(reply.imported, 400);
        QCOMPARE(reply.rejected, 0);
        qInfo(
            "400 games imported in %lld ms; the GUI timer ticked %d times meanwhile, %lld progress "
            "signals",
            (long long)clock.elapsed(), ticks, (long long)progress.size());
        QVERIFY(ticks > 0);
        QTRY_COMPARE(lib->totalGames(), 400);
    }
};

QTEST_MAIN(TestImport)
#include "test_import.moc"
