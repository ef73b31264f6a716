// Scripted UCI and UCCI sessions (core/engine/uci.h) over blocking pipes: replies, garbage
// lines, illegal moves in `position`, banmoves, stop of an infinite search, resign, end of
// input stopping a search, and the numeric fields of `go` / `setoption` (uci_parse.h).
#include <QtTest>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <sstream>

#include "core/engine/uci.h"
#include "core/engine/uci_parse.h"
#include "core/search/alphabeta.h"
#include "core/xiangqi/notation.h"
#include "tests/support/engine_test_util.h"

using namespace xq;
using namespace xq::engine;

namespace {

// Input that blocks like a pipe: getline() in the loop waits for more until close(), which is
// the end of input (a GUI closing its end).
class PipeIn : public std::streambuf {
public:
    void push(const std::string& text) {
        std::lock_guard lk(mu_);
        data_ += text;
        cv_.notify_all();
    }
    void close() {
        std::lock_guard lk(mu_);
        closed_ = true;
        cv_.notify_all();
    }

protected:
    int_type underflow() override {
        std::unique_lock lk(mu_);
        cv_.wait(lk, [&] { return next_ < data_.size() || closed_; });
        if (next_ >= data_.size()) return traits_type::eof();
        ch_ = data_[next_++];
        setg(&ch_, &ch_, &ch_ + 1);
        return traits_type::to_int_type(ch_);
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    std::string data_;
    size_t next_ = 0;
    bool closed_ = false;
    char ch_ = 0;
};

// Output that another thread may read while the loop writes, and wait on.
class SyncOut : public std::streambuf {
public:
    std::string text() {
        std::lock_guard lk(mu_);
        return data_;
    }
    // Waits (at most `timeout`) until `pred(text)` holds; returns whether it did.
    template <class Pred>
    bool waitFor(Pred pred, std::chrono::seconds timeout = std::chrono::seconds(120)) {
        std::unique_lock lk(mu_);
        return cv_.wait_for(lk, timeout, [&] { return pred(data_); });
    }

protected:
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) {
            std::lock_guard lk(mu_);
            data_.push_back(char(c));
            cv_.notify_all();
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lk(mu_);
        data_.append(s, size_t(n));
        cv_.notify_all();
        return n;
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    std::string data_;
};

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream o(text);
    std::string l;
    while (std::getline(o, l)) lines.push_back(l);
    return lines;
}

int countBestmoves(const std::string& text) {
    int n = 0;
    for (const auto& l : splitLines(text)) n += l.rfind("bestmove", 0) == 0 || l == "nobestmove";
    return n;
}

// Runs `script` through a UciLoop on its own thread. End of input stops a search, so the
// input stays open until `awaitBestmoves` bestmove lines have appeared; then it is closed and
// run() must return.
std::vector<std::string> runSession(const std::string& script, ProtocolMode mode = ProtocolMode::Auto,
                                    int awaitBestmoves = 0) {
    PipeIn inBuf;
    SyncOut outBuf;
    std::istream in(&inBuf);
    std::ostream out(&outBuf);
    UciConfig cfg;
    cfg.mode = mode;
    cfg.engineName = "XQZero test";
    auto loop = std::make_unique<UciLoop>(in, out, cfg);
    auto done = std::async(std::launch::async, [&] { return loop->run(); });
    inBuf.push(script);
    if (!outBuf.waitFor([&](const std::string& t) { return countBestmoves(t) >= awaitBestmoves; }))
        qFatal("no bestmove within two minutes:\n%s", outBuf.text().c_str());
    inBuf.close();
    if (done.wait_for(std::chrono::seconds(120)) != std::future_status::ready)
        qFatal("run() did not return at end of input:\n%s", outBuf.text().c_str());
    loop.reset();
    return splitLines(outBuf.text());
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
        const auto out = runSession("uci\nposition startpos moves h2e2\ngo depth 3\n", ProtocolMode::Auto, 1);
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
            "go wtime\nisready\nposition startpos\ngo depth 1\n",
            ProtocolMode::Auto, 1);
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
            "uci\nposition startpos moves h2e2\nposition startpos moves b2e2 a0a5\ngo depth 2\n",
            ProtocolMode::Auto, 1);
        QCOMPARE(countPrefix(out, "info string error: illegal move 'a0a5'"), 1);
        Position pos;
        pos.makeMove(parseIccs(pos, "h2e2").move);
        QVERIFY2(!bestMoveIn(out, pos).isNull(), dump(out).c_str());
    }

    void fenAndMateScore() {
        const std::string fen = enginetest::kMateIn2[1];
        const auto out = runSession("uci\nposition fen " + fen + "\ngo depth 5\n", ProtocolMode::Auto, 1);
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
        const auto out = runSession("uci\nposition fen R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 2\n",
                                    ProtocolMode::Auto, 1);
        QCOMPARE(countPrefix(out, "bestmove (none)"), 1);
    }

    void ucciAutoDetectedWithBanmoves() {
        // Ban whatever the engine prefers at depth 2 and check that it picks something else.
        const auto first = runSession("ucci\nposition startpos\ngo depth 2\n", ProtocolMode::Auto, 1);
        QCOMPARE(countPrefix(first, "ucciok"), 1);
        const Move preferred = bestMoveIn(first, Position());
        QVERIFY2(!preferred.isNull(), dump(first).c_str());
        const auto out = runSession("ucci\nisready\nposition startpos\nbanmoves " + toIccs(preferred) +
                                    "\ngo depth 2\n", ProtocolMode::Auto, 1);
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
        const auto out = runSession("ucci\nposition fen " + fen + " moves " + toIccs(key) + "\ngo depth 4\n",
                                    ProtocolMode::Auto, 1);
        const std::string bm = firstWithPrefix(out, "bestmove ");
        QVERIFY2(bm.size() > 13 && bm.substr(bm.size() - 7) == " resign", dump(out).c_str());
    }

    // End of input while a search runs (a GUI that died, or `printf 'go depth 50' | xqzero
    // uci`): the search is stopped, its bestmove still written, and run() returns. Once with
    // the input ending right after `go`, once with it ending while the search reports.
    void eofStopsSearch_data() {
        QTest::addColumn<QString>("script");
        QTest::newRow("uci depth 50") << "uci\nposition startpos\ngo depth 50\n";
        QTest::newRow("uci infinite") << "uci\nposition startpos\ngo infinite\n";
        QTest::newRow("uci movetime 1e30") << "uci\nposition startpos\ngo movetime 1e30\n";
        QTest::newRow("uci clock 1e30") << "uci\nposition startpos\ngo wtime 1e30 btime 1e30\n";
        QTest::newRow("ucci depth 50") << "ucci\nposition startpos\ngo depth 50\n";
        QTest::newRow("ucci infinite") << "ucci\nposition startpos\ngo infinite\n";
    }
    void eofStopsSearch() {
        QFETCH(QString, script);
        UciConfig cfg;
        {
            std::istringstream in(script.toStdString());
            SyncOut outBuf;
            std::ostream out(&outBuf);
            UciLoop loop(in, out, cfg);
            auto done = std::async(std::launch::async, [&] { return loop.run(); });
            if (done.wait_for(std::chrono::seconds(120)) != std::future_status::ready)
                qFatal("run() kept searching after the end of input:\n%s", outBuf.text().c_str());
            const auto lines = splitLines(outBuf.text());
            QCOMPARE(countBestmoves(outBuf.text()), 1);
            QVERIFY2(!bestMoveIn(lines, Position()).isNull(), dump(lines).c_str());
        }
        {
            PipeIn inBuf;
            SyncOut outBuf;
            std::istream in(&inBuf);
            std::ostream out(&outBuf);
            UciLoop loop(in, out, cfg);
            auto done = std::async(std::launch::async, [&] { return loop.run(); });
            inBuf.push(script.toStdString());
            if (!outBuf.waitFor([](const std::string& t) { return t.find("info depth") != std::string::npos; }))
                qFatal("the search did not start:\n%s", outBuf.text().c_str());
            inBuf.close();
            if (done.wait_for(std::chrono::seconds(120)) != std::future_status::ready)
                qFatal("run() kept searching after the end of input:\n%s", outBuf.text().c_str());
            const auto lines = splitLines(outBuf.text());
            QCOMPARE(countBestmoves(outBuf.text()), 1);
            QVERIFY2(!bestMoveIn(lines, Position()).isNull(), dump(lines).c_str());
        }
    }

    // Every numeric field of `go`: finite values beyond range are clamped, NaN, infinities,
    // negatives and text refused (no double-to-int overflow: `go movetime 1e30`, `go depth nan`).
    void goNumbersClampedOrRefused() {
        using namespace uciparse;
        auto go = [](const std::string& line, bool ucci = false, bool ms = false,
                     Color stm = Red) -> std::pair<std::optional<std::string>, SearchLimits> {
            GoCommand g;
            auto e = parseGo(tokenize(line), ucci, ms, stm, g);
            return {e, g.limits};
        };
        const int maxMs = int(kMaxTimeMs);
        auto ok = [&](const std::string& line, bool ucci = false, bool ms = false) {
            auto r = go(line, ucci, ms);
            if (r.first) qWarning("%s: %s", line.c_str(), r.first->c_str());
            return r.second;
        };
        QCOMPARE(ok("go movetime 1e30").movetimeMs, maxMs);
        QCOMPARE(ok("go movetime 1e308").movetimeMs, maxMs);
        QCOMPARE(ok("go movetime 2500.7").movetimeMs, 2500);
        QCOMPARE(ok("go depth 1e9").depth, kMaxDepth);
        QCOMPARE(ok("go depth 7").depth, 7);
        QCOMPARE(ok("go nodes 1e30").nodes, kMaxNodes);
        QCOMPARE(ok("go nodes 12345").nodes, uint64_t(12345));
        QCOMPARE(ok("go movestogo 1e30").movesToGo, kMaxMovesToGo);
        QCOMPARE(ok("go mate 3").depth, 5);
        QCOMPARE(ok("go mate 1e30").depth, 2 * kMaxMateMoves - 1);
        QCOMPARE(ok("go depth 3 mate 5").depth, 3);
        const SearchLimits clock = ok("go wtime 1e30 btime 5000 winc 1e300 binc 7");
        QCOMPARE(clock.myTimeMs, maxMs);
        QCOMPARE(clock.oppTimeMs, 5000);
        QCOMPARE(clock.myIncMs, maxMs);
        QCOMPARE(clock.oppIncMs, 7);
        const SearchLimits black = go("go wtime 1000 btime 2000", false, false, Black).second;
        QCOMPARE(black.myTimeMs, 2000);
        QCOMPARE(black.oppTimeMs, 1000);
        // UCCI: seconds unless usemillisec; seconds times 1000 may overflow to +inf: clamped.
        QCOMPARE(ok("go time 1.5 increment 0.25", true).myTimeMs, 1500);
        QCOMPARE(ok("go time 1.5 increment 0.25", true).myIncMs, 250);
        QCOMPARE(ok("go time 1500", true, true).myTimeMs, 1500);
        const SearchLimits huge = ok("go time 1e306 increment 1e308 opptime 1e300 oppincrement 1e30", true);
        QCOMPARE(huge.myTimeMs, maxMs);
        QCOMPARE(huge.myIncMs, maxMs);
        QCOMPARE(huge.oppTimeMs, maxMs);
        QCOMPARE(huge.oppIncMs, maxMs);
        QCOMPARE(ok("go draw depth 1e9", true).depth, kMaxDepth);

        const char* refusedUci[] = {"go depth nan",     "go depth NaN",      "go depth -nan",
                                    "go movetime inf",  "go movetime -inf",  "go nodes infinity",
                                    "go depth -1",      "go wtime -5",       "go binc -0.5",
                                    "go nodes 1e400",   "go movetime 12abc", "go depth 0x",
                                    "go depth",         "go mate nan",       "go movestogo -1",
                                    "go time 5",        "go nodes 1e30 bogus 3"};
        for (const char* line : refusedUci) {
            const auto r = go(line);
            QVERIFY2(r.first.has_value() && !r.first->empty(), line);
        }
        const char* refusedUcci[] = {"go time nan", "go time -1", "go increment inf", "go wtime 5",
                                     "go opptime 1e999", "go depth -3"};
        for (const char* line : refusedUcci) {
            const auto r = go(line, true);
            QVERIFY2(r.first.has_value() && !r.first->empty(), line);
        }
        // The message names the field and the value.
        const auto nan = go("go depth nan").first;
        QVERIFY(nan && nan->find("'nan'") != std::string::npos && nan->find("'depth'") != std::string::npos);
    }

    // Through the loop: refused `go` lines answer an error and search nothing; a clamped one
    // searches.
    void numericFieldsInSession() {
        const auto out = runSession(
            "uci\nposition startpos\ngo depth nan\ngo movetime -5\ngo depth inf\n"
            "setoption name Hash value 1e30\nsetoption name Hash value nan\n"
            "setoption name Hash value 64\ngo nodes 1e30 depth 1\n",
            ProtocolMode::Auto, 1);
        QCOMPARE(countPrefix(out, "info string error: bad number 'nan' after 'depth'"), 1);
        QCOMPARE(countPrefix(out, "info string error: bad number '-5' after 'movetime'"), 1);
        QCOMPARE(countPrefix(out, "info string error: bad number 'inf'"), 1);
        QCOMPARE(countPrefix(out, "info string error: hash size must be 1..1024 MB"), 2);
        QCOMPARE(countPrefix(out, "info string error: "), 5);
        QCOMPARE(countPrefix(out, "bestmove "), 1);
        QVERIFY(!bestMoveIn(out, Position()).isNull());
        const auto ucci = runSession(
            "ucci\nsetoption hashsize 1e30\nsetoption hashsize -1\nsetoption hashsize 32\n"
            "position startpos\ngo time nan\ngo time 1e300 depth 1\n",
            ProtocolMode::Auto, 1);
        QCOMPARE(countPrefix(ucci, "info string error: "), 3);
        QCOMPARE(countPrefix(ucci, "bestmove "), 1);
    }

    void hashSizeParsing() {
        using namespace uciparse;
        int mb = -1;
        QVERIFY(!parseHashMb("64", mb));
        QCOMPARE(mb, 64);
        for (const char* bad : {"0", "1025", "1e3", "nan", "-5", "99999999999999999999999", "", "12x"}) {
            mb = 7;
            QVERIFY2(parseHashMb(bad, mb).has_value(), bad);
            QCOMPARE(mb, 7);  // unchanged
        }
    }
};

QTEST_GUILESS_MAIN(TestUci)
#include "test_uci.moc"
