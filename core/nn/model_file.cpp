#include "core/nn/model_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <sstream>

#include "core/nn/encoder.h"

namespace xq::nn {
namespace detail {
namespace {

constexpr uint64_t kFnvOffset = 1469598103934665603ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

uint64_t fnv1a(const std::string& s, uint64_t h) {
    for (unsigned char c : s) {
        h ^= c;
        h *= kFnvPrime;
    }
    return h;
}

template <class T>
void putLE(std::string& out, T v) {
    for (size_t i = 0; i < sizeof(T); ++i) out.push_back(char((uint64_t(v) >> (8 * i)) & 0xff));
}

template <class T>
T getLE(const std::string& in, size_t pos) {
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T); ++i) v |= uint64_t(uint8_t(in[pos + i])) << (8 * i);
    return T(v);
}

// Reads up to n bytes into out (replacing it) in pieces of at most 1 MiB, so that a length
// read from a file is never allocated before the bytes are actually there. Returns the count.
uint64_t readUpTo(std::istream& in, std::string& out, uint64_t n) {
    constexpr uint64_t kPiece = uint64_t(1) << 20;
    out.clear();
    while (out.size() < n && in) {
        const size_t want = size_t(std::min(kPiece, n - out.size()));
        const size_t old = out.size();
        out.resize(old + want);
        in.read(out.data() + old, std::streamsize(want));
        const size_t got = size_t(std::max<std::streamsize>(in.gcount(), 0));
        out.resize(old + got);
        if (got < want) break;
    }
    return out.size();
}

[[noreturn]] void fail(const std::string& path, const std::string& what,
                       ErrorCode code = ErrorCode::ModelDamaged) {
    throw ModelFileError(code, path, what);
}

}  // namespace

std::string encodeContainer(const char magic[8], const Container& c) {
    std::string out(magic, 8);
    putLE<uint32_t>(out, c.version);
    putLE<uint32_t>(out, uint32_t(c.meta.size()));
    out += c.meta;
    putLE<uint64_t>(out, uint64_t(c.payload.size()));
    out += c.payload;
    putLE<uint64_t>(out, fnv1a(c.payload, fnv1a(c.meta, kFnvOffset)));
    return out;
}

void writeContainer(const std::string& path, const char magic[8], const Container& c) {
    writeFileAtomic(path, encodeContainer(magic, c));
}

void writeFileAtomic(const std::string& path, const std::string& bytes) {
    // Same directory as the target so that rename() is atomic; pid keeps concurrent savers
    // (two processes) from sharing a temp name.
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        fail(path, std::string("cannot create temp file: ") + std::strerror(errno),
             ErrorCode::ModelUnreadable);
    size_t done = 0;
    bool ok = true;
    while (ok && done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            ok = false;
        else
            done += size_t(n);
    }
    ok = ok && ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    if (!ok) {
        ::unlink(tmp.c_str());
        fail(path, std::string("write failed: ") + std::strerror(err), ErrorCode::ModelUnreadable);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        fail(path, std::string("rename failed: ") + std::strerror(e), ErrorCode::ModelUnreadable);
    }
}

Container readContainer(std::istream& in, const std::string& path, const char magic[8],
                        std::optional<uint64_t> size) {
    // Header first: a file of the wrong kind (or /dev/zero) is refused after 16 bytes.
    std::string head;
    if (readUpTo(in, head, 8) < 8 || head.compare(0, 8, magic, 8) != 0)
        fail(path,
             "not a model file of this kind (bad magic; expected '" + std::string(magic, 8) + "')",
             ErrorCode::ModelNotAModel);
    if (readUpTo(in, head, 8) < 8) fail(path, "truncated (header incomplete)");
    const uint32_t version = getLE<uint32_t>(head, 0);
    if (version < kOldestModelFormatVersion || version > kModelFormatVersion)
        fail(
            path,
            "unsupported format version " + std::to_string(version) + " (this build reads " +
                std::to_string(kOldestModelFormatVersion) + ".." +
                std::to_string(kModelFormatVersion) + ")",
            version > kModelFormatVersion ? ErrorCode::ModelNewerVersion : ErrorCode::ModelDamaged);
    const uint32_t metaLen = getLE<uint32_t>(head, 4);
    uint64_t at = 16;  // bytes consumed so far
    // What the file still holds after `at` when its size is known.
    auto left = [&] { return size && *size > at ? *size - at : uint64_t(0); };
    if (metaLen > kMaxMetaBytes)
        fail(path, "metadata length " + std::to_string(metaLen) + " exceeds the limit of " +
                       std::to_string(kMaxMetaBytes) + " bytes (corrupt or not a model)");
    Container c;
    c.version = version;
    if (readUpTo(in, c.meta, metaLen) < metaLen)
        fail(path, "truncated (metadata: " + std::to_string(c.meta.size()) + " of " +
                       std::to_string(metaLen) + " bytes present)");
    at += metaLen;
    if (readUpTo(in, head, 8) < 8) fail(path, "truncated (weights length missing)");
    at += 8;
    const uint64_t payloadLen = getLE<uint64_t>(head, 0);
    if (payloadLen > kMaxPayloadBytes)
        fail(path, "weights length " + std::to_string(payloadLen) + " exceeds the limit of " +
                       std::to_string(kMaxPayloadBytes) + " bytes (corrupt or not a model)");
    // From here payloadLen + 8 cannot overflow.
    if (size && left() < payloadLen + 8)
        fail(path, "truncated (weights and checksum: " + std::to_string(left()) + " of " +
                       std::to_string(payloadLen + 8) + " bytes present)");
    if (size) c.payload.reserve(size_t(payloadLen));
    if (readUpTo(in, c.payload, payloadLen) < payloadLen)
        fail(path, "truncated (weights: " + std::to_string(c.payload.size()) + " of " +
                       std::to_string(payloadLen) + " bytes present)");
    at += payloadLen;
    if (readUpTo(in, head, 8) < 8)
        fail(path, "truncated (checksum: " + std::to_string(head.size()) + " of 8 bytes present)");
    at += 8;
    const uint64_t stored = getLE<uint64_t>(head, 0);
    if (size && left() > 0)
        fail(path, "trailing bytes after the checksum (" + std::to_string(left()) + ")");
    if (!size && in.peek() != std::char_traits<char>::eof())
        fail(path, "trailing bytes after the checksum");
    if (stored != fnv1a(c.payload, fnv1a(c.meta, kFnvOffset)))
        fail(path, "checksum mismatch (the file is corrupt)");
    return c;
}

