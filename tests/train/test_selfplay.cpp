// Self-play and the gating arena on the fake evaluators (tiny searches, seconds): games are
// complete and replay legally, results agree with the rules (or resignation / adjudication /
// the cap), visit distributions are sparse and add up to the search, random opening plies carry
// no visits, resignation and its played-out games, pause / resume / stop from another thread,
// several worker threads, the arena's bookkeeping and colour symmetry, gating decisions, and
// material adjudication on hand-made positions. The stored form is checked by inserting the
// games into a temporary Store (which re-validates every move).
#include <QtTest>

#include <map>

#include <array>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

#include "core/nn/fake_evaluators.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/gate_rule.h"
#include "core/train/early_stop.h"
#include "core/xiangqi/material.h"
#include "core/train/replay_buffer.h"
#include "core/train/sprt.h"
#include "core/train/selfplay.h"
#include "core/train/selfplay_config.h"
#include "core/train/selfplay_game.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/rules.h"

using namespace xq;
using namespace xq::train;

namespace {

// Value +0.99 for Red to move and -0.99 for Black to move, uniform priors: Black's searches
// see a lost game, so Black resigns when resignation is on.
class RedFavouredEvaluator final : public nn::Evaluator {
public:
    void evaluate(std::span<const nn::EvalInput> in, std::span<nn::EvalOutput> out) override {
        for (size_t i = 0; i < in.size(); ++i) {
            const int n = in[i].moves->size();
            out[i].value = in[i].pos->sideToMove() == Red ? 0.99f : -0.99f;
            for (int k = 0; k < n; ++k) out[i].priors[k] = 1.0f / float(n);
        }
    }
    std::string name() const override { return "red-favoured"; }
};

// Material count (adjudicateMaterial's values, via a tiny helper) squashed into a value for
// the side to move, uniform priors: a side that sees material beats one that sees nothing.
class MaterialEvaluator final : public nn::Evaluator {
public:
    void evaluate(std::span<const nn::EvalInput> in, std::span<nn::EvalOutput> out) override {
        static const int kValue[8] = {0, 0, 2, 2, 4, 9, 4, 1};
        for (size_t i = 0; i < in.size(); ++i) {
            const Position& p = *in[i].pos;
            int diff = 0;
            for (int sq = 0; sq < kSquareCount; ++sq) {
                const Piece pc = p.piece(sq);
                if (pc != NoPiece)
                    diff += (colorOf(pc) == p.sideToMove() ? 1 : -1) * kValue[typeOf(pc)];
            }
            out[i].value = float(std::tanh(diff / 6.0));
            const int n = in[i].moves->size();
            for (int k = 0; k < n; ++k) out[i].priors[k] = 1.0f / float(n);
        }
    }
    std::string name() const override { return "material"; }
};

SelfPlayOptions smallOptions() {
    SelfPlayOptions o;
    o.simulations = 12;
    o.gamesInFlight = 4;
    o.threads = 1;
    o.randomOpeningPlies = 2;
    o.maxPlies = 40;
    o.resignMoves = 0;
    o.mcts.addNoise = true;
    o.mcts.temperaturePlies = 10;
    o.seed = 7;
    return o;
}

// smallOptions() with the Gumbel search at `sims` simulations a move.
SelfPlayOptions gumbelOptions(int sims) {
    SelfPlayOptions o = smallOptions();
    o.mcts.kind = search::MctsParams::Kind::Gumbel;
    o.simulations = sims;
    return o;
}

std::vector<SelfPlayGame> play(nn::Evaluator& eval, const SelfPlayOptions& o, int games,
                               SelfPlayStats* statsOut = nullptr) {
    std::vector<SelfPlayGame> out;
    RunControl control;
    SelfPlay sp(eval, o);
    const SelfPlayStats st =
        sp.run(games, [&](const SelfPlayGame& g) { out.push_back(g); }, control);
    if (statsOut) *statsOut = st;
    return out;
}

// Replays the record from the start position, checking each move and visit distribution;
// returns the final position. `sims` is the simulations per search.
Position replayChecked(const SelfPlayGame& game, int randomPlies, int sims) {
    const store::GameRecord& r = game.record;
    Position pos;
    [&] {
        QCOMPARE(r.kind, store::GameKind::SelfPlay);
        QVERIFY(r.startFen.empty());
        QCOMPARE(r.plies, int(r.moves.size()));
        QVERIFY(r.started > 0 && r.finished >= r.started);
        for (int ply = 0; ply < int(r.moves.size()); ++ply) {
            const store::MoveRecord& m = r.moves[ply];
            QVERIFY2(pos.isLegal(m.move), qPrintable(QString("illegal move at ply %1").arg(ply)));
            if (ply < randomPlies) {
                QVERIFY(m.visits.empty());
                QVERIFY(!m.rootValue.has_value());
            } else {
                QVERIFY(m.rootValue.has_value());
                QVERIFY(*m.rootValue >= -1.0f && *m.rootValue <= 1.0f);
                QVERIFY(!m.visits.empty());
                long sum = 0;
                for (const store::VisitCount& v : m.visits) {
                    QVERIFY(v.visits > 0);  // sparse: only visited moves
                    QVERIFY(pos.isLegal(v.move));
                    sum += v.visits;
                }
                // Every simulation but the one that expanded a fresh root passes through a
                // child; reused visits from the previous move's search come on top.
                QVERIFY2(sum >= sims - 1, qPrintable(QString("ply %1: %2 visits").arg(ply).arg(sum)));
                // The first search of a game starts from an empty tree: exactly the budget.
                if (ply == randomPlies) QCOMPARE(sum, long(sims - 1));
            }
            pos.makeMove(m.move);
        }
    }();
    return pos;
}

// The record's result agrees with the rules on the final position, or with the way self-play
// may end a game early (resignation) or decide it at the cap (adjudication).
void checkResult(const store::GameRecord& r, const Position& finalPos, int maxPlies) {
    QVERIFY(r.result != Result::None);
    RuleOptions opts;
    opts.lengthCap = maxPlies;
    const GameStatus st = gameStatus(finalPos, opts);
    switch (r.reason) {
        case Reason::Resignation:
            QVERIFY(!st.over());
            QVERIFY(r.result != Result::Draw);
            // The side to move resigned.
            QCOMPARE(r.result, winnerResult(~finalPos.sideToMove()));
            break;
        case Reason::Adjudication:
            QCOMPARE(st.reason, Reason::LengthCap);
            QCOMPARE(r.result, xq::train::adjudicateMaterial(finalPos));
            QVERIFY(r.result != Result::Draw);
            break;
        default:
            QCOMPARE(r.result, st.result);
            QCOMPARE(r.reason, st.reason);
    }
    if (r.reason == Reason::LengthCap) QCOMPARE(r.plies, maxPlies);
}

}  // namespace

// A game from `fen` (empty: the start) through ICCS moves, each searched with all 10 visits on
// the move played; false when a move is not legal.
static bool searchedGame(const std::string& fen, std::initializer_list<const char*> moves,
                         store::GameRecord& g) {
    g.startFen = fen;
    Position pos = fen.empty() ? Position() : positionFromFen(fen);
    for (const char* t : moves) {
        MoveList ml;
        pos.legalMoves(ml);
        Move m;
        for (int k = 0; k < ml.size(); ++k)
            if (toIccs(ml[k]) == t) m = ml[k];
        if (m.isNull()) return false;
        store::MoveRecord mr;
        mr.move = m;
        mr.visits.push_back({m, 10});
        g.moves.push_back(mr);
        pos.makeMove(m);
    }
    g.plies = int(g.moves.size());
    return true;
}

