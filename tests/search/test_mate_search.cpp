// The forced-mate probe by checks (core/search/mate_search.h) against an independent brute
// force over positions from random games: it finds a checking mate exactly when one exists (up
// to two and three moves), every mate it names is forced, it prefers the shortest, it never
// claims a mate through a line the rules end earlier, and a spent node budget finds nothing.
#include <QtTest>

#include <random>

#include "core/search/mate_search.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/rules.h"

using namespace xq;
using namespace xq::search;

namespace {

// Brute force, written apart from the probe: copies positions, asks gameStatus() after every
// move and uses inCheck() of the position reached rather than givesCheck(). Can `attacker`
// (to move in `pos`) win within `left` moves, checking with every move but the last?
bool bruteWins(const Position& pos, int left, Color attacker);

bool bruteDefenderLoses(const Position& pos, int left, Color attacker) {
    MoveList replies;
    pos.legalMoves(replies);
    for (Move r : replies) {
        Position q = pos;
        q.makeMove(r);
        const GameStatus st = gameStatus(q);
        if (st.over()) {
            if (st.result != winnerResult(attacker)) return false;
            continue;
        }
        if (!bruteWins(q, left, attacker)) return false;
    }
    return true;
}

bool bruteWinsWith(const Position& pos, Move m, int left, Color attacker) {
    Position q = pos;
    q.makeMove(m);
    const GameStatus st = gameStatus(q);
    if (st.over()) return st.result == winnerResult(attacker);
    if (left == 1 || !q.inCheck()) return false;
    return bruteDefenderLoses(q, left - 1, attacker);
}

bool bruteWins(const Position& pos, int left, Color attacker) {
    MoveList moves;
    pos.legalMoves(moves);
    for (Move m : moves)
        if (bruteWinsWith(pos, m, left, attacker)) return true;
    return false;
}

// Shortest brute-force checking mate, 0 when none within `maxMoves`.
int bruteShortest(const Position& pos, int maxMoves) {
    for (int n = 1; n <= maxMoves; ++n)
        if (bruteWins(pos, n, pos.sideToMove())) return n;
    return 0;
}

// Positions from random games, where kings are often exposed: every ply from 30 to 150 of
// `games` games (a game that ends stops early).
std::vector<Position> randomGamePositions(int games, uint64_t seed) {
    std::vector<Position> out;
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        Position pos;
        for (int ply = 0; ply < 150; ++ply) {
            if (gameStatus(pos).over()) break;
            if (ply >= 30) out.push_back(pos);
            MoveList moves;
            pos.legalMoves(moves);
            pos.makeMove(moves[size_t(rng() % moves.size())]);
        }
    }
    return out;
}

}  // namespace

class TestMateSearch : public QObject {
    Q_OBJECT
private slots:
    void agreesWithBruteForce() {
        const std::vector<Position> positions = randomGamePositions(12, 7);
        QVERIFY(positions.size() > 500);
        int found[4] = {0, 0, 0, 0};
        for (const Position& start : positions) {
            const int want = bruteShortest(start, 2);
            Position pos = start;
            const MateProbe p = findCheckingMate(pos, {}, 2, 0);
            QVERIFY(pos == start);                           // restored
            QCOMPARE(pos.gamePly(), start.gamePly());        // history too
            QVERIFY(!p.aborted);
            QCOMPARE(p.moves, want);
            if (p.found()) {
                QVERIFY(start.isLegal(p.move));
                QVERIFY(bruteWinsWith(start, p.move, p.moves, start.sideToMove()));
            }
            ++found[want];
        }
        qInfo("mates in one %d, in two %d, none %d", found[1], found[2], found[0]);
        // The sample must hold both kinds of mate, or the comparison proves little.
        QVERIFY2(found[1] >= 5 && found[2] >= 5,
                 qPrintable(QString("mates in one %1, in two %2").arg(found[1]).arg(found[2])));
    }

    void findsMatesInThree() {
        const std::vector<Position> positions = randomGamePositions(4, 11);
        int inThree = 0;
        for (const Position& start : positions) {
            Position pos = start;
            const MateProbe p = findCheckingMate(pos, {}, 3, 0);
            const bool want3 = bruteShortest(start, 2) == 0 && bruteWins(start, 3, start.sideToMove());
            QCOMPARE(p.found() && p.moves == 3, want3);
            if (p.moves == 3) {
                ++inThree;
                QVERIFY(bruteWinsWith(start, p.move, 3, start.sideToMove()));
            }
        }
        qInfo("mates in three %d of %d positions", inThree, int(positions.size()));
        QVERIFY2(inThree >= 2, qPrintable(QString("mates in three: %1").arg(inThree)));
    }

    void budgetAnswersNothing() {
        // Find a position with a mate in two, then give the probe too few nodes for it.
        for (const Position& start : randomGamePositions(12, 7)) {
            if (bruteShortest(start, 2) != 2) continue;
            Position pos = start;
            const MateProbe full = findCheckingMate(pos, {}, 2, 0);
            QCOMPARE(full.moves, 2);
            QVERIFY(full.nodes > 2);
            const MateProbe cut = findCheckingMate(pos, {}, 2, 2);
            QVERIFY(cut.aborted);
            QVERIFY(!cut.found());
            QVERIFY(pos == start);
            return;
        }
        QFAIL("no mate in two in the sample");
    }

    void rulesEndingALineFirstAreRespected() {
        // A mate in two exists, but a length cap that ends the game after the first move
        // (one ply from now) leaves only mates in one; a cap of three plies allows it.
        for (const Position& start : randomGamePositions(12, 7)) {
            if (bruteShortest(start, 2) != 2) continue;
            Position pos = start;
            RuleOptions capped;
            capped.lengthCap = start.gamePly() + 1;
            QVERIFY(!findCheckingMate(pos, capped, 2, 0).found());
            capped.lengthCap = start.gamePly() + 3;
            QCOMPARE(findCheckingMate(pos, capped, 2, 0).moves, 2);
            return;
        }
        QFAIL("no mate in two in the sample");
    }
};

QTEST_APPLESS_MAIN(TestMateSearch)
#include "test_mate_search.moc"
