#include "core/store/schema.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace xq::store::schema {

namespace {

// Version 1: the initial schema. Times are ms since the Unix epoch (UTC).
// moves is WITHOUT ROWID keyed by (game, ply): a game's moves are one contiguous range.
// metrics' key (run, name, step) makes re-logging a step after a resume an upsert.
const char* const kSchemaV1 = R"sql(
CREATE TABLE meta(
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO meta(key, value) VALUES ('app', 'xqzero');
INSERT INTO meta(key, value) VALUES ('created', CAST(CAST(strftime('%s', 'now') AS INTEGER) * 1000 AS TEXT));

CREATE TABLE runs(
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE,
  config  TEXT NOT NULL DEFAULT '{}',
  created INTEGER NOT NULL
);

CREATE TABLE models(
  id         INTEGER PRIMARY KEY,
  run        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  generation INTEGER NOT NULL,
  file       TEXT NOT NULL,
  parent     INTEGER REFERENCES models(id) ON DELETE SET NULL,
  elo        REAL,
  elo_lo     REAL,
  elo_hi     REAL,
  accepted   INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
  created    INTEGER NOT NULL
);
CREATE INDEX models_run_generation ON models(run, generation);
CREATE INDEX models_parent ON models(parent);

CREATE TABLE games(
  id         INTEGER PRIMARY KEY,
  run        INTEGER REFERENCES runs(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL,
  generation INTEGER,
  red        TEXT NOT NULL,
  black      TEXT NOT NULL,
  result     TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
  reason     TEXT NOT NULL,
  plies      INTEGER NOT NULL CHECK (plies >= 0),
  started    INTEGER NOT NULL,
  finished   INTEGER NOT NULL,
  start_fen  TEXT NOT NULL
);
CREATE INDEX games_run_kind_finished ON games(run, kind, finished);
CREATE INDEX games_run_generation ON games(run, generation);
CREATE INDEX games_result_finished ON games(result, finished);
CREATE INDEX games_finished ON games(finished);

CREATE TABLE moves(
  game       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply        INTEGER NOT NULL CHECK (ply >= 0),
  move       INTEGER NOT NULL,
  root_value REAL,
  visits     BLOB,
  PRIMARY KEY (game, ply)
) WITHOUT ROWID;

CREATE TABLE metrics(
  run   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  step  INTEGER NOT NULL,
  name  TEXT NOT NULL,
  value REAL NOT NULL,
  time  INTEGER NOT NULL,
  PRIMARY KEY (run, name, step)
) WITHOUT ROWID;
)sql";

// Version 2: Elo ladder results (core/engine/ladder.h). A result outlives neither its run nor
// (as a reference) its model: deleting a run deletes its results, deleting a model keeps the
// result and forgets which model it was. `detail` is the ladder's JSON (per-rung W/D/L).
const char* const kSchemaV2 = R"sql(
CREATE TABLE ladder(
  id       INTEGER PRIMARY KEY,
  run      INTEGER REFERENCES runs(id) ON DELETE CASCADE,
  model_id INTEGER REFERENCES models(id) ON DELETE SET NULL,
  player   TEXT NOT NULL,
  rating   REAL NOT NULL,
  lo       REAL NOT NULL,
  hi       REAL NOT NULL,
  games    INTEGER NOT NULL CHECK (games >= 0),
  created  INTEGER NOT NULL,
  detail   TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX ladder_run_created ON ladder(run, created);
CREATE INDEX ladder_player_created ON ladder(player, created);
CREATE INDEX ladder_model ON ladder(model_id);
)sql";

// Version 3: scaling out to many hosts. blobs holds model weights by content (the SHA-256 of
// the bytes, as lowercase hex), so a worker on another host fetches the very file the trainer
// wrote and can check it; a rowid table, as its rows are megabytes. models.sha256 names a
// model's weights (NULL for older rows and for models kept only as files). workers holds one
// row per self-play process with its latest heartbeat; state is a text code ('running',
// 'stopped') so new states need no migration. A worker row goes with its run.
const char* const kSchemaV3 = R"sql(
CREATE TABLE blobs(
  sha256  TEXT PRIMARY KEY,
  bytes   BLOB NOT NULL,
  size    INTEGER NOT NULL,
  created INTEGER NOT NULL
);
ALTER TABLE models ADD COLUMN sha256 TEXT REFERENCES blobs(sha256);
CREATE INDEX models_sha256 ON models(sha256);

CREATE TABLE workers(
  id         INTEGER PRIMARY KEY,
  run        INTEGER REFERENCES runs(id) ON DELETE CASCADE,
  host       TEXT NOT NULL,
  pid        INTEGER NOT NULL,
  threads    INTEGER NOT NULL,
  started    INTEGER NOT NULL,
  heartbeat  INTEGER NOT NULL,
  games      INTEGER NOT NULL DEFAULT 0,
  positions  INTEGER NOT NULL DEFAULT 0,
  generation INTEGER,
  state      TEXT NOT NULL DEFAULT 'running'
);
CREATE INDEX workers_run_heartbeat ON workers(run, heartbeat);
)sql";

// Version 4: evaluation games as jobs (gating in a distributed run): one row per game of a
// candidate's match against its opponent, claimed by one worker at a time. game_index numbers
// the match's games (even: the candidate plays Red; pairs 2k, 2k+1 share an opening), unique
// per candidate, so a match is enqueued once. state is a text code ('queued', 'claimed',
// 'done', 'cancelled') like workers.state. A done job names its game (committed in the same
// transaction) and the candidate's score in it (1, 1/2, 0). Jobs go with their run and their
// models; a job keeps its result when its worker's row or its game is deleted.
const char* const kSchemaV4 = R"sql(
CREATE TABLE eval_jobs(
  id            INTEGER PRIMARY KEY,
  run           INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  candidate     INTEGER NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  opponent      INTEGER NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  game_index    INTEGER NOT NULL CHECK (game_index >= 0),
  candidate_red INTEGER NOT NULL CHECK (candidate_red IN (0, 1)),
  state         TEXT NOT NULL DEFAULT 'queued',
  worker        INTEGER REFERENCES workers(id) ON DELETE SET NULL,
  claimed       INTEGER,
  game          INTEGER REFERENCES games(id) ON DELETE SET NULL,
  score         REAL,
  finished      INTEGER,
  UNIQUE (candidate, game_index)
);
CREATE INDEX eval_jobs_run_state ON eval_jobs(run, state, id);
CREATE INDEX eval_jobs_opponent ON eval_jobs(opponent);
CREATE INDEX eval_jobs_worker ON eval_jobs(worker);
CREATE INDEX eval_jobs_game ON eval_jobs(game);
)sql";

