#pragma once
// How the studio opens a database to read it (Train page history, Library, model choice).
//
// A read-only Store refuses an SQLite file of an older schema (OlderSchema: read-only opens
// never migrate). The studio writes such files anyway (Play stores its games there), so an
// older file is upgraded once, read-write, and then opened read-only: a user who updates
// XQZero sees the runs and games of the file they had. A PostgreSQL database is never upgraded
// from the studio, which only watches it: its trainer and workers own the schema (their first
// read-write open migrates it), and until then the OlderSchema error is what the user sees.
// An empty file is not upgraded either (nothing was stored there; it stays as it is).
//
// Thread-safety: a free function, safe on any thread (each call opens its own connections;
// two upgrades of one file at once are serialised by SQLite's write lock).

#include <memory>

#include <QString>

#include "core/store/store.h"

namespace xqui {

// Throws StoreError as xq::store::Store does; when the upgrade itself fails (a read-only file
// or disk, a lock held too long), the original OlderSchema error.
std::unique_ptr<xq::store::Store> openForReading(const QString& path, int busyTimeoutMs = 2000);

}  // namespace xqui
