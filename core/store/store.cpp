#include "core/store/store.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/store/schema.h"
#include "core/store/store_impl.h"

namespace xq::store {

namespace {

void checkJson(const std::string& text, const std::string& what) {
    if (!nlohmann::json::accept(text))
        throw StoreError(StoreErrorCode::InvalidArgument,
                         what + ": the configuration is not valid JSON");
}

RunInfo readRun(const sql::Statement& st) {
    return RunInfo{st.int64(0), st.text(1), st.text(2), st.int64(3)};
}

ModelInfo readModel(const sql::Statement& st) {
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
    return m;
}

constexpr const char* kModelColumns =
    "SELECT id, run, generation, file, parent, elo, elo_lo, elo_hi, accepted, created "
    "FROM models ";

sql::OpenMode modeFor(const OpenOptions& o, const schema::Inspection& insp,
                      const std::string& path) {
    if (o.readOnly) {
        if (insp.state == schema::FileState::Absent)
            throw StoreError(StoreErrorCode::Missing, "no database at '" + path + "'", path);
        if (insp.state == schema::FileState::Empty || insp.version < schema::currentVersion())
            throw StoreError(StoreErrorCode::OlderSchema,
                             "'" + path + "' has xqzero schema version " +
                                 std::to_string(insp.version) + ", this build uses " +
                                 std::to_string(schema::currentVersion()) +
                                 "; open it read-write once to upgrade it", path);
        return sql::OpenMode::ReadOnly;
    }
    if (insp.state == schema::FileState::Absent) {
        if (!o.create) throw StoreError(StoreErrorCode::Missing, "no database at '" + path + "'", path);
        const std::filesystem::path dir = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
            throw StoreError(StoreErrorCode::Missing, "cannot create the database '" + path +
                                                          "': the directory '" + dir.string() +
                                                          "' does not exist", path);
        return sql::OpenMode::ReadWriteCreate;
    }
    return sql::OpenMode::ReadWrite;
}

// SQLite creates "-wal" and "-shm" beside a database in WAL mode even for a read-only
// connection. A refused open must leave the directory as it found it: on destruction without
// keep(), removes the side files that did not exist when the guard was made (the -wal only
// while empty, so nothing another process wrote there is ever lost).
class SideFileGuard {
public:
    explicit SideFileGuard(const std::string& path) : wal_(path + "-wal"), shm_(path + "-shm") {
        std::error_code ec;
        walExisted_ = std::filesystem::exists(wal_, ec);
        shmExisted_ = std::filesystem::exists(shm_, ec);
    }
    ~SideFileGuard() {
        if (kept_) return;
        std::error_code ec;
        if (!walExisted_ && std::filesystem::exists(wal_, ec)) {
            if (std::filesystem::file_size(wal_, ec) != 0 || ec) return;  // written: keep both
            std::filesystem::remove(wal_, ec);
        }
        if (!shmExisted_) std::filesystem::remove(shm_, ec);
    }
    void keep() { kept_ = true; }

private:
    std::string wal_, shm_;
    bool walExisted_ = false, shmExisted_ = false, kept_ = false;
};

}  // namespace

Store::Store(const std::string& path, const OpenOptions& options) {
    if (path.empty())
        throw StoreError(StoreErrorCode::InvalidArgument, "empty database path");
    SideFileGuard sideFiles(path);
    try {
        open(path, options);
    } catch (...) {
        impl_.reset();  // closes the connection before the guard looks at the side files
        throw;
    }
    sideFiles.keep();
}

void Store::open(const std::string& path, const OpenOptions& options) {
    // Refuses foreign / garbage / newer files before any read-write handle exists.
    const schema::Inspection insp = schema::inspectFile(path);
    impl_ = std::make_unique<Impl>(path, modeFor(options, insp, path));
    impl_->readOnly = options.readOnly;
    sql::Database& db = impl_->db;
    db.exec("PRAGMA busy_timeout = " + std::to_string(std::max(0, options.busyTimeoutMs)),
            "setting the busy timeout");
    if (options.readOnly) {
        db.exec("PRAGMA query_only = ON", "making the connection read-only");
        if (schema::readVersion(db) != schema::currentVersion())
            throw StoreError(StoreErrorCode::NewerSchema,
                             "'" + path + "' changed its schema version while being opened", path);
        return;
    }
    db.exec("PRAGMA journal_mode = WAL", "switching to WAL mode");
    db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON",
            "configuring the connection");
    schema::migrate(db);
}

Store::~Store() = default;

const std::string& Store::path() const { return impl_->db.path(); }
bool Store::readOnly() const { return impl_->readOnly; }

int Store::schemaVersion() {
    std::lock_guard lock(impl_->mutex);
    return schema::readVersion(impl_->db);
}