// Version 5: one trainer per run. A run's lease names the process that trains it (host, pid,
// a random token of that process, when it took the lease and its last heartbeat, ms since the
// epoch); at most one row per run, gone with the run. Workers take none.
const char* const kSchemaV5 = R"sql(
CREATE TABLE run_leases(
  run       INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  host      TEXT NOT NULL,
  pid       INTEGER NOT NULL,
  token     TEXT NOT NULL,
  started   INTEGER NOT NULL,
  heartbeat INTEGER NOT NULL
);
)sql";

// Version 6: game reviews (core/engine/review.h). At most one per game, gone with its game;
// `model` names the network that reviewed it, `detail` is the review's JSON (per-move values,
// best lines and marks), read and written whole.
const char* const kSchemaV6 = R"sql(
CREATE TABLE reviews(
  game        INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  model       TEXT NOT NULL,
  simulations INTEGER NOT NULL CHECK (simulations >= 0),
  created     INTEGER NOT NULL,
  detail      TEXT NOT NULL DEFAULT '{}'
);
)sql";

// Version 7: each move's policy surprise (MoveRecord::policySurprise: KL of the search's
// target from the network's prior, nats), so a resumed run's rebuilt buffer and a trainer
// ingesting workers' games weight draws by it as the run that played them did. NULL in rows
// written before and where nothing was searched.
const char* const kSchemaV7 = R"sql(
ALTER TABLE moves ADD COLUMN surprise REAL;
)sql";

std::string hex(int v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", unsigned(v));
    return buf;
}

int pragmaInt(sql::Database& db, const char* name) {
    sql::Statement st(db, std::string("PRAGMA ") + name);
    return st.step() ? int(st.int64(0)) : 0;
}

