#include "core/store/sqlite.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <map>
#include <mutex>
#include <optional>
#include <utility>

namespace xq::store {

const char* storeErrorCodeName(StoreErrorCode c) {
    switch (c) {
        case StoreErrorCode::Sqlite: return "sqlite";
        case StoreErrorCode::NotADatabase: return "not_a_database";
        case StoreErrorCode::Corrupt: return "corrupt";
        case StoreErrorCode::ForeignDatabase: return "foreign_database";
        case StoreErrorCode::NewerSchema: return "newer_schema";
        case StoreErrorCode::OlderSchema: return "older_schema";
        case StoreErrorCode::Missing: return "missing";
        case StoreErrorCode::Busy: return "busy";
        case StoreErrorCode::Constraint: return "constraint";
        case StoreErrorCode::InvalidArgument: return "invalid_argument";
        case StoreErrorCode::NotFound: return "not_found";
        case StoreErrorCode::ReadOnly: return "read_only";
        case StoreErrorCode::DiskFull: return "disk_full";
    }
    return "unknown";
}

namespace sql {

namespace {

StoreErrorCode codeFor(int rc) {
    switch (rc & 0xff) {
        case SQLITE_NOTADB: return StoreErrorCode::NotADatabase;
        case SQLITE_CORRUPT: return StoreErrorCode::Corrupt;
        case SQLITE_BUSY:
        case SQLITE_LOCKED: return StoreErrorCode::Busy;
        case SQLITE_CONSTRAINT: return StoreErrorCode::Constraint;
        case SQLITE_READONLY: return StoreErrorCode::ReadOnly;
        case SQLITE_FULL: return StoreErrorCode::DiskFull;
        default: return StoreErrorCode::Sqlite;
    }
}

std::string describe(std::string_view what, const std::string& path, const char* msg, int rc) {
    std::string s(what);
    s += " (database '" + path + "'): ";
    s += msg ? msg : sqlite3_errstr(rc);
    // The extended code's text adds detail only when it differs from the message.
    const char* str = sqlite3_errstr(rc);
    if (msg && str && std::string_view(msg) != str) s += std::string(" [") + str + "]";
    return s;
}

}  // namespace

// file: URI for `path` with `query`, percent-encoding what a URI would misread.
static std::string fileUri(const std::string& path, const char* query) {
    static const char* hex = "0123456789ABCDEF";
    std::string uri = "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        } else {
            uri += char(c);
        }
    }
    return uri + "?" + query;
}

namespace {

// (device, inode) -> open Database objects of this process. Function-local, so that a
// Database made during static initialisation finds them constructed.
struct OpenFiles {
    std::mutex mutex;
    std::map<std::pair<uint64_t, uint64_t>, int> count;
};
OpenFiles& openFiles() {
    static OpenFiles files;
    return files;
}

std::optional<std::pair<uint64_t, uint64_t>> fileId(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::pair<uint64_t, uint64_t>(uint64_t(st.st_dev), uint64_t(st.st_ino));
}

}  // namespace

bool isOpenInThisProcess(const std::string& path) {
    const auto id = fileId(path);
    if (!id) return false;
    OpenFiles& f = openFiles();
    std::lock_guard lk(f.mutex);
    const auto it = f.count.find(*id);
    return it != f.count.end() && it->second > 0;
}

Database::Database(const std::string& path, OpenMode mode) : path_(path) {
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    std::string name = path;
    switch (mode) {
        case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
        case OpenMode::Immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
            name = fileUri(path, "immutable=1");
            break;
        case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
        case OpenMode::ReadWriteCreate:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
            break;
    }
    const int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string msg =
            describe("opening", path, db_ ? sqlite3_errmsg(db_) : nullptr, rc);
        sqlite3_close(db_);  // a handle is returned even on failure; harmless when null
        db_ = nullptr;
        throw StoreError(codeFor(rc), msg, path_);
    }
    // An immutable connection takes no locks: nothing of it to protect.
    if (mode != OpenMode::Immutable) {
        if (const auto id = fileId(path)) {
            OpenFiles& f = openFiles();
            std::lock_guard lk(f.mutex);
            ++f.count[*id];
            registered_ = true;
            dev_ = id->first;
            ino_ = id->second;
        }
    }
}

