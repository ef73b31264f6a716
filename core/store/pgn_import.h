#pragma once
// Importing a game file into the store: each good game of a PGN text (core/xiangqi/pgn.h, every
// dialect it reads) becomes a GameRecord of kind Imported. One transaction per game
// (Store::insertGame), so a bad game stores nothing and never stops the games after it.
//
// What is kept of a PGN game: the start FEN, the moves, the players (Red/Black tags, "?" when
// absent) and the result (Result tag or terminator; when the PGN says "*" but the final
// position is mate or stalemate by our rules, that result). The reason is the rules' verdict on
// the final position when it agrees with the result, else none. Other tags (Event, Date, Site,
// ...) have no column in the games table and are not stored; ImportedGame reports the event.
// The import time is the game's started/finished time, so new imports list first.
//
// Thread-safety: importPgn uses the Store's own locking; call it from one thread per import.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/store/records.h"
#include "core/store/store_error.h"
#include "core/xiangqi/pgn.h"

namespace xq::store {

class Store;

// What happened to one game of the file.
struct ImportedGame {
    int index = 0;   // 0-based place in the file, bad games counted
    int line = 0;    // first line of the game in the file
    int64_t id = 0;  // the stored game's id; 0 when rejected
    int plies = 0;
    std::string red, black, event;
    Result result = Result::None;
    std::optional<PgnError> error;             // why the reader rejected it
    std::optional<StoreErrorCode> storeError;  // or why the store refused it
    std::string storeMessage;
    bool ok() const { return id > 0; }
};

struct ImportSummary {
    int games = 0;  // games found in the text, good and bad
    int imported = 0;
    int rejected = 0;
    bool cancelled = false;  // the callback asked to stop
};

// The record a PGN game is stored as (kind Imported, no run).
GameRecord gameRecordFromPgn(const PgnGame& game);

// Called after each game with the reader's progress (bytes read of `total`); returning false
// stops the import after that game (games already stored stay stored).
using ImportCallback = std::function<bool(const ImportedGame& game, size_t done, size_t total)>;

// Reads `text` game by game and stores the good games. Throws StoreError only for failures of
// the database itself (not writable, disk full); a game the store refuses is reported as
// rejected like a bad game.
ImportSummary importPgn(Store& store, std::string_view text, const ImportCallback& onGame = {});

}  // namespace xq::store
