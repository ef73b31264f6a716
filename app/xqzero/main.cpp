// xqzero: the headless front door of XQZero Studio. Parses arguments and dispatches to the
// sub-commands registered in cmd_*.cpp.

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

#include "app/xqzero/command.h"
#include "core/nn/blas_info.h"
#include "core/store/run_name.h"
#include "core/train/config.h"
#include "core/version.h"

namespace xqcli {
std::vector<Command>& registry() {
    static std::vector<Command> r;
    return r;
}

const CLI::Validator& runNameCheck() {
    static const CLI::Validator check(
        [](std::string& v) {
            if (v.empty()) return std::string();  // refuseEmptyValues says it, as for every option
            const auto why = xq::store::runNameProblem(v);
            return why ? "'" + xq::store::printableRunName(v) + "' cannot be a run name: " + *why : std::string();
        },
        "", "RUN_NAME");
    return check;
}

CLI::Validator paramRange(std::string_view name) {
    const xq::train::ParamDecl* d = xq::train::findParam(name);
    if (!d) throw std::logic_error("no run parameter named " + std::string(name));
    if (d->kind == xq::train::ParamKind::Double) return CLI::Range(d->min, d->max);
    return CLI::Range(int64_t(d->min), int64_t(d->max));
}

namespace {

// No option of any command takes an empty value: `--fen ""` or `--model ""` is a mistake (an
// unset shell variable), never a request for the default, so it is refused instead of quietly
// meaning the start position or the uniform evaluator.
void refuseEmptyValues(CLI::App& app) {
    static const CLI::Validator nonEmpty(
        [](std::string& v) { return v.empty() ? std::string("an empty value is not allowed") : std::string(); },
        "", "NONEMPTY");
    for (CLI::Option* opt : app.get_options())
        if (opt->get_type_size_max() > 0 && !opt->get_positional()) opt->check(nonEmpty);
    for (CLI::App* sub : app.get_subcommands({})) refuseEmptyValues(*sub);
}

// The commands that may run a network on the CPU say, once on stderr and before any output
// of their own, when LibTorch's BLAS is the reference one or the serial OpenBLAS
// (core/nn/blas_info.h).
void warnOfSlowBlas(const std::string& command) {
    static const std::set<std::string> kNetCommands{"analyze", "bench",  "judge", "ladder",
                                                    "match",   "review", "selfplay", "train",
                                                    "uci",     "ucci",   "worker"};
    if (!kNetCommands.count(command)) return;
    const std::string warning = xq::nn::blasWarning(xq::nn::loadedBlas());
    if (!warning.empty()) std::cerr << "xqzero " << command << ": note: " << warning << "\n";
}

}  // namespace
}  // namespace xqcli

int main(int argc, char** argv) {
    CLI::App app{"xqzero - AlphaZero for Xiangqi, headless"};
    app.set_version_flag("--version", std::string("xqzero ") + XQ_VERSION);
    app.require_subcommand(0, 1);
    app.fallthrough(false);

    std::function<int()> run;
    std::vector<std::pair<CLI::App*, std::function<int()>>> subs;
    CLI::App* help = app.add_subcommand("help", "Show this help, or the help of one command");
    std::string helpTopic;
    help->add_option("command", helpTopic, "Command to describe");
    for (auto& c : xqcli::registry()) {
        CLI::App* sub = app.add_subcommand(c.name, c.help);
        subs.emplace_back(sub, c.setup(*sub));
    }
    xqcli::refuseEmptyValues(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return xqcli::kExitUsage;
    }
    if (help->parsed()) {
        if (helpTopic.empty()) {
            std::cout << app.help();
            return xqcli::kExitOk;
        }
        for (auto& [sub, fn] : subs)
            if (sub->get_name() == helpTopic) {
                std::cout << sub->help();
                return xqcli::kExitOk;
            }
        std::cerr << "xqzero: unknown command '" << helpTopic << "'\n" << app.help();
        return xqcli::kExitUsage;
    }
    for (auto& [sub, fn] : subs)
        if (sub->parsed()) {
            xqcli::warnOfSlowBlas(sub->get_name());
            try {
                return fn();
            } catch (const std::exception& e) {
                std::cerr << "xqzero " << sub->get_name() << ": error: " << e.what() << "\n";
                return xqcli::kExitFailure;
            }
        }
    std::cerr << app.help();
    return xqcli::kExitUsage;
}
