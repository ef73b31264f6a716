// The LibTorch side: Net, model files, export/import, trainer, TorchEvaluator (+cache) and
// InferenceServer over it. Tiny nets (16x1) keep it fast.
#include <QtTest>

#include <QTemporaryDir>

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <thread>

#include "core/nn/blas_info.h"
#include "core/nn/encoder.h"
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/torch_evaluator.h"
#include "core/nn/trainer_backend.h"
#include "tests/support/ci_skip.h"
#include "tests/support/nn_testutil.h"

using namespace xq;
using namespace xq::nn;

namespace {

const NetConfig kTiny{16, 1};

struct Batch {
    std::vector<Position> positions;
    std::vector<float> planes, logits, values;
};

Batch forwardOn(Net& net, std::vector<Position> positions) {
    Batch b;
    b.positions = std::move(positions);
    const int n = int(b.positions.size());
    b.planes.resize(size_t(n) * kInputSize);
    for (int i = 0; i < n; ++i)
        encodePosition(b.positions[i], 0,
                       std::span<float>(b.planes).subspan(size_t(i) * kInputSize));
    b.logits.resize(size_t(n) * kPolicySize);
    b.values.resize(size_t(n));
    net.forward(b.planes, n, b.logits, b.values);
    return b;
}

float maxDiff(const std::vector<float>& a, const std::vector<float>& b) {
    float d = 0;
    for (size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

// A fixed training batch: random positions, sparse targets on one or two legal moves each,
// z = +-1.
TrainBatch fixedBatch(int n) {
    auto positions = nntest::randomPositions(2, n / 2, 21);
    TrainBatch tb;
    tb.size = int(positions.size());
    tb.planes.resize(size_t(tb.size) * kInputSize);
    for (int i = 0; i < tb.size; ++i) {
        encodePosition(positions[i], 0,
                       std::span<float>(tb.planes).subspan(size_t(i) * kInputSize));
        MoveList ml;
        positions[i].legalMoves(ml);
        const Color c = positions[i].sideToMove();
        tb.policySparse.push_back({i, policyIndex(ml[i % ml.size()], c), 0.75f});
        tb.policySparse.push_back({i, policyIndex(ml[(i * 7 + 1) % ml.size()], c), 0.25f});
        tb.values.push_back(i % 3 == 0 ? 1.0f : -1.0f);
    }
    return tb;
}

// fixedBatch() with each sample's legal-move mask.
TrainBatch maskedBatch(int n, std::vector<int>* legalCounts) {
    auto positions = nntest::randomPositions(2, n / 2, 21);
    TrainBatch tb = fixedBatch(n);
    tb.legalMask.assign(size_t(tb.size) * kPolicySize, 0);
    for (int i = 0; i < tb.size; ++i) {
        MoveList ml;
        positions[i].legalMoves(ml);
        for (Move m : ml)
            tb.legalMask[size_t(i) * kPolicySize + policyIndex(m, positions[i].sideToMove())] = 1;
        legalCounts->push_back(ml.size());
    }
    return tb;
}

// fixedBatch() with a reply target (one of the position's legal moves, in its mover's view, as
// the replay buffer encodes the opponent's next move) on every sample but each fifth (-1).
TrainBatch replyBatch(int n) {
    auto positions = nntest::randomPositions(2, n / 2, 21);
    TrainBatch tb = fixedBatch(n);
    tb.replies.assign(size_t(tb.size), -1);
    for (int i = 0; i < tb.size; ++i) {
        if (i % 5 == 0) continue;
        MoveList ml;
        positions[i].legalMoves(ml);
        tb.replies[size_t(i)] = policyIndex(ml[(i * 3 + 2) % ml.size()], positions[i].sideToMove());
    }
    return tb;
}

// Row r of `tb` as a batch of one.
TrainBatch rowOf(const TrainBatch& tb, int r) {
    TrainBatch one;
    one.size = 1;
    one.planes.assign(tb.planes.begin() + r * kInputSize, tb.planes.begin() + (r + 1) * kInputSize);
    for (const PolicyEntry& e : tb.policySparse)
        if (e.row == r) one.policySparse.push_back({0, e.index, e.prob});
    one.values = {tb.values[size_t(r)]};
    if (!tb.replies.empty()) one.replies = {tb.replies[size_t(r)]};
    return one;
}

// A checkpoint in a temporary directory: the paths of its model file and optimizer state.
struct CheckpointFiles {
    QTemporaryDir dir;
    std::string model = dir.filePath("m.xqz").toStdString();
    std::string state = dir.filePath("m.opt").toStdString();
    void save(Net& net, const NetTrainer& trainer) {
        saveModel(net, model);
        trainer.saveState(state);
    }
};

void writeBytes(const QString& path, const std::string& bytes) {
    std::ofstream f(path.toStdString(), std::ios::binary | std::ios::trunc);
    f << bytes;
}

std::string readBytes(const QString& path) {
    std::ifstream f(path.toStdString(), std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Runs `f`, expects a ModelFileError whose message contains `needle`.
template <class F>
bool failsWith(F f, const char* needle, QString* msg) {
    try {
        f();
    } catch (const ModelFileError& e) {
        *msg = QString::fromStdString(e.what());
        return msg->contains(QLatin1String(needle));
    } catch (const std::exception& e) {
        *msg = QStringLiteral("wrong exception type: ") + e.what();
        return false;
    }
    *msg = QStringLiteral("no exception");
    return false;
}

}  // namespace

class TestNnTorch : public QObject {
    Q_OBJECT
  private slots:
    void forwardShapes();
    void batchMatchesSingles();
    void deviceChoice();
    void loadedBlasIsWhereSgemmBinds();
    void concurrentForwardsMatchALoneOne();
    void openBlasRunsOnTheCallingThread();
    void saveLoadRoundTrip();
    void badFilesGiveClearErrors();
    void exportReloads();
    void trainingLowersLoss();
    void optimizerStateRoundTrip();
    void weightAverage();
    void weightAverageResumes();
    void replyHeadLoss();
    void replyHeadTrainsTheTrunkOnly();
    void replyHeadResumes();
    void legalMaskedPolicyLoss();
    void bilinearHeadIsLowRank();
    void bilinearHeadFilesAndTraining();
    void tacticalInputs();
    void torchEvaluatorSoftmaxAndCache();
    void serverOverTorchMatchesDirect();
};

void TestNnTorch::forwardShapes() {
    Net net(kTiny, {.seed = 1});
    // Parameter count of the architecture in net.h, written out.
    const int64_t C = 16;
    const int64_t expected = (17 * C * 9 + 2 * C)                   // stem conv + bn
                             + 1 * (2 * C * C * 9 + 4 * C)          // one residual block
                             + (C * 2 + 4 + 180 * 8100 + 8100)      // policy head
                             + (C + 2 + 90 * 128 + 128 + 128 + 1);  // value head
    QCOMPARE(net.parameterCount(), expected);
    QCOMPARE(net.deviceName(), std::string("cpu"));
    auto b = forwardOn(net, nntest::randomPositions(1, 5, 3));
    QCOMPARE(b.values.size(), size_t(5));
    QCOMPARE(b.logits.size(), size_t(5 * kPolicySize));
    for (float v : b.values) QVERIFY(v > -1 && v < 1);
    for (float l : b.logits) QVERIFY(std::isfinite(l));
    QVERIFY(maxDiff(std::vector<float>(b.logits.begin(), b.logits.begin() + kPolicySize),
                    std::vector<float>(b.logits.begin() + kPolicySize,
                                       b.logits.begin() + 2 * kPolicySize)) > 0);
    QVERIFY_EXCEPTION_THROWN(Net({0, 1}), std::invalid_argument);
    std::vector<float> small(10);
    QVERIFY_EXCEPTION_THROWN(net.forward(small, 1, small, small), std::invalid_argument);
}

void TestNnTorch::batchMatchesSingles() {
    Net net(kTiny, {.seed = 2});
    auto positions = nntest::randomPositions(1, 6, 4);
    auto all = forwardOn(net, positions);
    for (size_t i = 0; i < positions.size(); ++i) {
        auto one = forwardOn(net, {positions[i]});
        QVERIFY(std::abs(one.values[0] - all.values[i]) < 1e-4f);
        std::vector<float> slice(all.logits.begin() + long(i) * kPolicySize,
                                 all.logits.begin() + long(i + 1) * kPolicySize);
        QVERIFY(maxDiff(one.logits, slice) < 1e-4f);
    }
}

// DeviceKind: Cpu stays on the CPU, Auto takes CUDA only when LibTorch sees a device, Cuda
// refuses to fall back. Where a GPU is present, its outputs match the CPU's for equal weights.
// The BLAS named in bench output and warnings is the library that LibTorch's sgemm_ calls
// reach: the one the global symbol lookup binds it to.
void TestNnTorch::loadedBlasIsWhereSgemmBinds() {
    void* sgemm = dlsym(RTLD_DEFAULT, "sgemm_");
    if (!sgemm) QSKIP("no sgemm_ in the global scope: a LibTorch built with a static BLAS");
    Dl_info info{};
    QVERIFY(dladdr(sgemm, &info) != 0 && info.dli_fname);
    char real[PATH_MAX];
    QVERIFY(realpath(info.dli_fname, real));
    const BlasLibrary blas = loadedBlas();
    QCOMPARE(blas.path, std::string(real));
    QVERIFY(blas.kind != BlasKind::None);
    qInfo("BLAS: %s (%s)", blas.path.c_str(), blasKindName(blas.kind));
}

// Self-play's inference workers, a match's two players and the trainer run forward passes on
// several threads at once: each pass gives exactly the outputs it gives alone. A BLAS that is
// unsafe for concurrent callers (Debian's serial OpenBLAS: about one sgemm in ten garbled)
// fails this unless BlasCallGuard serialises the passes.
void TestNnTorch::concurrentForwardsMatchALoneOne() {
    constexpr int kThreads = 2, kRounds = 300;
    const std::vector<Position> positions = nntest::randomPositions(2, 4, 17);
    std::vector<Net> nets;
    std::vector<Batch> alone;
    for (int t = 0; t < kThreads; ++t) {
        nets.emplace_back(kTiny, NetOptions{.threads = 1, .seed = uint64_t(30 + t)});
        alone.push_back(forwardOn(nets.back(), positions));
    }
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            for (int r = 0; r < kRounds; ++r) {
                const Batch b = forwardOn(nets[size_t(t)], positions);
                if (b.logits != alone[size_t(t)].logits || b.values != alone[size_t(t)].values)
                    wrong++;
            }
        });
    for (auto& th : threads) th.join();
    qInfo("BLAS %s: %d of %d concurrent passes differed", blasKindName(loadedBlas().kind),
          wrong.load(), kThreads * kRounds);
    QCOMPARE(wrong.load(), 0);
}

// Once a net exists, a threaded OpenBLAS runs every call on the calling thread: no pool of its
// own spins beside the inference workers and the trainer (core/nn/blas_info.h).
void TestNnTorch::openBlasRunsOnTheCallingThread() {
    using GetThreads = int (*)();
    const auto get = reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
    // ./test.sh installs OpenBLAS, so CI has it.
    if (!get) XQ_SKIP_UNLESS_CI("LibTorch does not call OpenBLAS here");
    Net net(kTiny);
    QCOMPARE(get(), 1);
}

void TestNnTorch::deviceChoice() {
    auto positions = nntest::randomPositions(1, 6, 5);
    Net cpu(kTiny, {.device = DeviceKind::Cpu, .seed = 3});
    QVERIFY(!cpu.onCuda());
    const Batch ref = forwardOn(cpu, positions);
    Net autoNet(kTiny, {.device = DeviceKind::Auto, .fp16 = false, .seed = 3});
    QCOMPARE(autoNet.onCuda(), Net::cudaAvailable());
    const Batch got = forwardOn(autoNet, positions);
    // Same seed, same weights: on the CPU identical, on a GPU equal up to kernel rounding.
    QVERIFY(maxDiff(ref.values, got.values) < 1e-3f);
    QVERIFY(maxDiff(ref.logits, got.logits) < 1e-3f);
    if (Net::cudaAvailable()) {
        Net gpu(kTiny, {.device = DeviceKind::Cuda, .seed = 3});
        QCOMPARE(gpu.deviceName(), std::string("cuda:0 fp16"));
    } else {
        QVERIFY_EXCEPTION_THROWN(Net(kTiny, {.device = DeviceKind::Cuda}), std::runtime_error);
    }
}

void TestNnTorch::saveLoadRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath("m.xqz");
    Net net({16, 2}, {.seed = 3});
    net.meta().generation = 7;
    net.meta().trainingSteps = 1234;
    saveModel(net, path.toStdString());
    QVERIFY(net.meta().createdUnix > 1600000000);
    const ModelInfo info = readModelInfo(path.toStdString());
    QCOMPARE(info.config, (NetConfig{16, 2}));
    QCOMPARE(info.meta.generation, int64_t(7));
    QCOMPARE(info.meta.trainingSteps, int64_t(1234));
    QCOMPARE(info.meta.createdUnix, net.meta().createdUnix);
    QCOMPARE(info.planes, kBasicPlanes);
    Net loaded = loadModel(path.toStdString());
    QCOMPARE(loaded.config(), net.config());
    QCOMPARE(loaded.meta().generation, int64_t(7));
    auto positions = nntest::randomPositions(1, 4, 5);
    auto a = forwardOn(net, positions), b = forwardOn(loaded, positions);
    QCOMPARE(maxDiff(a.logits, b.logits), 0.0f);
    QCOMPARE(maxDiff(a.values, b.values), 0.0f);
    // A different net really gives different outputs (the comparison above can fail).
    Net other({16, 2}, {.seed = 4});
    QVERIFY(maxDiff(a.logits, forwardOn(other, positions).logits) > 1e-3f);
    loadModelInto(other, path.toStdString());
    QCOMPARE(maxDiff(a.logits, forwardOn(other, positions).logits), 0.0f);
    // No temp file left behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
}

void TestNnTorch::badFilesGiveClearErrors() {
    QTemporaryDir dir;
    const QString good = dir.filePath("good.xqz");
    Net net(kTiny, {.seed = 5});
    saveModel(net, good.toStdString());
    const std::string bytes = readBytes(good);
    QVERIFY(bytes.size() > 100000);
    QString msg;
    auto load = [](const QString& p) { return [p] { loadModel(p.toStdString()); }; };

    QVERIFY2(failsWith(load(dir.filePath("missing.xqz")), "cannot open", &msg), qPrintable(msg));

    const QString truncated = dir.filePath("truncated.xqz");
    writeBytes(truncated, bytes.substr(0, bytes.size() / 2));
    QVERIFY2(failsWith(load(truncated), "truncated", &msg), qPrintable(msg));
    writeBytes(truncated, bytes.substr(0, 12));
    QVERIFY2(failsWith(load(truncated), "truncated", &msg), qPrintable(msg));

    const QString corrupt = dir.filePath("corrupt.xqz");
    for (size_t at : {bytes.size() / 3, bytes.size() / 2, bytes.size() - 20}) {
        std::string c = bytes;
        c[at] = char(c[at] ^ 0x5a);
        writeBytes(corrupt, c);
        QVERIFY2(failsWith(load(corrupt), "corrupt", &msg), qPrintable(msg));
    }

    const QString wrong = dir.filePath("wrong.xqz");
    writeBytes(wrong, "this is a text file, not a model\n");
    QVERIFY2(failsWith(load(wrong), "bad magic", &msg), qPrintable(msg));
    writeBytes(wrong, "");
    QVERIFY2(failsWith(load(wrong), "bad magic", &msg), qPrintable(msg));

    std::string v3 = bytes;
    v3[8] = 3;  // container version 3, newer than this build
    writeBytes(wrong, v3);
    QVERIFY2(failsWith(load(wrong), "unsupported format version 3", &msg), qPrintable(msg));

    Net bigger({16, 2});
    QVERIFY2(failsWith([&] { loadModelInto(bigger, good.toStdString()); }, "expected 16x2", &msg),
             qPrintable(msg));
    // The weights file is not a state dict and vice versa.
    QVERIFY2(failsWith([&] { importStateDict(bigger, good.toStdString()); }, "state dict", &msg),
             qPrintable(msg));
}

void TestNnTorch::exportReloads() {
    QTemporaryDir dir;
    const QString out = dir.filePath("m.pt");
    Net net(kTiny, {.seed = 6});
    net.meta().generation = 3;
    exportStateDict(net, out.toStdString());
    // Read back through torch::pickle_load (what torch.load understands) into a fresh net.
    Net fresh(kTiny, {.seed = 7});
    auto positions = nntest::randomPositions(1, 4, 8);
    auto a = forwardOn(net, positions);
    QVERIFY(maxDiff(a.logits, forwardOn(fresh, positions).logits) > 1e-3f);
    importStateDict(fresh, out.toStdString());
    QCOMPARE(maxDiff(a.logits, forwardOn(fresh, positions).logits), 0.0f);
    QCOMPARE(fresh.meta().generation, int64_t(3));
    // Metadata inside the dict guards against loading into the wrong size.
    Net wider({32, 1});
    QString msg;
    QVERIFY2(failsWith([&] { importStateDict(wider, out.toStdString()); }, "meta.channels", &msg),
             qPrintable(msg));
}

void TestNnTorch::trainingLowersLoss() {
    Net net(kTiny, {.seed = 8});
    NetTrainer trainer(net, {.learningRate = 3e-3});
    const TrainBatch tb = fixedBatch(16);
    const TrainStats before = trainer.evaluate(tb);
    TrainStats first = trainer.step(tb), last;
    QVERIFY(first.gradNorm > 0);
    QVERIFY(first.policyEntropy > 5.0);  // ~log(8100) = 9 for a fresh net
    for (int i = 0; i < 40; ++i) last = trainer.step(tb);
    const TrainStats after = trainer.evaluate(tb);
    QVERIFY2(last.totalLoss < 0.7 * first.totalLoss,
             qPrintable(QString("%1 -> %2").arg(first.totalLoss).arg(last.totalLoss)));
    QVERIFY(last.policyLoss < first.policyLoss);
    QVERIFY(last.top1Accuracy > first.top1Accuracy);
    QVERIFY(after.totalLoss < before.totalLoss);
    QCOMPARE(net.meta().trainingSteps, int64_t(41));
    QCOMPARE(last.learningRate, 3e-3);
    trainer.setLearningRate(1e-4);
    QCOMPARE(trainer.learningRate(), 1e-4);
    TrainBatch bad = tb;
    bad.values.pop_back();
    QVERIFY_EXCEPTION_THROWN(trainer.step(bad), std::invalid_argument);
}

void TestNnTorch::legalMaskedPolicyLoss() {
    Net net(kTiny, {.seed = 9});
    NetTrainer trainer(net, {.learningRate = 3e-3});
    std::vector<int> counts;
    const TrainBatch masked = maskedBatch(16, &counts);
    TrainBatch plain = masked;
    plain.legalMask.clear();
    const TrainStats m0 = trainer.evaluate(masked), p0 = trainer.evaluate(plain);
    // The masked loss is the cross-entropy of the softmax over the legal logits alone.
    std::vector<float> logits(size_t(masked.size) * kPolicySize), values(size_t(masked.size));
    net.forward(masked.planes, masked.size, logits, values);
    double want = 0, maxEntropy = 0;
    for (int r = 0; r < masked.size; ++r) {
        double mx = -1e30, sum = 0;
        for (int i = 0; i < kPolicySize; ++i)
            if (masked.legalMask[size_t(r) * kPolicySize + i])
                mx = std::max(mx, double(logits[size_t(r) * kPolicySize + i]));
        for (int i = 0; i < kPolicySize; ++i)
            if (masked.legalMask[size_t(r) * kPolicySize + i])
                sum += std::exp(logits[size_t(r) * kPolicySize + i] - mx);
        for (const PolicyEntry& e : masked.policySparse)
            if (e.row == r)
                want -= e.prob * (logits[size_t(r) * kPolicySize + e.index] - mx - std::log(sum));
        maxEntropy += std::log(double(counts[size_t(r)]));
    }
    want /= masked.size;
    maxEntropy /= masked.size;
    QVERIFY2(std::abs(m0.policyLoss - want) < 1e-3,
             qPrintable(QString("%1 vs %2").arg(m0.policyLoss).arg(want)));
    QVERIFY2(m0.policyLoss < p0.policyLoss,
             qPrintable(QString("%1 vs %2").arg(m0.policyLoss).arg(p0.policyLoss)));
    // Entropy over the legal moves: at most the mean log of their number (a fresh net is near it).
    QVERIFY2(m0.policyEntropy <= maxEntropy + 1e-3 && m0.policyEntropy > 0.5 * maxEntropy,
             qPrintable(QString("%1 (max %2)").arg(m0.policyEntropy).arg(maxEntropy)));
    QVERIFY(p0.policyEntropy > 5.0);  // over all 8100
    TrainStats last;
    for (int i = 0; i < 30; ++i) last = trainer.step(masked);
    QVERIFY2(trainer.evaluate(masked).policyLoss < 0.8 * m0.policyLoss,
             qPrintable(QString("%1 -> %2").arg(m0.policyLoss).arg(last.policyLoss)));
    TrainBatch bad = masked;
    bad.legalMask.pop_back();
    QVERIFY_EXCEPTION_THROWN(trainer.step(bad), std::invalid_argument);
}

// The rank of a 90 x 90 matrix (row-major), by Gram-Schmidt on its rows: a row counts when
// what is left of it after the earlier ones is above `rel` of the largest row norm.
static int matrixRank(const float* m, double rel = 1e-3) {
    std::vector<std::vector<double>> basis;
    double maxNorm = 0;
    for (int r = 0; r < 90; ++r) {
        double n = 0;
        for (int c = 0; c < 90; ++c) n += double(m[r * 90 + c]) * m[r * 90 + c];
        maxNorm = std::max(maxNorm, std::sqrt(n));
    }
    for (int r = 0; r < 90; ++r) {
        std::vector<double> v(m + r * 90, m + r * 90 + 90);
        for (const auto& b : basis) {
            double d = 0;
            for (int c = 0; c < 90; ++c) d += v[c] * b[c];
            for (int c = 0; c < 90; ++c) v[c] -= d * b[c];
        }
        double n = 0;
        for (double x : v) n += x * x;
        n = std::sqrt(n);
        if (n > rel * maxNorm) {
            for (double& x : v) x /= n;
            basis.push_back(std::move(v));
        }
    }
    return int(basis.size());
}

// The bilinear head's logits, seen as a from x to matrix, are a product of two rank-32
// feature maps plus a per-move bias (zero at initialisation): rank <= kBilinearRank. The dense
// head's are a generic linear map of 180 features: full rank, so the check can tell them apart.
void TestNnTorch::bilinearHeadIsLowRank() {
    const NetConfig bl{16, 1, PolicyHeadKind::Bilinear};
    QCOMPARE(bl.label(), std::string("16x1b"));
    Net net(bl, {.seed = 11});
    Net dense(kTiny, {.seed = 11});
    QCOMPARE(net.config(), bl);
    auto positions = nntest::randomPositions(1, 3, 12);
    const Batch b = forwardOn(net, positions), d = forwardOn(dense, positions);
    for (float v : b.logits) QVERIFY(std::isfinite(v));
    for (int i = 0; i < int(positions.size()); ++i) {
        const int rb = matrixRank(b.logits.data() + size_t(i) * kPolicySize);
        const int rd = matrixRank(d.logits.data() + size_t(i) * kPolicySize);
        QVERIFY2(rb <= kBilinearRank && rb >= kBilinearRank / 2,
                 qPrintable(QString("bilinear rank %1").arg(rb)));
        QVERIFY2(rd > kBilinearRank, qPrintable(QString("dense rank %1").arg(rd)));
    }
    // Different positions, different logits: the head reads the trunk.
    QVERIFY(maxDiff(std::vector<float>(b.logits.begin(), b.logits.begin() + kPolicySize),
                    std::vector<float>(b.logits.begin() + kPolicySize,
                                       b.logits.begin() + 2 * kPolicySize)) > 1e-4f);
}

// A bilinear net saves (format 2, policy_head=1), loads, exports and trains; files of one
// head are refused by a net of the other.
void TestNnTorch::bilinearHeadFilesAndTraining() {
    QTemporaryDir dir;
    const std::string model = dir.filePath("b.xqz").toStdString();
    const std::string opt = dir.filePath("b.opt").toStdString();
    const std::string exported = dir.filePath("b.pt").toStdString();
    const NetConfig bl{16, 1, PolicyHeadKind::Bilinear};
    Net net(bl, {.seed = 13});
    NetTrainer trainer(net, {.learningRate = 3e-3});
    std::vector<int> counts;
    const TrainBatch masked = maskedBatch(16, &counts);
    const TrainStats first = trainer.evaluate(masked);
    for (int i = 0; i < 60; ++i) trainer.step(masked);
    const TrainStats after = trainer.evaluate(masked);
    QVERIFY2(after.policyLoss < 0.7 * first.policyLoss,
             qPrintable(QString("%1 -> %2").arg(first.policyLoss).arg(after.policyLoss)));
    QVERIFY(after.valueLoss < first.valueLoss);

    saveModel(net, model);
    trainer.saveState(opt);
    const ModelInfo info = readModelInfo(model);
    QCOMPARE(info.formatVersion, kModelFormatVersion);
    QCOMPARE(info.config, bl);
    Net loaded = loadModel(model);
    QCOMPARE(loaded.config(), bl);
    auto positions = nntest::randomPositions(1, 3, 14);
    const Batch a = forwardOn(net, positions);
    QCOMPARE(maxDiff(a.logits, forwardOn(loaded, positions).logits), 0.0f);
    NetTrainer again(loaded);
    again.loadState(opt);

    QString msg;
    Net dense(kTiny);
    QVERIFY2(
        failsWith([&] { loadModelInto(dense, model); }, "holds a 16x1b net, expected 16x1", &msg),
        qPrintable(msg));
    NetTrainer denseTrainer(dense);
    QVERIFY2(failsWith([&] { denseTrainer.loadState(opt); }, "16x1b net, expected 16x1", &msg),
             qPrintable(msg));

    exportStateDict(net, exported);
    Net fresh(bl, {.seed = 15});
    QVERIFY(maxDiff(a.logits, forwardOn(fresh, positions).logits) > 1e-3f);
    importStateDict(fresh, exported);
    QCOMPARE(maxDiff(a.logits, forwardOn(fresh, positions).logits), 0.0f);
    QVERIFY2(failsWith([&] { importStateDict(dense, exported); }, "meta.policy_head", &msg),
             qPrintable(msg));
}

void TestNnTorch::optimizerStateRoundTrip() {
    CheckpointFiles ck;
    const std::string& model = ck.model;
    const std::string& opt = ck.state;
    const TrainBatch tb = fixedBatch(8);
    Net a(kTiny, {.seed = 9});
    NetTrainer ta(a, {.learningRate = 2e-3});
    for (int i = 0; i < 3; ++i) ta.step(tb);
    ck.save(a, ta);
    Net b = loadModel(model);
    NetTrainer tb2(b, {.learningRate = 1.0});  // wrong lr on purpose: the state restores it
    tb2.loadState(opt);
    QCOMPARE(tb2.learningRate(), 2e-3);
    const TrainStats sa = ta.step(tb), sb = tb2.step(tb);
    QVERIFY(std::abs(sa.totalLoss - sb.totalLoss) < 1e-5);
    auto positions = nntest::randomPositions(1, 3, 10);
    QVERIFY(maxDiff(forwardOn(a, positions).logits, forwardOn(b, positions).logits) < 1e-4f);
    // Without the Adam moments the next step would differ.
    Net c = loadModel(model);
    NetTrainer tc(c, {.learningRate = 2e-3});
    tc.step(tb);
    QVERIFY(maxDiff(forwardOn(a, positions).logits, forwardOn(c, positions).logits) > 1e-4f);
    Net wrong({16, 2});
    NetTrainer tw(wrong);
    QVERIFY_EXCEPTION_THROWN(tw.loadState(opt), ModelFileError);
    QVERIFY_EXCEPTION_THROWN(tw.loadState(model), ModelFileError);  // a model, not a state
    // A learning rate that is not a finite number >= 0 is refused, not trained with.
    const auto state = detail::readContainer(opt, "XQZOPTIM");
    for (const char* lr : {"nan", "inf", "-0.5", "1e999", "2e-3x", ""}) {
        auto c = state;
        const size_t at = c.meta.find("lr=");
        QVERIFY(at != std::string::npos);
        c.meta = c.meta.substr(0, at) + "lr=" + lr + "\n";
        detail::writeContainer(opt, "XQZOPTIM", c);
        NetTrainer t(b);
        QString msg;
        QVERIFY2(failsWith([&] { t.loadState(opt); }, "metadata 'lr' missing or invalid", &msg),
                 qPrintable(msg + " for lr=" + lr));
    }
}

namespace {

// Logits and values of `net` on a fixed set of positions, as one vector.
std::vector<float> outputsOf(Net& net) {
    Batch b = forwardOn(net, nntest::randomPositions(1, 4, 10));
    b.logits.insert(b.logits.end(), b.values.begin(), b.values.end());
    return b.logits;
}

// Largest difference between `actual` and sum_k weights[k] * outputs[k], over the largest
// difference between outputs[0] and outputs.back() (how far the weights moved).
double relativeDeviation(const std::vector<float>& actual,
                         const std::vector<std::vector<float>>& outputs,
                         const std::vector<double>& weights) {
    double dev = 0, span = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        double mix = 0;
        for (size_t k = 0; k < outputs.size(); ++k) mix += weights[k] * outputs[k][i];
        dev = std::max(dev, std::abs(actual[i] - mix));
        span = std::max(span, double(std::abs(outputs.back()[i] - outputs[0][i])));
    }
    return span > 0 ? dev / span : 1e9;
}

}  // namespace

