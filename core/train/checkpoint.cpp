#include "core/train/checkpoint.h"
#include "core/train/crash_point.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/nn/model_file.h"
#include "core/nn/net.h"
#include "core/nn/trainer_backend.h"

namespace fs = std::filesystem;

namespace xq::train {

void saveCheckpoint(const std::string& dir, Checkpoint& ckpt, nn::Net& trainNet,
                    const nn::NetTrainer& trainer) {
    char base[64];
    std::snprintf(base, sizeof base, "train-%08lld", (long long)ckpt.step);
    const std::string modelName = std::string(base) + ".xqm";
    const std::string optName = std::string(base) + ".opt";
    trainNet.meta().trainingSteps = ckpt.step;
    nn::saveModel(trainNet, (fs::path(dir) / modelName).string());
    trainer.saveState((fs::path(dir) / optName).string());
    const std::string oldModel = ckpt.trainFile, oldOpt = ckpt.optimizerFile;
    ckpt.trainFile = modelName;
    ckpt.optimizerFile = optName;
    nlohmann::ordered_json j{{"format", 1},
                             {"step", ckpt.step},
                             {"generation", ckpt.generation},
                             {"iteration", ckpt.iteration},
                             {"best_file", ckpt.bestFile},
                             {"best_model_id", ckpt.bestModelId},
                             {"train_file", ckpt.trainFile},
                             {"optimizer_file", ckpt.optimizerFile},
                             {"elo", ckpt.elo},
                             {"elo_lo", ckpt.eloLo},
                             {"elo_hi", ckpt.eloHi},
                             {"samples_generated", ckpt.samplesGenerated},
                             {"samples_trained", ckpt.samplesTrained},
                             {"worked_seconds", ckpt.workedSeconds}};
    crashPoint("checkpoint-files");
    nn::detail::writeFileAtomic((fs::path(dir) / "checkpoint.json").string(), j.dump(2) + "\n");
    crashPoint("checkpoint-manifest");
    // Only now is it safe to drop the previous checkpoint's files.
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string n = entry.path().filename().string();
        if (n.rfind("train-", 0) == 0 && n != modelName && n != optName) fs::remove(entry.path(), ec);
    }
    (void)oldModel;
    (void)oldOpt;
}

std::optional<Checkpoint> readCheckpoint(const std::string& dir) {
    const fs::path p = fs::path(dir) / "checkpoint.json";
    if (!fs::exists(p)) return std::nullopt;
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    Checkpoint c;
    try {
        const auto j = nlohmann::json::parse(ss.str());
        c.step = j.at("step").get<int64_t>();
        c.generation = j.at("generation").get<int>();
        c.iteration = j.at("iteration").get<int>();
        c.bestFile = j.at("best_file").get<std::string>();
        c.bestModelId = j.at("best_model_id").get<int64_t>();
        c.trainFile = j.at("train_file").get<std::string>();
        c.optimizerFile = j.at("optimizer_file").get<std::string>();
        c.elo = j.value("elo", 0.0);
        c.eloLo = j.value("elo_lo", 0.0);
        c.eloHi = j.value("elo_hi", 0.0);
        c.samplesGenerated = j.value("samples_generated", int64_t(-1));
        c.samplesTrained = j.value("samples_trained", int64_t(-1));
        c.workedSeconds = std::max(0.0, j.value("worked_seconds", 0.0));
    } catch (const std::exception& e) {
        throw std::runtime_error("checkpoint " + p.string() + " is unreadable: " + e.what());
    }
    for (const std::string& f : {c.bestFile, c.trainFile, c.optimizerFile})
        if (f.empty() || !fs::exists(fs::path(dir) / f))
            throw std::runtime_error("checkpoint " + p.string() + " names a missing file '" + f + "'");
    c.iterationAtStart = c.iteration;
    return c;
}

}  // namespace xq::train
