// The pins a stack is judged against: verl's requirements and guide stack (by the environment check's
// rules), vllm-ascend's own pins at its tag (the documentation's row beside them), torch_npu's torch pin,
// Ascend's CANN table and its Python table.
#include <QCoreApplication>

#include "audit/stages.h"
#include "common/pyversion.h"
#include "env/compat.h"
#include "env/stackpins.h"
#include "env/verlrequirements.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::audit::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
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
    QStringList packages = env::requiredPackages(facts);
    packages.removeAll(u"mindspeed"_s); // judged by its branch, not a version
    for (const QString &package : std::as_const(packages)) {
        const auto have = PyVersion::parse(c.installed(package));
        const env::PackageRequirements reqs = env::requirementsOn(facts, package, have);
        if (reqs.all.isEmpty())
            continue;
        const QList<const verl::Requirement *> &violated = reqs.violated;
        const verl::Requirement &shown = violated.isEmpty() ? *reqs.all.constFirst() : *violated.constFirst();
        PinCheck &pin = c.add(owner, package, shown.spec, u"requirement"_s, shown.source);
        if (reqs.filesDisagree()) {
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

} // namespace

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

PinCheck &Context::add(
    const QString &owner, const QString &package, const QString &spec, const QString &kind, const QString &source)
{
    PinCheck pin{owner, package, spec, kind, source, installed(package), Verdict::Skip, QString()};
    if (!pin.installed.isEmpty() && !spec.isEmpty()) {
        const auto ok = meets(package, spec, pin.installed);
        pin.verdict = !ok ? Verdict::Warn : *ok ? Verdict::Pass : firm(kind, package) ? Verdict::Fail : Verdict::Warn;
        if (!ok)
            pin.note = QCoreApplication::translate("Audit", "%1 is not a version this tool can compare with %2.")
                           .arg(pin.installed, spec);
        else if (pin.verdict == Verdict::Fail && sameRelease(spec, pin.installed)) {
            // Builds of one release (2.8.0 and 2.8.0.post2) differ in what they were built against, not in
            // their API: the stacks verl's guides prescribe mix them, and they run.
            pin.verdict = Verdict::Warn;
            pin.note
                = QCoreApplication::translate("Audit",
                                              "%1 is another build of the release %2 pins exactly; install %3 if the "
                                              "package fails at import.")
                      .arg(pin.installed, owner, package + spec);
        }
    }
    audit.pins.append(pin);
    return audit.pins.last();
}

void judgePins(Context &c)
{
    verlPins(c);
    vllmAscendPins(c);
    torchNpuPins(c);
}

} // namespace vna::audit::detail
