#include "core/train/arena.h"

#include <algorithm>
#include <future>
#include <random>
#include <vector>

#include "core/search/mcts_multi.h"
#include "core/train/selfplay_game.h"

namespace xq::train {

namespace {

// Games searched at once. All of a gating match usually fits; the cap bounds the memory of
// the trees (two per game) for very long matches.
constexpr int kMaxInFlight = 64;

// Both networks keep a tree for every game in flight (same index in both MultiSearch
// objects). Only the side to move's tree searches; the move it chooses is played in both
// trees, so each side reuses its own earlier search (the opponent's subtree it explored).
class Arena {
public:
    Arena(nn::Evaluator& candidate, nn::Evaluator& best, const ArenaOptions& o,
          RunControl& control, const ArenaGameFn& onGame)
        : o_(o), control_(control), onGame_(onGame),
          cand_(candidate, params(o), 1), best_(best, params(o), 1),
          parallel_(&candidate != &best) {  // one evaluator for both: keep it on one thread
        limits_.simulations = o.simulations;
    }

    ArenaResult play() {
        const int n = std::min(total(), kMaxInFlight);
        slots_.resize(n);
        for (int i = 0; i < n; ++i) {
            cand_.addGame(Position(), detail::gameSeed(o_.seed, 1000003 + i));
            best_.addGame(Position(), detail::gameSeed(o_.seed, 2000003 + i));
            beginGame(i);
        }
        // The two networks' rounds run at the same time, the best's on a helper thread (two
        // cores busy instead of one: gating took longer than the self-play it judges). The
        // searches that finish are only collected there; the moves are played afterwards on
        // this thread, candidate's first, so the result does not depend on timing. Each
        // MultiSearch is used by one thread at a time (future::get orders the hand-over).
        std::vector<std::pair<int, search::SearchResult>> doneCand, doneBest;
        const auto onCand = [&](int g, const search::SearchResult& r) { doneCand.emplace_back(g, r); };
        const auto onBest = [&](int g, const search::SearchResult& r) { doneBest.emplace_back(g, r); };
        while (cand_.searchingCount() > 0 || best_.searchingCount() > 0) {
            if (result_.decidedEarly) break;
            if (control_.stopRequested() || !control_.waitWhilePaused()) {
                result_.stopped = true;
                break;
            }
            // One evaluator call per network per round; a round where only one side has
            // work simply skips the other.
            doneCand.clear();
            doneBest.clear();
            const bool candWork = cand_.searchingCount() > 0, bestWork = best_.searchingCount() > 0;
            if (candWork && bestWork && parallel_) {
                auto other = std::async(std::launch::async, [&] { best_.step(onBest); });
                try {
                    cand_.step(onCand);
                } catch (...) {
                    other.wait();
                    throw;
                }
                other.get();
            } else {
                if (candWork) cand_.step(onCand);
                if (bestWork) best_.step(onBest);
            }
            for (const auto& [g, r] : doneCand) searched(g, r);
            for (const auto& [g, r] : doneBest) searched(g, r);
        }
        result_.elo = estimateElo(result_.wins, result_.draws, result_.losses);
        return result_;
    }

private:
    struct Slot {
        Position pos;
        store::GameRecord rec;
        bool candidateRed = true;
        int index = 0;  // in the match
    };

    int total() const { return o_.gameIndices.empty() ? std::max(0, o_.games) : int(o_.gameIndices.size()); }

    static search::MctsParams params(const ArenaOptions& o) {
        search::MctsParams p = o.mcts;
        p.addNoise = false;       // gating measures strength, not exploration
        p.temperaturePlies = 0;   // tau -> 0: always the most visited move
        p.rules.lengthCap = o.maxPlies;
        return p;
    }

    search::MultiSearch& moverSearch(const Slot& sl) {
        const bool redToMove = sl.pos.sideToMove() == Red;
        return redToMove == sl.candidateRed ? cand_ : best_;
    }

