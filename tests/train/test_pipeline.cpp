// The training loop end to end with a tiny network: configuration, replay buffer, a full
// iteration into a temporary database, and kill -9 followed by --resume.
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/nn/encoder.h"
#include "core/nn/net.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "core/nn/trainer_backend.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/config.h"
#include "core/train/early_stop.h"
#include "core/train/game_source.h"
#include "core/train/pipeline.h"
#include "core/train/replay_buffer.h"
#include "core/train/selfplay_config.h"
#include "core/train/trainer_role.h"
#include "core/train/worker.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"
#include "core/store/pgn_import.h"
#include "core/error.h"
#include "tests/support/nn_testutil.h"
#include "tests/support/tiny_run.h"

using namespace xq;
using namespace xq::train;

namespace {

// A tiny run: seconds, not minutes.
// A 16x1 network trained `steps` steps on batches of 32 drawn (mirror-augmented) from `buf`.
std::shared_ptr<nn::Net> trainTinyNet(const ReplayBuffer& buf, int steps, uint64_t netSeed, uint64_t batchSeed) {
    auto net = std::make_shared<nn::Net>(nn::NetConfig{16, 1}, nn::NetOptions{.seed = netSeed});
    nn::TrainerOptions to;
    to.learningRate = 3e-3;
    nn::NetTrainer trainer(*net, to);
    std::mt19937_64 rng(batchSeed);
    for (int i = 0; i < steps; ++i) trainer.step(buf.sampleBatch(32, rng));
    return net;
}

TrainConfig tinyConfig() {
    TrainConfig c = preset("quick");
    c.channels = 8;
    c.blocks = 1;
    c.simulations = 8;
    c.gamesPerIteration = 2;
    c.gamesInFlight = 2;
    c.threads = 1;
    c.stepsPerIteration = 3;
    c.batchSize = 8;
    c.minBufferToTrain = 1;
    c.bufferCapacity = 1000;
    c.trainRatio = 0;  // a fixed 3 steps per iteration
    c.gate = 1;        // a 2-game gating match
    c.evalGames = 2;
    c.evalSimulations = 4;
    c.maxPlies = 40;
    c.randomOpeningPlies = 2;
    c.resignMoves = 0;
    return c;
}

// A new tiny run without a gate in dir/xq.db, one iteration a session.
PipelineOptions ungatedRun(const QTemporaryDir& dir, const char* runName) {
    PipelineOptions po;
    po.config = tinyConfig();
    po.config.gate = 0;
    po.dbPath = (dir.path() + "/xq.db").toStdString();
    po.runName = runName;
    po.iterations = 1;
    return po;
}

store::GameRecord playedGame(int plies, uint32_t seed) {
    std::mt19937 rng(seed);
    store::GameRecord g;
    Position pos;
    for (int i = 0; i < plies; ++i) {
        MoveList ml;
        pos.legalMoves(ml);
        if (ml.empty()) break;
        store::MoveRecord mr;
        mr.move = ml[int(rng() % ml.size())];
        for (int k = 0; k < std::min(ml.size(), 60); ++k) mr.visits.push_back({ml[k], uint32_t(k == 0 ? 30 : 1 + k % 3)});
        mr.rootValue = 0.1f;
        g.moves.push_back(mr);
        pos.makeMove(mr.move);
    }
    g.plies = int(g.moves.size());
    g.result = Result::RedWins;
    g.reason = Reason::Adjudication;
    return g;
}


// A playout position with one rook removed: the side that lost it is behind. Returns false when
// removing it gives an invalid position (e.g. kings facing).
bool rookDownPosition(std::mt19937& rng, Position& out, Color& victim) {
    Position pos;
    const int plies = 4 + int(rng() % 12);
    for (int i = 0; i < plies; ++i) {
        MoveList ml;
        pos.legalMoves(ml);
        if (ml.empty()) return false;
        pos.makeMove(ml[int(rng() % unsigned(ml.size()))]);
    }
    victim = (rng() & 1) ? Red : Black;
    std::vector<int> rooks;
    for (int sq = 0; sq < kSquareCount; ++sq)
        if (pos.piece(sq) == makePiece(victim, Rook)) rooks.push_back(sq);
    if (rooks.empty()) return false;
    std::string fen = toFen(pos);
    Position cleared;
    cleared.clear();
    for (int sq = 0; sq < kSquareCount; ++sq)
        if (sq != rooks[rng() % rooks.size()]) cleared.put(sq, pos.piece(sq));
    cleared.setSideToMove(pos.sideToMove());
    cleared.finishSetup();
    return !parseFen(toFen(cleared), out).has_value();
}


// `count` games in PGN: Red opens with the central cannon (h2e2), Black answers h7e7, then
// `randomPlies` random legal plies. A game collection whose first move a net can learn.
std::string centralCannonGames(int count, int randomPlies, uint32_t seed) {
    std::mt19937 rng(seed);
    std::string text;
    for (int g = 0; g < count; ++g) {
        PgnGame game;
        Position pos;
        for (const char* m : {"h2e2", "h7e7"}) {
            const Move mv = parseIccs(pos, m).move;
            game.moves.push_back(mv);
            pos.makeMove(mv);
        }
        for (int i = 0; i < randomPlies; ++i) {
            MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) break;
            const Move mv = ml[int(rng() % unsigned(ml.size()))];
            game.moves.push_back(mv);
            pos.makeMove(mv);
        }
        game.result = g % 2 ? Result::RedWins : Result::BlackWins;
        text += writePgn(game) + "\n";
    }
    return text;
}

bool writeText(const QString& path, const std::string& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

// Share of the start position's prior on the central cannon (either side: a mirrored sample of
// the symmetric start position teaches b2e2 as often as h2e2).
double centralCannonPrior(const std::string& modelFile) {
    nn::TorchEvaluator ev(std::make_shared<nn::Net>(nn::loadModel(modelFile)));
    const Position start;
    MoveList ml;
    start.legalMoves(ml);
    nn::EvalInput in{&start, &ml};
    nn::EvalOutput out;
    ev.evaluate({&in, 1}, {&out, 1});
    double p = 0;
    for (int i = 0; i < ml.size(); ++i)
        if (toIccs(ml[i]) == "h2e2" || toIccs(ml[i]) == "b2e2") p += out.priors[i];
    return p;
}

}  // namespace

