// Match runner, player specs, external engines (a real Fairy-Stockfish and scripted fakes that
// crash, hang or cheat) and the Elo arithmetic.
#include <QtTest>

#include <cmath>
#include <fstream>

#include "core/engine/external_engine.h"
#include "core/engine/levels.h"
#include "core/engine/match.h"
#include "core/engine/net_players.h"
#include "core/nn/fake_evaluators.h"
#include "core/engine/player_spec.h"
#include "core/engine/players.h"
#include "core/train/elo.h"
#include "core/xiangqi/notation.h"
#include "tests/support/engine_test_util.h"

using namespace xq;
using namespace xq::engine;

namespace {
bool fairyAvailable() { return std::ifstream(enginetest::kFairy).good(); }

PlayerFactory specFactory(const std::string& spec) {
    return [spec](uint64_t instance) {
        PlayerSpecContext ctx;
        ctx.seed = instance;
        return makePlayer(spec, ctx);
    };
}

// A fake engine written in sh: answers the handshake, then `bestmove` from a script.
std::string fakeEngine(const std::string& onGo) {
    return "while read l; do case \"$l\" in uci) echo 'id name fake'; echo uciok;; "
           "isready) echo readyok;; go*) " + onGo + ";; quit) exit 0;; esac; done";
}
}  // namespace

class TestMatch : public QObject {
    Q_OBJECT
private slots:
    void eloMath() {
        using namespace xq::train;
        QCOMPARE(eloFromScore(0.5), 0.0);
        QVERIFY(std::abs(eloFromScore(0.75) - 190.848) < 0.01);
        QVERIFY(std::abs(eloFromScore(0.25) + 190.848) < 0.01);
        for (double s : {0.1, 0.3, 0.5, 0.64, 0.9})
            QVERIFY(std::abs(scoreFromElo(eloFromScore(s)) - s) < 1e-9);
        QVERIFY(std::isinf(eloFromScore(1.0)) && eloFromScore(1.0) > 0);

        const EloEstimate e = estimateElo(30, 40, 30);
        QCOMPARE(e.games, 100);
        QCOMPARE(e.score, 0.5);
        QVERIFY(std::abs(e.elo) < 1e-9);
        QVERIFY(e.eloLo < -20 && e.eloHi > 20);
        // Same record, roles swapped: mirrored numbers.
        const EloEstimate a = estimateElo(60, 20, 20), b = estimateElo(20, 20, 60);
        QVERIFY(std::abs(a.elo + b.elo) < 1e-9);
        QVERIFY(std::abs(a.eloLo + b.eloHi) < 1e-9);
        QVERIFY(a.eloLo < a.elo && a.elo < a.eloHi);
        // score 0.7 -> +147 Elo; se = sqrt(((60*.09)+(20*.04)+(20*.49))/100/100) = 0.04
        QVERIFY(std::abs(a.score - 0.7) < 1e-12);
        QVERIFY(std::abs(a.elo - 147.19) < 0.05);
        QVERIFY(std::abs(a.eloHi - eloFromScore(0.7 + 1.959964 * 0.04)) < 1e-6);
        // More games, narrower interval.
        const EloEstimate big = estimateElo(600, 200, 200);
        QVERIFY(big.eloHi - big.eloLo < a.eloHi - a.eloLo);
        // Perfect score: finite, flagged, with a real interval.
        const EloEstimate p = estimateElo(10, 0, 0);
        QVERIFY(p.clamped);
        QVERIFY(std::isfinite(p.elo) && p.elo > 400);
        QVERIFY(p.eloLo < p.elo);
        QCOMPARE(estimateElo(0, 0, 0).games, 0);
    }

