#pragma once
// Private to core/store: the state behind Store, shared by store.cpp, store_games.cpp and
// store_ladder.cpp.
// Thread-safety: `mutex` guards `db` and every query made from it.

#include <memory>
#include <mutex>
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

}  // namespace xq::store
