// Model save/load/export: the LibTorch half of model_file.h.
#include <chrono>
#include <fstream>
#include <map>
#include <sstream>

#include "core/nn/encoder.h"
#include "core/nn/model_file.h"
#include "core/nn/torch_net_impl.h"

namespace xq::nn {
namespace {

std::string metaText(const Net& net) {
    const ModelMeta& m = net.meta();
    std::ostringstream s;
    s << "format_version=" << kModelFormatVersion << "\n"
      << "channels=" << net.config().channels << "\n"
      << "blocks=" << net.config().blocks << "\n"
      << "policy_head=" << int(net.config().policyHead) << "\n"
      << "planes=" << planesOf(net.config().features) << "\n"
      << "policy_size=" << kPolicySize << "\n"
      << "generation=" << m.generation << "\n"
      << "training_steps=" << m.trainingSteps << "\n"
      << "created_unix=" << m.createdUnix << "\n";
    return s.str();
}

// Reads the file's weights into a fresh CPU module of the file's own config, checking that
// every tensor has the shape that config implies (LibTorch's archive reader would otherwise
// silently resize a parameter to whatever the file holds).
XqNet readWeights(const std::string& path, const ModelInfo& info, const std::string& payload) {
    XqNet fresh(info.config);
    std::vector<std::pair<std::string, std::vector<int64_t>>> expected;
    for (auto& [name, t] : namedState(*fresh)) expected.emplace_back(name, t.sizes().vec());
    try {
        torch::serialize::InputArchive ar;
        ar.load_from(payload.data(), payload.size(), torch::Device(torch::kCPU));
        fresh->load(ar);
    } catch (const c10::Error& e) {
        // c10 messages carry a C++ backtrace; the first line says what was wrong.
        std::string msg = e.what_without_backtrace();
        throw ModelFileError(ErrorCode::ModelDamaged, path,
                             "cannot read the weights: " + msg.substr(0, msg.find('\n')));
    }
    const auto got = namedState(*fresh);
    if (got.size() != expected.size())
        throw ModelFileError(ErrorCode::ModelDamaged, path, "weights do not match its metadata");
    for (size_t i = 0; i < got.size(); ++i)
        if (got[i].second.sizes().vec() != expected[i].second)
            throw ModelFileError(ErrorCode::ModelDamaged, path,
                                 "tensor '" + got[i].first + "' has the wrong shape for a " +
                                     info.config.label() + " net");
    return fresh;
}

}  // namespace

void saveModel(Net& net, const std::string& path) {
    if (net.meta().createdUnix == 0)
        net.meta().createdUnix = std::chrono::duration_cast<std::chrono::seconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count();
    detail::Container c;
    c.meta = metaText(net);
    try {
        torch::serialize::OutputArchive ar;
        net.impl().model->save(ar);
        ar.save_to([&](const void* buf, size_t n) -> size_t {
            c.payload.append(static_cast<const char*>(buf), n);
            return n;
        });
    } catch (const c10::Error& e) {
        throw ModelFileError(ErrorCode::ModelUnreadable, path,
                             "cannot serialise the weights: " + std::string(e.what_without_backtrace()));
    }
    detail::writeContainer(path, "XQZMODEL", c);
}

Net loadModel(const std::string& path, NetOptions options) {
    const auto c = detail::readContainer(path, "XQZMODEL");
    const ModelInfo info = detail::modelInfo(path, c);
    XqNet weights = readWeights(path, info, c.payload);
    Net net(info.config, options);
    copyModuleState(*weights, *net.impl().model);
    net.impl().weightsChanged();
    net.meta() = info.meta;
    return net;
}

void loadModelInto(Net& net, const std::string& path) {
    const auto c = detail::readContainer(path, "XQZMODEL");
    const ModelInfo info = detail::modelInfo(path, c);
    if (!(info.config == net.config()))
        throw ModelFileError(ErrorCode::ModelMismatch, path,
                             "holds a " + info.config.label() + " net, expected " + net.config().label());
    XqNet weights = readWeights(path, info, c.payload);
    copyModuleState(*weights, *net.impl().model);
    net.impl().weightsChanged();
    net.meta() = info.meta;
}

void exportStateDict(const Net& net, const std::string& outPath) {
    std::vector<char> bytes;
    try {
        c10::Dict<std::string, at::Tensor> dict;
        XqNet model = net.impl().model;  // shared handle; the state is only read
        for (auto& [name, t] : namedState(*model))
            dict.insert(name, t.detach().to(torch::kCPU).clone());
        const ModelMeta& m = net.meta();
        const std::pair<const char*, int64_t> meta[] = {
            {"meta.format_version", kModelFormatVersion},
            {"meta.channels", net.config().channels},
            {"meta.blocks", net.config().blocks},
            {"meta.policy_head", int64_t(net.config().policyHead)},
            {"meta.planes", planesOf(net.config().features)},
            {"meta.generation", m.generation},
            {"meta.training_steps", m.trainingSteps},
            {"meta.created_unix", m.createdUnix},
        };
        for (const auto& [k, v] : meta) dict.insert(k, torch::tensor(v, torch::kLong));
        bytes = torch::pickle_save(c10::IValue(dict));
    } catch (const c10::Error& e) {
        throw ModelFileError(ErrorCode::ModelUnreadable, outPath, e.what_without_backtrace(), "export");
    }
    detail::writeFileAtomic(outPath, std::string(bytes.begin(), bytes.end()));
}

}  // namespace xq::nn

