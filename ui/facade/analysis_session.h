#pragma once
// AnalysisSession: the Analyze page's search without widgets. It holds the analysed position,
// the evaluator (a model file or the uniform fake) and one MCTS search over it
// (xq::search::MctsSearch), and tells its page what changed through signals.
//
// The search runs on its own threads; a QTimer of this object polls it every 200 ms on the
// owner's thread and emits progressed() (cheap: the page reads snapshot()). stop() only asks
// the search to end; when a tick finds it ended, wait() joins its threads (they have ended, so
// the owner's thread never blocks on the network) and finished() follows. A position or model
// change while searching stops the search and is applied once it has ended.
//
// Evaluator: a model file (loadParallelEvaluator, core/nn/model_evaluator.h: one inference
// worker a core, two search threads per worker, batches of 16 leaves) or, without one, the
// uniform fake (one search thread: its priors cost nothing). followModelChoice() loads the
// studio's shared ModelChoice and follows it; a choice made while searching is loaded when the
// search ends. loadModelFile() chooses a file for this session alone.
//
// Thread-safety: a QObject of the thread that creates it (the GUI thread in the studio);
// construct, call and destroy there. Signals are emitted on that thread.

#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "core/nn/evaluator.h"
#include "core/search/mcts_search.h"
#include "core/xiangqi/position.h"

class QTimer;

namespace xqui {

class ModelChoice;

class AnalysisSession : public QObject {
    Q_OBJECT
  public:
    explicit AnalysisSession(QObject* parent = nullptr);
    ~AnalysisSession() override;

    // The analysed position.
    const xq::Position& position() const { return pos_; }
    // The position the next analysis starts from: the one waiting for the running search to
    // end, else position().
    xq::Position nextPosition() const { return pending_ ? *pending_ : pos_; }
    bool hasPendingPosition() const { return pending_.has_value(); }
    // Sets the analysed position: at once when idle (positionChanged), else it stops the
    // search (positionPending now, positionChanged once the search has ended).
    void setPosition(const xq::Position& pos);
    // A FEN from the user; false (errorOccurred, and the reason in `error`) when it does not
    // parse: the position stays.
    bool setFen(const QString& fen, QString* error = nullptr);

    // Loads a model file as the evaluator (empty: the uniform priors); false with the reason
    // (also emitted as errorOccurred) when it cannot be read, or (only in `error`) while a
    // search runs. `title` names it (default: the file name). The old results are gone.
    bool loadModelFile(const QString& path, QString* error = nullptr, const QString& title = {});
    // Follows the studio's shared model choice from now on (loads its current model).
    void followModelChoice(ModelChoice* choice);
    QString modelPath() const { return modelPath_; }    // empty: uniform priors
    QString modelTitle() const { return modelTitle_; }  // empty: name it by its file
    // Search threads on the tree: with a model, two per inference worker (one worker a core).
    int searchThreads() const { return searchThreads_; }

    // Starts an analysis of position() from a fresh tree: `simulations` of them, 0 = until
    // stop(). False when one runs already.
    bool start(int simulations);
    // Asks the search to end; finished() follows once it has.
    void stop();
    // A search to `simulations` on the calling thread, blocking it (the screenshot).
    void searchSynchronously(int simulations);
    bool isRunning() const;
    // The poll timer runs while a search runs and until its end has been handled.
    bool isPolling() const;
    // Running, or ended with its end not yet handled (threads not joined, finished() not sent):
    // start(), a new position and a new model wait until then.
    bool isBusy() const;
    // Whether the search has statistics for position() (an analysis of it was started).
    bool hasResults() const { return searched_; }
    // Thread-safe reads of the search (MctsSearch::snapshot, snapshotChildren).
    xq::search::SearchSnapshot snapshot(int depth = 1) const { return search_->snapshot(depth); }
    std::vector<xq::search::SnapshotNode> snapshotChildren(const std::vector<xq::Move>& path) const;

  signals:
    // The analysed position changed; its old results are gone.
    void positionChanged(const xq::Position& pos);
    // A position waits for the running search to end (the page shows it at once).
    void positionPending(const xq::Position& pos);
    // A new evaluator: the search was rebuilt over it, without results.
    void evaluatorChanged();
    // An analysis began from a fresh tree (start() or searchSynchronously()).
    void started();
    // A poll while searching: the page reads snapshot(). `treeDue` once a second, when the
    // tree browser is worth rebuilding.
    void progressed(bool treeDue);
    // The search has ended and its threads are joined (after start(): by its limit or stop();
    // after searchSynchronously()): the final results are in snapshot().
    void finished();
    // Something the user should read (translated): a bad FEN, an unreadable model, a failed
    // search.
    void errorOccurred(const QString& message);
    // A line for the status bar (translated).
    void statusMessage(const QString& text);

  private:
    void makeSearch();
    void applyPosition(const xq::Position& pos);
    void onTick();
    void finishIfEnded();
    void followChoice();  // loads the choice's model, or marks it pending while searching
    void stopAndPoll();   // asks the search to end and polls until it has

    xq::Position pos_;
    std::optional<xq::Position> pending_;  // applied when the running search ends
    std::shared_ptr<xq::nn::Evaluator> evaluator_;
    std::unique_ptr<xq::search::MctsSearch> search_;  // after evaluator_: destroyed first
    int searchThreads_ = 1;
    QString modelPath_;
    QString modelTitle_;
    ModelChoice* choice_ = nullptr;
    bool choicePending_ = false;  // the choice changed during a search
    bool searched_ = false;       // search_ has statistics for pos_
    int ticks_ = 0;
    QTimer* timer_ = nullptr;
};

}  // namespace xqui
