#pragma once
// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: the content address of
// model weights in the store's blobs table. Written here because the build has no crypto
// library (no OpenSSL); it is small and checked against the standard test vectors.
// Thread-safety: a pure function.

#include <cstdint>
#include <span>
#include <string>

namespace xq::store {

std::string sha256Hex(std::span<const uint8_t> bytes);

// True for 64 lowercase hex digits: what sha256Hex returns (and so safe as a file name).
bool isSha256Hex(const std::string& s);

}  // namespace xq::store