void TestNnTorch::weightAverage() {
    const TrainBatch tb = fixedBatch(8);
    // Off (0) and a time constant of one step publish the trained weights.
    for (double steps : {0.0, 1.0}) {
        Net a(kTiny, {.seed = 9});
        NetTrainer t(a, {.learningRate = 1e-3, .averageSteps = steps});
        Net before = t.publishable();  // before any step: the trained weights
        QCOMPARE(maxDiff(outputsOf(before), outputsOf(a)), 0.0f);
        for (int i = 0; i < 3; ++i) t.step(tb);
        Net p = t.publishable();
        QCOMPARE(maxDiff(outputsOf(p), outputsOf(a)), 0.0f);
        QCOMPARE(p.meta().trainingSteps, a.meta().trainingSteps);
        QCOMPARE(t.averagedSteps(), steps > 0 ? int64_t(3) : int64_t(0));
    }
    // With a time constant T = 2: after step 1 the first step's weights w1, after step 2 their
    // mean with w2, after step 3 avg + (w3 - avg) / 2 = w1/4 + w2/4 + w3/2. A net's outputs are
    // not linear in its weights, but over steps this small they are to first order: the
    // published outputs match the same mix of the trained nets' outputs to a few hundredths of
    // how far the steps moved them (0.02 and 0.007 here), where publishing w2 misses by half
    // of it, and publishing w3 or the plain mean of three by more than 8 times the deviation
    // (0.375 and 0.125).
    // A hundred steps at rate 0 first bring the batch-norm running statistics (moved a tenth
    // of the way to the batch's each step) to rest at the batch's.
    Net a(kTiny, {.seed = 9});
    {
        NetTrainer warm(a, {.learningRate = 0});
        for (int i = 0; i < 100; ++i) warm.step(tb);
    }
    NetTrainer t(a, {.learningRate = 1e-5, .averageSteps = 2});
    std::vector<std::vector<float>> f;
    t.step(tb);
    f.push_back(outputsOf(a));
    {
        Net p = t.publishable();
        QCOMPARE(maxDiff(outputsOf(p), f[0]), 0.0f);
    }
    t.step(tb);
    f.push_back(outputsOf(a));
    {
        Net p = t.publishable();
        const double dev = relativeDeviation(outputsOf(p), f, {0.5, 0.5});
        QVERIFY2(dev < 0.05, qPrintable(QString::number(dev)));
        QVERIFY(relativeDeviation(outputsOf(p), f, {0.0, 1.0}) > 0.3);
    }
    t.step(tb);
    f.push_back(outputsOf(a));
    Net p = t.publishable();
    const double dev = relativeDeviation(outputsOf(p), f, {0.25, 0.25, 0.5});
    QVERIFY2(dev < 0.03, qPrintable(QString::number(dev)));
    QVERIFY(relativeDeviation(outputsOf(p), f, {1.0 / 3, 1.0 / 3, 1.0 / 3}) > 8 * dev);
    QVERIFY(relativeDeviation(outputsOf(p), f, {0.0, 0.0, 1.0}) > 8 * dev);
    QCOMPARE(t.averagedSteps(), int64_t(3));
    // Publishing leaves the trained weights as they were.
    QCOMPARE(maxDiff(outputsOf(a), f[2]), 0.0f);
}

