#include "core/store/backend.h"

#include <algorithm>

#include "core/store/visit_blob.h"

namespace xq::store {

namespace {

constexpr size_t kMovesPerInsert = 64;

std::string insertMovesSql(size_t rows) {
    std::string q = "INSERT INTO moves(game, ply, move, root_value, visits, surprise) VALUES ";
    for (size_t i = 0; i < rows; ++i) q += i ? ", (?, ?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?, ?)";
    return q;
}

}  // namespace

void Backend::insertMoves(int64_t game, std::span<const MoveRecord> moves) {
    // Many rows per statement: on a server each statement is a round trip, which over a
    // network would cost more than the game's search did.
    const size_t n = moves.size();
    std::optional<Query> full;
    for (size_t first = 0; first < n; first += kMovesPerInsert) {
        const size_t rows = std::min(kMovesPerInsert, n - first);
        std::optional<Query> tail;
        if (rows == kMovesPerInsert && !full) full.emplace(*this, insertMovesSql(rows));
        Query& mv = rows == kMovesPerInsert ? *full : tail.emplace(*this, insertMovesSql(rows));
        for (size_t r = 0; r < rows; ++r) {
            const size_t ply = first + r;
            const int c = int(r) * 6;
            const MoveRecord& m = moves[ply];
            mv.bind(c + 1, game).bind(c + 2, int64_t(ply)).bind(c + 3, int64_t(m.move.raw()));
            if (m.rootValue)
                mv.bind(c + 4, double(*m.rootValue));
            else
                mv.bindNull(c + 4);
            if (m.visits.empty())
                mv.bindNull(c + 5);
            else
                mv.bindBlob(c + 5, encodeVisits(m.visits));
            if (m.policySurprise)
                mv.bind(c + 6, double(*m.policySurprise));
            else
                mv.bindNull(c + 6);
        }
        mv.run();
    }
}

void Backend::listen(std::string_view channel) {
    throw StoreError(StoreErrorCode::InvalidArgument, "listening for '" + std::string(channel) +
                                                          "': the database '" + label() +
                                                          "' has no notifications");
}

std::vector<std::string> Backend::waitForNotifications(int) {
    throw StoreError(StoreErrorCode::InvalidArgument,
                     "waiting for notifications: the database '" + label() + "' has none");
}

std::unique_ptr<Backend> openBackend(const std::string& path, const OpenOptions& options) {
    if (path.empty()) throw StoreError(StoreErrorCode::InvalidArgument, "empty database path");
    return isPostgresUri(path) ? openPostgres(path, options) : openSqlite(path, options);
}

#ifndef XQ_WITH_POSTGRES
std::unique_ptr<Backend> openPostgres(const std::string& uri, const OpenOptions&) {
    // The URI is not repeated: it may carry a password.
    (void)uri;
    throw StoreError(StoreErrorCode::InvalidArgument,
                     "this build of xqzero has no PostgreSQL support (built without libpq, "
                     "XQ_WITH_POSTGRES=OFF); use an SQLite file with --db PATH, or rebuild "
                     "with libpq-dev installed");
}
#endif

}  // namespace xq::store
