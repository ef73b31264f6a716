#include "core/engine/review.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/search/mcts_multi.h"
#include "core/search/mcts_tree.h"
#include "core/xiangqi/rules.h"

namespace xq::engine {

namespace {

float winChance(float v) {
    return (v + 1.0f) / 2.0f;
}

// What the search phase finds for one position, for ITS side to move.
struct PositionValue {
    float value = 0;
    Move best;
    std::vector<Move> pv;
    bool searched = false;
};

// The positions 0 .. moves.size() of the game, each with the history that led to it (the
// rules and the network's repetition plane read it).
std::vector<Position> gamePositions(const Position& start, std::span<const Move> moves) {
    std::vector<Position> out;
    out.reserve(moves.size() + 1);
    out.push_back(start);
    for (size_t i = 0; i < moves.size(); ++i) {
        Position next = out.back();
        if (!next.isLegal(moves[i]))
            throw std::invalid_argument("move " + std::to_string(i + 1) + " (" + toIccs(moves[i]) +
                                        ") is not legal in its position");
        next.makeMove(moves[i]);
        out.push_back(std::move(next));
    }
    return out;
}

search::MctsParams reviewParams(const ReviewOptions& o) {
    search::MctsParams p;  // PUCT with the network's own priors, as Analyze searches
    p.kind = search::MctsParams::Kind::Puct;
    p.addNoise = false;
    p.temperaturePlies = 0;  // greedy: the best move is the most visited
    p.cPuct = o.cPuct;
    p.threads = 1;
    return p;
}

// The search phase, shared by the threads: a queue of position indexes and the results.
class SearchPhase {
public:
    SearchPhase(const std::vector<Position>& positions, const std::vector<int>& toSearch,
                nn::Evaluator& evaluator, const ReviewOptions& options,
                const ReviewProgressFn& progress, const std::atomic<bool>* stop,
                std::vector<PositionValue>& values)
        : positions_(positions), toSearch_(toSearch), evaluator_(evaluator), options_(options),
          progress_(progress), stop_(stop), values_(values) {}

    // Runs the threads to the end (or the stop). Rethrows the first evaluator failure.
    void run(ReviewStats& stats) {
        threads_ = std::max(1, options_.threads > 0 ? options_.threads : 2);
        std::vector<std::thread> workers;
        for (int t = 0; t < threads_; ++t) workers.emplace_back([this] { driveGuarded(); });
        for (auto& w : workers) w.join();
        if (error_) std::rethrow_exception(error_);
        stats.positionsSearched = done_;
        stats.simulations = simulations_;
        stats.evaluations = evaluations_;
    }

private:
    // The next position index to search, or -1 when none is left.
    int take() {
        const int k = next_.fetch_add(1);
        return k < int(toSearch_.size()) ? toSearch_[size_t(k)] : -1;
    }
    bool stopped() const { return failed_.load() || (stop_ && stop_->load()); }

    void driveGuarded() {
        try {
            drive();
        } catch (...) {
            std::lock_guard lk(mutex_);
            if (!error_) error_ = std::current_exception();
            failed_.store(true);
        }
    }

    // One thread: a MultiSearch whose trees are refilled with the next position as soon as
    // one finishes, so its evaluator calls stay as large as the positions left allow.
    void drive() {
        search::MultiSearch ms(evaluator_, reviewParams(options_), 1);
        std::vector<int> slotPosition;  // tree g searches position slotPosition[g]
        const search::SearchLimits limits{.simulations = options_.simulations};
        auto startOn = [&](int g, int index) {
            slotPosition[size_t(g)] = index;
            ms.setRoot(g, positions_[size_t(index)]);
            ms.tree(g).reseed(options_.seed + uint64_t(index));
            ms.startSearch(g, limits);
        };
        // An even share of the positions at most, so that every thread has trees to search.
        const int share = (int(toSearch_.size()) + threads_ - 1) / threads_;
        const int inFlight = std::max(1, std::min(options_.positionsInFlight, share));
        for (int g = 0; g < inFlight; ++g) {
            const int index = take();
            if (index < 0) break;
            ms.addGame(positions_[size_t(index)], options_.seed + uint64_t(index));
            slotPosition.push_back(index);
            startOn(g, index);
        }
        while (!stopped() && ms.searchingCount() > 0) {
            ms.step([&](int g, const search::SearchResult& r) {
                record(slotPosition[size_t(g)], r);
                const int index = stopped() ? -1 : take();
                if (index >= 0) startOn(g, index);
            });
        }
    }

