// Perpetual chase (长捉): hand-checked repetition cycles, each with the verdict the rules of
// core/xiangqi/rules.h (judgeChase) must give and why. Every cycle is played twice from its FEN,
// so the start position occurs for the third time at the end; no earlier ply may end the game.
//
// Each case is also checked turned round with the colours swapped (the other side must get the
// mirrored verdict), mirrored left-right (same verdict), over a single cycle (what the
// alpha-beta search judges on its first repetition) and with the chase rule switched off.
//
// Fairy-Stockfish gives its own verdict for the same cycles: after `position fen F moves ...`
// (all but the last move) `go depth 3 searchmoves LAST` searches only the move that completes
// the repetition; the child position is then judged by the engine's rules at once, so the
// reported score is the verdict (mate for the side that made the last move: it wins; mated:
// it loses; 0: a draw). A full-depth search is not needed and the answer does not depend on
// its evaluation. The engine's rule set depends on its version: Debian's Fairy-Stockfish 11.1
// (and every tagged release up to 14.0.1) predates its chasing rule (commit 9022a705, April
// 2022), so there it must agree with our verdict with the chase rule off (perpetual check
// still counts); a build from newer source (its id name is then a ddmmyy date) judges chases,
// and must give our verdict except in the cases marked `fairy`, where the two rule variants
// are known to differ (rules.h says why). XQ_FAIRY_STOCKFISH picks the binary;
// XQ_FAIRY_CHASING=0/1 overrides the version guess.
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <cstdlib>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"
#include "tests/support/xq_testutil.h"

using namespace xq;
using namespace xqtest;

