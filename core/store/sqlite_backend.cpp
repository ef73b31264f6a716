// The SQLite backend: one connection to a database file (store.h says what opening checks).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/store/backend.h"
#include "core/store/schema.h"
#include "core/store/sqlite.h"

namespace xq::store {

namespace {

class SqliteCursor : public Cursor {
public:
    SqliteCursor(sql::Database& db, std::string_view sql) : st_(db, sql) {}
    void bindInt64(int i, int64_t v) override { st_.bind(i, v); }
    void bindReal(int i, double v) override { st_.bind(i, v); }
    void bindText(int i, std::string_view v) override { st_.bind(i, v); }
    void bindBlob(int i, std::span<const uint8_t> v) override { st_.bindBlob(i, v); }
    void bindNull(int i) override { st_.bindNull(i); }
    bool step() override { return st_.step(); }
    void reset() override { st_.reset(); }
    bool isNull(int col) const override { return st_.isNull(col); }
    int64_t int64(int col) const override { return st_.int64(col); }
    double real(int col) const override { return st_.real(col); }
    std::string text(int col) const override { return st_.text(col); }
    std::vector<uint8_t> blob(int col) const override { return st_.blob(col); }

private:
    sql::Statement st_;
};

class SqliteBackend : public Backend {
public:
    SqliteBackend(const std::string& path, sql::OpenMode mode) : db_(path, mode) {}
    sql::Database& db() { return db_; }

    std::unique_ptr<Cursor> prepare(std::string_view sql) override {
        return std::make_unique<SqliteCursor>(db_, sql);
    }
    // BEGIN IMMEDIATE takes the write lock up front, so a writer waits at BEGIN (busy
    // timeout) instead of failing half-way with SQLITE_BUSY after it has read.
    void begin(TxKind kind) override {
        db_.exec(kind == TxKind::Write ? "BEGIN IMMEDIATE" : "BEGIN", "starting a transaction");
    }
    void commit() override { db_.exec("COMMIT", "committing a transaction"); }
    void rollback() noexcept override {
        // A failed rollback leaves SQLite to roll back on close.
        if (!db_.inTransaction()) return;
        try {
            db_.exec("ROLLBACK", "rolling back a transaction");
        } catch (...) {
        }
    }
    bool inTransaction() const override { return db_.inTransaction(); }
    int64_t changes() const override { return db_.changes(); }
    const std::string& label() const override { return db_.path(); }

    int schemaVersion() override { return schema::readVersion(db_); }

    void checkWritable(bool openedReadOnly) override {
        if (openedReadOnly || db_.readOnly())
            throw StoreError(StoreErrorCode::ReadOnly,
                             "the database '" + db_.path() +
                                 "' cannot be written (opened read-only or write-protected)");
        db_.exec("BEGIN IMMEDIATE", "taking the write lock");
        db_.exec("ROLLBACK", "releasing the write lock");
    }

    IntegrityReport integrityCheck() override {
        IntegrityReport report;
        {
            sql::Statement st(db_, "PRAGMA integrity_check");
            while (st.step())
                if (st.text(0) != "ok") report.problems.push_back(st.text(0));
        }
        {
            sql::Statement st(db_, "PRAGMA foreign_key_check");
            while (st.step())
                report.problems.push_back("foreign key: row " + std::to_string(st.int64(1)) +
                                          " of table " + st.text(0) +
                                          " refers to a missing row in " + st.text(2));
        }
        report.ok = report.problems.empty();
        return report;
    }

private:
    sql::Database db_;
};

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
                                 "; open it read-write once to upgrade it",
                             path);
        return sql::OpenMode::ReadOnly;
    }
    if (insp.state == schema::FileState::Absent) {
        if (!o.create)
            throw StoreError(StoreErrorCode::Missing, "no database at '" + path + "'", path);
        const std::filesystem::path dir = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
            throw StoreError(StoreErrorCode::Missing,
                             "cannot create the database '" + path + "': the directory '" +
                                 dir.string() + "' does not exist",
                             path);
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

void configure(SqliteBackend& backend, const std::string& path, const OpenOptions& options) {
    sql::Database& db = backend.db();
    db.exec("PRAGMA busy_timeout = " + std::to_string(std::max(0, options.busyTimeoutMs)),
            "setting the busy timeout");
    if (options.readOnly) {
        db.exec("PRAGMA query_only = ON", "making the connection read-only");
        if (schema::readVersion(db) != schema::currentVersion())
            throw StoreError(StoreErrorCode::NewerSchema,
                             "'" + path + "' changed its schema version while being opened", path);
        return;
    }
    // Switching the journal mode takes the file's exclusive lock, for which SQLite does not
    // call the busy handler: a connection opened while another process creates or migrates the
    // file (a worker started beside its trainer) is answered Busy at once. It is tried again
    // until the busy timeout has passed.
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(std::max(0, options.busyTimeoutMs));
    for (;;) {
        try {
            db.exec("PRAGMA journal_mode = WAL", "switching to WAL mode");
            break;
        } catch (const StoreError& e) {
            if (e.code() != StoreErrorCode::Busy || std::chrono::steady_clock::now() >= deadline)
                throw;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON", "configuring the connection");
    schema::migrate(db);
}

}  // namespace

std::unique_ptr<Backend> openSqlite(const std::string& path, const OpenOptions& options) {
    SideFileGuard sideFiles(path);
    std::unique_ptr<SqliteBackend> backend;
    try {
        // Refuses foreign / garbage / newer files before any read-write handle exists.
        const schema::Inspection insp = schema::inspectFile(path);
        backend = std::make_unique<SqliteBackend>(path, modeFor(options, insp, path));
        configure(*backend, path, options);
    } catch (...) {
        backend.reset();  // closes the connection before the guard looks at the side files
        throw;
    }
    sideFiles.keep();
    return backend;
}

}  // namespace xq::store
