// The Library page (offscreen) over a temp database: the list pages through LIMIT/OFFSET,
// the run, kind and result filters select the right games, and replaying a self-play game
// moves the board and shows the stored visit distribution as a heatmap on the destination
// squares, the move played as an arrow and the root value. A file that is not a database
// gives a message, and is not written.
#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <random>

#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "ui/app_setup.h"
#include "ui/board/board_widget.h"
#include "ui/library/game_table_model.h"
#include "ui/pages/library_page.h"
#include "tests/support/ui_drive.h"

using namespace xqui;
using xq::store::GameKind;
using xq::store::GameRecord;

namespace {

// A legal game of `plies` random moves from the start; each ply gets a visit distribution
// over up to five legal moves (the played one most visited) and a root value.
GameRecord randomGame(uint32_t seed, int plies, bool withVisits) {
    std::mt19937 rng(seed);
    GameRecord g;
    xq::Position pos;
    for (int i = 0; i < plies; ++i) {
        xq::MoveList list;
        pos.legalMoves(list);
        if (list.empty()) break;
        xq::store::MoveRecord mr;
        mr.move = list[int(rng() % uint32_t(list.size()))];
        if (withVisits) {
            mr.rootValue = float(i % 7) / 10.0f - 0.3f;
            mr.visits.push_back({mr.move, 40});
            for (int k = 0; k < 4 && k < list.size(); ++k)
                if (list[k] != mr.move) mr.visits.push_back({list[k], uint32_t(5 + 3 * k)});
        }
        g.moves.push_back(mr);
        pos.makeMove(mr.move);
    }
    g.plies = int(g.moves.size());
    return g;
}

}  // namespace

