#pragma once
// The exception type of core/store: an xq::Error with code Store (core/error.h) that carries
// its own StoreErrorCode (for callers and the UI to branch on; core never returns translated
// text), the database file as subject when known, and a message that names the file (or the
// PostgreSQL URI without its password), what was being done and the engine's own explanation.
// Thread-safety: plain value.

#include <string>

#include "core/error.h"

namespace xq::store {

enum class StoreErrorCode {
    Sqlite,           // any other database failure (I/O, a lost PostgreSQL connection, ...)
    NotADatabase,     // the file is not an SQLite database at all (garbage, truncated, encrypted)
    Corrupt,          // an SQLite database whose pages are damaged
    ForeignDatabase,  // a valid database (SQLite file, PostgreSQL schema) of another application
    NewerSchema,      // ours, but written by a newer xqzero: opening it could damage it
    OlderSchema,      // ours, older, and opened read-only so it cannot be upgraded
    Missing,          // read-only open of a file (or PostgreSQL database) that does not exist
    Busy,             // another process holds a lock longer than the busy timeout
    Constraint,       // a uniqueness or reference rule refused the write (e.g. run name taken)
    InvalidArgument,  // the caller passed a record that cannot be stored (bad JSON, illegal move)
    NotFound,         // a record asked for by id does not exist
    ReadOnly,         // cannot be written (permissions, a read-only mount or session, a standby)
    DiskFull,         // the disk holding the database (or its journal) is full
};

const char* storeErrorCodeName(StoreErrorCode c);

class StoreError : public xq::Error {
public:
    StoreError(StoreErrorCode code, const std::string& message, std::string file = {})
        : xq::Error(xq::ErrorCode::Store, message, std::move(file)), code_(code) {}
    // Hides xq::Error::code() (always Store here) with the store's own code.
    StoreErrorCode code() const { return code_; }

private:
    StoreErrorCode code_;
};

}  // namespace xq::store
