#pragma once
// StudioFacade: the one object through which the widgets reach the core.
//
// It owns the core objects (the players behind the Play levels, the one model choice shared
// by the Play and Analyze pages), runs their long work on its worker thread and re-emits the
// results as queued signals carrying plain structs (facade_types.h). Finished Play games are
// written to the database on a second worker thread (a write waits neither for a search nor the
// GUI), and PGN files are imported there too. Widgets never call core code that can take long, and
// no core thread ever touches a widget.
//
// Thread-safety: construct, call and destroy on the GUI thread. Signals are delivered on the
// GUI thread. The worker thread is stopped and joined in the destructor; a search still
// running then is told to stop first, so closing the window never waits for a deep search.
// The store thread is joined too, after it finished the writes already queued: a game the
// user finished just before quitting is not lost.

#include <atomic>
#include <memory>

#include <QObject>
#include <QThread>

#include "core/store/records.h"
#include "ui/facade/facade_types.h"

namespace xqui {

class EngineWorker;
class ModelChoice;
class StoreWorker;

class StudioFacade : public QObject {
    Q_OBJECT
public:
    explicit StudioFacade(QObject* parent = nullptr);
    ~StudioFacade() override;

    // The model the levels play with and the Analyze page analyses with (models(): one shared
    // choice). Empty: alpha-beta levels.
    ModelChoice* models() const { return models_; }
    // What a level plays with the current model, translated: "alpha-beta, depth 3",
    // "MCTS, 64 simulations with gen 5 of RUN" ...
    QString levelDescription(PlayLevel level) const;

    // Starts thinking about `req` (its id is assigned here and returned). A request still
    // running is cancelled first: only the newest request is ever answered. The request plays
    // with the current model (req.modelPath is set here).
    quint64 requestMove(EngineRequest req);
    // The running search returns its best move so far (the reply still arrives).
    void moveNow();
    // Stops the running search and drops its reply.
    void cancel();
    bool thinking() const { return current_ != 0; }
    quint64 currentRequest() const { return current_; }
    // Display name of a level ("Random", "入门" ...), translated.
    static QString levelName(PlayLevel level);
    // The players forget per-game state (hash tables) at the next request.
    void newGame();

    // --- the games database ----------------------------------------------------------------
    // Where finished Play games go: the override when set (tests, --db), else the QSettings
    // key "database/path" (Settings dialog), else xq::store::defaultDatabasePath().
    void setGameDatabase(const QString& path);  // empty = back to settings/default
    QString gameDatabase() const;
    // The database chosen in Settings, or the default path when none was chosen.
    static QString settingsDatabasePath();
    // Writes `game` (one transaction) on the store thread; gameStored() reports the outcome.
    // Returns the request id. The parent directory of the database is created when missing.
    quint64 storeGame(const xq::store::GameRecord& game);
    // How many storeGame() requests were made so far (GUI thread).
    quint64 storeRequestCount() const { return nextStoreId_ - 1; }
    // Imports the games of a PGN file into `database` (empty: gameDatabase()) on the store
    // thread, after the writes queued before it; one transaction per game. importProgress()
    // comes during the import (at most ~10 a second), importFinished() at the end, both
    // queued. Returns the request id.
    quint64 importPgnFile(const QString& file, const QString& database = {});

  signals:
    void gameStored(const xqui::StoreReply& reply);
    void importProgress(const xqui::ImportProgress& progress);
    void importFinished(const xqui::ImportReply& reply);
    void thinkingChanged(bool thinking);
    void engineMoved(const xqui::EngineReply& reply);
    void engineProgress(const xqui::EngineProgress& progress);
    // The running search of an MCTS level (Amateur, Advanced with a model), ~12 per second.
    void engineSnapshot(const xqui::EngineSnapshot& snapshot);

private slots:
    void onWorkerFinished(const xqui::EngineReply& reply);
    void onWorkerProgress(const xqui::EngineProgress& progress);

private:
    QThread thread_;
    EngineWorker* worker_ = nullptr;  // lives on thread_
    QThread storeThread_;
    StoreWorker* storeWorker_ = nullptr;  // lives on storeThread_
    ModelChoice* models_ = nullptr;       // child of this
    QString databaseOverride_;
    quint64 nextStoreId_ = 1;
    quint64 nextImportId_ = 1;
    quint64 nextId_ = 1;
    quint64 current_ = 0;             // id of the request whose reply we wait for, 0 = none
    std::shared_ptr<std::atomic<bool>> stop_;  // stop flag of the current request
};

}  // namespace xqui
