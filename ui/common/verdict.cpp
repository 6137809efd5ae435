#include "verdict.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::ui {

// The only hard-coded colours of the program; chosen to read on light and dark palettes.
QColor color(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QColor(0x2f, 0x9e, 0x44);
    case Verdict::Warn:
        return QColor(0xe0, 0x8e, 0x0b);
    case Verdict::Fail:
        return QColor(0xe0, 0x31, 0x31);
    case Verdict::Skip:
        return QColor(0x86, 0x8e, 0x96);
    case Verdict::Error:
        return QColor(0xc2, 0x25, 0x5c);
    }
    return {};
}

QColor color(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return QColor(0xa6, 0x1e, 0x4d);
    case Severity::Error:
        return QColor(0xe0, 0x31, 0x31);
    case Severity::Warning:
        return QColor(0xe0, 0x8e, 0x0b);
    case Severity::Info:
        return QColor(0x1c, 0x7e, 0xd6);
    }
    return {};
}

QIcon icon(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QIcon(u":/icons/verdict-pass.svg"_s);
    case Verdict::Warn:
        return QIcon(u":/icons/verdict-warn.svg"_s);
    case Verdict::Fail:
        return QIcon(u":/icons/verdict-fail.svg"_s);
    case Verdict::Skip:
        return QIcon(u":/icons/verdict-skip.svg"_s);
    case Verdict::Error:
        return QIcon(u":/icons/verdict-error.svg"_s);
    }
    return {};
}

QIcon icon(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return QIcon(u":/icons/severity-critical.svg"_s);
    case Severity::Error:
        return QIcon(u":/icons/severity-error.svg"_s);
    case Severity::Warning:
        return QIcon(u":/icons/severity-warning.svg"_s);
    case Severity::Info:
        return QIcon(u":/icons/severity-info.svg"_s);
    }
    return {};
}

QString word(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QCoreApplication::translate("Verdict", "PASS");
    case Verdict::Warn:
        return QCoreApplication::translate("Verdict", "WARN");
    case Verdict::Fail:
        return QCoreApplication::translate("Verdict", "FAIL");
    case Verdict::Skip:
        return QCoreApplication::translate("Verdict", "SKIP");
    case Verdict::Error:
        return QCoreApplication::translate("Verdict", "ERROR");
    }
    return {};
}

QString word(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return QCoreApplication::translate("Verdict", "Critical");
    case Severity::Error:
        return QCoreApplication::translate("Verdict", "Error");
    case Severity::Warning:
        return QCoreApplication::translate("Verdict", "Warning");
    case Severity::Info:
        return QCoreApplication::translate("Verdict", "Info");
    }
    return {};
}

} // namespace vna::ui
