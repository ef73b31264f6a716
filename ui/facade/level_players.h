#pragma once
// Maps a Play level to a core player and to the limits it plays under.
// Thread-safety: pure functions; the players they return belong to the caller.

#include <string>

#include "core/engine/player.h"
#include "ui/facade/facade_types.h"

namespace xqui {

// `modelPath` empty: the alpha-beta levels; otherwise the net levels of core/engine/levels.h
// (Random stays random, Beginner samples the policy, Amateur and Advanced search with MCTS).
// Throws std::invalid_argument when the net cannot be loaded.
xq::engine::PlayerPtr makeLevelPlayer(PlayLevel level, const std::string& modelPath = {});
// A move for the game uses the level's own strength; a hint is capped in time so the user
// never waits long for a suggestion.
xq::engine::SearchLimits levelLimits(PlayLevel level, bool hint);

}  // namespace xqui
