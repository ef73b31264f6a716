// The Library page's widgets, their names, connections and texts. The game list and its
// filters: library_page_list.cpp; the replay: library_page_replay.cpp; reviews:
// library_page_review.cpp.
#include "ui/pages/library_page.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/board/board_widget.h"
#include "ui/db_location.h"
#include "ui/facade/review_session.h"
#include "ui/facade/studio_facade.h"
#include "ui/library/game_table_model.h"
#include "ui/library/library_texts.h"
#include "ui/library/review_graph.h"

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

}  // namespace xqui
