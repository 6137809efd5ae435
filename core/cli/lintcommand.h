// `verl-npu-assistant lint`: a launch command or script checked against the config of a verl release,
// and moved from one release to another (--from-version).
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"
#include "common/result.h"

namespace vna::cli {

class LintCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(LintCommand)

public:
    // How messages name a script argument: the path, or "<stdin>" for -.
    static QString shownName(const QString &path);
    // Reads the script a command line names: a file, a pipe (<(…)) or standard input for -. Unlike the
    // GUI this reads whatever it is given; errors name the argument.
    static Result<QString> readScriptArgument(const QString &path);

    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
