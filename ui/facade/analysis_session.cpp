#include "ui/facade/analysis_session.h"

#include <exception>

#include <QTimer>

#include "core/nn/fake_evaluators.h"
#include "core/nn/model_evaluator.h"
#include "core/xiangqi/fen.h"
#include "ui/error_text.h"
#include "ui/facade/model_choice.h"

namespace xqui {

namespace {
// Leaves per evaluator call: fills a network batch from one tree (the hot path: full batches,
// README "Benchmarks").
constexpr int kBatch = 16;
constexpr int kTickMs = 200;
constexpr int kTreeEveryTicks = 5;  // the tree is worth rebuilding once a second
}  // namespace

AnalysisSession::AnalysisSession(QObject* parent) : QObject(parent) {
    evaluator_ = std::make_shared<xq::nn::UniformEvaluator>(kBatch);
    makeSearch();
    timer_ = new QTimer(this);
    timer_->setObjectName(QStringLiteral("analysisSessionPoll"));
    timer_->setInterval(kTickMs);
    connect(timer_, &QTimer::timeout, this, &AnalysisSession::onTick);
}

AnalysisSession::~AnalysisSession() {
    // ~MctsSearch stops and joins its threads; the evaluator must outlive it.
    search_.reset();
}

void AnalysisSession::makeSearch() {
    xq::search::MctsParams p;
    p.batchSize = kBatch;
    p.threads = searchThreads_;
    search_ = std::make_unique<xq::search::MctsSearch>(*evaluator_, p);
    search_->setPosition(pos_);
    searched_ = false;
}

bool AnalysisSession::isRunning() const {
    return search_ && search_->running();
}

bool AnalysisSession::isPolling() const {
    return timer_->isActive();
}

bool AnalysisSession::isBusy() const {
    return isRunning() || isPolling();
}

std::vector<xq::search::SnapshotNode> AnalysisSession::snapshotChildren(
    const std::vector<xq::Move>& path) const {
    return search_ ? search_->snapshotChildren(path) : std::vector<xq::search::SnapshotNode>();
}

void AnalysisSession::stopAndPoll() {
    search_->stop();
    if (!timer_->isActive()) timer_->start();
}

void AnalysisSession::setPosition(const xq::Position& pos) {
    if (isBusy()) {
        pending_ = pos;  // its analysis starts from scratch once the search has ended
        stopAndPoll();
        emit positionPending(pos);
        return;
    }
    applyPosition(pos);
}

void AnalysisSession::applyPosition(const xq::Position& pos) {
    pos_ = pos;
    search_->setPosition(pos_);
    searched_ = false;
    emit positionChanged(pos_);
}

bool AnalysisSession::setFen(const QString& fen, QString* error) {
    xq::Position pos;
    if (const auto err = xq::parseFen(fen.toStdString(), pos)) {
        const QString msg = tr("Not a valid FEN: %1").arg(QString::fromStdString(err->toString()));
        if (error) *error = msg;
        emit errorOccurred(msg);
        return false;
    }
    setPosition(pos);
    return true;
}

void AnalysisSession::followModelChoice(ModelChoice* choice) {
    choice_ = choice;
    connect(choice, &ModelChoice::currentChanged, this, &AnalysisSession::followChoice);
    followChoice();
}

void AnalysisSession::followChoice() {
    if (!choice_) return;
    if (isBusy()) {
        choicePending_ = true;  // finishIfEnded() loads it
        stopAndPoll();
        return;
    }
    choicePending_ = false;
    const auto& m = choice_->current();
    QString err;
    if (!loadModelFile(m ? m->file : QString(), &err, m ? ModelChoice::describe(*m) : QString()))
        emit statusMessage(err);
}

bool AnalysisSession::loadModelFile(const QString& path, QString* error, const QString& title) {
    if (isBusy()) {
        if (error) *error = tr("Stop the analysis first.");
        return false;
    }
    std::shared_ptr<xq::nn::Evaluator> eval;
    int threads = 1;  // uniform priors cost nothing: one thread is plenty
    if (path.isEmpty()) {
        eval = std::make_shared<xq::nn::UniformEvaluator>(kBatch);
    } else {
        QString msg;
        if (!xq::nn::networkSupport()) {
            msg = tr("This build has no network support (LibTorch).");
        } else {
            try {
                // Every core, as self-play: one inference worker per hardware thread, fed by
                // two search threads per worker, each sending kBatch leaves at a time.
                const int workers = xq::nn::defaultInferenceWorkers();
                threads = xq::nn::searchThreadsFor(workers);
                eval = xq::nn::loadParallelEvaluator(path.toStdString(), workers, threads * kBatch);
            } catch (const std::exception& e) {
                msg = errorText(e);
            }
        }
        if (!eval) {
            if (error) *error = msg;
            emit errorOccurred(msg);
            return false;
        }
    }
    search_.reset();  // it refers to the old evaluator
    evaluator_ = std::move(eval);
    searchThreads_ = threads;
    modelPath_ = path;
    modelTitle_ = title;
    makeSearch();
    emit evaluatorChanged();
    emit statusMessage(path.isEmpty() ? tr("Analysing with uniform priors")
                                      : tr("Loaded model %1").arg(path));
    return true;
}

bool AnalysisSession::start(int simulations) {
    if (isBusy()) return false;
    // A fresh tree each time: statistics of an earlier search would skew the new counts.
    search_->setPosition(pos_);
    searched_ = true;
    ticks_ = 0;
    search_->start({.simulations = simulations, .seconds = 0, .stopWhenDecided = false});
    timer_->start();
    emit started();
    emit statusMessage(tr("Analysis started"));
    return true;
}

void AnalysisSession::stop() {
    // Only asks: the threads finish their batches in flight; a tick joins them when done.
    search_->stop();
}

void AnalysisSession::searchSynchronously(int simulations) {
    if (isBusy()) return;
    search_->setPosition(pos_);
    searched_ = true;
    search_->search({.simulations = simulations});
    emit started();
    emit finished();
}

void AnalysisSession::onTick() {
    if (!isRunning()) {
        finishIfEnded();
        return;
    }
    if (pending_) return;  // its results would be the old position's
    ++ticks_;
    emit progressed(ticks_ % kTreeEveryTicks == 0);
}

void AnalysisSession::finishIfEnded() {
    timer_->stop();
    try {
        search_->wait();  // the threads have ended: this only joins them
    } catch (const std::exception& e) {
        emit errorOccurred(tr("The analysis failed: %1").arg(errorText(e)));
    }
    if (choicePending_) followChoice();
    if (pending_) {
        const xq::Position p = *pending_;
        pending_.reset();
        applyPosition(p);
    }
    emit finished();
    emit statusMessage(tr("Analysis stopped"));
}

}  // namespace xqui
