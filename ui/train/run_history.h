#pragma once
// Reading a database's runs and a run's metrics for the Train page: the list of earlier runs
// and the whole history of one run (losses by step, ladder ratings and the gate's self-Elo by
// generation, games/hour by time), so a resumed or finished run shows everything it did, not
// only what this session saw.
//
// The database is an SQLite file or a PostgreSQL URI (ui/db_location.h); both are read the
// same way. Each call opens its own read-only Store: SQLite's WAL mode (or PostgreSQL's MVCC)
// lets it read while a training run (in this process or on other hosts) writes. loadRunHistoryAsync() does the reading on a
// short-lived thread so a long history never stalls the GUI.
//
// Thread-safety: listRuns() and loadRunHistory() are free functions safe on any thread;
// loadRunHistoryAsync() must be called on the GUI thread and calls back there.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <QObject>
#include <QString>
#include <QVector>

#include "core/store/records.h"

class QThread;

namespace xqui {

struct RunSummary {
    int64_t id = 0;
    QString name;
    QString preset;       // from the stored config, "" when not recorded
    qint64 createdMs = 0;
    int generation = 0;   // best accepted generation
    int64_t steps = 0;    // newest training step with a loss recorded
    QString configJson;
    // Who trains the run now: the live holder of its lease (core/train/run_lease.h); host
    // empty when no live process holds it.
    QString trainerHost;
    qint64 trainerPid = 0;
    qint64 trainerSinceMs = 0;
};

struct RunHistory {
    int64_t runId = 0;
    QString error;                          // non-empty when the database could not be read
    QVector<double> lossStep, lossTotal;    // "loss/total" by step
    QVector<double> policyStep, lossPolicy; // "loss/policy"
    QVector<double> valueStep, lossValue;   // "loss/value"
    QVector<double> replyStep, lossReply;   // "loss/reply" (runs with reply-policy-weight)
    QVector<double> heldOutStep, heldOutValue;  // "heldout/value" (early_stop.h)
    // The gate's Elo chain relative to generation 0 ("elo", "elo_lo", "elo_hi"), by accepted
    // generation; written only by gated runs. Empty when the run has none, otherwise it starts
    // with generation 0 (Elo 0 by definition, no metric row).
    QVector<double> eloGen, elo, eloLo, eloHi;
    // Background ladder ratings ("ladder/*", background_ladder.h), by generation, the five
    // series joined on the step (= generation); a generation missing any of them is left out.
    QVector<double> ladderGen, ladderRating, ladderLo, ladderHi;
    QVector<double> ladderPositions;  // self-play samples when the generation was published
    QVector<double> ladderMinutes;    // minutes into the session that published it
    QVector<double> speedTime, gamesPerHour;    // seconds since the epoch
    // The run's self-play workers (`xqzero worker`, possibly on other hosts), newest heartbeat
    // first; empty for an ordinary one-machine run. readMs: when they were read (ms since the
    // epoch), the "now" their heartbeat ages are measured against.
    std::vector<xq::store::WorkerInfo> workers;
    qint64 readMs = 0;
};

// The runs of a database, oldest first. An absent file gives an empty list and no error; a
// URI that cannot be read gives an error.
std::vector<RunSummary> listRuns(const QString& dbPath, QString* error);
RunHistory loadRunHistory(const QString& dbPath, int64_t runId);
// Loads on a worker thread and calls `done` on `context`'s thread (dropped if `context` is
// destroyed first). Returns the thread (it deletes itself when finished) so that an owner
// being destroyed can wait() for it rather than leave it reading.
// Only the workers of run `runId` (RunHistory::workers and readMs; error when unreadable), for
// a periodic refresh that leaves the charts alone; same threading as loadRunHistoryAsync().
RunHistory loadRunWorkers(const QString& dbPath, int64_t runId);
QThread* loadRunWorkersAsync(const QString& dbPath, int64_t runId, QObject* context,
                             std::function<void(const RunHistory&)> done);
QThread* loadRunHistoryAsync(const QString& dbPath, int64_t runId, QObject* context,
                             std::function<void(const RunHistory&)> done);

}  // namespace xqui
