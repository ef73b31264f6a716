// Store: run leases (one trainer per run), split from store.cpp by concern.
#include "core/store/store_impl.h"

namespace xq::store {

namespace {

RunLease readLease(const Query& st) {
    RunLease l;
    l.run = st.int64(0);
    l.host = st.text(1);
    l.pid = st.int64(2);
    l.token = st.text(3);
    l.started = st.int64(4);
    l.heartbeat = st.int64(5);
    return l;
}

std::optional<RunLease> queryLease(Backend& db, int64_t run) {
    Query st(db, "SELECT run, host, pid, token, started, heartbeat FROM run_leases WHERE run = ?");
    st.bind(1, run);
    if (!st.step()) return std::nullopt;
    RunLease l = readLease(st);
    st.reset();
    return l;
}

}  // namespace

Store::LeaseClaim Store::claimRunLease(const RunLease& lease,
                                       const std::function<bool(const RunLease&)>& isStale) {
    if (lease.host.empty() || lease.token.empty())
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "claiming the lease of run " + std::to_string(lease.run) +
                             ": empty host or token");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    return retryOnLostConnection(db, [&] {
        Transaction tx(db);
        {
            // On PostgreSQL the row lock makes two claimers of one run take turns; SQLite's write
            // transaction excludes every other writer already.
            Query run(db, std::string("SELECT 1 FROM runs WHERE id = ?") +
                              std::string(db.lockPickedRows().empty() ? "" : " FOR UPDATE"));
            run.bind(1, lease.run);
            if (!run.step())
                throw StoreError(StoreErrorCode::NotFound,
                                 "claiming a lease: no run with id " + std::to_string(lease.run));
        }
        LeaseClaim out;
        if (std::optional<RunLease> held = queryLease(db, lease.run)) {
            if (held->token != lease.token) {
                out.previous = held;
                if (!isStale(*held)) return out;  // the transaction rolls back: nothing written
            }
            Query del(db, "DELETE FROM run_leases WHERE run = ?");
            del.bind(1, lease.run).run();
        }
        const int64_t now = nowMs();
        Query ins(db,
                  "INSERT INTO run_leases(run, host, pid, token, started, heartbeat) "
                  "VALUES (?, ?, ?, ?, ?, ?)");
        ins.bind(1, lease.run).bind(2, lease.host).bind(3, lease.pid).bind(4, lease.token);
        ins.bind(5, lease.started ? lease.started : now).bind(6, lease.heartbeat ? lease.heartbeat : now);
        ins.run();
        tx.commit();
        out.acquired = true;
        return out;
    });
}

bool Store::renewRunLease(int64_t run, const std::string& token) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db, "UPDATE run_leases SET heartbeat = ? WHERE run = ? AND token = ?");
    st.bind(1, nowMs()).bind(2, run).bind(3, token).run();
    return db.changes() > 0;
}

void Store::releaseRunLease(int64_t run, const std::string& token) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db, "DELETE FROM run_leases WHERE run = ? AND token = ?");
    st.bind(1, run).bind(2, token).run();
}

std::optional<RunLease> Store::runLease(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    return queryLease(*impl_->db, run);
}

}  // namespace xq::store
