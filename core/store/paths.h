#pragma once
// Where the database lives by default: $XDG_DATA_HOME/xqzero/xqzero.db, or
// ~/.local/share/xqzero/xqzero.db when XDG_DATA_HOME is unset or not absolute (as the XDG
// base directory spec says). Callers handle `--db PATH`.
// Thread-safety: reads the environment; do not call while another thread changes it.

#include <string>

namespace xq::store {

std::string defaultDatabasePath();
// Creates the parent directories of `dbPath` if needed; throws StoreError on failure.
void ensureParentDirectory(const std::string& dbPath);
// Where a training run keeps its model files unless told otherwise: <db dir>/models/<run>,
// absolute.
std::string defaultModelDir(const std::string& dbPath, const std::string& run);

}  // namespace xq::store
