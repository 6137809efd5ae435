// `verl-npu-assistant audit`: whether the versions of a stack go together, the fixes it lacks and the
// smallest upgrade, from a pasted pip list, version lines, an image tag or npu-smi info.
#pragma once

#include <QCoreApplication>

#include "cli/subcommand.h"

namespace vna::cli {

class AuditCommand final : public Subcommand
{
    Q_DECLARE_TR_FUNCTIONS(AuditCommand)

public:
    QString name() const override;
    QString summary() const override;
    void configure(QCommandLineParser &parser) const override;
    ExitCode run(const QCommandLineParser &parser, Context &ctx) override;
};

} // namespace vna::cli
