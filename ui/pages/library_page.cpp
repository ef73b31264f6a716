#include "ui/pages/library_page.h"

#include <QEvent>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"
#include "ui/board/board_widget.h"
#include "ui/db_location.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/review_session.h"
#include "ui/facade/studio_facade.h"
#include "ui/library/game_table_model.h"
#include "ui/library/library_texts.h"
#include "ui/library/review_graph.h"
#include "ui/library/visit_overlay.h"

namespace xqui {

LibraryPage::LibraryPage(QWidget* parent) : QWidget(parent) {
    loader_ = new LibraryLoader(this);
    model_ = new GameTableModel(this);
    buildUi();
    connect(loader_, &LibraryLoader::gamesLoaded, this, &LibraryPage::onGamesLoaded);
    connect(loader_, &LibraryLoader::gameLoaded, this, &LibraryPage::onGameLoaded);
    reviewSession_ = new ReviewSession(this);
    connect(reviewSession_, &ReviewSession::progress, this, &LibraryPage::onReviewProgress);
    connect(reviewSession_, &ReviewSession::finished, this, &LibraryPage::onReviewFinished);
    dbPath_ = StudioFacade::settingsDatabasePath();
    dbLabel_->setText(displayDatabase(dbPath_));
    dbLabel_->setToolTip(dbLabel_->text());
    retranslate();
}

LibraryPage::~LibraryPage() = default;

// The page in named stages: the filter row, the game list, the replay column, then names and
// connections.
void LibraryPage::buildUi() {
    QHBoxLayout* top = buildFilterRow();
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->hide();

    QWidget* left = buildGameList();
    QWidget* right = buildReplay();
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 6);
    split->setChildrenCollapsible(false);
    split->setSizes({540, 620});  // the board gets the room; the table scrolls sideways if it must

    auto* main = new QVBoxLayout(this);
    main->addLayout(top);
    main->addWidget(message_);
    main->addWidget(split, 1);
    nameWidgets();
    connectUi();
}

// The database and the filters (run, kind, result); texts: retranslate().
QHBoxLayout* LibraryPage::buildFilterRow() {
    dbLabel_ = new QLabel(this);
    dbLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    dbLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Texts: retranslate().
    openBtn_ = new QPushButton(this);
    runBox_ = new QComboBox(this);
    runBox_->setMinimumContentsLength(10);
    runBox_->addItem(QString());
    kindBox_ = new QComboBox(this);
    kindBox_->addItem(QString(), -1);
    for (auto k : {xq::store::GameKind::SelfPlay, xq::store::GameKind::Eval,
                   xq::store::GameKind::Play, xq::store::GameKind::Imported})
        kindBox_->addItem(QString(), int(k));
    resultBox_ = new QComboBox(this);
    resultBox_->addItem(QString(), -1);
    for (auto r : {xq::Result::RedWins, xq::Result::BlackWins, xq::Result::Draw})
        resultBox_->addItem(QString(), int(r));
    refreshBtn_ = new QPushButton(this);
    auto* top = new QHBoxLayout;
    dbCaption_ = new QLabel(this);
    runCaption_ = new QLabel(this);
    top->addWidget(dbCaption_);
    top->addWidget(dbLabel_, 1);
    top->addWidget(openBtn_);
    top->addSpacing(12);
    top->addWidget(runCaption_);
    top->addWidget(runBox_);
    top->addWidget(kindBox_);
    top->addWidget(resultBox_);
    top->addWidget(refreshBtn_);

    return top;
}

// The table of games and its pager.
QWidget* LibraryPage::buildGameList() {
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(24);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    prevPageBtn_ = new QPushButton(this);
    nextPageBtn_ = new QPushButton(this);
    pageLabel_ = new QLabel(this);
    pageLabel_->setAlignment(Qt::AlignCenter);
    auto* pager = new QHBoxLayout;
    pager->addWidget(prevPageBtn_);
    pager->addWidget(pageLabel_, 1);
    pager->addWidget(nextPageBtn_);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(table_, 1);
    leftLayout->addLayout(pager);

    return left;
}

