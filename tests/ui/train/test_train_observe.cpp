// The studio watching a run that other processes train (offscreen), on each backend: CTest
// runs this suite once on SQLite files and once on the store_pg fixture's PostgreSQL cluster
// (XQ_TEST_STORE_BACKEND=postgresql, tests/support/store_testdb.h).
//
// The Train page lists the runs of the database, shows the chosen one's stored history and its
// self-play workers (live, silent, stopped, with games/hour), and reads them again; a
// PostgreSQL database is watched read-only (Start and Continue off) and its password never
// appears on screen. An SQLite file of an older schema is upgraded before it is read; a
// PostgreSQL database of one is refused untouched. The Library lists the same database's games, the Settings dialog keeps a
// stored URI behind its masked text, and the model choice plays a model trained on another
// host by fetching its weights from the database into this host's cache.
#include <fstream>
#include <iterator>

#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <qcustomplot.h>

#include "core/store/schema.h"
#include "core/store/store.h"
#include "core/store/store_error.h"
#include "core/train/run_lease.h"
#include "tests/support/store_testdb.h"
#include "ui/app_setup.h"
#include "ui/db_location.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/training_session.h"
#include "ui/library/game_table_model.h"
#include "ui/pages/library_page.h"
#include "ui/pages/train_page.h"
#include "ui/settings_dialog.h"
#include "ui/store_open.h"
#include "ui/train/train_charts.h"
#include "ui/train/workers_table.h"

#ifdef XQ_WITH_TORCH
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#endif

using namespace xqui;
using xq::store::WorkerInfo;

namespace {

constexpr qint64 kMinute = 60000;

// The names in the Train page's loss legend.
QStringList lossLegend(TrainPage& page) {
    QStringList names;
    auto* plot = page.charts()->findChild<QCustomPlot*>(QStringLiteral("lossChart"));
    if (!plot) return names;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

// A run as a remote trainer and its workers leave it: generation 0, three loss points (with an
// opponent-reply loss: its trainer has the reply head), one
// finished self-play game, and three workers (one live, one silent for two minutes, one that
// said it stopped). Returns the run id.
int64_t fillDistributedRun(const std::string& db, qint64 now) {
    xq::store::Store s(db);
    const auto run = s.createRun("dist", R"({"preset":"quick"})");
    xq::store::ModelInfo m;
    m.run = run.id;
    m.generation = 0;
    m.file = "models/dist/gen0000.xqm";  // on the trainer's host, not this one
    m.accepted = true;
    s.addModel(m);
    std::vector<xq::store::MetricPoint> pts;
    for (int step = 1; step <= 3; ++step) {
        pts.push_back({run.id, step, "loss/total", 5.0 - step, 0});
        pts.push_back({run.id, step, "loss/reply", 6.0 - step, 0});
    }
    s.addMetrics(pts);
    xq::store::GameRecord g;
    g.run = run.id;
    g.kind = xq::store::GameKind::SelfPlay;
    g.generation = 0;
    g.red = g.black = "gen:0@8";
    g.result = xq::Result::Draw;
    g.reason = xq::Reason::LengthCap;
    s.insertGame(g);
    auto worker = [&](const char* host, qint64 heartbeat, const char* state, int64_t games) {
        WorkerInfo w;
        w.run = run.id;
        w.host = host;
        w.pid = 4242;
        w.threads = 2;
        w.started = now - 60 * kMinute;
        w.heartbeat = heartbeat;
        w.games = games;
        w.positions = games * 90;
        w.generation = 0;
        w.state = state;
        return s.registerWorker(w);
    };
    worker("alpha", now - 2000, "running", 120);
    worker("beta", now - 2 * kMinute, "running", 60);
    worker("gamma", now - 10 * kMinute, "stopped", 30);
    return run.id;
}

int rowOf(WorkersModel* m, const QString& host) {
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, WorkersModel::Host).data().toString() == host) return r;
    return -1;
}

QString cell(WorkersModel* m, const QString& host, int column) {
    return m->index(rowOf(m, host), column).data().toString();
}

}  // namespace

