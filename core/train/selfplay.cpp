#include "core/train/selfplay.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <random>
#include <thread>
#include <vector>

#include "core/search/mcts_multi.h"
#include "core/search/mcts_snapshot.h"
#include "core/xiangqi/material.h"
#include "core/train/selfplay_game.h"

namespace xq::train {

namespace {

double steadySeconds() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// What the worker threads of one run() share. Every member is either immutable during the
// run, atomic, or guarded by the mutex named next to it.
struct RunShared {
    const SelfPlayOptions& opt;
    nn::Evaluator& evaluator;
    RunControl& control;
    const SelfPlay::GameFn& onGame;
    uint64_t target = 0;                  // games to finish; 0 = until stopped
    std::atomic<uint64_t> claimed{0};     // games started (their index is the claim order)
    std::atomic<bool> abort{false};       // a worker failed: everyone leaves
    const std::atomic<bool>* finishing = nullptr;  // SelfPlay::finishInFlight(): claim no more
    const std::atomic<int>* simulations = nullptr; // SelfPlay::setSimulations(): full searches' budget
    std::mutex callbackMutex;             // serialises onGame
    std::mutex& statsMutex;
    SelfPlayStats& live;                  // guarded by statsMutex
    std::mutex errorMutex;
    std::exception_ptr error;             // guarded by errorMutex
    std::mutex* liveMutex = nullptr;
    std::vector<LiveGame>* liveSlots = nullptr;  // guarded by *liveMutex; its size is fixed
    const std::atomic<int>* watched = nullptr;   // the slot whose search is snapshotted

    RunShared(const SelfPlayOptions& o, nn::Evaluator& e, RunControl& c,
              const SelfPlay::GameFn& f, std::mutex& sm, SelfPlayStats& l)
        : opt(o), evaluator(e), control(c), onGame(f), statsMutex(sm), live(l) {}

    // Takes the next game index, unless `target` games were already started.
    bool claim(uint64_t& index) {
        if (finishing && finishing->load()) return false;
        uint64_t c = claimed.load();
        do {
            if (target != 0 && c >= target) return false;
        } while (!claimed.compare_exchange_weak(c, c + 1));
        index = c;
        return true;
    }
};

// One worker thread: a MultiSearch with up to gamesInFlight games. The game logic lives in
// the MultiSearch done-callback: record the search, maybe resign, play the move, advance the
// tree (reuse), and either start the next search or finish the game and begin another.
class Worker {
public:
    Worker(RunShared& shared, int thread)
        : s_(shared), ms_(shared.evaluator, treeParams(shared.opt), 1),
          liveBase_(thread * std::max(1, shared.opt.gamesInFlight)) {
        limits_.simulations = shared.opt.simulations;
        limits_.countReusedVisits = shared.opt.countReusedVisits;
        limits_.stopWhenDecided = false;  // pi must not be truncated
        fastLimits_ = limits_;
        fastLimits_.simulations = shared.opt.fastSimulations;
        fullParams_ = treeParams(shared.opt);
        fastParams_ = fullParams_;
        fastParams_.addNoise = false;  // a fast search is played, not learned from
    }

    void run() {
        const int n = std::max(1, s_.opt.gamesInFlight);
        slots_.resize(n);
        for (int i = 0; i < n; ++i) {
            const int g = ms_.addGame(Position(), 0);
            if (!beginGame(g)) break;
        }
        const auto onDone = [this](int g, const search::SearchResult& r) { searched(g, r); };
        while (!s_.abort.load() && !s_.control.stopRequested()) {
            if (!s_.control.waitWhilePaused()) break;
            if (ms_.searchingCount() == 0) break;
            ms_.step(onDone);
            snapshotWatched();
        }
    }

private:
    struct Slot {
        Position pos;
        store::GameRecord rec;
        std::mt19937_64 rng;
        bool playedOut = false;
        bool fullSearch = true;     // the search in progress is a full one
        bool extended = false;      // it is the second search of an unsettled root
        int lowStreak[2] = {0, 0};  // consecutive own moves below the resign threshold
        int wouldResign = -1;       // played-out games: the colour that would have resigned
    };

    // ---- the live slots (selfplay.h "Live games"); all under *s_.liveMutex, briefly ----
    LiveGame& liveSlot(int g) { return (*s_.liveSlots)[size_t(liveBase_ + g)]; }
    bool isWatched(int g) const { return s_.watched->load(std::memory_order_relaxed) == liveBase_ + g; }