// The replay: board, navigation, review row, graph and summary, the move list beside them.
QWidget* LibraryPage::buildReplay() {
    board_ = new BoardWidget(this);
    board_->setInteractive(false);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    header_->setStyleSheet(QStringLiteral("QLabel{font-weight:bold;}"));
    info_ = new QLabel(this);
    info_->setWordWrap(true);
    // Style icons rather than media characters: those are missing from many fonts.
    firstBtn_ =
        new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipBackward), QString(), this);
    prevBtn_ =
        new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekBackward), QString(), this);
    nextBtn_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekForward), QString(), this);
    lastBtn_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipForward), QString(), this);
    auto* nav = new QHBoxLayout;
    for (QPushButton* b : {firstBtn_, prevBtn_, nextBtn_, lastBtn_}) nav->addWidget(b);
    analyzeBtn_ = new QPushButton(this);
    analyzeBtn_->setObjectName(QStringLiteral("analyzeThisPosition"));
    nav->addWidget(analyzeBtn_);
    connect(analyzeBtn_, &QPushButton::clicked, this, [this] {
        if (replay_) emit analyzeRequested(positionShown());
    });
    savePgnBtn_ = new QPushButton(this);
    savePgnBtn_->setObjectName(QStringLiteral("saveGamePgn"));
    nav->addWidget(savePgnBtn_);
    connect(savePgnBtn_, &QPushButton::clicked, this, &LibraryPage::savePgn);
    moves_ = new QListWidget(this);
    moves_->setMinimumWidth(130);
    moves_->setMaximumWidth(170);
    graph_ = new ReviewGraph(this);
    graph_->setObjectName(QStringLiteral("reviewGraph"));
    graph_->setFixedHeight(120);
    graph_->hide();
    connect(graph_, &ReviewGraph::plySelected, this, &LibraryPage::showPly);
    reviewSummary_ = new QLabel(this);
    reviewSummary_->setObjectName(QStringLiteral("reviewSummary"));
    reviewSummary_->setWordWrap(true);
    reviewSummary_->hide();
    auto* replayCol = new QVBoxLayout;
    replayCol->addWidget(header_);
    replayCol->addWidget(board_, 1);
    replayCol->addLayout(nav);
    replayCol->addLayout(buildReviewRow());
    replayCol->addWidget(graph_);
    replayCol->addWidget(reviewSummary_);
    replayCol->addWidget(info_);
    auto* right = new QWidget(this);
    auto* rightLayout = new QHBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(replayCol, 1);
    rightLayout->addWidget(moves_);

    return right;
}

// Names for tests and accessibility tools that drive the page as a user does.
void LibraryPage::nameWidgets() {
    openBtn_->setObjectName(QStringLiteral("openDatabase"));
    refreshBtn_->setObjectName(QStringLiteral("refreshGames"));
    runBox_->setObjectName(QStringLiteral("runFilter"));
    kindBox_->setObjectName(QStringLiteral("kindFilter"));
    resultBox_->setObjectName(QStringLiteral("resultFilter"));
    message_->setObjectName(QStringLiteral("libraryMessage"));
    table_->setObjectName(QStringLiteral("gameTable"));
    prevPageBtn_->setObjectName(QStringLiteral("previousPage"));
    nextPageBtn_->setObjectName(QStringLiteral("nextPage"));
    firstBtn_->setObjectName(QStringLiteral("firstMove"));
    prevBtn_->setObjectName(QStringLiteral("previousMove"));
    nextBtn_->setObjectName(QStringLiteral("nextMove"));
    lastBtn_->setObjectName(QStringLiteral("lastMove"));
    moves_->setObjectName(QStringLiteral("replayMoves"));

}

void LibraryPage::connectUi() {
    connect(openBtn_, &QPushButton::clicked, this, &LibraryPage::chooseDatabase);
    connect(refreshBtn_, &QPushButton::clicked, this, &LibraryPage::refresh);
    connect(runBox_, &QComboBox::activated, this, [this](int i) {
        const QVariant v = runBox_->itemData(i);
        setRunFilter(v.isValid() ? std::optional<int64_t>(v.toLongLong()) : std::nullopt);
    });
    connect(kindBox_, &QComboBox::activated, this, [this](int i) {
        const int v = kindBox_->itemData(i).toInt();
        setKindFilter(v < 0 ? std::nullopt : std::optional(xq::store::GameKind(v)));
    });
    connect(resultBox_, &QComboBox::activated, this, [this](int i) {
        const int v = resultBox_->itemData(i).toInt();
        setResultFilter(v < 0 ? std::nullopt : std::optional(xq::Result(v)));
    });
    connect(prevPageBtn_, &QPushButton::clicked, this, &LibraryPage::previousPage);
    connect(nextPageBtn_, &QPushButton::clicked, this, &LibraryPage::nextPage);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& cur) {
                if (cur.isValid()) selectRow(cur.row());
            });
    connect(firstBtn_, &QPushButton::clicked, this, &LibraryPage::first);
    connect(prevBtn_, &QPushButton::clicked, this, &LibraryPage::previous);
    connect(nextBtn_, &QPushButton::clicked, this, &LibraryPage::next);
    connect(lastBtn_, &QPushButton::clicked, this, &LibraryPage::last);
    connect(moves_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != ply_) showPly(row);
    });
    // Arrow keys step through the game wherever the focus is on this page, except in the
    // lists, which use them to move their own selection (and so step too).
    const std::pair<QKeySequence, void (LibraryPage::*)()> keys[] = {
        {QKeySequence(Qt::Key_Home), &LibraryPage::first},
        {QKeySequence(Qt::Key_End), &LibraryPage::last},
        {QKeySequence(Qt::Key_Left), &LibraryPage::previous},
        {QKeySequence(Qt::Key_Right), &LibraryPage::next}};
    for (const auto& [key, slot] : keys) {
        auto* sc = new QShortcut(key, board_, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
        connect(sc, &QShortcut::activated, this, slot);
    }
    board_->setFocusPolicy(Qt::ClickFocus);
}

