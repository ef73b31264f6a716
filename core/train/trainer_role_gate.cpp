// The Gate stage of DistributedTrainer (trainer_role.h): the candidate's evaluation games,
// played by the workers, and the verdict.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/elo.h"
#include "core/train/gate_rule.h"
#include "core/train/publisher.h"
#include "core/train/trainer_role.h"
#include "core/train/trainer_role_state.h"

namespace fs = std::filesystem;

namespace xq::train {

// Rank 0 at OpenRun: the newest generation number, and (gate on) a candidate left undecided by
// the last session (not accepted and no Elo yet: every verdict records one), whose games go on.
void DistributedTrainer::findCandidate(State& st) {
    const std::vector<store::ModelInfo> models = st.store->listModels(st.run.id);
    st.newestGeneration = std::max(newestGenerationNumber(*st.store, st.run.id), st.ckpt.generation);
    if (st.config.gate == 0 || models.empty()) return;
    const auto newest = std::max_element(
        models.begin(), models.end(),
        [](const store::ModelInfo& a, const store::ModelInfo& b) { return a.id < b.id; });
    if (newest->accepted || newest->elo || newest->sha256.empty()) return;
    st.candidate = *newest;
    if (st.store->evalJobs(st.run.id, newest->id).empty() && st.ckpt.bestModelId > 0)
        st.store->enqueueEvalJobs(st.run.id, newest->id, st.ckpt.bestModelId, st.config.evalGames);
    log(LogLevel::Info, "generation " + std::to_string(newest->generation) +
                            " is still a candidate: its evaluation games go on");
}

// ---- Gate (rank 0, gate on): the candidate's evaluation games, then the verdict ----
// Requeues the games of silent workers, tallies the done ones, and decides when all are
// played (or the SPRT has decided: the rest are cancelled). Returns whether it decided.
bool DistributedTrainer::evaluateCandidate(State& st) {
    if (st.candidate.id == 0) return false;
    if (const int back = st.store->requeueEvalJobs(st.run.id, options_.evalClaimTimeoutMs))
        log(LogLevel::Warning,
            std::to_string(back) +
                " evaluation games of silent or stopped workers are queued again");
    ArenaResult r;
    int open = 0;
    for (const store::EvalJob& j : st.store->evalJobs(st.run.id, st.candidate.id)) {
        if (j.state == "queued" || j.state == "claimed") ++open;
        if (j.state != "done" || !j.score) continue;
        if (*j.score > 0.75)
            ++r.wins;
        else if (*j.score > 0.25)
            ++r.draws;
        else
            ++r.losses;
    }
    const bool early = open > 0 && gateDecidedEarly(st.config, r.wins, r.draws, r.losses);
    if (open > 0 && !early) return false;
    if (early) {
        st.store->cancelEvalJobs(st.candidate.id);
        r.decidedEarly = true;
    }
    r.elo = estimateElo(r.wins, r.draws, r.losses);
    decideCandidate(st, r);
    return true;
}

// The verdict (gate_rule.h, the one-machine pipeline's rule) into the models row (on
// PostgreSQL its NOTIFY sends the workers to an accepted candidate), the checkpoint, the
// metrics, the log and the callbacks, as the pipeline's Evaluate does.
void DistributedTrainer::decideCandidate(State& st, const ArenaResult& r) {
    const CandidateDecision d = judgeCandidate(st.config, r, st.candidate.generation, st.ckpt.step,
                                               {st.ckpt.elo, st.ckpt.eloLo, st.ckpt.eloHi});
    if (!d.verdict.detail.empty()) log(LogLevel::Info, d.verdict.detail);
    // A rejected candidate records its estimate too: an Elo marks a model as decided.
    st.store->setModelEvaluation(st.candidate.id, d.verdict.accepted, d.chained.elo,
                                 d.chained.eloLo, d.chained.eloHi);
    const int gen = st.candidate.generation;
    if (d.verdict.accepted) {
        st.ckpt.elo = d.chained.elo;
        st.ckpt.eloLo = d.chained.eloLo;
        st.ckpt.eloHi = d.chained.eloHi;
        st.ckpt.bestModelId = st.candidate.id;
        st.ckpt.bestFile = fs::path(st.candidate.file).filename().string();
        st.ckpt.generation = gen;
        st.progress.generation = gen;
    }
    const GenerationResult& gr = d.result;
    st.store->addMetrics(verdictMetrics(st.run.id, gr));
    log(LogLevel::Info, verdictLine(gr));
    if (st.trainer) saveSessionCheckpoint(st);
    if (callbacks_.generation) callbacks_.generation(gr);
    if (gr.accepted && callbacks_.published)
        callbacks_.published({gen, st.candidate.file, st.candidate.id, st.ckpt.step,
                              st.ckpt.samplesGenerated, st.clock.workedSeconds() / 60.0});
    st.candidate = {};
    ++st.decisions;
}

// Gate on, every cycle on every rank: rank 0 looks at its candidate, and its word on whether
// to publish now (only with no candidate pending: ranks cannot see the database's verdicts)
// reaches all ranks with the best generation and the verdicts so far. Returns that word.
bool DistributedTrainer::gateCycle(State& st, bool due) {
    std::vector<int64_t> word = {0, st.ckpt.generation, st.decisions};
    if (st.rank0) {
        evaluateCandidate(st);
        // A session that has its verdicts publishes no candidate it would not judge.
        const bool last = options_.generations > 0 && st.decisions >= options_.generations;
        word = {due && st.candidate.id == 0 && !last ? 1 : 0, st.ckpt.generation, st.decisions};
    }
    st.group->broadcast(word, 0);
    st.ckpt.generation = int(word[1]);
    st.decisions = int(word[2]);
    return word[0] != 0;
}

}  // namespace xq::train
