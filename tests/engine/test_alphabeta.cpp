// Alpha-beta: finds verified mates in 2 for both colours, never returns an illegal move,
// honours node limits, banned root moves and a stop from another thread, and its evaluation is
// colour-symmetric.
#include <QtTest>

#include <atomic>
#include <random>
#include <thread>

#include "core/search/alphabeta.h"
#include "core/search/alphabeta_eval.h"
#include "core/xiangqi/notation.h"
#include "tests/support/engine_test_util.h"

using namespace xq;
using namespace xq::search;

class TestAlphaBeta : public QObject {
    Q_OBJECT
private slots:
    void mateInTwo_data() {
        QTest::addColumn<QString>("fen");
        for (const char* f : enginetest::kMateIn2) {
            QTest::newRow(f) << QString(f);
            const std::string flipped = enginetest::flipFen(f);
            QTest::newRow(flipped.c_str()) << QString::fromStdString(flipped);
        }
    }
    void mateInTwo() {
        QFETCH(QString, fen);
        Position pos = positionFromFen(fen.toStdString());
        // The position really is a mate in 2 and not in 1 (independent brute force).
        QVERIFY(!enginetest::forcesMate(pos, 1));
        QVERIFY(enginetest::forcesMate(pos, 2));
        AlphaBeta ab;
        AbLimits lim;
        lim.depth = 6;
        std::vector<AbInfo> infos;
        const AbResult r = ab.search(pos, lim, nullptr, [&](const AbInfo& i) { infos.push_back(i); });
        QVERIFY(!r.best.isNull());
        QCOMPARE(r.score, kMate - 3);  // mate on the third ply
        QVERIFY(!infos.empty());
        QCOMPARE(infos.back().mateMoves(), 2);
        // The chosen move leaves the opponent mated within one more move whatever it does.
        QVERIFY(pos.isLegal(r.best));
        pos.makeMove(r.best);
        QVERIFY2(enginetest::losesWithin(pos, 1), toIccs(r.best).c_str());
    }

    void neverIllegal() {
        std::mt19937_64 rng(12345);
        AlphaBeta ab;
        int searched = 0;
        for (int game = 0; game < 12; ++game) {
            Position pos;
            const int plies = int(rng() % 90);
            for (int i = 0; i < plies; ++i) {
                MoveList ml;
                pos.legalMoves(ml);
                if (ml.empty()) break;
                pos.makeMove(ml[int(rng() % ml.size())]);
                if (i % 9 != 0) continue;
                AbLimits lim;
                lim.depth = 1 + int(rng() % 4);
                lim.nodes = 3000;
                const AbResult r = ab.search(pos, lim);
                MoveList legal;
                pos.legalMoves(legal);
                if (legal.empty()) {
                    QVERIFY(r.best.isNull());
                } else {
                    QVERIFY2(legal.contains(r.best), (toFen(pos) + " -> " + toIccs(r.best)).c_str());
                    for (Move m : r.pv) QVERIFY(!m.isNull());
                }
                ++searched;
            }
        }
        QVERIFY(searched > 30);
    }

    void nodeLimitIsHonoured() {
        AlphaBeta ab;
        AbLimits lim;
        lim.nodes = 1000;
        const AbResult r = ab.search(Position(), lim);
        QVERIFY(r.nodes <= 1000);
        QVERIFY(r.nodes >= 900);
        QVERIFY(Position().isLegal(r.best));
    }

    void bannedRootMoveIsAvoided() {
        const Position pos = positionFromFen(enginetest::kMateIn2[0]);
        AlphaBeta ab;
        AbLimits lim;
        lim.depth = 4;
        const AbResult first = ab.search(pos, lim);
        lim.excludedRootMoves = {first.best};
        ab.clear();
        const AbResult second = ab.search(pos, lim);
        QVERIFY(!second.best.isNull());
        QVERIFY(second.best != first.best);
        QVERIFY(pos.isLegal(second.best));
    }

    void stopFromAnotherThread() {
        AlphaBeta ab;
        AbLimits lim;  // no limit at all: only stop() ends it
        std::atomic<bool> stop{false};
        std::atomic<int> depthDone{0};
        // Another thread sets the flag once the search has completed depth 2 (a condition, not
        // a time): with no limit, only the flag can end the search, so returning proves it.
        std::thread stopper([&] {
            while (depthDone.load() < 2) std::this_thread::yield();
            stop = true;
        });
        const AbResult r = ab.search(Position(), lim, &stop, [&](const AbInfo& i) { depthDone = i.depth; });
        stopper.join();
        QVERIFY(stop.load());
        QVERIFY(Position().isLegal(r.best));
        QVERIFY(r.depth >= 2);
    }

