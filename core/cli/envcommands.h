// `verl-npu-assistant diagnose` and `env-script`: the Environment tab on the command line.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class DiagnoseCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(DiagnoseCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

class EnvScriptCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(EnvScriptCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
