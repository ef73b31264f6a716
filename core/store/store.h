#pragma once
// Store: the database of runs, models, games (with moves and visit distributions), training
// metrics and Elo ladder results. Plain structs in and out (records.h); no Qt, no SQLite or
// libpq types leak.
//
// Backends: a path beginning with "postgresql://" or "postgres://" is a libpq connection URI
// (e.g. postgresql:///xq?host=/run/postgresql) and opens PostgreSQL (builds with
// XQ_WITH_POSTGRES only; otherwise it throws StoreError(InvalidArgument) saying so); anything
// else is an SQLite file. Both hold the same tables with the same schema version and
// migration steps, and every method below means the same on both.
//
// Opening an SQLite file: the file is inspected read-only first (schema.h). A foreign SQLite
// database, a file that is not SQLite, a damaged one, or one with a newer schema throws
// StoreError and is never written to, and a refused open leaves no "-wal"/"-shm" files behind.
// An absent or empty file gets the current schema; an older one is migrated.
// The connection runs in WAL mode (readers never block the writer, nor it them) with foreign
// keys on, a busy timeout, and synchronous=NORMAL: every committed transaction survives a
// crash of the process (kill -9); after a power cut the last few may be lost, never the file.
//
// Opening PostgreSQL (pg_schema.h): the database's current schema is inspected before anything
// is written. Tables without our meta mark (ForeignDatabase) or a newer schema version
// (NewerSchema) are refused and left untouched; no tables at all get the current schema; an
// older one is migrated. A database that does not exist is not created (Missing or Sqlite,
// as the server reports it). busyTimeoutMs becomes the session's lock_timeout.
//
// Read-only opens never migrate: an older or not-yet-created schema is refused (OlderSchema).
//
// Crash safety of games: insertGame() (and finishEvalJob()) writes a game and all its moves in ONE transaction, so a
// game is either wholly stored or absent (also when the process or the connection dies). Call
// it when the game finishes.
//
// Thread-safety: every method locks an internal mutex, so one Store may be shared by threads;
// calls are then serialised. For parallel reading (library views while training writes), open
// one Store per thread or per process on the same database: WAL (SQLite) and MVCC
// (PostgreSQL) let them proceed concurrently.
// Store is neither copyable nor movable.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/store/records.h"
#include "core/store/store_error.h"

namespace xq::store {

inline constexpr double kDefaultReconnectSeconds = 180;

struct OpenOptions {
    bool readOnly = false;  // never writes; refuses a file that would need migrating
    // Read-write only: create the file when it does not exist (PostgreSQL: create the schema
    // in a database without tables; databases themselves are never created).
    bool create = true;
    int busyTimeoutMs = 10000;  // how long to wait for another writer's lock
    // PostgreSQL: how long a lost connection (a server restart, a network cut) is tried again,
    // with growing pauses, before a call fails. Between transactions a call waits for the new
    // session; a write transaction cut off in the middle is run again whole on it (a game, a
    // generation's row, metrics), so a restart costs time, not work. SQLite: unused.
    double reconnectSeconds = kDefaultReconnectSeconds;
    // Where the waits are told ("lost the connection …", "… is back after 2.1 s"); none: silent.
    std::function<void(const std::string&)> log;
};

class Store {
  public:
    explicit Store(const std::string& path, const OpenOptions& options = {});
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const;  // as given: a file path or a postgresql:// URI
    bool readOnly() const;
    int schemaVersion();

    // --- runs -------------------------------------------------------------------------------
    // Throws StoreError(Constraint) when the name is taken, InvalidArgument for bad JSON or an
    // empty name, xq::Error(RunNameInvalid) for a name that fails run_name.h's rule.
    RunInfo createRun(const std::string& name, const std::string& configJson = "{}");
    std::optional<RunInfo> findRun(const std::string& name);
    std::optional<RunInfo> runById(int64_t id);
    std::vector<RunInfo> listRuns();  // oldest first
    void setRunConfig(int64_t run, const std::string& configJson);
    // Renames a run; with a non-empty `oldModelDir`, model files recorded under it are recorded
    // under `newModelDir` instead (the caller moves the folder), in the same transaction.
    // Throws NotFound when there is no run `from`, Constraint when `to` is taken,
    // InvalidArgument when `to` is empty, xq::Error(RunNameInvalid) when `to` fails the rule
    // of run_name.h (`from` may be any stored name: renaming is how a bad one is repaired).
    void renameRun(const std::string& from, const std::string& to,
                   const std::string& oldModelDir = "", const std::string& newModelDir = "");
    // Deletes the run with its models, games (and their moves), metrics, ladder rows and worker
    // rows, in one transaction; ladder rows of other players that named its models keep their
    // results. Blobs that its models named and no remaining model names are deleted too (blobs
    // no model has named yet are left alone: a trainer may be between putBlob and addModel).
    // Model files on disk are the caller's. Throws NotFound when there is no such run.
    void deleteRun(const std::string& name);

