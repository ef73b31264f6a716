// xqzero review GAME_ID|FILE.pgn [--model M] [--sims N] [--json] [--db PATH] [--pgn OUT] ...
// Reviews a game (core/engine/review.h): every position searched by a network at N
// simulations on every core, each move's value before and after, the search's best move and
// line, the win chance the move gave away and its mark, and a summary per side.
//
// The game: a number is a game of the database (--db, default the studio's); anything else is
// a PGN file, whose first game (or --game K) is reviewed. The network (--model): a model file,
// or best:RUN (the run's best generation); by default the best generation of the newest run
// of the database that has one. A database game's review is stored with it (unless
// --no-store), and a stored review made by the same network at the same simulations is shown
// again without searching (unless --recompute). --pgn writes the game with the review as
// comments and NAGs. --json prints one object per move and a summary object.
// Exit codes: 0 reviewed, 1 no such game / model / unreadable file, 2 usage, 130 stopped.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "app/xqzero/progress_line.h"
#include "app/xqzero/stop_signals.h"
#include "core/engine/review.h"
#include "core/nn/eval_cache.h"
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "core/store/model_cache.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/store/store.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/pgn.h"

namespace {

using namespace xq;

struct ReviewArgs {
    std::string game;
    std::string db;
    std::string model;
    int sims = engine::ReviewOptions{}.simulations;
    int pgnGame = 1;
    int threads = 0;
    int workers = 0;
    std::string pgnOut;
    std::string notation = "iccs";
    bool json = false;
    bool noStore = false;
    bool recompute = false;
};

// The game to review, and where it came from.
struct GameToReview {
    Position start;
    std::vector<Move> moves;
    std::string red, black;
    Result result = Result::None;
    int64_t storedId = 0;  // > 0: a game of the database
};

struct ModelToUse {
    std::string file;
    std::string label;  // stored with the review: "RUN gen N" or the file's absolute path
};

// Positions the network itself evaluated: the review's evaluations less those its cache
// answered (the trees of neighbouring positions overlap, so transpositions are common).
struct NetCounts {
    uint64_t cacheHits = 0;
};

// Thrown for what the user must fix (exit 1 with the message).
struct ReviewFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

bool isGameId(const std::string& s) {
    return !s.empty() && s.size() < 19 &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

GameToReview gameFromStore(store::Store& db, int64_t id) {
    const auto rec = db.loadGame(id);
    if (!rec) throw ReviewFailure("no game " + std::to_string(id) + " in " + db.path());
    GameToReview g;
    g.start = rec->startFen.empty() ? Position() : positionFromFen(rec->startFen);
    for (const auto& m : rec->moves) g.moves.push_back(m.move);
    g.red = rec->red;
    g.black = rec->black;
    g.result = rec->result;
    g.storedId = id;
    return g;
}

GameToReview gameFromPgn(const std::string& file, int index) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw ReviewFailure("cannot read '" + file + "'");
    std::stringstream text;
    text << in.rdbuf();
    const std::vector<PgnGameRead> games = readPgnGames(text.str());
    if (games.empty()) throw ReviewFailure("no game in '" + file + "'");
    if (index < 1 || index > int(games.size()))
        throw ReviewFailure("'" + file + "' holds " + std::to_string(games.size()) +
                            " games; --game " + std::to_string(index) + " is not one of them");
    const PgnGameRead& read = games[size_t(index - 1)];
    if (!read.ok()) throw ReviewFailure("game " + std::to_string(index) + " of '" + file +
                                        "' cannot be read: " + read.error->toString());
    GameToReview g;
    g.start = read.game->startPosition();
    g.moves = read.game->moves;
    g.red = read.game->tag("Red");
    g.black = read.game->tag("Black");
    g.result = read.game->result;
    return g;
}

// A model file the database names: as written (absolute, or relative to here), else relative
// to the database's folder, else this host's cache of the database's blobs.
std::string localModelFile(store::Store& db, const store::ModelInfo& m, const std::string& dbPath) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(m.file, ec)) return m.file;
    if (!fs::path(m.file).is_absolute() && !store::isPostgresUri(dbPath)) {
        const fs::path beside = fs::path(dbPath).parent_path() / m.file;
        if (fs::exists(beside, ec)) return beside.string();
    }
    if (!m.sha256.empty()) return store::cachedModelFile(db, m.sha256);
    return {};
}