std::vector<std::string> tableNames(sql::Database& db) {
    std::vector<std::string> names;
    sql::Statement st(db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
    while (st.step()) names.push_back(st.text(0));
    return names;
}

bool hasOurMeta(sql::Database& db) {
    sql::Statement probe(db,
                         "SELECT count(*) FROM sqlite_schema WHERE type='table' AND name='meta'");
    if (!probe.step() || probe.int64(0) == 0) return false;
    sql::Statement st(db, "SELECT value FROM meta WHERE key = 'app'");
    return st.step() && st.text(0) == kAppName;
}

[[noreturn]] void refuseForeign(const std::string& path, int appId,
                                const std::vector<std::string>& tables) {
    std::string list;
    for (size_t i = 0; i < tables.size() && i < 8; ++i) list += (i ? ", " : "") + tables[i];
    if (tables.size() > 8) list += ", ...";
    throw StoreError(StoreErrorCode::ForeignDatabase,
                     "'" + path +
                         "' is an SQLite database of another application (application_id " +
                         hex(appId) + ", tables: " + (list.empty() ? "none" : list) +
                         "); xqzero leaves it untouched. Choose another file with --db PATH.",
                     path);
}

[[noreturn]] void refuseNewer(const std::string& path, int version) {
    throw StoreError(StoreErrorCode::NewerSchema,
                     "'" + path + "' has xqzero schema version " + std::to_string(version) +
                         ", newer than this build understands (" +
                         std::to_string(currentVersion()) +
                         "); it was left untouched. Use a newer xqzero to open it.",
                     path);
}

// Checks the identification marks on an open connection; returns the version if ours, -1 for
// a blank file (no tables, no marks), and throws for anything else.
int checkOurs(sql::Database& db, const std::string& path) {
    const int appId = pragmaInt(db, "application_id");
    const int version = pragmaInt(db, "user_version");
    const std::vector<std::string> tables = tableNames(db);
    if (appId == 0 && version == 0 && tables.empty()) return -1;
    if (appId != kApplicationId || !hasOurMeta(db)) refuseForeign(path, appId, tables);
    if (version > currentVersion()) refuseNewer(path, version);
    return version;
}

}  // namespace

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> steps = {
        {1, "initial schema: meta, runs, models, games, moves, metrics", kSchemaV1},
        {2, "ladder results", kSchemaV2},
        {3, "model blobs, workers", kSchemaV3},
        {4, "evaluation jobs", kSchemaV4},
        {5, "run leases", kSchemaV5},
        {6, "game reviews", kSchemaV6},
        {7, "policy surprise of each move", kSchemaV7},
    };
    return steps;
}

int currentVersion() {
    return int(migrations().size());
}

int readVersion(sql::Database& db) {
    return pragmaInt(db, "user_version");
}