void TestNnTorch::weightAverageResumes() {
    CheckpointFiles ck;
    const std::string& model = ck.model;
    const std::string& opt = ck.state;
    const TrainBatch tb = fixedBatch(8);
    Net a(kTiny, {.seed = 9});
    NetTrainer ta(a, {.learningRate = 1e-3, .averageSteps = 4});
    for (int i = 0; i < 3; ++i) ta.step(tb);
    ck.save(a, ta);
    for (int i = 0; i < 2; ++i) ta.step(tb);
    Net pa = ta.publishable();
    // A trainer resumed from the checkpoint goes on with the saved average.
    Net b = loadModel(model);
    NetTrainer tb2(b, {.learningRate = 1e-3, .averageSteps = 4});
    tb2.loadState(opt);
    QCOMPARE(tb2.averagedSteps(), int64_t(3));
    for (int i = 0; i < 2; ++i) tb2.step(tb);
    Net pb = tb2.publishable();
    QCOMPARE(tb2.averagedSteps(), int64_t(5));
    QVERIFY(maxDiff(outputsOf(pa), outputsOf(pb)) < 1e-4f);
    // A state without an average (written with averaging off) starts one at the next step:
    // two steps later that is a different net.
    Net c = loadModel(model);
    NetTrainer off(c, {.learningRate = 1e-3});
    off.loadState(opt);
    const std::string plain = ck.dir.filePath("plain.opt").toStdString();
    off.saveState(plain);
    Net d = loadModel(model);
    NetTrainer td(d, {.learningRate = 1e-3, .averageSteps = 4});
    td.loadState(plain);
    QCOMPARE(td.averagedSteps(), int64_t(0));
    for (int i = 0; i < 2; ++i) td.step(tb);
    QCOMPARE(td.averagedSteps(), int64_t(2));
    Net pd = td.publishable();
    QVERIFY(maxDiff(outputsOf(pa), outputsOf(pd)) > 1e-4f);
}

