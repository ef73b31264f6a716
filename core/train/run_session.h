#pragma once
// Private to core/train: what every trainer of a run holds for one session, the one-machine
// Pipeline (pipeline_state.h) and the DistributedTrainer (trainer_role_state.h) alike: the
// run's configuration, the store and the run's row, the run's lease, the model folder, the
// checkpoint's account, the training network with its trainer and gradient group, and the
// replay buffer with the held-out set, and the session's clock. Each trainer's State derives
// from it and adds its own.
// Thread-safety: owned by the thread that runs the session (the trainer's loop).

#include <memory>
#include <string>

#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/nn/training_group.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/config.h"
#include "core/train/replay_buffer.h"
#include "core/train/run_lease.h"
#include "core/train/session_clock.h"

namespace xq::train {

struct RunSession {
    TrainConfig config;  // the run's: the stored one on resume
    std::unique_ptr<store::Store> store;
    store::RunInfo run;
    // The run's lease (run_lease.h): declared after `store`, so it is given back before the
    // store closes.
    std::unique_ptr<RunLeaseHolder> lease;
    std::string modelDir;
    Checkpoint ckpt;
    std::shared_ptr<nn::Net> trainNet;
    // The gradient group the trainer averages its steps in: a solo group (rank 0 of 1, whose
    // collectives do nothing) in the Pipeline, the c10d ranks in the DistributedTrainer.
    std::unique_ptr<nn::TrainingGroup> group;
    std::unique_ptr<nn::NetTrainer> trainer;
    std::unique_ptr<ReplayBuffer> buffer;
    // The games kept out of training (early_stop.h: heldOutGame, by id, the same on every rank
    // and after a resume); their losses are the held-out checks.
    std::unique_ptr<ReplayBuffer> heldOut;
    // The session's clock (session_clock.h): started when the session starts, carrying the
    // checkpoint's worked seconds once it is read (openRunRow).
    SessionClock clock;
};

// Writes the session's checkpoint (checkpoint.h) with the run's worked seconds up to now.
inline void saveSessionCheckpoint(RunSession& s) {
    s.ckpt.workedSeconds = s.clock.runSeconds();
    saveCheckpoint(s.modelDir, s.ckpt, *s.trainNet, *s.trainer);
}

}  // namespace xq::train
