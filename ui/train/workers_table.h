#pragma once
// The self-play workers of the run the Train page shows (`xqzero worker` processes, possibly
// on other hosts, registered in the database's workers table): one row each with host, pid,
// threads, the generation it plays with, its games, games/hour, the age of its last heartbeat
// and its state. A run without workers (every ordinary one-machine run) hides the panel.
//
// The rows come with the run's history (RunHistory::workers, read off the GUI thread by
// run_history.h); while a run is shown the panel reads them again every few seconds, also off
// the GUI thread (loadRunWorkersAsync), so the heartbeat ages and totals keep up.
//
// States: "live" while running with a heartbeat younger than kWorkerSilentMs, "silent" while
// running with an older one (the process died or lost its connection without saying so),
// "stopped" when it said so. Ages are measured against the time the rows were read, on this
// host's clock (a remote host's skewed clock shows as a shorter or longer age; a negative one
// counts as 0).
//
// Thread-safety: a Qt model and a widget; GUI thread only (the free functions are pure).

#include <cstdint>
#include <optional>
#include <vector>

#include <QAbstractTableModel>
#include <QPointer>
#include <QWidget>

#include "core/store/records.h"

class QLabel;
class QTableView;
class QThread;
class QTimer;

namespace xqui {

struct RunHistory;

constexpr qint64 kWorkerSilentMs = 30000;

enum class WorkerState { Live, Silent, Stopped };

WorkerState workerState(const xq::store::WorkerInfo& w, qint64 nowMs);
// Games per hour from the worker's start to its last heartbeat (its totals are as of then);
// empty when that span is under 10 s.
std::optional<double> workerGamesPerHour(const xq::store::WorkerInfo& w);
// "12 s", "4 min", "3 h 20 min", "2 d" (translated).
QString heartbeatAgeText(qint64 ageMs);

class WorkersModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Host, Pid, Threads, Generation, Games, GamesPerHour, Heartbeat, State, ColumnCount };

    explicit WorkersModel(QObject* parent = nullptr);

    void setWorkers(std::vector<xq::store::WorkerInfo> workers, qint64 nowMs);
    void clear();
    void retranslate();  // headers and the state and age texts
    const std::vector<xq::store::WorkerInfo>& workers() const { return workers_; }
    qint64 nowMs() const { return nowMs_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<xq::store::WorkerInfo> workers_;
    qint64 nowMs_ = 0;
};

class WorkersPanel : public QWidget {
    Q_OBJECT
public:
    explicit WorkersPanel(QWidget* parent = nullptr);
    ~WorkersPanel() override;

    // The run `h` belongs to, in database `dbPath`, with the workers read with its history.
    // Shows the panel when it has workers, hides it otherwise, and keeps reading them.
    void setRun(const QString& dbPath, const RunHistory& h);
    // No run shown: hidden, no more reading.
    void clear();
    // Reads the workers again now (asynchronously); nothing when no run is shown or a read is
    // still going.
    void reload();

    WorkersModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QLabel* summary() const { return summary_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void apply(const RunHistory& h);
    void updateSummary();

    WorkersModel* model_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableView* table_ = nullptr;
    QTimer* timer_ = nullptr;
    QString dbPath_;
    int64_t runId_ = 0;
    quint64 request_ = 0;  // answers of an older run are dropped
    QString error_;        // the newest read's failure, shown in the summary
    QPointer<QThread> loading_;
};

}  // namespace xqui