    // Proves that this connection can write now, writing nothing: throws StoreError(ReadOnly)
    // for a store opened read-only, a write-protected file, or (PostgreSQL) a read-only
    // session, a standby or missing privileges; Busy when another process holds SQLite's write
    // lock past the busy timeout. For long jobs, so they fail before any work.
    void checkWritable();

    // --- models -----------------------------------------------------------------------------
    // Returns the new id. A non-empty model.sha256 must name a stored blob (else Constraint);
    // NotFound for a missing run or parent. On PostgreSQL the same transaction sends
    // NOTIFY xq_models with the run id as payload, so listeners (ModelWatch) hear of it when
    // it commits.
    int64_t addModel(const ModelInfo& model);
    // Records the gating outcome of a model after its evaluation games. On PostgreSQL it
    // notifies xq_models as addModel does (accepting a model can change the run's best).
    void setModelEvaluation(int64_t model, bool accepted, std::optional<double> elo,
                            std::optional<double> eloLo, std::optional<double> eloHi);
    std::vector<ModelInfo> listModels(int64_t run);  // by generation, then id
    // The accepted model with the highest generation (latest id among equals); empty if none.
    std::optional<ModelInfo> bestModel(int64_t run);
    std::optional<ModelInfo> modelById(int64_t id);  // empty if no such model

    // --- blobs (content-addressed model weights) --------------------------------------------
    // Stores `bytes` under their SHA-256 and returns it (64 lowercase hex digits). Idempotent:
    // when the blob is there already nothing is written (nor sent to a server).
    std::string putBlob(std::span<const uint8_t> bytes);
    // The bytes stored under `sha256`; empty when there is none. Throws StoreError(Corrupt)
    // when the stored bytes do not hash to their name.
    std::optional<std::vector<uint8_t>> loadBlob(const std::string& sha256);

    // --- workers (self-play processes, possibly on other hosts) -----------------------------
    // Records a worker; started and heartbeat of 0 become now. Returns the new id. Throws
    // NotFound for a run id (non-zero) that does not exist, InvalidArgument for an empty host
    // or a state other than "running" / "stopped".
    int64_t registerWorker(const WorkerInfo& w);
    // Sets the worker's totals, generation and state, and its heartbeat to now. Throws
    // NotFound when the row is gone (its run was deleted), InvalidArgument for a bad state.
    void heartbeatWorker(int64_t id, int64_t games, int64_t positions,
                         std::optional<int> generation, const std::string& state);
    // Newest heartbeat first (then id); all workers, or those of one run.
    std::vector<WorkerInfo> listWorkers(std::optional<int64_t> run = std::nullopt);

    // --- run leases (one trainer per run, store_leases.cpp) ----------------------------------
    // The result of claimRunLease: `acquired`, and the lease that was there before (a stale
    // one taken over, or the live holder's when refused; empty when there was none or it was
    // the caller's own).
    struct LeaseClaim {
        bool acquired = false;
        std::optional<RunLease> previous;
    };
    // Takes the lease of `lease.run` for the process `lease` names (host, pid, token; started
    // and heartbeat become now), in one write transaction: when there is none, when it is this
    // token's already, or when `isStale` says the holder is gone. Otherwise nothing is written
    // and `previous` is the live holder. Throws NotFound when there is no such run,
    // InvalidArgument for an empty host or token. `isStale` runs inside the transaction, under
    // the store's lock: it must not call the store.
    LeaseClaim claimRunLease(const RunLease& lease,
                             const std::function<bool(const RunLease&)>& isStale);
    // Sets the heartbeat of the lease to now when `token` still holds it; false when it does
    // not (another process took it over, or the run was deleted).
    bool renewRunLease(int64_t run, const std::string& token);
    // Gives the lease back when `token` holds it (no effect otherwise).
    void releaseRunLease(int64_t run, const std::string& token);
    // The run's lease row, live or stale; empty when none.
    std::optional<RunLease> runLease(int64_t run);

