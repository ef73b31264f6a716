#pragma once
// What a run name may hold, and the run's own files in its model folder. A run name becomes a
// folder name (<db dir>/models/<run>), so it must name exactly one folder inside the model
// root and nothing else, whichever host reads it back from a shared database.
//
// The rule (runNameProblem): valid UTF-8 of 1 to kMaxRunNameChars characters, each one an ASCII
// letter or digit, a space, '-', '_' or '.', or a character outside ASCII that is not a control,
// format or separator character (letters of any script: 训练一, Übung); neither first nor last
// character a space or a '.'. This refuses '/', '\\', "." and "..", NUL, newlines and other
// controls, invisible and bidirectional marks, and names that are only spaces. ':' and '@' are
// refused too: they separate fields in player specs (best:RUN@SIMS).
//
// Where names enter (CLI flags, the studio's name field, rename targets, Store::createRun and
// Store::renameRun) they are checked with requireValidRunName. Names read back from a database
// (written by an older or hostile client) are listed as they are but never turned into a path:
// runModelDir refuses them with a message that says how to rename the run.
//
// Thread-safety: pure functions.

#include <optional>
#include <string>
#include <string_view>

namespace xq::store {

inline constexpr int kMaxRunNameChars = 60;  // 60 four-byte characters stay under NAME_MAX

// Why `name` is not a valid run name (an English phrase: "it contains '/'"), or nothing.
std::optional<std::string> runNameProblem(std::string_view name);
// Throws xq::Error(RunNameInvalid, subject: the name shown printable) unless valid.
void requireValidRunName(std::string_view name);
// The name as messages may show it: controls and invalid bytes escaped (\n, \x00), cut to 80
// characters with "…". Never use it as a key: it is for people.
std::string printableRunName(std::string_view name);

// The files a training run writes in its model folder (core/train): gen-NNNN.xqm,
// checkpoint.json, train-NNNNNNNN.xqm / .opt, and the temporaries of their atomic writes
// (NAME.tmp.PID), the write probe .write-test and .resume.xqm. Anything else in the folder is
// not the run's: a delete or rename leaves it where it is.
bool isRunOwnFile(std::string_view fileName);

}  // namespace xq::store
