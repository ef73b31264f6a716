#include "core/store/model_watch.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/store/store_impl.h"

namespace xq::store {

namespace {

constexpr int kSqlitePollMs = 200;

}  // namespace

ModelWatch::ModelWatch(const std::string& path, int64_t run) : run_(run) {
    OpenOptions o;
    o.create = false;
    db_ = openBackend(path, o);
}

ModelWatch::~ModelWatch() = default;

std::optional<ModelInfo> ModelWatch::waitForNewer(int64_t knownModelId, int timeoutMs) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point deadline =
        Clock::now() + std::chrono::milliseconds(std::max(0, timeoutMs));
    auto leftMs = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
            .count();
    };
    const bool notified = db_->supportsNotifications();
    // LISTEN before the first look: a model committed between the look and the wait then
    // still wakes the wait instead of being missed.
    if (notified && !listening_) {
        db_->listen(kModelsChannel);
        listening_ = true;
    }
    const std::string self = std::to_string(run_);
    for (;;) {
        if (std::optional<ModelInfo> best = queryBestModel(*db_, run_);
            best && best->id != knownModelId)
            return best;
        if (notified) {
            // Wait until a notification names this run (or a reconnect asks for a re-read).
            for (;;) {
                const int64_t left = leftMs();
                if (left <= 0) return std::nullopt;
                const std::vector<std::string> payloads =
                    db_->waitForNotifications(int(std::min<int64_t>(left, 1 << 30)));
                if (std::any_of(payloads.begin(), payloads.end(),
                                [&](const std::string& p) { return p == self || p.empty(); }))
                    break;
            }
        } else {
            const int64_t left = leftMs();
            if (left <= 0) return std::nullopt;
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::min<int64_t>(left, kSqlitePollMs)));
        }
    }
}

}  // namespace xq::store
