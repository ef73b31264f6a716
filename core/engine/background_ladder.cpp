#include "core/engine/background_ladder.h"

#include <chrono>
#include <exception>

#include "core/engine/ladder.h"
#include "core/store/store.h"

namespace xq::engine {

std::optional<BackgroundLadderOptions> ladderOptionsOfRun(const std::string& dbPath,
                                                          const std::string& runName,
                                                          const train::TrainConfig& offered) {
    store::OpenOptions ro;
    ro.readOnly = true;
    ro.busyTimeoutMs = 2000;
    store::Store st(dbPath, ro);
    const auto run = st.findRun(runName);
    if (!run) return std::nullopt;
    const train::TrainConfig config = train::fromJson(run->config, offered);
    BackgroundLadderOptions lo;
    lo.dbPath = dbPath;
    lo.run = run->id;
    lo.minutes = config.ladderMinutes;
    lo.gamesPerRung = config.ladderGames;
    lo.simulations = config.ladderSimulations;
    lo.seed = uint64_t(config.seed);
    return lo;
}

BackgroundLadder::BackgroundLadder(BackgroundLadderOptions options, RatedFn onRated, ErrorFn onError)
    : options_(std::move(options)), onRated_(std::move(onRated)), onError_(std::move(onError)) {
    lastStart_ = std::chrono::steady_clock::now();
    thread_ = std::thread([this] { loop(); });
}

BackgroundLadder::~BackgroundLadder() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void BackgroundLadder::offer(const PublishedModel& model) {
    {
        std::lock_guard lk(mutex_);
        newest_ = model;
    }
    cv_.notify_all();
}

void BackgroundLadder::finish() {
    {
        std::lock_guard lk(mutex_);
        finishing_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void BackgroundLadder::stop() {
    {
        std::lock_guard lk(mutex_);
        stopping_ = true;
    }
    abort_.store(true);
    cv_.notify_all();
}

void BackgroundLadder::loop() {
    const auto period = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(options_.minutes * 60.0));
    for (;;) {
        PublishedModel m;
        {
            std::unique_lock lk(mutex_);
            auto unrated = [&] { return newest_ && newest_->generation != lastRated_; };
            for (;;) {
                if (stopping_) return;
                if (finishing_) {
                    if (!unrated()) return;
                    break;
                }
                if (unrated() && std::chrono::steady_clock::now() - lastStart_ >= period) break;
                cv_.wait_until(lk, lastStart_ + period);
            }
            m = *newest_;
            lastRated_ = m.generation;
        }
        lastStart_ = std::chrono::steady_clock::now();
        try {
            rate(m);
        } catch (const std::exception& e) {
            if (onError_) onError_(std::string("ladder of generation ") + std::to_string(m.generation) + ": " + e.what());
        }
    }
}

void BackgroundLadder::rate(const PublishedModel& m) {
    LadderConfig cfg;
    cfg.player = options_.playerFor ? options_.playerFor(m)
                                    : "net:" + m.file + "@" + std::to_string(options_.simulations);
    cfg.rungs = options_.rungs;
    cfg.gamesPerRung = options_.gamesPerRung;
    cfg.threads = 1;
    cfg.seed = options_.seed + uint64_t(m.generation);
    cfg.context.dbPath = options_.dbPath;
    const LadderResult r = runLadder(cfg, {}, &abort_);
    if (r.stopped) return;  // abandoned: not stored
    store::Store st(options_.dbPath);
    LadderOwner owner;
    owner.run = options_.run;
    if (m.modelId > 0) owner.model = m.modelId;
    LadderRated rated;
    rated.model = m;
    rated.rating = r.rating;
    rated.lo = r.lo;
    rated.hi = r.hi;
    rated.games = r.games;
    rated.ladderId = storeLadderResult(st, r, owner);
    const int64_t g = m.generation;
    std::vector<store::MetricPoint> pts{{options_.run, g, "ladder/rating", r.rating, 0},
                                        {options_.run, g, "ladder/lo", r.lo, 0},
                                        {options_.run, g, "ladder/hi", r.hi, 0},
                                        {options_.run, g, "ladder/positions", double(m.positions), 0},
                                        {options_.run, g, "ladder/minutes", m.minutes, 0}};
    st.addMetrics(pts);
    done_.fetch_add(1);
    if (onRated_) onRated_(rated);
}

}  // namespace xq::engine