namespace xq::nn {

void importStateDict(Net& net, const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw ModelFileError(ErrorCode::ModelUnreadable, path, "cannot open", "state dict");
    std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto fail = [&](const std::string& what) -> ModelFileError {
        return ModelFileError(ErrorCode::ModelDamaged, path, what, "state dict");
    };
    c10::IValue iv;
    try {
        iv = torch::pickle_load(bytes);
    } catch (const c10::Error& e) {
        std::string msg = e.what_without_backtrace();
        throw fail("not readable as a pickled tensor dict: " + msg.substr(0, msg.find('\n')));
    }
    if (!iv.isGenericDict()) throw fail("does not hold a dict");
    std::map<std::string, at::Tensor> dict;
    for (const auto& kv : iv.toGenericDict()) {
        if (!kv.key().isString() || !kv.value().isTensor())
            throw fail("holds an entry that is not name -> tensor");
        dict.emplace(kv.key().toStringRef(), kv.value().toTensor());
    }
    const std::pair<const char*, int64_t> expectMeta[] = {
        {"meta.channels", net.config().channels}, {"meta.blocks", net.config().blocks},
        {"meta.policy_head", int64_t(net.config().policyHead)},
        {"meta.planes", planesOf(net.config().features)}};
    for (const auto& [k, v] : expectMeta) {
        auto it = dict.find(k);
        if (it != dict.end() && it->second.numel() == 1 && it->second.item<int64_t>() != v)
            throw fail(std::string(k) + " is " + std::to_string(it->second.item<int64_t>()) +
                       ", the net has " + std::to_string(v));
    }
    XqNet model = net.impl().model;
    torch::NoGradGuard noGrad;
    for (auto& [name, t] : namedState(*model)) {
        auto it = dict.find(name);
        if (it == dict.end()) throw fail("missing tensor '" + name + "'");
        if (!it->second.sizes().equals(t.sizes()))
            throw fail("tensor '" + name + "' has the wrong shape for a " + net.config().label() +
                       " net");
        t.copy_(it->second);
    }
    auto gen = dict.find("meta.generation");
    if (gen != dict.end() && gen->second.numel() == 1) net.meta().generation = gen->second.item<int64_t>();
    auto steps = dict.find("meta.training_steps");
    if (steps != dict.end() && steps->second.numel() == 1)
        net.meta().trainingSteps = steps->second.item<int64_t>();
    net.impl().weightsChanged();
}

}  // namespace xq::nn
