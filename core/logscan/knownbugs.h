// Known upstream bugs in a log: whether the release a user runs has the fix. A finding of an entry with
// an Upstream part is told as "fixed in X (PR #N); you run Y", "fixed on main, not released: the
// workaround is …", or "your release has the fix: this is something else".
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include "logscan/knowledgebase.h"

namespace vna::logscan {

// A release the user runs of one component, and where that came from.
struct InstalledVersion
{
    QString component; // one of upstreamComponents()
    QString version;   // "0.6.1"
    QString source;    // translated: "--installed", "the window's verl version", "train.log:12"
};

enum class FixStatus : std::uint8_t {
    VersionUnknown, // released, but the user's release of the component is not known
    BeforeFix,      // the user runs a release older than the first one with the fix
    HasFix,         // the user's release has the fix: the match is something else
    Unreleased,     // fixed on main, in no release yet
};

struct KnownBugVerdict
{
    FixStatus status = FixStatus::VersionUnknown;
    InstalledVersion installed; // empty version when unknown
    QString target;             // BeforeFix: the first release after the user's that has the fix
};

// The verdict for one bug given what the user runs (the first entry for the component counts).
KnownBugVerdict knownBugVerdict(const Upstream &bug, const QList<InstalledVersion> &installed);
// "before-fix", "has-fix", "unreleased", "version-unknown"
QString fixStatusId(FixStatus status);
// The sentences a finding's "fix" shows: the verdict, then the workaround where it applies.
QString knownBugAdvice(const Upstream &bug, const KnownBugVerdict &verdict, const QString &language);
// For --json: component, status, fixed_in, you_run, fix url, threads.
QJsonObject knownBugJson(const Upstream &bug, const KnownBugVerdict &verdict);

// "vllm-ascend=0.11.0rc1" (from --installed): the error names what is wrong.
Result<InstalledVersion> parseInstalled(const QString &text);

} // namespace vna::logscan
