// `verl-npu-assistant lint`: a launch command or script checked against the config of a verl release,
// and moved from one release to another (--from-version).
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class LintCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(LintCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
