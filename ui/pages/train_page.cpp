#include "ui/pages/train_page.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/error.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/store/store_error.h"
#include "ui/train/live_game_view.h"
#include "ui/train/param_form.h"
#include "ui/train/param_texts.h"
#include "ui/train/train_charts.h"
#include "ui/train/train_status.h"
#include "ui/train/workers_table.h"
#include "ui/db_location.h"
#include "ui/error_text.h"

namespace xqui {

using namespace xq::train;
using State = TrainingSession::State;

namespace {

constexpr int kSpeedPointIntervalMs = 10000;  // one games/hour point per 10 s of self-play
constexpr int kLogLines = 5000;

QString stateColor(State s) {
    switch (s) {
        case State::Idle:
            return QStringLiteral("#8a8a8a");
        case State::SelfPlay:
            return QStringLiteral("#2f7d32");
        case State::Training:
            return QStringLiteral("#1f5fa8");
        case State::Evaluating:
            return QStringLiteral("#7b3fa0");
        case State::Paused:
            return QStringLiteral("#c48a00");
        case State::Stopping:
            return QStringLiteral("#b3441f");
    }
    return {};
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
    onState(session_->state());
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
    nameProblem_ = new QLabel(runBox);
    nameProblem_->setObjectName(QStringLiteral("runNameProblem"));
    nameProblem_->setWordWrap(true);
    nameProblem_->setStyleSheet(QStringLiteral("QLabel{color:#b00020;}"));
    nameProblem_->hide();
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

void TrainPage::setDatabase(const QString& path) {
    dbPath_ = databaseFromInput(path);
    db_->setText(displayDatabase(dbPath_));
    db_->setCursorPosition(0);  // a long URI shows its host and name, not its parameters
    db_->setToolTip(db_->text());
    chartRun_.clear();
    charts_->clear();
    workers_->clear();
    // The links point into the old database: gone with it.
    lastGameId_ = 0;
    lastGeneration_ = -1;
    lastModelFile_.clear();
    if (replay_) {
        replay_->setEnabled(false);
        playGen_->setEnabled(false);
        retranslate();
    }
    refreshRuns();
    emit databaseChanged(dbPath_);
}

QString TrainPage::database() const {
    return dbPath_;
}
void TrainPage::setRunName(const QString& name) {
    name_->setText(name);
}
QString TrainPage::runName() const {
    return name_->text().trimmed();
}

QString TrainPage::freshRunName() {
    return QStringLiteral("run-") +
           QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm"));
}

void TrainPage::chooseDatabase() {
    // A new file name is fine: the store creates it on the first run.
    // A PostgreSQL URI names no folder: start beside the default file.
    const QString start = isDatabaseUri(database())
                              ? QString::fromStdString(xq::store::defaultDatabasePath())
                              : database();
    const QString file = QFileDialog::getSaveFileName(this, tr("Training database"), start,
                                                      tr("XQZero databases (*.db);;All files (*)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (file.isEmpty()) return;
    QSettings().setValue(QStringLiteral("train/database"), file);
    setDatabase(file);
}

void TrainPage::choosePostgres() {
    // The field shows the current URI masked; accepted unchanged it keeps the real one.
    const QString current = isDatabaseUri(database()) ? displayDatabase(database())
                                                      : QStringLiteral("postgresql://");
    bool ok = false;
    const QString typed = QInputDialog::getText(
        this, tr("PostgreSQL database"),
        tr("Connection URI, e.g. postgresql://xq@dbhost/xqzero (a password is best kept in "
           "~/.pgpass):"),
        QLineEdit::Normal, current, &ok);
    if (!ok) return;
    const QString uri = typed.trimmed() == current && isDatabaseUri(database())
                            ? database()
                            : databaseFromInput(typed);
    if (!isDatabaseUri(uri)) {
        QMessageBox::warning(this, tr("PostgreSQL database"),
                             tr("“%1” is not a PostgreSQL URI: it must start with postgresql:// "
                                "or postgres://.")
                                 .arg(typed.trimmed()));
        return;
    }
    QSettings().setValue(QStringLiteral("train/database"), uri);
    setDatabase(uri);
}

void TrainPage::refreshRuns() {
    const QString keep = selectedRun();
    QString error;
    const std::vector<RunSummary> runs = listRuns(database(), &error);
    QSignalBlocker block(runs_);
    runs_->clear();
    const QLocale loc;
    for (const RunSummary& r : runs) {
        auto* it = new QTreeWidgetItem(runs_);
        it->setText(0, r.name);
        // The preset's title without its explanation in brackets ("Quick (64×3, …)" -> "Quick").
        QString preset = r.preset.isEmpty() ? QString() : presetTitle(r.preset);
        const qsizetype cut = preset.indexOf(QRegularExpression(QStringLiteral("[ (（]")));
        if (cut > 0) preset.truncate(cut);
        it->setText(1, preset);
        it->setText(2, loc.toString(r.generation));
        it->setText(3, loc.toString(qlonglong(r.steps)));
        it->setText(4, QDateTime::fromMSecsSinceEpoch(r.createdMs)
                           .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        const QString trainer =
            r.trainerHost.isEmpty()
                ? QString()
                : tr("pid %1 on %2 since %3")
                      .arg(r.trainerPid)
                      .arg(r.trainerHost,
                           QDateTime::fromMSecsSinceEpoch(r.trainerSinceMs)
                               .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        it->setText(5, trainer);
        it->setData(0, Qt::UserRole, qlonglong(r.id));
        it->setData(5, Qt::UserRole, trainer);
        it->setToolTip(0, r.configJson);
        if (!trainer.isEmpty()) {
            // The column may be scrolled out of view: the row says it too.
            it->setIcon(0, style()->standardIcon(QStyle::SP_MediaPlay));
            const QString tip = tr("Being trained by %1").arg(trainer);
            for (int c = 1; c < runs_->columnCount(); ++c) it->setToolTip(c, tip);
            it->setToolTip(0, tip + QStringLiteral("\n\n") + r.configJson);
        }
        if (r.name == keep) it->setSelected(true);
    }
    if (!error.isEmpty()) appendLog(1, tr("Cannot read the runs of %1: %2").arg(displayDatabase(database()), error));
    updateButtons();
}

QString TrainPage::selectedRun() const {
    const auto sel = runs_->selectedItems();
    return sel.isEmpty() ? QString() : sel.first()->text(0);
}

namespace {

// Changes whenever SQLite writes to the database: the main file's and the write-ahead log's
// sizes and modification times.
QString databaseFileStamp(const QString& path) {
    QString stamp;
    for (const QString& f : {path, path + QStringLiteral("-wal")}) {
        const QFileInfo fi(f);
        stamp += QStringLiteral("%1:%2;").arg(fi.exists() ? fi.size() : -1).arg(
            fi.exists() ? fi.lastModified().toMSecsSinceEpoch() : -1);
    }
    return stamp;
}

}  // namespace

bool TrainPage::showRun(const QString& name, bool wait) {
    QTreeWidgetItem* found = nullptr;
    for (int i = 0; i < runs_->topLevelItemCount(); ++i)
        if (runs_->topLevelItem(i)->text(0) == name) found = runs_->topLevelItem(i);
    if (!found) return false;
    {
        QSignalBlocker block(runs_);
        runs_->clearSelection();
        found->setSelected(true);
        runs_->setCurrentItem(found);
    }
    chartRun_ = name;
    const int64_t id = found->data(0, Qt::UserRole).toLongLong();
    const quint64 request = ++historyRequest_;
    historyLoading_ = true;
    if (!isDatabaseUri(database())) historyStamp_ = databaseFileStamp(database());
    if (wait) {
        applyHistory(loadRunHistory(database(), id));
    } else {
        QThread* t =
            loadRunHistoryAsync(database(), id, this, [this, request](const RunHistory& h) {
                if (request == historyRequest_) applyHistory(h);
            });
        loaders_.removeAll(nullptr);
        loaders_.append(t);
    }
    updateButtons();
    return true;
}

void TrainPage::reloadWatchedRun() {
    if (chartRun_.isEmpty() || historyLoading_ || !isVisible()) return;
    if (!isDatabaseUri(database())) {
        if (session_->running() && session_->runName() == chartRun_) return;  // its points come live
        if (databaseFileStamp(database()) == historyStamp_) return;
    }
    showRun(chartRun_, false);
}

bool TrainPage::showNewestRun() {
    refreshRuns();
    const int n = runs_->topLevelItemCount();
    if (n == 0) return false;
    const bool ok = showRun(runs_->topLevelItem(n - 1)->text(0), true);
    charts_->flush();
    return ok;
}

void TrainPage::applyHistory(const RunHistory& h) {
    historyLoading_ = false;
    if (!h.error.isEmpty())
        appendLog(1, tr("Cannot read the history of run %1: %2").arg(chartRun_, h.error));
    charts_->setHistory(h);
    workers_->setRun(database(), h);
    // Live points newer than what the table held when it was read.
    const double lastStep = h.lossStep.isEmpty() ? -1 : h.lossStep.last();
    for (const LiveLoss& l : liveLoss_)
        if (l.step > lastStep) charts_->addLoss(l.step, l.total, l.policy, l.value);
    const double lastHeld = h.heldOutStep.isEmpty() ? -1 : h.heldOutStep.last();
    for (const LiveHeldOut& c : liveHeldOut_)
        if (c.step > lastHeld) charts_->addHeldOut(c.step, c.value);
    const double lastGen = h.eloGen.isEmpty() ? -1 : h.eloGen.last();
    for (const LiveElo& e : liveElo_)
        if (e.gen > lastGen) charts_->addElo(e.gen, e.elo, e.lo, e.hi);
    const double lastRated = h.ladderGen.isEmpty() ? -1 : h.ladderGen.last();
    for (const LadderRating& r : liveLadder_)
        if (r.generation > lastRated) charts_->addLadder(r);
    const double lastTime = h.speedTime.isEmpty() ? -1 : h.speedTime.last();
    for (const LiveSpeed& s : liveSpeed_)
        if (s.time > lastTime) charts_->addGamesPerHour(s.time, s.value);
    liveLoss_.clear();
    liveElo_.clear();
    liveSpeed_.clear();
    liveHeldOut_.clear();
    liveLadder_.clear();
}

bool TrainPage::chartShowsActiveRun() const {
    return session_->running() && chartRun_ == session_->runName();
}

void TrainPage::startNew() {
    const QString name = runName();
    if (name.isEmpty()) return;
    for (int i = 0; i < runs_->topLevelItemCount(); ++i) {
        if (runs_->topLevelItem(i)->text(0) == name) {
            QMessageBox::information(
                this, tr("Train"),
                tr("A run named %1 already exists in this database. Choose another name, "
                   "or select it in the list and press Continue run.")
                    .arg(name));
            return;
        }
    }
    startRun(false, name);
}

void TrainPage::continueSelected() {
    const QString name = selectedRun();
    if (!name.isEmpty()) startRun(true, name);
}

void TrainPage::startRun(bool resume, const QString& name) {
    if (session_->running()) return;
    PipelineOptions o;
    o.config = form_->config();
    o.presetName = form_->preset().toStdString();
    o.dbPath = database().toStdString();
    o.runName = name.toStdString();
    o.resume = resume;
    if (!resume) o.initGames = startFrom_->currentData().toString().toStdString();
    try {
        xq::store::ensureParentDirectory(o.dbPath);
    } catch (const std::exception& e) {
        appendLog(2, errorText(e));
        return;
    }
    liveLoss_.clear();
    liveElo_.clear();
    liveSpeed_.clear();
    liveHeldOut_.clear();
    liveLadder_.clear();
    lastSpeedPointMs_ = 0;
    status_->clear();
    live_->reset();
    session_->setLiveGame(0);
    leftTabs_->setCurrentWidget(liveTab_);  // something moves from the first second
    if (!session_->start(o)) return;
    appendLog(0, resume ? tr("Continuing run %1.").arg(name)
                        : tr("Starting run %1 (%2 preset).").arg(name, form_->preset()));
    if (resume) {
        showRun(name);  // its whole history, live points merged as they come
    } else {
        QSignalBlocker block(runs_);
        runs_->clearSelection();
        chartRun_ = name;
        ++historyRequest_;  // an older load must not overwrite the new run's charts
        historyLoading_ = false;
        charts_->clear();
        workers_->clear();
    }
    updateButtons();
}

void TrainPage::onState(State s) {
    state_->setText(TrainingSession::stateName(s));
    state_->setStyleSheet(QStringLiteral("QLabel{background:%1;color:white;border-radius:4px;"
                                         "padding:4px 10px;font-weight:bold;}")
                              .arg(stateColor(s)));
    if (s == State::Paused) appendLog(0, tr("Paused; training holds after the moves in flight."));
    if (s == State::Stopping) appendLog(0, tr("Stopping at the next checkpoint…"));
    updateButtons();
}

void TrainPage::updateButtons() {
    const State s = session_->state();
    const bool idle = !session_->running() && s == State::Idle;
    const bool working = s == State::SelfPlay || s == State::Training || s == State::Evaluating;
    const QString name = runName();
    const bool nameOk = !name.isEmpty() && !xq::store::runNameProblem(name.toStdString());
    if (!name.isEmpty() && !nameOk)
        nameProblem_->setText(
            errorSummary(xq::Error(xq::ErrorCode::RunNameInvalid, {},
                                   xq::store::printableRunName(name.toStdString()))));
    nameProblem_->setVisible(!name.isEmpty() && !nameOk);
    // A stored run whose name fails the rule (written by an older or hostile client) is listed
    // but not continued: its folder would be derived from that name.
    const QString selected = selectedRun();
    const bool selectedOk = !selected.isEmpty() && !xq::store::runNameProblem(selected.toStdString());
    // A run another process trains (its lease is live) is not continued here: two trainers
    // of one run would overwrite each other's checkpoints.
    const auto sel = runs_->selectedItems();
    const QString trainer = sel.isEmpty() ? QString() : sel.first()->data(5, Qt::UserRole).toString();
    start_->setEnabled(idle && nameOk && !database().isEmpty());
    pause_->setEnabled(working);
    resume_->setEnabled(s == State::Paused);
    stop_->setEnabled(working || s == State::Paused);
    continue_->setEnabled(idle && selectedOk && trainer.isEmpty());
    form_->setEnabled(idle);
    name_->setEnabled(idle);
    startFrom_->setEnabled(idle);
    dbButton_->setEnabled(idle);
    dbUriButton_->setEnabled(idle);
    // A PostgreSQL database is watched, never written: its runs are trained by `xqzero train
    // --role trainer` and its games played by `xqzero worker` (README, "Many hosts").
    const bool readOnly = isDatabaseUri(database());
    if (readOnly) {
        start_->setEnabled(false);
        continue_->setEnabled(false);
    }
    const QString why =
        tr("This PostgreSQL database is watched read-only: train it with xqzero train --role "
           "trainer and xqzero worker.");
    start_->setToolTip(readOnly ? why
                                : tr("Start a new run with the name and settings on the left."));
    continue_->setToolTip(
        readOnly ? why
        : !selected.isEmpty() && !selectedOk
            ? tr("This run's name cannot name a model folder, so it is not continued; rename it "
                 "with: xqzero db rename-run -- OLD NEW")
        : !trainer.isEmpty()
            ? tr("This run is being trained by %1; it can be continued once that process "
                 "stops.")
                  .arg(trainer)
            : tr("Resume the selected run from its last checkpoint, with its stored "
                 "settings."));
}

void TrainPage::onProgress(const Progress& p) {
    status_->setProgress(p);
    if (p.stage != Stage::SelfPlay || p.gamesPerHour <= 0) return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (now - lastSpeedPointMs_ < kSpeedPointIntervalMs) return;
    lastSpeedPointMs_ = now;
    if (!chartShowsActiveRun()) return;
    if (historyLoading_) liveSpeed_.push_back({now / 1000.0, p.gamesPerHour});
    charts_->addGamesPerHour(now / 1000.0, p.gamesPerHour);
}

void TrainPage::onSteps(const QVector<TrainStep>& steps) {
    if (!chartShowsActiveRun()) return;
    for (const TrainStep& s : steps) {
        const LiveLoss l{double(s.step), s.stats.totalLoss, s.stats.policyLoss, s.stats.valueLoss};
        if (historyLoading_) liveLoss_.push_back(l);
        charts_->addLoss(l.step, l.total, l.policy, l.value);
    }
}

void TrainPage::onHeldOut(const QVector<HeldOutCheck>& checks) {
    if (!chartShowsActiveRun()) return;
    for (const HeldOutCheck& c : checks) {
        if (historyLoading_) liveHeldOut_.push_back({double(c.step), c.valueLoss});
        charts_->addHeldOut(double(c.step), c.valueLoss);
    }
}

void TrainPage::onGeneration(const GenerationResult& r) {
    // Without a gate match (gate 0: every generation is published) the Elo chain does not
    // move; the ladder rates those generations instead (onLadder).
    if (!r.accepted || r.wins + r.draws + r.losses == 0 || !chartShowsActiveRun()) return;
    const LiveElo e{double(r.candidateGeneration), r.elo, r.eloLo, r.eloHi};
    if (historyLoading_) liveElo_.push_back(e);
    charts_->addElo(e.gen, e.elo, e.lo, e.hi);
}

void TrainPage::onLadder(const LadderRating& r) {
    appendLog(0, tr("Ladder: generation %1 rated %2 Elo [%3, %4] (alpha-beta depth 1 = 0).")
                     .arg(r.generation)
                     .arg(r.rating, 0, 'f', 0)
                     .arg(r.lo, 0, 'f', 0)
                     .arg(r.hi, 0, 'f', 0));
    if (!chartShowsActiveRun()) return;
    if (historyLoading_) liveLadder_.push_back(r);
    charts_->addLadder(r);
}

void TrainPage::onFinished() {
    appendLog(0, tr("Run %1 ended.").arg(session_->runName()));
    refreshRuns();
    // The run now exists: select it so Continue run applies to it, keeping the charts.
    for (int i = 0; i < runs_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* it = runs_->topLevelItem(i);
        if (it->text(0) == chartRun_) {
            QSignalBlocker block(runs_);
            it->setSelected(true);
        }
    }
    if (runName() == session_->runName()) name_->setText(freshRunName());
    updateButtons();
    emit statusMessage(tr("Training stopped."));
    if (closeWhenStopped_) {
        closeWhenStopped_ = false;
        if (QWidget* w = window()) w->close();
    }
}

void TrainPage::appendLog(int level, const QString& text) {
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    QString line = time + QLatin1String("  ") + text.toHtmlEscaped();
    if (level == 1) line = QStringLiteral("<span style='color:#a06000'>%1</span>").arg(line);
    if (level >= 2) line = QStringLiteral("<span style='color:#c00000'><b>%1</b></span>").arg(line);
    log_->appendHtml(line);
}

bool TrainPage::confirmClose() {
    if (!session_->running()) return true;
    if (session_->state() != State::Stopping) {
        const auto answer = QMessageBox::question(
            this, tr("Training is running"),
            tr("Run %1 is training. Stop it at the next checkpoint and close the studio?\n\n"
               "Nothing is lost: the run can be continued later.")
                .arg(session_->runName()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) return false;
        session_->stop();
    }
    closeWhenStopped_ = true;
    emit statusMessage(tr("Stopping training at the next checkpoint, then closing…"));
    return false;
}

}  // namespace xqui
