// Move notation, both directions: the published examples, tandem pieces (two rooks, two
// cannons, three/four/five pawns on a file, pawns on two files, advisors on one file), other
// accepted spellings, error messages, and a round trip over every legal move of thousands of
// positions from random playouts (format then parse gives the move back, in ICCS, WXF and
// Chinese, and no two legal moves of a position share a string).
#include <QtTest>

#include <set>

#include "core/xiangqi/notation.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

namespace {

const char* const kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// Hand-made positions with pieces in tandem (each passes the FEN validation).
const char* const kTwoRooks = "3k5/9/9/1R7/9/9/1R7/9/9/4K4 w - - 0 1";         // b6, b3
const char* const kTwoCannons = "3k5/9/7C1/9/9/9/9/7C1/9/4K4 w - - 0 1";       // h7, h2
const char* const kBlackHorses = "4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1";      // c7, c5
const char* const kThreePawns = "4k4/9/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1";     // g7 g6 g5
const char* const kFourPawns = "4k4/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1";    // g8..g5
const char* const kFivePawns = "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1";  // g9..g5
const char* const kTwoFiles = "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1";   // g7 g6 g5, c6 c5
const char* const kTwoPlusTwo = "4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1";   // g6 g5, c6 c5
const char* const kBlackPawns = "4k4/9/9/9/9/p8/p8/9/9/3K5 b - - 0 1";         // a4, a3
const char* const kBlackTwoFiles = "4k4/9/9/9/9/p1p6/p1p6/9/9/3K5 b - - 0 1";  // a4 a3, c4 c3
const char* const kAdvisors = "5k3/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";          // d2, d0
const char* const kElephants = "5k3/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1";        // c4, c0
const char* const kPinned = "3k5/4r4/9/9/9/9/4R4/9/9/4K4 w - - 0 1";           // e3 pinned

Position at(const char* fen, const QString& moves = {}) {
    Position pos = positionFromFen(fen);
    for (const QString& t : moves.split(' ', Qt::SkipEmptyParts)) {
        const Move m = legalMove(pos, t.toStdString());
        if (m.isNull()) qFatal("test set-up: %s is not legal", qPrintable(t));
        pos.makeMove(m);
    }
    return pos;
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

class TestNotation : public QObject {
    Q_OBJECT
  private:
    // Columns shared by the writer tables: position, the move, and how each notation writes it.
    static void writerColumns() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("before");  // ICCS moves played first
        QTest::addColumn<QString>("iccs");
        QTest::addColumn<QString>("wxf");
        QTest::addColumn<QString>("chinese");
    }
    static void checkWriter() {
        QFETCH(QString, fen);
        QFETCH(QString, before);
        QFETCH(QString, iccs);
        QFETCH(QString, wxf);
        QFETCH(QString, chinese);
        const Position pos = at(qPrintable(fen), before);
        const Move m = legalMove(pos, iccs.toStdString());
        QVERIFY2(!m.isNull(), "the move of the row must be legal");
        QCOMPARE(q(toIccs(m)), iccs);
        QCOMPARE(q(toWxf(pos, m)), wxf);
        QCOMPARE(q(toChinese(pos, m)), chinese);
        for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
            const std::string text = (n == Notation::Iccs  ? iccs
                                      : n == Notation::Wxf ? wxf
                                                           : chinese)
                                         .toStdString();
            const MoveParse r = parseMove(pos, text, n);
            QVERIFY2(r, r.error.c_str());
            QCOMPARE(r.move, m);
            QVERIFY(r.error.empty());
            QCOMPARE(parseMoveAny(pos, text).move, m);
        }
    }

