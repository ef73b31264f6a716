#pragma once
// Player specs: the one place where text names a player (xqzero match, gating, the UCI loop,
// the GUI's opponent box).
//
//   random                       uniform random legal moves
//   alphabeta:DEPTH              alpha-beta to DEPTH plies (1..60)
//   level:NAME[@MODEL]           random | beginner | amateur | advanced (levels.h)
//   uci:COMMAND                  an external engine over UCI (e.g. uci:/usr/games/fairy-stockfish)
//   ucci:COMMAND                 an external engine over UCCI
//   net:PATH@SIMS                a model file searched with MCTS, SIMS simulations per move
//   best:RUN@SIMS                the current best model of a training run (--db or default db)
//   policy:PATH@TEMPERATURE      one network call per move, policy sampled (Beginner with a net)
// net:/policy:/best: are built by net_players.h (they need LibTorch; best: also the store).
// A hook registered for a prefix takes precedence (tests, future player kinds).
//
// Thread-safety: parsing is pure; registerSpecHook() must happen before concurrent use (e.g.
// at start-up).

#include <cstdint>
#include <functional>
#include <string>

#include "core/engine/player.h"

namespace xq::engine {

// Policy softmax temperature of the MCTS players that play (net:, best:, the levels; not
// self-play or gating, whose visit counts are training targets): flatter priors make 200
// simulations look at moves the network ranks low. 1 = the network's priors.
inline constexpr float kPlayPolicyTemperature = 1.6f;
// Leaves the MCTS players that play collect per network call (MctsParams::batchSize): a batch
// fills the network better, and its virtual losses make the search less exact at a given
// simulation count.
inline constexpr int kPlaySearchBatch = 8;

struct PlayerSpecContext {
    uint64_t seed = 1;       // seeds random players and noise (vary per match instance)
    std::string dbPath;      // for best:RUN (empty = the default database)
    int mateSearchMoves = -1;  // MCTS players' root mate probe (-1 = MctsParams' default)
    int leafMateSearchMoves = -1;  // and at every leaf (-1 = the default)
    float policyTemperature = 0;   // MCTS players' policy softmax temperature (0 = kPlayPolicyTemperature)
    int searchBatch = 0;           // MCTS players' leaves per network call (0 = kPlaySearchBatch)
    // MCTS players search with the Gumbel search without noise (Sequential Halving, the
    // network's own priors unless policyTemperature says otherwise) instead of PUCT.
    bool gumbel = false;
};

// Builds the player a spec names; throws std::invalid_argument naming what is wrong.
PlayerPtr makePlayer(const std::string& spec, const PlayerSpecContext& ctx = {});
// Checks a spec without building it (no process is started); empty string when fine.
std::string checkPlayerSpec(const std::string& spec);

// Builder for the part after "prefix:". Registered for "net" and "best" by other modules.
using SpecHook = std::function<PlayerPtr(const std::string& body, const PlayerSpecContext&)>;
void registerSpecHook(const std::string& prefix, SpecHook hook);

}  // namespace xq::engine
