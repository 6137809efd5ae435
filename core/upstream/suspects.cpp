#include "suspects.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include "common/pyversion.h"

using namespace Qt::StringLiterals;

namespace vna::upstream {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(SuspectFixes)
};

// Weights of what a change has in common with a failure. A change must reach kMinScore, and hold either
// a function of the failure or rare names of its text worth kMinIds: a file in common alone is weak.
constexpr double kSiteFunction = 3.0;  // changes the function that raises the message
constexpr double kSiteRemoved = 2.0;   // removes or rewrites the message there
constexpr double kSiteFile = 0.5;      // changes the file, elsewhere
constexpr double kGuardedModule = 1.5; // changes the module whose import the message reports
constexpr double kFrame = 2.5;         // changes the innermost frame's function (less for outer ones)
constexpr double kFrameDecay = 0.7;
constexpr double kFrameFile = 0.3; // of the frame's weight, for the frame's file elsewhere
constexpr double kMaxIds = 6.0;
constexpr double kSubjectId = 1.0;    // a rare name of the failure in the change's subject
constexpr double kFixWords = 1.25;    // the subject says it fixes something
constexpr double kMinWordScore = 5.0; // rare words of the error a subject must share to say what it fixes
constexpr double kMaxWords = 6.0;
constexpr int kFewChanges = 3;         // changes to the failing function after the user's release
constexpr double kNamedFunction = 2.5; // changes a function the error names ("f() got an unexpected …")
constexpr double kJustAfter = 1.0;     // first released just after the user's release (or the newest the lines fit)
constexpr double kFirstFix = 1.5;      // the first fix after the user's release to touch a function of the failure
constexpr double kMinScore = 3.0;
constexpr double kMinIds = 2.5; // the rare names of the error it shares are worth a kind of evidence
constexpr int kMaxFrames = 8;   // of the component, innermost first

// The component's frames, innermost first, as (path index, the function's own name as
// ComponentIndex::bareName numbers it); -1 where the index does not know the path or the name.
QList<QPair<int, int>> componentFrames(const ComponentIndex &index, const QList<Frame> &frames)
{
    QList<QPair<int, int>> out;
    for (auto it = frames.crbegin(); it != frames.crend() && out.size() < kMaxFrames; ++it) {
        const QString path = index.repoPath(it->path);
        // A module's own code is the chain of imports: many changes touch it, few fix what failed.
        if (path.isEmpty() || it->function == u"<module>")
            continue;
        out.append({index.pathIndex(path), index.bareNameOf(it->function)});
    }
    return out;
}

// Whether a change touches, in `path`, a function whose own name is `bare`.
bool changesNamed(const ComponentIndex &index, const Change &change, int path, int bare)
{
    return std::any_of(change.files.begin(), change.files.end(), [&](const Change::File &file) {
        return file.path == path && std::any_of(file.functions.begin(), file.functions.end(), [&](int function) {
                   return index.bareName(function) == bare;
               });
    });
}

// A name worth looking for in changes: an identifier with "_" or two capitals (Qwen2RMSNorm,
// MLATransformerConfig, no_weight_decay_cond), not an English word, a model family or Python's own
// exception names, which say nothing of where a failure is.
bool codeLike(const QString &id)
{
    // Python's own exception names say nothing of where a failure is.
    if (id.endsWith(u"Error"_s) || id.endsWith(u"Exception"_s) || id.endsWith(u"Warning"_s) || id == u"NoneType")
        return false;
    if (id.contains(u'_'))
        return id.size() >= 5;
    int upper = 0;
    for (const QChar c : id)
        upper += c.isUpper() ? 1 : 0;
    return upper >= 2 && upper < id.size();
}

} // namespace

QList<int> namedFunctions(const ComponentIndex &index, const QString &text)
{
    static const QRegularExpression name(u"[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*"_s);
    QList<int> out;
    for (auto it = name.globalMatch(text); it.hasNext();) {
        const QString dotted = it.next().captured(0);
        // "MLATransformerConfig.__init__" names the class's method; "compute_policy_loss_gspo" a function
        const QStringList parts = dotted.split(u'.');
        for (qsizetype from = std::max<qsizetype>(0, parts.size() - 2); from < parts.size(); ++from) {
            const QString candidate = parts.mid(from).join(u'.');
            if (candidate.size() < 6 || (parts.size() - from == 1 && !codeLike(candidate)))
                continue;
            if (const int function = index.functionIndex(candidate); function >= 0 && !out.contains(function))
                out << function;
        }
    }
    return out;
}

