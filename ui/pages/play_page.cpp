#include "ui/pages/play_page.h"

#include <QEvent>
#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateTime>
#include <QDir>
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

#include "core/engine/levels.h"
#include "core/store/records.h"
#include "core/xiangqi/pgn.h"
#include "ui/analyze/analysis_overlay.h"
#include "ui/board/board_widget.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/studio_facade.h"
#include "ui/pages/model_picker.h"

namespace xqui {

PlayPage::PlayPage(StudioFacade* facade, QWidget* parent) : QWidget(parent), facade_(facade) {
    buildUi();
    connect(facade_, &StudioFacade::engineMoved, this, &PlayPage::onEngineMoved);
    connect(facade_, &StudioFacade::engineProgress, this, &PlayPage::onEngineProgress);
    connect(facade_, &StudioFacade::engineSnapshot, this, &PlayPage::onEngineSnapshot);
    connect(facade_, &StudioFacade::thinkingChanged, this, &PlayPage::onThinkingChanged);
    connect(facade_, &StudioFacade::gameStored, this, &PlayPage::onGameStored);
    connect(board_, &BoardWidget::moveRequested, this, &PlayPage::onBoardMove);
    connect(facade_->models(), &ModelChoice::currentChanged, this, [this] {
        refreshModel();
        const auto& m = facade_->models()->current();
        emit statusMessage(m ? tr("The levels now play with %1.").arg(ModelChoice::describe(*m))
                             : tr("No model: the levels play alpha-beta."));
    });
    game_.reset();
    startGameClock();
    afterChange();
}

void PlayPage::buildUi() {
    board_ = new BoardWidget(this);

    // Texts are set in retranslate(), here and on every language change.
    auto* gameBox = new QGroupBox(this);
    gameBox_ = gameBox;
    side_ = new QComboBox(gameBox);
    side_->addItems({QString(), QString()});
    levelBox_ = new QComboBox(gameBox);
    for (int i = 0; i < kPlayLevelCount; ++i) levelBox_->addItem(QString());
    levelBox_->setCurrentIndex(int(level_));
    modelPicker_ = new ModelPicker(facade_->models(), QString(), gameBox);
    modelPicker_->comboBox()->setMinimumContentsLength(30);  // room for "run · gen N (best) · Elo E"
    connect(modelPicker_, &ModelPicker::errorOccurred, this, &PlayPage::showError);
    modelNote_ = new QLabel(gameBox);
    modelNote_->setObjectName(QStringLiteral("modelNote"));
    modelNote_->setWordWrap(true);
    // Three lines always: a squeezed note would be cut mid-sentence.
    modelNote_->setMinimumHeight(modelNote_->fontMetrics().lineSpacing() * 3 + 2);
    modelNote_->setStyleSheet(QStringLiteral("QLabel{color:#5a4632;}"));
    auto* form = new QFormLayout;
    sideLabel_ = new QLabel(gameBox);
    levelLabel_ = new QLabel(gameBox);
    modelLabel_ = new QLabel(gameBox);
    form->addRow(sideLabel_, side_);
    form->addRow(levelLabel_, levelBox_);
    // The model's name is long (run · generation · rating): the picker gets the full width.
    form->addRow(modelLabel_);
    form->addRow(modelPicker_);
    form->addRow(modelNote_);

    newGameBtn_ = new QPushButton(gameBox);
    undoBtn_ = new QPushButton(gameBox);
    hintBtn_ = new QPushButton(gameBox);
    resignBtn_ = new QPushButton(gameBox);
    flipBtn_ = new QPushButton(gameBox);
    auto* buttons = new QGridLayout;
    buttons->addWidget(newGameBtn_, 0, 0);
    buttons->addWidget(undoBtn_, 0, 1);
    buttons->addWidget(hintBtn_, 1, 0);
    buttons->addWidget(resignBtn_, 1, 1);
    analyzeBtn_ = new QPushButton(gameBox);
    analyzeBtn_->setObjectName(QStringLiteral("analyzeThisPosition"));
    buttons->addWidget(flipBtn_, 2, 0);
    buttons->addWidget(analyzeBtn_, 2, 1);
    connect(analyzeBtn_, &QPushButton::clicked, this, [this] { emit analyzeRequested(positionShown()); });
    reviewBtn_ = new QPushButton(gameBox);
    reviewBtn_->setObjectName(QStringLiteral("reviewThisGame"));
    reviewBtn_->hide();
    buttons->addWidget(reviewBtn_, 3, 0, 1, 2);
    connect(reviewBtn_, &QPushButton::clicked, this, [this] {
        if (storedGameId_ > 0) emit reviewRequested(storedDatabase_, storedGameId_);
    });
    auto* gameLayout = new QVBoxLayout(gameBox);
    gameLayout->addLayout(form);
    gameLayout->addLayout(buttons);

    // Thinking state: a busy bar, what the search has found so far, and "Move now".
    thinking_ = new QLabel(this);
    thinking_->setWordWrap(true);
    busy_ = new QProgressBar(this);
    busy_->setRange(0, 0);
    busy_->setTextVisible(false);
    busy_->setMaximumHeight(8);
    moveNowBtn_ = new QPushButton(this);
    showSearch_ = new QCheckBox(this);
    showSearch_->setObjectName(QStringLiteral("showSearch"));
    showSearch_->setChecked(level_ == PlayLevel::Amateur || level_ == PlayLevel::Advanced);
    connect(showSearch_, &QCheckBox::toggled, this, [this](bool on) {
        if (!on) board_->clearHeatmap();
    });
    auto* thinkRow = new QHBoxLayout;
    thinkRow->addWidget(busy_, 1);
    thinkRow->addWidget(moveNowBtn_);

    result_ = new QLabel(this);
    result_->setWordWrap(true);
    result_->setAlignment(Qt::AlignCenter);
    result_->setStyleSheet(QStringLiteral(
        "QLabel{background:#fff3cd;color:#5c3b00;border:1px solid #e0b84c;border-radius:6px;"
        "padding:6px;font-weight:bold;}"));
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral(
        "QLabel{background:#fde2e1;color:#8a1c14;border:1px solid #e59a94;border-radius:6px;padding:6px;}"));
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();  // shown only while it has a message

