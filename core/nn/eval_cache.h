#pragma once
// EvalCache: a bounded cache of network outputs, keyed by the position's Zobrist key and its
// repetition count (the repetition plane changes the network input, the move history beyond
// that does not). The no-capture progress plane is not part of the key: a position met again
// with a different no-capture counter reuses the cached output (a small, accepted
// approximation that lets transpositions hit).
//
// Entries store (move, prior) pairs so a hit is correct whatever the order of the caller's
// move list. Eviction: per shard, CLOCK (second chance), which is LRU-ish without relinking a
// list on every hit.
//
// Thread-safety: all methods may be called from any number of threads; the table is split
// into shards, each guarded by its own mutex (Shard::mutex guards the shard's entries and
// index); the counters are atomics.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "core/nn/evaluator.h"

namespace xq::nn {

class EvalCache {
public:
    // capacity: maximum number of positions held (at least one per shard).
    explicit EvalCache(size_t capacity = 1 << 18);

    static uint64_t makeKey(uint64_t zobrist, int repetitions);

    // On a hit fills out.value and out.priors in the order of `moves` and returns true.
    // A stored entry whose moves do not match `moves` (a hash collision) is a miss.
    bool lookup(uint64_t key, const MoveList& moves, EvalOutput& out);
    void insert(uint64_t key, const MoveList& moves, const EvalOutput& out);
    void clear();  // e.g. after the weights change

    size_t capacity() const { return capacity_; }
    size_t size() const;
    uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
    uint64_t misses() const { return misses_.load(std::memory_order_relaxed); }
    double hitRate() const;

private:
    struct Slot {
        uint64_t key = 0;
        bool used = false;
        bool referenced = false;
        float value = 0;
        std::vector<uint16_t> moves;
        std::vector<float> priors;
    };
    struct Shard {
        std::mutex mutex;
        std::vector<Slot> entries;
        std::unordered_map<uint64_t, uint32_t> index;  // key -> slot
        uint32_t hand = 0;                             // CLOCK hand
    };
    static constexpr int kShards = 16;
    Shard& shardFor(uint64_t key) { return shards_[(key >> 59) & (kShards - 1)]; }

    size_t capacity_;
    std::unique_ptr<Shard[]> shards_;
    std::atomic<uint64_t> hits_{0}, misses_{0};
};

}  // namespace xq::nn
