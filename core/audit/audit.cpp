#include "audit/audit.h"

#include <algorithm>
#include <cmath>

#include <QSet>

#include <QCoreApplication>

#include "common/pyversion.h"
#include "env/compat.h"
#include "env/probe.h"
#include "env/stackpins.h"
#include "env/verlrequirements.h"
#include "upstream/index.h"
#include "upstream/locate.h"
#include "upstream/suspects.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::audit {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
};

// torch_npu X.Y.Z(.postN) requires torch==X.Y.Z exactly.
const QString kTorchPinSource = u"Ascend/pytorch@9e73e70:setup.py:131-138"_s;

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

int comparePy(const QString &a, const QString &b)
{
    return comparePyVersions(a, b).value_or(0);
}

// Whether `installed` meets `spec` for this package (CANN by its release line, vLLM by its release).
std::optional<bool> meets(const QString &package, const QString &spec, const QString &installed)
{
    if (package == u"cann") {
        QString wanted = spec;
        wanted.remove(u"=="_s);
        return env::cannLine(wanted).compare(env::cannLine(installed), Qt::CaseInsensitive) == 0;
    }
    const auto version = PyVersion::parse(installed);
    if (!version)
        return std::nullopt;
    if (package == u"vllm" && spec.startsWith(u"=="_s)) {
        const auto pinned = PyVersion::parse(spec.mid(2));
        return pinned ? std::optional<bool>(pinned->compareRelease(*version) == 0) : std::nullopt;
    }
    const auto specifier = PySpecifier::parse(spec);
    if (!specifier)
        return std::nullopt;
    return specifier->holds(*version);
}

// "==2.8.0.post2" and 2.8.0: an exact pin and another build (pre, post, dev) of the same release.
bool sameRelease(const QString &spec, const QString &installed)
{
    if (!spec.startsWith(u"=="_s))
        return false;
    const auto pinned = PyVersion::parse(spec.mid(2));
    const auto version = PyVersion::parse(installed);
    return pinned && version && pinned->compareRelease(*version) == 0;
}

struct Context
{
    const env::Stack &stack;
    Audit &audit;

    QString installed(const QString &package) const { return stack.version(package); }

    // A pin is firm when pip enforces it, or when the package is built for exactly that release (vLLM for
    // a vllm-ascend release).
    static bool firm(const QString &kind, const QString &package)
    {
        return kind == u"requirement" || kind == u"table" || (kind == u"image" && package == u"vllm");
    }

    PinCheck &
    add(const QString &owner, const QString &package, const QString &spec, const QString &kind, const QString &source)
    {
        PinCheck pin{owner, package, spec, kind, source, installed(package), Verdict::Skip, QString()};
        if (!pin.installed.isEmpty() && !spec.isEmpty()) {
            const auto ok = meets(package, spec, pin.installed);
            pin.verdict = !ok         ? Verdict::Warn
                : *ok                 ? Verdict::Pass
                : firm(kind, package) ? Verdict::Fail
                                      : Verdict::Warn;
            if (!ok)
                pin.note = Text::tr("%1 is not a version this tool can compare with %2.").arg(pin.installed, spec);
            else if (pin.verdict == Verdict::Fail && sameRelease(spec, pin.installed)) {
                // Builds of one release (2.8.0 and 2.8.0.post2) differ in what they were built against, not in
                // their API: the stacks verl's guides prescribe mix them, and they run.
                pin.verdict = Verdict::Warn;
                pin.note = Text::tr("%1 is another build of the release %2 pins exactly; install %3 if the "
                                    "package fails at import.")
                               .arg(pin.installed, owner, package + spec);
            }
        }
        audit.pins.append(pin);
        return audit.pins.last();
    }
};

