// Small helpers the launch checker's two files share (configrules.cpp, configvalues.cpp): key paths and
// findings. Internal to core/profiler.
#pragma once

#include <QString>

#include "profiler/finding.h"

namespace vna::profiler::configsupport {

inline QString parentOf(const QString &key)
{
    const qsizetype dot = key.lastIndexOf(u'.');
    return dot < 0 ? QString() : key.left(dot);
}

inline QString leafOf(const QString &key)
{
    return key.section(u'.', -1);
}

inline Finding makeFinding(Finding::Severity severity, const QString &rule, const QString &message, const QString &key)
{
    Finding f;
    f.severity = severity;
    f.rule = rule;
    f.message = message;
    f.key = key;
    return f;
}

inline void setFixes(Finding &f, const QList<hydra::Override> &fixes)
{
    f.fixes = fixes;
    f.fix = fixText(fixes);
}

} // namespace vna::profiler::configsupport
