#pragma once
// Private to core/store: the one interface that Store's queries run through, so that the same
// SQL (and so the same semantics) serves every database engine. A backend is one connection:
// SQLite (sqlite_backend.cpp) or PostgreSQL (pg_backend.cpp, only when built with
// XQ_WITH_POSTGRES). What differs between engines lives behind it: opening and identifying the
// database, the schema and its migrations, transactions, integrity and writability checks.
//
// The SQL handed to prepare() is the common subset of both dialects, with '?' placeholders
// numbered from 1 in order; a backend rewrites them where its engine wants another spelling.
// New rows report their id with `RETURNING id` (SQLite 3.35+ and PostgreSQL both take it).
//
// Thread-safety: a Backend and its Queries belong to one thread at a time (Store serialises
// access with its mutex).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/store/paths.h"
#include "core/store/records.h"
#include "core/store/store.h"

namespace xq::store {

// One prepared statement of a backend: bind (1-based), step through the rows, read columns.
class Cursor {
  public:
    virtual ~Cursor() = default;
    virtual void bindInt64(int i, int64_t v) = 0;
    virtual void bindReal(int i, double v) = 0;
    virtual void bindText(int i, std::string_view v) = 0;
    // A zero-length blob binds as an empty blob, never as NULL ("no visits recorded" is NULL).
    virtual void bindBlob(int i, std::span<const uint8_t> v) = 0;
    virtual void bindNull(int i) = 0;
    // True while a row is available, false when done. Throws StoreError on failure.
    virtual bool step() = 0;
    // Ready to run again with new bindings.
    virtual void reset() = 0;
    virtual bool isNull(int col) const = 0;
    virtual int64_t int64(int col) const = 0;
    virtual double real(int col) const = 0;
    virtual std::string text(int col) const = 0;
    virtual std::vector<uint8_t> blob(int col) const = 0;
};

enum class TxKind {
    Read,   // one consistent snapshot for several reads
    Write,  // takes what the engine needs to write without failing half-way
};

class Backend {
  public:
    virtual ~Backend() = default;
    virtual std::unique_ptr<Cursor> prepare(std::string_view sql) = 0;
    virtual void begin(TxKind kind) = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;  // never throws: runs during unwinding
    virtual bool inTransaction() const = 0;
    // After a failed call: whether the failure was the loss of the connection to the server
    // (PostgreSQL), so the whole transaction may be run again on a new session. SQLite: never.
    virtual bool connectionLost() const { return false; }
    // Rows changed by the last INSERT, UPDATE or DELETE.
    virtual int64_t changes() const = 0;
    // How messages name the database (a connection URI without its password).
    virtual const std::string& label() const = 0;

    virtual int schemaVersion() = 0;
    // Throws StoreError(ReadOnly) when this connection cannot write now (Busy where the engine
    // has a lock to wait for); writes nothing.
    virtual void checkWritable(bool openedReadOnly) = 0;
    virtual IntegrityReport integrityCheck() = 0;

    // Appended to a SELECT inside a write transaction: makes it lock the rows it returns and
    // pass over rows that other transactions hold (PostgreSQL: FOR UPDATE SKIP LOCKED, the
    // queue idiom). Empty where a write transaction excludes every other writer already
    // (SQLite's BEGIN IMMEDIATE), so no two writers can pick the same row either way.
    virtual std::string_view lockPickedRows() const { return {}; }

    // Writes the moves of game `game` (plies 0..n-1, in order) inside the caller's open write
    // transaction. The default is the shared SQL: INSERTs of up to 64 rows each (one round trip
    // per statement); PostgreSQL streams them with COPY instead.
    virtual void insertMoves(int64_t game, std::span<const MoveRecord> moves);

    // Notifications between processes (PostgreSQL LISTEN/NOTIFY); engines without them keep
    // the defaults: notify() does nothing, listening is unsupported.
    // notify: sent on commit of the caller's transaction (dropped if it rolls back).
    virtual void notify(std::string_view channel, std::string_view payload) {
        (void)channel, (void)payload;
    }
    virtual bool supportsNotifications() const { return false; }
    // Subscribes this connection to `channel` (kept across reconnects). Throws
    // StoreError(InvalidArgument) where unsupported.
    virtual void listen(std::string_view channel);
    // Waits up to timeoutMs for notifications on the listened channels without polling the
    // server; returns their payloads (empty at the timeout). After a lost connection it
    // reconnects, listens again and returns {""} so the caller re-reads what it waits for.
    virtual std::vector<std::string> waitForNotifications(int timeoutMs);
};

// A statement of `db` with the bind/step/column calls of sql::Statement, whatever the engine.
class Query {
  public:
    Query(Backend& db, std::string_view sql) : c_(db.prepare(sql)) {}

    Query& bind(int i, int64_t v) { return c_->bindInt64(i, v), *this; }
    Query& bind(int i, int v) { return bind(i, int64_t(v)); }
    Query& bind(int i, double v) { return c_->bindReal(i, v), *this; }
    Query& bind(int i, std::string_view v) { return c_->bindText(i, v), *this; }
    Query& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Query& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Query& bindBlob(int i, std::span<const uint8_t> v) { return c_->bindBlob(i, v), *this; }
    Query& bindNull(int i) { return c_->bindNull(i), *this; }
    template <typename T>
    Query& bind(int i, const std::optional<T>& v) {
        return v ? bind(i, *v) : bindNull(i);
    }

    bool step() { return c_->step(); }
    // Runs a statement that returns no rows (or ignores them), then resets it.
    void run() {
        while (step()) {
        }
        reset();
    }
    void reset() { c_->reset(); }

    bool isNull(int col) const { return c_->isNull(col); }
    int64_t int64(int col) const { return c_->int64(col); }
    double real(int col) const { return c_->real(col); }
    std::string text(int col) const { return c_->text(col); }
    std::vector<uint8_t> blob(int col) const { return c_->blob(col); }
    std::optional<int64_t> optInt64(int col) const {
        if (isNull(col)) return std::nullopt;
        return int64(col);
    }
    std::optional<double> optReal(int col) const {
        if (isNull(col)) return std::nullopt;
        return real(col);
    }

  private:
    std::unique_ptr<Cursor> c_;
};

// begin() .. commit(), rolled back when left by an exception.
class Transaction {
  public:
    explicit Transaction(Backend& db, TxKind kind = TxKind::Write) : db_(db) { db_.begin(kind); }
    ~Transaction() {
        if (!done_) db_.rollback();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        db_.commit();
        done_ = true;
    }

  private:
    Backend& db_;
    bool done_ = false;
};

// Opens `path` with the backend it names, identifying the database and bringing its schema up
// to date as OpenOptions asks (each backend documents its own refusals). Throws StoreError.
std::unique_ptr<Backend> openBackend(const std::string& path, const OpenOptions& options);

// The two openers behind openBackend().
std::unique_ptr<Backend> openSqlite(const std::string& path, const OpenOptions& options);
std::unique_ptr<Backend> openPostgres(const std::string& uri, const OpenOptions& options);

}  // namespace xq::store
