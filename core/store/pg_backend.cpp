// The PostgreSQL backend: one libpq session (store.h says what opening checks).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>
#include <cmath>
#include <optional>

#include "core/store/backend.h"
#include "core/store/pg_integrity.h"
#include "core/store/pg_schema.h"
#include "core/store/pq.h"
#include "core/store/visit_blob.h"

namespace xq::store {

namespace {

// '?' placeholders (numbered in order) to PostgreSQL's $1, $2, ...; quoted text is left alone.
std::string numberPlaceholders(std::string_view sql, int& count) {
    std::string out;
    out.reserve(sql.size() + 16);
    char quote = 0;
    count = 0;
    for (char ch : sql) {
        if (quote) {
            if (ch == quote) quote = 0;
            out += ch;
        } else if (ch == '\'' || ch == '"') {
            quote = ch;
            out += ch;
        } else if (ch == '?') {
            out += '$' + std::to_string(++count);
        } else {
            out += ch;
        }
    }
    return out;
}

std::string formatReal(double v) {
    // Shortest text that reads back as the same double; PostgreSQL's own spellings for the
    // special values (to_chars writes "inf" and "nan").
    if (v != v) return "NaN";
    if (v == HUGE_VAL) return "Infinity";
    if (v == -HUGE_VAL) return "-Infinity";
    char buf[32];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, p);
}

// The moves of one game as COPY text rows: tab-separated, \N for NULL, bytea in its hex form
// with the backslash doubled (COPY text un-escapes it once, then bytea input reads "\x...").
std::string copyRows(int64_t game, std::span<const MoveRecord> moves) {
    static const char* const kHex = "0123456789abcdef";
    std::string out;
    out.reserve(moves.size() * 48);
    const std::string prefix = std::to_string(game) + '\t';
    for (size_t ply = 0; ply < moves.size(); ++ply) {
        const MoveRecord& m = moves[ply];
        out += prefix;
        out += std::to_string(ply) + '\t' + std::to_string(m.move.raw()) + '\t';
        out += m.rootValue ? formatReal(double(*m.rootValue)) : std::string("\\N");
        out += '\t';
        if (m.visits.empty()) {
            out += "\\N";
        } else {
            out += "\\\\x";
            for (uint8_t b : encodeVisits(m.visits)) {
                out += kHex[b >> 4];
                out += kHex[b & 15];
            }
        }
        out += '\t';
        out += m.policySurprise ? formatReal(double(*m.policySurprise)) : std::string("\\N");
        out += '\n';
    }
    return out;
}

// A channel name as an SQL identifier (LISTEN takes no parameter): ours are fixed lowercase
// names, anything else is refused rather than quoted.
std::string channelIdentifier(std::string_view channel) {
    if (channel.empty() || !std::all_of(channel.begin(), channel.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        }))
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "not a notification channel name: '" + std::string(channel) + "'");
    return std::string(channel);
}

class PgBackend;

class PgCursor : public Cursor {
  public:
    PgCursor(PgBackend& db, std::string_view sql);
    void bindInt64(int i, int64_t v) override { param(i) = pq::Param::text(std::to_string(v)); }
    void bindReal(int i, double v) override { param(i) = pq::Param::text(formatReal(v)); }
    void bindText(int i, std::string_view v) override {
        param(i) = pq::Param::text(std::string(v));
    }
    void bindBlob(int i, std::span<const uint8_t> v) override { param(i) = pq::Param::bytes(v); }
    void bindNull(int i) override { param(i) = pq::Param::none(); }
    bool step() override;
    void reset() override {
        result_ = pq::Result();
        executed_ = false;
        row_ = -1;
        std::fill(params_.begin(), params_.end(), pq::Param::none());
    }
    bool isNull(int col) const override { return result_.isNull(row_, col); }
    int64_t int64(int col) const override { return result_.int64(row_, col); }
    double real(int col) const override { return result_.real(row_, col); }
    std::string text(int col) const override { return result_.text(row_, col); }
    std::vector<uint8_t> blob(int col) const override {
        if (isNull(col)) return {};
        return pq::decodeByteaHex(result_.value(row_, col));
    }

  private:
    pq::Param& param(int i) {
        if (i < 1 || i > int(params_.size()))
            throw StoreError(StoreErrorCode::InvalidArgument,
                             "binding parameter " + std::to_string(i) + " of " +
                                 std::to_string(params_.size()) + " in: " + sql_);
        return params_[size_t(i - 1)];
    }
    PgBackend& db_;
    std::string sql_;
    std::vector<pq::Param> params_;  // unbound parameters are NULL, as in SQLite
    pq::Result result_;
    bool executed_ = false;
    int row_ = -1;
};

class PgBackend : public Backend {
  public:
    PgBackend(const std::string& uri, const OpenOptions& options) : conn_(uri), options_(options) {
        configureSession();
    }
    pq::Connection& conn() { return conn_; }

