// The outcome of one check, shared by the CLI, the reports and the GUI.
#pragma once

#include <QString>

namespace vna {

enum class Verdict { Pass, Warn, Fail, Skip, Error };
// How bad a known problem is (knowledge-base entries, notes), worst first.
enum class Severity { Critical, Error, Warning, Info };

// "PASS", "WARN", …: the stable spelling used in JSON and in reports (never translated).
QString verdictId(Verdict verdict);
// "critical", "error", "warning", "info": the stable spelling used in JSON and data files.
QString severityId(Severity severity);
// The inverse of severityId; false for anything else.
bool parseSeverity(const QString &id, Severity &out);

// The worse of two verdicts (Fail > Error > Warn > Pass > Skip).
Verdict worse(Verdict a, Verdict b);

} // namespace vna
