#pragma once
// Waits for a run's best model to change: a self-play worker on another host switches to a
// new model as soon as the trainer publishes it (Store::addModel, setModelEvaluation).
//
// PostgreSQL: the watch LISTENs on xq_models (Store announces model changes there on commit)
// and sleeps on its connection's socket until a notification for its run arrives; no queries
// are sent while nothing happens. SQLite has no notifications between processes, so there the
// watch reads the best model every ~200 ms: a cheap indexed query on a local file, and a fifth
// of a second is nothing next to the minutes between models.
//
// The watch owns its own connection (opened like Store with create = false: a database that
// does not exist is not created), so it never holds a Store's mutex while it waits.
// Thread-safety: one thread at a time.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/store/records.h"

namespace xq::store {

class Backend;

class ModelWatch {
  public:
    // Throws StoreError as opening a Store would.
    ModelWatch(const std::string& path, int64_t run);
    ~ModelWatch();
    ModelWatch(const ModelWatch&) = delete;
    ModelWatch& operator=(const ModelWatch&) = delete;

    // The run's best model (Store::bestModel) as soon as its id differs from knownModelId,
    // also when that was so before the call; nullopt when timeoutMs passes first. A run with
    // no accepted model has no best model, which never counts as newer.
    std::optional<ModelInfo> waitForNewer(int64_t knownModelId, int timeoutMs);

  private:
    std::unique_ptr<Backend> db_;
    int64_t run_ = 0;
    bool listening_ = false;
};

}  // namespace xq::store
