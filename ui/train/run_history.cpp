#include "ui/train/run_history.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <filesystem>

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include "core/store/store.h"
#include "core/train/run_lease.h"
#include "ui/db_location.h"
#include "ui/error_text.h"
#include "ui/store_open.h"

namespace xqui {

namespace {

void fill(xq::store::Store& s, int64_t run, const char* name, QVector<double>& x, QVector<double>& y) {
    const auto pts = s.metrics(run, name);
    x.reserve(qsizetype(pts.size()));
    y.reserve(qsizetype(pts.size()));
    for (const auto& p : pts) {
        x.push_back(double(p.step));
        y.push_back(p.value);
    }
}

// The ladder's five series are written in one call per rating, but a reader may still see a
// rating whose rows are not all there (or an older database with some missing): join on the
// step and keep the generations that have all five.
void loadLadder(xq::store::Store& s, int64_t run, RunHistory& h) {
    const char* names[5] = {"ladder/rating", "ladder/lo", "ladder/hi", "ladder/positions", "ladder/minutes"};
    std::map<int64_t, std::array<std::optional<double>, 5>> byGen;
    for (int i = 0; i < 5; ++i)
        for (const auto& p : s.metrics(run, names[i])) byGen[p.step][size_t(i)] = p.value;
    for (const auto& [gen, v] : byGen) {
        if (!std::all_of(v.begin(), v.end(), [](const std::optional<double>& x) { return x.has_value(); }))
            continue;
        h.ladderGen.push_back(double(gen));
        h.ladderRating.push_back(*v[0]);
        h.ladderLo.push_back(*v[1]);
        h.ladderHi.push_back(*v[2]);
        h.ladderPositions.push_back(*v[3]);
        h.ladderMinutes.push_back(*v[4]);
    }
}

bool isEmptyFile(const QString& dbPath) {
    if (isDatabaseUri(dbPath)) return false;
    std::error_code ec;
    return std::filesystem::file_size(dbPath.toStdString(), ec) == 0 && !ec;
}

void loadWorkers(xq::store::Store& s, int64_t run, RunHistory& h) {
    h.workers = s.listWorkers(run);
    h.readMs = QDateTime::currentMSecsSinceEpoch();
}

template <class Load>
QThread* startLoad(Load load, QObject* context, std::function<void(const RunHistory&)> done) {
    auto h = std::make_shared<RunHistory>();
    QThread* t = QThread::create([load, h] { *h = load(); });
    // finished is emitted on the worker thread; the connection to `context` queues the call
    // onto the context's thread and disappears with the context (Qt's connection handling is
    // thread-safe, a raw pointer check would not be).
    QObject::connect(t, &QThread::finished, context, [h, done = std::move(done)] { done(*h); });
    QObject::connect(t, &QThread::finished, t, &QObject::deleteLater);
    t->start();
    return t;
}

}  // namespace

std::vector<RunSummary> listRuns(const QString& dbPath, QString* error) {
    std::vector<RunSummary> out;
    const std::string path = dbPath.toStdString();
    if (!databaseMayHoldData(dbPath)) return out;
    try {
        const auto store = openForReading(dbPath);
        xq::store::Store& s = *store;
        for (const auto& r : s.listRuns()) {
            RunSummary sum;
            sum.id = r.id;
            sum.name = QString::fromStdString(r.name);
            sum.createdMs = r.created;
            sum.configJson = QString::fromStdString(r.config);
            const QJsonObject cfg = QJsonDocument::fromJson(sum.configJson.toUtf8()).object();
            sum.preset = cfg.value(QStringLiteral("preset")).toString();
            if (auto best = s.bestModel(r.id)) sum.generation = best->generation;
            // The last loss point is the newest step; metrics() is ordered by step.
            const auto loss = s.metrics(r.id, "loss/total");
            if (!loss.empty()) sum.steps = loss.back().step;
            if (const auto lease = s.runLease(r.id);
                lease && !xq::train::leaseIsStale(*lease, xq::store::nowMs(),
                                                  xq::train::thisHostName(),
                                                  xq::train::processRunning))
            {
                sum.trainerHost = QString::fromStdString(lease->host);
                sum.trainerPid = lease->pid;
                sum.trainerSinceMs = lease->started;
            }
            out.push_back(std::move(sum));
        }
    } catch (const std::exception& e) {
        // An empty file (created but never written) has no runs; anything else is worth showing
        // (a URI always: there is no file to be empty).
        if (error && !isEmptyFile(dbPath)) *error = errorText(e);
        out.clear();
    }
    return out;
}

RunHistory loadRunHistory(const QString& dbPath, int64_t runId) {
    RunHistory h;
    h.runId = runId;
    try {
        const auto store = openForReading(dbPath);
        xq::store::Store& s = *store;
        fill(s, runId, "loss/total", h.lossStep, h.lossTotal);
        fill(s, runId, "loss/policy", h.policyStep, h.lossPolicy);
        fill(s, runId, "loss/value", h.valueStep, h.lossValue);
        fill(s, runId, "loss/reply", h.replyStep, h.lossReply);
        fill(s, runId, "heldout/value", h.heldOutStep, h.heldOutValue);
        fill(s, runId, "elo", h.eloGen, h.elo);
        QVector<double> g;
        fill(s, runId, "elo_lo", g, h.eloLo);
        g.clear();
        fill(s, runId, "elo_hi", g, h.eloHi);
        // The three Elo series are written together; guard against a torn read anyway.
        const qsizetype n = std::min({h.elo.size(), h.eloLo.size(), h.eloHi.size()});
        h.eloGen.resize(n);
        h.elo.resize(n);
        h.eloLo.resize(n);
        h.eloHi.resize(n);
        // Generation 0 (the random network) is Elo 0 by definition and has no metric row.
        if (!h.eloGen.isEmpty() && h.eloGen.first() > 0) {
            h.eloGen.prepend(0);
            h.elo.prepend(0);
            h.eloLo.prepend(0);
            h.eloHi.prepend(0);
        }
        loadLadder(s, runId, h);
        loadWorkers(s, runId, h);
        for (const auto& p : s.metrics(runId, "games_per_hour")) {
            h.speedTime.push_back(double(p.time) / 1000.0);
            h.gamesPerHour.push_back(p.value);
        }
    } catch (const std::exception& e) {
        h.error = errorText(e);
    }
    return h;
}

RunHistory loadRunWorkers(const QString& dbPath, int64_t runId) {
    RunHistory h;
    h.runId = runId;
    try {
        const auto store = openForReading(dbPath);
        xq::store::Store& s = *store;
        loadWorkers(s, runId, h);
    } catch (const std::exception& e) {
        h.error = errorText(e);
    }
    return h;
}

QThread* loadRunWorkersAsync(const QString& dbPath, int64_t runId, QObject* context,
                             std::function<void(const RunHistory&)> done) {
    return startLoad([dbPath, runId] { return loadRunWorkers(dbPath, runId); }, context,
                     std::move(done));
}

QThread* loadRunHistoryAsync(const QString& dbPath, int64_t runId, QObject* context,
                             std::function<void(const RunHistory&)> done) {
    return startLoad([dbPath, runId] { return loadRunHistory(dbPath, runId); }, context,
                     std::move(done));
}

}  // namespace xqui
