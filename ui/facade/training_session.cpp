#include "ui/facade/training_session.h"

#include <chrono>
#include <cstdint>
#include <exception>

#if defined(__linux__)
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <QTimer>

#include "core/engine/background_ladder.h"
#include "core/nn/blas_info.h"
#include "ui/error_text.h"

namespace xqui {

using namespace xq::train;

namespace {

constexpr int kDrainIntervalMs = 100;  // at most ~10 emissions per kind and second
constexpr int kLivePollMs = 40;        // the poller's period (a copy of one game, microseconds)
constexpr int kLiveIntervalMs = 80;    // liveGame() at most 12.5 times a second

// Training threads run at a lower priority than the GUI thread. With the self-play threads,
// the inference thread and LibTorch's pool all busy on a few cores, the GUI thread otherwise
// waits its turn for a core (measured: gaps of ~190 ms between 1 ms timer ticks with every
// event handled in under 3 ms of CPU). On Linux a nice value is per thread and inherited by
// the threads it creates, so setting it on the worker covers every thread of the pipeline.
// Training loses nothing when the desktop is idle: nice only matters under contention. Nice
// 19 rather than 10: on EEVDF a lower weight also makes the GUI thread eligible sooner.
constexpr int kWorkerNice = 19;

void lowerThisThreadsPriority() {
#if defined(__linux__)
    const auto tid = id_t(::syscall(SYS_gettid));
    const int current = ::getpriority(PRIO_PROCESS, tid);
    if (current < kWorkerNice) ::setpriority(PRIO_PROCESS, tid, kWorkerNice);
#endif
}

// Nice alone is not enough on kernels with the EEVDF scheduler (Linux 6.6 and later): there a
// nice-10 thread that got a core keeps it for its whole time slice (about 3 ms, longer on
// bigger machines), nice value or not, so a GUI thread woken by its timer waited for the
// slice to end. Measured with the train_stall_probe and `perf record -e sched:sched_switch`
// on 6.18: the GUI thread slept in poll() 5-6 ms at a time behind a 1 ms timer, p99 timer
// gap 3.6 ms, longest 9-20 ms. Since Linux 6.12 a thread may ask for a shorter slice
// (sched_attr.sched_runtime for SCHED_OTHER, no privilege needed), and a woken thread with a
// shorter slice preempts the running one. The GUI thread asks for 0.5 ms. Older kernels
// ignore the field (CFS preempts by nice anyway); an error changes nothing, so it is ignored.
void shortenThisThreadsSlice() {
#if defined(__linux__) && defined(SYS_sched_setattr)
    struct {  // struct sched_attr, version 0 (48 bytes), as sched_setattr(2) documents it
        uint32_t size, sched_policy;
        uint64_t sched_flags;
        int32_t sched_nice;
        uint32_t sched_priority;
        uint64_t sched_runtime, sched_deadline, sched_period;
    } attr{};
    static_assert(sizeof attr == 48);
    attr.size = sizeof attr;
    attr.sched_policy = SCHED_OTHER;
    const auto tid = id_t(::syscall(SYS_gettid));
    attr.sched_nice = ::getpriority(PRIO_PROCESS, tid);
    attr.sched_runtime = 500'000;  // ns
    (void)::syscall(SYS_sched_setattr, tid, &attr, 0u);
#endif
}

}  // namespace

TrainingSession::TrainingSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<xq::train::Progress>();
    qRegisterMetaType<xq::train::TrainStep>();
    qRegisterMetaType<xq::train::GameFinished>();
    qRegisterMetaType<xq::train::GenerationResult>();
    qRegisterMetaType<QVector<xq::train::TrainStep>>();
    qRegisterMetaType<QVector<xq::train::HeldOutCheck>>();
    qRegisterMetaType<xqui::TrainingSession::State>();
    qRegisterMetaType<xqui::LadderRating>();
    qRegisterMetaType<xq::train::LiveGame>();
    drainTimer_ = new QTimer(this);
    drainTimer_->setObjectName(QStringLiteral("trainingSessionDrain"));
    drainTimer_->setInterval(kDrainIntervalMs);
    connect(drainTimer_, &QTimer::timeout, this, &TrainingSession::drain);
    liveTimer_ = new QTimer(this);
    liveTimer_->setObjectName(QStringLiteral("trainingSessionLive"));
    liveTimer_->setInterval(kLiveIntervalMs);
    connect(liveTimer_, &QTimer::timeout, this, &TrainingSession::drainLive);
}

