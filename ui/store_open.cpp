#include "ui/store_open.h"

#include <filesystem>

#include "core/store/store_error.h"
#include "ui/db_location.h"

namespace xqui {

std::unique_ptr<xq::store::Store> openForReading(const QString& path, int busyTimeoutMs) {
    using xq::store::StoreError;
    using xq::store::StoreErrorCode;
    const std::string p = path.toStdString();
    xq::store::OpenOptions ro;
    ro.readOnly = true;
    ro.busyTimeoutMs = busyTimeoutMs;
    try {
        return std::make_unique<xq::store::Store>(p, ro);
    } catch (const StoreError& e) {
        std::error_code ec;
        if (e.code() != StoreErrorCode::OlderSchema || isDatabaseUri(path) ||
            std::filesystem::file_size(p, ec) == 0 || ec)
            throw;
        try {
            xq::store::OpenOptions rw;
            rw.create = false;
            xq::store::Store upgrade(p, rw);  // migrates to the current schema
        } catch (const std::exception&) {
            throw e;  // what the user must know is still that the file is older
        }
    }
    return std::make_unique<xq::store::Store>(p, ro);
}

}  // namespace xqui
