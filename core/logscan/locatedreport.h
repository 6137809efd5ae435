// Where lines were raised and the suspect fixes, put into words and JSON for analyze's report and the
// window: "raised at verl/workers/engine/fsdp/utils.py:35 in apply_npu_fsdp_patches (verl 0.7.1)" and
// "fixed since your release? PR #5901 in verl 0.8.0 — changes …".
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "logscan/located.h"

namespace vna::logscan {

struct Analysis;

// One line: "verl/workers/engine/fsdp/utils.py:35 in apply_npu_fsdp_patches (verl 0.7.1), when …".
QString raisedAtText(const RaisedAt &raised);
// The sentence above the suspects: "Fixed since verl 0.7.1 (--verl-version), suspects:" or, where the
// release is not known, which releases they are after.
QString suspectsHeading(const Located &located);
// "verl 0.8.0 · PR #5901 · <subject>" (or "not in a release yet").
QString suspectTitle(const SuspectFix &fix);
// Said when suspects were looked for and none had evidence enough.
QString noSuspectText(const Located &located);

// The located part of a finding or error line, for its text block (lines indented with `prefix`).
QString locatedText(const Located &located, const QString &prefix);
QJsonObject locatedJson(const Located &located);

// The error lines no finding explains, located or not (in order of first occurrence), and how many
// error lines there were in all.
QList<qsizetype> unexplainedErrorLines(const Analysis &analysis);
// Of `which`, those traced to upstream code (located, or given suspects by their traceback): errors
// first, each kind in the order met. What the report and the window list.
QList<qsizetype> tracedErrorLines(const Analysis &analysis, const QList<qsizetype> &which);
QJsonArray errorLinesJson(const Analysis &analysis, const QList<qsizetype> &which);
// The report's section for them: traced ones with their place and suspects, the rest counted.
QString errorLinesText(const Analysis &analysis, const QList<qsizetype> &which, qsizetype maxShown);
// {"verl": ["0.7.0", "0.7.1"]}: the releases each component's lines fit.
QJsonObject logReleasesJson(const Analysis &analysis);
QString logReleasesText(const Analysis &analysis);

} // namespace vna::logscan
