#include "core/engine/ladder.h"

#include <unistd.h>

#include <cmath>
#include <mutex>
#include <stdexcept>

#include <nlohmann/json.hpp>

#if XQ_ENGINE_HAS_STORE
#include "core/store/store.h"
#endif

namespace xq::engine {

namespace {

// The rungs' ratings on the ladder's scale (alphabeta:1 = 0), held fixed when a player is
// rated. Measured by `xqzero ladder --calibrate --games 30 --span 2 --rungs random,fairy:1,
// alphabeta:1,alphabeta:2,alphabeta:3,fairy:2048,fairy:8192,fairy:32768` (runCalibration below)
// on the 2-core development machine, Fairy-Stockfish 11.1 (Debian bookworm): each rung against
// the next two in that list, 30 games per pair (2 random opening plies, cap 300 plies), all
// fitted jointly with rating_fit.h anchored at alphabeta:1 = 0. lo/hi are that fit's 95%
// interval, games and score each rung's calibration games. Pair results (first named's view):
// random-fairy:1 1-9-20, random-ab1 0-0-30, fairy:1-ab1 1-9-20, fairy:1-ab2 0-6-24,
// ab1-ab2 2-3-25, ab1-ab3 1-1-28, ab2-ab3 2-5-23, ab2-fairy:2048 4-4-22, ab3-fairy:2048 6-5-19,
// ab3-fairy:8192 1-1-28, fairy:2048-fairy:8192 1-2-27, fairy:2048-fairy:32768 0-0-30, and
// fairy:8192-fairy:32768 1-2-27 (from the previous calibration, which had no fairy:1; that run
// had random-ab2 0-0-30 and put random at -747 on the prior alone). fairy:1 (Fairy-Stockfish
// limited to one node: it plays its static evaluation's choice) fills the gap between random
// and alpha-beta depth 1, where young networks are. Caveat: the fit's prior (one virtual draw
// against alphabeta:1 per rung) pulls the far rungs a little toward 0. Why the higher node
// limits (10-game probes, `xqzero match`): below ~1000 nodes Fairy-Stockfish is no stronger
// than our depth 1-2 (alphabeta:1 beat it at 256 nodes +6 =0 -4; alphabeta:2 beat it at 16 and
// 256), alphabeta:3 beat it at 1024 (+7 =2 -1) but lost at 2048 and above (+0 =1 -9); from there
// each 4x of nodes was worth about +400, so the rungs go 2048, 8192, 32768. Re-measure (and
// replace every row) when a rung's engine changes: alpha-beta's search or evaluation, or the
// Fairy-Stockfish version.
const std::vector<RungConstant> kCalibrated = {
    // name            rating     lo     hi  games  score
    {"random",           -534,  -710,  -357,  60, 0.092},
    {"fairy:1",          -238,  -363,  -112,  90, 0.367},
    {"alphabeta:1",         0,     0,     0, 120, 0.496},
    {"alphabeta:2",       236,   116,   356, 120, 0.533},
    {"alphabeta:3",       441,   298,   584, 120, 0.533},
    {"fairy:2048",        531,   372,   690, 120, 0.396},
    {"fairy:8192",        938,   717,  1159,  90, 0.650},
    {"fairy:32768",      1373,  1067,  1679,  60, 0.967},
};

const char* const kFairyPrefix = "fairy:";

uint64_t parseNodes(const std::string& s, const std::string& text) {
    size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != s.size() || v < 1 || v > 100'000'000)
        throw std::invalid_argument("rung '" + text + "': NODES must be a number from 1 to " +
                                    "100000000, not '" + s + "'");
    return uint64_t(v);
}

// The program a uci:/ucci: spec starts: the first word of its command.
std::string enginePath(const std::string& spec) {
    const size_t c = spec.find(':');
    const std::string kind = spec.substr(0, c);
    if (c == std::string::npos || (kind != "uci" && kind != "ucci")) return {};
    const std::string cmd = spec.substr(c + 1);
    const size_t b = cmd.find_first_not_of(" \t");
    if (b == std::string::npos) return {};
    return cmd.substr(b, cmd.find_first_of(" \t", b) - b);
}

// The key of the player under test in the fit: never equal to a rung's name, so a player that
// is itself a rung (`xqzero ladder random`) is fitted as a separate player.
std::string playerKey(const std::string& spec) { return "player:" + spec; }

PlayerFactory specFactory(const std::string& spec, PlayerSpecContext ctx) {
    return [spec, ctx](uint64_t instance) {
        PlayerSpecContext c = ctx;
        c.seed = instance;
        return makePlayer(spec, c);
    };
}

void checkCounts(int games, int threads, int cap, int opening, const char* gamesWhat) {
    if (games < 1) throw std::invalid_argument(std::string(gamesWhat) + " must be at least 1");
    if (threads < 1) throw std::invalid_argument("threads must be at least 1");
    if (cap < 1) throw std::invalid_argument("the length cap must be at least 1 ply");
    if (opening < 0) throw std::invalid_argument("opening plies must not be negative");
}

}  // namespace