    notationBox_ = new QComboBox(this);
    notationBox_->addItem(QString(), int(xq::Notation::Chinese));
    notationBox_->addItem(QString(), int(xq::Notation::Wxf));
    notationBox_->addItem(QString(), int(xq::Notation::Iccs));
    auto* notRow = new QHBoxLayout;
    movesLabel_ = new QLabel(this);
    notRow->addWidget(movesLabel_);
    notRow->addWidget(notationBox_, 1);

    moves_ = new QTableWidget(0, 2, this);
    moves_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    moves_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    moves_->setSelectionMode(QAbstractItemView::SingleSelection);
    moves_->setSelectionBehavior(QAbstractItemView::SelectItems);
    moves_->setMinimumWidth(220);

    auto* side = new QVBoxLayout;
    side->addWidget(gameBox);
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

    // Names for tests and accessibility tools that drive the page as a user does.
    side_->setObjectName(QStringLiteral("humanSide"));
    levelBox_->setObjectName(QStringLiteral("level"));
    newGameBtn_->setObjectName(QStringLiteral("newGame"));
    undoBtn_->setObjectName(QStringLiteral("undo"));
    hintBtn_->setObjectName(QStringLiteral("hint"));
    resignBtn_->setObjectName(QStringLiteral("resign"));
    flipBtn_->setObjectName(QStringLiteral("flipBoard"));
    moveNowBtn_->setObjectName(QStringLiteral("moveNow"));
    notationBox_->setObjectName(QStringLiteral("notation"));