  private slots:
    // Notation examples from published references of ICCS, WXF and Chinese move text.
    void examples_data() {
        writerColumns();
        QTest::newRow("h2e2") << kStart << ""
                              << "h2e2"
                              << "C2.5"
                              << "炮二平五";
        QTest::newRow("black h9g7") << kStart << "h2e2"
                                    << "h9g7"
                                    << "H8+7"
                                    << "马８进７";
        QTest::newRow("b0c2") << kStart << ""
                              << "b0c2"
                              << "H8+7"
                              << "马八进七";
        QTest::newRow("i0i1") << kStart << ""
                              << "i0i1"
                              << "R1+1"
                              << "车一进一";
        QTest::newRow("black a9a8") << kStart << "h2e2"
                                    << "a9a8"
                                    << "R1+1"
                                    << "车１进１";
        QTest::newRow("black h7e7") << kStart << "h2e2"
                                    << "h7e7"
                                    << "C8.5"
                                    << "炮８平５";
        QTest::newRow("black b7b6") << kStart << "h2e2"
                                    << "b7b6"
                                    << "C2+1"
                                    << "炮２进１";
        QTest::newRow("advisor f0e1") << kStart << ""
                                      << "f0e1"
                                      << "A4+5"
                                      << "仕四进五";
        QTest::newRow("elephant g0e2") << kStart << ""
                                       << "g0e2"
                                       << "E3+5"
                                       << "相三进五";
        QTest::newRow("black elephant c9e7") << kStart << "h2e2"
                                             << "c9e7"
                                             << "E3+5"
                                             << "象３进５";
        QTest::newRow("pawn g3g4") << kStart << ""
                                   << "g3g4"
                                   << "P3+1"
                                   << "兵三进一";
        QTest::newRow("black pawn c6c5") << kStart << "h2e2"
                                         << "c6c5"
                                         << "P3+1"
                                         << "卒３进１";
        QTest::newRow("cannon capture h2h9") << kStart << ""
                                             << "h2h9"
                                             << "C2+7"
                                             << "炮二进七";
        QTest::newRow("king e0e1") << kStart << ""
                                   << "e0e1"
                                   << "K5+1"
                                   << "帅五进一";
        QTest::newRow("horse back c2b0") << kStart << "b0c2 b9c7"
                                         << "c2b0"
                                         << "H7-8"
                                         << "马七退八";
        QTest::newRow("rook back i1i0") << kStart << "i0i1 i9i8"
                                        << "i1i0"
                                        << "R1-1"
                                        << "车一退一";
        QTest::newRow("rook sideways i1f1") << kStart << "i0i1 i9i8"
                                            << "i1f1"
                                            << "R1.4"
                                            << "车一平四";
    }
    void examples() { checkWriter(); }

