#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include "core/store/run_name.h"
#include "core/store/store_impl.h"

namespace xq::store {

namespace {

void checkJson(const std::string& text, const std::string& what) {
    if (!nlohmann::json::accept(text))
        throw StoreError(StoreErrorCode::InvalidArgument,
                         what + ": the configuration is not valid JSON");
}

RunInfo readRun(const Query& st) {
    return RunInfo{st.int64(0), st.text(1), st.text(2), st.int64(3)};
}

ModelInfo readModel(const Query& st) {
    ModelInfo m;
    m.id = st.int64(0);
    m.run = st.int64(1);
    m.generation = int(st.int64(2));
    m.file = st.text(3);
    m.parent = st.optInt64(4);
    m.elo = st.optReal(5);
    m.eloLo = st.optReal(6);
    m.eloHi = st.optReal(7);
    m.accepted = st.int64(8) != 0;
    m.created = st.int64(9);
    if (!st.isNull(10)) m.sha256 = st.text(10);
    return m;
}

constexpr const char* kModelColumns =
    "SELECT id, run, generation, file, parent, elo, elo_lo, elo_hi, accepted, created, sha256 "
    "FROM models ";

}  // namespace

Store::Store(const std::string& path, const OpenOptions& options) {
    impl_ = std::make_unique<Impl>();
    impl_->db = openBackend(path, options);
    impl_->path = path;
    impl_->readOnly = options.readOnly;
}

Store::~Store() = default;

const std::string& Store::path() const {
    return impl_->path;
}
bool Store::readOnly() const {
    return impl_->readOnly;
}

int Store::schemaVersion() {
    std::lock_guard lock(impl_->mutex);
    return impl_->db->schemaVersion();
}

// --- runs -----------------------------------------------------------------------------------

RunInfo Store::createRun(const std::string& name, const std::string& configJson) {
    if (name.empty())
        throw StoreError(StoreErrorCode::InvalidArgument, "a run needs a non-empty name");
    requireValidRunName(name);
    checkJson(configJson, "creating run '" + name + "'");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    {
        Query exists(db, "SELECT 1 FROM runs WHERE name = ?");
        exists.bind(1, name);
        if (exists.step())
            throw StoreError(StoreErrorCode::Constraint,
                             "a run named '" + name + "' already exists in '" + db.label() + "'");
    }
    RunInfo run{0, name, configJson, nowMs()};
    Query st(db, "INSERT INTO runs(name, config, created) VALUES (?, ?, ?) RETURNING id");
    st.bind(1, name).bind(2, configJson).bind(3, run.created);
    st.step();
    run.id = st.int64(0);
    st.reset();
    tx.commit();
    return run;
}

std::optional<RunInfo> Store::findRun(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT id, name, config, created FROM runs WHERE name = ?");
    st.bind(1, name);
    if (!st.step()) return std::nullopt;
    return readRun(st);
}

std::optional<RunInfo> Store::runById(int64_t id) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT id, name, config, created FROM runs WHERE id = ?");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return readRun(st);
}

std::vector<RunInfo> Store::listRuns() {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT id, name, config, created FROM runs ORDER BY id");
    std::vector<RunInfo> out;
    while (st.step()) out.push_back(readRun(st));
    return out;
}

void Store::setRunConfig(int64_t run, const std::string& configJson) {
    checkJson(configJson, "updating run " + std::to_string(run));
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "UPDATE runs SET config = ? WHERE id = ?");
    st.bind(1, configJson).bind(2, run).run();
    if (impl_->db->changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "no run with id " + std::to_string(run));
}

