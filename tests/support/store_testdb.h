#pragma once
// Where the store suite's databases live. The same suite runs once per backend (CTest runs the
// executable twice): SQLite files in a temp dir by default, or, with
// XQ_TEST_STORE_BACKEND=postgresql, one new PostgreSQL database per name on the test cluster
// whose socket dir is in the file XQ_TEST_PG_SOCKET_FILE (the store_pg fixture writes it) or
// in XQ_TEST_PG_HOST. Databases are dropped by dropAll() (the suites call it after every test
// function), so each test function starts from nothing.
//
// PostgreSQL asked for but unreachable is an error the suite reports (initTestCase fails),
// never a silent pass.

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QtGlobal>

#include <cctype>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "core/store/schema.h"
#include "core/store/sqlite.h"
#ifdef XQ_WITH_POSTGRES
#include "core/store/pg_schema.h"
#include "core/store/pq.h"
#endif

namespace storetest {

class TestDatabases {
public:
    // forcePostgres: PostgreSQL whatever XQ_TEST_STORE_BACKEND says (PostgreSQL-only suites).
    explicit TestDatabases(QTemporaryDir& tmp, bool forcePostgres = false) : tmp_(tmp) {
        postgres_ = forcePostgres || qgetenv("XQ_TEST_STORE_BACKEND") == "postgresql";
        host_ = qgetenv("XQ_TEST_PG_HOST").toStdString();
        const QByteArray file = qgetenv("XQ_TEST_PG_SOCKET_FILE");
        if (host_.empty() && !file.isEmpty()) {
            std::ifstream in(file.toStdString());
            std::getline(in, host_);
        }
    }
    bool postgres() const { return postgres_; }

    // Empty when the backend asked for can be used; else why not.
    std::string unavailable() {
        if (!postgres_) return {};
#ifndef XQ_WITH_POSTGRES
        return "XQ_TEST_STORE_BACKEND=postgresql, but this build has no PostgreSQL "
               "(XQ_WITH_POSTGRES=OFF)";
#else
        if (host_.empty())
            return "XQ_TEST_STORE_BACKEND=postgresql but no test cluster: set XQ_TEST_PG_HOST or "
                   "XQ_TEST_PG_SOCKET_FILE (CTest's store_pg fixture does; did it fail?)";
        try {
            admin();
        } catch (const std::exception& e) {
            return std::string("cannot reach the PostgreSQL test cluster: ") + e.what();
        }
        return {};
#endif
    }

    // The URI of database `db` on the test cluster (as `user`).
    std::string uriFor(const std::string& db, const std::string& user = "postgres") const {
        return "postgresql:///" + db + "?host=" + host_ + "&user=" + user;
    }

    // A fresh, empty database for `name`: a file path, or a new PostgreSQL database's URI.
    // The same name gives the same database until dropAll().
    std::string make(const std::string& name) {
        if (!postgres_) return tmp_.filePath(QString::fromStdString(name)).toStdString();
        if (auto it = made_.find(name); it != made_.end()) return uriFor(it->second);
        // The pid keeps suites that share the cluster (ctest -j) apart.
        std::string db = "xqt_" + std::to_string(QCoreApplication::applicationPid()) + "_" +
                         std::to_string(++counter_) + "_";
        for (unsigned char c : name) db += std::isalnum(c) ? char(std::tolower(c)) : '_';
#ifdef XQ_WITH_POSTGRES
        admin().exec("CREATE DATABASE " + db, "creating a test database");
#endif
        made_[name] = db;
        return uriFor(db);
    }

    // The PostgreSQL database that make(name) created.
    std::string dbName(const std::string& name) const {
        const auto it = made_.find(name);
        return it == made_.end() ? std::string() : it->second;
    }

    void dropAll() {
#ifdef XQ_WITH_POSTGRES
        for (const auto& [name, db] : made_)
            admin().exec("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)",
                         "dropping a test database");
#endif
        made_.clear();
    }

#ifdef XQ_WITH_POSTGRES
    // A superuser session on the cluster's maintenance database.
    xq::store::pq::Connection& admin() {
        if (!admin_) admin_ = std::make_unique<xq::store::pq::Connection>(uriFor("postgres"));
        return *admin_;
    }
#endif

private:
    QTemporaryDir& tmp_;
    bool postgres_ = false;
    std::string host_;
    std::map<std::string, std::string> made_;
    int counter_ = 0;
#ifdef XQ_WITH_POSTGRES
    std::unique_ptr<xq::store::pq::Connection> admin_;
#endif
};

// Runs `sqlText` in the database `path` (a file, or a URI when `postgres`) around the store:
// rows that an older or hostile client could have written.
inline void execSql(const std::string& path, bool postgres, const std::string& sqlText) {
    if (postgres) {
#ifdef XQ_WITH_POSTGRES
        xq::store::pq::Connection c(path);
        c.exec(sqlText, "raw SQL of a test");
#endif
        return;
    }
    xq::store::sql::Database db(path, xq::store::sql::OpenMode::ReadWrite);
    db.exec(sqlText, "raw SQL of a test");
}

// Writes the schema of `version` into the empty database `path` (a file, or a URI when
// `postgres`), as an older XQZero left it, then runs `rows` (SQL of that version) in it.
inline void writeVersion(const std::string& path, bool postgres, int version, const char* rows) {
    if (postgres) {
#ifdef XQ_WITH_POSTGRES
        xq::store::pq::Connection c(path);
        for (int i = 0; i < version; ++i)
            c.exec(xq::store::pg_schema::migrations()[size_t(i)].sql, "schema");
        c.exec("INSERT INTO meta VALUES ('schema_version', '" + std::to_string(version) + "')",
               "marking the version");
        c.exec(rows, "rows of that version");
#endif
        return;
    }
    namespace sql = xq::store::sql;
    namespace schema = xq::store::schema;
    sql::Database db(path, sql::OpenMode::ReadWriteCreate);
    for (int i = 0; i < version; ++i) db.exec(schema::migrations()[size_t(i)].sql, "schema");
    db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId) +
                "; PRAGMA user_version = " + std::to_string(version),
            "marking the version");
    db.exec(rows, "rows of that version");
}

inline void writeVersion2(const std::string& path, bool postgres, const char* rows) {
    writeVersion(path, postgres, 2, rows);
}

}  // namespace storetest
