#include "ui/main_window.h"

#include <QEvent>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/facade/facade_types.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/studio_facade.h"
#include "ui/facade/training_session.h"
#include "ui/pages/analyze_page.h"
#include "ui/pages/library_page.h"
#include "ui/pages/placeholder_page.h"
#include "ui/pages/play_page.h"
#include "ui/pages/train_page.h"
#include "ui/settings_dialog.h"

namespace xqui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowIcon(QIcon(QStringLiteral(":/icons/xqstudio.svg")));
    facade_ = new StudioFacade(this);
    buildNav();
    buildPages();
    connectPages();
    buildCentralWidget();
    buildStatusBar();

    coordsAction_ = new QAction(this);
    coordsAction_->setCheckable(true);
    coordsAction_->setChecked(true);
    connect(coordsAction_, &QAction::toggled, play_, &PlayPage::setShowCoordinates);
    retranslate();
    restoreChoices();
    statusBar()->showMessage(tr("Ready"), 3000);
}

// The side bar; its texts come from retranslate().
void MainWindow::buildNav() {
    nav_ = new QListWidget(this);
    nav_->setObjectName(QStringLiteral("pageNav"));
    nav_->addItems({QString(), QString(), QString(), QString()});
    nav_->setFixedWidth(130);
    nav_->setFocusPolicy(Qt::NoFocus);  // no dotted focus frame on the side bar
    nav_->setStyleSheet(
        QStringLiteral("QListWidget#pageNav{background:#3b2616;color:#f3e2c4;border:none;font-size:"
                       "15px;padding-top:8px;}"
                       "QListWidget#pageNav{outline:0;}"
                       "QListWidget#pageNav::item{padding:12px 14px;border:0px;margin:0px;}"
                       "QListWidget#pageNav::item:selected{background:#b3441f;color:white;}"));
}

