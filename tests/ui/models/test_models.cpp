// Models as first-class objects in the studio: ModelChoice lists a training database's runs
// and generations, picks the newest run's best model by default, and the Play levels and the
// Analyze evaluator follow one shared choice. Offscreen, temporary files only.
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QCheckBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTableWidget>
#include <QtTest>

#include "core/store/store.h"
#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/studio_facade.h"
#include "ui/pages/analyze_page.h"
#include "ui/pages/model_picker.h"
#include "ui/pages/play_page.h"
#include "ui/board/board_widget.h"
#include "tests/support/ui_drive.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#endif

using namespace xqui;

namespace {
// A tiny untrained net (8 channels, 1 block): loads and answers in milliseconds.
bool writeTinyModel(const QString& path, int generation, uint64_t seed) {
#ifdef XQ_WITH_TORCH
    xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = seed});
    net.meta().generation = generation;
    xq::nn::saveModel(net, path.toStdString());
    return true;
#else
    (void)path, (void)generation, (void)seed;
    return false;
#endif
}

// Adds an accepted generation with `file` to `run` (0: a new run named `runName`); returns the run.
int64_t addAcceptedGeneration(const QString& db, int64_t run, int generation, const QString& file,
                              const char* runName = "grow") {
    xq::store::Store st(db.toStdString());
    if (run == 0) run = st.createRun(runName).id;
    xq::store::ModelInfo m;
    m.run = run;
    m.generation = generation;
    m.file = file.toStdString();
    m.accepted = true;
    st.addModel(m);
    return run;
}

int pickerIndexOf(ModelPicker* p, const QString& file) {
    for (int i = 0; i < p->comboBox()->count(); ++i)
        if (p->comboBox()->itemData(i).toString() == file) return i;
    return -1;
}
}  // namespace

class TestModels : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    // Files of the database built in initTestCase.
    QString oldBest_, newGen0_, newBest_, newRejected_, missing_;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
        QVERIFY(dir_.isValid());
#ifndef XQ_WITH_TORCH
        QSKIP("model files need LibTorch");
