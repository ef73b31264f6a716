#include "core/nn/model_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
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
T getLE(const std::string& in, size_t& pos) {
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T); ++i) v |= uint64_t(uint8_t(in[pos + i])) << (8 * i);
    pos += sizeof(T);
    return T(v);
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw ModelFileError("model file '" + path + "': " + what);
}

}  // namespace

void writeContainer(const std::string& path, const char magic[8], const Container& c) {
    std::string head(magic, 8);
    putLE<uint32_t>(head, kModelFormatVersion);
    putLE<uint32_t>(head, uint32_t(c.meta.size()));
    std::string mid;
    putLE<uint64_t>(mid, uint64_t(c.payload.size()));
    std::string tail;
    putLE<uint64_t>(tail, fnv1a(c.payload, fnv1a(c.meta, kFnvOffset)));

    writeFileAtomic(path, head + c.meta + mid + c.payload + tail);
}

void writeFileAtomic(const std::string& path, const std::string& bytes) {
    // Same directory as the target so that rename() is atomic; pid keeps concurrent savers
    // (two processes) from sharing a temp name.
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) fail(path, std::string("cannot create temp file: ") + std::strerror(errno));
    size_t done = 0;
    bool ok = true;
    while (ok && done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) ok = false;
        else done += size_t(n);
    }
    ok = ok && ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    if (!ok) {
        ::unlink(tmp.c_str());
        fail(path, std::string("write failed: ") + std::strerror(err));
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        fail(path, std::string("rename failed: ") + std::strerror(e));
    }
}

Container readContainer(const std::string& path, const char magic[8]) {
    std::ifstream f(path, std::ios::binary);
    if (!f) fail(path, std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream ss;
    ss << f.rdbuf();
    const std::string data = ss.str();
    const size_t minSize = 8 + 4 + 4 + 8 + 8;
    if (data.size() < 8 || data.compare(0, 8, magic, 8) != 0)
        fail(path, "not a model file of this kind (bad magic; expected '" +
                       std::string(magic, 8) + "')");
    if (data.size() < minSize) fail(path, "truncated (header incomplete)");
    size_t pos = 8;
    const uint32_t version = getLE<uint32_t>(data, pos);
    if (version != kModelFormatVersion)
        fail(path, "unsupported format version " + std::to_string(version) + " (this build reads " +
                       std::to_string(kModelFormatVersion) + ")");
    const uint32_t metaLen = getLE<uint32_t>(data, pos);
    if (data.size() - pos < uint64_t(metaLen) + 16) fail(path, "truncated (metadata)");
    Container c;
    c.meta = data.substr(pos, metaLen);
    pos += metaLen;
    const uint64_t payloadLen = getLE<uint64_t>(data, pos);
    if (data.size() - pos < 8 || data.size() - pos - 8 < payloadLen)
        fail(path, "truncated (weights: " + std::to_string(data.size() - pos) + " of " +
                       std::to_string(payloadLen + 8) + " bytes present)");
    c.payload = data.substr(pos, payloadLen);
    pos += payloadLen;
    const uint64_t stored = getLE<uint64_t>(data, pos);
    if (pos != data.size())
        fail(path, "trailing bytes after the checksum (" + std::to_string(data.size() - pos) + ")");
    if (stored != fnv1a(c.payload, fnv1a(c.meta, kFnvOffset)))
        fail(path, "checksum mismatch (the file is corrupt)");
    return c;
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
    throw ModelFileError("model file '" + path + "': metadata '" + key + "' missing or invalid");
}

}  // namespace

ModelInfo readModelInfo(const std::string& path) {
    const auto c = detail::readContainer(path, "XQZMODEL");
    ModelInfo info;
    info.formatVersion = uint32_t(metaInt(path, c.meta, "format_version"));
    info.config.channels = int(metaInt(path, c.meta, "channels"));
    info.config.blocks = int(metaInt(path, c.meta, "blocks"));
    info.planes = int(metaInt(path, c.meta, "planes"));
    info.policySize = int(metaInt(path, c.meta, "policy_size"));
    info.meta.generation = metaInt(path, c.meta, "generation");
    info.meta.trainingSteps = metaInt(path, c.meta, "training_steps");
    info.meta.createdUnix = metaInt(path, c.meta, "created_unix");
    info.payloadBytes = c.payload.size();
    if (info.planes != kPlanes || info.policySize != kPolicySize)
        throw ModelFileError("model file '" + path + "': made for " + std::to_string(info.planes) +
                             " input planes / " + std::to_string(info.policySize) +
                             " policy outputs; this build uses " + std::to_string(kPlanes) +
                             " / " + std::to_string(kPolicySize));
    if (info.config.channels < 1 || info.config.channels > 1024 || info.config.blocks < 0 ||
        info.config.blocks > 80)
        throw ModelFileError("model file '" + path + "': network size " + info.config.label() +
                             " out of range");
    return info;
}

}  // namespace xq::nn
