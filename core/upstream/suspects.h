// Which releases wrote a failure, and which changes released since then may have fixed it: from where its
// message is raised, the functions of its traceback and the rare names in its text, matched against the
// component's commit history (never against issue threads). These are suspects, worded as such; the
// hand-checked known bugs of the knowledge base stay the confident layer.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "upstream/index.h"
#include "upstream/locate.h"

namespace vna::upstream {

// What one failure shows of one component.
struct Evidence
{
    QList<Location> locations; // where its message is raised (ties: several)
    QList<Frame> frames;       // its traceback, outermost first as Python prints it (any component's)
    QString text;              // the error line(s), for the rare names in them
    bool warning = false;      // a warning: code that works prints it, so a change must name what it names
};

// The release of a component the failure ran, and how that is known.
struct RunningRelease
{
    enum class Source : std::uint8_t {
        Unknown,
        Given,    // the user said (--installed, --verl-version, the window, the environment snapshot)
        Inferred, // the lines of the log: the messages and traceback lines exist in these releases only
    };
    Source source = Source::Unknown;
    QString version;     // Given: as the user wrote it
    QString from;        // Given: where it was said ("--installed")
    ReleaseSet possible; // Inferred: the releases whose code the lines fit
    // The release compared with: the given one; for lines that fit several, the oldest of them (a change
    // in it cannot be what fixed the user's code). -1 when unknown.
    int release = -1;
    // Inferred: the newest release (not main) the lines fit; a fix of the code they ran tends to be in
    // the release after it, where they stop fitting.
    int newest = -1;
};

// The releases whose code fits the evidence: each located message's releases, and each frame's line lying
// in its function there. Empty when nothing narrows it (or nothing fits: the lines disagree).
ReleaseSet fittingReleases(const ComponentIndex &index, const Evidence &evidence);

// The running release a set of fitting releases gives (Source::Unknown when it is empty).
RunningRelease inferredRelease(const ComponentIndex &index, const ReleaseSet &possible);

// The user's release of the component: the given version when there is one, else inferred from the lines.
RunningRelease runningRelease(const ComponentIndex &index,
                              const Evidence &evidence,
                              const QString &givenVersion,
                              const QString &givenFrom);

struct Suspect
{
    const Change *change = nullptr;
    double score = 0;
    QStringList reasons; // what matched, in words (translated)
    QStringList matchedIds;
    int firstRelease = -1; // the first release after the user's that contains it; -1: none (unreleased)
};

// At most `limit` changes of `index` (its changes must be loaded) that `running` lacks (all of them when it
// is unknown) whose evidence is strong enough, strongest first. Empty when none is. Evidence is of four
// kinds: the change touches the function that raises the message or a function of the traceback; it
// adds or removes rare names of the error's text; its subject names one; it rewrites the message. A
// suspect needs two kinds (a function the failure ran through is changed by many commits that fix
// something else).
QList<Suspect>
suspectFixes(const ComponentIndex &index, const Evidence &evidence, const RunningRelease &running, int limit = 3);

// The components whose code the evidence shows (located messages and traceback frames), in order of how
// much it shows.
QStringList componentsOf(const Evidence &evidence, Upstream &upstream);

// Whether a failure's text names something of `index`'s changes (loaded): a rare name or a function.
bool mentions(const ComponentIndex &index, const QString &text);

// Whether a failure's text names a function of `index`'s messages file: the same answer whether its
// changes (which name more functions) have been read or not.
bool namesMessagesFunction(const ComponentIndex &index, const QString &text);

// The names of a failure's text worth looking for in changes (identifiers with "_" or two capitals).
QStringList codeNames(const QString &text);

// The rare names of a failure's text that changes of `index` (loaded) name: identifiers and the parts of
// dotted names, four characters or more.
QStringList rareIds(const ComponentIndex &index, const QString &text);

} // namespace vna::upstream
