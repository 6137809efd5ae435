// The smallest upgrades (for a broken pin, for the symptom's fixes, else the next release), what each
// needs of the rest of the stack by the target's own pins or what rules it out, and verl's images for the
// hardware.
#include <algorithm>

#include <QCoreApplication>

#include "audit/stages.h"
#include "env/compat.h"
#include "env/stackpins.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::audit::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
};

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

} // namespace

void planUpgrades(Context &c)
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

void chooseImages(Context &c)
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

} // namespace vna::audit::detail
