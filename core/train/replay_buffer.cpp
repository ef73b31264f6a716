#include "core/train/replay_buffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "core/nn/encoder.h"
#include "core/xiangqi/material.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"

namespace xq::train {

Position Sample::position() const {
    Position pos;
    pos.clear();
    for (int sq = 0; sq < kSquareCount; ++sq) pos.put(sq, piece(sq));
    pos.setSideToMove(Color(side));
    pos.setRule60(rule60);
    pos.finishSetup();
    return pos;
}

bool makeSample(const Position& pos, const std::vector<store::VisitCount>& visits, float z,
                Sample& out, double* truncatedMass) {
    std::memset(&out, 0, sizeof out);
    uint64_t total = 0;
    for (const auto& v : visits) total += v.visits;
    if (total == 0) return false;
    for (int sq = 0; sq < kSquareCount; ++sq)
        out.board[sq >> 1] |= uint8_t(pos.piece(sq) << ((sq & 1) * 4));
    out.side = uint8_t(pos.sideToMove());
    out.repetitions = uint8_t(std::min(repetitionCount(pos), 2));
    out.rule60 = uint8_t(std::min(pos.rule60(), 255));
    out.z = int8_t(std::lround(std::clamp(z, -1.0f, 1.0f) * 100.0f));

    std::vector<store::VisitCount> v;
    for (const auto& e : visits)
        if (e.visits) v.push_back(e);
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.visits > b.visits; });
    uint64_t kept = 0;
    const int n = std::min<int>(int(v.size()), Sample::kMaxPolicy);
    for (int i = 0; i < n; ++i) kept += v[i].visits;
    if (truncatedMass) *truncatedMass = double(total - kept) / double(total);
    for (int i = 0; i < n; ++i) {
        out.pi[i].move = v[i].move.raw();
        out.pi[i].weight =
            uint16_t(std::max<uint64_t>(1, (uint64_t(v[i].visits) * 65535 + kept / 2) / kept));
    }
    out.count = uint8_t(n);
    return true;
}

namespace {

// Cumulative draw weights of the newest `w` samples (`back(0)` the newest) for a surprise share
// `s`: (1 - s) + s * surprise / mean over the samples whose surprise is known, 1 for the rest.
// Empty (draw uniformly) when no surprise is known or all known ones are 0.
template <class Back>
std::vector<double> cumulativeWeights(size_t w, const Back& back, double s) {
    double sum = 0;
    size_t known = 0;
    for (size_t b = 0; b < w; ++b) {
        if (!back(b).surpriseKnown()) continue;
        sum += back(b).surpriseNats();
        ++known;
    }
    if (known == 0 || sum <= 0) return {};
    const double mean = sum / double(known);
    std::vector<double> cum(w);
    double acc = 0;
    for (size_t b = 0; b < w; ++b) {
        const Sample& x = back(b);
        acc += x.surpriseKnown() ? (1 - s) + s * x.surpriseNats() / mean : 1.0;
        cum[b] = acc;
    }
    return cum;
}

}  // namespace

void Sample::setSurprise(float nats) {
    surprise = uint16_t(1 + std::lround(std::clamp(nats, 0.0f, 65.0f) * 1000.0f));
}

ReplayBuffer::ReplayBuffer(size_t capacity) : capacity_(std::max<size_t>(1, capacity)) {}

