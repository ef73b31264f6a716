#pragma once
// Private to core/store: the state behind Store, shared by store.cpp, store_games.cpp and
// store_ladder.cpp.
// Thread-safety: `mutex` guards `db` and every query made from it.

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/store/backend.h"
#include "core/store/store.h"

namespace xq::store {

struct Store::Impl {
    std::mutex mutex;
    std::unique_ptr<Backend> db;
    std::string path;  // as given: a file path or a postgresql:// URI
    bool readOnly = false;
};

// Store::bestModel's query on any backend (ModelWatch runs it on its own connection).
std::optional<ModelInfo> queryBestModel(Backend& db, int64_t run);

// Checks `game` as Store::insertGame does and writes it with its moves inside the caller's
// open write transaction (store_games.cpp); returns its id. Throws StoreError.
int64_t insertGameInTransaction(Backend& db, const GameRecord& game);

// Runs `body`, one whole write transaction, and runs it again (at most twice more) when it
// failed because the PostgreSQL session was lost: the next begin() waits for a new session
// (OpenOptions::reconnectSeconds). A commit whose reply was lost with the session may have
// landed; the callers wrapped are those whose rows a repeat cannot corrupt (a game stored twice
// is the worst case, and it needs the cut to fall between the server's commit and its reply).
template <typename Body>
auto retryOnLostConnection(Backend& db, Body&& body) -> decltype(body()) {
    for (int attempt = 1;; ++attempt) {
        try {
            return body();
        } catch (const StoreError&) {
            if (attempt >= 3 || !db.connectionLost()) throw;
        }
    }
}

// The channel on which PostgreSQL announces model changes; the payload is the run id.
constexpr const char* kModelsChannel = "xq_models";

}  // namespace xq::store
