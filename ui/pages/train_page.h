#pragma once
// The Train page: settings generated from the parameter declaration (ParamForm), the run's
// name and database, the earlier runs of that database (view one, or continue it), Start /
// Pause / Resume / Stop with the state shown, live status, charts, and a log of the loop's
// events, and a live board showing one self-play game in flight (LiveGameView, in a tab beside
// the settings, shown when a run starts) with previous / next to follow another. All training work runs in the TrainingSession's worker thread; the page only
// reacts to its signals.
//
// Charts show one run at a time: its stored history (read from the metrics table off the
// GUI thread) plus live points when it is the run being trained (losses, held-out checks,
// the gate's Elo, the background ladder's ratings, speed). Live points that arrive while the
// history is still loading are kept and re-applied after it, so none is lost.
//
// A run on a database file that another process trains (xqzero train on the same file) is
// followed too: its history is read again when the file changes (reloadWatchedRun).
//
// A PostgreSQL database (PostgreSQL…, or xqstudio --db postgresql://…) is watched read-only:
// its runs are trained by `xqzero train --role trainer` on other hosts, so Start and Continue
// are off, the shown run's history is read again every kWatchIntervalMs, and the workers
// panel (ui/train/workers_table.h) lists its self-play workers with their games/hour.
//
// Thread-safety: a QWidget; GUI thread only.

#include <optional>

#include <QList>
#include <QPointer>
#include <QWidget>

#include "ui/facade/training_session.h"
#include "ui/train/run_history.h"

class QGroupBox;
class QLabel;
class QLineEdit;
class QComboBox;
class QFormLayout;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QThread;
class QTimer;
class QTreeWidget;

namespace xqui {

class LiveGameView;
class ParamForm;
class TrainCharts;
class TrainStatus;
class WorkersPanel;

class TrainPage : public QWidget {
    Q_OBJECT
public:
    // `session` is not owned (the main window owns it, so a run outlives page changes).
    explicit TrainPage(TrainingSession* session, QWidget* parent = nullptr);
    ~TrainPage() override;

    // The database whose runs are listed and where new runs go: an SQLite file or a
    // PostgreSQL URI (shown with its password masked). Not remembered (a --db on the command
    // line is for this session); the Choose… dialog remembers its choice.
    void setDatabase(const QString& path);
    QString database() const;
    void setRunName(const QString& name);
    QString runName() const;

    // Called by the main window on close: true when nothing is training. Otherwise asks;
    // on "stop" requests a stop (the run writes a checkpoint) and closes the window when the
    // run has ended; returns false (the close is postponed).
    bool confirmClose();
    // Lists the runs of the database again.
    void refreshRuns();
    // Selects the run named `name` in the list and shows its stored history. `wait` loads it
    // on the calling thread (for screenshots and tests); otherwise asynchronously.
    bool showRun(const QString& name, bool wait = false);
    // Selects the newest run, history loaded synchronously (screenshots).
    bool showNewestRun();

