#pragma once
// Inputs for the network benchmarks: encoded positions from seeded random games, so that the
// planes look like real ones (shared by bench nn, bench mcts and bench selfplay).

#include <string>
#include <vector>

#include "core/nn/net.h"

namespace xqcli {

// `--device` of `xqzero bench`, `train` and `selfplay` (checked by the option: cpu, cuda or
// auto).
inline xq::nn::DeviceKind benchDevice(const std::string& name) {
    if (name == "cuda") return xq::nn::DeviceKind::Cuda;
    if (name == "auto") return xq::nn::DeviceKind::Auto;
    return xq::nn::DeviceKind::Cpu;
}

// `count` positions, kInputSize floats each (core/nn/encoder.h), the same for equal counts.
std::vector<float> samplePlanes(int count);

}  // namespace xqcli
