#pragma once
// The four difficulty levels of the Play page and `level:NAME[@MODEL]` player specs.
//
// Without a net (the mapping is the table below, in levels.cpp):
//   Random   (随机)  uniform random legal moves
//   Beginner (入门)  alpha-beta depth 1 (+ quiescence), ±60 cp evaluation noise
//   Amateur  (业余)  alpha-beta depth 3, ±15 cp noise (so games vary)
//   Advanced (进阶)  alpha-beta depth 5, exact evaluation
// With a net (MODEL given and the net players built):
//   Random   uniform random (a net adds nothing to it)
//   Beginner one network call: sample from the policy with temperature 1
//   Amateur  MCTS, 64 simulations
//   Advanced MCTS, 400 simulations
// Each level is meant to beat the one below in >= 75% of games (measured with
// `xqzero match level:X level:Y`; figures in the engine README section / report).
//
// Thread-safety: pure functions; the returned players follow player.h.

#include <optional>
#include <string>

#include "core/engine/player.h"

namespace xq::engine {

enum class Level { Random, Beginner, Amateur, Advanced };
constexpr int kLevelCount = 4;

const char* levelName(Level l);         // "random", "beginner", "amateur", "advanced"
const char* levelChineseName(Level l);  // "随机", "入门", "业余", "进阶" (UTF-8; for the UI)
std::optional<Level> parseLevel(const std::string& name);  // case-insensitive English name

// A player for the level. `modelPath` empty = no net. `seed` varies noise and sampling.
// Throws std::invalid_argument when a net level is asked for but cannot be built.
PlayerPtr makeLevelPlayer(Level level, const std::string& modelPath = {}, uint64_t seed = 1);

}  // namespace xq::engine
