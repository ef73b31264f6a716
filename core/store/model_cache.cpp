#include "core/store/model_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "core/store/sha256.h"

namespace xq::store {

namespace fs = std::filesystem;

namespace {

bool absoluteEnv(const char* name, std::string& out) {
    const char* v = std::getenv(name);
    if (!v || !*v || v[0] != '/') return false;
    out = v;
    return true;
}

// The file's bytes hash to `sha256` (false when it cannot be read).
bool fileMatches(const fs::path& path, const std::string& sha256) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    return !in.bad() && sha256Hex(bytes) == sha256;
}

[[noreturn]] void cannotWrite(const fs::path& path, const std::string& why) {
    throw StoreError(StoreErrorCode::Sqlite,
                     "writing the cached model '" + path.string() + "': " + why, path.string());
}

}  // namespace

std::string defaultModelCacheDir() {
    std::string v;
    if (const char* c = std::getenv("XQ_MODEL_CACHE"); c && *c) return c;
    if (absoluteEnv("XDG_CACHE_HOME", v)) return v + "/xqzero/models";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.cache/xqzero/models";
}

std::string cachedModelFile(Store& store, const std::string& sha256, const std::string& dir) {
    // The name becomes a path: only a real digest may reach the file system.
    if (!isSha256Hex(sha256))
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "'" + sha256 + "' is not a SHA-256 (64 lowercase hex digits)");
    const fs::path target = fs::path(dir) / (sha256 + ".xqm");
    std::error_code ec;
    if (fs::is_regular_file(target, ec) && fileMatches(target, sha256)) return target.string();

    const std::optional<std::vector<uint8_t>> bytes = store.loadBlob(sha256);
    if (!bytes)
        throw StoreError(StoreErrorCode::NotFound,
                         "no model blob " + sha256 + " in '" + store.path() + "'", store.path());
    fs::create_directories(dir, ec);
    if (ec) cannotWrite(target, "cannot create the directory: " + ec.message());

    // A name no other writer uses: the pid for processes, a counter for threads of one.
    static std::atomic<uint64_t> counter{0};
    const fs::path tmp = fs::path(dir) / ("." + sha256 + "." + std::to_string(::getpid()) + "." +
                                          std::to_string(counter++) + ".tmp");
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes->data()), std::streamsize(bytes->size()));
        out.close();
        if (!out) {
            fs::remove(tmp, ec);
            cannotWrite(target, "the temporary file could not be written (disk full?)");
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        const std::string why = ec.message();
        fs::remove(tmp, ec);
        cannotWrite(target, why);
    }
    return target.string();
}

}  // namespace xq::store
