// The Train page's widgets, their connections and texts, and the "Start from" choice. The
// database and its runs: train_page_runs.cpp; running a session and its live points:
// train_page_session.cpp.
#include "ui/pages/train_page.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/store/paths.h"
#include "ui/train/live_game_view.h"
#include "ui/train/param_form.h"
#include "ui/train/train_charts.h"
#include "ui/train/train_status.h"
#include "ui/train/workers_table.h"

namespace xqui {

namespace {

constexpr int kLogLines = 5000;

// A wrapped line of coloured text that the page shows only when it has something to say.
QLabel* hiddenNote(QWidget* parent, const QString& objectName, const QString& color) {
    auto* note = new QLabel(parent);
    note->setObjectName(objectName);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("QLabel{color:%1;}").arg(color));
    note->hide();
    return note;
}

}  // namespace

TrainPage::TrainPage(TrainingSession* session, QWidget* parent)
    : QWidget(parent), session_(session) {
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildLeft());
    split->addWidget(buildRight());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 900});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addWidget(split);
    retranslate();

    connect(session_, &TrainingSession::stateChanged, this, &TrainPage::onState);
    connect(session_, &TrainingSession::progress, this, &TrainPage::onProgress);
    connect(session_, &TrainingSession::trainSteps, this, &TrainPage::onSteps);
    connect(session_, &TrainingSession::heldOutChecks, this, &TrainPage::onHeldOut);
    connect(session_, &TrainingSession::generationFinished, this, &TrainPage::onGeneration);
    connect(session_, &TrainingSession::ladderRated, this, &TrainPage::onLadder);
    connect(session_, &TrainingSession::logLine, this, &TrainPage::appendLog);
    connect(session_, &TrainingSession::failed, this, [this](const QString& m) {
        appendLog(2, tr("Training failed: %1").arg(m));
        emit statusMessage(tr("Training failed: %1").arg(m));
    });
    connect(session_, &TrainingSession::finished, this, &TrainPage::onFinished);
    connect(session_, &TrainingSession::liveGame, live_, &LiveGameView::setGame);
    connect(live_, &LiveGameView::slotRequested, session_, &TrainingSession::setLiveGame);

    // A run on a PostgreSQL database is trained elsewhere: its charts are read again while
    // this page shows it (an SQLite run of this session is fed live by the session instead).
    watch_ = new QTimer(this);
    watch_->setInterval(kWatchIntervalMs);
    connect(watch_, &QTimer::timeout, this, &TrainPage::reloadWatchedRun);
    watch_->start();

    QSettings s;
    const QString db = s.value(QStringLiteral("train/database")).toString();
    setDatabase(db.isEmpty() ? QString::fromStdString(xq::store::defaultDatabasePath()) : db);
    const QString preset =
        s.value(QStringLiteral("train/preset"), QStringLiteral("quick")).toString();
    form_->setPreset(preset);
    name_->setText(freshRunName());
    setBlasProblem(TrainingSession::blasProblem());
    onState(session_->state());
}

void TrainPage::setBlasProblem(const TrainingSession::BlasProblem& problem) {
    blasProblem_ = problem;
    blasNote_->setVisible(problem.kind != TrainingSession::BlasProblem::Kind::None);
    retranslate();
}

TrainPage::~TrainPage() {
    // A history load still reading would call back into a page that is gone (the connection
    // is dropped, but the thread object must not outlive the application's event loop).
    for (const auto& t : loaders_)
        if (t) t->wait();
}

QWidget* TrainPage::buildLeft() {
    auto* left = new QWidget;
    auto* v = new QVBoxLayout(left);
    v->setContentsMargins(0, 0, 4, 0);
    v->addWidget(buildRunBox(left));
    v->addWidget(buildLeftTabs(left), 1);
    left->setMinimumWidth(340);
    return left;
}

// The "Run" box: database, name and start of a new run, and the runs stored in the database.
QGroupBox* TrainPage::buildRunBox(QWidget* parent) {
    auto* runBox = new QGroupBox(parent);
    runBox_ = runBox;
    auto* rf = new QFormLayout(runBox);
    addDatabaseRow(runBox, rf);
    addNameRows(runBox, rf);
    addStartFrom(runBox, rf);
    addRunList(runBox, rf);
    return runBox;
}

