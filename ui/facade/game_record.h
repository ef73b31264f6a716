#pragma once
// A game as the Play session keeps it (play_session.h): the start position, the moves played,
// and how it ended. Positions are rebuilt by replaying from the start so every Position
// carries the full history the rules need (repetition, perpetual check).
//
// Thread-safety: a plain value; copy it to hand it to another thread.

#include <string>
#include <vector>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"

namespace xqui {

class GameRecord {
public:
    GameRecord() = default;
    // Starts over from `start` (its own history is dropped: the game begins there).
    void reset(const xq::Position& start = xq::Position()) {
        startFen_ = xq::toFen(start);
        start_ = xq::positionFromFen(startFen_);
        current_ = start_;
        moves_.clear();
        status_ = {};
    }
    const xq::Position& start() const { return start_; }
    const std::string& startFen() const { return startFen_; }
    bool fromStandardStart() const { return startFen_ == xq::toFen(xq::Position()); }
    const xq::Position& current() const { return current_; }
    const std::vector<xq::Move>& moves() const { return moves_; }
    int plies() const { return int(moves_.size()); }

    // Plays a move that must be legal; returns false (and changes nothing) when it is not.
    bool play(xq::Move m) {
        if (!current_.isLegal(m)) return false;
        current_.makeMove(m);
        moves_.push_back(m);
        status_ = {};
        return true;
    }
    // Takes back the last `n` plies (fewer if the game is shorter).
    void takeBack(int n) {
        while (n-- > 0 && !moves_.empty()) {
            moves_.pop_back();
            current_.unmakeMove();
        }
        status_ = {};
    }
    // The position after `ply` moves (0 = start), with history.
    xq::Position positionAt(int ply) const {
        xq::Position p = start_;
        for (int i = 0; i < ply && i < plies(); ++i) p.makeMove(moves_[i]);
        return p;
    }
    // Result and reason: what the rules say, unless the game was ended by resignation.
    xq::GameStatus status() const { return status_.over() ? status_ : xq::gameStatus(current_); }
    void resign(xq::Color loser) { status_ = {xq::winnerResult(~loser), xq::Reason::Resignation}; }

private:
    xq::Position start_;
    std::string startFen_ = xq::toFen(xq::Position());
    xq::Position current_;
    std::vector<xq::Move> moves_;
    xq::GameStatus status_;  // set only for endings the rules cannot see (resignation)
};

}  // namespace xqui