    // Only the time limits can end these searches (no depth or node limit; the start position
    // has many moves). Checked against the search's own clock, not the test's, so a loaded
    // machine cannot fail it: a soft limit starts no iteration once one ended past it, so no
    // iteration is reported after the first that ended at or past it; a hard limit aborts the
    // search at its next time check (every 256 nodes), so after an iteration that ended past
    // it no later one completes with thousands of nodes. A search that goes on anyway is
    // stopped through the external flag and fails the test (a broken limit cannot hang it).
    void timeLimitIsHonoured_data() {
        QTest::addColumn<int>("softMs");
        QTest::addColumn<int>("hardMs");
        QTest::newRow("soft") << 75 << 0;
        QTest::newRow("hard") << 0 << 150;
        QTest::newRow("both") << 75 << 150;
    }
    void timeLimitIsHonoured() {
        QFETCH(int, softMs);
        QFETCH(int, hardMs);
        AlphaBeta ab;
        AbLimits lim;
        lim.softMs = softMs;
        lim.hardMs = hardMs;
        const int limitMs = softMs ? softMs : hardMs;
        std::atomic<bool> overran{false};
        std::vector<AbInfo> done;  // the completed iterations
        const AbResult r = ab.search(Position(), lim, &overran, [&](const AbInfo& i) {
            if (!done.empty() && done.back().timeMs >= limitMs &&
                (softMs || i.nodes - done.back().nodes >= 4096))
                overran = true;
            done.push_back(i);
        });
        if (overran)
            QFAIL(qPrintable(QString("depth %1 completed after the limit (%2 ms)")
                                 .arg(done.back().depth)
                                 .arg(done.back().timeMs)));
        QVERIFY(Position().isLegal(r.best));
        QVERIFY(r.depth < kMaxPly - 8);     // not ended by running out of depth
        if (softMs) QVERIFY(r.depth >= 1);  // a soft limit ends a search between iterations
        QVERIFY2(r.timeMs >= limitMs,
                 qPrintable(QString::number(r.timeMs)));  // nor before the limit
    }

    void noLegalMoveLoses_data() {
        QTest::addColumn<QString>("fen");
        QTest::newRow("checkmate") << "R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1";
        QTest::newRow("stalemate") << "3k5/2R6/9/9/9/9/9/9/9/4K4 b - - 0 1";
    }
    void noLegalMoveLoses() {
        // In Xiangqi having no legal move loses, checkmate and stalemate alike.
        QFETCH(QString, fen);
        Position pos = positionFromFen(fen.toStdString());
        MoveList ml;
        pos.legalMoves(ml);
        QVERIFY(ml.empty());
        AlphaBeta ab;
        const AbResult r = ab.search(pos, AbLimits{});
        QVERIFY(r.best.isNull());
        QVERIFY(r.score <= -kMateBound);
    }

    void prefersStalematingTheOpponent() {
        // Red plays c7c8: Black's king on d9 then has no move (d8 covered by the rook, e9 by the
        // flying general). That stalemate wins for Red, so the search must score a mate.
        const Position pos = positionFromFen("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1");
        AlphaBeta ab;
        AbLimits lim;
        lim.depth = 3;
        const AbResult r = ab.search(pos, lim);
        QVERIFY2(r.score >= kMateBound, std::to_string(r.score).c_str());
    }

    void evaluationIsColourSymmetric() {
        QCOMPARE(evaluateRed(Position()), 0);
        std::mt19937_64 rng(7);
        Position pos;
        for (int i = 0; i < 40; ++i) {
            MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) break;
            pos.makeMove(ml[int(rng() % ml.size())]);
            const Position flipped = positionFromFen(enginetest::flipFen(toFen(pos)));
            QCOMPARE(evaluateRed(flipped), -evaluateRed(pos));
        }
        // Material matters: a side a rook up is clearly better.
        QVERIFY(evaluateRed(positionFromFen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")) > 400);
    }

    // Inside the tree a repetition in which one side chased throughout is a loss for the
    // chaser (core/xiangqi/rules.h, judgeChase), scored like a perpetual check. The rook
    // follows the black cannon between the b- and c-files (tests/xiangqi/test_chase.cpp).
    void perpetualChaseLosesInTheTree() {
        const Position start = positionFromFen("5k3/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1");
        auto after = [&](std::initializer_list<const char*> moves) {
            Position p = start;
            for (const char* m : moves) p.makeMove(parseMoveAny(p, m).move);
            return p;
        };
        AlphaBeta ab;
        AbLimits lim;
        lim.depth = 2;
        // Black to move: Cb7 repeats the start with Red chasing on both moves, a won line.
        AbResult r = ab.search(after({"c2b2", "b7c7", "b2c2"}), lim);
        QCOMPARE(toIccs(r.best), std::string("c7b7"));
        QCOMPARE(r.score, kRepetitionWin - 1);
        // Red to move: Rc2 lets Black repeat at once, so Red chooses anything else.
        ab.clear();
        lim.depth = 3;
        r = ab.search(after({"c2b2", "b7c7"}), lim);
        QVERIFY(!r.best.isNull());
        QVERIFY2(toIccs(r.best) != "b2c2", toIccs(r.best).c_str());
        QVERIFY2(r.score > -kRepetitionWin + 8, std::to_string(r.score).c_str());
    }

    void seesCaptureThroughQuiescence() {
        // Red rook can take an undefended black rook: depth 1 must take it.
        const Position pos = positionFromFen("4k4/9/9/9/4r4/9/9/4R4/9/3K5 w - - 0 1");
        AlphaBeta ab;
        AbLimits lim;
        lim.depth = 1;
        const AbResult r = ab.search(pos, lim);
        QCOMPARE(toIccs(r.best), std::string("e2e5"));
    }
};

QTEST_GUILESS_MAIN(TestAlphaBeta)
#include "test_alphabeta.moc"