    // --- evaluation jobs (gating a distributed run, store_eval_jobs.cpp) ----------------------
    // Queues the `games` games of `candidate`'s match against `opponent` (game indexes
    // 0..games-1, the candidate Red on the even ones) in one transaction. Throws NotFound when
    // either model is not a model of `run`, Constraint when the candidate has jobs already,
    // InvalidArgument for games < 1.
    void enqueueEvalJobs(int64_t run, int64_t candidate, int64_t opponent, int games);
    // Claims up to `max` queued jobs of `run` for worker `worker`, oldest first, all of one
    // candidate (the oldest queued one's), and returns them claimed. Concurrent claims never
    // get the same job: on PostgreSQL one UPDATE whose subquery locks the rows it picks with
    // FOR UPDATE SKIP LOCKED (claimers pass over each other's rows instead of queueing behind
    // them); on SQLite the write transaction excludes every other writer. Empty: none queued.
    std::vector<EvalJob> claimEvalJobs(int64_t run, int64_t worker, int max = 1);
    // Stores `game` (an Eval game of the job's run, checked as insertGame checks) and marks
    // the job done with the candidate's score, in ONE transaction: a worker killed meanwhile
    // leaves neither the game nor a done job. Only while the job is still claimed by `worker`
    // (it may have been requeued to another or cancelled): otherwise nothing is written and
    // the result is empty. Returns the game's id.
    std::optional<int64_t> finishEvalJob(int64_t job, int64_t worker, const GameRecord& game);
    // Puts back in the queue the claimed jobs of `run` whose worker's heartbeat is older than
    // `silentMs` or whose state is "stopped" (or whose row is gone). Returns how many.
    int requeueEvalJobs(int64_t run, int64_t silentMs);
    // Marks the queued and claimed jobs of `candidate` cancelled (its match was decided);
    // returns how many. A worker playing one then finds it no longer claimed.
    int cancelEvalJobs(int64_t candidate);
    // How many jobs of `run` are queued (a worker's cheap look between heartbeats).
    int64_t queuedEvalJobs(int64_t run);
    // The jobs of `run` (of one candidate when given), by id.
    std::vector<EvalJob> evalJobs(int64_t run, std::optional<int64_t> candidate = std::nullopt);

    // --- games ------------------------------------------------------------------------------
    // Checks the record (start FEN parses, every move is legal in turn, visit moves are legal
    // at their ply, plies matches the moves) and writes the game and its moves in one
    // transaction. Returns the new id. Throws InvalidArgument naming the bad ply.
    int64_t insertGame(const GameRecord& game);
    // Newest first (finished, then id); moves are not loaded.
    std::vector<GameRecord> listGames(const GameFilter& filter = {});
    int64_t countGames(const GameFilter& filter = {});  // ignores limit/offset
    // The game with its moves and visit distributions; empty if no such id.
    std::optional<GameRecord> loadGame(int64_t id);

    // --- game reviews (store_reviews.cpp) ------------------------------------------------------
    // Stores the review of `review.game`, replacing the one it had, in one transaction. Throws
    // NotFound when there is no such game, InvalidArgument for bad JSON or negative
    // simulations.
    void putReview(const ReviewRecord& review);
    // The game's review; empty when it has none.
    std::optional<ReviewRecord> loadReview(int64_t game);

    // --- metrics ----------------------------------------------------------------------------
    // One transaction for the batch. (run, name, step) is the key: re-logging a step after a
    // resume replaces the old value instead of duplicating it.
    void addMetrics(std::span<const MetricPoint> points);
    std::vector<MetricPoint> metrics(int64_t run, const std::string& name, int64_t sinceStep = 0);
    std::vector<std::string> metricNames(int64_t run);

    // --- ladder results ---------------------------------------------------------------------
    // Throws NotFound for a run/model id that does not exist, InvalidArgument for an empty
    // player, bad JSON or a non-finite rating. Returns the new id.
    int64_t addLadderResult(const LadderRecord& record);
    // Newest first (created, then id); the filter's fields combine with AND.
    std::vector<LadderRecord> listLadderResults(const LadderFilter& filter = {});

    // --- maintenance ------------------------------------------------------------------------
    StoreCounts counts();
    // SQLite: PRAGMA integrity_check plus foreign_key_check. PostgreSQL: rows whose references
    // point at missing rows (possible only where constraints were bypassed). Ok when both find
    // nothing.
    IntegrityReport integrityCheck();

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace xq::store
