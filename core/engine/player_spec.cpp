#include "core/engine/player_spec.h"

#include <map>
#include <mutex>
#include <stdexcept>

#include "core/engine/external_engine.h"
#include "core/engine/levels.h"
#include "core/engine/net_players.h"
#include "core/engine/players.h"

namespace xq::engine {

namespace {
std::map<std::string, SpecHook>& hooks() {
    static std::map<std::string, SpecHook> h;
    return h;
}

struct Parsed {
    std::string kind;  // prefix before ':' (or the whole spec)
    std::string body;
};

Parsed split(const std::string& spec) {
    const size_t c = spec.find(':');
    if (c == std::string::npos) return {spec, {}};
    return {spec.substr(0, c), spec.substr(c + 1)};
}

int parseInt(const std::string& s, const std::string& what, int lo, int hi) {
    size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != s.size() || v < lo || v > hi)
        throw std::invalid_argument(what + " must be a number from " + std::to_string(lo) +
                                    " to " + std::to_string(hi) + ", not '" + s + "'");
    return v;
}

const char* kHelp =
    "expected random, alphabeta:DEPTH, level:random|beginner|amateur|advanced[@MODEL], "
    "uci:COMMAND, ucci:COMMAND, net:PATH@SIMS or best:RUN@SIMS";

// Validates and, when `build` is set, constructs.
PlayerPtr parse(const std::string& spec, const PlayerSpecContext& ctx, bool build) {
    const Parsed p = split(spec);
    const std::string where = "player spec '" + spec + "': ";
    try {
        if (p.kind == "random" && p.body.empty()) {
            return build ? std::make_unique<RandomPlayer>(ctx.seed) : nullptr;
        }
        if (p.kind == "alphabeta") {
            AlphaBetaConfig cfg;
            cfg.depth = parseInt(p.body, "DEPTH", 1, 60);
            cfg.seed = ctx.seed;
            return build ? std::make_unique<AlphaBetaPlayer>(cfg) : nullptr;
        }
        if (p.kind == "level") {
            const size_t at = p.body.find('@');
            const std::string name = p.body.substr(0, at);
            const std::string model = at == std::string::npos ? "" : p.body.substr(at + 1);
            const auto level = parseLevel(name);
            if (!level)
                throw std::invalid_argument("unknown level '" + name +
                                            "' (random, beginner, amateur, advanced)");
            if (at != std::string::npos && model.empty())
                throw std::invalid_argument("empty MODEL after '@'");
            return build ? makeLevelPlayer(*level, model, ctx.seed) : nullptr;
        }
        if (p.kind == "uci" || p.kind == "ucci") {
            if (p.body.empty()) throw std::invalid_argument("missing COMMAND");
            ExternalEngineConfig cfg;
            cfg.command = p.body;
            cfg.protocol = p.kind == "uci" ? Protocol::Uci : Protocol::Ucci;
            return build ? std::make_unique<ExternalEnginePlayer>(cfg) : nullptr;
        }
        const auto h = hooks().find(p.kind);
        if (h != hooks().end()) {
            if (p.body.empty()) throw std::invalid_argument("missing text after '" + p.kind + ":'");
            return build ? h->second(p.body, ctx) : nullptr;
        }
        if (p.kind == "net" || p.kind == "best" || p.kind == "policy") {
            if (p.body.find('@') == std::string::npos)
                throw std::invalid_argument("expected " + p.kind + ":" +
                                            (p.kind == "best" ? "RUN" : "PATH") + "@" +
                                            (p.kind == "policy" ? "TEMPERATURE" : "SIMS"));
            if (!build) return nullptr;
            if (p.kind == "net") return makeNetPlayer(p.body, ctx);
            if (p.kind == "policy") return makePolicyPlayer(p.body, ctx);
            return makeBestPlayer(p.body, ctx);
        }
    } catch (const std::invalid_argument& e) {
        const std::string msg = e.what();
        if (msg.rfind("player spec", 0) == 0) throw;
        throw std::invalid_argument(where + msg);
    }
    throw std::invalid_argument(where + kHelp);
}
}  // namespace

void registerSpecHook(const std::string& prefix, SpecHook hook) {
    hooks()[prefix] = std::move(hook);
}

PlayerPtr makePlayer(const std::string& spec, const PlayerSpecContext& ctx) {
    return parse(spec, ctx, true);
}

std::string checkPlayerSpec(const std::string& spec) {
    try {
        // Hook-built players are only checked for a known prefix here.
        parse(spec, {}, false);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return {};
}

}  // namespace xq::engine
