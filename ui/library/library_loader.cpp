#include "ui/library/library_loader.h"

#include "core/store/store.h"
#include "ui/db_location.h"
#include "ui/error_text.h"
#include "ui/store_open.h"

namespace xqui {

GameListResult queryGames(const QString& dbPath, const xq::store::GameFilter& filter) {
    GameListResult r;
    // An absent file is not an error: nothing was stored there yet. A URI is never "missing":
    // the store says what is wrong with it.
    if (!databaseMayHoldData(dbPath)) {
        r.missing = true;
        return r;
    }
    try {
        const auto store = openForReading(dbPath);
        xq::store::Store& db = *store;
        r.runs = db.listRuns();
        r.total = db.countGames(filter);
        r.games = db.listGames(filter);
    } catch (const std::exception& e) {
        r.error = errorText(e);
    }
    return r;
}

namespace {

std::optional<xq::engine::GameReview> storedReview(xq::store::Store& db,
                                                   const xq::store::GameRecord& game) {
    const auto rec = db.loadReview(game.id);
    if (!rec) return std::nullopt;
    std::vector<xq::Move> moves;
    for (const auto& m : game.moves) moves.push_back(m.move);
    try {
        xq::engine::GameReview r = xq::engine::reviewFromJson(rec->detail);
        if (xq::engine::reviewMatches(r, moves)) return r;
    } catch (const std::invalid_argument&) {
    }
    return std::nullopt;
}

}  // namespace

GameLoadResult queryGame(const QString& dbPath, int64_t gameId) {
    GameLoadResult r;
    try {
        const auto store = openForReading(dbPath);
        xq::store::Store& db = *store;
        if (auto g = db.loadGame(gameId)) {
            r.found = true;
            r.game = std::move(*g);
            r.review = storedReview(db, r.game);
        }
    } catch (const std::exception& e) {
        r.error = errorText(e);
    }
    return r;
}

class LibraryLoaderWorker : public QObject {
    Q_OBJECT
public:
    void games(quint64 id, const QString& path, const xq::store::GameFilter& filter) {
        GameListResult r = queryGames(path, filter);
        r.request = id;
        emit gamesLoaded(r);
    }
    void game(quint64 id, const QString& path, int64_t gameId) {
        GameLoadResult r = queryGame(path, gameId);
        r.request = id;
        emit gameLoaded(r);
    }
signals:
    void gamesLoaded(const xqui::GameListResult& result);
    void gameLoaded(const xqui::GameLoadResult& result);
};

LibraryLoader::LibraryLoader(QObject* parent) : QObject(parent) {
    qRegisterMetaType<xqui::GameListResult>();
    qRegisterMetaType<xqui::GameLoadResult>();
    thread_.setObjectName(QStringLiteral("xq-library"));
    worker_ = new LibraryLoaderWorker;
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &LibraryLoaderWorker::gamesLoaded, this, &LibraryLoader::onGames, Qt::QueuedConnection);
    connect(worker_, &LibraryLoaderWorker::gameLoaded, this, &LibraryLoader::onGame, Qt::QueuedConnection);
    thread_.start();
}

LibraryLoader::~LibraryLoader() {
    thread_.quit();
    thread_.wait();
}

void LibraryLoader::onGames(const GameListResult& r) {
    if (r.request == latestGames_) emit gamesLoaded(r);
}

void LibraryLoader::onGame(const GameLoadResult& r) {
    if (r.request == latestGame_) emit gameLoaded(r);
}

quint64 LibraryLoader::requestGames(const QString& dbPath, const xq::store::GameFilter& filter) {
    const quint64 id = latestGames_ = nextId_++;
    if (synchronous_) {
        GameListResult r = queryGames(dbPath, filter);
        r.request = id;
        onGames(r);
        return id;
    }
    LibraryLoaderWorker* w = worker_;
    QMetaObject::invokeMethod(w, [w, id, dbPath, filter] { w->games(id, dbPath, filter); }, Qt::QueuedConnection);
    return id;
}

quint64 LibraryLoader::requestGame(const QString& dbPath, int64_t gameId) {
    const quint64 id = latestGame_ = nextId_++;
    if (synchronous_) {
        GameLoadResult r = queryGame(dbPath, gameId);
        r.request = id;
        onGame(r);
        return id;
    }
    LibraryLoaderWorker* w = worker_;
    QMetaObject::invokeMethod(w, [w, id, dbPath, gameId] { w->game(id, dbPath, gameId); }, Qt::QueuedConnection);
    return id;
}

}  // namespace xqui

#include "library_loader.moc"
