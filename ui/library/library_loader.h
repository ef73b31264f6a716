#pragma once
// Reading the games database for the Library page: one page of the game list (LIMIT/OFFSET,
// with the total count and the runs for the filter), and one whole game with its moves, visit
// distributions and stored review.
//
// Every query opens its own READ-ONLY Store: the Library never writes, never migrates, and
// reads a live training run's file next to its writer (WAL). LibraryLoader runs the queries on
// its own thread and answers with queued signals carrying plain values; only the answer to the
// newest request of each kind is emitted (an older one would show a stale filter or game).
//
// Thread-safety: queryGames()/queryGame() are free functions safe on any thread.
// LibraryLoader: construct, call and destroy on the GUI thread; signals arrive there. Its
// thread is joined in the destructor (a query is short: one indexed SELECT).

#include <cstdint>
#include <optional>
#include <vector>

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>

#include "core/engine/review.h"
#include "core/store/records.h"

namespace xqui {

struct GameListResult {
    quint64 request = 0;
    QString error;                           // non-empty when the database could not be read
    bool missing = false;                    // the file does not exist (no games yet)
    std::vector<xq::store::GameRecord> games;  // one page, newest first, without moves
    int64_t total = 0;                       // games matching the filter, all pages
    std::vector<xq::store::RunInfo> runs;    // every run of the database (filter choices)
};

struct GameLoadResult {
    quint64 request = 0;
    QString error;
    bool found = false;
    xq::store::GameRecord game;              // with moves and visit distributions
    // The game's stored review, when it has one that reads and is of these moves (one that
    // does not is left out: the user may review the game again).
    std::optional<xq::engine::GameReview> review;
};

GameListResult queryGames(const QString& dbPath, const xq::store::GameFilter& filter);
GameLoadResult queryGame(const QString& dbPath, int64_t gameId);

class LibraryLoaderWorker;

class LibraryLoader : public QObject {
    Q_OBJECT
public:
    explicit LibraryLoader(QObject* parent = nullptr);
    ~LibraryLoader() override;

    // Synchronous mode answers inside the call (still through the signals): for screenshots
    // and tests that need the page filled before they look.
    void setSynchronous(bool on) { synchronous_ = on; }
    bool synchronous() const { return synchronous_; }

    quint64 requestGames(const QString& dbPath, const xq::store::GameFilter& filter);
    quint64 requestGame(const QString& dbPath, int64_t gameId);

signals:
    void gamesLoaded(const xqui::GameListResult& result);
    void gameLoaded(const xqui::GameLoadResult& result);

private:
    void onGames(const xqui::GameListResult& result);
    void onGame(const xqui::GameLoadResult& result);

    QThread thread_;
    LibraryLoaderWorker* worker_ = nullptr;  // lives on thread_
    quint64 nextId_ = 1;
    quint64 latestGames_ = 0;  // the newest requestGames(), the only one answered
    quint64 latestGame_ = 0;   // the newest requestGame()
    bool synchronous_ = false;
};

}  // namespace xqui

Q_DECLARE_METATYPE(xqui::GameListResult)
Q_DECLARE_METATYPE(xqui::GameLoadResult)
