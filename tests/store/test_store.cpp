// Store suite, run by CTest once per backend (store_testdb.h): SQLite files, then PostgreSQL.
// Tests of what only SQLite files have (foreign or damaged files, -wal/-shm side files, the
// file lock) skip on PostgreSQL; test_store_pg.cpp has PostgreSQL's own.
// Every refusal test snapshots the file (and its directory) before the attempt and compares
// byte for byte after it: "never modified" is checked, not assumed.
#include <QtTest>

#include <QFile>
#include <QProcess>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <atomic>
#include <mutex>
#include <thread>

#include "core/store/paths.h"
#include "core/store/schema.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/store/visit_blob.h"
#include "tests/support/store_testdb.h"
#include "tests/support/store_testutil.h"

using namespace xq;
using namespace xq::store;
using namespace storetest;

namespace {

std::string pragmaText(const std::string& path, const char* pragma) {
    sql::Database db(path, sql::OpenMode::ReadOnly);
    sql::Statement st(db, std::string("PRAGMA ") + pragma);
    return st.step() ? st.text(0) : std::string();
}

// Opens `path` expecting a refusal with `code`; returns the message ("" if nothing thrown).
QString refusal(const std::string& path, StoreErrorCode code, bool readOnly = false) {
    try {
        OpenOptions o;
        o.readOnly = readOnly;
        Store s(path, o);
    } catch (const StoreError& e) {
        if (e.code() != code)
            return QStringLiteral("wrong code %1: %2")
                .arg(storeErrorCodeName(e.code()), QString::fromUtf8(e.what()));
        return QString::fromUtf8(e.what());
    }
    return {};
}

// The child of anotherProcessClosingKeepsOurWal: run as this binary with
// XQ_STORE_CHILD_OPEN=FILE, it opens FILE read-write with SQLite, reads it and closes, as
// `sqlite3 FILE` or another xqzero would, then exits before QTest starts.
const bool kChildRan = [] {
    const char* path = std::getenv("XQ_STORE_CHILD_OPEN");
    if (!path) return false;
    int rc = 0;
    try {
        sql::Database db(path, sql::OpenMode::ReadWrite);
        sql::Statement st(db, "SELECT count(*) FROM runs");
        rc = st.step() ? 0 : 3;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "child: %s\n", e.what());
        rc = 2;
    }
    std::_Exit(rc);
}();

}  // namespace

#define SQLITE_ONLY() \
    if (pg()) QSKIP("SQLite files only (test_store_pg has PostgreSQL's own)")

