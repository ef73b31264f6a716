// TrainingGroup (c10d Gloo) and NetTrainer::setGroup: ranks are threads of this process on
// loopback, each with its own tiny net (16x1). The multi-rank cases need a Gloo build.
#include <QRegularExpression>
#include <QtTest>

#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

#include "core/error.h"
#include "core/nn/encoder.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#include "tests/support/nn_testutil.h"
#include "tests/support/loopback_port.h"
#include "tests/support/ci_skip.h"

using namespace xq;
using namespace xq::nn;

namespace {

const NetConfig kTiny{16, 1};

// Runs fn(rank) on `n` threads at once and rethrows the first exception of any of them.
void runRanks(int n, const std::function<void(int)>& fn) {
    std::vector<std::exception_ptr> errors(static_cast<size_t>(n));
    std::vector<std::thread> threads;
    for (int r = 0; r < n; ++r)
        threads.emplace_back([&, r] {
            try {
                fn(r);
            } catch (...) {
                errors[size_t(r)] = std::current_exception();
            }
        });
    for (auto& t : threads) t.join();
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
}

// Random positions from `seed`, sparse targets on one legal move each, z = +-1; with
// `replies`, a reply target on each (another legal move, as the reply head's targets).
TrainBatch batchFrom(unsigned seed, int n, bool replies = false) {
    auto positions = nntest::randomPositions(2, n / 2, seed);
    TrainBatch tb;
    tb.size = int(positions.size());
    tb.planes.resize(size_t(tb.size) * kInputSize);
    for (int i = 0; i < tb.size; ++i) {
        encodePosition(positions[i], 0,
                       std::span<float>(tb.planes).subspan(size_t(i) * kInputSize));
        MoveList ml;
        positions[i].legalMoves(ml);
        tb.policySparse.push_back(
            {i, policyIndex(ml[(i * 5 + seed) % ml.size()], positions[i].sideToMove()), 1.0f});
        tb.values.push_back((i + seed) % 3 == 0 ? 1.0f : -1.0f);
        if (replies)
            tb.replies.push_back(
                policyIndex(ml[(i * 3 + seed + 1) % ml.size()], positions[i].sideToMove()));
    }
    return tb;
}

// The net's outputs on fixed positions, in eval mode: they read every parameter and the
// batch-norm running statistics, so equal outputs (bit for bit) mean equal weights.
std::vector<float> fingerprint(Net& net) {
    const TrainBatch probe = batchFrom(99, 8);
    std::vector<float> logits(size_t(probe.size) * kPolicySize), values(size_t(probe.size));
    net.forward(probe.planes, probe.size, logits, values);
    logits.insert(logits.end(), values.begin(), values.end());
    return logits;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

class TestTrainingGroup : public QObject {
    Q_OBJECT
  private slots:
    void worldSizeOneNeedsNoPeer() {
        TrainingGroup g(GroupOptions{});
        QCOMPARE(g.rank(), 0);
        QCOMPARE(g.worldSize(), 1);
        std::vector<int64_t> v{4, 5};
        g.broadcast(v);
        QCOMPARE(v, (std::vector<int64_t>{4, 5}));
        std::vector<float> f{1.5f, -2.0f};
        g.allreduceMean(f);
        QCOMPARE(f, (std::vector<float>{1.5f, -2.0f}));
        // A trainer in a group of one steps exactly like one alone.
        Net a(kTiny, {.seed = 3}), b(kTiny, {.seed = 3});
        NetTrainer ta(a), tb(b);
        ta.setGroup(&g);
        const TrainBatch batch = batchFrom(1, 16);
        for (int i = 0; i < 2; ++i) {
            const TrainStats s = ta.step(batch);
            QCOMPARE(s.collectiveSeconds, 0.0);
            tb.step(batch);
        }
        QVERIFY(sameBits(fingerprint(a), fingerprint(b)));
        QCOMPARE(g.collectiveSeconds(), 0.0);
    }

    void badOptionsAreRefused() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 TrainingGroup(GroupOptions{.rank = 2, .worldSize = 2}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 TrainingGroup(GroupOptions{.worldSize = 0}));
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            TrainingGroup(GroupOptions{.worldSize = 2, .master = "nohostport"}));
    }

