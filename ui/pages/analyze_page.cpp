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
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include "ui/analyze/analysis_overlay.h"
#include "ui/analyze/search_tree_model.h"
#include "ui/board/board_widget.h"
#include "ui/facade/analysis_session.h"
#include "ui/facade/model_choice.h"
#include "ui/pages/model_picker.h"

namespace xqui {

namespace {
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
    session_ = new AnalysisSession(this);
    buildUi();
    connectSession();
    retranslate();
    showPosition(session_->position());
}

AnalyzePage::~AnalyzePage() {
    // The session first: its destructor stops and joins the search, which the tree browser
    // (a child too) reads through it.
    delete session_;
    session_ = nullptr;
}

// What the session reports, shown on the page.
void AnalyzePage::connectSession() {
    connect(session_, &AnalysisSession::positionChanged, this, &AnalyzePage::showPosition);
    connect(session_, &AnalysisSession::positionPending, this, [this](const xq::Position& pos) {
        board_->setPosition(pos);  // shown at once; its analysis starts from scratch
        board_->clearHeatmap();
        board_->clearArrows();
    });
    connect(session_, &AnalysisSession::evaluatorChanged, this, [this] {
        treeModel_->clear();  // its rows were the old search's
        error_->hide();
        retranslate();
    });
    connect(session_, &AnalysisSession::started, this, [this] {
        resetTree();
        updateButtons();
    });
    connect(session_, &AnalysisSession::progressed, this, [this](bool treeDue) {
        fillTable(session_->snapshot(1));
        if (treeDue) treeModel_->refresh();
    });
    connect(session_, &AnalysisSession::finished, this, [this] {
        updateButtons();
        refresh();
    });
    connect(session_, &AnalysisSession::errorOccurred, this, &AnalyzePage::showError);
    connect(session_, &AnalysisSession::statusMessage, this, &AnalyzePage::statusMessage);
}

void AnalyzePage::showError(const QString& message) {
    error_->setText(message);
    error_->show();
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
    const QString modelPath = session_->modelPath();
    if (modelPath.isEmpty())
        evalNote_->setText(
            tr("No network: uniform priors (every legal move equally likely, value 0)."));
    else if (session_->modelTitle().isEmpty())
        evalNote_->setText(tr("Network: %1").arg(QFileInfo(modelPath).fileName()));
    else
        evalNote_->setText(
            tr("Network: %1 (%2)").arg(session_->modelTitle(), QFileInfo(modelPath).fileName()));
    if (picker_) picker_->setNoneText(tr("No network (uniform priors)"));
    updateButtons();
    refresh();
}

void AnalyzePage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && title_) retranslate();
    QWidget::changeEvent(e);
}

bool AnalyzePage::isRunning() const {
    return session_->isRunning();
}

const xq::Position& AnalyzePage::position() const {
    return session_->position();
}

int AnalyzePage::searchThreads() const {
    return session_->searchThreads();
}

QString AnalyzePage::modelPath() const {
    return session_->modelPath();
}

xq::search::SearchSnapshot AnalyzePage::searchSnapshot() const {
    return session_->snapshot(1);
}

void AnalyzePage::updateButtons() {
    const bool busy = session_->isBusy();
    start_->setEnabled(!busy);
    stop_->setEnabled(isRunning());
    openModel_->setEnabled(!busy);
    uniform_->setEnabled(!busy && !session_->modelPath().isEmpty());
    board_->setInteractive(true);
}

void AnalyzePage::setPosition(const xq::Position& pos) {
    session_->setPosition(pos);
}

void AnalyzePage::showPosition(const xq::Position& pos) {
    board_->setPosition(pos);
    error_->hide();
    refresh();
}

bool AnalyzePage::setFen(const QString& fen, QString* error) {
    return session_->setFen(fen, error);
}

void AnalyzePage::setModelChoice(ModelChoice* choice) {
    picker_ = new ModelPicker(choice, tr("No network (uniform priors)"), this);
    connect(picker_, &ModelPicker::errorOccurred, this, &AnalyzePage::showError);
    // The picker (with its "Open model file…" and "no network" items) replaces the two buttons.
    openModel_->hide();
    uniform_->hide();
    controls_->addWidget(picker_, 1, 0, 1, 2);
    session_->followModelChoice(choice);
}

bool AnalyzePage::loadModelFile(const QString& path, QString* error, const QString& title) {
    return session_->loadModelFile(path, error, title);
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
    if (session_->isBusy()) return;
    error_->hide();
    session_->start(sims_->value());
}

void AnalyzePage::stopAnalysis() {
    // Only asks: the threads finish their batches in flight; finished() follows when done.
    session_->stop();
}

bool AnalyzePage::isRefreshing() const {
    return session_->isPolling();
}

void AnalyzePage::analyzeSynchronously(int simulations) {
    session_->searchSynchronously(simulations);
}

void AnalyzePage::refresh() {
    if (!table_) return;
    if (!session_->hasResults()) {
        table_->setRowCount(0);
        treeModel_->clear();
        board_->clearHeatmap();
        board_->clearArrows();
        stats_->setText(tr("%1 to move. Press Start analysis.")
                            .arg(position().sideToMove() == xq::Red ? tr("Red") : tr("Black")));
        return;
    }
    fillTable(session_->snapshot(1));
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
    const xq::Position& pos = position();
    const QString side = pos.sideToMove() == xq::Red ? tr("Red") : tr("Black");
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
            moveText(pos, c.move), visits, QString::number(c.prior, 'f', 3),
            c.visits > 0 || c.proven != 0 ? valueText(c.q, c.proven) : QStringLiteral("—"),
            c.visits > 0 ? pvText(pos, c.pv) : QString()};
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
    treeModel_->reset(position(), [this](const std::vector<xq::Move>& path) {
        return session_ ? session_->snapshotChildren(path)
                        : std::vector<xq::search::SnapshotNode>();
    });
}

void AnalyzePage::onBoardMove(xq::Move m) {
    xq::Position next = session_->nextPosition();
    next.makeMove(m);
    setPosition(next);
}

}  // namespace xqui