    ParamForm* form() const { return form_; }
    TrainCharts* charts() const { return charts_; }
    TrainingSession* session() const { return session_; }
    QPushButton* startButton() const { return start_; }
    QPushButton* pauseButton() const { return pause_; }
    QPushButton* resumeButton() const { return resume_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* continueButton() const { return continue_; }
    // One click from the run to what it made: the last finished self-play game's replay, and
    // a game against the newest published generation.
    QPushButton* replayButton() const { return replay_; }
    QPushButton* playButton() const { return playGen_; }
    QTreeWidget* runList() const { return runs_; }
    QComboBox* startFromBox() const { return startFrom_; }
    // The collection shipped with the studio (resources/games), or empty when not installed.
    static QString bundledGamesFile();
    QLabel* stateLabel() const { return state_; }
    // The note above the run's figures that LibTorch calls the reference BLAS or the serial
    // OpenBLAS at the problem's path (CPU self-play and training slower than they need to be,
    // and what to install); kind None hides it. The page shows it at construction when
    // TrainingSession::blasProblem() finds one.
    void setBlasProblem(const TrainingSession::BlasProblem& problem);
    QLabel* blasNote() const { return blasNote_; }
    QPlainTextEdit* logPane() const { return log_; }
    LiveGameView* liveView() const { return live_; }
    WorkersPanel* workersPanel() const { return workers_; }
    QPushButton* postgresButton() const { return dbUriButton_; }
    // The shown run read again (what the page's timer does every kWatchIntervalMs): always on
    // PostgreSQL; on a file when the file or its write-ahead log changed since the last read
    // and this page is not training that run itself (another process, such as `xqzero train`
    // on the same database, may be). Nothing while a read is going or when hidden.
    void reloadWatchedRun();
    static constexpr int kWatchIntervalMs = 15000;
    bool historyLoading() const { return historyLoading_; }  // a read of the shown run is going

public slots:
    void startNew();
    void continueSelected();
    void chooseDatabase();

signals:
    void statusMessage(const QString& text);
    // setDatabase() was called (the studio's model choice lists this database's runs).
    void databaseChanged(const QString& path);
    // "Replay in the Library": game `gameId` of database(), finished in this session.
    void replayRequested(qint64 gameId);
    // "Play against generation N": its model file.
    void playRequested(const QString& modelFile);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    struct LiveLoss {
        double step, total, policy, value;
        std::optional<double> reply;  // with an opponent-reply head
    };
    struct LiveElo {
        double gen, elo, lo, hi;
    };
    struct LiveSpeed {
        double time, value;
    };
    struct LiveHeldOut {
        double step, value;  // held-out value loss
    };
    QWidget* buildLeft();
    QGroupBox* buildRunBox(QWidget* parent);
    void addDatabaseRow(QWidget* runBox, QFormLayout* rf);
    void addNameRows(QWidget* runBox, QFormLayout* rf);
    void addRunList(QWidget* runBox, QFormLayout* rf);
    QTabWidget* buildLeftTabs(QWidget* parent);
    QWidget* buildRight();
    void startRun(bool resume, const QString& name);
    void choosePostgres();
    void updateButtons();
    void onState(TrainingSession::State s);
    void onProgress(const xq::train::Progress& p);
    void onSteps(const QVector<xq::train::TrainStep>& steps);
    void onHeldOut(const QVector<xq::train::HeldOutCheck>& checks);
    void onGeneration(const xq::train::GenerationResult& r);
    void onLadder(const LadderRating& r);
    void onFinished();
    void appendLog(int level, const QString& text);
    void applyHistory(const RunHistory& h);
    bool chartShowsActiveRun() const;
    QString selectedRun() const;
    static QString freshRunName();

    TrainingSession* session_ = nullptr;
    ParamForm* form_ = nullptr;
    TrainCharts* charts_ = nullptr;
    TrainStatus* status_ = nullptr;
    QLineEdit* db_ = nullptr;  // shows dbPath_ (ui/db_location.h: no password)
    QString dbPath_;
    WorkersPanel* workers_ = nullptr;
    QPushButton* dbButton_ = nullptr;
    QPushButton* dbUriButton_ = nullptr;
    QTimer* watch_ = nullptr;
    QLineEdit* name_ = nullptr;
    QTreeWidget* runs_ = nullptr;
    QPushButton* continue_ = nullptr;
    QPushButton* refresh_ = nullptr;
    QLabel* state_ = nullptr;
    QLabel* blasNote_ = nullptr;
    TrainingSession::BlasProblem blasProblem_;
    QGroupBox* runBox_ = nullptr;
    QLabel* dbLabel_ = nullptr;
    QLabel* nameLabel_ = nullptr;
    QLabel* nameProblem_ = nullptr;  // why the typed name cannot be a run name, or hidden
    // "Start from": what a new run's generation 0 learns first (PipelineOptions::initGames):
    // each item's data is the source ("" = a random network); the PGN item asks for a file.
    QComboBox* startFrom_ = nullptr;
    QLabel* startFromLabel_ = nullptr;
    QString startGamesFile_;  // the PGN file chosen through the last item
    int startFromIndex_ = 0;  // the choice before the file dialog (restored on cancel)
    void addStartFrom(QWidget* box, QFormLayout* form);
    void chooseStartGames(int index);
    void retranslateStartFrom();
    QPushButton* start_ = nullptr;
    QPushButton* pause_ = nullptr;
    QPushButton* resume_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* resetZoom_ = nullptr;
    QPushButton* replay_ = nullptr;
    QPushButton* playGen_ = nullptr;
    qint64 lastGameId_ = 0;     // the newest finished game of the running session
    int lastGeneration_ = -1;   // the newest published generation and its file
    QString lastModelFile_;
    QPlainTextEdit* log_ = nullptr;
    LiveGameView* live_ = nullptr;
    QTabWidget* leftTabs_ = nullptr;  // settings | live self-play board
    QWidget* liveTab_ = nullptr;

    QString chartRun_;            // name of the run the charts show ("" = none)
    quint64 historyRequest_ = 0;  // newest asynchronous load; older answers are ignored
    bool historyLoading_ = false;
    QString historyStamp_;  // the database file's stamp when the shown history was read
    // Live points of the active run received while its history loads (see the header note).
    QVector<LiveLoss> liveLoss_;
    QVector<LiveElo> liveElo_;
    QVector<LiveSpeed> liveSpeed_;
    QVector<LiveHeldOut> liveHeldOut_;
    QVector<LadderRating> liveLadder_;
    qint64 lastSpeedPointMs_ = 0;
    bool closeWhenStopped_ = false;
    QList<QPointer<QThread>> loaders_;
};

}  // namespace xqui
