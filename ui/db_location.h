#pragma once
// Where a database lives, as the studio takes and shows it: an SQLite file path, or a
// PostgreSQL connection URI ("postgresql://" or "postgres://", core/store/paths.h). A URI is
// never a file: no existence checks, no parent folders, no native separators; and what the
// studio shows of it never includes a password (the same rule as the store's own messages:
// the password of "user:password@" and the value of a "password=" parameter become "***").
//
// Thread-safety: pure functions, safe on any thread.

#include <QString>

namespace xqui {

// True for a PostgreSQL URI.
bool isDatabaseUri(const QString& path);
// `path` with its password masked ("***"); anything that is not a URI is returned unchanged.
QString maskDatabasePassword(const QString& path);
// What a label or a field shows: a URI masked, a file in native separators.
QString displayDatabase(const QString& path);
// What the user typed, as a database path: trimmed; a file from native separators, a URI as
// typed.
QString databaseFromInput(const QString& text);
// False only for a file that is not there (nothing stored yet: no error to show). A URI may
// always hold something; whether it does is for the store to find out.
bool databaseMayHoldData(const QString& path);

}  // namespace xqui
