#include "core/store/pgn_import.h"

#include "core/store/store.h"

namespace xq::store {

namespace {

std::string playerOr(const PgnGame& g, const char* tag) {
    std::string v = g.tag(tag);
    return v.empty() ? std::string("?") : v;
}

// Failures of the database itself end the import; a refused record is one rejected game.
bool isDatabaseFailure(StoreErrorCode c) {
    return c != StoreErrorCode::InvalidArgument && c != StoreErrorCode::Constraint &&
           c != StoreErrorCode::NotFound;
}

}  // namespace

GameRecord gameRecordFromPgn(const PgnGame& g) {
    GameRecord rec;
    rec.kind = GameKind::Imported;
    rec.red = playerOr(g, "Red");
    rec.black = playerOr(g, "Black");
    rec.startFen = g.startFen;
    Position pos = g.startPosition();
    for (Move m : g.moves) {
        rec.moves.push_back(MoveRecord{m, std::nullopt, {}});
        pos.makeMove(m);
    }
    rec.plies = int(rec.moves.size());
    rec.result = g.result;
    const GameStatus st = gameStatus(pos);
    if (st.over() && (g.result == Result::None || g.result == st.result)) {
        rec.result = st.result;
        rec.reason = st.reason;
    }
    return rec;
}

ImportSummary importPgn(Store& store, std::string_view text, const ImportCallback& onGame) {
    ImportSummary sum;
    PgnReader reader(text);
    PgnGameRead read;
    while (reader.next(read)) {
        ++sum.games;
        ImportedGame out;
        out.index = read.index;
        out.line = read.line;
        if (read.ok()) {
            const PgnGame& g = *read.game;
            const GameRecord rec = gameRecordFromPgn(g);
            out.plies = rec.plies;
            out.red = rec.red;
            out.black = rec.black;
            out.event = g.tag("Event");
            out.result = rec.result;
            try {
                out.id = store.insertGame(rec);
            } catch (const StoreError& e) {
                if (isDatabaseFailure(e.code())) throw;
                out.storeError = e.code();
                out.storeMessage = e.what();
            }
        } else {
            out.error = read.error;
        }
        if (out.ok())
            ++sum.imported;
        else
            ++sum.rejected;
        if (onGame && !onGame(out, reader.position(), reader.size())) {
            sum.cancelled = true;
            break;
        }
    }
    return sum;
}

}  // namespace xq::store