ModelToUse bestOfRun(store::Store& db, const store::RunInfo& run, const std::string& dbPath) {
    const auto m = db.bestModel(run.id);
    if (!m) throw ReviewFailure("run '" + run.name + "' has no accepted model yet");
    const std::string file = localModelFile(db, *m, dbPath);
    if (file.empty())
        throw ReviewFailure("the model file of run '" + run.name + "' generation " +
                            std::to_string(m->generation) + " (" + m->file + ") is missing");
    return {file, run.name + " gen " + std::to_string(m->generation)};
}

ModelToUse resolveModel(const std::string& spec, const std::string& dbPath) {
    // The label of a file is its absolute path, as the studio's (a stored review is reused
    // only by the same label).
    if (!spec.empty() && !spec.starts_with("best:"))
        return {spec, std::filesystem::absolute(spec).lexically_normal().string()};
    store::OpenOptions ro;
    ro.readOnly = true;
    store::Store db(dbPath, ro);
    if (!spec.empty()) {
        const std::string name = spec.substr(5);
        const auto run = db.findRun(name);
        if (!run) throw ReviewFailure("no run named '" + name + "' in " + dbPath);
        return bestOfRun(db, *run, dbPath);
    }
    std::vector<store::RunInfo> runs = db.listRuns();
    std::reverse(runs.begin(), runs.end());  // newest first
    for (const auto& run : runs)
        if (db.bestModel(run.id)) return bestOfRun(db, run, dbPath);
    throw ReviewFailure("no trained model in " + dbPath +
                        ": give one with --model FILE.xqm or --model best:RUN");
}

Notation parseNotation(const std::string& s) {
    return s == "wxf" ? Notation::Wxf : s == "chinese" ? Notation::Chinese : Notation::Iccs;
}

std::string signedValue(double v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+.2f", v);
    return buf;
}

std::string line(const std::vector<Move>& pv) {
    std::string s;
    for (Move m : pv) s += (s.empty() ? "" : " ") + toIccs(m);
    return s;
}

void printText(const GameToReview& g, const engine::GameReview& r) {
    std::printf("%4s %-6s %7s %7s %6s %-4s %-6s %s\n", "ply", "move", "before", "after", "loss",
                "mark", "best", "line");
    for (const engine::MoveReview& m : r.moves)
        std::printf("%4d %-6s %7s %7s %6.3f %-4s %-6s %s\n", m.ply + 1, toIccs(m.move).c_str(),
                    signedValue(m.valueBefore).c_str(), signedValue(m.valueAfter).c_str(), m.loss,
                    engine::moveMarkSymbol(m.mark), m.best ? toIccs(m.best).c_str() : "-",
                    line(m.pv).c_str());
    for (const auto& [name, player, s] :
         {std::tuple{"red", g.red, r.red}, std::tuple{"black", g.black, r.black}})
        std::printf("%-5s %s: %d moves, average loss %.3f, %d inaccuracies (?!), %d mistakes (?), "
                    "%d blunders (\?\?)\n",
                    name, player.empty() ? "?" : player.c_str(), s.moves, s.averageLoss,
                    s.inaccuracies, s.mistakes, s.blunders);
    std::printf("values are from the mover's view (+1 = the mover wins); loss is the win chance "
                "(v + 1) / 2 given away; marks from %.2f / %.2f / %.2f\n",
                r.thresholds.inaccuracy, r.thresholds.mistake, r.thresholds.blunder);
}

