// TrainingGroup over c10d: the one file of the project that calls c10d (TCPStore,
// ProcessGroupGloo). Built with LibTorch; the c10d part only with XQ_WITH_GLOO, without which
// a group of one still works and a larger one throws DistributedUnavailable.
//
// Written against LibTorch 1.13; the calls used (TCPStore(host, TCPStoreOptions),
// ProcessGroupGloo(store, rank, size, Options), allreduce/broadcast(...)->wait()) keep their
// shape in 2.x, where ProcessGroupGloo became a c10d::Backend.
#include "core/nn/training_group.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <stdexcept>

#include "core/error.h"
#include "core/nn/torch_net_impl.h"

#ifdef XQ_WITH_GLOO
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#endif

namespace xq::nn {

namespace {

using Clock = std::chrono::steady_clock;

struct HostPort {
    std::string host;
    uint16_t port = 0;
};

HostPort parseMaster(const std::string& master) {
    const size_t colon = master.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == master.size())
        throw std::invalid_argument("training group: master '" + master + "' is not HOST:PORT");
    const std::string portText = master.substr(colon + 1);
    if (portText.find_first_not_of("0123456789") != std::string::npos || portText.size() > 5)
        throw std::invalid_argument("training group: master '" + master + "' has no valid port");
    const long port = std::strtol(portText.c_str(), nullptr, 10);
    if (port < 1 || port > 65535)
        throw std::invalid_argument("training group: master '" + master + "' has no valid port");
    std::string host = master.substr(0, colon);
    // [::1]:29500 style IPv6 literals.
    if (host.size() > 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    return {host, uint16_t(port)};
}

// The message of an exception without LibTorch's C++ backtrace (which runs to pages).
std::string shortMessage(const std::exception& e) {
    std::string m;
    if (auto* c = dynamic_cast<const c10::Error*>(&e))
        m = c->what_without_backtrace();
    else
        m = e.what();
    const size_t nl = m.find('\n');
    return nl == std::string::npos ? m : m.substr(0, nl);
}

}  // namespace

struct TrainingGroup::Impl {
    GroupOptions options;
    double collectiveSeconds = 0;
    // Set when a collective failed: the Gloo context is unusable after that (its pairs are
    // torn down), so later calls fail at once instead of waiting out the timeout.
    std::string broken;
#ifdef XQ_WITH_GLOO
    c10::intrusive_ptr<c10d::Store> store;
    c10::intrusive_ptr<c10d::ProcessGroupGloo> pg;
#endif

    [[noreturn]] void fail(const std::string& what, const std::string& why) {
        throw Error(ErrorCode::DistributedFailed,
                    "rank " + std::to_string(options.rank) + " of " +
                        std::to_string(options.worldSize) + ": " + what + " failed: " + why,
                    options.master);
    }

#ifdef XQ_WITH_GLOO
    // Runs one collective and waits for it; times it; turns any failure into
    // DistributedFailed. Gloo's own timeout (the group's, set at construction) bounds the wait.
    void run(const char* what, const std::function<c10::intrusive_ptr<c10d::Work>()>& start) {
        if (!broken.empty()) fail(what, "an earlier collective failed (" + broken + ")");
        const auto t0 = Clock::now();
        try {
            auto work = start();
            work->wait();
        } catch (const std::exception& e) {
            broken = shortMessage(e);
            collectiveSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
            fail(what, broken);
        }
        collectiveSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
    }

    // In-place broadcast of CPU tensors from root, one collective per scalar type: the
    // tensors of a type are packed into one contiguous buffer.
    void broadcastTensors(const std::vector<torch::Tensor>& tensors, int root) {
        torch::NoGradGuard noGrad;
        std::vector<torch::ScalarType> types;
        for (const auto& t : tensors)
            if (std::find(types.begin(), types.end(), t.scalar_type()) == types.end())
                types.push_back(t.scalar_type());
        for (torch::ScalarType type : types) {
            std::vector<torch::Tensor> parts;
            for (const auto& t : tensors)
                if (t.scalar_type() == type)
                    parts.push_back(t.detach().to(torch::kCPU).reshape({-1}));
            std::vector<torch::Tensor> flat{torch::cat(parts).contiguous()};
            c10d::BroadcastOptions o;
            o.rootRank = root;
            run("weight broadcast", [&] { return pg->broadcast(flat, o); });
            int64_t offset = 0;
            for (const auto& t : tensors) {
                if (t.scalar_type() != type) continue;
                const int64_t n = t.numel();
                t.detach().copy_(flat[0].slice(0, offset, offset + n).view(t.sizes()));
                offset += n;
            }
        }
    }
#endif
};

bool TrainingGroup::available() {
#ifdef XQ_WITH_GLOO
    return true;
#else
    return false;
#endif
}

TrainingGroup::TrainingGroup(const GroupOptions& options) : impl_(std::make_unique<Impl>()) {
    Impl& I = *impl_;
    I.options = options;
    if (options.worldSize < 1)
        throw std::invalid_argument("training group: world size " +
                                    std::to_string(options.worldSize) + " < 1");
    if (options.rank < 0 || options.rank >= options.worldSize)
        throw std::invalid_argument("training group: rank " + std::to_string(options.rank) +
                                    " outside 0.." + std::to_string(options.worldSize - 1));
    if (options.timeoutSeconds < 1)
        throw std::invalid_argument("training group: timeout " +
                                    std::to_string(options.timeoutSeconds) + " s < 1");
    if (options.worldSize == 1) return;  // a group of one: nothing to meet
    const HostPort hp = parseMaster(options.master);
#ifdef XQ_WITH_GLOO
    const std::chrono::milliseconds timeout(int64_t(options.timeoutSeconds) * 1000);
    const auto t0 = Clock::now();
    try {
        c10d::TCPStoreOptions so;
        so.port = hp.port;
        so.isServer = options.rank == 0;
        so.numWorkers = size_t(options.worldSize);
        so.waitWorkers = true;  // rank 0's constructor returns once every rank has connected
        so.timeout = timeout;   // also bounds a client's connection retries
        I.store = c10::make_intrusive<c10d::TCPStore>(hp.host, so);
        auto po = c10d::ProcessGroupGloo::Options::create(timeout);
        // Gloo's own listening socket: on loopback when the master is (ranks as threads or
        // processes of one machine), else where GLOO_SOCKET_IFNAME says (as in PyTorch), else
        // the address this machine's hostname resolves to.
        const bool loopback =
            hp.host == "localhost" || hp.host.rfind("127.", 0) == 0 || hp.host == "::1";
        if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname && *ifname)
            po->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname));
        else if (loopback)
            po->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname(hp.host));
        else
            po->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
        po->threads = 1;  // one collective at a time: each is waited for before the next
        I.pg = c10::make_intrusive<c10d::ProcessGroupGloo>(I.store, options.rank, options.worldSize,
                                                           po);
    } catch (const std::exception& e) {
        const double waited = std::chrono::duration<double>(Clock::now() - t0).count();
        I.pg.reset();
        I.store.reset();
        I.fail("joining the group at " + options.master,
               shortMessage(e) + " (after " + std::to_string(int(waited + 0.5)) + " s)");
    }