    void tandem_data() {
        writerColumns();
        QTest::newRow("front rook") << kTwoRooks << ""
                                    << "b6g6"
                                    << "R+.3"
                                    << "前车平三";
        QTest::newRow("rear rook") << kTwoRooks << ""
                                   << "b3b1"
                                   << "R--2"
                                   << "后车退二";
        QTest::newRow("rear rook fwd") << kTwoRooks << ""
                                       << "b3b5"
                                       << "R-+2"
                                       << "后车进二";
        QTest::newRow("front cannon") << kTwoCannons << ""
                                      << "h7e7"
                                      << "C+.5"
                                      << "前炮平五";
        QTest::newRow("rear cannon") << kTwoCannons << ""
                                     << "h2h1"
                                     << "C--1"
                                     << "后炮退一";
        QTest::newRow("black front horse") << kBlackHorses << ""
                                           << "c5d3"
                                           << "H++4"
                                           << "前马进４";
        QTest::newRow("black rear horse") << kBlackHorses << ""
                                          << "c7b9"
                                          << "H--2"
                                          << "后马退２";
        QTest::newRow("3 pawns front") << kThreePawns << ""
                                       << "g7f7"
                                       << "P+.4"
                                       << "前兵平四";
        QTest::newRow("3 pawns middle") << kThreePawns << ""
                                        << "g6f6"
                                        << "P3.4"
                                        << "中兵平四";
        QTest::newRow("3 pawns rear") << kThreePawns << ""
                                      << "g5f5"
                                      << "P-.4"
                                      << "后兵平四";
        QTest::newRow("3 pawns front fwd") << kThreePawns << ""
                                           << "g7g8"
                                           << "P++1"
                                           << "前兵进一";
        QTest::newRow("4 pawns 1st") << kFourPawns << ""
                                     << "g8f8"
                                     << "++.4"
                                     << "一兵平四";
        QTest::newRow("4 pawns 2nd") << kFourPawns << ""
                                     << "g7f7"
                                     << "P+.4"
                                     << "二兵平四";
        QTest::newRow("4 pawns 3rd") << kFourPawns << ""
                                     << "g6f6"
                                     << "P-.4"
                                     << "三兵平四";
        QTest::newRow("4 pawns 4th") << kFourPawns << ""
                                     << "g5f5"
                                     << "--.4"
                                     << "四兵平四";
        QTest::newRow("5 pawns 1st") << kFivePawns << ""
                                     << "g9f9"
                                     << "++.4"
                                     << "一兵平四";
        QTest::newRow("5 pawns 2nd") << kFivePawns << ""
                                     << "g8f8"
                                     << "P+.4"
                                     << "二兵平四";
        QTest::newRow("5 pawns mid") << kFivePawns << ""
                                     << "g7f7"
                                     << "P3.4"
                                     << "三兵平四";
        QTest::newRow("5 pawns 4th") << kFivePawns << ""
                                     << "g6f6"
                                     << "P-.4"
                                     << "四兵平四";
        QTest::newRow("5 pawns 5th") << kFivePawns << ""
                                     << "g5f5"
                                     << "--.4"
                                     << "五兵平四";
        // The WXF page's own example: 3 pawns on file 3 and 2 on file 7.
        QTest::newRow("2 files 3+") << kTwoFiles << ""
                                    << "g7f7"
                                    << "3+.4"
                                    << "一兵平四";
        QTest::newRow("2 files 33") << kTwoFiles << ""
                                    << "g6f6"
                                    << "33.4"
                                    << "二兵平四";
        QTest::newRow("2 files 3-") << kTwoFiles << ""
                                    << "g5f5"
                                    << "3-.4"
                                    << "三兵平四";
        QTest::newRow("2 files 7+") << kTwoFiles << ""
                                    << "c6d6"
                                    << "7+.6"
                                    << "四兵平六";
        QTest::newRow("2 files 7-") << kTwoFiles << ""
                                    << "c5d5"
                                    << "7-.6"
                                    << "五兵平六";
        QTest::newRow("2+2 file 7 rear side") << kTwoPlusTwo << ""
                                              << "c5b5"
                                              << "7-.8"
                                              << "四兵平八";
        QTest::newRow("2+2 file 7 front fwd") << kTwoPlusTwo << ""
                                              << "c6c7"
                                              << "7++1"
                                              << "三兵进一";
        QTest::newRow("2+2 file 3 front") << kTwoPlusTwo << ""
                                          << "g6g7"
                                          << "3++1"
                                          << "一兵进一";
        QTest::newRow("black pawns front") << kBlackPawns << ""
                                           << "a3b3"
                                           << "P+.2"
                                           << "前卒平２";
        QTest::newRow("black pawns rear") << kBlackPawns << ""
                                          << "a4b4"
                                          << "P-.2"
                                          << "后卒平２";
        // Black's right is the a-file: file 1 (a) is numbered before file 3 (c).
        QTest::newRow("black 2 files a3") << kBlackTwoFiles << ""
                                          << "a3b3"
                                          << "1+.2"
                                          << "一卒平２";
        QTest::newRow("black 2 files c4") << kBlackTwoFiles << ""
                                          << "c4d4"
                                          << "3-.4"
                                          << "四卒平４";
        QTest::newRow("black 2 files c3") << kBlackTwoFiles << ""
                                          << "c3c2"
                                          << "3++1"
                                          << "三卒进１";
        // Advisors and elephants on one file keep their file number (no front/rear needed).
        QTest::newRow("advisor front back") << kAdvisors << ""
                                            << "d2e1"
                                            << "A6-5"
                                            << "仕六退五";
        QTest::newRow("advisor rear up") << kAdvisors << ""
                                         << "d0e1"
                                         << "A6+5"
                                         << "仕六进五";
        QTest::newRow("elephant front back") << kElephants << ""
                                             << "c4e2"
                                             << "E7-5"
                                             << "相七退五";
        QTest::newRow("elephant rear up") << kElephants << ""
                                          << "c0e2"
                                          << "E7+5"
                                          << "相七进五";
    }
    void tandem() { checkWriter(); }

