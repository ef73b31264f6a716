#pragma once
// Pipeline: the AlphaZero loop of one run, in named stages:
//   OpenRun [-> LoadStartGames -> FromGames] -> RebuildBuffers -> loop { SelfPlay -> Ingest -> Train -> Evaluate -> Checkpoint }
// The loop is the one every trainer runs (training_loop.h: Ingest -> Train -> Publish ->
// EndCycle), in its alternating or its concurrent configuration; DistributedTrainer
// (trainer_role.h) is the third.
// FromGames (only for a new run given initGames): generation 0 is trained on the moves played
// in those games before any self-play (CCZero's supervised start), a share of the games held
// out to measure it; games-mix then keeps drawing a share of each batch from them.
// SelfPlay plays gamesPerIteration games with the playing network (stored as they finish and
// added to the replay buffer). Ingest adds the games that `xqzero worker` processes (worker.h)
// stored for this run since the last look (StoreGameFeed, game_feed.h; in concurrent training
// once a second): a worker can join a one-machine run, since every generation's weights are
// in the database (publisher.h). Train runs the steps the training ratio has due (config.h
// trainRatio: samples trained = ratio x samples generated over the run) on the window of the
// newest positions (trainingWindow()). Evaluate publishes the trained weights as the next
// generation: at once without a gate (gate 0, the default: self-play always plays the newest
// weights, as AlphaZero does), or after a gating match against the playing network (gate 1: a
// fixed match; gate 2: an SPRT, sprt.h). On two CPU cores the stages alternate; with
// concurrentTraining (for a GPU) self-play runs on without pause while this thread trains and
// hot-swaps each new generation into the inference server. The ratio holds either way.
//
// Files (modelDir, default "<db dir>/models/<run>"): gen-NNNN.xqm for each accepted
// generation (written by publishGeneration, publisher.h), train-SSSSSSSS.xqm / .opt for the
// training network and its optimizer state (with the moving average of the weights that
// generations publish, weight-average-steps) at checkpoint step S, and checkpoint.json,
// written last (temp file + rename) and naming the files of the newest complete checkpoint.
// A crash at any moment leaves the previous checkpoint intact; games are committed to the
// store when they finish, and on --resume the replay buffer is rebuilt from the run's stored
// self-play games (newest first), so no finished game is lost. A run stopped before its first
// checkpoint resumes from its newest generation (generation 0 at worst) with a fresh optimizer.
// The models table is the source of truth for generations: OpenRun reconciles checkpoint.json
// with it (run_open.h), so a kill between writing a generation's row and the checkpoint
// neither duplicates the generation nor overwrites its file.
//
// Before any work OpenRun proves that the work can be kept (run_open.h: checkRoomToWork): the database
// takes a write, the model folder a file, and both disks have room.
//
// One writer per run: OpenRun takes the run's lease (run_lease.h) before it reads or writes
// anything of a resumed run (right after creating a new one) and holds it to the end; a second
// trainer of the run is refused with the holder named. A lease taken over from a killed process
// is said in the log.
//
// Resume falls back instead of refusing: a checkpoint.json that does not read (or names files
// that are gone) is skipped, as for a run stopped before its first one; a training network that
// does not load gives way to the playing generation with a fresh optimizer; a playing
// generation whose file is missing is loaded from its weights in the store, and one whose file
// is damaged (or whose weights are gone too) gives way to the newest accepted generation whose
// weights load (run_open.h: loadPlayingGeneration). Each fallback names the file it skipped and why.
//
// Control: RunControl (pause / resume / stop from any thread). Callbacks (plain structs) run
// on the pipeline's threads; the UI facade re-emits them as queued signals.
//
// Live games: while self-play runs, liveGameCount() / liveGame(slot) read snapshots of its
// games in flight (live_game.h, SelfPlay::liveGame); between self-play phases there are none.
//
// Thread-safety: run() blocks on the calling thread (the CLI's main thread or the studio's
// worker thread); control(), stage(), liveGameCount() and liveGame() may be used from any
// thread while it runs (the live ones hold liveMutex_ and the self-play's live mutex for a
// copy, never a search or a network call).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/nn/trainer_backend.h"
#include "core/store/records.h"
#include "core/train/config.h"
#include "core/train/control.h"
#include "core/train/live_game.h"

namespace xq::nn {
struct NetOptions;
class InferenceServer;
}

