#pragma once
// Shared --fen / --moves options: builds the position a command works on.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/xiangqi/position.h"

namespace xqcli {

struct PositionArgs {
    std::string fen;
    std::vector<std::string> moves;
    void add(CLI::App& sub);
    // Throws std::invalid_argument naming the bad FEN or move.
    xq::Position build() const;
};

}  // namespace xqcli
