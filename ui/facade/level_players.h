#pragma once
// Maps a Play level to a core player and to the limits it plays under.
// Thread-safety: pure functions; the players they return belong to the caller.

#include "core/engine/player.h"
#include "ui/facade/facade_types.h"

namespace xqui {

xq::engine::PlayerPtr makeLevelPlayer(PlayLevel level);
// A move for the game uses the level's own strength; a hint is capped in time so the user
// never waits long for a suggestion.
xq::engine::SearchLimits levelLimits(PlayLevel level, bool hint);

}  // namespace xqui
