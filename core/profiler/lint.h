// The launch-command linter: reads a command or a whole launch script and reports, with line and
// column, what Hydra or verl will reject or do differently than intended, and the corrected override.
#pragma once

#include <QList>
#include <QStringList>

#include "common/result.h"
#include "hydra/override.h"
#include "profiler/finding.h"
#include "verl/version.h"

namespace vna::profiler {

struct LintReport
{
    QList<Finding> findings; // in the order of the script
    qsizetype overrides = 0; // how many overrides were read
    // The overrides whose values are known, with the key, prefix and value fixes applied: what the
    // command meant, for filling the generator's form.
    QList<hydra::Override> corrected;
};

// Fails only when the text cannot be read as shell at all (an unclosed quote); the error names the line.
Result<LintReport> lint(const QString &script, const verl::Version &version);

// The corrected overrides, one per finding that has a fix, in script order, without repeats.
QStringList corrections(const LintReport &report);

} // namespace vna::profiler
