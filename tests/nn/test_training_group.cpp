// TrainingGroup (c10d Gloo) and NetTrainer::setGroup: ranks are threads of this process on
// loopback, each with its own tiny net (16x1). The multi-rank cases need a Gloo build.
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <exception>
#include <functional>
#include <thread>

#include "core/error.h"
#include "core/nn/encoder.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#include "nn_testutil.h"

using namespace xq;
using namespace xq::nn;

namespace {

const NetConfig kTiny{16, 1};

// A port nobody listens on now: the kernel's pick for port 0 (another process could take it
// before the store binds it; unlikely enough on loopback for a test).
std::string freeMaster() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        qFatal("cannot find a free loopback port");
    const int port = ntohs(a.sin_port);
    ::close(fd);
    return "127.0.0.1:" + std::to_string(port);
}

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

// Random positions from `seed`, sparse targets on one legal move each, z = +-1.
TrainBatch batchFrom(unsigned seed, int n) {
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

    void twoRanksTrainToIdenticalWeights() {
        if (!TrainingGroup::available()) QSKIP("built without c10d Gloo (XQ_WITH_GLOO)");
        const std::string master = freeMaster();
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
            NetTrainer trainer(net);
            trainer.setGroup(&g);
            for (int i = 0; i < kSteps; ++i) {
                // Different batches on the two ranks (rank 0: seeds 100.., rank 1: 200..).
                const TrainStats s =
                    trainer.step(batchFrom(100 * unsigned(rank + 1) + unsigned(i), 16));
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
        NetTrainer trainer(alone);
        for (int i = 0; i < kSteps; ++i) trainer.step(batchFrom(100 + unsigned(i), 16));
        QVERIFY(!sameBits(fingerprint(alone), prints[0]));
    }

    void broadcastWeightsAndValues() {
        if (!TrainingGroup::available()) QSKIP("built without c10d Gloo (XQ_WITH_GLOO)");
        const std::string master = freeMaster();
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
        if (!TrainingGroup::available()) QSKIP("built without c10d Gloo (XQ_WITH_GLOO)");
        // Rank 0 waits for a rank 1 that never joins; rank 1 waits for a master that is not
        // there. Both give up with DistributedFailed after about the timeout.
        for (int rank : {0, 1}) {
            const std::string master = freeMaster();
            const auto t0 = std::chrono::steady_clock::now();
            try {
                TrainingGroup g(GroupOptions{
                    .rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 2});
                QFAIL("joined a group with a missing peer");
            } catch (const Error& e) {
                QCOMPARE(e.code(), ErrorCode::DistributedFailed);
                QCOMPARE(QString::fromStdString(e.subject()), QString::fromStdString(master));
                qInfo("rank %d: %s", rank, e.what());
            }
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            QVERIFY2(s < 20, qPrintable(QString("took %1 s").arg(s)));
        }
    }

    void peerGoneFailsTheCollective() {
        if (!TrainingGroup::available()) QSKIP("built without c10d Gloo (XQ_WITH_GLOO)");
        const std::string master = freeMaster();
        std::string error;
        double seconds = 0;
        bool failsAgain = false;
        runRanks(2, [&](int rank) {
            TrainingGroup g(
                GroupOptions{.rank = rank, .worldSize = 2, .master = master, .timeoutSeconds = 3});
            std::vector<float> v{1, 2, 3};
            g.allreduceMean(v);     // both present: works
            if (rank == 1) return;  // leaves the group: its connections close
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            const auto t0 = std::chrono::steady_clock::now();
            try {
                g.allreduceMean(v);
            } catch (const Error& e) {
                if (e.code() == ErrorCode::DistributedFailed) error = e.what();
            }
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            // The group is broken now: the next call fails at once (no QtTest macros off the
            // test's own thread).
            try {
                g.allreduceMean(v);
            } catch (const Error&) {
                failsAgain = true;
            }
        });
        QVERIFY2(!error.empty(), "no DistributedFailed from a collective without its peer");
        qInfo("%s (%.2f s)", error.c_str(), seconds);
        QVERIFY(seconds < 20);
        QVERIFY(failsAgain);
    }
};

QTEST_GUILESS_MAIN(TestTrainingGroup)
#include "test_training_group.moc"
