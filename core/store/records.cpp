#include "core/store/records.h"

#include <chrono>

namespace xq::store {

namespace {
template <typename E, size_t N>
std::optional<E> lookup(const std::pair<E, const char*> (&table)[N], std::string_view s) {
    for (const auto& [e, code] : table)
        if (s == code) return e;
    return std::nullopt;
}
template <typename E, size_t N>
const char* codeOf(const std::pair<E, const char*> (&table)[N], E e) {
    for (const auto& [v, code] : table)
        if (v == e) return code;
    return "";
}

const std::pair<GameKind, const char*> kKinds[] = {
    {GameKind::SelfPlay, "selfplay"},
    {GameKind::Eval, "eval"},
    {GameKind::Play, "play"},
    {GameKind::Other, "other"},
    {GameKind::Imported, "imported"},
};
const std::pair<Result, const char*> kResults[] = {
    {Result::RedWins, "1-0"},
    {Result::BlackWins, "0-1"},
    {Result::Draw, "1/2-1/2"},
    {Result::None, "*"},
};
const std::pair<Reason, const char*> kReasons[] = {
    {Reason::None, ""},
    {Reason::Checkmate, "mate"},
    {Reason::Stalemate, "stalemate"},
    {Reason::PerpetualCheck, "perpetual_check"},
    {Reason::Repetition, "repetition"},
    {Reason::Rule60, "rule60"},
    {Reason::Material, "material"},
    {Reason::LengthCap, "length_cap"},
    {Reason::Adjudication, "adjudication"},
    {Reason::Resignation, "resign"},
    {Reason::PerpetualChase, "perpetual_chase"},
};
}  // namespace

const char* gameKindCode(GameKind k) { return codeOf(kKinds, k); }
std::optional<GameKind> parseGameKind(std::string_view s) { return lookup(kKinds, s); }
const char* storeResultCode(Result r) { return codeOf(kResults, r); }
std::optional<Result> parseStoreResult(std::string_view s) { return lookup(kResults, s); }
const char* storeReasonCode(Reason r) { return codeOf(kReasons, r); }
std::optional<Reason> parseStoreReason(std::string_view s) { return lookup(kReasons, s); }

int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace xq::store
