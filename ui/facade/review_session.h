#pragma once
// ReviewSession: a game review (core/engine/review.h) run off the GUI thread, for the Library
// and Play pages. start() returns at once; a worker thread loads the network (every core, as
// the Analyze page: one inference worker a core behind an InferenceServer), reviews the game,
// and stores the review with its game in the database it came from (read-write; a failure to
// store is reported, the review is still shown). progress() and finished() arrive as queued
// signals on the GUI thread, carrying plain values.
//
// One review at a time: start() refuses (returns 0) while one runs. cancel() asks the review
// to stop; it ends within one evaluator call and finished() still comes, with `cancelled`.
// The worker runs at nice 19 (as the training worker): under contention the GUI thread gets a
// core first; alone on the machine the review loses nothing.
//
// Thread-safety: construct, call and destroy on the GUI thread. The destructor cancels a review
// in progress and joins its thread (within one evaluator call). The worker touches no widget
// and no member but the stop flag it was given.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <QMetaType>
#include <QObject>
#include <QString>

#include "core/engine/review.h"
#include "core/nn/evaluator.h"
#include "core/xiangqi/types.h"

namespace xqui {

struct ReviewRequest {
    QString database;      // the game's database (the review is stored there); empty: not stored
    qint64 gameId = 0;     // the game's id there (0: not stored)
    std::string startFen;  // empty: the standard start position
    std::vector<xq::Move> moves;
    QString modelFile;     // the network to review with
    QString modelLabel;    // stored with the review ("RUN gen 12" or the file's absolute path)
    int simulations = xq::engine::ReviewOptions{}.simulations;
};

struct ReviewProgressInfo {
    quint64 id = 0;
    int done = 0, total = 0;  // positions searched, positions to search
};

struct ReviewReply {
    quint64 id = 0;
    qint64 gameId = 0;
    QString database;
    std::optional<xq::engine::GameReview> review;  // empty when cancelled or failed
    bool cancelled = false;
    QString error;       // the review failed (model unreadable, bad game): translated text
    bool stored = false;
    QString storeError;  // reviewed, but not stored: why
};

class ReviewSession : public QObject {
    Q_OBJECT
public:
    explicit ReviewSession(QObject* parent = nullptr);
    ~ReviewSession() override;

    // Starts reviewing; returns the request's id, or 0 while another review runs.
    quint64 start(const ReviewRequest& request);
    void cancel();
    bool running() const { return current_ != 0; }
    quint64 currentRequest() const { return current_; }

    // The evaluator built for a model file, on the worker thread; the default loads the
    // network on every core. Tests put a fake here (it must be thread-safe).
    using EvaluatorFactory = std::function<std::shared_ptr<xq::nn::Evaluator>(const QString& file)>;
    void setEvaluatorFactory(EvaluatorFactory factory) { factory_ = std::move(factory); }

signals:
    void progress(const xqui::ReviewProgressInfo& progress);
    void finished(const xqui::ReviewReply& reply);

private:
    void onWorkerDone(const ReviewReply& reply);

    std::thread worker_;
    std::shared_ptr<std::atomic<bool>> stop_;
    quint64 nextId_ = 1;
    quint64 current_ = 0;
    EvaluatorFactory factory_;
};

}  // namespace xqui

Q_DECLARE_METATYPE(xqui::ReviewProgressInfo)
Q_DECLARE_METATYPE(xqui::ReviewReply)