namespace {

uint32_t be32(const unsigned char* p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

[[noreturn]] void refuseDamaged(const std::string& path, const std::string& detail) {
    throw StoreError(StoreErrorCode::NotADatabase,
                     "'" + path + "' is damaged or not an SQLite database (" + detail +
                         "); xqzero leaves it untouched. Choose another file with --db PATH.",
                     path);
}

// Names the tables of a file that is not ours, for the refusal message. The file is opened
// immutable (no locks, no -wal/-shm files created) so even looking leaves no trace.
[[noreturn]] void refuseNotOurs(const std::string& path, int appId) {
    std::vector<std::string> tables;
    try {
        sql::Database db(path, sql::OpenMode::Immutable);
        tables = tableNames(db);
    } catch (const StoreError& e) {
        if (e.code() == StoreErrorCode::NotADatabase || e.code() == StoreErrorCode::Corrupt)
            refuseDamaged(path, e.what());
        throw;
    }
    refuseForeign(path, appId, tables);
}

// Opens `path` read-only (a connection that also reads the WAL) and checks our marks there.
Inspection confirmWithSqlite(const std::string& path) {
    try {
        sql::Database db(path, sql::OpenMode::ReadOnly);
        // Wait out another connection's brief lock (the last one to close a WAL database
        // checkpoints it), as Store's own connections do; without it, concurrent opens failed
        // with "database is locked".
        db.exec("PRAGMA busy_timeout = 10000", "setting the busy timeout");
        // checkOurs reads application_id, user_version and the table list in separate
        // statements: in one read transaction, so they see one snapshot. Without it, another
        // connection (a worker and its trainer opening a new file together) could commit
        // schema step 1 between the reads: application_id 0 but tables, refused as "another
        // application's database".
        int v = 0;
        {
            sql::Transaction snapshot(db, sql::Transaction::Kind::Deferred);
            v = checkOurs(db, path);
        }  // only read: rolled back
        if (v < 0) return {FileState::Empty, 0};
        return {FileState::Ours, v};
    } catch (const StoreError& e) {
        if (e.code() == StoreErrorCode::NotADatabase || e.code() == StoreErrorCode::Corrupt)
            refuseDamaged(path, e.what());
        throw;
    }
}

}  // namespace

Inspection inspectFile(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (!fs::exists(st)) return {FileState::Absent, 0};
    if (!fs::is_regular_file(st))
        throw StoreError(StoreErrorCode::NotADatabase,
                         "'" + path + "' is not a regular file; xqzero needs a database file",
                         path);
    const auto size = fs::file_size(path, ec);
    if (ec)
        throw StoreError(StoreErrorCode::Sqlite,
                         "cannot read the size of '" + path + "': " + ec.message(), path);
    if (size == 0) return {FileState::Empty, 0};
    // Open here already, so not garbage; and reading it with plain I/O would drop this
    // process's locks on it (sql::isOpenInThisProcess).
    if (sql::isOpenInThisProcess(path)) return confirmWithSqlite(path);

    // The 100-byte SQLite header, read with plain file I/O: garbage, foreign and newer files
    // are refused from it before any SQLite connection exists, so nothing (not even a -shm
    // file) is created next to them.
    unsigned char h[100] = {};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw StoreError(StoreErrorCode::Sqlite, "cannot open '" + path + "' for reading", path);
    in.read(reinterpret_cast<char*>(h), sizeof h);
    static const char kMagic[16] = "SQLite format 3";  // 15 characters and the NUL
    if (in.gcount() < 100 || !std::equal(h, h + 16, reinterpret_cast<const unsigned char*>(kMagic)))
        throw StoreError(StoreErrorCode::NotADatabase,
                         "'" + path +
                             "' is not an SQLite database (no 'SQLite format 3' header); "
                             "xqzero leaves it untouched. Choose another file with --db PATH.",
                         path);
    const uint32_t pageSize = h[16] == 0 && h[17] == 1 ? 65536u : uint32_t(h[16] << 8 | h[17]);
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0 || size < pageSize)
        refuseDamaged(path, "impossible page size " + std::to_string(pageSize) + " for " +
                                std::to_string(size) + " bytes");
    const uint32_t schemaCookie = be32(h + 40);
    const int version = int(be32(h + 60));
    const int appId = int(be32(h + 68));

    if (appId != kApplicationId) {
        // Blank: no schema was ever written and there is no write-ahead log that might hold one.
        const fs::path wal = path + "-wal";
        const bool walHasData = fs::exists(wal, ec) && fs::file_size(wal, ec) > 0;
        if (appId == 0 && version == 0 && schemaCookie == 0 && !walHasData)
            return {FileState::Empty, 0};
        // A database of ours that was created recently and never checkpointed still has a
        // blank header: its marks live in the write-ahead log (a training run being watched
        // live). Only a connection that reads the log can tell; the log and its -shm exist
        // already, so looking adds no file.
        if (appId == 0 && walHasData) {
            return confirmWithSqlite(path);
        }
        refuseNotOurs(path, appId);
    }
    if (version > currentVersion()) refuseNewer(path, version);

    // Ours by its header: confirm with SQLite (meta table, and the version as the WAL sees it).
    return confirmWithSqlite(path);
}

void migrate(sql::Database& db) {
    for (const Migration& m : migrations()) {
        sql::Transaction tx(db);
        // Re-check under the write lock: the file may have changed since inspectFile().
        const int version = std::max(0, checkOurs(db, db.path()));
        if (version >= m.version) continue;  // tx rolls back: nothing was written
        if (version != m.version - 1)
            throw StoreError(StoreErrorCode::Sqlite,
                             "schema of '" + db.path() + "' is at version " +
                                 std::to_string(version) + ", cannot apply step " +
                                 std::to_string(m.version));
        db.exec(m.sql, std::string("applying schema step ") + std::to_string(m.version) + " (" +
                           m.description + ")");
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
                    "; PRAGMA user_version = " + std::to_string(m.version),
                "recording the schema version");
        tx.commit();
    }
}

}  // namespace xq::store::schema