class TestStore : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    TestDatabases dbs_{tmp_};
    // A fresh database named after `name`: an SQLite file, or a PostgreSQL database's URI.
    std::string file(const char* name) { return dbs_.make(name); }
    bool pg() const { return dbs_.postgres(); }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        const std::string why = dbs_.unavailable();
        QVERIFY2(why.empty(), why.c_str());
        qInfo("backend: %s", pg() ? "PostgreSQL" : "SQLite");
    }
    void cleanup() { dbs_.dropAll(); }

    void schemaCreateAndReopen() {
        const std::string path = file("new.db");
        {
            Store s(path);
            QCOMPARE(s.schemaVersion(), schema::currentVersion());
            const StoreCounts c = s.counts();
            QCOMPARE(c.runs + c.models + c.games + c.moves + c.metrics, int64_t(0));
            s.createRun("r1", R"({"preset":"quick"})");
        }
        if (!pg()) {
            QCOMPARE(pragmaText(path, "journal_mode"), std::string("wal"));
            QCOMPARE(std::stoi(pragmaText(path, "application_id")), schema::kApplicationId);
            QCOMPARE(std::stoi(pragmaText(path, "user_version")), schema::currentVersion());
        }
        {
            Store s(path);  // reopen: no migration, data still there
            QCOMPARE(s.schemaVersion(), schema::currentVersion());
            QCOMPARE(s.counts().runs, int64_t(1));
            QCOMPARE(s.findRun("r1")->config, std::string(R"({"preset":"quick"})"));
        }
        {
            OpenOptions ro;
            ro.readOnly = true;
            Store s(path, ro);
            QVERIFY(s.readOnly());
            QCOMPARE(s.listRuns().size(), size_t(1));
            QVERIFY_THROWS_EXCEPTION(StoreError, s.createRun("r2"));
            QCOMPARE(s.counts().runs, int64_t(1));
        }
        if (pg()) return;  // files only from here; test_store_pg covers databases
        // Read-only open of a missing file is refused and creates nothing.
        QVERIFY(refusal(file("absent.db"), StoreErrorCode::Missing, true).contains("absent.db"));
        QVERIFY(!QFile::exists(tmp_.filePath("absent.db")));
        OpenOptions noCreate;
        noCreate.create = false;
        QVERIFY_THROWS_EXCEPTION(StoreError, Store(file("absent.db"), noCreate));
        QVERIFY(!QFile::exists(tmp_.filePath("absent.db")));
        const QString noDir = refusal(file("nodir/x.db"), StoreErrorCode::Missing);
        QVERIFY2(noDir.contains("does not exist"), qPrintable(noDir));
        // A zero-byte file is a blank database: it gets the schema.
        writeAll(file("empty.db"), {});
        QCOMPARE(Store(file("empty.db")).schemaVersion(), schema::currentVersion());
    }

    // A training run keeps its connection open; until SQLite checkpoints, the file's header is
    // still blank and our marks live only in the -wal file. A reader must still recognise it
    // (the studio's Train and Library pages watch a run live).
    void readerWhileWriterNeverCheckpointed() {
        SQLITE_ONLY();
        const std::string path = file("live.db");
        Store writer(path);
        writer.createRun("live");
        {
            std::ifstream in(path, std::ios::binary);
            char h[100] = {};
            in.read(h, sizeof h);
            // The premise: the main file's application_id is still 0 (nothing checkpointed).
            QCOMPARE(int(h[68] | h[69] | h[70] | h[71]), 0);
        }
        OpenOptions ro;
        ro.readOnly = true;
        Store reader(path, ro);
        QVERIFY(reader.findRun("live").has_value());
        Store second(path);  // a second read-write connection too
        QCOMPARE(second.counts().runs, int64_t(1));
    }

    void visitBlob() {
        const std::vector<VisitCount> v = {
            {Move(1, 2), 0}, {Move(89, 80), 0xFFFFFFFFu}, {Move(40, 49), 12345}};
        const std::vector<uint8_t> b = encodeVisits(v);
        QCOMPARE(b.size(), size_t(1 + 6 * v.size()));
        QCOMPARE(b[0], kVisitBlobFormat);
        QVERIFY(decodeVisits(b) == v);
        std::vector<uint8_t> bad = b;
        bad.pop_back();
        QVERIFY_THROWS_EXCEPTION(StoreError, decodeVisits(bad));
        bad = b;
        bad[0] = 9;
        QVERIFY_THROWS_EXCEPTION(StoreError, decodeVisits(bad));
        // Found by fuzz_visit_blob: 16 bits also hold moves off the board (to-square 234
        // wrapped to a negative Move::to()), which would index outside the policy vector.
        for (uint16_t raw : {uint16_t(0x7510), uint16_t(0xFFFF), uint16_t(90 | (1 << 7)),
                             uint16_t(1 | (90 << 7)), uint16_t(5 | (5 << 7))}) {
            bad = {kVisitBlobFormat, uint8_t(raw), uint8_t(raw >> 8), 1, 0, 0, 0};
            try {
                decodeVisits(bad);
                QFAIL(qPrintable(QString("move %1 decoded").arg(raw)));
            } catch (const StoreError& e) {
                QCOMPARE(e.code(), StoreErrorCode::Corrupt);
                QVERIFY2(std::string(e.what()).find("not a move between two board squares") !=
                             std::string::npos,
                         e.what());
            }
        }
    }

    void gameRoundTrip() {
        Store s(file("games.db"));
        const RunInfo run = s.createRun("rt");
        GameRecord g = makeGame(60, 7, run.id);
        g.result = Result::BlackWins;
        g.reason = Reason::PerpetualCheck;
        QVERIFY(g.moves.size() == 60);
        const int64_t id = s.insertGame(g);
        QVERIFY(id > 0);
        const std::optional<GameRecord> back = s.loadGame(id);
        QVERIFY(back.has_value());
        QCOMPARE(back->id, id);
        QCOMPARE(back->run, g.run);
        QCOMPARE(int(back->kind), int(g.kind));
        QCOMPARE(back->generation, g.generation);
        QCOMPARE(back->red, g.red);
        QCOMPARE(back->black, g.black);
        QCOMPARE(int(back->result), int(Result::BlackWins));
        QCOMPARE(int(back->reason), int(Reason::PerpetualCheck));
        QCOMPARE(back->plies, 60);
        QCOMPARE(back->started, g.started);
        QCOMPARE(back->finished, g.finished);
        QCOMPARE(back->startFen, g.startFen);
        QCOMPARE(back->moves.size(), g.moves.size());
        int withVisits = 0;
        for (size_t i = 0; i < g.moves.size(); ++i) {
            QCOMPARE(back->moves[i].move.raw(), g.moves[i].move.raw());
            QCOMPARE(back->moves[i].rootValue, g.moves[i].rootValue);
            QCOMPARE(back->moves[i].policySurprise, g.moves[i].policySurprise);
            QVERIFY2(back->moves[i].visits == g.moves[i].visits, qPrintable(QString::number(i)));
            withVisits += !g.moves[i].visits.empty();
        }
        QVERIFY(withVisits > 40 && withVisits < 60);  // both kinds of ply were exercised
        QVERIFY(!s.loadGame(id + 1000).has_value());
        QCOMPARE(s.counts().moves, int64_t(60));

        // Moves go in many rows per statement: lengths at and past the batch size survive.
        int64_t stored = 60;
        for (int plies : {64, 65, 150}) {
            GameRecord long_ = makeGame(plies, 11, run.id);
            for (uint32_t seed = 12; int(long_.moves.size()) < plies; ++seed)
                long_ = makeGame(plies, seed, run.id);  // one that is not mated early
            stored += plies;
            const auto got = s.loadGame(s.insertGame(long_));
            QCOMPARE(got->moves.size(), long_.moves.size());
            for (size_t i = 0; i < long_.moves.size(); ++i) {
                QCOMPARE(got->moves[i].move.raw(), long_.moves[i].move.raw());
                QVERIFY(got->moves[i].visits == long_.moves[i].visits);
            }
        }
        QCOMPARE(s.counts().moves, stored);

        // Every result and reason survives the trip through its text code.
        for (Reason r : {Reason::Checkmate, Reason::Stalemate, Reason::PerpetualCheck,
                         Reason::Repetition, Reason::Rule60, Reason::Material, Reason::LengthCap,
                         Reason::Adjudication, Reason::Resignation, Reason::PerpetualChase}) {
            GameRecord h = makeGame(3, 1, std::nullopt);
            h.reason = r;
            h.kind = GameKind::Play;
            QCOMPARE(int(s.loadGame(s.insertGame(h))->reason), int(r));
        }
    }

    void gameRejectedWhole() {
        Store s(file("reject.db"));
        const RunInfo run = s.createRun("rj");
        GameRecord g = makeGame(20, 3, run.id);
        g.moves[12].move = g.moves[11].move;  // the other side's move again: illegal
        try {
            s.insertGame(g);
            QFAIL("an illegal move was stored");
        } catch (const StoreError& e) {
            QCOMPARE(e.code(), StoreErrorCode::InvalidArgument);
            QVERIFY2(QString(e.what()).contains("ply 12"), e.what());
        }
        GameRecord v = makeGame(10, 4, run.id);
        v.moves[5].visits.push_back({Move(0, 89), 3});
        QVERIFY_THROWS_EXCEPTION(StoreError, s.insertGame(v));
        GameRecord f = makeGame(4, 5, run.id);
        f.startFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAKNR w";
        QVERIFY_THROWS_EXCEPTION(StoreError, s.insertGame(f));
        GameRecord r = makeGame(4, 6, run.id + 99);
        QVERIFY_THROWS_EXCEPTION(StoreError, s.insertGame(r));
        QCOMPARE(s.counts().games, int64_t(0));
        QCOMPARE(s.counts().moves, int64_t(0));
    }

    void listAndFilter() {
        Store s(file("list.db"));
        const int64_t a = s.createRun("a").id, b = s.createRun("b").id;
        std::vector<GameRecord> all;
        for (uint32_t i = 0; i < 30; ++i) {
            GameRecord g = makeGame(4 + int(i % 3), i, i % 3 == 0 ? b : a);
            g.kind = i % 4 == 0 ? GameKind::Eval : GameKind::SelfPlay;
            g.result = i % 2 ? Result::RedWins : Result::Draw;
            g.finished = 1'000'000 + int64_t(i) * 10;
            g.id = s.insertGame(g);
            all.push_back(g);
        }
        auto expect = [&](const GameFilter& f) {
            std::vector<int64_t> ids;
            for (auto it = all.rbegin(); it != all.rend(); ++it) {  // newest finished first
                const GameRecord& g = *it;
                if ((f.run && g.run != f.run) || (f.kind && g.kind != *f.kind) ||
                    (f.result && g.result != *f.result) ||
                    (f.generation && g.generation != f.generation) ||
                    (f.finishedFrom && g.finished < *f.finishedFrom) ||
                    (f.finishedTo && g.finished >= *f.finishedTo))
                    continue;
                ids.push_back(g.id);
            }
            return ids;
        };
        auto got = [&](const GameFilter& f) {
            std::vector<int64_t> ids;
            for (const GameRecord& g : s.listGames(f)) {
                ids.push_back(g.id);
                if (!g.moves.empty()) ids.push_back(-1);  // listing must not load moves
            }
            return ids;
        };
        GameFilter f;
        f.limit = 0;
        QVERIFY(got(f) == expect(f));
        QCOMPARE(s.countGames(f), int64_t(30));
        f.run = a;
        QVERIFY(got(f) == expect(f));
        f.kind = GameKind::SelfPlay;
        f.result = Result::RedWins;
        QVERIFY(!expect(f).empty());
        QVERIFY(got(f) == expect(f));
        QCOMPARE(s.countGames(f), int64_t(expect(f).size()));
        GameFilter d;
        d.limit = 0;
        d.finishedFrom = 1'000'050;
        d.finishedTo = 1'000'150;
        QCOMPARE(got(d).size(), size_t(10));
        QVERIFY(got(d) == expect(d));
        d.generation = 2;
        QVERIFY(got(d) == expect(d));
        // Paging: limit/offset walk the same order without gaps or repeats.
        GameFilter p;
        p.limit = 7;
        std::vector<int64_t> paged;
        for (p.offset = 0; p.offset < 35; p.offset += 7)
            for (int64_t id : got(p)) paged.push_back(id);
        GameFilter everything;
        everything.limit = 0;
        QVERIFY(paged == expect(everything));
        QCOMPARE(s.listGames(GameFilter{})[0].plies, all.back().plies);
    }

    void runsAndModels() {
        Store s(file("models.db"));
        const RunInfo r = s.createRun("main", R"({"sims":80})");
        QVERIFY(r.id > 0 && r.created > 0);
        try {
            s.createRun("main");
            QFAIL("duplicate run name accepted");
        } catch (const StoreError& e) {
            QCOMPARE(e.code(), StoreErrorCode::Constraint);
            QVERIFY(QString(e.what()).contains("main"));
        }
        QVERIFY_THROWS_EXCEPTION(StoreError, s.createRun("bad", "{not json"));
        QVERIFY(!s.findRun("bad").has_value());
        const RunInfo other = s.createRun("other");
        QCOMPARE(s.listRuns().size(), size_t(2));
        QCOMPARE(s.runById(other.id)->name, std::string("other"));
        s.setRunConfig(other.id, R"({"sims":200})");
        QCOMPARE(s.findRun("other")->config, std::string(R"({"sims":200})"));

        QVERIFY(!s.bestModel(r.id).has_value());
        ModelInfo m0{0, r.id, 0, "gen0.pt", std::nullopt, 0.0, 0.0, 0.0, true, 0};
        const int64_t id0 = s.addModel(m0);
        ModelInfo m1{0,     r.id, 1, "gen1.pt", id0, std::nullopt, std::nullopt, std::nullopt,
                     false, 0};
        const int64_t id1 = s.addModel(m1);
        s.setModelEvaluation(id1, false, -12.5, -60.0, 35.0);  // rejected by gating
        ModelInfo m2 = m1;
        m2.generation = 2;
        m2.file = "gen2.pt";
        m2.parent = id0;
        const int64_t id2 = s.addModel(m2);
        s.setModelEvaluation(id2, true, 85.0, 40.0, 130.0);
        ModelInfo m3 = m2;
        m3.generation = 3;
        m3.parent = id2;
        const int64_t id3 = s.addModel(m3);  // candidate not yet evaluated
        s.addModel({0, other.id, 9, "x.pt", std::nullopt, 1.0, 0.0, 2.0, true, 0});

        QCOMPARE(s.bestModel(r.id)->id, id2);
        QCOMPARE(*s.bestModel(r.id)->elo, 85.0);
        QCOMPARE(*s.bestModel(r.id)->eloHi, 130.0);
        QCOMPARE(*s.bestModel(r.id)->parent, id0);
        s.setModelEvaluation(id3, true, 120.0, 70.0, 170.0);
        QCOMPARE(s.bestModel(r.id)->id, id3);
        const std::vector<ModelInfo> list = s.listModels(r.id);
        QCOMPARE(list.size(), size_t(4));
        for (int i = 0; i < 4; ++i) QCOMPARE(list[i].generation, i);
        QVERIFY(!list[1].accepted);
        QCOMPARE(*list[1].elo, -12.5);
        QVERIFY(!list[0].parent.has_value());
        QVERIFY_THROWS_EXCEPTION(StoreError, s.setModelEvaluation(id3 + 100, true, {}, {}, {}));
        QVERIFY_THROWS_EXCEPTION(StoreError, s.addModel({0, r.id + 100, 0, "y.pt"}));
        QVERIFY(s.integrityCheck().ok);
    }

    void metrics() {
        Store s(file("metrics.db"));
        const int64_t run = s.createRun("m").id;
        std::vector<MetricPoint> batch;
        for (int step = 0; step < 50; ++step) {
            batch.push_back({run, step, "loss/total", 3.0 - step * 0.01, 0});
            batch.push_back({run, step, "lr", 1e-3, 5000 + step});
        }
        s.addMetrics(batch);
        QCOMPARE(s.counts().metrics, int64_t(100));
        const auto since = s.metrics(run, "loss/total", 40);
        QCOMPARE(since.size(), size_t(10));
        for (size_t i = 0; i < since.size(); ++i) {
            QCOMPARE(since[i].step, int64_t(40 + i));
            QCOMPARE(since[i].value, 3.0 - (40 + int(i)) * 0.01);
            QVERIFY(since[i].time > 0);
        }
        QCOMPARE(s.metrics(run, "lr")[7].time, int64_t(5007));
        // A step re-logged after a resume replaces the old value.
        const std::vector<MetricPoint> again = {{run, 45, "loss/total", 9.5, 0}};
        s.addMetrics(again);
        QCOMPARE(s.counts().metrics, int64_t(100));
        QCOMPARE(s.metrics(run, "loss/total", 45)[0].value, 9.5);
        QVERIFY(s.metricNames(run) == (std::vector<std::string>{"loss/total", "lr"}));
        // A bad batch is refused whole.
        const std::vector<MetricPoint> bad = {{run, 60, "ok", 1, 0}, {run, 61, "", 1, 0}};
        QVERIFY_THROWS_EXCEPTION(StoreError, s.addMetrics(bad));
        QVERIFY(s.metrics(run, "ok").empty());
        QVERIFY(s.metrics(run + 1, "lr").empty());
    }

    void refusesForeignSqlite() {
        SQLITE_ONLY();
        const QString dir = tmp_.filePath("foreign");
        QVERIFY(QDir().mkpath(dir));
        const std::string path = (dir + "/their.db").toStdString();
        {
            sql::Database db(path, sql::OpenMode::ReadWriteCreate);
            db.exec(
                "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT);"
                "INSERT INTO users(name) VALUES ('alice'), ('bob');",
                "making a foreign database");
        }
        const QByteArray before = readAll(path);
        const QStringList filesBefore = dirEntries(dir);
        QVERIFY(before.size() > 0);
        const QString msg = refusal(path, StoreErrorCode::ForeignDatabase);
        QVERIFY2(msg.contains("another application") && msg.contains("users") &&
                     msg.contains("their.db"),
                 qPrintable(msg));
        QVERIFY(!refusal(path, StoreErrorCode::ForeignDatabase, true).isEmpty());
        QCOMPARE(readAll(path), before);
        QCOMPARE(dirEntries(dir), filesBefore);

        // The same with a WAL-mode foreign database and an app-less file with our meta table.
        const std::string walPath = (dir + "/wal.db").toStdString();
        {
            sql::Database db(walPath, sql::OpenMode::ReadWriteCreate);
            db.exec(
                "PRAGMA journal_mode=WAL; CREATE TABLE meta(key TEXT, value TEXT);"
                "INSERT INTO meta VALUES ('app', 'xqzero');",
                "making a look-alike database");
        }
        const QByteArray walBefore = readAll(walPath);
        const QStringList walFilesBefore = dirEntries(dir);
        QVERIFY(!refusal(walPath, StoreErrorCode::ForeignDatabase).isEmpty());
        QVERIFY(!refusal(walPath, StoreErrorCode::ForeignDatabase, true).isEmpty());
        QCOMPARE(readAll(walPath), walBefore);
        QCOMPARE(dirEntries(dir), walFilesBefore);  // not even a -shm file was created
    }

    void refusesGarbageAndCorrupt() {
        SQLITE_ONLY();
        const QString dir = tmp_.filePath("garbage");
        QVERIFY(QDir().mkpath(dir));
        const std::string path = (dir + "/junk.db").toStdString();
        QByteArray junk;
        for (int i = 0; i < 8192; ++i) junk.append(char((i * 131 + 7) & 0xff));
        writeAll(path, junk);
        const QString msg = refusal(path, StoreErrorCode::NotADatabase);
        QVERIFY2(msg.contains("not an SQLite database") && msg.contains("junk.db"),
                 qPrintable(msg));
        QCOMPARE(readAll(path), junk);
        QCOMPARE(dirEntries(dir), QStringList{"junk.db"});

        // A text file that happens to be short.
        const std::string txt = (dir + "/notes.txt").toStdString();
        writeAll(txt, "hello\n");
        QVERIFY(!refusal(txt, StoreErrorCode::NotADatabase).isEmpty());
        QCOMPARE(readAll(txt), QByteArray("hello\n"));

        // The SQLite magic followed by garbage: SQLite itself must refuse it.
        const std::string fake = (dir + "/fake.db").toStdString();
        QByteArray f("SQLite format 3", 16);
        f.append(junk);
        writeAll(fake, f);
        QString fmsg;
        try {
            Store s(fake);
            QFAIL("a damaged file was opened");
        } catch (const StoreError& e) {
            QVERIFY2(
                e.code() == StoreErrorCode::NotADatabase || e.code() == StoreErrorCode::Corrupt,
                e.what());
            fmsg = e.what();
        }
        QVERIFY2(fmsg.contains("fake.db"), qPrintable(fmsg));
        QCOMPARE(readAll(fake), f);
    }

    void refusesNewerSchema() {
        SQLITE_ONLY();
        const QString dir = tmp_.filePath("newer");
        QVERIFY(QDir().mkpath(dir));
        const std::string path = (dir + "/future.db").toStdString();
        {
            Store s(path);
            s.createRun("keep");
        }
        {
            sql::Database db(path, sql::OpenMode::ReadWrite);
            db.exec("PRAGMA user_version = " + std::to_string(schema::currentVersion() + 1),
                    "pretending to be a newer xqzero");
        }
        const QByteArray before = readAll(path);
        const QStringList filesBefore = dirEntries(dir);
        const QString msg = refusal(path, StoreErrorCode::NewerSchema);
        QVERIFY2(msg.contains("newer") && msg.contains("future.db"), qPrintable(msg));
        QVERIFY(!refusal(path, StoreErrorCode::NewerSchema, true).isEmpty());
        QCOMPARE(readAll(path), before);
        QCOMPARE(dirEntries(dir), filesBefore);
    }

    // Our own files in WAL mode make SQLite create -wal/-shm beside them even on a read-only
    // connection; a refusal (an older schema opened read-only, a damaged file) leaves none.
    void refusalLeavesNoSideFiles() {
        SQLITE_ONLY();
        const QString dir = tmp_.filePath("sidefiles");
        QVERIFY(QDir().mkpath(dir));
        const std::string older = (dir + "/older.db").toStdString();
        {
            Store s(older);
            s.createRun("keep");
        }
        {
            sql::Database db(older, sql::OpenMode::ReadWrite);
            db.exec("PRAGMA user_version = 1", "pretending to be a version-1 file");
        }
        QCOMPARE(dirEntries(dir), QStringList{"older.db"});
        QVERIFY(!refusal(older, StoreErrorCode::OlderSchema, true).isEmpty());
        QCOMPARE(dirEntries(dir), QStringList{"older.db"});

        // The first pages of a real database: SQLite reads a malformed schema.
        const std::string cut = (dir + "/cut.db").toStdString();
        {
            Store s((dir + "/whole.db").toStdString());
            for (int i = 0; i < 50; ++i) s.createRun("run" + std::to_string(i));
        }
        QFile::remove(dir + "/whole.db-wal");
        QFile::remove(dir + "/whole.db-shm");
        writeAll(cut, readAll((dir + "/whole.db").toStdString()).left(4096 + 100));
        QVERIFY(QFile::remove(dir + "/whole.db"));
        const QByteArray before = readAll(cut);
        try {
            Store s(cut, {.readOnly = true});
        } catch (const StoreError&) {
        }
        QCOMPARE(dirEntries(dir), (QStringList{"cut.db", "older.db"}));
        QCOMPARE(readAll(cut), before);
    }

    void renameAndDeleteRuns() {
        Store s(file("maintain.db"));
        const RunInfo a = s.createRun("a"), b = s.createRun("b");
        ModelInfo m;
        m.run = a.id;
        m.generation = 0;
        m.file = "/data/models/a/gen-0000.xqm";
        m.accepted = true;
        const int64_t mid = s.addModel(m);
        s.insertGame(makeGame(12, 7, a.id));
        s.addMetrics(std::vector<MetricPoint>{{a.id, 1, "loss/total", 1.5, 0}});
        LadderRecord lr;
        lr.run = a.id;
        lr.model = mid;
        lr.player = "best:a@80";
        lr.rating = 10;
        s.addLadderResult(lr);

        // Renaming onto a taken name or from a missing one changes nothing.
        QVERIFY_THROWS_EXCEPTION(StoreError, s.renameRun("a", "b"));
        QVERIFY_THROWS_EXCEPTION(StoreError, s.renameRun("missing", "c"));
        QVERIFY_THROWS_EXCEPTION(StoreError, s.renameRun("a", ""));
        s.renameRun("a", "a2", "/data/models/a", "/data/models/a2");
        QVERIFY(!s.findRun("a"));
        QCOMPARE(s.findRun("a2")->id, a.id);
        QCOMPARE(s.listModels(a.id)[0].file, std::string("/data/models/a2/gen-0000.xqm"));

        s.deleteRun("a2");
        QVERIFY(!s.findRun("a2"));
        QVERIFY(s.findRun("b"));
        const StoreCounts c = s.counts();
        QCOMPARE(c.runs, int64_t(1));
        QCOMPARE(c.models, int64_t(0));
        QCOMPARE(c.games, int64_t(0));
        QCOMPARE(c.moves, int64_t(0));
        QCOMPARE(c.metrics, int64_t(0));
        QVERIFY(s.listLadderResults().empty());
        QVERIFY_THROWS_EXCEPTION(StoreError, s.deleteRun("a2"));
        QVERIFY(s.integrityCheck().ok);
        (void)b;
    }

    // Names that cannot name a folder are refused on the way in (create, rename target); one
    // written around the store (an older or hostile client of a shared database) is listed,
    // and renaming it is how it is repaired.
    void runNamesAreChecked() {
        const std::string path = file("names.db");
        {
            Store s(path);
            s.createRun("ok");
        }
        Store s(path);
        const auto codeOf = [](auto&& f) {
            try {
                f();
            } catch (const xq::Error& e) {
                return int(e.code());
            }
            return -1;
        };
        const int invalid = int(xq::ErrorCode::RunNameInvalid);
        for (const std::string& bad : {std::string("../../victim"), std::string("a/b"), std::string("a\\b"),
                                       std::string(".."), std::string("."), std::string("a\0b", 3),
                                       std::string("a\nb"), std::string(10000, 'x'), std::string("   ")}) {
            QCOMPARE(codeOf([&] { s.createRun(bad); }), invalid);
            QCOMPARE(codeOf([&] { s.renameRun("ok", bad); }), invalid);
        }
        QCOMPARE(s.listRuns().size(), size_t(1));
        QVERIFY(s.findRun("ok"));

        storetest::execSql(path, pg(),
                           "INSERT INTO runs(name, config, created) VALUES ('../../victim', '{}', 0)");
        Store again(path);
        const auto runs = again.listRuns();
        QCOMPARE(runs.size(), size_t(2));
        QCOMPARE(runs[1].name, std::string("../../victim"));
        again.renameRun("../../victim", "repaired");
        QVERIFY(again.findRun("repaired") && !again.findRun("../../victim"));
        QVERIFY(again.integrityCheck().ok);
    }

    void checkWritable() {
        const std::string path = file("writable.db");
        {
            Store s(path);
            s.checkWritable();  // a read-write store takes the write lock and lets it go
            s.createRun("r");
        }
        Store ro(path, {.readOnly = true});
        try {
            ro.checkWritable();
            QFAIL("a read-only store claimed to be writable");
        } catch (const StoreError& e) {
            QCOMPARE(e.code(), StoreErrorCode::ReadOnly);
        }
        if (pg()) return;  // PostgreSQL has no database-wide write lock to wait for
        // Another connection holding the write lock: Busy once the timeout passes.
        Store holder(path);
        Store waiter(path, {.busyTimeoutMs = 50});
        {
            sql::Database lockDb(path, sql::OpenMode::ReadWrite);
            lockDb.exec("BEGIN IMMEDIATE", "holding the write lock");
            try {
                waiter.checkWritable();
                QFAIL("a locked database claimed to be writable");
            } catch (const StoreError& e) {
                QCOMPARE(e.code(), StoreErrorCode::Busy);
            }
            lockDb.exec("ROLLBACK", "releasing it");
        }
        waiter.checkWritable();
    }

    // A file written by a version-1 build (before ladder results) is upgraded in place on a
    // read-write open, keeping its data; a read-only open refuses it instead.
    void migratesVersion1() {
        SQLITE_ONLY();
        QCOMPARE(schema::currentVersion(), 7);
        const std::string path = file("v1.db");
        {
            sql::Database db(path, sql::OpenMode::ReadWriteCreate);
            db.exec(schema::migrations()[0].sql, "writing schema version 1");
            db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId) +
                        "; PRAGMA user_version = 1",
                    "marking version 1");
            db.exec("INSERT INTO runs(name, config, created) VALUES ('old', '{}', 1)", "a run");
        }
        QCOMPARE(std::stoi(pragmaText(path, "user_version")), 1);
        QVERIFY(!refusal(path, StoreErrorCode::OlderSchema, true).isEmpty());
        Store s(path);
        QCOMPARE(s.schemaVersion(), 7);
        const auto run = s.findRun("old");
        QVERIFY(run);
        LadderRecord r;
        r.run = run->id;
        r.player = "best:old@100";
        r.rating = 250;
        r.lo = 180;
        r.hi = 320;
        r.games = 70;
        QVERIFY(s.addLadderResult(r) > 0);
        QCOMPARE(s.listLadderResults().size(), size_t(1));
    }

    void ladderResults() {
        Store s(file("ladder.db"));
        const RunInfo run = s.createRun("lr");
        ModelInfo m;
        m.run = run.id;
        m.file = "gen1.pt";
        const int64_t model = s.addModel(m);
        auto rec = [&](const std::string& player, double rating, int64_t created,
                       std::optional<int64_t> r, std::optional<int64_t> mo) {
            LadderRecord x;
            x.run = r;
            x.model = mo;
            x.player = player;
            x.rating = rating;
            x.lo = rating - 50;
            x.hi = rating + 50;
            x.games = 40;
            x.created = created;
            x.detail = R"({"rungs":[{"rung":"random","wins":10,"draws":0,"losses":0}]})";
            return x;
        };
        const int64_t a = s.addLadderResult(rec("best:lr@200", 100, 1000, run.id, model));
        const int64_t b = s.addLadderResult(rec("best:lr@200", 180, 2000, run.id, model));
        const int64_t c =
            s.addLadderResult(rec("alphabeta:4", 300, 1500, std::nullopt, std::nullopt));
        // Newest first; filters by run and by player.
        auto all = s.listLadderResults();
        QCOMPARE(all.size(), size_t(3));
        QCOMPARE(all[0].id, b);
        QCOMPARE(all[1].id, c);
        QCOMPARE(all[2].id, a);
        LadderFilter byRun;
        byRun.run = run.id;
        auto mine = s.listLadderResults(byRun);
        QCOMPARE(mine.size(), size_t(2));
        QCOMPARE(mine[0].rating, 180.0);
        QCOMPARE(mine[0].model.value_or(0), model);
        QCOMPARE(mine[0].detail, rec("", 0, 0, {}, {}).detail);
        LadderFilter byPlayer;
        byPlayer.player = "alphabeta:4";
        auto ab = s.listLadderResults(byPlayer);
        QCOMPARE(ab.size(), size_t(1));
        QVERIFY(!ab[0].run && !ab[0].model);
        QCOMPARE(ab[0].lo, 250.0);
        LadderFilter one;
        one.limit = 1;
        QCOMPARE(s.listLadderResults(one).size(), size_t(1));
        // Bad records are refused with a reason and leave nothing behind.
        auto code = [&](const LadderRecord& x) {
            try {
                s.addLadderResult(x);
            } catch (const StoreError& e) {
                return e.code();
            }
            return StoreErrorCode::Sqlite;  // not thrown: fails the comparisons below
        };
        QCOMPARE(code(rec("", 1, 1, {}, {})), StoreErrorCode::InvalidArgument);
        QCOMPARE(code(rec("p", NAN, 1, {}, {})), StoreErrorCode::InvalidArgument);
        QCOMPARE(code(rec("p", 1, 1, int64_t(999), {})), StoreErrorCode::NotFound);
        QCOMPARE(code(rec("p", 1, 1, {}, int64_t(999))), StoreErrorCode::NotFound);
        LadderRecord badJson = rec("p", 1, 1, {}, {});
        badJson.detail = "{not json";
        QCOMPARE(code(badJson), StoreErrorCode::InvalidArgument);
        QCOMPARE(s.listLadderResults().size(), size_t(3));
    }

    void integrity() {
        const std::string path = file("integrity.db");
        {
            Store s(path);
            const int64_t run = s.createRun("i").id;
            for (uint32_t i = 0; i < 40; ++i) s.insertGame(makeGame(80, i, run));
            const IntegrityReport rep = s.integrityCheck();
            QVERIFY2(rep.ok, rep.problems.empty() ? "" : rep.problems[0].c_str());
        }
        if (pg()) return;  // test_store_pg damages references instead of pages
        // Damage pages in the middle of the file: the check must notice (or the open refuse).
        QByteArray bytes = readAll(path);
        QVERIFY(bytes.size() > 16 * 4096);
        for (int i = 8 * 4096; i < 12 * 4096; ++i) bytes[i] = char(0xA5);
        const std::string broken = file("integrity-broken.db");
        writeAll(broken, bytes);
        try {
            Store s(broken);
            QVERIFY(!s.integrityCheck().ok);
        } catch (const StoreError& e) {
            QVERIFY2(e.code() == StoreErrorCode::Corrupt, e.what());
        }
    }

    // WAL: a reader holding a snapshot neither blocks the writer nor sees half a game.
    // Many read-only opens at once, as `xqzero match best:RUN best:RUN --threads N` does when
    // every worker builds its players: the last connection to close checkpoints the WAL and
    // briefly locks the file, so an open that did not wait got "database is locked" (seen in a
    // 100-game match, whose result was then lost).
    void concurrentReadOnlyOpens() {
        const std::string path = file("opens.db");
        {
            Store s(path);
            const int64_t run = s.createRun("r").id;
            for (uint32_t i = 0; i < 20; ++i) s.insertGame(makeGame(30, 500 + i, run));
        }
        constexpr int kThreads = 8;
        constexpr int kOpens = 40;
        std::atomic<int> failures{0};
        std::string firstError;
        std::mutex mu;
        {
            std::vector<std::jthread> pool;
            for (int t = 0; t < kThreads; ++t)
                pool.emplace_back([&] {
                    for (int i = 0; i < kOpens; ++i) {
                        try {
                            OpenOptions ro;
                            ro.readOnly = true;
                            Store r(path, ro);
                            if (!r.findRun("r")) throw std::runtime_error("run not found");
                        } catch (const std::exception& e) {
                            std::lock_guard lk(mu);
                            if (failures++ == 0) firstError = e.what();
                        }
                    }
                });
        }
        QVERIFY2(failures == 0, qPrintable(QString("%1 of %2 opens failed, first: %3")
                                               .arg(failures.load())
                                               .arg(kThreads * kOpens)
                                               .arg(QString::fromStdString(firstError))));
    }

    // A trainer and a worker started together on a new file (test_pipeline's
    // workerJoinsAOneMachineRun, or `xqzero train` beside `xqzero worker`): the second open
    // checks the file's marks (application_id, user_version, its tables) while the first one
    // writes the schema. Those reads were separate statements, so the schema's first step
    // could commit between them: application_id 0 with tables, and the open refused the file
    // as another application's (1 to 10 rounds in 150 here, before the fix). The second thread
    // opens as soon as the file has its header, which is when the first one starts writing the
    // schema.
    void twoStoresCreatingOneFileTogether() {
        SQLITE_ONLY();
        constexpr int kRounds = 300;
        int failures = 0;
        QString firstError;
        for (int i = 0; i < kRounds; ++i) {
            const std::string path = file(("together-" + std::to_string(i) + ".db").c_str());
            std::string errors[2];
            std::atomic<bool> firstDone{false};
            const auto open = [&](std::string& error) {
                try {
                    Store s(path);
                    if (s.findRun("r")) error = "a run in a new file";
                } catch (const std::exception& e) {
                    error = e.what();
                }
            };
            std::jthread first([&] {
                open(errors[0]);
                firstDone = true;
            });
            std::jthread second([&] {
                std::error_code ec;
                while (!firstDone && !(std::filesystem::file_size(path, ec) > 0 && !ec))
                    std::this_thread::yield();
                open(errors[1]);
            });
            first.join();
            second.join();
            for (const std::string& e : errors)
                if (!e.empty() && failures++ == 0) firstError = QString::fromStdString(e);
        }
        QVERIFY2(failures == 0, qPrintable(QString("%1 of %2 rounds failed, first: %3")
                                               .arg(failures)
                                               .arg(kRounds)
                                               .arg(firstError)));
    }

    // POSIX locks belong to the process: opening a second Store used to read the file's header
    // with plain I/O, and closing that descriptor dropped the SHARED lock of the first Store's
    // connection. Another process closing its connection then took itself for the last one
    // and deleted the -wal (with the frames not yet checkpointed) under the first Store: a
    // training run's background ladder then failed with "disk I/O error".
    void anotherProcessClosingKeepsOurWal() {
        SQLITE_ONLY();
        const std::string path = file("shared.db");
        Store a(path);
        const int64_t run = a.createRun("first").id;
        a.insertGame(makeGame(30, 700, run));
        const std::string wal = path + "-wal";
        QVERIFY(std::filesystem::exists(wal) && std::filesystem::file_size(wal) > 0);
        {
            OpenOptions ro;
            ro.readOnly = true;
            Store b(path, ro);  // a second Store of this process, as the ladder's
            QVERIFY(b.findRun("first"));
        }
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XQ_STORE_CHILD_OPEN", QString::fromStdString(path));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QFile::symLinkTarget("/proc/self/exe"), {});
        QVERIFY(child.waitForFinished(60000));
        QVERIFY2(
            child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
            qPrintable(QString("exit %1 (%2): %3")
                           .arg(child.exitCode())
                           .arg(child.errorString(), QString::fromLocal8Bit(child.readAll()))));
        QVERIFY2(std::filesystem::exists(wal), "the other process deleted our -wal");
        a.createRun("second");
        Store c(path);
        QVERIFY(c.findRun("first") && c.findRun("second"));
        QCOMPARE(c.countGames({.run = run}), int64_t(1));
        QVERIFY(c.integrityCheck().ok);
    }

    void concurrentReaderWhileWriter() {
        const std::string path = file("wal.db");
        int64_t run = 0;
        {
            Store s(path);
            run = s.createRun("w").id;
        }
        constexpr int kGames = 60;
        std::atomic<bool> writerDone{false};
        std::atomic<int> written{0};
        // Halfway, the writer waits for two of the reader's checks, so the reader is known to
        // read between commits however the threads are scheduled; readerLeft frees it when
        // the reader's part ends early (a failed QVERIFY).
        std::atomic<int> readerChecks{0};
        std::atomic<bool> readerLeft{false};
        QString writerError;
        // jthread: joined on every exit path, including a failed QVERIFY below.
        std::jthread writer([&] {
            try {
                OpenOptions o;
                o.busyTimeoutMs = 300;  // without WAL the held read lock below would block this
                Store w(path, o);
                for (uint32_t i = 0; i < kGames; ++i) {
                    if (i == kGames / 2 + 1)
                        while (readerChecks.load() < 2 && !readerLeft.load()) std::this_thread::yield();
                    w.insertGame(makeGame(30 + int(i % 20), 100 + i, run));
                    ++written;
                }
            } catch (const std::exception& e) {
                writerError = e.what();
            }
            writerDone = true;
        });

        // Declared after the writer, so destroyed (and the writer freed) before it is joined.
        struct LeaveOnExit {
            std::atomic<bool>& left;
            ~LeaveOnExit() { left = true; }
        } leaveOnExit{readerLeft};

        // A raw read transaction held open across the writer's commits: its snapshot is fixed.
        if (pg()) {
#ifdef XQ_WITH_POSTGRES
            pq::Connection snap(path);
            pq::Transaction tx(snap, pq::Transaction::Kind::ReadOnlySnapshot);
            const int64_t first = snap.exec("SELECT count(*) FROM games", "counting").int64(0, 0);
            while (written < kGames / 2 && !writerDone) std::this_thread::yield();
            QCOMPARE(snap.exec("SELECT count(*) FROM games", "counting").int64(0, 0), first);
#endif
        } else {
            sql::Database snap(path, sql::OpenMode::ReadOnly);
            sql::Transaction tx(snap, sql::Transaction::Kind::Deferred);
            sql::Statement c(snap, "SELECT count(*) FROM games");
            QVERIFY(c.step());
            const int64_t first = c.int64(0);
            c.reset();
            while (written < kGames / 2 && !writerDone) std::this_thread::yield();
            QVERIFY(c.step());
            QCOMPARE(c.int64(0), first);
        }

        OpenOptions ro;
        ro.readOnly = true;
        Store reader(path, ro);
        int64_t last = 0;
        int checks = 0;
        while (!writerDone || checks == 0) {
            const int64_t n = reader.countGames();
            QVERIFY(n >= last);  // committed games never disappear
            last = n;
            GameFilter f;
            f.limit = 3;
            for (const GameRecord& g : reader.listGames(f)) {
                const auto full = reader.loadGame(g.id);
                QVERIFY(full.has_value());
                QCOMPARE(int(full->moves.size()), g.plies);  // never half a game
            }
            ++checks;
            ++readerChecks;
        }
        writer.join();
        QVERIFY2(writerError.isEmpty(), qPrintable(writerError));
        QCOMPARE(reader.countGames(), int64_t(kGames));
        QVERIFY(checks > 1);
        QVERIFY(reader.integrityCheck().ok);
    }

    // Without XQ_WITH_POSTGRES a URI is refused with a reason, never taken as a file name.
    void postgresUriWithoutSupport() {
#ifdef XQ_WITH_POSTGRES
        QSKIP("this build has PostgreSQL");
#else
        const QString msg = refusal("postgresql:///xq?host=/tmp", StoreErrorCode::InvalidArgument);
        QVERIFY2(msg.contains("no PostgreSQL support"), qPrintable(msg));
        QVERIFY(!QDir(QDir::current().filePath("postgresql:")).exists());
#endif
    }

    void defaultPath() {
        if (pg()) QSKIP("paths are not a backend's: checked in the SQLite run");
        const QByteArray oldXdg = qgetenv("XDG_DATA_HOME");
        const bool hadXdg = qEnvironmentVariableIsSet("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", "/srv/data");
        QCOMPARE(defaultDatabasePath(), std::string("/srv/data/xqzero/xqzero.db"));
        qputenv("XDG_DATA_HOME", "relative/ignored");
        const std::string home = qgetenv("HOME").toStdString();
        QCOMPARE(defaultDatabasePath(), home + "/.local/share/xqzero/xqzero.db");
        qunsetenv("XDG_DATA_HOME");
        QCOMPARE(defaultDatabasePath(), home + "/.local/share/xqzero/xqzero.db");
        if (hadXdg) qputenv("XDG_DATA_HOME", oldXdg);
        ensureParentDirectory(file("deep/er/x.db"));
        QVERIFY(QDir(tmp_.filePath("deep/er")).exists());
        // A PostgreSQL URI names no local directory: nothing is created for it, its models
        // default to the local data directory, and its password is never shown.
        const QString cwd = QDir::currentPath();
        QDir::setCurrent(tmp_.path());
        ensureParentDirectory("postgresql:///xq?host=/tmp");
        QVERIFY(!QDir(tmp_.filePath("postgresql:")).exists());
        QDir::setCurrent(cwd);
        QVERIFY(isPostgresUri("postgres://h/db") && !isPostgresUri("/data/postgresql://x"));
        qunsetenv("XDG_DATA_HOME");
        QCOMPARE(defaultModelDir("postgresql://h/db", "r1"),
                 home + "/.local/share/xqzero/models/r1");
        if (hadXdg) qputenv("XDG_DATA_HOME", oldXdg);
        QCOMPARE(displayDatabasePath("postgresql://u:pw@h:5432/db?x=1"),
                 std::string("postgresql://u:***@h:5432/db?x=1"));
        QCOMPARE(displayDatabasePath("postgresql:///db?user=u&password=pw&host=/s"),
                 std::string("postgresql:///db?user=u&password=***&host=/s"));
        QCOMPARE(displayDatabasePath("/data/a:b@c.db"), std::string("/data/a:b@c.db"));
    }
};

// Both suites of this executable (this one and test_store_scale.cpp's) run in turn; test
// function names on the command line go to the suite that has them.
int runStoreScaleTests(const QStringList& args);
const QMetaObject& storeScaleMetaObject();

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList all = app.arguments();
    auto argsFor = [&](const QMetaObject& mo, bool& any) {
        QStringList out{all.value(0)};
        bool named = false;
        any = false;
        for (qsizetype i = 1; i < all.size(); ++i) {
            const QString& a = all[i];
            if (a.startsWith('-') || a.contains('=')) {
                out << a;
                continue;
            }
            named = true;
            const QString fn = a.section(':', 0, 0);
            if (mo.indexOfMethod(QMetaObject::normalizedSignature(qPrintable(fn + "()"))) >= 0) {
                out << a;
                any = true;
            }
        }
        if (!named) any = true;
        return out;
    };
    int rc = 0;
    bool any = false;
    TestStore store;
    const QStringList a = argsFor(TestStore::staticMetaObject, any);
    if (any) rc |= QTest::qExec(&store, a);
    const QStringList b = argsFor(storeScaleMetaObject(), any);
    if (any) rc |= runStoreScaleTests(b);
    return rc;
}

#include "test_store.moc"
