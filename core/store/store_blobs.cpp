// Store: content-addressed blobs (model weights), split from store.cpp by concern.
#include <algorithm>
#include <cctype>

#include "core/store/sha256.h"
#include "core/store/store_impl.h"

namespace xq::store {

std::string Store::putBlob(std::span<const uint8_t> bytes) {
    const std::string sha = sha256Hex(bytes);
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    return retryOnLostConnection(db, [&] {
        Transaction tx(db);
        {
            // Asked first so a second put sends no megabytes to a server only to be dropped.
            Query exists(db, "SELECT 1 FROM blobs WHERE sha256 = ?");
            exists.bind(1, sha);
            if (exists.step()) return sha;  // tx rolls back: nothing was written
        }
        // DO NOTHING: another process may have put the same bytes since the look above.
        Query st(db,
                 "INSERT INTO blobs(sha256, bytes, size, created) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT (sha256) DO NOTHING");
        st.bind(1, sha).bindBlob(2, bytes).bind(3, int64_t(bytes.size())).bind(4, nowMs()).run();
        tx.commit();
        return sha;
    });
}

std::optional<std::vector<uint8_t>> Store::loadBlob(const std::string& sha256) {
    std::string key = sha256;
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db, "SELECT bytes, size FROM blobs WHERE sha256 = ?");
    st.bind(1, key);
    if (!st.step()) return std::nullopt;
    std::vector<uint8_t> bytes = st.blob(0);
    const int64_t size = st.int64(1);
    st.reset();
    // The name is the proof: bytes that do not hash to it were damaged (or written around the
    // store), and loading them as model weights would fail far from the cause, or not at all.
    const std::string got = sha256Hex(bytes);
    if (got != key || int64_t(bytes.size()) != size)
        throw StoreError(StoreErrorCode::Corrupt,
                         "blob " + key + " in '" + db.label() + "' is damaged: its " +
                             std::to_string(bytes.size()) + " bytes (recorded " +
                             std::to_string(size) + ") hash to " + got,
                         db.label());
    return bytes;
}

}  // namespace xq::store
