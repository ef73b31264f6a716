// The Train page driven like a user (offscreen) with a tiny network in a temporary database:
// the settings form is generated from the parameter declaration, Start / Pause / Resume /
// Stop move through the states with only the valid buttons enabled and put points on the loss
// chart, an existing run name is refused with a message, and an earlier run shows its whole
// stored history when selected, then continues from where it stopped; closing the main
// window while training asks, stops at a checkpoint and then closes. The Elo chart shows a
// run's background-ladder ratings (stored "ladder/*" metrics, and live ones from a run with
// the ladder on) against positions or minutes, and a gated run's older self-Elo otherwise.
// The live board shows a game in flight of a real run (moves, the search's visit heatmap),
// and previous / next follow other games.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest>

#include <qcustomplot.h>

#include "core/nn/blas_info.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/store/pgn_import.h"
#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/facade/training_session.h"
#include "ui/pages/train_page.h"
#include "ui/train/param_form.h"
#include "ui/train/param_texts.h"
#include "ui/train/live_game_view.h"
#include "ui/train/train_charts.h"
#include "ui/board/board_widget.h"
#include "core/xiangqi/position.h"

using namespace xqui;
using namespace xq::train;
using State = TrainingSession::State;

namespace {

// The tiny run of the brief: seconds per iteration.
TrainConfig tinyConfig() {
    TrainConfig c = preset("quick");
    c.channels = 8;
    c.blocks = 1;
    c.simulations = 8;
    c.gamesPerIteration = 2;
    c.gamesInFlight = 2;
    c.threads = 1;
    c.stepsPerIteration = 2;
    c.batchSize = 8;
    c.minBufferToTrain = 1;
    c.bufferCapacity = 1000;
    c.evalGames = 2;
    c.evalSimulations = 4;
    c.maxPlies = 40;
    c.resignMoves = 0;
    return c;
}

int64_t metricCount(const QString& db, const QString& run, const char* name) {
    xq::store::Store s(db.toStdString());
    auto r = s.findRun(run.toStdString());
    return r ? int64_t(s.metrics(r->id, name).size()) : -1;
}

// A stored ladder rating as background_ladder.cpp writes it (step = generation).
void addLadderRow(xq::store::Store& s, int64_t run, int gen, double rating, double lo, double hi,
                  double positions, double minutes) {
    const std::vector<xq::store::MetricPoint> pts{{run, gen, "ladder/rating", rating, 0},
                                                  {run, gen, "ladder/lo", lo, 0},
                                                  {run, gen, "ladder/hi", hi, 0},
                                                  {run, gen, "ladder/positions", positions, 0},
                                                  {run, gen, "ladder/minutes", minutes, 0}};
    s.addMetrics(pts);
}

// Answers the next modal message box with `button` as soon as it is up. The box runs its own
// event loop, which runs this poll: however long the box takes to appear, it is answered, and
// a box that never appears leaves answered() false (the test says so) instead of hanging.
class BoxAnswerer : public QObject {
  public:
    explicit BoxAnswerer(QMessageBox::StandardButton button) : button_(button) {
        connect(&poll_, &QTimer::timeout, this, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || !box->isVisible()) return;
            poll_.stop();
            text_ = box->text();
            if (QAbstractButton* b = box->button(button_)) {
                answered_ = true;
                b->click();
            } else {
                box->reject();  // not the box expected: close it, answered() stays false
            }
        });
        poll_.start(10);
    }
    bool answered() const { return answered_; }
    QString text() const { return text_; }

  private:
    QMessageBox::StandardButton button_;
    QTimer poll_;
    bool answered_ = false;
    QString text_;
};

QCPErrorBars* eloBars(TrainCharts* c) {
    for (int i = 0; i < c->eloPlot()->plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPErrorBars*>(c->eloPlot()->plottable(i))) return b;
    return nullptr;
}

}  // namespace

