// The outcome of one check, shared by the CLI, the reports and the GUI.
#pragma once

#include <QString>

namespace vna {

enum class Verdict { Pass, Warn, Fail, Skip, Error };

// "PASS", "WARN", …: the stable spelling used in JSON and in reports (never translated).
QString verdictId(Verdict verdict);
// The worse of two verdicts (Fail > Error > Warn > Pass > Skip).
Verdict worse(Verdict a, Verdict b);

} // namespace vna