namespace xq::train {

struct LoopStages;    // training_loop.h
struct SelfPlayGame;  // selfplay.h
struct SelfPlayOptions;
struct SelfPlayStats;
class SelfPlay;

enum class Stage : uint8_t { Idle, FromGames, SelfPlay, Training, Evaluating, Paused, Stopping, Finished, Failed };
const char* stageName(Stage s);  // "idle", "fromgames", "selfplay", ...

struct Progress {
    Stage stage = Stage::Idle;
    int iteration = 0;
    int generation = 0;            // current best generation
    int64_t games = 0;             // self-play games stored in this run (all sessions)
    int64_t workerGames = 0;       // of those, ingested from workers this session (Ingest)
    int stageDone = 0, stageTotal = 0;  // games or steps of the current stage
    double gamesPerHour = 0;       // self-play, this session
    double positionsPerSecond = 0; // self-play moves per second, this session (live: updated
                                   // between games too, from the first move on)
    int64_t positions = 0;         // self-play moves played, this session (live)
    int gamesInFlight = 0;         // self-play games being played now
    size_t bufferSize = 0, bufferCapacity = 0;
    int64_t step = 0;              // training steps (all sessions)
    double samplesPerSecond = 0;   // training
    double lossTotal = 0, lossPolicy = 0, lossValue = 0;  // last step
    double etaSeconds = -1;        // of the current stage, -1 unknown
    double elapsedSeconds = 0;     // this session's, paused time not counted
};

struct TrainStep {
    int64_t step = 0;
    nn::TrainStats stats;
    double samplesPerSecond = 0;
};

// A held-out check of the training phase (early_stop.h): losses on games kept out of training.
struct HeldOutCheck {
    int64_t step = 0;       // training steps so far (all sessions)
    double valueLoss = 0;
    double policyLoss = 0;
};

struct GameFinished {
    int64_t gameId = 0;
    store::GameKind kind = store::GameKind::SelfPlay;
    Result result = Result::None;
    Reason reason = Reason::None;
    int plies = 0;
    int generation = 0;
};

struct ArenaResult;  // arena.h
struct ChainedElo;   // gate_rule.h

struct GenerationResult {
    int candidateGeneration = 0;
    int wins = 0, draws = 0, losses = 0;  // candidate's view
    double score = 0;
    bool accepted = false;
    double elo = 0, eloLo = 0, eloHi = 0;  // of the (new) best relative to generation 0
    int64_t step = 0;
};

// A generation that became the playing network (accepted by the gate, or published without one).
struct GenerationPublished {
    int generation = 0;
    std::string file;              // its model file
    int64_t modelId = 0;           // its row in the store's models table
    int64_t step = 0;
    int64_t samplesGenerated = 0;  // self-play samples of the run so far
    double sessionMinutes = 0;     // minutes into this session
};

// What a session starts from, once OpenRun and RebuildBuffers are done and before the loop:
// on a resume, the checkpoint's training network and optimizer state and the replay buffer
// rebuilt from the stored games. The pointers hold only during the callback (tests compare
// them with the checkpoint's files and the stored games).
class ReplayBuffer;
struct SessionStart {
    bool resumed = false;
    int64_t step = 0;
    int generation = 0;
    nn::Net* trainNet = nullptr;
    const nn::NetTrainer* trainer = nullptr;
    const ReplayBuffer* buffer = nullptr;
};

enum class LogLevel : uint8_t { Info, Warning, Error };

struct PipelineCallbacks {
    std::function<void(const Progress&)> progress;       // throttled to a few per second
    std::function<void(const TrainStep&)> trainStep;
    std::function<void(const HeldOutCheck&)> heldOut;
    std::function<void(const GameFinished&)> gameFinished;
    std::function<void(const GenerationResult&)> generation;
    std::function<void(const GenerationPublished&)> published;  // e.g. for a background ladder
    std::function<void(LogLevel, const std::string&)> log;  // events: accepted, checkpoint, errors
    std::function<void(const SessionStart&)> sessionStart;  // once, before the loop
};

struct PipelineOptions {
    TrainConfig config;
    std::string presetName = "quick";
    std::string dbPath;         // required
    std::string runName = "run";
    std::string modelDir;       // empty: "<db dir>/models/<run>"
    bool resume = false;        // continue an existing run (from its checkpoint when it has one)
    double minutes = 0;         // stop after this long, paused time not counted (0 = no limit)
    int iterations = 0;         // stop after this many iterations (0 = no limit)
    // Start from games (game_source.h: FILE.pgn, kind:KIND or run:NAME): a new run's generation
    // 0 first learns their played moves (FromGames); on a resume they serve games-mix only,
    // unless the run was stopped before its generation 0 was stored (then FromGames runs again).
    std::string initGames;
    // Where the networks run and train: a property of the machine, not of the run, so it is
    // not stored with the run's configuration (a run may resume on another machine).
    nn::DeviceKind device = nn::DeviceKind::Cpu;
};

class Pipeline {
public:
    Pipeline(PipelineOptions options, PipelineCallbacks callbacks = {});
    ~Pipeline();
    Pipeline(const Pipeline&) = delete;
    Pipeline& operator=(const Pipeline&) = delete;

    // Runs until the limits, a stop request or an error. Throws std::runtime_error (or a
    // store / model file error) on failures before the loop starts (bad database, existing run
    // without --resume, missing checkpoint); errors inside the loop are logged, the stage
    // becomes Failed, and the exception is rethrown after the last good checkpoint stays.
    void run();

    RunControl& control() { return control_; }
    Stage stage() const { return stage_.load(); }
    const PipelineOptions& options() const { return options_; }

