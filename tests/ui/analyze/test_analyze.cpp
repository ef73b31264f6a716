// Analyze page: live MCTS analysis driven from the GUI thread by a QTimer.

#include <QFile>
#include <QTemporaryDir>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QElapsedTimer>
#include <QTreeView>
#include <QtTest>

#include "core/nn/model_evaluator.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/rules.h"
#include "ui/board/board_widget.h"
#include "ui/analyze/search_tree_model.h"
#include "ui/pages/analyze_page.h"

using namespace xqui;

namespace {
// Red mates with the rook b7-b9 (the a8 rook guards rank 8, the flying general the d file).
// Black's pawn always has a move, so no Red move wins by stalemate instead.
const char* kMateInOne = "4ka3/R8/1R7/9/9/9/6p2/9/9/3K5 w - - 0 1";

// The moves that end the game at once with a Red win, found by the rules, not hard-coded.
QList<xq::Move> winningMoves(const xq::Position& pos) {
    QList<xq::Move> out;
    xq::MoveList ml;
    pos.legalMoves(ml);
    for (int i = 0; i < ml.size(); ++i) {
        xq::Position p = pos;
        p.makeMove(ml[i]);
        if (xq::gameStatus(p).result == xq::Result::RedWins) out << ml[i];
    }
    return out;
}

// Does Red, having played `m`, mate within `moves` more Red moves whatever Black replies?
// (A plain brute force, independent of the search's solver.)
bool redForcesMate(xq::Position pos, xq::Move m, int moves) {
    pos.makeMove(m);
    const xq::GameStatus st = xq::gameStatus(pos);
    if (st.over()) return st.result == xq::Result::RedWins;
    if (moves == 0) return false;
    xq::MoveList replies;
    pos.legalMoves(replies);
    for (xq::Move r : replies) {
        xq::Position q = pos;
        q.makeMove(r);
        if (xq::gameStatus(q).over()) return false;
        xq::MoveList ours;
        q.legalMoves(ours);
        bool wins = false;
        for (xq::Move w : ours) wins = wins || redForcesMate(q, w, moves - 1);
        if (!wins) return false;
    }
    return true;
}

// The page's controls by their object names: the tests press and type as a user does.
template <class W = QPushButton>
W* control(QWidget& page, const char* name) {
    return page.findChild<W*>(QString::fromLatin1(name));
}

// Presses a button of the page with the mouse; false when it is missing or disabled.
bool press(QWidget& page, const char* name) {
    auto* b = control(page, name);
    if (!b || !b->isEnabled() || !b->isVisible()) return false;
    QTest::mouseClick(b, Qt::LeftButton);
    return true;
}

// Types a simulation limit into its box (replacing what is there).
bool typeSimulations(QWidget& page, int sims) {
    auto* box = control<QSpinBox>(page, "simulationLimit");
    if (!box) return false;
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QString::number(sims));
    QTest::keyClick(box, Qt::Key_Enter);
    return box->value() == sims;
}

// Types a FEN into the page's field and presses Return.
bool typeFen(QWidget& page, const QString& fen) {
    auto* edit = control<QLineEdit>(page, "fenEdit");
    if (!edit) return false;
    edit->clear();
    QTest::keyClicks(edit, fen);
    QTest::keyClick(edit, Qt::Key_Return);
    return true;
}

xq::Move rowMove(QTableWidget* t, int row) {
    return xq::Move::fromRaw(uint16_t(t->item(row, 0)->data(Qt::UserRole).toInt()));
}
}  // namespace

class TestAnalyze : public QObject {
    Q_OBJECT
  private slots:
    void uniformNoteShown();
    void mateInOneRisesToTheTop();
    void stopEndsWithGuiResponsive();
    void badFenKeepsPosition();
    void boardMoveChangesPosition();
    void badModelFileKeepsUniform();
    void modelFileAnalyses();
    void largeTreeLoadsOnlyOpenedNodes();
};

void TestAnalyze::uniformNoteShown() {
    AnalyzePage page;
    QVERIFY(page.evaluatorNote()->text().contains(QStringLiteral("uniform priors")));
    QCOMPARE(page.moveTable()->rowCount(), 0);
    QVERIFY(page.board()->heatmap().isEmpty());
}