// The four pages in the stack, in the order of Page, and the training session.
void MainWindow::buildPages() {
    stack_ = new QStackedWidget(this);
    play_ = new PlayPage(facade_, stack_);
    stack_->addWidget(play_);
    auto* analyze = new AnalyzePage(stack_);
    analyze_ = analyze;
    stack_->addWidget(analyze);
    connect(analyze, &AnalyzePage::playPositionRequested, this,
            [this, analyze] { analyze->setPosition(play_->positionShown()); });
    connect(analyze, &AnalyzePage::statusMessage, this,
            [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    // The session belongs to the window, not the page: a run keeps going across page changes.
    training_ = new TrainingSession(this);
    train_ = new TrainPage(training_, stack_);
    stack_->addWidget(train_);
    library_ = new LibraryPage(stack_);
    stack_->addWidget(library_);
}

// What one page asks of another, and the model choice the pages share.
void MainWindow::connectPages() {
    AnalyzePage* analyze = analyze_;
    // "Analyze this position" on Play and Library: the Analyze page opens on it, history included.
    auto analyzeThere = [this, analyze](const xq::Position& pos) {
        analyze->setPosition(pos);
        setPage(AnalyzePageIndex);
    };
    connect(play_, &PlayPage::analyzeRequested, this, analyzeThere);
    connect(library_, &LibraryPage::analyzeRequested, this, analyzeThere);
    // From a run to what it made: its last game replayed in the Library, its newest generation
    // on the Play page.
    connect(train_, &TrainPage::replayRequested, this, [this](qint64 gameId) {
        library_->setDatabase(train_->database());
        library_->openGame(gameId);
        setPage(LibraryPageIndex);
    });

    // One model for Play and Analyze, listed from the training database: by default the best
    // of the newest run, moving on as training publishes generations and ladder ratings.
    ModelChoice* models = facade_->models();
    models->setDatabase(train_->database());
    connect(train_, &TrainPage::databaseChanged, models, &ModelChoice::setDatabase);
    connect(training_, &TrainingSession::generationFinished, models, &ModelChoice::reload);
    connect(training_, &TrainingSession::ladderRated, models, &ModelChoice::reload);
    connect(training_, &TrainingSession::finished, models, &ModelChoice::reload);
    analyze->setModelChoice(models);
    library_->setModelChoice(models);
    // "Review this game" on Play: the game opens in the Library, which reviews it there.
    connect(play_, &PlayPage::reviewRequested, this, [this](const QString& db, qint64 gameId) {
        if (library_->database() != db) library_->setDatabase(db);
        library_->reviewGame(gameId);
        setPage(LibraryPageIndex);
    });
    connect(train_, &TrainPage::playRequested, this, [this, models](const QString& file) {
        QString error;
        if (!models->chooseFile(file, &error)) {
            statusBar()->showMessage(error, 8000);
            return;
        }
        setPage(PlayPageIndex);
    });
}

// The side bar beside the page stack; choosing a side bar row shows its page.
void MainWindow::buildCentralWidget() {
    auto* central = new QWidget(this);
    auto* layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(nav_);
    layout->addWidget(stack_, 1);
    setCentralWidget(central);
    connect(nav_, &QListWidget::currentRowChanged, stack_, &QStackedWidget::setCurrentIndex);
    // Entering Play or Analyze lists the models again: a run trained by another process on the
    // same database may have published generations since (in automatic mode the choice follows).
    ModelChoice* models = facade_->models();
    connect(stack_, &QStackedWidget::currentChanged, models, [models](int page) {
        if (page == PlayPageIndex || page == AnalyzePageIndex) models->reload();
    });
}

// The engine state at the right of the status bar, and the pages' and the facade's messages
// shown in it.
void MainWindow::buildStatusBar() {
    engineState_ = new QLabel(this);
    statusBar()->addPermanentWidget(engineState_);
    connect(play_, &PlayPage::statusMessage, this,
            [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    connect(train_, &TrainPage::statusMessage, this,
            [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    connect(library_, &LibraryPage::statusMessage, this,
            [this](const QString& t) { statusBar()->showMessage(t, 8000); });
    connect(facade_, &StudioFacade::thinkingChanged, this, [this] { retranslate(); });
    connect(facade_, &StudioFacade::importProgress, this, [this](const ImportProgress& p) {
        statusBar()->showMessage(
            tr("Importing games: %1 read (%2 imported, %3 rejected), %4% of the file")
                .arg(p.games)
                .arg(p.imported)
                .arg(p.rejected)
                .arg(int(p.fraction * 100)));
    });
    connect(facade_, &StudioFacade::importFinished, this, &MainWindow::importFinished);
}

MainWindow::~MainWindow() = default;

// Every text of the window; the menus are rebuilt (their actions keep no state but the
// coordinates toggle, which lives outside them).
void MainWindow::retranslate() {
    setWindowTitle(tr("XQZero Studio"));
    const QStringList pages = {tr("Play"), tr("Analyze"), tr("Train"), tr("Library")};
    for (int i = 0; i < pages.size() && i < nav_->count(); ++i) nav_->item(i)->setText(pages[i]);
    engineState_->setText(facade_->thinking() ? tr("Engine thinking") : tr("Engine idle"));
    menuBar()->clear();
    buildMenus();
}

QString MainWindow::applyLanguage(const QString& language) {
    const QString loaded = installTranslations(language);
    // LanguageChange events are posted: deliver them now, so the window is retranslated when
    // this returns.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    return loaded;
}

void MainWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && engineState_) retranslate();
    QMainWindow::changeEvent(e);
}

void MainWindow::buildMenus() {
    QMenu* game = menuBar()->addMenu(tr("&Game"));
    QAction* a = game->addAction(tr("&New game"), play_, &PlayPage::newGame);
    a->setShortcut(QKeySequence::New);
    game->addSeparator();
    a = game->addAction(tr("&Open PGN…"), this, &MainWindow::openPgn);
    a->setShortcut(QKeySequence::Open);
    a = game->addAction(tr("&Save PGN…"), this, &MainWindow::savePgn);
    a->setShortcut(QKeySequence::Save);
    game->addSeparator();
    game->addSeparator();
    a = game->addAction(tr("&Import games into the Library…"), this, &MainWindow::importPgn);
    a->setObjectName(QStringLiteral("importGames"));
    game->addSeparator();
    a = game->addAction(tr("&Quit"), this, &QWidget::close);
    a->setShortcut(QKeySequence::Quit);
    a->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    a = edit->addAction(tr("&Undo move"), play_, &PlayPage::undo);
    a->setShortcut(QKeySequence::Undo);
    edit->addSeparator();
    a = edit->addAction(tr("&Copy FEN"), this, &MainWindow::copyFen);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    a = edit->addAction(tr("&Paste FEN"), this, &MainWindow::pasteFen);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    edit->addSeparator();
    a = edit->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    a->setMenuRole(QAction::PreferencesRole);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    a = view->addAction(tr("&Flip board"), play_, &PlayPage::flip);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    coordsAction_->setText(tr("Show &coordinates"));
    view->addAction(coordsAction_);
    view->addSeparator();
    const QStringList names = {tr("&Play"), tr("&Analyze"), tr("&Train"), tr("&Library")};
    for (int i = 0; i < names.size(); ++i) {
        a = view->addAction(names[i], this, [this, i] { setPage(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About XQZero Studio"), this, &MainWindow::about);
}

void MainWindow::setPage(int index) {
    nav_->setCurrentRow(qBound(0, index, stack_->count() - 1));
}
int MainWindow::page() const {
    return stack_->currentIndex();
}

int MainWindow::pageFromName(const QString& name) {
    const QStringList names = {QStringLiteral("play"), QStringLiteral("analyze"),
                               QStringLiteral("train"), QStringLiteral("library")};
    return names.indexOf(name.toLower());
}

void MainWindow::openPgn() {
    QSettings s;
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Open PGN"), s.value("ui/lastDir").toString(),
                                     tr("PGN files (*.pgn);;All files (*)"));
    if (file.isEmpty()) return;
    s.setValue("ui/lastDir", QFileInfo(file).absolutePath());
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Open PGN"),
                             tr("Cannot read %1: %2").arg(file, f.errorString()));
        return;
    }
    QString error;
    if (!play_->loadPgnText(QString::fromUtf8(f.readAll()), &error)) {
        QMessageBox::warning(this, tr("Open PGN"), tr("%1\n\nFile: %2").arg(error, file));
        return;
    }
    setPage(PlayPageIndex);
}

void MainWindow::savePgn() {
    QSettings s;
    QString file = QFileDialog::getSaveFileName(
        this, tr("Save PGN"), s.value("ui/lastDir").toString(), tr("PGN files (*.pgn)"));
    if (file.isEmpty()) return;
    if (QFileInfo(file).suffix().isEmpty()) file += QStringLiteral(".pgn");
    s.setValue("ui/lastDir", QFileInfo(file).absolutePath());
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(play_->pgnText().toUtf8()) < 0) {
        QMessageBox::warning(this, tr("Save PGN"),
                             tr("Cannot write %1: %2").arg(file, f.errorString()));
        return;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(file)), 5000);
}

void MainWindow::importPgn() {
    QSettings s;
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Import games"), s.value("ui/lastDir").toString(),
                                     tr("PGN files (*.pgn);;All files (*)"));
    if (file.isEmpty()) return;
    s.setValue("ui/lastDir", QFileInfo(file).absolutePath());
    importPgnFile(file);
}

void MainWindow::importPgnFile(const QString& file) {
    statusBar()->showMessage(tr("Importing games from %1…").arg(QDir::toNativeSeparators(file)));
    // Into the database the Library shows (Settings, or xqstudio --db).
    facade_->importPgnFile(file, library_->database());
}

void MainWindow::importFinished(const ImportReply& reply) {
    const QString file = QDir::toNativeSeparators(reply.file);
    QString text;
    if (!reply.error.isEmpty()) {
        text = tr("Nothing was imported from %1:\n%2").arg(file, reply.error);
    } else if (reply.games == 0) {
        text = tr("No game was found in %1.").arg(file);
    } else {
        text = tr("%1 games read from %2: %3 imported into the Library, %4 rejected.")
                   .arg(reply.games)
                   .arg(file)
                   .arg(reply.imported)
                   .arg(reply.rejected);
        if (!reply.firstRejections.isEmpty()) {
            text += QStringLiteral("\n\n") + tr("Rejected:");
            for (const ImportRejection& r : reply.firstRejections)
                text += QStringLiteral("\n") +
                        tr("game %1 (line %2): %3").arg(r.game).arg(r.line).arg(r.reason);
            if (reply.rejected > reply.firstRejections.size())
                text += QStringLiteral("\n") +
                        tr("… and %1 more.").arg(reply.rejected - reply.firstRejections.size());
        }
    }
    lastImportSummary_ = text;
    statusBar()->showMessage(
        reply.error.isEmpty() ? tr("Imported %1 games.").arg(reply.imported) : tr("Import failed."),
        8000);
    // The Library shows the database the games went into.
    if (reply.imported > 0) {
        if (library_->database() != reply.databasePath)
            library_->setDatabase(reply.databasePath);
        else
            library_->refresh();
    }
    // open(), not exec(): the summary never blocks the event loop (nor an offscreen test).
    auto* box = new QMessageBox(
        reply.error.isEmpty() && reply.games > 0 ? QMessageBox::Information : QMessageBox::Warning,
        tr("Import games"), text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("importSummary"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::copyFen() {
    QApplication::clipboard()->setText(play_->currentFen());
    statusBar()->showMessage(tr("FEN copied to the clipboard."), 4000);
}

void MainWindow::pasteFen() {
    setPage(PlayPageIndex);
    play_->pasteFen(QApplication::clipboard()->text());
}

void MainWindow::showSettings() {
    SettingsDialog dlg(this);
    if (dlg.exec() != QDialog::Accepted) return;
    const QString oldDb = StudioFacade::settingsDatabasePath();
    const QString oldLanguage = languageSetting();
    dlg.save();
    // A new language applies at once: every open page retranslates on QEvent::LanguageChange.
    if (languageSetting() != oldLanguage) applyLanguage(languageSetting());
    // A new games database: the Library follows (Play reads the setting at each stored game).
    if (StudioFacade::settingsDatabasePath() != oldDb)
        library_->setDatabase(StudioFacade::settingsDatabasePath());
    coordsAction_->setChecked(dlg.showCoordinates());
    play_->setNotation(dlg.notation());
}

void MainWindow::about() {
    QMessageBox::about(this, tr("About XQZero Studio"),
                       tr("<h3>XQZero Studio %1</h3><p>Play, analyse and train AlphaZero-style "
                          "Xiangqi engines.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::restoreChoices() {
    QSettings s;
    restoreGeometry(s.value("window/geometry").toByteArray());
    restoreState(s.value("window/state").toByteArray());
    if (!s.contains("window/geometry")) resize(1180, 780);
    coordsAction_->setChecked(s.value("board/coordinates", true).toBool());
    play_->setShowCoordinates(coordsAction_->isChecked());
    play_->setNotation(notationSetting());
    play_->setLevel(PlayLevel(
        qBound(0, s.value("play/level", int(PlayLevel::Beginner)).toInt(), kPlayLevelCount - 1)));
    play_->setHumanColor(s.value("play/side", 0).toInt() == 1 ? xq::Black : xq::Red);
    setPage(s.value("window/page", 0).toInt());
}

void MainWindow::saveChoices() const {
    QSettings s;
    s.setValue("window/geometry", saveGeometry());
    s.setValue("window/state", saveState());
    s.setValue("window/page", page());
    s.setValue("board/coordinates", coordsAction_->isChecked());
    s.setValue("play/notation", int(play_->notation()));
    s.setValue("play/level", int(play_->level()));
    s.setValue("play/side", play_->humanColor() == xq::Black ? 1 : 0);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    // While training: ask, stop at a checkpoint, and close when the run has ended.
    if (!train_->confirmClose()) {
        e->ignore();
        return;
    }
    saveChoices();
    facade_->cancel();
    e->accept();
}

bool MainWindow::screenshot(const QString& file, int pageIndex, QString* error) {
    resize(1280, 820);
    setPage(pageIndex);
    if (pageIndex == PlayPageIndex) {
        // A game in progress: an opening with a little tension, the human's side to move (a
        // loaded game continues with the human on the side to move, so the side asked for, by
        // --side, is kept by stopping the opening one ply earlier for Black).
        play_->setNotation(xq::Notation::Chinese);
        const bool black = play_->humanColor() == xq::Black;
        play_->loadPgnText(
            QStringLiteral("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n"
                           "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 4. C3-C4 G6-G5 5. H0-H6 "
                           "H7-I7 6. H6-G6 %1 *\n")
                .arg(black ? QString() : QStringLiteral("I7-I8")));
    }
    if (pageIndex == AnalyzePageIndex) {
        // A mate-in-one puzzle after a short synchronous search with the chosen model (uniform
        // priors without one): the mating move stands out in the heatmap, the arrows and the
        // table.
        if (auto* analyze = qobject_cast<AnalyzePage*>(stack_->widget(AnalyzePageIndex))) {
            analyze->setFen(QStringLiteral("4ka3/R8/1R7/9/9/9/6p2/9/9/3K5 w - - 0 1"));
            analyze->analyzeSynchronously(400);
        }
    }
    if (pageIndex == TrainPageIndex) train_->showNewestRun();          // its stored history
    if (pageIndex == LibraryPageIndex) library_->prepareScreenshot(screenshotGame_);  // mid-replay
    statusBar()->showMessage(tr("Ready"));
    show();
    QApplication::processEvents();
    const QPixmap pm = grab();
    if (!pm.save(file, "PNG")) {
        if (error) *error = tr("Cannot write the screenshot to %1").arg(file);
        return false;
    }
    return true;
}

}  // namespace xqui
