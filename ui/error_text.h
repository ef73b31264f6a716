#pragma once
// The text a user reads for an exception from the core: a translated sentence chosen by the
// error's code (xq::Error, core/error.h; store::StoreError by its StoreErrorCode) that names
// the file, folder, run or engine it is about, followed by the core's English detail (which
// carries what only the system knows, e.g. SQLite's or the OS's own explanation). Exceptions
// without a code (std::invalid_argument from parsing, ...) are shown as they are.
// Thread-safety: reentrant; call it on the GUI thread or on a worker (translations installed
// once at start-up are read-only).

#include <exception>

#include <QString>

namespace xqui {

QString errorText(const std::exception& e);
// The sentence alone, without the detail (for a status line).
QString errorSummary(const std::exception& e);

}  // namespace xqui
