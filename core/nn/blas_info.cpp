#include "core/nn/blas_info.h"

#include <dlfcn.h>

#include <fstream>
#include <sstream>

namespace xq::nn {

namespace {

std::string_view fileName(std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string_view parentName(std::string_view path) {
    const auto slash = path.rfind('/');
    if (slash == std::string_view::npos || slash == 0) return {};
    return fileName(path.substr(0, slash));
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

// The path field of one /proc/PID/maps line ("ADDR PERMS OFFSET DEV INODE   PATH"), empty
// for anonymous mappings.
std::string_view mapsPath(std::string_view line) {
    const auto slash = line.find('/');
    if (slash == std::string_view::npos) return {};
    std::string_view path = line.substr(slash);
    // The kernel appends " (deleted)" to a file replaced since it was mapped.
    constexpr std::string_view kDeleted = " (deleted)";
    if (path.size() > kDeleted.size() && path.substr(path.size() - kDeleted.size()) == kDeleted)
        path.remove_suffix(kDeleted.size());
    return path;
}

bool isBlasName(std::string_view name) {
    return startsWith(name, "libopenblas") || startsWith(name, "libblis") ||
           startsWith(name, "libmkl_rt");
}

}  // namespace

BlasKind classifyBlasPath(std::string_view path) {
    if (path.empty()) return BlasKind::None;
    // Debian installs each alternative in its own directory: blas/, openblas-serial/,
    // openblas-pthread/, openblas-openmp/, blis-openmp/...; a library built elsewhere keeps
    // its own name (libopenblas.so.0, libblis.so.4).
    const std::string_view name = fileName(path);
    const std::string_view dir = parentName(path);
    if (dir == "openblas-serial") return BlasKind::OpenBlasSerial;
    if (startsWith(name, "libopenblas") || startsWith(dir, "openblas")) return BlasKind::OpenBlas;
    if (startsWith(name, "libblis") || startsWith(dir, "blis")) return BlasKind::Blis;
    if (startsWith(name, "libblas.so") && dir == "blas") return BlasKind::Reference;
    return BlasKind::Other;
}

BlasLibrary blasFromMaps(std::string_view maps) {
    std::string_view fallback;
    while (!maps.empty()) {
        const auto eol = maps.find('\n');
        const std::string_view line = maps.substr(0, eol);
        maps = eol == std::string_view::npos ? std::string_view{} : maps.substr(eol + 1);
        const std::string_view path = mapsPath(line);
        const std::string_view name = fileName(path);
        if (startsWith(name, "libblas.so")) return {classifyBlasPath(path), std::string(path)};
        if (fallback.empty() && isBlasName(name)) fallback = path;
    }
    if (fallback.empty()) return {};
    return {classifyBlasPath(fallback), std::string(fallback)};
}

BlasLibrary loadedBlas() {
    std::ifstream in("/proc/self/maps");
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    BlasLibrary blas = blasFromMaps(text.str());
    if (blas.kind == BlasKind::OpenBlas || blas.kind == BlasKind::OpenBlasSerial) {
        // Debian's libblas.so.3 of OpenBLAS is a thin library over libopenblas.so.0, a second
        // alternative: the build that runs is the one that answers here.
        using GetParallel = int (*)();
        if (auto f = reinterpret_cast<GetParallel>(dlsym(RTLD_DEFAULT, "openblas_get_parallel")))
            blas.kind = f() == 0 ? BlasKind::OpenBlasSerial : BlasKind::OpenBlas;
    }
    return blas;
}

const char* blasKindName(BlasKind kind) {
    switch (kind) {
        case BlasKind::None:
            return "none";
        case BlasKind::Reference:
            return "reference";
        case BlasKind::OpenBlas:
            return "openblas";
        case BlasKind::OpenBlasSerial:
            return "openblas-serial";
        case BlasKind::Blis:
            return "blis";
        case BlasKind::Other:
            return "other";
    }
    return "other";
}

std::string blasWarning(const BlasLibrary& blas) {
    if (blas.kind == BlasKind::Reference)
        return "LibTorch calls the reference BLAS (" + blas.path +
               "), so the network's dense layers, and CPU self-play, matches and training with "
               "them, run slower than they need to. Install libopenblas0-pthread (./run.sh and "
               "./test.sh do) to use OpenBLAS.";
    if (blas.kind == BlasKind::OpenBlasSerial)
        return "LibTorch calls the single-threaded OpenBLAS (" + blas.path +
               "), which returns wrong results when two threads call it at once, so the "
               "network runs on one thread at a time and CPU self-play, matches and training "
               "run slower than they need to. Install libopenblas0-pthread (./run.sh and "
               "./test.sh do).";
    return {};
}

void useCallingThreadForBlas() {
    static std::once_flag once;
    std::call_once(once, [] {
        using SetThreads = void (*)(int);
        if (auto f = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
            f(1);
    });
}

bool blasAllowsConcurrentCalls() {
    static const bool allows = loadedBlas().kind != BlasKind::OpenBlasSerial;
    return allows;
}

BlasCallGuard::BlasCallGuard(bool onCpu) {
    static std::recursive_mutex mutex;
    if (onCpu && !blasAllowsConcurrentCalls()) lock_ = std::unique_lock(mutex);
}

}  // namespace xq::nn
