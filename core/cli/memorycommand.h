// `verl-npu-assistant memory`: whether a run fits in NPU memory, phase by phase, and what makes it fit.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class MemoryCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(MemoryCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
