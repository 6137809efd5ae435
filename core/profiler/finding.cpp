#include "finding.h"

#include <algorithm>

#include <QStringList>

#include "hydra/shell.h"

using namespace Qt::StringLiterals;

namespace vna::profiler {

QString severityName(Finding::Severity severity)
{
    return severity == Finding::Severity::Error ? u"error"_s : u"warning"_s;
}

qsizetype countErrors(const QList<Finding> &findings)
{
    return std::count_if(findings.begin(), findings.end(),
                         [](const Finding &f) { return f.severity == Finding::Severity::Error; });
}

QJsonObject Finding::toJson() const
{
    return QJsonObject{{u"line"_s, line}, {u"column"_s, column},   {u"severity"_s, severityName(severity)},
                       {u"rule"_s, rule}, {u"message"_s, message}, {u"fix"_s, fix},
                       {u"key"_s, key}};
}

QString fixText(const QList<hydra::Override> &fixes)
{
    QStringList words;
    for (const hydra::Override &fix : fixes) {
        if (const auto text = hydra::format(fix))
            words << shell::quote(*text);
    }
    return words.join(u' ');
}

} // namespace vna::profiler
