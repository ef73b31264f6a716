// The Gumbel search (MctsParams::Kind::Gumbel) on the fake evaluators: Sequential Halving
// spends the budget on the considered moves in the paper's shape, the policy target is the
// improved policy softmax(log P + sigma(completed Q)), proven wins and losses still decide,
// noise off is deterministic, and the multi-game driver searches exactly as one search does.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "core/nn/fake_evaluators.h"
#include "core/search/mcts_multi.h"
#include "core/search/mcts_search.h"
#include "core/search/mcts_snapshot.h"
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

MctsParams gumbelParams(bool noise, uint64_t seed = 1) {
    MctsParams p;
    p.kind = MctsParams::Kind::Gumbel;
    p.batchSize = 1;
    p.addNoise = noise;
    p.seed = seed;
    return p;
}


}  // namespace

class TestGumbel : public QObject {
    Q_OBJECT
private slots:
    // 16 considered moves and 64 simulations for them (one more expands the root): phases of
    // 16 x 1, 8 x 2, 4 x 4 and 2 x 8 visits, so the moves end with 15, 15, 7, 7, 3 (x4) and
    // 1 (x8) visits, and the move played is one of the two survivors.
    void sequentialHalvingHasThePapersShape() {
        nn::RandomEvaluator ev(3);
        MctsSearch s(ev, gumbelParams(true, 7));
        s.setPosition(Position());
        const SearchResult r = s.search({.simulations = 65});
        QCOMPARE(r.simulations, 65);
        std::vector<int> visits = r.visits;
        std::sort(visits.rbegin(), visits.rend());
        std::vector<int> expected{15, 15, 7, 7, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};
        expected.resize(visits.size(), 0);
        QCOMPARE(visits, expected);
        const auto played = std::find(r.moves.begin(), r.moves.end(), r.chosenMove) - r.moves.begin();
        QCOMPARE(r.visits[size_t(played)], 15);
        QCOMPARE(r.chosenMove, r.bestMove);
        QCOMPARE(r.pv.front(), r.chosenMove);
    }

    // Fewer legal moves than gumbelConsidered: all are considered; m = 1 gives every
    // simulation to the one move.
    void fewMovesAndOneConsidered() {
        nn::RandomEvaluator ev(5);
        MctsParams p = gumbelParams(true, 3);
        p.gumbelConsidered = 1;
        MctsSearch s(ev, p);
        s.setPosition(Position());
        const SearchResult r = s.search({.simulations = 20});
        int visited = 0;
        for (int v : r.visits) visited += v > 0;
        QCOMPARE(visited, 1);
        QCOMPARE(*std::max_element(r.visits.begin(), r.visits.end()), 19);
    }

    // pi is softmax(log P + sigma(Q completed)): every unvisited move keeps its prior's share
    // times one common factor, and among visited moves pi / P rises with Q.
    void targetIsTheImprovedPolicy() {
        nn::RandomEvaluator ev(11);
        MctsSearch s(ev, gumbelParams(true, 5));
        s.setPosition(Position());
        const SearchResult r = s.search({.simulations = 40});
        const size_t n = r.moves.size();
        QCOMPARE(r.pi.size(), n);
        QCOMPARE(r.targetVisits.size(), n);
        double sum = 0;
        for (size_t i = 0; i < n; ++i) {
            sum += r.pi[i];
            QVERIFY(std::abs(r.targetVisits[i] - r.pi[i] * MctsTree::kGumbelTargetScale) <= 0.5f + 1e-3f);
        }
        QVERIFY(std::abs(sum - 1.0) < 1e-4);
        double unvisitedRatio = -1;
        std::vector<std::pair<float, double>> visited;  // (q, pi / P)
        for (size_t i = 0; i < n; ++i) {
            const double ratio = r.pi[i] / r.priors[i];
            if (r.visits[i] == 0) {
                if (unvisitedRatio < 0) unvisitedRatio = ratio;
                QVERIFY2(std::abs(ratio / unvisitedRatio - 1) < 1e-3, qPrintable(QString::number(ratio)));
            } else {
                visited.push_back({r.q[i], ratio});
            }
        }
        QVERIFY(unvisitedRatio > 0 && visited.size() >= 8);
        std::sort(visited.begin(), visited.end());
        for (size_t i = 1; i < visited.size(); ++i)
            if (visited[i].first > visited[i - 1].first + 1e-6f)
                QVERIFY2(visited[i].second > visited[i - 1].second,
                         qPrintable(QString("q %1 > %2 but pi/P %3 <= %4")
                                        .arg(visited[i].first)
                                        .arg(visited[i - 1].first)
                                        .arg(visited[i].second)
                                        .arg(visited[i - 1].second)));
        // The target moves mass toward the best searched move relative to the prior.
        const auto bestQ = std::max_element(visited.begin(), visited.end());
        QVERIFY(bestQ->second > unvisitedRatio || bestQ->first <= 0);
    }

