#pragma once
// NetTrainer: the gradient step for the training loop (core/train calls it; core/train cannot
// include LibTorch, so this API holds plain vectors only).
//
// Loss per sample: policy cross-entropy  -sum_i pi_i * log softmax(logits)_i, plus
// valueWeight * (v - z)^2, averaged over the batch. The softmax runs over all 8100 outputs
// (targets put no mass on illegal moves, which pushes their logits down), or, when the batch
// carries legal-move masks, over the legal moves only, as the search uses the priors: then no
// step is spent learning which moves the rules allow (lc0's trainer masks them too). L2
// regularisation through Adam's weight_decay. Gradients are clipped to clipNorm (0 = off) before
// the step. z is from the side to move's view of each sample, like the network's value.
//
// Auxiliary reply head (TrainerOptions::replyWeight > 0; KataGo's opponent policy): a second
// bilinear policy head on the trunk predicts the move the opponent played next, in the
// sample's own (mover's) view; replyWeight times its cross-entropy, over the batch's samples
// that have a reply, joins the loss. Its gradient shapes the trunk (what the opponent
// threatens is what a one-ply policy misses), while the published network is unchanged: the
// head belongs to the trainer, is never part of a model file or of inference, and is saved
// with the optimizer state. It has its own Adam, at the same learning rate; clipping is over
// both. Its metric is TrainStats::replyLoss (0 without the head or without replies).
//
// Data-parallel (setGroup with more than one rank): after backward, before clipping, one
// allreduce averages the gradients over the ranks, packed into one buffer together with the
// batch-norm running statistics of this step's forward pass (their mean over the ranks; the
// spread of the batch means between ranks is not added to the variance, unlike a true
// sync-BN). Ranks that start from identical weights (TrainingGroup::broadcastWeights) then
// stay bit-identical: same gradients, same clipping, same Adam step. Each rank trains on its
// own batch; the effective batch is the sum of theirs. A failed collective throws
// Error(DistributedFailed) out of step(): that rank's weights are as before the step (its
// batch-norm statistics moved by the forward pass) and the group is unusable.
//
// Thread-safety: NOT thread-safe. While a step runs nothing else may use the Net (no
// forward() from another thread): train a separate Net and copy its weights into the one
// that serves inference (Net::clone / copyWeightsFrom, or save + load).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/nn/net.h"
#include "core/nn/training_group.h"

namespace xq::nn {

struct TrainerOptions {
    double learningRate = 1e-3;
    double weightDecay = 1e-4;
    double clipNorm = 5.0;     // max global gradient norm; 0 = no clipping
    double valueWeight = 1.0;  // weight of the value loss against the policy loss
    // Time constant, in steps, of the moving average of the weights that publishable()
    // returns; 0 = no average (publishable() is the trained weights).
    double averageSteps = 0;
    // Weight of the auxiliary reply head's loss (see the top of this file); 0 = no head.
    double replyWeight = 0;
};

// One sparse policy target entry: sample `row` puts probability `prob` on policy index
// `index` (encoder.h layout, mover's view).
struct PolicyEntry {
    int32_t row = 0;
    int32_t index = 0;
    float prob = 0;
};

struct TrainBatch {
    int size = 0;                         // samples
    std::vector<float> planes;            // size x kInputSize (encoder.h)
    std::vector<float> policyDense;       // size x kPolicySize; if empty, policySparse is used
    std::vector<PolicyEntry> policySparse;
    std::vector<float> values;            // size; z in [-1, 1], side to move's view
    // Empty, or size x kPolicySize: 1 where the index is a legal move of that sample (mirrored
    // with it). With masks the policy softmax and entropy are over the legal moves only.
    std::vector<uint8_t> legalMask;
    // Empty, or size entries: the policy index of the move the opponent played next, in the
    // sample's mover's view (policyIndex(reply, mover), mirrored with the sample), or -1
    // where none was played (the game's last move). Read only by a trainer with a reply head.
    std::vector<int32_t> replies;
};

struct TrainStats {
    double totalLoss = 0;
    double policyLoss = 0;
    double valueLoss = 0;
    double replyLoss = 0;      // the reply head's cross-entropy (0 without the head)
    double policyEntropy = 0;  // mean entropy of the net's policy (nats; over the legal moves with masks)
    double top1Accuracy = 0;   // share of samples whose argmax logit is the target's argmax
    double gradNorm = 0;       // before clipping (0 for evaluate())
    double learningRate = 0;
    int samples = 0;               // this rank's samples
    double collectiveSeconds = 0;  // of this step, spent in the gradient allreduce (0 alone)
};

class NetTrainer {
public:
    NetTrainer(Net& net, TrainerOptions options = {});
    ~NetTrainer();
    NetTrainer(const NetTrainer&) = delete;
    NetTrainer& operator=(const NetTrainer&) = delete;

    // One Adam step on the batch (train mode: batch-norm statistics update). Increments
    // net.meta().trainingSteps. Throws std::invalid_argument on malformed batches.
    TrainStats step(const TrainBatch& batch);
    // Losses and metrics without changing anything (eval mode, no grad): validation.
    TrainStats evaluate(const TrainBatch& batch);

    // Trains as one rank of `group` (not owned; it must outlive the trainer or be unset
    // with nullptr) from the next step on; nullptr or a group of one: alone. Every rank of
    // the group must call step() the same number of times. With a group the step also sets
    // this thread's LibTorch intra-op threads to the net's NetOptions::threads (ranks as
    // threads of one process would otherwise each spin up a full OpenMP team).
    void setGroup(TrainingGroup* group);
    TrainingGroup* group() const;

    void setLearningRate(double lr);
    double learningRate() const;
    const TrainerOptions& options() const { return options_; }

    // The weights a generation publishes. With options().averageSteps = T > 0: the moving
    // average of the weights after each step since this trainer started (or since the state
    // it loaded), parameters and batch-norm running statistics alike: the mean of the first T
    // steps' weights, then each step's weights enter with weight 1/T (an exponential average
    // over about T steps, as lc0's and KataGo's stochastic weight averaging smooth the noise
    // of single steps). Before the first step, or with T = 0: the trained weights. Meta as the
    // trained net's.
    Net publishable() const;
    // Steps in the moving average (0 with averageSteps 0).
    int64_t averagedSteps() const;

    // Optimizer state (Adam moments, the moving average of the weights with its step count,
    // and the reply head with its Adam moments) for checkpoints, in the model_file.h container
    // with magic "XQZOPTIM". load throws ModelFileError on a corrupt or mismatched file; a
    // state without an average or a reply head (or saved by a trainer without one) starts
    // that average from the next step and that head afresh.
    void saveState(const std::string& path) const;
    void loadState(const std::string& path);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    TrainerOptions options_;
};

}  // namespace xq::nn
