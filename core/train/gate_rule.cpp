#include "core/train/gate_rule.h"

#include <cmath>
#include <cstdio>

#include "core/train/pipeline.h"

namespace xq::train {

SprtParams sprtParamsFrom(const TrainConfig& c) {
    return SprtParams{0, c.sprtElo1, c.sprtAlpha, c.sprtBeta};
}

bool gateDecidedEarly(const TrainConfig& c, int wins, int draws, int losses) {
    return c.gate == 2 && sprtDecide(wins, draws, losses, sprtParamsFrom(c)) != SprtDecision::Continue;
}

GateVerdict gateVerdict(const TrainConfig& c, const ArenaResult& r) {
    GateVerdict v;
    v.elo = r.elo.elo;
    v.eloLo = r.elo.eloLo;
    v.eloHi = r.elo.eloHi;
    if (c.gate != 2) {
        v.accepted = acceptCandidate(r, c.gateThreshold);
        return v;
    }
    const SprtParams sprt = sprtParamsFrom(c);
    const double llr = sprtLlr(r.wins, r.draws, r.losses, sprt);
    const SprtDecision d = sprtDecide(r.wins, r.draws, r.losses, sprt);
    v.accepted = !r.stopped && (d == SprtDecision::AcceptH1 || (d == SprtDecision::Continue && llr > 0));
    char msg[160];
    std::snprintf(msg, sizeof msg, "SPRT [0, %g]: LLR %.2f in [%.2f, %.2f] after %d games%s", c.sprtElo1, llr,
                  sprtLowerBound(sprt), sprtUpperBound(sprt), r.wins + r.draws + r.losses,
                  r.decidedEarly ? "" : " (the cap)");
    v.detail = msg;
    return v;
}

ChainedElo chainElo(double bestElo, double bestLo, double bestHi, const GateVerdict& match) {
    const double lo = bestElo - bestLo, hi = bestHi - bestElo;
    const double mlo = match.elo - match.eloLo, mhi = match.eloHi - match.elo;
    ChainedElo out;
    out.elo = bestElo + match.elo;
    out.eloLo = out.elo - std::sqrt(lo * lo + mlo * mlo);
    out.eloHi = out.elo + std::sqrt(hi * hi + mhi * mhi);
    return out;
}

CandidateDecision judgeCandidate(const TrainConfig& c, const ArenaResult& r, int candidateGeneration,
                                 int64_t step, const ChainedElo& best) {
    CandidateDecision d;
    d.verdict = gateVerdict(c, r);
    d.chained = chainElo(best.elo, best.eloLo, best.eloHi, d.verdict);
    const ChainedElo& after = d.verdict.accepted ? d.chained : best;
    GenerationResult& gr = d.result;
    gr.candidateGeneration = candidateGeneration;
    gr.wins = r.wins;
    gr.draws = r.draws;
    gr.losses = r.losses;
    gr.score = r.elo.score;
    gr.accepted = d.verdict.accepted;
    gr.elo = after.elo;
    gr.eloLo = after.eloLo;
    gr.eloHi = after.eloHi;
    gr.step = step;
    return d;
}

std::string verdictLine(const GenerationResult& gr) {
    char msg[256];
    std::snprintf(msg, sizeof msg, "generation %d %s: +%d =%d -%d (score %.1f%%), best Elo %.0f [%.0f, %.0f]",
                  gr.candidateGeneration, gr.accepted ? "accepted" : "rejected", gr.wins, gr.draws, gr.losses,
                  gr.score * 100, gr.elo, gr.eloLo, gr.eloHi);
    return msg;
}

std::vector<store::MetricPoint> verdictMetrics(int64_t run, const GenerationResult& gr) {
    const int gen = gr.candidateGeneration;
    std::vector<store::MetricPoint> pts;
    if (gr.accepted)
        pts = {{run, gen, "elo", gr.elo, 0}, {run, gen, "elo_lo", gr.eloLo, 0}, {run, gen, "elo_hi", gr.eloHi, 0}};
    pts.push_back({run, gen, "gate_score", gr.score, 0});
    return pts;
}

}  // namespace xq::train
