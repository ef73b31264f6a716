// Comments and documents name files (core/train/pipeline.h, docs/design.md, gate_rule.h); a
// name that no longer exists sends a reader nowhere. This suite reads every source and
// document of the repository and fails on:
// - a path under one of the project's folders, with a file extension, that does not exist
//   (brace lists such as run_name.{h,cpp} are expanded; globs with '*' are skipped);
// - a bare C++ file name (foo.h, bar.cpp) that is no file of the repository and is not one of
//   the third-party headers the comments talk about;
// - a reference to the folder beside the repository that a clone does not have.
// #include lines are the compiler's business and are skipped; files the build generates
// (core/version.h) are looked for in the build tree; this file's own examples are not scanned.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTest>

namespace {

const QStringList kFolders = {"core", "ui", "app", "tests", "tools", "scripts", "docs", "packaging",
                              "translations", "resources", ".ci"};
const QStringList kRootFiles = {"README.md", "CMakeLists.txt", "run.sh", "test.sh"};
const QStringList kScanned = {"*.h", "*.cpp", "*.md", "*.sh", "*.py", "*.txt", "*.cmake", "run"};
// Third-party headers that comments name on purpose.
const QSet<QString> kExternal = {"qcustomplot.h", "sqlite3.h", "torch.h", "libpq-fe.h"};

// The name of the folder beside the repository that held the project's brief, spelt in pieces
// so that no file of the repository names it, this one included.
QString outsideName() { return QStringLiteral("sh") + QStringLiteral("ared"); }
// That folder as a relative path from the repository.
QString outsideFolder() { return QStringLiteral("../") + outsideName(); }

QString sourceDir() { return QString::fromLocal8Bit(qgetenv("XQ_SOURCE_DIR")); }

// "a/{b,c}.h" -> "a/b.h", "a/c.h" (nested lists too).
QStringList expandBraces(const QString& s) {
    const qsizetype open = s.indexOf('{');
    const qsizetype close = open < 0 ? -1 : s.indexOf('}', open);
    if (close < 0) return {s};
    QStringList out;
    for (const QString& alt : s.mid(open + 1, close - open - 1).split(','))
        out += expandBraces(s.left(open) + alt + s.mid(close + 1));
    return out;
}

QString binaryDir() { return QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")); }

struct Tree {
    QString root, generated;  // the source tree and the build tree
    QSet<QString> basenames;
    bool exists(const QString& rel) const {
        return QFileInfo::exists(root + "/" + rel) ||
               (!generated.isEmpty() && QFileInfo::exists(generated + "/" + rel));
    }
};

// The broken references in `text` (one file's contents), as "line N: what".
QStringList brokenReferences(const QString& text, const Tree& tree) {
    static const QRegularExpression pathRe(
        R"((?<![\w/.<-])((?:core|ui|app|tests|tools|scripts|docs|packaging|translations|resources)/[\w./{},-]*\.(?:h|cpp|md|py|sh|txt|png|svg|ts|qrc|json|cmake))(?!\.?[\w*]))");
    static const QRegularExpression bareRe(R"((?<![\w/.<*-])([a-z][a-z0-9_]*\.(?:h|cpp))(?![\w*{]))");
    const QString outside = outsideFolder();
    // The brief's folder, however it is spelt: an absolute path to it or its name followed by
    // one of its sub-folders.
    static const QRegularExpression sharedRe(QStringLiteral("(?<![\\w.-])") + outsideName() +
                                             QStringLiteral("/(?:design|reference|seeds)"));
    QStringList broken;
    const QStringList lines = text.split('\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString& line = lines[n];
        const QString where = QStringLiteral("line %1: ").arg(n + 1);
        if (line.contains(outside)) broken += where + outside + " (not in a clone)";
        else if (sharedRe.match(line).hasMatch())
            broken += where + outsideName() + "/ (not in a clone)";
        if (line.trimmed().startsWith("#include")) continue;
        for (auto it = pathRe.globalMatch(line); it.hasNext();) {
            const QString token = it.next().captured(1);
            for (const QString& p : expandBraces(token))
                if (!tree.exists(p)) broken += where + p;
        }
        for (auto it = bareRe.globalMatch(line); it.hasNext();) {
            const QString name = it.next().captured(1);
            if (!tree.basenames.contains(name) && !kExternal.contains(name)) broken += where + name;
        }
    }
    return broken;
}

Tree scanTree(const QString& root) {
    Tree t{root, binaryDir(), {}};
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(root).relativeFilePath(path);
        if (rel.startsWith("build") || rel.startsWith(".git/")) continue;
        t.basenames.insert(it.fileName());
    }
    return t;
}

}  // namespace

class TestDocLinks : public QObject {
    Q_OBJECT
private slots:
    // The checker itself: it finds what is missing and accepts what is there.
    void checkerFindsMissingNames() {
        const Tree tree = scanTree(sourceDir());
        QVERIFY(tree.basenames.contains("pipeline.h"));
        const QString text =
            "// see core/train/pipeline.h and core/store/run_name.{h,cpp}\n"
            "// see core/train/gating.h and docs/nowhere.md\n"
            "// the old gating.h, the real gate_rule.h, qcustomplot.h, core/nn/torch_*.cpp\n"
            "#include \"core/no/such.h\"\n"
            "QSettings key ui/language\n" +
            outsideFolder() + "/design.md\n" + "/srv/" + outsideName() + "/reference/perft.md\n";
        const QStringList broken = brokenReferences(text, tree);
        QCOMPARE(broken, QStringList({"line 2: core/train/gating.h", "line 2: docs/nowhere.md",
                                      "line 3: gating.h", "line 6: " + outsideFolder() + " (not in a clone)",
                                      "line 7: " + outsideName() + "/ (not in a clone)"}));
    }

    void everyNamedFileExists() {
        const QString root = sourceDir();
        QVERIFY2(!root.isEmpty() && QDir(root).exists("core"), "XQ_SOURCE_DIR is not the source tree");
        const Tree tree = scanTree(root);
        QStringList files;
        for (const QString& f : kRootFiles)
            if (QFileInfo::exists(root + "/" + f)) files += root + "/" + f;
        for (const QString& d : kFolders) {
            QDirIterator it(root + "/" + d, kScanned, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (it.fileName() != "test_doc_links.cpp") files += path;
            }
        }
        QVERIFY(files.size() > 100);
        QStringList broken;
        for (const QString& path : files) {
            QFile f(path);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
            for (const QString& b : brokenReferences(QString::fromUtf8(f.readAll()), tree))
                broken += QDir(root).relativeFilePath(path) + " " + b;
        }
        QVERIFY2(broken.isEmpty(), qPrintable("\n" + broken.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestDocLinks)
#include "test_doc_links.moc"
