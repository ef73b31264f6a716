// Store suite, part two (in test_store's executable, so it too runs once per backend): what
// scaling out to many hosts needs. Content-addressed blobs (with the SHA-256 test vectors),
// models naming their weights, worker heartbeats, tailing games by id, the v2 -> v3 migration,
// the per-host model cache and ModelWatch.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <mutex>
#include <fstream>
#include <thread>

#include "core/store/model_cache.h"
#include "core/store/model_watch.h"
#include "core/store/schema.h"
#include "core/store/sha256.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "tests/support/store_testdb.h"
#include "tests/support/store_testutil.h"
#ifdef XQ_WITH_POSTGRES
#include "core/store/pg_schema.h"
#endif

using namespace xq;
using namespace xq::store;
using namespace storetest;

namespace {

std::vector<uint8_t> bytesOf(const std::string& s) {
    return {s.begin(), s.end()};
}

std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
    std::vector<uint8_t> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = uint8_t((seed = seed * 1664525u + 1013904223u) >> 24);
    return out;
}

StoreErrorCode codeOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const StoreError& e) {
        return e.code();
    }
    return StoreErrorCode(-1);  // nothing thrown: fails every comparison with a real code
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Evaluation jobs: a run with an accepted gen-0 model (the opponent) and a candidate.
struct EvalFixture {
    int64_t run = 0, opponent = 0, candidate = 0;
};
EvalFixture evalFixture(Store& s) {
    EvalFixture f;
    f.run = s.createRun("gated").id;
    ModelInfo m;
    m.run = f.run;
    m.file = "gen-0000.xqm";
    m.accepted = true;
    f.opponent = s.addModel(m);
    m.generation = 1;
    m.file = "gen-0001.xqm";
    m.accepted = false;
    m.parent = f.opponent;
    f.candidate = s.addModel(m);
    return f;
}
int64_t worker(Store& s, int64_t run, const std::string& host, int64_t heartbeat = 0) {
    WorkerInfo w;
    w.run = run;
    w.host = host;
    w.heartbeat = heartbeat;
    return s.registerWorker(w);
}
GameRecord evalGame(int64_t run, Result result, uint32_t seed) {
    GameRecord g = makeGame(12, seed, run);
    g.kind = GameKind::Eval;
    g.result = result;
    g.reason = result == Result::Draw ? Reason::LengthCap : Reason::Adjudication;
    return g;
}

}  // namespace

