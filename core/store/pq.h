#pragma once
// A small RAII layer over libpq, as sqlite.h is over sqlite3: Connection (one session), Result
// (one PGresult), Param (one parameter of PQexecParams), Transaction (BEGIN .. COMMIT, rolled
// back when left by an exception). Every failure throws StoreError whose message says what was
// being done, on which database (the URI without its password) and the server's own message
// with its SQLSTATE. Private to core/store: nothing outside this directory includes it, so
// <libpq-fe.h> never leaks (the same house rule as for sqlite3).
//
// Values travel as text (int64 and double are printed and parsed locale-independently), except
// bytea parameters, which are sent in binary; bytea results arrive in the hex text form and
// are decoded, so blobs are the same bytes as in SQLite.
//
// Thread-safety: a Connection and its Results belong to one thread at a time (the Store that
// owns them serialises access with its mutex).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/store/store_error.h"

struct pg_conn;
struct pg_result;

namespace xq::store::pq {

// The URI with any password replaced by "***", for messages and logs.
std::string redactUri(const std::string& uri);

// The StoreErrorCode for a SQLSTATE (five characters; empty or null: Sqlite).
StoreErrorCode codeForSqlState(const char* state);

class Result {
  public:
    Result() = default;
    explicit Result(pg_result* r) : r_(r) {}
    ~Result();
    Result(Result&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    Result& operator=(Result&& o) noexcept;
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;

    int rows() const;
    int cols() const;
    bool isNull(int row, int col) const;
    std::string_view value(int row, int col) const;  // text; raw bytes for a binary column
    int64_t int64(int row, int col) const;
    double real(int row, int col) const;
    std::string text(int row, int col) const { return std::string(value(row, col)); }
    int64_t affected() const;  // rows changed by an INSERT / UPDATE / DELETE
    pg_result* handle() const { return r_; }

  private:
    pg_result* r_ = nullptr;
};

// One parameter: text, NULL or binary bytes (bytea).
struct Param {
    std::string value;
    bool null = false;
    bool binary = false;
    static Param text(std::string v) { return {std::move(v), false, false}; }
    static Param none() { return {{}, true, false}; }
    static Param bytes(std::span<const uint8_t> v) {
        return {std::string(reinterpret_cast<const char*>(v.data()), v.size()), false, true};
    }
};

class Connection {
  public:
    // Connects with the libpq URI; throws StoreError (Missing when the database does not
    // exist, Sqlite for any other refusal) naming the redacted URI.
    explicit Connection(const std::string& uri);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs one or more statements (no parameters); returns the last statement's result.
    Result exec(std::string_view sql, std::string_view what);
    // One statement with $1.. parameters (PQexecParams).
    Result exec(const std::string& sql, std::span<const Param> params, std::string_view what);

    // COPY ... FROM STDIN with `data` as the whole input (in the COPY's own format); returns
    // the final result. Throws StoreError like exec (the server's error, or a lost session).
    Result copyIn(const std::string& sql, std::string_view data, std::string_view what);

    // Notifications of LISTENed channels that have arrived (reading what the socket holds
    // without blocking); each is {channel, payload}.
    struct Notification {
        std::string channel, payload;
    };
    std::vector<Notification> takeNotifications();
    // Blocks until the session's socket is readable or timeoutMs passes (poll(), no queries);
    // true when readable (data, or the server closing). False at the timeout.
    bool waitReadable(int timeoutMs);

    bool inTransaction() const;  // inside BEGIN .. COMMIT (also when that transaction failed)
    bool alive() const;          // the session is usable (the server has not gone)
    // Reconnects a lost session; false when the server still cannot be reached.
    bool reconnect();
    // libpq's last error message of this connection, trimmed ("" when none).
    std::string errorMessage() const;
    int backendPid() const;
    const std::string& label() const { return label_; }
    pg_conn* handle() const { return conn_; }

    // Throws the StoreError for a failed `r` (or a lost connection when `r` is null).
    [[noreturn]] void fail(const Result& r, std::string_view what) const;

  private:
    Result check(Result r, std::string_view what) const;
    pg_conn* conn_ = nullptr;
    std::string label_;
};

// Plain BEGIN (READ COMMITTED), or a REPEATABLE READ snapshot for consistent reads.
class Transaction {
  public:
    enum class Kind { Write, Snapshot, ReadOnlySnapshot };
    explicit Transaction(Connection& c, Kind kind = Kind::Write);
    ~Transaction();  // rolls back unless commit() was called
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();
    // COMMITs the transaction open on `c` (begun elsewhere), refusing one that already failed.
    static void commitOpen(Connection& c);

  private:
    Connection& c_;
    bool done_ = false;
};

// Decodes bytea in PostgreSQL's hex text form ("\x0a1b..."); throws StoreError(Corrupt)
// for anything else.
std::vector<uint8_t> decodeByteaHex(std::string_view text);

}  // namespace xq::store::pq
