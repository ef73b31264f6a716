#pragma once
// Reading a database's runs and a run's metrics for the Train page: the list of earlier runs
// and the whole history of one run (losses by step, ladder ratings and the gate's self-Elo by
// generation, games/hour by time), so a resumed or finished run shows everything it did, not
// only what this session saw.
//
// Each call opens its own read-only Store: SQLite's WAL mode lets it read while a training
// run (in this process or another) writes. loadRunHistoryAsync() does the reading on a
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
};

struct RunHistory {
    int64_t runId = 0;
    QString error;                          // non-empty when the database could not be read
    QVector<double> lossStep, lossTotal;    // "loss/total" by step
    QVector<double> policyStep, lossPolicy; // "loss/policy"
    QVector<double> valueStep, lossValue;   // "loss/value"
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
};

// The runs of a database, oldest first. An absent file gives an empty list and no error.
std::vector<RunSummary> listRuns(const QString& dbPath, QString* error);
RunHistory loadRunHistory(const QString& dbPath, int64_t runId);
// Loads on a worker thread and calls `done` on `context`'s thread (dropped if `context` is
// destroyed first). Returns the thread (it deletes itself when finished) so that an owner
// being destroyed can wait() for it rather than leave it reading.
QThread* loadRunHistoryAsync(const QString& dbPath, int64_t runId, QObject* context,
                             std::function<void(const RunHistory&)> done);

}  // namespace xqui