void verlPins(Context &c)
{
    const QString version = c.installed(u"verl"_s);
    if (version.isEmpty())
        return;
    const auto parsed = verl::Version::parse(version, u"verl"_s);
    if (!parsed) {
        c.audit.notChecked << Text::tr("verl %1 is not a release number this tool can read: its pins were not "
                                       "checked.")
                                  .arg(version);
        return;
    }
    const verl::VersionFacts &facts = verl::factsFor(*parsed);
    const QString owner = u"verl "_s + facts.version.toString();
    if (*parsed < verl::allFacts().constFirst().version) {
        c.audit.notChecked << Text::tr("verl %1 is older than every release whose files were read (from %2): its "
                                       "pins were not checked.")
                                  .arg(version, facts.version.toString());
        return;
    }
    if (parsed->dev)
        c.audit.notChecked << Text::tr("verl %1 is a build of main: compared with what verl %2 requires at its tag.")
                                  .arg(version, facts.version.toString());
    else if (!verl::isKnownRelease(*parsed))
        c.audit.notChecked << Text::tr("verl %1 is compared with %2, the newest release before it whose files were "
                                       "read.")
                                  .arg(version, facts.version.toString());
    const verl::GuideStack *guide = env::guideStackFor(facts, c.stack.has(u"vllm-ascend"_s), c.stack.has(u"sglang"_s));
    // Package by package, as the environment check reads them: two of verl's files may ask something of
    // one package, and its guide may install past them on purpose.
    QStringList packages;
    for (const verl::Requirement &req : facts.requirements)
        if (!req.spec.isEmpty() && req.package != u"mindspeed" && !packages.contains(req.package))
            packages << req.package;
    for (const QString &package : std::as_const(packages)) {
        QList<const verl::Requirement *> reqs;
        QList<const verl::Requirement *> violated;
        const auto have = PyVersion::parse(c.installed(package));
        for (const verl::Requirement &req : facts.requirements) {
            const auto spec = PySpecifier::parse(req.spec);
            if (req.package != package || req.spec.isEmpty() || !spec)
                continue;
            reqs << &req;
            if (have && !spec->holds(*have))
                violated << &req;
        }
        if (reqs.isEmpty())
            continue;
        const verl::Requirement &shown = violated.isEmpty() ? *reqs.constFirst() : *violated.constFirst();
        PinCheck &pin = c.add(owner, package, shown.spec, u"requirement"_s, shown.source);
        if (!violated.isEmpty() && violated.size() < reqs.size()) {
            pin.verdict = Verdict::Skip;
            pin.note = Text::tr("verl %1's own files disagree on %2: another of them accepts %3, so it is not judged.")
                           .arg(facts.version.toString(), package, pin.installed);
        } else if (!violated.isEmpty() && env::guideIsAhead(guide, shown, *have)) {
            pin.verdict = Verdict::Skip;
            pin.note
                = Text::tr("%1 %2 is what verl %3's %4 guide installs (%5), over this requirement: it is not "
                           "judged.")
                      .arg(package, pin.installed, facts.version.toString(), guide->name, guide->pin(package)->source);
        }
    }
    if (!guide)
        return;
    for (const verl::Requirement &pin : guide->pins) {
        if (pin.spec.isEmpty() || pin.package == u"mindspeed")
            continue;
        if (packages.contains(pin.package)) {
            // The requirement is judged; the guide's other wish is said beside it.
            for (PinCheck &req : c.audit.pins)
                if (req.owner == owner && req.package == pin.package && req.kind == u"requirement"
                    && req.spec != pin.spec && req.note.isEmpty())
                    req.note = Text::tr("verl's %1 guide at the same tag says %2 (%3); the requirement is what pip "
                                        "enforces and what the code was written for.")
                                   .arg(guide->name, pin.spec, pin.source);
            continue;
        }
        c.add(owner, pin.package, pin.spec, u"guide"_s, pin.source);
    }
}

