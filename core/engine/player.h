#pragma once
// Player: the one interface through which the GUI (Play page), `xqzero match`, the UCI/UCCI loop
// and gating ask "what move here?". Implementations: RandomPlayer, AlphaBetaPlayer,
// ExternalEnginePlayer (a UCI/UCCI process), and net-backed players (policy sampling, MCTS).
// Build them from text with core/engine/player_spec.h or from a level with levels.h.
//
// Thread-safety: a Player instance is used by one thread at a time (chooseMove() runs on the
// caller's thread, typically a worker). The only cross-thread operation is the `stop` flag
// passed to chooseMove(): another thread may set it at any time and chooseMove() then returns
// its best move so far promptly (an external engine is sent `stop`). Different Player
// instances are independent and may run on different threads at once.
//
// Errors: chooseMove() throws PlayerError when it cannot produce a move (an external engine
// crashed, stayed silent past its timeout, or answered an illegal move). It never hangs
// forever and never returns an illegal move; it returns a null Move only when the position
// has no legal move.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/search/mcts_snapshot.h"
#include "core/xiangqi/position.h"

namespace xq::engine {

// Limits for one move decision. Zero / negative fields mean "no limit from this field"; when
// every field is unlimited (and `infinite` is false) the player uses its own default (its
// configured depth or simulations). Clock fields are from the mover's point of view.
struct SearchLimits {
    int depth = 0;              // plies (alpha-beta) ; ignored by MCTS
    uint64_t nodes = 0;         // nodes (alpha-beta / external engines) or simulations (MCTS)
    int movetimeMs = 0;         // think exactly about this long
    int myTimeMs = -1;          // remaining clock time, -1 = no clock
    int oppTimeMs = -1;
    int myIncMs = 0;
    int oppIncMs = 0;
    int movesToGo = 0;          // 0 = sudden death
    bool infinite = false;      // search until stopped (analysis)
    std::vector<Move> banMoves; // moves the player must not choose (UCCI banmoves)

    static SearchLimits ofDepth(int d) {
        SearchLimits l;
        l.depth = d;
        return l;
    }
    static SearchLimits ofNodes(uint64_t n) {
        SearchLimits l;
        l.nodes = n;
        return l;
    }
    static SearchLimits ofMovetime(int ms) {
        SearchLimits l;
        l.movetimeMs = ms;
        return l;
    }
};

// Progress of a search, reported once per completed iteration (alpha-beta), per batch of
// simulations (MCTS) or per `info` line (external engines). Scores are from the side to move's
// point of view.
struct SearchInfo {
    int depth = 0;
    int selDepth = 0;
    int scoreCp = 0;       // centipawns (valid when mateIn == 0)
    int mateIn = 0;        // moves (not plies) to mate: > 0 side to move mates, < 0 is mated
    uint64_t nodes = 0;
    uint64_t nps = 0;
    int timeMs = 0;
    std::vector<Move> pv;
};
using InfoCallback = std::function<void(const SearchInfo&)>;
// The tree of a running MCTS search (root edges only), about 12 times a second.
using SnapshotCallback = std::function<void(const search::SearchSnapshot&)>;

// Code EngineFailed; the subject is the player's name (an engine's command).
struct PlayerError : Error {
    PlayerError(const std::string& message, std::string player)
        : Error(ErrorCode::EngineFailed, message, std::move(player)) {}
};

class Player {
public:
    virtual ~Player() = default;

    // Display name ("alphabeta:4", "level:amateur", "fairy-stockfish (uci)").
    virtual std::string name() const = 0;
    // A new game starts: clear per-game state (hash tables, engine `ucinewgame`).
    virtual void newGame() {}
    // The move to play in `pos`. `pos` carries its move history (for repetition rules); the
    // player works on its own copy. `stop` may be null; when another thread sets it the player
    // returns its best move so far.
    virtual Move chooseMove(const Position& pos, const SearchLimits& limits,
                            std::atomic<bool>* stop) = 0;

    // Optional progress callback, called on the thread running chooseMove().
    void setInfoCallback(InfoCallback cb) { onInfo_ = std::move(cb); }
    // Optional live view of an MCTS player's search (others never call it), on the same thread.
    void setSnapshotCallback(SnapshotCallback cb) { onSnapshot_ = std::move(cb); }

protected:
    void reportInfo(const SearchInfo& info) const {
        if (onInfo_) onInfo_(info);
    }
    InfoCallback onInfo_;
    SnapshotCallback onSnapshot_;
};

using PlayerPtr = std::unique_ptr<Player>;

}  // namespace xq::engine