TrainingSession::~TrainingSession() {
    if (pipeline_) pipeline_->control().requestStop();
    abortLadder();
    if (worker_.joinable()) worker_.join();
}

bool TrainingSession::start(const PipelineOptions& options) {
    if (running()) return false;
    resetForRun(options);
    pipeline_ = std::make_unique<Pipeline>(options, pipelineCallbacks(options));
    shortenThisThreadsSlice();  // this is the GUI thread
    startWorker(pipeline_.get());
    drainTimer_->start();
    liveTimer_->start();
    // Until the first progress arrives the run is opening the database and building nets;
    // the loop always begins with self-play.
    setState(State::SelfPlay);
    return true;
}

// Nothing of the previous run survives into the next: its inbox, requests and ladder state.
void TrainingSession::resetForRun(const PipelineOptions& options) {
    {
        std::lock_guard lk(inboxMutex_);
        inbox_ = Inbox{};
    }
    runName_ = QString::fromStdString(options.runName);
    dbPath_ = QString::fromStdString(options.dbPath);
    last_ = Progress{};
    pauseRequested_ = false;
    stopRequested_ = false;
    stopAsked_.store(false);
    workedSeconds_.store(0);
    std::lock_guard lk(ladderMutex_);
    ladderOff_ = false;
    ladderMinutes_ = 0;
}

// Each callback runs on a pipeline thread: it touches the inbox only (and the ladder, under
// its own mutex).
PipelineCallbacks TrainingSession::pipelineCallbacks(const PipelineOptions& options) {
    PipelineCallbacks cb;
    cb.progress = [this](const Progress& p) {
        workedSeconds_.store(p.elapsedSeconds);
        std::lock_guard lk(inboxMutex_);
        inbox_.progress = p;
    };
    cb.trainStep = [this](const TrainStep& s) {
        std::lock_guard lk(inboxMutex_);
        inbox_.steps.push_back(s);
    };
    cb.heldOut = [this](const HeldOutCheck& h) {
        std::lock_guard lk(inboxMutex_);
        inbox_.heldOut.push_back(h);
    };
    cb.gameFinished = [this](const GameFinished& g) {
        std::lock_guard lk(inboxMutex_);
        inbox_.games.push_back(g);
    };
    cb.generation = [this](const GenerationResult& r) {
        std::lock_guard lk(inboxMutex_);
        inbox_.generations.push_back(r);
    };
    cb.log = [this](LogLevel level, const std::string& text) {
        std::lock_guard lk(inboxMutex_);
        inbox_.logs.emplace_back(int(level), text);
    };
    cb.published = [this, options](const GenerationPublished& g) {
        {
            std::lock_guard lk(inboxMutex_);
            inbox_.published.emplace_back(g.generation, g.file);
        }
        offerToLadder(options, g);
    };
    return cb;
}

void TrainingSession::startWorker(Pipeline* p) {
    worker_ = std::thread([this, p] { runWorker(p); });
}

// On the worker thread: runs the pipeline with the live-game poller beside it, ends the
// ladder, and leaves the outcome in the inbox for drain().
void TrainingSession::runWorker(Pipeline* p) {
    lowerThisThreadsPriority();
    // The live-game poller lives exactly as long as run(): created here, it inherits this
    // thread's low priority, and the pipeline outlives it.
    std::mutex pollMutex;
    std::condition_variable pollCv;
    bool pollStop = false;  // guarded by pollMutex
    std::thread poller([&] { pollLiveGames(p, pollMutex, pollCv, pollStop); });
    std::optional<std::string> error;
    try {
        p->run();
    } catch (const std::exception& e) {
        error = errorText(e).toStdString();
    } catch (...) {
        error = tr("An unexpected error occurred.").toStdString();
    }
    {
        std::lock_guard lk(pollMutex);
        pollStop = true;
    }
    pollCv.notify_all();
    poller.join();
    // A failed run rates nothing more: its last generation may not even be stored.
    if (error) abortLadder();
    endLadder(workedSeconds_.load() / 60.0);
    std::lock_guard lk(inboxMutex_);
    inbox_.error = std::move(error);
    inbox_.done = true;
}

void TrainingSession::setLiveGame(int slot) {
    liveSlot_.store(qMax(0, slot));
}

