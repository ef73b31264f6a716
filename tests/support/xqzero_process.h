#pragma once
// The xqzero binary of this build, and a child process of it whose output (stdout and stderr
// merged) is collected as it comes; a child still running when it goes out of scope is killed.
// For the suites that drive the CLI (test_pipeline, test_faults, test_run_lease, the
// distributed suites).
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace xqtest {

inline QString xqzeroPath() {
    return QString::fromLocal8Bit(qgetenv("XQ_BINARY_DIR")) + "/app/xqzero";
}

struct XqzeroChild {
    std::unique_ptr<QProcess> p = std::make_unique<QProcess>();
    QString out;
    QString name;  // a label for failure messages
    void start(const QStringList& args, const QString& label = {}) {
        name = label;
        p->setProcessChannelMode(QProcess::MergedChannels);
        QObject::connect(p.get(), &QProcess::readyRead,
                         [this] { out += QString::fromUtf8(p->readAll()); });
        p->start(xqzeroPath(), args);
    }
    bool running() const { return p->state() != QProcess::NotRunning; }
    ~XqzeroChild() {
        if (running()) {
            p->kill();
            p->waitForFinished(10000);
        }
    }
};

}  // namespace xqtest
