#include "core/train/publisher.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/store/store.h"
#include "core/train/crash_point.h"

namespace fs = std::filesystem;

namespace xq::train {

namespace {

std::vector<uint8_t> readFileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorCode::ModelUnreadable, "cannot read the model file " + path, path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

std::string generationFileName(int generation) {
    char name[32];
    std::snprintf(name, sizeof name, "gen-%04d.xqm", generation);
    return name;
}

int nextGenerationNumber(int playing, int newestStored) {
    return std::max(playing, newestStored) + 1;
}

int newestGenerationNumber(store::Store& store, int64_t run) {
    int newest = -1;
    for (const store::ModelInfo& m : store.listModels(run)) newest = std::max(newest, m.generation);
    return newest;
}

PublishedModel publishGeneration(store::Store& store, nn::Net& net, const std::string& modelDir,
                                 store::ModelInfo row) {
    PublishedModel out;
    out.fileName = generationFileName(row.generation);
    row.file = (fs::path(modelDir) / out.fileName).string();
    nn::saveModel(net, row.file);
    crashPoint("generation-file");
    {
        const std::vector<uint8_t> bytes = readFileBytes(row.file);
        out.bytes = bytes.size();
        row.sha256 = store.putBlob(bytes);
    }
    row.id = store.addModel(row);
    crashPoint("generation-row");
    out.model = std::move(row);
    return out;
}

}  // namespace xq::train
