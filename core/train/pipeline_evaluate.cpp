// The Evaluate stage of Pipeline (pipeline.h).
#include "core/train/pipeline.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "core/nn/inference_server.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/train/arena.h"
#include "core/train/gate_rule.h"
#include "core/train/pipeline_state.h"
#include "core/train/publisher.h"
#include "core/train/selfplay_config.h"
#include "core/train/sprt.h"

namespace fs = std::filesystem;

namespace xq::train {

// ---- Evaluate: gate the candidate (gate 1 or 2) or publish it as is (gate 0) ----
// Evaluate = GatingMatch (only with a gate) -> RecordGeneration -> AnnounceGeneration.
// Returns false when a stop interrupted the gating match.
bool Pipeline::evaluatePhase(State& st) {
    const int candidateGen = nextGenerationNumber(st.ckpt.generation, st.newestGeneration);
    std::shared_ptr<nn::Net> candidate = st.candidate;
    st.candidate.reset();
    candidate->meta().generation = candidateGen;
    GenerationResult gr;
    gr.candidateGeneration = candidateGen;
    gr.step = st.ckpt.step;
    GateOutcome gate;
    if (st.config.gate != 0) {
        gate = gatingMatch(st, candidate, gr);
        if (gate.stopped) return false;
    } else {
        gr.score = 1;
    }
    gr.accepted = gate.accepted;
    recordGeneration(st, candidate, gate);
    gr.elo = st.ckpt.elo;
    gr.eloLo = st.ckpt.eloLo;
    gr.eloHi = st.ckpt.eloHi;
    announceGeneration(st, gr);
    return true;
}

// GatingMatch: the candidate against the playing generation, evalGames games (gate 1) or until
// the SPRT decides (gate 2); each game is stored as it finishes. Fills gr's match figures.
Pipeline::GateOutcome Pipeline::gatingMatch(State& st, const std::shared_ptr<nn::Net>& candidate,
                                            GenerationResult& gr) {
    const TrainConfig& config = st.config;
    const int candidateGen = gr.candidateGeneration;
    setStage(Stage::Evaluating);
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.stageDone = 0;
        st.progress.stageTotal = config.evalGames;
        st.progress.etaSeconds = -1;
    }
    emitProgress(st, true);
    auto candServer = makeServer(st, candidate);
    auto bestServer = makeServer(st, st.bestNet);
    ArenaOptions ao = arenaOptionsFrom(config);
    ao.seed = st.rng();
    ao.candidateLabel = "gen:" + std::to_string(candidateGen) + "@" + std::to_string(config.evalSimulations);
    ao.bestLabel = "gen:" + std::to_string(st.ckpt.generation) + "@" + std::to_string(config.evalSimulations);
    if (config.gate == 2)
        ao.decided = [&](int w, int d, int l) { return gateDecidedEarly(config, w, d, l); };
    const auto te0 = Clock::now();
    ArenaResult ar = playArena(*candServer, *bestServer, ao, control_,
                               [&](const store::GameRecord& g, int finished, int total) {
                                   store::GameRecord rec = g;
                                   rec.run = st.run.id;
                                   rec.kind = store::GameKind::Eval;
                                   rec.generation = candidateGen;
                                   const int64_t id = st.store->insertGame(rec);
                                   if (callbacks_.gameFinished)
                                       callbacks_.gameFinished({id, store::GameKind::Eval, rec.result, rec.reason, rec.plies, candidateGen});
                                   {
                                       std::lock_guard lk(st.progressMutex);
                                       st.progress.stageDone = finished;
                                       st.progress.stageTotal = total;
                                       st.progress.etaSeconds = secondsSince(te0) / std::max(1, finished) * (total - finished);
                                   }
                                   emitProgress(st, false);
                               });
    candServer->stop();
    bestServer->stop();
    GateOutcome out;
    if (ar.stopped) {
        out.stopped = true;
        return out;
    }
    gr.wins = ar.wins;
    gr.draws = ar.draws;
    gr.losses = ar.losses;
    gr.score = ar.elo.score;
    // The rule the distributed trainer applies to its evaluation jobs too (gate_rule.h).
    const GateVerdict v = gateVerdict(config, ar);
    if (!v.detail.empty()) log(LogLevel::Info, v.detail);
    out.accepted = v.accepted;
    out.elo = v.elo;
    out.eloLo = v.eloLo;
    out.eloHi = v.eloHi;
    return out;
}