void TestNnTorch::replyHeadLoss() {
    const TrainBatch tb = replyBatch(16);
    Net a(kTiny, {.seed = 8});
    NetTrainer plain(a), withHead(a, {.replyWeight = 0.5});
    // Without a head the replies change nothing.
    TrainBatch without = tb;
    without.replies.clear();
    const TrainStats p = plain.evaluate(tb);
    QCOMPARE(p.replyLoss, 0.0);
    QCOMPARE(p.totalLoss, plain.evaluate(without).totalLoss);
    // With one: a fresh head's cross-entropy is near log(8100) = 9.0, and it joins the total
    // with its weight.
    const TrainStats h = withHead.evaluate(tb);
    QVERIFY2(h.replyLoss > 7.5 && h.replyLoss < 10.5, qPrintable(QString::number(h.replyLoss)));
    QVERIFY(std::abs(h.totalLoss - (p.totalLoss + 0.5 * h.replyLoss)) < 1e-4);
    QCOMPARE(h.policyLoss, p.policyLoss);
    // It is the mean over the samples that have a reply; those without count for nothing.
    double sum = 0;
    int rows = 0;
    for (int r = 0; r < tb.size; ++r) {
        if (tb.replies[size_t(r)] < 0) continue;
        sum += withHead.evaluate(rowOf(tb, r)).replyLoss;
        ++rows;
    }
    QVERIFY(rows > 0 && rows < tb.size);
    QVERIFY2(std::abs(h.replyLoss - sum / rows) < 1e-4,
             qPrintable(QString("%1 vs %2").arg(h.replyLoss).arg(sum / rows)));
    TrainBatch none = tb;
    std::fill(none.replies.begin(), none.replies.end(), -1);
    QCOMPARE(withHead.evaluate(none).replyLoss, 0.0);
    QVERIFY(std::abs(withHead.evaluate(none).totalLoss - p.totalLoss) < 1e-6);
    // Malformed replies are refused.
    for (int32_t badIndex : {-2, kPolicySize}) {
        TrainBatch bad = tb;
        bad.replies[1] = badIndex;
        QVERIFY_EXCEPTION_THROWN(withHead.step(bad), std::invalid_argument);
    }
    TrainBatch shortReplies = tb;
    shortReplies.replies.pop_back();
    QVERIFY_EXCEPTION_THROWN(withHead.step(shortReplies), std::invalid_argument);
}

