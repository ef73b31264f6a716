#include "ui/pages/analyze_page.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include "core/nn/fake_evaluators.h"
#include "core/xiangqi/fen.h"
#include "ui/analyze/analysis_overlay.h"
#include "ui/analyze/search_tree_model.h"
#include "ui/board/board_widget.h"
#include "ui/facade/model_choice.h"
#include "ui/pages/model_picker.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "ui/error_text.h"
#endif

namespace xqui {

namespace {
// Leaves per evaluator call: fills a network batch from one tree (the hot path: full batches, README "Benchmarks").
constexpr int kBatch = 16;
constexpr int kTickMs = 200;
constexpr int kTreeEveryTicks = 5;  // the tree is rebuilt once a second while searching

QString signedValue(float v) {
    return (v >= 0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', 3);
}
}  // namespace

QString AnalyzePage::statsText() const {
    return stats_->text();
}

// The value column: the search's mean, or what its solver proved (a forced mate seen to the end).
QString AnalyzePage::valueText(float q, int proven) {
    if (proven > 0) return tr("won");
    if (proven < 0) return tr("lost");
    return signedValue(q);
}

AnalyzePage::AnalyzePage(QWidget* parent) : QWidget(parent) {
    evaluator_ = std::make_shared<xq::nn::UniformEvaluator>(kBatch);
    buildUi();
    makeSearch();
    timer_ = new QTimer(this);
    timer_->setInterval(kTickMs);
    connect(timer_, &QTimer::timeout, this, &AnalyzePage::onTick);
    retranslate();
    applyPosition(xq::Position());
}

AnalyzePage::~AnalyzePage() {
    // ~MctsSearch stops and joins its threads; the evaluator outlives it (declared before).
    search_.reset();
}

// Texts are set in retranslate(), at construction and on every language change.
void AnalyzePage::buildUi() {
    board_ = new BoardWidget(this);
    connect(board_, &BoardWidget::moveRequested, this, &AnalyzePage::onBoardMove);
    buildLabels();
    buildControls();
    buildCandidateTable();
    buildSearchTree();
    layOut();
    nameControls();
    connectControls();
}

// The title, the evaluator's note, the search's statistics and the error line.
void AnalyzePage::buildLabels() {
    title_ = new QLabel(this);
    title_->setStyleSheet(QStringLiteral("font-size:18px;font-weight:bold;"));
    evalNote_ = new QLabel(this);
    evalNote_->setObjectName(QStringLiteral("evaluatorNote"));
    evalNote_->setWordWrap(true);
    stats_ = new QLabel(this);
    stats_->setObjectName(QStringLiteral("analysisStats"));
    stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("analysisError"));
    error_->setStyleSheet(QStringLiteral("color:#a01010;"));
    error_->setWordWrap(true);
    error_->hide();
}

// The buttons, the FEN line, the notation, the priors toggle and the simulation limit.
void AnalyzePage::buildControls() {
    start_ = new QPushButton(this);
    stop_ = new QPushButton(this);
    openModel_ = new QPushButton(this);
    uniform_ = new QPushButton(this);
    fromPlay_ = new QPushButton(this);
    startPos_ = new QPushButton(this);
    pasteFen_ = new QPushButton(this);
    fenEdit_ = new QLineEdit(this);
    fenEdit_->setClearButtonEnabled(true);
    notationBox_ = new QComboBox(this);
    priors_ = new QCheckBox(this);
    sims_ = new QSpinBox(this);
    sims_->setRange(0, 5000000);
    sims_->setSingleStep(10000);
    sims_->setValue(200000);
    simsLabel_ = new QLabel(this);
    notationLabel_ = new QLabel(this);
}

// Names for tests and accessibility tools that drive the page as a user does.
void AnalyzePage::nameControls() {
    start_->setObjectName(QStringLiteral("startAnalysis"));
    stop_->setObjectName(QStringLiteral("stopAnalysis"));
    openModel_->setObjectName(QStringLiteral("openModel"));
    uniform_->setObjectName(QStringLiteral("uniformPriors"));
    fromPlay_->setObjectName(QStringLiteral("positionFromPlay"));
    startPos_->setObjectName(QStringLiteral("startPosition"));
    pasteFen_->setObjectName(QStringLiteral("pasteFen"));
    fenEdit_->setObjectName(QStringLiteral("fenEdit"));
    notationBox_->setObjectName(QStringLiteral("notation"));
    priors_->setObjectName(QStringLiteral("showPriors"));
    sims_->setObjectName(QStringLiteral("simulationLimit"));
}

// What the user's clicks and choices do.
void AnalyzePage::connectControls() {
    connect(start_, &QPushButton::clicked, this, &AnalyzePage::startAnalysis);
    connect(stop_, &QPushButton::clicked, this, &AnalyzePage::stopAnalysis);
    connect(fromPlay_, &QPushButton::clicked, this, &AnalyzePage::playPositionRequested);
    connect(startPos_, &QPushButton::clicked, this, [this] { setPosition(xq::Position()); });
    connect(pasteFen_, &QPushButton::clicked, this, [this] {
        // The line edit wins when filled; otherwise the clipboard.
        QString fen = fenEdit_->text().trimmed();
        if (fen.isEmpty()) fen = QApplication::clipboard()->text().trimmed();
        setFen(fen);
    });
    connect(fenEdit_, &QLineEdit::returnPressed, this,
            [this] { setFen(fenEdit_->text().trimmed()); });
    connect(openModel_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open model"), QString(),
                                                          tr("Models (*.xqm);;All files (*)"));
        if (!path.isEmpty()) loadModelFile(path);
    });
    connect(uniform_, &QPushButton::clicked, this, [this] { loadModelFile(QString()); });
    connect(notationBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        setNotation(static_cast<xq::Notation>(notationBox_->itemData(i).toInt()));
    });
    connect(priors_, &QCheckBox::toggled, this, &AnalyzePage::setShowPriors);
}

