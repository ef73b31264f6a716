#pragma once
// OpenRun as both trainers do it: the one-machine Pipeline (pipeline.cpp) and the
// DistributedTrainer's rank 0 (trainer_role.cpp) open a run through these functions, so a rule
// of opening exists once.
//   openRunRow            the store, the run's row (created, or found for a resume; refused
//                         otherwise), its lease, the model folder, the room-to-work check, the
//                         stored configuration and the checkpoint (one that does not read is
//                         skipped, said in the log).
//   reconcileGenerations  the models table (the source of truth for generations) against the
//                         checkpoint: a row the checkpoint names but the table lacks is restored;
//                         a checkpoint behind the table moves to the table's newest generation.
//   loadPlayingGeneration the network of the playing generation, or of the newest accepted one
//                         whose weights load (each skipped one named in the log).
//   startTrainer          the trainer of the training network in the session's gradient group,
//                         the checkpoint's optimizer state restored; the empty replay buffer and
//                         held-out set.
// Before any work openRunRow proves that the work can be kept (checkRoomToWork): the database
// takes a write, the model folder a file, and both disks have room.
//
// Thread-safety: each function works on the RunSession of the calling trainer's thread.

#include <functional>
#include <memory>
#include <string>

#include "core/store/store.h"
#include "core/train/config.h"
#include "core/train/pipeline.h"
#include "core/train/run_session.h"

namespace xq::nn {
struct NetOptions;
class Net;
}  // namespace xq::nn

namespace xq::train {

using RunLog = std::function<void(LogLevel, const std::string&)>;

struct RunOpenRequest {
    std::string dbPath;  // a file path or a postgresql:// URI
    std::string runName;
    std::string modelDir;  // empty: store::defaultModelDir(dbPath, runName)
    std::string presetName;
    TrainConfig config;  // a new run's; a resumed run keeps its stored one
    bool resume = false;
    store::OpenOptions open;  // its log is set to the RunLog's warnings when empty
    // A new run only: runs before its row is created (a bad start-games source then leaves
    // no run behind).
    std::function<void()> beforeCreate;
    // Called when the run's lease is later lost: the trainer stops writing.
    std::function<void()> requestStop;
};

// The request's fields from a trainer's options (PipelineOptions, TrainerRoleOptions: the same
// names), so each field is copied in one place.
template <class TrainerOptions>
RunOpenRequest runOpenRequest(const TrainerOptions& o) {
    RunOpenRequest r;
    r.dbPath = o.dbPath;
    r.runName = o.runName;
    r.modelDir = o.modelDir;
    r.presetName = o.presetName;
    r.config = o.config;
    r.resume = o.resume;
    return r;
}

struct OpenedRun {
    bool resumed = false;        // the run existed
    bool haveCheckpoint = false; // its checkpoint.json read and named files that exist
};

// Fills s.store, s.run, s.lease, s.modelDir, s.config and (with a checkpoint) s.ckpt. Throws
// Error RunExists / RunNotFound / RunLeased / FolderNotWritable / DiskFull, or a store error.
OpenedRun openRunRow(RunSession& s, const RunOpenRequest& r, const RunLog& log);

// The database takes a write now (not read-only, not locked past the busy timeout), the model
// folder takes a file, and the disks of a database file and of the model folder have 64 MiB.
void checkRoomToWork(RunSession& s, const std::string& dbPath);

// Returns false when the run has no generation stored (a new run, or one killed before its
// generation 0 was). Otherwise s.ckpt's generation, bestFile, bestModelId and Elo name the
// generation to continue from.
bool reconcileGenerations(RunSession& s, const OpenedRun& opened, const RunLog& log);

// The checkpoint's training network (s.ckpt.trainFile), or null when it does not load (said in
// the log: training then goes on from the playing generation with a fresh optimizer).
std::shared_ptr<nn::Net> loadCheckpointNet(RunSession& s, const nn::NetOptions& netOpts,
                                           const RunLog& log);

// The network of s.ckpt's generation (its file, or its weights in the store when the file is
// missing, e.g. on another host), or of the newest accepted generation whose weights load; a
// fallback moves s.ckpt to it. Throws Error RunModelMissing when none loads.
std::shared_ptr<nn::Net> loadPlayingGeneration(RunSession& s, const nn::NetOptions& netOpts,
                                               const RunLog& log);

// After s.trainNet and s.group are set: s.trainer trains s.trainNet at `learningRate`,
// averaging its steps in s.group, with the optimizer's state of the checkpoint
// (s.ckpt.optimizerFile) when `restoreOptimizer` and the checkpoint names one; s.buffer and
// s.heldOut are new and empty, sized and configured from s.config.
void startTrainer(RunSession& s, double learningRate, bool restoreOptimizer);

}  // namespace xq::train
