// xqzero ladder PLAYER [--games N] [--rungs LIST] [--threads T] [--db PATH] [--json] [--seed S]
// xqzero ladder --calibrate [--games N] [--rungs LIST] [--span K]
// The Elo ladder of core/engine/ladder.h: the player against fixed rungs (random, alpha-beta,
// Fairy-Stockfish at node limits), one rating anchored at alphabeta:1 = 0, stored in the
// database. --calibrate plays the rungs against each other and prints the constants that
// ladder.cpp holds.
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "app/xqzero/stop_signals.h"
#include "core/engine/ladder.h"
#include "core/engine/player_spec.h"
#include "core/store/paths.h"
#include "core/store/store.h"
#include "core/xiangqi/rules.h"

namespace {

struct Opts {
    std::string player;
    int games = 0;  // 0: 10 per rung, or 20 per pair with --calibrate
    std::vector<std::string> rungs;
    int threads = 1;
    int cap = 300;
    int opening = 2;
    uint64_t seed = 1;
    std::string db;
    bool json = false;
    bool noStore = false;
    bool progress = false;
    bool calibrate = false;
    int span = 2;
};

int calibrate(const Opts& o) {
    xq::engine::CalibrationConfig cfg;
    if (!o.rungs.empty()) cfg.rungs = o.rungs;
    cfg.gamesPerPair = o.games > 0 ? o.games : 20;
    cfg.span = o.span;
    cfg.threads = o.threads;
    cfg.lengthCap = o.cap;
    cfg.openingPlies = o.opening;
    cfg.seed = o.seed;
    xqcli::StopOnSignals stop;
    const auto r = xq::engine::runCalibration(
        cfg,
        [&](const xq::engine::CalibrationPair& p, int k, int n) {
            if (o.json) return;
            std::printf("pair %2d/%d  %-12s vs %-12s  +%d =%d -%d%s\n", k + 1, n, p.a.c_str(),
                        p.b.c_str(), p.wins, p.draws, p.losses,
                        p.forfeits ? ("  forfeits " + std::to_string(p.forfeits)).c_str() : "");
            std::fflush(stdout);
        },
        stop.flag());
    if (o.json) {
        nlohmann::json pairs = nlohmann::json::array(), players = nlohmann::json::array();
        for (const auto& p : r.pairs)
            pairs.push_back({{"a", p.a}, {"b", p.b}, {"wins", p.wins}, {"draws", p.draws},
                             {"losses", p.losses}, {"forfeits", p.forfeits}});
        for (const auto& p : r.fit.players)
            players.push_back({{"rung", p.name}, {"rating", p.rating}, {"lo", p.lo}, {"hi", p.hi},
                               {"games", p.games}, {"score", p.score}});
        std::cout << nlohmann::json{{"anchor", xq::engine::kLadderAnchor}, {"pairs", pairs},
                                    {"ratings", players}, {"notes", r.notes},
                                    {"games_per_pair", cfg.gamesPerPair}, {"span", cfg.span},
                                    {"seed", cfg.seed}, {"stopped", r.stopped}}
                         .dump()
                  << std::endl;
        return xqcli::kExitOk;
    }
    for (const auto& n : r.notes) std::printf("note: %s\n", n.c_str());
    std::printf("\nratings (anchored at %s = 0, %d games per pair, span %d, seed %llu)%s:\n",
                xq::engine::kLadderAnchor, cfg.gamesPerPair, cfg.span,
                (unsigned long long)cfg.seed, r.stopped ? " STOPPED EARLY" : "");
    for (const auto& p : r.fit.players)
        std::printf("  %-12s %+7.0f [%+5.0f, %+5.0f]  %4d games  score %.3f\n", p.name.c_str(),
                    p.rating, p.lo, p.hi, p.games, p.score);
    std::printf("\nrows for kCalibrated in core/engine/ladder.cpp:\n");
    for (const auto& p : r.fit.players)
        std::printf("    {\"%s\", %.0f, %.0f, %.0f, %d, %.3f},\n", p.name.c_str(), p.rating, p.lo,
                    p.hi, p.games, p.score);
    return xqcli::kExitOk;
}

// The player and the rungs, checked before the database is touched: a message for a usage
// error, empty when both are good.
std::string argumentProblem(const Opts& o, const std::vector<std::string>& rungs) {
    if (o.player.empty()) return "a PLAYER is needed (or --calibrate)";
    if (std::string err = xq::engine::checkPlayerSpec(o.player); !err.empty()) return err;
    for (const std::string& text : rungs) {
        try {
            const xq::engine::Rung r = xq::engine::parseRung(text);
            if (!xq::engine::calibratedRating(r.name))
                return "rung '" + r.name +
                       "' has no calibrated rating; measure it with xqzero ladder --calibrate "
                       "--rungs ...";
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
    }
    return {};
}

// A rung's result, a skipped rung, or with --progress a game: one line each (none with --json).
void printEvent(const Opts& o, const xq::engine::LadderEvent& e) {
    if (o.json) return;
    using K = xq::engine::LadderEvent::Kind;
    const auto& g = *e.rung;
    if (e.kind == K::RungSkipped) {
        std::printf("%-12s  %s\n", g.rung.c_str(), g.note.c_str());
    } else if (e.kind == K::RungDone) {
        std::printf("%-12s (%+5.0f)  +%d =%d -%d  score %.3f%s\n", g.rung.c_str(), g.rungRating,
                    g.wins, g.draws, g.losses, g.games ? (g.wins + 0.5 * g.draws) / g.games : 0.5,
                    g.forfeits ? ("  forfeits " + std::to_string(g.forfeits)).c_str() : "");
    } else if (o.progress) {
        std::printf("  game %3d/%d  vs %-12s %-7s %-16s %3d plies%s%s\n", e.gamesDone, e.gamesTotal,
                    g.rung.c_str(), xq::resultName(e.game->result), xq::reasonName(e.game->reason),
                    e.game->plies, e.game->error.empty() ? "" : "  forfeit: ", e.game->error.c_str());
    }
    std::fflush(stdout);
}

// The rating, and where it was stored (id 0: not stored; `stored` false with --no-store).
void printResult(const Opts& o, const xq::engine::LadderResult& r, int64_t id, bool stored,
                 const std::string& dbPath) {
    if (o.json) {
        nlohmann::json j = nlohmann::json::parse(xq::engine::ladderJson(r));
        if (id) j["id"] = id;
        if (stored) j["db"] = dbPath;
        std::cout << j.dump() << std::endl;
        return;
    }
    std::printf("%s: rating %+.0f [%+.0f, %+.0f]  (%d games, score %.3f; %s = 0, 95%% interval)%s\n",
                r.player.c_str(), r.rating, r.lo, r.hi, r.games, r.score,
                xq::engine::kLadderAnchor, r.stopped ? "  STOPPED EARLY" : "");
    if (id)
        std::printf("stored as ladder result %lld in %s\n", (long long)id,
                    xq::store::displayDatabasePath(dbPath).c_str());
    else if (stored && r.stopped)
        std::printf("not stored: the ladder was stopped before its last game\n");
}

// CheckArguments -> OpenStore -> RunLadder -> StoreResult -> PrintResult.
int ladder(const Opts& o) {
    xq::engine::LadderConfig cfg;
    cfg.player = o.player;
    if (!o.rungs.empty()) cfg.rungs = o.rungs;
    if (const std::string why = argumentProblem(o, cfg.rungs); !why.empty()) {
        std::cerr << "xqzero ladder: " << why << "\n";
        return xqcli::kExitUsage;
    }
    cfg.gamesPerRung = o.games > 0 ? o.games : 10;
    cfg.threads = o.threads;
    cfg.lengthCap = o.cap;
    cfg.openingPlies = o.opening;
    cfg.seed = o.seed;
    const std::string dbPath = o.db.empty() ? xq::store::defaultDatabasePath() : o.db;
    cfg.context.dbPath = dbPath;

    // Open the database before the games: a bad --db fails at once, and best:RUN's run and
    // model are the ones that actually play.
    std::unique_ptr<xq::store::Store> db;
    xq::engine::LadderOwner owner;
    if (!o.noStore) {
        xq::store::ensureParentDirectory(dbPath);
        db = std::make_unique<xq::store::Store>(dbPath);
        owner = xq::engine::ladderOwner(*db, o.player);
    }

    xqcli::StopOnSignals stop;
    const auto r = xq::engine::runLadder(
        cfg, [&](const xq::engine::LadderEvent& e) { printEvent(o, e); }, stop.flag());
    const int64_t id = db && !r.stopped ? xq::engine::storeLadderResult(*db, r, owner) : 0;
    printResult(o, r, id, db != nullptr, dbPath);
    return xqcli::kExitOk;
}

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    sub.add_option("player", o->player,
                   "Player spec to rate (net:PATH@SIMS, best:RUN@SIMS, alphabeta:4, ...)");
    sub.add_option("--games", o->games,
                   "Games per rung (default 10); with --calibrate, per pair (default 20)")
        ->check(CLI::Range(1, 100000));
    std::string defaults;
    for (const std::string& r : xq::engine::defaultRungs()) defaults += (defaults.empty() ? "" : ",") + r;
    sub.add_option("--rungs", o->rungs,
                   "Comma-separated rungs, weakest first: SPEC, SPEC#NODES or fairy:NODES (default " + defaults + ")")
        ->delimiter(',');
    sub.add_option("--threads", o->threads, "Games played at once")->check(CLI::Range(1, 64));
    sub.add_option("--cap", o->cap, "Length cap in plies (a capped game is a draw)")
        ->check(CLI::Range(10, 2000));
    sub.add_option("--opening-plies", o->opening, "Random plies shared by each pair of games")
        ->check(CLI::Range(0, 20));
    sub.add_option("--seed", o->seed, "Seed for openings and noisy players");
    sub.add_option("--db", o->db,
                   "Database to store the result in, and for best:RUN (default: " +
                       xq::store::defaultDatabasePath() + ")");
    sub.add_flag("--no-store", o->noStore, "Do not store the result");
    sub.add_flag("--json", o->json, "Print one JSON object with the result (no progress)");
    sub.add_flag("--progress", o->progress, "Print a line per game");
    sub.add_flag("--calibrate", o->calibrate,
                 "Play the rungs against each other and fit their ratings (alphabeta:1 = 0)");
    sub.add_option("--span", o->span,
                   "With --calibrate: play each rung against the next SPAN rungs in the list")
        ->check(CLI::Range(1, 20));
    return [o] {
        if (o->calibrate) {
            if (!o->player.empty()) {
                std::cerr << "xqzero ladder: --calibrate rates the rungs; it takes no PLAYER\n";
                return xqcli::kExitUsage;
            }
            return calibrate(*o);
        }
        return ladder(*o);
    };
}

XQ_COMMAND("ladder", "Rate a player against fixed opponents (Elo, alphabeta:1 = 0)", setup);

}  // namespace