class TestPipeline : public QObject {
    Q_OBJECT
private slots:
    void paramsDeclaredOnce() {
        QSet<QString> names;
        for (const auto& p : params()) {
            QVERIFY2(!names.contains(p.name), p.name);
            names.insert(p.name);
            QVERIFY(p.min <= p.max);
            QVERIFY(std::string(p.help).size() > 5);
            // Every preset's value lies in the declared range.
            for (const auto& pr : presetNames()) {
                const double v = getParam(preset(pr), p);
                QVERIFY2(v >= p.min && v <= p.max, (pr + ": " + p.name).c_str());
            }
        }
        QCOMPARE(preset("quick").channels, 64);
        QCOMPARE(preset("quick").simulations, 16);
        QCOMPARE(preset("quick").simulationsEnd, 48);
        QCOMPARE(preset("quick").maxPlies, 200);  // docs/experiments/2026-12-07-length-cap.md
        QCOMPARE(preset("quick").search, int(search::MctsParams::Kind::Gumbel));
        // docs/experiments/2026-12-08-reply-head.md; the larger presets were not measured.
        QCOMPARE(preset("quick").replyPolicyWeight, 0.3);
        QCOMPARE(preset("standard").replyPolicyWeight, 0.0);
        QCOMPARE(preset("standard").search, int(search::MctsParams::Kind::Puct));
        QCOMPARE(preset("standard").channels, 128);
        QCOMPARE(preset("standard").simulations, 200);
        QCOMPARE(preset("full").blocks, 10);
        QCOMPARE(preset("full").simulations, 400);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, preset("huge"));
    }

    void paramsValidateAndRoundTrip() {
        TrainConfig c = preset("standard");
        setParamText(c, *findParam("simulations"), "123");
        QCOMPARE(c.simulations, 123);
        setParamText(c, *findParam("adjudicate"), "true");
        QVERIFY(c.adjudicate);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(c, *findParam("simulations"), "0"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(c, *findParam("simulations"), "1.5"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(c, *findParam("learning-rate"), "fast"));
        // Named values: the name or the number; anything else names the choices.
        setParamText(c, *findParam("search"), "gumbel");
        QCOMPARE(c.search, int(search::MctsParams::Kind::Gumbel));
        setParamText(c, *findParam("search"), "0");
        QCOMPARE(c.search, int(search::MctsParams::Kind::Puct));
        try {
            setParamText(c, *findParam("search"), "mcts");
            QFAIL("no error");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("puct, gumbel") != std::string::npos, e.what());
        }
        for (const auto& p : params())
            if (!p.choices.empty()) QCOMPARE(size_t(p.max) + 1, p.choices.size());
        const TrainConfig back = fromJson(toJson(c, "standard"));
        for (const auto& p : params()) QCOMPARE(getParam(back, p), getParam(c, p));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fromJson("{\"no-such\": 1}"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fromJson("not json"));
    }

    // Progressive simulations follow the schedule's progress from simulations to
    // simulations-end; 0 keeps the budget fixed.
    void simulationsSchedule() {
        TrainConfig c;
        c.simulations = 16;
        c.lrDecaySteps = 1000;
        QCOMPARE(scheduledSimulations(c, 500), 16);
        c.simulationsEnd = 48;
        QCOMPARE(scheduledSimulations(c, 0), 16);
        QCOMPARE(scheduledSimulations(c, 500), 32);
        QCOMPARE(scheduledSimulations(c, 1000), 48);
        QCOMPARE(scheduledSimulations(c, 5000), 48);  // past the schedule: the end budget
        c.lrDecayTimed = true;
        QCOMPARE(scheduledSimulations(c, 0, 0.25), 24);
        QCOMPARE(scheduledSimulations(c, 1000, 0.0), 16);
        QCOMPARE(scheduledSimulations(c, 500, -1), 32);  // no time limit: the steps rule
        c.simulationsEnd = 4;  // a falling budget is allowed too
        QCOMPARE(scheduledSimulations(c, 0, 1.0), 4);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, setParamText(c, *findParam("simulations-end"), "-1"));
    }

    void learningRateSchedules() {
        TrainConfig c;
        c.learningRate = 1e-3;
        c.lrDecaySteps = 1000;
        c.lrSchedule = 0;
        QCOMPARE(scheduledLearningRate(c, 500), 1e-3);
        c.lrSchedule = 1;
        QVERIFY(qAbs(scheduledLearningRate(c, 0) - 1e-3) < 1e-12);
        QVERIFY(scheduledLearningRate(c, 500) < 1e-3);
        QVERIFY(scheduledLearningRate(c, 1000) < scheduledLearningRate(c, 500));
        c.lrSchedule = 2;
        QVERIFY(qAbs(scheduledLearningRate(c, 100) - 1e-3) < 1e-12);
        QVERIFY(qAbs(scheduledLearningRate(c, 500) - 1e-4) < 1e-12);
    }

    // lr-decay-timed: with a time limit the schedule's progress is the share of the session's
    // minutes used, whatever the step; without a limit (fraction < 0) the steps rule it.
    void timedScheduleFollowsTheTimeLimit() {
        TrainConfig c;
        c.learningRate = 1e-3;
        c.lrDecaySteps = 1000000;
        c.lrSchedule = 1;
        c.lrDecayTimed = true;
        QVERIFY(qAbs(scheduledLearningRate(c, 10, 0.0) - 1e-3) < 1e-12);
        QVERIFY(qAbs(scheduledLearningRate(c, 10, 0.5) - 1e-3 * (0.05 + 0.95 * 0.5)) < 1e-12);
        QVERIFY(qAbs(scheduledLearningRate(c, 10, 1.0) - 5e-5) < 1e-12);
        QVERIFY(qAbs(scheduledLearningRate(c, 10, 3.0) - 5e-5) < 1e-12);  // past the limit: the floor
        QCOMPARE(scheduledLearningRate(c, 500000, -1), scheduledLearningRate(c, 500000));
        QVERIFY(qAbs(scheduledLearningRate(c, 500000, -1) - 1e-3 * (0.05 + 0.95 * 0.5)) < 1e-12);
        c.lrDecayTimed = false;  // the steps rule even with a limit
        QVERIFY(qAbs(scheduledLearningRate(c, 10, 1.0) - scheduledLearningRate(c, 10)) < 1e-12);
        QCOMPARE(scheduleProgress(c, 250000, 0.9), 0.25);
        QVERIFY(preset("quick").lrDecayTimed);
    }

    // A game won on material at the cap teaches a smaller value than a mate, so that the
    // search prefers mating lines to material ones (config adjudication-value).
    void adjudicatedWinsCountLess() {
        store::GameRecord g = playedGame(20, 9);  // Red wins by adjudication
        ReplayBuffer adj(100), mate(100);
        adj.setAdjudicationValue(0.5f);
        mate.setAdjudicationValue(0.5f);
        QCOMPARE(adj.addGame(g), 20);
        g.reason = Reason::Checkmate;
        QCOMPARE(mate.addGame(g), 20);
        std::vector<Sample> a, m;
        for (size_t i = 0; i < 20; ++i) {
            a.push_back(adj.at(i));
            m.push_back(mate.at(i));
            const int sign = i % 2 == 0 ? 1 : -1;  // Red moves at even plies
            QCOMPARE(int(a.back().z), 50 * sign);
            QCOMPARE(int(m.back().z), 100 * sign);
        }
        const nn::TrainBatch ba = ReplayBuffer::encode(a, {}), bm = ReplayBuffer::encode(m, {});
        QCOMPARE(ba.values[0], 0.5f);
        QCOMPARE(ba.values[1], -0.5f);
        QCOMPARE(bm.values[0], 1.0f);
        QCOMPARE(bm.values[1], -1.0f);
    }

    void sampleIsCompactAndRoundTrips() {
        QCOMPARE(int(sizeof(Sample)), 256);
        const store::GameRecord g = playedGame(30, 7);
        ReplayBuffer buf(1000);
        QCOMPARE(buf.addGame(g), 30);
        QCOMPARE(int(buf.size()), 30);
        // Replaying the game gives back each stored position, side and z.
        Position pos;
        for (int i = 0; i < 30; ++i) {
            const Sample s = buf.at(size_t(i));
            QCOMPARE(toFen(s.position()).substr(0, toFen(s.position()).find(" - ")),
                     toFen(pos).substr(0, toFen(pos).find(" - ")));
            QCOMPARE(int(s.z), pos.sideToMove() == Red ? 100 : -100);
            QVERIFY(s.count > 0 && s.count <= Sample::kMaxPolicy);
            // The most visited move keeps the largest weight.
            QCOMPARE(Move::fromRaw(s.pi[0].move), g.moves[size_t(i)].visits[0].move);
            // The reply is the opponent's next move; the last position has none (-1 encoded),
            // the others encode it in this position's mover's view.
            const int32_t reply = ReplayBuffer::encode({s}, {}).replies.at(0);
            if (i == 29) {
                QCOMPARE(s.reply, uint16_t(0));
                QCOMPARE(reply, -1);
            } else {
                QCOMPARE(Move::fromRaw(s.reply), g.moves[size_t(i) + 1].move);
                QCOMPARE(reply, nn::policyIndex(g.moves[size_t(i) + 1].move, pos.sideToMove()));
            }
            pos.makeMove(g.moves[size_t(i)].move);
        }
        // More visited moves than fit are cut to the kMaxPolicy most visited; the dropped mass
        // is measured and the most visited move keeps the top weight.
        std::vector<store::VisitCount> many;
        for (int k = 0; k < 60; ++k) many.push_back({Move(k, k + 1), uint32_t(k == 59 ? 100 : 1)});
        Sample s;
        double dropped = -1;
        QVERIFY(makeSample(Position(), many, 0, s, &dropped));
        QCOMPARE(int(s.count), Sample::kMaxPolicy);
        QCOMPARE(Move::fromRaw(s.pi[0].move), Move(59, 60));
        QVERIFY(qAbs(dropped - (60.0 - Sample::kMaxPolicy) / 159.0) < 1e-9);
        QVERIFY(!makeSample(Position(), {}, 0, s));
    }

    void bufferKeepsNewestWindow() {
        ReplayBuffer buf(25);
        buf.addGame(playedGame(20, 1));
        buf.addGame(playedGame(20, 2));
        QCOMPARE(int(buf.size()), 25);
        QCOMPARE(int(buf.totalAdded()), 40);
        // The oldest kept sample is ply 15 of the first game (40 - 25 = 15 dropped).
        const store::GameRecord g1 = playedGame(20, 1);
        Position pos;
        for (int i = 0; i < 15; ++i) pos.makeMove(g1.moves[size_t(i)].move);
        QCOMPARE(toFen(buf.at(0).position()).substr(0, 40), toFen(pos).substr(0, 40));
    }

    void mirrorSampling() {
        // One sample, many draws: about half mirrored, and a mirrored draw equals the encoding
        // of the mirrored position with the mirrored policy.
        store::GameRecord g = playedGame(3, 11);
        ReplayBuffer buf(10);
        buf.addGame(g);
        ReplayBuffer one(1);
        one.add(buf.at(2));
        const Sample s = buf.at(2);
        const nn::TrainBatch plain = ReplayBuffer::encode({s}, {false});
        const nn::TrainBatch mirrored = ReplayBuffer::encode({s}, {true});
        std::vector<float> expect(nn::kInputSize);
        nn::encodePosition(s.position().mirrored(), s.repetitions, expect);
        QVERIFY(std::equal(expect.begin(), expect.end(), mirrored.planes.begin()));
        QCOMPARE(plain.policySparse.size(), mirrored.policySparse.size());
        for (size_t i = 0; i < plain.policySparse.size(); ++i)
            QCOMPARE(mirrored.policySparse[i].index, nn::mirrorPolicyIndex(plain.policySparse[i].index));
        // The reply target mirrors with the sample (the game's last sample has none).
        QCOMPARE(plain.replies.at(0), -1);
        QCOMPARE(mirrored.replies.at(0), -1);
        const Sample before = buf.at(1);
        const int32_t reply = ReplayBuffer::encode({before}, {false}).replies.at(0);
        QCOMPARE(reply, nn::policyIndex(g.moves[2].move, Color(before.side)));
        QCOMPARE(ReplayBuffer::encode({before}, {true}).replies.at(0),
                 nn::mirrorPolicyIndex(reply));
        std::mt19937_64 rng(3);
        const nn::TrainBatch b = one.sampleBatch(400, rng);
        int mirroredRows = 0;
        for (int r = 0; r < b.size; ++r)
            mirroredRows += std::equal(expect.begin(), expect.end(), b.planes.begin() + size_t(r) * nn::kInputSize);
        QVERIFY2(mirroredRows > 150 && mirroredRows < 250, qPrintable(QString::number(mirroredRows)));
        double sum = 0;
        for (const auto& e : b.policySparse)
            if (e.row == 0) sum += e.prob;
        QVERIFY(qAbs(sum - 1.0) < 1e-5);
    }

    void legalMasksFollowTheMirror() {
        // Each row's mask holds exactly the legal moves of its position, in the view (mirrored
        // or not) of its planes, and every policy target lies inside it.
        store::GameRecord g = playedGame(30, 11);
        ReplayBuffer buf(100);
        buf.addGame(g);
        buf.setLegalMasks(true);
        QVERIFY(buf.size() >= 20);
        for (size_t i = 0; i < buf.size(); ++i) {
            const Sample s = buf.at(i);
            for (bool mir : {false, true}) {
                const nn::TrainBatch b = ReplayBuffer::encode({s}, {mir}, true);
                QCOMPARE(b.legalMask.size(), size_t(nn::kPolicySize));
                const Position pos = mir ? s.position().mirrored() : s.position();
                MoveList ml;
                pos.legalMoves(ml);
                int set = 0;
                for (uint8_t v : b.legalMask) set += v;
                QCOMPARE(set, ml.size());
                for (Move m : ml) QCOMPARE(int(b.legalMask[size_t(nn::policyIndex(m, pos.sideToMove()))]), 1);
                for (const auto& e : b.policySparse) QCOMPARE(int(b.legalMask[size_t(e.index)]), 1);
            }
        }
        std::mt19937_64 rng(4);
        const nn::TrainBatch sampled = buf.sampleBatch(32, rng);
        QCOMPARE(sampled.legalMask.size(), size_t(32) * nn::kPolicySize);
        for (const auto& e : sampled.policySparse)
            QCOMPARE(int(sampled.legalMask[size_t(e.row) * nn::kPolicySize + size_t(e.index)]), 1);
        QVERIFY(ReplayBuffer::encode({buf.at(0)}, {false}).legalMask.empty());
    }

    // The whole perspective chain without MCTS: samples (z from the side to move's view) ->
    // mirror-augmented batches -> NetTrainer -> TorchEvaluator. Trained on "the side a rook
    // down loses", the network must give the side to move a positive value exactly when the
    // opponent is the one a rook down, for both colours. A sign slip anywhere in the chain
    // (sample z, encoder view, evaluator output) makes it fail.
    void valuePerspectiveLearnsMaterial() {
        std::mt19937 rng(5);
        ReplayBuffer buf(4000);
        while (buf.size() < 1500) {
            Position pos;
            Color victim;
            if (!rookDownPosition(rng, pos, victim)) continue;
            MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) continue;
            Sample smp;
            const int z = pos.sideToMove() == victim ? -1 : 1;
            QVERIFY(makeSample(pos, {{ml[0], 1}}, z, smp));
            buf.add(smp);
        }
        auto net = trainTinyNet(buf, 150, 3, 9);
        nn::TorchEvaluator ev(net);
        int right = 0, total = 0;
        std::mt19937 trng(77);  // fresh positions, not the training ones
        while (total < 60) {
            Position pos;
            Color victim;
            if (!rookDownPosition(trng, pos, victim)) continue;
            MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) continue;
            nn::EvalInput in{&pos, &ml};
            nn::EvalOutput out;
            ev.evaluate({&in, 1}, {&out, 1});
            const bool moverAhead = pos.sideToMove() != victim;
            right += (out.value > 0) == moverAhead;
            ++total;
        }
        QVERIFY2(right >= 40, qPrintable(QString("%1 of %2 value signs right").arg(right).arg(total)));
    }

    // The policy half of the chain: a searched move stored in a sample (board squares) ->
    // mirror-augmented batches -> NetTrainer -> TorchEvaluator priors over legal moves. On
    // positions of both colours, the trained network must rank the stored move first, and the
    // mirrored move first in the mirrored position (which it never saw unmirrored as such).
    void policyTargetsBecomePriors() {
        std::mt19937 rng(8);
        std::vector<std::pair<Position, Move>> items;
        Position pos;
        for (int ply = 0; items.size() < 16 && ply < 200; ++ply) {
            MoveList ml;
            pos.legalMoves(ml);
            if (ml.empty()) break;
            if (ply >= 2) items.emplace_back(pos, ml[rng() % ml.size()]);
            pos.makeMove(ml[rng() % ml.size()]);
        }
        QCOMPARE(int(items.size()), 16);
        int black = 0;
        ReplayBuffer buf(100);
        for (const auto& [p, m] : items) {
            black += p.sideToMove() == Black;
            Sample smp;
            QVERIFY(makeSample(p, {{m, 10}}, 0, smp));
            buf.add(smp);
        }
        QVERIFY(black >= 6);
        auto net = trainTinyNet(buf, 300, 4, 2);
        nn::TorchEvaluator ev(net);
        auto topMove = [&](const Position& p) {
            MoveList ml;
            p.legalMoves(ml);
            nn::EvalInput in{&p, &ml};
            nn::EvalOutput out;
            ev.evaluate({&in, 1}, {&out, 1});
            int best = 0;
            for (int i = 1; i < ml.size(); ++i)
                if (out.priors[i] > out.priors[best]) best = i;
            return ml[best];
        };
        int plainRight = 0, mirrorRight = 0, blackRight = 0;
        for (const auto& [p, m] : items) {
            const bool ok = topMove(p) == m;
            plainRight += ok;
            blackRight += ok && p.sideToMove() == Black;
            const Move mm(mirrorFile(m.from()), mirrorFile(m.to()));
            mirrorRight += topMove(p.mirrored()) == mm;
        }
        const QString msg = QString("plain %1/16 (black %2/%3), mirrored %4/16")
                                .arg(plainRight).arg(blackRight).arg(black).arg(mirrorRight);
        QVERIFY2(plainRight >= 14 && mirrorRight >= 14 && blackRight >= black - 1, qPrintable(msg));
    }

    // Start from games: generation 0 learns the played moves before self-play (the start
    // position's prior goes to the central cannon every game opens with), the held-out share
    // is measured and charted, and self-play goes on from it.
    void startFromGamesLearnsThePlayedMoves() {
        QTemporaryDir dir;
        const QString pgn = dir.path() + "/games.pgn";
        QVERIFY(writeText(pgn, centralCannonGames(40, 10, 3)));
        PipelineOptions o;
        o.config = tinyConfig();
        o.config.initSteps = 120;
        o.config.batchSize = 32;
        o.config.learningRate = 0.01;
        o.config.initHoldout = 0.2;
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "fromgames";
        o.iterations = 1;
        o.initGames = pgn.toStdString();
        std::vector<std::string> logs;
        std::vector<Stage> stages;
        PipelineCallbacks cb;
        cb.log = [&](LogLevel, const std::string& m) { logs.push_back(m); };
        cb.progress = [&](const Progress& p) {
            if (stages.empty() || stages.back() != p.stage) stages.push_back(p.stage);
        };
        Pipeline p(o, cb);
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);
        QVERIFY(!stages.empty());
        QCOMPARE(stages.front(), Stage::FromGames);
        QVERIFY(std::find(stages.begin(), stages.end(), Stage::SelfPlay) != stages.end());

        const std::string gen0 = (dir.path() + "/models/fromgames/gen-0000.xqm").toStdString();
        const double learned = centralCannonPrior(gen0);
        // An untrained net of the same size spreads its prior over the 44 opening moves.
        const std::string fresh = (dir.path() + "/fresh.xqm").toStdString();
        nn::Net freshNet(netConfig(o.config), nn::NetOptions{.seed = 1});
        nn::saveModel(freshNet, fresh);
        const double untrained = centralCannonPrior(fresh);
        qInfo("central cannon prior: %.3f learned, %.3f untrained", learned, untrained);
        QVERIFY2(learned > 0.5 && untrained < 0.15,
                 qPrintable(QString("central cannon prior %1 learned, %2 untrained").arg(learned).arg(untrained)));

        store::Store st(o.dbPath, {.readOnly = true});
        const auto run = st.findRun("fromgames");
        QVERIFY(run.has_value());
        QCOMPARE(int(st.metrics(run->id, "init/loss").size()), 120);
        const auto top1 = st.metrics(run->id, "init/heldout_top1");
        QVERIFY2(top1.size() >= 3, qPrintable(QString::number(top1.size())));  // start, checks, end
        QVERIFY(top1.back().value > top1.front().value);
        bool reported = false;
        for (const auto& m : logs) reported |= m.find("40 games of games.pgn") != std::string::npos;
        QVERIFY(reported);
        QCOMPARE(st.countGames({.run = run->id, .kind = store::GameKind::SelfPlay}), o.config.gamesPerIteration);
    }

    // The sources: a PGN file, the database's games of a kind, a run's self-play games; each
    // bad one is refused with GamesUnusable naming it, and a run given one is never created.
    void startGameSourcesAndErrors() {
        QTemporaryDir dir;
        const std::string db = (dir.path() + "/xq.db").toStdString();
        const QString pgn = dir.path() + "/games.pgn";
        QVERIFY(writeText(pgn, centralCannonGames(5, 6, 4) + "[Event \"bad\"]\n1. a0a5 *\n"));
        store::Store st(db);
        const SourceGames file = loadSourceGames(pgn.toStdString(), st);
        QCOMPARE(int(file.games.size()), 5);
        QCOMPARE(file.skipped, 1);
        QCOMPARE(file.games[0].moves[0].visits.size(), size_t(1));
        QCOMPARE(toIccs(file.games[0].moves[0].visits[0].move), std::string("h2e2"));
        QCOMPARE(file.games[0].moves[0].visits[0].visits, 1u);

        QFile f(pgn);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QCOMPARE(store::importPgn(st, text.toStdString()).imported, 5);
        QCOMPARE(int(loadSourceGames("kind:imported", st).games.size()), 5);

        auto refused = [&](const std::string& source) {
            try {
                loadSourceGames(source, st);
            } catch (const Error& e) {
                return e.code() == ErrorCode::GamesUnusable && e.subject() == source;
            }
            return false;
        };
        QVERIFY(refused("kind:selfplay"));  // no such games yet
        QVERIFY(refused("kind:nonsense"));
        QVERIFY(refused("run:nobody"));
        QVERIFY(refused((dir.path() + "/missing.pgn").toStdString()));
        QVERIFY(refused(""));

        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = db;
        o.runName = "bad";
        o.initGames = (dir.path() + "/missing.pgn").toStdString();
        Pipeline p(o, {});
        QVERIFY_THROWS_EXCEPTION(Error, p.run());
        QVERIFY(!st.findRun("bad").has_value());

        // A finished run's self-play games are a source too.
        o.runName = "played";
        o.initGames.clear();
        o.iterations = 1;
        Pipeline q(o, {});
        q.run();
        QCOMPARE(int(loadSourceGames("run:played", st).games.size()), o.config.gamesPerIteration);
    }

    // games-mix: that share of each batch comes from the start games, the rest from self-play.
    void mixedBatchesTakeTheirShare() {
        ReplayBuffer selfPlay(100), games(100);
        std::mt19937 rng(3);
        Position pos;
        MoveList ml;
        pos.legalMoves(ml);
        Sample a, b;
        QVERIFY(makeSample(pos, {{ml[0], 3}}, 1.0f, a));
        QVERIFY(makeSample(pos, {{ml[1], 3}}, -1.0f, b));
        for (int i = 0; i < 20; ++i) {
            selfPlay.add(a);
            games.add(b);
        }
        std::mt19937_64 r(7);
        const nn::TrainBatch batch = selfPlay.sampleBatchMixed(64, r, 0, games, 0.25);
        QCOMPARE(batch.size, 64);
        QCOMPARE(int(std::count(batch.values.begin(), batch.values.end(), -1.0f)), 16);
        QCOMPARE(int(std::count(batch.values.begin(), batch.values.end(), 1.0f)), 48);
        const nn::TrainBatch none = selfPlay.sampleBatchMixed(64, r, 0, games, 0.0);
        QCOMPARE(int(std::count(none.values.begin(), none.values.end(), 1.0f)), 64);
    }

    // --device cuda where LibTorch sees no GPU: refused before the database or a model exists.
    // (With a GPU the same options must run; the GPU machine's check is scripts/gpu-bench.sh.)
    void cudaWithoutGpuIsRefusedUntouched() {
        if (xq::nn::Net::cudaAvailable()) QSKIP("this machine has a CUDA device");
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "gpu";
        o.iterations = 1;
        o.device = xq::nn::DeviceKind::Cuda;
        Pipeline p(o);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, p.run());
        QVERIFY(!QFileInfo::exists(dir.path() + "/xq.db"));
        QVERIFY(!QFileInfo::exists(dir.path() + "/models"));
    }

    // The training ratio and the window (config.h): the steps due bring samples trained up to
    // ratio x generated in whole batches; the window is every position up to windowMin, then
    // grows as a power of the positions generated, never past the capacity.
    void ratioAndWindowArithmetic() {
        TrainConfig c = preset("quick");
        c.trainRatio = 4;
        c.batchSize = 128;
        QCOMPARE(trainingStepsDue(c, 1000, 0), 31);  // 4000 / 128
        QCOMPARE(trainingStepsDue(c, 1000, 31 * 128), 0);
        QCOMPARE(trainingStepsDue(c, 1000, 5000), 0);  // ahead of the ratio: nothing due
        QCOMPARE(trainingStepsDue(c, 2000, 31 * 128), 31);
        c.trainRatio = 0;
        c.stepsPerIteration = 7;
        QCOMPARE(trainingStepsDue(c, 1000, 99999), 7);
        c.windowMin = 20000;
        c.windowExponent = 0.65;
        c.windowExpand = 0.4;
        c.bufferCapacity = 50000;
        QCOMPARE(trainingWindow(c, 5000), size_t(5000));
        QCOMPARE(trainingWindow(c, 20000), size_t(20000));
        const double want = 20000 * (1 + 0.4 * (std::pow(4.0, 0.65) - 1) / 0.65);
        QVERIFY(std::abs(double(trainingWindow(c, 80000)) - want) <= 1);
        QVERIFY(trainingWindow(c, 80000) < trainingWindow(c, 160000));
        QCOMPARE(trainingWindow(c, 100000000), size_t(50000));
    }

    // A run without a gate at a training ratio of 2: after every iteration the samples trained
    // are within one batch (under 10%) of twice those generated, counted independently from
    // the games as they finish; every iteration publishes a generation, and the next
    // iteration's self-play plays it (the games carry its number).
    void ratioHoldsAndSelfPlayPlaysTheNewest() {
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.config.trainRatio = 2;
        o.config.gate = 0;
        o.config.validationFraction = 0;
        o.config.gamesPerIteration = 3;
        o.config.gamesInFlight = 3;
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "ratio";
        o.iterations = 3;
        int64_t generated = 0, trained = 0;
        int generations = 0;
        std::vector<int> gameGenerations;
        PipelineCallbacks cb;
        cb.gameFinished = [&](const GameFinished& g) {
            // Random opening plies carry no visits; every other move is a sample.
            generated += std::max(0, g.plies - o.config.randomOpeningPlies);
            gameGenerations.push_back(g.generation);
        };
        cb.trainStep = [&](const TrainStep&) { trained += o.config.batchSize; };
        cb.generation = [&](const GenerationResult& g) {
            ++generations;
            QVERIFY(g.accepted);
            QCOMPARE(g.candidateGeneration, generations);
            QCOMPARE(g.wins + g.draws + g.losses, 0);  // no gating games
            QVERIFY2(trained <= 2 * generated && trained > 2 * generated - o.config.batchSize,
                     qPrintable(QString("trained %1, generated %2").arg(trained).arg(generated)));
            QVERIFY(std::abs(double(trained) / double(2 * generated) - 1) < 0.1);
        };
        Pipeline p(o, cb);
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);
        QCOMPARE(generations, 3);
        QCOMPARE(int(gameGenerations.size()), 9);
        for (int i = 0; i < 9; ++i) QCOMPARE(gameGenerations[size_t(i)], i / 3);
        const auto ck = readCheckpoint((dir.path() + "/models/ratio").toStdString());
        QVERIFY(ck.has_value());
        QCOMPARE(ck->samplesGenerated, generated);
        QCOMPARE(ck->samplesTrained, trained);
        QCOMPARE(ck->generation, 3);
        QVERIFY(QFileInfo::exists(dir.path() + "/models/ratio/gen-0003.xqm"));
        store::Store st(o.dbPath);
        const auto run = st.findRun("ratio");
        QCOMPARE(int(st.listModels(run->id).size()), 4);
        QVERIFY(st.metrics(run->id, "elo").empty());  // no gate, no self-Elo chain
    }

    // Concurrent training: self-play goes on while the trainer trains; each generation is
    // published into the running inference server, and the games that finish afterwards carry
    // its number. The trainer never runs ahead of the ratio.
    void concurrentTrainingPublishesToRunningSelfPlay() {
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.config.trainRatio = 2;
        o.config.gate = 0;
        o.config.concurrentTraining = true;
        o.config.validationFraction = 0;
        o.config.gamesPerIteration = 4;
        o.config.gamesInFlight = 2;
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "conc";
        o.iterations = 3;
        std::mutex m;  // callbacks come from the self-play and the trainer threads
        int64_t generated = 0, trained = 0;
        int published = 0, maxGameGeneration = 0;
        bool aheadOfRatio = false;
        PipelineCallbacks cb;
        cb.gameFinished = [&](const GameFinished& g) {
            std::lock_guard lk(m);
            generated += std::max(0, g.plies - o.config.randomOpeningPlies);
            maxGameGeneration = std::max(maxGameGeneration, g.generation);
        };
        // A game's samples reach the trainer's account before its gameFinished callback runs,
        // so a step may see up to one game per self-play slot that this count has not yet: the
        // exact account is the checkpoint's, checked below.
        const int64_t notYetReported =
            int64_t(o.config.gamesInFlight) * o.config.threads * o.config.maxPlies;
        cb.trainStep = [&](const TrainStep&) {
            std::lock_guard lk(m);
            trained += o.config.batchSize;
            aheadOfRatio = aheadOfRatio || trained > 2 * (generated + notYetReported);
        };
        cb.generation = [&](const GenerationResult& g) {
            std::lock_guard lk(m);
            QVERIFY(g.accepted);
            published = g.candidateGeneration;
        };
        Pipeline p(o, cb);
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);
        QVERIFY(!aheadOfRatio);
        QCOMPARE(published, 3);  // one generation per iteration
        const auto ck = readCheckpoint((dir.path() + "/models/conc").toStdString());
        QVERIFY(ck.has_value());
        QCOMPARE(ck->generation, published);
        QVERIFY(ck->samplesTrained <= 2 * ck->samplesGenerated);
        store::Store st(o.dbPath);
        const auto run = st.findRun("conc");
        // Games finished after a publication were (at least partly) played by the new weights.
        store::GameFilter f;
        f.run = run->id;
        int labelled = 0;
        for (const auto& g : st.listGames(f)) labelled = std::max(labelled, g.generation.value_or(0));
        QVERIFY2(labelled >= 1, qPrintable(QString::number(labelled)));
        QCOMPARE(labelled, maxGameGeneration);
        // A gate cannot be combined with it.
        PipelineOptions bad = o;
        bad.runName = "conc2";
        bad.config.gate = 1;
        Pipeline p2(bad, {});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, p2.run());
    }

    // A worker (`xqzero worker`) joins a one-machine run: it fetches the published generation
    // from the database (the Pipeline stores every generation's weights), and the run's Ingest
    // adds each of its games once, beside the run's own self-play, whose games it never takes
    // twice: the samples counted are exactly those of the stored games. Alternating and with
    // concurrent training.
    void workerJoinsAOneMachineRun_data() {
        QTest::addColumn<bool>("concurrent");
        QTest::newRow("alternating") << false;
        QTest::newRow("concurrent") << true;
    }
    void workerJoinsAOneMachineRun() {
        QFETCH(bool, concurrent);
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.config.gate = 0;
        o.config.concurrentTraining = concurrent;
        o.config.validationFraction = 0;  // every game in the buffer: the exact count below
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "joined";
        std::mutex m;  // callbacks come from the pipeline's threads
        Progress last;
        std::string logs;
        std::atomic<bool> ended{false};
        PipelineCallbacks cb;
        cb.progress = [&](const Progress& pr) {
            std::lock_guard lk(m);
            last = pr;
        };
        cb.log = [&](LogLevel, const std::string& line) {
            std::lock_guard lk(m);
            logs += line + "\n";
        };
        Pipeline p(o, cb);

        WorkerOptions wo;
        wo.dbPath = o.dbPath;
        wo.runName = o.runName;
        wo.cacheDir = (dir.path() + "/cache").toStdString();
        wo.games = 3;
        wo.threads = 1;
        wo.heartbeatMs = 200;
        // No clock ends the worker's wait for the run and its first model: they appear, or the
        // pipeline ends (it runs until stopped, so only by an error) and its thread stops the
        // worker below. CTest's timeout bounds a pipeline that hangs.
        wo.waitSeconds = 1e6;
        std::vector<ModelLoaded> loaded;
        WorkerCallbacks wc;
        wc.modelLoaded = [&](const ModelLoaded& ml) { loaded.push_back(ml); };
        wc.log = [&](const std::string& line) {
            std::lock_guard lk(m);
            logs += "worker: " + line + "\n";
        };
        SelfPlayWorker worker(wo, wc);  // made before the pipeline's thread, which may stop it

        std::exception_ptr trainerError;
        std::thread trainer([&] {
            try {
                p.run();
            } catch (...) {
                trainerError = std::current_exception();
            }
            ended = true;
            worker.control().requestStop();  // a worker still waiting would wait for nothing
        });
        struct StopAndJoin {
            Pipeline& p;
            std::thread& t;
            ~StopAndJoin() {
                p.control().requestStop();
                if (t.joinable()) t.join();
            }
        } stopAndJoin{p, trainer};
        // The pipeline's error once it ended (an error that ends it before its first log line,
        // e.g. in opening the database, shows nowhere else); empty while it runs.
        const auto pipelineError = [&]() -> QString {
            if (!ended) return {};
            if (!trainerError) return "pipeline: ended without an error\n";
            try {
                std::rethrow_exception(trainerError);
            } catch (const std::exception& e) {
                return QString("pipeline: ") + e.what() + "\n";
            } catch (...) {
                return "pipeline: ended by an unknown exception\n";
            }
        };

        try {
            worker.run();  // on this thread, until its 3 games are stored
        } catch (const std::exception& e) {
            std::lock_guard lk(m);
            QFAIL(qPrintable(pipelineError() + "worker: " + e.what() + "\n" +
                             QString::fromStdString(logs)));
        }
        {
            std::lock_guard lk(m);
            QVERIFY2(!ended, qPrintable(pipelineError() + QString::fromStdString(logs)));
        }
        QVERIFY(!loaded.empty());
        QVERIFY(loaded.front().fetched);  // from the database: the cache was empty
        // The check below says which way the wait ended.
        (void)QTest::qWaitFor(
            [&] {
                std::lock_guard lk(m);
                return last.workerGames >= 3 || ended;
            },
            300000);
        {
            std::lock_guard lk(m);  // it runs until stopped
            QVERIFY2(!ended && last.workerGames >= 3,
                     qPrintable(pipelineError() + QString::fromStdString(logs)));
        }
        p.control().requestStop();
        trainer.join();
        try {
            if (trainerError) std::rethrow_exception(trainerError);
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QString("pipeline: ") + e.what()));
        }
        QCOMPARE(p.stage(), Stage::Finished);

        store::Store st(o.dbPath, {.readOnly = true});
        const auto run = st.findRun(o.runName);
        QVERIFY(run.has_value());
        store::GameFilter f;
        f.run = run->id;
        f.kind = store::GameKind::SelfPlay;
        f.limit = 0;
        const auto games = st.listGames(f);
        ReplayBuffer all(size_t(1) << 20);
        configureBuffer(all, o.config);
        for (const auto& g : games) all.addGame(*st.loadGame(g.id));
        const auto ck = readCheckpoint((dir.path() + "/models/joined").toStdString());
        QVERIFY(ck.has_value());
        std::lock_guard lk(m);
        QCOMPARE(last.workerGames, int64_t(3));
        QCOMPARE(last.games, int64_t(games.size()));  // own games counted once, the worker's too
        QVERIFY(last.games > 3);                      // the run played its own games beside them
        QCOMPARE(ck->samplesGenerated, int64_t(all.totalAdded()));
    }

    // The distributed trainer in one process (world size 1): games the test stores for its run
    // play the workers' part (a fake feed, no processes). Each stored game is ingested once;
    // the held-out ones are kept out of training and out of the account, as in the Pipeline,
    // and their losses charted; the samples counted are exactly the others'; a generation is
    // published every gamesPerIteration counted games, and each has its weights in the database.
    void trainerRoleIngestsEachStoredGameOnce() {
        QTemporaryDir dir;
        TrainerRoleOptions o;
        o.config = tinyConfig();
        o.config.gate = 0;
        o.config.trainRatio = 1;
        o.config.gamesPerIteration = 4;
        // Half the games held out (early_stop.h: heldOutGame, by id), checked every step.
        o.config.validationFraction = 0.5;
        o.config.validationInterval = 1;
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "remote";
        o.generations = 2;
        o.pollMs = 20;
        std::atomic<int> published{0};
        PipelineCallbacks cb;
        cb.published = [&](const GenerationPublished& g) { published = g.generation; };
        DistributedTrainer trainer(o, cb);
        std::exception_ptr error;
        std::thread t([&] {
            try {
                trainer.run();
            } catch (...) {
                error = std::current_exception();
            }
        });
        struct StopAndJoin {
            DistributedTrainer& tr;
            std::thread& t;
            ~StopAndJoin() {
                tr.control().requestStop();
                if (t.joinable()) t.join();
            }
        } stopAndJoin{trainer, t};

        store::Store st(o.dbPath);
        std::optional<store::RunInfo> run;
        QTRY_VERIFY_WITH_TIMEOUT((run = st.findRun(o.runName)).has_value() && st.bestModel(run->id),
                                 60000);  // the trainer created it and published generation 0
        // The samples the trainer must count: those of the games not held out. Each round
        // stores until 4 such games (one publish's worth) are in.
        ReplayBuffer all(size_t(1) << 20), held(size_t(1) << 20);
        configureBuffer(all, o.config);
        configureBuffer(held, o.config);
        int64_t stored = 0;
        auto storeGames = [&](uint32_t seed) {
            for (uint32_t i = 0, counted = 0; counted < 4; ++i) {
                store::GameRecord g = playedGame(80, seed + i);
                g.red = g.black = "fake-worker";
                g.run = run->id;
                g.kind = store::GameKind::SelfPlay;
                g.id = st.insertGame(g);
                ++stored;
                if (heldOutGame(g.id, uint64_t(o.config.seed), o.config.validationFraction)) {
                    held.addGame(g);
                } else {
                    all.addGame(g);
                    ++counted;
                }
            }
        };
        storeGames(100);
        QTRY_COMPARE_WITH_TIMEOUT(published.load(), 1, 120000);
        storeGames(200);
        t.join();  // generations 2: it stops after publishing the second
        if (error) std::rethrow_exception(error);
        QCOMPARE(published.load(), 2);
        QCOMPARE(trainer.stats().gamesIngested, stored);
        QVERIFY2(held.size() >= kMinHeldOutPositions, qPrintable(QString::number(held.size())));
        // The losses on the held-out games are charted, as the Pipeline charts them.
        QVERIFY(!st.metrics(run->id, "heldout/value").empty());
        const auto ck = readCheckpoint((dir.path() + "/models/remote").toStdString());
        QVERIFY(ck.has_value());
        QCOMPARE(ck->samplesGenerated, int64_t(all.totalAdded()));
        QCOMPARE(ck->generation, 2);
        const auto models = st.listModels(run->id);
        QCOMPARE(int(models.size()), 3);
        for (const auto& m : models) {
            QVERIFY(!m.sha256.empty());
            const auto blob = st.loadBlob(m.sha256);
            QVERIFY(blob.has_value() && !blob->empty());
        }
    }

    // Both trainers open a run through run_open.h: a one-machine run, its database then
    // restored from a copy older than its checkpoint, is continued by the trainer role, which
    // restores the generation the checkpoint names (as the Pipeline does, test_faults) and
    // trains on from the checkpoint's step; the Pipeline then continues it again; a model
    // folder that cannot be created is refused before the run exists.
    void trainerRoleOpensARunAsThePipelineDoes() {
        QTemporaryDir dir;
        PipelineOptions po = ungatedRun(dir, "shared");
        Pipeline(po).run();
        QVERIFY(QFile::copy(dir.path() + "/xq.db", dir.path() + "/backup.db"));
        po.resume = true;
        Pipeline(po).run();
        const std::string modelDir = (dir.path() + "/models/shared").toStdString();
        const auto ck = readCheckpoint(modelDir);
        QVERIFY(ck && ck->generation == 2);
        for (const char* ext : {"", "-wal", "-shm"}) QFile::remove(dir.path() + "/xq.db" + ext);
        QVERIFY(QFile::copy(dir.path() + "/backup.db", dir.path() + "/xq.db"));
        {
            store::Store st(po.dbPath);
            QCOMPARE(st.bestModel(st.findRun("shared")->id)->generation, 1);
        }

        TrainerRoleOptions o;
        o.config = po.config;
        o.dbPath = po.dbPath;
        o.runName = "shared";
        o.resume = true;
        o.pollMs = 20;
        std::vector<std::string> logs;
        PipelineCallbacks cb;
        cb.log = [&](LogLevel, const std::string& m) { logs.push_back(m); };
        DistributedTrainer trainer(o, cb);
        trainer.control().requestStop();  // open the run, then stop at the first Ingest
        trainer.run();
        auto logged = [&](const std::string& text) {
            return std::any_of(logs.begin(), logs.end(),
                               [&](const std::string& m) { return m.find(text) != std::string::npos; });
        };
        QVERIFY2(logged("the database lacked generation 2"), logs.empty() ? "" : logs.front().c_str());
        QVERIFY(logged("from step " + std::to_string(ck->step)));
        store::Store st(po.dbPath);
        const auto best = st.bestModel(st.findRun("shared")->id);
        QCOMPARE(best->generation, 2);
        QVERIFY(std::filesystem::exists(best->file));
        QCOMPARE(readCheckpoint(modelDir)->step, ck->step);

        // And the other way round: the Pipeline continues the run the trainer role left, from
        // its checkpoint, with the next number.
        po.iterations = 1;
        Pipeline(po).run();
        QCOMPARE(st.bestModel(st.findRun("shared")->id)->generation, 3);
        QVERIFY(readCheckpoint(modelDir)->step > ck->step);

        // A model folder that cannot be made (a file stands in its path): refused, no run made.
        QFile blocker(dir.path() + "/blocker");
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        TrainerRoleOptions bad = o;
        bad.resume = false;
        bad.runName = "blocked";
        bad.modelDir = (dir.path() + "/blocker/models").toStdString();
        DistributedTrainer refused(bad);
        try {
            refused.run();
            QFAIL("a model folder under a file was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.code(), ErrorCode::FolderNotWritable);
        }
        QVERIFY(!st.findRun("blocked").has_value());
    }

    // A generation whose file is gone (published on another host, or removed) is loaded from
    // its weights in the database: the resume goes on from it, skipping nothing.
    void missingGenerationFileLoadsFromTheStore() {
        QTemporaryDir dir;
        PipelineOptions po = ungatedRun(dir, "blob");
        Pipeline(po).run();
        const QString gen1 = dir.path() + "/models/blob/gen-0001.xqm";
        QVERIFY(QFile::remove(gen1));
        qputenv("XQ_MODEL_CACHE", (dir.path() + "/cache").toUtf8());
        std::vector<std::string> logs;
        PipelineCallbacks cb;
        cb.log = [&](LogLevel, const std::string& m) { logs.push_back(m); };
        po.resume = true;
        Pipeline p(po, cb);
        p.run();
        qunsetenv("XQ_MODEL_CACHE");
        for (const auto& m : logs) QVERIFY2(m.find("skipped generation") == std::string::npos, m.c_str());
        store::Store st(po.dbPath);
        QCOMPARE(st.bestModel(st.findRun("blob")->id)->generation, 2);
        QVERIFY(QDir(dir.path() + "/cache").entryList({"*.xqm"}).size() == 1);
    }

    // weight-average-steps: a generation publishes the trainer's moving average of the
    // weights (nn::NetTrainer::publishable), the checkpoint keeps the trained weights and the
    // average with its step count; without it the generation is the trained weights.
    void generationsPublishTheWeightAverage() {
        for (int averageSteps : {0, 100}) {
            QTemporaryDir dir;
            PipelineOptions po = ungatedRun(dir, "avg");
            po.config.weightAverageSteps = averageSteps;
            Pipeline(po).run();
            const std::string modelDir = (dir.path() + "/models/avg").toStdString();
            const auto ck = readCheckpoint(modelDir);
            QVERIFY(ck.has_value());
            QCOMPARE(ck->generation, 1);
            QCOMPARE(ck->step, int64_t(po.config.stepsPerIteration));
            nn::Net published = nn::loadModel(modelDir + "/" + ck->bestFile);
            nn::Net trained = nn::loadModel(modelDir + "/" + ck->trainFile);
            QCOMPARE(published.meta().trainingSteps, ck->step);
            const auto positions = nntest::randomPositions(1, 6, 5);
            nn::TrainBatch probe;
            probe.size = int(positions.size());
            probe.planes.resize(size_t(probe.size) * nn::kInputSize);
            for (int i = 0; i < probe.size; ++i)
                nn::encodePosition(
                    positions[i], 0,
                    std::span<float>(probe.planes).subspan(size_t(i) * nn::kInputSize));
            auto outputs = [&](nn::Net& net) {
                net.setThreads(1);
                std::vector<float> logits(size_t(probe.size) * nn::kPolicySize),
                    values(size_t(probe.size));
                net.forward(probe.planes, probe.size, logits, values);
                logits.insert(logits.end(), values.begin(), values.end());
                return logits;
            };
            const auto state =
                nn::detail::readContainer(modelDir + "/" + ck->optimizerFile, "XQZOPTIM");
            const std::string saved = nn::detail::metaValue(state.meta, "average_steps");
            if (averageSteps == 0) {
                QVERIFY(outputs(published) == outputs(trained));
                QCOMPARE(saved, std::string("0"));
            } else {
                QVERIFY2(outputs(published) != outputs(trained),
                         "the generation is the trained weights");
                QCOMPARE(saved, std::to_string(po.config.stepsPerIteration));
            }
        }
    }

    // The checkpoint keeps the run's worked seconds (session_clock.h), and a resumed session's
    // timed schedules go on from them: a run that has worked 50 minutes and resumes with 10 more
    // starts at 5/6 of its schedule (a lower rate, a larger budget), not at its beginning.
    void resumedRunGoesOnWithItsSchedule() {
        QTemporaryDir dir;
        PipelineOptions po = ungatedRun(dir, "sched");
        QVERIFY(po.config.lrDecayTimed);
        QCOMPARE(po.config.lrSchedule, 1);  // cosine: falls over the whole schedule
        Pipeline(po).run();
        const std::string modelDir = (dir.path() + "/models/sched").toStdString();
        const auto first = readCheckpoint(modelDir);
        QVERIFY(first.has_value());
        QVERIFY(first->workedSeconds > 0);

        // As if the first session had worked 50 minutes.
        const std::string manifest = modelDir + "/checkpoint.json";
        nlohmann::json j;
        {
            std::ifstream in(manifest);
            in >> j;
        }
        j["worked_seconds"] = 3000.0;
        {
            std::ofstream out(manifest);
            out << j.dump();
        }
        po.resume = true;
        po.minutes = 10;
        std::vector<double> rates;
        PipelineCallbacks cb;
        cb.trainStep = [&](const TrainStep& s) { rates.push_back(s.stats.learningRate); };
        Pipeline(po, cb).run();
        QCOMPARE(int(rates.size()), po.config.stepsPerIteration);
        const double atFiveSixths = scheduledLearningRate(po.config, 0, 3000.0 / 3600.0);
        QVERIFY(atFiveSixths < 0.5 * po.config.learningRate);
        for (double r : rates)
            QVERIFY2(r <= atFiveSixths * (1 + 1e-9), qPrintable(QString::number(r)));
        const auto second = readCheckpoint(modelDir);
        QVERIFY(second.has_value());
        QVERIFY(second->workedSeconds > 3000.0);

        // A manifest written before worked seconds existed reads as none worked.
        j = nlohmann::json();
        {
            std::ifstream in(manifest);
            in >> j;
        }
        j.erase("worked_seconds");
        {
            std::ofstream out(manifest);
            out << j.dump();
        }
        QCOMPARE(readCheckpoint(modelDir)->workedSeconds, 0.0);
    }

    // Generation numbers (publisher.h: nextGenerationNumber): a rejected candidate keeps its
    // number and its row, and the next candidate takes the number after it.
    void rejectedCandidateKeepsItsNumber() {
        QTemporaryDir dir;
        PipelineOptions po;
        po.config = tinyConfig();
        po.config.gateThreshold = 1;  // a score must exceed it: every candidate is rejected
        po.dbPath = (dir.path() + "/xq.db").toStdString();
        po.runName = "numbers";
        po.iterations = 2;
        std::vector<int> candidates;
        PipelineCallbacks cb;
        cb.generation = [&](const GenerationResult& g) {
            QVERIFY(!g.accepted);
            candidates.push_back(g.candidateGeneration);
        };
        Pipeline(po, cb).run();
        QCOMPARE(candidates, (std::vector<int>{1, 2}));
        store::Store st(po.dbPath);
        const auto run = st.findRun("numbers");
        std::vector<std::pair<int, bool>> rows;
        for (const auto& m : st.listModels(run->id)) rows.push_back({m.generation, m.accepted});
        QCOMPARE(rows, (std::vector<std::pair<int, bool>>{{0, true}, {1, false}, {2, false}}));
        QCOMPARE(st.bestModel(run->id)->generation, 0);
        // A resume goes on after the highest number, not after the playing generation's.
        candidates.clear();
        po.resume = true;
        po.iterations = 1;
        Pipeline(po, cb).run();
        QCOMPARE(candidates, (std::vector<int>{3}));
    }

    void tinyIterationWritesEverything() {
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "tiny";
        o.iterations = 1;
        int steps = 0, games = 0, generations = 0;
        PipelineCallbacks cb;
        cb.trainStep = [&](const TrainStep& s) { QVERIFY(s.stats.totalLoss > 0); ++steps; };
        cb.gameFinished = [&](const GameFinished&) { ++games; };
        cb.generation = [&](const GenerationResult& g) {
            QCOMPARE(g.wins + g.draws + g.losses, 2);
            ++generations;
        };
        Pipeline p(o, cb);
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);
        QCOMPARE(steps, 3);
        QCOMPARE(games, 4);  // 2 self-play + 2 gating games
        QCOMPARE(generations, 1);

        store::Store st(o.dbPath);
        const auto run = st.findRun("tiny");
        QVERIFY(run.has_value());
        QVERIFY(fromJson(run->config).channels == 8);
        store::GameFilter f;
        f.run = run->id;
        QCOMPARE(st.countGames(f), 4);
        f.kind = store::GameKind::SelfPlay;
        const auto list = st.listGames(f);
        QCOMPARE(int(list.size()), 2);
        const auto g = st.loadGame(list[0].id);
        QVERIFY(g && !g->moves.empty());
        int withVisits = 0;
        for (const auto& m : g->moves) withVisits += !m.visits.empty();
        QVERIFY(withVisits > 0);
        QCOMPARE(int(st.metrics(run->id, "loss/total").size()), 3);
        QVERIFY(!st.metrics(run->id, "games_per_hour").empty());
        const auto models = st.listModels(run->id);
        QCOMPARE(int(models.size()), 2);  // generation 0 and the candidate
        QVERIFY(std::filesystem::exists(models[0].file));
        const auto ck = readCheckpoint((dir.path() + "/models/tiny").toStdString());
        QVERIFY(ck.has_value());
        QCOMPARE(int(ck->step), 3);
        QVERIFY(st.integrityCheck().ok);

        // A second start of the same run without --resume is refused, nothing changed.
        Pipeline again(o, {});
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, again.run());
        QCOMPARE(st.countGames({.run = run->id}), 4);
    }

    // A run stored before `policy-head` and `input-features` existed has no such keys and holds
    // dense basic nets; resumed under a configuration that asks for a bilinear head and the
    // tactical planes, it goes on training dense basic nets, as its files say.
    void resumedOldRunKeepsItsDenseHead() {
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        QCOMPARE(o.config.policyHead, int(nn::PolicyHeadKind::Bilinear));  // the quick preset's
        o.config.policyHead = int(nn::PolicyHeadKind::Dense);
        o.config.inputFeatures = int(nn::InputFeatures::Basic);
        o.config.gate = 0;  // every candidate keeps its file, whatever a 2-game match would say
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "old";
        o.iterations = 1;
        {
            Pipeline p(o, {});
            p.run();
        }
        {
            store::Store st(o.dbPath);
            const auto run = st.findRun("old");
            auto j = nlohmann::json::parse(run->config);
            QVERIFY(j.contains("policy-head") && j.contains("input-features"));
            j.erase("policy-head");
            j.erase("input-features");
            st.setRunConfig(run->id, j.dump());
        }
        PipelineOptions r = o;
        r.config = tinyConfig();
        r.config.inputFeatures = int(nn::InputFeatures::Tactical);
        r.config.gate = 0;
        r.resume = true;
        Pipeline p(r, {});
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);
        store::Store st(o.dbPath, {.readOnly = true});
        const auto models = st.listModels(st.findRun("old")->id);
        int files = 0;
        for (const auto& m : models) {
            if (m.file.empty()) continue;  // a rejected candidate keeps no file
            QCOMPARE(nn::readModelInfo(m.file).config.policyHead, nn::PolicyHeadKind::Dense);
            QCOMPARE(nn::readModelInfo(m.file).config.features, nn::InputFeatures::Basic);
            ++files;
        }
        QVERIFY2(files >= 2, qPrintable(QString::number(files)));
        const auto ck = readCheckpoint((dir.path() + "/models/old").toStdString());
        const auto trainInfo =
            nn::readModelInfo((dir.path() + "/models/old/").toStdString() + ck->trainFile);
        QCOMPARE(trainInfo.config.policyHead, nn::PolicyHeadKind::Dense);
        QCOMPARE(trainInfo.config.features, nn::InputFeatures::Basic);
    }

    // A run with a held-out share: held-out games are stored like the others, the training
    // phase measures them (one "heldout/value" point at the start and one per check) and
    // reports what it kept; an early stop ends the phase before its last step.
    void heldOutGamesAndEarlyStop() {
        QTemporaryDir dir;
        PipelineOptions o;
        o.config = tinyConfig();
        o.config.gamesPerIteration = 16;
        o.config.gamesInFlight = 8;
        o.config.maxPlies = 80;
        o.config.validationFraction = 0.5;
        o.config.validationInterval = 1;
        o.config.earlyStopChecks = 2;
        o.config.stepsPerIteration = 80;
        o.config.learningRate = 0.02;  // memorises fast: the held-out loss soon stops falling
        o.config.gate = 0;             // every candidate is accepted (and saved)
        o.dbPath = (dir.path() + "/xq.db").toStdString();
        o.runName = "held";
        o.iterations = 1;
        int steps = 0;
        std::vector<std::string> logs;
        PipelineCallbacks cb;
        cb.trainStep = [&](const TrainStep&) { ++steps; };
        cb.log = [&](LogLevel, const std::string& m) { logs.push_back(m); };
        Pipeline p(o, cb);
        p.run();
        QCOMPARE(p.stage(), Stage::Finished);

        store::Store st(o.dbPath);
        const auto run = st.findRun("held");
        QVERIFY(run.has_value());
        store::GameFilter f;
        f.run = run->id;
        f.kind = store::GameKind::SelfPlay;
        int held = 0, heldPlies = 0, total = 0;
        for (const auto& g : st.listGames(f)) {
            ++total;
            if (heldOutGame(g.id, uint64_t(o.config.seed), 0.5)) {
                ++held;
                heldPlies += g.plies;
            }
        }
        QCOMPARE(total, 16);
        QVERIFY2(held > 0 && held < 16 && heldPlies >= 300, qPrintable(QString("%1 games, %2 plies").arg(held).arg(heldPlies)));
        std::string report;
        for (const auto& m : logs)
            if (m.find("held-out value loss best") != std::string::npos) report = m;
        QVERIFY2(!report.empty(), "no held-out report in the log");
        const auto points = st.metrics(run->id, "heldout/value");
        QCOMPARE(int(points.size()), steps + 1);
        QCOMPARE(int(st.metrics(run->id, "heldout/policy").size()), steps + 1);
        QVERIFY2(steps < 80 && report.find("stopped early") != std::string::npos, report.c_str());
        // The phase kept (within EarlyStop's minDelta) the lowest point it measured.
        double lowest = 1e9;
        for (const auto& pt : points) lowest = std::min(lowest, pt.value);
        const size_t at = report.find("best ");
        QVERIFY(at != std::string::npos);
        const double kept = std::stod(report.substr(at + 5));
        QVERIFY2(kept >= lowest - 1e-4 && kept <= lowest + 1e-3 + 1e-4,
                 qPrintable(QString("kept %1, lowest %2").arg(kept).arg(lowest)));
        // The trainer is never rolled back to the best check: its checkpoint holds the weights
        // of the phase's last step. The phase stopped early, so the best check came before
        // it; those weights are the candidate (accepted: gate 0), or there is no
        // candidate when the best was the phase's start (generation 0).
        char name[64];
        std::snprintf(name, sizeof name, "/models/held/train-%08d.xqm", steps);
        const QString trained = dir.path() + name;
        const bool candidate = report.find("the candidate has that step's weights") != std::string::npos;
        QVERIFY2(candidate || report.find("no candidate") != std::string::npos, report.c_str());
        const QString other = dir.path() + (candidate ? "/models/held/gen-0001.xqm" : "/models/held/gen-0000.xqm");
        QVERIFY2(QFileInfo::exists(trained), qPrintable(trained));
        QVERIFY2(QFileInfo::exists(other), qPrintable(other));
        nn::TorchEvaluator ea(std::make_shared<nn::Net>(nn::loadModel(trained.toStdString())));
        nn::TorchEvaluator eb(std::make_shared<nn::Net>(nn::loadModel(other.toStdString())));
        const Position start;
        MoveList ml;
        start.legalMoves(ml);
        nn::EvalInput in{&start, &ml};
        nn::EvalOutput oa, ob;
        ea.evaluate({&in, 1}, {&oa, 1});
        eb.evaluate({&in, 1}, {&ob, 1});
        QVERIFY(oa.value != ob.value || oa.priors != ob.priors);
    }

    // SIGTERM (what timeout, systemd and container stops send) stops at a checkpoint, as
    // Ctrl-C does: the process exits 0 after "stopped at", and the checkpoint it leaves holds
    // at least the steps of the checkpoint seen before the signal.
    void sigtermStopsAtACheckpoint() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db";
        QStringList args{"train", "--preset", "quick", "--db", db, "--run", "t"};
        args += tinyFlags("4", "20");
        QProcess child;
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(xqzeroPath(), args);
        QVERIFY2(child.waitForStarted(), qPrintable(xqzeroPath()));
        // Until the first checkpoint exists, or the child has ended (then it says why).
        const auto checkpointed = [&] {
            return QFileInfo::exists(dir.path() + "/models/t/checkpoint.json");
        };
        QTRY_VERIFY_WITH_TIMEOUT(checkpointed() || child.state() != QProcess::Running, 300000);
        QVERIFY2(checkpointed(), child.readAll().constData());
        const int64_t stepBefore = readCheckpoint((dir.path() + "/models/t").toStdString())->step;
        child.terminate();  // SIGTERM
        QVERIFY(child.waitForFinished(120000));
        const QByteArray out = child.readAll();
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QVERIFY2(child.exitCode() == 0, out.constData());
        QVERIFY2(out.contains("stopped at generation"), out.constData());
        const auto ck = readCheckpoint((dir.path() + "/models/t").toStdString());
        QVERIFY(ck.has_value());
        QVERIFY(ck->step >= stepBefore);
        store::Store st(db.toStdString());
        QVERIFY(st.integrityCheck().ok);
    }

    // The background ladder inside `xqzero train` (every other CLI test turns it off): with a
    // ladder period of 0.6 s and one game a rung, a two-iteration run rates a generation while
    // it trains (or at its end, which rates the last one); the rating is logged, stored as a
    // ladder row of the run and as the run's "ladder/*" metrics at step = the generation, the
    // numbers agreeing everywhere.
    void trainRatesOnTheBackgroundLadder() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db";
        QStringList flags = tinyFlags("2", "3");
        const int at = int(flags.indexOf("--ladder-minutes"));
        QVERIFY(at >= 0);
        flags[at + 1] = "0.01";
        QProcess child;
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(xqzeroPath(), QStringList{"train", "--preset", "quick", "--db", db, "--run",
                                              "lad", "--iterations", "2", "--gate-threshold", "0",
                                              "--ladder-games", "1", "--ladder-simulations", "2"} +
                                      flags);
        const bool ended = child.waitForFinished(600000);
        const QByteArray out = child.readAll();
        QVERIFY2(ended, out.constData());
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                 out.constData());
        const QRegularExpression rated(
            QStringLiteral("ladder: generation (\\d+) rated ([-+]\\d+) \\[([-+]\\d+), "
                           "([-+]\\d+)\\] \\(alphabeta:1 = 0, (\\d+) games"));
        QRegularExpressionMatch m = rated.match(QString::fromUtf8(out));
        QVERIFY2(m.hasMatch(), out.constData());
        const int generation = m.captured(1).toInt();
        const double rating = m.captured(2).toDouble(), lo = m.captured(3).toDouble(),
                     hi = m.captured(4).toDouble();
        QVERIFY(generation >= 1);
        QVERIFY(lo <= rating && rating <= hi);
        QCOMPARE(m.captured(5).toInt(), 5);  // one game on each of the five rungs

        store::Store st(db.toStdString(), {.readOnly = true});
        const auto run = st.findRun("lad");
        QVERIFY(run);
        store::LadderFilter f;
        f.run = run->id;
        const std::vector<store::LadderRecord> rows = st.listLadderResults(f);
        QVERIFY(!rows.empty());
        // The log prints whole numbers ("%+.0f"): equal within half a point.
        auto near = [](double stored, double logged) {
            return std::abs(stored - logged) <= 0.5 + 1e-9;
        };
        bool found = false;
        for (const auto& r : rows)
            if (near(r.rating, rating) && r.games == 5) {
                found = true;
                QVERIFY(r.model.has_value());
                QVERIFY(near(r.lo, lo) && near(r.hi, hi));
            }
        QVERIFY2(found, "the logged rating is not stored as a ladder row of the run");
        auto metricAt = [&](const char* name) -> std::optional<double> {
            for (const auto& p : st.metrics(run->id, name))
                if (p.step == generation) return p.value;
            return std::nullopt;
        };
        QVERIFY(metricAt("ladder/rating").has_value() && metricAt("ladder/lo") &&
                metricAt("ladder/hi"));
        QVERIFY(near(*metricAt("ladder/rating"), rating));
        QVERIFY(near(*metricAt("ladder/lo"), lo) && near(*metricAt("ladder/hi"), hi));
        QVERIFY(metricAt("ladder/positions").value_or(0) > 0);
    }

    // kill -9 of `xqzero train` after a checkpoint, then --resume (the same Pipeline the
    // binary runs, here in-process so the session's start can be looked at): the resumed
    // session must continue the run, not merely open it. Its training network holds the
    // checkpoint's weights; its optimizer holds the checkpoint's Adam state (one step of each
    // from the same weights on the same batch lands on the same bits; a fresh optimizer's
    // first step lands elsewhere); and its replay buffer holds the samples of every stored
    // self-play game outside the held-out share.
    void killAndResume() {
        QTemporaryDir dir;
        const QString db = dir.path() + "/xq.db";
        const std::string modelDir = (dir.path() + "/models/k").toStdString();
        QStringList args{"train", "--preset", "quick", "--db", db, "--run", "k"};
        // Long enough that the kill lands in the middle of the loop. No candidate passes the
        // gate (a score above 1 is needed), so the training network moves away from the
        // playing generation (generation 0, the seed's fresh weights): a resume from either
        // would be told from one from the checkpoint.
        args += tinyFlags("4", "20") + QStringList{"--gate-threshold", "1"};
        QProcess child;
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(xqzeroPath(), args);
        QVERIFY2(child.waitForStarted(), qPrintable(xqzeroPath()));
        // Wait until a checkpoint and at least one more game exist (or the child has ended:
        // then it says why), then SIGKILL.
        int64_t gamesBefore = 0;
        bool ready = false;
        const auto checkpointedAndPlayed = [&] {
            if (!QFileInfo::exists(dir.path() + "/models/k/checkpoint.json")) return false;
            try {
                store::Store st(db.toStdString(), {.readOnly = true});
                gamesBefore = st.counts().games;
                ready = gamesBefore >= 7;
            } catch (const std::exception&) {
            }
            return ready;
        };
        QTRY_VERIFY_WITH_TIMEOUT(checkpointedAndPlayed() || child.state() != QProcess::Running,
                                 300000);
        QVERIFY2(ready, child.readAll().constData());
        child.kill();  // SIGKILL
        child.waitForFinished();

        // What the checkpoint holds (copied: the resumed session's next checkpoint removes
        // these files) and what the store holds.
        const auto ck = readCheckpoint(modelDir);
        QVERIFY(ck && ck->step > 0 && !ck->optimizerFile.empty());
        const std::string savedNet = (dir.path() + "/ck.xqm").toStdString();
        const std::string savedOpt = (dir.path() + "/ck.opt").toStdString();
        QVERIFY(QFile::copy(QString::fromStdString(modelDir + "/" + ck->trainFile),
                            QString::fromStdString(savedNet)));
        QVERIFY(QFile::copy(QString::fromStdString(modelDir + "/" + ck->optimizerFile),
                            QString::fromStdString(savedOpt)));
        TrainConfig config;
        ReplayBuffer expected(1000000);  // the samples of the stored games the buffer must hold
        size_t expectedGames = 0;
        {
            store::Store st(db.toStdString());
            QVERIFY(st.integrityCheck().ok);
            gamesBefore = st.counts().games;
            const auto run = st.findRun("k");
            QVERIFY(run);
            config = fromJson(run->config, tinyConfig());
            store::GameFilter f;
            f.run = run->id;
            f.kind = store::GameKind::SelfPlay;
            f.limit = 0;
            std::vector<store::GameRecord> games = st.listGames(f);
            std::reverse(games.begin(), games.end());  // oldest first, as the buffer fills
            for (const auto& g : games) {
                if (heldOutGame(g.id, uint64_t(config.seed), config.validationFraction)) continue;
                expected.addGame(*st.loadGame(g.id));
                ++expectedGames;
            }
        }
        QVERIFY(expectedGames >= 1 && expected.size() > 0);
        QVERIFY2(expected.size() < size_t(config.bufferCapacity),
                 "the oracle assumes every game fits");

        PipelineOptions o;
        o.config = tinyConfig();
        o.dbPath = db.toStdString();
        o.runName = "k";
        o.resume = true;
        o.iterations = 1;
        const std::string resumedOpt = (dir.path() + "/resumed.opt").toStdString();
        std::optional<nn::Net> resumedNet;
        SessionStart seen;
        size_t bufferSize = 0;
        uint64_t bufferAdded = 0;
        std::string logText;
        std::mutex logMutex;
        PipelineCallbacks cb;
        cb.log = [&](LogLevel, const std::string& m) {
            std::lock_guard lk(logMutex);
            logText += m + "\n";
        };
        cb.sessionStart = [&](const SessionStart& s) {
            seen = s;
            resumedNet.emplace(s.trainNet->clone());
            s.trainer->saveState(resumedOpt);
            bufferSize = s.buffer->size();
            bufferAdded = s.buffer->totalAdded();
        };
        Pipeline p(o, cb);
        p.run();
        QVERIFY2(logText.find("resumed run 'k'") != std::string::npos, logText.c_str());
        QVERIFY(seen.resumed);
        QCOMPARE(seen.step, ck->step);
        QVERIFY(resumedNet.has_value());

        // The replay buffer: rebuilt from the stored games, every sample of them.
        QCOMPARE(bufferSize, expected.size());
        QCOMPARE(bufferAdded, expected.totalAdded());

        // The weights: the checkpoint's, bit for bit (outputs on a batch of stored positions).
        std::mt19937_64 rng(7);
        const nn::TrainBatch batch = expected.sampleBatch(8, rng);
        nn::Net fromCheckpoint = nn::loadModel(savedNet);
        fromCheckpoint.setThreads(1);
        resumedNet->setThreads(1);
        auto outputs = [&](nn::Net& net) {
            std::vector<float> logits(size_t(batch.size) * nn::kPolicySize),
                values(size_t(batch.size));
            net.forward(batch.planes, batch.size, logits, values);
            logits.insert(logits.end(), values.begin(), values.end());
            return logits;
        };
        QVERIFY2(outputs(*resumedNet) == outputs(fromCheckpoint),
                 "the resumed network is not the checkpoint's");
        // (The check can fail: the playing generation's weights are other weights.)
        nn::Net playing = nn::loadModel(QDir(QString::fromStdString(modelDir))
                                            .filePath(QString::fromStdString(ck->bestFile))
                                            .toStdString());
        playing.setThreads(1);
        QVERIFY(outputs(playing) != outputs(fromCheckpoint));

        // The optimizer: one step of the checkpoint's Adam state and one of the resumed one's,
        // from the same weights on the same batch at the same rate, land on the same weights.
        nn::TrainerOptions to;
        to.weightDecay = config.weightDecay;
        to.clipNorm = config.gradClip;
        nn::NetTrainer a(fromCheckpoint, to), b(*resumedNet, to);
        a.loadState(savedOpt);
        b.loadState(resumedOpt);
        b.setLearningRate(a.learningRate());
        a.step(batch);
        b.step(batch);
        QVERIFY2(outputs(*resumedNet) == outputs(fromCheckpoint),
                 "the resumed optimizer state is not the checkpoint's");
        // (The check can fail: a fresh optimizer's first step lands elsewhere.)
        nn::Net again = nn::loadModel(savedNet);
        again.setThreads(1);
        nn::NetTrainer fresh(again, to);
        fresh.setLearningRate(a.learningRate());
        fresh.step(batch);
        QVERIFY(outputs(again) != outputs(fromCheckpoint));

        store::Store st(db.toStdString());
        QVERIFY(st.integrityCheck().ok);
        QVERIFY(st.counts().games >= gamesBefore + 4);  // nothing lost, more played
        const auto after = readCheckpoint(modelDir);
        QVERIFY(after->step > ck->step);  // the step count continues
    }
};

QTEST_GUILESS_MAIN(TestPipeline)
#include "test_pipeline.moc"