// The candidate moves of the root, one a row.
void AnalyzePage::buildCandidateTable() {
    table_ = new QTableWidget(0, 5, this);
    table_->setObjectName(QStringLiteral("candidateTable"));
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);
}

// The search tree, sorted by visits, its move column taking the room.
void AnalyzePage::buildSearchTree() {
    treeModel_ = new SearchTreeModel(
        [this](const xq::Position& pos, xq::Move m) { return moveText(pos, m); },
        &AnalyzePage::valueText, this);
    treeProxy_ = new QSortFilterProxyModel(this);
    treeProxy_->setSourceModel(treeModel_);
    treeProxy_->setSortRole(SearchTreeModel::kSortRole);
    treeProxy_->setDynamicSortFilter(true);
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("searchTree"));
    tree_->setModel(treeProxy_);
    tree_->setUniformRowHeights(true);  // the view lays out rows without asking each one
    tree_->setSortingEnabled(true);
    tree_->sortByColumn(SearchTreeModel::VisitsColumn, Qt::DescendingOrder);
    tree_->setAlternatingRowColors(true);
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The move column takes the room (deep lines indent it); the numbers take what they need.
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(SearchTreeModel::MoveColumn, QHeaderView::Stretch);
    for (int c = SearchTreeModel::VisitsColumn; c < SearchTreeModel::ColumnCount; ++c)
        tree_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    treeLabel_ = new QLabel(this);
}

// The board on the left; on the right the controls above the candidates and the tree.
void AnalyzePage::layOut() {
    auto* controls = controls_ = new QGridLayout;
    controls->addWidget(start_, 0, 0);
    controls->addWidget(stop_, 0, 1);
    controls->addWidget(simsLabel_, 0, 2);
    controls->addWidget(sims_, 0, 3);
    controls->addWidget(openModel_, 1, 0);
    controls->addWidget(uniform_, 1, 1);
    controls->addWidget(notationLabel_, 1, 2);
    controls->addWidget(notationBox_, 1, 3);
    controls->addWidget(startPos_, 2, 0);
    controls->addWidget(fromPlay_, 2, 1);
    controls->addWidget(priors_, 2, 2, 1, 2);
    auto* fenRow = new QHBoxLayout;
    fenRow->addWidget(fenEdit_, 1);
    fenRow->addWidget(pasteFen_);

    auto* right = new QWidget(this);
    auto* rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(title_);
    rl->addWidget(evalNote_);
    rl->addLayout(controls);
    rl->addLayout(fenRow);
    rl->addWidget(error_);
    rl->addWidget(stats_);
    rl->addWidget(table_, 3);
    rl->addWidget(treeLabel_);
    rl->addWidget(tree_, 2);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(board_);
    split->addWidget(right);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 6);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(split);
}