void TestNnTorch::replyHeadTrainsTheTrunkOnly() {
    const TrainBatch tb = replyBatch(16);
    Net a(kTiny, {.seed = 8}), b(kTiny, {.seed = 8});
    NetTrainer withHead(a, {.learningRate = 3e-3, .replyWeight = 1.0}),
        plain(b, {.learningRate = 3e-3});
    const TrainStats first = withHead.step(tb);
    plain.step(tb);
    TrainStats last;
    for (int i = 0; i < 40; ++i) {
        last = withHead.step(tb);
        plain.step(tb);
    }
    // The head learns the replies, and its gradient reaches the trunk: the same seed and
    // batches without the head train another net.
    QVERIFY2(last.replyLoss < 0.5 * first.replyLoss,
             qPrintable(QString("%1 -> %2").arg(first.replyLoss).arg(last.replyLoss)));
    QVERIFY(maxDiff(outputsOf(a), outputsOf(b)) > 1e-3f);
    // The published network has no trace of the head: same size, a plain model file.
    QCOMPARE(withHead.publishable().parameterCount(), Net(kTiny).parameterCount());
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.xqz").toStdString();
    saveModel(a, path);
    Net back = loadModel(path);
    QVERIFY(back.config() == kTiny);
    QCOMPARE(maxDiff(outputsOf(back), outputsOf(a)), 0.0f);
}