class TestSelfPlay : public QObject {
    Q_OBJECT
private slots:
    void gamesAreCompleteAndReplayLegally() {
        nn::RandomEvaluator eval(3);
        const SelfPlayOptions o = smallOptions();
        SelfPlayStats st;
        const auto games = play(eval, o, 6, &st);
        QCOMPARE(int(games.size()), 6);
        QCOMPARE(st.games, uint64_t(6));
        uint64_t searched = 0;
        for (const auto& g : games) {
            const Position end = replayChecked(g, o.randomOpeningPlies, o.simulations);
            if (QTest::currentTestFailed()) return;
            checkResult(g.record, end, o.maxPlies);
            if (QTest::currentTestFailed()) return;
            QCOMPARE(g.record.red, o.playerLabel);
            QCOMPARE(g.record.generation.value_or(-1), o.generation);
            searched += g.record.plies - o.randomOpeningPlies;
        }
        QCOMPARE(st.positions, searched);
        QVERIFY(st.simulations >= st.positions * uint64_t(o.simulations));
        QVERIFY(st.evaluations > 0 && st.evaluations <= st.simulations);
        QVERIFY(st.seconds > 0);
        // Different games: the random openings and the noise differ per game.
        int distinct = 0;
        for (size_t i = 1; i < games.size(); ++i)
            distinct += games[i].record.moves[0].move != games[0].record.moves[0].move ||
                        games[i].record.moves[1].move != games[0].record.moves[1].move;
        QVERIFY(distinct >= 3);
    }

    // Self-play with the Gumbel search stores its improved policy as each move's target (in
    // parts of MctsTree::kGumbelTargetScale), which the store and the replay buffer take.
    void gumbelSelfPlayStoresTheImprovedPolicy() {
        nn::RandomEvaluator eval(8);
        const SelfPlayOptions o = gumbelOptions(8);
        const auto games = play(eval, o, 4);
        QCOMPARE(int(games.size()), 4);
        QTemporaryDir dir;
        store::Store db(dir.filePath("g.db").toStdString());
        const store::RunInfo run = db.createRun("g");
        ReplayBuffer buffer(10000);
        int targets = 0;
        for (const auto& g : games) {
            Position pos;
            for (size_t i = 0; i < g.record.moves.size(); ++i) {
                const auto& m = g.record.moves[i];
                if (int(i) >= o.randomOpeningPlies) {
                    MoveList legal;
                    pos.legalMoves(legal);
                    uint64_t sum = 0;
                    for (const auto& v : m.visits) sum += v.visits;
                    // Rounded parts of one distribution over the legal moves.
                    const int64_t scale = search::MctsTree::kGumbelTargetScale;
                    QVERIFY2(std::llabs(int64_t(sum) - scale) <= legal.size(), qPrintable(QString::number(sum)));
                    QVERIFY(m.visits.size() > 1);
                    ++targets;
                }
                pos.makeMove(m.move);
            }
            store::GameRecord r = g.record;
            r.run = run.id;
            db.insertGame(r);
            buffer.addGame(r);
        }
        QVERIFY(targets > 20);
        QCOMPARE(int(buffer.size()), targets);
    }

