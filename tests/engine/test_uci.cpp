// Scripted UCI and UCCI sessions (core/engine/uci.h) over string streams: replies, garbage
// lines, illegal moves in `position`, banmoves, stop of an infinite search, resign.
#include <QtTest>

#include <sstream>

#include "core/engine/uci.h"
#include "core/search/alphabeta.h"
#include "core/xiangqi/notation.h"
#include "engine_test_util.h"

using namespace xq;
using namespace xq::engine;

namespace {

std::vector<std::string> runSession(const std::string& script, ProtocolMode mode = ProtocolMode::Auto) {
    std::istringstream in(script);
    std::ostringstream out;
    UciConfig cfg;
    cfg.mode = mode;
    cfg.engineName = "XQZero test";
    {
        UciLoop loop(in, out, cfg);
        loop.run();
    }
    std::vector<std::string> lines;
    std::istringstream o(out.str());
    std::string l;
    while (std::getline(o, l)) lines.push_back(l);
    return lines;
}

int countPrefix(const std::vector<std::string>& lines, const std::string& p) {
    int n = 0;
    for (const auto& l : lines) n += l.rfind(p, 0) == 0;
    return n;
}

std::string firstWithPrefix(const std::vector<std::string>& lines, const std::string& p) {
    for (const auto& l : lines)
        if (l.rfind(p, 0) == 0) return l;
    return {};
}

std::string dump(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

// The move after "bestmove ".
Move bestMoveIn(const std::vector<std::string>& lines, const Position& pos) {
    const std::string l = firstWithPrefix(lines, "bestmove ");
    if (l.size() < 13) return Move();
    return parseIccs(pos, l.substr(9, 4)).move;
}

}  // namespace

class TestUci : public QObject {
    Q_OBJECT
private slots:
    void handshake() {
        const auto out = runSession("uci\nisready\nquit\n");
        QCOMPARE(countPrefix(out, "id name XQZero test"), 1);
        QCOMPARE(countPrefix(out, "option name Hash type spin"), 1);
        QCOMPARE(countPrefix(out, "uciok"), 1);
        QCOMPARE(countPrefix(out, "readyok"), 1);
        QCOMPARE(countPrefix(out, "info string error"), 0);
        // uciok comes after the id and option lines.
        QCOMPARE(out[out.size() - 2], std::string("uciok"));
    }

    void searchWithInfoAndBestmove() {
        const auto out = runSession("uci\nposition startpos moves h2e2\ngo depth 3\n");
        QVERIFY2(countPrefix(out, "info depth 1 ") == 1, dump(out).c_str());
        const std::string d3 = firstWithPrefix(out, "info depth 3 ");
        QVERIFY2(!d3.empty(), dump(out).c_str());
        for (const char* key : {" seldepth ", " score cp ", " nodes ", " nps ", " time ", " pv "})
            QVERIFY2(d3.find(key) != std::string::npos, d3.c_str());
        Position pos;
        pos.makeMove(parseIccs(pos, "h2e2").move);
        QCOMPARE(countPrefix(out, "bestmove "), 1);
        QVERIFY2(!bestMoveIn(out, pos).isNull(), dump(out).c_str());  // a legal Black move
    }

    void garbageLinesAreReportedAndIgnored() {
        const auto out = runSession(
            "uci\nfoo bar\nposition sideways\ngo depth x\nsetoption name NoSuch value 3\n"
            "go wtime\nisready\nposition startpos\ngo depth 1\n");
        QCOMPARE(countPrefix(out, "info string error: unknown command 'foo bar'"), 1);
        QCOMPARE(countPrefix(out, "info string error: "), 5);
        QCOMPARE(countPrefix(out, "readyok"), 1);
        QCOMPARE(countPrefix(out, "bestmove "), 1);
        QVERIFY(!bestMoveIn(out, Position()).isNull());
    }