class TestTrainPage : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    TrainingSession* session_ = nullptr;
    TrainPage* page_ = nullptr;

    QString db() const { return dir_.filePath(QStringLiteral("train.db")); }

    void checkButtons(bool start, bool pause, bool resume, bool stop) {
        QCOMPARE(page_->startButton()->isEnabled(), start);
        QCOMPARE(page_->pauseButton()->isEnabled(), pause);
        QCOMPARE(page_->resumeButton()->isEnabled(), resume);
        QCOMPARE(page_->stopButton()->isEnabled(), stop);
    }

    // A finished tiny run of the test's own in the test database (one iteration, so it has a
    // checkpoint and stored losses), trained by a session the page does not watch: what a test
    // of stored runs starts from, whatever other tests ran before it.
    void trainStoredRun(const QString& name) {
        TrainingSession setup;
        QSignalSpy finished(&setup, &TrainingSession::finished);
        QSignalSpy failed(&setup, &TrainingSession::failed);
        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = db().toStdString();
        o.runName = name.toStdString();
        o.iterations = 1;
        QVERIFY(setup.start(o));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 180000);
        QVERIFY2(failed.isEmpty(),
                 qPrintable(failed.isEmpty() ? QString() : failed.at(0).at(0).toString()));
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("XQZeroTests"));
        initResources();
        QVERIFY(dir_.isValid());
    }
    void init() {
        session_ = new TrainingSession;
        page_ = new TrainPage(session_);
        page_->resize(1280, 820);
        page_->setDatabase(db());
        page_->form()->setConfig(tinyConfig());
        page_->show();
    }
    void cleanup() {
        delete page_;
        delete session_;  // stops and joins a run still going
    }

    void formIsGeneratedFromTheDeclaration() {
        ParamForm* f = page_->form();
        for (const ParamDecl& p : params()) {
            QWidget* ed = f->editor(p.name);
            QVERIFY2(ed, p.name);
            QVERIFY2(paramHasLabel(p), p.name);  // the studio labels every declared parameter
            QVERIFY2(ed->toolTip().contains(QStringLiteral("--") + QString::fromUtf8(p.name)), p.name);
            if (auto* sb = qobject_cast<QSpinBox*>(ed)) {
                QCOMPARE(p.kind, ParamKind::Int);
                QCOMPARE(sb->minimum(), int(p.min));
                QCOMPARE(sb->maximum(), int(std::min(p.max, 2147483647.0)));
            } else if (auto* db = qobject_cast<QDoubleSpinBox*>(ed)) {
                QCOMPARE(p.kind, ParamKind::Double);
                QCOMPARE(db->minimum(), p.min);
                QCOMPARE(db->maximum(), p.max);
            } else if (auto* box = qobject_cast<QComboBox*>(ed)) {
                // Named values: one item a choice, each with its translated label.
                QCOMPARE(p.kind, ParamKind::Int);
                QCOMPARE(box->count(), int(p.choices.size()));
                QCOMPARE(int(p.max), box->count() - 1);
                for (int i = 0; i < box->count(); ++i)
                    QCOMPARE(box->itemText(i), paramChoiceLabel(p.choices[size_t(i)]));
            } else {
                QVERIFY2(qobject_cast<QCheckBox*>(ed) && p.kind == ParamKind::Bool, p.name);
            }
        }
        // Choosing a preset fills every value from it; values round-trip through the editors.
        f->setPreset(QStringLiteral("standard"));
        QCOMPARE(toJson(f->config()), toJson(preset("standard")));
        QCOMPARE(qobject_cast<QSpinBox*>(f->editor("channels"))->value(), 128);
        f->setConfig(tinyConfig());
        QCOMPARE(toJson(f->config()), toJson(tinyConfig()));
    }

    // The note follows the BLAS this process's LibTorch calls, and names the file when it is
    // the reference one or the serial OpenBLAS.
    void blasNoteNamesTheLibrary() {
        using Kind = TrainingSession::BlasProblem::Kind;
        const xq::nn::BlasLibrary blas = xq::nn::loadedBlas();
        const bool problem = blas.kind == xq::nn::BlasKind::Reference ||
                             blas.kind == xq::nn::BlasKind::OpenBlasSerial;
        QCOMPARE(TrainingSession::blasProblem().kind != Kind::None, problem);
        QCOMPARE(page_->blasNote()->isVisible(), problem);

        const QString path = QStringLiteral("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3");
        page_->setBlasProblem({Kind::Reference, path});
        QVERIFY(page_->blasNote()->isVisible());
        QVERIFY(page_->blasNote()->text().contains(path));
        QVERIFY(page_->blasNote()->text().contains(QStringLiteral("libopenblas0-pthread")));
        const QString serial =
            QStringLiteral("/usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3");
        page_->setBlasProblem({Kind::SerialOpenBlas, serial});
        QVERIFY(page_->blasNote()->isVisible());
        QVERIFY(page_->blasNote()->text().contains(serial));
        QVERIFY(page_->blasNote()->text().contains(QStringLiteral("one thread at a time")));
        page_->setBlasProblem({});
        QVERIFY(!page_->blasNote()->isVisible());
    }

    void startPauseResumeStop() {
        QCOMPARE(session_->state(), State::Idle);
        page_->setRunName(QStringLiteral("alpha"));
        checkButtons(true, false, false, false);
        QSignalSpy finished(session_, &TrainingSession::finished);

        QTest::mouseClick(page_->startButton(), Qt::LeftButton);
        QVERIFY(session_->running());
        QVERIFY(session_->state() != State::Idle);
        checkButtons(false, true, false, true);
        QVERIFY(!page_->form()->isEnabled());
        QVERIFY(!page_->continueButton()->isEnabled());

        // Live loss points arrive from the training steps.
        QTRY_VERIFY_WITH_TIMEOUT(page_->charts()->lossPointCount() >= 2, 180000);

        QTest::mouseClick(page_->pauseButton(), Qt::LeftButton);
        QCOMPARE(session_->state(), State::Paused);
        QCOMPARE(page_->stateLabel()->text(), TrainingSession::stateName(State::Paused));
        checkButtons(false, false, true, true);
        // Paused means paused: once a pipeline thread holds at the pause (after the unit in
        // flight), nothing runs that could train. Steps reported before the hold are flushed;
        // while the thread still holds, no further step can have landed.
        QTRY_VERIFY_WITH_TIMEOUT(session_->threadsHolding() >= 1, 60000);
        session_->flush();
        const int held = page_->charts()->lossPointCount();
        QCoreApplication::processEvents();
        QVERIFY(session_->threadsHolding() >= 1);
        session_->flush();
        QCOMPARE(page_->charts()->lossPointCount(), held);

        QTest::mouseClick(page_->resumeButton(), Qt::LeftButton);
        QVERIFY(session_->state() != State::Paused);
        checkButtons(false, true, false, true);
        QTRY_VERIFY_WITH_TIMEOUT(page_->charts()->lossPointCount() > held, 180000);

        QTest::mouseClick(page_->stopButton(), Qt::LeftButton);
        QCOMPARE(session_->state(), State::Stopping);
        checkButtons(false, false, false, false);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(session_->state(), State::Idle);
        QVERIFY(!session_->running());
        QVERIFY(page_->startButton()->isEnabled());
        QVERIFY(page_->form()->isEnabled());
        QVERIFY(page_->charts()->lossPlot()->graphCount() >= 2);

        // The run is now listed, selected, and can be continued.
        const auto items = page_->runList()->findItems(QStringLiteral("alpha"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        QVERIFY(page_->continueButton()->isEnabled());
        QVERIFY(page_->logPane()->toPlainText().contains(QStringLiteral("started run 'alpha'")));
        QVERIFY(metricCount(db(), QStringLiteral("alpha"), "loss/total") >= page_->charts()->lossPointCount() - 2);
    }

    // "Start from": the bundled master games are found next to the build's programs (and
    // installed ones); the Library's imported games start a run whose generation 0 first trains
    // on their moves (init/* metrics), then self-play goes on; a continued run ignores the box.
    void startFromGamesTrainsGenerationZeroFirst() {
        QComboBox* from = page_->startFromBox();
        QCOMPARE(from->count(), 4);
        QVERIFY(from->itemData(0).toString().isEmpty());
        const QString bundled = TrainPage::bundledGamesFile();
        QVERIFY2(bundled.endsWith(QStringLiteral("wukong-masters.pgn")), qPrintable(bundled));
        QCOMPARE(from->itemData(1).toString(), bundled);
        QCOMPARE(from->itemData(2).toString(), QStringLiteral("kind:imported"));
        {
            xq::store::Store st(db().toStdString());
            std::string pgn;
            for (const char* moves : {"1. h2e2 h7e7 2. h0g2 h9g7", "1. h2e2 b9c7 2. b0c2 h9g7",
                                      "1. c3c4 g6g5 2. b0c2 h9g7", "1. h2e2 h9g7 2. h0g2 i9h9"})
                pgn += std::string("[Event \"t\"]\n") + moves + " *\n\n";
            QCOMPARE(xq::store::importPgn(st, pgn).imported, 4);
        }
        TrainConfig c = tinyConfig();
        c.initSteps = 6;
        c.initHoldout = 0;
        page_->form()->setConfig(c);
        from->setCurrentIndex(2);
        page_->setRunName(QStringLiteral("fromgames"));
        QSignalSpy finished(session_, &TrainingSession::finished);
        QTest::mouseClick(page_->startButton(), Qt::LeftButton);
        QVERIFY(!from->isEnabled());  // fixed while the run goes
        QTRY_VERIFY_WITH_TIMEOUT(page_->logPane()->toPlainText().contains(
                                     QStringLiteral("start from games: 4 stored games of kind imported")),
                                 60000);
        QTRY_VERIFY_WITH_TIMEOUT(page_->charts()->lossPointCount() >= 1, 180000);  // self-play's training
        QTest::mouseClick(page_->stopButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(from->isEnabled());
        QCOMPARE(metricCount(db(), QStringLiteral("fromgames"), "init/loss"), int64_t(6));
    }

    void liveBoardFollowsGamesInFlight() {
        TrainConfig c = tinyConfig();
        c.gamesInFlight = 3;
        c.gamesPerIteration = 6;
        c.simulations = 16;
        c.maxPlies = 60;
        page_->form()->setConfig(c);
        page_->setRunName(QStringLiteral("live"));
        LiveGameView* live = page_->liveView();
        QVERIFY(live);
        QVERIFY(!live->nextButton()->isEnabled());
        auto* liveTimer = session_->findChild<QTimer*>(QStringLiteral("trainingSessionLive"));
        QVERIFY(liveTimer && liveTimer->interval() <= 100);  // at least 10 refreshes a second
        QSignalSpy snapshots(session_, &TrainingSession::liveGame);
        QSignalSpy finished(session_, &TrainingSession::finished);
        QTest::mouseClick(page_->startButton(), Qt::LeftButton);
        QVERIFY(session_->running());

        // What the board shows is the game's position, with the search's visits on it.
        auto showsGameInSlot = [&](int slot) {
            const LiveGame& g = live->game();
            if (g.slot != slot || !g.active || g.moves.empty() || g.search.rootVisits <= 0) return false;
            if (live->board()->heatmap().isEmpty()) return false;
            xq::Position pos;
            for (xq::Move m : g.moves) {
                if (!pos.isLegal(m)) return false;
                pos.makeMove(m);
            }
            return pos.key() == live->board()->position().key() && g.search.rootKey == pos.key();
        };
        QTRY_VERIFY_WITH_TIMEOUT(showsGameInSlot(0), 60000);
        QCOMPARE(live->slot(), 0);
        QCOMPARE(live->game().slotCount, 3);
        QVERIFY(live->nextButton()->isEnabled() && live->previousButton()->isEnabled());
        QVERIFY(!live->moveList()->toPlainText().isEmpty());
        QVERIFY(live->valueLabel()->text().contains(QStringLiteral("value for Red")));
        bool visited = false;
        for (const HeatCell& h : live->board()->heatmap()) visited |= h.value > 0;
        QVERIFY(visited);
        QVERIFY(snapshots.count() >= 1);
        // The progress counts the games being played and the moves made from the first move on.
        QTRY_VERIFY_WITH_TIMEOUT(session_->lastProgress().positions > 0, 60000);

        QTest::mouseClick(live->nextButton(), Qt::LeftButton);
        QCOMPARE(live->slot(), 1);
        QCOMPARE(session_->liveGameSlot(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(showsGameInSlot(1), 60000);
        QTest::mouseClick(live->previousButton(), Qt::LeftButton);
        QTest::mouseClick(live->previousButton(), Qt::LeftButton);  // wraps around to the last
        QCOMPARE(live->slot(), 2);
        QCOMPARE(session_->liveGameSlot(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(showsGameInSlot(2), 60000);

        QTest::mouseClick(page_->stopButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(live->game().slot, 2);  // the last board stays, marked as not in flight
        QVERIFY(!live->nextButton()->isEnabled());
    }

    void existingNameIsRefused() {
        // A run of that name exists (made here: this test does not lean on another's run).
        {
            xq::store::Store s(db().toStdString());
            s.createRun("taken");
        }
        page_->refreshRuns();
        QCOMPARE(page_->runList()->findItems(QStringLiteral("taken"), Qt::MatchExactly).size(), 1);
        // The page refuses before starting, with a message naming the run...
        page_->setRunName(QStringLiteral("taken"));
        {
            BoxAnswerer ok(QMessageBox::Ok);
            QTest::mouseClick(page_->startButton(), Qt::LeftButton);
            QVERIFY2(ok.answered(), "no message about the existing name");
            QVERIFY2(ok.text().contains(QStringLiteral("already exists")) &&
                         ok.text().contains(QStringLiteral("taken")),
                     qPrintable(ok.text()));
        }
        QVERIFY(!session_->running());
        QCOMPARE(session_->state(), State::Idle);
        // ...and the session reports the core's error when asked directly.
        QSignalSpy failed(session_, &TrainingSession::failed);
        QSignalSpy finished(session_, &TrainingSession::finished);
        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = db().toStdString();
        o.runName = "taken";
        QVERIFY(session_->start(o));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("already exists")));
        QCOMPARE(session_->state(), State::Idle);
    }

    // A name that cannot name a folder (core/store/run_name.h) is explained under the field as
    // it is typed and Start stays off; a stored run with such a name (written by SQL) is listed
    // but cannot be continued; the session refuses one too, creating nothing.
    void hostileRunNamesAreRefused() {
        const QString namesDb = dir_.filePath(QStringLiteral("names/names.db"));
        QVERIFY(QDir().mkpath(dir_.filePath(QStringLiteral("names"))));
        {
            xq::store::Store s(namesDb.toStdString());
            s.createRun("fine");
        }
        {
            xq::store::sql::Database d(namesDb.toStdString(), xq::store::sql::OpenMode::ReadWrite);
            d.exec("INSERT INTO runs(name, config, created) VALUES ('../../victim', '{}', 0)", "a hostile row");
        }
        page_->setDatabase(namesDb);
        auto* field = page_->findChild<QLineEdit*>(QStringLiteral("runName"));
        auto* problem = page_->findChild<QLabel*>(QStringLiteral("runNameProblem"));
        QVERIFY(field && problem);
        const QStringList hostile{QStringLiteral("../x"), QStringLiteral("a/b"), QStringLiteral("a\\b"),
                                  QStringLiteral(".."), QStringLiteral("."), QString(10000, QLatin1Char('x'))};
        for (const QString& name : hostile) {
            field->clear();
            QTest::keyClicks(field, name.left(200) == name ? name : QString());
            if (field->text().isEmpty()) field->setText(name);  // 10,000 characters: not key by key
            QVERIFY2(!page_->startButton()->isEnabled(), qPrintable(name.left(40)));
            QVERIFY2(problem->isVisible() && problem->text().contains(QStringLiteral("cannot be a run name")),
                     qPrintable(problem->text()));
        }
        for (const QString& name : {QStringLiteral("a\nb"), QString(QStringLiteral("a%1b")).arg(QChar(0))}) {
            field->setText(name);
            QVERIFY(!page_->startButton()->isEnabled());
            QVERIFY(problem->isVisible());
        }
        field->clear();
        QTest::keyClicks(field, QStringLiteral("   "));  // trimmed to nothing: no name, no message
        QVERIFY(!page_->startButton()->isEnabled());
        QVERIFY(!problem->isVisible());
        field->clear();
        QTest::keyClicks(field, QStringLiteral("good name 1"));
        QVERIFY(page_->startButton()->isEnabled());
        QVERIFY(!problem->isVisible());

        // The stored hostile run: listed, Continue off with a tooltip that says how to rename it.
        const auto found = page_->runList()->findItems(QStringLiteral("../../victim"), Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        page_->runList()->setCurrentItem(found.first());
        QVERIFY(!page_->findChild<QPushButton*>(QStringLiteral("continueButton"))->isEnabled());
        QVERIFY(page_->findChild<QPushButton*>(QStringLiteral("continueButton"))->toolTip().contains(
            QStringLiteral("rename-run")));
        const auto fine = page_->runList()->findItems(QStringLiteral("fine"), Qt::MatchExactly);
        page_->runList()->setCurrentItem(fine.first());
        QVERIFY(page_->findChild<QPushButton*>(QStringLiteral("continueButton"))->isEnabled());

        // Asked directly, the session fails with the run-name sentence and writes nothing.
        const QStringList before = QDir(dir_.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        for (const char* name : {"../../victim", "../escape"}) {
            QSignalSpy failed(session_, &TrainingSession::failed);
            QSignalSpy finished(session_, &TrainingSession::finished);
            PipelineOptions o;
            o.config = tinyConfig();
            o.dbPath = namesDb.toStdString();
            o.runName = name;
            o.resume = std::string(name) == "../../victim";
            QVERIFY(session_->start(o));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            QCOMPARE(failed.count(), 1);
            QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("cannot be a run name")),
                     qPrintable(failed.at(0).at(0).toString()));
        }
        QCOMPARE(QDir(dir_.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
        QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("escape"))));
        QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("names/models"))));
        page_->setDatabase(db());
    }

    void earlierRunShowsItsHistoryAndContinues() {
        trainStoredRun(QStringLiteral("earlier"));
        if (QTest::currentTestFailed()) return;
        page_->refreshRuns();
        const int64_t stored = metricCount(db(), QStringLiteral("earlier"), "loss/total");
        QVERIFY(stored >= 2);
        QCOMPARE(page_->charts()->lossPointCount(), 0);  // a fresh page shows nothing yet
        {
            // Held-out checks (the tiny run's games are too few to hold any out): the chart
            // shows every stored point.
            xq::store::Store s(db().toStdString());
            const auto r = s.findRun("earlier");
            QVERIFY(r.has_value());
            const std::vector<xq::store::MetricPoint> pts{
                {r->id, 1, "heldout/value", 0.9, 0}, {r->id, 2, "heldout/value", 0.8, 0}, {r->id, 3, "heldout/value", 0.85, 0}};
            s.addMetrics(pts);
        }
        QVERIFY(page_->showRun(QStringLiteral("earlier"), true));
        QCOMPARE(int64_t(page_->charts()->heldOutPointCount()),
                 metricCount(db(), QStringLiteral("earlier"), "heldout/value"));
        QVERIFY(page_->charts()->heldOutPointCount() >= 3);
        QCOMPARE(int64_t(page_->charts()->lossPointCount()), stored);
        // The tiny run publishes without a gate and its ladder (every 15 minutes) never rated:
        // no self-Elo chain, no ladder points, an empty ladder chart.
        QCOMPARE(metricCount(db(), QStringLiteral("earlier"), "elo"), int64_t(0));
        QCOMPARE(page_->charts()->eloPointCount(), 0);
        QVERIFY(page_->charts()->eloShowsLadder());
        QCOMPARE(int64_t(page_->charts()->speedPointCount()),
                 metricCount(db(), QStringLiteral("earlier"), "games_per_hour"));

        // Selecting it in the list (asynchronous load) gives the same history.
        page_->charts()->clear();
        page_->runList()->clearSelection();
        page_->runList()
            ->findItems(QStringLiteral("earlier"), Qt::MatchExactly)
            .first()
            ->setSelected(true);
        QTRY_COMPARE_WITH_TIMEOUT(int64_t(page_->charts()->lossPointCount()), stored, 10000);
        const double lastStep = page_->charts()->lossPlot()->graph(0)->data()->at(int(stored) - 1)->key;

        // Continue: the history stays and new steps follow the old ones.
        QSignalSpy finished(session_, &TrainingSession::finished);
        QVERIFY(page_->continueButton()->isEnabled());
        QTest::mouseClick(page_->continueButton(), Qt::LeftButton);
        QVERIFY(session_->running());
        QTRY_VERIFY_WITH_TIMEOUT(page_->charts()->lossPointCount() > stored, 180000);
        auto data = page_->charts()->lossPlot()->graph(0)->data();
        QVERIFY(data->at(data->size() - 1)->key > lastStep);
        QVERIFY(data->at(0)->key <= 1);  // still starts at the run's first step
        page_->stopButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(page_->logPane()->toPlainText().contains(QStringLiteral("resumed run 'earlier'")));
    }

    void storedLadderRatingsLoadIntoTheEloChart() {
        const QString file = dir_.filePath(QStringLiteral("ladder.db"));
        {
            xq::store::Store s(file.toStdString());
            const auto run = s.createRun("rated");
            addLadderRow(s, run.id, 2, -420, -610, -230, 1200, 10);
            addLadderRow(s, run.id, 5, -150, -300, 20, 5400, 25);
            // A resumed session: its minutes start again from 0.
            addLadderRow(s, run.id, 9, 80, -60, 220, 9800, 5);
            // A torn rating (only two of its five rows): left out.
            const std::vector<xq::store::MetricPoint> torn{{run.id, 11, "ladder/rating", 300, 0},
                                                           {run.id, 11, "ladder/lo", 200, 0}};
            s.addMetrics(torn);
        }
        page_->setDatabase(file);
        QVERIFY(page_->showRun(QStringLiteral("rated"), true));
        TrainCharts* c = page_->charts();
        QVERIFY(c->eloShowsLadder());
        QCOMPARE(c->eloPointCount(), 3);
        QCOMPARE(c->eloAxis(), TrainCharts::EloAxis::Positions);
        QVERIFY(c->eloAxisChooser()->isVisibleTo(c));
        auto data = c->eloPlot()->graph(0)->data();
        const double positions[3] = {1200, 5400, 9800}, ratings[3] = {-420, -150, 80};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(data->at(i)->key, positions[i]);
            QCOMPARE(data->at(i)->value, ratings[i]);
        }
        QCPErrorBars* bars = eloBars(c);
        QVERIFY(bars);
        QCOMPARE(bars->dataCount(), 3);
        QCOMPARE(bars->data()->at(1).errorMinus, 150.0);  // -150 - -300
        QCOMPARE(bars->data()->at(1).errorPlus, 170.0);   // 20 - -150
        QCOMPARE(c->eloPlot()->xAxis->label(), TrainCharts::tr("self-play positions"));

        // The box in the chart's corner switches x to training minutes, added up across sessions.
        c->eloAxisChooser()->setCurrentIndex(1);
        QCOMPARE(c->eloAxis(), TrainCharts::EloAxis::Minutes);
        QCOMPARE(c->eloPlot()->xAxis->label(), TrainCharts::tr("training minutes"));
        data = c->eloPlot()->graph(0)->data();
        QCOMPARE(data->size(), 3);
        const double minutes[3] = {10, 25, 30};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(data->at(i)->key, minutes[i]);
            QCOMPARE(data->at(i)->value, ratings[i]);
        }
        c->setEloAxis(TrainCharts::EloAxis::Positions);
        QCOMPARE(c->eloAxisChooser()->currentIndex(), 0);
        QCOMPARE(c->eloPlot()->graph(0)->data()->at(2)->key, 9800.0);
        c->flush();
        QVERIFY(c->eloPlot()->xAxis->range().contains(9800) && c->eloPlot()->yAxis->range().contains(-610));
        page_->setDatabase(db());
    }

    // One rating: QCustomPlot would keep the axis's old size around it (here 5 positions at
    // 46,040: ten overlapping tick labels); the chart gives it a tenth of its value each side.
    void aSingleLadderRatingGetsAReadableAxis() {
        const QString file = dir_.filePath(QStringLiteral("one.db"));
        {
            xq::store::Store s(file.toStdString());
            const auto run = s.createRun("one");
            addLadderRow(s, run.id, 9, -188, -393, 18, 46040, 15);
        }
        TrainCharts* c = page_->charts();
        c->eloPlot()->xAxis->setRange(0, 5);
        page_->setDatabase(file);
        QVERIFY(page_->showRun(QStringLiteral("one"), true));
        c->flush();
        QCOMPARE(c->eloPointCount(), 1);
        const QCPRange x = c->eloPlot()->xAxis->range();
        QVERIFY2(x.contains(46040) && x.size() > 0.15 * 46040,
                 qPrintable(QString("%1 .. %2").arg(x.lower).arg(x.upper)));
        QVERIFY(c->eloPlot()->yAxis->range().contains(-393) && c->eloPlot()->yAxis->range().contains(18));
        page_->setDatabase(db());
    }

    // The speed chart's x axis is the clock: empty, it shows no labels (its range is the
    // first seconds of 1970); with one point, a minute each side of it rather than a tenth of
    // the seconds since the epoch (years); with points an hour apart, the same.
    void theSpeedChartsClockAxisIsReadable() {
        TrainCharts* c = page_->charts();
        c->clear();
        c->flush();
        QVERIFY(!c->speedPlot()->xAxis->tickLabels());
        const double t0 = 1796580000;  // 2026-12-06, seconds since the epoch
        c->addGamesPerHour(t0, 4000);
        c->flush();
        QVERIFY(c->speedPlot()->xAxis->tickLabels());
        QCPRange x = c->speedPlot()->xAxis->range();
        QVERIFY2(x.contains(t0) && x.size() >= 60 && x.size() <= 3600,
                 qPrintable(QString("%1 .. %2").arg(x.lower, 0, 'f', 0).arg(x.upper, 0, 'f', 0)));
        c->addGamesPerHour(t0 + 3600, 5000);
        c->flush();
        x = c->speedPlot()->xAxis->range();
        QVERIFY(x.contains(t0) && x.contains(t0 + 3600) && x.size() < 2 * 3600);
        c->clear();
    }

    void gatedRunWithoutLadderShowsItsSelfElo() {
        const QString file = dir_.filePath(QStringLiteral("gated.db"));
        {
            xq::store::Store s(file.toStdString());
            const auto run = s.createRun("gated");
            const std::vector<xq::store::MetricPoint> pts{
                {run.id, 1, "elo", 40, 0}, {run.id, 1, "elo_lo", 0, 0}, {run.id, 1, "elo_hi", 80, 0},
                {run.id, 3, "elo", 95, 0}, {run.id, 3, "elo_lo", 40, 0}, {run.id, 3, "elo_hi", 150, 0}};
            s.addMetrics(pts);
        }
        page_->setDatabase(file);
        QVERIFY(page_->showRun(QStringLiteral("gated"), true));
        TrainCharts* c = page_->charts();
        QVERIFY(!c->eloShowsLadder());
        QCOMPARE(c->eloPointCount(), 3);  // generation 0 (Elo 0 by definition), 1 and 3
        QCOMPARE(c->eloPlot()->graph(0)->data()->at(2)->key, 3.0);
        QCOMPARE(c->eloPlot()->xAxis->label(), TrainCharts::tr("generation"));
        QVERIFY(c->eloPlot()->yAxis->label().contains(TrainCharts::tr("self-Elo vs generation 0 (gated run)")));
        QVERIFY(!c->eloAxisChooser()->isVisibleTo(c));
        // A ladder rating arriving for it (a resumed gated run with the ladder on) takes over.
        c->addLadder({4, 120, 10, 230, 4000, 3});
        QVERIFY(c->eloShowsLadder());
        QCOMPARE(c->eloPointCount(), 1);
        QVERIFY(c->eloAxisChooser()->isVisibleTo(c));
        page_->setDatabase(db());
    }

    void liveLadderRatingAddsAPoint() {
        // A run with the ladder rating every ~half second, a game per rung and a tiny search:
        // the session starts the core ladder on the first publication, its rating comes back
        // as a signal and lands on the chart (and in the store).
        TrainConfig c = tinyConfig();
        c.ladderMinutes = 0.01;
        c.ladderGames = 1;
        c.ladderSimulations = 4;
        page_->form()->setConfig(c);
        QCOMPARE(page_->form()->config().ladderMinutes, 0.01);
        page_->setRunName(QStringLiteral("laddered"));
        QSignalSpy rated(session_, &TrainingSession::ladderRated);
        QSignalSpy finished(session_, &TrainingSession::finished);
        page_->startNew();
        QVERIFY(session_->running());
        QVERIFY(page_->charts()->eloShowsLadder());
        QCOMPARE(page_->charts()->eloPointCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(rated.count() >= 1, 240000);
        const auto r = rated.at(0).at(0).value<LadderRating>();
        QVERIFY(r.generation >= 1);
        QVERIFY(r.lo <= r.rating && r.rating <= r.hi);
        QVERIFY(r.positions > 0);
        QTRY_VERIFY(page_->charts()->eloPointCount() >= 1);
        auto data = page_->charts()->eloPlot()->graph(0)->data();
        QCOMPARE(data->at(0)->key, double(r.positions));
        QCOMPARE(data->at(0)->value, r.rating);
        QVERIFY(page_->logPane()->toPlainText().contains(QStringLiteral("generation %1 rated").arg(r.generation)));
        QVERIFY(metricCount(db(), QStringLiteral("laddered"), "ladder/rating") >= 1);

        // Stop: the ladder (maybe in the middle of a rating) is aborted on the worker thread;
        // the click returns at once with the session stopping (the GUI thread does not wait
        // for the worker), and the session ends.
        page_->stopButton()->click();
        QCOMPARE(session_->state(), TrainingSession::State::Stopping);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(!session_->running());
        page_->form()->setConfig(tinyConfig());
    }

    void closingTheWindowWhileTrainingAsksThenStops() {
        MainWindow w;
        TrainPage* page = w.trainPage();
        QVERIFY(page);
        w.setPage(MainWindow::TrainPageIndex);
        page->setDatabase(db());
        page->form()->setConfig(tinyConfig());
        page->setRunName(QStringLiteral("closing"));
        w.show();
        QSignalSpy finished(page->session(), &TrainingSession::finished);
        page->startNew();
        QVERIFY(page->session()->running());

        // Cancel first: the window stays and training goes on.
        {
            BoxAnswerer cancel(QMessageBox::Cancel);
            QVERIFY(!w.close());
            QVERIFY2(cancel.answered(),
                     qPrintable("no question with Cancel; saw: " + cancel.text()));
        }
        QVERIFY(w.isVisible());
        QVERIFY(page->session()->running());
        QVERIFY(page->session()->state() != State::Stopping);

        // Then agree: the run stops at a checkpoint and the window closes by itself.
        {
            BoxAnswerer yes(QMessageBox::Yes);
            QVERIFY(!w.close());  // postponed until the run has ended
            QVERIFY2(yes.answered(), qPrintable("no question with Yes; saw: " + yes.text()));
        }
        QCOMPARE(page->session()->state(), State::Stopping);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 5000);
        QVERIFY(page->session()->lastProgress().stage == Stage::Finished);
    }
};

QTEST_MAIN(TestTrainPage)
#include "test_train_page.moc"