    // Other spellings a reader accepts.
    void readVariants_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("notation");
        QTest::addColumn<QString>("iccs");
        const int W = int(Notation::Wxf), C = int(Notation::Chinese), I = int(Notation::Iccs);
        QTest::newRow("iccs upper dash") << kStart << ""
                                         << "H2-E2" << I << "h2e2";
        QTest::newRow("wxf lower") << kStart << ""
                                   << "c2.5" << W << "h2e2";
        QTest::newRow("wxf =") << kStart << ""
                               << "C2=5" << W << "h2e2";
        QTest::newRow("wxf spaces") << kStart << ""
                                    << " C 2 . 5 " << W << "h2e2";
        QTest::newRow("wxf N") << kStart << ""
                               << "N8+7" << W << "b0c2";
        QTest::newRow("wxf B") << kStart << ""
                               << "B3+5" << W << "g0e2";
        QTest::newRow("wxf black lower") << kStart << "h2e2"
                                         << "h8+7" << W << "h9g7";
        QTest::newRow("wxf advisor front") << kAdvisors << ""
                                           << "A+-5" << W << "d2e1";
        QTest::newRow("wxf advisor rear") << kAdvisors << ""
                                          << "A-+5" << W << "d0e1";
        QTest::newRow("wxf xqbase letters") << kTwoFiles << ""
                                            << "Pd.6" << W << "c6d6";
        QTest::newRow("zh traditional") << kStart << ""
                                        << "俥一進一" << C << "i0i1";
        QTest::newRow("zh 砲") << kStart << ""
                               << "砲二平五" << C << "h2e2";
        QTest::newRow("zh 包") << kStart << ""
                               << "包二平五" << C << "h2e2";
        QTest::newRow("zh 傌") << kStart << ""
                               << "傌八進七" << C << "b0c2";
        QTest::newRow("zh ascii digits red") << kStart << ""
                                             << "炮2平5" << C << "h2e2";
        QTest::newRow("zh fullwidth red") << kStart << ""
                                          << "炮２平５" << C << "h2e2";
        QTest::newRow("zh ascii black") << kStart << "h2e2"
                                        << "马8进7" << C << "h9g7";
        QTest::newRow("zh numerals black") << kStart << "h2e2"
                                           << "馬八進七" << C << "h9g7";
        QTest::newRow("zh spaces") << kStart << ""
                                   << "炮 二 平 五" << C << "h2e2";
        QTest::newRow("zh 後") << kTwoRooks << ""
                               << "後車退二" << C << "b3b1";
        QTest::newRow("zh place after piece") << kTwoRooks << ""
                                              << "车前平三" << C << "b6g6";
        QTest::newRow("zh 前兵七平六") << kTwoFiles << ""
                                       << "前兵七平六" << C << "c6d6";
        QTest::newRow("zh 中兵三平四") << kTwoFiles << ""
                                       << "中兵三平四" << C << "g6f6";
        QTest::newRow("zh black 前卒") << kBlackPawns << ""
                                       << "前卒平2" << C << "a3b3";
        QTest::newRow("zh advisor 前仕") << kAdvisors << ""
                                         << "前仕退五" << C << "d2e1";
        QTest::newRow("any wxf") << kStart << ""
                                 << "C2.5" << -1 << "h2e2";
        QTest::newRow("any chinese") << kStart << ""
                                     << "炮二平五" << -1 << "h2e2";
    }
    void readVariants() {
        QFETCH(QString, fen);
        QFETCH(QString, before);
        QFETCH(QString, text);
        QFETCH(int, notation);
        QFETCH(QString, iccs);
        const Position pos = at(qPrintable(fen), before);
        const MoveParse r = notation < 0 ? parseMoveAny(pos, text.toStdString())
                                         : parseMove(pos, text.toStdString(), Notation(notation));
        QVERIFY2(r, r.error.c_str());
        QCOMPARE(q(toIccs(r.move)), iccs);
    }

    // Each bad text is refused, and the message says why (a fragment of it is checked).
    void errors_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("notation");
        QTest::addColumn<QString>("says");
        const int W = int(Notation::Wxf), C = int(Notation::Chinese), I = int(Notation::Iccs);
        QTest::newRow("no horse on file") << kStart << "H5+7" << W << "no red horse on file 5";
        QTest::newRow("zh no horse on file")
            << kStart << "马五进七" << C << "no red horse on file 5";
        QTest::newRow("off the board") << kStart << "C2+9" << W << "illegal";
        QTest::newRow("onto own piece") << kStart << "R1+3" << W << "illegal";
        QTest::newRow("horse leg") << kStart << "H8-7" << W << "illegal";
        QTest::newRow("wrong horse file") << kStart << "H8+5" << W << "illegal";
        QTest::newRow("pinned rook")
            << kPinned << "R5.4" << W << "would leave its own king in check";
        QTest::newRow("pinned rook zh")
            << kPinned << "车五平四" << C << "would leave its own king in check";
        QTest::newRow("two rooks")
            << kTwoRooks << "R8+1" << W << "ambiguous: two red rooks on file 8, write R+ or R-";
        QTest::newRow("two rooks zh") << kTwoRooks << "车八进一" << C << "write 前车 or 后车";
        QTest::newRow("four pawns") << kFourPawns << "P3.4" << W << "write ++, P+, P- or --";
        QTest::newRow("four pawns zh") << kFourPawns << "兵三平四" << C << "write 一兵 ... 四兵";
        QTest::newRow("pawns two files")
            << kTwoFiles << "P+.4" << W << "files 3 and 7; write 3+, 33, 3-, 7+ or 7-";
        QTest::newRow("pawns two files zh")
            << kTwoFiles << "前兵平四" << C << "write 一兵 ... 五兵";
        QTest::newRow("no tandem") << kStart << "R+.3" << W << "no two red rooks stand on one file";
        QTest::newRow("no middle") << kTwoRooks << "中车平三" << C << "no middle one";
        QTest::newRow("ordinal too big") << kTwoFiles << "六兵平四" << C << "not Chinese";
        QTest::newRow("ordinal beyond") << kTwoPlusTwo << "五兵平四" << C << "no red pawn number 5";
        QTest::newRow("advisors both fail")
            << kAdvisors << "A6+4" << W << "neither red advisor on file 6 can";
        QTest::newRow("two pawns by file")
            << kTwoPlusTwo << "P3.4" << W << "two red pawns on file 3, write 3+, 3-, 7+ or 7-";
        QTest::newRow("front needs two")
            << kTwoFiles << "前兵五平四" << C << "front/rear needs two red pawns on file 5";
        QTest::newRow("horse sideways") << kStart << "H8.7" << W << "never moves sideways";
        QTest::newRow("bad letter") << kStart << "X2.5" << W << "not WXF notation";
        QTest::newRow("too long") << kStart << "C2.55" << W << "not WXF notation";
        QTest::newRow("bad action") << kStart << "C2*5" << W << "not WXF notation";
        QTest::newRow("file zero") << kStart << "C0.5" << W << "not WXF notation";
        QTest::newRow("empty wxf") << kStart << "" << W << "not WXF notation";
        QTest::newRow("zh bad action") << kStart << "炮二走五" << C << "not Chinese";
        QTest::newRow("zh bad number") << kStart << "炮十平五" << C << "not Chinese";
        QTest::newRow("zh empty") << kStart << "" << C << "not Chinese";
        QTest::newRow("iccs illegal") << kStart << "h2h8" << I << "not a legal move";
        QTest::newRow("iccs bad") << kStart << "z9z9" << I << "not a coordinate move";
    }
    // parseMoveAny reports the error of the notation the text is written in.
    void anyErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("iccs") << "h2h8"
                              << "not a legal move";
        QTest::newRow("wxf") << "H5+7"
                             << "no red horse on file 5";
        QTest::newRow("chinese") << "马五进七"
                                 << "no red horse on file 5";
        QTest::newRow("junk") << "hello"
                              << "not WXF notation";
    }
    void anyErrors() {
        QFETCH(QString, text);
        QFETCH(QString, says);
        const MoveParse r = parseMoveAny(Position(), text.toStdString());
        QVERIFY(!r);
        QVERIFY2(q(r.error).contains(says), r.error.c_str());
    }

    void errors() {
        QFETCH(QString, fen);
        QFETCH(QString, text);
        QFETCH(int, notation);
        QFETCH(QString, says);
        const Position pos = positionFromFen(qPrintable(fen));
        const MoveParse r = parseMove(pos, text.toStdString(), Notation(notation));
        QVERIFY2(!r, qPrintable("accepted as " + q(toIccs(r.move))));
        QVERIFY(r.move.isNull());
        QVERIFY2(q(r.error).contains(says), r.error.c_str());
        QVERIFY2(q(r.error).contains("'" + text + "'"), "the message quotes the text it refused");
    }

    // Raw bytes: a QString column cannot carry malformed UTF-8, so these are std::strings.
    void malformedUtf8() {
        const Position pos;
        for (const std::string bad : {"\xff\xfe\xfd\xfc", "\xe7\x82\xae\xe4\xba",
                                      "\xe7\x82\xae\x80\xe5\xb9\xb3\xe4\xba\x94"}) {
            const MoveParse r = parseChinese(pos, bad);
            QVERIFY(!r);
            QVERIFY2(r.error.find("malformed UTF-8") != std::string::npos, r.error.c_str());
        }
    }

    // Every legal move of thousands of positions: written, read back, unique per position.
    void roundTrip_data() {
        QTest::addColumn<QString>("fen");
        for (const PerftRef& r : perftTable()) QTest::newRow(r.name) << QString::fromLatin1(r.fen);
        for (const char* f :
             {kTwoRooks, kTwoCannons, kBlackHorses, kThreePawns, kFourPawns, kFivePawns, kTwoFiles,
              kTwoPlusTwo, kBlackPawns, kBlackTwoFiles, kAdvisors, kElephants, kPinned})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void roundTrip() {
        QFETCH(QString, fen);
        // The set-up position itself, then samples from seeded random playouts.
        std::vector<Position> positions{positionFromFen(fen.toStdString())};
        const uint32_t seed = uint32_t(qHash(fen));
        for (Position& p : randomPositions(fen.toStdString(), seed, 10, 100, 1))
            positions.push_back(std::move(p));
        int moves = 0, tandemWritten = 0;
        for (const Position& pos : positions) {
            MoveList list;
            pos.legalMoves(list);
            for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
                std::set<std::string> seen;
                for (Move m : list) {
                    const std::string text = formatMove(pos, m, n);
                    if (!seen.insert(text).second)
                        QFAIL(qPrintable(QStringLiteral("two legal moves written %1 in %2")
                                             .arg(q(text), q(toFen(pos)))));
                    const MoveParse r = parseMove(pos, text, n);
                    if (r.move != m)
                        QFAIL(qPrintable(QStringLiteral("%1 written %2 reads back as %3 (%4) in %5")
                                             .arg(q(toIccs(m)), q(text), q(toIccs(r.move)),
                                                  q(r.error), q(toFen(pos)))));
                    // "R+", "P-", "++", "3+", "33": the file digit gave way to a place
                    if (n == Notation::Wxf && (!std::isupper(static_cast<unsigned char>(text[0])) ||
                                               text[1] == '+' || text[1] == '-'))
                        ++tandemWritten;
                }
            }
            moves += list.size();
        }
        qInfo("%d positions, %d legal moves, %d tandem WXF designators", int(positions.size()),
              moves, tandemWritten);
        QVERIFY(positions.size() > 50);
    }

    // The tandem rules are exercised by the round trip, not only by the hand-made rows.
    void roundTripCoversTandem() {
        int tandemPositions = 0;
        for (const char* f : {kTwoFiles, kFivePawns, kBlackTwoFiles}) {
            for (const Position& pos : randomPositions(f, 7, 4, 40, 1)) {
                MoveList list;
                pos.legalMoves(list);
                for (Move m : list)
                    if (toChinese(pos, m).rfind("一", 0) == 0) {
                        ++tandemPositions;
                        break;
                    }
            }
        }
        QVERIFY(tandemPositions > 20);
    }
};

QTEST_APPLESS_MAIN(TestNotation)
#include "test_notation.moc"