// --- runs -----------------------------------------------------------------------------------

RunInfo Store::createRun(const std::string& name, const std::string& configJson) {
    if (name.empty())
        throw StoreError(StoreErrorCode::InvalidArgument, "a run needs a non-empty name");
    checkJson(configJson, "creating run '" + name + "'");
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    sql::Transaction tx(db);
    {
        sql::Statement exists(db, "SELECT 1 FROM runs WHERE name = ?");
        exists.bind(1, name);
        if (exists.step())
            throw StoreError(StoreErrorCode::Constraint,
                             "a run named '" + name + "' already exists in '" + db.path() + "'");
    }
    RunInfo run{0, name, configJson, nowMs()};
    sql::Statement st(db, "INSERT INTO runs(name, config, created) VALUES (?, ?, ?)");
    st.bind(1, name).bind(2, configJson).bind(3, run.created).run();
    run.id = db.lastInsertId();
    tx.commit();
    return run;
}

std::optional<RunInfo> Store::findRun(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, "SELECT id, name, config, created FROM runs WHERE name = ?");
    st.bind(1, name);
    if (!st.step()) return std::nullopt;
    return readRun(st);
}

std::optional<RunInfo> Store::runById(int64_t id) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, "SELECT id, name, config, created FROM runs WHERE id = ?");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return readRun(st);
}

std::vector<RunInfo> Store::listRuns() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, "SELECT id, name, config, created FROM runs ORDER BY id");
    std::vector<RunInfo> out;
    while (st.step()) out.push_back(readRun(st));
    return out;
}

void Store::setRunConfig(int64_t run, const std::string& configJson) {
    checkJson(configJson, "updating run " + std::to_string(run));
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, "UPDATE runs SET config = ? WHERE id = ?");
    st.bind(1, configJson).bind(2, run).run();
    if (impl_->db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "no run with id " + std::to_string(run));
}

void Store::renameRun(const std::string& from, const std::string& to, const std::string& oldModelDir,
                      const std::string& newModelDir) {
    if (to.empty()) throw StoreError(StoreErrorCode::InvalidArgument, "a run needs a non-empty name");
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    sql::Transaction tx(db);
    {
        sql::Statement taken(db, "SELECT 1 FROM runs WHERE name = ?");
        taken.bind(1, to);
        if (taken.step() && from != to)
            throw StoreError(StoreErrorCode::Constraint,
                             "a run named '" + to + "' already exists in '" + db.path() + "'");
    }
    sql::Statement st(db, "UPDATE runs SET name = ? WHERE name = ?");
    st.bind(1, to).bind(2, from).run();
    if (db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "no run named '" + from + "' in '" + db.path() + "'");
    if (!oldModelDir.empty()) {
        // Byte-wise prefix test in C++: SQLite's substr() counts characters, not bytes.
        const std::string prefix = oldModelDir + "/";
        std::vector<std::pair<int64_t, std::string>> moved;
        {
            sql::Statement files(db, "SELECT m.id, m.file FROM models m JOIN runs r ON r.id = m.run "
                                     "WHERE r.name = ? AND m.file IS NOT NULL");
            files.bind(1, to);
            while (files.step()) {
                const std::string f = files.text(1);
                if (f.compare(0, prefix.size(), prefix) == 0)
                    moved.emplace_back(files.int64(0), newModelDir + "/" + f.substr(prefix.size()));
            }
        }
        for (const auto& [id, file] : moved) {
            sql::Statement mv(db, "UPDATE models SET file = ? WHERE id = ?");
            mv.bind(1, file).bind(2, id).run();
        }
    }
    tx.commit();
}

void Store::deleteRun(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    sql::Transaction tx(db);
    // Foreign keys cascade from runs to models, games (and on to moves), metrics and ladder.
    sql::Statement st(db, "DELETE FROM runs WHERE name = ?");
    st.bind(1, name).run();
    if (db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "no run named '" + name + "' in '" + db.path() + "'");
    tx.commit();
}

void Store::checkWritable() {
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    if (impl_->readOnly || db.readOnly())
        throw StoreError(StoreErrorCode::ReadOnly,
                         "the database '" + db.path() + "' cannot be written (opened read-only or write-protected)");
    db.exec("BEGIN IMMEDIATE", "taking the write lock");
    db.exec("ROLLBACK", "releasing the write lock");
}

// --- models ---------------------------------------------------------------------------------

