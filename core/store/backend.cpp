#include "core/store/backend.h"

namespace xq::store {

std::unique_ptr<Backend> openBackend(const std::string& path, const OpenOptions& options) {
    if (path.empty()) throw StoreError(StoreErrorCode::InvalidArgument, "empty database path");
    return isPostgresUri(path) ? openPostgres(path, options) : openSqlite(path, options);
}

#ifndef XQ_WITH_POSTGRES
std::unique_ptr<Backend> openPostgres(const std::string& uri, const OpenOptions&) {
    // The URI is not repeated: it may carry a password.
    (void)uri;
    throw StoreError(StoreErrorCode::InvalidArgument,
                     "this build of xqzero has no PostgreSQL support (built without libpq, "
                     "XQ_WITH_POSTGRES=OFF); use an SQLite file with --db PATH, or rebuild "
                     "with libpq-dev installed");
}
#endif

}  // namespace xq::store
