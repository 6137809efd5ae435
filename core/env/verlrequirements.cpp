// What the installed verl release requires, read from verl's own files at its tag (verl-facts.json,
// "requires"). requirements-npu.txt and setup.py's install_requires are what pip enforces on an NPU
// install: a package outside them fails. The release's Ascend guide pins a stack: a package older than
// its pin is a warning. Where the guide pins what the requirements refuse (verl#5468: the guide's
// triton-ascend 3.2.0rc4 on a commit whose requirements-npu.txt asked for 3.2.0), the requirements are
// what the code was written for, and the check says so.
#include <QCoreApplication>

#include "common/pyversion.h"
#include "env/checkutil.h"
#include "env/probe.h"
#include "env/verlrequirements.h"

using namespace Qt::StringLiterals;

namespace vna::env {

const verl::GuideStack *guideStackFor(const verl::VersionFacts &facts, bool vllmAscend, bool sglang)
{
    const QString backend = vllmAscend ? u"vllm"_s : sglang ? u"sglang"_s : QString();
    for (const verl::GuideStack &one : facts.stacks)
        if (one.name == backend)
            return &one;
    return nullptr;
}

QStringList requiredPackages(const verl::VersionFacts &facts)
{
    QStringList packages;
    for (const verl::Requirement &req : facts.requirements)
        if (!req.spec.isEmpty() && !packages.contains(req.package))
            packages << req.package;
    return packages;
}

PackageRequirements
requirementsOn(const verl::VersionFacts &facts, const QString &package, const std::optional<PyVersion> &installed)
{
    PackageRequirements out;
    for (const verl::Requirement &req : facts.requirements) {
        if (req.package != package || req.spec.isEmpty())
            continue;
        const auto spec = PySpecifier::parse(req.spec);
        if (!spec) {
            out.unreadable << &req;
            continue;
        }
        out.all << &req;
        if (installed && !spec->holds(*installed))
            out.violated << &req;
    }
    return out;
}

bool guideIsAhead(const verl::GuideStack *stack, const verl::Requirement &req, const PyVersion &installed)
{
    const verl::Requirement *pin = stack ? stack->pin(req.package) : nullptr;
    if (!pin || !pin->spec.startsWith(u"=="_s))
        return false;
    const auto pinned = PyVersion::parse(pin->spec.mid(2));
    const auto spec = PySpecifier::parse(req.spec);
    if (!pinned || !spec || pinned->compare(installed) != 0)
        return false;
    const PyClause *clause = spec->violated(*pinned);
    const auto bound = clause ? PyVersion::parse(clause->version) : std::nullopt;
    return bound && pinned->compare(*bound) > 0;
}

} // namespace vna::env

namespace vna::env::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvCheck)
};

// The probe's key for a package a requirement or a guide names; empty for MindSpeed, judged by the
// MindSpeed check (its guide pins are branches), and for what the probe does not read.
QString probeKey(const QString &package)
{
    return package == u"mindspeed" ? QString() : probedKey(package);
}

QString pipInstall(const QString &package, const QString &spec)
{
    return u"pip install '%1%2'"_s.arg(package, spec);
}

} // namespace

