// Store: games and their moves (split from store.cpp by concern).
#include <algorithm>
#include <optional>
#include <string>

#include "core/store/store_impl.h"
#include "core/store/visit_blob.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xq::store {

namespace {

constexpr const char* kGameColumns =
    "SELECT id, run, kind, generation, red, black, result, reason, plies, started, finished, "
    "start_fen FROM games ";

[[noreturn]] void invalid(const std::string& msg) {
    throw StoreError(StoreErrorCode::InvalidArgument, "storing a game: " + msg);
}

// The rules core is the judge of what may be stored: a game that cannot be replayed from its
// start position would poison the replay buffer and the library alike.
std::string validate(const GameRecord& g) {
    const std::string fen = g.startFen.empty() ? std::string(Position::kStartFen) : g.startFen;
    Position pos;
    if (auto err = parseFen(fen, pos)) invalid("start FEN '" + fen + "': " + err->toString());
    if (!g.moves.empty() && g.plies != 0 && g.plies != int(g.moves.size()))
        invalid("plies is " + std::to_string(g.plies) + " but " + std::to_string(g.moves.size()) +
                " moves are given");
    if (g.plies < 0) invalid("negative plies");
    if (g.red.empty() || g.black.empty()) invalid("both players need a label");
    for (size_t ply = 0; ply < g.moves.size(); ++ply) {
        const MoveRecord& mr = g.moves[ply];
        const std::string where = "ply " + std::to_string(ply) + " ";
        if (!pos.isLegal(mr.move))
            invalid(where + "move " + toIccs(mr.move) + " (raw " + std::to_string(mr.move.raw()) +
                    ") is not legal in " + toFen(pos));
        for (const VisitCount& v : mr.visits)
            if (!pos.isLegal(v.move))
                invalid(where + "visit distribution names " + toIccs(v.move) +
                        ", not a legal move in " + toFen(pos));
        pos.makeMove(mr.move);
    }
    return fen;
}

GameRecord readGame(const Query& st) {
    GameRecord g;
    g.id = st.int64(0);
    g.run = st.optInt64(1);
    // Unknown codes (none are written today) read as "other"/"none" rather than failing a
    // whole library listing.
    g.kind = parseGameKind(st.text(2)).value_or(GameKind::Other);
    if (auto gen = st.optInt64(3)) g.generation = int(*gen);
    g.red = st.text(4);
    g.black = st.text(5);
    g.result = parseStoreResult(st.text(6)).value_or(Result::None);
    g.reason = parseStoreReason(st.text(7)).value_or(Reason::None);
    g.plies = int(st.int64(8));
    g.started = st.int64(9);
    g.finished = st.int64(10);
    g.startFen = st.text(11);
    return g;
}

// WHERE clause for a filter; binds follow in the same order via bindFilter().
std::string whereFor(const GameFilter& f) {
    std::string w;
    auto add = [&w](const char* cond) {
        w += (w.empty() ? "WHERE " : " AND ") + std::string(cond);
    };
    if (f.run) add("run = ?");
    if (f.kind) add("kind = ?");
    if (f.result) add("result = ?");
    if (f.generation) add("generation = ?");
    if (f.finishedFrom) add("finished >= ?");
    if (f.finishedTo) add("finished < ?");
    if (f.idAbove) add("id > ?");
    return w + " ";
}

int bindFilter(Query& st, const GameFilter& f) {
    int i = 1;
    if (f.run) st.bind(i++, *f.run);
    if (f.kind) st.bind(i++, gameKindCode(*f.kind));
    if (f.result) st.bind(i++, storeResultCode(*f.result));
    if (f.generation) st.bind(i++, *f.generation);
    if (f.finishedFrom) st.bind(i++, *f.finishedFrom);
    if (f.finishedTo) st.bind(i++, *f.finishedTo);
    if (f.idAbove) st.bind(i++, *f.idAbove);
    return i;
}

}  // namespace

int64_t insertGameInTransaction(Backend& db, const GameRecord& g) {
    const std::string fen = validate(g);
    const int plies = g.moves.empty() ? g.plies : int(g.moves.size());
    const int64_t finished = g.finished ? g.finished : nowMs();
    const int64_t started = g.started ? g.started : finished;
    if (g.run) {
        Query run(db, "SELECT 1 FROM runs WHERE id = ?");
        run.bind(1, *g.run);
        if (!run.step())
            throw StoreError(StoreErrorCode::NotFound,
                             "storing a game: no run with id " + std::to_string(*g.run));
    }
    Query ins(db,
              "INSERT INTO games(run, kind, generation, red, black, result, reason, "
              "plies, started, finished, start_fen) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    ins.bind(1, g.run).bind(2, gameKindCode(g.kind)).bind(3, g.generation);
    ins.bind(4, g.red).bind(5, g.black).bind(6, storeResultCode(g.result));
    ins.bind(7, storeReasonCode(g.reason)).bind(8, plies).bind(9, started).bind(10, finished);
    ins.bind(11, fen);
    ins.step();
    const int64_t id = ins.int64(0);
    ins.reset();
    db.insertMoves(id, g.moves);
    return id;
}

int64_t Store::insertGame(const GameRecord& g) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    return retryOnLostConnection(db, [&] {
        Transaction tx(db);
        const int64_t id = insertGameInTransaction(db, g);
        tx.commit();
        return id;
    });
}

std::vector<GameRecord> Store::listGames(const GameFilter& f) {
    std::string q = std::string(kGameColumns) + whereFor(f) + "ORDER BY finished DESC, id DESC";
    if (f.limit > 0) q += " LIMIT ? OFFSET ?";
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, q);
    const int next = bindFilter(st, f);
    if (f.limit > 0) st.bind(next, f.limit).bind(next + 1, std::max(0, f.offset));
    std::vector<GameRecord> out;
    while (st.step()) out.push_back(readGame(st));
    return out;
}

int64_t Store::countGames(const GameFilter& f) {
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, "SELECT count(*) FROM games " + whereFor(f));
    bindFilter(st, f);
    st.step();
    return st.int64(0);
}

std::optional<GameRecord> Store::loadGame(int64_t id) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    // One read transaction: the game row and its moves come from the same snapshot.
    Transaction tx(db, TxKind::Read);
    Query st(db, std::string(kGameColumns) + "WHERE id = ?");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    GameRecord g = readGame(st);
    Query mv(db,
             "SELECT ply, move, root_value, visits, surprise FROM moves WHERE game = ? "
             "ORDER BY ply");
    mv.bind(1, id);
    while (mv.step()) {
        if (mv.int64(0) != int64_t(g.moves.size()))
            throw StoreError(StoreErrorCode::Corrupt, "game " + std::to_string(id) + " in '" +
                                                          db.label() + "' is missing ply " +
                                                          std::to_string(g.moves.size()));
        MoveRecord m;
        m.move = Move::fromRaw(uint16_t(mv.int64(1)));
        if (auto v = mv.optReal(2)) m.rootValue = float(*v);
        if (!mv.isNull(3)) m.visits = decodeVisits(mv.blob(3));
        if (auto v = mv.optReal(4)) m.policySurprise = float(*v);
        g.moves.push_back(std::move(m));
    }
    tx.commit();
    return g;
}

}  // namespace xq::store
