// `verl-npu-assistant analyze`: the Logs tab on the command line.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class AnalyzeCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(AnalyzeCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
