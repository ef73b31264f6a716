#pragma once
// Checkpoints of a training run: the training network and its optimizer state under names
// that carry the step (train-00001234.xqm / .opt), then checkpoint.json naming them, written
// last through a temp file + rename. Whatever moment a crash hits, checkpoint.json names
// complete files: either the previous checkpoint's or the new one's. Older train-* files are
// deleted only after the new manifest is in place.
//
// RNG: the run's generator is re-derived from (seed, iteration) on resume, so the manifest
// holds no generator state.
//
// Thread-safety: plain functions; one writer per directory.

#include <cstdint>
#include <optional>
#include <string>

namespace xq::nn {
class Net;
class NetTrainer;
}  // namespace xq::nn

namespace xq::train {

struct Checkpoint {
    int64_t step = 0;           // training steps done
    int generation = 0;         // best (accepted) generation
    int iteration = 0;          // loop iterations completed
    int iterationAtStart = 0;   // not stored: iteration when this session started
    std::string bestFile;       // model file of the best generation (in the run's model dir)
    int64_t bestModelId = 0;    // its row in the store's models table
    std::string trainFile;      // training network
    std::string optimizerFile;  // its Adam state (and the weight average, weight-average-steps)
    double elo = 0, eloLo = 0, eloHi = 0;  // of the best generation, relative to generation 0
    // The training ratio's account (config.h trainRatio): samples self-play added to the
    // training buffer, and samples the training steps consumed, over the whole run. A
    // checkpoint written before these existed reads as -1 (the pipeline then estimates them).
    int64_t samplesGenerated = -1;
    int64_t samplesTrained = -1;
    // The run's worked seconds up to this checkpoint (session_clock.h: paused time left out),
    // from which a resumed session's timed schedules go on. 0 in one written before it existed.
    double workedSeconds = 0;
};

// Writes the training net + optimizer, then the manifest; updates ckpt's file names.
void saveCheckpoint(const std::string& dir, Checkpoint& ckpt, nn::Net& trainNet,
                    const nn::NetTrainer& trainer);
// Reads dir/checkpoint.json; empty when there is none. Throws std::runtime_error when it exists
// but is unreadable or names missing files.
std::optional<Checkpoint> readCheckpoint(const std::string& dir);

}  // namespace xq::train