class TestLibrary : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    int64_t alpha_ = 0, beta_ = 0;
    int64_t replayId_ = 0;  // a self-play game of run alpha
    std::map<std::tuple<int64_t, int, int>, int> counts_;  // (run, kind, result) -> games
    int total_ = 0;
    LibraryPage* page_ = nullptr;

    int64_t insert(xq::store::Store& s, GameRecord g, std::optional<int64_t> run, GameKind kind, xq::Result r,
                   std::optional<int> gen) {
        g.run = run;
        g.kind = kind;
        g.result = r;
        g.reason = r == xq::Result::Draw ? xq::Reason::Repetition : xq::Reason::Resignation;
        g.generation = gen;
        g.red = kind == GameKind::Play ? "human" : "gen:1";
        g.black = kind == GameKind::Play ? "level:amateur" : "gen:0";
        g.finished = 1700000000000LL + total_ * 1000;  // distinct, increasing: a fixed order
        ++counts_[{run.value_or(0), int(kind), int(r)}];
        ++total_;
        return s.insertGame(g);
    }
    template <class W = QPushButton>
    W* control(const char* name) const {
        return page_->findChild<W*>(QString::fromLatin1(name));
    }
    bool press(const char* name) const { return xqtest::press(page_, name); }
    // The filters as the boxes offer them: "all" has the data -1 (kind, result) or none (run).
    bool filter(std::optional<int64_t> run, std::optional<GameKind> kind,
                std::optional<xq::Result> r) const {
        QComboBox* runs = control<QComboBox>("runFilter");
        return (run ? xqtest::choose(runs, QVariant::fromValue<qlonglong>(*run))
                    : xqtest::chooseIndex(runs, 0)) &&
               xqtest::choose(control<QComboBox>("kindFilter"), kind ? int(*kind) : -1) &&
               xqtest::choose(control<QComboBox>("resultFilter"), r ? int(*r) : -1);
    }
    int expected(std::optional<int64_t> run, std::optional<GameKind> kind, std::optional<xq::Result> r) const {
        int n = 0;
        for (const auto& [key, c] : counts_) {
            const auto& [gr, gk, gres] = key;
            if ((!run || *run == gr) && (!kind || int(*kind) == gk) && (!r || int(*r) == gres)) n += c;
        }
        return n;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("lib.db"));
        xq::store::Store s(db_.toStdString());
        alpha_ = s.createRun("alpha").id;
        beta_ = s.createRun("beta").id;
        using xq::Result;
        insert(s, randomGame(1, 24, true), alpha_, GameKind::SelfPlay, Result::RedWins, 0);
        replayId_ = insert(s, randomGame(2, 30, true), alpha_, GameKind::SelfPlay, Result::BlackWins, 1);
        insert(s, randomGame(3, 16, true), alpha_, GameKind::SelfPlay, Result::Draw, 1);
        insert(s, randomGame(4, 12, true), alpha_, GameKind::Eval, Result::Draw, 1);
        insert(s, randomGame(5, 10, true), beta_, GameKind::SelfPlay, Result::RedWins, 0);
        insert(s, randomGame(6, 10, true), beta_, GameKind::SelfPlay, Result::RedWins, 0);
        insert(s, randomGame(7, 9, false), std::nullopt, GameKind::Play, Result::RedWins, std::nullopt);
        // Enough short evaluation games for a second page.
        for (int i = 0; i < 120; ++i)
            insert(s, randomGame(100 + i, 2, false), beta_, GameKind::Eval,
                   i % 3 == 0 ? Result::Draw : Result::BlackWins, 2);
        QCOMPARE(total_, 127);
    }
    void init() {
        page_ = new LibraryPage;
        page_->resize(1100, 700);
        page_->show();
        page_->setDatabase(db_);
        QTRY_COMPARE_WITH_TIMEOUT(page_->totalGames(), int64_t(total_), 10000);
    }
    void cleanup() { delete page_; }

    void pagesThroughAllGames() {
        QCOMPARE(page_->model()->rowCount(), LibraryPage::kPageSize);
        QCOMPARE(page_->model()->columnCount(), int(GameTableModel::ColumnCount));
        // Newest first: the last inserted game heads the list.
        QCOMPARE(page_->model()->game(0).finished, 1700000000000LL + (total_ - 1) * 1000);
        QVERIFY(!control("previousPage")->isEnabled());  // the first page
        QVERIFY(press("nextPage"));
        QTRY_COMPARE_WITH_TIMEOUT(page_->model()->rowCount(), total_ - LibraryPage::kPageSize, 10000);
        QCOMPARE(page_->model()->game(page_->model()->rowCount() - 1).finished, 1700000000000LL);
        QCOMPARE(page_->pageIndex(), 1);
        QVERIFY(!control("nextPage")->isEnabled());  // there is no third page
        QVERIFY(press("previousPage"));
        QTRY_COMPARE_WITH_TIMEOUT(page_->model()->rowCount(), LibraryPage::kPageSize, 10000);
        QCOMPARE(page_->pageIndex(), 0);
    }

    void filtersSelectRunKindAndResult() {
        using xq::Result;
        struct Case {
            std::optional<int64_t> run;
            std::optional<GameKind> kind;
            std::optional<Result> result;
        };
        const Case cases[] = {
            {std::nullopt, GameKind::SelfPlay, std::nullopt}, {alpha_, std::nullopt, std::nullopt},
            {alpha_, GameKind::SelfPlay, std::nullopt},       {std::nullopt, std::nullopt, Result::RedWins},
            {beta_, GameKind::Eval, Result::Draw},            {std::nullopt, GameKind::Play, std::nullopt},
            {alpha_, GameKind::Play, std::nullopt},
        };
        for (const Case& c : cases) {
            QVERIFY(filter(c.run, c.kind, c.result));
            const int want = expected(c.run, c.kind, c.result);
            QTRY_COMPARE_WITH_TIMEOUT(page_->totalGames(), int64_t(want), 10000);
            QTRY_COMPARE_WITH_TIMEOUT(page_->model()->rowCount(), qMin(want, LibraryPage::kPageSize), 10000);
            for (int row = 0; row < page_->model()->rowCount(); ++row) {
                const GameRecord& g = page_->model()->game(row);
                if (c.run) QCOMPARE(g.run.value_or(0), *c.run);
                if (c.kind) QCOMPARE(int(g.kind), int(*c.kind));
                if (c.result) QCOMPARE(int(g.result), int(*c.result));
            }
        }
        // The columns say what the game is, in words.
        QVERIFY(filter(alpha_, GameKind::SelfPlay, Result::BlackWins));
        QTRY_COMPARE_WITH_TIMEOUT(page_->model()->rowCount(), 1, 10000);
        auto cell = [this](int col) { return page_->model()->index(0, col).data().toString(); };
        QCOMPARE(cell(GameTableModel::Run), QStringLiteral("alpha"));
        QCOMPARE(cell(GameTableModel::Kind), QStringLiteral("Self-play"));
        QCOMPARE(cell(GameTableModel::Generation), QStringLiteral("1"));
        QCOMPARE(cell(GameTableModel::Result), QStringLiteral("Black wins"));
        QCOMPARE(cell(GameTableModel::Reason), QStringLiteral("resignation"));
        QCOMPARE(cell(GameTableModel::Plies), QStringLiteral("30"));
        QVERIFY(filter(std::nullopt, GameKind::Play, std::nullopt));
        // Still one row, so wait for its content to change (the query answers asynchronously).
        QTRY_COMPARE_WITH_TIMEOUT(cell(GameTableModel::Kind), QStringLiteral("Play"), 10000);
        QCOMPARE(page_->model()->rowCount(), 1);
        QCOMPARE(cell(GameTableModel::Run), QStringLiteral("—"));
        QCOMPARE(cell(GameTableModel::Red), QStringLiteral("Human"));
        QCOMPARE(cell(GameTableModel::Black), QStringLiteral("Computer (Amateur)"));
    }

    void replayStepsBoardAndHeatmap() {
        QVERIFY(filter(alpha_, GameKind::SelfPlay, std::nullopt));
        QTRY_COMPARE_WITH_TIMEOUT(page_->model()->rowCount(), 3, 10000);
        const int row = page_->model()->rowOf(replayId_);
        QVERIFY(row >= 0);
        // A click on its row in the table.
        auto* table = control<QTableView>("gameTable");
        QVERIFY(table);
        const QRect cell = table->visualRect(page_->model()->index(row, 0));
        QVERIFY(cell.isValid());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTRY_VERIFY_WITH_TIMEOUT(page_->replayGame() && page_->replayGame()->id == replayId_, 10000);
        const GameRecord g = *page_->replayGame();
        QCOMPARE(int(g.moves.size()), 30);
        QCOMPARE(page_->moveList()->count(), 31);  // the start position and each move
        BoardWidget* b = page_->board();
        QCOMPARE(page_->ply(), 0);
        QCOMPARE(xq::toFen(b->position()), xq::toFen(xq::Position()));

        xq::Position expectPos;
        for (int ply = 0; ply < 5; ++ply) {
            if (ply > 0) {
                QVERIFY(press("nextMove"));
                expectPos.makeMove(g.moves[size_t(ply - 1)].move);
            }
            QCOMPARE(page_->ply(), ply);
            QCOMPARE(xq::toFen(b->position()), xq::toFen(expectPos));
            QCOMPARE(page_->moveList()->currentRow(), ply);
            // Heatmap: exactly the destination squares of this ply's visits, the played
            // move's square (40 of the visits, the most) at full colour.
            const auto& mr = g.moves[size_t(ply)];
            QSet<int> dests;
            uint32_t total = 0;
            for (const auto& v : mr.visits) {
                dests.insert(v.move.to());
                total += v.visits;
            }
            const QVector<HeatCell>& heat = b->heatmap();
            QCOMPARE(heat.size(), xq::kSquareCount);
            for (int sq = 0; sq < xq::kSquareCount; ++sq)
                QCOMPARE(heat[sq].value >= 0, dests.contains(sq));
            QCOMPARE(heat[mr.move.to()].value, 1.0f);
            uint32_t toPlayed = 0;
            for (const auto& v : mr.visits)
                if (v.move.to() == mr.move.to()) toPlayed += v.visits;
            QCOMPARE(heat[mr.move.to()].label, QString::number(qRound(100.0 * toPlayed / total)) + QLatin1Char('%'));
            QCOMPARE(b->arrows().size(), 1);
            QCOMPARE(b->arrows()[0].move, mr.move);
            QVERIFY2(page_->valueText().contains(QString::number(*mr.rootValue, 'f', 3)), qPrintable(page_->valueText()));
        }
        QVERIFY(press("previousMove"));
        QCOMPARE(page_->ply(), 3);
        QVERIFY(press("lastMove"));
        QCOMPARE(page_->ply(), 30);
        QVERIFY(b->heatmap().isEmpty());  // nothing was searched in the final position
        QVERIFY(b->arrows().isEmpty());
        QVERIFY(press("firstMove"));
        QCOMPARE(xq::toFen(b->position()), xq::toFen(xq::Position()));
        // Clicking a move in the list shows the position after it.
        QListWidget* list = page_->moveList();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(2)).center());
        QCOMPARE(page_->ply(), 2);
    }

    void foreignFileGivesMessageAndStaysUntouched() {
        const QString junkPath = dir_.filePath(QStringLiteral("junk.db"));
        QFile f(junkPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray junk(4096, 'x');
        f.write(junk);
        f.close();
        page_->setDatabase(junkPath);
        QTRY_VERIFY_WITH_TIMEOUT(!page_->messageText().isEmpty(), 10000);
        QVERIFY(page_->messageText().contains(QDir::toNativeSeparators(junkPath)));
        QCOMPARE(page_->model()->rowCount(), 0);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), junk);
        // An absent file is no error: it says there are no games yet.
        page_->setDatabase(dir_.filePath(QStringLiteral("none.db")));
        QTRY_VERIFY_WITH_TIMEOUT(page_->messageText().contains(QStringLiteral("No games yet")), 10000);
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("none.db"))));
    }
};

QTEST_MAIN(TestLibrary)
#include "test_library.moc"