Rung parseRung(const std::string& text) {
    if (text.empty()) throw std::invalid_argument("empty rung");
    Rung r;
    if (text.rfind(kFairyPrefix, 0) == 0) {
        r.spec = std::string("uci:") + kFairyStockfishPath;
        r.limits.nodes = parseNodes(text.substr(std::string(kFairyPrefix).size()), text);
        r.name = kFairyPrefix + std::to_string(r.limits.nodes);
        return r;
    }
    const size_t hash = text.rfind('#');
    r.spec = text.substr(0, hash);
    if (hash != std::string::npos) r.limits.nodes = parseNodes(text.substr(hash + 1), text);
    if (const std::string err = checkPlayerSpec(r.spec); !err.empty())
        throw std::invalid_argument("rung '" + text + "': " + err);
    if (r.spec == std::string("uci:") + kFairyStockfishPath && r.limits.nodes > 0)
        r.name = kFairyPrefix + std::to_string(r.limits.nodes);
    else
        r.name = hash == std::string::npos ? r.spec : r.spec + "#" + std::to_string(r.limits.nodes);
    return r;
}

std::string rungUnavailable(const Rung& rung) {
    const std::string path = enginePath(rung.spec);
    // A bare command name is looked up on PATH by the shell: only an explicit path is checked.
    if (path.find('/') == std::string::npos) return {};
    if (::access(path.c_str(), X_OK) == 0) return {};
    return "rung " + rung.name + " skipped: no engine at " + path +
           (path == kFairyStockfishPath ? " (apt-get install fairy-stockfish)" : "");
}

const std::vector<RungConstant>& calibratedRungs() { return kCalibrated; }

std::optional<double> calibratedRating(const std::string& rungName) {
    for (const RungConstant& c : kCalibrated)
        if (rungName == c.name) return c.rating;
    return std::nullopt;
}

std::vector<std::string> defaultRungs() {
    return {"random", "fairy:1", "alphabeta:1", "alphabeta:2", "alphabeta:3", "fairy:2048", "fairy:8192", "fairy:32768"};
}

// --- the ladder ---------------------------------------------------------------------------

