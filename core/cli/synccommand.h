// `verl-npu-assistant sync`: the checkpoint sync wizard on the command line.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class SyncCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(SyncCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
