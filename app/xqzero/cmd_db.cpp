// xqzero db info|games|runs|workers [--db PATH]: look into the training database without changing it.
// These open the database read-only, so they never create, migrate or lock out a running
// training process (WAL lets them read while it writes).
// xqzero db rename-run OLD NEW | delete-run NAME --yes: the two commands that change it. Both
// move or remove the run's own files (core/store/run_name.h isRunOwnFile) in its default model
// folder (<db dir>/models/<run>) with its rows; other files there stay, and are named.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/xqzero/command.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "core/store/schema.h"
#include "core/store/store.h"

namespace {

using namespace xq::store;

struct DbArgs {
    std::string db;
    std::string run;
    std::string kind;
    int limit = 20;
    int offset = 0;
    bool json = false;
    std::string from, to;  // rename-run
    bool yes = false;      // delete-run
    bool keepModels = false;
    std::string path() const { return db.empty() ? defaultDatabasePath() : db; }
};

std::string formatTime(int64_t ms) {
    const std::time_t t = std::time_t(ms / 1000);
    std::tm tm{};
    localtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    return buf;
}

std::unique_ptr<Store> openReadOnly(const std::string& path) {
    OpenOptions o;
    o.readOnly = true;
    return std::make_unique<Store>(path, o);
}

int runInfo(const DbArgs& a) {
    const std::string path = a.path();
    auto store = openReadOnly(path);
    const StoreCounts c = store->counts();
    std::error_code ec;
    const bool postgres = isPostgresUri(path);
    const auto bytes = postgres ? 0 : std::filesystem::file_size(path, ec);
    const IntegrityReport integrity = store->integrityCheck();
    nlohmann::json runs = nlohmann::json::array();
    for (const RunInfo& r : store->listRuns()) {
        GameFilter f;
        f.run = r.id;
        const auto best = store->bestModel(r.id);
        runs.push_back({{"name", r.name},
                        {"created", formatTime(r.created)},
                        {"games", store->countGames(f)},
                        {"models", store->listModels(r.id).size()},
                        {"best_generation", best ? nlohmann::json(best->generation) : nullptr}});
    }
    if (a.json) {
        nlohmann::json j = {{"db", displayDatabasePath(path)},
                            {"backend", postgres ? "postgresql" : "sqlite"},
                            {"schema_version", store->schemaVersion()},
                            {"schema_version_supported", schema::currentVersion()},
                            {"bytes", ec ? 0 : bytes},
                            {"runs", c.runs},
                            {"models", c.models},
                            {"games", c.games},
                            {"moves", c.moves},
                            {"metrics", c.metrics},
                            {"integrity", integrity.ok ? "ok" : "damaged"},
                            {"run_list", runs}};
        std::cout << j.dump() << "\n";
        return integrity.ok ? xqcli::kExitOk : xqcli::kExitFailure;
    }
    std::cout << "database:       " << displayDatabasePath(path);
    if (postgres)
        std::cout << " (PostgreSQL)\n";
    else
        std::cout << " (" << (ec ? 0 : bytes) << " bytes)\n";
    std::cout
              << "schema version: " << store->schemaVersion() << " (this build "
              << schema::currentVersion() << ")\n"
              << "integrity:      " << (integrity.ok ? "ok" : "DAMAGED") << "\n"
              << "runs " << c.runs << ", models " << c.models << ", games " << c.games
              << ", moves " << c.moves << ", metrics " << c.metrics << "\n";
    for (const std::string& p : integrity.problems) std::cout << "  problem: " << p << "\n";
    for (const auto& r : runs) {
        std::cout << "  run " << r["name"].get<std::string>() << ": created "
                  << r["created"].get<std::string>() << ", " << r["games"] << " games, "
                  << r["models"] << " models, best generation "
                  << (r["best_generation"].is_null() ? std::string("-")
                                                     : r["best_generation"].dump())
                  << "\n";
    }
    return integrity.ok ? xqcli::kExitOk : xqcli::kExitFailure;
}

int runGames(const DbArgs& a) {
    auto store = openReadOnly(a.path());
    GameFilter f;
    f.limit = a.limit;
    f.offset = a.offset;
    if (!a.run.empty()) {
        const auto run = store->findRun(a.run);
        if (!run) {
            std::cerr << "xqzero db games: no run named '" << a.run << "' in " << a.path() << "\n";
            return xqcli::kExitUsage;
        }
        f.run = run->id;
    }
    if (!a.kind.empty()) {
        f.kind = parseGameKind(a.kind);
        if (!f.kind) {
            std::cerr << "xqzero db games: unknown kind '" << a.kind
                      << "' (selfplay, eval, play, other, imported)\n";
            return xqcli::kExitUsage;
        }
    }
    std::map<int64_t, std::string> runNames;
    for (const RunInfo& r : store->listRuns()) runNames[r.id] = r.name;
    const auto games = store->listGames(f);
    if (a.json) {
        for (const GameRecord& g : games)
            std::cout << nlohmann::json{{"id", g.id},
                                        {"run", g.run ? nlohmann::json(runNames[*g.run]) : nullptr},
                                        {"kind", gameKindCode(g.kind)},
                                        {"generation", g.generation ? nlohmann::json(*g.generation)
                                                                    : nullptr},
                                        {"red", g.red},
                                        {"black", g.black},
                                        {"result", storeResultCode(g.result)},
                                        {"reason", storeReasonCode(g.reason)},
                                        {"plies", g.plies},
                                        {"finished", formatTime(g.finished)}}
                             .dump()
                      << "\n";
        return xqcli::kExitOk;
    }
    std::printf("%8s  %-12s %-8s %4s  %-16s %-16s %-8s %-16s %5s  %s\n", "id", "run", "kind", "gen",
                "red", "black", "result", "reason", "plies", "finished");
    for (const GameRecord& g : games)
        std::printf("%8lld  %-12s %-8s %4s  %-16s %-16s %-8s %-16s %5d  %s\n", (long long)g.id,
                    g.run ? runNames[*g.run].c_str() : "-", gameKindCode(g.kind),
                    g.generation ? std::to_string(*g.generation).c_str() : "-", g.red.c_str(),
                    g.black.c_str(), storeResultCode(g.result), storeReasonCode(g.reason), g.plies,
                    formatTime(g.finished).c_str());
    std::printf("%zu of %lld games shown\n", games.size(), (long long)store->countGames([&] {
                    GameFilter all = f;
                    all.limit = 0;
                    return all;
                }()));
    return xqcli::kExitOk;
}

// How to repair a run stored under a name that cannot name a folder.
std::string renameHint(const DbArgs& a, const std::string& name) {
    return "rename it first: xqzero db rename-run" + (a.db.empty() ? std::string() : " --db " + a.db) +
           " -- '" + printableRunName(name) + "' NEW-NAME";
}

// A run's status as a resume would find it: its checkpoint, or none (a resume then starts from
// generation 0 and the stored games).
std::string checkpointState(const std::string& modelDir) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::path(modelDir) / "checkpoint.json", ec) ? "checkpoint"
                                                                                          : "no checkpoint";
}