QLayout* LibraryPage::buildReviewRow() {
    reviewBtn_ = new QPushButton(this);
    reviewBtn_->setObjectName(QStringLiteral("reviewGame"));
    connect(reviewBtn_, &QPushButton::clicked, this, &LibraryPage::startReview);
    simsLabel_ = new QLabel(this);
    reviewSims_ = new QSpinBox(this);
    reviewSims_->setObjectName(QStringLiteral("reviewSimulations"));
    reviewSims_->setRange(10, 100000);
    reviewSims_->setSingleStep(100);
    reviewSims_->setValue(xq::engine::ReviewOptions{}.simulations);
    reviewProgress_ = new QProgressBar(this);
    reviewProgress_->setObjectName(QStringLiteral("reviewProgress"));
    reviewProgress_->hide();
    cancelReviewBtn_ = new QPushButton(this);
    cancelReviewBtn_->setObjectName(QStringLiteral("cancelReview"));
    cancelReviewBtn_->hide();
    connect(cancelReviewBtn_, &QPushButton::clicked, this, &LibraryPage::cancelReview);
    auto* row = new QHBoxLayout;
    row->addWidget(reviewBtn_);
    row->addWidget(simsLabel_);
    row->addWidget(reviewSims_);
    row->addWidget(reviewProgress_, 1);
    row->addWidget(cancelReviewBtn_);
    row->addStretch();
    return row;
}

void LibraryPage::retranslate() {
    openBtn_->setText(tr("Open…"));
    openBtn_->setToolTip(tr("Browse another database (opened read-only)"));
    refreshBtn_->setText(tr("Refresh"));
    dbCaption_->setText(tr("Database:"));
    runCaption_->setText(tr("Run:"));
    runBox_->setItemText(0, tr("All runs"));
    kindBox_->setItemText(0, tr("All kinds"));
    for (int i = 1; i < kindBox_->count(); ++i)
        kindBox_->setItemText(
            i, LibraryTexts::kind(xq::store::GameKind(kindBox_->itemData(i).toInt())));
    resultBox_->setItemText(0, tr("All results"));
    for (int i = 1; i < resultBox_->count(); ++i)
        resultBox_->setItemText(i,
                                LibraryTexts::result(xq::Result(resultBox_->itemData(i).toInt())));
    prevPageBtn_->setText(tr("◀ Newer"));
    nextPageBtn_->setText(tr("Older ▶"));
    firstBtn_->setToolTip(tr("Start position (Home)"));
    prevBtn_->setToolTip(tr("Previous move (Left)"));
    nextBtn_->setToolTip(tr("Next move (Right)"));
    lastBtn_->setToolTip(tr("Final position (End)"));
    savePgnBtn_->setText(tr("Save PGN…"));
    savePgnBtn_->setToolTip(tr("Save this game as PGN; a reviewed game keeps its review as "
                               "comments (Red's value, the best move) and ?! ? ?? marks"));
    analyzeBtn_->setText(tr("Analyze this position"));
    analyzeBtn_->setToolTip(
        tr("Open this position of the game, with the moves that led to it, on the Analyze page"));
    reviewBtn_->setText(tr("Review"));
    simsLabel_->setText(tr("Simulations:"));
    reviewSims_->setToolTip(tr("Simulations the review's search spends on each position"));
    cancelReviewBtn_->setText(tr("Cancel"));
    model_->retranslate();
    refreshReviewControls();
    refreshPager();
    if (moves_->count() > 0) moves_->item(0)->setText(tr("Start position"));
    refreshReplay();
    if (!message_->isHidden()) refresh();  // the message says something about the database
}

void LibraryPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && openBtn_) retranslate();
    QWidget::changeEvent(e);
}

void LibraryPage::setSynchronous(bool on) {
    loader_->setSynchronous(on);
}

void LibraryPage::setDatabase(const QString& path) {
    dbPath_ = databaseFromInput(path);
    dbLabel_->setText(displayDatabase(dbPath_));
    dbLabel_->setToolTip(dbLabel_->text());
    runFilter_.reset();
    selectedId_ = 0;
    replay_.reset();
    review_.reset();
    showReview(std::nullopt);
    page_ = 0;
    refreshReplay();
    refresh();
}

void LibraryPage::chooseDatabase() {
    // A PostgreSQL URI names no folder to start in.
    const QString start = isDatabaseUri(dbPath_) ? QString() : dbPath_;
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a games database"), start,
                                                      tr("XQZero databases (*.db);;All files (*)"));
    if (!file.isEmpty()) setDatabase(file);
}

void LibraryPage::setRunFilter(std::optional<int64_t> run) {
    runFilter_ = run;
    const int idx = run ? runBox_->findData(QVariant::fromValue<qlonglong>(*run)) : 0;
    runBox_->setCurrentIndex(qMax(0, idx));
    page_ = 0;
    refresh();
}

void LibraryPage::setKindFilter(std::optional<xq::store::GameKind> kind) {
    kindFilter_ = kind;
    kindBox_->setCurrentIndex(qMax(0, kindBox_->findData(kind ? int(*kind) : -1)));
    page_ = 0;
    refresh();
}

void LibraryPage::setResultFilter(std::optional<xq::Result> result) {
    resultFilter_ = result;
    resultBox_->setCurrentIndex(qMax(0, resultBox_->findData(result ? int(*result) : -1)));
    page_ = 0;
    refresh();
}

xq::store::GameFilter LibraryPage::filter() const {
    xq::store::GameFilter f;
    f.run = runFilter_;
    f.kind = kindFilter_;
    f.result = resultFilter_;
    f.limit = kPageSize;
    f.offset = page_ * kPageSize;
    return f;
}

void LibraryPage::refresh() {
    if (dbPath_.isEmpty()) return;
    loader_->requestGames(dbPath_, filter());  // answers only the newest: stale pages never show
}

void LibraryPage::nextPage() {
    if (int64_t(page_ + 1) * kPageSize >= total_) return;
    ++page_;
    refresh();
}

void LibraryPage::previousPage() {
    if (page_ == 0) return;
    --page_;
    refresh();
}

void LibraryPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    refresh();  // games may have been stored since (Play page, a training run)
}

QString LibraryPage::messageText() const {
    return message_->isHidden() ? QString() : message_->text();
}

void LibraryPage::showMessage(const QString& text, bool error) {
    message_->setText(text);
    message_->setStyleSheet(
        error ? QStringLiteral("QLabel{background:#fde2e1;color:#8a1c14;border:1px solid "
                               "#e59a94;border-radius:6px;padding:6px;}")
              : QStringLiteral("QLabel{background:#eef4fb;color:#1d3d5e;border:1px solid "
                               "#9ab8d8;border-radius:6px;padding:6px;}"));
    message_->setVisible(!text.isEmpty());
}

void LibraryPage::onGamesLoaded(const GameListResult& r) {
    const QString file = displayDatabase(dbPath_);
    if (!r.error.isEmpty()) {
        showMessage(tr("Cannot read the database %1: %2").arg(file, r.error), true);
        emit statusMessage(tr("Cannot read the database %1").arg(file));
        model_->clear();
        total_ = 0;
        refreshPager();
        return;
    }
    if (r.missing)
        showMessage(
            tr("No games yet: %1 does not exist. Games finished on the Play page and the games of "
               "training runs are stored there.")
                .arg(file),
            false);
    else if (r.total == 0 && !runFilter_ && !kindFilter_ && !resultFilter_)
        showMessage(tr("No games stored in %1 yet.").arg(file), false);
    else
        showMessage({}, false);
    fillRunCombo(r.runs);
    total_ = r.total;
    model_->setGames(r.games, r.runs);
    refreshPager();
    // Keep the chosen game selected when it is still listed; otherwise show the newest.
    int row = selectedId_ ? model_->rowOf(selectedId_) : -1;
    if (row < 0 && model_->rowCount() > 0 && !replay_) row = 0;
    if (row >= 0) {
        QSignalBlocker block(table_->selectionModel());
        table_->selectRow(row);
        if (model_->gameId(row) != selectedId_) selectRow(row);
    }
}