    // Starts the next game of the match in slot g, if one is left. Games 2k and 2k+1 share
    // the same random opening with colours swapped, so neither side gets the better openings.
    void beginGame(int g) {
        while (next_ < total()) {
            const int index = o_.gameIndices.empty() ? next_ : o_.gameIndices[size_t(next_)];
            ++next_;
            Slot& sl = slots_[g];
            sl = Slot();
            sl.candidateRed = index % 2 == 0;
            sl.index = index;
            sl.rec.kind = store::GameKind::Eval;
            sl.rec.red = sl.candidateRed ? o_.candidateLabel : o_.bestLabel;
            sl.rec.black = sl.candidateRed ? o_.bestLabel : o_.candidateLabel;
            sl.rec.started = store::nowMs();
            std::mt19937_64 rng(detail::gameSeed(o_.seed, uint64_t(index / 2)));
            for (int k = 0; k < o_.randomOpeningPlies; ++k) {
                if (detail::endOfGame(sl.pos, o_.maxPlies, o_.adjudicate).over()) break;
                const Move m = detail::randomLegalMove(sl.pos, rng);
                sl.pos.makeMove(m);
                sl.rec.moves.push_back({m, std::nullopt, {}});
            }
            const GameStatus st = detail::endOfGame(sl.pos, o_.maxPlies, o_.adjudicate);
            if (st.over()) {
                report(g, st);
                continue;
            }
            cand_.setRoot(g, sl.pos);
            best_.setRoot(g, sl.pos);
            moverSearch(sl).startSearch(g, limits_);
            return;
        }
    }

    void searched(int g, const search::SearchResult& r) {
        Slot& sl = slots_[g];
        GameStatus st{};
        if (r.rootStatus.over() || r.chosenMove.isNull()) {
            st = detail::endOfGame(sl.pos, o_.maxPlies, o_.adjudicate);
            if (!st.over()) st = r.rootStatus.over() ? r.rootStatus : GameStatus{Result::Draw, Reason::LengthCap};
        } else {
            const Move m = r.chosenMove;
            sl.rec.moves.push_back(detail::searchedMove(r, m));
            sl.pos.makeMove(m);
            cand_.advance(g, m);
            best_.advance(g, m);
            st = detail::endOfGame(sl.pos, o_.maxPlies, o_.adjudicate);
        }
        if (!st.over()) {
            moverSearch(sl).startSearch(g, limits_);
            return;
        }
        report(g, st);
        beginGame(g);
    }

    void report(int g, const GameStatus& st) {
        Slot& sl = slots_[g];
        sl.rec.result = st.result;
        sl.rec.reason = st.reason;
        sl.rec.plies = int(sl.rec.moves.size());
        sl.rec.finished = store::nowMs();
        if (st.result == Result::Draw) {
            ++result_.draws;
        } else if ((st.result == Result::RedWins) == sl.candidateRed) {
            ++result_.wins;
        } else {
            ++result_.losses;
        }
        ++finished_;
        if (o_.indexedGame) o_.indexedGame(sl.index, sl.rec);
        if (onGame_) onGame_(sl.rec, finished_, total());
        if (o_.decided && !result_.decidedEarly && o_.decided(result_.wins, result_.draws, result_.losses)) {
            result_.decidedEarly = true;
            next_ = total();  // start nothing more; the games in flight are abandoned
        }
    }

    const ArenaOptions& o_;
    RunControl& control_;
    const ArenaGameFn& onGame_;
    search::MultiSearch cand_, best_;
    bool parallel_;
    search::SearchLimits limits_;
    std::vector<Slot> slots_;
    int next_ = 0;      // how many of the match's games have been started (its position in gameIndices)
    int finished_ = 0;
    ArenaResult result_;
};

}  // namespace

ArenaResult playArena(nn::Evaluator& candidate, nn::Evaluator& best, const ArenaOptions& options,
                      RunControl& control, const ArenaGameFn& onGame) {
    Arena arena(candidate, best, options, control, onGame);
    return arena.play();
}

bool acceptCandidate(const ArenaResult& r, double threshold) {
    // A match cut short by a stop decides nothing: the games played may be the easy half.
    if (r.stopped) return false;
    const int n = r.wins + r.draws + r.losses;
    if (n == 0) return false;
    // The bottom of the range accepts every candidate whose match finished (a run that wants
    // the evaluation games and their Elo without a veto); above it the score must exceed it.
    if (threshold <= 0) return true;
    const double score = (r.wins + 0.5 * r.draws) / n;
    return score > threshold;
}

}  // namespace xq::train