#else
    (void)hp;
    throw Error(ErrorCode::DistributedUnavailable,
                "training group: " + std::to_string(options.worldSize) +
                    " ranks asked, but this build has no c10d Gloo (XQ_WITH_GLOO off)",
                options.master);
#endif
}

TrainingGroup::~TrainingGroup() {
#ifdef XQ_WITH_GLOO
    // The process group before the store it was built on; neither destructor may throw out.
    try {
        impl_->pg.reset();
        impl_->store.reset();
    } catch (...) {
    }
#endif
}

int TrainingGroup::rank() const {
    return impl_->options.rank;
}
int TrainingGroup::worldSize() const {
    return impl_->options.worldSize;
}
const GroupOptions& TrainingGroup::options() const {
    return impl_->options;
}
double TrainingGroup::collectiveSeconds() const {
    return impl_->collectiveSeconds;
}

void TrainingGroup::broadcast(std::vector<int64_t>& values, int root) {
    if (root < 0 || root >= worldSize())
        throw std::invalid_argument("training group: broadcast root " + std::to_string(root) +
                                    " out of range");
    if (worldSize() == 1 || values.empty()) return;
#ifdef XQ_WITH_GLOO
    std::vector<torch::Tensor> t{
        torch::from_blob(values.data(), {int64_t(values.size())}, torch::kLong)};
    c10d::BroadcastOptions o;
    o.rootRank = root;
    impl_->run("broadcast", [&] { return impl_->pg->broadcast(t, o); });
#endif
}

void TrainingGroup::allreduceMean(std::span<float> values) {
    if (worldSize() == 1 || values.empty()) return;
#ifdef XQ_WITH_GLOO
    std::vector<torch::Tensor> t{
        torch::from_blob(values.data(), {int64_t(values.size())}, torch::kFloat)};
    c10d::AllreduceOptions o;
    o.reduceOp = c10d::ReduceOp::SUM;
    impl_->run("allreduce", [&] { return impl_->pg->allreduce(t, o); });
    // Every rank holds the same sum (Gloo's ring hands the reduced chunks round), so the
    // same division leaves the same bits everywhere.
    t[0].div_(double(worldSize()));
#endif
}

void TrainingGroup::broadcastWeights(Net& net, int root) {
    if (root < 0 || root >= worldSize())
        throw std::invalid_argument("training group: broadcast root " + std::to_string(root) +
                                    " out of range");
    if (worldSize() == 1) return;
#ifdef XQ_WITH_GLOO
    auto state = namedState(*net.impl().model);
    // Root's shape first, and a vote: a rank with another architecture would otherwise meet
    // a broadcast of another size (undefined in Gloo); this way every rank refuses together.
    int64_t elements = 0;
    for (const auto& [name, t] : state) elements += t.numel();
    std::vector<int64_t> shape{int64_t(state.size()), elements};
    broadcast(shape, root);
    std::vector<int64_t> mismatch{shape[0] != int64_t(state.size()) || shape[1] != elements ? 1
                                                                                            : 0};
    {
        std::vector<torch::Tensor> t{torch::from_blob(mismatch.data(), {1}, torch::kLong)};
        c10d::AllreduceOptions o;
        o.reduceOp = c10d::ReduceOp::SUM;
        impl_->run("weight broadcast (shape vote)", [&] { return impl_->pg->allreduce(t, o); });
    }
    if (mismatch[0] != 0)
        throw std::invalid_argument(
            "training group: broadcastWeights between nets of different sizes (" +
            std::to_string(mismatch[0]) + " rank(s) differ from root's " +
            std::to_string(shape[0]) + " tensors, " + std::to_string(shape[1]) + " values)");
    std::vector<torch::Tensor> tensors;
    for (auto& [name, t] : state) tensors.push_back(t);
    impl_->broadcastTensors(tensors, root);
    net.impl().weightsChanged();
#else
    (void)net;
#endif
}

}  // namespace xq::nn
