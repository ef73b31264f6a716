#pragma once
// TrainingSession: the studio's handle on one training run. It owns a core Pipeline, runs it
// on its own worker thread (std::thread: Pipeline::run() blocks for hours), and hands the
// pipeline's callbacks to the GUI thread as signals.
//
// Why a drain timer instead of one queued call per callback: the pipeline calls back from its
// self-play and training threads, sometimes hundreds of times a second with a tiny network.
// The callbacks only append to a mutex-guarded inbox (never blocking the worker for long);
// a 100 ms QTimer on the GUI thread empties it and emits. So every signal below is emitted on
// the GUI thread, at most ~10 times a second per kind, and training steps arrive in batches.
//
// States (State): Idle -> SelfPlay/Training/Evaluating (from the pipeline's stage) <-> Paused
// -> Stopping -> Idle. Pause takes effect "after the moves in flight" in the core; the state
// says Paused at once because no new work is started from then on.
//
// Priority: the worker (and so every thread the pipeline starts) runs at nice 19 on Linux, so
// the GUI thread gets a core first when training keeps them all busy; start() also asks for a
// short scheduler slice for the calling (GUI) thread, so that on EEVDF kernels it preempts a
// training thread when it wakes instead of waiting for that thread's slice to end.
//
// Live self-play board: while a run is going, a poller thread started by the worker (so at its
// low priority) reads one game in flight from the pipeline every kLivePollMs
// (Pipeline::liveGame: a copy under small mutexes, never a search) into the inbox; a second
// GUI-thread timer (kLiveIntervalMs, 12.5 Hz) emits liveGame() when that copy changed. The
// GUI thread never calls into the pipeline for it, so a busy self-play cannot stall it.
// setLiveGame() chooses the game (its slot); the poller picks the choice up at its next poll.
//
// Background Elo ladder: when the run's configuration (the stored one on a resume, as the
// pipeline uses) has ladder-minutes > 0, the first published generation starts a
// core BackgroundLadder that rates the newest generation every ladder-minutes minutes on a
// thread of its own (as `xqzero train` does); each rating arrives as ladderRated(). The ladder
// ends on the worker thread, after the pipeline: a session that ended by itself (an iteration
// or time limit) and lasted a ladder period rates its last generation first; stop() and the
// destructor abort it at once (a ladder in progress gives up within a move and is not
// stored), so stopping never waits for ladder games and the GUI thread never joins one.
//
// Thread-safety: construct, call and destroy on the GUI thread. The destructor requests a
// stop and joins the worker (the pipeline writes its checkpoint first). No widget is touched
// here; the worker, the pipeline's threads and the ladder's thread only touch the inbox
// (guarded by inboxMutex_) and the ladder pointer (guarded by ladderMutex_).

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QVector>

#include "core/train/pipeline.h"
#include "ui/facade/facade_types.h"

class QTimer;

namespace xq::engine {
class BackgroundLadder;
}

namespace xqui {

class TrainingSession : public QObject {
    Q_OBJECT
  public:
    enum class State { Idle, SelfPlay, Training, Evaluating, Paused, Stopping };
    Q_ENUM(State)

    explicit TrainingSession(QObject* parent = nullptr);
    ~TrainingSession() override;

    // Starts a run (new, or options.resume for an existing one). Returns false when a run is
    // already going (nothing changes). Errors of the run itself (bad database, a run name that
    // exists, a missing checkpoint) arrive later as failed(message) followed by finished().
    bool start(const xq::train::PipelineOptions& options);
    void pause();
    void resume();
    // Asks the run to stop; it finishes the unit in progress, writes a checkpoint, then
    // finished() is emitted and the state returns to Idle.
    void stop();

    State state() const { return state_; }
    // Pipeline threads held at the pause now (RunControl::holding()); 0 when none runs.
    int threadsHolding() const;
    // Emits at once what the pipeline reported since the last emission (the drain timer does
    // this every 100 ms).
    void flush() { drain(); }
    bool running() const { return worker_.joinable(); }
    // Name and database of the current (or last) run.
    QString runName() const { return runName_; }
    QString databasePath() const { return dbPath_; }
    // The newest progress received (default-constructed before the first).
    const xq::train::Progress& lastProgress() const { return last_; }

    // Which game in flight liveGame() follows (0 .. LiveGame::slotCount - 1).
    void setLiveGame(int slot);
    int liveGameSlot() const { return liveSlot_.load(); }

    // Translated name of a state ("self-play", "暂停" ...).
    static QString stateName(State s);
    // What is wrong with the BLAS that LibTorch's dense layers call in this process
    // (core/nn/blas_info.h): netlib's reference one (slow), the serial OpenBLAS (its calls
    // taken one at a time), or nothing (kind None, path empty).
    struct BlasProblem {
        enum class Kind { None, Reference, SerialOpenBlas };
        Kind kind = Kind::None;
        QString path;  // the library's file
    };
    static BlasProblem blasProblem();

