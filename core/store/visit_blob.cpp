#include "core/store/visit_blob.h"

#include <string>

#include "core/store/store_error.h"

namespace xq::store {

std::vector<uint8_t> encodeVisits(std::span<const VisitCount> visits) {
    std::vector<uint8_t> out;
    out.reserve(1 + visits.size() * kVisitBlobPairBytes);
    out.push_back(kVisitBlobFormat);
    for (const VisitCount& v : visits) {
        const uint16_t m = v.move.raw();
        out.push_back(uint8_t(m));
        out.push_back(uint8_t(m >> 8));
        for (int b = 0; b < 4; ++b) out.push_back(uint8_t(v.visits >> (8 * b)));
    }
    return out;
}

std::vector<VisitCount> decodeVisits(std::span<const uint8_t> bytes) {
    if (bytes.empty()) return {};
    if (bytes[0] != kVisitBlobFormat || (bytes.size() - 1) % kVisitBlobPairBytes != 0)
        throw StoreError(StoreErrorCode::Corrupt,
                         "visit distribution blob has format byte " + std::to_string(bytes[0]) +
                             " and " + std::to_string(bytes.size()) +
                             " bytes; expected format 1 and 1 + 6*n bytes");
    std::vector<VisitCount> out;
    out.reserve((bytes.size() - 1) / kVisitBlobPairBytes);
    for (size_t i = 1; i < bytes.size(); i += kVisitBlobPairBytes) {
        const uint16_t m = uint16_t(bytes[i] | (bytes[i + 1] << 8));
        uint32_t n = 0;
        for (int b = 0; b < 4; ++b) n |= uint32_t(bytes[i + 2 + b]) << (8 * b);
        // 16 bits hold squares up to 127 and 511 (Move::to() wraps the latter to a negative
        // int8): a move off the board would index outside the policy vector (8,100 entries)
        // when the game becomes training data. Checked on the raw bits.
        const int from = m & 127, to = m >> 7;
        if (from >= kSquareCount || to >= kSquareCount || from == to)
            throw StoreError(StoreErrorCode::Corrupt,
                             "visit distribution blob holds move " + std::to_string(m) +
                                 " (pair " + std::to_string(i / kVisitBlobPairBytes + 1) +
                                 "), which is not a move between two board squares");
        out.push_back({Move::fromRaw(m), n});
    }
    return out;
}

}  // namespace xq::store
