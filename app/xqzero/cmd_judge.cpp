// xqzero judge [--fen F] [--moves ...] [--json]: what the rules say about the game after the
// moves (core/xiangqi/rules.h, gameStatus): "ongoing", or the result and the reason, with the
// chased piece and its chaser for a perpetual chase. Tests and users ask the rules directly,
// without playing a game. A bad FEN or an illegal move is a usage error (exit 2).
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "app/xqzero/position_args.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/rules.h"

namespace {

// "black horse"
std::string pieceText(xq::Piece p) {
    static const char* const names[] = {"",      "king", "advisor", "elephant",
                                        "horse", "rook", "cannon",  "pawn"};
    if (p == xq::NoPiece) return "";
    return std::string(xq::colorOf(p) == xq::Red ? "red " : "black ") + names[xq::typeOf(p)];
}

struct Opts {
    xqcli::PositionArgs pos;
    bool json = false;
};

std::function<int()> setup(CLI::App& sub) {
    auto o = std::make_shared<Opts>();
    o->pos.add(sub);
    sub.add_flag("--json", o->json, "One JSON object instead of the line");
    return [o]() -> int {
        xq::Position pos;
        try {
            pos = o->pos.build();
        } catch (const std::invalid_argument& e) {
            std::cerr << "xqzero judge: " << e.what() << "\n";
            return xqcli::kExitUsage;
        }
        const xq::GameStatus st = xq::gameStatus(pos);
        const bool chase = st.reason == xq::Reason::PerpetualChase;
        if (o->json) {
            nlohmann::json j{{"fen", xq::toFen(pos)},
                             {"plies", pos.gamePly()},
                             {"over", st.over()},
                             {"result", xq::resultName(st.result)},
                             {"reason", xq::reasonName(st.reason)}};
            if (chase) {
                j["chased"] = {{"piece", pieceText(st.chase.target)},
                               {"square", xq::squareName(st.chase.targetSquare)}};
                if (st.chase.chaser != xq::NoPiece)
                    j["chaser"] = {{"piece", pieceText(st.chase.chaser)},
                                   {"square", xq::squareName(st.chase.chaserSquare)}};
            }
            std::cout << j.dump() << std::endl;
            return xqcli::kExitOk;
        }
        if (!st.over()) {
            std::cout << "ongoing\n";
            return xqcli::kExitOk;
        }
        std::cout << xq::resultName(st.result) << " " << xq::reasonName(st.reason);
        if (chase) {
            std::cout << ": " << pieceText(st.chase.target) << " on "
                      << xq::squareName(st.chase.targetSquare);
            if (st.chase.chaser != xq::NoPiece)
                std::cout << " chased by the " << pieceText(st.chase.chaser) << " on "
                          << xq::squareName(st.chase.chaserSquare);
        }
        std::cout << "\n";
        return xqcli::kExitOk;
    };
}

XQ_COMMAND("judge",
           "The rules' verdict after the moves: ongoing, or result and reason (perpetual "
           "check/chase, repetition, mate, ...)",
           setup);

}  // namespace