// RecordGeneration: an accepted candidate becomes the playing generation: its file
// (gen-NNNN.xqm) first, then its models row (the source of truth, run_open.h: reconcileGenerations),
// then the checkpoint state in memory. A rejected one gets a row without a file. Either way the
// candidate's number (its meta().generation) is taken (publisher.h: nextGenerationNumber).
void Pipeline::recordGeneration(State& st, const std::shared_ptr<nn::Net>& candidate,
                                const GateOutcome& gate) {
    const TrainConfig& config = st.config;
    const int candidateGen = candidate->meta().generation;
    st.newestGeneration = std::max(st.newestGeneration, candidateGen);
    store::ModelInfo mi;
    mi.run = st.run.id;
    mi.generation = candidateGen;
    mi.parent = st.ckpt.bestModelId;
    mi.accepted = gate.accepted;
    if (!gate.accepted) {
        st.store->addModel(mi);
        return;
    }
    if (config.gate != 0) {
        // Elo chains through accepted generations; intervals add in quadrature. Without a
        // gate there is no match to chain: the ladder rates generations instead.
        const ChainedElo e = chainElo(st.ckpt.elo, st.ckpt.eloLo, st.ckpt.eloHi,
                                      GateVerdict{true, gate.elo, gate.eloLo, gate.eloHi, {}});
        st.ckpt.elo = e.elo;
        st.ckpt.eloLo = e.eloLo;
        st.ckpt.eloHi = e.eloHi;
    }
    mi.elo = st.ckpt.elo;
    mi.eloLo = st.ckpt.eloLo;
    mi.eloHi = st.ckpt.eloHi;
    // publisher.h: the file (crash point generation-file), then the row (generation-row).
    const PublishedModel pm =
        publishGeneration(*st.store, *candidate, st.modelDir, mi, {.crashPoints = true});
    st.ckpt.bestModelId = pm.model.id;
    st.ckpt.bestFile = pm.fileName;
    st.ckpt.generation = candidateGen;
    st.bestNet = candidate;
    st.playGeneration.store(candidateGen);
}

// AnnounceGeneration: the log line, the gate score metric, and the generation / published
// callbacks (the studio's charts, the background ladder).
void Pipeline::announceGeneration(State& st, const GenerationResult& gr) {
    const TrainConfig& config = st.config;
    const int candidateGen = gr.candidateGeneration;
    if (config.gate != 0) {
        // gate_rule.h: the accepted candidate's Elo and the match's score, as the distributed
        // trainer records its verdicts.
        st.store->addMetrics(verdictMetrics(st.run.id, gr));
        log(LogLevel::Info, verdictLine(gr));
    } else {
        char msg[256];
        std::snprintf(msg, sizeof msg, "generation %d published at step %lld (no gate)", candidateGen,
                      (long long)st.ckpt.step);
        log(LogLevel::Info, msg);
    }
    if (callbacks_.generation) callbacks_.generation(gr);
    if (gr.accepted && callbacks_.published) {
        int64_t generated = 0;
        {
            std::lock_guard lk(st.dataMutex);
            generated = st.ckpt.samplesGenerated;
        }
        callbacks_.published({candidateGen, (fs::path(st.modelDir) / st.ckpt.bestFile).string(),
                              st.ckpt.bestModelId, st.ckpt.step, generated,
                              secondsSince(st.sessionStart) / 60.0});
    }
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.generation = st.ckpt.generation;
    }
}

}  // namespace xq::train