bool mentions(const ComponentIndex &index, const QString &text)
{
    return !rareIds(index, text).isEmpty() || !namedFunctions(index, text).isEmpty();
}

bool namesMessagesFunction(const ComponentIndex &index, const QString &text)
{
    const QList<int> named = namedFunctions(index, text);
    return std::any_of(named.begin(), named.end(), [&](int function) { return function < index.messageFunctions; });
}

QStringList codeNames(const QString &text)
{
    static const QRegularExpression word(u"[A-Za-z_][A-Za-z0-9_]{3,}"_s);
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString id = it.next().captured(0);
        if (codeLike(id) && !out.contains(id))
            out << id;
    }
    return out;
}

QStringList rareIds(const ComponentIndex &index, const QString &text)
{
    static const QRegularExpression word(u"[A-Za-z_][A-Za-z0-9_]{3,}"_s);
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString id = it.next().captured(0);
        if (codeLike(id) && index.idFrequency.value(index.nameOf(id)) > 0 && !out.contains(id))
            out << id;
    }
    return out;
}

namespace {

bool changesFunction(const Change &change, int path, int function)
{
    return std::any_of(change.files.begin(), change.files.end(), [&](const Change::File &file) {
        return file.path == path && (function < 0 || file.functions.contains(function));
    });
}

bool changesFile(const Change &change, int path)
{
    return changesFunction(change, path, -1);
}

// The module a site's guard imports ("importing verl.models.transformers.npu_patch raises …") as a path.
int guardedModule(const ComponentIndex &index, const QString &condition)
{
    static const QRegularExpression importing(u"^importing ([\\w.]+)"_s);
    const auto match = importing.match(condition);
    if (!match.hasMatch())
        return -1;
    const QString module = match.captured(1).replace(u'.', u'/');
    for (const QString &candidate : QStringList{module + u".py"_s, module + u"/__init__.py"_s}) {
        if (const int path = index.pathIndex(candidate); path >= 0)
            return path;
    }
    return -1;
}

QString shown(const ComponentIndex &index, int path, int function)
{
    const QString file = index.paths.value(path);
    return function >= 0 ? index.functions.value(function) + u" ("_s + file + u')' : file;
}

} // namespace

ReleaseSet fittingReleases(const ComponentIndex &index, const Evidence &evidence)
{
    ReleaseSet all;
    for (int i = 0; i < index.releases.size(); ++i)
        all.add(i);
    ReleaseSet fit = all;
    bool narrowed = false;
    // A located message: the union over its (tied) sites.
    ReleaseSet located;
    for (const Location &location : evidence.locations) {
        if (location.component == index.component)
            located = located | location.releases;
    }
    if (!located.empty()) {
        fit = fit & located;
        narrowed = true;
    }
    for (const Frame &frame : evidence.frames) {
        const QString path = index.repoPath(frame.path);
        if (path.isEmpty())
            continue;
        const int function = index.functionIndex(frame.function);
        const auto &known = index.spans();
        const auto spans = known.constFind({index.pathIndex(path), function});
        if (function < 0 || spans == known.constEnd())
            continue;
        ReleaseSet here;
        for (const Span &span : *spans) {
            if (span.first <= frame.line && frame.line <= span.last)
                here = here | index.sets.at(span.set);
        }
        if (here.empty())
            continue; // a local edit, or a release the index does not hold: the frame says nothing
        const ReleaseSet both = fit & here;
        if (!both.empty()) {
            fit = both;
            narrowed = true;
        }
    }
    return narrowed ? fit : ReleaseSet{};
}

RunningRelease inferredRelease(const ComponentIndex &index, const ReleaseSet &possible)
{
    RunningRelease out;
    if (possible.empty())
        return out;
    out.source = RunningRelease::Source::Inferred;
    out.possible = possible;
    // Lines that fit release X may have been written by the main branch shortly before it: compare with
    // the release before the oldest they fit (the first release read when that is the oldest: the index
    // holds nothing older, and a change every release has is not news).
    out.release = std::max(0, possible.first() - 1);
    for (int r = 0; r < index.releases.size(); ++r) {
        if (possible.contains(r) && !index.releases.at(r).isMain())
            out.newest = r;
    }
    return out;
}

