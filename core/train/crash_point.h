#pragma once
// Crash points for fault tests (tests/train/test_faults.cpp), passed by both trainers and the
// worker, since they sit in the code all of them share: when the environment variable
// XQ_CRASH_AT names a point ("generation-row", or "generation-row:2" for its second pass), the
// process kills itself with SIGKILL there, as kill -9 or a power cut of the process would. The
// points sit between two writes whose order matters for crash consistency:
//   game-stored          a self-play game committed (Pipeline or worker), before it reaches a
//                        replay buffer
//   generation-file      a generation's model file written, before its row in the database
//   generation-row       a generation's row written, before the checkpoint that names it
//   checkpoint-files     the training net and optimizer written, before checkpoint.json
//   checkpoint-manifest  checkpoint.json replaced, before the previous files are deleted
// Unset (normal use) a point costs one getenv; points are passed a few times per iteration.
//
// Thread-safety: may be called from any thread; the pass count is atomic per process.

namespace xq::train {

void crashPoint(const char* name);

}  // namespace xq::train
