#include "core/train/run_lease.h"

#include <cerrno>
#include <csignal>
#include <ctime>
#include <random>

#include <unistd.h>

#include "core/error.h"
#include "core/store/store.h"

namespace xq::train {

std::string thisHostName() {
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0 || !buf[0]) return "unknown";
    return buf;
}

bool processRunning(int64_t pid) {
    if (pid <= 0) return false;
    return ::kill(pid_t(pid), 0) == 0 || errno != ESRCH;
}

bool leaseIsStale(const store::RunLease& lease, int64_t nowMs, const std::string& host,
                  const std::function<bool(int64_t)>& pidRunning, int staleSeconds) {
    if (nowMs - lease.heartbeat > int64_t(staleSeconds) * 1000) return true;
    return lease.host == host && pidRunning && !pidRunning(lease.pid);
}

std::string leaseOwnerText(const store::RunLease& lease) {
    const std::time_t t = std::time_t(lease.started / 1000);
    const std::time_t now = std::time(nullptr);
    std::tm at{}, today{};
    localtime_r(&t, &at);
    localtime_r(&now, &today);
    char when[32];
    const bool sameDay = at.tm_year == today.tm_year && at.tm_yday == today.tm_yday;
    std::strftime(when, sizeof when, sameDay ? "%H:%M" : "%Y-%m-%d %H:%M", &at);
    return "pid " + std::to_string(lease.pid) + " on host " + lease.host + " since " + when;
}

namespace {

std::string randomToken() {
    std::random_device rd;
    static const char* hex = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < 4; ++i) {
        uint32_t v = rd();
        for (int k = 0; k < 8; ++k, v >>= 4) s += hex[v & 15];
    }
    return s;
}

}  // namespace

RunLeaseHolder::RunLeaseHolder(store::Store& store, int64_t run, std::string runName,
                               std::function<void()> onLost)
    : store_(store), runName_(std::move(runName)), onLost_(std::move(onLost)) {
    lease_.run = run;
    lease_.host = thisHostName();
    lease_.pid = int64_t(getpid());
    lease_.token = randomToken();
    const std::string host = lease_.host;
    const store::Store::LeaseClaim claim =
        store_.claimRunLease(lease_, [&](const store::RunLease& held) {
            return leaseIsStale(held, store::nowMs(), host, processRunning);
        });
    if (!claim.acquired) {
        const store::RunLease& held = *claim.previous;
        throw Error(ErrorCode::RunLeased,
                    "run '" + runName_ + "' is being trained by " + leaseOwnerText(held) +
                        "; stop that process first (a lease whose process stopped without "
                        "giving it back is free after " +
                        std::to_string(kLeaseStaleSeconds) + " s without a heartbeat)",
                    runName_);
    }
    tookOver_ = claim.previous;
    if (auto mine = store_.runLease(run)) lease_ = *mine;
    renewer_ = std::thread([this] { renewLoop(); });
}

RunLeaseHolder::~RunLeaseHolder() {
    {
        std::lock_guard lk(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (renewer_.joinable()) renewer_.join();
    if (lost_.load()) return;
    try {
        store_.releaseRunLease(lease_.run, lease_.token);
    } catch (...) {
        // The database is gone: the lease goes stale on its own.
    }
}

void RunLeaseHolder::renewLoop() {
    std::unique_lock lk(mutex_);
    for (;;) {
        if (cv_.wait_for(lk, std::chrono::seconds(kLeaseRenewSeconds), [&] { return stopping_; }))
            return;
        lk.unlock();
        bool held = true;
        try {
            held = store_.renewRunLease(lease_.run, lease_.token);
        } catch (...) {
            // A database that cannot be reached now: the next renewal tries again (the store
            // reconnects); the lease stays ours unless another trainer takes it meanwhile.
        }
        if (!held) {
            lost_.store(true);
            if (onLost_) onLost_();
            return;
        }
        lk.lock();
    }
}

std::unique_ptr<RunLeaseHolder> holdRunLease(store::Store& store, int64_t run,
                                             const std::string& runName,
                                             const std::function<void(const std::string&)>& warn,
                                             const std::function<void(const std::string&)>& fail,
                                             const std::function<void()>& stop) {
    auto lease = std::make_unique<RunLeaseHolder>(store, run, runName, [=] {
        fail("another process took over the lease of run '" + runName +
             "' (this one missed its heartbeats): stopping without writing more");
        stop();
    });
    if (const auto& old = lease->tookOver())
        warn("took over the lease of run '" + runName + "' from " + leaseOwnerText(*old) +
             ", which stopped without giving it back");
    return lease;
}

}  // namespace xq::train