void printJson(const engine::GameReview& r, bool fromStore, const NetCounts& counts) {
    for (const engine::MoveReview& m : r.moves) std::cout << engine::moveReviewJson(m) << "\n";
    nlohmann::json s = nlohmann::json::parse(engine::reviewSummaryJson(r));
    s["model"] = r.model;
    s["simulations"] = r.simulations;
    s["stored"] = fromStore;
    if (!fromStore) {
        const double secs = std::max(1e-9, r.stats.seconds);
        s["positions"] = r.stats.positionsSearched;
        s["seconds"] = r.stats.seconds;
        s["sims_per_s"] = double(r.stats.simulations) / secs;
        s["evals_per_s"] = double(r.stats.evaluations) / secs;
        s["cache_hits"] = counts.cacheHits;
        s["net_evals_per_s"] = double(r.stats.evaluations - std::min(r.stats.evaluations,
                                                                     counts.cacheHits)) / secs;
    }
    std::cout << s.dump() << std::endl;
}

void writeAnnotatedPgn(const std::string& file, const GameToReview& g, const engine::GameReview& r,
                       Notation notation) {
    PgnGame p;
    if (!g.red.empty()) p.setTag("Red", g.red);
    if (!g.black.empty()) p.setTag("Black", g.black);
    p.setTag("Annotator", "xqzero review, " + r.model + ", " + std::to_string(r.simulations) +
                              " simulations");
    if (toFen(g.start) != toFen(Position())) p.startFen = toFen(g.start);
    p.moves = g.moves;
    p.result = g.result;
    p.notes = engine::reviewPgnNotes(r, g.start, notation);
    std::ofstream out(file, std::ios::binary);
    out << writePgn(p, notation);
    if (!out) throw ReviewFailure("cannot write '" + file + "'");
}

// The search: the model on every core behind an InferenceServer, T threads of trees.
std::optional<engine::GameReview> search(const ReviewArgs& a, const GameToReview& g,
                                         const ModelToUse& model, std::atomic<bool>* stop,
                                         NetCounts& counts) {
#ifdef XQ_WITH_TORCH
    std::shared_ptr<nn::Net> net;
    try {
        net = std::make_shared<nn::Net>(nn::loadModel(model.file));
    } catch (const std::exception& e) {
        throw ReviewFailure("cannot load the model '" + model.file + "': " + e.what());
    }
    engine::ReviewOptions o;
    o.simulations = a.sims;
    const int workers = a.workers > 0 ? a.workers : nn::defaultInferenceWorkers();
    // A thread of trees per inference worker, at least two (one gathers while the other's
    // batch is evaluated).
    const int threads = a.threads > 0 ? a.threads : std::max(2, workers);
    o.threads = threads;
    auto cache = std::make_shared<nn::EvalCache>(size_t(1) << 17);  // makeParallelEvaluator's size
    auto eval = nn::makeParallelEvaluator(net, workers, threads * o.positionsInFlight, cache);
    xqcli::ProgressLine progress;
    auto r = engine::reviewGame(g.start, g.moves, *eval, o, [&](int done, int total) {
        progress.update("reviewing: " + std::to_string(done) + "/" + std::to_string(total) +
                        " positions searched");
    }, stop);
    progress.finish();
    counts.cacheHits = cache->hits();
    if (r) r->model = model.label;
    return r;
#else
    (void)a, (void)g, (void)model, (void)stop, (void)counts;
    throw ReviewFailure("this build has no LibTorch: it cannot run a network");
#endif
}

// A stored review by the same network at the same simulations, if the game has one.
std::optional<engine::GameReview> storedReview(store::Store& db, const GameToReview& g,
                                               const ModelToUse& model, int sims) {
    const auto rec = db.loadReview(g.storedId);
    if (!rec || rec->model != model.label || rec->simulations != sims) return std::nullopt;
    try {
        engine::GameReview r = engine::reviewFromJson(rec->detail);
        if (engine::reviewMatches(r, g.moves)) return r;
    } catch (const std::invalid_argument&) {
    }
    return std::nullopt;  // unreadable or of other moves: reviewed again (and replaced)
}