void TestAnalyze::mateInOneRisesToTheTop() {
    AnalyzePage page;
    page.resize(1100, 700);
    page.show();
    QVERIFY(typeFen(page, QString::fromLatin1(kMateInOne)));
    QCOMPARE(QString::fromStdString(xq::toFen(page.position())), QString::fromLatin1(kMateInOne));
    const QList<xq::Move> mates = winningMoves(page.position());
    QCOMPARE(mates.size(), 1);  // the puzzle is what the comment says
    {
        xq::Position p = page.position();
        p.makeMove(mates.front());
        QCOMPARE(xq::gameStatus(p).reason, xq::Reason::Checkmate);
    }
    auto* notation = control<QComboBox>(page, "notation");
    QVERIFY(notation);
    notation->setCurrentIndex(notation->findData(int(xq::Notation::Iccs)));  // the user's choice
    QVERIFY(notation->currentIndex() >= 0);
    QVERIFY(typeSimulations(page, 6000));
    QVERIFY(press(page, "startAnalysis"));
    // The search ends by its limit (with uniform priors it may be done before the first
    // refresh tick); the final results fill the table.
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRefreshing(), 5000);  // the final results are shown

    xq::MoveList legal;
    page.position().legalMoves(legal);
    QCOMPARE(page.moveTable()->rowCount(), legal.size());
    QCOMPARE(rowMove(page.moveTable(), 0), mates.front());
    QCOMPARE(page.moveTable()->item(0, 0)->text(),
             QString::fromStdString(xq::toIccs(mates.front())));
    // The mate is shown as proven won and the position as a forced win. Other moves may be
    // proven too (two rooks force mate in several ways): each one called won must be a forced
    // mate by brute force (the search's 6000 simulations prove mates in two, rarely three).
    QVERIFY(page.statsText().contains(QStringLiteral("forced win found")));
    QCOMPARE(page.moveTable()->item(0, 3)->text(), QStringLiteral("won"));
    for (int row = 1; row < page.moveTable()->rowCount(); ++row) {
        const xq::Move m = rowMove(page.moveTable(), row);
        if (page.moveTable()->item(row, 3)->text() == QStringLiteral("won"))
            QVERIFY2(redForcesMate(page.position(), m, 2),
                     qPrintable(QString::fromStdString(xq::toIccs(m))));
    }
    // Visits are listed most visited first.
    const int top = page.moveTable()->item(0, 1)->text().section(QLatin1Char(' '), 0, 0).toInt();
    const int second = page.moveTable()->item(1, 1)->text().section(QLatin1Char(' '), 0, 0).toInt();
    QVERIFY2(top > second, qPrintable(QStringLiteral("%1 vs %2").arg(top).arg(second)));

    // Heatmap: the mating square is the strongest (full colour) and labelled in percent.
    const QVector<HeatCell>& heat = page.board()->heatmap();
    QCOMPARE(heat.size(), xq::kSquareCount);
    QCOMPARE(heat[mates.front().to()].value, 1.0f);
    QVERIFY(heat[mates.front().to()].label.endsWith(QLatin1Char('%')));
    // Three arrows, the best one painted last (on top).
    QCOMPARE(page.board()->arrows().size(), 3);
    QCOMPARE(page.board()->arrows().last().move, mates.front());
    // The tree lists visited root moves, the best first; a node's children load when it opens.
    QAbstractItemModel* tree = page.searchTree()->model();
    QVERIFY(tree->rowCount() > 0);
    QCOMPARE(tree->index(0, 0).data().toString(), page.moveTable()->item(0, 0)->text());
    QCOMPARE(page.searchTreeModel()->loadedRows(), tree->rowCount());
    QModelIndex openable;
    for (int i = 0; i < tree->rowCount() && !openable.isValid(); ++i)
        if (tree->hasChildren(tree->index(i, 0))) openable = tree->index(i, 0);
    QVERIFY(openable.isValid());
    page.searchTree()->expand(openable);
    QTRY_VERIFY(tree->rowCount(openable) > 0);  // the view fetches when it lays the rows out
    QCOMPARE(page.searchTreeModel()->loadedRows(), tree->rowCount() + tree->rowCount(openable));

    // The priors toggle shows the policy: uniform, so every destination has some colour.
    auto* priors = control<QCheckBox>(page, "showPriors");
    QVERIFY(priors && !priors->isChecked());
    priors->setFocus();
    QTest::keyClick(priors, Qt::Key_Space);
    QVERIFY(priors->isChecked());
    int coloured = 0;
    for (const HeatCell& c : page.board()->heatmap()) coloured += c.value > 0;
    QVERIFY(coloured > 10);
    QVERIFY(page.board()->arrows().isEmpty());
}

