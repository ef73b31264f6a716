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

bool isPostgresUri(std::string_view path) {
    return path.starts_with("postgresql://") || path.starts_with("postgres://");
}

std::string displayDatabasePath(const std::string& path) {
    if (!isPostgresUri(path)) return path;
    std::string s = path;
    // userinfo: scheme://user:password@host
    const size_t start = s.find("://") + 3;
    const size_t end = s.find_first_of("/?", start);
    const size_t at = s.rfind('@', end == std::string::npos ? s.size() : end);
    if (at != std::string::npos && at >= start) {
        const size_t colon = s.find(':', start);
        if (colon != std::string::npos && colon < at) s.replace(colon + 1, at - colon - 1, "***");
    }
    // query parameter: ...?password=secret&...
    const std::string_view key = "password=";
    for (size_t p = s.find(key); p != std::string::npos; p = s.find(key, p + 1)) {
        if (p == 0 || (s[p - 1] != '?' && s[p - 1] != '&')) continue;
        const size_t v = p + key.size();
        const size_t e = s.find('&', v);
        s.replace(v, (e == std::string::npos ? s.size() : e) - v, "***");
    }
    return s;
}

std::string defaultModelDir(const std::string& dbPath, const std::string& run) {
    namespace fs = std::filesystem;
    const std::string local = isPostgresUri(dbPath) ? defaultDatabasePath() : dbPath;
    return (fs::absolute(local).parent_path() / "models" / run).string();
}

void ensureParentDirectory(const std::string& dbPath) {
    namespace fs = std::filesystem;
    if (isPostgresUri(dbPath)) return;
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
