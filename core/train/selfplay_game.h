#pragma once
// Private helpers shared by self-play and the arena (core/train only): how a game ends (the
// rules, the length cap and its optional material adjudication), how a searched move is
// recorded (root value + sparse visits), uniformly random opening moves, per-game seeds.
//
// Thread-safety: pure functions of their arguments (the RNG argument is the caller's).

#include <cstdint>
#include <random>

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

// A searched move: the root value (side to move's view, as the search reports it) and the
// visit counts of the moves that got any (sparse; reused visits included, as they are part of
// the search's distribution), forced playouts pruned (SearchResult::targetVisits).
store::MoveRecord searchedMove(const search::SearchResult& r, Move played);

// A uniformly random legal move; a null Move when there is none.
Move randomLegalMove(const Position& pos, std::mt19937_64& rng);

// Independent, well-mixed seeds for game `index` of a run seeded with `seed` (splitmix64).
uint64_t gameSeed(uint64_t seed, uint64_t index);

}  // namespace xq::train::detail
