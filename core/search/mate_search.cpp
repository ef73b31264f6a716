#include "core/search/mate_search.h"

namespace xq::search {

namespace {

class Prober {
public:
    Prober(Position& pos, const RuleOptions& rules, uint64_t budget)
        : pos_(pos), rules_(rules), budget_(budget), attacker_(pos.sideToMove()) {}

    // The attacker is to move and the game is not over: can it force a win within `left` of
    // its moves? On success at the top level, `first` holds the move.
    bool attackerWins(int left, Move* first) {
        MoveList moves;
        pos_.legalMoves(moves);
        if (left == 1) {
            // The last move: anything that leaves no legal reply (rules step 1 comes before
            // every other rule, so no history is needed).
            for (Move m : moves) {
                if (!spend()) return false;
                const Position::Undo u = pos_.doMove(m);
                const bool mate = !pos_.hasLegalMove();
                pos_.undoMove(m, u);
                if (mate) {
                    if (first) *first = m;
                    return true;
                }
            }
            return false;
        }
        for (Move m : moves) {
            if (!pos_.givesCheck(m)) continue;
            if (!spend()) return false;
            pos_.makeMove(m);
            const GameStatus st = gameStatus(pos_, rules_);
            const bool win = st.over() ? wins(st) : defenderLoses(left - 1);
            pos_.unmakeMove();
            if (win) {
                if (first) *first = m;
                return true;
            }
            if (aborted_) return false;
        }
        return false;
    }

    bool aborted() const { return aborted_; }
    uint64_t nodes() const { return nodes_; }

private:
    // The defender is to move (in check) and the game is not over: does every reply lose?
    bool defenderLoses(int left) {
        MoveList moves;
        pos_.legalMoves(moves);
        for (Move m : moves) {
            if (!spend()) return false;
            pos_.makeMove(m);
            const GameStatus st = gameStatus(pos_, rules_);
            const bool lost = st.over() ? wins(st) : attackerWins(left, nullptr);
            pos_.unmakeMove();
            if (!lost) return false;
        }
        return true;
    }

    bool wins(const GameStatus& st) const {
        return (st.result == Result::RedWins && attacker_ == Red) ||
               (st.result == Result::BlackWins && attacker_ == Black);
    }

    bool spend() {
        if (aborted_) return false;
        if (budget_ && nodes_ >= budget_) {
            aborted_ = true;
            return false;
        }
        ++nodes_;
        return true;
    }

    Position& pos_;
    const RuleOptions& rules_;
    uint64_t budget_;
    Color attacker_;
    uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace

MateProbe findCheckingMate(Position& pos, const RuleOptions& rules, int maxMoves,
                           uint64_t nodeBudget) {
    MateProbe r;
    if (gameStatus(pos, rules).over()) return r;
    Prober p(pos, rules, nodeBudget);
    for (int len = 1; len <= maxMoves; ++len) {
        Move m;
        if (p.attackerWins(len, &m)) {
            r.move = m;
            r.moves = len;
            break;
        }
        if (p.aborted()) break;
    }
    r.nodes = p.nodes();
    r.aborted = p.aborted();
    return r;
}

}  // namespace xq::search