    connect(newGameBtn_, &QPushButton::clicked, this, &PlayPage::newGame);
    connect(undoBtn_, &QPushButton::clicked, this, &PlayPage::undo);
    connect(hintBtn_, &QPushButton::clicked, this, &PlayPage::hint);
    connect(resignBtn_, &QPushButton::clicked, this, &PlayPage::resign);
    connect(flipBtn_, &QPushButton::clicked, this, &PlayPage::flip);
    connect(moveNowBtn_, &QPushButton::clicked, this, &PlayPage::moveNow);
    connect(side_, &QComboBox::activated, this, [this](int i) { setHumanColor(i == 0 ? xq::Red : xq::Black); });
    connect(levelBox_, &QComboBox::activated, this, [this](int i) { setLevel(PlayLevel(i)); });
    connect(notationBox_, &QComboBox::activated, this,
            [this](int i) { setNotation(xq::Notation(notationBox_->itemData(i).toInt())); });
    connect(moves_, &QTableWidget::cellClicked, this, [this](int row, int col) {
        if (QTableWidgetItem* it = moves_->item(row, col)) {
            const QVariant ply = it->data(Qt::UserRole);
            if (ply.isValid()) showPly(ply.toInt());
        }
    });
    retranslate();
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
    if (!result_->isHidden()) result_->setText(resultBanner(game_.status()));
    if (aiRequest_ != 0) thinking_->setText(tr("%1 is thinking…").arg(StudioFacade::levelName(level_)));
}

void PlayPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && gameBox_) retranslate();
    QWidget::changeEvent(e);
}

