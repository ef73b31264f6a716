#pragma once
// Model files: network weights plus metadata, and the PyTorch export.
//
// On-disk container (little-endian), written atomically (temp file in the same directory,
// fsync, rename), so a crash mid-save never leaves a half-written model under the real name:
//   8 bytes   magic "XQZMODEL" (optimizer state files: "XQZOPTIM")
//   u32       container version (kModelFormatVersion; files of kOldestModelFormatVersion on
//             are read)
//   u32       metadata length M, then M bytes of "key=value\n" text:
//             format_version, channels, blocks, policy_head, planes, policy_size, generation,
//             training_steps, created_unix
//             (policy_head, a PolicyHeadKind, came with version 2; a version 1 file has none
//             and holds a dense head)
//   u64       payload length P, then P bytes: a LibTorch serialize archive of the weights
//   u64       FNV-1a 64 hash of metadata and payload
// The checksum is verified before LibTorch parses anything: a corrupt or truncated file gets
// a ModelFileError naming the file and what is wrong, never a crash inside the unpickler.
// Reading is bounded: the magic and version are checked from the first 16 bytes before
// anything else is read (`--model /dev/zero` is refused at once), a declared length beyond
// kMaxMetaBytes / kMaxPayloadBytes or beyond the file's size is refused before anything is
// allocated, and the body is read in pieces. The metadata must describe a network this build
// can make: channels and blocks within net.h's kMin/kMax (the training config's ranges),
// planes 17 (InputFeatures::Basic) or 23 (Tactical), the policy size the encoder's.
//
// PyTorch export (exportStateDict, `xqzero export MODEL OUT`): torch::pickle_save of a
// dict name -> tensor, i.e. a state dict that `torch.load(OUT)` returns. Names (see also
// torch_net_impl.h), for blocks i = 0..blocks-1:
//   stem.conv.weight                      [C, 17 or 23 (the planes), 3, 3]
//   stem.bn.{weight,bias,running_mean,running_var} [C], stem.bn.num_batches_tracked []
//   blocks.i.conv1.weight, blocks.i.conv2.weight   [C, C, 3, 3]
//   blocks.i.bn1.*, blocks.i.bn2.*                 as stem.bn
//   dense head:    policy.conv_bn.conv.weight [2, C, 1, 1], policy.conv_bn.bn.* [2]
//                  policy.fc.weight [8100, 180], policy.fc.bias [8100]
//   bilinear head: policy.from.conv.weight, policy.to.conv.weight [R, C, 1, 1] (R =
//                  kBilinearRank), policy.from.bn.*, policy.to.bn.* [R], policy.bias [8100]
//   value.conv_bn.conv.weight [1, C, 1, 1], value.conv_bn.bn.* [1]
//   value.fc1.weight [128, 90], value.fc1.bias [128], value.fc2.weight [1, 128], value.fc2.bias [1]
// plus metadata as 0-d int64 tensors under "meta.<key>" (format_version, channels, blocks,
// policy_head, planes, generation, training_steps, created_unix); drop keys starting with "meta." before
// load_state_dict. Inputs and outputs follow encoder.h.
//
// Thread-safety: the functions touch only their arguments and the named files; do not save
// or load the same Net from two threads at once.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/error.h"
#include "core/nn/net.h"

namespace xq::nn {

constexpr uint32_t kModelFormatVersion = 2;
constexpr uint32_t kOldestModelFormatVersion = 1;

// An xq::Error about one file (its subject): code ModelUnreadable, ModelNotAModel,
// ModelNewerVersion, ModelDamaged or ModelMismatch; the message reads "KIND 'PATH': WHAT".
class ModelFileError : public xq::Error {
public:
    ModelFileError(xq::ErrorCode code, const std::string& path, const std::string& what,
                   const std::string& kind = "model file")
        : xq::Error(code, kind + " '" + path + "': " + what, path) {}
};

struct ModelInfo {
    uint32_t formatVersion = 0;
    NetConfig config;
    int planes = 0;
    int policySize = 0;
    ModelMeta meta;
    uint64_t payloadBytes = 0;
};

// Reads and checks the container (checksum included) and returns its metadata. Needs no
// LibTorch: usable by the store and the UI. Throws ModelFileError.
ModelInfo readModelInfo(const std::string& path);

// Saves weights + metadata atomically. Sets meta().createdUnix to now if it is 0.
// Throws ModelFileError on I/O failure.
void saveModel(Net& net, const std::string& path);
// Loads a model into a new Net built from the file's config. Throws ModelFileError.
Net loadModel(const std::string& path, NetOptions options = {});
// Loads into an existing Net; throws ModelFileError when the file's config differs.
void loadModelInto(Net& net, const std::string& path);

// Writes a PyTorch-readable state dict (see above). Throws ModelFileError.
void exportStateDict(const Net& net, const std::string& outPath);
// The inverse: reads such a state dict (torch.save of a dict name -> tensor, e.g. weights
// trained in Python) into `net`. Every weight name above must be present with the right
// shape; "meta.*" keys are checked against the net's config when present.
// Throws ModelFileError.
void importStateDict(Net& net, const std::string& path);

// --- container plumbing shared with the optimizer state files (torch-free) ---
namespace detail {
// Declared lengths beyond these are refused unread. The largest net the limits of net.h allow
// (512x40) serialises to about 760 MB.
constexpr uint32_t kMaxMetaBytes = 64 * 1024;
constexpr uint64_t kMaxPayloadBytes = uint64_t(2) << 30;

struct Container {
    std::string meta;     // "key=value\n" lines
    std::string payload;  // opaque bytes
    uint32_t version = kModelFormatVersion;  // the header's; what was read, or what to write
};
// The file's bytes (header, metadata, payload, checksum).
std::string encodeContainer(const char magic[8], const Container& c);
void writeContainer(const std::string& path, const char magic[8], const Container& c);
Container readContainer(const std::string& path, const char magic[8]);
// Reads a container from `in`; `name` names it in messages ("model file '<name>': ...").
// `size` is the stream's total length when known (a regular file): a declared length beyond
// it is refused before anything is allocated. Throws ModelFileError.
Container readContainer(std::istream& in, const std::string& name, const char magic[8],
                        std::optional<uint64_t> size);
// The metadata of a model container, checked (see the top of this file). Throws ModelFileError.
ModelInfo modelInfo(const std::string& name, const Container& c);
// Temp file in the same directory + fsync + rename. Throws ModelFileError.
void writeFileAtomic(const std::string& path, const std::string& bytes);
std::string metaValue(const std::string& meta, const std::string& key);  // "" if absent
}  // namespace detail

}  // namespace xq::nn