void Store::renameRun(const std::string& from, const std::string& to,
                      const std::string& oldModelDir, const std::string& newModelDir) {
    if (to.empty())
        throw StoreError(StoreErrorCode::InvalidArgument, "a run needs a non-empty name");
    requireValidRunName(to);
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    {
        Query taken(db, "SELECT 1 FROM runs WHERE name = ?");
        taken.bind(1, to);
        if (taken.step() && from != to)
            throw StoreError(StoreErrorCode::Constraint,
                             "a run named '" + to + "' already exists in '" + db.label() + "'");
    }
    Query st(db, "UPDATE runs SET name = ? WHERE name = ?");
    st.bind(1, to).bind(2, from).run();
    if (db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound,
                         "no run named '" + from + "' in '" + db.label() + "'");
    if (!oldModelDir.empty()) {
        // Byte-wise prefix test in C++: SQLite's substr() counts characters, not bytes.
        const std::string prefix = oldModelDir + "/";
        std::vector<std::pair<int64_t, std::string>> moved;
        {
            Query files(db,
                        "SELECT m.id, m.file FROM models m JOIN runs r ON r.id = m.run "
                        "WHERE r.name = ? AND m.file IS NOT NULL");
            files.bind(1, to);
            while (files.step()) {
                const std::string f = files.text(1);
                if (f.compare(0, prefix.size(), prefix) == 0)
                    moved.emplace_back(files.int64(0), newModelDir + "/" + f.substr(prefix.size()));
            }
        }
        for (const auto& [id, file] : moved) {
            Query mv(db, "UPDATE models SET file = ? WHERE id = ?");
            mv.bind(1, file).bind(2, id).run();
        }
    }
    tx.commit();
}

void Store::deleteRun(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    std::vector<std::string> blobs;
    {
        Query named(db,
                    "SELECT DISTINCT m.sha256 FROM models m JOIN runs r ON r.id = m.run "
                    "WHERE r.name = ? AND m.sha256 IS NOT NULL");
        named.bind(1, name);
        while (named.step()) blobs.push_back(named.text(0));
    }
    // Foreign keys cascade from runs to models, games (and on to moves), metrics, ladder and
    // workers.
    Query st(db, "DELETE FROM runs WHERE name = ?");
    st.bind(1, name).run();
    if (db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound,
                         "no run named '" + name + "' in '" + db.label() + "'");
    Query orphan(db,
                 "DELETE FROM blobs WHERE sha256 = ? AND NOT EXISTS "
                 "(SELECT 1 FROM models m WHERE m.sha256 = blobs.sha256)");
    for (const std::string& sha : blobs) orphan.bind(1, sha).run();
    tx.commit();
}

void Store::checkWritable() {
    std::lock_guard lock(impl_->mutex);
    impl_->db->checkWritable(impl_->readOnly);
}

// --- models ---------------------------------------------------------------------------------

int64_t Store::addModel(const ModelInfo& m) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    return retryOnLostConnection(db, [&] {
        Transaction tx(db);
        {
            Query run(db, "SELECT 1 FROM runs WHERE id = ?");
            run.bind(1, m.run);
            if (!run.step())
                throw StoreError(StoreErrorCode::NotFound,
                                 "adding model generation " + std::to_string(m.generation) +
                                     ": no run with id " + std::to_string(m.run));
        }
        if (m.parent) {
            Query parent(db, "SELECT 1 FROM models WHERE id = ?");
            parent.bind(1, *m.parent);
            if (!parent.step())
                throw StoreError(StoreErrorCode::NotFound,
                                 "adding model generation " + std::to_string(m.generation) +
                                     ": no parent model with id " + std::to_string(*m.parent));
        }
        if (!m.sha256.empty()) {
            Query blob(db, "SELECT 1 FROM blobs WHERE sha256 = ?");
            blob.bind(1, m.sha256);
            if (!blob.step())
                throw StoreError(StoreErrorCode::Constraint,
                                 "adding model generation " + std::to_string(m.generation) +
                                     ": no blob with sha256 " + m.sha256 + " in '" + db.label() + "'");
        }
        Query st(db,
                 "INSERT INTO models(run, generation, file, parent, elo, elo_lo, elo_hi, "
                 "accepted, created, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
        st.bind(1, m.run).bind(2, m.generation).bind(3, m.file).bind(4, m.parent);
        st.bind(5, m.elo).bind(6, m.eloLo).bind(7, m.eloHi).bind(8, int64_t(m.accepted ? 1 : 0));
        st.bind(9, m.created ? m.created : nowMs());
        if (m.sha256.empty())
            st.bindNull(10);
        else
            st.bind(10, m.sha256);
        st.step();
        const int64_t id = st.int64(0);
        st.reset();
        db.notify(kModelsChannel, std::to_string(m.run));
        tx.commit();
        return id;
    });
}