namespace {

struct Case {
    const char* name;
    const char* fen;
    const char* cycle;    // ICCS moves of one cycle, played twice
    const char* verdict;  // "0-1 perpetual_chase", "1/2-1/2 repetition", ...
    const char* chased;   // square of the chased piece at the end ("" when no chase verdict)
    const char* chaser;   // square of the piece that chased it last
    const char* fairy;    // a chasing Fairy-Stockfish's result where it differs, else nullptr
    const char* why;
};

// Pieces: uppercase Red, lowercase Black; K king, A advisor, B elephant, N horse, R rook,
// C cannon, P pawn. Squares: files a..i from Red's left, ranks 0..9 from Red's side.
const Case kCases[] = {
    // --- One chaser of each kind, unprotected targets: the chaser loses.
    {"rook chases cannon", "5k3/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1", "c2b2 b7c7 b2c2 c7b7",
     "0-1 perpetual_chase", "b7", "c2", nullptr,
     "Rb2 and Rc2 each attack the cannon on its new file; nothing of Black's can take back"},
    {"rook chases horse", "5k3/9/2n6/9/9/9/9/1R7/9/3K5 w - - 0 1", "b2c2 c7b5 c2b2 b5c7",
     "0-1 perpetual_chase", "c7", "b2", nullptr,
     "the horse hops c7-b5-c7 and the rook follows it on the c- and b-files"},
    {"rook chases a pawn across the river", "5k3/1R7/9/9/9/9/2p6/9/9/3K5 w - - 0 1",
     "b8c8 c3b3 c8b8 b3c3", "0-1 perpetual_chase", "c3", "b8", nullptr,
     "a black pawn on Red's half is a target; the rook follows it along rank 8"},
    {"horse chases cannon", "5k3/9/2c6/5N3/9/9/9/9/9/4K4 w - - 0 1", "f6d5 c7d7 d5f6 d7c7",
     "0-1 perpetual_chase", "c7", "f6", nullptr,
     "Nd5 hits c7 (leg d6 free), Nf6 hits d7 (leg e6 free); horse and cannon are worth the same "
     "and nothing protects the cannon"},
    {"cannon chases horse", "5k3/9/2n6/9/9/9/1pP6/9/1C7/4K4 w - - 0 1", "b1c1 c7b5 c1b1 b5c7",
     "0-1 perpetual_chase", "c7", "b1", nullptr,
     "screens c3 (red pawn) and b3 (black pawn): the cannon attacks c7 from c1 and b5 from b1"},
    {"cannon chases a protected rook", "5k3/9/2r4r1/9/9/9/1pP6/9/1C7/4K4 w - - 0 1",
     "b1c1 c7b7 c1b1 b7c7", "0-1 perpetual_chase", "c7", "b1", nullptr,
     "the h7 rook protects the other along rank 7, but a cannon attacking a rook chases it "
     "anyway (the chaser is worth less)"},
    {"horse chases a horse with a blocked leg", "5k3/9/2n1b4/2p2N3/9/9/9/9/9/4K4 w - - 0 1",
     "f6d5 c7e8 d5f6 e8c7", "0-1 perpetual_chase", "c7", "f6", nullptr,
     "like pieces, but the black horse cannot take back: its legs c6 (pawn) and e7 "
     "(elephant) are blocked"},
    {"black rook chases cannon", "5k3/9/6r2/9/9/9/9/7C1/9/3K5 b - - 0 1", "g7h7 h2g2 h7g7 g2h2",
     "1-0 perpetual_chase", "h2", "g7", nullptr,
     "the first case turned round: Black chases, Black loses"},
    {"king cannot recapture: the generals would face", "3ck4/N8/9/9/9/9/9/9/9/3K5 w - - 0 1",
     "a8c7 d9c9 c7a8 c9d9", "0-1 perpetual_chase", "d9", "a8", nullptr,
     "on d9 the cannon stands next to its king, but Kxd9 would face the red king on the open "
     "d-file, so it is unprotected; on c9 nothing protects it"},

    // --- Protected targets, and pieces that may chase: draws.
    {"rook attacks a protected rook", "5k3/9/2r4r1/9/9/9/9/1R7/9/4K4 w - - 0 1",
     "b2c2 c7b7 c2b2 b7c7", "1/2-1/2 repetition", "", "", nullptr,
     "a rook is not worth less than a rook, and the h7 rook protects the target"},
    {"rook attacks a protected cannon", "5k3/9/1c5r1/9/9/9/9/2R6/9/4K4 w - - 0 1",
     "c2b2 b7c7 b2c2 c7b7", "1/2-1/2 repetition", "", "", nullptr,
     "the h7 rook protects b7 and c7 along rank 7"},
    {"cannon attacks a protected horse", "5k3/9/2n4r1/9/7r1/9/1pP6/9/1C7/4K4 w - - 0 1",
     "b1c1 c7b5 c1b1 b5c7", "1/2-1/2 repetition", "", "", nullptr,
     "rooks on h7 and h5 protect c7 and b5; cannon and horse are worth the same"},
    {"king protects the cannon", "3ck4/N8/9/9/9/9/9/9/9/5K3 w - - 0 1", "a8c7 d9c9 c7a8 c9d9",
     "1/2-1/2 repetition", "", "", nullptr,
     "as the facing-generals case, but the red king is on f0: Kxd9 is legal, so Nc7 attacks a "
     "protected cannon and only one red move of the two chases"},
    {"pawn may chase", "3k5/9/4c4/3P5/9/9/9/9/9/5K3 w - - 0 1", "d6e6 e7d7 e6d6 d7e7",
     "1/2-1/2 repetition", "", "", nullptr,
     "a crossed pawn attacks the cannon on every move, but pawns never chase"},
    {"king may chase", "5k3/9/9/9/9/9/P8/4c4/3K5/9 w - - 0 1", "d1e1 e2d2 e1d1 d2e2",
     "1/2-1/2 repetition", "", "", nullptr,
     "the red king attacks the cannon in its palace on every move, but the king never chases"},
    {"rook offers an exchange", "5k3/9/2r6/9/9/9/9/1R7/9/3K5 w - - 0 1", "b2c2 c7b7 c2b2 b7c7",
     "1/2-1/2 repetition", "", "", nullptr,
     "rook against an unprotected rook that can take back: an exchange offer, not a chase"},
    {"horse meets a horse that can take back", "5k3/9/2n6/5N3/9/9/9/9/9/4K4 w - - 0 1",
     "f6d5 c7e8 d5f6 e8c7", "1/2-1/2 repetition", "", "", nullptr,
     "the blocked-leg case without blockers: each horse can take the other"},

    // --- Pins.
    {"pinned chaser", "5k3/4r4/9/9/9/9/c8/4R4/9/4K4 w - - 0 1", "e2e3 a3a2 e3e2 a2a3",
     "1/2-1/2 repetition", "", "", "0-1",
     "the e8 rook pins the red rook to its king: Rxa3/Rxa2 are illegal, so it attacks but "
     "does not chase (Pikafish agrees; Fairy-Stockfish counts the attack)"},
    {"the same chaser unpinned", "5k3/7r1/9/9/9/9/c8/4R4/9/4K4 w - - 0 1", "e2e3 a3a2 e3e2 a2a3",
     "0-1 perpetual_chase", "a3", "e2", nullptr,
     "the black rook on h8 pins nothing: the rook chases the cannon along ranks 3 and 2"},
    {"pinned defender", "5k3/9/1c3r3/9/9/9/9/2R2R3/9/3K5 w - - 0 1", "c2b2 b7c7 b2c2 c7b7",
     "0-1 perpetual_chase", "b7", "c2", nullptr,
     "the f7 rook would protect the cannon along rank 7, but the f2 rook pins it to its king"},
    {"pinned target of the chaser's kind", "4k4/9/4r4/R8/9/9/9/4R4/9/3K5 w - - 0 1",
     "a6a7 e7e6 a7a6 e6e7", "0-1 perpetual_chase", "e7", "a6", nullptr,
     "rook against rook, but the black rook is pinned on the e-file and cannot take back"},
    {"the same target free", "4k4/9/4r4/R8/9/9/9/8R/9/3K5 w - - 0 1", "a6a7 e7e6 a7a6 e6e7",
     "1/2-1/2 repetition", "", "", nullptr,
     "without the pin (the second red rook on i2) the black rook can take back: no chase"},

    // --- Discovered attacks.
    {"discovered attacks by a moving blocker", "5k3/9/R8/9/RCb6/9/9/9/9/3K5 w - - 0 1",
     "b5b7 c5e7 b7b5 e7c5", "0-1 perpetual_chase", "c5", "a7", nullptr,
     "the red cannon steps between the rooks' ranks: Cb7 uncovers Ra5 on c5, Cb5 uncovers Ra7 "
     "on e7, and the elephant cannot hide"},
    {"an interposed elephant unpins the chaser",
     "4k4/4r4/5a3/2c6/4N1b2/5n2C/9/6R2/4K4/5AB2 w - - 0 1", "g0e2 c6c2 e2g0 c2c6",
     "0-1 perpetual_chase", "c6", "g2", "1/2-1/2",
     "Be2 unpins the e5 horse (the e8 rook held it to the king), which then attacks c6; Bg0 "
     "opens rank 2 for the g2 rook onto c2. Fairy-Stockfish does not see chases made by "
     "unpinning"},
    {"a cannon over the king protects", "5k3/9/9/9/5C3/9/9/5K3/9/5A2r w - - 0 1",
     "f0e1 i0i1 e1f0 i1i0", "1-0 perpetual_chase", "f0", "i0", "1/2-1/2",
     "the f5 cannon (screen: its own king) would retake on f0, but it is pinned by the facing "
     "generals, so the black rook chases the advisor on e1 and f0"},
    {"the same cannon free to retake", "3k5/9/9/9/5C3/9/9/5K3/9/5A2r w - - 0 1",
     "f0e1 i0i1 e1f0 i1i0", "1/2-1/2 repetition", "", "", nullptr,
     "with the black king on d9 the cannon really protects f0: only Ri1 chases"},

    // --- Both sides chase: a draw.
    {"mutual chase, one through a pinned defender",
     "9/3k5/9/5c3/r8/3C5/3r5/N2R5/3K3R1/6n2 w - - 0 1", "a2c1 d3c3 c1a2 c3d3", "1/2-1/2 repetition",
     "", "", nullptr,
     "the red horse hits the black rook from c1 and a2; the black rook hits the horse from c3, "
     "then from d3 pins the d2 rook that protected a2 from the a5 rook"},
    {"mutual chase over cannon screens", "5k3/9/5C3/6r2/c2R2N2/9/n8/7R1/3K5/5r3 w - - 0 1",
     "g5f3 g6f6 f3g5 f6g6", "1/2-1/2 repetition", "", "", nullptr,
     "Nf3 and Rf6 each become the screen for the f7 cannon onto the f0 rook; the black rooks "
     "attack the unprotected cannon from f6, then from f0 once the horse leaves the file"},
    {"mutual chase, one by a lost protection", "9/3k1c3/9/9/9/C5r1N/9/1R7/5K3/8n w - - 0 1",
     "b2b4 f8f4 b4b2 f4f8", "1/2-1/2 repetition", "", "", "0-1",
     "the a4 cannon gets the g4 rook over b4, then over f4; Cf4 cuts the b4 rook's guard of "
     "the i4 horse, then Cf8 removes the screen through which the a4 cannon guarded it. "
     "Fairy-Stockfish does not count a chase by a lost protection"},

    // --- Checks and chases.
    {"perpetual check decides first", "3k5/7R1/9/9/9/9/9/9/9/1N3K3 w - - 0 1",
     "h8h9 d9d8 h9h8 d8d9", "0-1 perpetual_check", "", "", nullptr,
     "every red move checks: perpetual check, judged before any chase"},
    {"one check, one chase", "3k5/9/2c6/9/9/9/9/2R6/9/5K3 w - - 0 1", "c2d2 d9e9 d2c2 e9d9",
     "1/2-1/2 repetition", "", "", nullptr,
     "Rd2 checks, Rc2 attacks the cannon: a checking move is no chase, so Red did not chase "
     "with every move (the full Asian rules would punish this)"},
    {"chasing through the opponent's check", "r3k4/1n7/1c7/9/9/9/9/1R7/3KN4/1C7 w - - 0 1",
     "b2d2 b7d7 d2b2 d7b7", "0-1 perpetual_chase", "b8", "b2", nullptr,
     "Rd2 uncovers Cb0 onto the b8 horse over the b7 screen; Cd7 checks over d2; Rb2 answers "
     "and hits b8 itself. Black's check does not excuse Red (Pikafish would call any cycle "
     "with a check a draw)"},

    // --- Idle cycles and chases of different pieces.
    {"kings walk", "5k3/9/9/p8/9/9/P8/9/9/3K5 w - - 0 1", "d0d1 f9f8 d1d0 f8f9",
     "1/2-1/2 repetition", "", "", nullptr, "nothing is attacked at all"},
    {"rooks walk", "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a1 i9i8 a1a0 i8i9",
     "1/2-1/2 repetition", "", "", nullptr, "the rooks attack nothing"},
    {"two targets in turn", "5k3/9/1cn6/9/9/9/9/2R6/9/3K5 w - - 0 1", "c2b2 f9f8 b2c2 f8f9",
     "1/2-1/2 repetition", "", "", nullptr,
     "Rb2 attacks the cannon, Rc2 the horse: no one piece is chased by every move"},
};

std::vector<std::string> split(const char* text) {
    std::vector<std::string> out;
    for (const QString& s : QString(text).split(' ', Qt::SkipEmptyParts))
        out.push_back(s.toStdString());
    return out;
}

std::string verdictText(const GameStatus& s) {
    return std::string(resultName(s.result)) + " " + reasonName(s.reason);
}

// The same case turned round (180 degrees) with the colours swapped.
std::string swapSquare(const std::string& sq) {
    return {char('a' + ('i' - sq[0])), char('0' + ('9' - sq[1]))};
}
std::string swapMove(const std::string& m) {
    return swapSquare(m.substr(0, 2)) + swapSquare(m.substr(2, 2));
}
std::string mirrorMove(const std::string& m) {
    return {char('a' + ('i' - m[0])), m[1], char('a' + ('i' - m[2])), m[3]};
}
std::string swapResult(const std::string& v) {
    if (v.rfind("1-0", 0) == 0) return "0-1" + v.substr(3);
    if (v.rfind("0-1", 0) == 0) return "1-0" + v.substr(3);
    return v;
}
Position colourSwapped(const Position& p) {
    Position q;
    q.clear();
    for (int s = 0; s < kSquareCount; ++s) {
        const Piece pc = p.piece(s);
        if (pc != NoPiece) q.put(rotate(s), makePiece(~colorOf(pc), typeOf(pc)));
    }
    q.setSideToMove(~p.sideToMove());
    q.finishSetup();
    return q;
}

struct Played {
    GameStatus status;
    std::string error;  // an illegal move, or a game that ended before the last ply
};

// Plays the cycle twice; every position before the last must still be ongoing.
Played playTwice(Position pos, const std::vector<std::string>& cycle, const RuleOptions& opts) {
    Played r;
    for (int round = 0; round < 2; ++round)
        for (size_t i = 0; i < cycle.size(); ++i) {
            const GameStatus before = gameStatus(pos, opts);
            if (before.over()) {
                r.error = "game over before " + cycle[i] + ": " + verdictText(before);
                return r;
            }
            const Move m = legalMove(pos, cycle[i]);
            if (m.isNull()) {
                r.error = "illegal move " + cycle[i];
                return r;
            }
            pos.makeMove(m);
        }
    r.status = gameStatus(pos, opts);
    return r;
}

// --- Fairy-Stockfish.

QString enginePath() {
    const QByteArray env = qgetenv("XQ_FAIRY_STOCKFISH");
    return env.isEmpty() ? QStringLiteral("/usr/games/fairy-stockfish")
                         : QString::fromLocal8Bit(env);
}

class Engine {
  public:
    bool start(QString& error) {
        proc_.start(enginePath(), {});
        if (!proc_.waitForStarted(10000)) {
            error = "could not start " + enginePath() + ": " + proc_.errorString();
            return false;
        }
        proc_.write("ucci\n");
        const QString hello = readUntil("ucciok");
        if (!hello.contains("ucciok")) {
            error = "no ucciok from " + enginePath();
            return false;
        }
        static const QRegularExpression idName(QStringLiteral("id name Fairy-Stockfish (\\S+)"));
        version_ = idName.match(hello).captured(1);
        return true;
    }
    ~Engine() {
        if (proc_.state() != QProcess::NotRunning) {
            proc_.write("quit\n");
            if (!proc_.waitForFinished(10000)) proc_.kill();
        }
    }
    const QString& version() const { return version_; }