    // A game began in slot g (after its random opening, its first search started).
    void liveBegin(int g, uint64_t index) {
        const Slot& sl = slots_[g];
        std::lock_guard lk(*s_.liveMutex);
        LiveGame& lg = liveSlot(g);
        lg.active = true;
        lg.gameNumber = index;
        lg.generation = s_.opt.generation;
        lg.moves.clear();
        for (const auto& m : sl.rec.moves) lg.moves.push_back(m.move);
        lg.search = {};
        lg.fullSearch = sl.fullSearch;
        ++lg.version;
        if (isWatched(g)) lastSnapshot_ = {};  // its first search snapshot comes at once
    }

    // Move m was played in slot g and the next search started: the old search is stale.
    void liveMove(int g, Move m) {
        std::lock_guard lk(*s_.liveMutex);
        LiveGame& lg = liveSlot(g);
        lg.moves.push_back(m);
        lg.search = {};
        lg.fullSearch = slots_[g].fullSearch;
        ++lg.version;
        if (isWatched(g)) lastSnapshot_ = {};
    }

    void liveEnd(int g) {
        std::lock_guard lk(*s_.liveMutex);
        LiveGame& lg = liveSlot(g);
        lg.active = false;
        lg.search = {};
        ++lg.version;
    }

    // Between two rounds (no leaf pending): the watched slot's search, if it is one of ours,
    // at most every kLiveSnapshotMs. The tree is read on its own driving thread, so no lock
    // is needed for it; the copy is published under the live mutex.
    void snapshotWatched() {
        const int g = s_.watched->load(std::memory_order_relaxed) - liveBase_;
        if (g < 0 || g >= ms_.games() || !ms_.searching(g)) return;
        const auto now = std::chrono::steady_clock::now();
        if (g == lastWatched_ && now - lastSnapshot_ < std::chrono::milliseconds(SelfPlay::kLiveSnapshotMs)) return;
        lastWatched_ = g;
        lastSnapshot_ = now;
        search::SearchSnapshot snap = search::makeSnapshot(ms_.tree(g));
        std::lock_guard lk(*s_.liveMutex);
        LiveGame& lg = liveSlot(g);
        if (!lg.active) return;
        lg.search = std::move(snap);
        ++lg.version;
    }

    static search::MctsParams treeParams(const SelfPlayOptions& o) {
        search::MctsParams p = o.mcts;
        // The trees see the same length cap as the game, so they do not search past it.
        p.rules.lengthCap = o.maxPlies;
        return p;
    }

    // Claims a game and starts it in slot g (random opening plies, then the first search).
    // Returns false when no game is left to start. A game that ends during its random opening
    // is finished at once and the next one begun.
    bool beginGame(int g) {
        for (;;) {
            uint64_t index = 0;
            if (!s_.claim(index)) return false;
            {
                std::lock_guard lk(s_.statsMutex);
                ++s_.live.started;
            }
            Slot& sl = slots_.at(g);
            sl = Slot();
            const uint64_t seed = detail::gameSeed(s_.opt.seed, index);
            sl.rng.seed(seed);
            if (s_.opt.resignMoves > 0) {
                std::uniform_real_distribution<double> u(0.0, 1.0);
                sl.playedOut = u(sl.rng) < s_.opt.resignPlayoutFraction;
            }
            sl.rec.kind = store::GameKind::SelfPlay;
            sl.rec.generation = s_.opt.generation;
            sl.rec.red = sl.rec.black = s_.opt.playerLabel;
            sl.rec.started = store::nowMs();
            GameStatus st{};
            for (int k = 0; k < s_.opt.randomOpeningPlies; ++k) {
                st = detail::endOfGame(sl.pos, s_.opt.maxPlies, s_.opt.adjudicate);
                if (st.over()) break;
                const Move m = detail::randomLegalMove(sl.pos, sl.rng);
                sl.pos.makeMove(m);
                sl.rec.moves.push_back({m, std::nullopt, {}});  // no visits: never a target
            }
            st = detail::endOfGame(sl.pos, s_.opt.maxPlies, s_.opt.adjudicate);
            if (st.over()) {
                report(g, st);
                continue;
            }
            ms_.tree(g).reseed(seed ^ 0x5DEECE66Dull);
            ms_.setRoot(g, sl.pos);
            startSearch(g);
            liveBegin(g, index);
            return true;
        }
    }

