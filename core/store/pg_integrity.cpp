#include "core/store/pg_integrity.h"

namespace xq::store::pg_integrity {

namespace {

struct Reference {
    const char* table;       // the referring table
    const char* row;         // how a row of it is named in the report
    const char* column;      // the referring column (NULL means no reference)
    const char* target;      // the referenced table
    const char* key = "id";  // its referenced column
};

// Every foreign key of the schema (pg_schema.cpp), one line each.
constexpr Reference kReferences[] = {
    {"models", "id", "run", "runs"},        {"models", "id", "parent", "models"},
    {"games", "id", "run", "runs"},         {"moves", "game", "game", "games"},
    {"metrics", "run", "run", "runs"},      {"ladder", "id", "run", "runs"},
    {"ladder", "id", "model_id", "models"}, {"models", "id", "sha256", "blobs", "sha256"},
    {"workers", "id", "run", "runs"},       {"eval_jobs", "id", "run", "runs"},
    {"eval_jobs", "id", "candidate", "models"}, {"eval_jobs", "id", "opponent", "models"},
    {"eval_jobs", "id", "worker", "workers"},   {"eval_jobs", "id", "game", "games"},
    {"run_leases", "run", "run", "runs"},   {"reviews", "game", "game", "games"},
};

}  // namespace

IntegrityReport check(pq::Connection& c) {
    IntegrityReport report;
    // One snapshot for all the queries, so a writer between them cannot fake an orphan.
    pq::Transaction tx(c, pq::Transaction::Kind::Snapshot);
    for (const Reference& ref : kReferences) {
        const std::string sql =
            std::string("SELECT t.") + ref.row + " FROM " + ref.table + " t WHERE t." + ref.column +
            " IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM " +
            ref.target + " p WHERE p." + ref.key + " = t." + ref.column + ") LIMIT 100";
        const pq::Result r = c.exec(sql, std::string("checking references of ") + ref.table);
        for (int i = 0; i < r.rows(); ++i)
            report.problems.push_back("foreign key: row " + r.text(i, 0) + " of table " +
                                      ref.table + " refers to a missing row in " + ref.target +
                                      " (" + ref.column + ")");
    }
    tx.commit();
    report.ok = report.problems.empty();
    return report;
}

}  // namespace xq::store::pg_integrity