    void withoutGlooMoreRanksAreUnavailable() {
        if (TrainingGroup::available()) QSKIP("this build has Gloo");
        try {
            TrainingGroup g(GroupOptions{.rank = 0, .worldSize = 2, .master = "127.0.0.1:1"});
            QFAIL("no exception");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::DistributedUnavailable);
            QCOMPARE(QString::fromStdString(e.subject()), QString("127.0.0.1:1"));
        }
    }

    void twoRanksTrainToIdenticalWeights_data() {
        QTest::addColumn<double>("replyWeight");
        QTest::newRow("policy and value") << 0.0;
        QTest::newRow("with the reply head") << 0.5;  // its gradients are averaged too
    }
    void twoRanksTrainToIdenticalWeights() {
        QFETCH(double, replyWeight);
        if (!TrainingGroup::available())
            XQ_SKIP_UNLESS_CI("built without c10d Gloo (XQ_WITH_GLOO)");
        const xqtest::ReservedPort port;
        const std::string master = port.master();
        constexpr int kSteps = 3;
        std::vector<std::vector<float>> prints(2);
        std::vector<double> gradNorms(2), collective(2);
        // Made here, one after the other: a seeded Net draws from LibTorch's global generator,
        // so two made at once on two threads interleave their draws.
        std::vector<Net> nets;
        for (int r = 0; r < 2; ++r) nets.emplace_back(kTiny, NetOptions{.seed = 11});
        QVERIFY(sameBits(fingerprint(nets[0]), fingerprint(nets[1])));
        runRanks(2, [&](int rank) {
            TrainingGroup g(
                GroupOptions{.rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 60});
            Net& net = nets[size_t(rank)];
            NetTrainer trainer(net, {.replyWeight = replyWeight});
            trainer.setGroup(&g);
            for (int i = 0; i < kSteps; ++i) {
                // Different batches on the two ranks (rank 0: seeds 100.., rank 1: 200..).
                const TrainStats s = trainer.step(
                    batchFrom(100 * unsigned(rank + 1) + unsigned(i), 16, replyWeight > 0));
                gradNorms[size_t(rank)] = s.gradNorm;
                collective[size_t(rank)] += s.collectiveSeconds;
            }
            prints[size_t(rank)] = fingerprint(net);
        });
        QVERIFY(sameBits(prints[0], prints[1]));
        QCOMPARE(gradNorms[0], gradNorms[1]);  // the group's gradient, clipped alike
        QVERIFY(collective[0] > 0 && collective[1] > 0);

        // The same seed trained alone on rank 0's batches ends elsewhere: the ranks did
        // exchange something (this check fails if the allreduce does nothing).
        Net alone(kTiny, {.seed = 11});
        NetTrainer trainer(alone, {.replyWeight = replyWeight});
        for (int i = 0; i < kSteps; ++i)
            trainer.step(batchFrom(100 + unsigned(i), 16, replyWeight > 0));
        QVERIFY(!sameBits(fingerprint(alone), prints[0]));
    }

    void broadcastWeightsAndValues() {
        if (!TrainingGroup::available())
            XQ_SKIP_UNLESS_CI("built without c10d Gloo (XQ_WITH_GLOO)");
        const xqtest::ReservedPort port;
        const std::string master = port.master();
        std::vector<std::vector<float>> before(2), after(2);
        std::vector<std::vector<int64_t>> values(2);
        std::vector<Net> nets;  // differently seeded (made here: see above)
        for (int r = 0; r < 2; ++r) nets.emplace_back(kTiny, NetOptions{.seed = uint64_t(r + 1)});
        runRanks(2, [&](int rank) {
            TrainingGroup g(
                GroupOptions{.rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 60});
            Net& net = nets[size_t(rank)];
            // Train a step alone so the batch-norm running statistics differ too.
            NetTrainer trainer(net);
            trainer.step(batchFrom(7 + unsigned(rank), 16));
            before[size_t(rank)] = fingerprint(net);
            g.broadcastWeights(net, 0);
            after[size_t(rank)] = fingerprint(net);
            values[size_t(rank)] = rank == 0 ? std::vector<int64_t>{7, -1, int64_t(1) << 40}
                                             : std::vector<int64_t>{0, 0, 0};
            g.broadcast(values[size_t(rank)], 0);
        });
        QVERIFY(!sameBits(before[0], before[1]));
        QVERIFY(sameBits(after[0], before[0]));  // root keeps its own
        QVERIFY(sameBits(after[1], before[0]));
        for (const auto& v : values) QCOMPARE(v, (std::vector<int64_t>{7, -1, int64_t(1) << 40}));
    }

    void peerNeverComesTimesOut() {
        if (!TrainingGroup::available())
            XQ_SKIP_UNLESS_CI("built without c10d Gloo (XQ_WITH_GLOO)");
        // Rank 0 waits for a rank 1 that never joins; rank 1 waits for a master that is not
        // there (its port held, nobody listening). Both give up with DistributedFailed once they
        // have waited about the timeout, which the error says as the group measured it ("after
        // N s", rounded; c10d's client ends its retries a little before its deadline): at least
        // a second, so not at once on the first refusal. (A wait that ignored the timeout
        // ends at the test's own watchdog and fails.)
        for (int rank : {0, 1}) {
            const xqtest::ReservedPort port;
            const std::string master = port.master();
            try {
                TrainingGroup g(GroupOptions{
                    .rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 2});
                QFAIL("joined a group with a missing peer");
            } catch (const Error& e) {
                QCOMPARE(e.code(), ErrorCode::DistributedFailed);
                QCOMPARE(QString::fromStdString(e.subject()), QString::fromStdString(master));
                qInfo("rank %d: %s", rank, e.what());
                const QRegularExpressionMatch waited =
                    QRegularExpression(QStringLiteral("\\(after (\\d+) s\\)"))
                        .match(QString::fromUtf8(e.what()));
                QVERIFY2(waited.hasMatch(), e.what());
                QVERIFY2(waited.captured(1).toInt() >= 1, e.what());
            }
        }
    }

    void peerGoneFailsTheCollective() {
        if (!TrainingGroup::available())
            XQ_SKIP_UNLESS_CI("built without c10d Gloo (XQ_WITH_GLOO)");
        const xqtest::ReservedPort port;
        const std::string master = port.master();
        std::string error, again;
        // Rank 0 calls its collective once rank 1's group is gone (its connections closed):
        // a condition rank 1 signals, not a pause.
        std::mutex mu;
        std::condition_variable cv;
        bool gone = false;
        runRanks(2, [&](int rank) {
            {
                TrainingGroup g(GroupOptions{
                    .rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 3});
                std::vector<float> v{1, 2, 3};
                g.allreduceMean(v);  // both present: works
                if (rank == 0) {
                    std::unique_lock lk(mu);
                    cv.wait(lk, [&] { return gone; });
                    try {
                        g.allreduceMean(v);
                    } catch (const Error& e) {
                        if (e.code() == ErrorCode::DistributedFailed) error = e.what();
                    }
                    // The group is broken now: the next call fails at once, saying so (no
                    // QtTest macros off the test's own thread).
                    try {
                        g.allreduceMean(v);
                    } catch (const Error& e) {
                        again = e.what();
                    }
                    return;
                }
            }  // rank 1 leaves the group here
            {
                std::lock_guard lk(mu);
                gone = true;
            }
            cv.notify_all();
        });
        QVERIFY2(!error.empty(), "no DistributedFailed from a collective without its peer");
        qInfo("%s", error.c_str());
        QVERIFY2(again.find("an earlier collective failed") != std::string::npos, again.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTrainingGroup)
#include "test_training_group.moc"
