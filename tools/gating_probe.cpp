// gating_probe: an experiment, not a test (run by hand, reported in notes). Does a candidate
// trained on a run's first self-play games beat the network that played them?
//
//   gating_probe --db FILE --model GEN0.xqm [--games 64] [--steps 100] [--seed S]
//                [--value-weight W]... [--arena 0|1] [--curve N]
//                [--set name=value]...
//
// Loads the first `games` self-play games of the database's first run (in the order they
// finished) into a replay buffer, and the later ones into a held-out buffer. For each value
// weight: trains a copy of GEN0 for `steps` steps exactly as the quick preset's training phase
// does (batch, learning rate, L2, clipping, mirror sampling), measures the value and policy
// loss on held-out games, then plays the quick preset's gating match (20 games, 80
// simulations, no noise) against GEN0. One JSON line per weight. --curve N prints the held-out
// losses every N steps (stderr); --set changes a quick-preset parameter (e.g. max-plies=100,
// which the gating match then uses too). On stderr it also reports whether every stored visit
// is a legal move of its sample, how well material alone predicts held-out results, and, after
// training, the value's agreement with material and z and the priors' entropy over the legal
// moves (candidate and GEN0), both through TorchEvaluator as the search sees them.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#include "core/nn/trainer_backend.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/config.h"
#include "core/train/replay_buffer.h"
#include "core/train/selfplay_config.h"

using namespace xq;