void LibraryPage::fillRunCombo(const std::vector<xq::store::RunInfo>& runs) {
    QSignalBlocker block(runBox_);
    runBox_->clear();
    runBox_->addItem(tr("All runs"));
    for (const auto& run : runs)
        runBox_->addItem(QString::fromStdString(run.name), QVariant::fromValue<qlonglong>(run.id));
    const int idx = runFilter_ ? runBox_->findData(QVariant::fromValue<qlonglong>(*runFilter_)) : 0;
    runBox_->setCurrentIndex(qMax(0, idx));
}

void LibraryPage::refreshPager() {
    const int64_t from = total_ == 0 ? 0 : int64_t(page_) * kPageSize + 1;
    const int64_t to = qMin<int64_t>(total_, int64_t(page_ + 1) * kPageSize);
    pageLabel_->setText(tr("Games %1–%2 of %3").arg(from).arg(to).arg(total_));
    prevPageBtn_->setEnabled(page_ > 0);
    nextPageBtn_->setEnabled(to < total_);
}

void LibraryPage::selectRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    if (table_->currentIndex().row() != row) {
        QSignalBlocker block(table_->selectionModel());
        table_->selectRow(row);
    }
    selectedId_ = model_->gameId(row);
    loader_->requestGame(dbPath_, selectedId_);
}

void LibraryPage::openGame(int64_t gameId) {
    if (dbPath_.isEmpty() || gameId <= 0) return;
    table_->clearSelection();
    selectedId_ = gameId;
    loader_->requestGame(dbPath_, selectedId_);
}

void LibraryPage::onGameLoaded(const GameLoadResult& r) {
    if (!r.error.isEmpty() || !r.found) {
        const QString why = r.error.isEmpty() ? tr("it is no longer in the database") : r.error;
        showMessage(tr("Cannot load game %1: %2").arg(selectedId_).arg(why), true);
        replay_.reset();
    } else {
        replay_ = r.game;
    }
    ply_ = 0;
    review_.reset();
    showReview(r.found ? r.review : std::nullopt);
    if (reviewPendingFor_ != 0 && replay_ && replay_->id == reviewPendingFor_) {
        reviewPendingFor_ = 0;
        if (!review_) startReview();
    }
}