    void searched(int g, const search::SearchResult& r) {
        Slot& sl = slots_[g];
        if (r.rootStatus.over() || r.chosenMove.isNull()) {
            // The tree found the root terminal (its rules match endOfGame's, so this is a
            // safety net): end the game with the rules' verdict.
            GameStatus st = detail::endOfGame(sl.pos, s_.opt.maxPlies, s_.opt.adjudicate);
            if (!st.over()) st = r.rootStatus.over() ? r.rootStatus : GameStatus{Result::Draw, Reason::LengthCap};
            finish(g, st);
            return;
        }
        if (extendUnsettled(g, r)) return;
        const Color side = sl.pos.sideToMove();
        bool resigns = false;
        if (s_.opt.resignMoves > 0) {
            int& streak = sl.lowStreak[side];
            streak = r.rootValue < s_.opt.resignThreshold ? streak + 1 : 0;
            if (streak >= s_.opt.resignMoves) {
                if (!sl.playedOut) {
                    resigns = true;
                } else if (sl.wouldResign < 0) {
                    sl.wouldResign = side;
                    std::lock_guard lk(s_.statsMutex);
                    ++s_.live.playedOutWouldResign;
                }
            }
        }
        {
            std::lock_guard lk(s_.statsMutex);
            ++s_.live.positions;
            s_.live.fullSearches += sl.fullSearch;
            s_.live.simulations += uint64_t(r.simulations);
            s_.live.evaluations += uint64_t(r.evaluations);
        }
        if (resigns) {
            // The resigning side's search is spent, but its move is not played: the record
            // holds only moves that were made.
            {
                std::lock_guard lk(s_.statsMutex);
                ++s_.live.resignations;
            }
            finish(g, {winnerResult(~side), Reason::Resignation});
            return;
        }
        const Move m = r.chosenMove;
        sl.rec.moves.push_back(detail::searchedMove(r, m));
        if (!sl.fullSearch) {  // played, never a target
            sl.rec.moves.back().visits.clear();
            sl.rec.moves.back().policySurprise.reset();
        }
        sl.pos.makeMove(m);
        ms_.advance(g, m);
        const GameStatus st = detail::endOfGame(sl.pos, s_.opt.maxPlies, s_.opt.adjudicate);
        if (st.over()) {
            finish(g, st);
            return;
        }
        startSearch(g);
        liveMove(g, m);
    }

    // A full search whose root is unsettled (selfplay.h, SelfPlayOptions::unsettledExtra) is
    // searched again on the same tree, once, with unsettledExtra times its budget; the move is
    // played when that search is done. Its first search counts in the statistics now.
    bool extendUnsettled(int g, const search::SearchResult& r) {
        Slot& sl = slots_[g];
        if (s_.opt.unsettledExtra <= 0 || !sl.fullSearch || sl.extended ||
            !detail::unsettledRoot(r, s_.opt.unsettledValueChange))
            return false;
        sl.extended = true;
        {
            std::lock_guard lk(s_.statsMutex);
            ++s_.live.extendedSearches;
            s_.live.simulations += uint64_t(r.simulations);
            s_.live.evaluations += uint64_t(r.evaluations);
        }
        search::SearchLimits more = limits_;  // the first search's budget
        more.simulations =
            std::max(1, int(std::lround(double(limits_.simulations) * s_.opt.unsettledExtra)));
        more.countReusedVisits = false;  // all of them new
        ms_.startSearch(g, more);
        return true;
    }

    // Playout-cap randomization: full or fast, drawn per move from the game's generator.
    void startSearch(int g) {
        Slot& sl = slots_[g];
        sl.extended = false;
        sl.fullSearch = s_.opt.fullSearchFraction >= 1.0f ||
                        std::uniform_real_distribution<float>(0.0f, 1.0f)(sl.rng) < s_.opt.fullSearchFraction;
        if (s_.opt.fullSearchFraction < 1.0f) ms_.tree(g).setParams(sl.fullSearch ? fullParams_ : fastParams_);
        limits_.simulations = s_.simulations->load(std::memory_order_relaxed);
        ms_.startSearch(g, sl.fullSearch ? limits_ : fastLimits_);
    }

