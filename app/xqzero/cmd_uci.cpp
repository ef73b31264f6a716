// xqzero uci | xqzero ucci: engine mode over stdin/stdout (core/engine/uci.h). `xqzero uci`
// also switches to UCCI when the first line it reads is `ucci`.
#include <iostream>
#include <memory>

#include "app/xqzero/command.h"
#include "core/engine/uci.h"
#include "core/version.h"

namespace {

std::function<int()> setupMode(CLI::App& sub, xq::engine::ProtocolMode mode) {
    struct Opts {
        std::string model;
        int hash = 16;
    };
    auto o = std::make_shared<Opts>();
    sub.add_option("--model", o->model, "Play with this model file (MCTS); default alpha-beta");
    sub.add_option("--hash", o->hash, "Transposition table size in MB")->check(CLI::Range(1, 1024));
    return [o, mode] {
        std::ios::sync_with_stdio(false);
        xq::engine::UciConfig cfg;
        cfg.mode = mode;
        cfg.engineName = std::string("XQZero ") + XQ_VERSION;
        cfg.modelPath = o->model;
        cfg.hashMb = o->hash;
        xq::engine::UciLoop loop(std::cin, std::cout, cfg);
        return loop.run();
    };
}

XQ_COMMAND("uci", "Engine mode, UCI protocol (UCCI when the first line is 'ucci')",
           [](CLI::App& sub) { return setupMode(sub, xq::engine::ProtocolMode::Auto); });
XQ_COMMAND("ucci", "Engine mode, UCCI protocol",
           [](CLI::App& sub) { return setupMode(sub, xq::engine::ProtocolMode::Ucci); });

}  // namespace
