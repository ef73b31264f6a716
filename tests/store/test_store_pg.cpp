// The PostgreSQL backend's own tests (the shared store suite, test_store.cpp, runs on it too):
// identification and refusals of databases that are not ours (each compared before and after:
// "untouched" is checked, not assumed), read-only rules, migration from version 1, the
// integrity check, writability, a connection that dies in the middle of a game, and URIs
// whose password must not reach messages. Needs the store_pg fixture's cluster.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/store/model_watch.h"
#include "core/store/pg_schema.h"
#include "core/store/pq.h"
#include "core/store/schema.h"
#include "core/store/store.h"
#include "core/store/visit_blob.h"
#include "tests/support/store_testdb.h"
#include "tests/support/store_testutil.h"

using namespace xq;
using namespace xq::store;
using namespace storetest;

namespace {

StoreErrorCode openCode(const std::string& uri, bool readOnly, std::string* message = nullptr) {
    try {
        OpenOptions o;
        o.readOnly = readOnly;
        Store s(uri, o);
    } catch (const StoreError& e) {
        if (message) *message = e.what();
        return e.code();
    }
    return StoreErrorCode(-1);  // opened: fails every comparison with a real code
}

// Everything a refused open could have changed in the current schema: the tables, and the
// rows of each as text, in one string.
std::string snapshot(const std::string& uri) {
    pq::Connection c(uri);
    const pq::Result tables = c.exec(
        "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace "
        "AND relkind = 'r' ORDER BY relname COLLATE \"C\"",
        "listing tables");
    std::string out;
    for (int i = 0; i < tables.rows(); ++i) {
        const std::string t = tables.text(i, 0);
        const pq::Result rows = c.exec(
            "SELECT coalesce(string_agg(x::text, '|' ORDER BY x::text), '') FROM " + t + " x",
            "reading " + t);
        out += t + ":" + rows.text(0, 0) + "\n";
    }
    return out;
}

}  // namespace

