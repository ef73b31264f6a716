#include "ui/pages/play_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/xiangqi/fen.h"
#include "ui/analyze/analysis_overlay.h"
#include "ui/board/board_widget.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/play_session.h"
#include "ui/facade/studio_facade.h"
#include "ui/pages/model_picker.h"

namespace xqui {

PlayPage::PlayPage(StudioFacade* facade, QWidget* parent)
    : QWidget(parent), facade_(facade), session_(new PlaySession(facade, this)) {
    buildUi();
    bindSession();
    connect(facade_->models(), &ModelChoice::currentChanged, this, [this] {
        refreshModel();
        const auto& m = facade_->models()->current();
        emit statusMessage(m ? tr("The levels now play with %1.").arg(ModelChoice::describe(*m))
                             : tr("No model: the levels play alpha-beta."));
    });
    onGameChanged();
    refreshControls();
}

// --- layout ---------------------------------------------------------------------------------
// Texts are set in retranslate(), at construction and on every language change.

void PlayPage::buildUi() {
    board_ = new BoardWidget(this);
    buildGameBox();
    buildThinkingRow();
    buildBanners();
    buildMoveList();
    layOut();
    nameControls();
    connectControls();
    retranslate();
}

// Side, level and model, and the game's buttons.
void PlayPage::buildGameBox() {
    gameBox_ = new QGroupBox(this);
    side_ = new QComboBox(gameBox_);
    side_->addItems({QString(), QString()});
    levelBox_ = new QComboBox(gameBox_);
    for (int i = 0; i < kPlayLevelCount; ++i) levelBox_->addItem(QString());
    levelBox_->setCurrentIndex(int(session_->level()));
    modelPicker_ = new ModelPicker(facade_->models(), QString(), gameBox_);
    // Room for "run · gen N (best) · Elo E".
    modelPicker_->comboBox()->setMinimumContentsLength(30);
    modelNote_ = new QLabel(gameBox_);
    modelNote_->setWordWrap(true);
    // Three lines always: a squeezed note would be cut mid-sentence.
    modelNote_->setMinimumHeight(modelNote_->fontMetrics().lineSpacing() * 3 + 2);
    modelNote_->setStyleSheet(QStringLiteral("QLabel{color:#5a4632;}"));
    auto* form = new QFormLayout;
    sideLabel_ = new QLabel(gameBox_);
    levelLabel_ = new QLabel(gameBox_);
    modelLabel_ = new QLabel(gameBox_);
    form->addRow(sideLabel_, side_);
    form->addRow(levelLabel_, levelBox_);
    // The model's name is long (run · generation · rating): the picker gets the full width.
    form->addRow(modelLabel_);
    form->addRow(modelPicker_);
    form->addRow(modelNote_);

    newGameBtn_ = new QPushButton(gameBox_);
    undoBtn_ = new QPushButton(gameBox_);
    hintBtn_ = new QPushButton(gameBox_);
    resignBtn_ = new QPushButton(gameBox_);
    flipBtn_ = new QPushButton(gameBox_);
    analyzeBtn_ = new QPushButton(gameBox_);
    reviewBtn_ = new QPushButton(gameBox_);
    reviewBtn_->hide();  // shown once the finished game is stored
    auto* buttons = new QGridLayout;
    buttons->addWidget(newGameBtn_, 0, 0);
    buttons->addWidget(undoBtn_, 0, 1);
    buttons->addWidget(hintBtn_, 1, 0);
    buttons->addWidget(resignBtn_, 1, 1);
    buttons->addWidget(flipBtn_, 2, 0);
    buttons->addWidget(analyzeBtn_, 2, 1);
    buttons->addWidget(reviewBtn_, 3, 0, 1, 2);
    auto* gameLayout = new QVBoxLayout(gameBox_);
    gameLayout->addLayout(form);
    gameLayout->addLayout(buttons);
}

// Thinking state: a busy bar, what the search has found so far, "Move now", and whether the
// search is shown on the board.
void PlayPage::buildThinkingRow() {
    thinking_ = new QLabel(this);
    thinking_->setWordWrap(true);
    busy_ = new QProgressBar(this);
    busy_->setRange(0, 0);
    busy_->setTextVisible(false);
    busy_->setMaximumHeight(8);
    moveNowBtn_ = new QPushButton(this);
    showSearch_ = new QCheckBox(this);
    showSearch_->setChecked(session_->level() == PlayLevel::Amateur ||
                            session_->level() == PlayLevel::Advanced);
}

// The result of a finished game and the message of a failed action.
void PlayPage::buildBanners() {
    result_ = new QLabel(this);
    result_->setWordWrap(true);
    result_->setAlignment(Qt::AlignCenter);
    result_->setStyleSheet(QStringLiteral(
        "QLabel{background:#fff3cd;color:#5c3b00;border:1px solid #e0b84c;border-radius:6px;"
        "padding:6px;font-weight:bold;}"));
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(
        QStringLiteral("QLabel{background:#fde2e1;color:#8a1c14;border:1px solid #e59a94;"
                       "border-radius:6px;padding:6px;}"));
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();  // shown only while it has a message
}

void PlayPage::buildMoveList() {
    notationBox_ = new QComboBox(this);
    notationBox_->addItem(QString(), int(xq::Notation::Chinese));
    notationBox_->addItem(QString(), int(xq::Notation::Wxf));
    notationBox_->addItem(QString(), int(xq::Notation::Iccs));
    movesLabel_ = new QLabel(this);
    moves_ = new QTableWidget(0, 2, this);
    moves_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    moves_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    moves_->setSelectionMode(QAbstractItemView::SingleSelection);
    moves_->setSelectionBehavior(QAbstractItemView::SelectItems);
    moves_->setMinimumWidth(220);
}

// The board on the left, everything else in a column on the right.
void PlayPage::layOut() {
    auto* thinkRow = new QHBoxLayout;
    thinkRow->addWidget(busy_, 1);
    thinkRow->addWidget(moveNowBtn_);
    auto* notRow = new QHBoxLayout;
    notRow->addWidget(movesLabel_);
    notRow->addWidget(notationBox_, 1);

    auto* side = new QVBoxLayout;
    side->addWidget(gameBox_);
    side->addWidget(thinking_);
    side->addLayout(thinkRow);
    side->addWidget(showSearch_);
    side->addWidget(result_);
    side->addWidget(error_);
    side->addLayout(notRow);
    side->addWidget(moves_, 1);
    auto* sideWidget = new QWidget(this);
    sideWidget->setLayout(side);
    sideWidget->setMaximumWidth(380);

    auto* main = new QHBoxLayout(this);
    main->addWidget(board_, 1);
    main->addWidget(sideWidget);
}

// Names for tests and accessibility tools that drive the page as a user does.
void PlayPage::nameControls() {
    side_->setObjectName(QStringLiteral("humanSide"));
    levelBox_->setObjectName(QStringLiteral("level"));
    modelNote_->setObjectName(QStringLiteral("modelNote"));
    newGameBtn_->setObjectName(QStringLiteral("newGame"));
    undoBtn_->setObjectName(QStringLiteral("undo"));
    hintBtn_->setObjectName(QStringLiteral("hint"));
    resignBtn_->setObjectName(QStringLiteral("resign"));
    flipBtn_->setObjectName(QStringLiteral("flipBoard"));
    analyzeBtn_->setObjectName(QStringLiteral("analyzeThisPosition"));
    reviewBtn_->setObjectName(QStringLiteral("reviewThisGame"));
    moveNowBtn_->setObjectName(QStringLiteral("moveNow"));
    showSearch_->setObjectName(QStringLiteral("showSearch"));
    notationBox_->setObjectName(QStringLiteral("notation"));
}

// What the user's clicks and choices do.
void PlayPage::connectControls() {
    connect(newGameBtn_, &QPushButton::clicked, this, &PlayPage::newGame);
    connect(undoBtn_, &QPushButton::clicked, this, &PlayPage::undo);
    connect(hintBtn_, &QPushButton::clicked, this, &PlayPage::hint);
    connect(resignBtn_, &QPushButton::clicked, this, &PlayPage::resign);
    connect(flipBtn_, &QPushButton::clicked, this, &PlayPage::flip);
    connect(moveNowBtn_, &QPushButton::clicked, this, &PlayPage::moveNow);
    connect(analyzeBtn_, &QPushButton::clicked, this,
            [this] { emit analyzeRequested(positionShown()); });
    connect(reviewBtn_, &QPushButton::clicked, this, [this] {
        if (session_->storedGameId() > 0)
            emit reviewRequested(session_->storedDatabase(), session_->storedGameId());
    });
    connect(side_, &QComboBox::activated, this,
            [this](int i) { setHumanColor(i == 0 ? xq::Red : xq::Black); });
    connect(levelBox_, &QComboBox::activated, this, [this](int i) { setLevel(PlayLevel(i)); });
    connect(notationBox_, &QComboBox::activated, this,
            [this](int i) { setNotation(xq::Notation(notationBox_->itemData(i).toInt())); });
    connect(moves_, &QTableWidget::cellClicked, this, [this](int row, int col) {
        if (QTableWidgetItem* it = moves_->item(row, col)) {
            const QVariant ply = it->data(Qt::UserRole);
            if (ply.isValid()) showPly(ply.toInt());
        }
    });
    connect(showSearch_, &QCheckBox::toggled, this, [this](bool on) {
        if (!on) board_->clearHeatmap();
    });
    connect(modelPicker_, &ModelPicker::errorOccurred, session_, &PlaySession::setError);
    connect(board_, &BoardWidget::moveRequested, this, [this](xq::Move m) {
        if (!playHumanMove(m)) refreshBoard();  // not the human's turn: the board snaps back
    });
}

// The widgets follow the session.
void PlayPage::bindSession() {
    connect(session_, &PlaySession::gameChanged, this, &PlayPage::onGameChanged);
    connect(session_, &PlaySession::stateChanged, this, &PlayPage::refreshControls);
    connect(session_, &PlaySession::statusMessage, this, &PlayPage::statusMessage);
    connect(session_, &PlaySession::gameFinished, this, &PlayPage::gameFinished);
    connect(session_, &PlaySession::errorChanged, this, [this](const QString& text) {
        error_->setText(text);
        error_->setVisible(!text.isEmpty());
    });
    connect(session_, &PlaySession::thinkingTextChanged, thinking_, &QLabel::setText);
    connect(session_, &PlaySession::humanColorChanged, this, &PlayPage::onHumanColorChanged);
    connect(session_, &PlaySession::levelChanged, this, &PlayPage::onLevelChanged);
    connect(session_, &PlaySession::hintFound, this, &PlayPage::onHintFound);
    connect(session_, &PlaySession::searchSnapshot, this, &PlayPage::onSearchSnapshot);
}

void PlayPage::retranslate() {
    gameBox_->setTitle(tr("Game"));
    side_->setItemText(0, tr("Red (moves first)"));
    side_->setItemText(1, tr("Black"));
    for (int i = 0; i < kPlayLevelCount; ++i) levelBox_->setItemText(i, StudioFacade::levelName(PlayLevel(i)));
    modelPicker_->setNoneText(tr("No model (alpha-beta)"));
    modelPicker_->setToolTip(tr("The network the levels play with: a generation of a training run, or a model file"));
    sideLabel_->setText(tr("Play as:"));
    levelLabel_->setText(tr("Level:"));
    modelLabel_->setText(tr("Model:"));
    newGameBtn_->setText(tr("New game"));
    undoBtn_->setText(tr("Undo"));
    hintBtn_->setText(tr("Hint"));
    resignBtn_->setText(tr("Resign"));
    flipBtn_->setText(tr("Flip board"));
    reviewBtn_->setText(tr("Review this game"));
    reviewBtn_->setToolTip(tr("Open the game in the Library and search every position with the "
                              "chosen model: each move's loss, its marks, the best moves"));
    analyzeBtn_->setText(tr("Analyze this position"));
    analyzeBtn_->setToolTip(tr("Open the position on the board, with the moves that led to it, on the Analyze page"));
    undoBtn_->setToolTip(tr("Take back the computer's move and yours"));
    hintBtn_->setToolTip(tr("Show the engine's suggestion as an arrow"));
    moveNowBtn_->setText(tr("Move now"));
    moveNowBtn_->setToolTip(tr("Let the computer play its best move found so far"));
    showSearch_->setText(tr("Show the search while the computer thinks"));
    showSearch_->setToolTip(tr("The MCTS levels' visits per target square as a heatmap, and the root value"));
    notationBox_->setItemText(0, tr("Chinese"));
    notationBox_->setItemText(1, tr("WXF"));
    notationBox_->setItemText(2, tr("ICCS"));
    movesLabel_->setText(tr("Moves:"));
    moves_->setHorizontalHeaderLabels({tr("Red"), tr("Black")});
    refreshModel();
    // The banners that say something about the game now.
    if (!result_->isHidden()) result_->setText(session_->resultText());
    if (session_->aiThinking()) thinking_->setText(session_->aiThinkingText());
}

void PlayPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && gameBox_) retranslate();
    QWidget::changeEvent(e);
}

