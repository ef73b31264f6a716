#pragma once
// Plain records read from and written to the store. No SQLite, no Qt: the UI facade and the
// training loop pass these around as values.
//
// Times are milliseconds since the Unix epoch (UTC). Ids are SQLite row ids (> 0); 0 means
// "not stored yet". Result and reason reuse the rules core's enums; their text codes in the
// database are fixed here (storeResultCode / storeReasonCode) so renaming an enum never
// changes what is on disk.
// Thread-safety: plain values.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/xiangqi/rules.h"
#include "core/xiangqi/types.h"

namespace xq::store {

struct RunInfo {
    int64_t id = 0;
    std::string name;
    std::string config = "{}";  // JSON text (the resolved run configuration)
    int64_t created = 0;
};

struct ModelInfo {
    int64_t id = 0;
    int64_t run = 0;
    int generation = 0;
    std::string file;               // model file path (as the trainer wrote it)
    std::optional<int64_t> parent;  // model id this one was trained from
    std::optional<double> elo;      // relative to generation 0; interval is 95%
    std::optional<double> eloLo;
    std::optional<double> eloHi;
    bool accepted = false;  // passed gating (generation 0 is accepted by definition)
    int64_t created = 0;    // 0 on insert: now
    // The weights in the blobs table (Store::putBlob's lowercase hex SHA-256); empty: none
    // (older rows, models kept only as files). Must name a stored blob when set.
    std::string sha256;
};

// One self-play process (possibly on another host) and its latest heartbeat. Times are ms
// since the epoch; `run` 0 means not tied to a run (stored as NULL).
struct WorkerInfo {
    int64_t id = 0;
    int64_t run = 0;
    std::string host;
    int64_t pid = 0;
    int threads = 0;
    int64_t started = 0;    // 0 on register: now
    int64_t heartbeat = 0;  // 0 on register: now
    int64_t games = 0;      // totals since the worker started
    int64_t positions = 0;
    std::optional<int> generation;  // the model generation it is playing with, if known
    std::string state = "running";  // "running" or "stopped"
};

// The lease of a run: which process trains it (Store's run leases, one row per run). Times are
// ms since the epoch; `token` is random per process, so a restarted process with the same pid
// is not taken for the holder.
struct RunLease {
    int64_t run = 0;
    std::string host;
    int64_t pid = 0;
    std::string token;
    int64_t started = 0;    // 0 on claim: now
    int64_t heartbeat = 0;  // 0 on claim: now
};

// One game of a candidate's evaluation match, as a job that a worker claims (Store's eval
// jobs). Times are ms since the epoch. States: "queued" (claimable), "claimed" (by `worker`
// since `claimed`), "done" (its game stored, `game` and `score` set), "cancelled" (the match
// was decided without it).
struct EvalJob {
    int64_t id = 0;
    int64_t run = 0;
    int64_t candidate = 0;  // model ids
    int64_t opponent = 0;
    int gameIndex = 0;  // in the match: even plays the candidate as Red; 2k, 2k+1 share an opening
    bool candidateRed = true;
    std::string state = "queued";
    std::optional<int64_t> worker;
    std::optional<int64_t> claimed;
    std::optional<int64_t> game;
    std::optional<double> score;  // the candidate's: 1 win, 0.5 draw, 0 loss
    std::optional<int64_t> finished;
};

// Stored as its text code (gameKindCode), so new kinds are appended without a migration.
enum class GameKind : uint8_t { SelfPlay, Eval, Play, Other, Imported };

// Sparse visit distribution of one root: only moves with visits are stored.
struct VisitCount {
    Move move;
    uint32_t visits = 0;
    bool operator==(const VisitCount&) const = default;
};

struct MoveRecord {
    Move move;
    // Search value of the root before this move, from the view of the side making the move
    // (the side to move at this ply, as the Evaluator reports it); empty when not searched.
    std::optional<float> rootValue;
    std::vector<VisitCount> visits;  // empty: no distribution recorded
    // KL(policy target || network prior) of this root in nats, as self-play computed it from
    // `visits` and the root's priors: how much the search taught the network here. Empty
    // where nothing was searched and in games stored before schema version 7.
    std::optional<float> policySurprise;
};

struct GameRecord {
    int64_t id = 0;
    std::optional<int64_t> run;  // empty for games outside a training run (Play page)
    GameKind kind = GameKind::SelfPlay;
    std::optional<int> generation;  // model generation that played (self-play) or was tested
    std::string red;                // player labels, e.g. "gen:3@80", "random", "human"
    std::string black;
    Result result = Result::None;
    Reason reason = Reason::None;
    int plies = 0;  // = moves.size() when moves are given
    int64_t started = 0;
    int64_t finished = 0;
    std::string startFen;           // empty on insert: the standard start position
    std::vector<MoveRecord> moves;  // filled by loadGame(), empty in listGames() results
};

// A game's review (core/engine/review.h), one per game: which network reviewed it at how many
// simulations a position, and the review itself as that module's JSON (per-move values, best
// lines, marks), which the store checks only for being JSON. Goes with its game.
struct ReviewRecord {
    int64_t game = 0;
    std::string model;       // the reviewer's label: a model file or "RUN gen N"
    int simulations = 0;
    int64_t created = 0;     // 0 on put: now
    std::string detail = "{}";  // JSON text
};

struct GameFilter {
    std::optional<int64_t> run;
    std::optional<GameKind> kind;
    std::optional<Result> result;
    std::optional<int> generation;
    std::optional<int64_t> finishedFrom;  // inclusive, ms since epoch
    std::optional<int64_t> finishedTo;    // exclusive
    std::optional<int64_t> idAbove;       // only games with id > it (tailing new games)
    int limit = 100;                      // <= 0: no limit
    int offset = 0;
};

struct MetricPoint {
    int64_t run = 0;
    int64_t step = 0;
    std::string name;  // e.g. "loss/total", "loss/policy", "lr", "games_per_hour"
    double value = 0;
    int64_t time = 0;  // 0 on insert: now
};

// One Elo ladder result (core/engine/ladder.h): a player's rating against the fixed rungs,
// anchored at alphabeta:1 = 0, with its 95% interval. `detail` is the ladder's JSON (per rung
// W/D/L and the constants it was fitted against), so a result can be re-read or re-fitted.
struct LadderRecord {
    int64_t id = 0;
    std::optional<int64_t> run;    // the training run the player came from (best:RUN), if any
    std::optional<int64_t> model;  // the model that played, if known
    std::string player;            // the player spec, e.g. "best:RUN@200"
    double rating = 0;
    double lo = 0, hi = 0;
    int games = 0;
    int64_t created = 0;        // 0 on insert: now
    std::string detail = "{}";  // JSON text
};

struct LadderFilter {
    std::optional<int64_t> run;
    std::optional<std::string> player;
    int limit = 100;  // <= 0: no limit
};

struct StoreCounts {
    int64_t runs = 0, models = 0, games = 0, moves = 0, metrics = 0;
};

struct IntegrityReport {
    bool ok = false;
    std::vector<std::string> problems;  // from PRAGMA integrity_check and foreign_key_check
};

// Stable text codes used in the database and in CLI output.
const char* gameKindCode(GameKind k);  // "selfplay", "eval", "play", "other", "imported"
std::optional<GameKind> parseGameKind(std::string_view s);
const char* storeResultCode(Result r);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Result> parseStoreResult(std::string_view s);
// "mate", "stalemate", "perpetual_check", "perpetual_chase", "repetition", "rule60",
// "material", "length_cap", "adjudication", "resign", "" for None. Neither backend's schema
// constrains the reason column: a new code needs no migration.
const char* storeReasonCode(Reason r);
std::optional<Reason> parseStoreReason(std::string_view s);

int64_t nowMs();

}  // namespace xq::store
