// A finding put into words and links: its explanation in a language, the tool that fixes it with
// the values filled in, the same as a command line, and renderings for the terminal and JSON.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QPair>
#include <QString>
#include <QUrl>

#include "logscan/conditions.h"
#include "logscan/scanner.h"
#include "verl/version.h"

namespace vna::logscan {

struct Explanation
{
    QString title;
    QString cause;
    QString fix;
    // For an entry that needs a release (Entry::onlyWith): whether the user's does; the cause says it.
    ConditionState condition = ConditionState::Holds;
};

// Title, cause and fix in "en" or "zh_CN", with ${captures} and ${file}/${line}/… filled in.
Explanation explain(const Entry &entry, const Finding &finding, const Analysis &analysis, const QString &language);

// A request to open a tool with values filled in (used between tabs, e.g. from a finding).
struct ToolLink
{
    QString tool;                          // a tool id: "environment", "bucket", "profiler", "sync"
    QList<QPair<QString, QString>> params; // see actionParams()
    QString origin;                        // "train.log:1234": where the values came from, for the tool to show
    QString verlSince;                     // the job runs this verl release or a later one (may be empty)

    QString param(const QString &key) const;
    QJsonObject toJson() const;
};
// The entry's action with the finding's values; parameters whose capture is missing are left out.
std::optional<ToolLink> linkFor(const Entry &entry, const Finding &finding, const Analysis &analysis);
// The text a profiler link hands to the linter for a job on `version`: the command the log showed, an
// override of a named setting (its key in that release), or a key whose value the log does not show
// ("+trainer.x=", for the user to complete). Empty when the log gave nothing to check.
QString profilerText(const ToolLink &link, const verl::Version &version);
// The same as a command of this program (`verl-npu-assistant bucket --error '…'`).
QString commandLine(const ToolLink &link);

// verl's GitHub issue search for the finding's error text with numbers, paths, addresses and pids
// stripped.
QUrl issueSearchUrl(const Finding &finding);

// analyze --json: {"findings": [...], "files": [...], "elapsed_ms": N}
QJsonObject
toJson(const Analysis &analysis, const QList<Entry> &entries, const QString &language, qsizetype maxFindings);
// The terminal report: root causes with their symptoms under them, then the files read.
QString toText(const Analysis &analysis, const QList<Entry> &entries, const QString &language, qsizetype maxFindings);

// The root cause a finding traces back to through its symptomOf chain (itself for a root cause).
qsizetype rootOf(const Analysis &analysis, const QList<Entry> &entries, qsizetype index);

// Where the first occurrence came from: "rank 3", "node 10.0.0.2", "WorkerDict pid 1234".
QStringList originParts(const Finding &finding);

// What to do when nothing known was found: more logging, and the plog files.
QString noFindingAdvice();

// One sentence per gzip file whose inflating stopped at the limit (empty when none did).
QStringList stoppedReading(const Analysis &analysis, const QLocale &locale);

// What a tried pattern matched: each group's first line with its captures, then the count.
QString patternReport(const Analysis &analysis);

// True when a finding is critical or an error (analyze exits 1).
bool hasErrors(const Analysis &analysis, const QList<Entry> &entries);

} // namespace vna::logscan
