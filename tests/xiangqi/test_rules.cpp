// One named test per special rule of Xiangqi move generation, and hand-made positions for
// every way the rules end a game (core/xiangqi/rules.h), plus make/unmake and Zobrist checks.
#include <QtTest>

#include <algorithm>

#include "core/xiangqi/rules.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

// Parses `fen` into a new Position `pos`, failing the test with the parser's message.
#define LOAD(pos, fen)                                   \
    Position pos;                                        \
    do {                                                 \
        const auto e_ = parseFen(fen, pos);              \
        QVERIFY2(!e_, e_ ? e_->toString().c_str() : ""); \
    } while (0)

namespace {

// Destination squares of the legal moves from `from`, sorted: "c3 c5 d2".
QString targets(const Position& pos, const char* from) {
    MoveList list;
    pos.legalMoves(list);
    QStringList out;
    for (Move m : list)
        if (m.from() == parseSquare(from)) out << QString::fromStdString(squareName(m.to()));
    out.sort();
    return out.join(' ');
}

// Same, for pseudo-legal moves (to show that a move exists but is refused for king safety).
QString pseudoTargets(const Position& pos, const char* from) {
    MoveList list;
    pos.pseudoMoves(list);
    QStringList out;
    for (Move m : list)
        if (m.from() == parseSquare(from)) out << QString::fromStdString(squareName(m.to()));
    out.sort();
    return out.join(' ');
}

}  // namespace

class TestRules : public QObject {
    Q_OBJECT
  private slots:
    // ---- movement rules ------------------------------------------------------------------

    void flyingGeneralKingMayNotFaceKing() {
        LOAD(open, fenOf({{"d0", 'K'}, {"e9", 'k'}, {"a3", 'P'}}));
        QCOMPARE(targets(open, "d0"), QString("d1"));  // e0 would face e9 on an open file
        LOAD(blocked, fenOf({{"d0", 'K'}, {"e9", 'k'}, {"e3", 'P'}}));
        QCOMPARE(targets(blocked, "d0"), QString("d1 e0"));
    }

    void flyingGeneralPieceMayNotLeaveFile() {
        // The cannon is the only piece between the kings: it may slide along the file but not
        // step off it (a horse there could not move at all).
        LOAD(pos, fenOf({{"e0", 'K'}, {"e9", 'k'}, {"e4", 'C'}}));
        QCOMPARE(targets(pos, "e4"), QString("e1 e2 e3 e5 e6 e7 e8"));
        QVERIFY(pseudoTargets(pos, "e4").contains("d4"));
        QCOMPARE(targets(pos, "e0"), QString("d0 e1 f0"));
        LOAD(horse, fenOf({{"e0", 'K'}, {"e9", 'k'}, {"e4", 'N'}}));
        QCOMPARE(targets(horse, "e4"), QString());
    }

    void horseLegBlocks() {
        LOAD(free, fenOf({{"d0", 'K'}, {"f9", 'k'}, {"e4", 'N'}}));
        QCOMPARE(targets(free, "e4"), QString("c3 c5 d2 d6 f2 f6 g3 g5"));
        // A piece on e5 (either colour) hobbles the two moves that pass over it, no others.
        LOAD(hobbled, fenOf({{"d0", 'K'}, {"f9", 'k'}, {"e4", 'N'}, {"e5", 'p'}}));
        QCOMPARE(targets(hobbled, "e4"), QString("c3 c5 d2 f2 g3 g5"));
        LOAD(twoLegs, fenOf({{"d0", 'K'}, {"f9", 'k'}, {"e4", 'N'}, {"e5", 'p'}, {"d4", 'p'}}));
        QCOMPARE(targets(twoLegs, "e4"), QString("d2 f2 g3 g5"));
    }

    void elephantEyeBlocks() {
        LOAD(free, fenOf({{"f0", 'K'}, {"d9", 'k'}, {"e2", 'B'}}));
        QCOMPARE(targets(free, "e2"), QString("c0 c4 g0 g4"));
        LOAD(eye, fenOf({{"f0", 'K'}, {"d9", 'k'}, {"e2", 'B'}, {"d3", 'p'}}));
        QCOMPARE(targets(eye, "e2"), QString("c0 g0 g4"));
    }