Check checkVerlRequirements(const Diagnosis &d)
{
    if (auto unread = pythonUnread("verl.requirements", d))
        return *unread;
    const QMap<QString, QString> &p = d.python.packages;
    const QString installed = p.value(u"verl"_s);
    if (installed.isEmpty())
        return with("verl.requirements", Verdict::Skip,
                    Text::tr("verl is not installed in this Python (%1): there is no release to compare with.")
                        .arg(d.python.executable),
                    Text::tr("If verl lives in another environment, pass its interpreter with --python."), u"python"_s);
    const auto version = verl::Version::parse(installed, u"verl"_s);
    if (!version)
        return with("verl.requirements", Verdict::Warn,
                    Text::tr("verl %1 is not a release number this tool can read.").arg(installed),
                    Text::tr("Install a released verl, or compare by hand with its requirements-npu.txt."),
                    u"python"_s);
    const verl::VersionFacts &facts = verl::factsFor(*version);
    const QString release = facts.version.toString();
    QStringList evidence;
    if (version->dev)
        evidence << Text::tr("verl %1 is a build of main (the v%2 tag's own version file also reads %2.dev): "
                             "compared with what verl %2 requires")
                        .arg(installed, release);
    else if (!verl::isKnownRelease(*version))
        evidence << Text::tr("verl %1 is compared with %2, the newest release before it whose files were read")
                        .arg(installed, release);
    if (facts.requirements.isEmpty() && facts.stacks.isEmpty())
        return with("verl.requirements", Verdict::Skip,
                    Text::tr("No requirements were read for verl %1 (the facts file has none).").arg(release),
                    QString(), u"python"_s);

    Verdict verdict = Verdict::Pass;
    QStringList problems;
    QStringList next;
    const auto problem = [&](Verdict v, const QString &text, const QString &step) {
        verdict = worse(verdict, v);
        problems << text;
        if (!step.isEmpty() && !next.contains(step))
            next << step;
    };

    // The stack the guide for the installed rollout pins.
    const verl::GuideStack *stack
        = guideStackFor(facts, !p.value(u"vllm_ascend"_s).isEmpty(), !p.value(u"sglang"_s).isEmpty());
    // What pip enforces, package by package (two files may both ask something of one package).
    int checked = 0;
    QStringList notRead;
    const QStringList packages = requiredPackages(facts);
    for (const QString &package : packages) {
        const QString key = probeKey(package);
        if (key.isEmpty() || !p.contains(key)) {
            notRead << package; // the probe does not read it (an older probe, or not one of ours)
            continue;
        }
        const QString have = p.value(key);
        const auto haveVersion = PyVersion::parse(have);
        const PackageRequirements reqs = requirementsOn(facts, package, haveVersion);
        for (const verl::Requirement *req : reqs.unreadable)
            evidence << Text::tr("%1's requirement %2 (%3) could not be read").arg(package, req->text, req->source);
        if (reqs.all.isEmpty())
            continue;
        const QList<const verl::Requirement *> &violated = reqs.violated;
        ++checked;
        const verl::Requirement &first = *reqs.all.constFirst();
        if (have.isEmpty()) {
            problem(Verdict::Fail,
                    Text::tr("%1 is not installed; verl %2 requires %1%3 (%4)")
                        .arg(package, release, first.spec, first.source),
                    pipInstall(package, first.spec));
        } else if (!haveVersion) {
            problem(Verdict::Warn,
                    Text::tr("%1 %2 is not a version this tool can compare with %3 (%4)")
                        .arg(package, have, first.spec, first.source),
                    QString());
        } else if (reqs.filesDisagree()) {
            const verl::Requirement *met = *std::find_if(
                reqs.all.begin(), reqs.all.end(), [&](const verl::Requirement *r) { return !violated.contains(r); });
            evidence << Text::tr("verl %1's files disagree on %2: %3 asks for %4 (%5), %6 for %7 (%8); %2 %9 meets "
                                 "the second, so it is not judged")
                            .arg(release, package, violated.constFirst()->kind, violated.constFirst()->spec,
                                 violated.constFirst()->source, met->kind, met->spec, met->source, have);
        } else if (!violated.isEmpty() && guideIsAhead(stack, *violated.constFirst(), *haveVersion)) {
            // The guide for this rollout knowingly installs a newer release than the requirements file
            // pins (verl 0.6's SGLang guide: transformers 4.56.1 over requirements-npu.txt's 4.52.4).
            const verl::Requirement &req = *violated.constFirst();
            evidence << Text::tr("%1 %2 is what verl %3's %4 guide installs (%5), newer than its %6 asks for (%7 at "
                                 "%8): the guide's later step overrides it, so it is not judged")
                            .arg(package, have, release, stack->name, stack->pin(package)->source, req.kind, req.spec,
                                 req.source);
        } else if (!violated.isEmpty()) {
            const verl::Requirement &req = *violated.constFirst();
            problem(Verdict::Fail,
                    Text::tr("%1 %2 is installed; verl %3 requires %1%4 (%5: \"%6\")")
                        .arg(package, have, release, req.spec, req.source, req.text),
                    pipInstall(package, req.spec));
        }
    }

    int pins = 0;
    if (stack) {
        for (const verl::Requirement &pin : stack->pins) {
            const QString key = probeKey(pin.package);
            const QString have = p.value(key);
            if (key.isEmpty() || have.isEmpty())
                continue; // CANN, Python, MindSpeed: their own checks; a package not installed or not read
            ++pins;
            const bool exact = pin.spec.startsWith(u"=="_s);
            const QString pinned = exact ? pin.spec.mid(2) : QString();
            // A pin the release's own requirements refuse: the requirements win (checked above).
            const auto refusing
                = std::find_if(facts.requirements.begin(), facts.requirements.end(), [&](const verl::Requirement &req) {
                      const auto spec = PySpecifier::parse(req.spec);
                      const auto v = PyVersion::parse(pinned);
                      return req.package == pin.package && !req.spec.isEmpty() && spec && v && !spec->holds(*v);
                  });
            const auto pinnedVersion = PyVersion::parse(pinned);
            if (exact && refusing != facts.requirements.end() && pinnedVersion
                && guideIsAhead(stack, *refusing, *pinnedVersion))
                continue; // said with the requirement
            if (exact && refusing != facts.requirements.end()) {
                evidence << Text::tr("verl %1's guide pins %2 %3 (%4), but its %5 asks for %6 (%7): the requirements "
                                     "are what the code was written for")
                                .arg(release, pin.package, pinned, pin.source, refusing->kind, refusing->spec,
                                     refusing->source);
                continue;
            }
            if (!exact) {
                const auto spec = PySpecifier::parse(pin.spec);
                const auto v = PyVersion::parse(have);
                if (spec && v && !spec->holds(*v))
                    problem(Verdict::Warn,
                            Text::tr("%1 %2 is outside the %3 verl %4's Ascend guide asks for (%5)")
                                .arg(pin.package, have, pin.spec, release, pin.source),
                            pipInstall(pin.package, pin.spec));
                continue;
            }
            const auto haveVersion = PyVersion::parse(have);
            const std::optional<int> order = haveVersion && pinnedVersion
                ? std::optional<int>(haveVersion->compareRelease(*pinnedVersion))
                : std::nullopt;
            if (order && *order < 0)
                problem(Verdict::Warn,
                        Text::tr("%1 %2 is older than the %3 verl %4's Ascend guide installs (%5)")
                            .arg(pin.package, have, pinned, release, pin.source),
                        pin.package == u"vllm" || pin.package == u"vllm-ascend"
                            ? Text::tr("Install vLLM and vllm-ascend %1 the way verl %2's guide does (%3).")
                                  .arg(pinned, release, stack->guide)
                            : pipInstall(pin.package, pin.spec));
            else if (order && *order > 0)
                evidence << Text::tr("%1 %2 is newer than the guide's %3").arg(pin.package, have, pinned);
        }
    }
    evidence.prepend(
        Text::tr("verl %1: %2 requirements of requirements-npu.txt and setup.py compared").arg(installed).arg(checked)
        + (stack ? Text::tr(", and %1 pins of its %2 guide (%3)").arg(pins).arg(stack->name, stack->guide)
                 : Text::tr("; no guide stack compared (neither vllm-ascend nor SGLang is installed)")));
    if (!notRead.isEmpty())
        evidence << Text::tr("not compared (the probe does not read them): %1").arg(notRead.join(u", "_s));
    return with("verl.requirements", verdict, (problems + evidence).join(u"; "_s), next.join(u' '), u"python"_s);
}

} // namespace vna::env::detail
