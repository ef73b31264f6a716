#pragma once
// The gating rule: whether a candidate's evaluation match accepts it, and the Elo of the new
// best. One rule and one decision step (judgeCandidate) for both trainers, so a run decides the
// same way on one host or many, and says so in the same log line and metrics (verdictLine,
// verdictMetrics). What differs is only where the candidate's games are played, which follows
// from where self-play runs:
//   Pipeline (pipeline_evaluate.cpp): a local match, played at once on this host (self-play
//     waits for it); the candidate's file is written only when accepted.
//   DistributedTrainer (trainer_role_gate.cpp): evaluation jobs in the store, played by the
//     workers while training goes on; the candidate's file and blob are published first (the
//     workers load it), and the verdict marks its row.
//   gate 1: accept when the candidate's score over the match is above gateThreshold, or
//           whenever the match finished at gateThreshold 0 (acceptCandidate; a match cut
//           short by a stop decides nothing);
//   gate 2: the SPRT (sprt.h) with H0 = 0 Elo, H1 = sprtElo1; a match that reached its cap
//           (evalGames) undecided goes by the sign of its log-likelihood ratio.
//
// Thread-safety: pure functions.

#include <cstdint>
#include <string>
#include <vector>

#include "core/store/records.h"
#include "core/train/arena.h"
#include "core/train/config.h"
#include "core/train/pipeline.h"
#include "core/train/sprt.h"

namespace xq::train {

SprtParams sprtParamsFrom(const TrainConfig& c);

// Gate 2 only: the SPRT has decided on this record, so the match may end here.
bool gateDecidedEarly(const TrainConfig& c, int wins, int draws, int losses);

struct GateVerdict {
    bool accepted = false;
    double elo = 0, eloLo = 0, eloHi = 0;  // the match's Elo of the candidate over the opponent
    std::string detail;  // gate 2: the SPRT's line for the log ("SPRT [0, 35]: LLR ..."); else empty
};

// The verdict on a match's record (r.decidedEarly: the SPRT ended it before the cap).
GateVerdict gateVerdict(const TrainConfig& c, const ArenaResult& r);

// The Elo of a candidate relative to generation 0, chained from the best's (elo, interval)
// through the match's estimate; the intervals' half-widths add in quadrature.
struct ChainedElo {
    double elo = 0, eloLo = 0, eloHi = 0;
};
ChainedElo chainElo(double bestElo, double bestLo, double bestHi, const GateVerdict& match);

// The decision on a candidate from its evaluation record, wherever the games were played: the
// verdict (gateVerdict), the candidate's Elo relative to generation 0 chained from the best's
// (`best`, chainElo), and the GenerationResult its log line, metrics and callbacks take, whose
// Elo is the best generation's after the verdict (the chained one when accepted, `best`
// otherwise).
struct CandidateDecision {
    GateVerdict verdict;
    ChainedElo chained;
    GenerationResult result;
};
CandidateDecision judgeCandidate(const TrainConfig& c, const ArenaResult& r, int candidateGeneration,
                                 int64_t step, const ChainedElo& best);

// The log line of a verdict: "generation N accepted: +W =D -L (score S%), best Elo E [LO, HI]"
// (gr's Elo: the best generation's after the verdict).
std::string verdictLine(const GenerationResult& gr);
// The metric points of a verdict: an accepted candidate's Elo (elo, elo_lo, elo_hi), then the
// match's score (gate_score), each at step = the candidate's generation.
std::vector<store::MetricPoint> verdictMetrics(int64_t run, const GenerationResult& gr);

}  // namespace xq::train