    void elephantMayNotCrossRiver() {
        LOAD(red, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"c4", 'B'}}));
        QCOMPARE(targets(red, "c4"), QString("a2 e2"));
        LOAD(black, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"g5", 'b'}}, 'b'));
        QCOMPARE(targets(black, "g5"), QString("e7 i7"));
    }

    void advisorAndKingStayInPalace() {
        LOAD(advisor, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"e1", 'A'}}));
        QCOMPARE(targets(advisor, "e1"), QString("d0 d2 f0 f2"));
        LOAD(corner, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"d2", 'A'}}));
        QCOMPARE(targets(corner, "d2"), QString("e1"));
        LOAD(king, fenOf({{"d2", 'K'}, {"f9", 'k'}}));
        QCOMPARE(targets(king, "d2"), QString("d1 e2"));
        LOAD(blackKing, fenOf({{"f0", 'K'}, {"d7", 'k'}}, 'b'));
        QCOMPARE(targets(blackKing, "d7"), QString("d8 e7"));
        LOAD(blackAdvisor, fenOf({{"d0", 'K'}, {"e9", 'k'}, {"e8", 'a'}}, 'b'));
        QCOMPARE(targets(blackAdvisor, "e8"), QString("d7 d9 f7 f9"));
    }

    void cannonCapturesOverExactlyOneScreen() {
        // No screen: the cannon moves like a rook but cannot capture.
        LOAD(none, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a1", 'C'}, {"a5", 'r'}}));
        QVERIFY(isLegalText(none, "a1a4"));
        QVERIFY(!isLegalText(none, "a1a5"));
        // An adjacent target is not a capture either.
        LOAD(adjacent, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a1", 'C'}, {"a2", 'r'}}));
        QVERIFY(!isLegalText(adjacent, "a1a2"));
        // One screen: captures, but may not move quietly past the screen.
        LOAD(one, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a1", 'C'}, {"a3", 'P'}, {"a5", 'r'}}));
        QCOMPARE(targets(one, "a1").split(' ').filter(QRegularExpression("^a")).join(' '),
                 QString("a0 a2 a5"));
        // Two screens: the piece behind both is safe, the one behind the first is not.
        LOAD(two,
             fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a1", 'C'}, {"a3", 'P'}, {"a4", 'p'}, {"a5", 'r'}}));
        QVERIFY(!isLegalText(two, "a1a5"));
        QVERIFY(isLegalText(two, "a1a4"));
    }

    void pawnMovesSidewaysOnlyAfterRiver() {
        LOAD(red, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"e3", 'P'}, {"c5", 'P'}, {"i9", 'P'}}));
        QCOMPARE(targets(red, "e3"), QString("e4"));
        QCOMPARE(targets(red, "c5"), QString("b5 c6 d5"));
        QCOMPARE(targets(red, "i9"), QString("h9"));  // last rank: sideways only, never back
        LOAD(black, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"c6", 'p'}, {"g4", 'p'}}, 'b'));
        QCOMPARE(targets(black, "c6"), QString("c5"));
        QCOMPARE(targets(black, "g4"), QString("f4 g3 h4"));
    }

    void pinnedPieceMayNotExposeKingToRook() {
        LOAD(pos, fenOf({{"e0", 'K'}, {"e1", 'N'}, {"e8", 'r'}, {"d9", 'k'}}));
        QVERIFY(!pos.inCheck());
        QVERIFY(!pseudoTargets(pos, "e1").isEmpty());
        QCOMPARE(targets(pos, "e1"), QString());
        QCOMPARE(targets(pos, "e0"), QString("f0"));  // d0 faces the black king on d9
    }

    void movingCannonScreenAwayIsIllegal() {
        // Two pieces between cannon and king: no check. Removing either leaves one screen.
        LOAD(pos, fenOf({{"e0", 'K'}, {"e2", 'N'}, {"e3", 'P'}, {"e7", 'c'}, {"d9", 'k'}}));
        QVERIFY(!pos.inCheck());
        QVERIFY(!pseudoTargets(pos, "e2").isEmpty());
        QCOMPARE(targets(pos, "e2"), QString());
        QCOMPARE(targets(pos, "e3"), QString("e4"));  // still two screens (e2, e4)
        QCOMPARE(targets(pos, "e0"), QString("e1 f0"));
    }

    void movingPieceIntoCannonLineCreatesScreen() {
        // Cannon and king on an open file: no check, but a piece moved between them becomes
        // the screen and exposes the king.
        LOAD(pos, fenOf({{"e0", 'K'}, {"a4", 'R'}, {"e7", 'c'}, {"d9", 'k'}}));
        QVERIFY(!pos.inCheck());
        QVERIFY(!isLegalText(pos, "a4e4"));
        QVERIFY(isLegalText(pos, "a4d4"));
        QVERIFY(isLegalText(pos, "e0e1"));
    }

    void secondScreenBlocksCannonCheck() {
        LOAD(pos, fenOf({{"e0", 'K'}, {"e3", 'N'}, {"a5", 'R'}, {"e7", 'c'}, {"d9", 'k'}}));
        QVERIFY(pos.inCheck());
        QVERIFY(isLegalText(pos, "a5e5"));   // second screen: blocks
        QVERIFY(isLegalText(pos, "e3c4"));   // removes the only screen: no check either
        QVERIFY(!isLegalText(pos, "a5a4"));  // ignores the check
        QVERIFY(!isLegalText(pos, "e0e1"));  // still on the cannon's line over one screen
        QVERIFY(isLegalText(pos, "e0f0"));
        QVERIFY(!isLegalText(pos, "e0d0"));  // would face the black king
    }

    // ---- game status ---------------------------------------------------------------------

    void checkmateLosesForSideToMove_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("result");
        QTest::newRow("black mated")
            << QString::fromStdString(
                   fenOf({{"e9", 'k'}, {"a9", 'R'}, {"b8", 'R'}, {"d0", 'K'}}, 'b'))
            << int(Result::RedWins);
        QTest::newRow("red mated")
            << QString::fromStdString(
                   fenOf({{"e0", 'K'}, {"a0", 'r'}, {"b1", 'r'}, {"d9", 'k'}}, 'w'))
            << int(Result::BlackWins);
        // The 60-move counter does not matter when the position is mate.
        QTest::newRow("mate beats rule60")
            << QString::fromStdString(
                   fenOf({{"e9", 'k'}, {"a9", 'R'}, {"b8", 'R'}, {"d0", 'K'}}, 'b', 130))
            << int(Result::RedWins);
    }
    void checkmateLosesForSideToMove() {
        QFETCH(QString, fen);
        QFETCH(int, result);
        LOAD(pos, fen.toStdString());
        QVERIFY(pos.inCheck());
        QCOMPARE(pos.countLegalMoves(), 0);
        const GameStatus s = gameStatus(pos);
        QCOMPARE(int(s.result), result);
        QCOMPARE(s.reason, Reason::Checkmate);
    }

    void stalemateLosesForSideToMove() {
        LOAD(pos, fenOf({{"e9", 'k'}, {"d1", 'R'}, {"f1", 'R'}, {"e7", 'P'}, {"e0", 'K'}}, 'b'));
        QVERIFY(!pos.inCheck());
        QCOMPARE(pos.countLegalMoves(), 0);
        const GameStatus s = gameStatus(pos);
        QCOMPARE(s.result, Result::RedWins);
        QCOMPARE(s.reason, Reason::Stalemate);
        QVERIFY(s.over());
    }

    void perpetualCheckLosesForChecker_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QStringList>("cycle");
        QTest::addColumn<int>("result");
        QTest::newRow("red checks")
            << QString::fromStdString(
                   fenOf({{"d9", 'k'}, {"h8", 'R'}, {"f0", 'K'}, {"b0", 'N'}}, 'w'))
            << QStringList{"h8h9", "d9d8", "h9h8", "d8d9"} << int(Result::BlackWins);
        // The same position turned round, colours swapped.
        QTest::newRow("black checks")
            << QString::fromStdString(
                   fenOf({{"f0", 'K'}, {"b1", 'r'}, {"d9", 'k'}, {"h9", 'n'}}, 'b'))
            << QStringList{"b1b0", "f0f1", "b0b1", "f1f0"} << int(Result::RedWins);
    }
    void perpetualCheckLosesForChecker() {
        QFETCH(QString, fen);
        QFETCH(QStringList, cycle);
        QFETCH(int, result);
        LOAD(pos, fen.toStdString());
        for (int round = 0; round < 2; ++round) {
            for (int i = 0; i < cycle.size(); ++i) {
                QCOMPARE(gameStatus(pos).reason, Reason::None);
                const Move m = legalMove(pos, cycle[i].toStdString());
                QVERIFY2(!m.isNull(), qPrintable(cycle[i]));
                pos.makeMove(m);
                QCOMPARE(bool(pos.history().back().gaveCheck), i % 2 == 0);
            }
            QCOMPARE(repetitionCount(pos), round + 1);
        }
        const GameStatus s = gameStatus(pos);
        QCOMPARE(int(s.result), result);
        QCOMPARE(s.reason, Reason::PerpetualCheck);
        // With a twofold limit the second occurrence already decides.
        pos.unmakeMove();
        pos.unmakeMove();
        pos.unmakeMove();
        pos.unmakeMove();
        QCOMPARE(gameStatus(pos).reason, Reason::None);
        QCOMPARE(gameStatus(pos, RuleOptions{0, 2}).reason, Reason::PerpetualCheck);
    }

    void mutualPerpetualCheckIsDraw() {
        // Red's rook steps off the d-file and the cannon on e0 checks over it; Black's cannon
        // steps across, blocks, and uncovers its rook on the d-file; and back. (Found by a
        // brute-force search over random positions.)
        LOAD(pos, std::string("4k4/9/9/3r5/3c5/N1r6/3R5/9/9/3KC4 w - - 0 1"));
        for (int round = 0; round < 2; ++round) {
            QCOMPARE(gameStatus(pos).reason, Reason::None);
            QCOMPARE(play(pos, {"d3e3", "d5e5", "e3d3", "e5d5"}), std::string());
            for (int i = 1; i <= 4; ++i)
                QVERIFY(pos.history()[size_t(pos.gamePly() - i)].gaveCheck);
        }
        QCOMPARE(repetitionCount(pos), 2);
        const GameStatus s = gameStatus(pos);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::Repetition);
    }

    void checksOnSomeMovesOnlyIsRepetitionDraw() {
        // Red checks twice, then shuffles the horse: not every Red move in the cycle checks.
        LOAD(pos, fenOf({{"d9", 'k'}, {"h8", 'R'}, {"f0", 'K'}, {"b0", 'N'}}, 'w'));
        const uint64_t start = pos.key();
        QCOMPARE(play(pos, {"h8h9", "d9d8", "h9h8", "d8d9", "b0c2", "d9e9", "c2b0", "e9d9"}),
                 std::string());
        QCOMPARE(pos.key(), start);
        QCOMPARE(repetitionCount(pos), 2);
        const GameStatus s = gameStatus(pos);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::Repetition);
    }

    void threefoldRepetitionIsDraw() {
        Position pos;
        QCOMPARE(play(pos, {"b0c2", "b9c7", "c2b0", "c7b9"}), std::string());
        QCOMPARE(repetitionCount(pos), 1);
        QCOMPARE(gameStatus(pos).reason, Reason::None);
        QCOMPARE(play(pos, {"b0c2", "b9c7"}), std::string());
        QCOMPARE(repetitionCount(pos), 1);
        QCOMPARE(play(pos, {"c2b0", "c7b9"}), std::string());
        QCOMPARE(repetitionCount(pos), 2);
        const GameStatus s = gameStatus(pos);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::Repetition);
    }

    void repetitionCountIgnoresOtherSideToMove() {
        // Red's rook goes round a triangle (3 plies of its own) while Black's horse goes out and
        // back (2 plies): the start board recurs, but with Black to move, which is not a
        // repetition of the Red-to-move start position.
        Position pos;
        const std::string startBoard = toFen(pos).substr(0, toFen(pos).find(' '));
        QCOMPARE(play(pos, {"a0a1", "b9c7", "a1a2", "c7b9", "a2a0"}), std::string());
        QCOMPARE(toFen(pos).substr(0, toFen(pos).find(' ')), startBoard);
        QCOMPARE(pos.sideToMove(), Black);
        QCOMPARE(repetitionCount(pos), 0);
        // An even cycle from here repeats the Black-to-move position of ply 5 once.
        QCOMPARE(play(pos, {"b9c7", "a0a1", "c7b9", "a1a0"}), std::string());
        QCOMPARE(repetitionCount(pos), 1);
        Position fresh;
        QCOMPARE(repetitionCount(fresh), 0);
    }

    void rule60DrawAfter120QuietPlies() {
        const std::string fen =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 1";
        LOAD(pos, fen);
        QCOMPARE(pos.rule60(), 119);
        QCOMPARE(gameStatus(pos).reason, Reason::None);
        QCOMPARE(play(pos, {"b0c2"}), std::string());
        const GameStatus s = gameStatus(pos);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::Rule60);
        // A capture on the 120th ply resets the count.
        LOAD(capture, fen);
        QCOMPARE(play(capture, {"h2h9"}), std::string());
        QCOMPARE(capture.rule60(), 0);
        QCOMPARE(gameStatus(capture).reason, Reason::None);
        LOAD(fewer, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 118 1");
        QCOMPARE(play(fewer, {"b0c2"}), std::string());
        QCOMPARE(gameStatus(fewer).reason, Reason::None);
    }

    void bareMaterialIsDraw() {
        LOAD(defenders,
             fenOf({{"e0", 'K'}, {"d0", 'A'}, {"c0", 'B'}, {"d9", 'k'}, {"e8", 'a'}, {"g9", 'b'}}));
        GameStatus s = gameStatus(defenders);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::Material);
        LOAD(kings, fenOf({{"e0", 'K'}, {"d9", 'k'}}));
        QCOMPARE(gameStatus(kings).reason, Reason::Material);
        // One attacking piece on either side keeps the game going.
        LOAD(redPawn, fenOf({{"e0", 'K'}, {"d0", 'A'}, {"d9", 'k'}, {"e8", 'a'}, {"e5", 'P'}}));
        QCOMPARE(gameStatus(redPawn).reason, Reason::None);
        LOAD(blackHorse, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a9", 'n'}}));
        QCOMPARE(gameStatus(blackHorse).reason, Reason::None);
    }

    void lengthCapEndsGame() {
        Position pos;
        QCOMPARE(play(pos, {"h2e2", "h9g7", "h0g2", "i9h9"}), std::string());
        RuleOptions capped;
        capped.lengthCap = 4;
        const GameStatus s = gameStatus(pos, capped);
        QCOMPARE(s.result, Result::Draw);
        QCOMPARE(s.reason, Reason::LengthCap);
        capped.lengthCap = 5;
        QCOMPARE(gameStatus(pos, capped).reason, Reason::None);
        QCOMPARE(gameStatus(pos).reason, Reason::None);
    }

    void names() {
        QCOMPARE(QString(reasonName(Reason::PerpetualCheck)), QString("perpetual_check"));
        QCOMPARE(QString(reasonName(Reason::PerpetualChase)), QString("perpetual_chase"));
        QCOMPARE(QString(reasonName(Reason::Rule60)), QString("rule60"));
        QCOMPARE(QString(resultName(Result::RedWins)), QString("1-0"));
        QCOMPARE(QString(resultName(Result::BlackWins)), QString("0-1"));
        QCOMPARE(QString(resultName(Result::Draw)), QString("1/2-1/2"));
        QCOMPARE(QString(resultName(Result::None)), QString("*"));
        QCOMPARE(winnerResult(Black), Result::BlackWins);
    }

    // ---- make/unmake and hashing ---------------------------------------------------------

    void makeUnmakeRestoresKeyAndFen() {
        int checked = 0;
        for (const PerftRef& r : perftTable()) {
            for (const Position& sample : randomPositions(r.fen, 7, 3, 40, 8)) {
                Position pos = sample;
                const std::string fen = toFen(pos);
                const uint64_t key = pos.key();
                const int ply = pos.gamePly();
                MoveList list;
                pos.legalMoves(list);
                for (Move m : list) {
                    pos.makeMove(m);
                    QCOMPARE(pos.gamePly(), ply + 1);
                    QVERIFY(pos.key() != key);
                    pos.unmakeMove();
                    QCOMPARE(pos.key(), key);
                    QCOMPARE(toFen(pos), fen);
                    QVERIFY(pos == sample);
                    const Position::Undo u = pos.doMove(m);
                    pos.undoMove(m, u);
                    QCOMPARE(pos.key(), key);
                    QCOMPARE(toFen(pos), fen);
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 1000);
    }

    void unmakeWholeGameRestoresStart() {
        for (uint32_t seed = 1; seed <= 5; ++seed) {
            Position pos;
            const std::string start = toFen(pos);
            std::mt19937 rng(seed);
            for (int i = 0; i < 150; ++i) {
                MoveList list;
                pos.legalMoves(list);
                if (list.empty()) break;
                pos.makeMove(list[int(rng() % uint32_t(list.size()))]);
            }
            QVERIFY(pos.gamePly() > 0);
            while (pos.gamePly() > 0) pos.unmakeMove();
            QCOMPARE(toFen(pos), start);
            QCOMPARE(pos.key(), Position().key());
        }
    }

    void zobristKeyMatchesFenParse() {
        int checked = 0;
        for (const PerftRef& r : perftTable()) {
            for (const Position& pos : randomPositions(r.fen, 11, 4, 60, 5)) {
                const Position parsed = positionFromFen(toFen(pos));
                QCOMPARE(parsed.key(), pos.key());
                QVERIFY(parsed == pos);
                ++checked;
            }
        }
        QVERIFY(checked > 300);
        // Side to move is part of the key.
        LOAD(red, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a5", 'R'}}, 'w'));
        LOAD(black, fenOf({{"e0", 'K'}, {"d9", 'k'}, {"a5", 'R'}}, 'b'));
        QVERIFY(red.key() != black.key());
    }

    // The other entry points of the generator agree with legalMoves(): isLegal() on every
    // from/to pair (moves parsed from text take that path), legalCaptures(), the counters.
    void generatorEntryPointsAgree() {
        int positions = 0;
        for (const PerftRef& r : perftTable()) {
            for (const Position& pos : randomPositions(r.fen, 5, 2, 60, 12)) {
                MoveList legal, captures;
                pos.legalMoves(legal);
                pos.legalCaptures(captures);
                QCOMPARE(pos.countLegalMoves(), legal.size());
                QCOMPARE(pos.hasLegalMove(), !legal.empty());
                int expectedCaptures = 0;
                for (Move m : legal) expectedCaptures += pos.piece(m.to()) != NoPiece;
                QCOMPARE(captures.size(), expectedCaptures);
                for (Move m : captures) QVERIFY(legal.contains(m));
                for (int from = 0; from < kSquareCount; ++from)
                    for (int to = 0; to < kSquareCount; ++to)
                        if (from != to &&
                            pos.isLegal(Move(from, to)) != legal.contains(Move(from, to)))
                            QFAIL(qPrintable(
                                QString::fromStdString(toFen(pos) + " " + iccs(Move(from, to)))));
                ++positions;
            }
        }
        QVERIFY(positions > 50);
    }

    void givesCheckMatchesHistory() {
        for (const Position& sample : randomPositions(Position::kStartFen, 3, 4, 80, 4)) {
            Position pos = sample;
            MoveList list;
            pos.legalMoves(list);
            for (Move m : list) {
                const bool predicted = pos.givesCheck(m);
                pos.makeMove(m);
                QCOMPARE(bool(pos.history().back().gaveCheck), predicted);
                QCOMPARE(pos.inCheck(), predicted);
                pos.unmakeMove();
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestRules)
#include "test_rules.moc"
