#pragma once
// `xqzero bench <subject>`: each subject registers itself with XQ_BENCH in its bench_*.cpp.
// A subject prints one JSON object per line (with --json) or a readable table.

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace xqcli {

struct BenchOptions {
    bool json = false;
    double seconds = 0;  // per measurement, 0 = subject default
    bool quick = false;  // shorter run for smoke tests
    std::string device = "cpu";  // cpu | cuda | auto (nn, mcts, selfplay)
    std::string preset = "quick";  // selfplay: the training preset measured
    int threads = 0;        // selfplay: search threads (0 = the bench's own settings)
    int gamesInFlight = 0;  // selfplay: games per search thread (0 = the preset's)
    int search = -1;        // selfplay: 0 PUCT, 1 Gumbel (-1 = the preset's)
    int inputFeatures = -1;  // selfplay: 0 basic, 1 tactical input planes (-1 = the preset's)
    int simulations = 0;    // selfplay: simulations per move (0 = the preset's)
    int worldSize = 1;      // train: data-parallel ranks (threads of this process, loopback)
};

struct BenchSubject {
    std::string name;
    std::string help;
    std::function<int(const BenchOptions&)> run;
};

std::vector<BenchSubject>& benchRegistry();

// The kind of BLAS LibTorch calls ("reference", "openblas", ...; core/nn/blas_info.h): the
// "blas" field of the JSON of every subject that runs a network, since it moves their figures.
const char* benchBlasKind();

struct BenchRegistrar {
    explicit BenchRegistrar(BenchSubject s) { benchRegistry().push_back(std::move(s)); }
};

}  // namespace xqcli

#define XQ_BENCH(name, help, fn) \
    static ::xqcli::BenchRegistrar XQ_CONCAT(xqBench_, __LINE__)({name, help, fn})