LadderResult runLadder(const LadderConfig& cfg, const LadderCallback& onEvent,
                       std::atomic<bool>* stop) {
    checkCounts(cfg.gamesPerRung, cfg.threads, cfg.lengthCap, cfg.openingPlies, "games per rung");
    if (const std::string err = checkPlayerSpec(cfg.player); !err.empty())
        throw std::invalid_argument(err);
    if (cfg.rungs.empty()) throw std::invalid_argument("the ladder has no rungs");

    LadderResult res;
    res.player = cfg.player;
    res.gamesPerRung = cfg.gamesPerRung;
    res.seed = cfg.seed;
    std::vector<Rung> rungs;
    int playable = 0;
    for (const std::string& text : cfg.rungs) {
        Rung r = parseRung(text);
        const auto rating = calibratedRating(r.name);
        if (!rating) {
            std::string known;
            for (const RungConstant& c : kCalibrated) known += (known.empty() ? "" : ", ") + std::string(c.name);
            throw std::invalid_argument("rung '" + r.name + "' has no calibrated rating (calibrated: " +
                                        known + "); measure it with xqzero ladder --calibrate");
        }
        RungResult rr;
        rr.rung = r.name;
        rr.rungRating = *rating;
        rr.note = rungUnavailable(r);
        rr.skipped = !rr.note.empty();
        if (!rr.skipped) ++playable;
        res.rungs.push_back(rr);
        rungs.push_back(std::move(r));
    }

    const int total = playable * cfg.gamesPerRung;
    int done = 0;
    for (size_t i = 0; i < rungs.size(); ++i) {
        RungResult& rr = res.rungs[i];
        if (rr.skipped) {
            if (onEvent) onEvent({LadderEvent::Kind::RungSkipped, int(i), &rr, nullptr, done, total});
            continue;
        }
        if (stop && stop->load()) break;
        MatchConfig mc;
        mc.games = cfg.gamesPerRung;
        mc.threads = cfg.threads;
        mc.lengthCap = cfg.lengthCap;
        mc.openingPlies = cfg.openingPlies;
        mc.seed = cfg.seed;  // every rung sees the same openings
        mc.limitsA = cfg.playerLimits;
        mc.limitsB = rungs[i].limits;
        // runMatch calls back under its own mutex, one call at a time.
        auto onGame = [&](const GameRecord& g, const MatchResult& soFar) {
            rr.games = soFar.games, rr.wins = soFar.winsA, rr.draws = soFar.draws;
            rr.losses = soFar.lossesA, rr.forfeits = soFar.forfeits;
            ++done;
            if (onEvent) onEvent({LadderEvent::Kind::Game, int(i), &rr, &g, done, total});
        };
        const MatchResult m = runMatch(specFactory(cfg.player, cfg.context),
                                       specFactory(rungs[i].spec, {}), mc, onGame, stop);
        rr.games = m.games, rr.wins = m.winsA, rr.draws = m.draws, rr.losses = m.lossesA;
        rr.forfeits = m.forfeits;
        if (stop && stop->load() && m.games < cfg.gamesPerRung) break;
        if (onEvent) onEvent({LadderEvent::Kind::RungDone, int(i), &rr, nullptr, done, total});
    }
    res.stopped = stop && stop->load();
    fitLadder(res);
    return res;
}

void fitLadder(LadderResult& res) {
    const std::string key = playerKey(res.player);
    train::RatingFitOptions opt = train::anchoredAt(kLadderAnchor, 0.0);
    std::vector<train::PairResult> pairs;
    for (const RungResult& r : res.rungs) {
        if (r.skipped || r.games == 0) continue;
        opt.fixed[r.rung] = r.rungRating;
        pairs.push_back({key, r.rung, r.wins, r.draws, r.losses});
    }
    const train::RatingFit fit = train::fitRatings(pairs, opt);
    if (const train::PlayerRating* p = fit.find(key)) {
        res.rating = p->rating, res.lo = p->lo, res.hi = p->hi;
        res.games = p->games, res.score = p->score;
    } else {  // no games at all: the prior alone, at the anchor
        const train::RatingFit prior = train::fitRatings({{key, kLadderAnchor, 0, 0, 0}}, opt);
        const train::PlayerRating* q = prior.find(key);
        res.rating = q->rating, res.lo = q->lo, res.hi = q->hi;
        res.games = 0, res.score = 0.5;
    }
}

// --- calibration --------------------------------------------------------------------------

