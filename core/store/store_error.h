#pragma once
// The one exception type of core/store. It carries a code (for callers and the UI to branch on;
// core never returns translated text) and a message that names the file, what was being done
// and SQLite's own explanation.
// Thread-safety: plain value.

#include <stdexcept>
#include <string>

namespace xq::store {

enum class StoreErrorCode {
    Sqlite,           // any other SQLite failure (I/O, full disk, ...)
    NotADatabase,     // the file is not an SQLite database at all (garbage, truncated, encrypted)
    Corrupt,          // an SQLite database whose pages are damaged
    ForeignDatabase,  // a valid SQLite database written by some other application
    NewerSchema,      // ours, but written by a newer xqzero: opening it could damage it
    OlderSchema,      // ours, older, and opened read-only so it cannot be upgraded
    Missing,          // read-only open of a file that does not exist
    Busy,             // another process holds the lock longer than the busy timeout
    Constraint,       // a uniqueness or reference rule refused the write (e.g. run name taken)
    InvalidArgument,  // the caller passed a record that cannot be stored (bad JSON, illegal move)
    NotFound,         // a record asked for by id does not exist
    ReadOnly,         // the file cannot be written (permissions, a read-only mount)
    DiskFull,         // the disk holding the database (or its journal) is full
};

const char* storeErrorCodeName(StoreErrorCode c);

class StoreError : public std::runtime_error {
public:
    StoreError(StoreErrorCode code, const std::string& message)
        : std::runtime_error(message), code_(code) {}
    StoreErrorCode code() const { return code_; }

private:
    StoreErrorCode code_;
};

}  // namespace xq::store
