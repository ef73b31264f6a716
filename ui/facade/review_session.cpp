#include "ui/facade/review_session.h"

#include <algorithm>
#include <exception>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "core/nn/model_evaluator.h"
#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "ui/error_text.h"

namespace xqui {

namespace {

// As the training worker (training_session.cpp): nice 19, inherited by the threads it starts.
void lowerThisThreadsPriority() {
#if defined(__linux__)
    const auto tid = id_t(::syscall(SYS_gettid));
    if (::getpriority(PRIO_PROCESS, tid) < 19) ::setpriority(PRIO_PROCESS, tid, 19);
#endif
}

// A thread of trees per inference worker (one a core), at least two (as `xqzero review`).
int reviewThreads() {
    return std::max(2, int(std::thread::hardware_concurrency()));
}

// The network on every core: one inference worker a core, each with its own copy, behind an
// InferenceServer sized for the review's threads of trees (review.h).
std::shared_ptr<xq::nn::Evaluator> networkOnEveryCore(const QString& file) {
    return xq::nn::loadParallelEvaluator(
        file.toStdString(), xq::nn::defaultInferenceWorkers(),
        reviewThreads() * xq::engine::ReviewOptions{}.positionsInFlight);
}

// Stores the review with its game; returns why not ("" when stored).
QString storeReview(const ReviewRequest& req, const xq::engine::GameReview& review) {
    try {
        xq::store::OpenOptions rw;
        rw.create = false;
        xq::store::Store db(req.database.toStdString(), rw);
        xq::store::ReviewRecord rec;
        rec.game = req.gameId;
        rec.model = review.model;
        rec.simulations = review.simulations;
        rec.detail = xq::engine::reviewToJson(review);
        db.putReview(rec);
        return {};
    } catch (const std::exception& e) {
        return errorText(e);
    }
}

}  // namespace

ReviewSession::ReviewSession(QObject* parent) : QObject(parent), factory_(networkOnEveryCore) {
    qRegisterMetaType<xqui::ReviewProgressInfo>();
    qRegisterMetaType<xqui::ReviewReply>();
}

ReviewSession::~ReviewSession() {
    if (stop_) stop_->store(true);
    if (worker_.joinable()) worker_.join();
}

quint64 ReviewSession::start(const ReviewRequest& request) {
    if (current_ != 0) return 0;
    if (worker_.joinable()) worker_.join();  // a finished worker whose reply was handled
    const quint64 id = current_ = nextId_++;
    stop_ = std::make_shared<std::atomic<bool>>(false);
    worker_ = std::thread([this, id, request, stop = stop_, factory = factory_] {
        lowerThisThreadsPriority();
        ReviewReply reply;
        reply.id = id;
        reply.gameId = request.gameId;
        reply.database = request.database;
        try {
            const xq::Position start =
                request.startFen.empty() ? xq::Position() : xq::positionFromFen(request.startFen);
            const std::shared_ptr<xq::nn::Evaluator> eval = factory(request.modelFile);
            xq::engine::ReviewOptions o;
            o.simulations = request.simulations;
            o.threads = reviewThreads();
            reply.review = xq::engine::reviewGame(
                start, request.moves, *eval, o,
                [this, id](int done, int total) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, id, done, total] {
                            emit progress({id, done, total});
                        },
                        Qt::QueuedConnection);
                },
                stop.get());
            reply.cancelled = !reply.review;
            if (reply.review) reply.review->model = request.modelLabel.toStdString();
            if (reply.review && !request.database.isEmpty() && request.gameId > 0) {
                reply.storeError = storeReview(request, *reply.review);
                reply.stored = reply.storeError.isEmpty();
            }
        } catch (const std::exception& e) {
            reply.review.reset();
            reply.error = errorText(e);
        }
        QMetaObject::invokeMethod(
            this, [this, reply] { onWorkerDone(reply); }, Qt::QueuedConnection);
    });
    return id;
}

void ReviewSession::cancel() {
    if (stop_) stop_->store(true);
}

void ReviewSession::onWorkerDone(const ReviewReply& reply) {
    // The worker posted this as its last act: joining it costs no wait worth the name.
    if (worker_.joinable()) worker_.join();
    if (reply.id == current_) current_ = 0;
    emit finished(reply);
}

}  // namespace xqui
