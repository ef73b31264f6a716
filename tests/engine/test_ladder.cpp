// The Elo ladder (core/engine/ladder.h): rung parsing, a tiny real ladder with cheap players
// (its events, its fit, storing and reloading it), the stop flag, and clear errors for bad
// specs, uncalibrated rungs and missing engines.
#include <QtTest>

#include <cmath>
#include <chrono>
#include <mutex>
#include <condition_variable>

#include <nlohmann/json.hpp>

#include "core/engine/background_ladder.h"
#include "core/engine/ladder.h"
#include "core/store/store.h"

using namespace xq;
using namespace xq::engine;

namespace {

QString thrown(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

LadderConfig tinyLadder(const std::string& player) {
    LadderConfig cfg;
    cfg.player = player;
    cfg.rungs = {"random", "alphabeta:1"};
    cfg.gamesPerRung = 2;
    cfg.lengthCap = 120;  // random games wander: keep them short
    cfg.seed = 5;
    return cfg;
}

}  // namespace

class TestLadder : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::string file(const char* name) { return tmp_.filePath(name).toStdString(); }

private slots:
    void initTestCase() { QVERIFY(tmp_.isValid()); }

    void rungs() {
        const Rung f = parseRung("fairy:16");
        QCOMPARE(f.name, std::string("fairy:16"));
        QCOMPARE(f.spec, std::string("uci:") + kFairyStockfishPath);
        QCOMPARE(f.limits.nodes, uint64_t(16));
        // The long form names the same rung.
        QCOMPARE(parseRung(std::string("uci:") + kFairyStockfishPath + "#16").name, f.name);
        const Rung a = parseRung("alphabeta:2");
        QCOMPARE(a.name, std::string("alphabeta:2"));
        QCOMPARE(a.limits.nodes, uint64_t(0));
        QCOMPARE(parseRung("alphabeta:3#500").limits.nodes, uint64_t(500));
        QVERIFY(thrown([] { parseRung("fairy:x"); }).contains("NODES"));
        QVERIFY(thrown([] { parseRung("fairy:0"); }).contains("NODES"));
        QVERIFY(thrown([] { parseRung("alphabeta:zz"); }).contains("DEPTH"));
        QVERIFY(thrown([] { parseRung("chess:3"); }).contains("rung 'chess:3'"));
        QVERIFY(thrown([] { parseRung(""); }).contains("empty rung"));
        // A missing engine is reported (the ladder skips the rung), a present one is not.
        const QString why = QString::fromStdString(rungUnavailable(parseRung("uci:/nonexistent/engine#5")));
        QVERIFY2(why.contains("/nonexistent/engine"), qPrintable(why));
        QVERIFY(rungUnavailable(parseRung("alphabeta:1")).empty());
        QVERIFY(rungUnavailable(parseRung("uci:/bin/sh")).empty());
        // Every default rung has a constant, the anchor's is 0, and the defaults run weakest
        // first as the calibration measured them.
        double last = -1e9;
        for (const std::string& r : defaultRungs()) {
            const auto c = calibratedRating(parseRung(r).name);
            QVERIFY2(c, r.c_str());
            QVERIFY2(*c > last, r.c_str());
            last = *c;
        }
        QCOMPARE(*calibratedRating(kLadderAnchor), 0.0);
    }

    void badSpecsAreClear() {
        LadderConfig cfg = tinyLadder("nonsense:3");
        QString e = thrown([&] { runLadder(cfg); });
        QVERIFY2(e.contains("player spec 'nonsense:3'"), qPrintable(e));
        cfg = tinyLadder("alphabeta:0");
        e = thrown([&] { runLadder(cfg); });
        QVERIFY2(e.contains("DEPTH"), qPrintable(e));
        cfg = tinyLadder("random");
        cfg.rungs = {"random", "alphabeta:7"};
        e = thrown([&] { runLadder(cfg); });
        QVERIFY2(e.contains("alphabeta:7") && e.contains("calibrat"), qPrintable(e));
        cfg.rungs = {"random", "alphabeta:x"};
        e = thrown([&] { runLadder(cfg); });
        QVERIFY2(e.contains("rung 'alphabeta:x'"), qPrintable(e));
        cfg = tinyLadder("random");
        cfg.gamesPerRung = 0;
        QVERIFY(thrown([&] { runLadder(cfg); }).contains("games per rung"));
        // A well-formed spec whose model does not exist fails when the player is built.
        cfg = tinyLadder("net:/nonexistent/model.pt@10");
        bool failed = false;
        try {
            runLadder(cfg);
        } catch (const std::exception& ex) {
            failed = QString::fromUtf8(ex.what()).contains("/nonexistent/model.pt");
        }
        QVERIFY(failed);
        // Calibration needs its anchor.
        CalibrationConfig cc;
        cc.rungs = {"random", "alphabeta:2"};
        QVERIFY(thrown([&] { runCalibration(cc); }).contains(kLadderAnchor));
    }

