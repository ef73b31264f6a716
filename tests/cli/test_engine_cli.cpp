// `xqzero uci` and `xqzero ucci` as a GUI runs them: a separate process spoken to through its
// stdin and stdout pipes, with the alpha-beta engine and with --model (a tiny untrained net
// saved here). The handshake, a position with a move, a search that ends in a legal bestmove,
// and quit that ends the process with exit code 0; a damaged --model is reported by name.
// Every wait is on a line of output or the process ending, bounded by a generous deadline
// that only a hung engine reaches.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"

namespace {

constexpr int kDeadlineMs = 120000;

class EngineProcess {
  public:
    explicit EngineProcess(const QStringList& args) {
        p_.setProcessChannelMode(QProcess::MergedChannels);
        p_.start(QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero", args);
    }
    ~EngineProcess() {
        if (p_.state() != QProcess::NotRunning) {
            p_.kill();
            p_.waitForFinished();
        }
    }
    bool started() { return p_.waitForStarted(); }
    void send(const QByteArray& line) { p_.write(line + '\n'); }

    // The first line not read before that starts with `prefix` (empty when the engine ended or
    // the deadline passed first). Lines before it are kept in seen().
    QByteArray waitFor(const QByteArray& prefix) {
        QElapsedTimer t;
        t.start();
        for (;;) {
            while (buffer_.contains('\n')) {
                const qsizetype nl = buffer_.indexOf('\n');
                const QByteArray line = buffer_.left(nl).trimmed();
                buffer_.remove(0, nl + 1);
                seen_ += line + '\n';
                if (line.startsWith(prefix)) return line;
            }
            if (t.elapsed() > kDeadlineMs) return {};
            if (!p_.waitForReadyRead(1000) && p_.state() == QProcess::NotRunning) {
                buffer_ += p_.readAll();
                if (!buffer_.contains('\n')) return {};
                continue;
            }
            buffer_ += p_.readAll();
        }
    }
    const QByteArray& seen() const { return seen_; }

    // Waits for the process to end; its exit code, or -1 after a crash or the deadline.
    int exitCode() {
        if (!p_.waitForFinished(kDeadlineMs)) return -1;
        seen_ += p_.readAll();
        return p_.exitStatus() == QProcess::NormalExit ? p_.exitCode() : -1;
    }

  private:
    QProcess p_;
    QByteArray buffer_, seen_;
};

}  // namespace

class TestEngineCli : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString model_;

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        model_ = dir_.filePath("tiny.xqm");
        xq::nn::Net net(xq::nn::NetConfig{8, 1}, xq::nn::NetOptions{.seed = 3});
        xq::nn::saveModel(net, model_.toStdString());
    }

    void sessionThroughPipes_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("hello");  // the first line sent
        QTest::addColumn<bool>("withModel");
        QTest::addColumn<QByteArray>("go");
        for (bool withModel : {false, true}) {
            const char* engine = withModel ? " --model" : "";
            const QByteArray go = withModel ? "go nodes 24" : "go depth 2";
            QTest::addRow("uci%s", engine) << "uci" << QByteArray("uci") << withModel << go;
            QTest::addRow("ucci%s", engine) << "ucci" << QByteArray("ucci") << withModel << go;
            // `xqzero uci` switches to UCCI when the first line says so.
            QTest::addRow("uci answering ucci%s", engine)
                << "uci" << QByteArray("ucci") << withModel << go;
        }
    }
    void sessionThroughPipes() {
        QFETCH(QString, command);
        QFETCH(QByteArray, hello);
        QFETCH(bool, withModel);
        QFETCH(QByteArray, go);
        const bool ucci = hello == "ucci";
        QStringList args{command};
        if (withModel) args << "--model" << model_;
        EngineProcess e(args);
        QVERIFY(e.started());

        e.send(hello);
        QVERIFY2(!e.waitFor(ucci ? "ucciok" : "uciok").isEmpty(), e.seen().constData());
        QVERIFY2(e.seen().contains("id name XQZero"), e.seen().constData());
        if (!ucci) {
            // The model option shows what --model set.
            const QByteArray model = "option name Model type string default " +
                                     (withModel ? model_.toUtf8() : QByteArray("<empty>"));
            QVERIFY2(e.seen().contains(model), e.seen().constData());
        }
        e.send("isready");
        QVERIFY2(!e.waitFor("readyok").isEmpty(), e.seen().constData());

        e.send("position startpos moves h2e2");
        e.send(go);
        const QByteArray best = e.waitFor("bestmove");
        QVERIFY2(!best.isEmpty(), e.seen().constData());
        QVERIFY2(!e.seen().contains("error"), e.seen().constData());  // the net was built and ran
        const QList<QByteArray> words = best.split(' ');
        QVERIFY2(words.size() >= 2, best.constData());
        xq::Position pos;
        pos.makeMove(xq::parseIccs(pos, "h2e2").move);
        const xq::MoveParse reply = xq::parseIccs(pos, words[1].toStdString());
        QVERIFY2(reply && pos.isLegal(reply.move), best.constData());
        if (!withModel) QVERIFY(e.seen().contains("info depth"));  // alpha-beta reports each depth

        e.send("quit");
        if (ucci) QVERIFY2(!e.waitFor("bye").isEmpty(), e.seen().constData());
        QCOMPARE(e.exitCode(), 0);
    }

    // A --model that is not a model: the engine says so, naming the file, when it builds its
    // player, and goes on serving (quit still ends it cleanly). For both commands: this is how
    // a UCCI session shows that --model was taken (UCCI lists no Model option).
    void damagedModelIsReported_data() {
        QTest::addColumn<QString>("command");
        QTest::newRow("uci") << "uci";
        QTest::newRow("ucci") << "ucci";
    }
    void damagedModelIsReported() {
        QFETCH(QString, command);
        const bool ucci = command == "ucci";
        const QString bad = dir_.filePath("bad.xqm");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a model file");
        f.close();
        EngineProcess e({command, "--model", bad});
        QVERIFY(e.started());
        e.send(ucci ? "ucci" : "uci");
        QVERIFY(!e.waitFor(ucci ? "ucciok" : "uciok").isEmpty());
        e.send("position startpos");
        e.send("go depth 1");
        const QByteArray err = e.waitFor("info string error");
        QVERIFY2(err.contains("cannot build the engine") && err.contains("bad.xqm"),
                 e.seen().constData());
        e.send("isready");
        QVERIFY2(!e.waitFor("readyok").isEmpty(), e.seen().constData());
        e.send("quit");
        if (ucci) QVERIFY2(!e.waitFor("bye").isEmpty(), e.seen().constData());
        QCOMPARE(e.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestEngineCli)
#include "test_engine_cli.moc"
