// One look for verdicts and severities in every tab: icon + word + colour, never colour alone.
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

#include "common/verdicts.h"

namespace vna::ui {

using Verdict = vna::Verdict;
using Severity = vna::Severity;

QIcon icon(Verdict verdict);
QColor color(Verdict verdict);
QString word(Verdict verdict); // translated: "PASS" / "通过"

QIcon icon(Severity severity);
QColor color(Severity severity);
QString word(Severity severity);

} // namespace vna::ui
