#pragma once
// The loop every trainer of a run runs, once OpenRun and RebuildBuffers are done:
//   loop { Ingest -> Train -> Publish (when due; with a gate: Gate) -> EndCycle (Checkpoint) }
//   until a limit or a stop, then Finish (the last checkpoint).
// A trainer is a configuration of it: the stages it plugs in (LoopStages). Three exist:
//   Pipeline, alternating (pipeline.cpp): Ingest plays a self-play phase of gamesPerIteration
//     games, then takes the games workers stored; Train takes every step the ratio has due
//     (held-out checks, early stopping); Publish gates the candidate in a local match (gate 1
//     or 2) or publishes it (gate 0); every cycle ends with a checkpoint.
//   Pipeline, concurrent (pipeline_selfplay.cpp): self-play runs on its own thread; Ingest
//     takes the workers' games once a second and waits for work; Train takes one step;
//     Publish comes every gamesPerIteration games and swaps the weights into the running
//     self-play; a cycle that published ends with a checkpoint.
//   DistributedTrainer (trainer_role.cpp): Ingest is rank 0's new game ids broadcast to every
//     rank, with every rank's stop flag; Train takes up to kStepsPerCycle steps (gradients
//     averaged through c10d); Publish is rank 0's (with a gate: the evaluation jobs workers
//     play, trainer_role_gate.cpp), with its checkpoint; a cycle without a step waits for games.
// What every configuration shares lives below the stages: the run opened by run_open.h, the
// games by StoreGameFeed (game_feed.h), a step by runTrainStep (train_step.h), a generation
// by publishGeneration and numbered by nextGenerationNumber (publisher.h), the gate's rule by
// gate_rule.h, the held-out set by early_stop.h.
//
// Thread-safety: runTrainingLoop runs the stages on the calling thread, one at a time.

#include <functional>

namespace xq::train {

struct LoopStages {
    // Before each cycle: true ends the loop (a stop, the session's minutes, iterations or
    // generations). A configuration whose ranks must stop together asks for a stop here and
    // lets Ingest agree on it instead.
    std::function<bool()> limitReached;
    // Ingest: new games into the replay buffer (and the held-out set). False: a stop; the loop
    // ends without a checkpoint of the cycle (Finish writes one).
    std::function<bool()> ingest;
    // Train: the steps due. False: a stop or the time limit cut it; the cycle's steps are kept
    // by a checkpoint, then the loop ends.
    std::function<bool()> train;
    // Whether a generation is due now (enough new games and steps, or a candidate trained).
    std::function<bool()> publishDue;
    // Publish (or Gate): false when a stop interrupted it (a gating match); the loop then
    // checkpoints what it trained and ends.
    std::function<bool()> publish;
    // The checkpoint of the training network, its optimizer and the run's account.
    std::function<void(const char* why)> checkpoint;
    // The end of a cycle (published: whether Publish ran): the configuration's iteration
    // count, its checkpoint rule, progress, and a wait when nothing was due.
    std::function<void(bool published)> endCycle;
    // After the loop: the session's last checkpoint and its summary.
    std::function<void()> finish;
};

// Runs the loop; an exception from a stage leaves the loop at once (Finish does not run).
void runTrainingLoop(const LoopStages& s);

}  // namespace xq::train
