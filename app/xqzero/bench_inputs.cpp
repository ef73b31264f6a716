#include "app/xqzero/bench_inputs.h"

#include <random>
#include <span>

#include "core/nn/encoder.h"

namespace xqcli {

std::vector<float> samplePlanes(int count) {
    std::mt19937 rng(12345);
    std::vector<float> planes(size_t(count) * xq::nn::kInputSize);
    xq::Position pos;
    for (int i = 0; i < count; ++i) {
        xq::MoveList ml;
        pos.legalMoves(ml);
        if (ml.empty() || pos.gamePly() > 80) {
            pos = xq::Position();
            pos.legalMoves(ml);
        }
        pos.makeMove(ml[int(rng() % unsigned(ml.size()))]);
        xq::nn::encodePosition(pos, 0,
                               std::span<float>(planes).subspan(size_t(i) * xq::nn::kInputSize));
    }
    return planes;
}

}  // namespace xqcli