    // The fit with the rungs held: results against rungs of known rating place the player
    // between them, and the numbers follow the record.
    void fitAgainstFixedRungs() {
        LadderResult r;
        r.player = "random";  // also the name of a rung: the player is fitted separately
        r.rungs = {{"random", -600, false, "", 10, 5, 0, 5, 0},
                   {"alphabeta:1", 0, false, "", 10, 0, 2, 8, 0},
                   {"fairy:16", 500, true, "skipped", 0, 0, 0, 0, 0}};
        fitLadder(r);
        QCOMPARE(r.games, 20);
        QCOMPARE(r.score, 6.0 / 20);
        QVERIFY2(r.rating > -600 && r.rating < 0, qPrintable(QString::number(r.rating)));
        QVERIFY(r.lo < r.rating && r.rating < r.hi);
        // A perfect score against every rung stays finite and lies above the top one.
        LadderResult top;
        top.player = "x";
        top.rungs = {{"alphabeta:1", 0, false, "", 10, 10, 0, 0, 0},
                     {"alphabeta:3", 300, false, "", 10, 10, 0, 0, 0}};
        fitLadder(top);
        QVERIFY(std::isfinite(top.rating) && top.rating > 300);
        QCOMPARE(top.score, 1.0);
    }

    // A real (tiny) ladder: events, W/D/L per rung, the stored result read back.
    void tinyLadderStoresAndReloads() {
        LadderConfig cfg = tinyLadder("random");
        int gameEvents = 0, doneEvents = 0, lastDone = 0, total = 0;
        const LadderResult r = runLadder(cfg, [&](const LadderEvent& e) {
            if (e.kind == LadderEvent::Kind::Game) {
                ++gameEvents;
                QVERIFY(e.game != nullptr);
                lastDone = e.gamesDone;
                total = e.gamesTotal;
            } else if (e.kind == LadderEvent::Kind::RungDone) {
                ++doneEvents;
                QCOMPARE(e.rung->games, 2);
            }
        });
        QCOMPARE(gameEvents, 4);
        QCOMPARE(doneEvents, 2);
        QCOMPARE(lastDone, 4);
        QCOMPARE(total, 4);
        QVERIFY(!r.stopped);
        QCOMPARE(r.games, 4);
        QCOMPARE(int(r.rungs.size()), 2);
        for (const RungResult& x : r.rungs) {
            QCOMPARE(x.wins + x.draws + x.losses, 2);
            QCOMPARE(x.rungRating, *calibratedRating(x.rung));
        }
        QVERIFY(std::isfinite(r.rating) && r.lo < r.rating && r.rating < r.hi);
        // Direction: the random mover never beats alphabeta:1 and rates below it (a fit, or a
        // record, read from the wrong side would put it above).
        QCOMPARE(r.rungs[1].rung, std::string("alphabeta:1"));
        QCOMPARE(r.rungs[1].wins, 0);
        QVERIFY2(r.rungs[1].losses >= 1, "alphabeta:1 did not beat the random mover once");
        QVERIFY2(r.rating < *calibratedRating("alphabeta:1"),
                 qPrintable(QString::number(r.rating)));

        const std::string path = file("ladder.db");
        int64_t id = 0;
        {
            store::Store st(path);
            id = storeLadderResult(st, r, ladderOwner(st, r.player));
            QVERIFY(id > 0);
        }
        store::Store st(path);
        store::LadderFilter f;
        f.player = "random";
        const auto rows = st.listLadderResults(f);
        QCOMPARE(int(rows.size()), 1);
        const store::LadderRecord& row = rows.front();
        QCOMPARE(row.id, id);
        QVERIFY(!row.run && !row.model);
        QCOMPARE(row.player, std::string("random"));
        QCOMPARE(row.rating, r.rating);
        QCOMPARE(row.lo, r.lo);
        QCOMPARE(row.hi, r.hi);
        QCOMPARE(row.games, 4);
        QVERIFY(row.created > 0);
        const auto j = nlohmann::json::parse(row.detail);
        QCOMPARE(j["anchor"].get<std::string>(), std::string(kLadderAnchor));
        QCOMPARE(int(j["rungs"].size()), 2);
        for (size_t k = 0; k < 2; ++k) {
            QCOMPARE(j["rungs"][k]["rung"].get<std::string>(), r.rungs[k].rung);
            QCOMPARE(j["rungs"][k]["wins"].get<int>(), r.rungs[k].wins);
            QCOMPARE(j["rungs"][k]["draws"].get<int>(), r.rungs[k].draws);
            QCOMPARE(j["rungs"][k]["losses"].get<int>(), r.rungs[k].losses);
        }
        f.player = "alphabeta:2";
        QVERIFY(st.listLadderResults(f).empty());
    }