CalibrationResult runCalibration(const CalibrationConfig& cfg, const CalibrationCallback& onPair,
                                 std::atomic<bool>* stop) {
    checkCounts(cfg.gamesPerPair, cfg.threads, cfg.lengthCap, cfg.openingPlies, "games per pair");
    if (cfg.span < 1) throw std::invalid_argument("span must be at least 1");
    CalibrationResult res;
    std::vector<Rung> rungs;
    for (const std::string& text : cfg.rungs) {
        Rung r = parseRung(text);
        for (const Rung& q : rungs)
            if (q.name == r.name) throw std::invalid_argument("rung '" + r.name + "' is listed twice");
        if (std::string why = rungUnavailable(r); !why.empty()) {
            res.notes.push_back(std::move(why));
            continue;
        }
        rungs.push_back(std::move(r));
    }
    bool hasAnchor = false;
    for (const Rung& r : rungs) hasAnchor = hasAnchor || r.name == kLadderAnchor;
    if (!hasAnchor)
        throw std::invalid_argument(std::string("calibration needs the anchor ") + kLadderAnchor +
                                    " among its (available) rungs");

    std::vector<std::pair<size_t, size_t>> plan;
    for (size_t i = 0; i < rungs.size(); ++i)
        for (size_t j = i + 1; j < rungs.size() && j <= i + size_t(cfg.span); ++j) plan.push_back({i, j});
    std::vector<train::PairResult> results;
    for (size_t k = 0; k < plan.size(); ++k) {
        if (stop && stop->load()) break;
        const Rung& a = rungs[plan[k].first];
        const Rung& b = rungs[plan[k].second];
        MatchConfig mc;
        mc.games = cfg.gamesPerPair;
        mc.threads = cfg.threads;
        mc.lengthCap = cfg.lengthCap;
        mc.openingPlies = cfg.openingPlies;
        mc.seed = cfg.seed;
        mc.limitsA = a.limits;
        mc.limitsB = b.limits;
        const MatchResult m = runMatch(specFactory(a.spec, {}), specFactory(b.spec, {}), mc, {}, stop);
        CalibrationPair p{a.name, b.name, m.winsA, m.draws, m.lossesA, m.forfeits};
        if (m.games > 0) {
            res.pairs.push_back(p);
            results.push_back({a.name, b.name, m.winsA, m.draws, m.lossesA});
        }
        if (stop && stop->load() && m.games < cfg.gamesPerPair) break;
        if (onPair) onPair(p, int(k), int(plan.size()));
    }
    res.stopped = stop && stop->load();
    res.fit = train::fitRatings(results, train::anchoredAt(kLadderAnchor, 0.0));
    return res;
}

// --- output and storage -------------------------------------------------------------------

std::string ladderJson(const LadderResult& r) {
    nlohmann::json rungs = nlohmann::json::array();
    for (const RungResult& x : r.rungs)
        rungs.push_back({{"rung", x.rung},     {"rating", x.rungRating}, {"games", x.games},
                         {"wins", x.wins},     {"draws", x.draws},       {"losses", x.losses},
                         {"forfeits", x.forfeits}, {"skipped", x.skipped}, {"note", x.note}});
    const nlohmann::json j{{"player", r.player},   {"rating", r.rating},
                           {"lo", r.lo},           {"hi", r.hi},
                           {"games", r.games},     {"score", r.score},
                           {"anchor", kLadderAnchor}, {"stopped", r.stopped},
                           {"games_per_rung", r.gamesPerRung}, {"seed", r.seed},
                           {"rungs", rungs}};
    return j.dump();
}

#if XQ_ENGINE_HAS_STORE
LadderOwner ladderOwner(store::Store& st, const std::string& spec) {
    LadderOwner o;
    if (spec.rfind("best:", 0) != 0) return o;
    const std::string body = spec.substr(5);
    const std::string run = body.substr(0, body.rfind('@'));
    const auto r = st.findRun(run);
    if (!r) throw std::invalid_argument("player spec '" + spec + "': no run named '" + run +
                                        "' in " + st.path());
    o.run = r->id;
    if (const auto m = st.bestModel(r->id)) o.model = m->id;
    return o;
}

int64_t storeLadderResult(store::Store& st, const LadderResult& r, const LadderOwner& owner) {
    store::LadderRecord rec;
    rec.run = owner.run;
    rec.model = owner.model;
    rec.player = r.player;
    rec.rating = r.rating;
    rec.lo = r.lo;
    rec.hi = r.hi;
    rec.games = r.games;
    rec.detail = ladderJson(r);
    return st.addLadderResult(rec);
}
#else
LadderOwner ladderOwner(store::Store&, const std::string&) {
    throw std::invalid_argument("storing ladder results needs the store module, not in this build");
}
int64_t storeLadderResult(store::Store&, const LadderResult&, const LadderOwner&) {
    throw std::invalid_argument("storing ladder results needs the store module, not in this build");
}
#endif

}  // namespace xq::engine