    // Does this build judge chases? Releases print a version number (all up to 14.0.1 predate
    // the rule); builds from source print their ddmmyy date.
    bool judgesChases() const {
        const QByteArray env = qgetenv("XQ_FAIRY_CHASING");
        if (!env.isEmpty()) return env != "0";
        static const QRegularExpression date(QStringLiteral("^(\\d\\d)(\\d\\d)(\\d\\d)$"));
        const auto m = date.match(version_);
        if (!m.hasMatch()) return false;
        const int ymd =
            m.captured(3).toInt() * 10000 + m.captured(2).toInt() * 100 + m.captured(1).toInt();
        return ymd >= 220427;
    }

    // The result the engine gives the game after `moves` (the last one completes the
    // repetition), or a text starting with '?' when it gave none.
    std::string verdict(const std::string& fen, const std::vector<std::string>& moves) {
        std::string line = "position fen " + fen + " moves";
        for (size_t i = 0; i + 1 < moves.size(); ++i) line += " " + moves[i];
        line += "\ngo depth 3 searchmoves " + moves.back() + "\n";
        proc_.write(line.c_str());
        const QString out = readUntil("bestmove");
        QString last;
        for (const QString& l : out.split('\n'))
            if (l.contains(" score ")) last = l;
        static const QRegularExpression mate(QStringLiteral(" score mate (-?\\d+)"));
        static const QRegularExpression cp(QStringLiteral(" score (?:cp )?(-?\\d+)"));
        // The side that made the last move: the side to move in `fen` after an odd count.
        const bool redLast = (fen.find(" w ") != std::string::npos) == (moves.size() % 2 == 1);
        if (const auto m = mate.match(last); m.hasMatch()) {
            const bool lastWins = m.captured(1).toInt() > 0;
            return lastWins == redLast ? "1-0" : "0-1";
        }
        if (const auto m = cp.match(last); m.hasMatch() && std::abs(m.captured(1).toInt()) <= 2)
            return "1/2-1/2";
        return "?" + (last.isEmpty() ? out.right(200) : last).toStdString();
    }

