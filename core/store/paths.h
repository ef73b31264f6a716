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
// The folder that holds the runs' model folders: <db dir>/models, absolute; for a PostgreSQL
// database, beside defaultDatabasePath() (model files are still local to each host).
std::string modelRoot(const std::string& dbPath);
// Where a training run keeps its model files unless told otherwise: modelRoot/<run>. Throws
// xq::Error(RunNameInvalid) for a name that fails the rule of run_name.h (one read back from a
// database included: nothing is derived from it), and FolderOutsideRoot when the folder,
// resolved through links, is not a child of modelRoot.
std::string defaultModelDir(const std::string& dbPath, const std::string& run);
// Throws xq::Error(FolderOutsideRoot, subject: dir) unless `dir`, resolved through links as
// far as it exists, lies strictly inside `root` (resolved the same way). Callers check again
// right before they move or delete a run's folder.
void requireInsideRoot(const std::string& root, const std::string& dir);

}  // namespace xq::store