    void specs() {
        QVERIFY(checkPlayerSpec("random").empty());
        QVERIFY(checkPlayerSpec("alphabeta:3").empty());
        QVERIFY(checkPlayerSpec("level:Amateur").empty());
        QVERIFY(checkPlayerSpec("uci:/usr/games/fairy-stockfish").empty());
        QVERIFY(checkPlayerSpec("ucci:/usr/games/fairy-stockfish").empty());
        QVERIFY(checkPlayerSpec("alphabeta:0").find("DEPTH") != std::string::npos);
        QVERIFY(checkPlayerSpec("alphabeta:x").find("'x'") != std::string::npos);
        QVERIFY(checkPlayerSpec("level:grandmaster").find("grandmaster") != std::string::npos);
        QVERIFY(checkPlayerSpec("uci:").find("COMMAND") != std::string::npos);
        QVERIFY(!checkPlayerSpec("chess").empty());
        QCOMPARE(makePlayer("alphabeta:3")->name(), std::string("alphabeta:3"));
        QCOMPARE(makePlayer("level:beginner")->name(), std::string("level:beginner"));
        QCOMPARE(makePlayer("random")->name(), std::string("random"));
        QCOMPARE(std::string(levelChineseName(Level::Advanced)), std::string("进阶"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makePlayer("bogus:1"));
    }

    void alphaBetaBeatsRandom() {
        MatchConfig cfg;
        cfg.games = 4;
        cfg.lengthCap = 200;
        int callbacks = 0;
        const MatchResult r = runMatch(specFactory("alphabeta:2"), specFactory("random"), cfg,
                                       [&](const GameRecord& g, const MatchResult&) {
                                           ++callbacks;
                                           QVERIFY(g.error.empty());
                                           QVERIFY(g.plies > 0);
                                       });
        QCOMPARE(r.games, 4);
        QCOMPARE(callbacks, 4);
        QCOMPARE(r.forfeits, 0);
        QVERIFY2(r.winsA >= 3, std::to_string(r.winsA).c_str());
        // Colours alternate.
        int aRed = 0;
        for (const auto& g : r.records) aRed += g.aIsRed;
        QCOMPARE(aRed, 2);
    }

    void parallelMatchCountsEveryGame() {
        MatchConfig cfg;
        cfg.games = 6;
        cfg.threads = 2;
        cfg.lengthCap = 60;
        const MatchResult r = runMatch(specFactory("random"), specFactory("random"), cfg);
        QCOMPARE(r.games, 6);
        QCOMPARE(r.winsA + r.draws + r.lossesA, 6);
        QCOMPARE(int(r.records.size()), 6);
        for (const auto& g : r.records) QVERIFY(g.plies <= 60 + cfg.openingPlies);
    }

    void againstFairyStockfish() {
        if (!fairyAvailable())
            QFAIL("Fairy-Stockfish is missing at /usr/games/fairy-stockfish (apt-get install "
                  "fairy-stockfish): the match against a real engine cannot run");
        for (const char* proto : {"uci", "ucci"}) {
            MatchConfig cfg;
            cfg.games = 2;
            cfg.lengthCap = 160;
            cfg.limitsA.depth = 2;
            cfg.limitsB.nodes = 200;  // a tiny node limit: fast games
            const MatchResult r = runMatch(specFactory("alphabeta:2"),
                                           specFactory(std::string(proto) + ":" + enginetest::kFairy), cfg);
            QCOMPARE(r.games, 2);
            for (const auto& g : r.records) {
                QVERIFY2(g.error.empty(), g.error.c_str());
                // Replay: every move legal, the game not over before its last move, and the
                // recorded end (result and reason) what the rules say of the final position.
                // The runner's cap counts from the end of the opening plies.
                RuleOptions rules;
                rules.lengthCap = cfg.openingPlies + cfg.lengthCap;
                Position pos;
                for (Move m : g.moves) {
                    QVERIFY(!gameStatus(pos, rules).over());
                    QVERIFY(pos.isLegal(m));
                    pos.makeMove(m);
                }
                const GameStatus verdict = gameStatus(pos, rules);
                QVERIFY(verdict.over());
                QCOMPARE(int(g.result), int(verdict.result));
                QCOMPARE(int(g.reason), int(verdict.reason));
                // And the score follows from the verdict and the colours.
                const double expected = verdict.result == Result::Draw                    ? 0.5
                                        : (verdict.result == Result::RedWins) == g.aIsRed ? 1.0
                                                                                          : 0.0;
                QCOMPARE(g.scoreA, expected);
            }
        }
    }

    void externalEngineReportsInfoAndRanks() {
        if (!fairyAvailable()) QFAIL("Fairy-Stockfish is missing at /usr/games/fairy-stockfish");
        ExternalEngineConfig cfg;
        cfg.command = enginetest::kFairy;
        cfg.protocol = Protocol::Uci;
        ExternalEnginePlayer p(cfg);
        int infos = 0;
        p.setInfoCallback([&](const SearchInfo& i) { infos += i.depth > 0; });
        Position pos;
        pos.makeMove(parseIccs(pos, "h2e2").move);  // "h3e3" in Fairy's UCI numbering
        const Move m = p.chooseMove(pos, SearchLimits::ofNodes(2000), nullptr);
        QVERIFY(pos.isLegal(m));
        QVERIFY(infos > 0);
        QVERIFY(p.engineName().find("Fairy-Stockfish") != std::string::npos);
    }

    void crashedEngineIsReported() {
        ExternalEngineConfig cfg;
        cfg.command = "exit 3";
        ExternalEnginePlayer p(cfg);
        try {
            p.chooseMove(Position(), SearchLimits::ofDepth(1), nullptr);
            QFAIL("no error");
        } catch (const PlayerError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("exited") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find("status 3") != std::string::npos, msg.c_str());
        }
        // A crash while thinking.
        cfg.command = fakeEngine("exit 5");
        ExternalEnginePlayer q(cfg);
        QVERIFY_THROWS_EXCEPTION(PlayerError, q.chooseMove(Position(), SearchLimits::ofDepth(1), nullptr));
    }