int64_t Store::addModel(const ModelInfo& m) {
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    sql::Transaction tx(db);
    {
        sql::Statement run(db, "SELECT 1 FROM runs WHERE id = ?");
        run.bind(1, m.run);
        if (!run.step())
            throw StoreError(StoreErrorCode::NotFound,
                             "adding model generation " + std::to_string(m.generation) +
                                 ": no run with id " + std::to_string(m.run));
    }
    if (m.parent) {
        sql::Statement parent(db, "SELECT 1 FROM models WHERE id = ?");
        parent.bind(1, *m.parent);
        if (!parent.step())
            throw StoreError(StoreErrorCode::NotFound,
                             "adding model generation " + std::to_string(m.generation) +
                                 ": no parent model with id " + std::to_string(*m.parent));
    }
    sql::Statement st(db,
                      "INSERT INTO models(run, generation, file, parent, elo, elo_lo, elo_hi, "
                      "accepted, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, m.run).bind(2, m.generation).bind(3, m.file).bind(4, m.parent);
    st.bind(5, m.elo).bind(6, m.eloLo).bind(7, m.eloHi).bind(8, int64_t(m.accepted ? 1 : 0));
    st.bind(9, m.created ? m.created : nowMs()).run();
    const int64_t id = db.lastInsertId();
    tx.commit();
    return id;
}

void Store::setModelEvaluation(int64_t model, bool accepted, std::optional<double> elo,
                               std::optional<double> eloLo, std::optional<double> eloHi) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db,
                      "UPDATE models SET accepted = ?, elo = ?, elo_lo = ?, elo_hi = ? "
                      "WHERE id = ?");
    st.bind(1, int64_t(accepted ? 1 : 0)).bind(2, elo).bind(3, eloLo).bind(4, eloHi);
    st.bind(5, model).run();
    if (impl_->db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "no model with id " + std::to_string(model));
}

std::vector<ModelInfo> Store::listModels(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db,
                      std::string(kModelColumns) + "WHERE run = ? ORDER BY generation, id");
    st.bind(1, run);
    std::vector<ModelInfo> out;
    while (st.step()) out.push_back(readModel(st));
    return out;
}

std::optional<ModelInfo> Store::bestModel(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, std::string(kModelColumns) +
                                     "WHERE run = ? AND accepted = 1 "
                                     "ORDER BY generation DESC, id DESC LIMIT 1");
    st.bind(1, run);
    if (!st.step()) return std::nullopt;
    return readModel(st);
}

// --- metrics --------------------------------------------------------------------------------

void Store::addMetrics(std::span<const MetricPoint> points) {
    if (points.empty()) return;
    std::lock_guard lock(impl_->mutex);
    sql::Database& db = impl_->db;
    sql::Transaction tx(db);
    sql::Statement st(db,
                      "INSERT OR REPLACE INTO metrics(run, step, name, value, time) "
                      "VALUES (?, ?, ?, ?, ?)");
    const int64_t now = nowMs();
    for (const MetricPoint& p : points) {
        if (p.name.empty())
            throw StoreError(StoreErrorCode::InvalidArgument,
                             "metric at step " + std::to_string(p.step) + " has no name");
        st.bind(1, p.run).bind(2, p.step).bind(3, p.name).bind(4, p.value);
        st.bind(5, p.time ? p.time : now).run();
    }
    tx.commit();
}

std::vector<MetricPoint> Store::metrics(int64_t run, const std::string& name, int64_t sinceStep) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db,
                      "SELECT run, step, name, value, time FROM metrics "
                      "WHERE run = ? AND name = ? AND step >= ? ORDER BY step");
    st.bind(1, run).bind(2, name).bind(3, sinceStep);
    std::vector<MetricPoint> out;
    while (st.step()) out.push_back({st.int64(0), st.int64(1), st.text(2), st.real(3), st.int64(4)});
    return out;
}

std::vector<std::string> Store::metricNames(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db, "SELECT DISTINCT name FROM metrics WHERE run = ? ORDER BY name");
    st.bind(1, run);
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
}

// --- maintenance ----------------------------------------------------------------------------

StoreCounts Store::counts() {
    std::lock_guard lock(impl_->mutex);
    sql::Statement st(impl_->db,
                      "SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM models), "
                      "(SELECT count(*) FROM games), (SELECT count(*) FROM moves), "
                      "(SELECT count(*) FROM metrics)");
    st.step();
    return {st.int64(0), st.int64(1), st.int64(2), st.int64(3), st.int64(4)};
}

IntegrityReport Store::integrityCheck() {
    std::lock_guard lock(impl_->mutex);
    IntegrityReport report;
    {
        sql::Statement st(impl_->db, "PRAGMA integrity_check");
        while (st.step())
            if (st.text(0) != "ok") report.problems.push_back(st.text(0));
    }
    {
        sql::Statement st(impl_->db, "PRAGMA foreign_key_check");
        while (st.step())
            report.problems.push_back("foreign key: row " + std::to_string(st.int64(1)) +
                                      " of table " + st.text(0) + " refers to a missing row in " +
                                      st.text(2));
    }
    report.ok = report.problems.empty();
    return report;
}

}  // namespace xq::store