void TrainingSession::pollLiveGames(Pipeline* p, std::mutex& m, std::condition_variable& cv,
                                    const bool& stop) {
    // Only changes travel: the same slot at the same version (or "none" twice) is not sent.
    int lastSlot = -1;
    uint64_t lastVersion = 0;
    bool lastNone = false;
    std::unique_lock lk(m);
    while (!cv.wait_for(lk, std::chrono::milliseconds(kLivePollMs), [&] { return stop; })) {
        lk.unlock();
        const int slot = liveSlot_.load();
        std::optional<LiveGame> g = p->liveGame(slot);
        if (!g) {
            if (!lastNone) {
                lastNone = true;
                lastSlot = -1;
                LiveGame none;
                none.slot = slot;
                std::lock_guard ilk(inboxMutex_);
                inbox_.live = std::move(none);
            }
        } else if (g->slot != lastSlot || g->version != lastVersion || lastNone) {
            lastNone = false;
            lastSlot = g->slot;
            lastVersion = g->version;
            std::lock_guard ilk(inboxMutex_);
            inbox_.live = std::move(g);
        }
        lk.lock();
    }
}

void TrainingSession::drainLive() {
    std::optional<LiveGame> g;
    {
        std::lock_guard lk(inboxMutex_);
        g.swap(inbox_.live);
    }
    if (g) emit liveGame(*g);
}

int TrainingSession::threadsHolding() const {
    return running() && pipeline_ ? pipeline_->control().holding() : 0;
}

void TrainingSession::pause() {
    if (!running() || stopRequested_ || pauseRequested_) return;
    pauseRequested_ = true;
    pipeline_->control().pause();
    setState(State::Paused);
}

void TrainingSession::resume() {
    if (!running() || stopRequested_ || !pauseRequested_) return;
    pauseRequested_ = false;
    pipeline_->control().resume();
    setState(stateFromStage(pipeline_->stage()));
}

void TrainingSession::stop() {
    if (!running() || stopRequested_) return;
    stopRequested_ = true;
    pipeline_->control().requestStop();  // also releases a pause
    abortLadder();
    setState(State::Stopping);
}

void TrainingSession::offerToLadder(const PipelineOptions& options, const GenerationPublished& g) {
    std::lock_guard lk(ladderMutex_);
    if (ladderOff_ || stopAsked_.load()) return;
    if (!ladder_) {
        // The run's id and ladder settings as the pipeline uses them: on a resume the stored
        // configuration wins over the one offered. The run exists by now (it published a
        // generation).
        std::optional<xq::engine::BackgroundLadderOptions> lo;
        try {
            lo = xq::engine::ladderOptionsOfRun(options.dbPath, options.runName, options.config);
        } catch (const std::exception& e) {
            std::lock_guard ilk(inboxMutex_);
            inbox_.logs.emplace_back(int(LogLevel::Warning),
                                     tr("Ladder: %1").arg(errorText(e)).toStdString());
            return;
        }
        if (!lo) return;  // cannot happen; try again at the next publication
        if (lo->minutes <= 0) {
            ladderOff_ = true;
            return;
        }
        ladderMinutes_ = lo->minutes;
        // Both run on the ladder's thread: the inbox only, as the pipeline's callbacks do.
        auto rated = [this](const xq::engine::LadderRated& r) {
            LadderRating out;
            out.generation = r.model.generation;
            out.rating = r.rating;
            out.lo = r.lo;
            out.hi = r.hi;
            out.positions = r.model.positions;
            out.minutes = r.model.minutes;
            std::lock_guard ilk(inboxMutex_);
            inbox_.ratings.push_back(out);
        };
        auto failed = [this](const std::string& text) {
            std::lock_guard ilk(inboxMutex_);
            inbox_.logs.emplace_back(int(LogLevel::Warning), text);
        };
        // The ladder's thread is created here, on a pipeline thread, so it inherits the
        // worker's low priority (see kWorkerNice).
        ladder_ = std::make_unique<xq::engine::BackgroundLadder>(*lo, rated, failed);
    }
    ladder_->offer({g.generation, g.file, g.modelId, g.samplesGenerated, g.sessionMinutes});
}

void TrainingSession::abortLadder() {
    stopAsked_.store(true);
    std::lock_guard lk(ladderMutex_);
    if (ladder_) ladder_->stop();  // sets its flags; returns at once
}