class TestStorePg : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    TestDatabases dbs_{tmp_, true};

  private slots:
    void initTestCase() {
        const std::string why = dbs_.unavailable();
        QVERIFY2(why.empty(), why.c_str());
    }
    void cleanup() { dbs_.dropAll(); }

    // The two dialects have the same steps: same numbers, same descriptions.
    void sameMigrationSteps() {
        const auto& lite = schema::migrations();
        const auto& pg = pg_schema::migrations();
        QCOMPARE(pg.size(), lite.size());
        for (size_t i = 0; i < pg.size(); ++i) {
            QCOMPARE(pg[i].version, lite[i].version);
            QCOMPARE(std::string(pg[i].description), std::string(lite[i].description));
            QVERIFY(std::string(pg[i].sql) != lite[i].sql);
        }
    }

    void marksInMeta() {
        const std::string uri = dbs_.make("marks");
        {
            Store s(uri);
            QCOMPARE(s.path(), uri);
            QCOMPARE(s.schemaVersion(), schema::currentVersion());
        }
        pq::Connection c(uri);
        const pq::Result r = c.exec("SELECT key, value FROM meta ORDER BY key", "reading meta");
        std::map<std::string, std::string> meta;
        for (int i = 0; i < r.rows(); ++i) meta[r.text(i, 0)] = r.text(i, 1);
        QCOMPARE(meta["app"], std::string("xqzero"));
        QCOMPARE(meta["schema_version"], std::to_string(schema::currentVersion()));
        QVERIFY(std::stoll(meta["created"]) > 1'700'000'000'000);
        // Reopening migrates nothing and keeps the marks.
        Store again(uri);
        QCOMPARE(snapshot(uri).find("schema_version") != std::string::npos, true);
    }

    void refusesForeignDatabase() {
        const std::string uri = dbs_.make("foreign");
        {
            pq::Connection c(uri);
            c.exec(
                "CREATE TABLE users(id serial PRIMARY KEY, name text);"
                "INSERT INTO users(name) VALUES ('alice'), ('bob');",
                "making a foreign database");
        }
        const std::string before = snapshot(uri);
        std::string msg;
        QCOMPARE(openCode(uri, false, &msg), StoreErrorCode::ForeignDatabase);
        QVERIFY2(QString::fromStdString(msg).contains("another application") &&
                     QString::fromStdString(msg).contains("users"),
                 msg.c_str());
        QCOMPARE(openCode(uri, true), StoreErrorCode::ForeignDatabase);
        QCOMPARE(snapshot(uri), before);

        // A look-alike: a meta table naming us but holding no schema version.
        const std::string look = dbs_.make("lookalike");
        {
            pq::Connection c(look);
            c.exec(
                "CREATE TABLE meta(key text PRIMARY KEY, value text);"
                "INSERT INTO meta VALUES ('app', 'xqzero');",
                "making a look-alike");
        }
        const std::string lookBefore = snapshot(look);
        QCOMPARE(openCode(look, false), StoreErrorCode::ForeignDatabase);
        QCOMPARE(openCode(look, true), StoreErrorCode::ForeignDatabase);
        QCOMPARE(snapshot(look), lookBefore);
        // A meta table of another shape.
        const std::string odd = dbs_.make("oddmeta");
        {
            pq::Connection c(odd);
            c.exec("CREATE TABLE meta(id int, note text); INSERT INTO meta VALUES (1, 'x');",
                   "making an odd meta");
        }
        const std::string oddBefore = snapshot(odd);
        QCOMPARE(openCode(odd, false), StoreErrorCode::ForeignDatabase);
        QCOMPARE(snapshot(odd), oddBefore);
    }

    void refusesNewerSchema() {
        const std::string uri = dbs_.make("newer");
        {
            Store s(uri);
            s.createRun("keep");
        }
        {
            pq::Connection c(uri);
            c.exec("UPDATE meta SET value = '" + std::to_string(schema::currentVersion() + 1) +
                       "' WHERE key = 'schema_version'",
                   "pretending to be a newer xqzero");
        }
        const std::string before = snapshot(uri);
        std::string msg;
        QCOMPARE(openCode(uri, false, &msg), StoreErrorCode::NewerSchema);
        QVERIFY2(QString::fromStdString(msg).contains("newer"), msg.c_str());
        QCOMPARE(openCode(uri, true), StoreErrorCode::NewerSchema);
        QCOMPARE(snapshot(uri), before);
    }

    // Read-only opens never migrate: a database without our schema (or with an older one) is
    // refused and stays as it was; create=false does not create one either.
    void readOnlyNeverMigrates() {
        const std::string blank = dbs_.make("blank");
        QCOMPARE(openCode(blank, true), StoreErrorCode::OlderSchema);
        QCOMPARE(snapshot(blank), std::string());
        OpenOptions noCreate;
        noCreate.create = false;
        QVERIFY_THROWS_EXCEPTION(StoreError, Store(blank, noCreate));
        QCOMPARE(snapshot(blank), std::string());
        // A database that does not exist is not created.
        std::string msg;
        QCOMPARE(openCode(dbs_.uriFor("xqt_no_such_db"), true, &msg), StoreErrorCode::Missing);
        QCOMPARE(openCode(dbs_.uriFor("xqt_no_such_db"), false), StoreErrorCode::Missing);
    }

    // A database written by a version-1 build is upgraded in place, keeping its data; a
    // read-only open refuses it.
    void migratesVersion1() {
        const std::string uri = dbs_.make("v1");
        {
            pq::Connection c(uri);
            c.exec(pg_schema::migrations()[0].sql, "writing schema version 1");
            c.exec(
                "INSERT INTO meta VALUES ('schema_version', '1');"
                "INSERT INTO runs(name, config, created) VALUES ('old', '{}', 1)",
                "marking version 1");
        }
        QCOMPARE(openCode(uri, true), StoreErrorCode::OlderSchema);
        Store s(uri);
        QCOMPARE(s.schemaVersion(), schema::currentVersion());
        const auto run = s.findRun("old");
        QVERIFY(run);
        LadderRecord r;
        r.run = run->id;
        r.player = "best:old@100";
        r.rating = 250;
        QVERIFY(s.addLadderResult(r) > 0);
        QCOMPARE(s.listLadderResults().size(), size_t(1));
        // A new run after rows inserted with explicit ids elsewhere still gets a fresh id.
        QVERIFY(s.createRun("new").id > run->id);
    }

    // The check finds rows whose references point nowhere (constraints bypassed).
    void integrityFindsOrphans() {
        const std::string uri = dbs_.make("orphans");
        Store s(uri);
        const int64_t run = s.createRun("o").id;
        s.insertGame(makeGame(10, 1, run));
        QVERIFY(s.integrityCheck().ok);
        {
            pq::Connection c(uri);
            c.exec(
                "SET session_replication_role = replica;"
                "INSERT INTO moves(game, ply, move) VALUES (424242, 0, 1);"
                "INSERT INTO metrics(run, step, name, value, time) VALUES (777, 1, 'x', 1, 1)",
                "writing orphans past the constraints");
        }
        const IntegrityReport rep = s.integrityCheck();
        QVERIFY(!rep.ok);
        QCOMPARE(rep.problems.size(), size_t(2));
        QVERIFY2(QString::fromStdString(rep.problems[0] + rep.problems[1]).contains("moves"),
                 rep.problems[0].c_str());
    }

    // The references of schema 3 are checked too: a model naming a missing blob, a worker of
    // a missing run.
    void integrityFindsOrphanBlobsAndWorkers() {
        const std::string uri = dbs_.make("orphans3");
        Store s(uri);
        ModelInfo m;
        m.run = s.createRun("o").id;
        m.file = "f";
        m.sha256 = s.putBlob(std::vector<uint8_t>{1, 2, 3});
        s.addModel(m);
        QVERIFY(s.integrityCheck().ok);
        {
            pq::Connection c(uri);
            c.exec(
                "SET session_replication_role = replica;"
                "DELETE FROM blobs;"
                "INSERT INTO workers(run, host, pid, threads, started, heartbeat) "
                "VALUES (4242, 'h', 1, 1, 1, 1)",
                "writing orphans past the constraints");
        }
        const IntegrityReport rep = s.integrityCheck();
        QVERIFY(!rep.ok);
        QCOMPARE(rep.problems.size(), size_t(2));
        const QString all = QString::fromStdString(rep.problems[0] + "\n" + rep.problems[1]);
        QVERIFY2(all.contains("missing row in blobs") && all.contains("table workers"),
                 qPrintable(all));
    }

    void checkWritable() {
        const std::string uri = dbs_.make("writable");
        {
            Store s(uri);
            s.checkWritable();
            s.createRun("r");
        }
        auto code = [](Store& s) {
            try {
                s.checkWritable();
            } catch (const StoreError& e) {
                return e.code();
            }
            return StoreErrorCode(-1);
        };
        Store ro(uri, {.readOnly = true});
        QCOMPARE(code(ro), StoreErrorCode::ReadOnly);
        try {
            ro.createRun("x");
            QFAIL("a read-only store wrote");
        } catch (const StoreError& e) {
            QCOMPARE(e.code(), StoreErrorCode::ReadOnly);
        }
        // A role that may only read: the open works (nothing to migrate), writing does not.
        {
            pq::Connection c(uri);
            c.exec(
                "DO $$ BEGIN CREATE ROLE xqt_reader LOGIN; "
                "EXCEPTION WHEN duplicate_object THEN NULL; END $$;"
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO xqt_reader",
                "making a reader role");
        }
        {
            Store reader(dbs_.uriFor(dbs_.dbName("writable"), "xqt_reader"));
            QCOMPARE(reader.listRuns().size(), size_t(1));
            QCOMPARE(code(reader), StoreErrorCode::ReadOnly);
            try {
                reader.createRun("x");
                QFAIL("a reader role wrote");
            } catch (const StoreError& e) {
                QCOMPARE(e.code(), StoreErrorCode::ReadOnly);
            }
        }
        // A database whose sessions are read-only by default.
        dbs_.admin().exec(
            "ALTER DATABASE " + dbs_.dbName("writable") + " SET default_transaction_read_only = on",
            "making the database read-only");
        Store rw(uri);
        QCOMPARE(code(rw), StoreErrorCode::ReadOnly);
    }

    // The session dies while the moves are being inserted: the game is wholly absent, and the
    // same Store reconnects for the next call.
    void connectionLostMidGame() {
        const std::string uri = dbs_.make("lost");
        Store s(uri);
        const int64_t run = s.createRun("l").id;
        {
            pq::Connection c(uri);
            c.exec(
                "CREATE FUNCTION xqt_die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "IF NEW.ply = 20 THEN PERFORM pg_terminate_backend(pg_backend_pid()); "
                "PERFORM pg_sleep(5); END IF; RETURN NEW; END $$;"
                "CREATE TRIGGER xqt_die BEFORE INSERT ON moves FOR EACH ROW "
                "EXECUTE FUNCTION xqt_die()",
                "arming the trigger that ends the session");
        }
        const GameRecord g = makeGame(40, 9, run);
        try {
            s.insertGame(g);
            QFAIL("the game was stored although its session died");
        } catch (const StoreError& e) {
            qInfo("as expected: %s", e.what());
        }
        {
            pq::Connection c(uri);
            QCOMPARE(c.exec("SELECT count(*) FROM games", "counting").int64(0, 0), int64_t(0));
            QCOMPARE(c.exec("SELECT count(*) FROM moves", "counting").int64(0, 0), int64_t(0));
            c.exec("DROP TRIGGER xqt_die ON moves", "disarming");
        }
        QCOMPARE(s.countGames(), int64_t(0));  // reconnected
        const int64_t id = s.insertGame(g);
        QCOMPARE(int(s.loadGame(id)->moves.size()), 40);
    }

    // Visit distributions are stored as the very bytes SQLite stores (visit_blob.h), and a
    // ply without one stays NULL.
    void visitBlobsAreTheSameBytes() {
        const std::string uri = dbs_.make("blobs");
        Store s(uri);
        const GameRecord g = makeGame(14, 3, s.createRun("b").id);
        const int64_t id = s.insertGame(g);
        pq::Connection c(uri);
        const pq::Result r = c.exec(
            "SELECT ply, visits IS NULL, encode(visits, 'hex') FROM moves "
            "WHERE game = " +
                std::to_string(id) + " ORDER BY ply",
            "reading the blobs");
        QCOMPARE(r.rows(), 14);
        for (int i = 0; i < r.rows(); ++i) {
            const MoveRecord& m = g.moves[size_t(i)];
            QCOMPARE(r.value(i, 1) == "t", m.visits.empty());
            if (m.visits.empty()) continue;
            std::string hex;
            for (uint8_t b : encodeVisits(m.visits)) {
                static const char* d = "0123456789abcdef";
                hex += d[b >> 4];
                hex += d[b & 15];
            }
            QCOMPARE(r.text(i, 2), hex);
        }
    }

    // insertGame sends a game's moves as one COPY (not INSERTs), in the game's transaction:
    // a statement trigger on moves records the text of every statement that writes there.
    void movesGoThroughCopy() {
        const std::string uri = dbs_.make("copy");
        Store s(uri);
        const int64_t run = s.createRun("c").id;
        {
            pq::Connection c(uri);
            c.exec(
                "CREATE TABLE xqt_seen(q text, tx xid8);"
                "CREATE FUNCTION xqt_seen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "INSERT INTO xqt_seen VALUES (current_query(), pg_current_xact_id()); "
                "RETURN NULL; END $$;"
                "CREATE TRIGGER xqt_seen BEFORE INSERT ON moves FOR EACH STATEMENT "
                "EXECUTE FUNCTION xqt_seen();"
                "CREATE TRIGGER xqt_seen_games BEFORE INSERT ON games FOR EACH STATEMENT "
                "EXECUTE FUNCTION xqt_seen()",
                "recording the statements that write moves");
        }
        GameRecord g = makeGame(150, 11, run);
        for (uint32_t seed = 12; g.moves.size() < 150; ++seed) g = makeGame(150, seed, run);
        g.moves[3].rootValue = std::nullopt;  // NULLs in the middle of the rows
        g.moves[3].visits.clear();
        const int64_t id = s.insertGame(g);
        pq::Connection c(uri);
        const pq::Result r = c.exec(
            "SELECT q, (SELECT count(DISTINCT tx) FROM xqt_seen) FROM xqt_seen "
            "ORDER BY q COLLATE \"C\"",
            "reading what was recorded");
        QCOMPARE(r.rows(), 2);  // the game row and ONE statement for all 150 moves
        QVERIFY2(r.text(0, 0).starts_with("COPY moves"), r.text(0, 0).c_str());
        QVERIFY2(r.text(1, 0).starts_with("INSERT INTO games"), r.text(1, 0).c_str());
        QCOMPARE(r.text(0, 1), std::string("1"));  // both in one transaction
        const auto back = s.loadGame(id);
        QCOMPARE(back->moves.size(), size_t(150));
        for (size_t i = 0; i < g.moves.size(); ++i) {
            QCOMPARE(back->moves[i].move.raw(), g.moves[i].move.raw());
            QCOMPARE(back->moves[i].rootValue, g.moves[i].rootValue);
            QCOMPARE(back->moves[i].policySurprise, g.moves[i].policySurprise);
            QVERIFY(back->moves[i].visits == g.moves[i].visits);
        }
        QCOMPARE(c.exec("SELECT count(*) FROM moves WHERE visits IS NULL AND root_value IS NULL "
                        "AND game = " +
                            std::to_string(id),
                        "counting NULLs")
                     .int64(0, 0),
                 int64_t(std::count_if(g.moves.begin(), g.moves.end(), [](const MoveRecord& m) {
                     return m.visits.empty() && !m.rootValue;
                 })));
    }

    // The watch hears a model published while it is already waiting, after its first look:
    // the publisher waits until the watch's session has run that look (pg_stat_activity shows
    // a new query_start and the session idle), so only the notification can deliver it. While
    // nothing happens the watch sends no queries (no polling).
    void watchWakesOnNotification() {
        const std::string uri = dbs_.make("watch");
        Store s(uri);
        const int64_t run = s.createRun("w").id;
        ModelInfo m;
        m.run = run;
        m.file = "g0";
        m.accepted = true;
        const int64_t g0 = s.addModel(m);
        ModelWatch w(uri + "&application_name=xqt_watch", run);
        QCOMPARE(w.waitForNewer(0, 20000).value_or(ModelInfo{}).id, g0);

        pq::Connection mon(uri);
        auto activity = [&] {
            const pq::Result r = mon.exec(
                "SELECT query_start::text, state FROM pg_stat_activity "
                "WHERE application_name = 'xqt_watch'",
                "watching the watch's session");
            return r.rows() == 1 ? std::make_pair(r.text(0, 0), r.text(0, 1))
                                 : std::make_pair(std::string(), std::string());
        };
        const std::string before = activity().first;
        QVERIFY(!before.empty());

        std::atomic<int64_t> added{0};
        std::string error;
        std::optional<ModelInfo> got;
        {
            std::jthread trainer([&] {
                try {
                    pq::Connection look(uri);
                    Store t(uri);
                    const auto give_up =
                        std::chrono::steady_clock::now() + std::chrono::seconds(20);
                    for (;;) {
                        const pq::Result r = look.exec(
                            "SELECT query_start::text, state FROM pg_stat_activity "
                            "WHERE application_name = 'xqt_watch'",
                            "waiting for the watch's first look");
                        if (r.rows() == 1 && r.text(0, 0) != before && r.text(0, 1) == "idle")
                            break;
                        if (std::chrono::steady_clock::now() > give_up)
                            throw std::runtime_error("the watch never looked");
                        // No pause between looks: each one is a round trip to the server.
                        std::this_thread::yield();
                    }
                    ModelInfo next = m;
                    next.generation = 1;
                    next.file = "g1";
                    added = t.addModel(next);
                } catch (const std::exception& e) {
                    error = e.what();
                    added = -1;
                }
            });
            got = w.waitForNewer(g0, 20000);
        }
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY2(got, "the notification did not wake the watch within 20 s");
        QCOMPARE(got->id, added.load());

        // A wait that times out sends its one look and nothing else.
        const std::string t0 =
            mon.exec("SELECT clock_timestamp()::text", "reading the server clock").text(0, 0);
        QVERIFY(!w.waitForNewer(got->id, 1500));
        const pq::Param p[] = {pq::Param::text(t0)};
        const double lastQueryMs =
            mon.exec(
                   "SELECT extract(epoch FROM query_start - $1::timestamptz) * 1000 "
                   "FROM pg_stat_activity WHERE application_name = 'xqt_watch'",
                   p, "reading the watch's last query")
                .real(0, 0);
        QVERIFY2(lastQueryMs < 700,
                 qPrintable(QString("last query %1 ms into a 1500 ms wait").arg(lastQueryMs)));
    }

    // The watch's session dies while it waits (a server restart, a dropped link): it
    // reconnects, listens again and still returns the model published meanwhile.
    void watchSurvivesLostSession() {
        const std::string uri = dbs_.make("watchlost");
        Store s(uri);
        const int64_t run = s.createRun("w").id;
        ModelInfo m;
        m.run = run;
        m.file = "g0";
        m.accepted = true;
        const int64_t g0 = s.addModel(m);
        ModelWatch w(uri + "&application_name=xqt_watch_lost", run);
        QCOMPARE(w.waitForNewer(0, 20000).value_or(ModelInfo{}).id, g0);
        pq::Connection mon(uri);
        const std::string before = mon.exec(
                                          "SELECT query_start::text FROM pg_stat_activity "
                                          "WHERE application_name = 'xqt_watch_lost'",
                                          "reading the watch's session")
                                       .text(0, 0);
        std::atomic<int64_t> added{0};
        std::string error;
        std::optional<ModelInfo> got;
        {
            std::jthread killer([&] {
                try {
                    pq::Connection look(uri);
                    const auto give_up =
                        std::chrono::steady_clock::now() + std::chrono::seconds(20);
                    for (;;) {  // until the watch has taken its first look and waits
                        const pq::Result r = look.exec(
                            "SELECT query_start::text, state FROM pg_stat_activity "
                            "WHERE application_name = 'xqt_watch_lost'",
                            "waiting for the watch's first look");
                        if (r.rows() == 1 && r.text(0, 0) != before && r.text(0, 1) == "idle")
                            break;
                        if (std::chrono::steady_clock::now() > give_up)
                            throw std::runtime_error("the watch never looked");
                        // No pause between looks: each one is a round trip to the server.
                        std::this_thread::yield();
                    }
                    look.exec(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE application_name = 'xqt_watch_lost'",
                        "ending the watch's session");
                    Store t(uri);
                    ModelInfo next = m;
                    next.generation = 1;
                    added = t.addModel(next);
                } catch (const std::exception& e) {
                    error = e.what();
                    added = -1;
                }
            });
            got = w.waitForNewer(g0, 20000);
        }
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY2(got, "the watch did not recover within 20 s");
        QCOMPARE(got->id, added.load());
    }

    // FOR UPDATE SKIP LOCKED: while another session holds the two oldest jobs locked (a
    // claimer in the middle of its transaction), a claim neither waits for it nor takes those
    // rows: it gets the next ones. The claimer's lock_timeout is short, so a claim that waited
    // for the held rows fails with "busy" at once (no clock in the test: the error tells).
    void evalClaimSkipsLockedRows() {
        const std::string uri = dbs_.make("skiplocked");
        OpenOptions o;
        o.busyTimeoutMs = 200;
        Store s(uri, o);
        const int64_t run = s.createRun("g").id;
        ModelInfo m;
        m.run = run;
        m.file = "g0";
        m.accepted = true;
        const int64_t opp = s.addModel(m);
        m.generation = 1;
        m.accepted = false;
        const int64_t cand = s.addModel(m);
        WorkerInfo w;
        w.run = run;
        w.host = "h";
        const int64_t wid = s.registerWorker(w);
        s.enqueueEvalJobs(run, cand, opp, 5);
        const std::vector<EvalJob> all = s.evalJobs(run);
        pq::Connection holder(uri);
        holder.exec("BEGIN", "opening the holder's transaction");
        const pq::Result locked = holder.exec(
            "SELECT id FROM eval_jobs ORDER BY id LIMIT 2 FOR UPDATE", "locking two jobs");
        QCOMPARE(locked.rows(), 2);
        std::vector<EvalJob> got;
        try {
            got = s.claimEvalJobs(run, wid, 2);
        } catch (const StoreError& e) {
            QFAIL(qPrintable(QString("the claim waited for the locked rows: ") + e.what()));
        }
        QCOMPARE(got.size(), size_t(2));
        QCOMPARE(got[0].id, all[2].id);
        QCOMPARE(got[1].id, all[3].id);
        holder.exec("ROLLBACK", "releasing the rows");
        const std::vector<EvalJob> rest = s.claimEvalJobs(run, wid, 10);
        QCOMPARE(rest.size(), size_t(3));
        QCOMPARE(rest[0].id, all[0].id);
    }

    // The same script of queue operations on an SQLite file and on PostgreSQL ends with the
    // same jobs (states, workers, colours, scores) and the same games.
    void evalJobsAgreeWithSqlite() {
        auto script = [](Store& s) {
            const int64_t run = s.createRun("g").id;
            ModelInfo m;
            m.run = run;
            m.file = "g0";
            m.accepted = true;
            const int64_t opp = s.addModel(m);
            m.generation = 1;
            m.accepted = false;
            const int64_t cand = s.addModel(m);
            WorkerInfo w;
            w.run = run;
            w.host = "a";
            const int64_t a = s.registerWorker(w);
            w.host = "b";
            w.heartbeat = 1;  // silent since 1970
            const int64_t b = s.registerWorker(w);
            s.enqueueEvalJobs(run, cand, opp, 7);
            const auto ja = s.claimEvalJobs(run, a, 3);
            const auto jb = s.claimEvalJobs(run, b, 2);
            const Result results[] = {Result::RedWins, Result::Draw, Result::BlackWins};
            for (size_t i = 0; i < ja.size(); ++i) {
                GameRecord g = makeGame(10, uint32_t(i + 1), run);
                g.kind = GameKind::Eval;
                g.result = results[i];
                s.finishEvalJob(ja[i].id, a, g);
            }
            s.requeueEvalJobs(run, 60000);
            s.claimEvalJobs(run, a, 1);
            s.cancelEvalJobs(cand);
            std::string out;
            for (const EvalJob& j : s.evalJobs(run)) {
                out += std::to_string(j.gameIndex) + " " + j.state + " " +
                       (j.candidateRed ? "red" : "black") + " w" +
                       (j.worker ? std::to_string(*j.worker == a ? 1 : 2) : "-") + " s" +
                       (j.score ? std::to_string(*j.score) : "-") + " g" +
                       (j.game ? std::to_string(s.loadGame(*j.game)->plies) : "-") + "\n";
            }
            return out;
        };
        const std::string lite = tmp_.filePath("agree.db").toStdString();
        std::string fromLite, fromPg;
        {
            Store s(lite);
            fromLite = script(s);
        }
        {
            Store s(dbs_.make("agree"));
            fromPg = script(s);
        }
        QCOMPARE(fromPg, fromLite);
        QVERIFY(fromLite.find("done") != std::string::npos &&
                fromLite.find("cancelled") != std::string::npos);
        qInfo("%s", fromLite.c_str());
    }

    // Schema 4's references are checked: a job naming a missing model, worker or game.
    void integrityFindsOrphanEvalJobs() {
        const std::string uri = dbs_.make("orphans4");
        Store s(uri);
        const int64_t run = s.createRun("o").id;
        ModelInfo m;
        m.run = run;
        m.file = "f";
        const int64_t model = s.addModel(m);
        s.enqueueEvalJobs(run, model, model, 1);
        QVERIFY(s.integrityCheck().ok);
        {
            pq::Connection c(uri);
            c.exec(
                "SET session_replication_role = replica;"
                "UPDATE eval_jobs SET worker = 4242, game = 4343, opponent = 4444",
                "writing orphans past the constraints");
        }
        const IntegrityReport rep = s.integrityCheck();
        QCOMPARE(rep.problems.size(), size_t(3));
        std::string all;
        for (const std::string& p : rep.problems) all += p + "\n";
        QVERIFY2(all.find("table eval_jobs refers to a missing row in workers") !=
                         std::string::npos &&
                     all.find("missing row in games") != std::string::npos &&
                     all.find("missing row in models (opponent)") != std::string::npos,
                 all.c_str());
    }

    void passwordNeverInMessages() {
        QCOMPARE(pq::redactUri("postgresql://u:s3cret@db.example/xq?sslmode=require"),
                 std::string("postgresql://u:***@db.example/xq?sslmode=require"));
        QCOMPARE(pq::redactUri("postgres:///xq?host=/tmp&password=s3cret&user=u"),
                 std::string("postgres:///xq?host=/tmp&password=***&user=u"));
        QCOMPARE(pq::redactUri("postgresql:///xq?host=/tmp"),
                 std::string("postgresql:///xq?host=/tmp"));
        std::string msg;
        const std::string uri = dbs_.uriFor("xqt_absent") + "&password=s3cret";
        QCOMPARE(openCode(uri, false, &msg), StoreErrorCode::Missing);
        QVERIFY2(
            msg.find("s3cret") == std::string::npos && msg.find("xqt_absent") != std::string::npos,
            msg.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStorePg)
#include "test_store_pg.moc"
