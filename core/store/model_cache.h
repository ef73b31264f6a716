#pragma once
// A per-host cache of model weights fetched from the store's blobs table: workers on other
// hosts load a model as a file (the model-file reader wants a path), named by its SHA-256 so
// that the name says what the bytes must be.
//
// Concurrency: several processes on one host may ask for the same model at once. Each writes
// its own temporary file in the cache directory and renames it into place; rename() is atomic,
// so a reader sees either no file or a whole one, never a half-written one.
// Thread-safety: free functions; cachedModelFile uses the Store as its methods allow.

#include <string>

#include "core/store/store.h"

namespace xq::store {

// $XQ_MODEL_CACHE, else $XDG_CACHE_HOME/xqzero/models (when absolute), else
// ~/.cache/xqzero/models.
std::string defaultModelCacheDir();

// The path <dir>/<sha256>.xqm holding the blob's bytes. An existing file there is used when it
// hashes to its name and replaced from the store when it does not (a damaged cache must not
// feed a worker wrong weights). Creates `dir` as needed. Throws StoreError: NotFound when the
// database has no such blob, InvalidArgument when sha256 is not 64 lowercase hex digits,
// Corrupt when the stored blob is damaged, Sqlite when the file cannot be written.
std::string cachedModelFile(Store& store, const std::string& sha256,
                            const std::string& dir = defaultModelCacheDir());

}  // namespace xq::store
