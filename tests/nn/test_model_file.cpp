// The model-file container and its metadata (core/nn/model_file.h), without LibTorch: the
// header is checked before the body is read (/dev/zero, huge declared lengths), reading is
// bounded, metadata ranges follow net.h's limits, and messages carry sane numbers.
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "core/nn/encoder.h"
#include "core/nn/model_file.h"

using namespace xq::nn;

namespace {

std::string metaFor(const std::string& channels, const std::string& blocks,
                    const std::string& extra = "") {
    return "format_version=1\nchannels=" + channels + "\nblocks=" + blocks +
           "\nplanes=" + std::to_string(kBasicPlanes) +
           "\npolicy_size=" + std::to_string(kPolicySize) +
           "\ngeneration=3\ntraining_steps=400\ncreated_unix=1700000000\n" + extra;
}

std::string container(const std::string& meta, const std::string& payload = "weights") {
    return detail::encodeContainer("XQZMODEL", {meta, payload});
}

template <class T>
void putLE(std::string& out, T v) {
    for (size_t i = 0; i < sizeof(T); ++i) out.push_back(char((uint64_t(v) >> (8 * i)) & 0xff));
}

// A header declaring `metaLen` / `payloadLen`, followed by `body`.
std::string rawHeader(uint32_t metaLen, const std::string& meta, uint64_t payloadLen,
                      const std::string& body = "") {
    std::string s("XQZMODEL", 8);
    putLE<uint32_t>(s, kModelFormatVersion);
    putLE<uint32_t>(s, metaLen);
    s += meta;
    putLE<uint64_t>(s, payloadLen);
    return s + body;
}

void writeFile(const QString& path, const std::string& bytes) {
    std::ofstream f(path.toStdString(), std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
}

// The message of the ModelFileError that f() throws ("" when it throws none).
template <class F>
std::string errorOf(F f) {
    try {
        f();
    } catch (const ModelFileError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& s, const char* needle) {
    return s.find(needle) != std::string::npos;
}

// An endless stream: `head`, then zero bytes for ever. Counts what was handed out.
class EndlessBuf : public std::streambuf {
  public:
    explicit EndlessBuf(std::string head) : head_(std::move(head)) {}
    uint64_t served() const { return served_; }

  protected:
    int_type underflow() override {
        const size_t n = sizeof chunk_;
        for (size_t i = 0; i < n; ++i)
            chunk_[i] = served_ + i < head_.size() ? head_[size_t(served_ + i)] : '\0';
        served_ += n;
        setg(chunk_, chunk_, chunk_ + n);
        return traits_type::to_int_type(chunk_[0]);
    }

  private:
    std::string head_;
    uint64_t served_ = 0;
    char chunk_[64];
};

}  // namespace

class TestModelFile : public QObject {
    Q_OBJECT
  private slots:
    void roundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath("m.xqz");
        writeFile(path, container(metaFor("16", "2"), std::string(1000, 'w')));
        const ModelInfo info = readModelInfo(path.toStdString());
        QCOMPARE(info.config, (NetConfig{16, 2}));
        QCOMPARE(info.meta.generation, int64_t(3));
        QCOMPARE(info.meta.trainingSteps, int64_t(400));
        QCOMPARE(info.payloadBytes, uint64_t(1000));
        // The same bytes from a stream of unknown size.
        std::istringstream in(container(metaFor("16", "2"), "abc"));
        const auto c = detail::readContainer(in, "s", "XQZMODEL", std::nullopt);
        QCOMPARE(c.payload, std::string("abc"));
    }

    // Version 2 files carry the policy head; version 1 files (no key) hold the dense one.
    void policyHeadRead() {
        QTemporaryDir dir;
        const QString path = dir.filePath("m.xqz");
        writeFile(path, container("format_version=2\n" +
                                  metaFor("16", "2", "policy_head=1\n").substr(17)));
        ModelInfo info = readModelInfo(path.toStdString());
        QCOMPARE(info.formatVersion, uint32_t(2));
        QCOMPARE(info.config, (NetConfig{16, 2, PolicyHeadKind::Bilinear}));
        QCOMPARE(info.config.label(), std::string("16x2b"));
        writeFile(path, container(metaFor("16", "2")));
        info = readModelInfo(path.toStdString());
        QCOMPARE(info.formatVersion, uint32_t(1));
        QCOMPARE(info.config.policyHead, PolicyHeadKind::Dense);
        QCOMPARE(info.config.features, InputFeatures::Basic);
        QCOMPARE(info.config.label(), std::string("16x2"));
        // The plane count names the input features: 23 planes are the tactical set.
        std::string tactical = metaFor("16", "2");
        tactical.replace(tactical.find("planes=17"), 9, "planes=23");
        writeFile(path, container(tactical));
        info = readModelInfo(path.toStdString());
        QCOMPARE(info.config.features, InputFeatures::Tactical);
        QCOMPARE(info.planes, kPlanes);
        QCOMPARE(info.config.label(), std::string("16x2t"));
        // A version 1 container reads as version 1 and re-encodes to its own bytes (found by
        // fuzz_model_file when the version was not kept).
        detail::Container v1{metaFor("16", "2"), "weights", 1};
        const std::string bytes = detail::encodeContainer("XQZMODEL", v1);
        QCOMPARE(uint8_t(bytes[8]), uint8_t(1));
        writeFile(path, bytes);
        const detail::Container back = detail::readContainer(path.toStdString(), "XQZMODEL");
        QCOMPARE(back.version, uint32_t(1));
        QCOMPARE(detail::encodeContainer("XQZMODEL", back), bytes);
    }

    // `--model /dev/zero` used to read until memory ran out: the magic is checked first.
    void headerCheckedBeforeTheBody() {
        std::string msg = errorOf([] { readModelInfo("/dev/zero"); });
        QVERIFY2(contains(msg, "bad magic") && contains(msg, "/dev/zero"), msg.c_str());

        // 100 MB of zero bytes (sparse): refused at once, whatever the size.
        QTemporaryDir dir;
        const QString zeros = dir.filePath("zeros.xqz");
        {
            const int fd =
                ::open(zeros.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            QVERIFY(fd >= 0);
            QCOMPARE(::ftruncate(fd, 100 << 20), 0);
            ::close(fd);
        }
        msg = errorOf([&] { readModelInfo(zeros.toStdString()); });
        QVERIFY2(contains(msg, "bad magic"), msg.c_str());

        // Endless streams: only the header is read before the refusal.
        EndlessBuf zerosBuf("");
        std::istream z(&zerosBuf);
        msg = errorOf([&] { detail::readContainer(z, "endless", "XQZMODEL", std::nullopt); });
        QVERIFY2(contains(msg, "bad magic"), msg.c_str());
        QVERIFY(zerosBuf.served() <= 64);

        // A right header that declares a huge metadata block or payload.
        EndlessBuf hugeMeta(rawHeader(0xFFFFFFFFu, "", 0));
        std::istream hm(&hugeMeta);
        msg = errorOf([&] { detail::readContainer(hm, "endless", "XQZMODEL", std::nullopt); });
        QVERIFY2(contains(msg, "metadata length 4294967295 exceeds the limit"), msg.c_str());
        QVERIFY(hugeMeta.served() <= 64);

        const std::string meta = metaFor("16", "2");
        EndlessBuf hugePayload(rawHeader(uint32_t(meta.size()), meta, uint64_t(1) << 40));
        std::istream hp(&hugePayload);
        msg = errorOf([&] { detail::readContainer(hp, "endless", "XQZMODEL", std::nullopt); });
        QVERIFY2(contains(msg, "weights length 1099511627776 exceeds the limit"), msg.c_str());
        QVERIFY(hugePayload.served() <= meta.size() + 128);  // served in 64-byte pieces
    }

    // A truncated file's message used to print the declared length plus 8, which overflowed.
    void truncatedMessagesAreSane() {
        QTemporaryDir dir;
        const QString path = dir.filePath("t.xqz");
        const std::string meta = metaFor("16", "2");
        writeFile(path, rawHeader(uint32_t(meta.size()), meta, UINT64_MAX, "0123456789"));
        std::string msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, "weights length 18446744073709551615 exceeds the limit"),
                 msg.c_str());
        QVERIFY2(!contains(msg, " of 7 "), msg.c_str());

        writeFile(path, rawHeader(uint32_t(meta.size()), meta, 1000, "0123456789"));
        msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, "truncated (weights and checksum: 10 of 1008 bytes present)"),
                 msg.c_str());

        // Unknown size (a pipe): the same refusal once the data ends, with the count present.
        std::istringstream in(
            rawHeader(uint32_t(meta.size()), meta, uint64_t(1) << 30, "0123456789"));
        msg = errorOf([&] { detail::readContainer(in, "pipe", "XQZMODEL", std::nullopt); });
        QVERIFY2(contains(msg, "truncated (weights: 10 of 1073741824 bytes present)"), msg.c_str());

        writeFile(path, rawHeader(500, "short", 0));
        msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, "truncated (metadata: ") && contains(msg, " of 500 bytes present)"),
                 msg.c_str());

        const std::string good = container(meta);
        writeFile(path, good.substr(0, good.size() - 3));
        msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, "truncated"), msg.c_str());
        writeFile(path, good + "xy");
        msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, "trailing bytes after the checksum (2)"), msg.c_str());
    }

    // Metadata must describe a net this project trains (net.h's limits, the training config's
    // ranges); a model claiming `blocks=0` or absurd channels used to load.
    void metadataRangesRefused_data() {
        QTest::addColumn<QString>("meta");
        QTest::addColumn<QString>("needle");
        QTest::newRow("blocks 0") << QString::fromStdString(metaFor("64", "0"))
                                  << "network size 64x0 out of range";
        QTest::newRow("blocks 41") << QString::fromStdString(metaFor("64", "41")) << "out of range";
        QTest::newRow("channels 7") << QString::fromStdString(metaFor("7", "3")) << "out of range";
        QTest::newRow("channels 513")
            << QString::fromStdString(metaFor("513", "3")) << "out of range";
        QTest::newRow("channels 1e6")
            << QString::fromStdString(metaFor("1000000", "3")) << "out of range";
        QTest::newRow("channels wraps to 8") << QString::fromStdString(metaFor("4294967304", "3"))
                                             << "network size 4294967304x3 out of range";
        QTest::newRow("negative") << QString::fromStdString(metaFor("-64", "3")) << "out of range";
        QTest::newRow("not a number")
            << QString::fromStdString(metaFor("64x", "3")) << "'channels' missing or invalid";
        QTest::newRow("too big for int64")
            << QString::fromStdString(metaFor("99999999999999999999", "3"))
            << "'channels' missing or invalid";
        QTest::newRow("missing") << "format_version=1\nchannels=64\n"
                                 << "'blocks' missing or invalid";
        QTest::newRow("format 3") << QString::fromStdString("format_version=3\n" +
                                                            metaFor("64", "3").substr(17))
                                  << "metadata format_version 3";
        QTest::newRow("format 0") << QString::fromStdString("format_version=0\n" +
                                                            metaFor("64", "3").substr(17))
                                  << "metadata format_version 0";
        // Version 2 names its policy head; version 1 did not have the key.
        QTest::newRow("format 2 without its head")
            << QString::fromStdString("format_version=2\n" + metaFor("64", "3").substr(17))
            << "'policy_head' missing or invalid";
        QTest::newRow("unknown head")
            << QString::fromStdString("format_version=2\n" +
                                      metaFor("64", "3", "policy_head=2\n").substr(17))
            << "unknown policy head 2";
        QTest::newRow("planes")
            << QString::fromStdString(
                   "format_version=1\nchannels=64\nblocks=3\nplanes=18\npolicy_size=8100\n")
            << "made for 18 input planes";
    }
    void metadataRangesRefused() {
        QFETCH(QString, meta);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath("m.xqz");
        writeFile(path, container(meta.toStdString()));
        const std::string msg = errorOf([&] { readModelInfo(path.toStdString()); });
        QVERIFY2(contains(msg, needle.toStdString().c_str()), msg.c_str());
        QVERIFY2(contains(msg, "m.xqz"), msg.c_str());
    }

    void limitsAreTheTrainingRanges() {
        QVERIFY((NetConfig{kMinChannels, kMinBlocks}).inRange());
        QVERIFY((NetConfig{kMaxChannels, kMaxBlocks}).inRange());
        QVERIFY(!(NetConfig{kMinChannels - 1, 3}).inRange());
        QVERIFY(!(NetConfig{64, kMinBlocks - 1}).inRange());
        QVERIFY(!(NetConfig{64, kMaxBlocks + 1}).inRange());
        QVERIFY(!(NetConfig{64, 3, PolicyHeadKind(kPolicyHeadKinds)}).inRange());
        // The presets sit inside.
        for (NetConfig c : {NetConfig{64, 3}, NetConfig{128, 6}, NetConfig{256, 10}})
            QVERIFY(c.inRange());
    }
};

QTEST_APPLESS_MAIN(TestModelFile)
#include "test_model_file.moc"