namespace {

// Material balance of a sample from the side to move's view (rook 9, cannon 4.5, horse 4,
// elephant and advisor 2, pawn 1).
double material(const train::Sample& smp) {
    static const double kValue[8] = {0, 0, 2, 2, 4, 9, 4.5, 1};
    double m = 0;
    for (int sq = 0; sq < 90; ++sq) {
        const Piece pc = smp.piece(sq);
        if (pc != NoPiece) m += (colorOf(pc) == Color(smp.side) ? 1 : -1) * kValue[typeOf(pc)];
    }
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    std::string db, model;
    int games = 64, steps = 100, arena = 1, curve = 0;
    uint64_t seed = 7;
    std::vector<double> weights;
    std::vector<std::string> sets;  // --set name=value: quick-preset parameters (e.g. max-plies)
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--db") db = v;
        else if (k == "--model") model = v;
        else if (k == "--games") games = std::atoi(v.c_str());
        else if (k == "--steps") steps = std::atoi(v.c_str());
        else if (k == "--arena") arena = std::atoi(v.c_str());
        else if (k == "--curve") curve = std::atoi(v.c_str());
        else if (k == "--set") sets.push_back(v);
        else if (k == "--seed") seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (k == "--value-weight") weights.push_back(std::atof(v.c_str()));
        else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            return 2;
        }
    }
    if (db.empty() || model.empty()) {
        std::fprintf(stderr, "usage: gating_probe --db FILE --model GEN0.xqm [--value-weight W]...\n");
        return 2;
    }
    if (weights.empty()) weights = {1.0};
    train::TrainConfig cfg = train::preset("quick");
    for (const std::string& kv : sets) {
        const size_t eq = kv.find('=');
        const train::ParamDecl* p = eq == std::string::npos ? nullptr : train::findParam(kv.substr(0, eq));
        if (!p) {
            std::fprintf(stderr, "--set %s: expected name=value with a training parameter\n", kv.c_str());
            return 2;
        }
        train::setParamText(cfg, *p, kv.substr(eq + 1));
    }

    store::OpenOptions ro;
    ro.readOnly = true;
    store::Store st(db, ro);
    store::GameFilter f;
    f.kind = store::GameKind::SelfPlay;
    f.limit = 0;
    std::vector<store::GameRecord> list = st.listGames(f);  // newest first
    std::reverse(list.begin(), list.end());
    train::ReplayBuffer train(size_t(cfg.bufferCapacity)), held(size_t(cfg.bufferCapacity));
    train.setAdjudicationValue(float(cfg.adjudicationValue));
    held.setAdjudicationValue(float(cfg.adjudicationValue));
    int used = 0, heldGames = 0;
    for (const auto& g : list) {
        auto full = st.loadGame(g.id);
        if (!full) continue;
        if (used < games) {
            train.addGame(*full);
            ++used;
        } else {
            held.addGame(*full);
            ++heldGames;
        }
    }
    std::fprintf(stderr, "training on %d games (%zu positions), held out %d games (%zu)\n", used,
                 train.size(), heldGames, held.size());
    if (train.size() == 0 || held.size() == 0) return 1;

    {
        // How much a plain material count (mover's view) predicts z on held-out positions:
        // the value head has at least this much to learn.
        std::vector<std::pair<double, double>> mz;
        for (size_t i = 0; i < held.size(); ++i) {
            const train::Sample smp = held.at(i);
            mz.emplace_back(material(smp), smp.z / 100.0);
        }
        // Every stored visit must be a legal move of the sample's position.
        size_t illegal = 0, entries = 0;
        double topShare = 0;
        for (size_t i = 0; i < train.size(); ++i) {
            const train::Sample smp = train.at(i);
            const Position p = smp.position();
            double sum = 0;
            for (int k = 0; k < smp.count; ++k) {
                ++entries;
                illegal += !p.isLegal(Move::fromRaw(smp.pi[k].move));
                sum += smp.pi[k].weight;
            }
            if (smp.count > 0) topShare += smp.pi[0].weight / sum;
        }
        std::fprintf(stderr, "training samples: %zu of %zu visit entries illegal; mean share of the most visited move %.3f\n",
                     illegal, entries, topShare / double(train.size()));
        double base = 0;
        for (auto [m, z] : mz) base += z * z;
        base /= double(mz.size());
        double bestK = 0, bestMse = base;
        for (double k = -0.5; k <= 0.5; k += 0.01) {
            double e = 0;
            for (auto [m, z] : mz) e += (std::tanh(k * m) - z) * (std::tanh(k * m) - z);
            e /= double(mz.size());
            if (e < bestMse) bestMse = e, bestK = k;
        }
        std::fprintf(stderr, "held-out: predicting 0 gives value loss %.3f; tanh(%.2f * material) gives %.3f\n",
                     base, bestK, bestMse);
    }
    nn::Net best = nn::loadModel(model);
    std::mt19937_64 heldRng(99);
    const nn::TrainBatch heldBatch = held.sampleBatch(1024, heldRng);
    const nn::TrainBatch trainEvalBatch = train.sampleBatch(1024, heldRng);
    for (double w : weights) {
        auto cand = std::make_shared<nn::Net>(best.clone());
        nn::TrainerOptions to;
        to.learningRate = cfg.learningRate;
        to.weightDecay = cfg.weightDecay;
        to.clipNorm = cfg.gradClip;
        to.valueWeight = w;
        double trainValue = 0;
        {
            nn::NetTrainer trainer(*cand, to);
            const nn::TrainStats before = trainer.evaluate(heldBatch);
            std::mt19937_64 rng(seed);
            for (int s = 0; s < steps; ++s) {
                trainValue = trainer.step(train.sampleBatch(cfg.batchSize, rng)).valueLoss;
                if (curve > 0 && (s + 1) % curve == 0) {
                    const nn::TrainStats h = trainer.evaluate(heldBatch);
                    const nn::TrainStats t = trainer.evaluate(trainEvalBatch);
                    std::fprintf(stderr, "  step %d: train value %.3f (eval mode %.3f), held-out value %.3f policy %.3f\n",
                                 s + 1, trainValue, t.valueLoss, h.valueLoss, h.policyLoss);
                }
            }
            const nn::TrainStats after = trainer.evaluate(heldBatch);
            std::fprintf(stderr, "w=%g held-out value loss %.3f -> %.3f, policy %.3f -> %.3f\n", w,
                         before.valueLoss, after.valueLoss, before.policyLoss, after.policyLoss);
            std::printf("{\"value_weight\": %g, \"steps\": %d, \"train_value_loss_last\": %.4f, "
                        "\"heldout_value_loss_before\": %.4f, \"heldout_value_loss\": %.4f, "
                        "\"heldout_policy_loss_before\": %.4f, \"heldout_policy_loss\": %.4f, ",
                        w, steps, trainValue, before.valueLoss, after.valueLoss, before.policyLoss,
                        after.policyLoss);
        }
        {
            // Through the search's own door (TorchEvaluator on the sample's position): does
            // the trained value agree with material and with z in sign?
            nn::TorchEvaluator probeEv(cand, nullptr, 1);
            auto gen0 = std::make_shared<nn::Net>(best.clone());
            nn::TorchEvaluator gen0Ev(gen0, nullptr, 1);
            double entCand = 0, entGen0 = 0, topCand = 0, topGen0 = 0, vGen0Abs = 0, vCandAbs = 0;
            double vm = 0, vz = 0, n = 0, sumV = 0;
            int agreeMat = 0, withMat = 0;
            for (size_t i = 0; i < held.size(); i += 7) {
                const train::Sample smp = held.at(i);
                const Position p = smp.position();
                MoveList ml;
                p.legalMoves(ml);
                if (ml.empty()) continue;
                nn::EvalInput in{&p, &ml};
                nn::EvalOutput out;
                probeEv.evaluate({&in, 1}, {&out, 1});
                nn::EvalOutput out0;
                gen0Ev.evaluate({&in, 1}, {&out0, 1});
                double hc = 0, h0 = 0, mc = 0, m0 = 0;
                for (int k = 0; k < ml.size(); ++k) {
                    if (out.priors[k] > 0) hc -= out.priors[k] * std::log(out.priors[k]);
                    if (out0.priors[k] > 0) h0 -= out0.priors[k] * std::log(out0.priors[k]);
                    mc = std::max(mc, double(out.priors[k]));
                    m0 = std::max(m0, double(out0.priors[k]));
                }
                entCand += hc, entGen0 += h0, topCand += mc, topGen0 += m0;
                vGen0Abs += std::abs(out0.value), vCandAbs += std::abs(out.value);
                const double m = material(smp);
                vm += out.value * m;
                vz += out.value * smp.z / 100.0;
                sumV += out.value;
                n += 1;
                if (std::abs(m) >= 4) {
                    ++withMat;
                    agreeMat += (out.value > 0) == (m > 0);
                }
            }
            std::fprintf(stderr, "evaluator on held-out: mean v %.3f, E[v*material] %.3f, E[v*z] %.3f, sign agrees with material (|m|>=4) %d/%d\n",
                         sumV / n, vm / n, vz / n, agreeMat, withMat);
            std::fprintf(stderr, "priors over legal moves: entropy gen0 %.2f cand %.2f nats, top prior gen0 %.3f cand %.3f; mean |v| gen0 %.3f cand %.3f\n",
                         entGen0 / n, entCand / n, topGen0 / n, topCand / n, vGen0Abs / n, vCandAbs / n);
        }
        if (!arena) {
            std::printf("\"arena\": false}\n");
            std::fflush(stdout);
            continue;
        }
        cand->setThreads(1);
        auto bestCopy = std::make_shared<nn::Net>(best.clone());
        nn::TorchEvaluator ce(cand, nullptr, 32), be(bestCopy, nullptr, 32);
        train::ArenaOptions ao = train::arenaOptionsFrom(cfg);
        ao.seed = seed;
        train::RunControl control;
        const train::ArenaResult r = train::playArena(ce, be, ao, control);
        std::printf("\"wins\": %d, \"draws\": %d, \"losses\": %d, \"score\": %.3f}\n", r.wins,
                    r.draws, r.losses,
                    (r.wins + 0.5 * r.draws) / std::max(1, r.wins + r.draws + r.losses));
        std::fflush(stdout);
    }
    return 0;
}
