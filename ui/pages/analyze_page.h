#pragma once
// The Analyze page: set up a position (moves on the board, Paste FEN, or the Play page's
// position), run an MCTS analysis and watch it live: visit heatmap and top-3 arrows on the
// board (or the policy priors), a table of candidate moves, root value, simulations/s and an
// expandable search tree.
//
// The page lays out and binds widgets; the search, its evaluator and its polling are an
// AnalysisSession (ui/facade/analysis_session.h), whose signals the page follows: on each of
// its polls (every 200 ms while searching) the page reads a snapshot (cheap, thread-safe) into
// its views. Stop only asks the search to end, so the GUI thread never blocks on the network;
// a position or model change while searching is applied when the search has ended.
//
// Evaluator: a model file or, without one, the uniform fake, announced on the page as "no
// network: uniform priors". In the studio the page follows the facade's ModelChoice
// (setModelChoice: a model picker replaces the Open model / No network buttons, and the
// Play page shares the choice); a choice made while searching is loaded when the search ends.
// Unbound (tests), "Open model…" and loadModelFile() choose the file for this page alone.
//
// Thread-safety: a QWidget; GUI thread only.

#include <vector>

#include <QWidget>

#include "core/search/mcts_snapshot.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QSortFilterProxyModel;
class QTreeView;

namespace xqui {

class AnalysisSession;
class BoardWidget;
class ModelChoice;
class ModelPicker;
class SearchTreeModel;

class AnalyzePage : public QWidget {
    Q_OBJECT
  public:
    explicit AnalyzePage(QWidget* parent = nullptr);
    ~AnalyzePage() override;

    BoardWidget* board() const { return board_; }
    QTableWidget* moveTable() const { return table_; }
    QString statsText() const;  // the line above the table (side to move, value, speed)
    // The current search at its root (nodes in use, visits, children).
    xq::search::SearchSnapshot searchSnapshot() const;
    QTreeView* searchTree() const { return tree_; }
    SearchTreeModel* searchTreeModel() const { return treeModel_; }
    QLabel* evaluatorNote() const { return evalNote_; }
    bool isRunning() const;
    // The refresh timer runs while a search runs and until its final results are shown (then
    // its threads are joined).
    bool isRefreshing() const;
    // Search threads on the tree: with a model, two per inference worker (one worker per core).
    int searchThreads() const;
    const xq::Position& position() const;
    AnalysisSession* session() const { return session_; }
    // Sets the analysed position (stops a running search first; applied when it has ended).
    void setPosition(const xq::Position& pos);
    // A FEN from the user; false (with the reason shown on the page) when it does not parse.
    bool setFen(const QString& fen, QString* error = nullptr);
    // Loads a model file as the evaluator; false with a message when it cannot be read.
    // `title` names it on the page (default: the file name).
    bool loadModelFile(const QString& path, QString* error = nullptr, const QString& title = {});
    // Follows the studio's shared model choice from now on (loads its current model).
    void setModelChoice(ModelChoice* choice);
    ModelPicker* modelPicker() const { return picker_; }
    QString modelPath() const;
    void setNotation(xq::Notation n);
    void setShowPriors(bool on);
    void setSimulationLimit(int sims);  // 0 = until Stop
    // Runs a short synchronous search (the screenshot): blocks the GUI thread on purpose.
    void analyzeSynchronously(int simulations);

  public slots:
    void startAnalysis();
    void stopAnalysis();
    void refresh();  // reads a snapshot and updates every view

  signals:
    // "Analyze the Play page's position": the window answers with setPosition().
    void playPositionRequested();
    void statusMessage(const QString& text);

  protected:
    void changeEvent(QEvent* e) override;

  private:
    void buildUi();
    void buildLabels();
    void buildControls();
    void nameControls();
    void connectControls();
    void buildCandidateTable();
    void buildSearchTree();
    void layOut();
    void connectSession();
    void retranslate();
    void onBoardMove(xq::Move m);
    void showError(const QString& message);
    void showPosition(const xq::Position& pos);  // the session's analysed position
    void fillTable(const xq::search::SearchSnapshot& s);
    void resetTree();  // a new search began: the tree browser starts from its root moves
    void updateButtons();
    static QString valueText(float q, int proven);
    QString moveText(const xq::Position& pos, xq::Move m) const;
    QString pvText(const xq::Position& pos, const std::vector<xq::Move>& pv) const;

    AnalysisSession* session_ = nullptr;  // a child: the search, its evaluator and position
    ModelPicker* picker_ = nullptr;
    QGridLayout* controls_ = nullptr;
    xq::Notation notation_ = xq::Notation::Chinese;
    bool showPriors_ = false;

    BoardWidget* board_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* evalNote_ = nullptr;
    QLabel* stats_ = nullptr;
    QLabel* error_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* openModel_ = nullptr;
    QPushButton* uniform_ = nullptr;
    QPushButton* fromPlay_ = nullptr;
    QPushButton* startPos_ = nullptr;
    QPushButton* pasteFen_ = nullptr;
    QLineEdit* fenEdit_ = nullptr;
    QComboBox* notationBox_ = nullptr;
    QCheckBox* priors_ = nullptr;
    QSpinBox* sims_ = nullptr;
    QLabel* simsLabel_ = nullptr;
    QLabel* notationLabel_ = nullptr;
    QTableWidget* table_ = nullptr;
    QTreeView* tree_ = nullptr;
    SearchTreeModel* treeModel_ = nullptr;
    QSortFilterProxyModel* treeProxy_ = nullptr;
    QLabel* treeLabel_ = nullptr;
};

}  // namespace xqui
