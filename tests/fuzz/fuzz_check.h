#pragma once
// FUZZ_CHECK(cond, detail): a property every input must keep. On failure it prints the
// condition and `detail` (a std::string naming the values involved) and aborts, which
// libFuzzer reports as a crash and saves the input.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace xqfuzz {

[[noreturn]] inline void fail(const char* cond, const std::string& detail, const char* file, int line) {
    std::fprintf(stderr, "\nFUZZ_CHECK failed at %s:%d: %s\n  %s\n", file, line, cond, detail.c_str());
    std::abort();
}

}  // namespace xqfuzz

#define FUZZ_CHECK(cond, detail)                                       \
    do {                                                               \
        if (!(cond)) ::xqfuzz::fail(#cond, (detail), __FILE__, __LINE__); \
    } while (0)
