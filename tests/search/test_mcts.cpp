// MCTS on the fake evaluators: tactics (mate in one, avoiding a mate in one), the sign of the
// root value for both colours, pi, determinism, tree reuse, virtual loss, the multi-game
// driver against separate searches, and snapshots taken while other threads search.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <set>
#include <thread>

#include "core/nn/fake_evaluators.h"
#include "core/nn/inference_server.h"
#include "core/search/mate_search.h"
#include "core/search/mcts_multi.h"
#include "core/search/mcts_search.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xq::search;
using xqtest::allowsMateInOne;
using xqtest::kAvoidMate;
using xqtest::kMateInOne;
using xqtest::winsAtOnce;

namespace {

// The same position seen from the other side: board turned 180 degrees, colours swapped.
Position colourFlipped(const Position& p) {
    Position q;
    q.clear();
    for (int sq = 0; sq < kSquareCount; ++sq) {
        const Piece pc = p.piece(sq);
        if (pc != NoPiece) q.put(rotate(sq), makePiece(~colorOf(pc), typeOf(pc)));
    }
    q.setSideToMove(~p.sideToMove());
    q.finishSetup();
    return q;
}

bool isMate(Position pos, Move m) {
    pos.makeMove(m);
    return gameStatus(pos).reason == Reason::Checkmate;
}


// After `m`, can the opponent do nothing but let the mover win at once (and has a move)?
bool forcesMateInTwo(Position pos, Move m) {
    pos.makeMove(m);
    if (gameStatus(pos).over()) return false;
    MoveList replies;
    pos.legalMoves(replies);
    for (Move r : replies) {
        Position q = pos;
        q.makeMove(r);
        MoveList ours;
        q.legalMoves(ours);
        bool mates = false;
        for (Move w : ours) mates = mates || winsAtOnce(q, w);
        if (!mates) return false;
    }
    return true;
}

MctsParams quietParams() {
    MctsParams p;
    p.batchSize = 8;
    return p;
}

// The search without the mate probes (mates in one and the solver only).
MctsParams probesOff() {
    MctsParams p = quietParams();
    p.mateSearchMoves = 0;
    p.leafMateSearchMoves = 1;
    return p;
}

// Fails on the n-th call: the search must report the error and leave the tree consistent.
class FailingEvaluator final : public nn::Evaluator {
  public:
    explicit FailingEvaluator(int failAt) : failAt_(failAt) {}
    void evaluate(std::span<const nn::EvalInput> in, std::span<nn::EvalOutput> out) override {
        if (++calls_ == failAt_) throw std::runtime_error("network failed");
        inner_.evaluate(in, out);
    }
    std::string name() const override { return "failing"; }

  private:
    nn::UniformEvaluator inner_;
    int failAt_;
    int calls_ = 0;
};

// A network that is wrong in the way a material-trained one is: it never proposes a check
// (prior ~0 for checking moves) and likes exactly the moves that allow the opponent a mate in
// one; every position looks level. Only the search's own mate-in-one check can beat it.
class MisleadingEvaluator final : public nn::Evaluator {
  public:
    void evaluate(std::span<const nn::EvalInput> in, std::span<nn::EvalOutput> out) override {
        for (size_t i = 0; i < in.size(); ++i) {
            const Position& pos = *in[i].pos;
            const MoveList& moves = *in[i].moves;
            ++positions;
            out[i].value = 0.0f;
            float sum = 0;
            for (int k = 0; k < moves.size(); ++k) {
                const Move m = moves[k];
                const float w = pos.givesCheck(m) ? 1e-4f : allowsMateInOne(pos, m) ? 1.0f : 1e-3f;
                out[i].priors[size_t(k)] = w;
                sum += w;
            }
            for (int k = 0; k < moves.size(); ++k) out[i].priors[size_t(k)] /= sum;
        }
    }
    std::string name() const override { return "misleading"; }
    int positions = 0;
};

}  // namespace

class TestMcts : public QObject {
    Q_OBJECT
  private slots:
    // One node's children, by move path, agree with the nested snapshot; a path that leaves
    // the tree gives nothing.
    void childrenSnapshotFollowsAPath() {
        nn::RandomEvaluator ev(4);
        MctsSearch s(ev, quietParams());
        s.search({.simulations = 1500});
        const SearchSnapshot deep = s.snapshot(3);
        const SnapshotNode& best = deep.children.front();
        QVERIFY(!best.children.empty());
        const std::vector<SnapshotNode> kids = s.snapshotChildren({best.move});
        QCOMPARE(kids.size(), best.children.size());
        for (size_t i = 0; i < kids.size(); ++i) {
            QCOMPARE(kids[i].move, best.children[i].move);
            QCOMPARE(kids[i].visits, best.children[i].visits);
            QVERIFY(kids[i].children.empty());
        }
        const SnapshotNode& grand = best.children.front();
        const std::vector<SnapshotNode> grandKids = s.snapshotChildren({best.move, grand.move});
        QCOMPARE(grandKids.size(), grand.children.size());
        QCOMPARE(s.snapshotChildren({}).size(), deep.children.size());
        QVERIFY(s.snapshotChildren({best.move, best.move}).empty());  // not a move of that node
    }

