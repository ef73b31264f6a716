#include "app/xqzero/position_args.h"

#include <stdexcept>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"

namespace xqcli {

namespace {

// "h2e2 h9g7", "h2e2,h9g7": several moves in one value (Chinese moves hold no space or comma).
void appendSplit(const std::string& value, std::vector<std::string>& out) {
    std::string cur;
    for (char c : value) {
        if (c == ' ' || c == '\t' || c == ',') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
}

}  // namespace

void PositionArgs::add(CLI::App& sub) {
    sub.add_option("--fen", fen, "Start from this FEN (default: the start position)");
    // A WXF move may start with '-' (-P+1, -R.3), which a command line reads as an option:
    // such moves go as --moves=-P+1 (one value, attached with '=') or after '--'.
    sub.add_option("--moves", moves,
                   "Moves to play first (ICCS, WXF or Chinese; several per value with spaces or "
                   "commas). A move starting with '-' goes as --moves=-P+1 or after '--'");
    sub.add_option("moves-after-dashes", trailingMoves,
                   "Moves after '--', played after those of --moves: xqzero moves -- C2.5 -P+1");
}

std::vector<std::string> PositionArgs::allMoves() const {
    std::vector<std::string> out;
    for (const std::string& v : moves) appendSplit(v, out);
    for (const std::string& v : trailingMoves) appendSplit(v, out);
    return out;
}

xq::Position PositionArgs::build() const {
    xq::Position pos;
    if (!fen.empty()) pos = xq::positionFromFen(fen);
    const std::vector<std::string> list = allMoves();
    for (size_t i = 0; i < list.size(); ++i) {
        const xq::MoveParse r = xq::parseMoveAny(pos, list[i]);
        if (!r) throw std::invalid_argument("move " + std::to_string(i + 1) + ": " + r.error);
        pos.makeMove(r.move);
    }
    return pos;
}

}  // namespace xqcli
