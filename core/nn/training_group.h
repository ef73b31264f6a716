#pragma once
// TrainingGroup: the ranks of one data-parallel training run, over LibTorch's c10d with the
// Gloo backend (CPU tensors; a CUDA net's tensors go through host memory). Each rank trains
// its own copy of the net on its own batches; NetTrainer::setGroup makes every step average
// the gradients (and the batch-norm running statistics) across the ranks, so ranks that start
// from identical weights stay bit-identical (broadcastWeights gives them identical weights).
//
// Rendezvous: rank 0 hosts a c10d TCPStore at `master` (HOST:PORT); every rank connects to it
// and the Gloo process group exchanges its addresses there. Ranks may be processes on several
// machines or threads of one process (the tests and `xqzero bench train --world-size` do the
// latter on loopback).
//
// Every c10d call of the project lives in torch_training_group.cpp (its API moved between
// LibTorch 1.13 and 2.x). This header holds plain types only: core/train and app include it.
//
// Errors: xq::Error with subject `master`. DistributedUnavailable: worldSize > 1 in a build
// without Gloo (XQ_WITH_GLOO unset). DistributedFailed: the group could not be joined within
// timeoutSeconds, or a collective failed (a peer died, or did not answer within the timeout).
// No call blocks longer than about timeoutSeconds.
//
// Thread-safety: NOT thread-safe. One thread at a time uses a TrainingGroup, and every rank
// must make the same collective calls in the same order (a collective is a meeting: a rank
// that skips one leaves the others waiting until the timeout). Distinct TrainingGroup
// objects (one per rank thread) are independent.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace xq::nn {

class Net;

struct GroupOptions {
    int rank = 0;
    int worldSize = 1;
    std::string master = "127.0.0.1:29500";  // HOST:PORT where rank 0 hosts the store
    int timeoutSeconds = 600;                // joining, and each collective
};

class TrainingGroup {
  public:
    // Whether this build has c10d Gloo (more than one rank possible). Thread-safe.
    static bool available();

    // Joins the group: rank 0 hosts the store at master; blocks until all worldSize ranks
    // have joined, or throws Error(DistributedFailed) after timeoutSeconds. worldSize 1
    // needs no Gloo, opens no socket, and its collectives do nothing. Throws
    // std::invalid_argument on a rank outside [0, worldSize), a worldSize < 1, a timeout < 1
    // or a master that is not HOST:PORT.
    explicit TrainingGroup(const GroupOptions& options);
    // Leaves the group (closes its connections: a peer still in a collective then fails
    // instead of waiting out its timeout).
    ~TrainingGroup();
    TrainingGroup(const TrainingGroup&) = delete;
    TrainingGroup& operator=(const TrainingGroup&) = delete;

    int rank() const;
    int worldSize() const;
    const GroupOptions& options() const;

    // Replaces `values` on every rank by root's: small decisions (steps due, a stop flag).
    // Every rank passes a vector of the same size.
    void broadcast(std::vector<int64_t>& values, int root = 0);
    // Replaces every element by the mean over the ranks of that element (sum, then divided
    // by worldSize, so every rank gets the same bits). Same size on every rank.
    void allreduceMean(std::span<float> values);
    // Copies root's parameters and buffers (batch-norm statistics) into `net` on every rank;
    // every rank's net has the same config. Does not change net.meta().
    void broadcastWeights(Net& net, int root = 0);

    // Seconds this rank has spent inside collectives since it joined (waiting for slower
    // peers included): the collective share of a training step.
    double collectiveSeconds() const;

    struct Impl;  // defined in torch_training_group.cpp

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace xq::nn