    // sigma(completed Q) spans exactly (gumbelCVisit + max N) x gumbelCScale: the completed Q
    // values are rescaled to [0, 1], so the improved policy's log(pi / P) runs from 0 at the
    // worst move to that scale at the best. Doubling the scale doubles the spread.
    void sigmaSpanIsTheConfiguredScale() {
        nn::RandomEvaluator ev(13);
        for (float cScale : {0.1f, 0.2f, 0.5f}) {
            MctsParams p = gumbelParams(false);
            p.gumbelCScale = cScale;
            MctsSearch s(ev, p);
            s.setPosition(Position());
            const SearchResult r = s.search({.simulations = 40});
            double lo = 1e30, hi = -1e30;
            for (size_t i = 0; i < r.moves.size(); ++i) {
                const double logRatio = std::log(double(r.pi[i]) / double(r.priors[i]));
                lo = std::min(lo, logRatio);
                hi = std::max(hi, logRatio);
            }
            const int maxN = *std::max_element(r.visits.begin(), r.visits.end());
            const double expected = (double(p.gumbelCVisit) + maxN) * double(cScale);
            QVERIFY2(std::abs((hi - lo) - expected) < 1e-3 * expected,
                     qPrintable(QString("scale %1: spread %2, expected %3")
                                    .arg(cScale)
                                    .arg(hi - lo)
                                    .arg(expected)));
        }
    }

    // Proven results decide as in PUCT: the mate in one is played at any budget and noise.
    void playsMateInOne() {
        nn::UniformEvaluator ev;
        for (uint64_t seed = 1; seed <= 8; ++seed)
            for (int sims : {2, 8, 32}) {
                MctsSearch s(ev, gumbelParams(true, seed));
                s.setPosition(positionFromFen(kMateInOne));
                const SearchResult r = s.search({.simulations = sims});
                QVERIFY2(winsAtOnce(positionFromFen(kMateInOne), r.chosenMove),
                         qPrintable(QString("seed %1, %2 simulations").arg(seed).arg(sims)));
            }
    }

    // Moves that let the opponent mate at once are proven losses once searched: the survivor
    // is never one of them.
    void avoidsMovesThatAllowMate() {
        nn::UniformEvaluator ev;
        const Position pos = positionFromFen(kAvoidMate);
        // Also when Q barely counts (sigma ~ 0, the noise alone ranks): a proven loss is
        // dropped from the halving, not only outscored.
        for (float cScale : {0.1f, 1e-6f})
            for (uint64_t seed = 1; seed <= 6; ++seed) {
                MctsParams p = gumbelParams(true, seed);
                p.gumbelCScale = cScale;
                MctsSearch s(ev, p);
                s.setPosition(pos);
                const SearchResult r = s.search({.simulations = 64});
                QVERIFY2(!allowsMateInOne(pos, r.chosenMove),
                         qPrintable(QString("seed %1, c_scale %2").arg(seed).arg(cScale)));
            }
    }

