// Stored visit distributions (core/store/visit_blob.h). Properties: a blob that decodes holds
// only moves between two different board squares and re-encodes to exactly its bytes (the
// empty blob decodes to no visits); a refusal is a StoreError(Corrupt); the input read as
// (move, visits) pairs of board moves encodes and decodes back to the same pairs.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/store/store_error.h"
#include "core/store/visit_blob.h"
#include "fuzz_check.h"

using namespace xq;
using namespace xq::store;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::span<const uint8_t> bytes(data, size);
    try {
        const std::vector<VisitCount> v = decodeVisits(bytes);
        for (const VisitCount& c : v)
            FUZZ_CHECK(c.move.from() >= 0 && c.move.from() < kSquareCount && c.move.to() >= 0 &&
                           c.move.to() < kSquareCount && c.move.from() != c.move.to(),
                       "decoded an off-board move " + std::to_string(c.move.raw()));
        if (size == 0) {
            FUZZ_CHECK(v.empty(), "the empty blob decoded to visits");
        } else {
            const std::vector<uint8_t> again = encodeVisits(v);
            FUZZ_CHECK(again == std::vector<uint8_t>(bytes.begin(), bytes.end()),
                       "decoded blob of " + std::to_string(size) + " bytes re-encodes differently");
        }
    } catch (const StoreError& e) {
        FUZZ_CHECK(e.code() == StoreErrorCode::Corrupt, e.what());
    }

    // Encode → decode of pairs built from the input (squares folded onto the board).
    std::vector<VisitCount> pairs;
    for (size_t i = 0; i + 6 <= size; i += 6) {
        const int from = data[i] % kSquareCount;
        int to = data[i + 1] % kSquareCount;
        if (to == from) to = (to + 1) % kSquareCount;
        uint32_t n = 0;
        for (int b = 0; b < 4; ++b) n |= uint32_t(data[i + 2 + b]) << (8 * b);
        pairs.push_back({Move(from, to), n});
    }
    const std::vector<uint8_t> blob = encodeVisits(pairs);
    FUZZ_CHECK(blob.size() == 1 + kVisitBlobPairBytes * pairs.size(), "blob size");
    FUZZ_CHECK(decodeVisits(blob) == pairs, "encode/decode round trip of " +
                                                 std::to_string(pairs.size()) + " pairs");
    return 0;
}