    // An engine that answers only after 30 s: the player gives up at its timeout, which the
    // error names. Were the timeout ignored, the late answer would arrive and the checks
    // below fail (after 30 s) instead of hanging; no bound on the test's clock is needed.
    void silentEngineTimesOut() {
        ExternalEngineConfig cfg;
        cfg.command = fakeEngine("sleep 30; echo 'bestmove h2e2'");
        cfg.searchTimeoutMs = 300;
        cfg.graceMs = 300;
        ExternalEnginePlayer p(cfg);
        try {
            const Move m = p.chooseMove(Position(), SearchLimits::ofDepth(3), nullptr);
            QFAIL(qPrintable("no error: the late answer " + QString::fromStdString(toIccs(m)) +
                             " was taken"));
        } catch (const PlayerError& e) {
            QVERIFY2(std::string(e.what()).find("no 'bestmove' within") != std::string::npos,
                     e.what());
        }
        // Silent during the handshake too: 'uciok' comes after 30 s.
        ExternalEngineConfig h;
        h.command = "sleep 30; " + fakeEngine("true");
        h.startupTimeoutMs = 300;
        ExternalEnginePlayer q(h);
        try {
            q.start();
            QFAIL("the handshake waited for the late 'uciok'");
        } catch (const PlayerError& e) {
            QVERIFY2(std::string(e.what()).find("no 'uciok' within 300 ms") != std::string::npos,
                     e.what());
        }
    }

    void illegalEngineMoveForfeits() {
        // a0a5: the red rook cannot pass its own pawn on a3.
        ExternalEngineConfig cfg;
        cfg.command = fakeEngine("echo 'bestmove a0a5'");
        MatchConfig mc;
        mc.games = 2;
        mc.openingPlies = 0;
        auto cheater = [cfg](uint64_t) { return std::make_unique<ExternalEnginePlayer>(cfg); };
        const MatchResult r = runMatch(specFactory("alphabeta:1"), cheater, mc);
        QCOMPARE(r.games, 2);
        QCOMPARE(r.forfeits, 2);
        QCOMPARE(r.winsA, 2);
        for (const auto& g : r.records) QVERIFY2(g.error.find("a0a5") != std::string::npos, g.error.c_str());
    }

