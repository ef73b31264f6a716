#include "core/xiangqi/rules.h"

#include <algorithm>
#include <vector>

namespace xq {

namespace {

// The earliest ply at which an earlier occurrence of the current position could lie. A
// capture makes every earlier position unreachable (material only decreases), so the search
// never looks past the last capture; the FEN halfmove field may claim more quiet plies than the
// recorded history holds, so the window is also clipped to the history.
int windowStart(const Position& pos) {
    return std::max(0, pos.gamePly() - pos.rule60());
}

// Scans the earlier positions with the same side to move. history()[j].key is the key of the
// position at ply j (before move j), so the same side is to move there when gamePly() - j is
// even. Returns the number of earlier occurrences; `first` gets the earliest one's ply.
int scanRepetitions(const Position& pos, int& first) {
    const auto& h = pos.history();
    const int n = pos.gamePly();
    const uint64_t key = pos.key();
    int count = 0;
    first = -1;
    for (int j = n - 2; j >= windowStart(pos); j -= 2) {
        if (h[size_t(j)].key == key) {
            ++count;
            first = j;
        }
    }
    return count;
}

bool hasAttacker(const Position& pos, Color c) {
    for (PieceType t : {Rook, Horse, Cannon, Pawn})
        if (pos.count(makePiece(c, t)) > 0) return true;
    return false;
}

}  // namespace

int repetitionCount(const Position& pos) {
    int first = -1;
    return scanRepetitions(pos, first);
}

GameStatus gameStatus(const Position& pos, const RuleOptions& opts) {
    const Color us = pos.sideToMove();

    // (1) No legal move loses for the side to move, in check (mate) or not (stalemate, 困毙).
    if (!pos.hasLegalMove())
        return {winnerResult(~us), pos.inCheck() ? Reason::Checkmate : Reason::Stalemate};

    // (2) Repetition. The moves from the first repeated occurrence up to now form the cycle(s);
    // none of them captured (the window stops at the last capture). Moves at plies j with
    // (n - j) even were made by the side to move now, the others by the opponent.
    int first = -1;
    const int earlier = scanRepetitions(pos, first);
    if (opts.repetitions > 0 && earlier + 1 >= opts.repetitions) {
        const auto& h = pos.history();
        const int n = pos.gamePly();
        bool usAlwaysChecked = true, themAlwaysChecked = true;
        for (int j = first; j < n; ++j) {
            const bool byUs = (n - j) % 2 == 0;
            if (!h[size_t(j)].gaveCheck) (byUs ? usAlwaysChecked : themAlwaysChecked) = false;
        }
        if (usAlwaysChecked != themAlwaysChecked) {
            const Color checker = usAlwaysChecked ? us : ~us;
            return {winnerResult(~checker), Reason::PerpetualCheck};
        }
        // Perpetual chase, unless both sides checked throughout (a draw whatever else they
        // did). The position at `first` is the current one, so the cycle replays from it.
        if (opts.perpetualChase && !usAlwaysChecked) {
            std::vector<Move> cycle;
            cycle.reserve(size_t(n - first));
            for (int j = first; j < n; ++j) cycle.push_back(h[size_t(j)].move);
            const ChaseVerdict v = judgeChase(pos, cycle);
            if (v.decided) return {winnerResult(~v.loser), Reason::PerpetualChase, v.info};
        }
        return {Result::Draw, Reason::Repetition};
    }

    // (3) 60-move rule (自然限着): 120 plies without a capture.
    if (pos.rule60() >= 120) return {Result::Draw, Reason::Rule60};

    // (4) Neither side can ever mate: no rook, horse, cannon or pawn on the board.
    if (!hasAttacker(pos, Red) && !hasAttacker(pos, Black)) return {Result::Draw, Reason::Material};

    // (5) Optional hard cap on game length (self-play); the caller may adjudicate further.
    if (opts.lengthCap > 0 && pos.gamePly() >= opts.lengthCap)
        return {Result::Draw, Reason::LengthCap};

    return {};
}

const char* reasonName(Reason r) {
    switch (r) {
        case Reason::None:
            return "none";
        case Reason::Checkmate:
            return "checkmate";
        case Reason::Stalemate:
            return "stalemate";
        case Reason::PerpetualCheck:
            return "perpetual_check";
        case Reason::Repetition:
            return "repetition";
        case Reason::Rule60:
            return "rule60";
        case Reason::Material:
            return "material";
        case Reason::LengthCap:
            return "length_cap";
        case Reason::Resignation:
            return "resignation";
        case Reason::Adjudication:
            return "adjudication";
        case Reason::PerpetualChase:
            return "perpetual_chase";
    }
    return "none";
}

const char* resultName(Result r) {
    switch (r) {
        case Result::RedWins:
            return "1-0";
        case Result::BlackWins:
            return "0-1";
        case Result::Draw:
            return "1/2-1/2";
        case Result::None:
            return "*";
    }
    return "*";
}

Result winnerResult(Color winner) {
    return winner == Red ? Result::RedWins : Result::BlackWins;
}

}  // namespace xq
