#include "core/store/pq.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include <poll.h>

#include <cerrno>

#include <libpq-fe.h>

#include "core/store/paths.h"

namespace xq::store::pq {

std::string redactUri(const std::string& uri) {
    return displayDatabasePath(uri);
}

StoreErrorCode codeForSqlState(const char* state) {
    if (!state || std::strlen(state) != 5) return StoreErrorCode::Sqlite;
    const std::string_view s(state, 5);
    if (s.starts_with("23")) return StoreErrorCode::Constraint;  // integrity constraint violation
    if (s == "25006" || s == "42501") return StoreErrorCode::ReadOnly;  // read-only tx, privilege
    if (s == "55P03" || s == "40P01" || s == "40001") return StoreErrorCode::Busy;  // lock timeout
    if (s == "53100") return StoreErrorCode::DiskFull;
    if (s == "3D000") return StoreErrorCode::Missing;                  // no such database
    if (s == "XX001" || s == "XX002") return StoreErrorCode::Corrupt;  // data / index corrupted
    if (s.starts_with("22")) return StoreErrorCode::InvalidArgument;   // data exception
    return StoreErrorCode::Sqlite;
}

// --- Result ---------------------------------------------------------------------------------

Result::~Result() {
    PQclear(r_);
}

Result& Result::operator=(Result&& o) noexcept {
    if (this != &o) {
        PQclear(r_);
        r_ = o.r_;
        o.r_ = nullptr;
    }
    return *this;
}

int Result::rows() const {
    return r_ ? PQntuples(r_) : 0;
}
int Result::cols() const {
    return r_ ? PQnfields(r_) : 0;
}
bool Result::isNull(int row, int col) const {
    return PQgetisnull(r_, row, col) == 1;
}

std::string_view Result::value(int row, int col) const {
    return {PQgetvalue(r_, row, col), size_t(PQgetlength(r_, row, col))};
}

int64_t Result::int64(int row, int col) const {
    const std::string_view v = value(row, col);
    int64_t out = 0;
    if (v.empty()) return 0;  // NULL reads as 0, as sqlite3_column_int64 does
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size())
        throw StoreError(StoreErrorCode::Corrupt,
                         "reading an integer: '" + std::string(v) + "' is not one");
    return out;
}

double Result::real(int row, int col) const {
    const std::string_view v = value(row, col);
    if (v.empty()) return 0;
    // PostgreSQL spells the special values its own way; from_chars takes "inf" and "nan".
    if (v == "Infinity") return HUGE_VAL;
    if (v == "-Infinity") return -HUGE_VAL;
    double out = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size())
        throw StoreError(StoreErrorCode::Corrupt,
                         "reading a number: '" + std::string(v) + "' is not one");
    return out;
}

int64_t Result::affected() const {
    const char* n = r_ ? PQcmdTuples(r_) : "";
    int64_t out = 0;
    std::from_chars(n, n + std::strlen(n), out);
    return out;
}

std::vector<uint8_t> decodeByteaHex(std::string_view t) {
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    if (t.size() < 2 || t[0] != '\\' || t[1] != 'x' || t.size() % 2 != 0)
        throw StoreError(StoreErrorCode::Corrupt, "reading a blob: not in bytea hex form");
    std::vector<uint8_t> out;
    out.reserve((t.size() - 2) / 2);
    for (size_t i = 2; i < t.size(); i += 2) {
        const int hi = nibble(t[i]), lo = nibble(t[i + 1]);
        if (hi < 0 || lo < 0)
            throw StoreError(StoreErrorCode::Corrupt, "reading a blob: bad hex digit");
        out.push_back(uint8_t(hi << 4 | lo));
    }
    return out;
}

// --- Connection -----------------------------------------------------------------------------

namespace {

// Server NOTICEs ("relation already exists, skipping") would go to stderr by default.
void quietNotices(void*, const char*) {}

std::string trimmed(const char* msg) {
    std::string s = msg ? msg : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

}  // namespace

Connection::Connection(const std::string& uri) : label_(redactUri(uri)) {
    // expand_dbname=1: the URI's own parameters apply over the keys before it (a default
    // connect timeout, so an unreachable host fails instead of hanging) and under the keys
    // after it (client_encoding fixed, so text is UTF-8 whatever the server's default).
    const char* keys[] = {"connect_timeout", "dbname", "client_encoding",
                          "fallback_application_name", nullptr};
    const char* values[] = {"10", uri.c_str(), "UTF8", "xqzero", nullptr};
    conn_ = PQconnectdbParams(keys, values, 1);
    if (!conn_)
        throw StoreError(StoreErrorCode::Sqlite, "connecting to '" + label_ + "': out of memory",
                         label_);
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string msg = trimmed(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        // libpq reports a missing database only in words (there is no result to carry SQLSTATE
        // 3D000 at this stage).
        const bool missing = msg.find("does not exist") != std::string::npos &&
                             msg.find("database") != std::string::npos;
        throw StoreError(missing ? StoreErrorCode::Missing : StoreErrorCode::Sqlite,
                         "connecting to '" + label_ + "': " + msg, label_);
    }
    PQsetNoticeProcessor(conn_, quietNotices, nullptr);
}

Connection::~Connection() {
    PQfinish(conn_);
}

void Connection::fail(const Result& r, std::string_view what) const {
    const char* state = r.handle() ? PQresultErrorField(r.handle(), PG_DIAG_SQLSTATE) : nullptr;
    std::string msg = trimmed(r.handle() ? PQresultErrorMessage(r.handle()) : nullptr);
    if (msg.empty()) msg = trimmed(PQerrorMessage(conn_));
    if (msg.empty()) msg = "no answer from the server";
    std::string s(what);
    s += " (database '" + label_ + "'): " + msg;
    if (state) s += std::string(" [SQLSTATE ") + state + "]";
    throw StoreError(codeForSqlState(state), s, label_);
}

Result Connection::check(Result r, std::string_view what) const {
    const ExecStatusType st = r.handle() ? PQresultStatus(r.handle()) : PGRES_FATAL_ERROR;
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) fail(r, what);
    return r;
}

