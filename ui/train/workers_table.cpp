#include "ui/train/workers_table.h"

#include <algorithm>

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QDateTime>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/train/run_history.h"

namespace xqui {

namespace {

constexpr int kReloadIntervalMs = 10000;
constexpr qint64 kMinRateSpanMs = 10000;
constexpr int kVisibleRows = 6;  // more scroll

QString stateText(WorkerState s) {
    switch (s) {
        case WorkerState::Live:
            return QCoreApplication::translate("xqui::WorkersModel", "live");
        case WorkerState::Silent:
            return QCoreApplication::translate("xqui::WorkersModel", "silent");
        case WorkerState::Stopped:
            return QCoreApplication::translate("xqui::WorkersModel", "stopped");
    }
    return {};
}

QColor stateColor(WorkerState s) {
    switch (s) {
        case WorkerState::Live:
            return QColor(0x2f, 0x7d, 0x32);
        case WorkerState::Silent:
            return QColor(0xb3, 0x6b, 0x00);
        case WorkerState::Stopped:
            return QColor(0x8a, 0x8a, 0x8a);
    }
    return {};
}

}  // namespace

WorkerState workerState(const xq::store::WorkerInfo& w, qint64 nowMs) {
    if (w.state == "stopped") return WorkerState::Stopped;
    return nowMs - w.heartbeat < kWorkerSilentMs ? WorkerState::Live : WorkerState::Silent;
}

std::optional<double> workerGamesPerHour(const xq::store::WorkerInfo& w) {
    // The totals are as of the last heartbeat, so that is where the span ends (a silent
    // worker's rate does not decay while nobody hears from it).
    const qint64 span = w.heartbeat - w.started;
    if (span < kMinRateSpanMs) return std::nullopt;
    return double(w.games) * 3600000.0 / double(span);
}

QString heartbeatAgeText(qint64 ageMs) {
    const qint64 s = std::max<qint64>(0, ageMs) / 1000;
    if (s < 60) return QCoreApplication::translate("xqui::WorkersModel", "%1 s").arg(s);
    const qint64 min = s / 60;
    if (min < 60) return QCoreApplication::translate("xqui::WorkersModel", "%1 min").arg(min);
    const qint64 h = min / 60;
    if (h < 24) return QCoreApplication::translate("xqui::WorkersModel", "%1 h %2 min").arg(h).arg(min % 60);
    return QCoreApplication::translate("xqui::WorkersModel", "%1 d").arg(h / 24);
}

// --- WorkersModel ---------------------------------------------------------------------------

WorkersModel::WorkersModel(QObject* parent) : QAbstractTableModel(parent) {}

void WorkersModel::setWorkers(std::vector<xq::store::WorkerInfo> workers, qint64 nowMs) {
    beginResetModel();
    workers_ = std::move(workers);
    nowMs_ = nowMs;
    endResetModel();
}

void WorkersModel::clear() {
    setWorkers({}, 0);
}

void WorkersModel::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!workers_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int WorkersModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(workers_.size());
}

int WorkersModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WorkersModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const xq::store::WorkerInfo& w = workers_[size_t(index.row())];
    const WorkerState st = workerState(w, nowMs_);
    const QLocale loc;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case Host:
                return QString::fromStdString(w.host);
            case Pid:
                return QString::number(w.pid);
            case Threads:
                return loc.toString(w.threads);
            case Generation:
                return w.generation ? loc.toString(*w.generation) : QStringLiteral("—");
            case Games:
                return loc.toString(qlonglong(w.games));
            case GamesPerHour: {
                const auto rate = workerGamesPerHour(w);
                return rate ? loc.toString(*rate, 'f', 0) : QStringLiteral("—");
            }
            case Heartbeat:
                return heartbeatAgeText(nowMs_ - w.heartbeat);
            case State:
                return stateText(st);
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == Host || index.column() == State)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ForegroundRole && index.column() == State) return QBrush(stateColor(st));
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
            case Games:
                return QCoreApplication::translate("xqui::WorkersModel", "%1 games, %2 positions")
                    .arg(loc.toString(qlonglong(w.games)), loc.toString(qlonglong(w.positions)));
            case Heartbeat:
                return QCoreApplication::translate("xqui::WorkersModel", "Last heartbeat at %1")
                    .arg(QDateTime::fromMSecsSinceEpoch(w.heartbeat)
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            case GamesPerHour:
                return QCoreApplication::translate("xqui::WorkersModel", "Games since it started at %1, per hour")
                    .arg(QDateTime::fromMSecsSinceEpoch(w.started)
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            case State:
                if (st == WorkerState::Silent)
                    return QCoreApplication::translate("xqui::WorkersModel", "Running, but no heartbeat for %1 s or more: the process may have "
                              "died or lost its connection.")
                        .arg(kWorkerSilentMs / 1000);
                return {};
        }
    }
    return {};
}