int run(const ReviewArgs& a) {
    const std::string dbPath = a.db.empty() ? store::defaultDatabasePath() : a.db;
    try {
        std::unique_ptr<store::Store> db;
        GameToReview g;
        if (isGameId(a.game)) {
            db = std::make_unique<store::Store>(dbPath);
            g = gameFromStore(*db, std::stoll(a.game));
        } else {
            g = gameFromPgn(a.game, a.pgnGame);
        }
        if (g.moves.empty()) throw ReviewFailure("the game has no moves to review");
        const ModelToUse model = resolveModel(a.model, dbPath);
        std::optional<engine::GameReview> r;
        const bool reuse = db && !a.recompute;
        if (reuse) r = storedReview(*db, g, model, a.sims);
        const bool fromStore = r.has_value();
        NetCounts counts;
        if (!r) {
            xqcli::StopOnSignals stop;
            r = search(a, g, model, stop.flag(), counts);
            if (!r) {
                std::cerr << "xqzero review: stopped; nothing was stored\n";
                return 130;
            }
        }
        if (a.json)
            printJson(*r, fromStore, counts);
        else
            printText(g, *r);
        if (!fromStore && !a.json) {
            const double secs = std::max(1e-9, r->stats.seconds);
            const uint64_t net = r->stats.evaluations - std::min(r->stats.evaluations, counts.cacheHits);
            std::fprintf(stderr,
                         "xqzero review: %d positions at %d simulations with %s in %.1f s: "
                         "%.0f simulations/s, %.0f evaluations/s (%.0f/s by the network, the rest "
                         "from its cache)\n",
                         r->stats.positionsSearched, r->simulations, r->model.c_str(),
                         r->stats.seconds, double(r->stats.simulations) / secs,
                         double(r->stats.evaluations) / secs, double(net) / secs);
        }
        if (db && !fromStore && !a.noStore) {
            store::ReviewRecord rec;
            rec.game = g.storedId;
            rec.model = r->model;
            rec.simulations = r->simulations;
            rec.detail = engine::reviewToJson(*r);
            db->putReview(rec);
        }
        if (!a.pgnOut.empty()) writeAnnotatedPgn(a.pgnOut, g, *r, parseNotation(a.notation));
        return xqcli::kExitOk;
    } catch (const std::exception& e) {  // ReviewFailure, StoreError, a bad move of the game
        std::cerr << "xqzero review: " << e.what() << "\n";
        return xqcli::kExitFailure;
    }
}

std::function<int()> setup(CLI::App& sub) {
    auto a = std::make_shared<ReviewArgs>();
    sub.add_option("game", a->game, "A game id of the database, or a PGN file")->required();
    sub.add_option("--db", a->db, "Database (default: " + store::defaultDatabasePath() + ")");
    sub.add_option("--model", a->model,
                   "Model file, or best:RUN (default: the best generation of the newest run)");
    sub.add_option("--sims", a->sims, "Simulations per position")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    sub.add_option("--game", a->pgnGame, "Which game of the PGN file (1 = the first)")
        ->check(CLI::Range(1, 1000000));
    sub.add_option("--threads", a->threads,
                   "Search threads, each with many positions (default: one per inference worker, "
                   "at least 2)")
        ->check(CLI::Range(1, 64));
    sub.add_option("--workers", a->workers,
                   "Inference threads, each with a copy of the network (default: one per core)")
        ->check(CLI::Range(1, 64));
    sub.add_option("--pgn", a->pgnOut, "Write the game with the review as PGN comments and NAGs");
    sub.add_option("--notation", a->notation, "Moves of --pgn: iccs, wxf or chinese")
        ->check(CLI::IsMember({"iccs", "wxf", "chinese"}))
        ->capture_default_str();
    sub.add_flag("--json", a->json, "One JSON object per move, then a summary object");
    sub.add_flag("--no-store", a->noStore, "Do not store the review with a database game");
    sub.add_flag("--recompute", a->recompute, "Search again even when a stored review fits");
    return [a] { return run(*a); };
}

XQ_COMMAND("review", "Review a game: each move's value, best move, loss and mark, per side", setup);

}  // namespace