    // Runs one statement of a cursor, reconnecting first when the session was lost between
    // transactions (a server restart must not end a long training run; inside a transaction
    // the loss is an error, since the work done in it is gone).
    // A statement outside a transaction that failed because the session was lost under it (the
    // server restarted since the last statement) runs once more on a new session.
    pq::Result run(const std::string& sql, std::span<const pq::Param> params) {
        if (!txOpen_) ensureSession();
        try {
            pq::Result r = conn_.exec(sql, params, "running SQL: " + sql);
            changes_ = r.affected();
            return r;
        } catch (const StoreError&) {
            if (txOpen_ || conn_.alive()) throw;
        }
        ensureSession();
        pq::Result r = conn_.exec(sql, params, "running SQL: " + sql);
        changes_ = r.affected();
        return r;
    }

    std::unique_ptr<Cursor> prepare(std::string_view sql) override {
        return std::make_unique<PgCursor>(*this, sql);
    }
    // Write: READ COMMITTED, as each statement then sees what others committed (the checks
    // before an insert) and a conflicting write waits on the row lock, not on a whole file.
    // Read: one REPEATABLE READ snapshot, so a game row and its moves agree.
    void begin(TxKind kind) override {
        const char* sql =
            kind == TxKind::Write ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ";
        ensureSession();
        try {
            conn_.exec(sql, "starting a transaction");
        } catch (const StoreError&) {
            if (conn_.alive()) throw;
            ensureSession();  // lost since the last statement: nothing of this one was done
            conn_.exec(sql, "starting a transaction");
        }
        txOpen_ = true;
    }
    bool connectionLost() const override { return !conn_.alive(); }
    void commit() override {
        txOpen_ = false;  // whatever happens below, the transaction is over
        if (!conn_.alive())
            throw StoreError(StoreErrorCode::Sqlite,
                             "committing a transaction (database '" + conn_.label() +
                                 "'): the connection was lost, the transaction rolled back",
                             conn_.label());
        pq::Transaction::commitOpen(conn_);
    }
    void rollback() noexcept override {
        txOpen_ = false;
        if (!conn_.alive() || !conn_.inTransaction()) return;
        try {
            conn_.exec("ROLLBACK", "rolling back a transaction");
        } catch (...) {
        }
    }
    bool inTransaction() const override { return txOpen_; }
    int64_t changes() const override { return changes_; }
    const std::string& label() const override { return conn_.label(); }

    int schemaVersion() override {
        ensureSession();
        return pg_schema::readVersion(conn_);
    }

    void checkWritable(bool openedReadOnly) override {
        if (openedReadOnly)
            throw StoreError(StoreErrorCode::ReadOnly,
                             "the database '" + conn_.label() + "' was opened read-only",
                             conn_.label());
        ensureSession();
        const pq::Result r = conn_.exec(
            "SELECT current_setting('transaction_read_only') = 'on', pg_is_in_recovery(), "
            "coalesce(bool_and(has_table_privilege(c.oid, 'INSERT') AND "
            "has_table_privilege(c.oid, 'UPDATE') AND has_table_privilege(c.oid, 'DELETE')), "
            "false) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname IN "
            "('meta', 'runs', 'models', 'games', 'moves', 'metrics', 'ladder', 'blobs', 'workers', "
            "'eval_jobs', 'run_leases', 'reviews')",
            "checking that the database can be written");
        const bool readOnlySession = r.value(0, 0) == "t";
        const bool standby = r.value(0, 1) == "t";
        const bool privileges = r.value(0, 2) == "t";
        if (readOnlySession || standby || !privileges)
            throw StoreError(StoreErrorCode::ReadOnly,
                             "the database '" + conn_.label() + "' cannot be written (" +
                                 (standby           ? "the server is a read-only standby"
                                  : readOnlySession ? "the session is read-only"
                                                    : "this role lacks INSERT, UPDATE or DELETE "
                                                      "on xqzero's tables") +
                                 ")",
                             conn_.label());
    }

    IntegrityReport integrityCheck() override {
        ensureSession();
        return pg_integrity::check(conn_);
    }

    std::string_view lockPickedRows() const override { return " FOR UPDATE SKIP LOCKED"; }

    // COPY streams all rows in one statement: one round trip per game however long, where
    // 64-row INSERTs need one per 64 plies and the server parses each.
    void insertMoves(int64_t game, std::span<const MoveRecord> moves) override {
        if (moves.empty()) return;
        conn_.copyIn("COPY moves(game, ply, move, root_value, visits, surprise) FROM STDIN",
                     copyRows(game, moves), "writing the moves of game " + std::to_string(game));
        changes_ = int64_t(moves.size());
    }

