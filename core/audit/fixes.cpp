// The NPU fixes released after each installed version, from the upstream fix index; those that match a
// symptom first (a log line by the suspect matcher, words by the rare words a fix's subject shares).
#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QSet>

#include "audit/stages.h"
#include "common/pyversion.h"
#include "upstream/index.h"
#include "upstream/locate.h"
#include "upstream/suspects.h"

using namespace Qt::StringLiterals;

namespace vna::audit::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
};

// The stack's packages that have an index of changes, and its name.
const QList<std::pair<QString, QString>> &indexed()
{
    static const QList<std::pair<QString, QString>> list{
        {u"verl"_s, u"verl"_s},           {u"vllm-ascend"_s, u"vllm-ascend"_s},
        {u"torch-npu"_s, u"torch_npu"_s}, {u"triton-ascend"_s, u"triton-ascend"_s},
        {u"mindspeed"_s, u"mindspeed"_s}, {u"mbridge"_s, u"mbridge"_s},
    };
    return list;
}

// verl's changes that concern the NPU: files or a subject that say so.
bool npuRelevant(const upstream::ComponentIndex &index, const upstream::Change &change)
{
    if (index.component != u"verl" && index.component != u"mbridge" && index.component != u"verl-recipe")
        return true;
    static const QStringList words{u"npu"_s, u"ascend"_s, u"[hardware]"_s, u"mindspeed"_s};
    const QString subject = change.subject.toLower();
    for (const QString &word : words)
        if (subject.contains(word))
            return true;
    for (const upstream::Change::File &file : change.files) {
        const QString path = index.paths.value(file.path).toLower();
        if (path.contains(u"npu"_s) || path.contains(u"ascend"_s))
            return true;
    }
    return false;
}

// The index's release compared with an installed version: the same release, else the newest one before it.
int releaseFor(const upstream::ComponentIndex &index, const QString &installed)
{
    if (const int exact = index.releaseOf(installed); exact >= 0)
        return exact;
    int best = -1;
    for (int i = 0; i < index.releases.size(); ++i) {
        const upstream::Release &release = index.releases.at(i);
        if (release.isMain())
            continue;
        const auto order = comparePyVersions(release.version, installed);
        if (order && *order < 0 && (best < 0 || comparePy(release.version, index.releases.at(best).version) > 0))
            best = i;
    }
    return best;
}

// The first release after `installed` (by version) in the set; -1 for none.
int firstAfter(const upstream::ComponentIndex &index, const upstream::ReleaseSet &set, const QString &installed)
{
    int best = -1;
    for (int i = 0; i < index.releases.size(); ++i) {
        const upstream::Release &release = index.releases.at(i);
        if (release.isMain() || !set.contains(i))
            continue;
        const auto order = comparePyVersions(release.version, installed);
        if (order && *order > 0 && (best < 0 || comparePy(release.version, index.releases.at(best).version) < 0))
            best = i;
    }
    return best;
}

upstream::Evidence symptomEvidence(const QString &symptom, upstream::Upstream &upstream)
{
    upstream::Evidence evidence;
    evidence.text = symptom.right(8000);
    const QStringList lines = symptom.split(u'\n');
    if (lines.size() > 1 || symptom.size() > 40) {
        const upstream::Locator locator(upstream);
        int looked = 0;
        for (const QString &line : lines) {
            if (const auto frame = upstream::parseFrame(line)) {
                evidence.frames << *frame;
                continue;
            }
            if (line.trimmed().size() < 12 || ++looked > 200)
                continue;
            evidence.locations << locator.locate(line);
        }
    }
    return evidence;
}

// A word as a subject and a symptom both may write it: "patches" and "patch" are one.
QString stem(const QString &word)
{
    if (word.size() > 5 && word.endsWith(u"es"_s) && !word.endsWith(u"ses"_s))
        return word.chopped(2);
    if (word.size() > 4 && word.endsWith(u's') && !word.endsWith(u"ss"_s))
        return word.chopped(1);
    return word;
}

QSet<QString> stems(const QString &text)
{
    QSet<QString> out;
    for (const QString &word : upstream::subjectWords(text))
        out.insert(stem(word));
    return out;
}

