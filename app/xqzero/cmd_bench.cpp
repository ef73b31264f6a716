// xqzero bench <subject> [--json] [--seconds S] [--quick]
#include <iostream>

#include "app/xqzero/bench.h"
#include "app/xqzero/command.h"
#include "core/nn/blas_info.h"

namespace xqcli {
std::vector<BenchSubject>& benchRegistry() {
    static std::vector<BenchSubject> r;
    return r;
}

const char* benchBlasKind() {
    static const char* kind = xq::nn::blasKindName(xq::nn::loadedBlas().kind);
    return kind;
}
}  // namespace xqcli

namespace {

std::function<int()> setup(CLI::App& sub) {
    struct Opts {
        std::string subject;
        xqcli::BenchOptions bench;
    };
    auto o = std::make_shared<Opts>();
    std::string names;
    for (auto& s : xqcli::benchRegistry()) names += (names.empty() ? "" : ", ") + s.name;
    sub.add_option("subject", o->subject, "What to measure: " + names)->required();
    sub.add_flag("--json", o->bench.json, "One JSON object per line");
    sub.add_option("--seconds", o->bench.seconds, "Time per measurement (0 = default)");
    sub.add_flag("--quick", o->bench.quick, "A short run (smoke test)");
    sub.add_option("--device", o->bench.device, "Where the network runs (nn, mcts, selfplay)")
        ->check(CLI::IsMember({"cpu", "cuda", "auto"}));
    sub.add_option("--preset", o->bench.preset, "Training preset measured by selfplay")
        ->check(CLI::IsMember({"quick", "standard", "full"}));
    sub.add_option("--threads", o->bench.threads,
                   "selfplay: search threads, one setting (default: a sweep of settings)")
        ->check(xqcli::paramRange("threads"));
    sub.add_option("--search", o->bench.search,
                   "selfplay: 0 PUCT, 1 Gumbel (default: the preset's)")
        ->check(xqcli::paramRange("search"));
    sub.add_option("--input-features", o->bench.inputFeatures,
                   "selfplay: 0 basic, 1 tactical input planes (default: the preset's)")
        ->check(xqcli::paramRange("input-features"));
    sub.add_option("--simulations", o->bench.simulations,
                   "selfplay: simulations per move (default: the preset's)")
        ->check(xqcli::paramRange("simulations"));
    sub.add_option("--games-in-flight", o->bench.gamesInFlight,
                   "selfplay: games per search thread (default: the preset's)")
        ->check(xqcli::paramRange("games-in-flight"));
    sub.add_option("--world-size", o->bench.worldSize,
                   "train: data-parallel ranks, as threads of this process over Gloo on loopback")
        ->check(CLI::Range(1, 64));
    return [o] {
        for (auto& s : xqcli::benchRegistry())
            if (s.name == o->subject) return s.run(o->bench);
        std::cerr << "xqzero bench: unknown subject '" << o->subject << "'\n";
        return xqcli::kExitUsage;
    };
}

XQ_COMMAND("bench", "Measure speed (movegen, nn, mcts, selfplay, ...)", setup);

}  // namespace
