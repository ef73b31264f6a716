#include "core/store/paths.h"

#include <cstdlib>
#include <filesystem>

#include "core/error.h"
#include "core/store/run_name.h"
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

std::string modelRoot(const std::string& dbPath) {
    namespace fs = std::filesystem;
    const std::string local = isPostgresUri(dbPath) ? defaultDatabasePath() : dbPath;
    return (fs::absolute(local).parent_path() / "models").lexically_normal().string();
}

std::string defaultModelDir(const std::string& dbPath, const std::string& run) {
    namespace fs = std::filesystem;
    if (const auto why = runNameProblem(run))
        throw Error(ErrorCode::RunNameInvalid,
                    "the run '" + printableRunName(run) + "' has a name that cannot name a folder (" + *why +
                        "); nothing was read, written or deleted for it. Rename it: xqzero db rename-run "
                        "--db DB -- OLD NEW (the old name as the database lists it)",
                    printableRunName(run));
    const std::string root = modelRoot(dbPath);
    const std::string dir = (fs::path(root) / run).string();
    requireInsideRoot(root, dir);
    return dir;
}

void requireInsideRoot(const std::string& root, const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec1, ec2;
    const fs::path r = fs::weakly_canonical(fs::absolute(root), ec1);
    const fs::path d = fs::weakly_canonical(fs::absolute(dir), ec2);
    const bool inside = !ec1 && !ec2 && d.has_filename() && d.parent_path() == r;
    if (!inside)
        throw Error(ErrorCode::FolderOutsideRoot,
                    "the model folder " + dir + " resolves to " + d.string() + ", which is not a folder directly inside " +
                        r.string() + "; refused: nothing was written, moved or deleted there",
                    dir);
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
