// Encoder, fake evaluators, evaluation cache and InferenceServer (no LibTorch needed).
#include <QtTest>

#include <atomic>
#include <set>
#include <thread>

#include "core/nn/blas_info.h"
#include "core/nn/encoder.h"
#include "core/nn/eval_cache.h"
#include "core/nn/fake_evaluators.h"
#include "core/nn/inference_server.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/material.h"
#include "core/xiangqi/rules.h"
#include "tests/support/nn_testutil.h"

using namespace xq;
using namespace xq::nn;

namespace {

std::vector<float> encode(const Position& pos, int reps = 0) {
    std::vector<float> v(kInputSize);
    encodePosition(pos, reps, v);
    return v;
}

class ThrowingEvaluator final : public Evaluator {
  public:
    void evaluate(std::span<const EvalInput>, std::span<EvalOutput>) override {
        throw std::runtime_error("boom");
    }
    std::string name() const override { return "throwing"; }
};

}  // namespace

class TestNn : public QObject {
    Q_OBJECT
  private slots:
    void policyIndexRoundTrip();
    void moverSitsAtTheBottom();
    void scalarPlanes();
    void repetitionPlane();
    void tacticalPlanes();
    void mirrorIsInvolution();
    void mirrorMapsLegalMoves();
    void legalMask();
    void uniformEvaluator();
    void randomEvaluatorIsOrderIndependent();
    void cacheHitsAndMisses();
    void cacheIsBounded();
    void cacheUnderConcurrentUse();
    void serverMatchesDirectEvaluation();
    void serverSwapsEvaluator();
    void serverPropagatesErrorsAndStops();
    void blasPathsAreClassified();
    void blasIsFoundInMaps();
};

void TestNn::policyIndexRoundTrip() {
    const auto positions = nntest::randomPositions(20, 120, 7);
    QVERIFY(positions.size() > 1000);
    int checked = 0;
    for (const Position& pos : positions) {
        MoveList ml;
        pos.legalMoves(ml);
        std::set<int> seen;
        for (Move m : ml) {
            const int idx = policyIndex(m, pos.sideToMove());
            QVERIFY(idx >= 0 && idx < kPolicySize);
            QCOMPARE(policyMove(idx, pos.sideToMove()).raw(), m.raw());
            QVERIFY(seen.insert(idx).second);  // distinct moves, distinct indices
            ++checked;
        }
    }
    QVERIFY(checked > 20000);
}

void TestNn::moverSitsAtTheBottom() {
    // Start position, Red to move: Red's king e0 is in the own-king plane at view e0 (4);
    // after one move, Black's king e9 (85) must appear at the same view square.
    Position pos;
    auto red = encode(pos);
    QCOMPARE(red[(kOwnPiecePlane + King - 1) * kPlaneSize + 4], 1.0f);
    QCOMPARE(red[(kOppPiecePlane + King - 1) * kPlaneSize + 85], 1.0f);
    pos.makeMove(Move(makeSquare(7, 2), makeSquare(4, 2)));  // h2e2
    auto black = encode(pos);
    QCOMPARE(black[(kOwnPiecePlane + King - 1) * kPlaneSize + 4], 1.0f);
    QCOMPARE(black[(kOppPiecePlane + King - 1) * kPlaneSize + 85], 1.0f);
    // Red's cannon moved to e2 (22): seen by Black as the opponent's cannon at 89-22 = 67.
    QCOMPARE(black[(kOppPiecePlane + Cannon - 1) * kPlaneSize + 67], 1.0f);
    // The start position is symmetric, so Black's own pieces look like Red's did, except the
    // moved cannon.
    for (int t = 0; t < kPieceTypeCount; ++t)
        for (int sq = 0; sq < 90; ++sq)
            QCOMPARE(black[(kOwnPiecePlane + t) * kPlaneSize + sq],
                     red[(kOwnPiecePlane + t) * kPlaneSize + sq]);
    // 32 pieces, one 1 each.
    float pieces = 0;
    for (int i = 0; i < 14 * kPlaneSize; ++i) pieces += black[i];
    QCOMPARE(pieces, 32.0f);
}

