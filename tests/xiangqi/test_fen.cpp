// FEN read/write: round trips (published and random positions), the accepted variants, and
// malformed or impossible FENs each refused with the right message, field and column.
#include <QtTest>

#include "core/xiangqi/perft.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

namespace {

void row(const char* name, const char* fen, int field, int column, const char* message) {
    QTest::newRow(name) << QString::fromUtf8(fen) << field << column << QString::fromUtf8(message);
}

}  // namespace

class TestFen : public QObject {
    Q_OBJECT
  private slots:
    void roundTripPublished_data() {
        QTest::addColumn<QString>("fen");
        for (const PerftRef& r : perftTable()) QTest::newRow(r.name) << QString::fromLatin1(r.fen);
        QTest::newRow("counters")
            << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 17 42";
    }
    void roundTripPublished() {
        QFETCH(QString, fen);
        Position pos;
        const auto e = parseFen(fen.toStdString(), pos);
        QVERIFY2(!e, e ? e->toString().c_str() : "");
        QCOMPARE(QString::fromStdString(toFen(pos)), fen);
    }

    void roundTripRandomPlayouts() {
        int checked = 0;
        for (const PerftRef& r : perftTable()) {
            for (const Position& pos : randomPositions(r.fen, 2024, 6, 80, 3)) {
                const std::string fen = toFen(pos);
                Position parsed;
                const auto e = parseFen(fen, parsed);
                QVERIFY2(!e, (fen + ": " + (e ? e->toString() : "")).c_str());
                QCOMPARE(toFen(parsed), fen);
                QVERIFY(parsed == pos);
                QCOMPARE(parsed.key(), pos.key());
                QCOMPARE(parsed.rule60(), pos.rule60());
                ++checked;
            }
        }
        qInfo("%d random positions round-tripped", checked);
        QVERIFY(checked > 1000);
    }

    void startPositionFen() {
        QCOMPARE(toFen(Position()), std::string(Position::kStartFen));
        QCOMPARE(
            std::string(Position::kStartFen),
            std::string("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"));
    }

    // Fullmove counting follows the moves made since set-up, for either side starting.
    void fullmoveAdvancesAfterBlack() {
        Position pos = positionFromFen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7");
        MoveList list;
        pos.legalMoves(list);
        pos.makeMove(list[0]);
        QVERIFY(toFen(pos).ends_with(" w - - 4 8"));
        MoveList reply;
        pos.legalMoves(reply);
        pos.makeMove(reply[0]);
        QVERIFY(toFen(pos).ends_with(" b - - 5 8"));
    }

