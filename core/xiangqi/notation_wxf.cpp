// Placeholder until WXF notation lands (issue 2, notation work in progress).
#include "core/xiangqi/notation.h"
namespace xq {
std::string toWxf(const Position&, Move m) { return toIccs(m); }
MoveParse parseWxf(const Position&, std::string_view) { return {Move(), "WXF parsing not built yet"}; }
std::string toChinese(const Position&, Move m) { return toIccs(m); }
MoveParse parseChinese(const Position&, std::string_view) { return {Move(), "Chinese parsing not built yet"}; }
}  // namespace xq
