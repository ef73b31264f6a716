#include "ui/facade/studio_facade.h"

#include <chrono>

#include <QCoreApplication>
#include <QFile>
#include <QSettings>

#include "core/engine/player.h"
#include "core/store/paths.h"
#include "core/store/pgn_import.h"
#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "ui/facade/level_players.h"
#include "ui/facade/model_choice.h"
#include "ui/error_text.h"

namespace xqui {

// Runs on the facade's worker thread. Holds one player per level so hash tables and engine
// processes survive between moves of a game.
class EngineWorker : public QObject {
    Q_OBJECT
public:
    std::atomic<bool> newGamePending{false};

    void think(const EngineRequest& req, std::shared_ptr<std::atomic<bool>> stop) {
        EngineReply reply;
        reply.id = req.id;
        reply.hint = req.hint;
        const auto t0 = std::chrono::steady_clock::now();
        try {
            if (newGamePending.exchange(false))
                for (auto& p : players_)
                    if (p) p->newGame();
            if (req.modelPath != playersModel_) {
                // Another model: every level is built again with it on its next move.
                for (auto& p : players_) p.reset();
                playersModel_ = req.modelPath;
            }
            xq::Position pos;
            if (!req.startFen.empty()) pos = xq::positionFromFen(req.startFen);
            for (xq::Move m : req.moves) pos.makeMove(m);
            auto& player = players_[int(req.level)];
            if (!player) player = makeLevelPlayer(req.level, req.modelPath);
            reply.playerName = QString::fromStdString(player->name());
            const quint64 id = req.id;
            player->setInfoCallback([this, id](const xq::engine::SearchInfo& info) {
                EngineProgress pr;
                pr.id = id;
                pr.depth = info.depth;
                pr.scoreCp = info.scoreCp;
                pr.mateIn = info.mateIn;
                pr.nodes = info.nodes;
                pr.pv = info.pv;
                emit progress(pr);
            });
            player->setSnapshotCallback([this, id](const xq::search::SearchSnapshot& s) {
                emit snapshot(EngineSnapshot{id, s});
            });
            reply.move = player->chooseMove(pos, levelLimits(req.level, req.hint), stop.get());
            player->setInfoCallback({});
            player->setSnapshotCallback({});
        } catch (const std::exception& e) {
            reply.move = xq::Move();
            reply.error = errorText(e);
        }
        reply.elapsedMs = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::steady_clock::now() - t0)
                                  .count());
        emit finished(reply);
    }

signals:
    void finished(const xqui::EngineReply& reply);
    void progress(const xqui::EngineProgress& progress);
    void snapshot(const xqui::EngineSnapshot& snapshot);

private:
    xq::engine::PlayerPtr players_[kPlayLevelCount];
    std::string playersModel_;  // the model players_ were built with
};

// Runs on the facade's store thread. Opens the database for each game and closes it again:
// games are rare, and no file stays locked between them (the Library or a training run may
// open the same file; WAL lets them share it).
class StoreWorker : public QObject {
    Q_OBJECT
public:
    void store(quint64 id, const QString& path, const xq::store::GameRecord& game) {
        StoreReply reply;
        reply.id = id;
        reply.databasePath = path;
        try {
            const std::string file = path.toStdString();
            xq::store::ensureParentDirectory(file);
            xq::store::Store db(file);
            reply.gameId = db.insertGame(game);
        } catch (const std::exception& e) {
            reply.error = errorText(e);
        }
        emit stored(reply);
    }

    void importFile(quint64 id, const QString& path, const QString& file) {
        ImportReply reply;
        reply.id = id;
        reply.file = file;
        reply.databasePath = path;
        try {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly)) {
                reply.error = f.errorString();
                emit imported(reply);
                return;
            }
            const QByteArray text = f.readAll();
            const std::string dbFile = path.toStdString();
            xq::store::ensureParentDirectory(dbFile);
            xq::store::Store db(dbFile);
            ImportProgress pr;
            pr.id = id;
            auto last = std::chrono::steady_clock::now();
            const xq::store::ImportSummary sum = xq::store::importPgn(
                db, std::string_view(text.constData(), size_t(text.size())),
                [&](const xq::store::ImportedGame& g, size_t done, size_t total) {
                    ++pr.games;
                    ++(g.ok() ? pr.imported : pr.rejected);
                    if (!g.ok() && reply.firstRejections.size() < kMaxImportReasons) {
                        const std::string why = g.error ? g.error->toString() : g.storeMessage;
                        reply.firstRejections.append(
                            {g.index + 1, g.line, QString::fromStdString(why)});
                    }
                    // At most ~10 progress signals a second: a big file must not flood the GUI.
                    const auto now = std::chrono::steady_clock::now();
                    if (now - last > std::chrono::milliseconds(100)) {
                        last = now;
                        pr.fraction = total ? double(done) / double(total) : 1.0;
                        emit progress(pr);
                    }
                    return true;
                });
            reply.games = sum.games;
            reply.imported = sum.imported;
            reply.rejected = sum.rejected;
        } catch (const std::exception& e) {
            reply.error = errorText(e);
        }
        emit imported(reply);
    }

signals:
    void stored(const xqui::StoreReply& reply);
    void progress(const xqui::ImportProgress& progress);
    void imported(const xqui::ImportReply& reply);
};