void TestNn::scalarPlanes() {
    Position pos = positionFromFen("4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 60 40");
    auto v = encode(pos);
    for (int sq = 0; sq < 90; ++sq) {
        QCOMPARE(v[kColourPlane * kPlaneSize + sq], 0.0f);  // Black to move
        QCOMPARE(v[kProgressPlane * kPlaneSize + sq], float(pos.rule60()) / 120.0f);
        QCOMPARE(v[kRepetitionPlane * kPlaneSize + sq], 0.0f);
    }
    QVERIFY(pos.rule60() > 0);
    Position start;
    QCOMPARE(encode(start)[kColourPlane * kPlaneSize + 17], 1.0f);
}

void TestNn::repetitionPlane() {
    Position pos;
    const Move cycle[] = {
        Move(makeSquare(7, 2), makeSquare(4, 2)), Move(makeSquare(7, 9), makeSquare(6, 7)),
        Move(makeSquare(4, 2), makeSquare(7, 2)), Move(makeSquare(6, 7), makeSquare(7, 9))};
    std::vector<float> v(kInputSize);
    encodePosition(pos, v);
    QCOMPARE(v[kRepetitionPlane * kPlaneSize], 0.0f);
    for (Move m : cycle) pos.makeMove(m);
    QCOMPARE(repetitionCount(pos), 1);
    encodePosition(pos, v);  // uses xq::repetitionCount
    QCOMPARE(v[kRepetitionPlane * kPlaneSize + 50], 0.5f);
    for (Move m : cycle) pos.makeMove(m);
    encodePosition(pos, v);
    QCOMPARE(v[kRepetitionPlane * kPlaneSize + 50], 1.0f);
}

void TestNn::tacticalPlanes() {
    auto at = [](const std::vector<float>& v, int plane, int viewSq) {
        return v[plane * kPlaneSize + viewSq];
    };
    // Red: king d0, rook a0; Black: king e9, horse a5 that no Black piece guards.
    const Position red = positionFromFen("4k4/9/9/9/n8/9/9/9/9/R2K5 w - - 0 1");
    auto v = encode(red);
    const int a5 = makeSquare(0, 5), a6 = makeSquare(0, 6), c0 = makeSquare(2, 0);
    QCOMPARE(at(v, kOwnAttackPlane, a5), 0.5f);                // the rook reaches the horse ...
    QCOMPARE(at(v, kOwnAttackPlane, a6), 0.0f);                // ... and not past it
    QCOMPARE(at(v, kOwnAttackPlane, makeSquare(3, 0)), 0.5f);  // the king, guarded by the rook
    QCOMPARE(at(v, kOwnAttackPlane, c0), 0.5f);
    QCOMPARE(at(v, kOwnAttackPlane, makeSquare(4, 0)), 0.5f);  // a palace step of the king
    // Two pieces reach a2 once a horse on c1 joins the rook.
    auto two = encode(positionFromFen("4k4/9/9/9/9/9/9/9/2N6/R2K5 w - - 0 1"));
    QCOMPARE(at(two, kOwnAttackPlane, makeSquare(0, 2)), 1.0f);
    QCOMPARE(at(v, kOppHangingPlane, a5), 1.0f);               // reached, not guarded
    QCOMPARE(at(v, kOppAttackPlane, makeSquare(1, 7)), 0.5f);  // the horse's b7
    float hanging = 0, own = 0;
    for (int sq = 0; sq < kPlaneSize; ++sq) {
        hanging += at(v, kOppHangingPlane, sq);
        own += at(v, kOwnHangingPlane, sq);
        QCOMPARE(at(v, kCheckPlane, sq), 0.0f);
        // Red takes the horse: rook against nothing.
        QCOMPARE(at(v, kResolvedMaterialPlane, sq), xq::materialValue(90));
    }
    QCOMPARE(hanging, 1.0f);
    QCOMPARE(own, 0.0f);
    // The same with Black to move, seen from Black's side (view squares turned): the horse
    // is the mover's own hanging piece, and nothing can take anything, so the material stays
    // a horse against a rook.
    const Position black = positionFromFen("4k4/9/9/9/n8/9/9/9/9/R2K5 b - - 0 1");
    auto w = encode(black);
    QCOMPARE(at(w, kOwnHangingPlane, rotate(a5)), 1.0f);
    QCOMPARE(at(w, kOppAttackPlane, rotate(a5)), 0.5f);
    QCOMPARE(at(w, kResolvedMaterialPlane, 0), xq::materialValue(-50));
    // A guarded piece does not hang: a Black rook on a9 guards the horse along the file.
    auto g = encode(positionFromFen("r3k4/9/9/9/n8/9/9/9/9/R2K5 w - - 0 1"));
    QCOMPARE(at(g, kOppHangingPlane, a5), 0.0f);
    QCOMPARE(at(g, kOppAttackPlane, a5), 0.5f);
    // Check: a Black rook on d5 faces the Red king on d0.
    auto c = encode(positionFromFen("3k5/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1"));
    QCOMPARE(at(c, kCheckPlane, 0), 1.0f);
    QCOMPARE(at(c, kCheckPlane, 89), 1.0f);
    QCOMPARE(at(c, kOppAttackPlane, makeSquare(3, 0)), 0.5f);
}