int runRuns(const DbArgs& a) {
    auto store = openReadOnly(a.path());
    nlohmann::json list = nlohmann::json::array();
    for (const RunInfo& r : store->listRuns()) {
        GameFilter f;
        f.run = r.id;
        const auto best = store->bestModel(r.id);
        // A name that fails the rule (written by an older or hostile client) is listed, but no
        // folder is derived from it.
        const auto problem = runNameProblem(r.name);
        std::string dir;
        if (!problem) {
            try {
                dir = defaultModelDir(a.path(), r.name);
            } catch (const xq::Error&) {
                // a folder that leads outside the model root: listed without it
            }
        }
        list.push_back({{"name", r.name},
                        {"created", formatTime(r.created)},
                        {"games", store->countGames(f)},
                        {"best_generation", best ? nlohmann::json(best->generation) : nullptr},
                        {"model_dir", dir.empty() ? nlohmann::json(nullptr) : nlohmann::json(dir)},
                        {"checkpoint", !dir.empty() && checkpointState(dir) == "checkpoint"},
                        {"name_problem", problem ? nlohmann::json(*problem) : nlohmann::json(nullptr)}});
    }
    if (a.json) {
        std::cout << list.dump() << "\n";
        return xqcli::kExitOk;
    }
    std::printf("%-20s %-19s %8s %5s  %-13s %s\n", "run", "created", "games", "best", "checkpoint",
                "models");
    for (const auto& r : list)
        std::printf("%-20s %-19s %8lld %5s  %-13s %s\n", printableRunName(r["name"].get<std::string>()).c_str(),
                    r["created"].get<std::string>().c_str(), (long long)r["games"].get<int64_t>(),
                    r["best_generation"].is_null() ? "-" : r["best_generation"].dump().c_str(),
                    r["checkpoint"].get<bool>() ? "yes" : "no (resume: gen 0)",
                    !r["name_problem"].is_null()
                        ? ("none: the name cannot name a folder (" + r["name_problem"].get<std::string>() +
                           "); " + renameHint(a, r["name"].get<std::string>()))
                              .c_str()
                        : r["model_dir"].is_null() ? "none: the folder leads outside the model root"
                                                   : r["model_dir"].get<std::string>().c_str());
    std::printf("%zu runs\n", list.size());
    return xqcli::kExitOk;
}