    void illegalMoveLeavesPositionUnchanged() {
        // The second position command has an illegal move (a red rook cannot jump the pawn):
        // it is refused and the search runs on the first position, Black to move.
        const auto out = runSession(
            "uci\nposition startpos moves h2e2\nposition startpos moves b2e2 a0a5\ngo depth 2\n");
        QCOMPARE(countPrefix(out, "info string error: illegal move 'a0a5'"), 1);
        Position pos;
        pos.makeMove(parseIccs(pos, "h2e2").move);
        QVERIFY2(!bestMoveIn(out, pos).isNull(), dump(out).c_str());
    }

    void fenAndMateScore() {
        const std::string fen = enginetest::kMateIn2[1];
        const auto out = runSession("uci\nposition fen " + fen + "\ngo depth 5\n");
        QVERIFY2(countPrefix(out, "info depth 3 seldepth") == 1, dump(out).c_str());
        bool mate2 = false;
        for (const auto& l : out) mate2 = mate2 || l.find(" score mate 2 ") != std::string::npos;
        QVERIFY2(mate2, dump(out).c_str());
        QVERIFY(!bestMoveIn(out, positionFromFen(fen)).isNull());
    }

    void stopEndsInfiniteSearch() {
        const auto out = runSession("uci\nposition startpos\ngo infinite\nisready\nstop\nquit\n");
        QCOMPARE(countPrefix(out, "readyok"), 1);
        QCOMPARE(countPrefix(out, "bestmove "), 1);
        QVERIFY(!bestMoveIn(out, Position()).isNull());
    }

    void noLegalMove() {
        const auto out = runSession("uci\nposition fen R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 2\n");
        QCOMPARE(countPrefix(out, "bestmove (none)"), 1);
    }

    void ucciAutoDetectedWithBanmoves() {
        // Ban whatever the engine prefers at depth 2 and check that it picks something else.
        const auto first = runSession("ucci\nposition startpos\ngo depth 2\n");
        QCOMPARE(countPrefix(first, "ucciok"), 1);
        const Move preferred = bestMoveIn(first, Position());
        QVERIFY2(!preferred.isNull(), dump(first).c_str());
        const auto out = runSession("ucci\nisready\nposition startpos\nbanmoves " + toIccs(preferred) +
                                    "\ngo depth 2\n");
        QCOMPARE(countPrefix(out, "readyok"), 1);
        const Move m = bestMoveIn(out, Position());
        QVERIFY2(!m.isNull(), dump(out).c_str());
        QVERIFY(m != preferred);
        // UCCI info lines carry a plain score.
        const std::string info = firstWithPrefix(out, "info depth 1 ");
        QVERIFY2(info.find(" score ") != std::string::npos && info.find(" cp ") == std::string::npos,
                 info.c_str());
    }

    void ucciTimeGarbageAndBye() {
        const auto out = runSession(
            "ucci\nsetoption usemillisec true\nsetoption bogus 1\nprobe\n"
            "position startpos\ngo time 2000 increment 0 opptime 2000 oppincrement 0\n"
            "banmoves z9z9\nquit\n",
            ProtocolMode::Ucci);
        QCOMPARE(countPrefix(out, "info string error: unknown option 'bogus'"), 1);
        QCOMPARE(countPrefix(out, "info string error: unknown command 'probe'"), 1);
        QCOMPARE(countPrefix(out, "info string error: banmoves"), 1);
        QCOMPARE(countPrefix(out, "bestmove "), 1);
        QCOMPARE(out.back(), std::string("bye"));
    }

    void ucciResignsWhenMated() {
        // After the mating side's first move the defender is mated next move: it resigns.
        const std::string fen = enginetest::kMateIn2[0];
        Position pos = positionFromFen(fen);
        search::AlphaBeta ab;
        search::AbLimits lim;
        lim.depth = 4;
        const Move key = ab.search(pos, lim).best;
        QVERIFY(!key.isNull());
        const auto out = runSession("ucci\nposition fen " + fen + " moves " + toIccs(key) + "\ngo depth 4\n");
        const std::string bm = firstWithPrefix(out, "bestmove ");
        QVERIFY2(bm.size() > 13 && bm.substr(bm.size() - 7) == " resign", dump(out).c_str());
    }
};

QTEST_GUILESS_MAIN(TestUci)
#include "test_uci.moc"