void TestAnalyze::stopEndsWithGuiResponsive() {
    AnalyzePage page;
    page.show();
    QVERIFY(typeSimulations(page, 0));  // until Stop
    QVERIFY(press(page, "startAnalysis"));
    QVERIFY(page.isRunning());
    QVERIFY(!control(page, "startAnalysis")->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(page.moveTable()->rowCount() > 0, 5000);
    // The GUI thread keeps serving events while the search runs (it runs until Stop, so this
    // cannot pass by the search having ended): a timer posted now fires, and the table is
    // refreshed again, while the search still runs.
    bool fired = false;
    QTimer::singleShot(20, &page, [&] { fired = page.isRunning(); });
    QTRY_VERIFY_WITH_TIMEOUT(fired, 30000);
    const QString before = page.statsText();
    QTRY_VERIFY_WITH_TIMEOUT(page.statsText() != before, 30000);
    QVERIFY(page.isRunning());

    QVERIFY(press(page, "stopAnalysis"));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
    QTRY_VERIFY(control(page, "startAnalysis")->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRefreshing(), 5000);  // the timer joins the threads and stops
    QVERIFY(page.moveTable()->rowCount() > 0);
    QVERIFY(!page.board()->heatmap().isEmpty());
}

void TestAnalyze::badFenKeepsPosition() {
    AnalyzePage page;
    page.show();
    const QString before = QString::fromStdString(xq::toFen(page.position()));
    QVERIFY(typeFen(page, QStringLiteral("rnbakabnr/9/ZZZ w")));
    auto* error = control<QLabel>(page, "analysisError");
    QVERIFY(error && error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("Not a valid FEN")), qPrintable(error->text()));
    QCOMPARE(QString::fromStdString(xq::toFen(page.position())), before);
    // The Paste FEN button reads the same field: refused alike, then a good one is taken.
    QVERIFY(press(page, "pasteFen"));
    QCOMPARE(QString::fromStdString(xq::toFen(page.position())), before);
    QVERIFY(typeFen(page, QString::fromLatin1(kMateInOne)));
    QVERIFY(!error->isVisible());
    QCOMPARE(QString::fromStdString(xq::toFen(page.position())), QString::fromLatin1(kMateInOne));
    // Start position puts the opening back.
    QVERIFY(press(page, "startPosition"));
    QCOMPARE(QString::fromStdString(xq::toFen(page.position())), before);
}

void TestAnalyze::boardMoveChangesPosition() {
    AnalyzePage page;
    page.resize(1100, 700);
    page.show();
    QVERIFY(typeSimulations(page, 0));
    QVERIFY(press(page, "startAnalysis"));
    QTRY_VERIFY_WITH_TIMEOUT(page.moveTable()->rowCount() > 0, 5000);
    // A move on the board while searching (the cannon h2 to e2, clicked square by square):
    // the search stops, then the new position is set.
    BoardWidget* board = page.board();
    QTest::mouseClick(board, Qt::LeftButton, {}, board->squareCenter(xq::parseSquare("h2")));
    QTest::mouseClick(board, Qt::LeftButton, {}, board->squareCenter(xq::parseSquare("e2")));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(page.position().sideToMove(), xq::Black, 2000);
    QCOMPARE(page.moveTable()->rowCount(), 0);  // old statistics are gone
}

void TestAnalyze::badModelFileKeepsUniform() {
    AnalyzePage page;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.xqm"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a model file at all");
    f.close();
    QString err;
    QVERIFY(!page.loadModelFile(path, &err));
    QVERIFY2(err.contains(QStringLiteral("broken.xqm")), qPrintable(err));
    QVERIFY(page.evaluatorNote()->text().contains(QStringLiteral("uniform priors")));
    // The page still analyses with the uniform evaluator.
    page.show();
    QVERIFY(typeSimulations(page, 200));
    QVERIFY(press(page, "startAnalysis"));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(page.moveTable()->rowCount() > 0, 2000);
}