class TestStoreScale : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    TestDatabases dbs_{tmp_};
    std::string file(const char* name) { return dbs_.make(name); }
    bool pg() const { return dbs_.postgres(); }

    // Runs SQL on the database past the Store (to damage or inspect rows): `lite` on SQLite,
    // `pgSql` on PostgreSQL.
    void raw(const std::string& path, const std::string& lite, const std::string& pgSql) {
        if (pg()) {
#ifdef XQ_WITH_POSTGRES
            pq::Connection c(path);
            c.exec(pgSql, "test SQL");
#endif
        } else {
            sql::Database db(path, sql::OpenMode::ReadWrite);
            db.exec(lite, "test SQL");
        }
    }

  public:
    static const QMetaObject& meta() {
        return staticMetaObject;
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        const std::string why = dbs_.unavailable();
        QVERIFY2(why.empty(), why.c_str());
    }
    void cleanup() {
        dbs_.dropAll();
    }

    // FIPS 180-2 appendix B and the NIST examples: one block, the 448-bit message whose padding
    // needs a second block, two blocks, and a million 'a'.
    void sha256Vectors() {
        QCOMPARE(sha256Hex(bytesOf("")),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256Hex(bytesOf("abc")),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256Hex(bytesOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        QCOMPARE(sha256Hex(bytesOf("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                   "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")),
                 std::string("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"));
        QCOMPARE(sha256Hex(std::vector<uint8_t>(1'000'000, 'a')),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
        QVERIFY(isSha256Hex(sha256Hex(bytesOf("x"))));
        QVERIFY(!isSha256Hex("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"));
        QVERIFY(!isSha256Hex("../../etc/passwd"));
    }

    void blobs() {
        const std::string path = file("blobs.db");
        Store s(path);
        const std::vector<uint8_t> big = pattern(3'000'000, 5);  // a model's size
        const std::string sha = s.putBlob(big);
        QCOMPARE(sha, sha256Hex(big));
        QVERIFY(s.loadBlob(sha) == big);
        QCOMPARE(s.putBlob(std::vector<uint8_t>{}), sha256Hex(std::vector<uint8_t>{}));
        QCOMPARE(s.loadBlob(sha256Hex(std::vector<uint8_t>{}))->size(), size_t(0));
        QVERIFY(!s.loadBlob(sha256Hex(bytesOf("never stored"))));

        // Idempotent: the same bytes give the same name (blobPutWritesOnce shows no rewrite).
        std::vector<uint8_t> copy = big;
        QCOMPARE(s.putBlob(copy), sha);

        // Damage the stored bytes behind the store's back: loading says so.
        raw(path, "UPDATE blobs SET bytes = X'00010203' WHERE sha256 = '" + sha + "'",
            "UPDATE blobs SET bytes = '\\x00010203'::bytea WHERE sha256 = '" + sha + "'");
        QCOMPARE(codeOf([&] { s.loadBlob(sha); }), StoreErrorCode::Corrupt);
        // Same length, one byte flipped: the hash alone catches it.
        std::vector<uint8_t> small = pattern(100, 9);
        const std::string smallSha = s.putBlob(small);
        small[50] ^= 1;
        std::string hex;
        for (uint8_t b : small) hex += QByteArray(1, char(b)).toHex().toStdString();
        raw(path, "UPDATE blobs SET bytes = X'" + hex + "' WHERE sha256 = '" + smallSha + "'",
            "UPDATE blobs SET bytes = '\\x" + hex + "'::bytea WHERE sha256 = '" + smallSha + "'");
        QCOMPARE(codeOf([&] { s.loadBlob(smallSha); }), StoreErrorCode::Corrupt);
    }

    // A second put of the same bytes writes nothing: the row keeps a mark set past the store.
    void blobPutWritesOnce() {
        const std::string path = file("once.db");
        Store s(path);
        const std::vector<uint8_t> b = pattern(1000, 1);
        const std::string sha = s.putBlob(b);
        raw(path, "UPDATE blobs SET created = 7", "UPDATE blobs SET created = 7");
        s.putBlob(b);
        ModelInfo m;
        m.run = s.createRun("once").id;
        m.file = "x";
        m.sha256 = sha;
        m.created = 1;
        s.addModel(m);
        // The blobs table's marks, read back through a model row's columns.
        raw(path,
            "UPDATE models SET elo = (SELECT sum(created) FROM blobs), "
            "elo_lo = (SELECT count(*) FROM blobs)",
            "UPDATE models SET elo = (SELECT sum(created) FROM blobs), "
            "elo_lo = (SELECT count(*) FROM blobs)");
        const ModelInfo back = s.listModels(m.run).at(0);
        QCOMPARE(back.elo.value_or(-1), 7.0);    // the first put's row, not rewritten
        QCOMPARE(back.eloLo.value_or(-1), 1.0);  // one row
    }

    void modelsNameTheirWeights() {
        Store s(file("msha.db"));
        const int64_t run = s.createRun("m").id;
        const std::string sha = s.putBlob(pattern(5000, 3));
        ModelInfo m;
        m.run = run;
        m.generation = 0;
        m.file = "gen-0000.xqm";
        m.accepted = true;
        m.sha256 = sha;
        const int64_t id = s.addModel(m);
        ModelInfo plain = m;
        plain.generation = 1;
        plain.sha256.clear();
        plain.accepted = false;
        const int64_t plainId = s.addModel(plain);
        QCOMPARE(s.listModels(run).at(0).sha256, sha);
        QCOMPARE(s.listModels(run).at(1).sha256, std::string());
        QCOMPARE(s.bestModel(run)->sha256, sha);
        const auto byId = s.modelById(id);
        QVERIFY(byId);
        QCOMPARE(byId->id, id);
        QCOMPARE(byId->generation, 0);
        QCOMPARE(byId->file, m.file);
        QCOMPARE(byId->sha256, sha);
        QVERIFY(byId->accepted);
        QCOMPARE(s.modelById(plainId)->sha256, std::string());
        QVERIFY(!s.modelById(plainId + 100));

        ModelInfo dangling = m;
        dangling.sha256 = sha256Hex(bytesOf("not stored"));
        QCOMPARE(codeOf([&] { s.addModel(dangling); }), StoreErrorCode::Constraint);
        QCOMPARE(s.listModels(run).size(), size_t(2));
        QVERIFY(s.integrityCheck().ok);
    }

    // Run leases: one holder per run; a live holder refuses another token (nothing written),
    // a stale one (as the caller's rule says) is taken over and reported; renew and release
    // act only for the holding token; the lease goes with its run.
    void runLeases() {
        Store s(file("leases.db"));
        const int64_t run = s.createRun("leased").id, other = s.createRun("free").id;
        QVERIFY(!s.runLease(run));
        RunLease a;
        a.run = run;
        a.host = "host-a";
        a.pid = 111;
        a.token = "token-a";
        const int64_t before = nowMs();
        int asked = 0;
        auto never = [&](const RunLease&) { ++asked; return false; };
        auto always = [&](const RunLease&) { ++asked; return true; };
        Store::LeaseClaim c = s.claimRunLease(a, never);
        QVERIFY(c.acquired);
        QVERIFY(!c.previous);
        QCOMPARE(asked, 0);  // nobody held it: the rule is not asked
        std::optional<RunLease> held = s.runLease(run);
        QVERIFY(held);
        QCOMPARE(held->host, std::string("host-a"));
        QCOMPARE(held->pid, int64_t(111));
        QCOMPARE(held->token, std::string("token-a"));
        QVERIFY(held->started >= before && held->heartbeat == held->started);

        // The same token claims again (a retry): still its own, the rule is not asked.
        QVERIFY(s.claimRunLease(a, never).acquired);
        QCOMPARE(asked, 0);

        RunLease b = a;
        b.host = "host-b";
        b.pid = 222;
        b.token = "token-b";
        c = s.claimRunLease(b, never);
        QVERIFY(!c.acquired);
        QCOMPARE(asked, 1);
        QVERIFY(c.previous);
        QCOMPARE(c.previous->token, std::string("token-a"));
        QCOMPARE(s.runLease(run)->token, std::string("token-a"));  // nothing written
        QVERIFY(!s.renewRunLease(run, "token-b"));
        s.releaseRunLease(run, "token-b");  // not its lease: no effect
        QCOMPARE(s.runLease(run)->token, std::string("token-a"));
        QVERIFY(s.renewRunLease(run, "token-a"));

        // The other run is free meanwhile.
        RunLease o = b;
        o.run = other;
        QVERIFY(s.claimRunLease(o, never).acquired);

        // A stale holder is taken over, and the claim says whose lease it was.
        c = s.claimRunLease(b, always);
        QVERIFY(c.acquired);
        QCOMPARE(c.previous->host, std::string("host-a"));
        QCOMPARE(c.previous->pid, int64_t(111));
        QCOMPARE(s.runLease(run)->token, std::string("token-b"));
        QVERIFY(!s.renewRunLease(run, "token-a"));  // the old holder learns it lost the lease
        s.releaseRunLease(run, "token-b");
        QVERIFY(!s.runLease(run));

        QCOMPARE(codeOf([&] {
                     RunLease n = a;
                     n.run = other + 100;
                     s.claimRunLease(n, never);
                 }),
                 StoreErrorCode::NotFound);
        QCOMPARE(codeOf([&] {
                     RunLease n = a;
                     n.token.clear();
                     s.claimRunLease(n, never);
                 }),
                 StoreErrorCode::InvalidArgument);
        s.deleteRun("free");
        QVERIFY(!s.runLease(other));
        QVERIFY(s.integrityCheck().ok);
    }

    void workers() {
        Store s(file("workers.db"));
        const int64_t run = s.createRun("w").id, other = s.createRun("o").id;
        const int64_t before = nowMs();
        WorkerInfo a;
        a.run = run;
        a.host = "gpu-1";
        a.pid = 4242;
        a.threads = 16;
        const int64_t ida = s.registerWorker(a);
        WorkerInfo b = a;
        b.host = "gpu-2";
        b.started = 1000;
        b.heartbeat = 2000;
        b.generation = 3;
        const int64_t idb = s.registerWorker(b);
        WorkerInfo c = a;
        c.run = other;
        c.heartbeat = 1500;
        const int64_t idc = s.registerWorker(c);
        WorkerInfo loose = a;
        loose.run = 0;
        loose.heartbeat = 1;
        const int64_t idl = s.registerWorker(loose);

        std::vector<WorkerInfo> mine = s.listWorkers(run);
        QCOMPARE(mine.size(), size_t(2));
        QCOMPARE(mine[0].id, ida);  // heartbeat now: newest first
        QVERIFY(mine[0].started >= before && mine[0].heartbeat == mine[0].started);
        QCOMPARE(mine[0].host, std::string("gpu-1"));
        QCOMPARE(mine[0].pid, int64_t(4242));
        QCOMPARE(mine[0].threads, 16);
        QCOMPARE(mine[0].state, std::string("running"));
        QVERIFY(!mine[0].generation);
        QCOMPARE(mine[1].id, idb);
        QCOMPARE(mine[1].started, int64_t(1000));
        QCOMPARE(mine[1].heartbeat, int64_t(2000));
        QCOMPARE(mine[1].generation, std::optional<int>(3));
        const std::vector<WorkerInfo> all = s.listWorkers();
        QCOMPARE(all.size(), size_t(4));
        QCOMPARE(all[2].id, idc);
        QCOMPARE(all[3].id, idl);
        QCOMPARE(all[3].run, int64_t(0));

        s.heartbeatWorker(idb, 120, 9600, 4, "stopped");
        mine = s.listWorkers(run);
        QCOMPARE(mine[0].id, idb);  // its heartbeat is now the newest
        QVERIFY(mine[0].heartbeat >= before);
        QCOMPARE(mine[0].games, int64_t(120));
        QCOMPARE(mine[0].positions, int64_t(9600));
        QCOMPARE(mine[0].generation, std::optional<int>(4));
        QCOMPARE(mine[0].state, std::string("stopped"));
        QCOMPARE(mine[0].started, int64_t(1000));
        s.heartbeatWorker(idb, 121, 9700, std::nullopt, "running");
        QVERIFY(!s.listWorkers(run)[0].generation);

        QCOMPARE(codeOf([&] { s.heartbeatWorker(idl + 100, 1, 1, {}, "running"); }),
                 StoreErrorCode::NotFound);
        QCOMPARE(codeOf([&] { s.heartbeatWorker(ida, 1, 1, {}, "sleepy"); }),
                 StoreErrorCode::InvalidArgument);
        WorkerInfo bad = a;
        bad.run = other + 100;
        QCOMPARE(codeOf([&] { s.registerWorker(bad); }), StoreErrorCode::NotFound);
        bad = a;
        bad.host.clear();
        QCOMPARE(codeOf([&] { s.registerWorker(bad); }), StoreErrorCode::InvalidArgument);

        // A run's workers go with it; a worker still running then hears NotFound.
        s.deleteRun("w");
        QVERIFY(s.listWorkers(run).empty());
        QCOMPARE(s.listWorkers().size(), size_t(2));
        QCOMPARE(codeOf([&] { s.heartbeatWorker(ida, 1, 1, {}, "running"); }),
                 StoreErrorCode::NotFound);
        QVERIFY(s.integrityCheck().ok);
    }

    void gamesAboveAnId() {
        Store s(file("above.db"));
        const int64_t run = s.createRun("a").id;
        std::vector<int64_t> ids;
        for (uint32_t i = 0; i < 6; ++i) ids.push_back(s.insertGame(makeGame(4, 40 + i, run)));
        GameFilter f;
        f.limit = 0;
        f.idAbove = ids[3];
        std::vector<int64_t> got;
        for (const GameRecord& g : s.listGames(f)) got.push_back(g.id);
        std::sort(got.begin(), got.end());
        QVERIFY(got == std::vector<int64_t>(ids.begin() + 4, ids.end()));
        QCOMPARE(s.countGames(f), int64_t(2));
        f.run = run;
        QCOMPARE(s.countGames(f), int64_t(2));
        f.idAbove = ids.back();
        QVERIFY(s.listGames(f).empty());
        f.idAbove = 0;
        QCOMPARE(s.countGames(f), int64_t(6));
    }

    void deleteRunRemovesOrphanBlobs() {
        Store s(file("orphanblobs.db"));
        const int64_t a = s.createRun("a").id, b = s.createRun("b").id;
        const std::string own = s.putBlob(pattern(800, 1));
        const std::string shared = s.putBlob(pattern(800, 2));
        const std::string loose = s.putBlob(pattern(800, 3));  // put, no model yet
        auto add = [&](int64_t run, int gen, const std::string& sha) {
            ModelInfo m;
            m.run = run;
            m.generation = gen;
            m.file = "f";
            m.sha256 = sha;
            return s.addModel(m);
        };
        add(a, 0, own);
        add(a, 1, own);
        add(a, 2, shared);
        add(b, 0, shared);
        s.deleteRun("a");
        QVERIFY(!s.loadBlob(own));
        QVERIFY(s.loadBlob(shared));
        QVERIFY(s.loadBlob(loose));
        s.deleteRun("b");
        QVERIFY(!s.loadBlob(shared));
        QVERIFY(s.loadBlob(loose));
        QVERIFY(s.integrityCheck().ok);
    }

    // A game's review: stored, read back, replaced, gone with its game; refused for a game
    // that does not exist or a detail that is not JSON.
    void reviews() {
        Store s(file("reviews.db"));
        const RunInfo run = s.createRun("rv");
        const int64_t game = s.insertGame(makeGame(20, 3, run.id));
        QVERIFY(!s.loadReview(game));
        ReviewRecord r;
        r.game = game;
        r.model = "rv gen 2";
        r.simulations = 400;
        r.detail = R"({"version":1,"moves":[{"ply":0,"loss":0.25,"mark":"blunder"}]})";
        s.putReview(r);
        std::optional<ReviewRecord> back = s.loadReview(game);
        QVERIFY(back);
        QCOMPARE(back->game, game);
        QCOMPARE(back->model, r.model);
        QCOMPARE(back->simulations, 400);
        QVERIFY(back->created > 0);
        QCOMPARE(back->detail, r.detail);

        r.model = "rv gen 3";
        r.simulations = 800;
        r.detail = R"({"version":1,"moves":[]})";
        s.putReview(r);  // replaces
        back = s.loadReview(game);
        QCOMPARE(back->model, std::string("rv gen 3"));
        QCOMPARE(back->simulations, 800);
        QCOMPARE(back->detail, r.detail);

        ReviewRecord bad = r;
        bad.detail = "{not json";
        QCOMPARE(codeOf([&] { s.putReview(bad); }), StoreErrorCode::InvalidArgument);
        QCOMPARE(s.loadReview(game)->detail, r.detail);  // the refused write changed nothing
        bad = r;
        bad.game = game + 1000;
        QCOMPARE(codeOf([&] { s.putReview(bad); }), StoreErrorCode::NotFound);

        s.deleteRun("rv");  // its games go, and their reviews with them
        QVERIFY(!s.loadReview(game));
        QVERIFY(s.integrityCheck().ok);
    }

    // A database of schema version 5 (before reviews) is upgraded in place: its games stay and
    // take reviews.
    void migratesVersion5() {
        QCOMPARE(schema::currentVersion(), 7);
        const std::string path = file("v5.db");
        writeVersion(path, pg(), 5,
                     "INSERT INTO games(kind, red, black, result, reason, plies, started, "
                     "finished, start_fen) VALUES ('play', 'human', 'random', '*', '', 0, 1, 2, "
                     "'')");
        {
            OpenOptions ro;
            ro.readOnly = true;
            QCOMPARE(codeOf([&] { Store r(path, ro); }), StoreErrorCode::OlderSchema);
        }
        Store s(path);
        QCOMPARE(s.schemaVersion(), 7);
        const std::vector<GameRecord> games = s.listGames();
        QCOMPARE(games.size(), size_t(1));
        ReviewRecord r;
        r.game = games[0].id;
        r.model = "m.xqm";
        s.putReview(r);
        QCOMPARE(s.loadReview(games[0].id)->model, std::string("m.xqm"));
    }

    // A database of schema version 6 (before each move's policy surprise) is upgraded in
    // place: its moves stay, with no surprise, and new games keep theirs.
    void migratesVersion6() {
        QCOMPARE(schema::currentVersion(), 7);
        const std::string path = file("v6.db");
        const GameRecord played = makeGame(4, 3, std::nullopt);
        std::string rows =
            "INSERT INTO games(kind, red, black, result, reason, plies, started, finished, "
            "start_fen) VALUES ('play', 'human', 'random', '*', '', 1, 1, 2, '');"
            "INSERT INTO moves(game, ply, move, root_value, visits) VALUES ((SELECT id FROM "
            "games), 0, " +
            std::to_string(played.moves[0].move.raw()) + ", 0.25, NULL)";
        writeVersion(path, pg(), 6, rows.c_str());
        Store s(path);
        QCOMPARE(s.schemaVersion(), 7);
        const std::vector<GameRecord> games = s.listGames();
        QCOMPARE(games.size(), size_t(1));
        const auto old = s.loadGame(games[0].id);
        QVERIFY(old);
        QCOMPARE(old->moves.size(), size_t(1));
        QCOMPARE(old->moves[0].rootValue, std::optional<float>(0.25f));
        QVERIFY(!old->moves[0].policySurprise);
        GameRecord g = played;
        g.moves[0].policySurprise = 1.5f;
        g.moves[1].policySurprise.reset();
        const auto back = s.loadGame(s.insertGame(g));
        QCOMPARE(back->moves[0].policySurprise, std::optional<float>(1.5f));
        QVERIFY(!back->moves[1].policySurprise);
    }

    // A database of schema version 2 (before blobs and workers) is upgraded in place, keeping
    // its models (which name no weights); a read-only open refuses it.
    void migratesVersion2() {
        QCOMPARE(schema::currentVersion(), 7);
        const std::string path = file("v2.db");
        const char* rows =
            "INSERT INTO runs(name, config, created) VALUES ('old', '{}', 1);"
            "INSERT INTO models(run, generation, file, accepted, created) "
            "VALUES ((SELECT id FROM runs), 0, 'gen-0000.xqm', 1, 2)";
        writeVersion2(path, pg(), rows);
        {
            OpenOptions ro;
            ro.readOnly = true;
            QCOMPARE(codeOf([&] { Store r(path, ro); }), StoreErrorCode::OlderSchema);
        }
        Store s(path);
        QCOMPARE(s.schemaVersion(), 7);
        const auto run = s.findRun("old");
        QVERIFY(run);
        const std::vector<ModelInfo> models = s.listModels(run->id);
        QCOMPARE(models.size(), size_t(1));
        QCOMPARE(models[0].sha256, std::string());
        QCOMPARE(models[0].file, std::string("gen-0000.xqm"));
        ModelInfo m;
        m.run = run->id;
        m.generation = 1;
        m.file = "gen-0001.xqm";
        m.parent = models[0].id;
        m.accepted = true;
        m.sha256 = s.putBlob(pattern(64, 1));
        s.addModel(m);
        QCOMPARE(s.bestModel(run->id)->sha256, m.sha256);
        WorkerInfo w;
        w.run = run->id;
        w.host = "h";
        QVERIFY(s.registerWorker(w) > 0);
        // Schema 4's evaluation jobs are there too.
        s.enqueueEvalJobs(run->id, s.bestModel(run->id)->id, models[0].id, 2);
        QCOMPARE(s.evalJobs(run->id).size(), size_t(2));
        QVERIFY(s.integrityCheck().ok);
    }

    void modelCache() {
        Store s(file("cache.db"));
        const std::string dir = tmp_.filePath("cache/models").toStdString();
        const std::vector<uint8_t> bytes = pattern(200'000, 4);
        const std::string sha = s.putBlob(bytes);
        const std::string want = dir + "/" + sha + ".xqm";
        QCOMPARE(cachedModelFile(s, sha, dir), want);  // writes it (making the directory)
        QVERIFY(slurp(want) == std::string(bytes.begin(), bytes.end()));

        // A damaged cache file is fetched again.
        { std::ofstream(want, std::ios::binary | std::ios::trunc) << "half a model"; }
        QCOMPARE(cachedModelFile(s, sha, dir), want);
        QVERIFY(slurp(want) == std::string(bytes.begin(), bytes.end()));

        // A good cache file is used as it is: the store is not asked (its blob is gone now).
        const std::string del = "DELETE FROM blobs WHERE sha256 = '" + sha + "'";
        raw(s.path(), del, del);
        QVERIFY(!s.loadBlob(sha));
        QCOMPARE(cachedModelFile(s, sha, dir), want);
        // ... but a damaged one with no blob to repair it from is NotFound, as is any unknown.
        { std::ofstream(want, std::ios::binary | std::ios::trunc) << "x"; }
        QCOMPARE(codeOf([&] { cachedModelFile(s, sha, dir); }), StoreErrorCode::NotFound);
        QCOMPARE(codeOf([&] { cachedModelFile(s, sha256Hex(bytesOf("?")), dir); }),
                 StoreErrorCode::NotFound);
        QCOMPARE(codeOf([&] { cachedModelFile(s, "../escape", dir); }),
                 StoreErrorCode::InvalidArgument);
        // No temporary files are left behind.
        for (const auto& e : std::filesystem::directory_iterator(dir))
            QVERIFY2(e.path().extension() == ".xqm", e.path().c_str());
    }

    void modelCacheDefaultDir() {
        if (pg()) QSKIP("paths are not a backend's: checked in the SQLite run");
        const QByteArray oldCache = qgetenv("XQ_MODEL_CACHE"), oldXdg = qgetenv("XDG_CACHE_HOME");
        const bool hadCache = qEnvironmentVariableIsSet("XQ_MODEL_CACHE");
        const bool hadXdg = qEnvironmentVariableIsSet("XDG_CACHE_HOME");
        const std::string home = qgetenv("HOME").toStdString();
        qputenv("XQ_MODEL_CACHE", "/srv/models");
        qputenv("XDG_CACHE_HOME", "/srv/cache");
        QCOMPARE(defaultModelCacheDir(), std::string("/srv/models"));
        qunsetenv("XQ_MODEL_CACHE");
        QCOMPARE(defaultModelCacheDir(), std::string("/srv/cache/xqzero/models"));
        qunsetenv("XDG_CACHE_HOME");
        QCOMPARE(defaultModelCacheDir(), home + "/.cache/xqzero/models");
        if (hadCache) qputenv("XQ_MODEL_CACHE", oldCache);
        if (hadXdg) qputenv("XDG_CACHE_HOME", oldXdg);
    }

    // A second Store (as the trainer on another host) publishes; the watch returns it.
    void modelWatch() {
        const std::string path = file("watch.db");
        Store s(path);
        const int64_t run = s.createRun("w").id;
        const int64_t otherRun = s.createRun("x").id;
        ModelWatch w(path, run);
        QVERIFY(!w.waitForNewer(0, 50));  // no accepted model: nothing is newer

        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(!w.waitForNewer(0, 300));
        QVERIFY(std::chrono::steady_clock::now() - t0 >= std::chrono::milliseconds(290));

        ModelInfo m;
        m.run = run;
        m.file = "gen-0000.xqm";
        m.accepted = true;
        const int64_t first = s.addModel(m);
        const auto seen = w.waitForNewer(0, 20000);  // published before the call
        QVERIFY(seen);
        QCOMPARE(seen->id, first);

        int64_t known = first;
        for (int gen = 1; gen <= 3; ++gen) {
            std::atomic<bool> waiting{false};
            std::atomic<int64_t> added{0};
            std::string error;
            std::optional<ModelInfo> got;
            {
                std::jthread trainer([&] {
                    try {
                        Store t(path);
                        while (!waiting) std::this_thread::yield();
                        ModelInfo other;  // another run's model wakes nobody here
                        other.run = otherRun;
                        other.file = "o";
                        other.accepted = true;
                        t.addModel(other);
                        ModelInfo next = m;
                        next.generation = gen;
                        next.file = "gen-000" + std::to_string(gen) + ".xqm";
                        added = t.addModel(next);
                    } catch (const std::exception& e) {
                        error = e.what();
                        added = -1;
                    }
                });
                waiting = true;
                got = w.waitForNewer(known, 20000);
            }
            QVERIFY2(error.empty(), error.c_str());
            QVERIFY2(got, "no model seen within 20 s");
            QCOMPARE(got->id, added.load());
            QCOMPARE(got->generation, gen);
            known = got->id;
        }
    }

    // Accepting a model later (setModelEvaluation) can change the best one: the watch sees it,
    // while an unaccepted model never counts.
    void modelWatchSeesAcceptance() {
        const std::string path = file("accept.db");
        Store s(path);
        const int64_t run = s.createRun("a").id;
        ModelInfo m;
        m.run = run;
        m.file = "g0";
        m.accepted = true;
        const int64_t g0 = s.addModel(m);
        m.generation = 1;
        m.file = "g1";
        m.accepted = false;
        const int64_t g1 = s.addModel(m);
        ModelWatch w(path, run);
        QVERIFY(!w.waitForNewer(g0, 300));  // g1 is not accepted
        std::atomic<bool> waiting{false};
        std::string error;
        std::optional<ModelInfo> got;
        {
            std::jthread gate([&] {
                try {
                    Store t(path);
                    while (!waiting) std::this_thread::yield();
                    t.setModelEvaluation(g1, true, 35.0, 10.0, 60.0);
                } catch (const std::exception& e) {
                    error = e.what();
                }
            });
            waiting = true;
            got = w.waitForNewer(g0, 20000);
        }
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(got);
        QCOMPARE(got->id, g1);
        QCOMPARE(got->elo, std::optional<double>(35.0));
    }

    // ---- evaluation jobs (gating a distributed run) ----------------------------------------

    // Enqueue, claim, finish, read back: colours alternate, a claim takes one candidate's
    // oldest jobs, the score is the candidate's whatever its colour.
    void evalJobsLifecycle() {
        Store s(file("evaljobs.db"));
        const EvalFixture f = evalFixture(s);
        const int64_t w = worker(s, f.run, "gpu-1");
        s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 4);
        std::vector<EvalJob> all = s.evalJobs(f.run, f.candidate);
        QCOMPARE(all.size(), size_t(4));
        QCOMPARE(s.queuedEvalJobs(f.run), int64_t(4));
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(all[size_t(i)].gameIndex, i);
            QCOMPARE(all[size_t(i)].candidateRed, i % 2 == 0);
            QCOMPARE(all[size_t(i)].state, std::string("queued"));
            QCOMPARE(all[size_t(i)].opponent, f.opponent);
            QVERIFY(!all[size_t(i)].worker && !all[size_t(i)].game && !all[size_t(i)].score);
        }
        QCOMPARE(codeOf([&] { s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 4); }),
                 StoreErrorCode::Constraint);
        QCOMPARE(codeOf([&] { s.enqueueEvalJobs(f.run, f.candidate + 99, f.opponent, 4); }),
                 StoreErrorCode::NotFound);
        QCOMPARE(codeOf([&] { s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 0); }),
                 StoreErrorCode::InvalidArgument);

        const int64_t before = nowMs();
        const std::vector<EvalJob> got = s.claimEvalJobs(f.run, w, 3);
        QCOMPARE(got.size(), size_t(3));
        QCOMPARE(s.queuedEvalJobs(f.run), int64_t(1));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(got[size_t(i)].id, all[size_t(i)].id);
            QCOMPARE(got[size_t(i)].state, std::string("claimed"));
            QCOMPARE(got[size_t(i)].worker, std::optional<int64_t>(w));
            QVERIFY(got[size_t(i)].claimed.value_or(0) >= before);
        }
        // Black candidate losing (Red wins) scores 0; Red candidate drawing scores 1/2.
        const auto g1 = s.finishEvalJob(got[1].id, w, evalGame(f.run, Result::RedWins, 1));
        QVERIFY(g1);
        const auto g0 = s.finishEvalJob(got[0].id, w, evalGame(f.run, Result::Draw, 2));
        QVERIFY(g0);
        const auto g2 = s.finishEvalJob(got[2].id, w, evalGame(f.run, Result::RedWins, 3));
        QVERIFY(g2);
        QVERIFY(!s.finishEvalJob(got[2].id, w, evalGame(f.run, Result::RedWins, 4)));  // done
        all = s.evalJobs(f.run);
        QCOMPARE(all[0].state, std::string("done"));
        QCOMPARE(all[0].score, std::optional<double>(0.5));
        QCOMPARE(all[1].score, std::optional<double>(0.0));
        QCOMPARE(all[2].score, std::optional<double>(1.0));
        QCOMPARE(all[1].game, g1);
        QVERIFY(all[1].finished.value_or(0) >= before);
        QCOMPARE(s.loadGame(*g1)->kind, GameKind::Eval);
        GameFilter ev;
        ev.kind = GameKind::Eval;
        QCOMPARE(s.countGames(ev), int64_t(3));

        // The last job; nothing more to claim; cancelling touches only unfinished jobs.
        QCOMPARE(s.claimEvalJobs(f.run, w, 8).size(), size_t(1));
        QVERIFY(s.claimEvalJobs(f.run, w, 8).empty());
        QCOMPARE(s.cancelEvalJobs(f.candidate), 1);
        QCOMPARE(s.evalJobs(f.run)[3].state, std::string("cancelled"));
        QVERIFY(!s.finishEvalJob(all[3].id, w, evalGame(f.run, Result::Draw, 5)));
        QCOMPARE(s.countGames(ev), int64_t(3));
        QVERIFY(s.integrityCheck().ok);

        // Jobs go with their run.
        s.deleteRun("gated");
        QVERIFY(s.evalJobs(f.run).empty());
        QVERIFY(s.integrityCheck().ok);
    }

    // A claim is one candidate's games: the older candidate's first.
    void evalJobsClaimOneCandidate() {
        Store s(file("evalone.db"));
        const EvalFixture f = evalFixture(s);
        ModelInfo m;
        m.run = f.run;
        m.generation = 2;
        m.file = "gen-0002.xqm";
        const int64_t second = s.addModel(m);
        const int64_t w = worker(s, f.run, "h");
        s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 2);
        s.enqueueEvalJobs(f.run, second, f.opponent, 2);
        std::vector<EvalJob> a = s.claimEvalJobs(f.run, w, 10);
        QCOMPARE(a.size(), size_t(2));
        QVERIFY(a[0].candidate == f.candidate && a[1].candidate == f.candidate);
        std::vector<EvalJob> b = s.claimEvalJobs(f.run, w, 10);
        QCOMPARE(b.size(), size_t(2));
        QVERIFY(b[0].candidate == second && b[1].candidate == second);
    }

    // Two connections (two workers on two hosts) claim from one queue at the same time: every
    // job goes to exactly one of them.
    void evalJobsConcurrentClaims() {
        const std::string path = file("evalrace.db");
        std::vector<int64_t> ids;
        int64_t run = 0, wa = 0, wb = 0;
        {
            Store s(path);
            const EvalFixture f = evalFixture(s);
            run = f.run;
            wa = worker(s, run, "a");
            wb = worker(s, run, "b");
            s.enqueueEvalJobs(run, f.candidate, f.opponent, 60);
            for (const EvalJob& j : s.evalJobs(run)) ids.push_back(j.id);
        }
        std::atomic<bool> go{false};
        std::atomic<int> ready{0};
        std::vector<int64_t> gotA, gotB;
        std::string error;
        std::mutex errorMutex;
        auto claimer = [&](int64_t w, std::vector<int64_t>& got) {
            try {
                Store s(path);
                ++ready;
                while (!go) std::this_thread::yield();
                for (;;) {
                    const std::vector<EvalJob> jobs = s.claimEvalJobs(run, w, 1);
                    if (jobs.empty()) break;
                    for (const EvalJob& j : jobs) {
                        if (j.worker != std::optional<int64_t>(w)) throw std::runtime_error("worker");
                        got.push_back(j.id);
                    }
                }
            } catch (const std::exception& e) {
                std::lock_guard lk(errorMutex);
                error = e.what();
                ++ready;  // a claimer that failed to connect must not hold the start back
            }
        };
        {
            std::jthread a(claimer, wa, std::ref(gotA));
            std::jthread b(claimer, wb, std::ref(gotB));
            while (ready < 2) std::this_thread::yield();  // both connected (or failed)
            go = true;
        }
        QVERIFY2(error.empty(), error.c_str());
        std::vector<int64_t> both = gotA;
        both.insert(both.end(), gotB.begin(), gotB.end());
        std::sort(both.begin(), both.end());
        QVERIFY2(both == ids, "a job was claimed twice or not at all");
        qInfo("claims: %zu by a, %zu by b", gotA.size(), gotB.size());
        Store s(path);
        for (const EvalJob& j : s.evalJobs(run)) {
            const bool ofA = std::count(gotA.begin(), gotA.end(), j.id) == 1;
            QCOMPARE(j.worker, std::optional<int64_t>(ofA ? wa : wb));
            QCOMPARE(j.state, std::string("claimed"));
        }
    }

    // Jobs of a silent worker (old heartbeat) or a stopped one go back to the queue; a live
    // worker keeps its own. The silent worker's late result is refused and stores no game.
    void evalJobsRequeueSilentWorker() {
        Store s(file("evalsilent.db"));
        const EvalFixture f = evalFixture(s);
        const int64_t silent = worker(s, f.run, "silent", nowMs() - 120'000);
        const int64_t stopped = worker(s, f.run, "stopped");
        const int64_t live = worker(s, f.run, "live");
        s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 6);
        const std::vector<EvalJob> js = s.claimEvalJobs(f.run, silent, 2);
        const std::vector<EvalJob> jt = s.claimEvalJobs(f.run, stopped, 2);
        const std::vector<EvalJob> jl = s.claimEvalJobs(f.run, live, 2);
        QCOMPARE(js.size() + jt.size() + jl.size(), size_t(6));
        s.heartbeatWorker(stopped, 0, 0, std::nullopt, "stopped");
        QCOMPARE(s.requeueEvalJobs(f.run, 60'000), 4);
        QCOMPARE(s.requeueEvalJobs(f.run, 60'000), 0);
        for (const EvalJob& j : s.evalJobs(f.run)) {
            const bool ofLive = j.id == jl[0].id || j.id == jl[1].id;
            QCOMPARE(j.state, std::string(ofLive ? "claimed" : "queued"));
            QCOMPARE(j.worker, ofLive ? std::optional<int64_t>(live) : std::nullopt);
            QVERIFY(ofLive == j.claimed.has_value());
        }
        // Another worker takes them; the silent one comes back too late.
        const std::vector<EvalJob> again = s.claimEvalJobs(f.run, live, 10);
        QCOMPARE(again.size(), size_t(4));
        QCOMPARE(again[0].id, js[0].id);
        QVERIFY(!s.finishEvalJob(js[0].id, silent, evalGame(f.run, Result::Draw, 7)));
        QCOMPARE(s.countGames(), int64_t(0));
        QVERIFY(s.finishEvalJob(js[0].id, live, evalGame(f.run, Result::Draw, 7)));
        QCOMPARE(s.countGames(), int64_t(1));
        // A very short limit requeues even a live worker's claims (its beat is older than 0 ms
        // only if time passed: wait for the clock to move on, not for a fixed time).
        const int64_t t = nowMs();
        while (nowMs() <= t + 1) std::this_thread::yield();
        QCOMPARE(s.requeueEvalJobs(f.run, 0), 5);
    }

    // Finishing is one transaction with the game: a game the store refuses (an illegal move,
    // found after the job's row was marked) leaves the job claimed and no game; a game of
    // another run is refused; a game without a result is refused before anything.
    void evalJobFinishIsAtomic() {
        Store s(file("evalatomic.db"));
        const EvalFixture f = evalFixture(s);
        const int64_t other = s.createRun("other").id;
        const int64_t w = worker(s, f.run, "h");
        s.enqueueEvalJobs(f.run, f.candidate, f.opponent, 1);
        const EvalJob j = s.claimEvalJobs(f.run, w, 1).at(0);
        GameRecord bad = evalGame(f.run, Result::RedWins, 3);
        bad.moves[5].move = bad.moves[4].move;  // not legal at ply 5
        QCOMPARE(codeOf([&] { s.finishEvalJob(j.id, w, bad); }), StoreErrorCode::InvalidArgument);
        QCOMPARE(codeOf([&] { s.finishEvalJob(j.id, w, evalGame(other, Result::Draw, 1)); }),
                 StoreErrorCode::InvalidArgument);
        GameRecord none = evalGame(f.run, Result::None, 1);
        QCOMPARE(codeOf([&] { s.finishEvalJob(j.id, w, none); }), StoreErrorCode::InvalidArgument);
        GameRecord selfplay = evalGame(f.run, Result::Draw, 1);
        selfplay.kind = GameKind::SelfPlay;
        QCOMPARE(codeOf([&] { s.finishEvalJob(j.id, w, selfplay); }),
                 StoreErrorCode::InvalidArgument);
        QCOMPARE(s.countGames(), int64_t(0));
        QCOMPARE(s.counts().moves, int64_t(0));
        EvalJob now = s.evalJobs(f.run).at(0);
        QCOMPARE(now.state, std::string("claimed"));
        QVERIFY(!now.score && !now.game && !now.finished);
        const auto id = s.finishEvalJob(j.id, w, evalGame(f.run, Result::BlackWins, 3));
        QVERIFY(id);
        now = s.evalJobs(f.run).at(0);
        QCOMPARE(now.state, std::string("done"));
        QCOMPARE(now.score, std::optional<double>(0.0));  // candidate Red, Black won
        QCOMPARE(int(s.loadGame(*id)->moves.size()), 12);
        QVERIFY(s.integrityCheck().ok);
    }
};

int runStoreScaleTests(const QStringList& args) {
    TestStoreScale t;
    return QTest::qExec(&t, args);
}

const QMetaObject& storeScaleMetaObject() {
    return TestStoreScale::meta();
}

#include "test_store_scale.moc"