    void findsMateInOne_data() {
        QTest::addColumn<bool>("flipped");
        QTest::newRow("red to move") << false;
        QTest::newRow("black to move") << true;
    }
    void findsMateInOne() {
        QFETCH(bool, flipped);
        Position pos = positionFromFen(kMateInOne);
        if (flipped) pos = colourFlipped(pos);
        nn::UniformEvaluator ev;
        MctsSearch s(ev, quietParams());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 400});
        // Xiangqi counts stalemate as a loss too: either immediate win is right.
        QVERIFY(winsAtOnce(pos, r.bestMove));
        QCOMPARE(r.pv.front(), r.bestMove);
        // Root value is from the side to move's view: winning, so clearly positive, whichever
        // colour that is (a sign error would make it negative for one of the two).
        QVERIFY2(r.rootValue > 0.5f, qPrintable(QString::number(r.rootValue)));
        for (size_t i = 0; i < r.moves.size(); ++i)
            if (r.moves[i] == r.bestMove) QVERIFY(r.q[i] > 0.99f);
        QVERIFY(r.terminalHits > 0);
    }

    // The mirror case: the side to move is the one being mated in every line -> negative.
    void rootValueNegativeWhenLost_data() { findsMateInOne_data(); }
    void rootValueNegativeWhenLost() {
        QFETCH(bool, flipped);
        // The mate-in-one position with Black to move: the king can only step to d9 or f9,
        // and Ri7-i9 mates after either, so every line loses for the side to move.
        Position pos = positionFromFen("4k4/R8/8R/9/9/9/9/9/9/3K5 b - - 0 1");
        if (flipped) pos = colourFlipped(pos);
        nn::UniformEvaluator ev;
        MctsSearch s(ev, quietParams());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 1500});
        QVERIFY2(r.rootValue < -0.3f, qPrintable(QString::number(r.rootValue)));
    }

    void avoidsMoveThatAllowsMate() {
        const Position pos = positionFromFen(kAvoidMate);
        MoveList legal;
        pos.legalMoves(legal);
        int losing = 0;
        for (Move m : legal) losing += allowsMateInOne(pos, m);
        QVERIFY(losing >= 3);  // the position really is a trap for most rook moves
        QVERIFY(losing < legal.size());
        nn::UniformEvaluator ev;
        MctsSearch s(ev, quietParams());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 3000});
        QVERIFY(!allowsMateInOne(pos, r.bestMove));
        // Once the mating reply is found a losing move's value turns negative and the search
        // spends its visits elsewhere.
        int losingVisits = 0, total = 0;
        for (size_t i = 0; i < r.moves.size(); ++i) {
            total += r.visits[i];
            if (!allowsMateInOne(pos, r.moves[i])) continue;
            losingVisits += r.visits[i];
            if (r.visits[i] > 20) QVERIFY2(r.q[i] < 0.0f, qPrintable(QString::number(r.q[i])));
        }
        QVERIFY2(losingVisits * 4 < total, qPrintable(QString::number(losingVisits)));
    }

    // The search checks every new leaf for a mate in one and the root for mating moves, so a
    // network that hides mates (prior ~0, level value) cannot make it miss or allow one.
    void takesMateInOneAgainstThePrior_data() { findsMateInOne_data(); }
    void takesMateInOneAgainstThePrior() {
        QFETCH(bool, flipped);
        Position pos = positionFromFen(kMateInOne);
        if (flipped) pos = colourFlipped(pos);
        MisleadingEvaluator ev;
        MctsParams p = quietParams();
        p.temperaturePlies = 100;  // even when sampling, a mate in one is played
        MctsSearch s(ev, p);
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 24});
        QVERIFY(winsAtOnce(pos, r.bestMove));
        QCOMPARE(r.chosenMove, r.bestMove);
        for (size_t i = 0; i < r.moves.size(); ++i)
            if (r.moves[i] == r.bestMove) QCOMPARE(r.q[i], 1.0f);
    }
    // Stalemate (困毙) loses too: a quiet move that leaves the opponent no legal move wins at
    // once, and the search must see it as it sees a mate (Ra1-a9: d9 is covered, e10 faces the
    // red king; the d6 pawn blocks the mate Ra1-d1).
    void takesStalemateInOne() {
        const Position pos = positionFromFen("3k5/9/9/9/3P5/9/9/9/9/R3K4 w - - 0 1");
        MoveList legal;
        pos.legalMoves(legal);
        int stalemates = 0, mates = 0;
        for (Move m : legal) {
            Position q = pos;
            q.makeMove(m);
            stalemates += gameStatus(q).reason == Reason::Stalemate;
            mates += gameStatus(q).reason == Reason::Checkmate;
        }
        QCOMPARE(stalemates, 1);
        QCOMPARE(mates, 0);
        MisleadingEvaluator ev;
        MctsSearch s(ev, quietParams());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 4});
        Position after = pos;
        after.makeMove(r.bestMove);
        QCOMPARE(gameStatus(after).reason, Reason::Stalemate);
    }
    // The mate probes: a mate in three by checks, which the misleading network hides (checks
    // get almost no prior) and 16 simulations cannot find, is proven at once by the root's
    // probe and played to the end, through tree reuse, whatever the defender answers; the leaf
    // probe proves the defender's side of it.
    void probePlaysCheckingMateInThree() {
        std::mt19937_64 rng(11);
        Position start;
        bool have = false;
        for (int g = 0; g < 20 && !have; ++g) {
            Position pos;
            for (int ply = 0; ply < 150 && !gameStatus(pos).over(); ++ply) {
                Position probe = pos;
                if (ply >= 30 && findCheckingMate(probe, {}, 3, 0).moves == 3) {
                    start = pos;
                    have = true;
                    break;
                }
                MoveList moves;
                pos.legalMoves(moves);
                pos.makeMove(moves[size_t(rng() % moves.size())]);
            }
        }
        QVERIFY(have);
        MisleadingEvaluator ev0;
        const Color attacker = start.sideToMove();

        // The leaf probe: after the mate's first move every defence leaves a checking mate in
        // at most two, which each leaf sees at its first visit, so one visit per reply proves
        // the defender lost. With mates in one only at the leaves it is not proven: some reply
        // leaves no mate in one (else the first move would have been a mate in two).
        Position tmp = start;
        Position defending = start;
        defending.makeMove(findCheckingMate(tmp, {}, 3, 0).move);
        MoveList defences;
        defending.legalMoves(defences);
        MctsParams leafOnly = probesOff();
        leafOnly.leafMateSearchMoves = 3;
        leafOnly.batchSize = 1;
        MctsSearch leaf3(ev0, leafOnly);
        leaf3.setPosition(defending);
        QCOMPARE(leaf3.search({.simulations = defences.size() + 1}).rootProven, int8_t(-1));
        leafOnly.leafMateSearchMoves = 1;
        MctsSearch leaf1(ev0, leafOnly);
        leaf1.setPosition(defending);
        QCOMPARE(leaf1.search({.simulations = defences.size() + 1}).rootProven, int8_t(0));

        MisleadingEvaluator ev;
        MctsSearch plain(ev, probesOff());
        plain.setPosition(start);
        QCOMPARE(plain.search({.simulations = 16}).rootProven, int8_t(0));

        MctsSearch s(ev, quietParams());
        s.setPosition(start);
        Position now = start;
        for (int move = 0; move < 3; ++move) {
            const SearchResult r = s.search({.simulations = 16});
            QCOMPARE(r.rootProven, int8_t(1));
            now.makeMove(r.bestMove);
            s.advance(r.bestMove);
            if (gameStatus(now).over()) break;
            QVERIFY(now.inCheck());  // every move before the last gives check
            MoveList replies;
            now.legalMoves(replies);
            const Move reply = replies[size_t(rng() % replies.size())];
            now.makeMove(reply);
            s.advance(reply);
        }
        QCOMPARE(gameStatus(now).result, winnerResult(attacker));
    }
    // The solver: 1.Ra2-a8 (rank 8 closed; e9-d9 would face the red king) leaves Black only
    // Kf9, then Rb1-b9 mates. No red move mates at once, the misleading network never proposes
    // Ra8 (nor any check), and its value says "level" everywhere: the search finds the mate in
    // two through its only reply being Winning for Red, and the solver proves it: the move,
    // and the root, are marked won, and only true mates in two are.
    void solvesMateInTwo() {
        const Position pos = positionFromFen("4k4/9/9/9/9/9/9/R8/1R7/3K5 w - - 0 1");
        MoveList legal;
        pos.legalMoves(legal);
        int mateInTwo = 0;
        for (Move m : legal) {
            QVERIFY(!winsAtOnce(pos, m));
            mateInTwo += forcesMateInTwo(pos, m);
        }
        QVERIFY(mateInTwo >= 1);
        MisleadingEvaluator ev;
        // The solver alone (1.Ra8 is no check, but the root's mate probe must not help either).
        MctsSearch s(ev, probesOff());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 200});
        QVERIFY2(forcesMateInTwo(pos, r.bestMove),
                 qPrintable(QString::fromStdString(toIccs(r.bestMove))));
        QCOMPARE(r.rootProven, int8_t(1));
        for (size_t i = 0; i < r.moves.size(); ++i) {
            // Only true mates in two may be called won; the best move is one of them.
            if (r.proven[i] > 0) QVERIFY(forcesMateInTwo(pos, r.moves[i]));
            if (r.moves[i] == r.bestMove) QCOMPARE(r.proven[i], int8_t(1));
        }
        // Black to move after 1.Ra8: every move (Kf9 only) lets Red mate: the root is lost.
        Position after = pos;
        after.makeMove(r.bestMove);
        MctsSearch b(ev, quietParams());
        b.setPosition(after);
        const SearchResult rb = b.search({.simulations = 8});
        QCOMPARE(rb.rootProven, int8_t(-1));
        for (int8_t v : rb.proven) QCOMPARE(v, int8_t(-1));
        // Tree reuse keeps the proof: after Black's reply the mate is played at once.
        s.advance(r.bestMove);
        Position now = after;
        MoveList replies;
        now.legalMoves(replies);
        QVERIFY(replies.size() >= 1);
        s.advance(replies[0]);
        now.makeMove(replies[0]);
        const SearchResult r2 = s.search({.simulations = 8});
        QVERIFY(winsAtOnce(now, r2.bestMove));
    }
    void seesMateInOneRepliesAgainstThePrior() {
        const Position pos = positionFromFen(kAvoidMate);
        MisleadingEvaluator ev;
        MctsSearch s(ev, quietParams());
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 64});
        QVERIFY(!allowsMateInOne(pos, r.bestMove));
        // Every visited move that allows a mate is known lost after one visit: exactly -1,
        // found without asking the network about the position after it.
        int lostVisited = 0;
        for (size_t i = 0; i < r.moves.size(); ++i) {
            if (!allowsMateInOne(pos, r.moves[i]) || r.visits[i] == 0) continue;
            ++lostVisited;
            QCOMPARE(r.q[i], -1.0f);
        }
        QVERIFY(lostVisited >= 3);
        QVERIFY(ev.positions < 64);
        // Sampling with tau = 1 never plays a known loss: pi leaves them out.
        MctsParams p = quietParams();
        p.temperaturePlies = 100;
        MisleadingEvaluator ev2;
        MctsSearch sampled(ev2, p);
        sampled.setPosition(pos);
        const SearchResult rs = sampled.search({.simulations = 64});
        for (size_t i = 0; i < rs.moves.size(); ++i)
            if (allowsMateInOne(pos, rs.moves[i])) QCOMPARE(rs.pi[i], 0.0f);
        QVERIFY(!allowsMateInOne(pos, rs.chosenMove));
        // Tree reuse: after a losing move the new root is the side that mates; it mates.
        MoveList legal;
        pos.legalMoves(legal);
        Move losing;
        for (Move m : legal)
            if (allowsMateInOne(pos, m)) losing = m;
        s.advance(losing);
        Position after = pos;
        after.makeMove(losing);
        const SearchResult r2 = s.search({.simulations = 16});
        QVERIFY(winsAtOnce(after, r2.bestMove));
    }

    void piSumsToOneOverLegalMoves_data() {
        QTest::addColumn<int>("temperaturePlies");
        QTest::newRow("tau 1") << 100;
        QTest::newRow("tau 0") << 0;
    }
    void piSumsToOneOverLegalMoves() {
        QFETCH(int, temperaturePlies);
        nn::RandomEvaluator ev(7);
        MctsParams p = quietParams();
        p.temperaturePlies = temperaturePlies;
        p.addNoise = true;
        MctsSearch s(ev, p);
        Position pos;
        pos.makeMove(Move(makeSquare(7, 2), makeSquare(4, 2)));  // h2e2
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 300});
        MoveList legal;
        pos.legalMoves(legal);
        QCOMPARE(int(r.moves.size()), legal.size());
        QCOMPARE(int(r.pi.size()), legal.size());
        std::set<uint16_t> seen;
        double sum = 0;
        for (size_t i = 0; i < r.moves.size(); ++i) {
            QVERIFY(legal.contains(r.moves[i]));
            QVERIFY(seen.insert(r.moves[i].raw()).second);
            QVERIFY(r.pi[i] >= 0.0f);
            sum += r.pi[i];
        }
        QVERIFY(std::abs(sum - 1.0) < 1e-5);
        int visits = 0;
        for (int v : r.visits) visits += v;
        QCOMPARE(visits + 1, r.rootVisits);  // the root's own expansion is one visit
        if (temperaturePlies == 0) {
            QCOMPARE(r.chosenMove, r.bestMove);
        } else {
            // tau = 1: pi is the visit distribution.
            for (size_t i = 0; i < r.moves.size(); ++i)
                QVERIFY(std::abs(r.pi[i] - float(r.visits[i]) / visits) < 1e-5f);
        }
    }

    // Forced playouts (MctsParams::forcedPlayoutK, with root noise only): every root move with
    // a prior gets at least floor(sqrt(k P N)) visits; the training target takes forced visits
    // back from the moves other than the best, never from the best, never adds any, and a move
    // left with one visit drops out. Off (k = 0) or without noise, the target is the visits.
    void forcedPlayoutsAndTargetPruning() {
        nn::RandomEvaluator ev(11);
        auto search = [&](float k, bool noise) {
            MctsParams p = quietParams();
            p.addNoise = noise;
            p.forcedPlayoutK = k;
            MctsSearch s(ev, p);
            return s.search({.simulations = 400});
        };
        const SearchResult off = search(0, true), forced = search(2, true),
                           quiet = search(2, false);
        QCOMPARE(off.targetVisits, off.visits);
        QCOMPARE(quiet.targetVisits, quiet.visits);
        const int n = int(forced.moves.size());
        int bestIdx = 0, total = 0;
        for (int i = 0; i < n; ++i) {
            total += forced.visits[size_t(i)];
            if (forced.moves[size_t(i)] == forced.bestMove) bestIdx = i;
        }
        int pruned = 0, minForcedShortfall = 0;
        for (int i = 0; i < n; ++i) {
            const int v = forced.visits[size_t(i)], t = forced.targetVisits[size_t(i)];
            // Forced to at least sqrt(2 P N) minus the one visit of the last descent in flight.
            const int floorVisits = int(std::sqrt(2.0 * forced.priors[size_t(i)] * total)) - 1;
            minForcedShortfall = std::min(minForcedShortfall, v - floorVisits);
            QVERIFY(t <= v);
            QVERIFY(t != 1);
            if (i == bestIdx) QCOMPARE(t, v);
            pruned += v - t;
        }
        QVERIFY2(minForcedShortfall >= 0, qPrintable(QString::number(minForcedShortfall)));
        QVERIFY2(pruned > 0, "nothing was pruned");
        // Without forcing, low-prior moves get fewer visits: forcing spread them.
        int zeroOff = 0, zeroForced = 0;
        for (int v : off.visits) zeroOff += v == 0;
        for (int v : forced.visits) zeroForced += v == 0;
        QVERIFY2(zeroForced <= zeroOff, qPrintable(QString("%1 %2").arg(zeroForced).arg(zeroOff)));
    }

    // policyTemperature T: the root's priors are the network's P^(1/T), renormalised.
    void policyTemperatureShapesPriors() {
        nn::RandomEvaluator ev(7);
        auto priorsAt = [&](float t) {
            MctsParams p = quietParams();
            p.policyTemperature = t;
            MctsSearch s(ev, p);
            return s.search({.simulations = 20});
        };
        const SearchResult plain = priorsAt(1.0f), flat = priorsAt(2.0f), sharp = priorsAt(0.5f);
        QCOMPARE(plain.moves, flat.moves);
        double sumSqrt = 0, sumSquare = 0;
        for (float q : plain.priors) {
            sumSqrt += std::sqrt(double(q));
            sumSquare += double(q) * q;
        }
        float maxPlain = 0, maxFlat = 0;
        for (size_t i = 0; i < plain.priors.size(); ++i) {
            QVERIFY(std::abs(flat.priors[i] - std::sqrt(plain.priors[i]) / sumSqrt) < 1e-5);
            QVERIFY(std::abs(sharp.priors[i] - plain.priors[i] * plain.priors[i] / sumSquare) <
                    1e-5);
            maxPlain = std::max(maxPlain, plain.priors[i]);
            maxFlat = std::max(maxFlat, flat.priors[i]);
        }
        QVERIFY(maxFlat < maxPlain);  // flatter: the favourite loses prior
    }

    void deterministicWithOneThreadAndSeed() {
        auto run = [](uint64_t seed) {
            nn::RandomEvaluator ev(3);
            MctsParams p = quietParams();
            p.addNoise = true;
            p.temperaturePlies = 30;
            p.seed = seed;
            MctsSearch s(ev, p);
            return s.search({.simulations = 500});
        };
        const SearchResult a = run(11), b = run(11), c = run(12);
        QCOMPARE(a.visits, b.visits);
        QCOMPARE(a.chosenMove, b.chosenMove);
        QCOMPARE(a.rootValue, b.rootValue);
        QCOMPARE(a.pv, b.pv);
        QVERIFY(a.visits != c.visits || a.priors != c.priors);  // the seed matters (noise)
    }

    void treeReuseKeepsSubtree() {
        nn::RandomEvaluator ev(5);
        MctsSearch s(ev, quietParams());
        const SearchResult r = s.search({.simulations = 600});
        int kept = 0;
        for (size_t i = 0; i < r.moves.size(); ++i)
            if (r.moves[i] == r.bestMove) kept = r.visits[i];
        QVERIFY(kept > 1);
        const SearchSnapshot before = s.snapshot(2);
        QVERIFY(s.advance(r.bestMove));
        const SearchSnapshot after = s.snapshot(1);
        QCOMPARE(after.rootVisits, kept);
        // The grandchildren statistics under the chosen move survive unchanged.
        const SnapshotNode* chosen = nullptr;
        for (const SnapshotNode& c : before.children)
            if (c.move == r.bestMove) chosen = &c;
        QVERIFY(chosen);
        for (const SnapshotNode& g : chosen->children) {
            bool found = false;
            for (const SnapshotNode& c : after.children)
                if (c.move == g.move) {
                    found = true;
                    QCOMPARE(c.visits, g.visits);
                    QCOMPARE(c.q, g.q);
                }
            QVERIFY(found);
        }
        const SearchResult r2 = s.search({.simulations = 200});
        QCOMPARE(r2.reusedVisits, kept);
        QCOMPARE(r2.rootVisits, kept + 200);
        // networkValue is the evaluator's value of the root, fresh or reused, not the search's.
        QCOMPARE(r.networkValue, ev.valueFor(Position().key()));
        QCOMPARE(r2.networkValue, ev.valueFor(s.position().key()));
        QVERIFY(r2.networkValue != r2.rootValue);
        // A move never searched starts an empty tree.
        Position p = s.position();
        MoveList legal;
        p.legalMoves(legal);
        Move unvisited;
        for (size_t i = 0; i < r2.moves.size(); ++i)
            if (r2.visits[i] == 0) unvisited = r2.moves[i];
        if (unvisited) {
            QVERIFY(!s.advance(unvisited));
            QCOMPARE(s.snapshot().rootVisits, 0);
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.advance(Move(0, 89)));
    }

    // countReusedVisits: the root ends with the budget's visits and only the missing ones are
    // new, but never fewer new than a quarter of the budget. Both drivers agree.
    void countedReuseTopsUpTheRoot() {
        nn::RandomEvaluator ev(5);
        MctsSearch s(ev, quietParams());
        const SearchResult r = s.search({.simulations = 400});
        int kept = 0;
        for (size_t i = 0; i < r.moves.size(); ++i)
            if (r.moves[i] == r.bestMove) kept = r.visits[i];
        QVERIFY(kept > 8);
        QVERIFY(s.advance(r.bestMove));
        // Budget above the reused visits (and new ones above a quarter of it): topped up.
        const int budget = kept + kept / 2;
        const SearchResult r2 = s.search({.simulations = budget, .countReusedVisits = true});
        QCOMPARE(r2.reusedVisits, kept);
        QCOMPARE(r2.simulations, budget - kept);
        QCOMPARE(r2.rootVisits, budget);
        // More reused visits than the budget: a quarter of it is still searched anew.
        const SearchResult r3 = s.search({.simulations = 40, .countReusedVisits = true});
        QCOMPARE(r3.simulations, 10);
        QCOMPARE(r3.rootVisits, budget + 10);
        // Without the flag the budget is all new.
        const SearchResult r4 = s.search({.simulations = 50});
        QCOMPARE(r4.simulations, 50);

        MultiSearch multi(ev, quietParams(), 1);
        multi.addGame(Position(), 1);
        multi.startSearch(0, {.simulations = 400});
        multi.run();
        const SearchResult m1 = multi.result(0);
        int keptM = 0;
        for (size_t i = 0; i < m1.moves.size(); ++i)
            if (m1.moves[i] == m1.bestMove) keptM = m1.visits[i];
        QVERIFY(multi.advance(0, m1.bestMove));
        QVERIFY(keptM > 8);
        multi.startSearch(0, {.simulations = keptM + keptM / 2, .countReusedVisits = true});
        multi.run();
        QCOMPARE(multi.result(0).reusedVisits, keptM);
        QCOMPARE(multi.result(0).simulations, keptM / 2);
        QCOMPARE(multi.result(0).rootVisits, keptM + keptM / 2);
    }

    // One gather under virtual loss spreads over distinct leaves.
    void virtualLossSpreadsLeaves() {
        nn::UniformEvaluator ev;
        MctsTree tree(quietParams());
        std::vector<LeafSlot> leafSlots;
        GatherCounts c = tree.gather(1, 1, leafSlots, 0);
        QCOMPARE(c.leaves, 1);
        nn::EvalOutput out;
        nn::EvalInput in = leafSlots[0].input();
        ev.evaluate({&in, 1}, {&out, 1});
        tree.expand(leafSlots[0], out);
        c = tree.gather(16, 16, leafSlots, 0);
        QCOMPARE(c.leaves, 16);
        std::set<const Node*> leaves;
        for (int i = 0; i < c.leaves; ++i) leaves.insert(leafSlots[i].path.back());
        QCOMPARE(int(leaves.size()), 16);
        QCOMPARE(tree.root()->virtualLoss, 16);
        for (int i = 0; i < c.leaves; ++i) tree.cancel(leafSlots[i]);
        QCOMPARE(tree.root()->virtualLoss, 0);
    }

    void terminalRoot() {
        Position pos = positionFromFen(kMateInOne);
        MoveList legal;
        pos.legalMoves(legal);
        for (Move m : legal)
            if (isMate(pos, m)) {
                pos.makeMove(m);
                break;
            }
        QCOMPARE(gameStatus(pos).reason, Reason::Checkmate);
        nn::UniformEvaluator ev;
        MctsSearch s(ev);
        s.setPosition(pos);
        const SearchResult r = s.search({.simulations = 100});
        QVERIFY(r.rootStatus.over());
        QVERIFY(r.moves.empty());
        QCOMPARE(r.rootValue, -1.0f);  // mated: lost for the side to move
        QCOMPARE(ev.positionsEvaluated(), uint64_t(0));
    }

    // A perpetual chase ends the game inside the tree as it does in play (gameStatus() judges
    // every leaf): Black completes Red's third chase cycle and wins at once. With the rule
    // off the same move is only a draw by repetition, worth no more than other moves.
    void perpetualChaseEndsTheGameInTheTree() {
        // tests/xiangqi/test_chase.cpp, "rook chases cannon": seven plies of the two cycles.
        Position pos = positionFromFen("5k3/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1");
        QCOMPARE(xqtest::play(pos, {"c2b2", "b7c7", "b2c2", "c7b7", "c2b2", "b7c7", "b2c2"}),
                 std::string());
        for (bool rule : {true, false}) {
            MctsParams p = quietParams();
            p.rules.perpetualChase = rule;
            nn::UniformEvaluator ev;
            MctsSearch s(ev, p);
            s.setPosition(pos);
            const SearchResult r = s.search({.simulations = 200});
            const auto it = std::find(r.moves.begin(), r.moves.end(), Move(parseSquare("c7"),
                                                                           parseSquare("b7")));
            QVERIFY(it != r.moves.end());
            const float q = r.q[size_t(it - r.moves.begin())];
            if (rule) {
                QCOMPARE(toIccs(r.bestMove), std::string("c7b7"));
                QCOMPARE(q, 1.0f);  // a won terminal for Black
            } else {
                QCOMPARE(q, 0.0f);  // a repetition draw
            }
        }
    }

    void terminalValues() {
        QCOMPARE(terminalValue({Result::RedWins, Reason::Checkmate}, Red), 1.0f);
        QCOMPARE(terminalValue({Result::RedWins, Reason::PerpetualCheck}, Black), -1.0f);
        QCOMPARE(terminalValue({Result::BlackWins, Reason::PerpetualChase}, Red), -1.0f);
        QCOMPARE(terminalValue({Result::BlackWins, Reason::Checkmate}, Black), 1.0f);
        QCOMPARE(terminalValue({Result::Draw, Reason::Rule60}, Red), 0.0f);
    }

    void multiGameEqualsSeparateSearches() {
        const char* fens[] = {
            Position::kStartFen, kAvoidMate, kMateInOne,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"};
        MctsParams p = quietParams();
        p.batchSize = 4;
        p.addNoise = true;
        p.temperaturePlies = 100;
        nn::RandomEvaluator ev(9);
        const SearchLimits lim{.simulations = 250};
        std::vector<SearchResult> separate;
        for (int g = 0; g < 4; ++g) {
            MctsParams pg = p;
            pg.seed = 100 + g;
            MctsSearch s(ev, pg);
            s.setPosition(positionFromFen(fens[g]));
            separate.push_back(s.search(lim));
        }
        MultiSearch multi(ev, p, p.batchSize);
        for (int g = 0; g < 4; ++g) multi.addGame(positionFromFen(fens[g]), 100 + g);
        for (int g = 0; g < 4; ++g) multi.startSearch(g, lim);
        int finished = 0;
        multi.run([&](int g, const SearchResult& r) {
            ++finished;
            QCOMPARE(r.visits, separate[g].visits);
            QCOMPARE(r.priors, separate[g].priors);
            QCOMPARE(r.rootValue, separate[g].rootValue);
            QCOMPARE(r.chosenMove, separate[g].chosenMove);
            QCOMPARE(r.simulations, separate[g].simulations);
        });
        QCOMPARE(finished, 4);
        // Batches really were shared: fewer evaluator calls than rounds x games.
        QVERIFY(multi.stats().evaluations > multi.stats().rounds);
    }

    // Self-play shape: the done callback plays the move and restarts the search (tree reuse).
    void multiGameCallbackPlaysOn() {
        nn::RandomEvaluator ev(2);
        MctsParams p = quietParams();
        p.temperaturePlies = 4;
        MultiSearch multi(ev, p, 1);
        for (int g = 0; g < 6; ++g) multi.addGame(Position(), g);
        for (int g = 0; g < 6; ++g) multi.startSearch(g, {.simulations = 60});
        std::vector<int> plies(6, 0);
        multi.run([&](int g, const SearchResult& r) {
            QVERIFY(r.chosenMove);
            multi.advance(g, r.chosenMove);
            if (++plies[g] < 5) multi.startSearch(g, {.simulations = 60});
        });
        for (int g = 0; g < 6; ++g) {
            QCOMPARE(plies[g], 5);
            QCOMPARE(multi.tree(g).rootPosition().gamePly(), 5);
        }
        QCOMPARE(multi.stats().searches, uint64_t(30));
        // One evaluator call per round with one leaf from each game still searching.
        QVERIFY(double(multi.stats().evaluations) / multi.stats().rounds > 4.0);
    }

    // Several trees (a multi-game driver, a 2-thread search, a 1-thread search) on three
    // threads share one InferenceServer. The fake's output does not depend on how requests are
    // batched, so the single-threaded drivers must match the same searches run directly.
    void treesShareInferenceServer() {
        auto ev = std::make_shared<nn::RandomEvaluator>(8);
        MctsParams p = quietParams();
        p.addNoise = true;
        const char* fens[] = {Position::kStartFen, kAvoidMate, kMateInOne};
        auto runMulti = [&](nn::Evaluator& e) {
            MultiSearch m(e, p, 2);
            for (int g = 0; g < 3; ++g) m.addGame(positionFromFen(fens[g]), 50 + g);
            for (int g = 0; g < 3; ++g) m.startSearch(g, {.simulations = 200});
            m.run();
            std::vector<std::vector<int>> v;
            for (int g = 0; g < 3; ++g) v.push_back(m.result(g).visits);
            return v;
        };
        auto runSingle = [&](nn::Evaluator& e, int threads) {
            MctsParams q = p;
            q.threads = threads;
            MctsSearch s(e, q);
            s.setPosition(positionFromFen(kAvoidMate));
            return s.search({.simulations = 300});
        };
        const auto multiDirect = runMulti(*ev);
        const SearchResult singleDirect = runSingle(*ev, 1);

        nn::InferenceServer server(ev, {.maxBatch = 32, .maxWait = std::chrono::microseconds(300)});
        std::vector<std::vector<int>> multiServed;
        SearchResult singleServed, threaded;
        std::thread a([&] { multiServed = runMulti(server); });
        std::thread b([&] { threaded = runSingle(server, 2); });
        std::thread c([&] { singleServed = runSingle(server, 1); });
        a.join();
        b.join();
        c.join();
        QCOMPARE(multiServed, multiDirect);
        QCOMPARE(singleServed.visits, singleDirect.visits);
        QCOMPARE(threaded.simulations, 300);
        QCOMPARE(threaded.rootVisits, 300);
        QVERIFY(server.stats().meanBatch() > 1.0);
    }

    void snapshotWhileSearching() {
        // The test lets the search evaluate one batch per snapshot and waits until it took it,
        // so 20 snapshots are taken while it runs and it has made progress between them,
        // however the machine schedules the threads.
        nn::RandomEvaluator inner(4);
        nn::LockstepEvaluator ev(inner);
        MctsParams p = quietParams();
        p.threads = 3;
        MctsSearch s(ev, p);
        s.start({.simulations = 3000});
        int snapshots = 0, lastVisits = 0;
        while (s.running()) {
            const SearchSnapshot snap = s.snapshot(3);
            int childVisits = 0;
            for (const SnapshotNode& c : snap.children) {
                childVisits += c.visits;
                QVERIFY(c.prior >= 0 && c.prior <= 1);
                QVERIFY(std::isfinite(c.q) && std::isfinite(c.u));
                QVERIFY(!c.pv.empty() && c.pv.front() == c.move);
            }
            QVERIFY(snap.rootVisits >= lastVisits);
            if (snap.rootVisits > 0) QCOMPARE(childVisits + 1, snap.rootVisits);
            lastVisits = snap.rootVisits;
            ++snapshots;
            if (snapshots == 20) {
                s.stop();  // stop() from another thread ends it early
                ev.open();
            } else if (snapshots < 20) {
                const int before = ev.calls();
                ev.allow(1);
                QVERIFY(ev.waitForCalls(before + 1));
            }
        }
        const SearchResult r = s.wait();
        QVERIFY(snapshots >= 20);
        QVERIFY(r.simulations > 0);
        QVERIFY(r.simulations < 3000);  // stopped early
        QCOMPARE(r.rootVisits, r.simulations);
        // Everything in flight was backed up: no virtual loss is left anywhere at the root.
        for (const SnapshotNode& c : s.snapshot().children) QCOMPARE(c.inFlight, 0);
    }

    void severalThreadsReachTheBudget() {
        nn::RandomEvaluator ev(6);
        MctsParams p = quietParams();
        p.threads = 4;
        MctsSearch s(ev, p);
        const SearchResult r = s.search({.simulations = 2000});
        QCOMPARE(r.simulations, 2000);
        QCOMPARE(r.rootVisits, 2000);
        QVERIFY(r.bestMove);
    }

    void timeLimit() {
        // Only the time limit can end this search: it has no simulation budget. Each network
        // call sleeps at least 300 us, so before 0.2 s a thread can start at most
        // 0.2 / 0.0003 + 1 calls; a search that made twice as many ran past its limit, and the
        // guard stops it there (a broken limit fails here instead of hanging the test).
        nn::RandomEvaluator inner(4);
        nn::SlowEvaluator slow(inner, 300);
        const MctsParams p = quietParams();
        const int allowed = std::max(1, p.threads) * (int(0.2 / 0.0003) + 1);
        MctsSearch* search = nullptr;
        nn::CallLimitEvaluator ev(slow, 2 * allowed, [&] { search->stop(); });
        MctsSearch s(ev, p);
        search = &s;
        const SearchResult r = s.search({.simulations = 0, .seconds = 0.2});
        QVERIFY2(
            !ev.reached(),
            qPrintable(QString("%1 network calls: the search ran past its 0.2 s").arg(ev.calls())));
        QVERIFY2(r.seconds >= 0.2,
                 qPrintable(QString::number(r.seconds)));  // nor stopped before it
        QVERIFY(r.simulations > 0);
    }

    void evaluatorFailureIsReported() {
        FailingEvaluator ev(3);
        MctsSearch s(ev, quietParams());
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, s.search({.simulations = 200}));
        // The tree stays usable: no pending leaves, virtual loss undone.
        const SearchSnapshot snap = s.snapshot();
        for (const SnapshotNode& c : snap.children) QCOMPARE(c.inFlight, 0);
        const SearchResult r = s.search({.simulations = 50});
        QCOMPARE(r.simulations, 50);
    }
};

QTEST_GUILESS_MAIN(TestMcts)
#include "test_mcts.moc"