QString PlayPage::modelText() const {
    const auto& m = facade_->models()->current();
    return m ? ModelChoice::describe(*m) + QLatin1Char('\n') + modelNote_->text() : modelNote_->text();
}

void PlayPage::refreshModel() {
    const auto& m = facade_->models()->current();
    modelNote_->setText(m ? tr("The levels play with this network: Beginner samples its policy, Amateur and "
                               "Advanced search with MCTS.")
                          : tr("No model: the levels play alpha-beta. Train one on the Train page, or open a "
                               "model file."));
    for (int i = 0; i < kPlayLevelCount; ++i)
        levelBox_->setItemData(i, facade_->levelDescription(PlayLevel(i)), Qt::ToolTipRole);
}

const GameRecord& PlayPage::game() const { return session_->game(); }
xq::Color PlayPage::humanColor() const { return session_->humanColor(); }
PlayLevel PlayPage::level() const { return session_->level(); }
bool PlayPage::aiThinking() const { return session_->aiThinking(); }
QString PlayPage::errorText() const { return error_->isHidden() ? QString() : error_->text(); }
QString PlayPage::resultText() const { return result_->isHidden() ? QString() : result_->text(); }
xq::Position PlayPage::positionShown() const { return game().positionAt(viewPly_); }
QString PlayPage::currentFen() const { return QString::fromStdString(xq::toFen(positionShown())); }
bool PlayPage::pasteFen(const QString& fen) { return session_->startFromFen(fen); }
bool PlayPage::loadPgnText(const QString& text, QString* error) {
    return session_->loadPgn(text, error);
}
QString PlayPage::pgnText() const { return session_->pgnText(); }
bool PlayPage::playHumanMove(xq::Move m) { return session_->playHumanMove(m); }