QVariant WorkersModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Host:
            return QCoreApplication::translate("xqui::WorkersModel", "Host");
        case Pid:
            return QCoreApplication::translate("xqui::WorkersModel", "PID");
        case Threads:
            return QCoreApplication::translate("xqui::WorkersModel", "Threads");
        case Generation:
            return QCoreApplication::translate("xqui::WorkersModel", "Generation");
        case Games:
            return QCoreApplication::translate("xqui::WorkersModel", "Games");
        case GamesPerHour:
            return QCoreApplication::translate("xqui::WorkersModel", "Games/hour");
        case Heartbeat:
            return QCoreApplication::translate("xqui::WorkersModel", "Last heartbeat");
        case State:
            return QCoreApplication::translate("xqui::WorkersModel", "State");
    }
    return {};
}

// --- WorkersPanel ---------------------------------------------------------------------------

WorkersPanel::WorkersPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("workersPanel"));
    model_ = new WorkersModel(this);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("workersSummary"));
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("workersTable"));
    table_->setModel(model_);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(22);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(WorkersModel::Host, QHeaderView::Stretch);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 2, 0, 2);
    v->setSpacing(2);
    v->addWidget(summary_);
    v->addWidget(table_, 1);
    timer_ = new QTimer(this);
    timer_->setInterval(kReloadIntervalMs);
    connect(timer_, &QTimer::timeout, this, &WorkersPanel::reload);
    hide();
}

WorkersPanel::~WorkersPanel() {
    // A read still going would outlive the application's event loop otherwise (its answer is
    // dropped with this object).
    if (loading_) loading_->wait();
}

void WorkersPanel::setRun(const QString& dbPath, const RunHistory& h) {
    dbPath_ = dbPath;
    runId_ = h.runId;
    ++request_;
    if (runId_ > 0)
        timer_->start();
    else
        timer_->stop();
    apply(h);
}

void WorkersPanel::clear() {
    dbPath_.clear();
    runId_ = 0;
    ++request_;
    timer_->stop();
    error_.clear();
    model_->clear();
    hide();
}

void WorkersPanel::reload() {
    if (runId_ <= 0 || dbPath_.isEmpty() || loading_) return;
    // Nobody looks: read when the window is shown again (the next tick).
    if (!window()->isVisible()) return;
    const quint64 request = request_;
    loading_ = loadRunWorkersAsync(dbPath_, runId_, this, [this, request](const RunHistory& h) {
        if (request == request_) apply(h);
    });
}

void WorkersPanel::apply(const RunHistory& h) {
    if (!h.error.isEmpty() && h.workers.empty() && !model_->workers().empty()) {
        // A failed re-read keeps the rows it had (their ages stop): say why.
        error_ = h.error;
    } else {
        error_ = h.error;
        model_->setWorkers(h.workers, h.readMs);
    }
    const int rows = model_->rowCount();
    setVisible(rows > 0);
    if (rows > 0) {
        const int shown = std::min(rows, kVisibleRows);
        const int height = table_->horizontalHeader()->sizeHint().height() +
                           shown * table_->verticalHeader()->defaultSectionSize() +
                           2 * table_->frameWidth() + 2;
        table_->setMinimumHeight(height);
        table_->setMaximumHeight(height);
    }
    updateSummary();
}

void WorkersPanel::updateSummary() {
    int live = 0, silent = 0, stopped = 0;
    for (const auto& w : model_->workers()) {
        switch (workerState(w, model_->nowMs())) {
            case WorkerState::Live:
                ++live;
                break;
            case WorkerState::Silent:
                ++silent;
                break;
            case WorkerState::Stopped:
                ++stopped;
                break;
        }
    }
    QString text = QCoreApplication::translate("xqui::WorkersModel", "Workers: %1 live, %2 silent, %3 stopped").arg(live).arg(silent).arg(stopped);
    if (!error_.isEmpty()) text += QStringLiteral(" — ") + QCoreApplication::translate("xqui::WorkersModel", "cannot read them: %1").arg(error_);
    summary_->setText(text);
}

void WorkersPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        model_->retranslate();
        updateSummary();
    }
    QWidget::changeEvent(e);
}

}  // namespace xqui
