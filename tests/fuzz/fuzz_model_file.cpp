// Model-file container and metadata (core/nn/model_file.h; no LibTorch). Properties: the
// reader gives the same answer whether the stream's size is known (a regular file) or not (a
// pipe); an accepted container re-encodes to exactly the input bytes; accepted metadata
// describes a net within net.h's limits and this build's planes and policy size; every
// refusal is a ModelFileError (never another exception, never a crash).
#include <cstdint>
#include <sstream>
#include <string>

#include "core/nn/encoder.h"
#include "core/nn/model_file.h"
#include "fuzz_check.h"

using namespace xq::nn;

namespace {

struct Outcome {
    bool ok = false;
    detail::Container c;
    std::string error;
};

Outcome read(const std::string& bytes, bool sizeKnown) {
    std::istringstream in(bytes);
    Outcome o;
    try {
        o.c = detail::readContainer(in, "fuzz", "XQZMODEL",
                                    sizeKnown ? std::optional<uint64_t>(bytes.size()) : std::nullopt);
        o.ok = true;
    } catch (const ModelFileError& e) {
        o.error = e.what();
    }
    return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const Outcome known = read(bytes, true);
    const Outcome unknown = read(bytes, false);
    FUZZ_CHECK(known.ok == unknown.ok, "size known: " + (known.ok ? "ok" : known.error) +
                                           "; unknown: " + (unknown.ok ? "ok" : unknown.error));
    if (!known.ok) {
        FUZZ_CHECK(known.error.rfind("model file 'fuzz': ", 0) == 0, known.error);
        return 0;
    }
    FUZZ_CHECK(known.c.meta == unknown.c.meta && known.c.payload == unknown.c.payload,
               "the two reads differ");
    FUZZ_CHECK(detail::encodeContainer("XQZMODEL", known.c) == bytes,
               "an accepted container does not re-encode to its bytes");
    try {
        const ModelInfo info = detail::modelInfo("fuzz", known.c);
        FUZZ_CHECK(info.config.inRange(), "accepted network size " + info.config.label());
        FUZZ_CHECK((info.planes == kPlanes || info.planes == kBasicPlanes) && info.policySize == kPolicySize, "planes/policy");
        FUZZ_CHECK(info.formatVersion >= kOldestModelFormatVersion &&
                       info.formatVersion <= kModelFormatVersion,
                   "format version");
        FUZZ_CHECK(info.payloadBytes == known.c.payload.size(), "payload size");
    } catch (const ModelFileError& e) {
        FUZZ_CHECK(std::string(e.what()).rfind("model file 'fuzz': ", 0) == 0, e.what());
    }
    return 0;
}
