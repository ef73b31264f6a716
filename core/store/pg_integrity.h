#pragma once
// The PostgreSQL integrityCheck(): the server keeps its own pages consistent (and reports
// damage as errors when they are read), so what is worth checking is the data: rows whose
// references point at rows that do not exist. The constraints forbid them; they appear only
// where constraints were bypassed (session_replication_role = replica, a restore without
// them, manual surgery), which is exactly when a check is wanted.
// Thread-safety: a free function on the connection passed in.

#include "core/store/pq.h"
#include "core/store/records.h"

namespace xq::store::pg_integrity {

IntegrityReport check(pq::Connection& c);

}  // namespace xq::store::pg_integrity
