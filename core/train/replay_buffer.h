#pragma once
// Replay buffer of compact training samples.
//
// A Sample is exactly 256 bytes (xiangqi-alphazero keeps ~37.8 KB of dense floats per
// position): the board packed two squares per byte (45 bytes), side to move, repetition count
// and plies since the last capture (what the encoder's repetition and progress planes need),
// the game result z from the side to move's view, the move the opponent played next (the
// target of the trainer's reply head, trainer_backend.h), and a sparse pi: up to kMaxPolicy
// (move, weight) pairs of the moves the search visited. Where more moves than that were
// visited, the least visited are dropped and the rest renormalised; with 80 simulations at
// most 80 moves can be visited and in practice far fewer are (truncatedMass() reports what was
// dropped, so the approximation is measured, not assumed).
//
// Sampling is uniform over the newest `window` positions (at most `capacity` are kept), or
// weighted in part by each position's policy surprise (setSurpriseWeight); each draw is
// left-right mirrored with probability 1/2 (augmentation at sampling time, so storage holds
// each position once).
//
// Thread-safety: all members lock an internal mutex; add() from self-play threads and
// sampleBatch() from the trainer may run concurrently.

#include <cstdint>
#include <mutex>
#include <random>
#include <vector>

#include "core/nn/trainer_backend.h"
#include "core/store/records.h"
#include "core/xiangqi/position.h"

namespace xq::train {

struct Sample {
    static constexpr int kMaxPolicy = 50;
    struct Entry {
        uint16_t move;    // Move::raw(), board squares
        uint16_t weight;  // probability * 65535, renormalised at sampling time
    };
    uint8_t board[45];    // piece codes, square 2k in the low nibble of byte k
    uint8_t side;         // Color to move
    uint8_t repetitions;  // xq::repetitionCount() at this position, clamped to 2
    uint8_t rule60;       // plies since the last capture, clamped to 255
    int8_t z;             // value target for the side to move in hundredths: 100 win, 0 draw,
                          // -100 loss; a material adjudication counts less (setAdjudicationValue)
    uint8_t count;        // entries used in pi
    uint16_t surprise;    // policy surprise in thousandths of a nat, plus 1; 0: not known
    uint16_t reply;       // Move::raw() of the opponent's next move (board squares); 0: none
    uint16_t spare;       // 0
    Entry pi[kMaxPolicy];

    Piece piece(int sq) const { return Piece((board[sq >> 1] >> ((sq & 1) * 4)) & 15); }
    // The position (without history; repetitions and rule60 stand in for it).
    Position position() const;
    // The policy surprise in nats, through surprise's encoding (0 when not known).
    void setSurprise(float nats);
    bool surpriseKnown() const { return surprise != 0; }
    double surpriseNats() const { return surprise == 0 ? 0.0 : (surprise - 1) / 1000.0; }
};
static_assert(sizeof(Sample) == 256, "a replay sample must stay 256 bytes");

// Builds the sample for `pos` (side to move about to play) from a visit distribution.
// Returns false when there is nothing to learn (no visits).
// `z` in [-1, 1] is the value target for the side to move.
bool makeSample(const Position& pos, const std::vector<store::VisitCount>& visits, float z,
                Sample& out, double* truncatedMass = nullptr);

class ReplayBuffer {
public:
    explicit ReplayBuffer(size_t capacity);