void LibraryPage::fillMoveList() {
    QSignalBlocker block(moves_);
    moves_->clear();
    if (!replay_) return;
    const auto notation =
        xq::Notation(QSettings().value("play/notation", int(xq::Notation::Chinese)).toInt());
    moves_->addItem(tr("Start position"));
    xq::Position pos = xq::positionFromFen(replay_->startFen.empty() ? xq::toFen(xq::Position())
                                                                     : replay_->startFen);
    int number = pos.fullmoveStart();
    for (const auto& mr : replay_->moves) {
        const bool red = pos.sideToMove() == xq::Red;
        QString text = QString::fromStdString(xq::formatMove(pos, mr.move, notation));
        const xq::engine::MoveReview* rev =
            review_ ? &review_->moves[size_t(moves_->count() - 1)] : nullptr;
        if (rev && rev->mark != xq::engine::MoveMark::None)
            text += QStringLiteral(" ") + QString::fromLatin1(xq::engine::moveMarkSymbol(rev->mark));
        moves_->addItem(red ? QStringLiteral("%1. %2").arg(number).arg(text)
                            : QStringLiteral("%1… %2").arg(number).arg(text));
        if (rev && rev->mark != xq::engine::MoveMark::None) {
            static const QColor colors[] = {QColor(), QColor(160, 120, 0), QColor(205, 95, 0),
                                            QColor(190, 20, 20)};
            QListWidgetItem* item = moves_->item(moves_->count() - 1);
            item->setForeground(colors[int(rev->mark)]);
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        if (!red) ++number;
        pos.makeMove(mr.move);
    }
}

void LibraryPage::last() {
    showPly(replay_ ? int(replay_->moves.size()) : 0);
}

void LibraryPage::showPly(int ply) {
    if (!replay_) return;
    ply_ = qBound(0, ply, int(replay_->moves.size()));
    refreshReplay();
}

QString LibraryPage::valueText() const {
    return info_->text();
}

void LibraryPage::refreshReplay() {
    const bool have = replay_.has_value();
    for (QPushButton* b : {firstBtn_, prevBtn_, nextBtn_, lastBtn_}) b->setEnabled(have);
    if (!have) {
        board_->setPosition(xq::Position());
        board_->clearHeatmap();
        board_->clearArrows();
        header_->setText(tr("Choose a game in the list to replay it."));
        analyzeBtn_->setEnabled(false);
        savePgnBtn_->setEnabled(false);
        info_->clear();
        return;
    }
    const xq::store::GameRecord& g = *replay_;
    const int plies = int(g.moves.size());
    analyzeBtn_->setEnabled(true);
    savePgnBtn_->setEnabled(true);
    // Imported games often have a result but no reason: no empty "()" then.
    if (g.reason == xq::Reason::None)
        header_->setText(tr("%1 vs %2 — %3")
                             .arg(LibraryTexts::player(g.red), LibraryTexts::player(g.black),
                                  LibraryTexts::result(g.result)));
    else
        header_->setText(tr("%1 vs %2 — %3 (%4)")
                             .arg(LibraryTexts::player(g.red), LibraryTexts::player(g.black),
                                  LibraryTexts::result(g.result), LibraryTexts::reason(g.reason)));
    xq::Position pos =
        xq::positionFromFen(g.startFen.empty() ? xq::toFen(xq::Position()) : g.startFen);
    for (int i = 0; i < ply_; ++i) pos.makeMove(g.moves[size_t(i)].move);
    board_->setPosition(pos, ply_ > 0 ? g.moves[size_t(ply_ - 1)].move : xq::Move());
    graph_->setCurrentPly(ply_);
    firstBtn_->setEnabled(ply_ > 0);
    prevBtn_->setEnabled(ply_ > 0);
    nextBtn_->setEnabled(ply_ < plies);
    lastBtn_->setEnabled(ply_ < plies);
    {
        QSignalBlocker block(moves_);
        moves_->setCurrentRow(ply_);
    }
    const QString side = pos.sideToMove() == xq::Red ? tr("Red to move") : tr("Black to move");
    QString text = tr("Ply %1 of %2 · %3").arg(ply_).arg(plies).arg(side);
    if (ply_ == plies) {
        // The final position: nothing was searched here; show where the game went.
        board_->clearHeatmap();
        board_->clearArrows();
        text += QStringLiteral("\n") + tr("Final position: %1").arg(LibraryTexts::result(g.result));
        info_->setText(text);
        return;
    }
    // The search that chose the next move: its visits, its value, and the move played.
    const xq::store::MoveRecord& mr = g.moves[size_t(ply_)];
    board_->setHeatmap(visitHeatmap(mr));
    const xq::engine::MoveReview* rev = review_ ? &review_->moves[size_t(ply_)] : nullptr;
    QVector<BoardArrow> arrows{playedArrow(mr.move)};
    if (rev && rev->best && rev->best != mr.move)
        arrows.prepend(BoardArrow{rev->best, QColor(30, 160, 70, 190), 0.2});
    board_->setArrows(arrows);
    if (rev) text += QStringLiteral("\n") + reviewLine(*rev);
    if (mr.rootValue)
        text += QStringLiteral("\n") +
                tr("Search value for the side to move: %1").arg(*mr.rootValue, 0, 'f', 3);
    if (const quint64 visits = totalVisits(mr))
        text += QStringLiteral("\n") + tr("%1 visits over %2 moves; the arrow is the move played")
                                           .arg(visits)
                                           .arg(mr.visits.size());
    else
        text +=
            QStringLiteral("\n") + tr("No search data for this move; the arrow is the move played");
    info_->setText(text);
}

xq::Position LibraryPage::positionShown() const {
    if (!replay_) return xq::Position();
    xq::Position pos = xq::positionFromFen(replay_->startFen.empty() ? xq::toFen(xq::Position())
                                                                     : replay_->startFen);
    for (int i = 0; i < ply_ && i < int(replay_->moves.size()); ++i)
        pos.makeMove(replay_->moves[size_t(i)].move);
    return pos;
}

void LibraryPage::prepareScreenshot(int64_t gameId) {
    setSynchronous(true);
    refresh();
    if (gameId > 0) {
        openGame(gameId);
        // The worst marked move of its review, else a position from its middle.
        int ply = replay_ ? qMin(int(replay_->moves.size()) / 3, 16) : 0;
        float worst = -1;
        if (review_)
            for (const auto& m : review_->moves)
                if (m.mark != xq::engine::MoveMark::None && m.loss > worst) worst = m.loss, ply = m.ply;
        showPly(ply);
        setSynchronous(false);
        return;
    }
    int row = -1;
    for (int i = 0; i < model_->rowCount() && row < 0; ++i)
        if (model_->game(i).kind == xq::store::GameKind::SelfPlay && model_->game(i).plies > 6)
            row = i;
    if (row < 0 && model_->rowCount() > 0) row = 0;
    if (row >= 0) {
        selectRow(row);
        if (replay_) showPly(qMin(int(replay_->moves.size()) / 3, 16));
    }
    setSynchronous(false);
}

QString LibraryPage::pgnText() const {
    if (!replay_) return {};
    xq::PgnGame g;
    g.setTag("Red", replay_->red);
    g.setTag("Black", replay_->black);
    if (review_)
        g.setTag("Annotator", "XQZero review, " + review_->model + ", " +
                                  std::to_string(review_->simulations) + " simulations");
    g.startFen = replay_->startFen;
    for (const auto& m : replay_->moves) g.moves.push_back(m.move);
    g.result = replay_->result;
    if (review_) g.notes = xq::engine::reviewPgnNotes(*review_, g.startPosition(), xq::Notation::Iccs);
    return QString::fromStdString(xq::writePgn(g, xq::Notation::Iccs));
}

void LibraryPage::savePgn() {
    if (!replay_) return;
    QSettings s;
    QString file = QFileDialog::getSaveFileName(this, tr("Save PGN"), s.value("ui/lastDir").toString(),
                                                tr("PGN files (*.pgn)"));
    if (file.isEmpty()) return;
    if (QFileInfo(file).suffix().isEmpty()) file += QStringLiteral(".pgn");
    s.setValue("ui/lastDir", QFileInfo(file).absolutePath());
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(pgnText().toUtf8()) < 0)
        showMessage(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(file), f.errorString()), true);
    else
        emit statusMessage(tr("Saved game %1 to %2").arg(replay_->id).arg(QDir::toNativeSeparators(file)));
}

