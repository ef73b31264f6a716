#pragma once
// Private to core/store: the state behind Store, shared by store.cpp and store_games.cpp.
// Thread-safety: `mutex` guards `db` and every statement made from it.

#include <mutex>

#include "core/store/sqlite.h"
#include "core/store/store.h"

namespace xq::store {

struct Store::Impl {
    Impl(const std::string& path, sql::OpenMode mode) : db(path, mode) {}
    std::mutex mutex;
    sql::Database db;
    bool readOnly = false;
};

}  // namespace xq::store
