// xqstudio's text-only answers (--help, --version) work with no display at all: no DISPLAY,
// no WAYLAND_DISPLAY, no QT_QPA_PLATFORM. They once aborted with "could not connect to display";
// help2man needs them at build time, users run them over ssh. A screenshot needs none either,
// and reads the same options as the window.
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QProcessEnvironment>
#include <QtTest>

namespace {

struct Result {
    int code = -1;
    QByteArray output;
};

Result xqstudioWithoutDisplay(const QStringList& args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(QString::fromLatin1(v));
    QProcess p;
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqstudio", args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

}  // namespace

class TestStudioCli : public QObject {
    Q_OBJECT
private slots:
    void helpNeedsNoDisplay_data() {
        QTest::addColumn<QString>("flag");
        QTest::newRow("--help") << "--help";
        QTest::newRow("-h") << "-h";
        QTest::newRow("--help-all") << "--help-all";
    }
    void helpNeedsNoDisplay() {
        QFETCH(QString, flag);
        const Result r = xqstudioWithoutDisplay({flag});
        QVERIFY2(r.code == 0, r.output.constData());
        QVERIFY2(r.output.contains("Usage: "), r.output.constData());
        for (const char* o : {"--screenshot <FILE>", "--page <PAGE>", "--lang <LANG>", "--db <FILE>", "--level <LEVEL>",
                              "--side <SIDE>", "--version"})
            QVERIFY2(r.output.contains(o), o);
        QVERIFY2(!r.output.contains("display"), r.output.constData());
    }

    void versionNeedsNoDisplay_data() {
        QTest::addColumn<QString>("flag");
        QTest::newRow("--version") << "--version";
        QTest::newRow("-v") << "-v";
    }
    void versionNeedsNoDisplay() {
        QFETCH(QString, flag);
        const Result r = xqstudioWithoutDisplay({flag});
        QVERIFY2(r.code == 0, r.output.constData());
        QCOMPARE(r.output.trimmed(), QByteArray("XQZero Studio " XQ_EXPECTED_VERSION));
    }

    // The display-free parser is the GUI's parser: an unknown option is still refused, with help.
    void unknownOptionIsStillAnError() {
        const Result r = xqstudioWithoutDisplay({"--no-such-option", "--help"});
        QVERIFY2(r.code == 1, r.output.constData());
        QVERIFY2(r.output.contains("Unknown option 'no-such-option'"), r.output.constData());
    }

    // --screenshot applies --level and --side as the window does: a value it does not know is
    // refused (exit 2, no file written) instead of being ignored.
    void screenshotReadsLevelAndSide_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("says");
        QTest::newRow("bad side") << QStringList{"--side", "purple"} << 2
                                  << QByteArray("unknown side 'purple'");
        QTest::newRow("bad level")
            << QStringList{"--level", "master"} << 2 << QByteArray("unknown level 'master'");
        QTest::newRow("black, advanced")
            << QStringList{"--side", "black", "--level", "advanced"} << 0 << QByteArray();
    }
    void screenshotReadsLevelAndSide() {
        QFETCH(QStringList, options);
        QFETCH(int, code);
        QFETCH(QByteArray, says);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString png = dir.filePath("play.png");
        const Result r = xqstudioWithoutDisplay(
            QStringList{"--screenshot", png, "--page", "play", "--db", dir.filePath("x.db")} +
            options);
        QVERIFY2(r.code == code, r.output.constData());
        QVERIFY2(r.output.contains(says), r.output.constData());
        QCOMPARE(QFileInfo::exists(png), code == 0);
    }
};

QTEST_GUILESS_MAIN(TestStudioCli)
#include "test_studio_cli.moc"