void TestNnTorch::replyHeadResumes() {
    const TrainBatch tb = replyBatch(16);
    CheckpointFiles ck;
    Net a(kTiny, {.seed = 9});
    NetTrainer ta(a, {.learningRate = 2e-3, .replyWeight = 0.5});
    for (int i = 0; i < 3; ++i) ta.step(tb);
    ck.save(a, ta);
    // Resumed with the head: the next step is the one the original takes (head weights and
    // their Adam moments restored; without those the reply loss would differ).
    Net b = loadModel(ck.model);
    NetTrainer tb2(b, {.learningRate = 1.0, .replyWeight = 0.5});
    tb2.loadState(ck.state);
    QCOMPARE(tb2.learningRate(), 2e-3);
    const TrainStats sa = ta.step(tb), sb = tb2.step(tb);
    QVERIFY(std::abs(sa.replyLoss - sb.replyLoss) < 1e-5);
    QVERIFY(std::abs(sa.totalLoss - sb.totalLoss) < 1e-5);
    QVERIFY(maxDiff(outputsOf(a), outputsOf(b)) < 1e-4f);
    // A trainer without the head reads that state (and saves one without a head); a trainer
    // with the head reads a state without one and starts its head afresh.
    Net c = loadModel(ck.model);
    NetTrainer plain(c, {.learningRate = 2e-3});
    plain.loadState(ck.state);
    const std::string noHead = ck.dir.filePath("plain.opt").toStdString();
    plain.saveState(noHead);
    Net d = loadModel(ck.model), e = loadModel(ck.model);
    NetTrainer fresh(d, {.learningRate = 2e-3, .replyWeight = 0.5});
    fresh.loadState(noHead);
    NetTrainer resumed(e, {.learningRate = 2e-3, .replyWeight = 0.5});
    resumed.loadState(ck.state);
    const double freshLoss = fresh.evaluate(tb).replyLoss,
                 resumedLoss = resumed.evaluate(tb).replyLoss;
    QVERIFY2(freshLoss > resumedLoss + 0.01,
             qPrintable(QString("%1 vs %2").arg(freshLoss).arg(resumedLoss)));
    // A fresh head starts the same whatever LibTorch's generator drew before (ranks of a group
    // start alike).
    Net f = loadModel(ck.model);
    NetTrainer again(f, {.learningRate = 2e-3, .replyWeight = 0.5});
    QCOMPARE(again.evaluate(tb).replyLoss, freshLoss);
}