    void acceptedVariants_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("expected");
        const QString start = QString::fromLatin1(Position::kStartFen);
        QTest::newRow("E and H letters, side r")
            << "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1" << start;
        QTest::newRow("board only")
            << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" << start;
        QTest::newRow("board and side")
            << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" << start;
        QTest::newRow("extra blanks and line end")
            << "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - -  0 1\r\n"
            << start;
        QTest::newRow("black to move") << "3k5/9/9/9/9/9/9/9/9/4K4 b"
                                       << "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1";
    }
    void acceptedVariants() {
        QFETCH(QString, fen);
        QFETCH(QString, expected);
        Position pos;
        const auto e = parseFen(fen.toStdString(), pos);
        QVERIFY2(!e, e ? e->toString().c_str() : "");
        QCOMPARE(QString::fromStdString(toFen(pos)), expected);
    }

    void rejected_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        row("unknown letter",
            "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, 9,
            "unknown piece letter 'x'");
        row("digit zero", "rnbakabnr/0/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            1, 11, "'0' is not a count");
        row("rank too long (digit)",
            "rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, 10,
            "rank 9 is longer than 9 squares");
        row("rank too long (piece)",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", 1, 60,
            "rank 0 is longer than 9 squares");
        row("rank too short",
            "rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, 9,
            "rank 9 has 8 squares, expected 9");
        row("last rank too short",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", 1, 59,
            "rank 0 has 8 squares, expected 9");
        row("9 ranks", "3k5/9/9/9/9/9/9/9/4K4 w", 1, 22, "only 9 ranks, expected 10");
        row("11 ranks", "3k5/9/9/9/9/9/9/9/9/4K4/9 w", 1, 24, "more than 10 ranks");
        row("bad side", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", 2,
            61, "side to move must be 'w', 'r' or 'b', not 'x'");
        row("missing red king", "3k5/9/9/9/9/9/9/9/9/9 w", 1, 0, "Red has no king");
        row("missing black king", "9/9/9/9/9/9/9/9/9/4K4 w", 1, 0, "Black has no king");
        row("two kings", "3k5/9/9/9/9/9/9/9/3K5/4K4 w", 1, 24, "Red has more than 1 king");
        row("king outside palace", "3k5/9/9/9/9/9/9/9/9/2K6 w", 1, 22,
            "Red king on c0 is outside its palace");
        row("black king outside palace", "9/9/9/9/9/4k4/9/9/9/4K4 w", 1, 12,
            "Black king on e4 is outside its palace");
        row("advisor off diagonal", "3k5/9/9/9/9/9/9/9/9/3KA4 w", 1, 23,
            "Red advisor on e0 is not on a palace diagonal point");
        row("advisor outside palace", "3k5/9/9/9/9/9/9/9/9/2AK5 w", 1, 22,
            "Red advisor on c0 is outside its palace");
        row("elephant across river", "3k5/9/9/9/2B6/9/9/9/9/4K4 w", 1, 12,
            "Red elephant on c5 has crossed the river");
        row("black elephant across river", "3k5/9/9/9/9/6b2/9/9/9/4K4 w", 1, 14,
            "Black elephant on g4 has crossed the river");
        row("elephant unreachable", "3k5/9/9/9/9/9/9/9/9/3BK4 w", 1, 22,
            "Red elephant on d0 is on a square an elephant can never reach");
        row("red pawn behind start", "3k5/9/9/9/9/9/9/P8/9/4K4 w", 1, 17,
            "Red pawn on a2 is behind its starting rank");
        row("black pawn behind start", "3k5/p8/9/9/9/9/9/9/9/4K4 w", 1, 5,
            "Black pawn on a8 is behind its starting rank");
        row("pawn odd file before river", "3k5/9/9/9/9/9/1P7/9/9/4K4 w", 1, 16,
            "Red pawn on b3 is on an odd file before crossing the river");
        row("too many rooks", "3k5/9/9/9/9/9/9/9/9/RRR1K4 w", 1, 23, "Red has more than 2 rooks");
        row("too many pawns", "3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 w", 1, 14,
            "Red has more than 5 pawns");
        row("too many horses", "3k1nnn1/9/9/9/9/9/9/9/9/4K4 w", 1, 6,
            "Black has more than 2 horses");
        row("kings facing", "4k4/9/9/9/9/9/9/9/9/4K4 w", 1, 0,
            "the kings face each other on an open file");
        row("red could capture king", "3k5/9/9/9/3R5/9/9/9/9/4K4 w", 0, 0,
            "Red is to move and could capture the Black king");
        row("black could capture king", "3k5/9/9/9/9/9/9/9/4r4/4K4 b", 0, 0,
            "Black is to move and could capture the Red king");
        row("castling field",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", 3, 63,
            "expected '-', not 'KQ'");
        row("en passant field",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", 4, 65,
            "expected '-', not 'e3'");
        row("halfmove not a number",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", 5, 67,
            "halfmove clock 'x' is not a number");
        row("negative halfmove",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -3 1", 5, 67,
            "halfmove clock '-3' is not a number");
        row("halfmove out of range",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 70000 1", 5, 67,
            "halfmove clock 70000 is out of range");
        row("fullmove zero",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", 6, 69,
            "fullmove number '0' is not a positive number");
        row("fullmove garbage",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 a", 6, 69,
            "fullmove number 'a' is not a positive number");
        row("empty string", "", 0, 0, "empty string");
        row("only blanks", "   \t", 0, 0, "empty string");
        row("too many fields",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra", 7, 71,
            "too many fields");
    }
    void rejected() {
        QFETCH(QString, fen);
        QFETCH(int, field);
        QFETCH(int, column);
        QFETCH(QString, message);
        // A failed parse leaves the target untouched.
        Position pos = positionFromFen("4k4/9/9/9/9/9/9/9/9/3K5 w");
        const std::string before = toFen(pos);
        const auto e = parseFen(fen.toStdString(), pos);
        QVERIFY2(e.has_value(), "accepted");
        QVERIFY2(QString::fromStdString(e->message).contains(message), e->message.c_str());
        QCOMPARE(e->field, field);
        QCOMPARE(e->column, column);
        QCOMPARE(toFen(pos), before);
        // The one-line form names the field and the character.
        const QString line = QString::fromStdString(e->toString());
        if (field > 0) QVERIFY2(line.contains(QString("field %1").arg(field)), qPrintable(line));
        if (column > 0)
            QVERIFY2(line.contains(QString("character %1").arg(column)), qPrintable(line));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, positionFromFen(fen.toStdString()));
    }

    // Every single-character corruption of a FEN either parses to a valid position or is
    // refused; none crashes or produces a position whose move generation misbehaves.
    void corruptedFensNeverCrash() {
        const std::string base =
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
        const std::string alphabet = "KABNRCPkabnrcpEH0123456789/ -wbx";
        int accepted = 0, refused = 0;
        for (size_t i = 0; i < base.size(); ++i) {
            for (char ch : alphabet) {
                std::string fen = base;
                fen[i] = ch;
                Position pos;
                if (parseFen(fen, pos)) {
                    ++refused;
                    continue;
                }
                ++accepted;
                QVERIFY(pos.kingSquare(Red) != kNoSquare && pos.kingSquare(Black) != kNoSquare);
                QVERIFY(!pos.isAttacked(pos.kingSquare(~pos.sideToMove()), pos.sideToMove()));
                Position copy = pos;
                (void)perft(copy, 2);
                QCOMPARE(copy.key(), pos.key());
            }
        }
        qInfo("%d corrupted FENs accepted, %d refused", accepted, refused);
        QVERIFY(refused > 0 && accepted > 0);
    }
};

QTEST_APPLESS_MAIN(TestFen)
#include "test_fen.moc"