    // The run parameter gumbel-c-scale reaches the self-play search: the quick preset's 0.4,
    // a value set on the command line, and without a preset the search's own default.
    void gumbelScaleReachesTheSearch() {
        QCOMPARE(selfPlayOptionsFrom(TrainConfig{}).mcts.gumbelCScale, search::MctsParams{}.gumbelCScale);
        TrainConfig c = preset("quick");
        QCOMPARE(selfPlayOptionsFrom(c).mcts.gumbelCScale, 0.4f);
        const ParamDecl* d = findParam("gumbel-c-scale");
        QVERIFY(d);
        setParamText(c, *d, "0.25");
        QCOMPARE(selfPlayOptionsFrom(c).mcts.gumbelCScale, 0.25f);
        QCOMPARE(fromJson(toJson(c)).gumbelCScale, 0.25);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(c, *d, "0"));
    }

    void storeAcceptsTheRecords() {
        nn::RandomEvaluator eval(5);
        const auto games = play(eval, smallOptions(), 3);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        store::Store db(dir.filePath("sp.db").toStdString());
        const store::RunInfo run = db.createRun("t");
        for (const auto& g : games) {
            store::GameRecord r = g.record;
            r.run = run.id;
            const int64_t id = db.insertGame(r);  // re-validates every move and visit
            const auto back = db.loadGame(id);
            QVERIFY(back.has_value());
            QCOMPARE(back->plies, r.plies);
            QCOMPARE(back->result, r.result);
            QCOMPARE(back->moves.back().visits, r.moves.back().visits);
        }
    }

    void lengthCapAndAdjudication() {
        nn::RandomEvaluator eval(11);
        SelfPlayOptions o = smallOptions();
        o.maxPlies = 12;
        o.randomOpeningPlies = 6;  // random moves make early captures (and imbalances) likely
        o.adjudicate = true;
        const auto games = play(eval, o, 8);
        QCOMPARE(int(games.size()), 8);
        for (const auto& g : games) {
            const Position end = replayChecked(g, o.randomOpeningPlies, o.simulations);
            if (QTest::currentTestFailed()) return;
            checkResult(g.record, end, o.maxPlies);
            if (QTest::currentTestFailed()) return;
            QVERIFY(g.record.plies <= o.maxPlies);
            // At the cap a material draw stays "length cap", a lead becomes "adjudication".
            if (g.record.plies == o.maxPlies && g.record.reason != Reason::Checkmate &&
                g.record.reason != Reason::Stalemate)
                QCOMPARE(g.record.reason, xq::train::adjudicateMaterial(end) == Result::Draw
                                              ? Reason::LengthCap
                                              : Reason::Adjudication);
        }
    }

    void resignation() {
        RedFavouredEvaluator eval;
        SelfPlayOptions o = smallOptions();
        o.resignMoves = 2;
        o.resignThreshold = -0.9f;
        o.resignPlayoutFraction = 0.0f;
        SelfPlayStats st;
        auto games = play(eval, o, 4, &st);
        QCOMPARE(int(games.size()), 4);
        QCOMPARE(st.resignations, uint64_t(4));
        for (const auto& g : games) {
            QCOMPARE(g.record.reason, Reason::Resignation);
            QCOMPARE(g.record.result, Result::RedWins);
            QVERIFY(!g.playedOut);
            // Black resigns on its second searched move: 2 random plies, then R B R B(resigns).
            QCOMPARE(g.record.plies, o.randomOpeningPlies + 3);
            const Position end = replayChecked(g, o.randomOpeningPlies, o.simulations);
            checkResult(g.record, end, o.maxPlies);
        }

        // Every game played out: nobody resigns, each game counts as one that would have, and
        // a would-be resignation is false exactly when Red did not win.
        o.resignPlayoutFraction = 1.0f;
        games = play(eval, o, 4, &st);
        QCOMPARE(st.resignations, uint64_t(0));
        QCOMPARE(st.playedOutWouldResign, uint64_t(4));
        uint64_t falseOnes = 0;
        for (const auto& g : games) {
            QVERIFY(g.playedOut);
            QVERIFY(g.record.reason != Reason::Resignation);
            QCOMPARE(g.falseResignation, g.record.result != Result::RedWins);
            falseOnes += g.falseResignation;
        }
        QCOMPARE(st.falseResignations, falseOnes);
    }

    void severalThreads() {
        nn::RandomEvaluator eval(9);  // thread-safe
        SelfPlayOptions o = smallOptions();
        o.threads = 2;
        o.gamesInFlight = 3;
        SelfPlayStats st;
        const auto games = play(eval, o, 7, &st);
        QCOMPARE(int(games.size()), 7);  // exactly the games asked for, across both threads
        QCOMPARE(st.games, uint64_t(7));
        for (const auto& g : games) {
            const Position end = replayChecked(g, o.randomOpeningPlies, o.simulations);
            if (QTest::currentTestFailed()) return;
            checkResult(g.record, end, o.maxPlies);
        }
    }

    // The live slots (SelfPlay::liveGame) read from this thread while run() plays on two
    // worker threads: every copy is one moment's (moves replay legally, the search belongs to
    // the position they reach and its visited moves are legal there), the watched slot gets
    // search snapshots with visits, other slots can be switched to, and after run() no game
    // is in flight.
    void liveGamesAreConsistentWhileRunning() {
        nn::RandomEvaluator inner(5);
        nn::SlowEvaluator eval(inner, 1000);  // a few hundred rounds a second: many snapshots per game
        SelfPlayOptions o = smallOptions();
        o.threads = 2;
        o.gamesInFlight = 3;
        o.simulations = 24;
        SelfPlay sp(eval, o);
        RunControl control;
        std::atomic<bool> returned{false};
        std::thread t([&] {
            sp.run(8, {}, control);
            returned = true;
        });
        struct JoinAtExit {  // a failed check leaves early: stop and join the run first
            RunControl& c;
            std::thread& t;
            ~JoinAtExit() {
                c.requestStop();
                if (t.joinable()) t.join();
            }
        } joinAtExit{control, t};
        int withVisits = 0, slotsSeen = 0, checked = 0;
        uint64_t seenMask = 0;
        int slot = 0;
        uint64_t lastVersion = 0;
        while (!returned.load()) {
            const std::optional<LiveGame> lg = sp.liveGame(slot);
            if (!lg) {  // run() has not sized the slots yet
                std::this_thread::yield();
                continue;
            }
            QCOMPARE(lg->slotCount, o.threads * o.gamesInFlight);
            QCOMPARE(lg->slot, slot);
            QVERIFY(sp.stats().gamesInFlight <= lg->slotCount);
            if (lg->version == lastVersion) {
                std::this_thread::yield();
                continue;
            }
            lastVersion = lg->version;
            if (!lg->active) continue;
            ++checked;
            Position pos;
            for (size_t i = 0; i < lg->moves.size(); ++i) {
                QVERIFY2(pos.isLegal(lg->moves[i]), qPrintable(QString("slot %1 ply %2").arg(slot).arg(i)));
                pos.makeMove(lg->moves[i]);
            }
            QVERIFY(int(lg->moves.size()) >= o.randomOpeningPlies);
            if (lg->search.rootVisits > 0) {
                QCOMPARE(lg->search.rootKey, pos.key());
                QVERIFY(lg->search.rootValue >= -1.0f && lg->search.rootValue <= 1.0f);
                int visited = 0;
                for (const search::SnapshotNode& c : lg->search.children) {
                    QVERIFY(pos.isLegal(c.move));
                    visited += c.visits > 0;
                }
                if (visited > 0) ++withVisits;
            }
            seenMask |= uint64_t(1) << slot;
            // Switch games now and then, as the UI's previous / next buttons do.
            if (withVisits >= 3 * (slotsSeen + 1) && slotsSeen + 1 < lg->slotCount) {
                ++slotsSeen;
                slot = slotsSeen;
                lastVersion = 0;
            }
        }
        t.join();
        QVERIFY2(withVisits >= 3, qPrintable(QString("%1 snapshots with visits of %2 checked").arg(withVisits).arg(checked)));
        QVERIFY2(slotsSeen >= 1, "no other game was watched");
        QVERIFY(seenMask & 2);
        QCOMPARE(sp.stats().gamesInFlight, 0);
        QCOMPARE(sp.stats().started, uint64_t(8));
        QCOMPARE(sp.liveGameCount(), o.threads * o.gamesInFlight);
        for (int i = 0; i < sp.liveGameCount(); ++i) QVERIFY(!sp.liveGame(i)->active);
    }

    void pauseHoldsResumeContinuesStopEnds() {
        nn::RandomEvaluator inner(2);
        nn::SlowEvaluator eval(inner, 1000);
        SelfPlayOptions o = smallOptions();
        o.maxPlies = 400;
        SelfPlay sp(eval, o);
        RunControl control;
        std::atomic<bool> returned{false};
        std::atomic<int> reported{0};
        std::thread t([&] {
            sp.run(0, [&](const SelfPlayGame&) { ++reported; }, control);
            returned = true;
        });
        // Each wait polls the run's own state; the timeout only bounds a failure.
        constexpr int kTimeoutMs = 60000;
        QTRY_VERIFY_WITH_TIMEOUT(sp.stats().positions > 0, kTimeoutMs);
        control.pause();
        // The round in flight ends, then the self-play thread (o.threads = 1) holds: from then
        // on it can do nothing until resumed, so the counters must stand still.
        QTRY_COMPARE_WITH_TIMEOUT(control.holding(), 1, kTimeoutMs);
        const uint64_t held = sp.stats().positions;
        const uint64_t heldSims = sp.stats().simulations;
        QVERIFY(!returned);
        QCOMPARE(control.holding(), 1);
        QCOMPARE(sp.stats().positions, held);
        QCOMPARE(sp.stats().simulations, heldSims);
        control.resume();
        QTRY_VERIFY_WITH_TIMEOUT(sp.stats().positions > held + 2, kTimeoutMs);
        // Stop while paused must also end the run.
        control.pause();
        control.requestStop();
        QTRY_VERIFY_WITH_TIMEOUT(returned.load(), kTimeoutMs);
        t.join();
        // Games in progress are abandoned, not reported.
        QCOMPARE(uint64_t(reported.load()), sp.stats().games);
    }

    // finishInFlight(): no game starts after it, every game in flight finishes and is
    // reported, so run() ends at a game boundary (a worker switching networks loses no game).
    void finishInFlightEndsAtAGameBoundary() {
        nn::RandomEvaluator eval(3);
        SelfPlayOptions o = smallOptions();
        o.gamesInFlight = 3;
        SelfPlay sp(eval, o);
        RunControl control;
        std::vector<SelfPlayGame> got;
        uint64_t startedAtRequest = 0;
        const SelfPlayStats st = sp.run(
            0,
            [&](const SelfPlayGame& g) {
                got.push_back(g);
                if (got.size() == 1) {
                    sp.finishInFlight();
                    startedAtRequest = sp.stats().started;
                }
            },
            control);
        // Without the request run(0) would never return; with it, the games begun by then
        // (the one reported and the ones in flight) all finish, and no other starts.
        QVERIFY(startedAtRequest >= 2);
        QCOMPARE(st.started, startedAtRequest);
        QCOMPARE(uint64_t(got.size()), st.started);
        QCOMPARE(st.games, st.started);
        for (const auto& g : got) QVERIFY(g.record.result != Result::None);
        // Asked before a run, it ends that run at once; the request is then spent.
        sp.finishInFlight();
        QCOMPARE(sp.run(0, [&](const SelfPlayGame&) {}, control).started, uint64_t(0));
        int again = 0;
        QCOMPARE(sp.run(2, [&](const SelfPlayGame&) { ++again; }, control).games, uint64_t(2));
        QCOMPARE(again, 2);
    }

    void arenaBookkeepingAndSymmetry() {
        nn::RandomEvaluator eval(4);
        ArenaOptions o;
        o.games = 8;
        o.simulations = 16;
        o.maxPlies = 24;
        o.adjudicate = true;       // decisive results, so the symmetry below means something
        o.randomOpeningPlies = 6;  // random moves leave pieces hanging
        o.seed = 3;
        RunControl control;
        std::vector<store::GameRecord> recs;
        int lastFinished = 0;
        const ArenaResult r = playArena(eval, eval, o, control,
                                        [&](const store::GameRecord& g, int finished, int total) {
                                            QCOMPARE(total, 8);
                                            QCOMPARE(finished, lastFinished + 1);
                                            lastFinished = finished;
                                            recs.push_back(g);
                                        });
        QVERIFY(!r.stopped);
        QCOMPARE(r.wins + r.draws + r.losses, 8);
        QCOMPARE(int(recs.size()), 8);
        QCOMPARE(r.elo.games, 8);
        QCOMPARE(r.elo.wins, r.wins);
        int w = 0, d = 0, l = 0, candRed = 0;
        for (const auto& g : recs) {
            QCOMPARE(g.kind, store::GameKind::Eval);
            const bool cr = g.red == o.candidateLabel;
            QCOMPARE(g.black, cr ? o.bestLabel : o.candidateLabel);
            candRed += cr;
            Position pos;
            for (int i = 0; i < g.plies; ++i) {
                QVERIFY(pos.isLegal(g.moves[i].move));
                QCOMPARE(g.moves[i].visits.empty(), i < o.randomOpeningPlies);
                pos.makeMove(g.moves[i].move);
            }
            checkResult(g, pos, o.maxPlies);
            if (g.result == Result::Draw) ++d;
            else if ((g.result == Result::RedWins) == cr) ++w;
            else ++l;
        }
        QCOMPARE(candRed, 4);
        QCOMPARE(w, r.wins);
        QCOMPARE(d, r.draws);
        QCOMPARE(l, r.losses);
        // The same deterministic net on both sides, no noise, tau 0, and each opening played
        // twice with colours swapped: the two games of a pair are the same game, so the
        // candidate wins exactly as often as it loses.
        QCOMPARE(r.wins, r.losses);
        QVERIFY(r.wins > 0);
        QVERIFY(qAbs(r.elo.elo) < 1e-6);
        for (const auto& g : recs) {
            int twins = 0;
            for (const auto& h : recs)
                if (h.red != g.red && h.plies == g.plies && h.result == g.result) {
                    bool same = true;
                    for (int i = 0; i < g.plies && same; ++i) same = h.moves[i].move == g.moves[i].move;
                    twins += same;
                }
            QCOMPARE(twins, 1);
        }
    }

    void arenaFavoursTheStrongerSide() {
        // The candidate sees material, the best model does not: the candidate must score well
        // whichever colour it has (a colour or sign mix-up in the bookkeeping would not).
        MaterialEvaluator strong;
        nn::UniformEvaluator weak;
        ArenaOptions o;
        o.games = 8;
        o.simulations = 24;
        o.maxPlies = 40;
        o.adjudicate = true;
        o.randomOpeningPlies = 4;
        RunControl control;
        int candRedWins = 0, candBlackWins = 0;
        const ArenaResult r = playArena(strong, weak, o, control,
                                        [&](const store::GameRecord& g, int, int) {
                                            if (g.result == Result::RedWins && g.red == o.candidateLabel) ++candRedWins;
                                            if (g.result == Result::BlackWins && g.black == o.candidateLabel) ++candBlackWins;
                                        });
        QCOMPARE(r.wins + r.draws + r.losses, 8);
        QCOMPARE(r.wins, candRedWins + candBlackWins);
        QVERIFY2(r.wins >= r.losses + 4, qPrintable(QString("W %1 D %2 L %3").arg(r.wins).arg(r.draws).arg(r.losses)));
        QVERIFY(candRedWins > 0 && candBlackWins > 0);
        QVERIFY(r.elo.elo > 0);
        QVERIFY(acceptCandidate(r, 0.55));
        // The same match the other way round: the weak candidate is rejected.
        const ArenaResult back = playArena(weak, strong, o, control);
        QCOMPARE(back.wins + back.draws + back.losses, 8);
        QVERIFY(back.losses >= back.wins + 4);
        QVERIFY(!acceptCandidate(back, 0.55));
    }

    // A piece of a match (ArenaOptions::gameIndices, what one worker's evaluation jobs play)
    // is the same games as the whole match plays at those indexes: colours by index, the
    // pair's opening, and with deterministic evaluators every move.
    void arenaPieceIsTheWholeMatchsGames() {
        MaterialEvaluator strong;
        nn::UniformEvaluator weak;
        ArenaOptions o;
        o.games = 6;
        o.simulations = 12;
        o.maxPlies = 30;
        o.adjudicate = true;
        o.randomOpeningPlies = 4;
        o.seed = 11;
        RunControl control;
        std::map<int, store::GameRecord> whole, piece;
        o.indexedGame = [&](int i, const store::GameRecord& g) { whole[i] = g; };
        playArena(strong, weak, o, control);
        QCOMPARE(int(whole.size()), 6);
        o.gameIndices = {5, 2, 3};
        o.indexedGame = [&](int i, const store::GameRecord& g) { piece[i] = g; };
        int reported = 0;
        const ArenaResult r = playArena(strong, weak, o, control,
                                        [&](const store::GameRecord&, int finished, int total) {
                                            QCOMPARE(total, 3);
                                            reported = finished;
                                        });
        QCOMPARE(reported, 3);
        QCOMPARE(r.wins + r.draws + r.losses, 3);
        QCOMPARE(int(piece.size()), 3);
        for (const auto& [i, g] : piece) {
            const store::GameRecord& w = whole.at(i);
            QCOMPARE(g.red, (i % 2 == 0) ? o.candidateLabel : o.bestLabel);
            QCOMPARE(g.red, w.red);
            QCOMPARE(g.plies, w.plies);
            QCOMPARE(g.result, w.result);
            for (int k = 0; k < g.plies; ++k) QVERIFY(g.moves[size_t(k)].move == w.moves[size_t(k)].move);
        }
        // The pair 2, 3 shares its opening, colours swapped.
        for (int k = 0; k < o.randomOpeningPlies; ++k)
            QVERIFY(piece.at(2).moves[size_t(k)].move == piece.at(3).moves[size_t(k)].move);
    }

    // The gating rule both gates use (gate_rule.h): gate 1's threshold, gate 2's SPRT with its
    // early decision and its cap, and Elo chained with intervals in quadrature.
    void gateRule() {
        TrainConfig c;
        c.gate = 1;
        c.gateThreshold = 0.55;
        ArenaResult r;
        r.wins = 6, r.draws = 2, r.losses = 2;  // 70%
        r.elo = estimateElo(r.wins, r.draws, r.losses);
        QVERIFY(gateVerdict(c, r).accepted);
        QVERIFY(gateVerdict(c, r).detail.empty());
        QVERIFY(!gateDecidedEarly(c, 40, 0, 0));  // gate 1 always plays its match
        r.wins = 4, r.draws = 3, r.losses = 3;  // 55%: not above
        QVERIFY(!gateVerdict(c, r).accepted);
        c.gate = 2;
        QVERIFY(gateDecidedEarly(c, 30, 0, 0));
        QVERIFY(gateDecidedEarly(c, 0, 0, 30));
        QVERIFY(!gateDecidedEarly(c, 1, 0, 0));
        r = ArenaResult{};
        r.wins = 30;
        r.decidedEarly = true;
        r.elo = estimateElo(30, 0, 0);
        GateVerdict v = gateVerdict(c, r);
        QVERIFY(v.accepted);
        QVERIFY(v.detail.find("SPRT [0, 35]") == 0 && v.detail.find("(the cap)") == std::string::npos);
        r = ArenaResult{};
        r.wins = 3, r.losses = 2;  // undecided at the cap: the sign of the LLR
        r.elo = estimateElo(3, 0, 2);
        v = gateVerdict(c, r);
        QCOMPARE(v.accepted, sprtLlr(3, 0, 2, sprtParamsFrom(c)) > 0);
        QVERIFY(v.detail.find("(the cap)") != std::string::npos);
        r.stopped = true;
        QVERIFY(!gateVerdict(c, r).accepted);
        const ChainedElo e = chainElo(100, 70, 130, GateVerdict{true, 40, 0, 80, {}});
        QCOMPARE(e.elo, 140.0);
        QVERIFY(std::abs(e.eloLo - (140 - 50)) < 1e-9);
        QVERIFY(std::abs(e.eloHi - (140 + 50)) < 1e-9);

        // judgeCandidate, the decision both trainers take: the best's Elo moves only when the
        // candidate is accepted; the candidate's chained estimate is there either way.
        c.gate = 1;
        const ChainedElo best{100, 70, 130};
        r = ArenaResult{};
        r.wins = 6, r.draws = 2, r.losses = 2;
        r.elo = estimateElo(6, 2, 2);
        CandidateDecision d = judgeCandidate(c, r, 7, 1234, best);
        QVERIFY(d.verdict.accepted && d.result.accepted);
        QCOMPARE(d.result.candidateGeneration, 7);
        QCOMPARE(d.result.step, int64_t(1234));
        QCOMPARE(d.result.wins, 6);
        QCOMPARE(d.result.score, r.elo.score);
        QCOMPARE(d.chained.elo, 100 + r.elo.elo);
        QCOMPARE(d.result.elo, d.chained.elo);
        r.wins = 2, r.draws = 2, r.losses = 6;
        r.elo = estimateElo(2, 2, 6);
        d = judgeCandidate(c, r, 8, 1300, best);
        QVERIFY(!d.verdict.accepted && !d.result.accepted);
        QCOMPARE(d.result.elo, 100.0);  // the best's, unchanged
        QCOMPARE(d.result.eloLo, 70.0);
        QCOMPARE(d.chained.elo, 100 + r.elo.elo);
        QVERIFY(verdictLine(d.result).find("generation 8 rejected: +2 =2 -6") == 0);
    }

    void arenaStopsEarly() {
        nn::RandomEvaluator eval(4);
        ArenaOptions o;
        o.games = 4;
        o.simulations = 8;
        RunControl control;
        control.requestStop();
        const ArenaResult r = playArena(eval, eval, o, control);
        QVERIFY(r.stopped);
        QCOMPARE(r.wins + r.draws + r.losses, 0);
        QVERIFY(!acceptCandidate(r, 0.55));
    }

    // The training phase's early stop (early_stop.h) from scripted held-out losses.
    void earlyStopDecisions() {
        using A = EarlyStop::Action;
        EarlyStop e(2);
        QVERIFY(!e.hasBest());
        QVERIFY(e.report(0, 0.90) == A::NewBest);  // the phase's start is the baseline
        QVERIFY(e.report(10, 0.85) == A::NewBest);
        QVERIFY(e.report(20, 0.8495) == A::Continue);  // within minDelta: not better
        QCOMPARE(e.reportsSinceBest(), 1);
        QVERIFY(e.report(30, 0.86) == A::Stop);
        QCOMPARE(e.bestStep(), 10);
        QCOMPARE(e.bestLoss(), 0.85);
        // An improvement resets the count.
        EarlyStop r(2);
        r.report(0, 1.0);
        QVERIFY(r.report(1, 1.1) == A::Continue);
        QVERIFY(r.report(2, 0.5) == A::NewBest);
        QVERIFY(r.report(3, 0.6) == A::Continue);
        QVERIFY(r.report(4, 0.7) == A::Stop);
        // Rising from the start: the best stays the start (no candidate).
        EarlyStop rising(3);
        rising.report(0, 0.95);
        for (int k = 1; k <= 2; ++k) QVERIFY(rising.report(k * 10, 0.95 + 0.1 * k) == A::Continue);
        QVERIFY(rising.report(30, 1.4) == A::Stop);
        QCOMPARE(rising.bestStep(), 0);
        // patience 0: never stops, still tracks the best.
        EarlyStop never(0);
        for (int k = 0; k < 50; ++k) QVERIFY(never.report(k, 1.0 + k) != A::Stop);
        QCOMPARE(never.bestStep(), 0);
    }

    void heldOutSplitIsStableAndFair() {
        int held = 0, again = 0, otherSeed = 0, differ = 0;
        for (int64_t id = 1; id <= 10000; ++id) {
            const bool h = heldOutGame(id, 1, 0.1);
            held += h;
            again += h == heldOutGame(id, 1, 0.1);
            const bool o = heldOutGame(id, 2, 0.1);
            otherSeed += o;
            differ += h != o;
            QVERIFY(!heldOutGame(id, 1, 0.0));
            QVERIFY(heldOutGame(id, 1, 1.0));
        }
        QVERIFY2(held > 900 && held < 1100, qPrintable(QString::number(held)));
        QCOMPARE(again, 10000);
        QVERIFY(otherSeed > 900 && otherSeed < 1100);
        QVERIFY(differ > 1000);  // another seed holds out other games
        // No long runs of consecutive ids in or out (ids are consecutive in a run).
        int longest = 0, run = 0;
        for (int64_t id = 1; id <= 10000; ++id) {
            run = heldOutGame(id, 1, 0.5) ? run + 1 : 0;
            longest = std::max(longest, run);
        }
        QVERIFY2(longest < 25, qPrintable(QString::number(longest)));
    }

    void gatingDecisions() {
        auto res = [](int w, int d, int l, bool stopped = false) {
            ArenaResult r;
            r.wins = w;
            r.draws = d;
            r.losses = l;
            r.stopped = stopped;
            r.elo = estimateElo(w, d, l);
            return r;
        };
        QVERIFY(acceptCandidate(res(12, 0, 8), 0.55));    // 60%
        QVERIFY(!acceptCandidate(res(11, 0, 9), 0.55));   // 55% is not above 55%
        QVERIFY(acceptCandidate(res(10, 4, 6), 0.55));    // 60% with draws as halves
        QVERIFY(!acceptCandidate(res(0, 40, 0), 0.55));   // all draws: 50%
        QVERIFY(!acceptCandidate(res(20, 0, 0, true), 0.55));  // cut short: undecided
        QVERIFY(!acceptCandidate(res(0, 0, 0), 0.55));    // no games
        QVERIFY(acceptCandidate(res(40, 0, 0), 0.55));
        QVERIFY(!acceptCandidate(res(12, 0, 8), 0.60));
        // Threshold 0 accepts every finished match, a lost one too; a stopped one still decides
        // nothing. 1 accepts none.
        QVERIFY(acceptCandidate(res(0, 0, 2), 0.0));
        QVERIFY(acceptCandidate(res(0, 1, 1), 0.0));
        QVERIFY(!acceptCandidate(res(0, 0, 2, true), 0.0));
        QVERIFY(!acceptCandidate(res(0, 0, 0), 0.0));
        QVERIFY(!acceptCandidate(res(40, 0, 0), 1.0));
    }

    // The SPRT gate (sprt.h) from scripted records: clear wins accept, clear losses reject,
    // a short even record goes on, and an even record played game by game is rejected at the
    // game count the normal approximation predicts.
    void sprtDecisions() {
        const SprtParams p{0, 35, 0.05, 0.05};
        QCOMPARE(sprtDecide(40, 0, 0, p), SprtDecision::AcceptH1);
        QCOMPARE(sprtDecide(0, 0, 40, p), SprtDecision::AcceptH0);
        QCOMPARE(sprtDecide(5, 10, 5, p), SprtDecision::Continue);
        QCOMPARE(sprtDecide(0, 0, 0, p), SprtDecision::Continue);
        QVERIFY(sprtLlr(30, 10, 10, p) > sprtLlr(25, 10, 15, p));
        QVERIFY(std::abs(sprtUpperBound(p) - std::log(0.95 / 0.05)) < 1e-12);
        QVERIFY(std::abs(sprtLowerBound(p) + std::log(0.95 / 0.05)) < 1e-12);
        // W, L, D repeated: score 1/2, variance 1/6, so LLR = -3 (s1 - 1/2)^2 n per game.
        const double s1 = scoreFromElo(35);
        const int expectAt = int(std::ceil(sprtUpperBound(p) / (3 * (s1 - 0.5) * (s1 - 0.5))));
        int w = 0, d = 0, l = 0, decidedAt = 0;
        SprtDecision last = SprtDecision::Continue;
        for (int n = 1; n <= 2000 && last == SprtDecision::Continue; ++n) {
            (n % 3 == 1 ? w : n % 3 == 2 ? l : d)++;
            last = sprtDecide(w, d, l, p);
            decidedAt = n;
        }
        QCOMPARE(last, SprtDecision::AcceptH0);
        QVERIFY2(std::abs(decidedAt - expectAt) <= 3, qPrintable(QString("decided at %1, expected about %2").arg(decidedAt).arg(expectAt)));
    }

    // A sequential gate ends the match once it has decided: no game starts after that, and
    // the games counted are those finished up to the decision (plus any in the same round).
    void arenaEndsWhenDecided() {
        nn::RandomEvaluator eval(5);
        ArenaOptions o;
        o.games = 40;
        o.simulations = 4;
        o.maxPlies = 30;
        int asked = 0;
        o.decided = [&](int w, int d, int l) {
            ++asked;
            return w + d + l >= 3;
        };
        RunControl control;
        int reported = 0;
        const ArenaResult r = playArena(eval, eval, o, control, [&](const store::GameRecord&, int, int) { ++reported; });
        QVERIFY(r.decidedEarly);
        QVERIFY(!r.stopped);
        const int n = r.wins + r.draws + r.losses;
        QVERIFY2(n >= 3 && n < 40, qPrintable(QString::number(n)));
        QCOMPARE(reported, n);
        QCOMPARE(asked, 3);  // asked after each game until it said yes, then never again
    }

    // Playout-cap randomization: only the full searches become training targets. Moves of
    // fast searches are stored without visits, the full ones with at least `simulations`
    // visits, and their count matches the statistics and roughly the fraction asked for.
    // SelfPlay::setSimulations (progressive simulations): every search started after the call
    // has the new budget; a budget below 1 becomes 1.
    void setSimulationsChangesTheBudget() {
        nn::RandomEvaluator eval(5);
        SelfPlayOptions o = smallOptions();
        o.simulations = 40;
        RunControl control;
        SelfPlay sp(eval, o);
        QCOMPARE(sp.simulations(), 40);
        sp.setSimulations(6);
        QCOMPARE(sp.simulations(), 6);
        const SelfPlayStats low = sp.run(3, [](const SelfPlayGame&) {}, control);
        QVERIFY(low.positions > 0);
        QVERIFY2(low.simulations >= low.positions * 6 && low.simulations <= low.positions * 7,
                 qPrintable(QString("%1 simulations for %2 positions").arg(low.simulations).arg(low.positions)));
        sp.setSimulations(0);
        QCOMPARE(sp.simulations(), 1);
        // Raised once the first game is in: the games begun after it (two thirds) search at 40.
        sp.setSimulations(6);
        int finished = 0;
        const SelfPlayStats mixed = sp.run(12, [&](const SelfPlayGame&) { if (++finished == 1) sp.setSimulations(40); }, control);
        QVERIFY2(mixed.simulations > mixed.positions * 7,
                 qPrintable(QString("%1 simulations for %2 positions").arg(mixed.simulations).arg(mixed.positions)));
        QVERIFY(mixed.simulations < mixed.positions * 40);
    }

    void playoutCapRandomization() {
        nn::RandomEvaluator eval(6);
        SelfPlayOptions o = smallOptions();
        o.simulations = 24;
        o.fastSimulations = 4;
        o.fullSearchFraction = 0.25f;
        SelfPlayStats st;
        const auto games = play(eval, o, 8, &st);
        uint64_t full = 0, fast = 0;
        for (const auto& g : games) {
            for (size_t i = size_t(o.randomOpeningPlies); i < g.record.moves.size(); ++i) {
                const auto& m = g.record.moves[i];
                QVERIFY(m.rootValue.has_value());
                uint64_t visits = 0;
                for (const auto& v : m.visits) visits += v.visits;
                if (m.visits.empty()) {
                    ++fast;
                } else {
                    ++full;
                    // A fresh root spends one simulation on its own expansion.
                    QVERIFY2(visits >= uint64_t(o.simulations - 1), qPrintable(QString::number(visits)));
                }
            }
        }
        QCOMPARE(full, st.fullSearches);
        QCOMPARE(full + fast, st.positions);
        const double share = double(full) / double(full + fast);
        QVERIFY2(share > 0.12 && share < 0.4, qPrintable(QString::number(share)));
        // The replay buffer takes exactly the full searches.
        ReplayBuffer buf(100000);
        int added = 0;
        for (const auto& g : games) added += buf.addGame(g.record);
        QCOMPARE(uint64_t(added), full);
    }

    // detail::unsettledRoot: the best move's Q against the network's value of the root, either
    // way; a proven root, a proven best move and an unvisited one are settled.
    void unsettledRootRule() {
        search::SearchResult r;
        Position p;
        MoveList ml;
        p.legalMoves(ml);
        r.moves = {ml[0], ml[1]};
        r.visits = {5, 3};
        r.q = {0.5f, -0.25f};
        r.proven = {0, 0};
        r.bestMove = ml[0];
        r.networkValue = 0.25f;
        QVERIFY(detail::unsettledRoot(r, 0.25f));
        QVERIFY(!detail::unsettledRoot(r, 0.26f));
        r.networkValue = 0.75f;
        QVERIFY(detail::unsettledRoot(r, 0.25f));
        QVERIFY(!detail::unsettledRoot(r, 0.26f));
        r.bestMove = ml[1];  // -0.25 against 0.75
        QVERIFY(detail::unsettledRoot(r, 1.0f));
        QVERIFY(!detail::unsettledRoot(r, 1.01f));
        r.proven = {0, 1};
        QVERIFY(!detail::unsettledRoot(r, 0.5f));
        r.proven = {0, 0};
        r.rootProven = -1;
        QVERIFY(!detail::unsettledRoot(r, 0.5f));
        r.rootProven = 0;
        r.visits = {5, 0};
        QVERIFY(!detail::unsettledRoot(r, 0.5f));
        r.bestMove = ml[2];  // not among the result's moves
        QVERIFY(!detail::unsettledRoot(r, 0.01f));
    }

    // Unsettled roots in self-play (SelfPlayOptions::unsettledExtra), both searches: with a
    // random evaluator part of the full searches miss its value by 0.5 and are searched again
    // with the extra budget before their move is played. Every move is still recorded once, as
    // a target, and the statistics count both searches' simulations. Off, none is. The run
    // parameters reach the options, inside their ranges.
    void unsettledRootsAreSearchedAgain() {
        for (const auto kind : {search::MctsParams::Kind::Puct, search::MctsParams::Kind::Gumbel}) {
            for (const float extra : {0.0f, 1.5f}) {
                nn::RandomEvaluator eval(9);
                SelfPlayOptions o = smallOptions();
                o.mcts.kind = kind;
                o.simulations = 12;
                o.unsettledExtra = extra;
                o.unsettledValueChange = 0.5f;
                SelfPlayStats st;
                const auto games = play(eval, o, 4, &st);
                QCOMPARE(int(games.size()), 4);
                uint64_t targets = 0;
                for (const auto& g : games)
                    for (size_t i = size_t(o.randomOpeningPlies); i < g.record.moves.size(); ++i)
                        targets += !g.record.moves[i].visits.empty();
                QCOMPARE(targets, st.positions);
                QCOMPARE(st.fullSearches, st.positions);
                const QString what = QString("extra %1: %2 of %3 searched again, %4 simulations")
                                         .arg(extra)
                                         .arg(st.extendedSearches)
                                         .arg(st.positions)
                                         .arg(st.simulations);
                if (extra == 0) {
                    QVERIFY2(st.extendedSearches == 0, qPrintable(what));
                    QVERIFY2(st.simulations <= st.positions * 13, qPrintable(what));
                    continue;
                }
                QVERIFY2(st.extendedSearches > 0 && st.extendedSearches < st.positions,
                         qPrintable(what));
                // 12 simulations a search, 18 in a second one (each within one of it).
                const uint64_t planned = st.positions * 12 + st.extendedSearches * 18;
                QVERIFY2(st.simulations + st.positions + st.extendedSearches >= planned &&
                             st.simulations <= planned + st.positions + st.extendedSearches,
                         qPrintable(what));
            }
        }
        TrainConfig c = preset("quick");
        QCOMPARE(selfPlayOptionsFrom(c).unsettledExtra, 0.0f);
        setParamText(c, *findParam("unsettled-extra"), "1");
        setParamText(c, *findParam("unsettled-value-change"), "0.2");
        QCOMPARE(selfPlayOptionsFrom(c).unsettledExtra, 1.0f);
        QCOMPARE(selfPlayOptionsFrom(c).unsettledValueChange, 0.2f);
        QCOMPARE(fromJson(toJson(c)).unsettledValueChange, 0.2);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 setParamText(c, *findParam("unsettled-extra"), "-1"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 setParamText(c, *findParam("unsettled-value-change"), "0"));
    }

    // The material value target (ReplayBuffer::setMaterialTarget): weight 1 gives the squashed
    // balance `plies` plies ahead (or at the end), from the side to move's view; weight 1/2
    // averages it with the result.
    void materialValueTarget() {
        // Red's cannons take Black's horses (h2h9, b2b9), Black's rooks take the cannons back;
        // the game is then adjudicated a Red win.
        store::GameRecord g;
        QVERIFY(searchedGame({}, {"h2h9", "i9h9", "b2b9", "a9b9", "a0a1"}, g));
        g.result = Result::RedWins;
        g.reason = Reason::Adjudication;
        std::vector<int> balance;  // Red's view after each ply
        {
            Position p;
            balance.push_back(materialBalance(p));
            for (const auto& mr : g.moves) {
                p.makeMove(mr.move);
                balance.push_back(materialBalance(p));
            }
        }
        QCOMPARE(balance[1], 40);  // a horse up
        QCOMPARE(balance[2], -5);  // the cannon lost to the rook: net half a point down
        for (int plies : {0, 2}) {
            ReplayBuffer buf(100);
            buf.setAdjudicationValue(0.5f);
            buf.setMaterialTarget(1.0f, plies);
            QCOMPARE(buf.addGame(g), 5);
            for (int i = 0; i < 5; ++i) {
                const int b = balance[std::min<size_t>(size_t(i + plies), balance.size() - 1)];
                const float want = materialValue(i % 2 == 0 ? b : -b);
                QCOMPARE(int(buf.at(size_t(i)).z), int(std::lround(want * 100)));
            }
        }
        ReplayBuffer half(100);
        half.setAdjudicationValue(0.5f);
        half.setMaterialTarget(0.5f, 0);
        half.addGame(g);
        // Ply 1, Black to move a horse down: (-0.5 + materialValue(-40)) / 2.
        QCOMPARE(int(half.at(1).z), int(std::lround((-0.5f + materialValue(-40)) / 2 * 100)));
        QVERIFY(materialValue(90) > 0.8f && materialValue(90) < 0.85f);
        QCOMPARE(materialValue(0), 0.0f);

        // Resolved: a rook hangs for whoever is to move; Red steps its king aside instead of
        // taking (ply 0), Black takes (ply 1), Red's king steps out of the check (ply 2). The
        // plain count sees the loss only once it happened; the resolved one at once.
        store::GameRecord h;
        QVERIFY(searchedGame("3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1", {"e0f0", "a5a0", "f0f1"}, h));
        h.result = Result::BlackWins;
        h.reason = Reason::Adjudication;
        for (bool resolve : {false, true}) {
            ReplayBuffer b(100);
            b.setMaterialTarget(1.0f, 0, resolve);
            QCOMPARE(b.addGame(h), 3);
            const int want[2][3] = {{0, 0, -90}, {90, 90, -90}};  // side to move's view
            for (int i = 0; i < 3; ++i)
                QCOMPARE(int(b.at(size_t(i)).z), int(std::lround(materialValue(want[resolve][i]) * 100)));
        }
    }

    // The search's root value in the value target (ReplayBuffer::setSearchValueWeight, set from
    // the run's value-target-search by configureBuffer): blended after result and material, in
    // the side to move's view; a move without a root value keeps the result/material target.
    void searchValueTarget() {
        store::GameRecord g;
        QVERIFY(searchedGame({}, {"h2h9", "i9h9", "b2b9", "a9b9", "a0a1"}, g));
        g.result = Result::RedWins;
        g.reason = Reason::Checkmate;
        const float roots[5] = {0.2f, -0.6f, 0.9f, 0.0f, -0.4f};
        for (int i = 0; i < 5; ++i) g.moves[size_t(i)].rootValue = roots[i];
        g.moves[3].rootValue.reset();
        TrainConfig c;
        c.materialTargetWeight = 0.5;
        c.materialTargetPlies = 0;
        c.valueTargetSearch = 0.25;
        ReplayBuffer plain(100), blended(100);
        TrainConfig without = c;
        without.valueTargetSearch = 0;
        configureBuffer(plain, without);
        configureBuffer(blended, c);
        QCOMPARE(plain.addGame(g), 5);
        QCOMPARE(blended.addGame(g), 5);
        Position p;
        for (int i = 0; i < 5; ++i) {
            const int b = materialBalance(p);  // of the position searched at ply i
            p.makeMove(g.moves[size_t(i)].move);
            const float result = i % 2 == 0 ? 1.0f : -1.0f;  // Red (even plies) won
            const float base = 0.5f * result + 0.5f * materialValue(i % 2 == 0 ? b : -b);
            QCOMPARE(int(plain.at(size_t(i)).z), int(std::lround(base * 100)));
            const float want = i == 3 ? base : 0.75f * base + 0.25f * roots[i];
            QCOMPARE(int(blended.at(size_t(i)).z), int(std::lround(want * 100)));
        }
        // The parameter is declared with its range and reaches the buffer from the run's config.
        TrainConfig d;
        const ParamDecl* decl = findParam("value-target-search");
        QVERIFY(decl);
        setParamText(d, *decl, "0.5");
        QCOMPARE(d.valueTargetSearch, 0.5);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(d, *decl, "1.5"));
        // The quick preset blends in 0.3 of it (docs/design.md, Parameters and presets); the
        // declared default stays 0, the result/material target alone.
        QCOMPARE(preset("quick").valueTargetSearch, 0.3);
        QCOMPARE(TrainConfig{}.valueTargetSearch, 0.0);
    }

    // Policy surprise (detail::policySurprise): KL(target || prior) in nats over the root's
    // moves, a prior of (almost) nothing floored at kMinSurprisePrior, nothing for a target
    // without counts or a prior of another size.
    void policySurpriseOfATarget() {
        const auto half = detail::policySurprise({3, 1, 0}, {0.5f, 0.25f, 0.25f});
        QVERIFY(half);
        QVERIFY(std::abs(*half - 0.75 * std::log(1.5)) < 1e-6);  // the 0.25 term is 0
        const auto same = detail::policySurprise({2, 1, 1}, {0.5f, 0.25f, 0.25f});
        QVERIFY(same && std::abs(*same) < 1e-6);
        const auto missed = detail::policySurprise({0, 5}, {1.0f, 0.0f});
        QVERIFY(missed && std::abs(*missed - std::log(1.0 / detail::kMinSurprisePrior)) < 1e-4);
        QVERIFY(!detail::policySurprise({0, 0}, {0.5f, 0.5f}));
        QVERIFY(!detail::policySurprise({1, 1}, {1.0f}));
        // A searched move records it, from the target it records and the root's priors.
        search::SearchResult r;
        Position p;
        MoveList ml;
        p.legalMoves(ml);
        r.moves = {ml[0], ml[1], ml[2]};
        r.visits = {3, 1, 0};
        r.targetVisits = r.visits;
        r.priors = {0.5f, 0.25f, 0.25f};
        r.rootValue = 0.1f;
        const store::MoveRecord m = detail::searchedMove(r, ml[0]);
        QCOMPARE(int(m.visits.size()), 2);
        QVERIFY(m.policySurprise && std::abs(*m.policySurprise - *half) < 1e-6);
    }

    // Self-play games carry a surprise on every move kept as a target (and on none other), and
    // the buffer keeps it with the sample, in thousandths of a nat plus one.
    void selfPlayRecordsThePolicySurprise() {
        nn::RandomEvaluator eval(5);
        const auto games = play(eval, gumbelOptions(8), 2);
        QCOMPARE(int(games.size()), 2);
        int searched = 0, positive = 0;
        for (const auto& g : games)
            for (const auto& m : g.record.moves) {
                QCOMPARE(m.policySurprise.has_value(), !m.visits.empty());
                if (!m.policySurprise) continue;
                ++searched;
                QVERIFY(*m.policySurprise >= 0 && std::isfinite(*m.policySurprise));
                positive += *m.policySurprise > 0.001f;
            }
        QVERIFY(searched > 0);
        QVERIFY(positive > 0);  // 8 simulations of a random net do move its prior somewhere
        ReplayBuffer buf(10000);
        const int added = buf.addGame(games[0].record);
        std::vector<float> kept;
        for (const auto& m : games[0].record.moves)
            if (!m.visits.empty()) kept.push_back(*m.policySurprise);
        QCOMPARE(added, int(kept.size()));
        for (int i = 0; i < added; ++i)
            QCOMPARE(int(buf.at(size_t(i)).surprise), 1 + int(std::lround(kept[size_t(i)] * 1000)));
        // A game without surprises (imported, or stored before the store kept them): "not known"
        // (0).
        store::GameRecord loaded = games[0].record;
        for (auto& m : loaded.moves) m.policySurprise.reset();
        ReplayBuffer plain(10000);
        plain.addGame(loaded);
        for (size_t i = 0; i < plain.size(); ++i) QCOMPARE(int(plain.at(i).surprise), 0);
    }

    // Draws weighted by surprise (ReplayBuffer::setSurpriseWeight, from the run's
    // policy-surprise): weight (1 - s) + s * surprise / mean over the known ones, 1 where not
    // known; uniform at 0, or when every known surprise is 0.
    void surpriseWeightedDraws() {
        auto sample = [](float z, int surprise) {
            Sample s;
            MoveList ml;
            Position().legalMoves(ml);
            makeSample(Position(), {{ml[0], 1}}, z, s);
            s.surprise = uint16_t(surprise);
            return s;
        };
        // Three positions told apart by their value target: surprise 0 nats, 1 nat, not known.
        auto shares = [&](double s, int calm, int sharp, int unknown) {
            ReplayBuffer buf(10);
            buf.add(sample(0.1f, calm));
            buf.add(sample(0.2f, sharp));
            buf.add(sample(0.3f, unknown));
            buf.setSurpriseWeight(float(s));
            std::mt19937_64 rng(11);
            std::map<int, int> seen;
            const int draws = 30000;
            for (int k = 0; k < 10; ++k) {
                const nn::TrainBatch b = buf.sampleBatch(draws / 10, rng);
                for (float v : b.values) ++seen[int(std::lround(v * 10))];
            }
            return std::array<double, 3>{seen[1] / double(draws), seen[2] / double(draws),
                                         seen[3] / double(draws)};
        };
        auto near = [](double got, double want) { return std::abs(got - want) < 0.02; };
        // s = 0.5, known surprises 0 and 1 (mean 0.5): weights 0.5, 1.5 and 1 for the unknown.
        auto w = shares(0.5, 1, 1001, 0);
        QVERIFY2(near(w[0], 0.5 / 3) && near(w[1], 1.5 / 3) && near(w[2], 1.0 / 3),
                 qPrintable(QString("%1 %2 %3").arg(w[0]).arg(w[1]).arg(w[2])));
        // s = 1: the calm position is never drawn.
        w = shares(1.0, 1, 1001, 0);
        QCOMPARE(w[0], 0.0);
        QVERIFY(near(w[1], 2.0 / 3) && near(w[2], 1.0 / 3));
        // s = 0 draws uniformly, and so does any s when every known surprise is 0.
        for (auto ws : {shares(0.0, 1, 1001, 0), shares(0.7, 1, 1, 0)})
            for (double x : ws) QVERIFY2(near(x, 1.0 / 3), qPrintable(QString::number(x)));
        // The parameter is declared with its range and reaches the buffer from the run's config.
        TrainConfig d;
        const ParamDecl* decl = findParam("policy-surprise");
        QVERIFY(decl);
        setParamText(d, *decl, "0.5");
        QCOMPARE(d.policySurprise, 0.5);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(d, *decl, "1.5"));
        QCOMPARE(TrainConfig{}.policySurprise, 0.0);
        ReplayBuffer configured(10);
        configured.add(sample(0.1f, 1));
        configured.add(sample(0.2f, 1001));
        configureBuffer(configured, d);
        std::mt19937_64 rng(3);
        int sharp = 0;
        const nn::TrainBatch b = configured.sampleBatch(4000, rng);
        for (float v : b.values) sharp += std::lround(v * 10) == 2;
        QVERIFY2(std::abs(sharp / 4000.0 - 0.75) < 0.03, qPrintable(QString::number(sharp)));
    }

    void resolvedMaterialBalance_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("plain");
        QTest::addColumn<int>("resolved");  // Red's view, tenths
        // Red to move takes the hanging black rook on a5.
        QTest::newRow("hanging rook, taker to move") << "3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1" << 0 << 90;
        // Black to move takes the red rook first.
        QTest::newRow("hanging rook, other to move") << "3k5/9/9/9/r8/9/9/9/9/R3K4 b - - 0 1" << 0 << -90;
        // A pawn on e5 defended by the pawn on e6: the rook on a5 gains by taking it only if
        // nothing recaptures, so it stands pat (rook 9 against two pawns at home 1 + 1).
        QTest::newRow("defended pawn") << "3k5/9/9/4p4/R3p4/9/9/9/9/4K4 w - - 0 1" << 70 << 70;
        // Without the defender the pawn falls.
        QTest::newRow("undefended pawn") << "3k5/9/9/9/R3p4/9/9/9/9/4K4 w - - 0 1" << 80 << 90;
    }
    void resolvedMaterialBalance() {
        QFETCH(QString, fen);
        QFETCH(int, plain);
        QFETCH(int, resolved);
        const Position pos = positionFromFen(fen.toStdString());
        QCOMPARE(materialBalance(pos), plain);
        QCOMPARE(xq::resolvedMaterialBalance(pos), resolved);
    }

    void materialAdjudication_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("expected");
        const int red = int(Result::RedWins), black = int(Result::BlackWins),
                  draw = int(Result::Draw);
        QTest::newRow("bare kings") << "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1" << draw;
        QTest::newRow("red rook") << "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1" << red;
        QTest::newRow("black rook") << "r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1" << black;
        QTest::newRow("cannon vs horse") << "3k5/9/9/9/n8/9/9/9/9/2C1K4 w - - 0 1" << draw;
        // Rook 9 against horse 4 + advisor 2: a lead of exactly 3 wins.
        QTest::newRow("lead of exactly 3") << "3k1a3/9/9/9/n8/9/9/9/9/R3K4 w - - 0 1" << red;
        // Horse 4 + pawn at home 1 = 5 against two black pawns at home (1 + 1): lead 3.
        QTest::newRow("pawns at home")
            << "3k5/9/9/p7p/9/9/4P4/9/9/4K2N1 w - - 0 1" << red;
        // One black pawn across the river counts 2: 5 against 3, lead 2: a draw.
        QTest::newRow("pawn across the river")
            << "3k5/9/9/p8/9/8p/4P4/9/9/4K2N1 w - - 0 1" << draw;
        // Advisors and elephants count 2 each: 8 against 4.5.
        QTest::newRow("defenders") << "3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1" << red;
        // Elephant + two advisors 6 against a cannon 4.5: a lead of 1.5 is a draw.
        QTest::newRow("defenders vs cannon") << "3k5/9/9/9/9/9/c8/9/9/2BAKA3 b - - 0 1" << draw;
    }
    void materialAdjudication() {
        QFETCH(QString, fen);
        QFETCH(int, expected);
        Position pos;
        const auto err = parseFen(fen.toStdString(), pos);
        QVERIFY2(!err.has_value(), qPrintable(fen));
        QCOMPARE(int(xq::train::adjudicateMaterial(pos)), expected);
    }
};

QTEST_GUILESS_MAIN(TestSelfPlay)
#include "test_selfplay.moc"