void AnalyzePage::retranslate() {
    title_->setText(tr("Analyze"));
    start_->setText(tr("Start analysis"));
    stop_->setText(tr("Stop"));
    openModel_->setText(tr("Open model…"));
    uniform_->setText(tr("No network"));
    uniform_->setToolTip(tr("Analyse with uniform priors and value 0 (no network)"));
    fromPlay_->setText(tr("Analyze this position"));
    fromPlay_->setToolTip(tr("Take the position on the Play page"));
    startPos_->setText(tr("Start position"));
    pasteFen_->setText(tr("Paste FEN"));
    fenEdit_->setPlaceholderText(tr("FEN (empty: take it from the clipboard)"));
    priors_->setText(tr("Show policy priors instead of visits"));
    simsLabel_->setText(tr("Simulations (0 = until Stop):"));
    notationLabel_->setText(tr("Notation:"));
    treeLabel_->setText(
        tr("Search tree (N visits, P prior, Q value for the player making the move)"));
    {
        const QSignalBlocker block(notationBox_);
        notationBox_->clear();
        notationBox_->addItem(tr("Chinese"), int(xq::Notation::Chinese));
        notationBox_->addItem(tr("WXF"), int(xq::Notation::Wxf));
        notationBox_->addItem(tr("ICCS"), int(xq::Notation::Iccs));
        notationBox_->setCurrentIndex(notationBox_->findData(int(notation_)));
    }
    table_->setHorizontalHeaderLabels(
        {tr("Move"), tr("Visits"), tr("Prior"), tr("Q"), tr("Principal variation")});
    treeModel_->setHeaders({tr("Move"), tr("N"), tr("P"), tr("Q")});
    treeModel_->textsChanged();
    if (modelPath_.isEmpty())
        evalNote_->setText(
            tr("No network: uniform priors (every legal move equally likely, value 0)."));
    else if (modelTitle_.isEmpty())
        evalNote_->setText(tr("Network: %1").arg(QFileInfo(modelPath_).fileName()));
    else
        evalNote_->setText(
            tr("Network: %1 (%2)").arg(modelTitle_, QFileInfo(modelPath_).fileName()));
    if (picker_) picker_->setNoneText(tr("No network (uniform priors)"));
    updateButtons();
    refresh();
}

void AnalyzePage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && title_) retranslate();
    QWidget::changeEvent(e);
}

void AnalyzePage::makeSearch() {
    xq::search::MctsParams p;
    p.batchSize = kBatch;
    p.threads = searchThreads_;
    search_ = std::make_unique<xq::search::MctsSearch>(*evaluator_, p);
    search_->setPosition(pos_);
    searched_ = false;
    if (treeModel_) treeModel_->clear();  // its rows were the old search's
}

bool AnalyzePage::isRunning() const {
    return search_ && search_->running();
}

void AnalyzePage::updateButtons() {
    const bool running = isRunning();
    start_->setEnabled(!running);
    stop_->setEnabled(running);
    openModel_->setEnabled(!running);
    uniform_->setEnabled(!running && !modelPath_.isEmpty());
    board_->setInteractive(true);
}

void AnalyzePage::setPosition(const xq::Position& pos) {
    if (isRunning()) {
        pendingPosition_ = pos;
        board_->setPosition(pos);  // shown at once; its analysis starts from scratch
        board_->clearHeatmap();
        board_->clearArrows();
        search_->stop();
        if (!timer_->isActive()) timer_->start();
        return;
    }
    applyPosition(pos);
}

void AnalyzePage::applyPosition(const xq::Position& pos) {
    pos_ = pos;
    if (search_) search_->setPosition(pos_);
    searched_ = false;
    board_->setPosition(pos_);
    error_->hide();
    refresh();
}

bool AnalyzePage::setFen(const QString& fen, QString* error) {
    xq::Position pos;
    if (const auto err = xq::parseFen(fen.toStdString(), pos)) {
        const QString msg = tr("Not a valid FEN: %1").arg(QString::fromStdString(err->toString()));
        error_->setText(msg);
        error_->show();
        if (error) *error = msg;
        return false;
    }
    setPosition(pos);
    return true;
}