void TestNn::mirrorIsInvolution() {
    for (int i = 0; i < kPolicySize; ++i) QCOMPARE(mirrorPolicyIndex(mirrorPolicyIndex(i)), i);
    QVERIFY(mirrorPolicyIndex(policyIndex(Move(0, 9), Red)) == policyIndex(Move(8, 17), Red));
    std::vector<float> p(kPolicySize), q(kPolicySize), r(kPolicySize);
    for (int i = 0; i < kPolicySize; ++i) p[i] = float(i);
    mirrorPolicy(p, q);
    mirrorPolicy(q, r);
    QVERIFY(q != p);
    QVERIFY(r == p);
    for (const Position& pos : nntest::randomPositions(3, 60, 3)) {
        auto a = encode(pos), b = a, c = a;
        mirrorPlanes(a, b);
        mirrorPlanes(b, c);
        QVERIFY(c == a);
        // Mirrored planes are the planes of the mirrored position.
        QVERIFY(b == encode(pos.mirrored()));
    }
}

void TestNn::mirrorMapsLegalMoves() {
    int positions = 0;
    for (const Position& pos : nntest::randomPositions(10, 100, 11)) {
        MoveList ml, mm;
        pos.legalMoves(ml);
        const Position mir = pos.mirrored();
        mir.legalMoves(mm);
        std::set<int> mapped, direct;
        for (Move m : ml) mapped.insert(mirrorPolicyIndex(policyIndex(m, pos.sideToMove())));
        for (Move m : mm) direct.insert(policyIndex(m, mir.sideToMove()));
        QCOMPARE(mapped, direct);
        ++positions;
    }
    QVERIFY(positions > 500);
}

void TestNn::legalMask() {
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    std::vector<uint8_t> mask(kPolicySize, 7);
    legalMoveMask(ml, pos.sideToMove(), mask);
    int ones = 0;
    for (uint8_t b : mask) ones += b;
    QCOMPARE(ones, 44);
    for (Move m : ml) QCOMPARE(int(mask[policyIndex(m, Red)]), 1);
}

void TestNn::uniformEvaluator() {
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    UniformEvaluator ev;
    EvalInput in{&pos, &ml};
    EvalOutput out;
    out.value = 5;
    ev.evaluate({&in, 1}, {&out, 1});
    QCOMPARE(out.value, 0.0f);
    float sum = 0;
    for (int i = 0; i < ml.size(); ++i) {
        QCOMPARE(out.priors[i], 1.0f / 44.0f);
        sum += out.priors[i];
    }
    QVERIFY(std::abs(sum - 1.0f) < 1e-5f);
    QCOMPARE(ev.positionsEvaluated(), uint64_t(1));
}