    // Without noise (evaluation) the search is a function of the position; with noise, of the
    // seed; different seeds consider different moves.
    void determinism() {
        nn::RandomEvaluator ev(2);
        auto run = [&](bool noise, uint64_t seed) {
            MctsSearch s(ev, gumbelParams(noise, seed));
            s.setPosition(Position());
            return s.search({.simulations = 48});
        };
        QCOMPARE(run(false, 1).visits, run(false, 99).visits);
        QCOMPARE(run(true, 4).visits, run(true, 4).visits);
        bool differ = false;
        for (uint64_t seed = 5; seed < 12 && !differ; ++seed) differ = run(true, seed).visits != run(true, 4).visits;
        QVERIFY(differ);
    }

    // The multi-game driver (self-play) searches each game exactly as a separate search with
    // the same seed and budget, tree reuse across moves included.
    void multiGameEqualsSeparateSearches() {
        const char* fens[] = {Position::kStartFen, kAvoidMate,
                              "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"};
        nn::RandomEvaluator ev(9);
        const SearchLimits lim{.simulations = 40};
        std::vector<std::vector<SearchResult>> separate(3);
        for (int g = 0; g < 3; ++g) {
            MctsSearch s(ev, gumbelParams(true, 100 + g));
            s.setPosition(positionFromFen(fens[g]));
            for (int move = 0; move < 3; ++move) {
                separate[size_t(g)].push_back(s.search(lim));
                s.advance(separate[size_t(g)].back().chosenMove);
            }
        }
        MultiSearch multi(ev, gumbelParams(true), 1);
        for (int g = 0; g < 3; ++g) multi.addGame(positionFromFen(fens[g]), 100 + g);
        for (int g = 0; g < 3; ++g) multi.startSearch(g, lim);
        std::vector<int> moves(3, 0);
        multi.run([&](int g, const SearchResult& r) {
            const SearchResult& want = separate[size_t(g)][size_t(moves[size_t(g)])];
            QCOMPARE(r.visits, want.visits);
            QCOMPARE(r.pi, want.pi);
            QCOMPARE(r.chosenMove, want.chosenMove);
            if (++moves[size_t(g)] < 3) {
                multi.advance(g, r.chosenMove);
                multi.startSearch(g, lim);
            }
        });
        QCOMPARE(moves, std::vector<int>(3, 3));
    }

    // With tree reuse the halving counts this search's visits: the moves' new visits have the
    // same shape as in a fresh search, and the move played is a survivor of this search.
    void treeReuseHalvesTheNewVisits() {
        nn::RandomEvaluator ev(4);
        MctsSearch s(ev, gumbelParams(true, 2));
        s.setPosition(Position());
        const SearchResult first = s.search({.simulations = 65});
        s.advance(first.chosenMove);
        const SearchResult reply = s.search({.simulations = 65});
        s.advance(reply.chosenMove);  // the survivor's subtree comes along
        const SearchSnapshot before = s.snapshot(1);
        int reused = 0;
        for (const SnapshotNode& c : before.children) reused += c.visits;
        QVERIFY2(reused > 0, "the kept subtree had no visits below its root");
        const SearchResult again = s.search({.simulations = 64});
        QCOMPARE(again.simulations, 64);
        std::vector<int> added;
        int playedAdded = -1;
        for (size_t i = 0; i < again.moves.size(); ++i) {
            int old = 0;
            for (const SnapshotNode& c : before.children)
                if (c.move == again.moves[i]) old = c.visits;
            added.push_back(again.visits[i] - old);
            if (again.moves[i] == again.chosenMove) playedAdded = added.back();
        }
        std::vector<int> sorted = added;
        std::sort(sorted.rbegin(), sorted.rend());
        std::vector<int> expected{15, 15, 7, 7, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};
        expected.resize(sorted.size(), 0);
        QCOMPARE(sorted, expected);
        QCOMPARE(playedAdded, 15);
    }
};

QTEST_GUILESS_MAIN(TestGumbel)
#include "test_gumbel.moc"
