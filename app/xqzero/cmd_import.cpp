// xqzero import FILE [--db PATH] [--json]: stores the games of a PGN file in the database as
// imported games (core/store/pgn_import.h), one report line per game; a bad game is reported
// with its line, move number and reason and never stops the others.
// Exit codes: 0 the file was read (even when some games were rejected: the summary counts
// them), 1 the file cannot be read, holds no game, or the database cannot be written, 2 usage.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "core/store/paths.h"
#include "core/store/pgn_import.h"
#include "core/store/store.h"

namespace {

using namespace xq::store;

struct ImportArgs {
    std::string file;
    std::string db;
    bool json = false;
    bool quiet = false;
};

const char* sideName(xq::Color c) {
    return c == xq::Red ? "red" : "black";
}

nlohmann::json gameJson(const ImportedGame& g) {
    nlohmann::json j = {{"game", g.index + 1}, {"line", g.line}, {"ok", g.ok()}};
    if (g.ok()) {
        j["id"] = g.id;
        j["plies"] = g.plies;
        j["red"] = g.red;
        j["black"] = g.black;
        j["result"] = storeResultCode(g.result);
        if (!g.event.empty()) j["event"] = g.event;
    } else if (g.error) {
        const xq::PgnError& e = *g.error;
        nlohmann::json err = {{"code", xq::pgnErrorCodeName(e.code)},
                              {"line", e.line},
                              {"token", e.token},
                              {"message", e.message}};
        if (e.moveNumber > 0) {
            err["move"] = e.moveNumber;
            err["side"] = sideName(e.side);
        }
        j["error"] = err;
    } else {
        j["error"] = {{"code", std::string("store_") + storeErrorCodeName(*g.storeError)},
                      {"message", g.storeMessage}};
    }
    return j;
}

std::string gameText(const ImportedGame& g) {
    std::string s =
        "game " + std::to_string(g.index + 1) + " (line " + std::to_string(g.line) + "): ";
    if (g.ok())
        return s + "imported as #" + std::to_string(g.id) + ", " + g.red + " - " + g.black + ", " +
               storeResultCode(g.result) + ", " + std::to_string(g.plies) + " plies" +
               (g.event.empty() ? "" : ", " + g.event);
    if (g.error) return s + "rejected: " + g.error->toString();
    return s + "rejected by the database: " + g.storeMessage;
}

int run(const ImportArgs& a) {
    std::error_code ec;
    std::ifstream in(a.file, std::ios::binary);
    if (!std::filesystem::is_regular_file(a.file, ec) || !in.is_open()) {
        std::cerr << "xqzero import: cannot read '" << a.file << "'"
                  << (std::filesystem::exists(a.file, ec) ? " (not a readable file)"
                                                          : " (no such file)")
                  << "\n";
        return xqcli::kExitFailure;
    }
    std::stringstream text;
    text << in.rdbuf();  // an empty file sets failbit here: it is read, and holds no game
    const std::string path = a.db.empty() ? defaultDatabasePath() : a.db;
    try {
        Store store(path);
        store.checkWritable();
        using Clock = std::chrono::steady_clock;
        auto lastProgress = Clock::now();
        const ImportSummary sum =
            importPgn(store, text.str(), [&](const ImportedGame& g, size_t done, size_t total) {
                if (a.json)
                    std::cout << gameJson(g).dump() << "\n";
                else if (!a.quiet || !g.ok())
                    std::cout << gameText(g) << "\n";
                // Progress for big files, on stderr so it never mixes with the report.
                if (Clock::now() - lastProgress > std::chrono::seconds(2)) {
                    lastProgress = Clock::now();
                    std::cerr << "xqzero import: " << g.index + 1 << " games, "
                              << (total ? done * 100 / total : 100) << "% of the file\n";
                }
                return true;
            });
        if (a.json) {
            std::cout << nlohmann::json{{"summary", true},
                                        {"file", a.file},
                                        {"db", path},
                                        {"games", sum.games},
                                        {"imported", sum.imported},
                                        {"rejected", sum.rejected}}
                             .dump()
                      << "\n";
        } else {
            std::cout << a.file << ": " << sum.games << (sum.games == 1 ? " game, " : " games, ") << sum.imported << " imported, "
                      << sum.rejected << " rejected, into " << displayDatabasePath(path) << "\n";
        }
        if (sum.games == 0) {
            std::cerr << "xqzero import: no game found in '" << a.file << "'\n";
            return xqcli::kExitFailure;
        }
        return xqcli::kExitOk;
    } catch (const std::exception& e) {  // StoreError: the database cannot be opened or written
        std::cerr << "xqzero import: " << e.what() << "\n";
        return xqcli::kExitFailure;
    }
}

std::function<int()> setup(CLI::App& sub) {
    auto a = std::make_shared<ImportArgs>();
    sub.add_option("file", a->file, "PGN file (ICCS, WXF or Chinese moves; several games)")
        ->required();
    sub.add_option("--db", a->db, "Database file (default: " + defaultDatabasePath() + ")");
    sub.add_flag("--json", a->json, "One JSON object per game, then a summary object");
    sub.add_flag("--quiet", a->quiet, "Report only the rejected games and the summary");
    return [a] { return run(*a); };
}

XQ_COMMAND("import", "Store the games of a PGN file in the database as imported games", setup);

}  // namespace
