// Store: the evaluation jobs of gated distributed runs (store.h), split from store.cpp by
// concern. What holds: a job is claimed by at most one worker at a time (the claim is one
// UPDATE of queued rows, run where no other writer can pick the same rows); a done job and its
// game commit together; only the claimer may finish a job, and only while it still holds it.
#include <algorithm>
#include <string>

#include "core/store/store_impl.h"

namespace xq::store {

namespace {

constexpr const char* kJobColumns =
    "id, run, candidate, opponent, game_index, candidate_red, state, worker, claimed, game, "
    "score, finished";

EvalJob readJob(const Query& st) {
    EvalJob j;
    j.id = st.int64(0);
    j.run = st.int64(1);
    j.candidate = st.int64(2);
    j.opponent = st.int64(3);
    j.gameIndex = int(st.int64(4));
    j.candidateRed = st.int64(5) != 0;
    j.state = st.text(6);
    j.worker = st.optInt64(7);
    j.claimed = st.optInt64(8);
    j.game = st.optInt64(9);
    j.score = st.optReal(10);
    j.finished = st.optInt64(11);
    return j;
}

void requireModelOfRun(Backend& db, int64_t run, int64_t model, const char* role) {
    Query st(db, "SELECT 1 FROM models WHERE id = ? AND run = ?");
    st.bind(1, model).bind(2, run);
    if (!st.step())
        throw StoreError(StoreErrorCode::NotFound, std::string("queueing evaluation games: the ") +
                                                       role + " " + std::to_string(model) +
                                                       " is not a model of run " +
                                                       std::to_string(run));
}

// Red's score (1, 1/2, 0) of a finished game; the job's colour turns it into the candidate's.
double redScore(const GameRecord& g) {
    switch (g.result) {
        case Result::RedWins: return 1.0;
        case Result::BlackWins: return 0.0;
        case Result::Draw: return 0.5;
        default: break;
    }
    throw StoreError(StoreErrorCode::InvalidArgument,
                     "finishing an evaluation job: the game has no result");
}

}  // namespace

void Store::enqueueEvalJobs(int64_t run, int64_t candidate, int64_t opponent, int games) {
    if (games < 1)
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "queueing evaluation games: " + std::to_string(games) + " games");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    requireModelOfRun(db, run, candidate, "candidate");
    requireModelOfRun(db, run, opponent, "opponent");
    {
        Query exists(db, "SELECT 1 FROM eval_jobs WHERE candidate = ? LIMIT 1");
        exists.bind(1, candidate);
        if (exists.step())
            throw StoreError(StoreErrorCode::Constraint,
                             "model " + std::to_string(candidate) +
                                 " has evaluation games queued already in '" + db.label() + "'");
    }
    Query ins(db,
              "INSERT INTO eval_jobs(run, candidate, opponent, game_index, candidate_red, state) "
              "VALUES (?, ?, ?, ?, ?, 'queued')");
    for (int i = 0; i < games; ++i) {
        ins.bind(1, run).bind(2, candidate).bind(3, opponent).bind(4, i);
        ins.bind(5, int64_t(i % 2 == 0 ? 1 : 0)).run();
    }
    tx.commit();
}

std::vector<EvalJob> Store::claimEvalJobs(int64_t run, int64_t worker, int max) {
    if (max < 1) return {};
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    // The rows are picked and updated by one statement; the oldest queued job's candidate
    // bounds the pick, so one claim is one match's games (one pair of networks to load).
    const std::string sql =
        std::string("UPDATE eval_jobs SET state = 'claimed', worker = ?, claimed = ? "
                    "WHERE id IN (SELECT id FROM eval_jobs WHERE run = ? AND state = 'queued' "
                    "AND candidate = (SELECT candidate FROM eval_jobs "
                    "WHERE run = ? AND state = 'queued' ORDER BY id LIMIT 1) "
                    "ORDER BY id LIMIT ?") +
        std::string(db.lockPickedRows()) + ") RETURNING " + kJobColumns;
    Transaction tx(db);
    Query st(db, sql);
    st.bind(1, worker).bind(2, nowMs()).bind(3, run).bind(4, run).bind(5, max);
    std::vector<EvalJob> out;
    while (st.step()) out.push_back(readJob(st));
    st.reset();
    tx.commit();
    std::sort(out.begin(), out.end(),
              [](const EvalJob& a, const EvalJob& b) { return a.id < b.id; });
    return out;
}

std::optional<int64_t> Store::finishEvalJob(int64_t job, int64_t worker, const GameRecord& game) {
    if (game.kind != GameKind::Eval)
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "finishing evaluation job " + std::to_string(job) +
                             ": the game is not an evaluation game");
    const double red = redScore(game);
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    // Marking the job first takes its row lock (PostgreSQL), so a requeue or cancel racing
    // with this either commits first (and this finds nothing) or waits for this commit.
    int64_t run = 0;
    {
        Query done(db,
                   "UPDATE eval_jobs SET state = 'done', finished = ?, score = CASE WHEN "
                   "candidate_red = 1 THEN CAST(? AS DOUBLE PRECISION) ELSE 1.0 - CAST(? AS "
                   "DOUBLE PRECISION) END WHERE id = ? AND state = 'claimed' AND worker = ? "
                   "RETURNING run");
        done.bind(1, nowMs()).bind(2, red).bind(3, red).bind(4, job).bind(5, worker);
        if (!done.step()) return std::nullopt;  // no longer this worker's: tx rolls back
        run = done.int64(0);
        done.reset();
    }
    if (game.run != run)
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "finishing evaluation job " + std::to_string(job) +
                             ": the game does not belong to the job's run " + std::to_string(run));
    const int64_t id = insertGameInTransaction(db, game);
    Query link(db, "UPDATE eval_jobs SET game = ? WHERE id = ?");
    link.bind(1, id).bind(2, job).run();
    tx.commit();
    return id;
}

int Store::requeueEvalJobs(int64_t run, int64_t silentMs) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db,
             "UPDATE eval_jobs SET state = 'queued', worker = NULL, claimed = NULL "
             "WHERE run = ? AND state = 'claimed' AND NOT EXISTS (SELECT 1 FROM workers w "
             "WHERE w.id = eval_jobs.worker AND w.state = 'running' AND w.heartbeat >= ?)");
    st.bind(1, run).bind(2, nowMs() - std::max<int64_t>(0, silentMs)).run();
    return int(db.changes());
}

int Store::cancelEvalJobs(int64_t candidate) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db,
             "UPDATE eval_jobs SET state = 'cancelled' "
             "WHERE candidate = ? AND state IN ('queued', 'claimed')");
    st.bind(1, candidate).run();
    return int(db.changes());
}

int64_t Store::queuedEvalJobs(int64_t run) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT count(*) FROM eval_jobs WHERE run = ? AND state = 'queued'");
    st.bind(1, run);
    st.step();
    return st.int64(0);
}

std::vector<EvalJob> Store::evalJobs(int64_t run, std::optional<int64_t> candidate) {
    std::string q = std::string("SELECT ") + kJobColumns + " FROM eval_jobs WHERE run = ? ";
    if (candidate) q += "AND candidate = ? ";
    q += "ORDER BY id";
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, q);
    st.bind(1, run);
    if (candidate) st.bind(2, *candidate);
    std::vector<EvalJob> out;
    while (st.step()) out.push_back(readJob(st));
    return out;
}

}  // namespace xq::store
