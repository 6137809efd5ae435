// Runs the command line: top-level help and version, then the chosen subcommand.
#pragma once

#include <memory>
#include <vector>

#include "cli/globaloptions.h"
#include "cli/subcommand.h"
#include "common/exitcode.h"
#include "common/result.h"

namespace vna::cli {

class Dispatcher final
{
public:
    explicit Dispatcher(std::vector<std::unique_ptr<Subcommand>> subcommands);
    ~Dispatcher();
    Q_DISABLE_COPY_MOVE(Dispatcher)

    ExitCode run(const GlobalOptions &options, Context &ctx);

    QString helpText() const;
    // Whether this program has a window (the command-line-only build has none); the help says so.
    void setHasWindow(bool hasWindow) { m_hasWindow = hasWindow; }
    QString helpText(const Subcommand &subcommand) const;
    Subcommand *find(const QString &name) const;

    // Prints "verl-npu-assistant: <message>" and how to get help; returns ExitCode::Usage.
    static ExitCode reportUsageError(const Error &error, Context &ctx, const QString &subcommand = QString());

private:
    std::vector<std::unique_ptr<Subcommand>> m_subcommands;
    bool m_hasWindow = true;
};

// Every subcommand the program ships, in the order of the tabs.
std::vector<std::unique_ptr<Subcommand>> builtinSubcommands();

} // namespace vna::cli