void vllmAscendPins(Context &c)
{
    const QString version = c.installed(u"vllm-ascend"_s);
    if (version.isEmpty())
        return;
    const env::ReleasePins *release = env::releasePins(env::stackPins().vllmAscend, version);
    const QString owner = u"vllm-ascend "_s + version;
    if (!release) {
        // The documentation's matrix (read at the newest commit) is all there is for it.
        const env::VllmAscendRow *row = env::vllmAscendRowFor(version);
        c.audit.notChecked << Text::tr("vllm-ascend %1 is not a release whose files were read; %2")
                                  .arg(version,
                                       row ? Text::tr("its row of the documentation's matrix is used.")
                                           : Text::tr("its pins were not checked."));
        if (!row)
            return;
        const QString cite = env::compatData().vllmAscend.cite(row->line);
        if (!row->vllm.isEmpty())
            c.add(owner, u"vllm"_s, u"=="_s + row->vllm.constFirst(), u"table"_s, cite);
        c.add(owner, u"torch-npu"_s, u"=="_s + row->torchNpu, u"table"_s, cite);
        c.add(owner, u"cann"_s, row->cann, u"docs"_s, cite);
        if (!row->tritonAscend.isEmpty())
            c.add(owner, u"triton-ascend"_s, u"=="_s + row->tritonAscend, u"docs"_s, cite);
        return;
    }
    QStringList seen;
    for (const env::StackPin &pin : release->pins) {
        if (seen.contains(pin.package))
            continue;
        const env::StackPin *best = release->pin(pin.package);
        seen << pin.package;
        PinCheck &check = c.add(owner, best->package, best->spec, best->kind, best->source);
        if (const env::StackPin *doc = release->docPin(best->package); doc && best->package != u"python") {
            const bool same = best->package == u"cann"
                ? env::cannLine(doc->spec).compare(env::cannLine(best->spec), Qt::CaseInsensitive) == 0
                : comparePyVersions(QString(doc->spec).remove(u"=="_s), QString(best->spec).remove(u"=="_s)).value_or(1)
                    == 0;
            if (!same)
                check.note = Text::tr("vllm-ascend's documentation at the same tag says %1 (%2); the pin in its own "
                                      "files wins.")
                                 .arg(doc->spec, doc->source);
        }
    }
}

