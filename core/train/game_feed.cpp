#include "core/train/game_feed.h"

#include <algorithm>

#include "core/store/store.h"
#include "core/train/crash_point.h"

namespace xq::train {

std::vector<int64_t> StoreGameFeed::poll(store::Store& store, size_t firstLimit) {
    std::lock_guard lk(mutex_);
    store::GameFilter f;
    f.run = run_;
    f.kind = store::GameKind::SelfPlay;
    f.idAbove = std::max<int64_t>(0, newest_ - kIdSlack);
    f.limit = 0;
    std::vector<int64_t> ids;
    for (const auto& g : store.listGames(f))
        if (!seen_.count(g.id)) ids.push_back(g.id);
    std::sort(ids.begin(), ids.end());
    const bool first = newest_ == 0;
    for (int64_t id : ids) markSeenLocked(id);  // the ones left out below too: never handed out
    if (first && firstLimit > 0 && ids.size() > firstLimit)
        ids.erase(ids.begin(), ids.end() - std::ptrdiff_t(firstLimit));
    return ids;
}

void StoreGameFeed::markSeen(int64_t id) {
    std::lock_guard lk(mutex_);
    markSeenLocked(id);
}

int64_t StoreGameFeed::insertOwn(const std::function<int64_t()>& insert) {
    std::lock_guard lk(mutex_);
    const int64_t id = insert();
    markSeenLocked(id);
    return id;
}

int64_t StoreGameFeed::newestSeen() const {
    std::lock_guard lk(mutex_);
    return newest_;
}

void StoreGameFeed::markSeenLocked(int64_t id) {
    if (id < newest_ - kIdSlack) return;  // below the floor: no poll reads it again
    seen_.insert(id);
    if (id > newest_) {
        newest_ = id;
        seen_.erase(seen_.begin(), seen_.lower_bound(newest_ - kIdSlack));
    }
}

store::GameRecord storeSelfPlayRecord(store::Store& store, const store::GameRecord& played, int64_t runId,
                                      int generation, StoreGameFeed* feed) {
    store::GameRecord rec = played;
    rec.run = runId;
    rec.generation = generation;
    rec.kind = store::GameKind::SelfPlay;
    rec.id = feed ? feed->insertOwn([&] { return store.insertGame(rec); }) : store.insertGame(rec);
    crashPoint("game-stored");
    return rec;
}

}  // namespace xq::train
