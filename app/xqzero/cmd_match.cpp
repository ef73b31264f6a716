// xqzero match A B --games N [--json] [--pgn FILE] [--threads T] [--a-depth/--a-nodes/--a-movetime ...]
// Players are specs (core/engine/player_spec.h): random, alphabeta:4, level:amateur,
// uci:/usr/games/fairy-stockfish, net:PATH@SIMS, ...
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "core/engine/match.h"
#include "core/engine/player_spec.h"
#include "core/xiangqi/pgn.h"
#include "core/xiangqi/rules.h"

namespace {

struct SideLimits {
    int depth = 0;
    uint64_t nodes = 0;
    int movetime = 0;
    xq::engine::SearchLimits toLimits() const {
        xq::engine::SearchLimits l;
        l.depth = depth;
        l.nodes = nodes;
        l.movetimeMs = movetime;
        return l;
    }
};

struct Opts {
    std::string a, b;
    int games = 10;
    int threads = 1;
    int cap = 300;
    int opening = 2;
    uint64_t seed = 1;
    bool json = false;
    bool quiet = false;
    SideLimits la, lb;
    std::string db;
    int mateSearch = -1;
    int leafMateSearch = -1;
    float policyTemperature = 0;
    int searchBatch = 0;
    std::string search = "puct";
    std::string pgn;
};

void addOptions(CLI::App& sub, Opts& o) {
    sub.add_option("a", o.a, "First player (scores are from its view)")->required();
    sub.add_option("b", o.b, "Second player")->required();
    sub.add_option("--games", o.games, "Games to play (colours alternate)")->check(CLI::Range(1, 100000));
    sub.add_option("--threads", o.threads, "Games played at once")->check(CLI::Range(1, 64));
    sub.add_option("--cap", o.cap, "Length cap in plies (a capped game is a draw)")->check(CLI::Range(10, 2000));
    sub.add_option("--opening-plies", o.opening, "Random plies shared by each pair of games")->check(CLI::Range(0, 20));
    sub.add_option("--seed", o.seed, "Seed for openings and noisy players");
    sub.add_option("--a-depth", o.la.depth, "Depth limit per move for A");
    sub.add_option("--a-nodes", o.la.nodes, "Node limit per move for A");
    sub.add_option("--a-movetime", o.la.movetime, "Milliseconds per move for A");
    sub.add_option("--b-depth", o.lb.depth, "Depth limit per move for B");
    sub.add_option("--b-nodes", o.lb.nodes, "Node limit per move for B");
    sub.add_option("--b-movetime", o.lb.movetime, "Milliseconds per move for B");
    sub.add_option("--db", o.db, "Database for best:RUN players");
    sub.add_option("--mate-search", o.mateSearch,
                   "Net players' forced-mate probe by checks, in moves (0 = off; default 5)")
        ->check(CLI::Range(0, 8));
    sub.add_option("--leaf-mate-search", o.leafMateSearch,
                   "The same probe at every leaf of net players' searches (1 = mates in one only; default 3)")
        ->check(CLI::Range(1, 5));
    sub.add_option("--policy-temperature", o.policyTemperature,
                   "Net players' policy softmax temperature: priors P^(1/T) (default 1.6; 1 = the net's own)")
        ->check(CLI::Range(0.1, 10.0));
    sub.add_option("--search-batch", o.searchBatch,
                   "Net players' leaves per network call (default " +
                       std::to_string(xq::engine::kPlaySearchBatch) +
                       "; 1 = a sequential search, no virtual loss)")
        ->check(CLI::Range(1, 256));
    sub.add_option("--search", o.search,
                   "Net players' search: puct (default) or gumbel (Sequential Halving without noise, "
                   "the net's own priors)")
        ->check(CLI::IsMember({"puct", "gumbel"}));
    sub.add_option("--pgn", o.pgn, "Write every game to this PGN file as it finishes (ICCS moves)");
    sub.add_flag("--json", o.json, "Print one JSON object with the result (no progress)");
    sub.add_flag("--quiet", o.quiet, "No per-game progress lines");
}

xq::engine::MatchConfig matchConfig(const Opts& o) {
    xq::engine::MatchConfig cfg;
    cfg.games = o.games;
    cfg.threads = o.threads;
    cfg.lengthCap = o.cap;
    cfg.openingPlies = o.opening;
    cfg.seed = o.seed;
    cfg.limitsA = o.la.toLimits();
    cfg.limitsB = o.lb.toLimits();
    return cfg;
}

// Makes one instance of the player `spec` for each game thread; net players take the
// search options of the command line.
auto playerFactory(std::shared_ptr<const Opts> o, const std::string& spec) {
    return [spec, o](uint64_t instance) {
        xq::engine::PlayerSpecContext ctx;
        ctx.seed = instance;
        ctx.dbPath = o->db;
        ctx.mateSearchMoves = o->mateSearch;
        ctx.leafMateSearchMoves = o->leafMateSearch;
        ctx.policyTemperature = o->policyTemperature;
        ctx.searchBatch = o->searchBatch;
        ctx.gumbel = o->search == "gumbel";
        return xq::engine::makePlayer(spec, ctx);
    };
}

void writePgnGame(std::ofstream& pgn, const Opts& o, const xq::engine::MatchConfig& cfg,
                  const xq::engine::GameRecord& g) {
    xq::PgnGame p;
    p.setTag("Event", "xqzero match");
    p.setTag("Round", std::to_string(g.index + 1));
    p.setTag("Red", g.aIsRed ? o.a : o.b);
    p.setTag("Black", g.aIsRed ? o.b : o.a);
    p.setTag("Termination", g.error.empty() ? xq::reasonName(g.reason) : "forfeit: " + g.error);
    p.startFen = cfg.startFen;
    p.moves = g.moves;
    p.result = g.result;
    pgn << xq::writePgn(p) << "\n";
    pgn.flush();  // a stopped match keeps the games it finished
}

void printGameLine(const Opts& o, const xq::engine::GameRecord& g, const xq::engine::MatchResult& r) {
    std::printf("game %3d/%d  A=%s  %-7s %-16s %3d plies  | +%d =%d -%d  score %.3f%s%s\n",
                r.games, o.games, g.aIsRed ? "red  " : "black", xq::resultName(g.result),
                xq::reasonName(g.reason), g.plies, r.winsA, r.draws, r.lossesA,
                r.elo.score, g.error.empty() ? "" : "  forfeit: ", g.error.c_str());
    std::fflush(stdout);
}

void printResult(const Opts& o, const xq::engine::MatchResult& r) {
    if (o.json) {
        nlohmann::json j{{"a", o.a},           {"b", o.b},
                         {"games", r.games},    {"wins", r.winsA},
                         {"draws", r.draws},    {"losses", r.lossesA},
                         {"score", r.elo.score}, {"elo", r.elo.elo},
                         {"elo_lo", r.elo.eloLo}, {"elo_hi", r.elo.eloHi},
                         {"forfeits", r.forfeits}};
        std::cout << j.dump() << std::endl;
        return;
    }
    std::printf("%s vs %s: %d games  +%d =%d -%d  score %.3f  elo %+.0f [%+.0f, %+.0f]%s"
                "  forfeits %d\n",
                o.a.c_str(), o.b.c_str(), r.games, r.winsA, r.draws, r.lossesA,
                r.elo.score, r.elo.elo, r.elo.eloLo, r.elo.eloHi,
                r.elo.clamped ? " (perfect score: clamped)" : "", r.forfeits);
}

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    addOptions(sub, *o);
    return [o] {
        for (const std::string& s : {o->a, o->b})
            if (const std::string err = xq::engine::checkPlayerSpec(s); !err.empty()) {
                std::cerr << "xqzero match: " << err << "\n";
                return xqcli::kExitUsage;
            }
        const xq::engine::MatchConfig cfg = matchConfig(*o);
        std::ofstream pgn;
        if (!o->pgn.empty()) {
            pgn.open(o->pgn, std::ios::out | std::ios::trunc);
            if (!pgn) {
                std::cerr << "xqzero match: cannot write '" << o->pgn << "'\n";
                return xqcli::kExitUsage;
            }
        }
        const bool progress = !o->json && !o->quiet;
        auto onGame = [&](const xq::engine::GameRecord& g, const xq::engine::MatchResult& r) {
            if (pgn.is_open()) writePgnGame(pgn, *o, cfg, g);
            if (progress) printGameLine(*o, g, r);
        };
        const xq::engine::MatchResult r =
            xq::engine::runMatch(playerFactory(o, o->a), playerFactory(o, o->b), cfg, onGame);
        printResult(*o, r);
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("match", "Play games between two players and report W/D/L and Elo", setup);

}  // namespace