    void engineThatCannotStartForfeits() {
        // The engine dies in its handshake at every game's start: each game is a forfeit with
        // the engine's error, on worker threads too (this once ended the process instead).
        ExternalEngineConfig cfg;
        cfg.command = "exit 4";
        MatchConfig mc;
        mc.games = 4;
        mc.threads = 2;
        auto broken = [cfg](uint64_t) { return std::make_unique<ExternalEnginePlayer>(cfg); };
        const MatchResult r = runMatch(specFactory("random"), broken, mc);
        QCOMPARE(r.games, 4);
        QCOMPARE(r.forfeits, 4);
        QCOMPARE(r.winsA, 4);
        for (const auto& g : r.records) {
            QVERIFY2(g.error.find("exited") != std::string::npos, g.error.c_str());
            QCOMPARE(int(g.reason), int(Reason::Resignation));
            QCOMPARE(g.plies, int(g.moves.size()));
        }
    }

    void playerThatCannotBeBuiltEndsTheMatch() {
        // One worker's factory throws (as best:RUN did on a locked database): the match ends
        // with that error instead of the other worker playing every game alone first.
        MatchConfig mc;
        mc.games = 2000;
        mc.threads = 2;
        std::atomic<int> built{0};
        auto flaky = [&](uint64_t instance) -> PlayerPtr {
            if (built++ == 1) throw std::invalid_argument("cannot read the database");
            PlayerSpecContext ctx;
            ctx.seed = instance;
            return makePlayer("random", ctx);
        };
        int played = 0;
        bool threw = false;
        try {
            runMatch(specFactory("random"), flaky, mc,
                     [&](const GameRecord&, const MatchResult&) { ++played; });
        } catch (const std::invalid_argument& e) {
            threw = std::string(e.what()) == "cannot read the database";
        }
        QVERIFY(threw);
        QVERIFY2(played < 100, qPrintable(QString("%1 games played").arg(played)));
    }