void Store::setModelEvaluation(int64_t model, bool accepted, std::optional<double> elo,
                               std::optional<double> eloLo, std::optional<double> eloHi) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    Query st(db,
             "UPDATE models SET accepted = ?, elo = ?, elo_lo = ?, elo_hi = ? "
             "WHERE id = ? RETURNING run");
    st.bind(1, int64_t(accepted ? 1 : 0)).bind(2, elo).bind(3, eloLo).bind(4, eloHi);
    st.bind(5, model);
    if (!st.step())
        throw StoreError(StoreErrorCode::NotFound, "no model with id " + std::to_string(model));
    const int64_t run = st.int64(0);
    st.reset();
    db.notify(kModelsChannel, std::to_string(run));
    tx.commit();
}

std::vector<ModelInfo> Store::listModels(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, std::string(kModelColumns) + "WHERE run = ? ORDER BY generation, id");
    st.bind(1, run);
    std::vector<ModelInfo> out;
    while (st.step()) out.push_back(readModel(st));
    return out;
}

std::optional<ModelInfo> queryBestModel(Backend& db, int64_t run) {
    Query st(db, std::string(kModelColumns) +
                     "WHERE run = ? AND accepted = 1 "
                     "ORDER BY generation DESC, id DESC LIMIT 1");
    st.bind(1, run);
    if (!st.step()) return std::nullopt;
    return readModel(st);
}

std::optional<ModelInfo> Store::bestModel(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    return queryBestModel(*impl_->db, run);
}

std::optional<ModelInfo> Store::modelById(int64_t id) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, std::string(kModelColumns) + "WHERE id = ?");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return readModel(st);
}

// --- metrics --------------------------------------------------------------------------------

void Store::addMetrics(std::span<const MetricPoint> points) {
    if (points.empty()) return;
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    retryOnLostConnection(db, [&] {
        Transaction tx(db);
        Query st(db,
                 "INSERT INTO metrics(run, step, name, value, time) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (run, name, step) DO UPDATE SET value = excluded.value, "
                 "time = excluded.time");
        const int64_t now = nowMs();
        for (const MetricPoint& p : points) {
            if (p.name.empty())
                throw StoreError(StoreErrorCode::InvalidArgument,
                                 "metric at step " + std::to_string(p.step) + " has no name");
            st.bind(1, p.run).bind(2, p.step).bind(3, p.name).bind(4, p.value);
            st.bind(5, p.time ? p.time : now).run();
        }
        tx.commit();
    });
}

std::vector<MetricPoint> Store::metrics(int64_t run, const std::string& name, int64_t sinceStep) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db,
             "SELECT run, step, name, value, time FROM metrics "
             "WHERE run = ? AND name = ? AND step >= ? ORDER BY step");
    st.bind(1, run).bind(2, name).bind(3, sinceStep);
    std::vector<MetricPoint> out;
    while (st.step())
        out.push_back({st.int64(0), st.int64(1), st.text(2), st.real(3), st.int64(4)});
    return out;
}

std::vector<std::string> Store::metricNames(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT DISTINCT name FROM metrics WHERE run = ? ORDER BY name");
    st.bind(1, run);
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
}

// --- maintenance ----------------------------------------------------------------------------

StoreCounts Store::counts() {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db,
             "SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM models), "
             "(SELECT count(*) FROM games), (SELECT count(*) FROM moves), "
             "(SELECT count(*) FROM metrics)");
    st.step();
    return {st.int64(0), st.int64(1), st.int64(2), st.int64(3), st.int64(4)};
}

IntegrityReport Store::integrityCheck() {
    std::lock_guard lock(impl_->mutex);
    return impl_->db->integrityCheck();
}

}  // namespace xq::store