Database::~Database() {
    // close_v2 defers the close until stray statements finish instead of failing.
    if (db_) sqlite3_close_v2(db_);
    if (registered_) {
        OpenFiles& f = openFiles();
        std::lock_guard lk(f.mutex);
        const auto it = f.count.find({dev_, ino_});
        if (it != f.count.end() && --it->second <= 0) f.count.erase(it);
    }
}

void Database::fail(int rc, std::string_view what) const {
    throw StoreError(codeFor(rc), describe(what, path_, db_ ? sqlite3_errmsg(db_) : nullptr, rc), path_);
}

void Database::exec(std::string_view sql, std::string_view what) {
    char* err = nullptr;
    const std::string s(sql);
    const int rc = sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        const std::string msg = describe(what, path_, err, rc);
        sqlite3_free(err);
        throw StoreError(codeFor(rc), msg, path_);
    }
}

int64_t Database::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
int Database::changes() const { return sqlite3_changes(db_); }
bool Database::inTransaction() const { return sqlite3_get_autocommit(db_) == 0; }
bool Database::readOnly() const { return sqlite3_db_readonly(db_, "main") == 1; }

Statement::Statement(Database& db, std::string_view sql) : db_(db), sql_(sql) {
    const int rc =
        sqlite3_prepare_v2(db.handle(), sql_.data(), int(sql_.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) db_.fail(rc, "preparing SQL: " + sql_);
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

namespace {
void check(Database& db, int rc, const char* what) {
    if (rc != SQLITE_OK) db.fail(rc, what);
}
}  // namespace

Statement& Statement::bind(int i, int64_t v) {
    check(db_, sqlite3_bind_int64(stmt_, i, v), "binding an integer");
    return *this;
}
Statement& Statement::bind(int i, double v) {
    check(db_, sqlite3_bind_double(stmt_, i, v), "binding a number");
    return *this;
}
Statement& Statement::bind(int i, std::string_view v) {
    check(db_, sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
          "binding text");
    return *this;
}
Statement& Statement::bindBlob(int i, std::span<const uint8_t> v) {
    // A zero-length blob still binds as a BLOB (not NULL): "no visits recorded" is NULL.
    static const uint8_t kEmpty = 0;
    check(db_,
          sqlite3_bind_blob64(stmt_, i, v.empty() ? &kEmpty : v.data(), v.size(),
                              SQLITE_TRANSIENT),
          "binding a blob");
    return *this;
}
Statement& Statement::bindNull(int i) {
    check(db_, sqlite3_bind_null(stmt_, i), "binding NULL");
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    // Reset so the statement is reusable; the error message stays on the connection.
    sqlite3_reset(stmt_);
    db_.fail(rc, "running SQL: " + sql_);
}

void Statement::run() {
    while (step()) {
    }
    reset();
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
int64_t Statement::int64(int col) const { return sqlite3_column_int64(stmt_, col); }
double Statement::real(int col) const { return sqlite3_column_double(stmt_, col); }
std::string Statement::text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
}
std::vector<uint8_t> Statement::blob(int col) const {
    const auto* p = static_cast<const uint8_t*>(sqlite3_column_blob(stmt_, col));
    const int n = sqlite3_column_bytes(stmt_, col);
    return p ? std::vector<uint8_t>(p, p + n) : std::vector<uint8_t>();
}
std::optional<int64_t> Statement::optInt64(int col) const {
    if (isNull(col)) return std::nullopt;
    return int64(col);
}
std::optional<double> Statement::optReal(int col) const {
    if (isNull(col)) return std::nullopt;
    return real(col);
}

Transaction::Transaction(Database& db, Kind kind) : db_(db) {
    db_.exec(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN", "starting a transaction");
}

Transaction::~Transaction() {
    if (!done_ && db_.inTransaction()) {
        // Never throw from a destructor; a failed rollback leaves SQLite to roll back on close.
        sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }
}

void Transaction::commit() {
    db_.exec("COMMIT", "committing a transaction");
    done_ = true;
}

}  // namespace sql
}  // namespace xq::store
