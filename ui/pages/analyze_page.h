#pragma once
// The Analyze page: set up a position (moves on the board, Paste FEN, or the Play page's
// position), run an MCTS analysis and watch it live: visit heatmap and top-3 arrows on the
// board (or the policy priors), a table of candidate moves, root value, simulations/s and an
// expandable search tree.
//
// The search (xq::search::MctsSearch) runs on its own threads; a QTimer on the GUI thread
// polls snapshot() every 200 ms (cheap, thread-safe). Stop only asks the search to end; the
// GUI thread calls wait() once running() is false, so it never blocks on the network. A
// position or model change while searching is applied when the search has ended.
//
// Evaluator: a model file (TorchEvaluator, one search thread since it is not thread-safe,
// batches of 16 leaves) or, without one, the uniform fake, announced on the page as "no
// network: uniform priors". In the studio the page follows the facade's ModelChoice
// (setModelChoice: a model picker replaces the Open model / No network buttons, and the
// Play page shares the choice); a choice made while searching is loaded when the search ends.
// Unbound (tests), "Open model…" and loadModelFile() choose the file for this page alone.
//
// Thread-safety: a QWidget; GUI thread only.

#include <memory>
#include <optional>

#include <QWidget>

#include "core/nn/evaluator.h"
#include "core/search/mcts_search.h"
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
class QTimer;
class QSortFilterProxyModel;
class QTreeView;

namespace xqui {

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
    xq::search::SearchSnapshot searchSnapshot() const { return search_->snapshot(1); }
    QTreeView* searchTree() const { return tree_; }
    SearchTreeModel* searchTreeModel() const { return treeModel_; }
    QLabel* evaluatorNote() const { return evalNote_; }
    bool isRunning() const;
    // The refresh timer runs while a search runs and until its final results are shown (then
    // its threads are joined).
    bool isRefreshing() const;
    // Search threads on the tree: with a model, two per inference worker (one worker per core).
    int searchThreads() const { return searchThreads_; }
    const xq::Position& position() const { return pos_; }
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
    QString modelPath() const { return modelPath_; }
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
    void retranslate();
    void onBoardMove(xq::Move m);
    void onTick();
    void finishIfEnded();
    void applyPosition(const xq::Position& pos);
    void fillTable(const xq::search::SearchSnapshot& s);
    void resetTree();  // a new search began: the tree browser starts from its root moves
    void updateButtons();
    static QString valueText(float q, int proven);
    QString moveText(const xq::Position& pos, xq::Move m) const;
    QString pvText(const xq::Position& pos, const std::vector<xq::Move>& pv) const;
    void makeSearch();
    void followChoice();  // loads the choice's model, or marks it pending while searching

    xq::Position pos_;
    std::optional<xq::Position> pendingPosition_;  // applied when the running search ends
    std::shared_ptr<xq::nn::Evaluator>
        evaluator_;  // with a model: an InferenceServer on every core
    int searchThreads_ = 1;
    QString modelPath_;   // empty: uniform priors
    QString modelTitle_;  // how the page names the model ("" = its file name)
    ModelChoice* choice_ = nullptr;
    bool choicePending_ = false;  // the choice changed during a search
    ModelPicker* picker_ = nullptr;
    QGridLayout* controls_ = nullptr;
    std::unique_ptr<xq::search::MctsSearch> search_;
    bool searched_ = false;  // the current search_ has statistics for pos_
    xq::Notation notation_ = xq::Notation::Chinese;
    bool showPriors_ = false;
    int ticks_ = 0;

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
    QTimer* timer_ = nullptr;
};

}  // namespace xqui
