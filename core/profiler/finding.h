// A problem found in profiler settings or a launch command: where, how bad, why, and the fix.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace vna::profiler {

struct Finding
{
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    QString rule;         // stable id, e.g. "ambiguous-sweep"
    QString message;      // translated: what is wrong and why
    QString fix;          // the corrected override as a shell word, or empty
    QString key;          // the override's key, when there is one
    qsizetype line = 0;   // 1-based; 0 when not tied to a place
    qsizetype column = 0; // 1-based

    QJsonObject toJson() const;
};

QString severityName(Finding::Severity severity); // "error" / "warning"
qsizetype countErrors(const QList<Finding> &findings);

} // namespace vna::profiler