// The database path with its buttons for an SQLite file and a PostgreSQL database.
void TrainPage::addDatabaseRow(QWidget* runBox, QFormLayout* rf) {
    db_ = new QLineEdit(runBox);
    db_->setObjectName(QStringLiteral("databasePath"));
    db_->setReadOnly(true);
    dbButton_ = new QPushButton(runBox);
    connect(dbButton_, &QPushButton::clicked, this, &TrainPage::chooseDatabase);
    dbUriButton_ = new QPushButton(runBox);
    dbUriButton_->setObjectName(QStringLiteral("postgresButton"));
    connect(dbUriButton_, &QPushButton::clicked, this, &TrainPage::choosePostgres);
    auto* dbRow = new QHBoxLayout;
    dbRow->addWidget(db_, 1);
    dbRow->addWidget(dbButton_);
    dbRow->addWidget(dbUriButton_);
    dbLabel_ = new QLabel(runBox);
    rf->addRow(dbLabel_, dbRow);
}

// The new run's name, and below it why the typed name cannot be one (hidden when it can).
void TrainPage::addNameRows(QWidget* runBox, QFormLayout* rf) {
    name_ = new QLineEdit(runBox);
    name_->setObjectName(QStringLiteral("runName"));
    connect(name_, &QLineEdit::textChanged, this, &TrainPage::updateButtons);
    nameLabel_ = new QLabel(runBox);
    rf->addRow(nameLabel_, name_);
    // The name becomes a folder: one that fails the rule (core/store/run_name.h) is explained
    // here as it is typed, and Start stays off.
    nameProblem_ = hiddenNote(runBox, QStringLiteral("runNameProblem"), QStringLiteral("#b00020"));
    rf->addRow(nameProblem_);
}

// The runs of the database (selecting one shows it on the charts), with Continue and Refresh.
void TrainPage::addRunList(QWidget* runBox, QFormLayout* rf) {
    runs_ = new QTreeWidget(runBox);
    runs_->setObjectName(QStringLiteral("runList"));
    runs_->setRootIsDecorated(false);
    runs_->setUniformRowHeights(true);
    runs_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    runs_->setMinimumHeight(110);
    connect(runs_, &QTreeWidget::itemSelectionChanged, this, [this] {
        const QString name = selectedRun();
        if (!name.isEmpty()) showRun(name);
        updateButtons();
    });
    rf->addRow(runs_);
    continue_ = new QPushButton(runBox);
    continue_->setObjectName(QStringLiteral("continueButton"));
    connect(continue_, &QPushButton::clicked, this, &TrainPage::continueSelected);
    refresh_ = new QPushButton(runBox);
    connect(refresh_, &QPushButton::clicked, this, &TrainPage::refreshRuns);
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(continue_);
    runButtons->addWidget(refresh_);
    runButtons->addStretch(1);
    rf->addRow(runButtons);
}

// The settings and the live self-play board share the column below the run: the form is
// read-only while a run goes, and the charts on the right keep their whole width.
QTabWidget* TrainPage::buildLeftTabs(QWidget* parent) {
    leftTabs_ = new QTabWidget(parent);
    leftTabs_->setObjectName(QStringLiteral("trainLeftTabs"));
    auto* setBox = new QWidget(leftTabs_);
    auto* sv = new QVBoxLayout(setBox);
    sv->setContentsMargins(6, 6, 6, 6);
    form_ = new ParamForm(setBox);
    connect(form_, &ParamForm::presetChosen, this,
            [](const QString& p) { QSettings().setValue(QStringLiteral("train/preset"), p); });
    sv->addWidget(form_);
    leftTabs_->addTab(setBox, QString());
    liveTab_ = new QWidget(leftTabs_);
    liveTab_->setObjectName(QStringLiteral("liveGameTab"));
    auto* lv = new QVBoxLayout(liveTab_);
    lv->setContentsMargins(6, 6, 6, 6);
    live_ = new LiveGameView(liveTab_);
    lv->addWidget(live_);
    leftTabs_->addTab(liveTab_, QString());
    return leftTabs_;
}

