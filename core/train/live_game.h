#pragma once
// LiveGame: a snapshot of one self-play game in flight, for a UI that shows training as it
// happens (SelfPlay::liveGame(), Pipeline::liveGame()). A plain value copied out of the
// self-play worker under a small mutex, so the caller may keep it as long as it likes.
//
// Perspective: search.rootValue (and each child's q) follow core/search/mcts_snapshot.h:
// rootValue is for the side to move in the position after `moves`.
//
// Consistency: `moves` and `search` are always of the same moment: search.rootKey is the key
// of the position reached by playing `moves` from the start position, and every child of
// search is a legal move there. When a move is played the search is cleared (rootVisits 0,
// no children) until the next snapshot of the new search is taken.
//
// Thread-safety: plain value.

#include <cstdint>
#include <vector>

#include "core/search/mcts_snapshot.h"
#include "core/xiangqi/types.h"

namespace xq::train {

struct LiveGame {
    int slot = 0;                 // which game in flight: 0 .. slotCount-1
    int slotCount = 0;            // games in flight in the running self-play (all threads)
    bool active = false;          // a game is being played in this slot now
    uint64_t gameNumber = 0;      // the game's start order in this self-play run (0, 1, ...)
    int generation = 0;           // the network generation playing it
    std::vector<Move> moves;      // from the start position, random opening plies included
    search::SearchSnapshot search;// the search in progress (root visits, root value), or empty
    bool fullSearch = true;       // that search is a full one (a training target)
    uint64_t version = 0;         // grows with every change of this slot
};

}  // namespace xq::train
