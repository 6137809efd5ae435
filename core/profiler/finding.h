// A problem found in profiler settings or a launch command: where, how bad, why, and the fix.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include "hydra/override.h"

namespace vna::profiler {

struct Finding
{
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    QString rule;         // stable id, e.g. "ambiguous-sweep"
    QString message;      // translated: what is wrong and why
    QString fix;          // the corrected override(s) as shell words, or empty
    QString key;          // the override's key, when there is one
    qsizetype line = 0;   // 1-based; 0 when not tied to a place
    qsizetype column = 0; // 1-based
    // The overrides the fix writes: they replace the override the finding is about, or, for findings
    // about the settings as a whole, are set in addition (replacing any override of the same key).
    QList<hydra::Override> fixes;

    QJsonObject toJson() const;
};

QString severityName(Finding::Severity severity); // "error" / "warning"
qsizetype countErrors(const QList<Finding> &findings);

// The fix as the user types it: each override formatted for Hydra and quoted for bash, space-separated.
QString fixText(const QList<hydra::Override> &fixes);

} // namespace vna::profiler