#endif
        db_ = dir_.filePath(QStringLiteral("train.db"));
        oldBest_ = dir_.filePath(QStringLiteral("old-gen1.xqm"));
        newGen0_ = dir_.filePath(QStringLiteral("new-gen0.xqm"));
        newBest_ = dir_.filePath(QStringLiteral("new-gen1.xqm"));
        newRejected_ = dir_.filePath(QStringLiteral("new-gen2.xqm"));
        missing_ = dir_.filePath(QStringLiteral("new-gen3.xqm"));  // stored, never written
        QVERIFY(writeTinyModel(oldBest_, 1, 1));
        QVERIFY(writeTinyModel(newGen0_, 0, 2));
        QVERIFY(writeTinyModel(newBest_, 1, 3));
        QVERIFY(writeTinyModel(newRejected_, 2, 4));
        xq::store::Store st(db_.toStdString());
        auto model = [&](int64_t run, int gen, const QString& file, bool accepted) {
            xq::store::ModelInfo m;
            m.run = run;
            m.generation = gen;
            m.file = file.toStdString();
            m.accepted = accepted;
            return st.addModel(m);
        };
        const auto oldRun = st.createRun("old-run");
        model(oldRun.id, 0, oldBest_ + QStringLiteral(".gone"), true);
        model(oldRun.id, 1, oldBest_, true);
        const auto newRun = st.createRun("new-run");
        model(newRun.id, 0, newGen0_, true);
        const int64_t best = model(newRun.id, 1, newBest_, true);
        model(newRun.id, 2, newRejected_, false);
        model(newRun.id, 3, missing_, true);  // newest accepted, but no file: not playable
        // Two ladder ratings of the best model: the newer one is shown.
        xq::store::LadderRecord lr;
        lr.run = newRun.id;
        lr.model = best;
        lr.player = "best:new-run@50";
        lr.rating = 111;
        lr.created = 1000;
        st.addLadderResult(lr);
        lr.rating = 234;
        lr.created = 2000;
        st.addLadderResult(lr);
    }

    void defaultIsTheNewestRunsBestModel() {
        ModelChoice choice;
        QVERIFY(!choice.current());  // no database: no model
        QSignalSpy changed(&choice, &ModelChoice::currentChanged);
        choice.setDatabase(db_);
        QVERIFY2(choice.listError().isEmpty(), qPrintable(choice.listError()));
        QCOMPARE(changed.count(), 1);
        QVERIFY(choice.current());
        QCOMPARE(choice.currentFile(), newBest_);
        QCOMPARE(choice.current()->runName, QStringLiteral("new-run"));
        QCOMPARE(choice.current()->generation, 1);
        QVERIFY(choice.current()->ladderElo);
        QCOMPARE(*choice.current()->ladderElo, 234.0);
        QVERIFY(choice.automatic());
        // Listed: every generation with a file, newest run first; the missing files are not.
        QStringList files;
        for (const auto& e : choice.models()) files << e.file;
        QCOMPARE(files, QStringList({newRejected_, newBest_, newGen0_, oldBest_}));
        const QString text = ModelChoice::describe(*choice.current());
        QVERIFY2(text.contains(QStringLiteral("new-run")) && text.contains(QStringLiteral("234")), qPrintable(text));
    }

    void noModelMeansAlphaBeta() {
        StudioFacade facade;  // no database: nothing to choose from
        PlayPage page(&facade);
        page.resize(900, 640);
        page.show();
        QVERIFY(!facade.models()->current());
        QVERIFY2(page.modelText().contains(QStringLiteral("alpha-beta")), qPrintable(page.modelText()));
        QVERIFY(facade.levelDescription(PlayLevel::Amateur).contains(QStringLiteral("alpha-beta")));
        QCOMPARE(page.modelPicker()->comboBox()->currentIndex(), 0);
        // The AI (Red) moves with the alpha-beta level.
        QSignalSpy moved(&facade, &StudioFacade::engineMoved);
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(&page, "level"),
                                    int(PlayLevel::Beginner)));
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(&page, "humanSide"), 1));  // Black
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 20000);
        const auto reply = moved.at(0).at(0).value<EngineReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(reply.playerName, QStringLiteral("level:beginner"));
    }

    void chosenModelDrivesThePlayLevels() {
        StudioFacade facade;
        facade.setGameDatabase(dir_.filePath(QStringLiteral("games.db")));
        facade.models()->setDatabase(db_);
        PlayPage page(&facade);
        page.resize(900, 640);
        page.show();
        QVERIFY2(page.modelText().contains(QStringLiteral("new-run")), qPrintable(page.modelText()));
        QVERIFY(!page.modelText().contains(QStringLiteral("alpha-beta")));
        QVERIFY(facade.levelDescription(PlayLevel::Amateur).contains(QStringLiteral("MCTS")));
        ModelPicker* picker = page.modelPicker();
        QCOMPARE(picker->comboBox()->currentIndex(), pickerIndexOf(picker, newBest_));

        // Beginner with the default model: one policy sample of that net.
        QSignalSpy moved(&facade, &StudioFacade::engineMoved);
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(&page, "level"),
                                    int(PlayLevel::Beginner)));
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(&page, "humanSide"), 1));  // Black
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 30000);
        auto reply = moved.at(0).at(0).value<EngineReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(reply.playerName, QStringLiteral("policy:%1@1.0").arg(newBest_));
        QTRY_COMPARE_WITH_TIMEOUT(page.game().plies(), 1, 5000);

        // The user picks the old run's model in the combo box: Amateur searches with it.
        const int oldIndex = pickerIndexOf(picker, oldBest_);
        QVERIFY(oldIndex > 0);
        QVERIFY(xqtest::chooseIndex(picker->comboBox(), oldIndex));
        QCOMPARE(facade.models()->currentFile(), oldBest_);
        QVERIFY(!facade.models()->automatic());
        QCOMPARE(picker->comboBox()->currentIndex(), oldIndex);
        QVERIFY(page.modelText().contains(QStringLiteral("old-run")));
        QVERIFY(xqtest::chooseIndex(xqtest::control<QComboBox>(&page, "level"),
                                    int(PlayLevel::Amateur)));
        QVERIFY(page.showSearchBox()->isChecked());  // on by default for the MCTS levels
        QVERIFY(xqtest::press(&page, "newGame"));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 60000);
        reply = moved.at(1).at(0).value<EngineReply>();
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(reply.playerName, QStringLiteral("net:%1@64").arg(oldBest_));
        QTRY_COMPARE_WITH_TIMEOUT(page.game().plies(), 1, 5000);

        // Undo and hint keep working with a net: the human (Black) replies, the net answers,
        // undo takes both back; a hint (Advanced, MCTS) draws an arrow and plays nothing.
        // The human's move is clicked on the board, from-square then to-square.
        xq::MoveList ml;
        page.game().current().legalMoves(ml);
        BoardWidget* board = page.board();
        QTest::mouseClick(board, Qt::LeftButton, {}, board->squareCenter(ml[0].from()));
        QTest::mouseClick(board, Qt::LeftButton, {}, board->squareCenter(ml[0].to()));
        QTRY_COMPARE_WITH_TIMEOUT(page.game().plies(), 3, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!page.aiThinking(), 5000);
        QVERIFY(xqtest::press(&page, "undo"));
        QCOMPARE(page.game().plies(), 1);
        const int shownBefore = page.snapshotsShown();
        QVERIFY(xqtest::press(&page, "hint"));
        // While it searches (1.5 s for a hint), its visits show on the board as a heatmap.
        QTRY_VERIFY_WITH_TIMEOUT(page.snapshotsShown() > shownBefore, 60000);
        QVERIFY(!page.board()->heatmap().isEmpty() || !page.aiThinking());
        QTRY_COMPARE_WITH_TIMEOUT(page.board()->arrows().size(), 1, 60000);
        QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
        QCOMPARE(page.game().plies(), 1);
        QVERIFY(xqtest::press(&page, "resign"));
        QVERIFY(page.game().status().over());
        QVERIFY(!xqtest::control(&page, "resign")->isEnabled());  // nothing left to resign

        // "No model": back to alpha-beta, said on the page.
        QVERIFY(xqtest::chooseIndex(picker->comboBox(), 0));
        QVERIFY(!facade.models()->current());
        QVERIFY(page.modelText().contains(QStringLiteral("alpha-beta")));
        moved.clear();  // the net's reply and the hint above came through here too
        QVERIFY(xqtest::press(&page, "newGame"));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 30000);
        QCOMPARE(moved.at(0).at(0).value<EngineReply>().playerName, QStringLiteral("level:amateur"));
    }

    void analyzeFollowsTheSharedChoice() {
        StudioFacade facade;
        facade.models()->setDatabase(db_);
        PlayPage play(&facade);
        AnalyzePage analyze;
        analyze.setModelChoice(facade.models());
        play.show();
        analyze.show();
        // The default model, named on the page.
        QCOMPARE(analyze.modelPath(), newBest_);
        QString note = analyze.evaluatorNote()->text();
        QVERIFY2(note.contains(QStringLiteral("new-run")) && note.contains(QStringLiteral("new-gen1.xqm")), qPrintable(note));
        QCOMPARE(analyze.modelPicker()->comboBox()->currentIndex(), pickerIndexOf(analyze.modelPicker(), newBest_));

        // Picked on the Play page: Analyze loads the same model; both pickers agree.
        QVERIFY(xqtest::chooseIndex(play.modelPicker()->comboBox(),
                                    pickerIndexOf(play.modelPicker(), newGen0_)));
        QCOMPARE(analyze.modelPath(), newGen0_);
        QVERIFY(analyze.evaluatorNote()->text().contains(QStringLiteral("new-gen0.xqm")));
        QCOMPARE(analyze.modelPicker()->comboBox()->currentIndex(), pickerIndexOf(analyze.modelPicker(), newGen0_));

        // Chosen while a search runs: loaded when the search has ended.
        analyze.setSimulationLimit(0);  // until Stop
        QVERIFY(xqtest::press(&analyze, "startAnalysis"));
        QVERIFY(analyze.isRunning());
        QVERIFY(xqtest::chooseIndex(analyze.modelPicker()->comboBox(), 0));  // "no network"
        QTRY_VERIFY_WITH_TIMEOUT(!analyze.isRunning(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(analyze.modelPath().isEmpty(), 5000);
        note = analyze.evaluatorNote()->text();
        QVERIFY2(note.contains(QStringLiteral("uniform")), qPrintable(note));
        QCOMPARE(analyze.modelPicker()->comboBox()->currentIndex(), 0);

        // A file opened by hand (outside the database) is a choice too.
        facade.models()->setDatabase({});
        QVERIFY(facade.models()->chooseFile(oldBest_));
        QCOMPARE(analyze.modelPath(), oldBest_);
        QVERIFY(analyze.evaluatorNote()->text().contains(QStringLiteral("old-gen1.xqm")));
        QVERIFY(play.modelText().contains(QStringLiteral("old-gen1.xqm")));
    }

    void badFileIsRefusedAndTheChoiceStays() {
        ModelChoice choice;
        choice.setDatabase(db_);
        const QString bad = dir_.filePath(QStringLiteral("bad.xqm"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a model");
        f.close();
        QString error;
        QVERIFY(!choice.chooseFile(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.xqm")), qPrintable(error));
        QCOMPARE(choice.currentFile(), newBest_);
        QVERIFY(choice.automatic());
    }

    void automaticChoiceFollowsNewGenerations() {
        // A copy of the database: a new accepted generation appears, reload() moves on to it.
        const QString db = dir_.filePath(QStringLiteral("growing.db"));
        const QString gen0 = dir_.filePath(QStringLiteral("grow-gen0.xqm"));
        const QString gen1 = dir_.filePath(QStringLiteral("grow-gen1.xqm"));
        QVERIFY(writeTinyModel(gen0, 0, 5));
        QVERIFY(writeTinyModel(gen1, 1, 6));
        const int64_t run = addAcceptedGeneration(db, 0, 0, gen0);
        ModelChoice choice;
        choice.setDatabase(db);
        QCOMPARE(choice.currentFile(), gen0);
        addAcceptedGeneration(db, run, 1, gen1);
        choice.reload();
        QCOMPARE(choice.currentFile(), gen1);
        // A choice by hand stays put across reloads until the default is asked for again.
        QVERIFY(choice.chooseFile(gen0));
        choice.reload();
        QCOMPARE(choice.currentFile(), gen0);
        choice.chooseDefault();
        QCOMPARE(choice.currentFile(), gen1);
    }

    // A run trained by another process on the same database: opening the picker's list reads
    // the database again, so the new generation is offered and (automatic mode) chosen.
    void pickerOffersGenerationsPublishedElsewhere() {
        const QString db = dir_.filePath(QStringLiteral("elsewhere.db"));
        const QString gen0 = dir_.filePath(QStringLiteral("else-gen0.xqm"));
        const QString gen1 = dir_.filePath(QStringLiteral("else-gen1.xqm"));
        QVERIFY(writeTinyModel(gen0, 0, 7));
        QVERIFY(writeTinyModel(gen1, 1, 8));
        const int64_t run = addAcceptedGeneration(db, 0, 0, gen0, "elsewhere");
        ModelChoice choice;
        choice.setDatabase(db);
        ModelPicker picker(&choice, QStringLiteral("none"));
        picker.show();
        QCOMPARE(choice.currentFile(), gen0);
        QCOMPARE(pickerIndexOf(&picker, gen1), -1);
        addAcceptedGeneration(db, run, 1, gen1);  // published by another process
        picker.comboBox()->showPopup();
        QVERIFY(pickerIndexOf(&picker, gen1) >= 0);
        QCOMPARE(choice.currentFile(), gen1);
        picker.comboBox()->hidePopup();
    }
};

QTEST_MAIN(TestModels)
#include "test_models.moc"