void TestNn::randomEvaluatorIsOrderIndependent() {
    auto positions = nntest::randomPositions(2, 30, 5);
    std::vector<MoveList> moves(positions.size());
    std::vector<EvalInput> in(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) {
        positions[i].legalMoves(moves[i]);
        in[i] = {&positions[i], &moves[i]};
    }
    RandomEvaluator ev(42), other(43);
    std::vector<EvalOutput> fwd(in.size()), rev(in.size()), diff(in.size());
    ev.evaluate(in, fwd);
    std::vector<EvalInput> rin(in.rbegin(), in.rend());
    ev.evaluate(rin, rev);
    other.evaluate(in, diff);
    int differs = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        const EvalOutput& a = fwd[i];
        const EvalOutput& b = rev[in.size() - 1 - i];
        QCOMPARE(a.value, b.value);
        QVERIFY(a.value >= -1 && a.value <= 1);
        float sum = 0;
        for (int k = 0; k < moves[i].size(); ++k) {
            QCOMPARE(a.priors[k], b.priors[k]);
            QVERIFY(a.priors[k] > 0);
            sum += a.priors[k];
        }
        QVERIFY(std::abs(sum - 1) < 1e-4f);
        differs += diff[i].value != a.value;
    }
    QVERIFY(differs > int(in.size()) / 2);  // the seed matters
}

void TestNn::cacheHitsAndMisses() {
    EvalCache cache(1024);
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    RandomEvaluator ev(1);
    EvalInput in{&pos, &ml};
    EvalOutput out, got;
    ev.evaluate({&in, 1}, {&out, 1});
    const uint64_t key = EvalCache::makeKey(pos.key(), 0);
    QVERIFY(!cache.lookup(key, ml, got));
    cache.insert(key, ml, out);
    QVERIFY(cache.lookup(key, ml, got));
    QCOMPARE(got.value, out.value);
    for (int i = 0; i < ml.size(); ++i) QCOMPARE(got.priors[i], out.priors[i]);
    // Same position, other repetition count: a different key.
    QVERIFY(EvalCache::makeKey(pos.key(), 1) != key);
    QVERIFY(!cache.lookup(EvalCache::makeKey(pos.key(), 1), ml, got));
    // Reversed move order: priors follow the caller's order.
    MoveList rev;
    for (int i = ml.size() - 1; i >= 0; --i) rev.push(ml[i]);
    QVERIFY(cache.lookup(key, rev, got));
    for (int i = 0; i < ml.size(); ++i) QCOMPARE(got.priors[i], out.priors[ml.size() - 1 - i]);
    // A different move list under the same key (collision) is a miss.
    MoveList fewer;
    fewer.push(ml[0]);
    QVERIFY(!cache.lookup(key, fewer, got));
    QCOMPARE(cache.hits(), uint64_t(2));
    QCOMPARE(cache.misses(), uint64_t(3));
    QCOMPARE(cache.hitRate(), 0.4);
}

void TestNn::cacheIsBounded() {
    EvalCache cache(256);
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    EvalOutput out;
    for (uint64_t k = 1; k <= 5000; ++k) cache.insert(k * 0x9E3779B97F4A7C15ull, ml, out);
    QVERIFY(cache.size() <= cache.capacity());
    QVERIFY(cache.size() >= cache.capacity() / 2);
    // A recently inserted key survives, a very old one is gone.
    QVERIFY(cache.lookup(5000 * 0x9E3779B97F4A7C15ull, ml, out));
    QVERIFY(!cache.lookup(1 * 0x9E3779B97F4A7C15ull, ml, out));
    cache.clear();
    QCOMPARE(cache.size(), size_t(0));
}

void TestNn::cacheUnderConcurrentUse() {
    // Several threads insert and look up overlapping keys in a cache smaller than the key
    // set; every hit must return what was stored for that key (value derived from the key).
    EvalCache cache(512);
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    std::atomic<int> wrong{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < 4; ++t)
        pool.emplace_back([&, t] {
            EvalOutput o;
            for (uint64_t i = 0; i < 20000; ++i) {
                // Half the accesses go to 64 hot keys, half stream through 5000 cold ones.
                const uint64_t id =
                    (i % 2) ? (i / 2 + uint64_t(t)) % 64 : 64 + (i * 7 + uint64_t(t)) % 5000;
                const uint64_t k = (id + 1) * 0x9E3779B97F4A7C15ull;
                const float expect = float(k % 1000) / 1000.0f;
                if (cache.lookup(k, ml, o)) {
                    if (o.value != expect || o.priors[3] != expect) ++wrong;
                } else {
                    o.value = expect;
                    for (int m = 0; m < ml.size(); ++m) o.priors[m] = expect;
                    cache.insert(k, ml, o);
                }
            }
        });
    for (auto& th : pool) th.join();
    QCOMPARE(wrong.load(), 0);
    // The hot keys survive the cold stream (second chance): a scan-only cache would get ~0.
    QVERIFY2(cache.hitRate() > 0.2, qPrintable(QString::number(cache.hitRate())));
    QCOMPARE(cache.hits() + cache.misses(), uint64_t(4 * 20000));
    QVERIFY(cache.size() <= cache.capacity());
}

