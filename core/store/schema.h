#pragma once
// The database schema, its migrations and the check that a file is ours before anything is
// written to it.
//
// Identification, two marks set in the same transaction as the first migration:
//   - the SQLite header's application_id = kApplicationId ("XQZ0"), and
//   - meta(key='app', value='xqzero').
// Schema version: PRAGMA user_version, the number of migration steps applied.
//
// inspectFile() reads the file without ever opening it for writing: first the 16-byte SQLite
// magic with plain file I/O (so garbage never reaches SQLite), then a read-only SQLite
// connection. Foreign, garbage, corrupt and newer-schema files are refused there, so the
// read-write open that follows only ever happens on a file that is absent, empty, or ours.
//
// Thread-safety: free functions; each call uses its own connection or the one passed in.

#include <string>
#include <vector>

#include "core/store/sqlite.h"

namespace xq::store::schema {

constexpr int kApplicationId = 0x58515A30;  // "XQZ0"
constexpr const char* kAppName = "xqzero";

struct Migration {
    int version;              // user_version after this step
    const char* description;  // for `db info` and error messages
    const char* sql;
};

// Ordered; step i has version i + 1. Never edit a released step: append a new one.
const std::vector<Migration>& migrations();
int currentVersion();  // migrations().size()

enum class FileState {
    Absent,  // no file: will be created
    Empty,   // zero bytes, or a valid SQLite file with no tables and no marks: safe to set up
    Ours,    // ours, version <= currentVersion()
};

struct Inspection {
    FileState state = FileState::Absent;
    int version = 0;
};

// Throws StoreError (NotADatabase, Corrupt, ForeignDatabase, NewerSchema) naming the file
// and why it is refused. Never modifies the file.
Inspection inspectFile(const std::string& path);

// Applies the pending steps on a read-write connection in one IMMEDIATE transaction each,
// re-reading user_version under the write lock (two processes may open a new file at once).
// Throws StoreError(NewerSchema / ForeignDatabase) if the file changed under us.
void migrate(sql::Database& db);

// Reads user_version on any connection.
int readVersion(sql::Database& db);

}  // namespace xq::store::schema
