// The xqzero binary as a user runs it: values that are empty by mistake are refused with a
// usage error naming the option, never read as "the default".
#include <QProcess>
#include <QtTest>

namespace {

struct Result {
    int code = -1;
    QByteArray output;
};

Result xqzero(const QStringList& args) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero", args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void emptyValuesAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("analyze --fen") << QStringList{"analyze", "--fen", "", "--sims", "1"} << "--fen";
        QTest::newRow("analyze --model") << QStringList{"analyze", "--model", "", "--sims", "1"} << "--model";
        QTest::newRow("uci --model") << QStringList{"uci", "--model", ""} << "--model";
        QTest::newRow("moves --fen") << QStringList{"moves", "--fen", ""} << "--fen";
        QTest::newRow("db info --db") << QStringList{"db", "info", "--db", ""} << "--db";
        QTest::newRow("train --run") << QStringList{"train", "--run", "", "--minutes", "0.01"} << "--run";
    }
    void emptyValuesAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Result r = xqzero(args);
        QVERIFY2(r.code == 2, r.output.constData());  // kExitUsage
        QVERIFY2(r.output.contains(option.toUtf8() + ": an empty value is not allowed"), r.output.constData());
    }

    // The same commands with real values still work.
    void realValuesStillWork() {
        const Result r = xqzero({"analyze", "--fen", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "--sims", "1"});
        QVERIFY2(r.code != 2, r.output.constData());
        QVERIFY2(r.output.contains("4k4/9/9/9/9/9/9/9/9/3K5"), r.output.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
