#include "core/engine/match.h"

#include <mutex>
#include <random>
#include <thread>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xq::engine {

GameRecord playGame(Player& red, Player& black, const Position& start, const SearchLimits& redLimits,
                    const SearchLimits& blackLimits, int lengthCap, std::atomic<bool>* stop) {
    GameRecord g;
    Position pos = start;
    // An engine that cannot start (or restart) forfeits this game with its error: the match,
    // and the games already played, go on.
    for (Player* p : {&red, &black}) {
        try {
            p->newGame();
        } catch (const std::exception& e) {
            g.error = p->name() + ": " + e.what();
            g.result = p == &red ? Result::BlackWins : Result::RedWins;
            g.reason = Reason::Resignation;
            for (const auto& st : pos.history()) g.moves.push_back(st.move);
            g.plies = int(g.moves.size());
            return g;
        }
    }
    RuleOptions rules;
    // The cap counts plies since set-up; the start position may already carry opening plies.
    rules.lengthCap = lengthCap > 0 ? pos.gamePly() + lengthCap : 0;
    for (const auto& st : pos.history()) g.moves.push_back(st.move);
    for (;;) {
        const GameStatus st = gameStatus(pos, rules);
        if (st.over()) {
            g.result = st.result;
            g.reason = st.reason;
            break;
        }
        if (stop && stop->load()) {
            g.result = Result::None;
            g.error = "stopped";
            break;
        }
        const Color stm = pos.sideToMove();
        Player& p = stm == Red ? red : black;
        Move m;
        try {
            m = p.chooseMove(pos, stm == Red ? redLimits : blackLimits, stop);
        } catch (const std::exception& e) {
            g.error = p.name() + ": " + e.what();
        }
        if (g.error.empty() && (m.isNull() || !pos.isLegal(m)))
            g.error = p.name() + " played an illegal move '" + (m.isNull() ? "(none)" : toIccs(m)) +
                      "' in " + toFen(pos);
        if (!g.error.empty()) {
            if (stop && stop->load()) {
                g.result = Result::None;
                break;
            }
            g.result = winnerResult(~stm);
            g.reason = Reason::Resignation;  // a forfeit: the closest rules code
            break;
        }
        pos.makeMove(m);
        g.moves.push_back(m);
    }
    g.plies = int(g.moves.size());
    return g;
}

MatchResult runMatch(const PlayerFactory& fa, const PlayerFactory& fb, const MatchConfig& cfg,
                     const GameCallback& onGame, std::atomic<bool>* stop) {
    MatchResult res;
    Position base;
    if (!cfg.startFen.empty()) base = positionFromFen(cfg.startFen);
    std::atomic<int> next{0};
    std::mutex mu;
    std::exception_ptr factoryError;
    // Set when a worker could not build its players: the others stop before their next game,
    // so the error is reported at once rather than after a whole match on fewer threads.
    std::atomic<bool> factoryFailed{false};

    auto worker = [&](int w) {
        PlayerPtr a, b;
        try {
            a = fa(cfg.seed * 1000003ULL + uint64_t(w) * 2);
            b = fb(cfg.seed * 1000003ULL + uint64_t(w) * 2 + 1);
        } catch (...) {
            std::lock_guard lk(mu);
            if (!factoryError) factoryError = std::current_exception();
            factoryFailed = true;
            return;
        }
        {
            std::lock_guard lk(mu);
            if (res.nameA.empty()) {
                res.nameA = a->name();
                res.nameB = b->name();
            }
        }
        for (;;) {
            if ((stop && stop->load()) || factoryFailed.load()) return;
            const int i = next.fetch_add(1);
            if (i >= cfg.games) return;
            // Games 2k and 2k+1 share an opening with colours swapped.
            Position start = base;
            std::mt19937_64 rng(cfg.seed * 0x9e3779b97f4a7c15ULL + uint64_t(i / 2) + 17);
            for (int ply = 0; ply < cfg.openingPlies; ++ply) {
                MoveList ml;
                start.legalMoves(ml);
                if (ml.empty()) break;
                start.makeMove(ml[int(rng() % uint64_t(ml.size()))]);
            }
            const bool aIsRed = i % 2 == 0;
            Player& red = aIsRed ? *a : *b;
            Player& black = aIsRed ? *b : *a;
            const SearchLimits& rl = aIsRed ? cfg.limitsA : cfg.limitsB;
            const SearchLimits& bl = aIsRed ? cfg.limitsB : cfg.limitsA;
            GameRecord g = playGame(red, black, start, rl, bl, cfg.lengthCap, stop);
            if (g.result == Result::None) return;  // stopped
            g.index = i;
            g.aIsRed = aIsRed;
            const bool redWon = g.result == Result::RedWins;
            g.scoreA = g.result == Result::Draw ? 0.5 : (redWon == aIsRed ? 1.0 : 0.0);
            std::lock_guard lk(mu);
            ++res.games;
            if (g.scoreA == 1.0) ++res.winsA;
            else if (g.scoreA == 0.0) ++res.lossesA;
            else ++res.draws;
            if (!g.error.empty()) ++res.forfeits;
            res.elo = train::estimateElo(res.winsA, res.draws, res.lossesA);
            res.records.push_back(std::move(g));
            if (onGame) onGame(res.records.back(), res);
        }
    };
    const int threads = std::max(1, std::min(cfg.threads, std::max(1, cfg.games)));
    if (threads == 1) {
        worker(0);
    } else {
        std::vector<std::thread> pool;
        for (int w = 0; w < threads; ++w) pool.emplace_back(worker, w);
        for (auto& t : pool) t.join();
    }
    if (factoryError) std::rethrow_exception(factoryError);
    res.elo = train::estimateElo(res.winsA, res.draws, res.lossesA);
    return res;
}

}  // namespace xq::engine
