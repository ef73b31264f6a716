#pragma once
// The UCI / UCCI engine loop behind `xqzero uci` and `xqzero ucci`, over any istream/ostream
// pair so that scripted sessions can be tested.
//
// UCI (Pikafish-style, moves a0–i9 with ranks 0–9): uci, isready, ucinewgame,
// setoption name N [value V] (Hash, Model), position startpos|fen F [moves …],
// go [depth N] [nodes N] [mate N] [movetime MS] [wtime/btime/winc/binc/movestogo] [infinite], stop,
// ponderhit (ignored), quit. Replies: id/option/uciok, readyok, info depth … score cp|mate …
// nodes … nps … time … pv …, bestmove M (or "bestmove (none)").
// UCCI 3.0 subset: ucci, isready, setoption NAME VALUE (hashsize, usemillisec, …),
// position …, banmoves M …, go [draw] depth|nodes|time T [movestogo|increment] [opptime …]
// |infinite, stop, quit (→ bye). Times are seconds unless `setoption usemillisec true`.
// bestmove M [draw|resign]: `resign` when the search sees itself mated, `draw` accepting the
// opponent's `go draw` when clearly worse; `nobestmove` without a legal move.
// Mode Auto: the first non-empty line decides (`ucci` → UCCI, anything else → UCI).
//
// Robustness: malformed or unknown lines answer `info string error: …` and the loop goes on;
// a position with an illegal move is refused as a whole (the previous position stays).
// The search runs on its own thread so that `stop`, `isready` and `quit` are served at once;
// an `infinite` search keeps its bestmove until `stop`.
//
// End of input stops a running search (bounded or not; its bestmove line is still written)
// and run() returns: a GUI that dies must not leave an engine searching.
// Numeric fields are checked and clamped as uci_parse.h describes (no overflow on
// `go movetime 1e30`, `go depth nan` refused).
//
// Thread-safety: run() is called on one thread and returns at `quit` or end of input; the
// search thread is always joined before run() returns. Output lines are written whole under
// a mutex and flushed.

#include <functional>
#include <iosfwd>
#include <string>

#include "core/engine/player.h"

namespace xq::engine {

enum class ProtocolMode { Auto, Uci, Ucci };

struct UciConfig {
    ProtocolMode mode = ProtocolMode::Auto;
    std::string engineName = "XQZero";
    std::string author = "XQZero Studio authors";
    std::string modelPath;   // play with this net (when net players exist), else alpha-beta
    int hashMb = 16;
    // Builds the playing engine from (modelPath, hashMb). Default: a net player via the
    // `net:` spec when modelPath is set, otherwise AlphaBetaPlayer.
    std::function<PlayerPtr(const std::string& model, int hashMb)> makeEngine;
};

class UciLoop {
public:
    UciLoop(std::istream& in, std::ostream& out, UciConfig cfg = {});
    ~UciLoop();
    UciLoop(const UciLoop&) = delete;
    UciLoop& operator=(const UciLoop&) = delete;
    // Serves until `quit` or end of input. Returns 0.
    int run();

private:
    struct Impl;
    Impl* impl_;
};

}  // namespace xq::engine