void PlayPage::newGame() { session_->newGame(); }
void PlayPage::undo() { session_->undo(); }
void PlayPage::hint() { session_->hint(); }
void PlayPage::resign() { session_->resign(); }
void PlayPage::moveNow() { session_->moveNow(); }

void PlayPage::flip() {
    flipped_ = !flipped_;
    refreshBoard();
}

void PlayPage::setHumanColor(xq::Color c) {
    side_->setCurrentIndex(c == xq::Red ? 0 : 1);
    session_->setHumanColor(c);
}

void PlayPage::setLevel(PlayLevel level) { session_->setLevel(level); }

void PlayPage::setNotation(xq::Notation n) {
    notation_ = n;
    notationBox_->setCurrentIndex(notationBox_->findData(int(n)));
    refreshMoves();
}

void PlayPage::setShowCoordinates(bool on) { board_->setShowCoordinates(on); }

void PlayPage::showPly(int ply) {
    viewPly_ = qBound(0, ply, game().plies());
    refreshBoard();
    refreshMoves();
    refreshControls();
}

// --- following the session ------------------------------------------------------------------

void PlayPage::onGameChanged() {
    viewPly_ = game().plies();
    board_->clearArrows();
    refreshBoard();
    refreshMoves();
    const QString result = session_->resultText();
    result_->setText(result);
    result_->setVisible(!result.isEmpty());
}