Result Connection::exec(std::string_view sql, std::string_view what) {
    const std::string s(sql);
    return check(Result(PQexec(conn_, s.c_str())), what);
}

Result Connection::exec(const std::string& sql, std::span<const Param> params,
                        std::string_view what) {
    constexpr unsigned kByteaOid = 17;  // pg_type.oid of bytea: fixed since PostgreSQL 7
    std::vector<const char*> values(params.size());
    std::vector<int> lengths(params.size()), formats(params.size());
    std::vector<unsigned> types(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
        const Param& p = params[i];
        values[i] = p.null ? nullptr : p.value.c_str();
        lengths[i] = int(p.value.size());
        formats[i] = p.binary ? 1 : 0;
        types[i] = p.binary ? kByteaOid : 0;  // 0: the server infers it from the statement
    }
    return check(Result(PQexecParams(conn_, sql.c_str(), int(params.size()), types.data(),
                                     values.data(), lengths.data(), formats.data(), 0)),
                 what);
}

Result Connection::copyIn(const std::string& sql, std::string_view data, std::string_view what) {
    Result start(PQexec(conn_, sql.c_str()));
    // Not in COPY mode: the statement failed or the session is gone (PQexec has read all).
    if (!start.handle() || PQresultStatus(start.handle()) != PGRES_COPY_IN) fail(start, what);
    // libpq buffers the data; with a blocking connection each call returns once it is queued.
    constexpr size_t kChunk = 1 << 16;
    bool sent = true;
    for (size_t i = 0; i < data.size() && sent; i += kChunk) {
        const size_t n = std::min(kChunk, data.size() - i);
        sent = PQputCopyData(conn_, data.data() + i, int(n)) == 1;
    }
    if (PQputCopyEnd(conn_, sent ? nullptr : "sending the COPY data failed") != 1) sent = false;
    // The outcome is the next result; any further ones are drained so the session is ready.
    Result end(PQgetResult(conn_));
    while (PGresult* r = PQgetResult(conn_)) PQclear(r);
    if (!end.handle() || PQresultStatus(end.handle()) != PGRES_COMMAND_OK || !sent) fail(end, what);
    return end;
}

std::vector<Connection::Notification> Connection::takeNotifications() {
    std::vector<Notification> out;
    PQconsumeInput(conn_);  // a failure shows as a dead session (alive()), checked by callers
    while (PGnotify* n = PQnotifies(conn_)) {
        out.push_back({n->relname ? n->relname : "", n->extra ? n->extra : ""});
        PQfreemem(n);
    }
    return out;
}

bool Connection::waitReadable(int timeoutMs) {
    const int fd = PQsocket(conn_);
    if (fd < 0) return true;  // no socket: the session is gone, which the caller sees at once
    pollfd p{fd, POLLIN, 0};
    for (;;) {
        const int rc = ::poll(&p, 1, std::max(0, timeoutMs));
        if (rc > 0) return true;
        if (rc == 0) return false;
        if (errno != EINTR) return true;  // let the caller's next read report the failure
    }
}

bool Connection::inTransaction() const {
    const PGTransactionStatusType t = PQtransactionStatus(conn_);
    return t == PQTRANS_INTRANS || t == PQTRANS_INERROR || t == PQTRANS_ACTIVE;
}

bool Connection::alive() const {
    return PQstatus(conn_) == CONNECTION_OK;
}

bool Connection::reconnect() {
    PQreset(conn_);
    return alive();
}

std::string Connection::errorMessage() const {
    return trimmed(PQerrorMessage(conn_));
}

int Connection::backendPid() const {
    return PQbackendPID(conn_);
}

// --- Transaction ----------------------------------------------------------------------------

Transaction::Transaction(Connection& c, Kind kind) : c_(c) {
    const char* sql = kind == Kind::Write      ? "BEGIN"
                      : kind == Kind::Snapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ"
                                               : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
    c_.exec(sql, "starting a transaction");
}

Transaction::~Transaction() {
    // Never throw from a destructor; a lost connection has rolled back on the server already.
    if (!done_ && c_.alive() && c_.inTransaction()) PQclear(PQexec(c_.handle(), "ROLLBACK"));
}

void Transaction::commit() {
    commitOpen(c_);
    done_ = true;
}

void Transaction::commitOpen(Connection& c_) {
    // COMMIT of a transaction that already failed "succeeds" as a ROLLBACK: say so instead.
    if (PQtransactionStatus(c_.handle()) == PQTRANS_INERROR)
        throw StoreError(StoreErrorCode::Sqlite,
                         "committing a transaction (database '" + c_.label() +
                             "'): it failed earlier and was rolled back",
                         c_.label());
    c_.exec("COMMIT", "committing a transaction");
}

}  // namespace xq::store::pq
