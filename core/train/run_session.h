#pragma once
// Private to core/train: what every trainer of a run holds for one session, the one-machine
// Pipeline (pipeline_state.h) and the DistributedTrainer (trainer_role_state.h) alike: the
// run's configuration, the store and the run's row, the run's lease, the model folder, the
// checkpoint's account, and the training network with its trainer. Each trainer's State
// derives from it and adds its own.
// Thread-safety: owned by the thread that runs the session (the trainer's loop).

#include <memory>
#include <string>

#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"
#include "core/store/store.h"
#include "core/train/checkpoint.h"
#include "core/train/config.h"
#include "core/train/run_lease.h"

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
    std::unique_ptr<nn::NetTrainer> trainer;
};

}  // namespace xq::train
