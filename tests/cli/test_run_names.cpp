// Run names reach the file system (models/<run>): the xqzero binary, run as a user would, in a
// sandbox folder. Hostile names are refused at every entry point and nothing appears outside
// the model root; a hostile name already in a database (written by SQL) is listed but not acted
// on; a delete or rename keeps the user's own files in a run's folder.
#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/store/sqlite.h"
#include "core/store/store.h"

namespace fs = std::filesystem;
using namespace xq::store;

namespace {

struct Result {
    int code = -1;
    QByteArray output;
};

// Runs xqzero with `args` in the working directory `cwd`.
Result xqzero(const QStringList& args, const QString& cwd) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setWorkingDirectory(cwd);
    p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero", args);
    if (!p.waitForFinished(120000)) return {-2, p.readAll()};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

// Every path under `dir` (files, folders, links), relative, sorted.
QStringList tree(const QString& dir) {
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

void writeFile(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A run named `name` written around the store, as an old or hostile client could.
void insertRawRun(const std::string& db, const std::string& name) {
    sql::Database d(db, sql::OpenMode::ReadWrite);
    sql::Statement st(d, "INSERT INTO runs(name, config, created) VALUES (?, '{}', 0)");
    st.bind(1, name);
    st.step();
}

// The names of the issue and more. NUL cannot travel in an argument vector; the store suite
// and test_run_name refuse it.
QStringList hostileNames() {
    return {"../x", "../../victim", "a/b", "a\\b", "..", ".", "a\nb", QString(10000, 'x'), "   ",
            "/tmp/xq-absolute"};
}

}  // namespace

class TestRunNames : public QObject {
    Q_OBJECT
private slots:
    void hostileNamesAreRefusedEverywhere_data() {
        QTest::addColumn<QString>("name");
        int i = 0;
        for (const QString& n : hostileNames()) QTest::newRow(qPrintable(QString::number(i++))) << n;
    }
    void hostileNamesAreRefusedEverywhere() {
        QFETCH(QString, name);
        QTemporaryDir sandbox;
        QVERIFY(sandbox.isValid());
        const QString work = sandbox.filePath("work"), dbDir = sandbox.filePath("db");
        QVERIFY(QDir().mkpath(work) && QDir().mkpath(dbDir));
        const QString db = dbDir + "/x.db";
        {
            Store s(db.toStdString());
            s.createRun("ok");
        }
        const QStringList before = tree(sandbox.path());
        const bool absoluteExisted = QFileInfo::exists("/tmp/xq-absolute");
        const QList<QStringList> entries{
            {"train", "--preset", "quick", "--db", db, "--run", name, "--iterations", "1"},
            {"train", "--preset", "quick", "--db", db, "--run", name, "--resume", "--iterations", "1"},
            {"train", "--role", "trainer", "--preset", "quick", "--db", db, "--run", name, "--iterations", "1"},
            {"selfplay", "--db", db, "--run", name, "--games", "1"},
            {"worker", "--db", db, "--run", name, "--minutes", "0.01"},
            {"db", "rename-run", "--db", db, "--", "ok", name},
            {"match", "best:" + name + "@1", "random", "--games", "1", "--db", db},
        };
        for (const QStringList& args : entries) {
            const Result r = xqzero(args, work);
            const QString what = args.mid(0, 2).join(' ') + ": " + QString::fromUtf8(r.output.left(600));
            QVERIFY2(r.code == 1 || r.code == 2, qPrintable(what));
            QVERIFY2(r.output.contains("cannot be a run name"), qPrintable(what));
            QCOMPARE(tree(sandbox.path()), before);
        }
        QCOMPARE(QFileInfo::exists("/tmp/xq-absolute"), absoluteExisted);
        Store s(db.toStdString(), {.readOnly = true});
        QCOMPARE(s.listRuns().size(), size_t(1));
        QVERIFY(s.findRun("ok"));
    }

    // The report, replayed: a run called ../../victim in the database (written by SQL)
    // beside the user's folder victim/ with a file in it.
    void hostileNameInTheDatabaseIsListedNotActedOn() {
        QTemporaryDir sandbox;
        const fs::path base = sandbox.path().toStdString();
        const fs::path victim = base / "victim" / "keep.txt";
        writeFile(victim, "precious\n");
        writeFile(base / "db" / "models" / "placeholder.txt", "mine\n");
        const std::string db = (base / "db" / "x.db").string();
        {
            Store s(db);
            s.createRun("ok");
        }
        insertRawRun(db, "../../victim");
        insertRawRun(db, "line\nbreak");
        const QString qdb = QString::fromStdString(db), work = QString::fromStdString(base.string());
        const QStringList before = tree(work);

        Result r = xqzero({"db", "runs", "--db", qdb, "--json"}, work);
        QVERIFY2(r.code == 0, r.output.constData());
        QVERIFY2(r.output.contains("\"name\":\"../../victim\"") && r.output.contains("\"model_dir\":null") &&
                     r.output.contains("\"name_problem\""),
                 r.output.constData());
        r = xqzero({"db", "runs", "--db", qdb}, work);
        QVERIFY2(r.code == 0 && r.output.contains("rename-run") && r.output.contains("line\\nbreak"),
                 r.output.constData());

        // Deleting with its folder, resuming, playing: refused, nothing touched.
        r = xqzero({"db", "delete-run", "--db", qdb, "--yes", "--", "../../victim"}, work);
        QVERIFY2(r.code == 2 && r.output.contains("cannot name a folder") && r.output.contains("rename-run"),
                 r.output.constData());
        r = xqzero({"train", "--preset", "quick", "--db", qdb, "--run", "../../victim", "--resume"}, work);
        QVERIFY2(r.code == 2 && r.output.contains("cannot be a run name"), r.output.constData());
        r = xqzero({"match", "best:../../victim@1", "random", "--games", "1", "--db", qdb}, work);
        QVERIFY2(r.code != 0 && r.output.contains("cannot be a run name"), r.output.constData());
        QCOMPARE(tree(work), before);
        QCOMPARE(readFile(victim), std::string("precious\n"));
        QVERIFY(Store(db, {.readOnly = true}).findRun("../../victim"));

        // Renaming repairs it (rows only: nothing on disk is derived from the old name); the
        // other one's rows can go without touching any file.
        r = xqzero({"db", "rename-run", "--db", qdb, "--", "../../victim", "repaired"}, work);
        QVERIFY2(r.code == 0 && r.output.contains("no model files were moved"), r.output.constData());
        r = xqzero({"db", "delete-run", "--db", qdb, "--yes", "--keep-models", "--", "line\nbreak"}, work);
        QVERIFY2(r.code == 0, r.output.constData());
        QCOMPARE(tree(work), before);
        QCOMPARE(readFile(victim), std::string("precious\n"));
        Store s(db, {.readOnly = true});
        QVERIFY(s.findRun("repaired") && s.findRun("ok") && s.listRuns().size() == 2);
    }

    // A user's file in a run's folder survives delete-run and stays put on rename-run; the
    // run's own files go (delete) or move (rename, with their rows).
    void deleteAndRenameKeepTheUsersFiles() {
        QTemporaryDir sandbox;
        const fs::path base = sandbox.path().toStdString();
        const std::string db = (base / "x.db").string();
        const fs::path a = base / "models" / "a";
        {
            Store s(db);
            const RunInfo run = s.createRun("a");
            ModelInfo m;
            m.run = run.id;
            m.file = (a / "gen-0000.xqm").string();
            m.accepted = true;
            s.addModel(m);
        }
        for (const char* own : {"gen-0000.xqm", "gen-0001.xqm", "checkpoint.json", "train-00000010.xqm",
                                "train-00000010.opt", "checkpoint.json.tmp.4242"})
            writeFile(a / own, "run's\n");
        writeFile(a / "keep.txt", "precious\n");
        writeFile(a / "mine" / "notes.txt", "precious too\n");
        const QString qdb = QString::fromStdString(db), work = sandbox.path();

        Result r = xqzero({"db", "rename-run", "--db", qdb, "a", "b"}, work);
        QVERIFY2(r.code == 0 && r.output.contains("keep.txt (not a file a run writes)") &&
                     r.output.contains("mine (a folder)"),
                 r.output.constData());
        const fs::path b = base / "models" / "b";
        for (const char* own : {"gen-0000.xqm", "gen-0001.xqm", "checkpoint.json", "train-00000010.xqm"}) {
            QVERIFY2(fs::exists(b / own), own);
            QVERIFY2(!fs::exists(a / own), own);
        }
        QCOMPARE(readFile(a / "keep.txt"), std::string("precious\n"));
        QVERIFY(fs::exists(a / "mine" / "notes.txt"));
        {
            Store s(db, {.readOnly = true});
            const auto run = s.findRun("b");
            QVERIFY(run);
            QCOMPARE(s.listModels(run->id)[0].file, (b / "gen-0000.xqm").string());
        }

        // Now the user's files sit in b's folder too; delete-run takes only the run's own.
        writeFile(b / "keep.txt", "precious\n");
        r = xqzero({"db", "delete-run", "--db", qdb, "b", "--yes"}, work);
        QVERIFY2(r.code == 0 && r.output.contains("6 of its files") &&
                     r.output.contains("keep.txt (not a file a run writes)"),
                 r.output.constData());
        QCOMPARE(readFile(b / "keep.txt"), std::string("precious\n"));
        QVERIFY(!fs::exists(b / "gen-0000.xqm") && !fs::exists(b / "checkpoint.json.tmp.4242"));
        QVERIFY(fs::exists(a / "mine" / "notes.txt"));
        QVERIFY(!Store(db, {.readOnly = true}).findRun("b"));

        // A folder holding only the run's files goes whole.
        {
            Store s(db);
            s.createRun("c");
        }
        writeFile(base / "models" / "c" / "gen-0000.xqm", "run's\n");
        r = xqzero({"db", "delete-run", "--db", qdb, "c", "--yes"}, work);
        QVERIFY2(r.code == 0 && r.output.contains("with the folder"), r.output.constData());
        QVERIFY(!fs::exists(base / "models" / "c"));
    }

    // A run folder that is a link to a folder elsewhere: neither deleted through nor renamed.
    void linkedRunFolderIsNotFollowed() {
        QTemporaryDir sandbox;
        const fs::path base = sandbox.path().toStdString();
        const std::string db = (base / "x.db").string();
        {
            Store s(db);
            s.createRun("evil");
        }
        writeFile(base / "elsewhere" / "gen-0000.xqm", "not the run's\n");
        fs::create_directories(base / "models");
        fs::create_directory_symlink(base / "elsewhere", base / "models" / "evil");
        const QString qdb = QString::fromStdString(db), work = sandbox.path();
        for (const QStringList& args : {QStringList{"db", "delete-run", "--db", qdb, "evil", "--yes"},
                                        QStringList{"db", "rename-run", "--db", qdb, "evil", "good"}}) {
            const Result r = xqzero(args, work);
            QVERIFY2(r.code == 1 && r.output.contains("not a folder directly inside"), r.output.constData());
            QVERIFY(fs::exists(base / "elsewhere" / "gen-0000.xqm"));
        }
        QVERIFY(Store(db, {.readOnly = true}).findRun("evil"));
    }
};

QTEST_GUILESS_MAIN(TestRunNames)
#include "test_run_names.moc"
