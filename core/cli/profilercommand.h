// `verl-npu-assistant profiler`: the NPU profiler's overrides for a verl release.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class ProfilerCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