int ReplayBuffer::addGame(const store::GameRecord& game) {
    Position pos;
    if (!game.startFen.empty()) pos = positionFromFen(game.startFen);
    // z for each side from the final result.
    const float won = resultWeight_ * (game.reason == Reason::Adjudication ? adjudicationValue_ : 1.0f);
    auto zFor = [&](Color c) {
        if (game.result == Result::Draw || game.result == Result::None) return 0.0f;
        const Color winner = game.result == Result::RedWins ? Red : Black;
        return c == winner ? won : -won;
    };
    // Material balance (Red's view) after each ply, for the material target.
    std::vector<int> balance;
    if (materialWeight_ > 0) {
        auto count = [&](const Position& p) {
            return materialResolved_ ? resolvedMaterialBalance(p) : materialBalance(p);
        };
        Position p = pos;
        balance.push_back(count(p));
        for (size_t i = 0; i < game.moves.size(); ++i) {
            if (!p.isLegal(game.moves[i].move)) break;  // reported by the loop below
            p.makeMove(game.moves[i].move);
            balance.push_back(count(p));
        }
    }
    auto target = [&](size_t ply, Color side) {
        float z = zFor(side);
        if (materialWeight_ > 0 && !balance.empty()) {
            const int b = balance[std::min(ply + size_t(materialPlies_), balance.size() - 1)];
            const float m = materialValue(side == Red ? b : -b);
            z = (1 - materialWeight_) * z + materialWeight_ * m;
        }
        const auto& root = game.moves[ply].rootValue;
        if (searchWeight_ > 0 && root)
            z = (1 - searchWeight_) * z + searchWeight_ * std::clamp(*root, -1.0f, 1.0f);
        return z;
    };
    std::vector<Sample> samples;
    double truncated = 0;
    for (size_t i = 0; i < game.moves.size(); ++i) {
        const auto& mr = game.moves[i];
        if (!pos.isLegal(mr.move))
            throw std::invalid_argument("game " + std::to_string(game.id) + ": move " +
                                        std::to_string(i + 1) + " does not replay legally");
        Sample s;
        double t = 0;
        if (makeSample(pos, mr.visits, target(i, pos.sideToMove()), s, &t)) {
            if (mr.policySurprise) s.setSurprise(*mr.policySurprise);
            if (i + 1 < game.moves.size()) s.reply = game.moves[i + 1].move.raw();
            samples.push_back(s);
            truncated += t;
        }
        pos.makeMove(mr.move);
    }
    std::lock_guard lk(mutex_);
    for (const auto& s : samples) {
        if (ring_.size() < capacity_) ring_.push_back(s);
        else ring_[next_] = s;
        next_ = (next_ + 1) % capacity_;
        ++added_;
    }
    truncated_ += truncated;
    return int(samples.size());
}

void ReplayBuffer::add(const Sample& s) {
    std::lock_guard lk(mutex_);
    if (ring_.size() < capacity_) ring_.push_back(s);
    else ring_[next_] = s;
    next_ = (next_ + 1) % capacity_;
    ++added_;
}

size_t ReplayBuffer::size() const {
    std::lock_guard lk(mutex_);
    return ring_.size();
}

uint64_t ReplayBuffer::totalAdded() const {
    std::lock_guard lk(mutex_);
    return added_;
}

double ReplayBuffer::truncatedMass() const {
    std::lock_guard lk(mutex_);
    return truncated_;
}

Sample ReplayBuffer::at(size_t i) const {
    std::lock_guard lk(mutex_);
    if (i >= ring_.size()) throw std::out_of_range("replay buffer index out of range");
    // Oldest first: when full the oldest sits at next_.
    const size_t start = ring_.size() < capacity_ ? 0 : next_;
    return ring_[(start + i) % ring_.size()];
}

void ReplayBuffer::clear() {
    std::lock_guard lk(mutex_);
    ring_.clear();
    next_ = 0;
}

