#pragma once
// Private helpers shared by self-play and the arena (core/train only): how a game ends (the
// rules, the length cap and its optional material adjudication), how a searched move is
// recorded (root value + sparse visits), when a search's root is unsettled, uniformly random
// opening moves, per-game seeds.
//
// Thread-safety: pure functions of their arguments (the RNG argument is the caller's).

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "core/search/mcts_result.h"
#include "core/store/records.h"
#include "core/xiangqi/position.h"
#include "core/xiangqi/rules.h"

namespace xq::train::detail {

// The rules' verdict with the length cap `maxPlies` (0 = none). When the cap ends the game and
// `adjudicate` is set, material decides: a winner is reported as Reason::Adjudication; a
// material draw stays Reason::LengthCap, so the library can still tell "ran out of moves" from
// "decided on material".
GameStatus endOfGame(const Position& pos, int maxPlies, bool adjudicate);

// Priors below this count as this in policySurprise(), so a target move the network gave
// (almost) nothing adds ln(1e4) ~ 9.2 nats at most instead of an unbounded term.
inline constexpr double kMinSurprisePrior = 1e-4;

// KL(target || priors) in nats: `target` (counts, normalised here) against the network's prior
// per move, both over the root's moves in the same order. Empty when the sizes differ or the
// target has no count.
std::optional<float> policySurprise(const std::vector<int>& target,
                                    const std::vector<float>& priors);

// A searched move: the root value (side to move's view, as the search reports it), the
// visit counts of the moves that got any (sparse; reused visits included, as they are part of
// the search's distribution), forced playouts pruned (SearchResult::targetVisits), and the
// policy surprise of that target against the root's priors (SearchResult::priors: with root
// noise where the search added it).
store::MoveRecord searchedMove(const search::SearchResult& r, Move played);

// Whether a finished search left its root unsettled: the Q of its best move (the root mover's
// view) differs from the network's value of the root (SearchResult::networkValue) by at least
// `valueChange`, i.e. the search found what the network's evaluation missed. A root the
// solver proved, a best move it proved, or a best move without visits is settled.
bool unsettledRoot(const search::SearchResult& r, float valueChange);

// A uniformly random legal move; a null Move when there is none.
Move randomLegalMove(const Position& pos, std::mt19937_64& rng);

// Independent, well-mixed seeds for game `index` of a run seeded with `seed` (splitmix64).
uint64_t gameSeed(uint64_t seed, uint64_t index);

}  // namespace xq::train::detail