    // The running self-play's games in flight (0 / nullopt when none runs). Any thread.
    int liveGameCount() const;
    std::optional<LiveGame> liveGame(int slot) const;

private:
    friend struct LiveSelfPlay;  // pipeline_selfplay.cpp: publishes a SelfPlay for liveGame()
    struct State;  // pipeline_state.h
    struct ConcurrentRun;  // pipeline_selfplay.cpp: the concurrent configuration's stages
    void setStage(Stage s);
    void log(LogLevel l, const std::string& m) const;
    void emitProgress(State& st, bool force);  // throttled unless forced
    bool timeUp(const State& st) const;        // options_.minutes worked (session_clock.h)
    double timeFraction(const State& st) const;  // SessionClock::scheduleFraction; -1 without a limit
    bool isHeldOut(const State& st, int64_t gameId) const;
    std::unique_ptr<nn::InferenceServer> makeServer(State& st, std::shared_ptr<nn::Net> net);
    SelfPlayOptions nextSelfPlayOptions(State& st);
    // The stages; each phase returns false when a stop or the time limit ended it.
    // pipeline.cpp: OpenRun, RebuildBuffers, Checkpoint and the loop (run);
    // pipeline_selfplay.cpp: SelfPlay and the concurrent loop; pipeline_train.cpp: Train;
    // pipeline_evaluate.cpp: Evaluate = GatingMatch -> RecordGeneration -> AnnounceGeneration.
    // Shared with DistributedTrainer (trainer_role.h): each step is runTrainStep
    // (train_step.h), each generation's file and row publishGeneration (publisher.h).
    void openRun(State& st);  // over run_open.h, shared with DistributedTrainer
    void rebuildBuffers(State& st);
    void loadStartGames(State& st);                 // pipeline_games.cpp
    void fromGamesPhase(State& st, nn::Net& net);   // pipeline_games.cpp
    bool selfPlayPhase(State& st);
    void beginSelfPlayStage(State& st);
    // Train = StepsDueNow -> BeginTraining -> TrainSteps -> TakeCandidate (pipeline_train.cpp).
    bool trainPhase(State& st);
    struct HeldOutChecks;  // one phase's held-out checks
    int stepsDueNow(State& st);
    void beginTrainingStage(State& st, int steps);
    int trainSteps(State& st, int steps, size_t window, HeldOutChecks& held,
                   std::vector<store::MetricPoint>& pending);
    void takeCandidate(State& st, const HeldOutChecks& held, int phaseSteps);
    bool evaluatePhase(State& st);
    std::optional<ArenaResult> gatingMatch(State& st, const std::shared_ptr<nn::Net>& candidate,
                                           int candidateGen);
    void recordGeneration(State& st, const std::shared_ptr<nn::Net>& candidate, bool accepted,
                          const ChainedElo& elo);
    void announceGeneration(State& st, const GenerationResult& gr);
    // The two configurations of the loop (training_loop.h).
    LoopStages alternatingStages(State& st);
    void concurrentLoop(State& st);  // SelfPlay and Train at once (config concurrentTraining)
    bool iterationsDone(const State& st) const;  // options_.iterations reached this session
    void finishSession(State& st);               // Finish: the last checkpoint
    void trainOneStep(State& st, size_t window, std::vector<store::MetricPoint>& pending);
    void storeSelfPlayGame(State& st, const SelfPlayGame& g,
                           std::chrono::steady_clock::time_point phaseStart);
    void ingestWorkerGames(State& st);  // pipeline_selfplay.cpp: Ingest
    void checkpoint(State& st, const char* why);
    // Self-play's live counters into the progress (positions, positions/s, games in flight).
    void noteSelfPlay(State& st, const SelfPlayStats& live, std::chrono::steady_clock::time_point t0);
    PipelineOptions options_;
    PipelineCallbacks callbacks_;
    RunControl control_;
    std::atomic<Stage> stage_{Stage::Idle};
    mutable std::mutex liveMutex_;
    const SelfPlay* liveSelfPlay_ = nullptr;  // guarded by liveMutex_: the running self-play
};

// The schedule's progress in [0, 1] at `step`: step / lrDecaySteps, or, with lrDecayTimed and a
// time limit, `timeFraction` (session_clock.h: the run's worked seconds over its earlier
// sessions' plus this session's limit; negative: no limit).
double scheduleProgress(const TrainConfig& c, int64_t step, double timeFraction = -1);
// Learning rate at `step` under the config's schedule (lrSchedule over scheduleProgress).
double scheduledLearningRate(const TrainConfig& c, int64_t step, double timeFraction = -1);
// Self-play simulations at that progress: `simulations`, or with simulationsEnd > 0 the
// linear ramp from `simulations` to simulationsEnd (rounded).
int scheduledSimulations(const TrainConfig& c, int64_t step, double timeFraction = -1);
// Positions the training samples from after `generated` samples (config.h windowMin ...).
size_t trainingWindow(const TrainConfig& c, int64_t generated);
// Training steps due when `generated` samples were generated and `trained` consumed: enough
// to bring trained up to trainRatio x generated (whole batches), or stepsPerIteration when the
// ratio is 0.
int trainingStepsDue(const TrainConfig& c, int64_t generated, int64_t trained);

}  // namespace xq::train