nn::TrainBatch ReplayBuffer::encode(const std::vector<Sample>& samples,
                                    const std::vector<bool>& mirror, bool legalMasks) {
    nn::TrainBatch b;
    b.size = int(samples.size());
    b.planes.resize(size_t(b.size) * nn::kInputSize);
    b.values.resize(size_t(b.size));
    b.replies.assign(size_t(b.size), -1);
    if (legalMasks) b.legalMask.assign(size_t(b.size) * nn::kPolicySize, 0);
    std::vector<float> tmp(nn::kInputSize);
    MoveList legal;
    for (int r = 0; r < b.size; ++r) {
        const Sample& s = samples[size_t(r)];
        const Position pos = s.position();
        const bool mir = r < int(mirror.size()) && mirror[size_t(r)];
        std::span<float> out(b.planes.data() + size_t(r) * nn::kInputSize, nn::kInputSize);
        if (mir) {
            nn::encodePosition(pos, s.repetitions, tmp);
            nn::mirrorPlanes(tmp, out);
        } else {
            nn::encodePosition(pos, s.repetitions, out);
        }
        b.values[size_t(r)] = float(s.z) / 100.0f;
        if (s.reply) {
            // The opponent's move in this sample's (the mover's) view, as the policy's indices.
            const int idx = nn::policyIndex(Move::fromRaw(s.reply), Color(s.side));
            b.replies[size_t(r)] = mir ? nn::mirrorPolicyIndex(idx) : idx;
        }
        if (legalMasks) {
            legal.clear();
            pos.legalMoves(legal);
            uint8_t* mask = b.legalMask.data() + size_t(r) * nn::kPolicySize;
            for (Move m : legal) {
                const int idx = nn::policyIndex(m, Color(s.side));
                mask[mir ? nn::mirrorPolicyIndex(idx) : idx] = 1;
            }
        }
        double sum = 0;
        for (int i = 0; i < s.count; ++i) sum += s.pi[i].weight;
        for (int i = 0; i < s.count; ++i) {
            int idx = nn::policyIndex(Move::fromRaw(s.pi[i].move), Color(s.side));
            if (mir) idx = nn::mirrorPolicyIndex(idx);
            b.policySparse.push_back({r, idx, float(s.pi[i].weight / sum)});
        }
    }
    return b;
}

void ReplayBuffer::draw(int batch, std::mt19937_64& rng, size_t window, std::vector<Sample>& picked,
                        std::vector<bool>& mirror, bool weighted) const {
    std::lock_guard lk(mutex_);
    if (ring_.empty()) throw std::logic_error("sampleBatch on an empty replay buffer");
    const size_t n = ring_.size();
    const size_t w = window == 0 ? n : std::min(window, n);
    // The newest sample sits just before next_ (when full) or at n - 1 (while filling).
    const size_t newestEnd = n < capacity_ ? n : next_;
    auto back = [&](size_t b) -> const Sample& {
        return ring_[(newestEnd + n - 1 - b) % n];
    };  // 0 = newest
    const std::vector<double> cumulative =
        weighted ? cumulativeWeights(w, back, surpriseWeight_) : std::vector<double>{};
    std::uniform_int_distribution<size_t> pick(0, w - 1);
    for (int i = 0; i < batch; ++i) {
        size_t b;
        if (cumulative.empty()) {
            b = pick(rng);
        } else {
            const double u = std::uniform_real_distribution<double>(0, cumulative.back())(rng);
            b = std::min(size_t(std::upper_bound(cumulative.begin(), cumulative.end(), u) -
                                cumulative.begin()),
                         w - 1);
        }
        picked.push_back(back(b));
        mirror.push_back((rng() & 1) != 0);
    }
}

nn::TrainBatch ReplayBuffer::sampleBatch(int batch, std::mt19937_64& rng, size_t window) const {
    std::vector<Sample> picked;
    std::vector<bool> mirror;
    picked.reserve(size_t(batch));
    draw(batch, rng, window, picked, mirror, surpriseWeight_ > 0);
    return encode(picked, mirror, legalMasks_);
}

nn::TrainBatch ReplayBuffer::sampleBatchMixed(int batch, std::mt19937_64& rng, size_t window,
                                              const ReplayBuffer& other, double share) const {
    const int fromOther = std::clamp(int(std::lround(share * batch)), 0, batch);
    std::vector<Sample> picked;
    std::vector<bool> mirror;
    picked.reserve(size_t(batch));
    draw(batch - fromOther, rng, window, picked, mirror, surpriseWeight_ > 0);
    if (fromOther > 0) other.draw(fromOther, rng, 0, picked, mirror, false);
    return encode(picked, mirror, legalMasks_);
}

}  // namespace xq::train
