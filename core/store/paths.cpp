#include "core/store/paths.h"

#include <cstdlib>
#include <filesystem>

#include "core/store/store_error.h"

namespace xq::store {

std::string defaultDatabasePath() {
    namespace fs = std::filesystem;
    fs::path base;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg && fs::path(xdg).is_absolute())
        base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home)
        base = fs::path(home) / ".local" / "share";
    else
        base = fs::current_path();  // no home at all (a bare container): beside the caller
    return (base / "xqzero" / "xqzero.db").string();
}

std::string defaultModelDir(const std::string& dbPath, const std::string& run) {
    namespace fs = std::filesystem;
    return (fs::absolute(dbPath).parent_path() / "models" / run).string();
}

void ensureParentDirectory(const std::string& dbPath) {
    namespace fs = std::filesystem;
    const fs::path parent = fs::path(dbPath).parent_path();
    if (parent.empty()) return;
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec)
        throw StoreError(StoreErrorCode::Sqlite,
                         "cannot create the directory '" + parent.string() +
                             "' for the database: " + ec.message(), dbPath);
}

}  // namespace xq::store