  signals:
    void stateChanged(xqui::TrainingSession::State state);
    void progress(const xq::train::Progress& p);
    // All steps since the previous emission, in order.
    void trainSteps(const QVector<xq::train::TrainStep>& steps);
    // Held-out checks of the training phase since the previous emission, in order.
    void heldOutChecks(const QVector<xq::train::HeldOutCheck>& checks);
    void gameFinished(const xq::train::GameFinished& g);
    void generationFinished(const xq::train::GenerationResult& r);
    // A generation became the playing network: its number and model file (Play can use it).
    void generationPublished(int generation, const QString& file);
    // A generation of the run was rated on the background ladder (stored already).
    void ladderRated(const xqui::LadderRating& rating);
    // level: 0 info, 1 warning, 2 error. Text from the core is English (codes and numbers).
    void logLine(int level, const QString& text);
    // The newest snapshot of the followed game in flight, when it changed (about 12 times a
    // second during self-play). slotCount 0: no self-play is running (training, evaluating,
    // or the run ended).
    void liveGame(const xq::train::LiveGame& game);
    // The run ended with an error (before the loop started, or inside it).
    void failed(const QString& message);
    // The worker thread has ended (after a stop, the iteration limit, or an error).
    void finished();

  private:
    struct Inbox {
        std::optional<xq::train::Progress> progress;  // only the newest matters
        std::vector<xq::train::TrainStep> steps;
        std::vector<xq::train::HeldOutCheck> heldOut;
        std::vector<xq::train::GameFinished> games;
        std::vector<xq::train::GenerationResult> generations;
        std::vector<std::pair<int, std::string>> published;  // generation, model file
        std::vector<LadderRating> ratings;
        std::vector<std::pair<int, std::string>> logs;
        std::optional<std::string> error;
        bool done = false;
        std::optional<xq::train::LiveGame> live;  // only the newest matters
    };
    // start()'s stages: forget the previous run, the pipeline's callbacks into the inbox, and
    // the worker thread that runs the pipeline (runWorker, on that thread).
    void resetForRun(const xq::train::PipelineOptions& options);
    xq::train::PipelineCallbacks pipelineCallbacks(const xq::train::PipelineOptions& options);
    void startWorker(xq::train::Pipeline* p);
    void runWorker(xq::train::Pipeline* p);
    void drain();
    void drainLive();
    // On the poller thread (see the header note) until *stop.
    void pollLiveGames(xq::train::Pipeline* p, std::mutex& m, std::condition_variable& cv,
                       const bool& stop);
    void setState(State s);
    State stateFromStage(xq::train::Stage s) const;
    // On a pipeline thread: starts the ladder on the first publication, offers the generation.
    void offerToLadder(const xq::train::PipelineOptions& options,
                       const xq::train::GenerationPublished& g);
    // On the worker thread once run() has returned: rates the last generation or aborts, then
    // destroys the ladder.
    void endLadder(double sessionMinutes);
    void abortLadder();

    std::unique_ptr<xq::train::Pipeline> pipeline_;  // created on start(), deleted after join
    std::thread worker_;
    std::mutex inboxMutex_;
    Inbox inbox_;  // guarded by inboxMutex_
    std::mutex ladderMutex_;
    std::unique_ptr<xq::engine::BackgroundLadder> ladder_;  // guarded by ladderMutex_
    bool ladderOff_ = false;              // guarded by ladderMutex_: this run has no ladder
    double ladderMinutes_ = 0;            // guarded by ladderMutex_: its period
    std::atomic<bool> stopAsked_{false};  // stop() or the destructor: no final rating
    // The session's worked seconds (Progress::elapsedSeconds: paused time left out), as the
    // pipeline last reported them; what decides the final rating.
    std::atomic<double> workedSeconds_{0};
    QTimer* drainTimer_ = nullptr;
    QTimer* liveTimer_ = nullptr;
    std::atomic<int> liveSlot_{
        0};  // the followed game; written on the GUI thread, read by the poller
    State state_ = State::Idle;
    bool pauseRequested_ = false;
    bool stopRequested_ = false;
    xq::train::Progress last_;
    QString runName_, dbPath_;
};

}  // namespace xqui

Q_DECLARE_METATYPE(xq::train::Progress)
Q_DECLARE_METATYPE(xq::train::TrainStep)
Q_DECLARE_METATYPE(xq::train::HeldOutCheck)
Q_DECLARE_METATYPE(xq::train::GameFinished)
Q_DECLARE_METATYPE(xq::train::GenerationResult)
Q_DECLARE_METATYPE(xq::train::LiveGame)
