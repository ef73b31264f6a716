#pragma once
// Publishing a generation, the same for the one-machine Pipeline (generation 0 in OpenRun,
// pipeline.cpp; an accepted candidate in RecordGeneration, pipeline_evaluate.cpp) and the
// DistributedTrainer (Publish, trainer_role.cpp): the network is written to
// modelDir/gen-NNNN.xqm, then its bytes go into the store's blobs by sha256 (workers on any host
// load models from the database, worker.h: they may join either trainer's run), then the models
// row is added.
// The file comes first, so a row never names a file that was not written; a kill between the
// two leaves a file without a row, which the next publish of that number overwrites
// (run_open.h: reconcileGenerations).
//
// Thread-safety: publishGeneration writes the model folder and the store on the caller's
// thread, which must be the run's one writer (run_lease.h). generationFileName is pure.

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/store/records.h"

namespace xq::nn {
class Net;
}

namespace xq::store {
class Store;
}

namespace xq::train {

// "gen-0007.xqm": the file name of a generation in the run's model folder.
std::string generationFileName(int generation);

// Generation numbers, the same rule in both trainers: every candidate takes the number after
// the run's highest one (the playing generation's, or a newer candidate's row), so a number
// never names two models; a rejected candidate keeps its number and its row (in the
// DistributedTrainer also its file, which the workers played). Without a gate every candidate
// is accepted and the numbers run 0, 1, 2, ...
int nextGenerationNumber(int playing, int newestStored);
// The highest generation number among the run's models rows; -1 when it has none.
int newestGenerationNumber(store::Store& store, int64_t run);

struct PublishedModel {
    store::ModelInfo model;  // the row as added: id, file (modelDir/gen-NNNN.xqm), sha256
    std::string fileName;    // gen-NNNN.xqm (the checkpoint's bestFile)
    size_t bytes = 0;        // the file's size, as stored in the blob
};

// Saves `net` (its meta().generation set by the caller) as generation row.generation in
// modelDir and adds `row` (run, generation, parent, accepted, Elo as the caller fills them)
// with its file and its blob's sha256. Throws nn::ModelFileError or a store error. Passes the
// crash points "generation-file" and "generation-row" (crash_point.h), in both trainers.
PublishedModel publishGeneration(store::Store& store, nn::Net& net, const std::string& modelDir,
                                 store::ModelInfo row);

}  // namespace xq::train
