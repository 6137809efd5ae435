#include "verdicts.h"

namespace vna {

QString verdictId(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QStringLiteral("PASS");
    case Verdict::Warn:
        return QStringLiteral("WARN");
    case Verdict::Fail:
        return QStringLiteral("FAIL");
    case Verdict::Skip:
        return QStringLiteral("SKIP");
    case Verdict::Error:
        return QStringLiteral("ERROR");
    }
    return QString();
}

QString severityId(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return QStringLiteral("critical");
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return QString();
}

bool parseSeverity(const QString &id, Severity &out)
{
    for (Severity severity : {Severity::Critical, Severity::Error, Severity::Warning, Severity::Info}) {
        if (id == severityId(severity)) {
            out = severity;
            return true;
        }
    }
    return false;
}

namespace {

int rank(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Skip:
        return 0;
    case Verdict::Pass:
        return 1;
    case Verdict::Warn:
        return 2;
    case Verdict::Error:
        return 3;
    case Verdict::Fail:
        return 4;
    }
    return 0;
}

} // namespace

Verdict worse(Verdict a, Verdict b)
{
    return rank(a) >= rank(b) ? a : b;
}

} // namespace vna
