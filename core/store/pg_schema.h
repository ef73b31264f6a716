#pragma once
// The PostgreSQL form of the schema (schema.h is the SQLite form): the same tables, the same
// migration steps with the same numbers and descriptions, each step's SQL in this dialect.
//
// Identification: PostgreSQL has no application_id or user_version, so both marks live in the
// meta table of the connection's current schema (usually "public"), written in the same
// transaction as the step they describe:
//   - meta(key='app', value='xqzero'), and
//   - meta(key='schema_version', value=N), the number of steps applied.
// A schema with tables but without both marks is another application's: refused, untouched.
//
// Concurrency: migrate() runs each step in its own transaction holding a transaction-scoped
// advisory lock, re-reading the marks under it (two processes may open a new database at once).
//
// Thread-safety: free functions on the connection passed in.

#include <string>
#include <vector>

#include "core/store/pq.h"
#include "core/store/schema.h"

namespace xq::store::pg_schema {

// Ordered; step i has version i + 1, the same description as schema::migrations()[i].
const std::vector<schema::Migration>& migrations();

struct Inspection {
    bool blank = true;  // no tables at all in the current schema: safe to set up
    int version = 0;    // ours: the version recorded in meta
};

// Reads the current schema without writing; throws StoreError(ForeignDatabase, NewerSchema)
// naming the database and why it is refused.
Inspection inspect(pq::Connection& c);

// Applies the pending steps (see above). Throws StoreError(NewerSchema / ForeignDatabase) if
// the database changed under us.
void migrate(pq::Connection& c);

// The version recorded in meta (0 when there is none).
int readVersion(pq::Connection& c);

}  // namespace xq::store::pg_schema