void torchNpuPins(Context &c)
{
    const QString torchNpu = env::stripLocalVersion(c.installed(u"torch-npu"_s));
    if (torchNpu.isEmpty())
        return;
    const QString owner = u"torch_npu "_s + torchNpu;
    c.add(owner, u"torch"_s, u"=="_s + env::baseVersion(torchNpu), u"requirement"_s, kTorchPinSource);
    const QString cann = c.installed(u"cann"_s);
    if (!cann.isEmpty()) {
        const env::TorchNpuMatch match = env::matchTorchNpu(torchNpu, cann);
        PinCheck pin{owner, u"cann"_s, QString(), u"table"_s, match.cite, cann, Verdict::Skip, QString()};
        switch (match.kind) {
        case env::TorchNpuMatch::Kind::Exact:
            pin.spec = u"CANN "_s + match.rowCann;
            pin.verdict = Verdict::Pass;
            break;
        case env::TorchNpuMatch::Kind::SameBase:
            // Each build of a release is made against one CANN release: another .postN may miss its symbols.
            pin.spec = u"CANN "_s + match.rowCann;
            pin.verdict = Verdict::Warn;
            pin.note = Text::tr("The table pairs CANN %1 with the build %2, not %3: builds of one release are made "
                                "against different CANN releases, and another build can fail at import with "
                                "\"undefined symbol\".")
                           .arg(match.rowCann, match.rowTorchNpu, torchNpu);
            c.audit.upgrades.append(
                {u"torch-npu"_s,
                 torchNpu,
                 match.rowTorchNpu,
                 Text::tr("the build %1 pairs with CANN %2 (%3)").arg(match.rowTorchNpu, match.rowCann, match.cite),
                 {},
                 QString()});
            break;
        case env::TorchNpuMatch::Kind::OtherCann:
            pin.spec = match.otherCanns.join(Text::tr(" or "));
            pin.verdict = Verdict::Fail;
            break;
        case env::TorchNpuMatch::Kind::Unknown:
            pin.verdict = Verdict::Warn;
            pin.note = Text::tr("torch_npu %1 is in neither Ascend's table nor vllm-ascend's.").arg(torchNpu);
            break;
        }
        c.audit.pins.append(pin);
    }
    const QString torch = c.installed(u"torch"_s);
    const QString python = c.installed(u"python"_s);
    if (const env::PythonRow *row = env::pythonRowFor(torch.isEmpty() ? torchNpu : torch); row && !python.isEmpty())
        c.audit.pins.append({owner, u"python"_s, row->python.join(u", "_s), u"table"_s,
                             env::compatData().ascend.cite(row->line), python,
                             row->python.contains(env::majorMinor(python)) ? Verdict::Pass : Verdict::Fail, QString()});
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

void fixesOf(Context &c, const QString &symptom, upstream::Upstream &upstream)
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

// What upgrading `package` to `to` needs of the rest of the stack, by the target's own pins; and the pin
// that rules it out here (a Python the target refuses).
void needsOf(Context &c, Upgrade &upgrade)
{
    QList<PinCheck> targetPins;
    const QString owner = upgrade.package + u' ' + upgrade.to;
    const auto pinOf = [&](const QString &package, const QString &spec, const QString &kind, const QString &source) {
        targetPins.append({owner, package, spec, kind, source, c.installed(package), Verdict::Skip, QString()});
    };
    if (upgrade.package == u"vllm-ascend") {
        if (const env::ReleasePins *release = env::releasePins(env::stackPins().vllmAscend, upgrade.to))
            for (const env::StackPin &pin : release->pins)
                if (release->pin(pin.package) == &pin)
                    pinOf(pin.package, pin.spec, pin.kind, pin.source);
    } else if (upgrade.package == u"verl") {
        if (const auto version = verl::Version::parse(upgrade.to, u"verl"_s))
            for (const verl::Requirement &req : verl::factsFor(*version).requirements)
                if (!req.spec.isEmpty())
                    pinOf(req.package, req.spec, u"requirement"_s, req.source);
    } else if (upgrade.package == u"torch-npu") {
        pinOf(u"torch"_s, u"=="_s + env::baseVersion(upgrade.to), u"requirement"_s, kTorchPinSource);
    }
    for (const PinCheck &pin : targetPins) {
        if (pin.installed.isEmpty() || pin.package == upgrade.package)
            continue;
        const auto ok = meets(pin.package, pin.spec, pin.installed);
        if (!ok || *ok)
            continue;
        if (pin.package == u"python")
            upgrade.blocker = Text::tr("%1 needs Python %2 (%3); this environment has %4: it needs a new one.")
                                  .arg(owner, pin.spec, pin.source, pin.installed);
        else
            upgrade.needs << Text::tr("%1 %2 (you run %3; %4)").arg(pin.package, pin.spec, pin.installed, pin.source);
    }
    // The pins the rest of the stack sets on the package.
    for (const PinCheck &pin : std::as_const(c.audit.pins)) {
        if (pin.package != upgrade.package || pin.spec.isEmpty() || !Context::firm(pin.kind, pin.package))
            continue;
        const auto ok = meets(pin.package, pin.spec, upgrade.to);
        if (ok && !*ok && sameRelease(pin.spec, upgrade.to))
            upgrade.needs << Text::tr("%1 pins the build %2 %3 (%4); %5 is another build of that release")
                                 .arg(pin.owner, pin.package, pin.spec, pin.source, upgrade.to);
        else if (ok && !*ok && pin.spec.startsWith(u"=="_s) && upgrade.blocker.isEmpty())
            upgrade.blocker = Text::tr("%1 pins %2 %3 (%4): no release of %2 satisfies both; only another release of "
                                       "%5 can.")
                                  .arg(pin.owner, pin.package, pin.spec, pin.source, pin.owner.section(u' ', 0, 0));
        else if (ok && !*ok)
            upgrade.needs << Text::tr("%1 allows %2 %3 only (%4): upgrade %1 too, or it is refused")
                                 .arg(pin.owner, pin.package, pin.spec, pin.source);
    }
}

void upgrades(Context &c)
{
    // A broken pin: the version it names. Two owners that pin one package differently rule each other out.
    QHash<QString, QList<const PinCheck *>> broken;
    for (const PinCheck &pin : std::as_const(c.audit.pins))
        if ((pin.verdict == Verdict::Fail
             || (pin.verdict == Verdict::Warn && pin.kind == u"requirement" && sameRelease(pin.spec, pin.installed)))
            && pin.package != u"python" && pin.package != u"cann")
            broken[pin.package].append(&pin);
    for (auto it = broken.cbegin(); it != broken.cend(); ++it) {
        const PinCheck &first = *it.value().constFirst();
        Upgrade upgrade{it.key(),
                        first.installed,
                        first.spec.startsWith(u"=="_s) ? first.spec.mid(2) : first.spec,
                        Text::tr("%1 requires %2 %3 (%4)").arg(first.owner, first.package, first.spec, first.source),
                        {},
                        QString()};
        for (const PinCheck *other : it.value())
            if (other->spec != first.spec && other->spec.startsWith(u"=="_s) && first.spec.startsWith(u"=="_s))
                upgrade.blocker = Text::tr("%1 pins %2 %3 (%4) and %5 pins %6 (%7): no release of %2 satisfies both.")
                                      .arg(first.owner, first.package, first.spec, first.source, other->owner,
                                           other->spec, other->source);
        needsOf(c, upgrade);
        c.audit.upgrades.append(upgrade);
    }
    // The fixes: the release with every symptom match, else the next release with any.
    for (const ComponentFixes &fixes : std::as_const(c.audit.fixes)) {
        QString to;
        QStringList prs;
        for (const LackedFix &fix : fixes.shown)
            if (fix.symptom) {
                if (to.isEmpty() || comparePy(fix.release, to) > 0)
                    to = fix.release;
                prs << (fix.pr > 0 ? u"#"_s + QString::number(fix.pr) : fix.sha.left(9));
            }
        Upgrade upgrade{fixes.package, fixes.installed, to, QString(), {}, QString()};
        if (!to.isEmpty())
            upgrade.why
                = Text::tr("the smallest release with the fixes that match the symptom (%1)").arg(prs.join(u", "_s));
        else if (!fixes.next.isEmpty()
                 && (fixes.package == u"verl" || fixes.package == u"vllm-ascend" || fixes.package == u"torch-npu")) {
            upgrade.to = fixes.next;
            upgrade.why = Text::tr("the next release: %n of the %1 NPU fixes released since", nullptr, fixes.inNext)
                              .arg(fixes.lacking);
        } else {
            continue;
        }
        if (std::any_of(c.audit.upgrades.cbegin(), c.audit.upgrades.cend(),
                        [&](const Upgrade &u) { return u.package == upgrade.package; }))
            continue;
        needsOf(c, upgrade);
        c.audit.upgrades.append(upgrade);
    }
}

void images(Context &c)
{
    const QString hardware = env::generationLabel(c.stack.hardware);
    const QString verl = c.installed(u"verl"_s);
    if (hardware.isEmpty()) {
        c.audit.notChecked << Text::tr("The hardware generation is not given (npu-smi info, or an image tag with "
                                       "a2/a3): no image was chosen.");
        return;
    }
    const auto version = verl.isEmpty()
        ? std::optional<verl::Version>(verl::latestKnown())
        : std::optional<verl::Version>(verl::Version::parse(verl, u"verl"_s).value_or({}));
    const QString release = verl::factsFor(*version).version.toString();
    const env::ReleasePins *pins = env::releasePins(env::stackPins().verl, release);
    if (!pins)
        return;
    const QString engine = c.stack.has(u"sglang"_s) ? u"sglang"_s : u"vllm"_s;
    for (const env::StackImage &image : pins->images) {
        if (!image.hardware.isEmpty() && image.hardware != hardware)
            continue; // an install script serves every generation
        if (!image.engine.isEmpty() && !engine.isEmpty() && image.engine != engine)
            continue;
        ImageAdvice advice{release, hardware, image.file, image.base, image.cann, image.engine, image.source, {}};
        for (const env::StackPin &install : image.installs)
            if (install.moving)
                advice.moving << Text::tr("%1 from the branch %2 (%3): what it pins moves after the tag")
                                     .arg(install.package, install.spec, install.source);
        c.audit.images.append(advice);
    }
}

} // namespace

