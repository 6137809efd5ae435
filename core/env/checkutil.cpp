// The list of checks in the report's order and the helpers every file of checks shares (checkutil.h).
#include "checkutil.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvCheck)
};

// The order of the report.
const detail::CheckInfo kChecks[] = {
    {"ssh.connect", "connection", QT_TRANSLATE_NOOP("EnvCheck", "Node reachable"), ""},
    {"probe.run", "connection", QT_TRANSLATE_NOOP("EnvCheck", "The probe runs on this machine"), ""},
    {"npu.smi", "npu", QT_TRANSLATE_NOOP("EnvCheck", "npu-smi runs and lists the NPUs"), "npu-smi"},
    {"npu.health", "npu", QT_TRANSLATE_NOOP("EnvCheck", "NPU health"), "npu-smi"},
    {"npu.busy", "npu", QT_TRANSLATE_NOOP("EnvCheck", "NPUs free (no process or leftover holding HBM)"), "npu-smi"},
    {"env.visible_devices", "environment", QT_TRANSLATE_NOOP("EnvCheck", "ASCEND_RT_VISIBLE_DEVICES"), "env,npu-smi-m"},
    {"env.ray_noset", "environment", QT_TRANSLATE_NOOP("EnvCheck", "Ray keeps ASCEND_RT_VISIBLE_DEVICES"), "env"},
    {"cann.toolkit", "cann", QT_TRANSLATE_NOOP("EnvCheck", "CANN toolkit installed"), "scanned"},
    {"cann.ops", "cann", QT_TRANSLATE_NOOP("EnvCheck", "CANN ops package and NNAL match the toolkit"), "scanned"},
    {"cann.set_env", "cann", QT_TRANSLATE_NOOP("EnvCheck", "CANN environment sourced (set_env.sh)"), "env,scanned"},
    {"driver.firmware", "driver", QT_TRANSLATE_NOOP("EnvCheck", "Driver and firmware versions match"),
     "npu-smi,scanned"},
    {"torch_npu.available", "python", QT_TRANSLATE_NOOP("EnvCheck", "torch_npu sees the NPUs"), "env,npu-smi-m,python"},
    {"compat.torch_npu_cann", "python", QT_TRANSLATE_NOOP("EnvCheck", "torch ↔ torch_npu ↔ CANN compatible"),
     "scanned,python"},
    {"compat.python", "python", QT_TRANSLATE_NOOP("EnvCheck", "Python version supported by torch_npu and vllm-ascend"),
     "python"},
    {"compat.vllm_ascend", "python",
     QT_TRANSLATE_NOOP("EnvCheck",
                       "vLLM ↔ vllm-ascend ↔ torch_npu ↔ CANN ↔ triton-ascend (vllm-ascend's release matrix)"),
     "scanned,python"},
    {"log.levels", "logging", QT_TRANSLATE_NOOP("EnvCheck", "Log levels"), "env"},
    {"hccl.settings", "hccl", QT_TRANSLATE_NOOP("EnvCheck", "HCCL settings"), "env,net,npu-smi"},
    {"verl.requirements", "python",
     QT_TRANSLATE_NOOP("EnvCheck", "Packages the installed verl release requires, and its Ascend guide's stack"),
     "python"},
    {"mindspeed.version", "megatron", QT_TRANSLATE_NOOP("EnvCheck", "MindSpeed version (Megatron backend)"), "python"},
    {"host.limits", "host", QT_TRANSLATE_NOOP("EnvCheck", "Open-file limit (ulimit -n)"), "limits"},
    {"host.tuning", "host",
     QT_TRANSLATE_NOOP("EnvCheck",
                       "Host tuning (NUMA balancing, swappiness, CPU governor, reserved HCCL ports, task queue)"),
     "sysctl,governor"},
    {"net.hccn", "network", QT_TRANSLATE_NOOP("EnvCheck", "NPU network (hccn_tool: link, health, IP)"), "scanned"},
    {"memory.shm", "memory", QT_TRANSLATE_NOOP("EnvCheck", "Shared memory (/dev/shm) for verl's weight transfer"),
     "shm,scanned,python"},
    {"deep.devices", "deep", QT_TRANSLATE_NOOP("EnvCheck", "Tensor operation on each NPU"), "python"},
    {"deep.allreduce", "deep", QT_TRANSLATE_NOOP("EnvCheck", "HCCL all-reduce across the node's NPUs"), "python"},
    {"deep.cluster", "deep", QT_TRANSLATE_NOOP("EnvCheck", "HCCL all-reduce across all nodes' NPUs"), ""},
};

Check make(const char *id)
{
    for (const detail::CheckInfo &info : kChecks)
        if (qstrcmp(info.id, id) == 0)
            return Check{QString::fromLatin1(info.id),
                         QString::fromLatin1(info.category),
                         QCoreApplication::translate("EnvCheck", info.title),
                         Verdict::Skip,
                         {},
                         {},
                         {}};
    Q_UNREACHABLE();
}

} // namespace

namespace detail {

std::span<const CheckInfo> checkInfos()
{
    return kChecks;
}

Check with(const char *id, Verdict verdict, const QString &evidence, const QString &next, const QString &raw)
{
    Check check = make(id);
    check.verdict = verdict;
    check.evidence = evidence;
    check.nextStep = next;
    check.raw = raw;
    return check;
}

QString firstLines(const QString &text, int count)
{
    QStringList lines = text.trimmed().split(u'\n');
    if (lines.size() > count)
        lines = lines.mid(0, count);
    return lines.join(u" / "_s).left(400);
}

std::optional<Check> pythonUnread(const char *id, const Diagnosis &d)
{
    if (d.python.ran)
        return std::nullopt;
    return with(id, Verdict::Error, Text::tr("Not read: the Python probe gave no versions (%1).").arg(d.python.failure),
                Text::tr("Fix what the check \"torch_npu sees the NPUs\" reports, then run the checks again."),
                u"python"_s);
}

std::optional<QString> variable(const Diagnosis &d, const QString &name)
{
    const auto it = d.snapshot.environment.constFind(name);
    if (it == d.snapshot.environment.cend())
        return std::nullopt;
    return *it;
}

// What verl's Ascend guide says for the verl on the node (the newest release the facts know when verl
// is not installed there): a behaviour fact of verl-facts.json, with its source.
verl::SourcedValue verlGuide(const Diagnosis &d, const QString &name, QString *release)
{
    const auto installed = verl::Version::parse(d.python.packages.value(u"verl"_s), u"verl"_s);
    const verl::VersionFacts &facts = installed ? verl::factsFor(*installed) : verl::allFacts().constLast();
    if (release)
        *release = facts.version.toString();
    return facts.behaviour.value(name);
}

PortList parsePortList(const QString &text)
{
    static const QRegularExpression range(uR"(^(\d{1,5})(?:-(\d{1,5}))?\z)"_s);
    PortList list;
    for (const QString &part : text.split(u',')) {
        const auto m = range.match(part.trimmed());
        if (!m.hasMatch()) {
            list.valid = false;
            continue;
        }
        const int low = m.captured(1).toInt();
        const int high = m.captured(2).isEmpty() ? low : m.captured(2).toInt();
        list.valid = list.valid && low >= 1 && low <= high && high <= 65535;
        list.ranges.append({low, high});
    }
    return list;
}

} // namespace detail

} // namespace vna::env