QString PlayPage::resultBanner(const xq::GameStatus& st) const {
    const QString who = st.result == xq::Result::Draw      ? tr("Draw")
                        : st.result == xq::Result::RedWins ? tr("Red wins")
                                                           : tr("Black wins");
    // A perpetual chase names the loser and the piece it chased: "Black wins — Red loses:
    // perpetual chase of the black horse".
    if (st.reason == xq::Reason::PerpetualChase && st.chase.target != xq::NoPiece) {
        const QString loser = st.result == xq::Result::RedWins ? tr("Black") : tr("Red");
        return tr("%1 — %2 loses: perpetual chase of the %3")
            .arg(who, loser, pieceText(st.chase.target));
    }
    return tr("%1 — %2").arg(who, reasonText(st.reason));
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

bool PlayPage::aiThinking() const { return aiRequest_ != 0; }
QString PlayPage::errorText() const { return error_->isHidden() ? QString() : error_->text(); }
QString PlayPage::resultText() const { return result_->isHidden() ? QString() : result_->text(); }

void PlayPage::showError(const QString& text) {
    error_->setText(text);
    error_->setVisible(!text.isEmpty());
    if (!text.isEmpty()) emit statusMessage(text);
}

xq::Position PlayPage::positionShown() const { return game_.positionAt(viewPly_); }

QString PlayPage::currentFen() const {
    return QString::fromStdString(xq::toFen(game_.positionAt(viewPly_)));
}

void PlayPage::newGame() {
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
    facade_->newGame();
    game_.reset();
    startGameClock();
    showError({});
    afterChange();
    emit statusMessage(tr("New game: you play %1 against %2.")
                           .arg(human_ == xq::Red ? tr("Red") : tr("Black"), StudioFacade::levelName(level_)));
}

bool PlayPage::pasteFen(const QString& fen) {
    xq::Position pos;
    if (auto err = xq::parseFen(fen.trimmed().toStdString(), pos)) {
        showError(tr("This FEN was not loaded, the game is unchanged: %1")
                      .arg(QString::fromStdString(err->toString())));
        return false;
    }
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
    facade_->newGame();
    game_.reset(pos);
    startGameClock();
    showError({});
    afterChange();
    emit statusMessage(tr("Position set from FEN."));
    return true;
}

bool PlayPage::loadPgnText(const QString& text, QString* error) {
    const xq::PgnReadResult r = xq::readPgn(text.toStdString());
    if (!r.ok()) {
        const QString msg = tr("Not a readable Xiangqi PGN, the game is unchanged: %1")
                                .arg(QString::fromStdString(r.error->toString()));
        if (error) *error = msg;
        showError(msg);
        return false;
    }
    const xq::PgnGame& g = r.games.front();
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
    facade_->newGame();
    game_.reset(g.startPosition());
    for (xq::Move m : g.moves) game_.play(m);  // already checked legal by the reader
    startGameClock();
    showError({});
    // A loaded game continues with the human on the side to move (no surprise AI reply).
    human_ = game_.current().sideToMove();
    side_->setCurrentIndex(human_ == xq::Red ? 0 : 1);
    afterChange();
    emit statusMessage(tr("Loaded a game of %n move(s).", nullptr, game_.plies()));
    return true;
}

QString PlayPage::pgnText() const {
    xq::PgnGame g;
    const QString ai = tr("Computer (%1)").arg(StudioFacade::levelName(level_));
    g.setTag("Event", tr("XQZero Studio game").toStdString());
    g.setTag("Date", QDate::currentDate().toString(QStringLiteral("yyyy.MM.dd")).toStdString());
    g.setTag("Red", (human_ == xq::Red ? tr("Human") : ai).toStdString());
    g.setTag("Black", (human_ == xq::Black ? tr("Human") : ai).toStdString());
    if (!game_.fromStandardStart()) g.startFen = game_.startFen();
    g.moves = game_.moves();
    g.result = game_.status().result;
    return QString::fromStdString(xq::writePgn(g, xq::Notation::Iccs));
}

bool PlayPage::playHumanMove(xq::Move m) {
    if (aiThinking() || game_.status().over() || game_.current().sideToMove() != human_) return false;
    if (!game_.play(m)) return false;
    storePending_ = true;
    showError({});
    afterChange();
    return true;
}

void PlayPage::onBoardMove(xq::Move m) {
    if (!playHumanMove(m)) refreshBoard();  // not the human's turn: the board snaps back
}

void PlayPage::undo() {
    if (game_.plies() == 0) return;
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
    // Take back plies until it is the human's turn again: the AI's reply and the human's move.
    do {
        game_.takeBack(1);
    } while (game_.plies() > 0 && game_.current().sideToMove() != human_);
    storedGameId_ = 0;  // the board no longer shows the stored game
    showError({});
    afterChange();
}

void PlayPage::hint() {
    if (aiThinking() || game_.status().over() || game_.current().sideToMove() != human_) return;
    EngineRequest req;
    req.startFen = game_.startFen();
    req.moves = game_.moves();
    req.level = PlayLevel::Advanced;
    req.hint = true;
    hintRequest_ = facade_->requestMove(req);
    thinking_->setText(tr("Looking for a hint…"));
}

void PlayPage::resign() {
    if (game_.status().over() || game_.plies() == 0) return;
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
    game_.resign(human_);
    storePending_ = true;
    afterChange();
}

void PlayPage::flip() {
    flipped_ = !flipped_;
    refreshBoard();
}

void PlayPage::moveNow() {
    if (aiThinking()) facade_->moveNow();
}

void PlayPage::setHumanColor(xq::Color c) {
    side_->setCurrentIndex(c == xq::Red ? 0 : 1);
    if (human_ == c) return;
    if (hintRequest_) facade_->cancel();
    hintRequest_ = 0;
    human_ = c;
    afterChange();  // the AI takes over the other side, and moves if it is its turn
}

void PlayPage::setLevel(PlayLevel level) {
    level_ = level;
    levelBox_->setCurrentIndex(int(level));
    // On by default where there is a search tree to show.
    showSearch_->setChecked(level == PlayLevel::Amateur || level == PlayLevel::Advanced);
}

void PlayPage::setNotation(xq::Notation n) {
    notation_ = n;
    notationBox_->setCurrentIndex(notationBox_->findData(int(n)));
    refreshMoves();
}

void PlayPage::setShowCoordinates(bool on) { board_->setShowCoordinates(on); }

void PlayPage::showPly(int ply) {
    viewPly_ = qBound(0, ply, game_.plies());
    refreshBoard();
    refreshMoves();
    refreshControls();
}

void PlayPage::afterChange() {
    viewPly_ = game_.plies();
    board_->clearArrows();
    refreshBoard();
    refreshMoves();
    const xq::GameStatus st = game_.status();
    if (st.over()) {
        const QString text = resultBanner(st);
        result_->setText(text);
        result_->show();
        emit gameFinished(text);
        emit statusMessage(text);
        if (storePending_) storeFinishedGame();
    } else {
        result_->hide();
        result_->clear();
        if (game_.current().sideToMove() != human_ && !aiThinking()) requestAiMove();
    }
    refreshControls();
}

void PlayPage::requestAiMove() {
    EngineRequest req;
    req.startFen = game_.startFen();
    req.moves = game_.moves();
    req.level = level_;
    hintRequest_ = 0;
    aiRequest_ = facade_->requestMove(req);
    thinking_->setText(tr("%1 is thinking…").arg(StudioFacade::levelName(level_)));
}

void PlayPage::onEngineMoved(const EngineReply& reply) {
    if (reply.id == hintRequest_) {
        hintRequest_ = 0;
        if (!reply.error.isEmpty()) {
            showError(tr("No hint: %1").arg(reply.error));
        } else if (reply.move) {
            board_->setArrows({BoardArrow{reply.move, QColor(40, 170, 80, 190), 0.16}});
            emit statusMessage(tr("Hint: %1").arg(QString::fromStdString(
                                   xq::formatMove(game_.current(), reply.move, notation_))));
        }
        refreshControls();
        return;
    }
    if (reply.id != aiRequest_) return;
    aiRequest_ = 0;
    if (!reply.error.isEmpty()) {
        showError(tr("The computer could not move: %1").arg(reply.error));
        refreshControls();
        return;
    }
    // The game can only have changed through cancel(), which drops the reply; still, never
    // play a move that is not legal in the current position.
    if (!reply.move || !game_.play(reply.move)) {
        showError(tr("The computer returned no legal move."));
        refreshControls();
        return;
    }
    storePending_ = true;
    afterChange();
}

void PlayPage::onEngineProgress(const EngineProgress& pr) {
    if (pr.id != aiRequest_ && pr.id != hintRequest_) return;
    const QString score = pr.mateIn != 0 ? tr("mate in %1").arg(pr.mateIn) : QString::number(pr.scoreCp / 100.0, 'f', 2);
    thinking_->setText(tr("Thinking… depth %1, score %2, %3 nodes").arg(pr.depth).arg(score).arg(pr.nodes));
}

// The running search of an MCTS level: its visits as a heatmap on the board and its root value
// (the alpha-beta levels send progress lines instead, onEngineProgress).
void PlayPage::onEngineSnapshot(const EngineSnapshot& s) {
    if ((s.id != aiRequest_ && s.id != hintRequest_) || !showSearch_->isChecked() || viewPly_ != game_.plies()) return;
    if (s.search.rootKey != game_.current().key() || s.search.rootVisits <= 0) return;
    board_->setHeatmap(analysisHeatmap(s.search, HeatSource::Visits));
    ++snapshotsShown_;
    const QLocale loc;
    thinking_->setText(tr("%1 is thinking… %2 visits, value for the computer %3")
                           .arg(StudioFacade::levelName(level_), loc.toString(s.search.rootVisits),
                                (s.search.rootValue >= 0 ? QStringLiteral("+") : QString()) +
                                    loc.toString(s.search.rootValue, 'f', 2)));
}

void PlayPage::onThinkingChanged(bool) { refreshControls(); }

void PlayPage::startGameClock() {
    gameStartedMs_ = QDateTime::currentMSecsSinceEpoch();
    storePending_ = false;
    storedGameId_ = 0;
}

void PlayPage::storeFinishedGame() {
    storePending_ = false;
    const xq::GameStatus st = game_.status();
    xq::store::GameRecord rec;
    rec.kind = xq::store::GameKind::Play;
    // The player spec of levels.h: level:NAME[@MODEL].
    std::string ai = std::string("level:") + xq::engine::levelName(xq::engine::Level(int(level_)));
    if (const QString model = facade_->models()->currentFile(); !model.isEmpty()) {
        ai += '@';
        ai += model.toStdString();
    }
    rec.red = human_ == xq::Red ? "human" : ai;
    rec.black = human_ == xq::Black ? "human" : ai;
    rec.result = st.result;
    rec.reason = st.reason;
    rec.plies = game_.plies();
    rec.started = gameStartedMs_;
    rec.finished = QDateTime::currentMSecsSinceEpoch();
    rec.startFen = game_.startFen();
    rec.moves.reserve(game_.moves().size());
    for (xq::Move m : game_.moves()) rec.moves.push_back(xq::store::MoveRecord{m, std::nullopt, {}});
    storeRequest_ = facade_->storeGame(rec);
}

void PlayPage::onGameStored(const StoreReply& reply) {
    if (reply.id != storeRequest_) return;  // another page's write
    storeRequest_ = 0;
    const QString file = QDir::toNativeSeparators(reply.databasePath);
    if (reply.error.isEmpty()) {
        // Still the game on the board: nothing was played or taken back since it was sent.
        if (game_.status().over() && !storePending_) {
            storedGameId_ = reply.gameId;
            storedDatabase_ = reply.databasePath;
        }
        refreshControls();
        emit statusMessage(tr("The game was saved to the library (%1).").arg(file));
    } else
        emit statusMessage(tr("The game was not saved to the database %1: %2").arg(file, reply.error));
}

void PlayPage::refreshBoard() {
    board_->clearHeatmap();  // a search's heatmap belongs to the position it searched
    const xq::Position pos = game_.positionAt(viewPly_);
    const xq::Move last = viewPly_ > 0 ? game_.moves()[viewPly_ - 1] : xq::Move();
    board_->setFlipped((human_ == xq::Black) != flipped_);
    board_->setPosition(pos, last);
    board_->setInteractive(viewPly_ == game_.plies() && !game_.status().over() && !aiThinking() &&
                           pos.sideToMove() == human_);
}

void PlayPage::refreshMoves() {
    moves_->setRowCount(0);
    xq::Position pos = game_.start();
    const bool blackFirst = pos.sideToMove() == xq::Black;
    const int total = game_.plies() + (blackFirst ? 1 : 0);
    moves_->setRowCount((total + 1) / 2);
    QStringList numbers;
    for (int r = 0; r < moves_->rowCount(); ++r) numbers << QString::number(pos.fullmoveStart() + r);
    moves_->setVerticalHeaderLabels(numbers);
    if (blackFirst) moves_->setItem(0, 0, new QTableWidgetItem(QStringLiteral("…")));
    for (int i = 0; i < game_.plies(); ++i) {
        const xq::Move m = game_.moves()[i];
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
    const bool ai = aiThinking();
    const bool busy = facade_->thinking();
    const bool over = game_.status().over();
    busy_->setVisible(busy);
    thinking_->setVisible(busy);
    moveNowBtn_->setVisible(ai);
    moveNowBtn_->setEnabled(ai);
    undoBtn_->setEnabled(game_.plies() > 0);
    hintBtn_->setEnabled(!busy && !over && game_.current().sideToMove() == human_);
    resignBtn_->setEnabled(!over && game_.plies() > 0);
    reviewBtn_->setVisible(over && storedGameId_ > 0);
    board_->setInteractive(viewPly_ == game_.plies() && !over && !ai &&
                           game_.current().sideToMove() == human_);
}

QString PlayPage::reasonText(xq::Reason r) {
    switch (r) {
        case xq::Reason::Checkmate: return tr("checkmate");
        case xq::Reason::Stalemate: return tr("no legal move (stalemate loses)");
        case xq::Reason::PerpetualCheck: return tr("perpetual check loses");
        case xq::Reason::Repetition: return tr("threefold repetition");
        case xq::Reason::Rule60: return tr("60-move rule (120 plies without a capture)");
        case xq::Reason::Material: return tr("neither side can attack");
        case xq::Reason::LengthCap: return tr("game length limit");
        case xq::Reason::Resignation: return tr("resignation");
        case xq::Reason::Adjudication: return tr("adjudication");
        case xq::Reason::PerpetualChase: return tr("perpetual chase loses");
        case xq::Reason::None: break;
    }
    return {};
}

QString PlayPage::pieceText(xq::Piece p) {
    static const char* const red[] = {"",
                                      QT_TR_NOOP("red king"),
                                      QT_TR_NOOP("red advisor"),
                                      QT_TR_NOOP("red elephant"),
                                      QT_TR_NOOP("red horse"),
                                      QT_TR_NOOP("red rook"),
                                      QT_TR_NOOP("red cannon"),
                                      QT_TR_NOOP("red pawn")};
    static const char* const black[] = {"",
                                        QT_TR_NOOP("black king"),
                                        QT_TR_NOOP("black advisor"),
                                        QT_TR_NOOP("black elephant"),
                                        QT_TR_NOOP("black horse"),
                                        QT_TR_NOOP("black rook"),
                                        QT_TR_NOOP("black cannon"),
                                        QT_TR_NOOP("black pawn")};
    if (p == xq::NoPiece) return {};
    return tr((xq::colorOf(p) == xq::Red ? red : black)[xq::typeOf(p)]);
}

}  // namespace xqui
