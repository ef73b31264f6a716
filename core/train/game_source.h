#pragma once
// Game sources a run can start from (`xqzero train --init-games SOURCE`, the Train page's
// "Start from games"): the games whose played moves the supervised phase learns
// (pipeline.h, FromGames). A source is one of
//   FILE.pgn        every good game of a PGN file (each dialect core/xiangqi/pgn.h reads);
//   kind:KIND       the database's games of a kind: imported, selfplay, eval, play, other;
//   run:NAME        the self-play games of the database's run NAME.
// Each game comes back as a GameRecord whose moves carry one visit on the move played, so the
// replay buffer turns it into samples whose policy target is that move (ReplayBuffer::addGame).
//
// Thread-safety: free functions; the store is used from the calling thread only.

#include <string>
#include <string_view>
#include <vector>

#include "core/store/records.h"

namespace xq::store {
class Store;
}

namespace xq::train {

struct SourceGames {
    std::vector<store::GameRecord> games;  // in source order, each with moves
    int skipped = 0;                       // bad PGN games and games without a move
    std::string description;               // e.g. "412 games of masters.pgn (3 skipped)"
};

// Reads the games of `source`. `store` answers kind: and run: sources (the run's own
// database). Throws xq::Error(GamesUnusable, ..., source) when the source does not parse,
// cannot be read, names an unknown kind or run, or holds no usable game.
SourceGames loadSourceGames(std::string_view source, store::Store& store);

// The same game with every move's visits replaced by one visit on the move played (its root
// value and policy surprise, which measured the search, dropped).
store::GameRecord playedMoveTargets(store::GameRecord game);

}  // namespace xq::train