// --- review ---------------------------------------------------------------------------------

void LibraryPage::setModelChoice(ModelChoice* choice) {
    models_ = choice;
    if (models_) connect(models_, &ModelChoice::currentChanged, this, &LibraryPage::refreshReviewControls);
    refreshReviewControls();
}

bool LibraryPage::reviewing() const {
    return reviewSession_->running();
}

bool LibraryPage::startReview() {
    if (!replay_ || replay_->moves.empty() || reviewing()) return false;
    if (!models_ || !models_->current()) {
        showMessage(tr("No network to review with: choose a model on the Play or Analyze page, "
                       "or train a run on the Train page."),
                    true);
        return false;
    }
    ReviewRequest req;
    req.database = dbPath_;
    req.gameId = replay_->id;
    req.startFen = replay_->startFen;
    for (const auto& m : replay_->moves) req.moves.push_back(m.move);
    req.modelFile = models_->currentFile();
    // Stored with the review, so untranslated, and as `xqzero review` names it: "RUN gen N",
    // or the file's absolute path.
    const ModelEntry& model = *models_->current();
    req.modelLabel = model.runName.isEmpty()
                         ? model.file
                         : QStringLiteral("%1 gen %2").arg(model.runName).arg(model.generation);
    req.simulations = reviewSims_->value();
    if (reviewSession_->start(req) == 0) return false;
    reviewingGame_ = replay_->id;
    reviewProgress_->setRange(0, int(req.moves.size()) + 1);
    reviewProgress_->setValue(0);
    reviewProgress_->setFormat(tr("Reviewing… %v of %m positions"));
    refreshReviewControls();
    emit statusMessage(tr("Reviewing game %1 with %2").arg(reviewingGame_).arg(req.modelLabel));
    return true;
}

void LibraryPage::cancelReview() {
    reviewSession_->cancel();
}

void LibraryPage::reviewGame(int64_t gameId) {
    reviewPendingFor_ = gameId;
    openGame(gameId);
}

void LibraryPage::onReviewProgress(const ReviewProgressInfo& p) {
    if (p.id != reviewSession_->currentRequest()) return;
    reviewProgress_->setRange(0, p.total);
    reviewProgress_->setValue(p.done);
}

void LibraryPage::onReviewFinished(const ReviewReply& reply) {
    const int64_t game = reviewingGame_;
    reviewingGame_ = 0;
    refreshReviewControls();
    if (reply.cancelled) {
        emit statusMessage(tr("Review of game %1 cancelled").arg(game));
        return;
    }
    if (!reply.error.isEmpty()) {
        showMessage(tr("Cannot review game %1: %2").arg(game).arg(reply.error), true);
        return;
    }
    if (!reply.stored)
        showMessage(tr("The review of game %1 was not stored in %2: %3")
                        .arg(game)
                        .arg(displayDatabase(reply.database), reply.storeError),
                    true);
    else
        emit statusMessage(tr("Review of game %1 stored with it").arg(game));
    // Shown when its game is still the one replayed (the user may have moved on meanwhile).
    if (replay_ && replay_->id == reply.gameId && reply.database == dbPath_)
        showReview(reply.review);
}

