// Store: worker rows and their heartbeats, split from store.cpp by concern.
#include "core/store/store_impl.h"

namespace xq::store {

namespace {

void checkState(const std::string& state, const std::string& what) {
    if (state != "running" && state != "stopped")
        throw StoreError(StoreErrorCode::InvalidArgument,
                         what + ": state '" + state + "' is neither 'running' nor 'stopped'");
}

WorkerInfo readWorker(const Query& st) {
    WorkerInfo w;
    w.id = st.int64(0);
    w.run = st.optInt64(1).value_or(0);
    w.host = st.text(2);
    w.pid = st.int64(3);
    w.threads = int(st.int64(4));
    w.started = st.int64(5);
    w.heartbeat = st.int64(6);
    w.games = st.int64(7);
    w.positions = st.int64(8);
    if (auto g = st.optInt64(9)) w.generation = int(*g);
    w.state = st.text(10);
    return w;
}

}  // namespace

int64_t Store::registerWorker(const WorkerInfo& w) {
    if (w.host.empty())
        throw StoreError(StoreErrorCode::InvalidArgument, "registering a worker: empty host");
    checkState(w.state, "registering a worker");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    if (w.run) {
        Query run(db, "SELECT 1 FROM runs WHERE id = ?");
        run.bind(1, w.run);
        if (!run.step())
            throw StoreError(StoreErrorCode::NotFound,
                             "registering a worker: no run with id " + std::to_string(w.run));
    }
    const int64_t now = nowMs();
    Query st(db,
             "INSERT INTO workers(run, host, pid, threads, started, heartbeat, games, positions, "
             "generation, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    if (w.run)
        st.bind(1, w.run);
    else
        st.bindNull(1);
    st.bind(2, w.host).bind(3, w.pid).bind(4, w.threads);
    st.bind(5, w.started ? w.started : now).bind(6, w.heartbeat ? w.heartbeat : now);
    st.bind(7, w.games).bind(8, w.positions).bind(9, w.generation).bind(10, w.state);
    st.step();
    const int64_t id = st.int64(0);
    st.reset();
    tx.commit();
    return id;
}

void Store::heartbeatWorker(int64_t id, int64_t games, int64_t positions,
                            std::optional<int> generation, const std::string& state) {
    checkState(state, "heartbeat of worker " + std::to_string(id));
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db,
             "UPDATE workers SET heartbeat = ?, games = ?, positions = ?, generation = ?, "
             "state = ? WHERE id = ?");
    st.bind(1, nowMs()).bind(2, games).bind(3, positions).bind(4, generation).bind(5, state);
    st.bind(6, id).run();
    if (db.changes() == 0)
        throw StoreError(StoreErrorCode::NotFound, "heartbeat: no worker with id " +
                                                       std::to_string(id) + " in '" + db.label() +
                                                       "' (its run may have been deleted)");
}

std::vector<WorkerInfo> Store::listWorkers(std::optional<int64_t> run) {
    std::string q =
        "SELECT id, run, host, pid, threads, started, heartbeat, games, positions, generation, "
        "state FROM workers ";
    if (run) q += "WHERE run = ? ";
    q += "ORDER BY heartbeat DESC, id DESC";
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, q);
    if (run) st.bind(1, *run);
    std::vector<WorkerInfo> out;
    while (st.step()) out.push_back(readWorker(st));
    return out;
}

}  // namespace xq::store
