#pragma once
// The pure text side of the UCI / UCCI loop (uci.h): splitting a line into tokens, reading the
// numeric fields of `go` and `setoption`, and the `position` / `banmoves` move lists. No
// threads, no search, no network: the loop calls these and the fuzz target
// (tests/fuzz/fuzz_uci.cpp) drives them with arbitrary bytes.
//
// Numbers: a field's value must be a whole decimal token ("500", "2.5", "1e3"); NaN, infinity,
// negatives and text are refused with a message naming the field. Finite values beyond a
// field's range are clamped to it (a GUI asking for `movetime 1e30` gets the longest search we
// represent, never a double-to-int overflow); the limits are the constants below.
//
// Errors come back as a message (no "info string error: " prefix); an empty optional means
// the command was read. On error the outputs are left as they were.
//
// Thread-safety: pure functions of their arguments.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/player.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"

namespace xq::engine::uciparse {

// Clamp bounds. Clock values stay small enough that the players' time arithmetic (budget
// times three, increments times three) cannot overflow an int: 10^8 ms is about 27.8 hours.
constexpr int kMaxDepth = 100;
constexpr long long kMaxTimeMs = 100'000'000;
constexpr uint64_t kMaxNodes = 1'000'000'000'000'000ull;  // 10^15
constexpr int kMaxMovesToGo = 1000;
constexpr int kMaxMateMoves = 50;  // `go mate N` searches 2N-1 plies, within kMaxDepth
constexpr int kMinHashMb = 1;
constexpr int kMaxHashMb = 1024;

std::vector<std::string> tokenize(const std::string& line);
std::string lower(std::string s);

// Whole-token integer ("12", "-3"); false for anything else, overflow included.
bool toInt64(const std::string& s, long long& v);
// Whole-token finite number ("2.5", "1e3"); false for NaN, infinities, overflow and text.
bool toFiniteDouble(const std::string& s, double& v);

// `go …` (t[0] == "go"). `ucci` selects the protocol's keywords; UCCI times are seconds unless
// `useMillisec`. `stm` maps UCI's wtime/btime onto the mover's clock.
struct GoCommand {
    SearchLimits limits;
    bool drawOffered = false;  // UCCI `go draw`
};
std::optional<std::string> parseGo(const std::vector<std::string>& t, bool ucci, bool useMillisec,
                                   Color stm, GoCommand& out);

// `position startpos|fen <fen> [moves m…]` → the position with the moves made (all legal).
std::optional<std::string> parsePosition(const std::vector<std::string>& t, Position& out);
// `banmoves m…` in `pos` (UCCI).
std::optional<std::string> parseBanMoves(const std::vector<std::string>& t, const Position& pos,
                                         std::vector<Move>& out);
// Strict a0–i9 coordinate move (the protocols never use WXF/Chinese); legal in `pos`.
MoveParse parseCoordMove(const Position& pos, const std::string& s);

// UCI `setoption name <id…> [value <x…>]`: the name and value with single spaces.
// UCCI `setoption <name> [<value>]`: name is t[1], value t[2] (or empty).
struct OptionSetting {
    std::string name;
    std::string value;
};
std::optional<std::string> parseSetOptionUci(const std::vector<std::string>& t, OptionSetting& out);
std::optional<std::string> parseSetOptionUcci(const std::vector<std::string>& t, OptionSetting& out);
// A hash size in MB: a whole number within kMinHashMb..kMaxHashMb (refused otherwise).
std::optional<std::string> parseHashMb(const std::string& value, int& mb);
// UCCI check-box values: true/on/1 (any case) is true, anything else false.
bool parseCheck(const std::string& value);

}  // namespace xq::engine::uciparse
