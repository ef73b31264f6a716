#pragma once
// A small RAII layer over the sqlite3 C API: Database (one connection), Statement (prepared,
// bind/step/column), Transaction (BEGIN .. COMMIT, rolled back when left by an exception).
// Every failure throws StoreError whose message says what was being done, on which file, and
// SQLite's own message. Private to core/store: nothing outside this directory includes it, so
// <sqlite3.h> never leaks (the house rule: sqlite3 only in core/store).
//
// Thread-safety: a Database and its Statements belong to one thread at a time (the Store that
// owns them serialises access with its mutex).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/store/store_error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace xq::store::sql {

// Immutable: read-only, no locking and no -wal/-shm files; only for looking at files that
// are not ours (a live WAL is ignored, so never use it on our own database).
enum class OpenMode { ReadOnly, Immutable, ReadWrite, ReadWriteCreate };

// True while a Database (other than Immutable) of this process has the file at `path` open.
// POSIX advisory locks belong to the process and the inode: closing ANY descriptor of the file
// drops every lock this process holds on it, including the SHARED lock each WAL connection
// keeps. Another process closing its connection then takes itself for the last one and
// deletes the -wal and -shm under ours (new connections fail with "disk I/O error", frames
// not yet checkpointed are lost). Code that would read the file with plain I/O asks this
// first and goes through SQLite instead, which shares descriptors per inode.
// Thread-safe.
bool isOpenInThisProcess(const std::string& path);

class Database {
public:
    Database(const std::string& path, OpenMode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Runs one or more statements with no results. `what` describes the action for errors.
    void exec(std::string_view sql, std::string_view what);
    int64_t lastInsertId() const;
    int changes() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }
    bool inTransaction() const;
    // True when SQLite opened the file read-only (asked to, or the file is write-protected).
    bool readOnly() const;

    // Throws a StoreError for result code `rc` (from this connection), describing `what`.
    [[noreturn]] void fail(int rc, std::string_view what) const;

private:
    sqlite3* db_ = nullptr;
    std::string path_;
    bool registered_ = false;  // counted in isOpenInThisProcess()'s table
    uint64_t dev_ = 0, ino_ = 0;
};

class Statement {
public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Binding: 1-based index as in SQLite. std::nullopt binds NULL.
    Statement& bind(int i, int64_t v);
    Statement& bind(int i, int v) { return bind(i, int64_t(v)); }
    Statement& bind(int i, double v);
    Statement& bind(int i, std::string_view v);
    Statement& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Statement& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Statement& bindBlob(int i, std::span<const uint8_t> v);
    Statement& bindNull(int i);
    template <typename T>
    Statement& bind(int i, const std::optional<T>& v) {
        return v ? bind(i, *v) : bindNull(i);
    }

    // Advances: true while a row is available, false when done. Throws on error.
    bool step();
    // Runs a statement that returns no rows (or ignores them).
    void run();
    // Ready to run again with new bindings.
    void reset();

    bool isNull(int col) const;
    int64_t int64(int col) const;
    double real(int col) const;
    std::string text(int col) const;
    std::vector<uint8_t> blob(int col) const;
    std::optional<int64_t> optInt64(int col) const;
    std::optional<double> optReal(int col) const;

private:
    Database& db_;
    sqlite3_stmt* stmt_ = nullptr;
    std::string sql_;
};

// BEGIN IMMEDIATE takes the write lock up front, so a writer waits at BEGIN (busy timeout)
// instead of failing half-way with SQLITE_BUSY after it has read.
class Transaction {
public:
    enum class Kind { Deferred, Immediate };
    explicit Transaction(Database& db, Kind kind = Kind::Immediate);
    ~Transaction();  // rolls back unless commit() was called
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace xq::store::sql