StudioFacade::StudioFacade(QObject* parent) : QObject(parent) {
    models_ = new ModelChoice(this);
    qRegisterMetaType<xqui::EngineRequest>();
    qRegisterMetaType<xqui::EngineReply>();
    qRegisterMetaType<xqui::EngineProgress>();
    qRegisterMetaType<xqui::EngineSnapshot>();
    thread_.setObjectName(QStringLiteral("xq-engine"));
    worker_ = new EngineWorker;
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &EngineWorker::finished, this, &StudioFacade::onWorkerFinished, Qt::QueuedConnection);
    connect(worker_, &EngineWorker::progress, this, &StudioFacade::onWorkerProgress, Qt::QueuedConnection);
    connect(worker_, &EngineWorker::snapshot, this,
            [this](const EngineSnapshot& s) {
                if (s.id == current_) emit engineSnapshot(s);
            },
            Qt::QueuedConnection);
    thread_.start();

    qRegisterMetaType<xqui::StoreReply>();
    storeThread_.setObjectName(QStringLiteral("xq-store"));
    storeWorker_ = new StoreWorker;
    storeWorker_->moveToThread(&storeThread_);
    connect(&storeThread_, &QThread::finished, storeWorker_, &QObject::deleteLater);
    connect(storeWorker_, &StoreWorker::stored, this, &StudioFacade::gameStored, Qt::QueuedConnection);
    qRegisterMetaType<xqui::ImportProgress>();
    qRegisterMetaType<xqui::ImportReply>();
    connect(storeWorker_, &StoreWorker::progress, this, &StudioFacade::importProgress,
            Qt::QueuedConnection);
    connect(storeWorker_, &StoreWorker::imported, this, &StudioFacade::importFinished,
            Qt::QueuedConnection);
    storeThread_.start();
}

StudioFacade::~StudioFacade() {
    if (stop_) stop_->store(true);
    thread_.quit();
    // quit() itself could overtake writes still queued; posted behind them, it cannot.
    QThread* st = &storeThread_;
    QMetaObject::invokeMethod(storeWorker_, [st] { st->quit(); }, Qt::QueuedConnection);
    thread_.wait();
    storeThread_.wait();
}

void StudioFacade::setGameDatabase(const QString& path) { databaseOverride_ = path; }

QString StudioFacade::gameDatabase() const {
    return databaseOverride_.isEmpty() ? settingsDatabasePath() : databaseOverride_;
}

QString StudioFacade::settingsDatabasePath() {
    const QString chosen = QSettings().value(QStringLiteral("database/path")).toString();
    return chosen.isEmpty() ? QString::fromStdString(xq::store::defaultDatabasePath()) : chosen;
}

quint64 StudioFacade::storeGame(const xq::store::GameRecord& game) {
    const quint64 id = nextStoreId_++;
    StoreWorker* w = storeWorker_;
    const QString path = gameDatabase();
    QMetaObject::invokeMethod(w, [w, id, path, game] { w->store(id, path, game); }, Qt::QueuedConnection);
    return id;
}

quint64 StudioFacade::importPgnFile(const QString& file, const QString& database) {
    const quint64 id = nextImportId_++;
    StoreWorker* w = storeWorker_;
    const QString path = database.isEmpty() ? gameDatabase() : database;
    QMetaObject::invokeMethod(
        w, [w, id, path, file] { w->importFile(id, path, file); }, Qt::QueuedConnection);
    return id;
}

quint64 StudioFacade::requestMove(EngineRequest req) {
    if (stop_) stop_->store(true);  // an older search still running gives up at once
    req.id = nextId_++;
    req.modelPath = models_->currentFile().toStdString();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    stop_ = stop;
    const bool wasThinking = thinking();
    current_ = req.id;
    EngineWorker* w = worker_;
    QMetaObject::invokeMethod(w, [w, req, stop] { w->think(req, stop); }, Qt::QueuedConnection);
    if (!wasThinking) emit thinkingChanged(true);
    return req.id;
}

void StudioFacade::moveNow() {
    if (stop_) stop_->store(true);
}

void StudioFacade::cancel() {
    if (stop_) stop_->store(true);
    stop_.reset();
    if (current_ != 0) {
        current_ = 0;
        emit thinkingChanged(false);
    }
}

void StudioFacade::newGame() { worker_->newGamePending.store(true); }

void StudioFacade::onWorkerFinished(const EngineReply& reply) {
    if (reply.id != current_) return;  // cancelled or superseded
    current_ = 0;
    stop_.reset();
    emit thinkingChanged(false);
    emit engineMoved(reply);
}

void StudioFacade::onWorkerProgress(const EngineProgress& progress) {
    if (progress.id == current_) emit engineProgress(progress);
}

QString StudioFacade::levelDescription(PlayLevel level) const {
    const auto& m = models_->current();
    switch (level) {
        case PlayLevel::Random: return tr("random legal moves");
        case PlayLevel::Beginner:
            return m ? tr("one network call, a sample of its policy") : tr("alpha-beta, depth 1, with noise");
        case PlayLevel::Amateur:
            return m ? tr("MCTS, %1 simulations").arg(64) : tr("alpha-beta, depth 3, with a little noise");
        case PlayLevel::Advanced:
            return m ? tr("MCTS, %1 simulations").arg(400) : tr("alpha-beta, depth 5");
    }
    return {};
}

QString StudioFacade::levelName(PlayLevel level) {
    switch (level) {
        case PlayLevel::Random: return tr("Random");
        case PlayLevel::Beginner: return tr("Beginner");
        case PlayLevel::Amateur: return tr("Amateur");
        case PlayLevel::Advanced: return tr("Advanced");
    }
    return {};
}

}  // namespace xqui

#include "studio_facade.moc"
