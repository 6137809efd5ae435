// `verl-npu-assistant collect`: the Logs tab's "From the cluster" on the command line.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class CollectCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(CollectCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