void TestNnTorch::torchEvaluatorSoftmaxAndCache() {
    auto net = std::make_shared<Net>(kTiny, NetOptions{.seed = 10});
    auto cache = std::make_shared<EvalCache>(4096);
    TorchEvaluator ev(net, cache);
    auto positions = nntest::randomPositions(1, 10, 12);
    std::vector<MoveList> moves(positions.size());
    std::vector<EvalInput> in;
    for (size_t i = 0; i < positions.size(); ++i) {
        positions[i].legalMoves(moves[i]);
        in.push_back({&positions[i], &moves[i]});
    }
    std::vector<EvalOutput> out(in.size());
    ev.evaluate(in, out);
    QCOMPARE(ev.forwardPasses(), uint64_t(1));
    auto raw = forwardOn(*net, positions);  // no repetitions in these games' first plies
    for (size_t i = 0; i < in.size(); ++i) {
        QCOMPARE(out[i].value, raw.values[i]);
        // Softmax over the legal logits only.
        const float* l = raw.logits.data() + i * kPolicySize;
        double z = 0;
        for (Move m : moves[i]) z += std::exp(double(l[policyIndex(m, positions[i].sideToMove())]));
        double sum = 0;
        for (int k = 0; k < moves[i].size(); ++k) {
            const double p =
                std::exp(double(l[policyIndex(moves[i][k], positions[i].sideToMove())])) / z;
            QVERIFY(std::abs(p - out[i].priors[k]) < 1e-5);
            sum += out[i].priors[k];
        }
        QVERIFY(std::abs(sum - 1) < 1e-5);
    }
    QCOMPARE(cache->misses(), uint64_t(in.size()));
    QCOMPARE(cache->hits(), uint64_t(0));
    std::vector<EvalOutput> again(in.size());
    ev.evaluate(in, again);
    QCOMPARE(ev.forwardPasses(), uint64_t(1));  // all from the cache
    QCOMPARE(cache->hits(), uint64_t(in.size()));
    for (size_t i = 0; i < in.size(); ++i) QCOMPARE(again[i].value, out[i].value);
}