// The self-play workers (`xqzero worker`) that joined the database's runs, newest heartbeat first.
int runWorkers(const DbArgs& a) {
    auto store = openReadOnly(a.path());
    std::optional<int64_t> run;
    if (!a.run.empty()) {
        const auto r = store->findRun(a.run);
        if (!r) {
            std::cerr << "xqzero db workers: no run named '" << a.run << "' in " << a.path() << "\n";
            return xqcli::kExitFailure;
        }
        run = r->id;
    }
    std::map<int64_t, std::string> runNames;
    for (const RunInfo& r : store->listRuns()) runNames[r.id] = r.name;
    const int64_t now = xq::store::nowMs();
    nlohmann::json list = nlohmann::json::array();
    for (const auto& w : store->listWorkers(run)) {
        const double hours = double(std::max<int64_t>(1, w.heartbeat - w.started)) / 3.6e6;
        list.push_back({{"id", w.id},
                        {"run", runNames.count(w.run) ? runNames[w.run] : ""},
                        {"host", w.host},
                        {"pid", w.pid},
                        {"threads", w.threads},
                        {"generation", w.generation ? nlohmann::json(*w.generation) : nullptr},
                        {"games", w.games},
                        {"positions", w.positions},
                        {"games_per_hour", double(w.games) / hours},
                        {"heartbeat_age_s", double(now - w.heartbeat) / 1000.0},
                        {"state", w.state}});
    }
    if (a.json) {
        std::cout << list.dump() << "\n";
        return xqcli::kExitOk;
    }
    std::printf("%6s %-16s %-20s %7s %4s %4s %8s %8s %9s  %s\n", "id", "run", "host", "pid", "thr", "gen", "games",
                "games/h", "heartbeat", "state");
    for (const auto& w : list)
        std::printf("%6lld %-16s %-20s %7lld %4d %4s %8lld %8.0f %8.0fs  %s\n", (long long)w["id"].get<int64_t>(),
                    w["run"].get<std::string>().c_str(), w["host"].get<std::string>().c_str(),
                    (long long)w["pid"].get<int64_t>(), w["threads"].get<int>(),
                    w["generation"].is_null() ? "-" : w["generation"].dump().c_str(),
                    (long long)w["games"].get<int64_t>(), w["games_per_hour"].get<double>(),
                    w["heartbeat_age_s"].get<double>(), w["state"].get<std::string>().c_str());
    std::printf("%zu workers\n", list.size());
    return xqcli::kExitOk;
}

std::unique_ptr<Store> openForChange(const std::string& path) {
    OpenOptions o;
    o.create = false;
    auto store = std::make_unique<Store>(path, o);
    store->checkWritable();
    return store;
}

// The run's own files in `dir` (run_name.h isRunOwnFile) and what else is there, each with why
// it is not the run's.
struct FolderContents {
    std::vector<std::filesystem::path> own;
    std::vector<std::string> foreign;  // "name (why)"
};

FolderContents readRunFolder(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    FolderContents c;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        std::error_code ec;
        const fs::file_status st = entry.symlink_status(ec);
        if (fs::is_directory(st))
            c.foreign.push_back(name + " (a folder)");
        else if (!fs::is_regular_file(st) && !fs::is_symlink(st))
            c.foreign.push_back(name + " (not a plain file)");
        else if (!isRunOwnFile(name))
            c.foreign.push_back(name + " (not a file a run writes)");
        else
            c.own.push_back(entry.path());
    }
    return c;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}

