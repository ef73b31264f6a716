// Errors from the core reach the user as translated sentences chosen by their code, naming
// what they are about, with the core's English detail after them; errors without a code pass
// through unchanged. Every code has its own sentence in both languages.
#include <fstream>
#include <set>
#include <stdexcept>

#include <QTemporaryDir>
#include <QtTest>

#include "core/error.h"
#include "core/nn/model_file.h"
#include "core/store/store.h"
#include "core/store/store_error.h"
#include "ui/app_setup.h"
#include "ui/error_text.h"

using namespace xqui;
using xq::ErrorCode;
using xq::store::StoreError;
using xq::store::StoreErrorCode;

namespace {

constexpr int kStoreCodes = int(StoreErrorCode::DiskFull) + 1;

// Every sentence for every code, with a subject, in the installed language.
QStringList allSummaries(const std::string& subject) {
    QStringList out;
    for (int c = 1; c < xq::kErrorCodeCount; ++c) {
        if (ErrorCode(c) == ErrorCode::Store) continue;
        out << errorSummary(xq::Error(ErrorCode(c), "detail", subject));
    }
    for (int c = 0; c < kStoreCodes; ++c)
        out << errorSummary(StoreError(StoreErrorCode(c), "detail", subject));
    return out;
}

}  // namespace

class TestErrorText : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { initResources(); }
    void init() { QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en")); }

    void everyCodeHasItsOwnSentenceNamingItsSubject() {
        const QString internal = errorSummary(xq::Error(ErrorCode::Internal, "detail"));
        const QStringList with = allSummaries("/data/thing.db");
        const QStringList without = allSummaries("");
        std::set<QString> distinct;
        for (int i = 0; i < with.size(); ++i) {
            QVERIFY2(with[i].contains(QStringLiteral("/data/thing.db")) ||
                         with[i].contains(QStringLiteral("CUDA")),
                     qPrintable(with[i]));
            QVERIFY2(!without[i].contains(QLatin1Char('%')) && !without[i].isEmpty(),
                     qPrintable(without[i]));
            QVERIFY2(with[i] != internal, qPrintable(with[i]));
            QVERIFY2(!with[i].contains(QStringLiteral("detail")), qPrintable(with[i]));
            distinct.insert(with[i]);
        }
        // Model-file and store sentences may not collapse into one another.
        QCOMPARE(int(distinct.size()), int(with.size()));
    }

    void detailFollowsTheSentence() {
        const StoreError e(StoreErrorCode::Busy, "database '/x/y.db': locked (SQLITE_BUSY)",
                           "/x/y.db");
        const QString text = errorText(e);
        QVERIFY2(text.startsWith(errorSummary(e)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("SQLITE_BUSY")), qPrintable(text));
    }

    void errorsWithoutACodePassThrough() {
        const std::invalid_argument e("bad FEN: rank 3 has 10 files");
        QCOMPARE(errorText(e), QStringLiteral("bad FEN: rank 3 has 10 files"));
        QCOMPARE(errorSummary(e), QStringLiteral("bad FEN: rank 3 has 10 files"));
    }

    void realFailuresCarryTheirCodes() {
        QTemporaryDir dir;
        const std::string garbage = dir.filePath(QStringLiteral("garbage.bin")).toStdString();
        {
            std::ofstream f(garbage, std::ios::binary);
            f << std::string(4096, 'x');
        }
        try {
            xq::store::Store s(garbage);
            QFAIL("a garbage file opened as a database");
        } catch (const StoreError& e) {
            QCOMPARE(e.code(), StoreErrorCode::NotADatabase);
            QCOMPARE(e.subject(), garbage);
            QVERIFY(errorSummary(e).contains(QStringLiteral("garbage.bin")));
        }
        try {
            xq::nn::readModelInfo(garbage);
            QFAIL("a garbage file read as a model");
        } catch (const xq::nn::ModelFileError& e) {
            QCOMPARE(e.code(), ErrorCode::ModelNotAModel);
            QCOMPARE(e.subject(), garbage);
        }
        try {
            xq::nn::readModelInfo(dir.filePath(QStringLiteral("absent.xqm")).toStdString());
            QFAIL("an absent model file was read");
        } catch (const xq::nn::ModelFileError& e) {
            QCOMPARE(e.code(), ErrorCode::ModelUnreadable);
        }
    }

    void chineseHasEverySentence() {
        const QStringList en = allSummaries("/data/thing.db");
        const QString enDetail =
            errorText(xq::Error(ErrorCode::DiskFull, "only 3 MiB free", "/data"));
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const QStringList zh = allSummaries("/data/thing.db");
        QCOMPARE(zh.size(), en.size());
        for (int i = 0; i < zh.size(); ++i) {
            QVERIFY2(zh[i] != en[i], qPrintable(QStringLiteral("untranslated: ") + en[i]));
            QVERIFY2(zh[i].contains(QStringLiteral("/data/thing.db")) ||
                         en[i].contains(QStringLiteral("CUDA")),
                     qPrintable(zh[i]));
        }
        const QString zhDetail =
            errorText(xq::Error(ErrorCode::DiskFull, "only 3 MiB free", "/data"));
        QVERIFY(zhDetail != enDetail);
        QVERIFY(zhDetail.contains(QStringLiteral("only 3 MiB free")));
    }
};

QTEST_MAIN(TestErrorText)
#include "test_error_text.moc"
