#include "located.h"

#include <memory>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include "common/logging.h"
#include "logscan/scanner.h"
#include "upstream/suspects.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Located)
};

// Suspects are looked for this many distinct failures of a log at most (the first ones: root causes
// come first); locating has no limit (a look-up per line shape).
constexpr int kMaxSuspectSearches = 32;
constexpr qsizetype kMaxSuspects = 3;

// The component whose releases a component's index is labelled with (verl-recipe is pinned by verl).
QString versionedAs(const QString &component)
{
    return component == u"verl-recipe" ? u"verl"_s : component;
}

RaisedAt raisedAt(const upstream::ComponentIndex &index, const upstream::Location &location, int preferred)
{
    const upstream::Message &message = index.messages.at(location.message);
    const upstream::Site &site = index.sites(location.message).at(location.site);
    RaisedAt out;
    out.component = index.component;
    out.repository = index.repository;
    out.path = index.paths.value(site.path);
    out.function = index.functions.value(site.function);
    out.condition = site.condition;
    out.kind = message.kind;
    out.type = message.type;
    out.releases = describeReleases(index, location.releases);
    // The line at the user's release when it has the message, else at the newest release that has it.
    int release = -1;
    int line = 0;
    for (const auto &[number, set] : site.lines) {
        const upstream::ReleaseSet &releases = index.sets.at(set);
        if (preferred >= 0 && releases.contains(preferred)) {
            release = preferred;
            line = number;
            break;
        }
        if (releases.last() > release) {
            release = releases.last();
            line = number;
        }
    }
    out.line = line;
    out.release = release >= 0 ? index.releases.at(release).version : QString();
    out.url = index.lineUrl(release, site.path, line);
    return out;
}

RunningNote runningNote(const upstream::ComponentIndex &index, const upstream::RunningRelease &running)
{
    RunningNote out;
    out.component = index.component;
    out.source = running.source;
    switch (running.source) {
    case upstream::RunningRelease::Source::Given:
        out.version = running.version;
        out.from = running.from;
        break;
    case upstream::RunningRelease::Source::Inferred:
        out.version = describeReleases(index, running.possible);
        out.from = Text::tr("the log's lines");
        break;
    case upstream::RunningRelease::Source::Unknown:
        break;
    }
    return out;
}

SuspectFix suspectFix(const upstream::ComponentIndex &index, const upstream::Suspect &suspect)
{
    SuspectFix fix;
    fix.component = index.component;
    fix.sha = suspect.change->sha;
    fix.pr = suspect.change->pr;
    fix.subject = suspect.change->subject;
    fix.date = suspect.change->date;
    fix.firstRelease = suspect.firstRelease >= 0 ? index.releases.at(suspect.firstRelease).version : QString();
    fix.reasons = suspect.reasons;
    fix.score = suspect.score;
    fix.commitUrl = index.commitUrl(fix.sha);
    fix.prUrl = index.prUrl(fix.pr);
    return fix;
}

// Of a message raised at several places, the places the traceback passes through first, then those of the
// releases the log fits.
void orderBySupport(upstream::Evidence &evidence, upstream::Upstream &upstream)
{
    const auto support = [&](const upstream::Location &location) {
        const upstream::ComponentIndex *index = upstream.messages(location.component);
        const upstream::Site &site = index->sites(location.message).at(location.site);
        const QString &path = index->paths.at(site.path);
        int score = 0;
        for (const upstream::Frame &frame : evidence.frames) {
            if (index->repoPath(frame.path) == path)
                score = std::max(score, frame.function == index->functions.at(site.function).section(u'.', -1) ? 2 : 1);
        }
        return score;
    };
    std::stable_sort(evidence.locations.begin(), evidence.locations.end(),
                     [&](const auto &a, const auto &b) { return support(a) > support(b); });
    if (!evidence.locations.isEmpty() && support(evidence.locations.first()) > 0) {
        const int best = support(evidence.locations.first());
        evidence.locations.erase(std::remove_if(evidence.locations.begin(), evidence.locations.end(),
                                                [&](const auto &l) { return support(l) < best; }),
                                 evidence.locations.end());
    }
}

struct Failure
{
    upstream::Evidence evidence;
    Located *into = nullptr;
    bool error = true;    // an error, not a warning: warnings get suspects only where they are located
    bool wrapper = false; // Ray's wrapper of an exception shown below it
    bool finding = false; // a finding's lines, not an error line
};

QString key(const upstream::Evidence &evidence)
{
    QStringList parts;
    for (const upstream::Location &location : evidence.locations)
        parts << location.component + u':' + QString::number(location.message) + u':' + QString::number(location.site);
    for (const upstream::Frame &frame : evidence.frames)
        parts << frame.path + u':' + QString::number(frame.line);
    return parts.join(u'|');
}

} // namespace