    void record(int index, const search::SearchResult& r) {
        PositionValue& v = values_[size_t(index)];  // each index is searched by one thread
        v.value = r.rootProven != 0 ? float(r.rootProven) : r.rootValue;
        v.best = r.bestMove;
        v.pv.assign(r.pv.begin(), r.pv.begin() + std::min<ptrdiff_t>(ptrdiff_t(r.pv.size()),
                                                                       options_.pvLength));
        v.searched = true;
        std::lock_guard lk(mutex_);
        ++done_;
        simulations_ += uint64_t(r.simulations);
        evaluations_ += uint64_t(r.evaluations);
        if (progress_) progress_(done_, int(toSearch_.size()));
    }

    const std::vector<Position>& positions_;
    const std::vector<int>& toSearch_;
    nn::Evaluator& evaluator_;
    const ReviewOptions& options_;
    const ReviewProgressFn& progress_;
    const std::atomic<bool>* stop_;
    std::vector<PositionValue>& values_;
    int threads_ = 1;
    std::atomic<int> next_{0};
    std::atomic<bool> failed_{false};
    std::mutex mutex_;  // guards done_, the totals, error_, and serialises progress_
    int done_ = 0;
    uint64_t simulations_ = 0, evaluations_ = 0;
    std::exception_ptr error_;
};

// The moves' values from the positions' (see the header for the perspective).
std::vector<MoveReview> moveReviews(const std::vector<Position>& positions,
                                    std::span<const Move> moves,
                                    const std::vector<PositionValue>& values) {
    std::vector<MoveReview> out(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
        MoveReview& m = out[i];
        m.ply = int(i);
        m.move = moves[i];
        m.mover = positions[i].sideToMove();
        m.valueBefore = values[i].value;
        m.valueAfter = -values[i + 1].value;
        m.best = values[i].best;
        m.pv = values[i].pv;
    }
    return out;
}

SideSummary summarise(const std::vector<MoveReview>& moves, Color side) {
    SideSummary s;
    double sum = 0;
    for (const MoveReview& m : moves) {
        if (m.mover != side) continue;
        ++s.moves;
        sum += m.loss;
        s.inaccuracies += m.mark == MoveMark::Inaccuracy;
        s.mistakes += m.mark == MoveMark::Mistake;
        s.blunders += m.mark == MoveMark::Blunder;
    }
    s.averageLoss = s.moves ? sum / s.moves : 0.0;
    return s;
}

// Values are written with 4 decimals: the JSON stays short and a stored review reads back
// with its marks unchanged (they are recomputed from the rounded values, which differ from
// the originals by far less than any threshold's resolution matters).
double rounded(double v) {
    return std::round(v * 10000.0) / 10000.0;
}

nlohmann::json moveJson(const MoveReview& m) {
    nlohmann::json pv = nlohmann::json::array();
    for (Move x : m.pv) pv.push_back(toIccs(x));
    nlohmann::json j{{"ply", m.ply},
                     {"side", m.mover == Red ? "red" : "black"},
                     {"move", toIccs(m.move)},
                     {"value_before", rounded(m.valueBefore)},
                     {"value_after", rounded(m.valueAfter)},
                     {"best", m.best ? nlohmann::json(toIccs(m.best)) : nlohmann::json(nullptr)},
                     {"pv", pv},
                     {"loss", rounded(m.loss)},
                     {"mark", m.mark == MoveMark::None ? nlohmann::json(nullptr)
                                                       : nlohmann::json(moveMarkName(m.mark))}};
    return j;
}

nlohmann::json sideJson(const SideSummary& s) {
    return {{"moves", s.moves},
            {"average_loss", rounded(s.averageLoss)},
            {"inaccuracies", s.inaccuracies},
            {"mistakes", s.mistakes},
            {"blunders", s.blunders}};
}

Move moveFromIccs(const std::string& s, const char* what, int ply) {
    const Square from = s.size() == 4 ? parseSquare(s.c_str()) : kNoSquare;
    const Square to = s.size() == 4 ? parseSquare(s.c_str() + 2) : kNoSquare;
    if (from == kNoSquare || to == kNoSquare)
        throw std::invalid_argument("review move " + std::to_string(ply) + ": " + what + " '" + s +
                                    "' is not an ICCS move");
    return Move(from, to);
}

MoveReview moveFromJson(const nlohmann::json& j, int index) {
    MoveReview m;
    m.ply = j.at("ply").get<int>();
    if (m.ply != index)
        throw std::invalid_argument("review move " + std::to_string(index) + " says ply " +
                                    std::to_string(m.ply));
    const std::string side = j.at("side").get<std::string>();
    if (side != "red" && side != "black")
        throw std::invalid_argument("review move " + std::to_string(index) + ": side '" + side +
                                    "' is neither red nor black");
    m.mover = side == "red" ? Red : Black;
    m.move = moveFromIccs(j.at("move").get<std::string>(), "move", index);
    m.valueBefore = j.at("value_before").get<float>();
    m.valueAfter = j.at("value_after").get<float>();
    if (!j.at("best").is_null()) m.best = moveFromIccs(j.at("best").get<std::string>(), "best", index);
    for (const auto& x : j.value("pv", nlohmann::json::array()))
        m.pv.push_back(moveFromIccs(x.get<std::string>(), "pv", index));
    return m;
}

}  // namespace

const char* moveMarkName(MoveMark m) {
    switch (m) {
        case MoveMark::Inaccuracy: return "inaccuracy";
        case MoveMark::Mistake: return "mistake";
        case MoveMark::Blunder: return "blunder";
        case MoveMark::None: break;
    }
    return "";
}

std::optional<MoveMark> parseMoveMark(const std::string& s) {
    for (MoveMark m : {MoveMark::None, MoveMark::Inaccuracy, MoveMark::Mistake, MoveMark::Blunder})
        if (s == moveMarkName(m)) return m;
    return std::nullopt;
}

const char* moveMarkSymbol(MoveMark m) {
    switch (m) {
        case MoveMark::Inaccuracy: return "?!";
        case MoveMark::Mistake: return "?";
        case MoveMark::Blunder: return "??";
        case MoveMark::None: break;
    }
    return "";
}

int moveMarkNag(MoveMark m) {
    switch (m) {
        case MoveMark::Inaccuracy: return 6;
        case MoveMark::Mistake: return 2;
        case MoveMark::Blunder: return 4;
        case MoveMark::None: break;
    }
    return 0;
}

MoveMark ReviewThresholds::markFor(double loss) const {
    if (loss >= blunder) return MoveMark::Blunder;
    if (loss >= mistake) return MoveMark::Mistake;
    if (loss >= inaccuracy) return MoveMark::Inaccuracy;
    return MoveMark::None;
}

void markMoves(GameReview& review) {
    for (MoveReview& m : review.moves) {
        m.loss = std::max(0.0f, winChance(m.valueBefore) - winChance(m.valueAfter));
        m.mark = m.move == m.best ? MoveMark::None : review.thresholds.markFor(m.loss);
    }
    review.red = summarise(review.moves, Red);
    review.black = summarise(review.moves, Black);
}

std::optional<GameReview> reviewGame(const Position& start, std::span<const Move> moves,
                                     nn::Evaluator& evaluator, const ReviewOptions& options,
                                     const ReviewProgressFn& progress,
                                     const std::atomic<bool>* stop) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<Position> positions = gamePositions(start, moves);
    std::vector<PositionValue> values(positions.size());
    // Positions the rules have ended take the result as their value and are not searched.
    std::vector<int> toSearch;
    for (size_t i = 0; i < positions.size(); ++i) {
        const GameStatus st = gameStatus(positions[i]);
        if (st.over())
            values[i].value = search::terminalValue(st, positions[i].sideToMove());
        else
            toSearch.push_back(int(i));
    }
    GameReview review;
    review.simulations = options.simulations;
    review.seed = options.seed;
    review.thresholds = options.thresholds;
    SearchPhase(positions, toSearch, evaluator, options, progress, stop, values).run(review.stats);
    if (stop && stop->load()) return std::nullopt;
    review.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    review.moves = moveReviews(positions, moves, values);
    markMoves(review);
    return review;
}