void TestAnalyze::modelFileAnalyses() {
#ifdef XQ_WITH_TORCH
    // A tiny untrained net saved to a model file: the page loads it and its priors are not
    // the uniform ones.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tiny.xqm"));
    {
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 7});
        xq::nn::saveModel(net, path.toStdString());
    }
    AnalyzePage page;
    QString err;
    QVERIFY2(page.loadModelFile(path, &err), qPrintable(err));
    QVERIFY(page.evaluatorNote()->text().contains(QStringLiteral("tiny.xqm")));
    QVERIFY(!page.evaluatorNote()->text().contains(QStringLiteral("uniform")));
    // The network runs on every core, as in self-play.
    QCOMPARE(page.searchThreads(), xq::nn::searchThreadsFor(xq::nn::defaultInferenceWorkers()));
    page.show();
    QVERIFY(typeSimulations(page, 400));
    QVERIFY(press(page, "startAnalysis"));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(page.moveTable()->rowCount() > 0, 2000);
    QSet<QString> priors;
    for (int r = 0; r < page.moveTable()->rowCount(); ++r)
        priors.insert(page.moveTable()->item(r, 2)->text());
    QVERIFY2(priors.size() > 1, "a network's priors differ between moves");
    // The "no network" button goes back to uniform priors (enabled once the search ended).
    QTRY_VERIFY(control(page, "uniformPriors")->isEnabled());
    QVERIFY(press(page, "uniformPriors"));
    QVERIFY(page.evaluatorNote()->text().contains(QStringLiteral("uniform priors")));
#endif  // the studio (and so this suite) is only built with LibTorch
}

QTEST_MAIN(TestAnalyze)
// A tree of 100,000+ nodes: the browser holds the root's moves and the children of the nodes
// opened along one line, nothing else; a refresh keeps what is open and loads nothing new.
// (How long each step takes is printed for the record, not asserted.)
void TestAnalyze::largeTreeLoadsOnlyOpenedNodes() {
    AnalyzePage page;
    page.resize(1200, 800);
    page.show();
    QElapsedTimer t;
    t.start();
    page.analyzeSynchronously(6000);
    const qint64 searchMs = t.restart();
    const QString stats = page.statsText();
    QTreeView* view = page.searchTree();
    QAbstractItemModel* tree = view->model();
    SearchTreeModel* model = page.searchTreeModel();
    QVERIFY(tree->rowCount() > 0);
    QCOMPARE(model->loadedRows(), tree->rowCount());
    // Open the most visited line three levels deep.
    QModelIndex at;
    int expected = tree->rowCount();
    for (int depth = 0; depth < 3; ++depth) {
        const QModelIndex next = tree->index(0, 0, at);
        QVERIFY2(tree->hasChildren(next), qPrintable(QStringLiteral("depth %1").arg(depth)));
        view->expand(next);
        QTRY_VERIFY(tree->rowCount(next) > 0);  // the view fetches when it lays the rows out
        expected += tree->rowCount(next);
        QCOMPARE(model->loadedRows(), expected);
        // Most visited first at every level.
        if (tree->rowCount(next) > 1)
            QVERIFY(tree->index(0, 1, next).data().toString().toInt() >=
                    tree->index(1, 1, next).data().toString().toInt());
        at = next;
    }
    const qint64 openMs = t.restart();
    QApplication::processEvents();
    model->refresh();
    const qint64 refreshMs = t.elapsed();
    QCOMPARE(model->loadedRows(), expected);
    QVERIFY(view->isExpanded(at));
    // The search behind it is far larger than what was loaded.
    const xq::search::SearchSnapshot snap = page.searchSnapshot();
    QVERIFY2(snap.nodes >= 100000, qPrintable(QString::number(snap.nodes)));
    qInfo(
        "tree: %zu nodes in the search, %d rows loaded; search %lld ms, opening 3 levels %lld ms, "
        "refresh %lld ms (%s)",
        snap.nodes, model->loadedRows(), searchMs, openMs, refreshMs, qPrintable(stats));
}

#include "test_analyze.moc"