void PlayPage::onHumanColorChanged(xq::Color c) { side_->setCurrentIndex(c == xq::Red ? 0 : 1); }

void PlayPage::onLevelChanged(PlayLevel level) {
    levelBox_->setCurrentIndex(int(level));
    // On by default where there is a search tree to show.
    showSearch_->setChecked(level == PlayLevel::Amateur || level == PlayLevel::Advanced);
}

void PlayPage::onHintFound(xq::Move m) {
    board_->setArrows({BoardArrow{m, QColor(40, 170, 80, 190), 0.16}});
    emit statusMessage(tr("Hint: %1").arg(QString::fromStdString(
        xq::formatMove(game().current(), m, notation_))));
}

// The running search of an MCTS level: its visits as a heatmap on the board and its root value
// (the alpha-beta levels send progress lines instead), while the live position is shown.
void PlayPage::onSearchSnapshot(const xq::search::SearchSnapshot& s) {
    if (!showSearch_->isChecked() || viewPly_ != game().plies()) return;
    board_->setHeatmap(analysisHeatmap(s, HeatSource::Visits));
    ++snapshotsShown_;
    thinking_->setText(session_->snapshotText(s));
}

void PlayPage::refreshBoard() {
    board_->clearHeatmap();  // a search's heatmap belongs to the position it searched
    const xq::Position pos = game().positionAt(viewPly_);
    const xq::Move last = viewPly_ > 0 ? game().moves()[viewPly_ - 1] : xq::Move();
    board_->setFlipped((session_->humanColor() == xq::Black) != flipped_);
    board_->setPosition(pos, last);
    board_->setInteractive(viewPly_ == game().plies() && session_->humanToMove() &&
                           !session_->aiThinking());
}

