#pragma once
// Sub-command registry for xqzero. Each command lives in its own cmd_*.cpp and registers itself
// with XQ_COMMAND; main() builds the CLI11 parser from the registry and runs the chosen one.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace xqcli {

// Exit codes: 0 ok, 1 runtime failure, 2 usage error.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct Command {
    std::string name;
    std::string help;
    // Declares the command's options on `sub` and returns the function that runs it.
    std::function<std::function<int()>(CLI::App& sub)> setup;
};

std::vector<Command>& registry();

// The check of every option that names a run whose model folder may be derived from it
// (core/store/run_name.h's rule): a bad name is a usage error before anything is opened.
const CLI::Validator& runNameCheck();

// The range of the declared run parameter `name` (core/train/config.h) as a check, for the
// flags outside `xqzero train` that set one (selfplay, bench, worker): they accept what the
// declaration does. An unknown name throws std::logic_error.
CLI::Validator paramRange(std::string_view name);

struct Registrar {
    explicit Registrar(Command c) { registry().push_back(std::move(c)); }
};

}  // namespace xqcli

#define XQ_CONCAT_(a, b) a##b
#define XQ_CONCAT(a, b) XQ_CONCAT_(a, b)
#define XQ_COMMAND(name, help, setupFn) \
    static ::xqcli::Registrar XQ_CONCAT(xqRegistrar_, __LINE__)({name, help, setupFn})
