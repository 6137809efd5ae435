#include "audit/audit.h"

#include <algorithm>

#include <QCoreApplication>

#include "audit/stages.h"
#include "env/probe.h"

using namespace Qt::StringLiterals;

namespace vna::audit {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
};

} // namespace

bool Audit::breaksPin() const
{
    return std::any_of(pins.cbegin(), pins.cend(), [](const PinCheck &p) { return p.verdict == Verdict::Fail; });
}

int Audit::checkedPins() const
{
    return static_cast<int>(std::count_if(pins.cbegin(), pins.cend(), [](const PinCheck &p) {
        return p.verdict == Verdict::Pass || p.verdict == Verdict::Warn || p.verdict == Verdict::Fail;
    }));
}

Audit auditStack(const env::Stack &stack, const QString &symptom, upstream::Upstream &upstream)
{
    Audit audit;
    audit.stack = stack;
    audit.symptom = symptom;
    detail::Context c{stack, audit};
    detail::judgePins(c);
    static const QStringList wanted{u"verl"_s, u"torch"_s, u"torch-npu"_s, u"cann"_s, u"python"_s};
    QStringList missing;
    for (const QString &name : wanted)
        if (!stack.has(name))
            missing << name;
    if (!missing.isEmpty())
        audit.notChecked.prepend(
            Text::tr("the stack does not name %1: the pins on them were not checked.").arg(missing.join(u", "_s)));
    detail::listFixes(c, symptom, upstream);
    detail::planUpgrades(c);
    detail::chooseImages(c);
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