QString describeReleases(const upstream::ComponentIndex &index, const upstream::ReleaseSet &set)
{
    QStringList parts;
    int runStart = -1;
    const int count = static_cast<int>(index.releases.size());
    for (int i = 0; i <= count; ++i) {
        const bool in = i < count && set.contains(i) && !index.releases.at(i).isMain();
        if (in && runStart < 0)
            runStart = i;
        if (!in && runStart >= 0) {
            const QString &first = index.releases.at(runStart).version;
            const QString &last = index.releases.at(i - 1).version;
            parts << (runStart == i - 1 ? first : first + u'–' + last);
            runStart = -1;
        }
    }
    if (set.contains(count - 1) && index.releases.constLast().isMain())
        parts << Text::tr("main at %1").arg(index.date);
    return parts.join(u", "_s);
}

void locate(Analysis &analysis, const QList<Entry> &entries, upstream::Upstream &upstream)
{
    // Again for another release or language: what an earlier call found goes first.
    for (Finding &finding : analysis.findings)
        finding.located = {};
    for (ErrorLine &line : analysis.errorLines)
        line.located = {};
    if (analysis.findings.isEmpty() && analysis.errorLines.isEmpty())
        return;
    QElapsedTimer timer;
    timer.start();
    // The locator is let go once the lines are located: the suspects read changes, and a 1 GiB scan's
    // memory is counted at its peak.
    auto locator = std::make_unique<upstream::Locator>(upstream);
    log::core()->debug("locate: messages of every component read in {} ms", timer.elapsed());

    // Every failure: each error line, and each finding (with the traceback of the error line it shares
    // a line with, where there is one).
    QList<Failure> failures;
    QHash<QPair<int, qint64>, qsizetype> byPlace; // (file, line) → error line
    // A line without a level word stays only where a message is found in it, with the message's level.
    QList<QList<upstream::Location>> locations;
    QList<ErrorLine> kept;
    for (ErrorLine &line : analysis.errorLines) {
        QList<upstream::Location> found = locator->locate(line.text);
        if (line.level == LineLevel::None) {
            if (found.isEmpty())
                continue;
            const upstream::ComponentIndex *index = upstream.messages(found.first().component);
            line.level
                = index->messages.at(found.first().message).level == u"warning" ? LineLevel::Warning : LineLevel::Error;
        }
        locations << found;
        kept << std::move(line);
    }
    analysis.errorLines = std::move(kept);
    for (qsizetype i = 0; i < analysis.errorLines.size(); ++i) {
        ErrorLine &line = analysis.errorLines[i];
        byPlace.insert({line.file, line.line}, i);
        Failure failure;
        failure.evidence.locations = locations.at(i);
        failure.evidence.frames = line.frames;
        failure.evidence.text = undecorated(line.text);
        failure.into = &line.located;
        failure.error = line.level == LineLevel::Error;
        failure.evidence.warning = line.level == LineLevel::Warning;
        // Ray's "RayTaskError(X): ray::Actor.method() (pid=…)" only carries the exception printed below it.
        failure.wrapper = line.text.contains(u"ray::"_s);
        failures << failure;
    }
    for (Finding &finding : analysis.findings) {
        Failure failure;
        failure.finding = true;
        for (qsizetype k = 0; k < finding.first.lines.size(); ++k) {
            const QString &text = finding.first.lines.at(k);
            if (failure.evidence.locations.isEmpty())
                failure.evidence.locations = locator->locate(text);
            failure.evidence.text += undecorated(text) + u'\n';
            if (const auto at = byPlace.constFind({finding.first.file, finding.first.line + k});
                at != byPlace.constEnd() && failure.evidence.frames.isEmpty())
                failure.evidence.frames = analysis.errorLines.at(*at).frames;
        }
        failure.into = &finding.located;
        // An entry that explains the failure (out of memory, a setting, the environment, a known bug with
        // its fix) is the answer; suspects are for what no entry explains, and the code it carries.
        failure.error = entries.at(finding.entry).findsAnyCode();
        failures << failure;
    }

    locator.reset();

    // The releases each component's lines fit, over the whole log: a line narrows it only where it does
    // not contradict the others.
    QHash<QString, upstream::ReleaseSet> fit;
    for (const Failure &failure : std::as_const(failures)) {
        for (const QString &component : upstream::componentsOf(failure.evidence, upstream)) {
            const upstream::ComponentIndex *index = upstream.messages(component);
            if (!index)
                continue;
            const upstream::ReleaseSet here = upstream::fittingReleases(*index, failure.evidence);
            if (here.empty())
                continue;
            const auto found = fit.constFind(component);
            if (found == fit.constEnd())
                fit.insert(component, here);
            else if (!(*found & here).empty())
                fit.insert(component, *found & here);
        }
    }
    analysis.logReleases.clear();
    for (auto it = fit.constBegin(); it != fit.constEnd(); ++it) {
        const upstream::ComponentIndex *index = upstream.messages(it.key());
        QStringList versions;
        for (int i = 0; i < index->releases.size(); ++i) {
            if (it.value().contains(i))
                versions << index->releases.at(i).version;
        }
        analysis.logReleases << LogReleases{it.key(), versions};
    }
    std::sort(analysis.logReleases.begin(), analysis.logReleases.end(),
              [](const LogReleases &a, const LogReleases &b) { return a.component < b.component; });

    const auto given = [&](const QString &component) -> const InstalledVersion * {
        for (const InstalledVersion &one : analysis.installed) {
            if (one.component == versionedAs(component) && !one.version.isEmpty())
                return &one;
        }
        return nullptr;
    };

    log::core()->debug("locate: {} lines located in {} ms", failures.size(), timer.elapsed());
    QHash<QString, Located> searched; // evidence key → what was found, for echoes
    int searches = 0;
    for (Failure &failure : failures) {
        Located &out = *failure.into;
        orderBySupport(failure.evidence, upstream);
        for (const upstream::Location &location : std::as_const(failure.evidence.locations)) {
            const upstream::ComponentIndex *index = upstream.messages(location.component);
            const InstalledVersion *you = given(location.component);
            out.raisedAt << raisedAt(*index, location, you ? index->releaseOf(you->version) : -1);
        }
        // An error, or a warning whose message is located: the rest of the warnings are noise here.
        if ((!failure.error && (failure.finding || failure.evidence.locations.isEmpty())) || failure.wrapper)
            continue;
        const QString k = key(failure.evidence) + u'|' + failure.evidence.text;
        if (const auto done = searched.constFind(k); done != searched.constEnd()) {
            out.suspects = done->suspects;
            out.running = done->running;
            out.searched = done->searched;
            continue;
        }
        if (searches >= kMaxSuspectSearches)
            continue;
        ++searches;
        QStringList components = upstream::componentsOf(failure.evidence, upstream);
        if (components.isEmpty() && failure.error) {
            // Nothing places it: the components with a function its text names, else (reading every
            // component's changes, so only then) those whose changes name its rare words.
            for (const QString &component : upstream.components()) {
                const upstream::ComponentIndex *index = upstream.messages(component);
                if (index && upstream::namesMessagesFunction(*index, failure.evidence.text))
                    components << component;
            }
            const QStringList names = upstream::codeNames(failure.evidence.text);
            QStringList naming;
            for (const QString &component : upstream.components()) {
                if (!components.isEmpty() || !upstream.changesName(component, names))
                    continue; // its changes are not read in full for nothing
                const upstream::ComponentIndex *index = upstream.changes(component);
                if (index && upstream::mentions(*index, failure.evidence.text))
                    naming << component;
            }
            components << naming;
        }
        QList<QPair<upstream::Suspect, const upstream::ComponentIndex *>> found;
        for (const QString &component : std::as_const(components)) {
            const upstream::ComponentIndex *index = upstream.changes(component);
            if (!index)
                continue;
            const InstalledVersion *you = given(component);
            upstream::RunningRelease running = upstream::runningRelease(
                *index, failure.evidence, you ? you->version : QString(), you ? you->source : QString());
            if (running.source != upstream::RunningRelease::Source::Given && fit.contains(component))
                running = upstream::inferredRelease(*index, fit.value(component));
            const QList<upstream::Suspect> suspects
                = upstream::suspectFixes(*index, failure.evidence, running, int(kMaxSuspects));
            if (!out.searched || (out.suspects.isEmpty() && !suspects.isEmpty())) {
                out.searched = true;
                out.running = runningNote(*index, running);
            }
            for (const upstream::Suspect &suspect : suspects)
                found.append({suspect, index});
        }
        std::stable_sort(found.begin(), found.end(),
                         [](const auto &a, const auto &b) { return a.first.score > b.first.score; });
        for (qsizetype i = 0; i < found.size() && i < kMaxSuspects; ++i)
            out.suspects << suspectFix(*found.at(i).second, found.at(i).first);
        searched.insert(k, out);
    }
    log::core()->debug("locate: suspects looked for {} times, in {} ms in all", searches, timer.elapsed());
}

} // namespace vna::logscan
