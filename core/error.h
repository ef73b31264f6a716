#pragma once
// The one exception type of the core. It carries a code for callers and the UI to branch on
// and translate (core never returns translated text), the thing it is about (`subject`: a file,
// a folder, a run name, an engine command) so a translated text can name it, and an English
// message with the technical detail (what was being done, the system's own explanation).
//
// Domain types derive from it where a domain needs more detail: store::StoreError (code
// Store, plus its StoreErrorCode), nn::ModelFileError, engine::PlayerError. Bad arguments
// found by plain parsing still throw std::invalid_argument; the UI shows those as they are.
// Thread-safety: plain value.

#include <cstdint>
#include <stdexcept>
#include <string>

namespace xq {

enum class ErrorCode : uint16_t {
    Internal,  // an unexpected failure: the message is all there is
    // Model files (subject: the file).
    ModelUnreadable,    // cannot be opened, read, written or renamed (the message says why)
    ModelNotAModel,     // not an xqzero model file at all
    ModelNewerVersion,  // written by a newer xqzero
    ModelDamaged,       // truncated, checksum mismatch, metadata or weights invalid
    ModelMismatch,      // a valid model of another network size than the one asked for
    // Training runs (subject: the run name for the first four, else the file or folder).
    RunExists,          // a new run was asked for under a name already taken
    RunNotFound,        // resume of a run the database does not have
    RunNameInvalid,     // a run name that cannot name a folder (core/store/run_name.h)
    RunLeased,          // another live process trains the run (core/train/run_lease.h)
    RunModelMissing,    // a stored generation's model file is gone
    FolderNotWritable,  // the model folder cannot be created or written
    FolderOutsideRoot,  // a run's model folder resolves outside the model root (a link)
    DiskFull,           // a disk has less free space than a run needs to keep its work
    NoCudaDevice,       // --device cuda on a machine without one (subject empty)
    // Data-parallel training (subject: the master address HOST:PORT).
    DistributedUnavailable,  // more than one rank asked of a build without c10d Gloo
    DistributedFailed,       // a rank could not join the group, or a collective failed
    // Players and engines (subject: the engine command).
    EngineFailed,  // an external engine could not start, died or broke the protocol
    // Games a run starts from (subject: the source, core/train/game_source.h).
    GamesUnusable,  // the source cannot be read, names nothing known, or holds no game
    // The database (store::StoreError: its own code() says more). Keep it last.
    Store,
};
inline constexpr int kErrorCodeCount = int(ErrorCode::Store) + 1;

class Error : public std::runtime_error {
  public:
    Error(ErrorCode code, const std::string& message, std::string subject = {})
        : std::runtime_error(message), code_(code), subject_(std::move(subject)) {}
    ErrorCode code() const { return code_; }
    const std::string& subject() const { return subject_; }

  private:
    ErrorCode code_;
    std::string subject_;
};

}  // namespace xq
