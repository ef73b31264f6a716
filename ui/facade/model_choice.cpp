#include "ui/facade/model_choice.h"

#include <algorithm>
#include <map>

#include <QDir>
#include <QFileInfo>

#include "core/nn/model_file.h"
#include "core/store/model_cache.h"
#include "core/store/paths.h"
#include "core/store/store.h"
#include "ui/db_location.h"
#include "ui/error_text.h"
#include "ui/store_open.h"

namespace xqui {

namespace {
// The trainer stores the path it wrote; a relative one is read against the working directory
// first (as the CLI does), then against the database's directory (models/<run> sits next to it).
QString resolveModelFile(const QString& stored, const QString& dbPath) {
    if (stored.isEmpty()) return {};
    const QFileInfo direct(stored);
    if (direct.isAbsolute()) return direct.exists() ? direct.absoluteFilePath() : QString();
    if (direct.exists()) return direct.absoluteFilePath();
    // A PostgreSQL database has no directory: its runs' model files default to the default
    // database's (xq::store::defaultModelDir).
    const QString local = isDatabaseUri(dbPath)
                              ? QString::fromStdString(xq::store::defaultDatabasePath())
                              : dbPath;
    const QFileInfo beside(QFileInfo(local).absoluteDir(), stored);
    return beside.exists() ? beside.absoluteFilePath() : QString();
}

// A model trained on another host (a PostgreSQL run) is played from this host's cache of the
// database's blobs (core/store/model_cache.h). Only the run's best is fetched when absent:
// the others are listed once cached, so a listing does not download every generation.
QString cachedCopy(xq::store::Store& db, const xq::store::ModelInfo& m, bool fetch) {
    if (m.sha256.empty()) return {};
    const std::string dir = xq::store::defaultModelCacheDir();
    const QString cached = QString::fromStdString(dir + "/" + m.sha256 + ".xqm");
    if (QFileInfo::exists(cached)) return cached;
    if (!fetch) return {};
    try {
        return QString::fromStdString(xq::store::cachedModelFile(db, m.sha256, dir));
    } catch (const std::exception&) {
        return {};  // no blob, or the cache cannot be written: the model is not offered
    }
}
}  // namespace

ModelChoice::ModelChoice(QObject* parent) : QObject(parent) {}

void ModelChoice::setDatabase(const QString& path) {
    dbPath_ = path;
    reload();
}

void ModelChoice::reload() {
    QList<ModelEntry> list;
    listError_.clear();
    if (databaseMayHoldData(dbPath_)) {
        try {
            const auto store = openForReading(dbPath_, 1000);
            xq::store::Store& db = *store;
            // The newest ladder rating of each model (the listing is newest first).
            std::map<int64_t, double> ladder;
            xq::store::LadderFilter lf;
            lf.limit = 0;
            for (const auto& r : db.listLadderResults(lf))
                if (r.model && !ladder.count(*r.model)) ladder[*r.model] = r.rating;
            auto runs = db.listRuns();
            std::reverse(runs.begin(), runs.end());  // newest first
            for (const auto& run : runs) {
                auto models = db.listModels(run.id);
                std::reverse(models.begin(), models.end());  // newest generation first
                bool bestSeen = false;
                for (const auto& m : models) {
                    QString file = resolveModelFile(QString::fromStdString(m.file), dbPath_);
                    if (file.isEmpty())
                        file = cachedCopy(db, m, /*fetch=*/!bestSeen && (m.accepted || m.generation == 0));
                    if (file.isEmpty()) continue;  // not on this host: nothing to play with
                    ModelEntry e;
                    e.modelId = m.id;
                    e.runId = run.id;
                    e.runName = QString::fromStdString(run.name);
                    e.generation = m.generation;
                    e.file = file;
                    e.accepted = m.accepted || m.generation == 0;
                    e.best = e.accepted && !bestSeen;
                    bestSeen = bestSeen || e.best;
                    if (auto it = ladder.find(m.id); it != ladder.end()) e.ladderElo = it->second;
                    e.created = m.created;
                    list.append(e);
                }
            }
        } catch (const std::exception& e) {
            listError_ = errorText(e);
        }
    }
    models_ = list;
    emit modelsChanged();
    if (automatic_) {
        setCurrent(defaultOf(models_));
    } else if (current_ && current_->modelId != 0) {
        // A listed model keeps its place; refresh its rating (a new ladder result).
        for (const auto& e : models_)
            if (e.modelId == current_->modelId && e.file == current_->file) {
                current_ = e;
                break;
            }
    }
}

std::optional<ModelEntry> ModelChoice::defaultOf(const QList<ModelEntry>& models) {
    // Runs come newest first and each run's best entry is marked: the first best is it.
    for (const auto& e : models)
        if (e.best) return e;
    return std::nullopt;
}

void ModelChoice::chooseDefault() {
    automatic_ = true;
    setCurrent(defaultOf(models_));
}

bool ModelChoice::chooseFile(const QString& path, QString* error) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    for (const auto& e : models_)
        if (e.file == abs) {
            automatic_ = false;
            setCurrent(e);
            return true;
        }
    try {
        const xq::nn::ModelInfo info = xq::nn::readModelInfo(abs.toStdString());
        ModelEntry e;
        e.file = abs;
        e.generation = int(info.meta.generation);
        e.accepted = true;
        automatic_ = false;
        setCurrent(e);
        return true;
    } catch (const std::exception& ex) {
        if (error) *error = errorText(ex);
        return false;
    }
}

void ModelChoice::chooseNone() {
    automatic_ = false;
    setCurrent(std::nullopt);
}

void ModelChoice::setCurrent(const std::optional<ModelEntry>& e) {
    const QString before = currentFile();
    current_ = e;
    if (currentFile() != before) emit currentChanged();
}

QString ModelChoice::describe(const ModelEntry& e) {
    if (e.runName.isEmpty()) return QFileInfo(e.file).fileName();
    QString text = tr("%1 · gen %2").arg(e.runName).arg(e.generation);
    if (e.best) text += tr(" (best)");
    else if (!e.accepted) text += tr(" (not accepted)");
    if (e.ladderElo) text += tr(" · Elo %1").arg(qRound(*e.ladderElo));
    return text;
}

}  // namespace xqui