    // Replays a finished game from its start position and adds one sample per searched move
    // (moves without visits, e.g. random opening plies, are skipped), each with the game's next
    // move as its reply. Returns samples added.
    // Throws std::invalid_argument when the game's moves do not replay legally.
    int addGame(const store::GameRecord& game);
    // |z| of the samples of a game won by Reason::Adjudication (default 1, as a mate).
    void setAdjudicationValue(float v) { adjudicationValue_ = v; }
    // The value target of games added from now on: (1 - weight) * result + weight * m, where m
    // is materialValue() of the balance `plies` plies after the position (or at the game's
    // final position when it ends sooner), from the side to move's view. A dense signal the
    // first games give at once: which captures hold, long before results mean much.
    // `resolved`: the balance there is resolvedMaterialBalance() (the exchanges in progress at
    // that ply played out), not the plain count.
    void setMaterialTarget(float weight, int plies, bool resolved = false) {
        materialWeight_ = weight;
        materialPlies_ = plies;
        materialResolved_ = resolved;
    }
    // Scale of the game result in the value target of games added from now on (default 1):
    // games learned from outside self-play (game_source.h) weight their result low.
    void setResultWeight(float w) { resultWeight_ = w; }
    // Weight of the search's root value (store::MoveRecord::rootValue, the side to move's view)
    // in the value target of games added from now on: (1 - w) * target + w * rootValue, where
    // target is the result/material blend above; moves without a root value keep that target.
    // Default 0.
    void setSearchValueWeight(float w) { searchWeight_ = w; }
    // Share s in [0, 1] of the draws weighted by policy surprise (KataGo's policy surprise
    // weighting; store::MoveRecord::policySurprise): a sample of the window is drawn with
    // weight (1 - s) + s * surprise / mean, the mean over the window's samples whose surprise
    // is known; a sample whose surprise is not known (games imported or stored before the store
    // kept it) weighs 1, the window's mean weight. 0 (the default): uniform. When the known
    // surprises sum to 0 all weigh 1.
    void setSurpriseWeight(float s) { surpriseWeight_ = s; }
    // Batches from sampleBatch() carry each sample's legal-move mask (nn::TrainBatch::legalMask),
    // so the policy loss runs over the legal moves only. Off by default.
    void setLegalMasks(bool on) { legalMasks_ = on; }
    void add(const Sample& s);

    size_t size() const;
    size_t capacity() const { return capacity_; }
    uint64_t totalAdded() const;
    // Probability mass dropped by the kMaxPolicy-entry cap, summed over all samples added.
    double truncatedMass() const;

    // `batch` samples drawn with replacement from the newest `window` positions (0 or more
    // than size(): all), uniformly or as setSurpriseWeight says, mirrored with probability 1/2,
    // encoded for NetTrainer (planes + sparse policy + z + replies). Needs size() > 0.
    nn::TrainBatch sampleBatch(int batch, std::mt19937_64& rng, size_t window = 0) const;
    // The same, with round(share x batch) of the samples drawn uniformly from all of `other`
    // (e.g. the games a run started from) and the rest from this buffer's window; legal-move
    // masks as this buffer's setting. Needs both buffers non-empty where they are drawn from.
    nn::TrainBatch sampleBatchMixed(int batch, std::mt19937_64& rng, size_t window,
                                    const ReplayBuffer& other, double share) const;
    // Encodes the given samples, mirroring those marked (with their legal-move masks when
    // `legalMasks`): for tests and validation sets.
    static nn::TrainBatch encode(const std::vector<Sample>& samples, const std::vector<bool>& mirror,
                                 bool legalMasks = false);

    // A copy of the sample at logical index i (0 = oldest kept).
    Sample at(size_t i) const;
    void clear();

private:
    // Appends `batch` draws from the newest `window` (0: all) with their mirror flags.
    // `weighted`: by surprise (setSurpriseWeight), else uniform.
    void draw(int batch, std::mt19937_64& rng, size_t window, std::vector<Sample>& picked,
              std::vector<bool>& mirror, bool weighted) const;
    size_t capacity_;
    float adjudicationValue_ = 1.0f;
    float resultWeight_ = 1.0f;
    float materialWeight_ = 0.0f;
    int materialPlies_ = 0;
    bool materialResolved_ = false;
    float searchWeight_ = 0.0f;
    float surpriseWeight_ = 0.0f;
    bool legalMasks_ = false;
    mutable std::mutex mutex_;
    std::vector<Sample> ring_;  // guarded by mutex_
    size_t next_ = 0;           // guarded by mutex_: slot the next add() writes
    uint64_t added_ = 0;        // guarded by mutex_
    double truncated_ = 0;      // guarded by mutex_
};

}  // namespace xq::train
