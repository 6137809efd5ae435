// Helpers shared by the files that hold the environment checks (checks.cpp, hostchecks.cpp,
// verlrequirements.cpp), defined in checkutil.cpp: not
// part of the env API. Each file declares its own Text class (context EnvCheck), as lupdate reads
// the translation context from the file itself.
#pragma once

#include <optional>
#include <span>
#include <utility>

#include <QList>

#include <QString>

#include "env/checks.h"
#include "verl/facts.h"

namespace vna::env::detail {

struct CheckInfo
{
    const char *id;
    const char *category;
    const char *title;
    // The probe sections the check reads, comma-separated: when the probe was cut off before one of
    // them finished, the check says so (ERROR) instead of reading an absence as "not installed".
    const char *reads;
};
// Every check of the report, in its order.
std::span<const CheckInfo> checkInfos();

// A check of the report's list with its translated title.
Check with(const char *id, Verdict verdict, const QString &evidence, const QString &next, const QString &raw);
// The first `count` lines of a command's output on one line, at most 400 characters.
QString firstLines(const QString &text, int count = 3);
// An Error check when the Python probe gave no versions; nullopt when it did.
std::optional<Check> pythonUnread(const char *id, const Diagnosis &d);
// A variable of the node's environment; nullopt when it is not set.
std::optional<QString> variable(const Diagnosis &d, const QString &name);
// What verl's Ascend guide says for the verl on the node (the newest release the facts know when verl
// is not installed there): a behaviour fact of verl-facts.json, with its source.
verl::SourcedValue verlGuide(const Diagnosis &d, const QString &name, QString *release = nullptr);

// A comma list of ports and LOW-HIGH ranges, as HCCL's port-range variables and the kernel's
// net.ipv4.ip_local_reserved_ports write them. Every part of that shape gives a pair; `valid` also
// needs every part to have it, with 1 <= LOW <= HIGH <= 65535.
struct PortList
{
    QList<std::pair<int, int>> ranges;
    bool valid = true;
};
PortList parsePortList(const QString &text);

// What the installed verl release requires (verlrequirements.cpp).
Check checkVerlRequirements(const Diagnosis &d);

// The host and network checks (hostchecks.cpp).
Check checkLimits(const Diagnosis &d);
Check checkHostTuning(const Diagnosis &d);
Check checkHccn(const Diagnosis &d);

} // namespace vna::env::detail