// The lacking fixes whose subjects share at least two rare words with a symptom in words ("NPU patch for
// Qwen3-MoE fails to apply"): a word is rare when at most 2 % of the component's subjects hold it, and one
// of them must name something. At most three, the rarest shared words first.
QList<std::pair<const upstream::Change *, QStringList>>
wordMatches(const upstream::ComponentIndex &index,
            const QList<std::pair<const upstream::Change *, int>> &lacking,
            const QString &symptom)
{
    const QSet<QString> wanted = stems(symptom);
    if (wanted.size() < 2)
        return {};
    QHash<QString, int> frequency;
    for (const upstream::Change &change : index.changes)
        for (const QString &word : stems(change.subject))
            if (wanted.contains(word))
                ++frequency[word];
    const double rare = std::max(3.0, 0.02 * static_cast<double>(index.changes.size()));
    QList<std::tuple<double, const upstream::Change *, QStringList>> scored;
    for (const auto &[change, first] : lacking) {
        QStringList shared;
        double score = 0;
        for (const QString &word : stems(change->subject)) {
            const int count = frequency.value(word);
            if (wanted.contains(word) && count > 0 && count <= rare) {
                shared << word;
                score += std::log(static_cast<double>(index.changes.size()) / count);
            }
        }
        // Two common words ("service", "start") say little: one must name something (a model, a
        // function: a digit or "_") or be very rare.
        const bool names = std::any_of(shared.cbegin(), shared.cend(), [&](const QString &word) {
            return word.contains(u'_') || std::any_of(word.cbegin(), word.cend(), [](QChar ch) { return ch.isDigit(); })
                || frequency.value(word) <= std::max(1.0, 0.003 * static_cast<double>(index.changes.size()));
        });
        if (shared.size() >= 2 && names)
            scored.append({score, change, shared});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
    QList<std::pair<const upstream::Change *, QStringList>> out;
    for (qsizetype i = 0; i < scored.size() && i < 3; ++i)
        out.append({std::get<1>(scored.at(i)), std::get<2>(scored.at(i))});
    return out;
}

bool shown(const ComponentFixes &fixes, const QString &sha)
{
    return std::any_of(fixes.shown.cbegin(), fixes.shown.cend(), [&](const LackedFix &f) { return f.sha == sha; });
}

} // namespace

void listFixes(Context &c, const QString &symptom, upstream::Upstream &upstream)
{
    std::optional<upstream::Evidence> evidence;
    for (const auto &[package, component] : indexed()) {
        const QString installed = c.installed(package);
        if (installed.isEmpty())
            continue;
        const upstream::ComponentIndex *index = upstream.changes(component);
        if (!index)
            continue;
        const int release = releaseFor(*index, installed);
        ComponentFixes fixes{component, package, installed, QString(), 0, QString(), 0, QString(), {}};
        for (const upstream::Release &r : index->releases)
            if (!r.isMain() && (fixes.newest.isEmpty() || comparePy(r.version, fixes.newest) > 0))
                fixes.newest = r.version;
        if (release < 0) {
            c.audit.notChecked << Text::tr("%1 %2 is older than every release of its history read (from %3): its "
                                           "fixes were not listed.")
                                      .arg(component, installed, index->releases.constFirst().version);
            continue;
        }
        fixes.comparedWith = index->releases.at(release).version;
        QHash<int, int> perRelease;
        QList<std::pair<const upstream::Change *, int>> lacking;
        for (const upstream::Change &change : index->changes) {
            if (!change.saysFix || !npuRelevant(*index, change))
                continue;
            const upstream::ReleaseSet &set = index->sets.at(change.in);
            if (set.contains(release))
                continue;
            const int first = firstAfter(*index, set, installed);
            if (first < 0)
                continue;
            lacking.append({&change, first});
            ++perRelease[first];
        }
        fixes.lacking = static_cast<int>(lacking.size());
        int next = -1;
        for (auto it = perRelease.cbegin(); it != perRelease.cend(); ++it)
            if (next < 0 || comparePy(index->releases.at(it.key()).version, index->releases.at(next).version) < 0)
                next = it.key();
        if (next >= 0) {
            fixes.next = index->releases.at(next).version;
            fixes.inNext = perRelease.value(next);
        }
        if (!symptom.trimmed().isEmpty()) {
            if (!evidence)
                evidence = symptomEvidence(symptom, upstream);
            upstream::RunningRelease running
                = upstream::runningRelease(*index, *evidence, fixes.comparedWith, Text::tr("the stack"));
            for (const upstream::Suspect &suspect : upstream::suspectFixes(*index, *evidence, running, 3)) {
                if (suspect.firstRelease < 0)
                    continue;
                fixes.shown.append(
                    {suspect.change->pr, suspect.change->sha, suspect.change->subject,
                     index->releases.at(suspect.firstRelease).version,
                     suspect.change->pr > 0 ? index->prUrl(suspect.change->pr) : index->commitUrl(suspect.change->sha),
                     true, suspect.reasons});
            }
        }
        if (!symptom.trimmed().isEmpty()) {
            QHash<const upstream::Change *, int> firstOf;
            for (const auto &[change, first] : lacking)
                firstOf.insert(change, first);
            for (const auto &[change, words] : wordMatches(*index, lacking, symptom)) {
                if (fixes.shown.size() >= 3)
                    break;
                if (!shown(fixes, change->sha))
                    fixes.shown.append({change->pr,
                                        change->sha,
                                        change->subject,
                                        index->releases.at(firstOf.value(change)).version,
                                        change->pr > 0 ? index->prUrl(change->pr) : index->commitUrl(change->sha),
                                        true,
                                        {Text::tr("its subject shares %1 with the symptom").arg(words.join(u", "_s))}});
            }
        }
        // The next release's fixes, newest first.
        std::stable_sort(lacking.begin(), lacking.end(),
                         [](const auto &a, const auto &b) { return a.first->date > b.first->date; });
        for (const auto &[change, first] : lacking) {
            if (first != next || fixes.shown.size() >= 6)
                continue;
            if (!shown(fixes, change->sha))
                fixes.shown.append({change->pr,
                                    change->sha,
                                    change->subject,
                                    fixes.next,
                                    change->pr > 0 ? index->prUrl(change->pr) : index->commitUrl(change->sha),
                                    false,
                                    {}});
        }
        c.audit.fixes.append(fixes);
    }
}

} // namespace vna::audit::detail
