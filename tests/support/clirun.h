// Runs the real subcommands in-process, as `verl-npu-assistant ARGS…` would, capturing both streams.
#pragma once

#include <QStringList>
#include <QTextStream>

#include "cli/dispatcher.h"
#include "cli/globaloptions.h"

namespace vna::test {

struct CliRun
{
    ExitCode code = ExitCode::Ok;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList &args)
{
    cli::Dispatcher dispatcher(cli::builtinSubcommands());
    const auto options = cli::parseGlobalOptions(QStringList{QStringLiteral("verl-npu-assistant")} + args);
    CliRun result;
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    cli::Context ctx{out, err};
    result.code = options ? dispatcher.run(*options, ctx) : cli::Dispatcher::reportUsageError(options.error(), ctx);
    out.flush();
    err.flush();
    return result;
}

} // namespace vna::test