RunningRelease runningRelease(const ComponentIndex &index,
                              const Evidence &evidence,
                              const QString &givenVersion,
                              const QString &givenFrom)
{
    RunningRelease out;
    if (!givenVersion.isEmpty()) {
        out.source = RunningRelease::Source::Given;
        out.version = givenVersion;
        out.from = givenFrom;
        out.release = index.releaseOf(givenVersion);
        if (out.release < 0) {
            // Not a release the index read: compare with the newest one before it.
            const auto given = PyVersion::parse(givenVersion);
            for (qsizetype i = 0; given && i < index.releases.size(); ++i) {
                const auto v = PyVersion::parse(index.releases.at(i).version);
                if (v && !index.releases.at(i).isMain() && v->compare(*given) <= 0)
                    out.release = static_cast<int>(i);
            }
        }
        out.newest = out.release;
        return out;
    }
    return inferredRelease(index, fittingReleases(index, evidence));
}

QList<Suspect>
suspectFixes(const ComponentIndex &index, const Evidence &evidence, const RunningRelease &running, int limit)
{
    QList<Suspect> out;
    if (!index.changesLoaded)
        return out;
    // The sites of the failure's located messages in this component.
    struct SiteRef
    {
        int path;
        int function;
        QByteArray pattern;
        int guarded;
    };
    QList<SiteRef> sites;
    QString values;
    for (const Location &location : evidence.locations) {
        if (location.component != index.component)
            continue;
        const Message &message = index.messages.at(location.message);
        const Site &site = index.sites(location.message).at(location.site);
        sites << SiteRef{site.path, site.function, message.pattern, guardedModule(index, site.condition)};
        values += u' ' + location.values.join(u' ');
    }
    const QList<QPair<int, int>> frames = componentFrames(index, evidence.frames);
    QHash<int, QString> bareNames; // for the wording
    for (const Frame &frame : evidence.frames)
        bareNames.insert(index.bareNameOf(frame.function), frame.function);
    // The error's words, with the source lines of the component's two innermost frames (the code that
    // failed names what it worked on).
    QString text = evidence.text + values;
    int codeLines = 0;
    for (auto it = evidence.frames.crbegin(); it != evidence.frames.crend() && codeLines < 2; ++it) {
        if (!index.repoPath(it->path).isEmpty() && !it->code.isEmpty()) {
            text += u'\n' + it->code;
            ++codeLines;
        }
    }
    // and the names of where it failed: the file and function of the innermost frame, whatever library
    // it is in (triton's _allocation.py, its __call__)
    QString places;
    if (!evidence.frames.isEmpty())
        places += u' ' + evidence.frames.constLast().path.section(u'/', -1).section(u'.', 0, 0) + u' '
            + evidence.frames.constLast().function;
    // File names and paths (a logger's "[mooncake_connector.py:419]", a frame's path) say where, which the
    // places above already do; as names of the error they would count the same thing twice.
    static const QRegularExpression fileNames(u"[\\w./-]*\\.(?:py|cpp|cc|h|hpp)\\b(?::\\d+)?"_s);
    QString named = text;
    named.remove(fileNames);
    const QStringList ids = rareIds(index, named + places);
    // the error's words as the index numbers them (a word no subject has cannot be shared)
    QList<int> words;
    for (const QString &word : subjectWords(named)) {
        if (const int number = index.nameOf(word); number >= 0)
            words << number;
    }
    const QList<int> namedFunctionsOfText = namedFunctions(index, QString(evidence.text).remove(fileNames));
    bool idOnly = false; // a name of the error that one or two changes name, and long enough to be no accident
    for (const QString &id : ids)
        idOnly = idOnly || (id.size() >= 8 && index.idFrequency.value(index.nameOf(id)) <= 2);
    if (sites.isEmpty() && frames.isEmpty() && ids.isEmpty() && namedFunctionsOfText.isEmpty())
        return out;
    // The function the failure happened in, when it is this component's: few changes touch one function,
    // and the first of them after the user's release is often the fix.
    QPair<int, int> innermost{-1, -1};
    if (!evidence.frames.isEmpty() && !frames.isEmpty() && !index.repoPath(evidence.frames.constLast().path).isEmpty())
        innermost = frames.first();
    int touchingInnermost = 0;
    const int releases = static_cast<int>(index.releases.size());
    const bool comparable = running.release >= 0 && !index.releases.at(running.release).isMain();
    const double changesCount = std::max<double>(1.0, static_cast<double>(index.changes.size()));

    const auto candidate
        = [&](const Change &change) { return !(comparable && index.sets.at(change.in).contains(running.release)); };

    const Change *firstFixOfInnermost = nullptr; // the earliest that says it fixes something
    if (innermost.first >= 0 && innermost.second >= 0) {
        for (const Change &change : index.changes) {
            if (!candidate(change) || !changesNamed(index, change, innermost.first, innermost.second))
                continue;
            ++touchingInnermost;
            if (change.saysFix && (!firstFixOfInnermost || change.date < firstFixOfInnermost->date))
                firstFixOfInnermost = &change;
        }
    }

    // The first change after the user's release that says it fixes something, for each function the
    // failure ran through: a bug is usually fixed soon after it shipped.
    QSet<const Change *> firstFixes;
    const auto firstFixTouching = [&](const auto &touches) {
        const Change *first = nullptr;
        for (const Change &change : index.changes) {
            if (candidate(change) && change.saysFix && touches(change) && (!first || change.date < first->date))
                first = &change;
        }
        if (first)
            firstFixes.insert(first);
    };
    for (const SiteRef &site : sites)
        firstFixTouching([&](const Change &change) { return changesFunction(change, site.path, site.function); });
    for (const QPair<int, int> &frame : frames) {
        if (frame.first >= 0 && frame.second >= 0)
            firstFixTouching(
                [&](const Change &change) { return changesNamed(index, change, frame.first, frame.second); });
    }

    for (const Change &change : index.changes) {
        const ReleaseSet &in = index.sets.at(change.in);
        if (!candidate(change))
            continue; // the user's release (or the one before the oldest the lines fit) has it
        Suspect suspect;
        double score = 0;
        bool touchesFunction = false;
        bool rewritesMessage = false;
        // A message raised at several places is one piece of evidence: the best place counts, once.
        double siteScore = 0;
        QStringList siteReasons;
        for (const SiteRef &site : sites) {
            double here = 0;
            QStringList reasons;
            if (changesFunction(change, site.path, site.function)) {
                here += kSiteFunction;
                touchesFunction = true;
                reasons
                    << Text::tr("changes %1, where the message is raised").arg(shown(index, site.path, site.function));
            } else if (changesFile(change, site.path)) {
                here += kSiteFile;
            }
            const bool removes = std::any_of(change.removed.begin(), change.removed.end(), [&](const auto &ref) {
                return ref.path == site.path && index.names.value(ref.text) == site.pattern;
            });
            if (removes) {
                here += kSiteRemoved;
                rewritesMessage = true;
                reasons << Text::tr("rewrites or removes that message");
            }
            if (site.guarded >= 0 && changesFile(change, site.guarded)) {
                here += kGuardedModule;
                touchesFunction = true;
                reasons << Text::tr("changes %1, whose import the message reports").arg(index.paths.at(site.guarded));
            }
            if (here > siteScore) {
                siteScore = here;
                siteReasons = reasons;
            }
        }
        score += siteScore;
        suspect.reasons << siteReasons;
        double weight = kFrame;
        QSet<QPair<int, int>> seenFrames;
        for (const auto &[path, function] : frames) {
            if (seenFrames.contains({path, function})) {
                weight *= kFrameDecay;
                continue;
            }
            seenFrames.insert({path, function});
            if (path >= 0 && function >= 0 && changesNamed(index, change, path, function)) {
                score += weight;
                touchesFunction = true;
                suspect.reasons << Text::tr("changes %1 in %2, a function of the traceback")
                                       .arg(bareNames.value(function), index.paths.at(path));
            } else if (path >= 0 && changesFile(change, path)) {
                score += weight * kFrameFile;
            }
            weight *= kFrameDecay;
        }
        double idScore = 0;
        bool inSubject = false;
        bool uniqueId = false;
        for (const QString &id : ids) {
            const int name = index.nameOf(id);
            if (!change.ids.contains(name))
                continue;
            const int frequency = index.idFrequency.value(name);
            uniqueId = uniqueId || (idOnly && id.size() >= 8 && frequency <= 2);
            idScore += std::log(1.0 + changesCount / std::max(1, frequency));
            suspect.matchedIds << id;
            if (change.subject.contains(id)) {
                score += kSubjectId;
                inSubject = true;
            }
        }
        idScore = std::min(idScore, kMaxIds);
        if (!suspect.matchedIds.isEmpty()) {
            suspect.reasons << Text::tr("adds or removes %1, named in the error").arg(suspect.matchedIds.join(u", "_s));
            // the hunk: the changed line that names one
            for (const QByteArray &line : change.lines) {
                const QString changed = QString::fromUtf8(line);
                if (std::any_of(suspect.matchedIds.begin(), suspect.matchedIds.end(),
                                [&](const QString &id) { return changed.contains(id); })) {
                    suspect.reasons << Text::tr("changed line: %1").arg(changed);
                    break;
                }
            }
        }
        score += idScore;
        // Words of the error in the change's subject, the rarer the more they say.
        QStringList shared;
        double wordScore = 0;
        for (const int word : change.words) {
            if (!words.contains(word))
                continue;
            const QString name = QString::fromUtf8(index.names.at(word));
            if (suspect.matchedIds.contains(name, Qt::CaseInsensitive))
                continue;
            shared << name;
            wordScore += std::log(1.0 + changesCount / std::max(1, index.subjectFrequency.value(word)));
        }
        const bool saysIt = wordScore >= kMinWordScore;
        if (saysIt) {
            score += std::min(wordScore, kMaxWords);
            suspect.reasons << Text::tr("its subject says %1, as the error does").arg(shared.join(u", "_s));
        }
        const bool onlyFixOfInnermost = innermost.first >= 0
            && ((touchingInnermost <= kFewChanges && changesNamed(index, change, innermost.first, innermost.second))
                || &change == firstFixOfInnermost);
        bool namesIt = false;
        for (const int function : namedFunctionsOfText) {
            for (const Change::File &file : change.files) {
                if (file.functions.contains(function) && !namesIt) {
                    namesIt = true;
                    score += kNamedFunction;
                    suspect.reasons
                        << Text::tr("changes %1, which the error names").arg(shown(index, file.path, function));
                }
            }
        }
        const bool fixes = change.saysFix;
        // Kinds of evidence, each counted once: changing the function that raises the message and
        // rewriting the message there are one (the second implies the first).
        const int kinds = (touchesFunction || rewritesMessage ? 1 : 0) + (idScore >= kMinIds ? 1 : 0)
            + (inSubject ? 1 : 0) + (uniqueId && fixes ? 1 : 0) + (saysIt ? 1 : 0) + (onlyFixOfInnermost ? 1 : 0)
            + (namesIt ? 1 : 0);
        if (score <= 0 || kinds < 2)
            continue;
        // A warning is printed by code that goes on working: changing where it is printed, or sharing its
        // common words, is what every later release of that code does. A rare name of it must be in the
        // change (a healthy log's warnings had suspects by the place and words alone).
        if (evidence.warning && idScore < kMinIds && !inSubject)
            continue;
        if (fixes)
            score *= kFixWords;
        // The release after the newest the lines fit: where the code they ran changed.
        int first = -1;
        for (int r = 0; r < releases; ++r) {
            if (in.contains(r) && !index.releases.at(r).isMain() && (!comparable || r > running.release)) {
                first = r;
                break;
            }
        }
        if (running.newest >= 0 && first == running.newest + 1)
            score += kJustAfter;
        if (firstFixes.contains(&change))
            score += kFirstFix;
        if (score < kMinScore)
            continue;
        suspect.change = &change;
        suspect.score = score;
        suspect.firstRelease = first;
        out << suspect;
    }
    // Strongest first; among equals, the earliest change (the fix closest after the failing code).
    std::stable_sort(out.begin(), out.end(), [](const Suspect &a, const Suspect &b) {
        if (std::abs(a.score - b.score) > 1e-9)
            return a.score > b.score;
        return a.change->date < b.change->date;
    });
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

QStringList componentsOf(const Evidence &evidence, Upstream &upstream)
{
    QHash<QString, int> weight;
    for (const Location &location : evidence.locations)
        weight[location.component] += 10;
    for (const QString &component : upstream.components()) {
        const ComponentIndex *index = upstream.messages(component);
        if (!index)
            continue;
        for (const Frame &frame : evidence.frames) {
            if (!index->messagesRepoPath(frame.path).isEmpty()) // not whether changes were read
                ++weight[component];
        }
    }
    QStringList out = weight.keys();
    std::sort(out.begin(), out.end(), [&](const QString &a, const QString &b) {
        return weight.value(a) != weight.value(b) ? weight.value(a) > weight.value(b) : a < b;
    });
    return out;
}

} // namespace vna::upstream
