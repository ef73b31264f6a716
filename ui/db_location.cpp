#include "ui/db_location.h"

#include <filesystem>

#include <QDir>

#include "core/store/paths.h"

namespace xqui {

bool isDatabaseUri(const QString& path) {
    return xq::store::isPostgresUri(path.toStdString());
}

QString maskDatabasePassword(const QString& path) {
    if (!isDatabaseUri(path)) return path;
    // One rule for the whole program: the store's messages use this function too.
    return QString::fromStdString(xq::store::displayDatabasePath(path.toStdString()));
}

QString displayDatabase(const QString& path) {
    return isDatabaseUri(path) ? maskDatabasePassword(path) : QDir::toNativeSeparators(path);
}

QString databaseFromInput(const QString& text) {
    const QString t = text.trimmed();
    return isDatabaseUri(t) ? t : QDir::fromNativeSeparators(t);
}

bool databaseMayHoldData(const QString& path) {
    if (path.isEmpty()) return false;
    if (isDatabaseUri(path)) return true;
    std::error_code ec;
    return std::filesystem::exists(path.toStdString(), ec);
}

}  // namespace xqui