QWidget* TrainPage::buildRight() {
    auto* right = new QWidget;
    auto* v = new QVBoxLayout(right);
    v->setContentsMargins(4, 0, 0, 0);

    auto* bar = new QHBoxLayout;
    state_ = new QLabel(right);
    state_->setObjectName(QStringLiteral("trainState"));
    state_->setMinimumWidth(110);
    state_->setAlignment(Qt::AlignCenter);
    bar->addWidget(state_);
    start_ = new QPushButton(right);
    start_->setObjectName(QStringLiteral("startButton"));
    pause_ = new QPushButton(right);
    pause_->setObjectName(QStringLiteral("pauseButton"));
    resume_ = new QPushButton(right);
    resume_->setObjectName(QStringLiteral("resumeButton"));
    stop_ = new QPushButton(right);
    stop_->setObjectName(QStringLiteral("stopButton"));
    for (QPushButton* b : {start_, pause_, resume_, stop_}) bar->addWidget(b);
    replay_ = new QPushButton(right);
    replay_->setObjectName(QStringLiteral("replayLastGame"));
    replay_->setEnabled(false);
    bar->addWidget(replay_);
    playGen_ = new QPushButton(right);
    playGen_->setObjectName(QStringLiteral("playGeneration"));
    playGen_->setEnabled(false);
    bar->addWidget(playGen_);
    connect(replay_, &QPushButton::clicked, this, [this] {
        if (lastGameId_ > 0) emit replayRequested(lastGameId_);
    });
    connect(playGen_, &QPushButton::clicked, this, [this] {
        if (!lastModelFile_.isEmpty()) emit playRequested(lastModelFile_);
    });
    connect(session_, &TrainingSession::gameFinished, this,
            [this](const xq::train::GameFinished& g) {
                if (g.gameId <= 0) return;
                lastGameId_ = g.gameId;
                replay_->setEnabled(true);
            });
    connect(session_, &TrainingSession::generationPublished, this,
            [this](int gen, const QString& file) {
                lastGeneration_ = gen;
                lastModelFile_ = file;
                playGen_->setEnabled(true);
                retranslate();
            });
    bar->addStretch(1);
    resetZoom_ = new QPushButton(right);
    bar->addWidget(resetZoom_);
    v->addLayout(bar);
    connect(start_, &QPushButton::clicked, this, &TrainPage::startNew);
    connect(pause_, &QPushButton::clicked, session_, &TrainingSession::pause);
    connect(resume_, &QPushButton::clicked, session_, &TrainingSession::resume);
    connect(stop_, &QPushButton::clicked, session_, &TrainingSession::stop);

    blasNote_ = hiddenNote(right, QStringLiteral("blasNote"), QStringLiteral("#8a4b00"));
    v->addWidget(blasNote_);

    status_ = new TrainStatus(right);
    v->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical, right);
    charts_ = new TrainCharts(split);
    connect(resetZoom_, &QPushButton::clicked, charts_, &TrainCharts::resetZoom);
    workers_ = new WorkersPanel(split);  // hidden unless the run has workers
    log_ = new QPlainTextEdit(split);
    log_->setObjectName(QStringLiteral("trainLog"));
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(kLogLines);
    split->addWidget(charts_);
    split->addWidget(workers_);
    split->addWidget(log_);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 0);
    split->setStretchFactor(2, 1);
    v->addWidget(split, 1);
    return right;
}

// Every fixed text of the page (the state label follows the session: updateButtons()).
void TrainPage::retranslate() {
    runBox_->setTitle(tr("Run"));
    dbButton_->setText(tr("Choose…"));
    dbButton_->setToolTip(tr("Choose or create the database the runs are stored in."));
    dbUriButton_->setText(tr("PostgreSQL…"));
    dbUriButton_->setToolTip(
        tr("Watch the runs of a shared PostgreSQL database (workers and trainers on other hosts), "
           "read-only."));
    dbLabel_->setText(tr("Database"));
    const QString blasPath = QDir::toNativeSeparators(blasProblem_.path);
    if (blasProblem_.kind == TrainingSession::BlasProblem::Kind::Reference)
        blasNote_->setText(
            tr("LibTorch calls the reference BLAS (%1): self-play and training on the CPU run "
               "slower than they need to. Install libopenblas0-pthread (./run.sh does) and start "
               "the studio again.")
                .arg(blasPath));
    else if (blasProblem_.kind == TrainingSession::BlasProblem::Kind::SerialOpenBlas)
        blasNote_->setText(
            tr("LibTorch calls the single-threaded OpenBLAS (%1), which is not safe for two "
               "threads at once, so the network runs on one thread at a time: self-play and "
               "training on the CPU run slower than they need to. Install libopenblas0-pthread "
               "(./run.sh does) and start the studio again.")
                .arg(blasPath));
    nameLabel_->setText(tr("Name"));
    name_->setToolTip(
        tr("Name of the new run (unique in the database); its models go to models/<name> next to "
           "the database."));
    runs_->setHeaderLabels(
        {tr("Earlier run"), tr("Preset"), tr("Gen."), tr("Steps"), tr("Created"),
         tr("Trained by")});
    retranslateStartFrom();
    continue_->setText(tr("Continue run"));
    refresh_->setText(tr("Refresh"));
    leftTabs_->setTabText(0, tr("Settings for a new run"));
    leftTabs_->setTabText(1, tr("Self-play now"));
    start_->setText(tr("Start"));
    pause_->setText(tr("Pause"));
    pause_->setToolTip(tr("Hold after the moves in flight; nothing is lost."));
    resume_->setText(tr("Resume"));
    stop_->setText(tr("Stop"));
    stop_->setToolTip(tr("Stop at the next checkpoint; the run can be continued later."));
    replay_->setText(tr("Replay last game"));
    replay_->setToolTip(
        tr("Open the last finished self-play game in the Library, with the search's visits at each "
           "move."));
    playGen_->setText(lastGeneration_ < 0 ? tr("Play against it")
                                          : tr("Play against generation %1").arg(lastGeneration_));
    playGen_->setToolTip(tr("Play the newest generation of this run on the Play page."));
    resetZoom_->setText(tr("Reset zoom"));
    resetZoom_->setToolTip(tr(
        "Show all the data again after zooming or panning a chart (drag pans, the wheel zooms)."));
    log_->setPlaceholderText(tr("Events of the training loop appear here."));
    state_->setText(TrainingSession::stateName(session_->state()));
    updateButtons();
}