int runRenameRun(const DbArgs& a) {
    namespace fs = std::filesystem;
    auto store = openForChange(a.path());
    if (!store->findRun(a.from)) {
        std::cerr << "xqzero db rename-run: no run named '" << printableRunName(a.from) << "' in " << a.path()
                  << "\n";
        return xqcli::kExitUsage;
    }
    if (a.to.empty() || store->findRun(a.to)) {
        std::cerr << "xqzero db rename-run: " << (a.to.empty() ? std::string("the new name is empty")
                                                                 : "a run named '" + a.to + "' already exists")
                  << "; nothing changed\n";
        return xqcli::kExitUsage;
    }
    // A stored name that fails the rule names no folder: only the rows change (that is how such a
    // run is repaired), and its model files stay where the database records them.
    const bool oldNameUsable = !runNameProblem(a.from);
    const std::string root = modelRoot(a.path());
    const fs::path newDir = defaultModelDir(a.path(), a.to);
    const fs::path oldDir = oldNameUsable ? fs::path(defaultModelDir(a.path(), a.from)) : fs::path();
    std::error_code ec;
    const bool moveDir = oldNameUsable && fs::exists(oldDir, ec);
    if (moveDir && fs::exists(newDir, ec)) {
        std::cerr << "xqzero db rename-run: the folder " << newDir.string()
                  << " already exists; move it away first. Nothing changed\n";
        return xqcli::kExitUsage;
    }
    // The run's own files move; anything else in its folder stays where the user put it. When
    // the folder holds only the run's files it moves whole (one rename).
    FolderContents contents;
    if (moveDir) {
        requireInsideRoot(root, oldDir.string());
        requireInsideRoot(root, newDir.string());
        contents = readRunFolder(oldDir);
    }
    std::vector<std::pair<fs::path, fs::path>> moved;  // (from, to), to undo
    auto undo = [&] {
        std::error_code e;
        for (auto it = moved.rbegin(); it != moved.rend(); ++it) fs::rename(it->second, it->first, e);
        if (!contents.foreign.empty()) fs::remove(newDir, e);
    };
    if (moveDir && contents.foreign.empty()) {
        fs::rename(oldDir, newDir, ec);
        if (ec) {
            std::cerr << "xqzero db rename-run: cannot move " << oldDir.string() << " to " << newDir.string()
                      << ": " << ec.message() << "; nothing changed\n";
            return xqcli::kExitFailure;
        }
        moved.emplace_back(oldDir, newDir);
    } else if (moveDir) {
        fs::create_directory(newDir, ec);
        for (const fs::path& f : contents.own) {
            if (ec) break;
            fs::rename(f, newDir / f.filename(), ec);
            if (!ec) moved.emplace_back(f, newDir / f.filename());
        }
        if (ec) {
            std::cerr << "xqzero db rename-run: cannot move the run's files from " << oldDir.string() << " to "
                      << newDir.string() << ": " << ec.message() << "; nothing changed\n";
            undo();
            return xqcli::kExitFailure;
        }
    }
    try {
        store->renameRun(a.from, a.to, moveDir ? oldDir.string() : "", moveDir ? newDir.string() : "");
    } catch (...) {
        undo();
        throw;
    }
    std::cout << "renamed run '" << printableRunName(a.from) << "' to '" << a.to << "'";
    if (moveDir) std::cout << "; its models are now in " << newDir.string();
    if (!oldNameUsable)
        std::cout << "; the old name named no folder, so no model files were moved (they stay where the "
                     "database records them)";
    std::cout << "\n";
    if (!contents.foreign.empty())
        std::cout << "left in " << oldDir.string() << ", not being the run's: " << joined(contents.foreign) << "\n";
    return xqcli::kExitOk;
}

int runDeleteRun(const DbArgs& a) {
    namespace fs = std::filesystem;
    auto store = openForChange(a.path());
    const auto run = store->findRun(a.from);
    const std::string shown = printableRunName(a.from);
    if (!run) {
        std::cerr << "xqzero db delete-run: no run named '" << shown << "' in " << a.path() << "\n";
        return xqcli::kExitUsage;
    }
    GameFilter f;
    f.run = run->id;
    const int64_t games = store->countGames(f);
    // A stored name that fails the rule names no folder: nothing on disk is looked at for it.
    if (const auto why = runNameProblem(a.from); why && !a.keepModels) {
        std::cerr << "xqzero db delete-run: run '" << shown << "' has a name that cannot name a folder (" << *why
                  << "), so its model folder is not looked for. Delete only its rows with --keep-models, or "
                  << renameHint(a, a.from) << ". Nothing changed\n";
        return xqcli::kExitUsage;
    }
    const std::string root = modelRoot(a.path());
    const fs::path dir = a.keepModels ? fs::path() : fs::path(defaultModelDir(a.path(), a.from));
    std::error_code ec;
    const bool hasDir = !a.keepModels && fs::exists(dir, ec);
    if (!a.yes) {
        std::cerr << "xqzero db delete-run: this deletes run '" << shown << "' with its " << games
                  << " games, models, metrics and ladder results"
                  << (hasDir ? ", and the run's files in " + dir.string() : std::string())
                  << ". Add --yes to do it\n";
        return xqcli::kExitUsage;
    }
    FolderContents contents;
    if (hasDir) {
        requireInsideRoot(root, dir.string());  // again, right before anything goes
        contents = readRunFolder(dir);
    }
    store->deleteRun(a.from);
    std::cout << "deleted run '" << shown << "' (" << games << " games)";
    if (!hasDir) {
        std::cout << "\n";
        return xqcli::kExitOk;
    }
    int removed = 0;
    std::vector<std::string> failed;
    for (const fs::path& file : contents.own) {
        if (fs::remove(file, ec)) ++removed;
        else if (ec) failed.push_back(file.filename().string() + " (" + ec.message() + ")");
    }
    const bool empty = contents.foreign.empty() && failed.empty();
    if (empty) fs::remove(dir, ec);  // removes only an empty folder
    std::cout << " and " << removed << " of its files in " << dir.string()
              << (empty && !ec ? " with the folder" : "") << "\n";
    if (!contents.foreign.empty())
        std::cout << "left in " << dir.string() << ", not being the run's: " << joined(contents.foreign) << "\n";
    if (!failed.empty()) {
        std::cerr << "xqzero db delete-run: the run is gone from the database, but these files could not be "
                     "removed: " << joined(failed) << "\n";
        return xqcli::kExitFailure;
    }
    return xqcli::kExitOk;
}

