// Where the lines of a log were raised in upstream source, and the fixes released since the user's
// release that may concern them: for every finding and every error or warning line, from the upstream
// indexes (loaded only when a log has such lines). The hand-checked known bugs stay the confident layer;
// these are suspects, each with the evidence that makes it one.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "upstream/index.h"
#include "upstream/suspects.h"

namespace vna::logscan {

struct Analysis;
struct Entry;
struct InstalledVersion;

struct RaisedAt
{
    QString component;  // "verl"
    QString repository; // "verl-project/verl"
    QString path;       // in the repository
    int line = 0;       // at `release`
    QString function;
    QString condition; // the guard, as the code says it ("importing … raises Exception")
    QString kind;      // raise, assert, log, warn, print, check …
    QString type;      // the exception or macro
    QString release;   // the release whose line is given (the user's, else the newest that has it)
    QString releases;  // every release that has the message there: "0.7.0–0.7.1, main"
    QString url;       // the line at that release
};

struct SuspectFix
{
    QString component;
    QString sha;
    int pr = 0;
    QString subject;
    QString date;
    QString firstRelease; // the first release after the user's with it; empty: in no release yet
    QStringList reasons;  // what it has in common with the failure
    double score = 0;
    QString commitUrl;
    QString prUrl;
};

// What a line's component release is known to be, for the wording of the fixes.
struct RunningNote
{
    QString component;
    QString version; // the release compared with ("0.7.1"); empty when unknown
    QString from;    // "--verl-version", "the log's lines"
    upstream::RunningRelease::Source source = upstream::RunningRelease::Source::Unknown;
};

struct Located
{
    QList<RaisedAt> raisedAt;   // best first; several when the message is raised at several places
    QList<SuspectFix> suspects; // at most three
    RunningNote running;        // of the component the suspects are of
    bool searched = false;      // suspects were looked for (the line's component has an index of changes)
    bool empty() const { return raisedAt.isEmpty() && suspects.isEmpty(); }
};

// The releases of a component the log's lines fit, where they narrow it down.
struct LogReleases
{
    QString component;
    QStringList versions; // in order
};

// Locates the findings' lines and the error lines of `analysis` and looks for suspect fixes, with the
// releases of analysis.installed (and, where the user gave none, the releases the log's lines fit).
// Does nothing, and reads no index, when the log has neither.
void locate(Analysis &analysis,
            const QList<Entry> &entries,
            upstream::Upstream &upstream = upstream::Upstream::builtin());

// "0.7.0–0.7.1, 0.9.0, main"
QString describeReleases(const upstream::ComponentIndex &index, const upstream::ReleaseSet &set);

} // namespace vna::logscan