void PlayPage::refreshMoves() {
    moves_->setRowCount(0);
    xq::Position pos = game().start();
    const bool blackFirst = pos.sideToMove() == xq::Black;
    const int total = game().plies() + (blackFirst ? 1 : 0);
    moves_->setRowCount((total + 1) / 2);
    QStringList numbers;
    for (int r = 0; r < moves_->rowCount(); ++r) numbers << QString::number(pos.fullmoveStart() + r);
    moves_->setVerticalHeaderLabels(numbers);
    if (blackFirst) moves_->setItem(0, 0, new QTableWidgetItem(QStringLiteral("…")));
    for (int i = 0; i < game().plies(); ++i) {
        const xq::Move m = game().moves()[i];
        auto* it = new QTableWidgetItem(QString::fromStdString(xq::formatMove(pos, m, notation_)));
        it->setData(Qt::UserRole, i + 1);  // clicking shows the position after this move
        const int slot = i + (blackFirst ? 1 : 0);
        moves_->setItem(slot / 2, slot % 2, it);
        pos.makeMove(m);
    }
    if (viewPly_ > 0) {
        const int slot = viewPly_ - 1 + (blackFirst ? 1 : 0);
        moves_->setCurrentCell(slot / 2, slot % 2);
        moves_->scrollToItem(moves_->item(slot / 2, slot % 2));
    } else {
        moves_->clearSelection();
    }
}

void PlayPage::refreshControls() {
    const bool busy = session_->engineBusy();
    busy_->setVisible(busy);
    thinking_->setVisible(busy);
    moveNowBtn_->setVisible(session_->aiThinking());
    moveNowBtn_->setEnabled(session_->aiThinking());
    undoBtn_->setEnabled(session_->canUndo());
    hintBtn_->setEnabled(session_->canHint());
    resignBtn_->setEnabled(session_->canResign());
    reviewBtn_->setVisible(session_->over() && session_->storedGameId() > 0);
    board_->setInteractive(viewPly_ == game().plies() && session_->humanToMove() &&
                           !session_->aiThinking());
}

}  // namespace xqui
