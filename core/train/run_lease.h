#pragma once
// One trainer per run. A process that writes a run's games, checkpoints and generations (the
// one-machine pipeline, the studio's training session, trainer rank 0) holds the run's lease in
// the database (store::Store's run leases) from before its first write to its end; workers,
// which only add games, hold none.
//
// The rule, as pure functions (leaseIsStale, leaseOwnerText) shared by every caller:
// - a lease is live while its heartbeat is younger than kLeaseStaleSeconds;
// - on the claimer's own host a lease whose pid is not a running process is stale at once
//   (a killed trainer), so a resume after kill -9 does not wait;
// - the holder renews its heartbeat every kLeaseRenewSeconds, so a live holder is never
//   older than the stale limit unless its process stopped running (suspended, or a host cut
//   off from the database); such a holder finds its lease taken on its next renewal and stops.
//
// Thread-safety: RunLeaseHolder's members may be called from any thread; it renews on a thread
// of its own through the Store it was given (Store serialises its calls).

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/store/records.h"

namespace xq::store {
class Store;
}

namespace xq::train {

inline constexpr int kLeaseRenewSeconds = 10;
inline constexpr int kLeaseStaleSeconds = 60;

// This machine's host name ("unknown" when it cannot be read).
std::string thisHostName();

// Whether `lease` no longer belongs to a live trainer, seen from `host` at `nowMs`:
// heartbeat older than staleSeconds, or (same host) `pidRunning(pid)` false.
bool leaseIsStale(const store::RunLease& lease, int64_t nowMs, const std::string& host,
                  const std::function<bool(int64_t)>& pidRunning,
                  int staleSeconds = kLeaseStaleSeconds);
// kill(pid, 0) on this host: false only when no such process exists.
bool processRunning(int64_t pid);

// "pid 1234 on host h since 21:28" (local time; the date too when not today).
std::string leaseOwnerText(const store::RunLease& lease);

class RunLeaseHolder {
  public:
    using LogFn = std::function<void(const std::string&)>;
    // Claims the lease of run `run` (named `runName` in messages) for this process. Throws
    // xq::Error(RunLeased, subject runName) naming the live holder when another process trains
    // the run. `onLost` runs (on the renewal thread) when a renewal finds the lease taken
    // over: the caller should stop writing.
    RunLeaseHolder(store::Store& store, int64_t run, std::string runName,
                   std::function<void()> onLost = {});
    // Stops renewing and gives the lease back (when still held).
    ~RunLeaseHolder();
    RunLeaseHolder(const RunLeaseHolder&) = delete;
    RunLeaseHolder& operator=(const RunLeaseHolder&) = delete;

    // The stale lease this claim took over (a killed trainer's), if any.
    const std::optional<store::RunLease>& tookOver() const { return tookOver_; }
    bool lost() const { return lost_.load(); }
    const store::RunLease& lease() const { return lease_; }

  private:
    void renewLoop();

    store::Store& store_;
    store::RunLease lease_;
    std::string runName_;
    std::function<void()> onLost_;
    std::optional<store::RunLease> tookOver_;
    std::atomic<bool> lost_{false};
    std::mutex mutex_;
    std::condition_variable cv_;
    bool stopping_ = false;  // guarded by mutex_
    std::thread renewer_;
};

// A trainer's lease as every trainer takes it (the pipeline, trainer rank 0): claims it (throws
// RunLeased as the constructor does), tells `warn` when it took over a stale one, and when the
// lease is later lost tells `fail` and calls `stop` (the trainer then stops writing).
std::unique_ptr<RunLeaseHolder> holdRunLease(store::Store& store, int64_t run,
                                             const std::string& runName,
                                             const std::function<void(const std::string&)>& warn,
                                             const std::function<void(const std::string&)>& fail,
                                             const std::function<void()>& stop);

}  // namespace xq::train
