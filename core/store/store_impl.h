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

// The channel on which PostgreSQL announces model changes; the payload is the run id.
constexpr const char* kModelsChannel = "xq_models";

}  // namespace xq::store