void TrainingSession::endLadder(double sessionMinutes) {
    xq::engine::BackgroundLadder* ladder = nullptr;
    double period = 0;
    {
        std::lock_guard lk(ladderMutex_);
        ladder = ladder_.get();
        period = ladderMinutes_;
    }
    if (!ladder) return;
    // Only this thread destroys the ladder, so it may be used without the lock, which stays
    // free for abortLadder() to interrupt finish() from the GUI thread.
    if (!stopAsked_.load() && sessionMinutes >= period) {
        {
            std::lock_guard ilk(inboxMutex_);
            inbox_.logs.emplace_back(int(LogLevel::Info),
                                     tr("Ladder: rating the last generation…").toStdString());
        }
        ladder->finish();
    }
    std::unique_ptr<xq::engine::BackgroundLadder> gone;
    {
        std::lock_guard lk(ladderMutex_);
        gone = std::move(ladder_);
    }
    gone.reset();  // stops (aborting a rating in progress) and joins: within a move
}

TrainingSession::State TrainingSession::stateFromStage(Stage s) const {
    if (stopRequested_) return State::Stopping;
    if (pauseRequested_) return State::Paused;
    switch (s) {
        case Stage::SelfPlay:
            return State::SelfPlay;
        case Stage::FromGames:
        case Stage::Training:
            return State::Training;
        case Stage::Evaluating:
            return State::Evaluating;
        case Stage::Paused:
            return State::Paused;
        case Stage::Stopping:
        case Stage::Finished:
        case Stage::Failed:
            return State::Stopping;  // the worker is winding down
        case Stage::Idle:
            return State::SelfPlay;  // still setting up
    }
    return State::SelfPlay;
}

void TrainingSession::setState(State s) {
    if (s == state_) return;
    state_ = s;
    emit stateChanged(s);
}

void TrainingSession::drain() {
    Inbox in;
    {
        std::lock_guard lk(inboxMutex_);
        std::swap(in, inbox_);
        inbox_.live = std::move(in.live);  // drainLive()'s
    }
    for (auto& [level, text] : in.logs) emit logLine(level, QString::fromStdString(text));
    if (!in.steps.empty()) emit trainSteps(QVector<TrainStep>(in.steps.begin(), in.steps.end()));
    if (!in.heldOut.empty())
        emit heldOutChecks(QVector<HeldOutCheck>(in.heldOut.begin(), in.heldOut.end()));
    for (const auto& g : in.games) emit gameFinished(g);
    for (const auto& r : in.generations) emit generationFinished(r);
    for (const auto& [gen, file] : in.published)
        emit generationPublished(gen, QString::fromStdString(file));
    for (const auto& r : in.ratings) emit ladderRated(r);
    if (in.progress) {
        last_ = *in.progress;
        emit progress(last_);
    }
    if (in.done) {
        drainTimer_->stop();
        liveTimer_->stop();
        {
            std::lock_guard lk(inboxMutex_);
            inbox_.live.reset();
        }
        worker_.join();  // the thread has left run(); joining is immediate
        pipeline_.reset();
        pauseRequested_ = stopRequested_ = false;
        if (in.error) emit failed(QString::fromStdString(*in.error));
        setState(State::Idle);
        LiveGame none;
        none.slot = liveSlot_.load();
        emit liveGame(none);  // no game in flight any more
        emit finished();
        return;
    }
    if (pipeline_) setState(stateFromStage(pipeline_->stage()));
}

TrainingSession::BlasProblem TrainingSession::blasProblem() {
    const xq::nn::BlasLibrary blas = xq::nn::loadedBlas();
    const QString path = QString::fromStdString(blas.path);
    switch (blas.kind) {
        case xq::nn::BlasKind::Reference:
            return {BlasProblem::Kind::Reference, path};
        case xq::nn::BlasKind::OpenBlasSerial:
            return {BlasProblem::Kind::SerialOpenBlas, path};
        default:
            return {};
    }
}

QString TrainingSession::stateName(State s) {
    switch (s) {
        case State::Idle:
            return tr("idle");
        case State::SelfPlay:
            return tr("self-play");
        case State::Training:
            return tr("training");
        case State::Evaluating:
            return tr("evaluating");
        case State::Paused:
            return tr("paused");
        case State::Stopping:
            return tr("stopping");
    }
    return {};
}

}  // namespace xqui
