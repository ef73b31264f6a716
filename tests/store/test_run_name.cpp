// The rule for run names (core/store/run_name.h) and the model folder derived from one
// (core/store/paths.h): hostile names are refused, the folder never leaves the model root (a
// link included), and only the files a run writes count as the run's own.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <string>

#include "core/error.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"

using namespace xq::store;
namespace fs = std::filesystem;

namespace {

// The code of the xq::Error that `f` throws, or -1 when it throws nothing.
template <class F>
int errorCodeOf(F&& f) {
    try {
        f();
    } catch (const xq::Error& e) {
        return int(e.code());
    }
    return -1;
}

}  // namespace

class TestRunName : public QObject {
    Q_OBJECT
private slots:
    void hostileNamesAreRefused_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QString>("why");  // a word of the reason
        QTest::newRow("parent") << QByteArray("../x") << "'/'";
        QTest::newRow("deep parent") << QByteArray("../../victim") << "'/'";
        QTest::newRow("slash") << QByteArray("a/b") << "'/'";
        QTest::newRow("absolute") << QByteArray("/tmp/x") << "'/'";
        QTest::newRow("backslash") << QByteArray("a\\b") << "'\\'";
        QTest::newRow("dot dot") << QByteArray("..") << "folder itself";
        QTest::newRow("dot") << QByteArray(".") << "folder itself";
        QTest::newRow("NUL") << QByteArray("a\0b", 3) << "NUL";
        QTest::newRow("newline") << QByteArray("a\nb") << "line break";
        QTest::newRow("tab") << QByteArray("a\tb") << "control";
        QTest::newRow("escape") << QByteArray("a\x1b[31mb") << "control";
        QTest::newRow("10000 characters") << QByteArray(10000, 'x') << "10000 characters";
        QTest::newRow("only spaces") << QByteArray("   ") << "space";
        QTest::newRow("leading space") << QByteArray(" run") << "space";
        QTest::newRow("trailing dot") << QByteArray("run.") << "'.'";
        QTest::newRow("hidden") << QByteArray(".run") << "'.'";
        QTest::newRow("not UTF-8") << QByteArray("run\xff") << "UTF-8";
        QTest::newRow("overlong slash") << QByteArray("a\xc0\xaf" "b") << "UTF-8";
        QTest::newRow("right-to-left override") << QByteArray("run\xe2\x80\xae" "gpj") << "U+202E";
        QTest::newRow("zero width space") << QByteArray("r\xe2\x80\x8bun") << "U+200B";
        QTest::newRow("colon") << QByteArray("a:b") << "':'";
        QTest::newRow("at") << QByteArray("a@200") << "'@'";
        QTest::newRow("quote") << QByteArray("a'b") << "'''";
    }
    void hostileNamesAreRefused() {
        QFETCH(QByteArray, name);
        QFETCH(QString, why);
        const std::string n = name.toStdString();
        const auto problem = runNameProblem(n);
        QVERIFY2(problem.has_value(), name.constData());
        QVERIFY2(QString::fromStdString(*problem).contains(why), problem->c_str());
        QCOMPARE(errorCodeOf([&] { requireValidRunName(n); }), int(xq::ErrorCode::RunNameInvalid));
        // No folder is derived from it, whatever the database.
        QCOMPARE(errorCodeOf([&] { defaultModelDir("/data/x.db", n); }),
                 int(xq::ErrorCode::RunNameInvalid));
        QCOMPARE(errorCodeOf([&] { defaultModelDir("postgresql://h/db", n); }),
                 int(xq::ErrorCode::RunNameInvalid));
        // Messages show it without its controls and cut short.
        const std::string shown = printableRunName(n);
        for (char c : shown) QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, shown.c_str());
        QVERIFY(shown.size() < 400);
    }

    void goodNamesAreKept_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("plain") << QByteArray("run");
        QTest::newRow("the studio's default") << QByteArray("run-20261203-0311");
        QTest::newRow("spaces, dots, underscores") << QByteArray("quick run 2.5_b");
        QTest::newRow("Chinese") << QByteArray("训练 一号");
        QTest::newRow("German") << QByteArray("Übung");
        QTest::newRow("60 characters") << QByteArray(60, 'a');
        QString cjk;
        for (int i = 0; i < 60; ++i) cjk += QChar(0x5B57);
        QTest::newRow("60 CJK characters") << cjk.toUtf8();
    }
    void goodNamesAreKept() {
        QFETCH(QByteArray, name);
        const std::string n = name.toStdString();
        const auto problem = runNameProblem(n);
        QVERIFY2(!problem, problem ? problem->c_str() : "");
        QCOMPARE(printableRunName(n), n);
        QTemporaryDir tmp;
        const std::string db = tmp.filePath("x.db").toStdString();
        QCOMPARE(defaultModelDir(db, n), (fs::path(tmp.path().toStdString()) / "models" / n).string());
    }

    void lengthCountsCharacters() {
        QVERIFY(!runNameProblem(std::string(60, 'a')));
        QVERIFY(runNameProblem(std::string(61, 'a')));
        QString cjk;
        for (int i = 0; i < 61; ++i) cjk += QChar(0x5B57);
        QVERIFY(runNameProblem(cjk.toStdString()));
    }

    // A run folder that is a link out of the model root is refused, so a delete or rename
    // never follows it; a link to a folder inside the root is refused too (not a child).
    void linkOutOfTheRootIsRefused() {
        QTemporaryDir tmp;
        const fs::path base = tmp.path().toStdString();
        fs::create_directories(base / "models");
        fs::create_directories(base / "victim");
        fs::create_symlink(base / "victim", base / "models" / "evil");
        fs::create_directories(base / "models" / "real" / "deeper");
        fs::create_symlink(base / "models" / "real" / "deeper", base / "models" / "inner");
        const std::string db = (base / "x.db").string();
        QCOMPARE(errorCodeOf([&] { defaultModelDir(db, "evil"); }), int(xq::ErrorCode::FolderOutsideRoot));
        QCOMPARE(errorCodeOf([&] { defaultModelDir(db, "inner"); }), int(xq::ErrorCode::FolderOutsideRoot));
        QCOMPARE(errorCodeOf([&] { defaultModelDir(db, "real"); }), -1);
        QCOMPARE(errorCodeOf([&] { requireInsideRoot((base / "models").string(), (base / "models").string()); }),
                 int(xq::ErrorCode::FolderOutsideRoot));
        QCOMPARE(errorCodeOf([&] { requireInsideRoot((base / "models").string(), (base / "victim").string()); }),
                 int(xq::ErrorCode::FolderOutsideRoot));
        // The root itself may be a link (models on another disk): its children are inside.
        fs::create_directories(base / "disk2" / "models");
        fs::create_directories(base / "other");
        fs::create_symlink(base / "disk2" / "models", base / "other" / "models");
        QCOMPARE(errorCodeOf([&] { defaultModelDir((base / "other" / "x.db").string(), "r"); }), -1);
    }

    void ownFilesAreRecognised() {
        for (const char* own : {"gen-0000.xqm", "gen-0017.xqm", "gen-12345.xqm", "checkpoint.json",
                                "train-00000420.xqm", "train-00000420.opt", "checkpoint.json.tmp.4242",
                                "gen-0003.xqm.tmp.77", "train-00000001.opt.tmp.1", ".write-test",
                                ".resume.xqm"})
            QVERIFY2(isRunOwnFile(own), own);
        for (const char* foreign : {"keep.txt", "gen-.xqm", "gen-12.xqm", "gen-0001.xqm.bak", "gen-00a1.xqm",
                                    "train-0001.xqm", "train-00000001.txt", "checkpoint.json.bak",
                                    "checkpoint.json.tmp.", "checkpoint.json.tmp.12x", "notes.tmp.12",
                                    "Gen-0001.xqm", ".git", "models"})
            QVERIFY2(!isRunOwnFile(foreign), foreign);
    }
};

QTEST_GUILESS_MAIN(TestRunName)
#include "test_run_name.moc"