  private:
    // Reads until a line starting with `word` arrived (or 60 s without it).
    QString readUntil(const char* word) {
        QString out;
        const QRegularExpression done(QString("(^|\\n)") + word);
        while (!done.match(out).hasMatch()) {
            if (!proc_.waitForReadyRead(60000)) break;
            out += QString::fromUtf8(proc_.readAllStandardOutput());
        }
        return out;
    }
    QProcess proc_;
    QString version_;
};

}  // namespace

class TestChase : public QObject {
    Q_OBJECT
  private slots:
    void cases_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kCases)); ++i) QTest::newRow(kCases[i].name) << i;
    }

    void atLeastThirtyCases() {
        QVERIFY(std::size(kCases) >= 30);
        int chases = 0, draws = 0;
        for (const Case& c : kCases) {
            chases += QString(c.verdict).endsWith("perpetual_chase");
            draws += QString(c.verdict).startsWith("1/2");
        }
        QVERIFY(chases >= 12);
        QVERIFY(draws >= 12);
    }

    // The threefold repetition's verdict, the chased piece and its chaser.
    void cases() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        Position pos;
        const auto e = parseFen(c.fen, pos);
        QVERIFY2(!e, e ? e->toString().c_str() : "");
        const Played r = playTwice(pos, split(c.cycle), {});
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(
            verdictText(r.status) == c.verdict,
            qPrintable(QString("%1 (expected %2: %3)")
                           .arg(QString::fromStdString(verdictText(r.status)), c.verdict, c.why)));
        const bool chase = r.status.reason == Reason::PerpetualChase;
        QCOMPARE(QString::fromStdString(chase ? squareName(r.status.chase.targetSquare) : ""),
                 QString(c.chased));
        QCOMPARE(QString::fromStdString(chase ? squareName(r.status.chase.chaserSquare) : ""),
                 QString(c.chaser));
        if (chase) {
            // The chased piece belongs to the winner, the chaser to the loser.
            const Color loser = r.status.result == Result::RedWins ? Black : Red;
            QCOMPARE(colorOf(r.status.chase.chaser), loser);
            QCOMPARE(colorOf(r.status.chase.target), ~loser);
            QCOMPARE(pos.piece(r.status.chase.targetSquare), r.status.chase.target);
        } else {
            QCOMPARE(r.status.chase, ChaseInfo{});
        }
    }

    // One cycle (the twofold repetition the alpha-beta search judges) gives the same loser.
    void singleCycle() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        const Position start = positionFromFen(c.fen);
        std::vector<Move> cycle;
        Position pos = start;
        for (const std::string& t : split(c.cycle)) {
            cycle.push_back(legalMove(pos, t));
            pos.makeMove(cycle.back());
        }
        const ChaseVerdict v = judgeChase(pos, cycle);
        const QString verdict(c.verdict);
        if (verdict.endsWith("perpetual_chase")) {
            QVERIFY(v.decided);
            QCOMPARE(v.loser, verdict.startsWith("1-0") ? Black : Red);
            QCOMPARE(QString::fromStdString(squareName(v.info.targetSquare)), QString(c.chased));
        } else if (verdict.endsWith("repetition")) {
            QVERIFY(!v.decided);
        }
        // A twofold limit decides at the end of the first cycle already.
        QCOMPARE(QString::fromStdString(verdictText(gameStatus(pos, RuleOptions{0, 2}))), verdict);
    }
    void singleCycle_data() { cases_data(); }

    // Turned round with the colours swapped: the same verdict for the other side.
    void colourSwap() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        const Position pos = colourSwapped(positionFromFen(c.fen));
        std::vector<std::string> cycle;
        for (const std::string& m : split(c.cycle)) cycle.push_back(swapMove(m));
        const Played r = playTwice(pos, cycle, {});
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(QString::fromStdString(verdictText(r.status)),
                 QString::fromStdString(swapResult(c.verdict)));
        if (*c.chased) QCOMPARE(squareName(r.status.chase.targetSquare), swapSquare(c.chased));
    }
    void colourSwap_data() { cases_data(); }

    // Mirrored left-right: the same verdict.
    void mirror() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        const Position pos = positionFromFen(c.fen).mirrored();
        std::vector<std::string> cycle;
        for (const std::string& m : split(c.cycle)) cycle.push_back(mirrorMove(m));
        const Played r = playTwice(pos, cycle, {});
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(QString::fromStdString(verdictText(r.status)), QString(c.verdict));
    }
    void mirror_data() { cases_data(); }

    // With the rule off a chase is an ordinary repetition draw; other verdicts stay.
    void ruleOff() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        RuleOptions off;
        off.perpetualChase = false;
        const Played r = playTwice(positionFromFen(c.fen), split(c.cycle), off);
        QVERIFY2(r.error.empty(), r.error.c_str());
        const QString verdict(c.verdict);
        QCOMPARE(QString::fromStdString(verdictText(r.status)),
                 verdict.endsWith("perpetual_chase") ? QString("1/2-1/2 repetition") : verdict);
    }
    void ruleOff_data() { cases_data(); }

    // Every case (and its colour-swapped twin) against Fairy-Stockfish's own verdict.
    void fairyStockfishAgrees() {
        const QFileInfo exe(enginePath());
        QVERIFY2(exe.exists() && exe.isExecutable(),
                 qPrintable("Fairy-Stockfish not found at " + enginePath() +
                            ": install the Debian package 'fairy-stockfish' or set "
                            "XQ_FAIRY_STOCKFISH. This cross-check is required."));
        Engine engine;
        QString error;
        QVERIFY2(engine.start(error), qPrintable(error));
        const bool chasing = engine.judgesChases();
        qInfo("Fairy-Stockfish %s: %s", qPrintable(engine.version()),
              chasing ? "judges chases (compared with our rule)"
                      : "no chasing rule (compared with our rule switched off)");
        RuleOptions off;
        off.perpetualChase = false;
        QStringList diff;
        int compared = 0;
        for (const Case& c : kCases)
            for (bool swapped : {false, true}) {
                Position pos = positionFromFen(c.fen);
                std::vector<std::string> cycle = split(c.cycle);
                if (swapped) {
                    pos = colourSwapped(pos);
                    for (std::string& m : cycle) m = swapMove(m);
                }
                std::vector<std::string> moves = cycle;
                moves.insert(moves.end(), cycle.begin(), cycle.end());
                std::string ours;
                if (chasing) {
                    ours = c.fairy ? c.fairy : split(c.verdict)[0];
                    if (swapped) ours = swapResult(ours);
                } else {
                    ours = resultName(playTwice(pos, cycle, off).status.result);
                }
                const std::string theirs = engine.verdict(toFen(pos), moves);
                ++compared;
                if (theirs != ours)
                    diff << QString("%1%2: ours %3, Fairy-Stockfish %4")
                                .arg(c.name, swapped ? " (colours swapped)" : "")
                                .arg(QString::fromStdString(ours), QString::fromStdString(theirs));
            }
        QCOMPARE(compared, int(2 * std::size(kCases)));
        QVERIFY2(diff.isEmpty(), qPrintable(diff.join("\n")));
    }
};

QTEST_GUILESS_MAIN(TestChase)
#include "test_chase.moc"
