#pragma once
// Where the database lives by default: $XDG_DATA_HOME/xqzero/xqzero.db, or
// ~/.local/share/xqzero/xqzero.db when XDG_DATA_HOME is unset or not absolute (as the XDG
// base directory spec says). Callers handle `--db PATH`, which may also be a PostgreSQL URI
// (store.h): the functions here treat those as naming no local directory.
// Thread-safety: reads the environment; do not call while another thread changes it.

#include <string>
#include <string_view>

namespace xq::store {

std::string defaultDatabasePath();
// True for the paths that name a PostgreSQL database ("postgresql://", "postgres://").
bool isPostgresUri(std::string_view path);
// `path` as messages and listings may show it: a URI's password replaced by "***".
std::string displayDatabasePath(const std::string& path);
// Creates the parent directories of `dbPath` if needed (nothing for a URI); throws StoreError
// on failure.
void ensureParentDirectory(const std::string& dbPath);
// Where a training run keeps its model files unless told otherwise: <db dir>/models/<run>,
// absolute; for a PostgreSQL database, the directory of defaultDatabasePath() (model files
// are still local to each host).
std::string defaultModelDir(const std::string& dbPath, const std::string& run);

}  // namespace xq::store