void AnalyzePage::setModelChoice(ModelChoice* choice) {
    choice_ = choice;
    picker_ = new ModelPicker(choice, tr("No network (uniform priors)"), this);
    connect(picker_, &ModelPicker::errorOccurred, this, [this](const QString& msg) {
        error_->setText(msg);
        error_->show();
    });
    // The picker (with its "Open model file…" and "no network" items) replaces the two buttons.
    openModel_->hide();
    uniform_->hide();
    controls_->addWidget(picker_, 1, 0, 1, 2);
    connect(choice, &ModelChoice::currentChanged, this, &AnalyzePage::followChoice);
    followChoice();
}

void AnalyzePage::followChoice() {
    if (!choice_) return;
    if (isRunning()) {
        choicePending_ = true;  // finishIfEnded() loads it
        search_->stop();
        if (!timer_->isActive()) timer_->start();
        return;
    }
    choicePending_ = false;
    const auto& m = choice_->current();
    QString err;
    if (!loadModelFile(m ? m->file : QString(), &err, m ? ModelChoice::describe(*m) : QString()))
        emit statusMessage(err);
}

bool AnalyzePage::loadModelFile(const QString& path, QString* error, const QString& title) {
    if (isRunning()) {
        if (error) *error = tr("Stop the analysis first.");
        return false;
    }
    std::shared_ptr<xq::nn::Evaluator> eval;
    if (path.isEmpty()) {
        eval = std::make_shared<xq::nn::UniformEvaluator>(kBatch);
        searchThreads_ = 1;  // uniform priors cost nothing: one thread is plenty
    } else {
#ifdef XQ_WITH_TORCH
        try {
            auto net = std::make_shared<xq::nn::Net>(xq::nn::loadModel(path.toStdString()));
            // Every core, as self-play: one inference worker per hardware thread, fed by two
            // search threads per worker (torch_evaluator.h).
            const int workers = xq::nn::defaultInferenceWorkers();
            eval = std::shared_ptr<xq::nn::Evaluator>(xq::nn::makeParallelEvaluator(
                net, workers, xq::nn::searchThreadsFor(workers) * kBatch));
            searchThreads_ = xq::nn::searchThreadsFor(workers);
        } catch (const std::exception& e) {
            const QString msg = errorText(e);
            error_->setText(msg);
            error_->show();
            if (error) *error = msg;
            return false;
        }
#else
        const QString msg = tr("This build has no network support (LibTorch).");
        error_->setText(msg);
        error_->show();
        if (error) *error = msg;
        return false;
#endif
    }
    search_.reset();  // it refers to the old evaluator
    evaluator_ = std::move(eval);
    modelPath_ = path;
    modelTitle_ = title;
    makeSearch();
    error_->hide();
    retranslate();
    emit statusMessage(path.isEmpty() ? tr("Analysing with uniform priors")
                                      : tr("Loaded model %1").arg(path));
    return true;
}

void AnalyzePage::setNotation(xq::Notation n) {
    notation_ = n;
    const QSignalBlocker block(notationBox_);
    notationBox_->setCurrentIndex(notationBox_->findData(int(n)));
    refresh();
    treeModel_->textsChanged();
}

void AnalyzePage::setShowPriors(bool on) {
    showPriors_ = on;
    const QSignalBlocker block(priors_);
    priors_->setChecked(on);
    refresh();
}

void AnalyzePage::setSimulationLimit(int sims) {
    sims_->setValue(sims);
}

void AnalyzePage::startAnalysis() {
    if (isRunning()) return;
    error_->hide();
    // A fresh tree each time: statistics of an earlier search would skew the new counts.
    search_->setPosition(pos_);
    searched_ = true;
    ticks_ = 0;
    search_->start({.simulations = sims_->value(), .seconds = 0, .stopWhenDecided = false});
    resetTree();
    timer_->start();
    updateButtons();
    emit statusMessage(tr("Analysis started"));
}

void AnalyzePage::stopAnalysis() {
    // Only asks: the threads finish their batches in flight; onTick() joins when they are done.
    if (search_) search_->stop();
}

bool AnalyzePage::isRefreshing() const {
    return timer_->isActive();
}

void AnalyzePage::onTick() {
    if (!isRunning()) {
        finishIfEnded();
        return;
    }
    if (pendingPosition_) return;  // the board shows the next position already
    ++ticks_;
    const auto s = search_->snapshot(1);
    fillTable(s);
    if (ticks_ % kTreeEveryTicks == 0) treeModel_->refresh();
}