    void notify(std::string_view channel, std::string_view payload) override {
        const pq::Param p[] = {pq::Param::text(std::string(channel)),
                               pq::Param::text(std::string(payload))};
        run("SELECT pg_notify($1, $2)", p);
    }
    bool supportsNotifications() const override { return true; }
    void listen(std::string_view channel) override {
        const std::string id = channelIdentifier(channel);
        ensureSession();
        conn_.exec("LISTEN " + id, "listening for notifications on " + id);
        if (std::find(channels_.begin(), channels_.end(), id) == channels_.end())
            channels_.push_back(id);
    }
    std::vector<std::string> waitForNotifications(int timeoutMs) override {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(0, timeoutMs));
        for (;;) {
            std::vector<std::string> payloads;
            for (const pq::Connection::Notification& n : conn_.takeNotifications())
                payloads.push_back(n.payload);
            if (!conn_.alive()) {
                // What was sent while the session was down is lost: the caller re-reads.
                ensureSession();
                return {""};
            }
            if (!payloads.empty()) return payloads;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  deadline - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0) return {};
            conn_.waitReadable(int(std::min<int64_t>(left, 1'000'000'000)));
        }
    }

  private:
    void configureSession() {
        std::string s =
            "SET lock_timeout = " + std::to_string(std::max(0, options_.busyTimeoutMs)) +
            "; SET bytea_output = 'hex'; SET extra_float_digits = 3; "
            "SET client_min_messages = warning";
        // Read-only: the server refuses every write of this session (SQLSTATE 25006), so no
        // code path can change the database, as PRAGMA query_only does for SQLite.
        if (options_.readOnly) s += "; SET default_transaction_read_only = on";
        // A new session has forgotten the old one's subscriptions.
        for (const std::string& ch : channels_) s += "; LISTEN " + ch;
        conn_.exec(s, "configuring the session");
    }
    // Makes a new session when the old one was lost: tries again with a growing pause (a
    // quarter second doubling up to 10 s) for up to OpenOptions::reconnectSeconds, saying so
    // through OpenOptions::log (the loss, and the new session), and throws only after that time.
    void ensureSession() {
        if (conn_.alive()) return;
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
        const double limit = std::max(0.0, options_.reconnectSeconds);
        double pause = 0.25;
        if (options_.log)
            options_.log("lost the connection to '" + conn_.label() + "' (" +
                         conn_.errorMessage() + "); connecting again for up to " +
                         std::to_string(int(limit)) + " s");
        for (;;) {
            if (conn_.reconnect()) {
                configureSession();
                if (options_.log) {
                    char buf[64];
                    std::snprintf(buf, sizeof buf, "%.1f", elapsed());
                    options_.log("connected again to '" + conn_.label() + "' after " + buf + " s");
                }
                return;
            }
            const double spent = elapsed();
            if (spent >= limit)
                throw StoreError(StoreErrorCode::Sqlite,
                                 "the connection to '" + conn_.label() +
                                     "' was lost and could not be made again within " +
                                     std::to_string(int(limit)) + " s: " + conn_.errorMessage(),
                                 conn_.label());
            std::this_thread::sleep_for(
                std::chrono::duration<double>(std::min(pause, limit - spent)));
            pause = std::min(pause * 2, 10.0);
        }
    }

    pq::Connection conn_;
    OpenOptions options_;
    int64_t changes_ = 0;
    std::vector<std::string> channels_;  // LISTENed, renewed on reconnect
    // Ours, not libpq's: a lost session reports no transaction, and reconnecting in the middle
    // of one would let the rest of a game's moves commit without its first part.
    bool txOpen_ = false;
};

PgCursor::PgCursor(PgBackend& db, std::string_view sql) : db_(db) {
    int count = 0;
    sql_ = numberPlaceholders(sql, count);
    params_.assign(size_t(count), pq::Param::none());
}

bool PgCursor::step() {
    if (!executed_) {
        result_ = db_.run(sql_, params_);
        executed_ = true;
        row_ = -1;
    }
    return ++row_ < result_.rows();
}

}  // namespace

std::unique_ptr<Backend> openPostgres(const std::string& uri, const OpenOptions& options) {
    auto backend = std::make_unique<PgBackend>(uri, options);
    pq::Connection& c = backend->conn();
    const pg_schema::Inspection insp = pg_schema::inspect(c);
    const int current = schema::currentVersion();
    if (options.readOnly) {
        if (insp.blank || insp.version < current)
            throw StoreError(
                StoreErrorCode::OlderSchema,
                "'" + c.label() + "' " +
                    (insp.blank ? std::string("holds no xqzero schema yet")
                                : "has xqzero schema version " + std::to_string(insp.version)) +
                    ", this build uses " + std::to_string(current) +
                    "; open it read-write once to " + (insp.blank ? "create" : "upgrade") + " it",
                c.label());
        return backend;
    }
    if (insp.blank && !options.create)
        throw StoreError(StoreErrorCode::Missing,
                         "no xqzero schema in '" + c.label() + "' (and asked not to create one)",
                         c.label());
    pg_schema::migrate(c);
    return backend;
}

}  // namespace xq::store
