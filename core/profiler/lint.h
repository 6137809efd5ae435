// The launch-command linter: reads a command or a whole launch script and reports, with line and
// column, what Hydra or verl will reject or do differently than intended, and the corrected override.
#pragma once

#include <atomic>

#include <QFile>
#include <QList>
#include <QStringList>

#include "common/result.h"
#include "hydra/override.h"
#include "profiler/finding.h"
#include "verl/version.h"

namespace vna::profiler {

// Launch scripts are kilobytes; anything larger than this is refused rather than read.
constexpr qint64 kMaxScriptBytes = 16 * 1024 * 1024;

struct LintReport
{
    QList<Finding> findings; // in the order of the script
    qsizetype overrides = 0; // how many overrides were read
    // The overrides whose values are known, with the key, prefix and value fixes applied: what the
    // command meant, for filling the generator's form.
    QList<hydra::Override> corrected;
};

// Fails when the text cannot be read as shell at all (an unclosed quote; the error names the line) or is
// larger than kMaxScriptBytes.
// Setting *cancel makes it stop at the next command with a runtime error.
Result<LintReport> lint(const QString &script, const verl::Version &version, const std::atomic_bool *cancel = nullptr);

// Reads a script from an open file (also stdin or a pipe), refusing more than kMaxScriptBytes. `name`
// is how the messages call it.
Result<QString> readScript(QFile &file, const QString &name);
// Reads a script file for the GUI: only regular files, so a directory, FIFO or device cannot hang it.
Result<QString> readScriptFile(const QString &path);

// "No problems found in 4 override(s)." or "2 error(s), 1 warning(s) in 4 override(s)."
QString summary(const LintReport &report);

// The corrected overrides, one per finding that has a fix, in script order, without repeats.
QStringList corrections(const LintReport &report);

} // namespace vna::profiler