void TestNnTorch::serverOverTorchMatchesDirect() {
    auto net = std::make_shared<Net>(kTiny, NetOptions{.seed = 11});
    auto positions = nntest::randomPositions(4, 20, 13);
    std::vector<MoveList> moves(positions.size());
    std::vector<EvalInput> in;
    for (size_t i = 0; i < positions.size(); ++i) {
        positions[i].legalMoves(moves[i]);
        in.push_back({&positions[i], &moves[i]});
    }
    std::vector<EvalOutput> direct(in.size());
    TorchEvaluator(net).evaluate(in, direct);
    InferenceServer server(std::make_shared<TorchEvaluator>(net),
                           {32, std::chrono::microseconds(1000)});
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < 6; ++t)
        pool.emplace_back([&, t] {
            for (size_t i = size_t(t); i < in.size(); i += 2) {
                EvalOutput o;
                server.evaluate({&in[i], 1}, {&o, 1});
                if (std::abs(o.value - direct[i].value) > 1e-4f) ++bad;
                for (int k = 0; k < moves[i].size(); ++k)
                    if (std::abs(o.priors[k] - direct[i].priors[k]) > 1e-4f) ++bad;
            }
        });
    for (auto& th : pool) th.join();
    QCOMPARE(bad.load(), 0);
    QVERIFY(server.stats().meanBatch() > 1.0);
}

QTEST_APPLESS_MAIN(TestNnTorch)
#include "test_nn_torch.moc"

// A Basic net reads only the first kBasicPlanes of the encoding (so nets made before the
// tactical planes existed play as they did); a Tactical net reads all of them, and its files
// say so through their plane count.
void TestNnTorch::tacticalInputs() {
    const NetConfig tactical{16, 1, PolicyHeadKind::Dense, InputFeatures::Tactical};
    QCOMPARE(tactical.label(), std::string("16x1t"));
    Net basic(kTiny, {.seed = 3}), tact(tactical, {.seed = 3});
    auto positions = nntest::randomPositions(1, 6, 9);
    const int n = int(positions.size());
    Batch b = forwardOn(basic, positions), t = forwardOn(tact, positions);
    // Overwrite the tactical planes with other values: only the Tactical net notices.
    std::vector<float> planes = b.planes;
    for (int i = 0; i < n; ++i)
        for (int k = kBasicPlanes * kPlaneSize; k < kInputSize; ++k)
            planes[size_t(i) * kInputSize + k] = float((i * 31 + k) % 7) / 7.0f;
    std::vector<float> logits(size_t(n) * kPolicySize), values(static_cast<size_t>(n));
    basic.forward(planes, n, logits, values);
    QCOMPARE(maxDiff(logits, b.logits), 0.0f);
    QCOMPARE(maxDiff(values, b.values), 0.0f);
    tact.forward(planes, n, logits, values);
    QVERIFY(maxDiff(logits, t.logits) > 1e-4f);
    // Files: 23 planes, read back as a Tactical net with the same outputs.
    QTemporaryDir dir;
    const std::string path = dir.filePath("t.xqm").toStdString();
    saveModel(tact, path);
    const ModelInfo info = readModelInfo(path);
    QCOMPARE(info.planes, kPlanes);
    QCOMPARE(info.config, tactical);
    Net loaded = loadModel(path);
    QCOMPARE(maxDiff(forwardOn(loaded, positions).logits, t.logits), 0.0f);
    // A Basic net does not take a Tactical net's weights (the stem differs).
    QVERIFY_EXCEPTION_THROWN(basic.copyWeightsFrom(tact), std::invalid_argument);
}