void TestNn::serverMatchesDirectEvaluation() {
    auto positions = nntest::randomPositions(8, 40, 9);
    std::vector<MoveList> moves(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) positions[i].legalMoves(moves[i]);
    RandomEvaluator direct(77);
    RandomEvaluator slowInner(77);
    auto inner = std::make_shared<SlowEvaluator>(slowInner, 300);  // callers pile up into batches
    InferenceServer server(inner, {16, std::chrono::microseconds(2000)});
    const int threads = 8;
    std::atomic<int> mismatches{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            // Each thread walks the positions in its own order, mixing 1- and 3-position calls.
            for (size_t i = size_t(t); i < positions.size(); i += 3) {
                const int n = (i % 2) ? 3 : 1;
                std::vector<EvalInput> in;
                for (int k = 0; k < n; ++k) {
                    const size_t j = (i + size_t(k)) % positions.size();
                    in.push_back({&positions[j], &moves[j]});
                }
                std::vector<EvalOutput> a(in.size()), b(in.size());
                server.evaluate(in, a);
                direct.evaluate(in, b);
                for (size_t k = 0; k < in.size(); ++k) {
                    if (a[k].value != b[k].value) ++mismatches;
                    for (int m = 0; m < in[k].moves->size(); ++m)
                        if (a[k].priors[m] != b[k].priors[m]) ++mismatches;
                }
            }
        });
    }
    for (auto& th : pool) th.join();
    QCOMPARE(mismatches.load(), 0);
    const auto st = server.stats();
    QVERIFY(st.requests > 500);
    QVERIFY(st.positions > st.requests);  // 3-position requests counted in positions
    // Callers piled up behind the slow evaluator: batches hold several requests.
    QVERIFY2(st.meanBatch() > 2.0, qPrintable(QString::number(st.meanBatch())));
    QVERIFY(st.batches < st.requests);
}

void TestNn::serverSwapsEvaluator() {
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    EvalInput in{&pos, &ml};
    RandomEvaluator a(1), b(2);
    EvalOutput ea, eb, got;
    a.evaluate({&in, 1}, {&ea, 1});
    b.evaluate({&in, 1}, {&eb, 1});
    QVERIFY(ea.value != eb.value);
    InferenceServer server(std::make_shared<RandomEvaluator>(1));
    std::atomic<bool> stop{false};
    std::atomic<int> bad{0};
    std::thread caller([&] {  // keeps the server busy during the swap
        while (!stop) {
            EvalOutput o;
            server.evaluate({&in, 1}, {&o, 1});
            if (o.value != ea.value && o.value != eb.value) ++bad;
        }
    });
    server.evaluate({&in, 1}, {&got, 1});
    QCOMPARE(got.value, ea.value);
    server.setEvaluator(std::make_shared<RandomEvaluator>(2));
    server.evaluate({&in, 1}, {&got, 1});
    QCOMPARE(got.value, eb.value);
    stop = true;
    caller.join();
    QCOMPARE(bad.load(), 0);
    QVERIFY_EXCEPTION_THROWN(server.setEvaluators({}), std::invalid_argument);
}

void TestNn::serverPropagatesErrorsAndStops() {
    Position pos;
    MoveList ml;
    pos.legalMoves(ml);
    EvalInput in{&pos, &ml};
    EvalOutput out;
    InferenceServer server(std::make_shared<ThrowingEvaluator>());
    QVERIFY_EXCEPTION_THROWN(server.evaluate({&in, 1}, {&out, 1}), std::runtime_error);
    server.setEvaluator(std::make_shared<UniformEvaluator>());
    server.evaluate({&in, 1}, {&out, 1});  // still serving after an error
    QCOMPARE(out.priors[0], 1.0f / 44.0f);
    server.stop();
    server.stop();  // idempotent
    QVERIFY_EXCEPTION_THROWN(server.evaluate({&in, 1}, {&out, 1}), std::runtime_error);
}