// The "Start from" row: item texts come from retranslateStartFrom(), the PGN item's file from
// chooseStartGames().
void TrainPage::addStartFrom(QWidget* box, QFormLayout* form) {
    startFrom_ = new QComboBox(box);
    startFrom_->setObjectName(QStringLiteral("startFrom"));
    for (int i = 0; i < 4; ++i) startFrom_->addItem(QString());
    startFrom_->setItemData(2, QStringLiteral("kind:imported"));
    connect(startFrom_, &QComboBox::activated, this, &TrainPage::chooseStartGames);
    startFromLabel_ = new QLabel(box);
    form->addRow(startFromLabel_, startFrom_);
}

QString TrainPage::bundledGamesFile() {
    const QString app = QCoreApplication::applicationDirPath();
    // Installed: <prefix>/bin and <prefix>/share; the build tree: build/app/xqstudio and
    // build/share (and the page's tests in build/tests/ui/train).
    for (const QString& rel : {QStringLiteral("/../share/xqzero/games/wukong-masters.pgn"),
                               QStringLiteral("/../../share/xqzero/games/wukong-masters.pgn"),
                               QStringLiteral("/../../../share/xqzero/games/wukong-masters.pgn")}) {
        const QFileInfo f(app + rel);
        if (f.isFile()) return f.canonicalFilePath();
    }
    return {};
}

void TrainPage::retranslateStartFrom() {
    startFromLabel_->setText(tr("Start from"));
    startFrom_->setToolTip(
        tr("What the new run's generation 0 learns before self-play: nothing (a random network), "
           "or the moves played in a collection of games (a share held out to measure it). The "
           "steps and the held-out share are settings of the run."));
    const QString bundled = bundledGamesFile();
    startFrom_->setItemText(0, tr("A random network"));
    startFrom_->setItemText(1, bundled.isEmpty() ? tr("Master games (not installed)")
                                                 : tr("Master games (1,125 tournament games, bundled)"));
    startFrom_->setItemData(1, bundled.isEmpty() ? QVariant() : QVariant(bundled));
    if (auto* items = qobject_cast<QStandardItemModel*>(startFrom_->model()))
        items->item(1)->setEnabled(!bundled.isEmpty());
    startFrom_->setItemText(2, tr("The games imported into the Library"));
    startFrom_->setItemText(3, startGamesFile_.isEmpty()
                                   ? tr("A PGN file…")
                                   : tr("PGN file: %1").arg(QFileInfo(startGamesFile_).fileName()));
}

// The last item asks for a PGN file; cancelling keeps the choice from before.
void TrainPage::chooseStartGames(int index) {
    if (index == 3) {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Games to start from"), startGamesFile_.isEmpty() ? QDir::homePath() : startGamesFile_,
            tr("PGN games (*.pgn);;All files (*)"));
        if (file.isEmpty()) {
            startFrom_->setCurrentIndex(startFromIndex_);
            return;
        }
        startGamesFile_ = file;
        startFrom_->setItemData(3, file);
        retranslateStartFrom();
    }
    startFromIndex_ = startFrom_->currentIndex();
}

void TrainPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && runBox_) retranslate();
    QWidget::changeEvent(e);
}

}  // namespace xqui