    void netPlayersWithFakeEvaluator() {
        // The MCTS and policy players over a fake evaluator: legal moves, a whole game, and
        // an unreadable model gives a clear error.
        auto eval = std::make_shared<nn::RandomEvaluator>(3);
        search::MctsParams params;
        params.batchSize = 4;
        auto mcts = [eval, params](uint64_t) {
            return std::make_unique<MctsPlayer>(eval, 40, params, "mcts-fake");
        };
        auto policy = [eval](uint64_t seed) {
            return std::make_unique<PolicyPlayer>(eval, 1.0, seed, "policy-fake");
        };
        MatchConfig cfg;
        cfg.games = 2;
        cfg.lengthCap = 40;
        const MatchResult r = runMatch(mcts, policy, cfg);
        QCOMPARE(r.games, 2);
        QCOMPARE(r.forfeits, 0);
        for (const auto& g : r.records) {
            Position pos;
            for (Move m : g.moves) {
                QVERIFY(pos.isLegal(m));
                pos.makeMove(m);
            }
        }
        try {
            makePlayer("net:/nonexistent/model.xqz@10");
            QFAIL("no error");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("/nonexistent/model.xqz") != std::string::npos, e.what());
        }
        QVERIFY(checkPlayerSpec("net:model.xqz").find("SIMS") != std::string::npos);
    }

    // `match --search gumbel`: the play parameters switch to the Gumbel search without noise and
    // with the net's own priors; such a player plays legal moves and spends its whole budget
    // (Sequential Halving decides at the end).
    void gumbelPlayersSpendTheirBudget() {
        PlayerSpecContext ctx;
        QVERIFY(playParams(ctx).kind == search::MctsParams::Kind::Puct);
        QCOMPARE(playParams(ctx).policyTemperature, kPlayPolicyTemperature);
        ctx.gumbel = true;
        const search::MctsParams p = playParams(ctx);
        QVERIFY(p.kind == search::MctsParams::Kind::Gumbel);
        QVERIFY(!p.addNoise);
        QCOMPARE(p.policyTemperature, 1.0f);
        auto eval = std::make_shared<nn::RandomEvaluator>(5);
        for (const bool gumbel : {false, true}) {
            ctx.gumbel = gumbel;
            MctsPlayer player(eval, 64, playParams(ctx), "net-fake");
            uint64_t nodes = 0;
            player.setInfoCallback([&](const SearchInfo& i) { nodes = i.nodes; });
            Position pos;
            const Move m = player.chooseMove(pos, SearchLimits{}, nullptr);
            QVERIFY(pos.isLegal(m));
            if (gumbel) QVERIFY2(nodes >= 64, qPrintable(QString::number(nodes)));
        }
    }

    // `match --search-batch`: the players' leaves per network call default to kPlaySearchBatch
    // and take the context's value; a sequential search (1) plays the same move twice over from
    // the same position with a deterministic evaluator, and spends its count.
    void searchBatchReachesThePlayers() {
        PlayerSpecContext ctx;
        QCOMPARE(playParams(ctx).batchSize, kPlaySearchBatch);
        ctx.searchBatch = 4;
        QCOMPARE(playParams(ctx).batchSize, 4);
        ctx.gumbel = true;
        QCOMPARE(playParams(ctx).batchSize, 4);
        ctx.gumbel = false;
        ctx.searchBatch = 1;
        auto eval = std::make_shared<nn::RandomEvaluator>(11);
        Position pos;
        std::vector<Move> moves;
        for (int i = 0; i < 2; ++i) {
            MctsPlayer player(eval, 48, playParams(ctx), "net-fake");
            uint64_t nodes = 0;
            player.setInfoCallback([&](const SearchInfo& info) { nodes = info.nodes; });
            moves.push_back(player.chooseMove(pos, SearchLimits{}, nullptr));
            QVERIFY(pos.isLegal(moves.back()));
            QVERIFY2(nodes > 0 && nodes <= 48, qPrintable(QString::number(nodes)));
        }
        QCOMPARE(moves[0], moves[1]);
    }

    // A move time is a PUCT player's whole limit (player.h: "think exactly about this long"),
    // not cut short at its own simulation count; nodes, when given, cap it; without either it
    // plays its count. (The Play page's hint is such a search: 1.5 s at any level.)
    void movetimeIsTheLimitOfAPuctPlayer() {
        auto eval = std::make_shared<nn::RandomEvaluator>(7);
        search::MctsParams params;
        params.batchSize = 4;
        MctsPlayer player(eval, 8, params, "net-fake");
        uint64_t nodes = 0;
        player.setInfoCallback([&](const SearchInfo& i) { nodes = i.nodes; });
        Position pos;
        QVERIFY(pos.isLegal(player.chooseMove(pos, SearchLimits{}, nullptr)));
        QVERIFY2(nodes <= 8, qPrintable(QString::number(nodes)));
        player.newGame();
        QVERIFY(pos.isLegal(player.chooseMove(pos, SearchLimits::ofMovetime(300), nullptr)));
        QVERIFY2(nodes > 8, qPrintable(QString::number(nodes)));
        player.newGame();
        SearchLimits capped = SearchLimits::ofMovetime(60000);
        capped.nodes = 20;
        QVERIFY(pos.isLegal(player.chooseMove(pos, capped, nullptr)));
        QVERIFY2(nodes <= 20, qPrintable(QString::number(nodes)));
    }

    void levelsClimb() {
        // A short sanity check of the ladder (the full 100-game ladder is in the report).
        MatchConfig cfg;
        cfg.games = 4;
        cfg.lengthCap = 200;
        const MatchResult r = runMatch(specFactory("level:amateur"), specFactory("level:beginner"), cfg);
        QVERIFY2(r.elo.score >= 0.75, std::to_string(r.elo.score).c_str());
    }
};

QTEST_GUILESS_MAIN(TestMatch)
#include "test_match.moc"