    // The background ladder of a training run: a generation is rated once it is due (at once
    // with minutes 0), stored as a ladder row of the run and its model and as the run's
    // "ladder/..." metric points at step = generation; a generation already rated is not rated
    // again; finish() rates the newest unrated generation even before its period is up.
    void backgroundLadderRatesPublishedGenerations() {
        const std::string path = file("background.db");
        int64_t runId = 0, model1 = 0, model2 = 0;
        {
            store::Store st(path);
            runId = st.createRun("bg").id;
            store::ModelInfo mi;
            mi.run = runId;
            mi.generation = 1;
            mi.accepted = true;
            model1 = st.addModel(mi);
            mi.generation = 2;
            model2 = st.addModel(mi);
        }
        BackgroundLadderOptions o;
        o.dbPath = path;
        o.run = runId;
        o.minutes = 0;
        o.rungs = {"random", "alphabeta:1"};
        o.gamesPerRung = 2;
        o.playerFor = [](const PublishedModel&) { return std::string("random"); };  // no net needed
        std::mutex m;
        std::condition_variable cv;
        std::vector<LadderRated> rated;
        {
            BackgroundLadder bl(o, [&](const LadderRated& r) {
                std::lock_guard lk(m);
                rated.push_back(r);
                cv.notify_all();
            });
            bl.offer({1, "gen-0001.xqm", model1, 1234, 15.0});
            {
                std::unique_lock lk(m);
                QVERIFY(cv.wait_for(lk, std::chrono::minutes(4), [&] { return rated.size() == 1; }));
            }
            bl.offer({1, "gen-0001.xqm", model1, 1234, 15.0});  // the same generation again
            bl.offer({2, "gen-0002.xqm", model2, 5678, 30.0});
            bl.finish();  // rates generation 2 if the loop has not yet, then ends
        }
        QCOMPARE(int(rated.size()), 2);
        QCOMPARE(rated[0].model.generation, 1);
        QCOMPARE(rated[1].model.generation, 2);
        store::Store st(path);
        store::LadderFilter f;
        f.run = runId;
        const auto rows = st.listLadderResults(f);
        QCOMPARE(int(rows.size()), 2);
        for (const auto& row : rows) {
            QCOMPARE(row.games, 4);
            QVERIFY(row.model == model1 || row.model == model2);
        }
        const auto ratings = st.metrics(runId, "ladder/rating");
        QCOMPARE(int(ratings.size()), 2);
        QCOMPARE(ratings[0].step, int64_t(1));
        QCOMPARE(ratings[1].step, int64_t(2));
        QCOMPARE(ratings[0].value, rated[0].rating);
        const auto positions = st.metrics(runId, "ladder/positions");
        QCOMPARE(positions[1].value, 5678.0);
        QCOMPARE(st.metrics(runId, "ladder/lo")[0].value, rated[0].lo);
        QCOMPARE(st.metrics(runId, "ladder/hi")[1].value, rated[1].hi);
        QCOMPARE(st.metrics(runId, "ladder/minutes")[1].value, 30.0);

        // A long period: nothing is due, so a stop rates nothing; finish() rates at once.
        o.minutes = 600;
        int count = 0;
        {
            BackgroundLadder bl(o, [&](const LadderRated&) { ++count; });
            bl.offer({3, "gen-0003.xqm", 0, 9000, 45.0});
            bl.stop();
        }
        QCOMPARE(count, 0);
        {
            BackgroundLadder bl(o, [&](const LadderRated&) { ++count; });
            bl.offer({3, "gen-0003.xqm", 0, 9000, 45.0});
            bl.finish();
            QCOMPARE(bl.ratingsDone(), 1);
        }
        QCOMPARE(count, 1);
    }

