#pragma once
// StoreGameFeed: a run's self-play games as they are committed to the store, each handed out
// once. The Ingest stage of both trainers reads it: the DistributedTrainer's (trainer_role.h:
// every game comes from workers) and the one-machine Pipeline's (pipeline.h: games that
// `xqzero worker` processes store for its run, beside its own self-play, whose games it marks
// as it stores them so they are never ingested twice).
//
// Ids grow, but a transaction that commits late can make a lower id visible after a higher one
// was listed: each poll reads ids above (newest seen - kIdSlack) and skips those seen already,
// so a late game is still handed out; seen ids below that floor are forgotten.
//
// Thread-safety: every method locks an internal mutex, held across the store's call, so a game
// stored through insertOwn() on one thread is never returned by a poll() on another.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <vector>

#include "core/store/records.h"

namespace xq::store {
class Store;
}

namespace xq::train {

class StoreGameFeed {
  public:
    static constexpr int64_t kIdSlack = 512;

    explicit StoreGameFeed(int64_t runId) : run_(runId) {}

    // The ids of the run's self-play games not seen yet, ascending, now marked seen. While no
    // game has been seen (a first poll over a long run), only the newest `firstLimit` (0: all).
    std::vector<int64_t> poll(store::Store& store, size_t firstLimit = 0);
    // A game already had (rebuilt into a buffer at start-up, or stored by this process).
    void markSeen(int64_t id);
    // Stores a game of this process: `insert` runs under the feed's lock and returns the new id,
    // which is marked seen before any poll can list it.
    int64_t insertOwn(const std::function<int64_t()>& insert);
    // The newest id seen (0: none).
    int64_t newestSeen() const;

  private:
    void markSeenLocked(int64_t id);
    const int64_t run_;
    mutable std::mutex mutex_;
    std::set<int64_t> seen_;  // ids at or above newest_ - kIdSlack
    int64_t newest_ = 0;
};

// Stores a self-play game of run `runId` played by `generation`, as every producer does (the
// Pipeline's self-play, a worker's): through `feed` when the producer also ingests the run's
// games (marked seen so it is not ingested again), else straight into the store. Returns the
// record as stored (its id set). Passes the crash point "game-stored" (crash_point.h).
store::GameRecord storeSelfPlayRecord(store::Store& store, const store::GameRecord& played, int64_t runId,
                                      int generation, StoreGameFeed* feed = nullptr);

}  // namespace xq::train