void AnalyzePage::finishIfEnded() {
    timer_->stop();
    try {
        search_->wait();  // the threads have ended: this only joins them
    } catch (const std::exception& e) {
        error_->setText(tr("The analysis failed: %1").arg(errorText(e)));
        error_->show();
    }
    updateButtons();
    if (choicePending_) followChoice();
    if (pendingPosition_) {
        const xq::Position p = *pendingPosition_;
        pendingPosition_.reset();
        applyPosition(p);
    } else {
        refresh();
    }
    emit statusMessage(tr("Analysis stopped"));
}

void AnalyzePage::analyzeSynchronously(int simulations) {
    if (isRunning()) return;
    search_->setPosition(pos_);
    searched_ = true;
    search_->search({.simulations = simulations});
    resetTree();
    refresh();
}

void AnalyzePage::refresh() {
    if (!search_ || !table_) return;
    if (!searched_) {
        table_->setRowCount(0);
        treeModel_->clear();
        board_->clearHeatmap();
        board_->clearArrows();
        stats_->setText(tr("%1 to move. Press Start analysis.")
                            .arg(pos_.sideToMove() == xq::Red ? tr("Red") : tr("Black")));
        return;
    }
    fillTable(search_->snapshot(1));
    treeModel_->refresh();
}

QString AnalyzePage::moveText(const xq::Position& pos, xq::Move m) const {
    return QString::fromStdString(xq::formatMove(pos, m, notation_));
}

QString AnalyzePage::pvText(const xq::Position& start, const std::vector<xq::Move>& pv) const {
    xq::Position p = start;
    QStringList parts;
    for (xq::Move m : pv) {
        parts << moveText(p, m);
        p.makeMove(m);
    }
    return parts.join(QLatin1Char(' '));
}

void AnalyzePage::fillTable(const xq::search::SearchSnapshot& s) {
    const QString side = pos_.sideToMove() == xq::Red ? tr("Red") : tr("Black");
    const double rate = s.seconds > 0 ? s.simulations / s.seconds : 0;
    const QString value = s.rootProven > 0   ? tr("forced win found")
                          : s.rootProven < 0 ? tr("forced loss")
                                             : tr("value %1").arg(signedValue(s.rootValue));
    stats_->setText(tr("%1 to move · %2 · %3 simulations · %4 simulations/s · %5 nodes%6")
                        .arg(side, value)
                        .arg(s.simulations)
                        .arg(qRound64(rate))
                        .arg(qulonglong(s.nodes))
                        .arg(s.running ? tr(" · searching…") : QString()));
    table_->setRowCount(int(s.children.size()));
    int total = 0;
    for (const auto& c : s.children) total += c.visits;
    for (int row = 0; row < int(s.children.size()); ++row) {
        const auto& c = s.children[size_t(row)];
        const QString visits =
            total > 0
                ? QStringLiteral("%1 (%2%)").arg(c.visits).arg(100.0 * c.visits / total, 0, 'f', 1)
                : QString::number(c.visits);
        const QStringList cells = {
            moveText(pos_, c.move), visits, QString::number(c.prior, 'f', 3),
            c.visits > 0 || c.proven != 0 ? valueText(c.q, c.proven) : QStringLiteral("—"),
            c.visits > 0 ? pvText(pos_, c.pv) : QString()};
        for (int col = 0; col < cells.size(); ++col) {
            QTableWidgetItem* item = table_->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                table_->setItem(row, col, item);
            }
            item->setText(cells[col]);
            item->setData(Qt::UserRole, int(c.move.raw()));
            if (col >= 1 && col <= 3) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    board_->setHeatmap(analysisHeatmap(s, showPriors_ ? HeatSource::Priors : HeatSource::Visits));
    board_->setArrows(showPriors_ ? QVector<BoardArrow>() : topMoveArrows(s, 3));
}

void AnalyzePage::resetTree() {
    treeModel_->reset(pos_, [this](const std::vector<xq::Move>& path) {
        return search_ ? search_->snapshotChildren(path) : std::vector<xq::search::SnapshotNode>();
    });
}

void AnalyzePage::onBoardMove(xq::Move m) {
    xq::Position next = pendingPosition_ ? *pendingPosition_ : pos_;
    next.makeMove(m);
    setPosition(next);
}

}  // namespace xqui
