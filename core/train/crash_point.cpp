#include "core/train/crash_point.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <algorithm>

namespace xq::train {

void crashPoint(const char* name) {
    const char* spec = std::getenv("XQ_CRASH_AT");
    if (!spec || !*spec) return;
    const char* colon = std::strchr(spec, ':');
    const size_t len = colon ? size_t(colon - spec) : std::strlen(spec);
    if (len != std::strlen(name) || std::strncmp(spec, name, len) != 0) return;
    const long nth = colon ? std::max(1L, std::strtol(colon + 1, nullptr, 10)) : 1;
    static std::atomic<long> passes{0};
    if (passes.fetch_add(1) + 1 >= nth) std::raise(SIGKILL);
}

}  // namespace xq::train