    // The background ladder of a run takes the settings the run trains with: its stored
    // configuration, not the one offered (a resume's command line), and none before the run
    // has a row. A stored ladder-minutes of 0 turns it off.
    void ladderOptionsAreTheStoredRunsOnes() {
        const std::string path = file("options.db");
        train::TrainConfig stored;
        stored.ladderMinutes = 7;
        stored.ladderGames = 3;
        stored.ladderSimulations = 40;
        stored.seed = 9;
        train::TrainConfig off = stored;
        off.ladderMinutes = 0;
        int64_t runId = 0;
        {
            store::Store st(path);
            runId = st.createRun("resumed", train::toJson(stored, "quick")).id;
            st.createRun("off", train::toJson(off, "quick"));
        }
        train::TrainConfig offered;
        offered.ladderMinutes = 15;
        offered.ladderGames = 10;
        offered.ladderSimulations = 80;
        offered.seed = 2;
        const auto lo = ladderOptionsOfRun(path, "resumed", offered);
        QVERIFY(lo.has_value());
        QCOMPARE(lo->run, runId);
        QCOMPARE(lo->dbPath, path);
        QCOMPARE(lo->minutes, 7.0);
        QCOMPARE(lo->gamesPerRung, 3);
        QCOMPARE(lo->simulations, 40);
        QCOMPARE(lo->seed, uint64_t(9));
        QVERIFY(!ladderOptionsOfRun(path, "not there", offered).has_value());
        const auto offRun = ladderOptionsOfRun(path, "off", offered);
        QVERIFY(offRun.has_value());
        QCOMPARE(offRun->minutes, 0.0);
    }

    // best:RUN names its run (and best model) in the store; an unknown run is a clear error.
    void ownerOfBestSpecs() {
        store::Store st(file("owner.db"));
        const store::RunInfo run = st.createRun("q1");
        store::ModelInfo m;
        m.run = run.id;
        m.file = "/tmp/none.pt";
        m.accepted = true;
        const int64_t model = st.addModel(m);
        const LadderOwner o = ladderOwner(st, "best:q1@50");
        QCOMPARE(o.run.value_or(0), run.id);
        QCOMPARE(o.model.value_or(0), model);
        QVERIFY(!ladderOwner(st, "net:/x.pt@50").run);
        QVERIFY(thrown([&] { ladderOwner(st, "best:nope@50"); }).contains("no run named 'nope'"));
        LadderResult r;
        r.player = "best:q1@50";
        r.rating = 123, r.lo = 50, r.hi = 200, r.games = 7;
        storeLadderResult(st, r, o);
        store::LadderFilter f;
        f.run = run.id;
        const auto rows = st.listLadderResults(f);
        QCOMPARE(int(rows.size()), 1);
        QCOMPARE(rows[0].model.value_or(0), model);
        QCOMPARE(rows[0].rating, 123.0);
    }

    // Calibration: rungs with a missing engine are skipped with a note, the rest are played
    // against each other and fitted with the anchor at 0.
    void calibrationSkipsMissingEngines() {
        CalibrationConfig cc;
        cc.rungs = {"random", "alphabeta:1", "uci:/nonexistent/engine#5"};
        cc.gamesPerPair = 2;
        cc.lengthCap = 100;
        int pairsDone = 0, planned = 0;
        const CalibrationResult r = runCalibration(cc, [&](const CalibrationPair&, int, int n) {
            ++pairsDone;
            planned = n;
        });
        QCOMPARE(pairsDone, 1);
        QCOMPARE(planned, 1);
        QCOMPARE(int(r.notes.size()), 1);
        QVERIFY(QString::fromStdString(r.notes[0]).contains("/nonexistent/engine"));
        QCOMPARE(int(r.pairs.size()), 1);
        QCOMPARE(r.pairs[0].wins + r.pairs[0].draws + r.pairs[0].losses, 2);
        QCOMPARE(r.fit.find(kLadderAnchor)->rating, 0.0);
        const train::PlayerRating* rnd = r.fit.find("random");
        QVERIFY(rnd && rnd->games == 2);
        QVERIFY(!r.fit.find("uci:/nonexistent/engine#5"));
    }

    // Stopping after the first game: the rest is not played, the result says so.
    void stopFlag() {
        LadderConfig cfg = tinyLadder("random");
        std::atomic<bool> stop{false};
        int games = 0;
        const LadderResult r = runLadder(
            cfg,
            [&](const LadderEvent& e) {
                if (e.kind == LadderEvent::Kind::Game && ++games == 1) stop = true;
            },
            &stop);
        QVERIFY(r.stopped);
        QCOMPARE(games, 1);
        QCOMPARE(r.games, 1);
        QCOMPARE(r.rungs[1].games, 0);
    }
};

QTEST_GUILESS_MAIN(TestLadder)
#include "test_ladder.moc"