std::function<int()> setup(CLI::App& sub) {
    auto args = std::make_shared<DbArgs>();
    auto which = std::make_shared<std::string>();
    sub.require_subcommand(1);
    const std::string dbHelp =
        "Database file or postgresql:// URI (default: " + defaultDatabasePath() + ")";
    sub.add_option("--db", args->db, dbHelp);

    CLI::App* info = sub.add_subcommand("info", "Schema version, integrity and row counts");
    info->add_option("--db", args->db, dbHelp);
    info->add_flag("--json", args->json, "Print one JSON object");
    info->callback([which] { *which = "info"; });

    CLI::App* games = sub.add_subcommand("games", "List stored games, newest first");
    games->add_option("--db", args->db, dbHelp);
    games->add_option("--run", args->run, "Only games of this run");
    games->add_option("--kind", args->kind,
                      "Only games of this kind: selfplay, eval, play, other, imported");
    games->add_option("--limit", args->limit, "How many games (0: all)")->check(CLI::NonNegativeNumber);
    games->add_option("--offset", args->offset, "Skip this many first")->check(CLI::NonNegativeNumber);
    games->add_flag("--json", args->json, "One JSON object per game");
    games->callback([which] { *which = "games"; });

    CLI::App* runs = sub.add_subcommand("runs", "List the training runs, with whether each has a checkpoint");
    runs->add_option("--db", args->db, dbHelp);
    runs->add_flag("--json", args->json, "Print one JSON array");
    runs->callback([which] { *which = "runs"; });

    CLI::App* workers = sub.add_subcommand("workers", "List the self-play workers, newest heartbeat first");
    workers->add_option("--db", args->db, dbHelp);
    workers->add_option("--run", args->run, "Only the workers of this run");
    workers->add_flag("--json", args->json, "Print one JSON array");
    workers->callback([which] { *which = "workers"; });

    CLI::App* rename = sub.add_subcommand("rename-run", "Rename a run (and move its model folder)");
    rename->add_option("--db", args->db, dbHelp);
    rename->add_option("old", args->from, "The run's name")->required();
    rename->add_option("new", args->to, "Its new name")->required()->check(xqcli::runNameCheck());
    rename->callback([which] { *which = "rename-run"; });

    CLI::App* del = sub.add_subcommand("delete-run", "Delete a run: its games, models, metrics and model folder");
    del->add_option("--db", args->db, dbHelp);
    del->add_option("name", args->from, "The run's name")->required();
    del->add_flag("--yes", args->yes, "Really delete (without it, only says what would go)");
    del->add_flag("--keep-models", args->keepModels, "Keep the model folder on disk");
    del->callback([which] { *which = "delete-run"; });

    return [args, which] {
        if (*which == "info") return runInfo(*args);
        if (*which == "runs") return runRuns(*args);
        if (*which == "workers") return runWorkers(*args);
        if (*which == "rename-run") return runRenameRun(*args);
        if (*which == "delete-run") return runDeleteRun(*args);
        return runGames(*args);
    };
}

XQ_COMMAND("db", "Inspect and maintain the training database: db info, games, runs, workers, rename-run, delete-run", setup);

}  // namespace
