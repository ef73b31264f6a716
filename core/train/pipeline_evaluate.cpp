// The Evaluate stage of Pipeline (pipeline.h).
#include "core/train/pipeline.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
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
// Evaluate = GatingMatch (only with a gate; judgeCandidate, gate_rule.h, decides) ->
// RecordGeneration -> AnnounceGeneration. Returns false when a stop interrupted the match.
bool Pipeline::evaluatePhase(State& st) {
    const int candidateGen = nextGenerationNumber(st.ckpt.generation, st.newestGeneration);
    std::shared_ptr<nn::Net> candidate = st.candidate;
    st.candidate.reset();
    candidate->meta().generation = candidateGen;
    const ChainedElo best{st.ckpt.elo, st.ckpt.eloLo, st.ckpt.eloHi};
    GenerationResult gr;
    if (st.config.gate != 0) {
        const std::optional<ArenaResult> match = gatingMatch(st, candidate, candidateGen);
        if (!match) return false;
        const CandidateDecision d = judgeCandidate(st.config, *match, candidateGen, st.ckpt.step, best);
        if (!d.verdict.detail.empty()) log(LogLevel::Info, d.verdict.detail);
        recordGeneration(st, candidate, d.verdict.accepted, d.chained);
        gr = d.result;
    } else {
        // No match to chain: the Elo stays the best's, the ladder rates generations instead.
        recordGeneration(st, candidate, true, best);
        gr.candidateGeneration = candidateGen;
        gr.score = 1;
        gr.accepted = true;
        gr.elo = best.elo;
        gr.eloLo = best.eloLo;
        gr.eloHi = best.eloHi;
        gr.step = st.ckpt.step;
    }
    announceGeneration(st, gr);
    return true;
}

// GatingMatch: the candidate against the playing generation, evalGames games (gate 1) or until
// the SPRT decides (gate 2); each game is stored as it finishes. Nothing when a stop cut it.
std::optional<ArenaResult> Pipeline::gatingMatch(State& st, const std::shared_ptr<nn::Net>& candidate,
                                                 int candidateGen) {
    const TrainConfig& config = st.config;
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
    if (ar.stopped) return std::nullopt;
    return ar;
}

// RecordGeneration: an accepted candidate becomes the playing generation, with Elo `elo`: its
// file (gen-NNNN.xqm) first, then its models row (the source of truth, run_open.h:
// reconcileGenerations), then the checkpoint state in memory. A rejected one gets a row without
// a file. Either way the candidate's number (its meta().generation) is taken (publisher.h:
// nextGenerationNumber).
void Pipeline::recordGeneration(State& st, const std::shared_ptr<nn::Net>& candidate, bool accepted,
                                const ChainedElo& elo) {
    const int candidateGen = candidate->meta().generation;
    st.newestGeneration = std::max(st.newestGeneration, candidateGen);
    store::ModelInfo mi;
    mi.run = st.run.id;
    mi.generation = candidateGen;
    mi.parent = st.ckpt.bestModelId;
    mi.accepted = accepted;
    if (!accepted) {
        st.store->addModel(mi);
        return;
    }
    st.ckpt.elo = elo.elo;
    st.ckpt.eloLo = elo.eloLo;
    st.ckpt.eloHi = elo.eloHi;
    mi.elo = st.ckpt.elo;
    mi.eloLo = st.ckpt.eloLo;
    mi.eloHi = st.ckpt.eloHi;
    // publisher.h: the file (crash point generation-file), then the row (generation-row).
    const PublishedModel pm =
        publishGeneration(*st.store, *candidate, st.modelDir, mi);
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
                              st.clock.workedSeconds() / 60.0});
    }
    {
        std::lock_guard lk(st.progressMutex);
        st.progress.generation = st.ckpt.generation;
    }
}

}  // namespace xq::train
