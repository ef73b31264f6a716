#include "ui/facade/level_players.h"

#include <random>

#include "core/engine/levels.h"

namespace xqui {

static_assert(kPlayLevelCount == xq::engine::kLevelCount, "Play levels mirror core/engine/levels.h");

xq::engine::PlayerPtr makeLevelPlayer(PlayLevel level, const std::string& modelPath) {
    // A fresh seed per player so two games at the same level do not repeat each other.
    return xq::engine::makeLevelPlayer(xq::engine::Level(int(level)), modelPath, std::random_device{}());
}

xq::engine::SearchLimits levelLimits(PlayLevel, bool hint) {
    xq::engine::SearchLimits l;  // empty limits: the level plays at its own strength
    if (hint) l.movetimeMs = 1500;
    return l;
}

}  // namespace xqui
