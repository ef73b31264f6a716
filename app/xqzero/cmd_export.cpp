// xqzero export MODEL OUT: writes the model's weights as a PyTorch state dict
// (torch.load(OUT) -> dict name -> tensor; names documented in core/nn/model_file.h).
#include <iostream>

#include "app/xqzero/command.h"
#ifdef XQ_WITH_TORCH
#include "core/nn/model_file.h"
#endif

namespace {

std::function<int()> setup(CLI::App& sub) {
    struct Opts {
        std::string model, out;
    };
    auto o = std::make_shared<Opts>();
    sub.add_option("model", o->model, "Model file (.xqz) to read")->required();
    sub.add_option("out", o->out, "Output file for torch.load (a state dict)")->required();
    return [o] {
#ifdef XQ_WITH_TORCH
        try {
            const xq::nn::Net net = xq::nn::loadModel(o->model);
            xq::nn::exportStateDict(net, o->out);
            std::cout << "exported " << net.config().label() << " net (generation "
                      << net.meta().generation << ", " << net.meta().trainingSteps
                      << " training steps, " << net.parameterCount() << " parameters) to "
                      << o->out << "\n";
            return xqcli::kExitOk;
        } catch (const std::exception& e) {
            std::cerr << "xqzero export: " << e.what() << "\n";
            return xqcli::kExitFailure;
        }
#else
        std::cerr << "xqzero export: this build has no LibTorch (XQ_WITH_TORCH=OFF)\n";
        return xqcli::kExitFailure;
#endif
    };
}

XQ_COMMAND("export", "Write a model as a PyTorch state dict (torch.load)", setup);

}  // namespace