void TestNn::blasPathsAreClassified() {
    QCOMPARE(classifyBlasPath(""), BlasKind::None);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0"), BlasKind::Reference);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3"),
             BlasKind::OpenBlasSerial);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so"),
             BlasKind::OpenBlasSerial);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"),
             BlasKind::OpenBlas);
    QCOMPARE(classifyBlasPath("/opt/lib/libopenblas.so.0"), BlasKind::OpenBlas);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/blis-openmp/libblas.so.3"), BlasKind::Blis);
    QCOMPARE(classifyBlasPath("/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3"), BlasKind::Other);
    // A directory's name elsewhere in the path says nothing ("publish" holds "blis").
    QCOMPARE(classifyBlasPath("/home/publish/lib/libblas.so.3"), BlasKind::Other);
    QVERIFY(blasWarning({BlasKind::OpenBlas, "/x/openblas-pthread/libblas.so.3"}).empty());
    QVERIFY(blasWarning({BlasKind::None, ""}).empty());
    const std::string w = blasWarning({BlasKind::Reference, "/x/blas/libblas.so.3"});
    QVERIFY(w.find("/x/blas/libblas.so.3") != std::string::npos);
    QVERIFY(w.find("libopenblas0-pthread") != std::string::npos);
    const std::string serial = blasWarning({BlasKind::OpenBlasSerial, "/x/openblas-serial/l.so"});
    QVERIFY(serial.find("/x/openblas-serial/l.so") != std::string::npos);
    QVERIFY(serial.find("one thread at a time") != std::string::npos);
    QVERIFY(serial.find("libopenblas0-pthread") != std::string::npos);
    QCOMPARE(std::string(blasKindName(BlasKind::Reference)), std::string("reference"));
    QCOMPARE(std::string(blasKindName(BlasKind::OpenBlas)), std::string("openblas"));
    QCOMPARE(std::string(blasKindName(BlasKind::OpenBlasSerial)), std::string("openblas-serial"));
}

void TestNn::blasIsFoundInMaps() {
    // Lines as /proc/self/maps lists them: anonymous mappings, LAPACK and libopenblas (which
    // OpenBLAS's LAPACK maps as well) before or after libblas.so.3, whose binding wins.
    const std::string reference =
        "7f00a000-7f00b000 r--p 00000000 08:01 100 /usr/lib/x86_64-linux-gnu/libtorch_cpu.so.1.13\n"
        "7f00b000-7f00c000 rw-p 00000000 00:00 0 \n"
        "7f00c000-7f00d000 r-xp 00002000 08:01 101 /usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0\n"
        "7f00d000-7f00e000 r-xp 00000000 08:01 102 /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3.11.0\n"
        "7ffd0000-7ffd1000 rw-p 00000000 00:00 0                          [stack]\n";
    BlasLibrary b = blasFromMaps(reference);
    QCOMPARE(b.kind, BlasKind::Reference);
    QCOMPARE(b.path, std::string("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0"));

    const std::string openblas =
        "7f00a000-7f00b000 r--p 00000000 08:01 99 /usr/lib/x86_64-linux-gnu/libopenblas.so.0 (deleted)\n"
        "7f00c000-7f00d000 r-xp 00002000 08:01 103 /usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3\n";
    b = blasFromMaps(openblas);
    QCOMPARE(b.kind, BlasKind::OpenBlasSerial);
    QCOMPARE(b.path, std::string("/usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3"));

    // No libblas.so*: a BLAS linked under its own name still counts; none at all is None.
    b = blasFromMaps("7f00a000-7f00b000 r--p 00000000 08:01 99 /opt/blis/lib/libblis.so.4\n");
    QCOMPARE(b.kind, BlasKind::Blis);
    b = blasFromMaps("7f00a000-7f00b000 r--p 00000000 08:01 99 /usr/lib/libc.so.6\n"
                     "7f00b000-7f00c000 rw-p 00000000 00:00 0");
    QCOMPARE(b.kind, BlasKind::None);
    QVERIFY(b.path.empty());
    QCOMPARE(blasFromMaps("").kind, BlasKind::None);
}
QTEST_APPLESS_MAIN(TestNn)
#include "test_nn.moc"