Container readContainer(const std::string& path, const char magic[8]) {
    std::ifstream f(path, std::ios::binary);
    if (!f)
        fail(path, std::string("cannot open: ") + std::strerror(errno), ErrorCode::ModelUnreadable);
    // The size bounds what the header may declare; devices and pipes have none and are read
    // in pieces until their data ends.
    std::optional<uint64_t> size;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) size = uint64_t(st.st_size);
    return readContainer(f, path, magic, size);
}

std::string metaValue(const std::string& meta, const std::string& key) {
    std::istringstream in(meta);
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (eq != std::string::npos && line.compare(0, eq, key) == 0 && eq == key.size())
            return line.substr(eq + 1);
    }
    return "";
}

}  // namespace detail

namespace {

int64_t metaInt(const std::string& path, const std::string& meta, const char* key) {
    const std::string v = detail::metaValue(meta, key);
    try {
        size_t used = 0;
        const long long n = std::stoll(v, &used);
        if (used == v.size()) return n;
    } catch (const std::exception&) {
    }
    throw ModelFileError(ErrorCode::ModelDamaged, path,
                         std::string("metadata '") + key + "' missing or invalid");
}

}  // namespace

namespace detail {

ModelInfo modelInfo(const std::string& path, const Container& c) {
    auto fail = [&](const std::string& what, ErrorCode code = ErrorCode::ModelDamaged) {
        throw ModelFileError(code, path, what);
    };
    // Every number is range-checked as read (int64), before it is narrowed to an int.
    const int64_t version = metaInt(path, c.meta, "format_version");
    if (version < kOldestModelFormatVersion || version > kModelFormatVersion)
        fail(
            "metadata format_version " + std::to_string(version) + " (this build reads " +
                std::to_string(kOldestModelFormatVersion) + ".." +
                std::to_string(kModelFormatVersion) + ")",
            version > kModelFormatVersion ? ErrorCode::ModelNewerVersion : ErrorCode::ModelDamaged);
    const int64_t channels = metaInt(path, c.meta, "channels");
    const int64_t blocks = metaInt(path, c.meta, "blocks");
    if (channels < kMinChannels || channels > kMaxChannels || blocks < kMinBlocks ||
        blocks > kMaxBlocks)
        fail("network size " + std::to_string(channels) + "x" + std::to_string(blocks) +
             " out of range (channels " + std::to_string(kMinChannels) + ".." +
             std::to_string(kMaxChannels) + ", blocks " + std::to_string(kMinBlocks) + ".." +
             std::to_string(kMaxBlocks) + ")");
    // Version 1 knew only the dense head.
    const int64_t head = version >= 2 ? metaInt(path, c.meta, "policy_head") : 0;
    if (head < 0 || head >= kPolicyHeadKinds)
        fail("unknown policy head " + std::to_string(head), ErrorCode::ModelNewerVersion);
    const int64_t planes = metaInt(path, c.meta, "planes");
    const int64_t policySize = metaInt(path, c.meta, "policy_size");
    // The plane count names the input features (encoder.h): 17 Basic, 23 Tactical.
    if ((planes != kBasicPlanes && planes != kPlanes) || policySize != kPolicySize)
        fail("made for " + std::to_string(planes) + " input planes / " +
                 std::to_string(policySize) + " policy outputs; this build reads " +
                 std::to_string(kBasicPlanes) + " or " + std::to_string(kPlanes) + " / " +
                 std::to_string(kPolicySize),
             ErrorCode::ModelMismatch);
    ModelInfo info;
    info.formatVersion = uint32_t(version);
    info.config.channels = int(channels);
    info.config.blocks = int(blocks);
    info.config.policyHead = PolicyHeadKind(head);
    info.config.features = planes == kPlanes ? InputFeatures::Tactical : InputFeatures::Basic;
    info.planes = int(planes);
    info.policySize = int(policySize);
    info.meta.generation = metaInt(path, c.meta, "generation");
    info.meta.trainingSteps = metaInt(path, c.meta, "training_steps");
    info.meta.createdUnix = metaInt(path, c.meta, "created_unix");
    info.payloadBytes = c.payload.size();
    return info;
}

}  // namespace detail

ModelInfo readModelInfo(const std::string& path) {
    return detail::modelInfo(path, detail::readContainer(path, "XQZMODEL"));
}

}  // namespace xq::nn