bool Audit::breaksPin() const
{
    return std::any_of(pins.cbegin(), pins.cend(), [](const PinCheck &p) { return p.verdict == Verdict::Fail; });
}

Audit auditStack(const env::Stack &stack, const QString &symptom, upstream::Upstream &upstream)
{
    Audit audit;
    audit.stack = stack;
    audit.symptom = symptom;
    Context c{stack, audit};
    verlPins(c);
    vllmAscendPins(c);
    torchNpuPins(c);
    static const QStringList wanted{u"verl"_s, u"torch"_s, u"torch-npu"_s, u"cann"_s, u"python"_s};
    QStringList missing;
    for (const QString &name : wanted)
        if (!stack.has(name))
            missing << name;
    if (!missing.isEmpty())
        audit.notChecked.prepend(
            Text::tr("the stack does not name %1: the pins on them were not checked.").arg(missing.join(u", "_s)));
    fixesOf(c, symptom, upstream);
    upgrades(c);
    images(c);
    return audit;
}

env::Stack stackOf(const env::Diagnosis &diagnosis)
{
    env::Stack stack;
    const QString from = QCoreApplication::translate("Audit", "environment check of %1").arg(diagnosis.host());
    stack.formats << from;
    const env::PythonInfo &python = diagnosis.python;
    for (const env::ProbedPackage &package : env::probedPackages()) {
        const QString version = python.packages.value(package.key);
        if (!version.isEmpty())
            stack.versions.insert(env::canonicalPackage(package.dist), {version, 0, from});
    }
    if (!python.version.isEmpty())
        stack.versions.insert(u"python"_s, {python.version, 0, from});
    const QString cann = !python.cann.isEmpty() ? python.cann
        : !diagnosis.toolkits.isEmpty()         ? diagnosis.toolkits.constFirst().version
                                                : QString();
    if (!cann.isEmpty())
        stack.versions.insert(u"cann"_s, {cann, 0, from});
    if (diagnosis.smi) {
        stack.hardware = diagnosis.smi->family;
        stack.hardwareFrom = u"npu-smi info"_s;
        stack.driver = diagnosis.smi->driverVersion;
    }
    if (diagnosis.driver)
        stack.driver = diagnosis.driver->version;
    return stack;
}

QList<NodeAudit> auditNodes(const QList<env::Diagnosis> &diagnoses,
                            const QString &symptom,
                            upstream::Upstream &upstream,
                            QStringList *skipped)
{
    QList<NodeAudit> out;
    QList<env::Stack> stacks;
    for (const env::Diagnosis &diagnosis : diagnoses) {
        if (!diagnosis.python.ran || diagnosis.python.packages.isEmpty()) {
            if (skipped)
                *skipped << diagnosis.host();
            continue;
        }
        const env::Stack stack = stackOf(diagnosis);
        const auto same = [&](const env::Stack &other) {
            if (other.hardware != stack.hardware || other.versions.size() != stack.versions.size())
                return false;
            for (auto it = stack.versions.cbegin(); it != stack.versions.cend(); ++it)
                if (other.version(it.key()) != it->version)
                    return false;
            return true;
        };
        const auto found = std::find_if(stacks.cbegin(), stacks.cend(), same);
        if (found != stacks.cend()) {
            out[found - stacks.cbegin()].hosts << diagnosis.host();
            continue;
        }
        stacks << stack;
        out.append({{diagnosis.host()}, auditStack(stack, symptom, upstream)});
    }
    return out;
}

} // namespace vna::audit