    void finish(int g, const GameStatus& st) {
        liveEnd(g);
        report(g, st);
        beginGame(g);  // the slot stays idle when no game is left
    }

    void report(int g, const GameStatus& st) {
        Slot& sl = slots_[g];
        SelfPlayGame game;
        game.record = std::move(sl.rec);
        game.record.result = st.result;
        game.record.reason = st.reason;
        game.record.plies = int(game.record.moves.size());
        game.record.finished = store::nowMs();
        game.playedOut = sl.playedOut;
        game.falseResignation =
            sl.wouldResign >= 0 && st.result != winnerResult(~Color(sl.wouldResign));
        {
            std::lock_guard lk(s_.statsMutex);
            ++s_.live.games;
            s_.live.falseResignations += game.falseResignation;
        }
        std::lock_guard lk(s_.callbackMutex);
        if (s_.onGame) s_.onGame(game);
    }

    RunShared& s_;
    search::MultiSearch ms_;
    search::SearchLimits limits_, fastLimits_;
    search::MctsParams fullParams_, fastParams_;
    std::vector<Slot> slots_;
    const int liveBase_;             // this worker's first live slot
    int lastWatched_ = -1;           // game of the last search snapshot
    std::chrono::steady_clock::time_point lastSnapshot_{};
};

}  // namespace

SelfPlay::SelfPlay(nn::Evaluator& evaluator, SelfPlayOptions options)
    : evaluator_(evaluator), options_(std::move(options)), simulations_(std::max(1, options_.simulations)) {}

SelfPlayStats SelfPlay::stats() const {
    std::lock_guard lk(statsMutex_);
    SelfPlayStats s = live_;
    if (running_) {
        s.seconds = steadySeconds() - startedAt_;
        s.gamesInFlight = int(s.started - s.games);
    }
    return s;
}

int SelfPlay::liveGameCount() const {
    std::lock_guard lk(liveMutex_);
    return int(liveSlots_.size());
}

std::optional<LiveGame> SelfPlay::liveGame(int slot) const {
    watched_.store(slot, std::memory_order_relaxed);
    std::lock_guard lk(liveMutex_);
    if (slot < 0 || slot >= int(liveSlots_.size())) return std::nullopt;
    return liveSlots_[size_t(slot)];
}

SelfPlayStats SelfPlay::run(int games, const GameFn& onGame, RunControl& control) {
    {
        std::lock_guard lk(statsMutex_);
        live_ = {};
        startedAt_ = steadySeconds();
        running_ = true;
    }
    RunShared shared(options_, evaluator_, control, onGame, statsMutex_, live_);
    shared.target = games > 0 ? uint64_t(games) : 0;
    shared.finishing = &finishing_;
    shared.simulations = &simulations_;

    const int threads = std::max(1, options_.threads);
    {
        const int slots = threads * std::max(1, options_.gamesInFlight);
        std::lock_guard lk(liveMutex_);
        liveSlots_.assign(size_t(slots), LiveGame{});
        for (int i = 0; i < slots; ++i) {
            liveSlots_[size_t(i)].slot = i;
            liveSlots_[size_t(i)].slotCount = slots;
        }
    }
    shared.liveMutex = &liveMutex_;
    shared.liveSlots = &liveSlots_;
    shared.watched = &watched_;
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&shared, t] {
            try {
                Worker w(shared, t);
                w.run();
            } catch (...) {
                std::lock_guard lk(shared.errorMutex);
                if (!shared.error) shared.error = std::current_exception();
                shared.abort.store(true);
            }
        });
    }
    for (auto& w : workers) w.join();
    finishing_.store(false);
    {
        // Games abandoned at a stop are no longer in flight.
        std::lock_guard lk(liveMutex_);
        for (auto& lg : liveSlots_)
            if (lg.active) {
                lg.active = false;
                lg.search = {};
                ++lg.version;
            }
    }

    SelfPlayStats result;
    {
        std::lock_guard lk(statsMutex_);
        live_.seconds = steadySeconds() - startedAt_;
        running_ = false;
        result = live_;
    }
    if (shared.error) std::rethrow_exception(shared.error);
    return result;
}

Result adjudicateMaterial(const Position& pos) {
    const int lead = materialBalance(pos);
    if (lead >= 30) return Result::RedWins;
    if (lead <= -30) return Result::BlackWins;
    return Result::Draw;
}

}  // namespace xq::train
