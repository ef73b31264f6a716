#include "core/nn/eval_cache.h"

#include <algorithm>

namespace xq::nn {

EvalCache::EvalCache(size_t capacity)
    : capacity_(std::max<size_t>(capacity, kShards)), shards_(new Shard[kShards]) {
    for (int i = 0; i < kShards; ++i) {
        shards_[i].entries.resize(capacity_ / kShards);
        shards_[i].index.reserve(capacity_ / kShards);
    }
}

uint64_t EvalCache::makeKey(uint64_t zobrist, int repetitions) {
    // Any repetition count maps to a distinct, well-spread key (0 keeps the plain key).
    return zobrist ^ (uint64_t(repetitions) * 0x9E3779B97F4A7C15ull);
}

bool EvalCache::lookup(uint64_t key, const MoveList& moves, EvalOutput& out) {
    Shard& sh = shardFor(key);
    {
        std::lock_guard lock(sh.mutex);
        auto it = sh.index.find(key);
        if (it != sh.index.end()) {
            Slot& s = sh.entries[it->second];
            const int n = moves.size();
            if (int(s.moves.size()) == n) {
                bool ok = true;
                for (int i = 0; i < n && ok; ++i) {
                    if (s.moves[i] == moves[i].raw()) {
                        out.priors[i] = s.priors[i];
                        continue;
                    }
                    // Different order: find the move (lists are short, this is rare).
                    auto f = std::find(s.moves.begin(), s.moves.end(), moves[i].raw());
                    if (f == s.moves.end()) ok = false;
                    else out.priors[i] = s.priors[size_t(f - s.moves.begin())];
                }
                if (ok) {
                    out.value = s.value;
                    s.referenced = true;
                    hits_.fetch_add(1, std::memory_order_relaxed);
                    return true;
                }
            }
        }
    }
    misses_.fetch_add(1, std::memory_order_relaxed);
    return false;
}

void EvalCache::insert(uint64_t key, const MoveList& moves, const EvalOutput& out) {
    Shard& sh = shardFor(key);
    std::lock_guard lock(sh.mutex);
    uint32_t slot;
    auto it = sh.index.find(key);
    if (it != sh.index.end()) {
        slot = it->second;
    } else {
        // CLOCK: skip (and clear) referenced entries once; take the first unreferenced one.
        const uint32_t n = uint32_t(sh.entries.size());
        for (;;) {
            Slot& s = sh.entries[sh.hand];
            if (!s.used || !s.referenced) break;
            s.referenced = false;
            sh.hand = (sh.hand + 1) % n;
        }
        slot = sh.hand;
        sh.hand = (sh.hand + 1) % n;
        Slot& victim = sh.entries[slot];
        if (victim.used) sh.index.erase(victim.key);
        sh.index.emplace(key, slot);
    }
    Slot& s = sh.entries[slot];
    s.key = key;
    s.used = true;
    s.referenced = false;
    s.value = out.value;
    s.moves.resize(size_t(moves.size()));
    s.priors.assign(out.priors.begin(), out.priors.begin() + moves.size());
    for (int i = 0; i < moves.size(); ++i) s.moves[i] = moves[i].raw();
}

void EvalCache::clear() {
    for (int i = 0; i < kShards; ++i) {
        std::lock_guard lock(shards_[i].mutex);
        for (Slot& s : shards_[i].entries) s.used = s.referenced = false;
        shards_[i].index.clear();
        shards_[i].hand = 0;
    }
}

size_t EvalCache::size() const {
    size_t n = 0;
    for (int i = 0; i < kShards; ++i) {
        std::lock_guard lock(shards_[i].mutex);
        n += shards_[i].index.size();
    }
    return n;
}

double EvalCache::hitRate() const {
    const double h = double(hits()), m = double(misses());
    return h + m > 0 ? h / (h + m) : 0.0;
}

}  // namespace xq::nn
