#include "core/nn/model_evaluator.h"

#include "core/error.h"
#if XQ_WITH_TORCH
#include "core/nn/inference_server.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_evaluator.h"
#endif

namespace xq::nn {

bool networkSupport() {
#if XQ_WITH_TORCH
    return true;
#else
    return false;
#endif
}

std::shared_ptr<Evaluator> loadParallelEvaluator(const std::string& path, int workers,
                                                 int leavesInFlight) {
#if XQ_WITH_TORCH
    auto net = std::make_shared<Net>(loadModel(path));
    return makeParallelEvaluator(std::move(net), workers, leavesInFlight);
#else
    (void)workers;
    (void)leavesInFlight;
    throw Error(ErrorCode::Internal,
                "model '" + path + "': this build has no network support (LibTorch)", path);
#endif
}

}  // namespace xq::nn