void LibraryPage::showReview(std::optional<xq::engine::GameReview> review) {
    std::vector<xq::Move> moves;
    if (replay_)
        for (const auto& m : replay_->moves) moves.push_back(m.move);
    if (review && !xq::engine::reviewMatches(*review, moves)) review.reset();
    review_ = std::move(review);
    if (review_) {
        graph_->setReview(*review_);
        reviewSummary_->setText(reviewSummaryText());
    } else {
        graph_->clear();
    }
    graph_->setVisible(review_.has_value());
    reviewSummary_->setVisible(review_.has_value());
    fillMoveList();
    refreshReplay();
    refreshReviewControls();
    if (review_) emit reviewShown();
}

void LibraryPage::refreshReviewControls() {
    if (!reviewBtn_) return;
    const bool running = reviewing();
    reviewBtn_->setEnabled(!running && replay_ && !replay_->moves.empty());
    reviewBtn_->setText(review_ ? tr("Review again") : tr("Review"));
    reviewSims_->setEnabled(!running);
    reviewProgress_->setVisible(running);
    cancelReviewBtn_->setVisible(running);
    const auto* model = models_ ? &models_->current() : nullptr;
    reviewBtn_->setToolTip(
        model && *model
            ? tr("Search every position of this game with %1 and mark its inaccuracies, "
                 "mistakes and blunders; the review is stored with the game")
                  .arg(ModelChoice::describe(**model))
            : tr("Choose a model on the Play or Analyze page first (or train a run)"));
}

QString LibraryPage::reviewSummaryText() const {
    if (!review_) return {};
    auto side = [](const QString& name, const xq::engine::SideSummary& s) {
        return tr("%1: average loss %2%, %3 ?!, %4 ?, %5 ??")
            .arg(name)
            .arg(s.averageLoss * 100, 0, 'f', 1)
            .arg(s.inaccuracies)
            .arg(s.mistakes)
            .arg(s.blunders);
    };
    // A model file is named by its path; its file name says enough here.
    const QString model = QString::fromStdString(review_->model);
    return tr("Review by %1 at %2 simulations a position — %3 · %4")
        .arg(model.contains(QLatin1Char('/')) ? QFileInfo(model).fileName() : model)
        .arg(review_->simulations)
        .arg(side(tr("Red"), review_->red), side(tr("Black"), review_->black));
}

QString LibraryPage::reviewLine(const xq::engine::MoveReview& m) const {
    const auto notation =
        xq::Notation(QSettings().value("play/notation", int(xq::Notation::Chinese)).toInt());
    const xq::Position pos = positionShown();
    auto signedValue = [](float v) {
        return (v >= 0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', 2);
    };
    QString mark;
    switch (m.mark) {
        case xq::engine::MoveMark::Inaccuracy: mark = tr(" — an inaccuracy (?!)"); break;
        case xq::engine::MoveMark::Mistake: mark = tr(" — a mistake (?)"); break;
        case xq::engine::MoveMark::Blunder: mark = tr(" — a blunder (\?\?)"); break;
        case xq::engine::MoveMark::None: break;
    }
    // Numbered as the move list numbers it (full moves from the start FEN's).
    const bool blackStarted = (pos.sideToMove() == xq::Black) != (m.ply % 2 == 1);
    const int full = pos.fullmoveStart() + (m.ply + (blackStarted ? 1 : 0)) / 2;
    const QString number = pos.sideToMove() == xq::Red ? QStringLiteral("%1.").arg(full)
                                                       : QStringLiteral("%1…").arg(full);
    const QString played = number + QStringLiteral(" ") +
                           QString::fromStdString(xq::formatMove(pos, m.move, notation));
    QString text = tr("Review of the next move, %1: the mover's value goes from %2 to %3, giving "
                      "away %4% win chance%5")
                       .arg(played, signedValue(m.valueBefore), signedValue(m.valueAfter))
                       .arg(m.loss * 100, 0, 'f', 1)
                       .arg(mark);
    if (m.best && pos.isLegal(m.best)) {
        QString line;
        xq::Position p = pos;
        for (xq::Move x : m.pv) {
            if (!p.isLegal(x)) break;
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) +
                    QString::fromStdString(xq::formatMove(p, x, notation));
            p.makeMove(x);
        }
        text += QStringLiteral("\n") + tr("Best (green arrow): %1; line: %2")
                                           .arg(QString::fromStdString(xq::formatMove(pos, m.best, notation)),
                                                line);
    }
    return text;
}

}  // namespace xqui
