#pragma once
// Shared --fen / --moves options: builds the position a command works on. Moves also come as
// positional arguments after '--', the one way (besides --moves=-P+1) to give a WXF move that
// starts with '-' without the command line taking it for an option.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/xiangqi/position.h"

namespace xqcli {

struct PositionArgs {
    std::string fen;
    std::vector<std::string> moves;          // --moves values
    std::vector<std::string> trailingMoves;  // positional, after '--'
    void add(CLI::App& sub);
    // Every move, in order: --moves first, then those after '--'; values split on spaces/commas.
    std::vector<std::string> allMoves() const;
    // Throws std::invalid_argument naming the bad FEN or move.
    xq::Position build() const;
};

}  // namespace xqcli