std::vector<double> redWinChances(const GameReview& review) {
    std::vector<double> out;
    out.reserve(review.moves.size() + 1);
    for (const MoveReview& m : review.moves) {
        const double v = m.mover == Red ? m.valueBefore : -m.valueBefore;
        out.push_back(winChance(float(v)));
    }
    if (!review.moves.empty()) {
        const MoveReview& last = review.moves.back();
        const double v = last.mover == Red ? last.valueAfter : -last.valueAfter;
        out.push_back(winChance(float(v)));
    }
    return out;
}

std::string moveReviewJson(const MoveReview& m) {
    return moveJson(m).dump();
}

std::string reviewSummaryJson(const GameReview& r) {
    return nlohmann::json{{"summary", true}, {"red", sideJson(r.red)}, {"black", sideJson(r.black)}}
        .dump();
}

std::string reviewToJson(const GameReview& r) {
    nlohmann::json moves = nlohmann::json::array();
    for (const MoveReview& m : r.moves) moves.push_back(moveJson(m));
    return nlohmann::json{{"version", 1},
                          {"model", r.model},
                          {"simulations", r.simulations},
                          {"seed", r.seed},
                          {"thresholds",
                           {{"inaccuracy", r.thresholds.inaccuracy},
                            {"mistake", r.thresholds.mistake},
                            {"blunder", r.thresholds.blunder}}},
                          {"moves", moves}}
        .dump();
}