class TestTrainObserve : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    storetest::TestDatabases dbs_{tmp_};

    // The database as a user would give it: on PostgreSQL with a password in the URI (the
    // test cluster trusts its socket, so libpq never sends it).
    std::string database(const std::string& name) {
        const std::string db = dbs_.make(name);
        return dbs_.postgres() ? db + "&password=s3cret" : db;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("XQZeroTests"));
        initResources();
        QVERIFY(tmp_.isValid());
        const std::string why = dbs_.unavailable();
        QVERIFY2(why.empty(), why.c_str());
        QSettings().clear();
    }
    void cleanup() {
        dbs_.dropAll();
        QSettings().clear();
    }

    void locationsNeverShowAPassword() {
        const QString uri = QStringLiteral("postgresql://xq:hunter2@db.example/xqzero");
        QVERIFY(isDatabaseUri(uri));
        QVERIFY(isDatabaseUri(QStringLiteral("postgres://db/x")));
        QVERIFY(!isDatabaseUri(QStringLiteral("/home/u/xq.db")));
        QVERIFY(!displayDatabase(uri).contains(QStringLiteral("hunter2")));
        QVERIFY(displayDatabase(uri).contains(QStringLiteral("db.example/xqzero")));
        const QString param = QStringLiteral("postgresql:///xq?host=/tmp&password=hunter2&user=xq");
        QVERIFY(!displayDatabase(param).contains(QStringLiteral("hunter2")));
        QVERIFY(displayDatabase(param).contains(QStringLiteral("user=xq")));
        QCOMPARE(databaseFromInput(QStringLiteral("  ") + uri + QStringLiteral(" ")), uri);
        QVERIFY(databaseMayHoldData(uri));  // the store finds out, not a file check
        QVERIFY(!databaseMayHoldData(tmp_.filePath(QStringLiteral("absent.db"))));
        QVERIFY(!databaseMayHoldData(QString()));
    }

    void workerStatesFollowTheirHeartbeats() {
        const qint64 now = 1'800'000'000'000;
        WorkerInfo w;
        w.started = now - 30 * kMinute;
        w.heartbeat = now - (kWorkerSilentMs - 1000);
        w.games = 50;
        QCOMPARE(workerState(w, now), WorkerState::Live);
        w.heartbeat = now - kWorkerSilentMs;
        QCOMPARE(workerState(w, now), WorkerState::Silent);
        w.state = "stopped";
        QCOMPARE(workerState(w, now), WorkerState::Stopped);
        // The rate ends at the last heartbeat (the totals' time): 50 games in 29.5 min, for a
        // stopped worker, a silent one, and a live one alike.
        QCOMPARE(qRound(*workerGamesPerHour(w)), qRound(50 * 60.0 / 29.5));
        w.state = "running";
        QCOMPARE(qRound(*workerGamesPerHour(w)), qRound(50 * 60.0 / 29.5));
        w.heartbeat = now;
        QCOMPARE(qRound(*workerGamesPerHour(w)), 100);  // 50 games in 30 min
        w.started = now - 5000;
        QVERIFY(!workerGamesPerHour(w));  // too soon to say
        QCOMPARE(heartbeatAgeText(12'400), QStringLiteral("12 s"));
        QCOMPARE(heartbeatAgeText(-3000), QStringLiteral("0 s"));  // a skewed remote clock
        QCOMPARE(heartbeatAgeText(4 * kMinute + 1000), QStringLiteral("4 min"));
        QCOMPARE(heartbeatAgeText(200 * kMinute), QStringLiteral("3 h 20 min"));
        QCOMPARE(heartbeatAgeText(49 * 60 * kMinute), QStringLiteral("2 d"));
    }

    void trainPageShowsTheRunWithItsWorkers() {
        const std::string db = database("observe");
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const int64_t runId = fillDistributedRun(db, now);
        TrainingSession session;
        TrainPage page(&session);
        page.resize(1280, 820);
        page.show();
        page.setDatabase(QString::fromStdString(db));
        QCOMPARE(page.database(), QString::fromStdString(db));
        auto* field = page.findChild<QLineEdit*>(QStringLiteral("databasePath"));
        QVERIFY(field);
        QVERIFY2(!field->text().contains(QStringLiteral("s3cret")), qPrintable(field->text()));
        QVERIFY(!field->toolTip().contains(QStringLiteral("s3cret")));

        QCOMPARE(page.runList()->topLevelItemCount(), 1);
        QCOMPARE(page.runList()->topLevelItem(0)->text(0), QStringLiteral("dist"));
        QVERIFY(page.showNewestRun());
        QCOMPARE(page.charts()->lossPointCount(), 3);
        // Its reply loss is drawn and named in the legend.
        QCOMPARE(page.charts()->replyPointCount(), 3);
        QTRY_VERIFY2(lossLegend(page).contains(QStringLiteral("opponent reply")),
                     qPrintable(lossLegend(page).join(", ")));

        WorkersPanel* panel = page.workersPanel();
        QVERIFY(panel->isVisibleTo(&page));
        WorkersModel* m = panel->model();
        QCOMPARE(m->rowCount(), 3);
        QCOMPARE(m->index(0, WorkersModel::Host).data().toString(), QStringLiteral("alpha"));
        QCOMPARE(cell(m, "alpha", WorkersModel::State), QStringLiteral("live"));
        QCOMPARE(cell(m, "beta", WorkersModel::State), QStringLiteral("silent"));
        QCOMPARE(cell(m, "gamma", WorkersModel::State), QStringLiteral("stopped"));
        QCOMPARE(cell(m, "alpha", WorkersModel::GamesPerHour), QStringLiteral("120"));
        QCOMPARE(cell(m, "beta", WorkersModel::Heartbeat), QStringLiteral("2 min"));
        QVERIFY2(panel->summary()->text().contains(QStringLiteral("1 live, 1 silent, 1 stopped")),
                 qPrintable(panel->summary()->text()));

        // PostgreSQL is watched, never trained from here; a file may start a run.
        page.setRunName(QStringLiteral("another"));
        QCOMPARE(page.startButton()->isEnabled(), !dbs_.postgres());
        QCOMPARE(page.continueButton()->isEnabled(), !dbs_.postgres());

        // The silent worker comes back and the trainer records more steps: the panel's next
        // read and (PostgreSQL) the page's next watch read show it.
        {
            xq::store::Store s(db);
            const auto workers = s.listWorkers(runId);
            for (const auto& w : workers)
                if (w.host == "beta") s.heartbeatWorker(w.id, 80, 7200, 0, "running");
            const std::vector<xq::store::MetricPoint> more{{runId, 4, "loss/total", 0.5, 0}};
            s.addMetrics(more);
        }
        panel->reload();
        QTRY_COMPARE(cell(m, "beta", WorkersModel::State), QStringLiteral("live"));
        QCOMPARE(cell(m, "beta", WorkersModel::Games), QStringLiteral("80"));
        QVERIFY(panel->summary()->text().contains(QStringLiteral("2 live, 0 silent, 1 stopped")));
        // A file is read again only when it changed: nothing new, no read.
        page.reloadWatchedRun();
        QTRY_COMPARE(page.charts()->lossPointCount(), 4);
        if (!dbs_.postgres()) {
            QTRY_VERIFY(!page.historyLoading());
            page.reloadWatchedRun();
            QVERIFY(!page.historyLoading());
        }

        // Another database: the panel goes with the run.
        page.setDatabase(tmp_.filePath(QStringLiteral("empty.db")));
        QVERIFY(!panel->isVisibleTo(&page));
        QCOMPARE(m->rowCount(), 0);
    }

    // The run list says who trains each run (the live holder of its lease) and keeps Continue
    // off for it; a lease left by a process that is gone (same host, no such pid) does not
    // count. Rows are chosen with the mouse, as a user does.
    void aRunTrainedElsewhereIsNotContinued() {
        const std::string db = database("leased");
        const qint64 myPid = QCoreApplication::applicationPid();
        {
            xq::store::Store s(db);
            auto never = [](const xq::store::RunLease&) { return false; };
            xq::store::RunLease l;
            l.host = xq::train::thisHostName();
            l.run = s.createRun("held", "{}").id;
            l.pid = myPid;  // a live process on this host
            l.token = "held-token";
            QVERIFY(s.claimRunLease(l, never).acquired);
            l.run = s.createRun("orphan", "{}").id;
            l.pid = 4000000;  // above Linux's pid_max default: no such process
            l.token = "orphan-token";
            QVERIFY(s.claimRunLease(l, never).acquired);
        }
        TrainingSession session;
        TrainPage page(&session);
        page.resize(1280, 820);
        page.show();
        page.setDatabase(QString::fromStdString(db));
        QTreeWidget* list = page.runList();
        QCOMPARE(list->topLevelItemCount(), 2);
        auto click = [&](const QString& name) {
            for (int i = 0; i < list->topLevelItemCount(); ++i) {
                QTreeWidgetItem* it = list->topLevelItem(i);
                if (it->text(0) != name) continue;
                QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                                  list->visualItemRect(it).center());
                return it;
            }
            return static_cast<QTreeWidgetItem*>(nullptr);
        };
        QTreeWidgetItem* held = click(QStringLiteral("held"));
        QVERIFY(held && held->isSelected());
        const QString who = QStringLiteral("pid %1 on %2").arg(myPid).arg(
            QString::fromStdString(xq::train::thisHostName()));
        QVERIFY2(held->text(5).startsWith(who), qPrintable(held->text(5)));
        QVERIFY(!page.continueButton()->isEnabled());
        if (!dbs_.postgres())
            QVERIFY2(page.continueButton()->toolTip().contains(who),
                     qPrintable(page.continueButton()->toolTip()));

        QTreeWidgetItem* orphan = click(QStringLiteral("orphan"));
        QVERIFY(orphan && orphan->isSelected());
        QCOMPARE(orphan->text(5), QString());
        QCOMPARE(page.continueButton()->isEnabled(), !dbs_.postgres());
    }

    void aRunWithoutWorkersHidesThePanel() {
        const std::string db = database("plain");
        {
            xq::store::Store s(db);
            const auto run = s.createRun("local", "{}");
            const std::vector<xq::store::MetricPoint> pts{{run.id, 1, "loss/total", 4.0, 0}};
            s.addMetrics(pts);
        }
        TrainingSession session;
        TrainPage page(&session);
        page.show();
        page.setDatabase(QString::fromStdString(db));
        QVERIFY(page.showNewestRun());
        QCOMPARE(page.charts()->lossPointCount(), 1);
        QVERIFY(!page.workersPanel()->isVisibleTo(&page));
        // No reply loss: none drawn, none in the legend.
        QCOMPARE(page.charts()->replyPointCount(), 0);
        QTRY_VERIFY(lossLegend(page).contains(QStringLiteral("total")));
        QVERIFY2(!lossLegend(page).contains(QStringLiteral("opponent reply")),
                 qPrintable(lossLegend(page).join(", ")));
    }

    void unreachableDatabaseIsReportedNotEmpty() {
        if (!dbs_.postgres()) QSKIP("PostgreSQL only: an absent file is simply empty");
        // A database name that does not exist on the cluster.
        const std::string db = dbs_.uriFor("xqt_no_such_database") + "&password=s3cret";
        TrainingSession session;
        TrainPage page(&session);
        page.setDatabase(QString::fromStdString(db));
        QCOMPARE(page.runList()->topLevelItemCount(), 0);
        const QString log = page.logPane()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("Cannot read the runs")), qPrintable(log));
        QVERIFY2(!log.contains(QStringLiteral("s3cret")), qPrintable(log));
    }

    // A database of schema version 2 with one run, as an older XQZero left it.
    std::string olderDatabase() {
        const std::string path = dbs_.make("older");
        storetest::writeVersion2(
            path, dbs_.postgres(), "INSERT INTO runs(name, config, created) VALUES ('old', '{}', 1)");
        return path;
    }

    void olderFileIsUpgradedOlderServerIsNot() {
        const std::string path = olderDatabase();
        TrainingSession session;
        TrainPage page(&session);
        page.setDatabase(QString::fromStdString(path));
        if (!dbs_.postgres()) {
            // The studio's own file: upgraded once, then listed.
            QCOMPARE(page.runList()->topLevelItemCount(), 1);
            QCOMPARE(page.runList()->topLevelItem(0)->text(0), QStringLiteral("old"));
            QCOMPARE(openForReading(QString::fromStdString(path))->schemaVersion(),
                     xq::store::schema::currentVersion());
            return;
        }
        // A shared server's schema belongs to its trainer and workers: refused, untouched.
        QCOMPARE(page.runList()->topLevelItemCount(), 0);
        QVERIFY2(page.logPane()->toPlainText().contains(QStringLiteral("older XQZero")),
                 qPrintable(page.logPane()->toPlainText()));
        try {
            openForReading(QString::fromStdString(path));
            QFAIL("an older PostgreSQL schema was opened for reading");
        } catch (const xq::store::StoreError& e) {
            QCOMPARE(e.code(), xq::store::StoreErrorCode::OlderSchema);
        }
        xq::store::Store upgraded(path);  // what a worker's first open does
        QCOMPARE(upgraded.findRun("old")->name, std::string("old"));
        page.refreshRuns();
        QCOMPARE(page.runList()->topLevelItemCount(), 1);
    }

    void libraryListsTheSameGames() {
        const std::string db = database("library");
        fillDistributedRun(db, QDateTime::currentMSecsSinceEpoch());
        LibraryPage lib;
        lib.setSynchronous(true);
        lib.setDatabase(QString::fromStdString(db));
        QCOMPARE(lib.totalGames(), int64_t(1));
        QCOMPARE(lib.model()->rowCount(), 1);
        QVERIFY(!lib.messageText().contains(QStringLiteral("s3cret")));
    }

    void settingsKeepAStoredUriBehindItsMask() {
        const QString stored = QStringLiteral("postgresql://xq:hunter2@db.example/xqzero");
        QSettings().setValue(QStringLiteral("database/path"), stored);
        SettingsDialog d;
        auto* field = d.findChild<QLineEdit*>(QStringLiteral("databasePath"));
        QVERIFY(field);
        QVERIFY(!field->text().contains(QStringLiteral("hunter2")));
        QCOMPARE(d.databasePath(), stored);  // untouched: the real URI, password and all
        field->setText(QStringLiteral("postgresql://xq@other/xqzero"));
        QCOMPARE(d.databasePath(), QStringLiteral("postgresql://xq@other/xqzero"));
    }

    void modelTrainedElsewhereIsFetchedFromTheDatabase() {
#ifndef XQ_WITH_TORCH
        QSKIP("needs LibTorch to write a model");
#else
        const std::string db = database("models");
        const QString cache = tmp_.filePath(QStringLiteral("cache"));
        qputenv("XQ_MODEL_CACHE", cache.toUtf8());
        const QString file = tmp_.filePath(QStringLiteral("remote.xqm"));
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 7});
        xq::nn::saveModel(net, file.toStdString());
        std::ifstream in(file.toStdString(), std::ios::binary);
        const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
        QVERIFY(!bytes.empty());
        {
            xq::store::Store s(db);
            const auto run = s.createRun("remote", "{}");
            xq::store::ModelInfo m;
            m.run = run.id;
            m.file = "/nonexistent/trainer-host/models/remote/gen0000.xqm";
            m.accepted = true;
            m.sha256 = s.putBlob(bytes);
            s.addModel(m);
        }
        ModelChoice choice;
        choice.setDatabase(QString::fromStdString(db));
        qunsetenv("XQ_MODEL_CACHE");
        QCOMPARE(choice.models().size(), 1);
        QVERIFY(choice.current());
        QVERIFY2(choice.current()->file.startsWith(cache), qPrintable(choice.current()->file));
        QFile cached(choice.current()->file);
        QVERIFY(cached.open(QIODevice::ReadOnly));
        QCOMPARE(cached.size(), qint64(bytes.size()));
#endif
    }
};

QTEST_MAIN(TestTrainObserve)
#include "test_train_observe.moc"