GameReview reviewFromJson(const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw std::invalid_argument("the stored review is not a JSON object");
    try {
        if (j.at("version").get<int>() != 1)
            throw std::invalid_argument("the stored review has version " +
                                        j.at("version").dump() + ", this build reads 1");
        GameReview r;
        r.model = j.at("model").get<std::string>();
        r.simulations = j.at("simulations").get<int>();
        r.seed = j.at("seed").get<uint64_t>();
        const auto& t = j.at("thresholds");
        r.thresholds = {t.at("inaccuracy").get<double>(), t.at("mistake").get<double>(),
                        t.at("blunder").get<double>()};
        const auto& moves = j.at("moves");
        for (size_t i = 0; i < moves.size(); ++i) r.moves.push_back(moveFromJson(moves[i], int(i)));
        markMoves(r);
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(std::string("the stored review is incomplete: ") + e.what());
    }
}

bool reviewMatches(const GameReview& r, std::span<const Move> moves) {
    if (r.moves.size() != moves.size()) return false;
    for (size_t i = 0; i < moves.size(); ++i)
        if (r.moves[i].move != moves[i]) return false;
    return true;
}

std::vector<PgnMoveNote> reviewPgnNotes(const GameReview& r, const Position& start,
                                        Notation notation) {
    std::vector<PgnMoveNote> notes;
    Position pos = start;
    for (const MoveReview& m : r.moves) {
        PgnMoveNote n;
        n.nag = moveMarkNag(m.mark);
        const double red = m.mover == Red ? m.valueAfter : -m.valueAfter;
        char value[16];
        std::snprintf(value, sizeof value, "%+.2f", red);
        n.comment = value;
        if (m.best && pos.isLegal(m.best))
            n.comment += " best: " + pgnMoveText(pos, m.best, notation);
        notes.push_back(std::move(n));
        if (!pos.isLegal(m.move)) break;  // a review of another game: no notes past here
        pos.makeMove(m.move);
    }
    return notes;
}

}  // namespace xq::engine
