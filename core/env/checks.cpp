#include "checks.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include "env/checkutil.h"
#include "env/compat.h"
#include "verl/bucketfacts.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::env {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvCheck)
};

} // namespace

namespace {

// ---------------------------------------------------------------------------------------------
Check checkNpuSmi(const Diagnosis &d)
{
    const Section *s = d.snapshot.section(u"npu-smi"_s);
    if (!s)
        return with("npu.smi", Verdict::Error, Text::tr("The probe printed no npu-smi section."), QString(), QString());
    if (s->missing())
        return with("npu.smi", Verdict::Fail,
                    Text::tr("npu-smi is not on PATH, so the driver is missing or not mounted."),
                    Text::tr("On a host, install the NPU driver (it puts npu-smi in /usr/local/bin). In a container, "
                             "mount /usr/local/bin/npu-smi, /usr/local/dcmi, /etc/ascend_install.info, "
                             "/usr/local/Ascend/driver and the /dev/davinci* devices."),
                    u"npu-smi"_s);
    if (s->timedOut())
        return with("npu.smi", Verdict::Error, Text::tr("npu-smi info did not finish in time: the driver may be hung."),
                    Text::tr("Run npu-smi info by hand and check dmesg for driver errors; a hung driver usually needs "
                             "a reboot of the node."),
                    u"npu-smi"_s);
    if (s->exitCode != 0) {
        QString next = Text::tr("Read the message; npu-smi fails like this when the driver is not loaded or the "
                                "device files are not available.");
        if (s->text.contains(u"-8020"_s) || s->text.contains(u"device is used"_s))
            next = Text::tr("Another container holds these NPUs. Start this container with --privileged or give each "
                            "container its own /dev/davinci* devices.");
        return with("npu.smi", Verdict::Fail,
                    Text::tr("npu-smi info failed (exit code %1): %2").arg(s->exitCode).arg(firstLines(s->text)), next,
                    u"npu-smi"_s);
    }
    if (!d.smi)
        return with("npu.smi", Verdict::Fail,
                    Text::tr("The output of npu-smi info could not be read: %1").arg(firstLines(s->text)),
                    Text::tr("Attach the raw output to a report so the parser can learn this format."), u"npu-smi"_s);
    const NpuSmiInfo &smi = *d.smi;
    if (smi.devices.isEmpty())
        return with(
            "npu.smi", Verdict::Fail, Text::tr("npu-smi info lists no NPU."),
            Text::tr("Check that the driver sees the cards (lspci | grep -i d80) and that the container has the "
                     "/dev/davinci* devices."),
            u"npu-smi"_s);
    QStringList names;
    for (const NpuDevice &device : smi.devices)
        if (!names.contains(device.name))
            names.append(device.name);
    QString evidence = Text::tr("%n chip(s) on %1 NPU(s): %2", nullptr, smi.chipCount())
                           .arg(smi.npuIds().size())
                           .arg(names.join(u", "_s));
    if (smi.family != NpuFamily::Unknown)
        evidence += u" ("_s + familyName(smi.family) + u')';
    evidence += u". "_s + Text::tr("npu-smi %1, driver %2.").arg(smi.toolVersion, smi.driverVersion);
    if (!smi.problems.isEmpty())
        return with("npu.smi", Verdict::Warn,
                    evidence + u' ' + Text::tr("Parts could not be read: %1").arg(smi.problems.join(u"; "_s)),
                    Text::tr("Those values are left out rather than guessed; run npu-smi info again on the node."),
                    u"npu-smi"_s);
    return with("npu.smi", Verdict::Pass, evidence, QString(), u"npu-smi"_s);
}

Check checkHealth(const Diagnosis &d)
{
    if (!d.smi || d.smi->devices.isEmpty())
        return with("npu.health", Verdict::Skip, Text::tr("No devices were read from npu-smi."), QString(), QString());
    QStringList bad;
    Verdict verdict = Verdict::Pass;
    QStringList commands;
    for (const NpuDevice &device : d.smi->devices) {
        if (device.healthOk())
            continue;
        QString line = Text::tr("NPU %1 chip %2: %3").arg(device.npu).arg(device.chip).arg(device.health);
        if (const Section *s = d.snapshot.section(u"health:%1:%2"_s.arg(device.npu).arg(device.chip))) {
            const auto values = parseKeyValues(s->text);
            const QString code = values.value(u"Error Code"_s);
            const QString info = values.value(u"Error Information"_s);
            if (!code.isEmpty() && code != u"NA"_s)
                line += u" — "_s + Text::tr("error code %1 (%2)").arg(code, info);
        }
        bad.append(line);
        commands.append(u"npu-smi info -t health -i %1 -c %2"_s.arg(device.npu).arg(std::max(0, device.chip)));
        verdict = worse(verdict, device.health == u"Warning"_s ? Verdict::Warn : Verdict::Fail);
    }
    if (bad.isEmpty())
        return with("npu.health", Verdict::Pass, Text::tr("All %n chip(s) report OK.", nullptr, d.smi->chipCount()),
                    QString(), u"npu-smi"_s);
    return with(
        "npu.health", verdict, bad.join(u"; "_s),
        Text::tr("Look the error code up in the product's black-box error code list (%1). Warning is a minor "
                 "alarm; Alarm, Critical or UNKNOWN means the chip should not run a job: drain the node and ask "
                 "the administrator to check or reset it.")
            .arg(commands.join(u", "_s)),
        u"npu-smi"_s);
}

Check checkBusy(const Diagnosis &d)
{
    if (!d.smi || d.smi->devices.isEmpty())
        return with("npu.busy", Verdict::Skip, Text::tr("No devices were read from npu-smi."), QString(), QString());
    if (!d.smi->processTableSeen)
        return with("npu.busy", Verdict::Skip, Text::tr("npu-smi printed no process table."), QString(), u"npu-smi"_s);
    QStringList findings;
    QSet<std::pair<int, int>> withProcess;
    for (const NpuProcess &p : d.smi->processes) {
        withProcess.insert({p.npu, p.chip});
        // Peer contexts of another rank are ~100 MB; only real holders are worth a line.
        if (p.memoryMb && *p.memoryMb < 1024)
            continue;
        const QString name = p.name.isEmpty() ? Text::tr("no name: likely in a container") : p.name;
        findings.append(Text::tr("NPU %1 chip %2: pid %3 (%4) holds %5 MB")
                            .arg(p.npu)
                            .arg(p.chip)
                            .arg(p.pid)
                            .arg(name)
                            .arg(p.memoryMb ? QString::number(*p.memoryMb) : u"?"_s));
    }
    // HBM in use with no process: compare with the idle devices of the same model on this node.
    QMap<QString, qint64> idleBaseline;
    for (const NpuDevice &device : d.smi->devices)
        if (!withProcess.contains({device.npu, device.chip}) && device.usedMb()) {
            auto it = idleBaseline.find(device.name);
            if (it == idleBaseline.end() || *device.usedMb() < *it)
                idleBaseline.insert(device.name, *device.usedMb());
        }
    QStringList leftovers;
    for (const NpuDevice &device : d.smi->devices) {
        if (withProcess.contains({device.npu, device.chip}) || !device.usedMb())
            continue;
        const qint64 baseline = idleBaseline.value(device.name);
        if (*device.usedMb() - baseline > 2048)
            leftovers.append(Text::tr("NPU %1 chip %2: %3 MB in use with no process listed (idle %4 chips use %5 MB)")
                                 .arg(device.npu)
                                 .arg(device.chip)
                                 .arg(*device.usedMb())
                                 .arg(device.name)
                                 .arg(baseline));
    }
    if (findings.isEmpty() && leftovers.isEmpty())
        return with("npu.busy", Verdict::Pass,
                    Text::tr("No process holds device memory; usage is at the idle level on every chip."), QString(),
                    u"npu-smi"_s);
    QStringList next;
    if (!findings.isEmpty())
        next.append(
            Text::tr("If these are not your job's processes, find their owner (ps -o user,cmd -p PID; processes "
                     "without a name run in another container) and wait for them or stop them before starting "
                     "verl."));
    if (!leftovers.isEmpty())
        next.append(
            Text::tr("Memory in use without a process is held by another container or left by a crashed job. "
                     "Stop the container that holds it; when nothing runs on the node, npu-smi set -t reset -i N "
                     "-c C frees it (never while a job runs)."));
    return with("npu.busy", Verdict::Warn, (findings + leftovers).join(u"; "_s), next.join(u' '), u"npu-smi"_s);
}

// ASCEND_RT_VISIBLE_DEVICES as CANN reads it: comma-separated ids, reading stops at the first token
// that is not a plain number.
struct VisibleIds
{
    QList<int> ids;
    QString badToken;
    bool ascending = true;
};

VisibleIds readVisible(const QString &value)
{
    VisibleIds result;
    const QStringList tokens = value.split(u',');
    for (const QString &token : tokens) {
        bool ok = !token.isEmpty();
        for (const QChar c : token)
            ok = ok && c.isDigit();
        if (!ok) {
            result.badToken = token;
            break;
        }
        const int id = token.toInt();
        if (!result.ids.isEmpty() && id <= result.ids.last())
            result.ascending = false;
        result.ids.append(id);
    }
    return result;
}

QString cleanedVisible(const QString &value)
{
    static const QRegularExpression digits(uR"(\d+)"_s);
    QList<int> ids;
    auto it = digits.globalMatch(value);
    while (it.hasNext()) {
        const int id = it.next().captured(0).toInt();
        if (!ids.contains(id))
            ids.append(id);
    }
    std::sort(ids.begin(), ids.end());
    QStringList words;
    for (const int id : ids)
        words.append(QString::number(id));
    return words.join(u',');
}

Check checkVisible(const Diagnosis &d)
{
    const auto value = variable(d, u"ASCEND_RT_VISIBLE_DEVICES"_s);
    const int count = d.logicalDeviceCount();
    QString dockerNote;
    if (const auto docker = variable(d, u"ASCEND_VISIBLE_DEVICES"_s))
        dockerNote = u' '
            + Text::tr("ASCEND_VISIBLE_DEVICES=%1 is also set: the Ascend container runtime uses it to pick "
                       "the devices mounted into a container; ids inside are renumbered from 0.")
                  .arg(*docker);
    if (!value) {
        if (count == 0) // nothing to see or hide: "all devices are visible" would claim devices
            return with("env.visible_devices", Verdict::Skip,
                        Text::tr("Not set, and no NPU was found to make visible.") + dockerNote, QString(), u"env"_s);
        return with("env.visible_devices", Verdict::Pass,
                    Text::tr("Not set: %1").arg(Text::tr("all %n logical device(s) are visible.", nullptr, count))
                        + dockerNote,
                    QString(), u"env"_s);
    }
    const QString raw = u"ASCEND_RT_VISIBLE_DEVICES=%1"_s.arg(*value);
    if (value->isEmpty())
        return with("env.visible_devices", Verdict::Fail,
                    Text::tr("%1 is set but empty: no device is visible.").arg(raw),
                    Text::tr("Unset it (unset ASCEND_RT_VISIBLE_DEVICES) or list the ids, e.g. export "
                             "ASCEND_RT_VISIBLE_DEVICES=0,1,2,3."),
                    u"env"_s);
    const VisibleIds read = readVisible(*value);
    const QString fixed = u"export ASCEND_RT_VISIBLE_DEVICES="_s + cleanedVisible(*value);
    if (!read.badToken.isNull()) {
        QStringList kept;
        for (const int id : read.ids)
            kept.append(QString::number(id));
        return with("env.visible_devices", Verdict::Fail,
                    Text::tr("%1: CANN stops reading at \"%2\", so only [%3] are visible. Only digits and commas are "
                             "allowed, without spaces.")
                        .arg(raw, read.badToken, kept.join(u',')),
                    fixed, u"env"_s);
    }
    if (!read.ascending)
        return with("env.visible_devices", Verdict::Fail,
                    Text::tr("%1: the ids must be listed in ascending order without repeats.").arg(raw), fixed,
                    u"env"_s);
    if (count > 0) {
        QStringList missing;
        for (const int id : read.ids)
            if (id >= count)
                missing.append(QString::number(id));
        if (!missing.isEmpty())
            return with("env.visible_devices", Verdict::Fail,
                        Text::tr("%1: id(s) %2 do not exist; this node has %n logical device(s), numbered from 0.",
                                 nullptr, count)
                            .arg(raw, missing.join(u", "_s)),
                        Text::tr("List only ids below %1. On Atlas A3 every NPU has two chips: ids run 0–15 and verl "
                                 "needs trainer.n_gpus_per_node=16.")
                            .arg(count),
                        u"env"_s);
    }
    return with("env.visible_devices", Verdict::Pass,
                (count > 0 ? Text::tr("%1: %2 of %3 logical devices.").arg(raw).arg(read.ids.size()).arg(count)
                           : Text::tr("%1: %2 device(s).").arg(raw).arg(read.ids.size()))
                    + dockerNote,
                QString(), u"env"_s);
}

Check checkRayNoset(const Diagnosis &d)
{
    const auto visible = variable(d, u"ASCEND_RT_VISIBLE_DEVICES"_s);
    const auto noset = variable(d, u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s);
    const auto oldNoset = variable(d, u"RAY_EXPERIMENTAL_NOSET_ASCEND_VISIBLE_DEVICES"_s);
    const QString fix = u"export RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1"_s;
    if (oldNoset && (!noset || noset->isEmpty()))
        return with("env.ray_noset", Verdict::Warn,
                    Text::tr("RAY_EXPERIMENTAL_NOSET_ASCEND_VISIBLE_DEVICES is set, but current Ray reads "
                             "RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES; the old name only works with old Ray "
                             "releases."),
                    fix, u"env"_s);
    // verl's SGLang backend on NPU must run with NOSET=1 and both HCCL port ranges (the guide's "must").
    QString release;
    const verl::SourcedValue sglangEnv = verlGuide(d, u"npu_sglang_env"_s, &release);
    if (d.python.ran && !d.python.packages.value(u"sglang"_s).isEmpty() && !sglangEnv.value.isEmpty()) {
        QStringList missing;
        if (!noset || noset->isEmpty())
            missing.append(u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s);
        for (const QString &range : {u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"HCCL_NPU_SOCKET_PORT_RANGE"_s})
            if (!variable(d, range))
                missing.append(range);
        if (!missing.isEmpty())
            return with(
                "env.ray_noset", Verdict::Warn,
                Text::tr("SGLang %1 is installed, and verl %2's Ascend guide says the SGLang backend must "
                         "run with RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1 and both HCCL port "
                         "ranges (%3); not set: %4.")
                    .arg(d.python.packages.value(u"sglang"_s), release, sglangEnv.source, missing.join(u", "_s)),
                fix
                    + u"; export HCCL_HOST_SOCKET_PORT_RANGE=60000-60050; export "
                      u"HCCL_NPU_SOCKET_PORT_RANGE=61000-61050 "_s
                    + Text::tr("(the guide's values; before ray start and before launching verl)"),
                u"env"_s);
    }
    if (visible && (!noset || noset->isEmpty()))
        return with("env.ray_noset", Verdict::Warn,
                    Text::tr("ASCEND_RT_VISIBLE_DEVICES is set but RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES is "
                             "not: Ray overwrites ASCEND_RT_VISIBLE_DEVICES in every worker with the ids it assigned, "
                             "and torch_npu.npu.is_available() can return False there."),
                    fix + u" "_s + Text::tr("(before ray start and before launching verl)"), u"env"_s);
    if (noset && !noset->isEmpty())
        return with("env.ray_noset", Verdict::Pass,
                    Text::tr("RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=%1: Ray leaves the visible devices "
                             "alone.")
                        .arg(*noset),
                    QString(), u"env"_s);
    return with("env.ray_noset", Verdict::Pass,
                Text::tr("Neither variable is set: Ray assigns devices to verl's workers, and verl sets the NOSET "
                         "variable for its rollout servers itself. verl's multi-node practice exports it as 1."),
                QString(), u"env"_s);
}

const ToolkitInfo *activeToolkit(const Diagnosis &d)
{
    return d.toolkits.isEmpty() ? nullptr : &d.toolkits.first();
}

Check checkToolkit(const Diagnosis &d)
{
    const ToolkitInfo *toolkit = activeToolkit(d);
    if (!toolkit)
        return with(
            "cann.toolkit", Verdict::Fail,
            Text::tr("No ascend_toolkit_install.info was found (searched ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME, "
                     "/usr/local/Ascend and ~/Ascend, or the --ascend-root you gave)."),
            Text::tr("Install the CANN toolkit, or point to a non-default install with --ascend-root DIR."), QString());
    QStringList evidence{
        Text::tr("CANN %1 (%2, %3) at %4").arg(toolkit->version, toolkit->innerVersion, toolkit->arch, toolkit->path)};
    Verdict verdict = Verdict::Pass;
    QStringList next;
    for (qsizetype i = 1; i < d.toolkits.size(); ++i)
        if (d.toolkits.at(i).version != toolkit->version)
            evidence.append(Text::tr("another toolkit, CANN %1, is installed at %2")
                                .arg(d.toolkits.at(i).version, d.toolkits.at(i).path));
    if (d.versionCfg) {
        QStringList leftovers;
        for (auto it = d.versionCfg->installed.cbegin(); it != d.versionCfg->installed.cend(); ++it)
            if (it.value().size() > 1)
                leftovers.append(u"%1: %2"_s.arg(it.key(), it.value().join(u", "_s)));
        if (!leftovers.isEmpty()) {
            verdict = Verdict::Warn;
            evidence.append(
                Text::tr("version.cfg lists more than one installed version: %1").arg(leftovers.join(u"; "_s)));
            next.append(
                Text::tr("An older package was left installed; uninstall it so its kernels are not picked up."));
        }
        QSet<QString> releases;
        for (const QString &release : d.versionCfg->running)
            releases.insert(release);
        if (releases.size() > 1 && compareVersions(baseVersion(toolkit->version), u"8.5.0"_s) < 0) {
            verdict = Verdict::Warn;
            evidence.append(Text::tr("components run different releases: %1")
                                .arg(QStringList(releases.cbegin(), releases.cend()).join(u", "_s)));
            next.append(Text::tr("Reinstall the toolkit so every component is at one release."));
        }
    }
    if (d.driver && !d.driver->compatibleCann.isEmpty() && !toolkit->innerCode().isEmpty()
        && !d.driver->compatibleCann.contains(toolkit->innerCode())) {
        verdict = Verdict::Warn;
        evidence.append(Text::tr("the driver's version.info (driver %1) does not list %2 among the CANN releases it "
                                 "supports (%3)")
                            .arg(d.driver->version, toolkit->innerCode(), d.driver->compatibleCann.join(u", "_s)));
        next.append(
            Text::tr("A CANN newer than the driver fails at start with \"E19999 … Invalid opp version\"; upgrade "
                     "the driver and firmware or use a CANN release the driver lists."));
    }
    return with("cann.toolkit", verdict, evidence.join(u"; "_s), next.join(u' '), u"files"_s);
}

// CANN 8.5.0 split the toolkit from a required ops package, which carries HCCL (libhccl.so); toolkit
// and ops may be upgraded separately within [N-1, N, N+1] releases, 8.5.0 at the oldest (hiascend CANN
// 8.5.0 instg_0008 and release note releasenote_0001; CANN 9.0.0 instg_0030). NNAL (ATB) must be the
// toolkit's release (hicann/ascend-transformer-boost@ddcc8b6:docs/常见问题与回答.md:8).
Check checkOpsAndNnal(const Diagnosis &d)
{
    const ToolkitInfo *toolkit = activeToolkit(d);
    if (!toolkit)
        return with("cann.ops", Verdict::Skip, Text::tr("No CANN toolkit was found."), QString(), u"files"_s);
    const QString tv = toolkit->version;
    QStringList evidence;
    QStringList next;
    Verdict verdict = Verdict::Pass;
    if (compareVersions(baseVersion(tv), u"8.5.0"_s) >= 0) {
        if (!d.ops) {
            verdict = Verdict::Fail;
            evidence.append(Text::tr("CANN %1 has no ascend_ops_install.info beside %2: since CANN 8.5.0 the ops "
                                     "package is required, and HCCL (libhccl.so) ships in it")
                                .arg(tv, toolkit->path));
            next.append(Text::tr("Install the ops package for your NPU (Ascend-cann-<soc>-ops_%1) into the toolkit's "
                                 "path, after the toolkit, then source set_env.sh again.")
                            .arg(tv));
        } else {
            // Release lines as the tables know them, oldest first: how many releases apart two versions are.
            QStringList lines;
            for (const TorchNpuRow &row : compatData().torchNpu)
                if (!lines.contains(cannLine(row.cann)))
                    lines.append(cannLine(row.cann));
            std::sort(lines.begin(), lines.end(),
                      [](const QString &a, const QString &b) { return compareVersions(a, b) < 0; });
            const qsizetype a = lines.indexOf(cannLine(tv));
            const qsizetype b = lines.indexOf(cannLine(d.ops->version));
            evidence.append(Text::tr("toolkit %1, ops %2 (%3)").arg(tv, d.ops->version, d.ops->path));
            if (compareVersions(baseVersion(d.ops->version), u"8.5.0"_s) < 0) {
                verdict = Verdict::Fail;
                evidence.append(Text::tr("ops older than 8.5.0 cannot run under a separately upgraded toolkit"));
                next.append(Text::tr("Install the ops package of CANN %1.").arg(tv));
            } else if (a >= 0 && b >= 0 && std::abs(a - b) > 1) {
                verdict = Verdict::Fail;
                evidence.append(Text::tr("more than one release apart; CANN supports toolkit and ops within one "
                                         "release of each other"));
                next.append(Text::tr("Install the ops package of CANN %1 (upgrading the toolkit removes ops: "
                                     "install ops again after it).")
                                .arg(tv));
            } else if ((a < 0 || b < 0) && cannLine(tv) != cannLine(d.ops->version)) {
                verdict = Verdict::Warn;
                evidence.append(Text::tr("a release this build does not know; CANN supports toolkit and ops within "
                                         "one release of each other"));
            }
        }
    } else {
        evidence.append(Text::tr("CANN %1 keeps HCCL and the operators in the toolkit and kernels packages").arg(tv));
    }
    const bool vllmAscend = d.python.ran && !d.python.packages.value(u"vllm_ascend"_s).isEmpty();
    if (!d.nnalVersion.isEmpty()) {
        if (stripLocalVersion(d.nnalVersion).section(u'.', 0, 2).compare(tv.section(u'.', 0, 2), Qt::CaseInsensitive)
            != 0) {
            verdict = Verdict::Fail;
            evidence.append(
                Text::tr("NNAL (ATB) %1 at %2 is not the toolkit's release").arg(d.nnalVersion, d.nnalPath));
            next.append(Text::tr("Install NNAL %1 (the same release as the toolkit), then source "
                                 "/usr/local/Ascend/nnal/atb/set_env.sh.")
                            .arg(tv));
        } else {
            evidence.append(Text::tr("NNAL (ATB) %1, the toolkit's release").arg(d.nnalVersion));
        }
    } else if (vllmAscend) {
        verdict = worse(verdict, Verdict::Warn);
        evidence.append(Text::tr("no NNAL (ATB) was found, and vllm-ascend needs it"));
        next.append(
            Text::tr("Install NNAL %1 (vllm-ascend's installation guide asks for the toolkit's release).").arg(tv));
    } else {
        evidence.append(Text::tr("no NNAL (ATB) was found (vllm-ascend and ATB models need it)"));
    }
    return with("cann.ops", verdict, evidence.join(u"; "_s), next.join(u' '), u"files"_s);
}

Check checkSetEnv(const Diagnosis &d)
{
    const auto home = variable(d, u"ASCEND_HOME_PATH"_s);
    const auto toolkitHome = variable(d, u"ASCEND_TOOLKIT_HOME"_s);
    const auto opp = variable(d, u"ASCEND_OPP_PATH"_s);
    const ToolkitInfo *toolkit = activeToolkit(d);
    const bool newLayout = toolkit && toolkit->path.contains(u"/cann/"_s);
    const QString root = toolkit ? toolkit->path.section(newLayout ? u"/cann/"_s : u"/ascend-toolkit/"_s, 0, 0)
                                 : u"/usr/local/Ascend"_s;
    const QString source = u"source %1/%2/set_env.sh"_s.arg(root, newLayout ? u"cann"_s : u"ascend-toolkit"_s);
    const QString remoteNote = d.host() == kLocalHost ? QString()
                                                      : u' '
            + Text::tr("(This is the environment of a non-interactive ssh shell, where "
                       "~/.bashrc usually returns early.)");
    if (!home && !toolkitHome && !opp) {
        if (!toolkit)
            return with("cann.set_env", Verdict::Skip, Text::tr("No toolkit and no CANN variables."), QString(),
                        u"env"_s);
        return with(
            "cann.set_env", Verdict::Fail,
            Text::tr("ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME and ASCEND_OPP_PATH are not set: set_env.sh was not "
                     "sourced, so import torch fails with \"libhccl.so: cannot open shared object file\".")
                + remoteNote,
            source + u" "
                + Text::tr("(and source /usr/local/Ascend/nnal/atb/set_env.sh when ATB is installed), "
                           "in the same shell that starts Ray and verl."),
            u"env"_s);
    }
    const QString effective = home.value_or(toolkitHome.value_or(QString()));
    QStringList problems;
    const QString ld = variable(d, u"LD_LIBRARY_PATH"_s).value_or(QString());
    const QStringList entries = ld.split(u':', Qt::SkipEmptyParts);
    const auto hasEntry = [&](const QString &needle) {
        for (const QString &entry : entries)
            if (entry.startsWith(needle))
                return true;
        return false;
    };
    if (!effective.isEmpty() && !hasEntry(effective + u"/lib64"_s))
        problems.append(
            Text::tr("LD_LIBRARY_PATH has no %1/lib64, so libhccl.so and libascendcl.so are not found").arg(effective));
    if (!hasEntry(u"/usr/local/Ascend/driver/lib64"_s) && !ld.contains(u"/driver/lib64"_s))
        problems.append(Text::tr("LD_LIBRARY_PATH has no driver/lib64 directory"));
    bool homeHasToolkit = false;
    for (const ToolkitInfo &info : d.toolkits)
        if (!effective.isEmpty() && info.path.startsWith(effective))
            homeHasToolkit = true;
    if (!effective.isEmpty() && !d.toolkits.isEmpty() && !homeHasToolkit)
        problems.append(Text::tr("ASCEND_HOME_PATH=%1 holds no toolkit we could read").arg(effective));
    QString evidence = Text::tr("ASCEND_HOME_PATH=%1").arg(effective);
    const QSet<QString> unique(entries.cbegin(), entries.cend());
    if (unique.size() < entries.size())
        evidence += u"; "_s
            + Text::tr("LD_LIBRARY_PATH repeats %n entr(ies): set_env.sh was sourced more than once "
                       "(harmless).",
                       nullptr, static_cast<int>(entries.size() - unique.size()));
    if (problems.isEmpty())
        return with("cann.set_env", Verdict::Pass, evidence, QString(), u"env"_s);
    return with("cann.set_env", Verdict::Warn, evidence + u"; "_s + problems.join(u"; "_s) + remoteNote,
                source + u" " + Text::tr("in a fresh shell instead of setting the variables by hand."), u"env"_s);
}

Check checkDriverFirmware(const Diagnosis &d)
{
    const QString smiDriver = d.smi ? d.smi->driverVersion : QString();
    if (!d.driver && !d.firmware) {
        if (smiDriver.isEmpty())
            return with("driver.firmware", Verdict::Skip,
                        Text::tr("No driver on this machine (no npu-smi and no driver/version.info)."), QString(),
                        QString());
        return with("driver.firmware", Verdict::Warn,
                    Text::tr("npu-smi reports driver %1, but driver/version.info and firmware/version.info are not "
                             "readable here, so the firmware cannot be checked.")
                        .arg(smiDriver),
                    Text::tr("In a container, mount /usr/local/Ascend/driver/version.info and "
                             "/usr/local/Ascend/firmware/version.info read-only, or run the check on the host."),
                    u"files"_s);
    }
    QStringList evidence;
    Verdict verdict = Verdict::Pass;
    QStringList next;
    if (d.driver)
        evidence.append(Text::tr("driver %1").arg(d.driver->version));
    if (d.firmware)
        evidence.append(Text::tr("firmware %1").arg(d.firmware->version));
    if (!d.driver || !d.firmware) {
        verdict = Verdict::Warn;
        evidence.append(d.driver ? Text::tr("firmware/version.info is not readable")
                                 : Text::tr("driver/version.info is not readable"));
    }
    if (d.driver && d.firmware && !d.driver->compatibleFirmware.isEmpty()) {
        bool inRange = false;
        QStringList ranges;
        for (const VersionRange &range : d.driver->compatibleFirmware) {
            inRange = inRange || range.contains(d.firmware->version);
            ranges.append(range.text());
        }
        if (!inRange) {
            verdict = Verdict::Fail;
            evidence.append(Text::tr("the driver accepts firmware %1 only").arg(ranges.join(u", "_s)));
            // Driver and firmware are both installed, so this is an overwrite install: firmware first, then
            // the driver; only a first install goes driver first (hiascend CANN 9.0.0 install guide,
            // instg_0005 "安装NPU驱动和固件").
            next.append(
                Text::tr("Install a firmware release the driver accepts. Over an existing install (an upgrade), "
                         "install the firmware first, then the driver, then reboot; only a first install "
                         "goes driver first."));
        }
    }
    if (d.driver && d.firmware && !d.firmware->compatibleDrivers.isEmpty()) {
        bool inRange = false;
        QStringList ranges;
        for (const VersionRange &range : d.firmware->compatibleDrivers) {
            inRange = inRange || range.contains(d.driver->version);
            ranges.append(range.text());
        }
        if (!inRange) {
            verdict = Verdict::Fail;
            evidence.append(Text::tr("the firmware accepts drivers %1 only").arg(ranges.join(u", "_s)));
            next.append(Text::tr("Install a driver release the firmware lists, or upgrade both: firmware first, then "
                                 "the driver, then reboot."));
        }
    }
    if (d.driver && !smiDriver.isEmpty() && smiDriver != d.driver->version) {
        verdict = worse(verdict, Verdict::Warn);
        evidence.append(
            Text::tr("npu-smi reports driver %1 but driver/version.info says %2").arg(smiDriver, d.driver->version));
        next.append(Text::tr("A container may mount a version.info from another driver; mount the host's files."));
    }
    if (verdict == Verdict::Pass && d.driver && d.firmware)
        evidence.append(Text::tr("each is within the range the other accepts"));
    return with("driver.firmware", verdict, evidence.join(u"; "_s), next.join(u' '), u"files"_s);
}

Check checkTorchNpu(const Diagnosis &d)
{
    const PythonInfo &py = d.python;
    if (!py.ran)
        return with("torch_npu.available", Verdict::Error, py.failure,
                    Text::tr("Pass the interpreter your verl environment uses with --python (for example "
                             "--python ~/miniconda3/envs/verl/bin/python)."),
                    u"python"_s);
    const QString where = Text::tr("Python %1 at %2").arg(py.version, py.executable);
    const QString torchNpu = py.packages.value(u"torch_npu"_s);
    const QString torch = py.packages.value(u"torch"_s);
    if (torchNpu.isNull()) {
        if (torch.isNull())
            return with(
                "torch_npu.available", Verdict::Skip, Text::tr("%1 has neither torch nor torch_npu.").arg(where),
                Text::tr("If verl lives in another environment, pass its interpreter with --python."), u"python"_s);
        return with("torch_npu.available", Verdict::Fail,
                    Text::tr("%1 has torch %2 but not torch_npu, so verl cannot use the NPUs.").arg(where, torch),
                    Text::tr("pip install torch-npu==<the release for torch %1 and your CANN> (see the compatibility "
                             "check).")
                        .arg(torch),
                    u"python"_s);
    }
    if (!py.importError.isEmpty()) {
        QString next = Text::tr("Fix the import error first; run python -c \"import torch_npu\" in the same shell to "
                                "see it in full.");
        const ToolkitInfo *toolkit = activeToolkit(d);
        if (py.importError.contains(u"libhccl.so"_s) && toolkit && !d.ops
            && compareVersions(baseVersion(toolkit->version), u"8.5.0"_s) >= 0)
            next = Text::tr("Since CANN 8.5.0 libhccl.so ships in the ops package, which is not installed: install "
                            "Ascend-cann-<soc>-ops_%1 into the toolkit's path (see the CANN ops check).")
                       .arg(toolkit->version);
        else if (py.importError.contains(u"libhccl.so"_s) || py.importError.contains(u"libascendcl"_s))
            next = Text::tr("The CANN libraries are not on LD_LIBRARY_PATH: source set_env.sh of the toolkit in this "
                            "shell (see the CANN environment check).");
        else if (py.importError.contains(u"libatb.so"_s))
            next
                = Text::tr("ATB (NNAL) is not installed or not sourced: source /usr/local/Ascend/nnal/atb/set_env.sh.");
        else if (py.importError.contains(u"undefined symbol"_s))
            next = Text::tr("torch_npu was built for another CANN/ATB release (or C++ ABI): install the torch_npu "
                            "release that matches your CANN (see the compatibility check).");
        return with("torch_npu.available", Verdict::Fail,
                    Text::tr("%1: import torch_npu failed: %2").arg(where, py.importError), next, u"python"_s);
    }
    if (py.npuAvailable && !*py.npuAvailable)
        return with(
            "torch_npu.available", Verdict::Fail,
            Text::tr("%1: torch_npu %2 is installed but torch_npu.npu.is_available() is False.").arg(where, torchNpu),
            Text::tr("Check ASCEND_RT_VISIBLE_DEVICES (it must name existing ids), that the devices are mounted "
                     "into the container, and that npu-smi info works; under Ray also set "
                     "RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1."),
            u"python"_s);
    if (!py.npuCount)
        return with("torch_npu.available", Verdict::Error,
                    Text::tr("%1: torch_npu did not report a device count.").arg(where), QString(), u"python"_s);
    int expected = d.logicalDeviceCount();
    QString basis = Text::tr("npu-smi");
    if (const auto visible = variable(d, u"ASCEND_RT_VISIBLE_DEVICES"_s); visible && !visible->isEmpty()) {
        expected = static_cast<int>(readVisible(*visible).ids.size());
        basis = u"ASCEND_RT_VISIBLE_DEVICES"_s;
    }
    const QString evidence
        = Text::tr("%1: torch_npu %2 sees %n device(s).", nullptr, *py.npuCount).arg(where, torchNpu);
    if (expected > 0 && *py.npuCount != expected)
        return with("torch_npu.available", Verdict::Warn,
                    evidence + u' ' + Text::tr("%1 says %2.").arg(basis).arg(expected),
                    Text::tr("Some devices are hidden or missing: compare ASCEND_RT_VISIBLE_DEVICES, the /dev/davinci* "
                             "devices in the container, and npu-smi info -m."),
                    u"python"_s);
    return with("torch_npu.available", Verdict::Pass, evidence, QString(), u"python"_s);
}

// For checks that read the Python probe's versions: when it did not report, nothing is known.

// The CANN release torch_npu runs on: what torch_npu itself reports, else the active toolkit.
std::pair<QString, QString> cannInUse(const Diagnosis &d)
{
    if (!d.python.cann.isEmpty())
        return {d.python.cann, u"torch_npu.npu.get_cann_version()"_s};
    if (const ToolkitInfo *toolkit = activeToolkit(d))
        return {toolkit->version, u"ascend_toolkit_install.info"_s};
    return {};
}

// torch_npu X.Y.Z(.postN) pins torch==X.Y.Z (Ascend/pytorch@9e73e70:setup.py:131-138), and each build is
// made for one CANN release (Ascend/pytorch COMPATIBILITY.md); vllm-ascend's matrix adds the pairs it
// released. A later or earlier .postN of a release paired with this CANN line passes, with the row named.
Check checkCompat(const Diagnosis &d)
{
    if (auto unread = pythonUnread("compat.torch_npu_cann", d))
        return *unread;
    const QString torchNpu = stripLocalVersion(d.python.packages.value(u"torch_npu"_s));
    const QString torch = stripLocalVersion(d.python.packages.value(u"torch"_s));
    const auto [cann, cannFrom] = cannInUse(d);
    if (torchNpu.isEmpty())
        return with("compat.torch_npu_cann", Verdict::Skip, Text::tr("torch_npu is not installed."), QString(),
                    u"python"_s);
    if (!torch.isEmpty() && baseVersion(torch) != baseVersion(torchNpu))
        return with("compat.torch_npu_cann", Verdict::Fail,
                    Text::tr("torch %1 with torch_npu %2: torch_npu %3 is built for torch %3 exactly (its setup.py "
                             "pins torch==%3).")
                        .arg(torch, torchNpu, baseVersion(torchNpu)),
                    Text::tr("pip install torch==%1, or the torch_npu release for torch %2 and your CANN.")
                        .arg(baseVersion(torchNpu), baseVersion(torch)),
                    u"python"_s);
    if (cann.isEmpty())
        return with("compat.torch_npu_cann", Verdict::Skip,
                    Text::tr("torch_npu %1; the CANN version is not known.").arg(torchNpu), QString(), u"python"_s);
    const QString evidence = Text::tr("torch %1, torch_npu %2, CANN %3 (from %4)")
                                 .arg(torch.isEmpty() ? Text::tr("(not installed)") : torch, torchNpu, cann, cannFrom);
    const TorchNpuMatch match = matchTorchNpu(torchNpu, cann);
    const QString table = match.rowLabel.isEmpty() ? Text::tr("Ascend's table") : match.rowLabel;
    switch (match.kind) {
    case TorchNpuMatch::Kind::Exact:
        return with("compat.torch_npu_cann", Verdict::Pass,
                    evidence + u"; "_s
                        + Text::tr("%1 pairs torch_npu %2 with CANN %3 (%4).")
                              .arg(table, match.rowTorchNpu, match.rowCann, match.cite),
                    QString(), u"python"_s);
    case TorchNpuMatch::Kind::SameBase:
        return with(
            "compat.torch_npu_cann", Verdict::Pass,
            evidence + u"; "_s
                + Text::tr("%1 pairs torch_npu %2 with CANN %3 (%4); %5 is another build of the same %6 "
                           "release.")
                      .arg(table, match.rowTorchNpu, match.rowCann, match.cite, torchNpu, baseVersion(torchNpu)),
            QString(), u"python"_s);
    case TorchNpuMatch::Kind::OtherCann:
    case TorchNpuMatch::Kind::Unknown:
        break;
    }
    // What the tables offer for this CANN line and torch release, else for this CANN line at all.
    const CompatData &data = compatData();
    QStringList sameTorch;
    QStringList forLine;
    for (const TorchNpuRow &row : data.torchNpu) {
        if (cannLine(row.cann) != cannLine(cann))
            continue;
        const QString option
            = u"torch %1 + torch_npu %2 (%3)"_s.arg(row.torch, row.torchNpu, data.ascend.cite(row.line));
        forLine.append(option);
        if (baseVersion(row.torch) == baseVersion(torch.isEmpty() ? torchNpu : torch))
            sameTorch.append(option);
    }
    QString suggestion = !sameTorch.isEmpty() ? Text::tr("For CANN %1 use %2.").arg(cann, sameTorch.join(u", "_s))
        : !forLine.isEmpty() ? Text::tr("For CANN %1 the table lists %2.").arg(cann, forLine.join(u", "_s))
                             : Text::tr("Ascend's table (%1, read %2) has no row for CANN %3.")
                                   .arg(data.ascend.repo + u'/' + data.ascend.path, data.ascend.date, cann);
    suggestion += u' ' + Text::tr("A mismatch shows as \"undefined symbol\" when torch_npu is imported.");
    if (match.kind == TorchNpuMatch::Kind::OtherCann)
        return with("compat.torch_npu_cann", Verdict::Fail,
                    evidence + u"; "_s
                        + Text::tr("torch_npu %1 is built for %2, not CANN %3.")
                              .arg(baseVersion(torchNpu), match.otherCanns.join(Text::tr(" or ")), cann),
                    suggestion, u"python"_s);
    return with("compat.torch_npu_cann", Verdict::Warn,
                evidence + u"; "_s
                    + Text::tr("torch_npu %1 is in neither Ascend's table (read %2) nor vllm-ascend's (read %3).")
                          .arg(torchNpu, data.ascend.date, data.vllmAscend.date),
                suggestion, u"python"_s);
}

// Python: Ascend's torch → Python table, and the range of the installed vllm-ascend's release row.
Check checkPython(const Diagnosis &d)
{
    if (auto unread = pythonUnread("compat.python", d))
        return *unread;
    const QString python = majorMinor(d.python.version);
    const QString torch = d.python.packages.value(u"torch"_s);
    const QString vllmAscend = d.python.packages.value(u"vllm_ascend"_s);
    QStringList evidence{Text::tr("Python %1").arg(d.python.version)};
    QStringList problems;
    QStringList next;
    if (!torch.isEmpty() && !d.python.packages.value(u"torch_npu"_s).isEmpty()) {
        if (const PythonRow *row = pythonRowFor(torch)) {
            const QString cite = compatData().ascend.cite(row->line);
            if (row->python.contains(python)) {
                evidence.append(Text::tr("torch_npu for torch %1 supports Python %2 (%3)")
                                    .arg(baseVersion(torch), row->python.join(u", "_s), cite));
            } else {
                problems.append(Text::tr("torch_npu for torch %1 supports Python %2 only (%3)")
                                    .arg(baseVersion(torch), row->python.join(u", "_s), cite));
                next.append(Text::tr("Create the environment with Python %1.").arg(row->python.join(Text::tr(" or "))));
            }
        } else {
            evidence.append(Text::tr("Ascend's Python table has no row for torch %1").arg(baseVersion(torch)));
        }
    }
    if (!vllmAscend.isEmpty()) {
        if (const VllmAscendRow *row = vllmAscendRowFor(vllmAscend)) {
            const QString cite = compatData().vllmAscend.cite(row->line);
            const auto inside = versionInRange(d.python.version, row->python);
            if (inside && !*inside) {
                problems.append(Text::tr("vllm-ascend %1 needs Python %2 (%3)").arg(vllmAscend, row->python, cite));
                next.append(Text::tr("Use a Python within %1 for vllm-ascend %2.").arg(row->python, vllmAscend));
            } else if (inside) {
                evidence.append(Text::tr("vllm-ascend %1 needs Python %2 (%3)").arg(vllmAscend, row->python, cite));
            }
        }
    }
    if (evidence.size() == 1 && problems.isEmpty())
        return with("compat.python", Verdict::Skip,
                    Text::tr("Python %1; neither torch_npu nor vllm-ascend is installed.").arg(d.python.version),
                    QString(), u"python"_s);
    if (!problems.isEmpty())
        return with("compat.python", Verdict::Fail, (evidence + problems).join(u"; "_s), next.join(u' '), u"python"_s);
    return with("compat.python", Verdict::Pass, evidence.join(u"; "_s), QString(), u"python"_s);
}

// vllm-ascend releases a stack: one vLLM, torch_npu and triton-ascend, tested on one CANN release
// (vllm-ascend docs/source/community/versioning_policy.md, "Release compatibility matrix").
Check checkVllmAscend(const Diagnosis &d)
{
    if (auto unread = pythonUnread("compat.vllm_ascend", d))
        return *unread;
    const QMap<QString, QString> &p = d.python.packages;
    const QString vllmAscend = p.value(u"vllm_ascend"_s);
    if (vllmAscend.isEmpty())
        return with("compat.vllm_ascend", Verdict::Skip,
                    Text::tr("vllm-ascend is not installed: only verl's vLLM rollout needs it."), QString(),
                    u"python"_s);
    const CompatData &data = compatData();
    const VllmAscendRow *row = vllmAscendRowFor(vllmAscend);
    if (!row)
        return with("compat.vllm_ascend", Verdict::Warn,
                    Text::tr("vllm-ascend %1 is not in vllm-ascend's release matrix (read %2 at %3): a development "
                             "build, or newer than the table.")
                        .arg(vllmAscend, data.vllmAscend.date, data.vllmAscend.commit.left(7)),
                    Text::tr("Install a released vllm-ascend and the vLLM, torch_npu and CANN its row names."),
                    u"python"_s);
    const QString cite = data.vllmAscend.cite(row->line);
    QStringList evidence{
        Text::tr("vllm-ascend %1: its row (%2) names vLLM %3, torch_npu %4, CANN %5%6")
            .arg(vllmAscend, cite, row->vllm.join(u" / "_s), row->torchNpu, row->cann,
                 row->tritonAscend.isEmpty() ? QString() : Text::tr(", triton-ascend %1").arg(row->tritonAscend))};
    Verdict verdict = Verdict::Pass;
    QStringList next;
    const auto problem = [&](Verdict v, const QString &text, const QString &step) {
        verdict = worse(verdict, v);
        evidence.append(text);
        if (!next.contains(step))
            next.append(step);
    };
    const QString install = Text::tr("Install the stack of one row: vLLM %1, torch_npu %2 on CANN %3 (%4).")
                                .arg(row->vllm.constFirst(), row->torchNpu, row->cann, cite);
    const QString vllm = p.value(u"vllm"_s);
    bool vllmMatches = false;
    for (const QString &v : row->vllm)
        vllmMatches = vllmMatches || baseVersion(v) == baseVersion(vllm);
    if (vllm.isEmpty())
        problem(Verdict::Fail, Text::tr("vLLM is not installed"), install);
    else if (!vllmMatches)
        problem(Verdict::Fail, Text::tr("vLLM %1 is installed").arg(vllm), install);
    const QString torchNpu = p.value(u"torch_npu"_s);
    if (!torchNpu.isEmpty() && baseVersion(torchNpu) != baseVersion(row->torchNpu))
        problem(Verdict::Fail, Text::tr("torch_npu %1 is installed").arg(torchNpu), install);
    else if (!torchNpu.isEmpty() && stripLocalVersion(torchNpu) != stripLocalVersion(row->torchNpu))
        evidence.append(Text::tr("torch_npu %1 is another build of %2").arg(torchNpu, baseVersion(row->torchNpu)));
    if (const auto [cann, from] = cannInUse(d); !cann.isEmpty() && cannLine(cann) != cannLine(row->cann))
        problem(Verdict::Warn, Text::tr("CANN %1 is in use (from %2)").arg(cann, from), install);
    const QString triton = p.value(u"triton_ascend"_s);
    if (!row->tritonAscend.isEmpty() && triton.isEmpty())
        problem(Verdict::Warn, Text::tr("triton-ascend is not installed"),
                u"pip install triton-ascend==%1"_s.arg(row->tritonAscend));
    else if (!row->tritonAscend.isEmpty() && baseVersion(triton) != baseVersion(row->tritonAscend))
        problem(Verdict::Warn, Text::tr("triton-ascend %1 is installed").arg(triton),
                u"pip install triton-ascend==%1"_s.arg(row->tritonAscend));
    return with("compat.vllm_ascend", verdict, evidence.join(u"; "_s), next.join(u' '), u"python"_s);
}

Check checkLogLevels(const Diagnosis &d)
{
    static const char *const levelNames[] = {"DEBUG", "INFO", "WARNING", "ERROR", "NULL"};
    QStringList evidence;
    QStringList next;
    Verdict verdict = Verdict::Pass;
    const auto global = variable(d, u"ASCEND_GLOBAL_LOG_LEVEL"_s);
    if (!global) {
        evidence.append(Text::tr("ASCEND_GLOBAL_LOG_LEVEL is not set: CANN logs at ERROR (3), the default."));
    } else {
        bool ok = false;
        const int level = global->toInt(&ok);
        if (!ok || level < 0 || level > 4) {
            verdict = Verdict::Warn;
            evidence.append(
                Text::tr("ASCEND_GLOBAL_LOG_LEVEL=%1 is not 0–4, so CANN ignores it and logs at ERROR.").arg(*global));
            next.append(Text::tr("Use 0 DEBUG, 1 INFO, 2 WARNING, 3 ERROR or 4 NULL."));
        } else {
            evidence.append(
                Text::tr("ASCEND_GLOBAL_LOG_LEVEL=%1 (%2).").arg(level).arg(QLatin1String(levelNames[level])));
            if (level <= 1) {
                verdict = Verdict::Warn;
                next.append(Text::tr("DEBUG and INFO logging slow training down and fill the disk; after debugging, "
                                     "unset ASCEND_GLOBAL_LOG_LEVEL (or export ASCEND_GLOBAL_LOG_LEVEL=3)."));
            }
        }
    }
    if (const auto slog = variable(d, u"ASCEND_SLOG_PRINT_TO_STDOUT"_s); slog && *slog == u"1"_s)
        evidence.append(
            Text::tr("ASCEND_SLOG_PRINT_TO_STDOUT=1: CANN logs go to the screen instead of the log files."));
    // CANN writes host logs to <dir>/run/plog and <dir>/debug/plog, where <dir> is ASCEND_PROCESS_LOG_PATH,
    // else ASCEND_WORK_PATH/log, else $HOME/ascend/log (CANN 9.0 log reference logreference_0002 and
    // envref_07_0120; CANN 5.x/6.x wrote a flat $HOME/ascend/log/plog).
    QString logDir = u"$HOME/ascend/log"_s;
    if (const auto work = variable(d, u"ASCEND_WORK_PATH"_s); work && !work->isEmpty())
        logDir = *work + u"/log"_s;
    if (const auto process = variable(d, u"ASCEND_PROCESS_LOG_PATH"_s); process && !process->isEmpty())
        logDir = *process;
    evidence.append(Text::tr("CANN log files: %1/run/plog and %1/debug/plog (plog-PID_*.log).").arg(logDir));
    if (const auto verl = variable(d, u"VERL_LOGGING_LEVEL"_s)) {
        static const QStringList known{u"DEBUG"_s, u"INFO"_s, u"WARN"_s, u"WARNING"_s, u"ERROR"_s, u"CRITICAL"_s};
        if (!known.contains(verl->toUpper())) {
            verdict = Verdict::Warn;
            evidence.append(Text::tr("VERL_LOGGING_LEVEL=%1 is not a Python logging level.").arg(*verl));
            next.append(Text::tr("Use DEBUG, INFO, WARN or ERROR."));
        } else {
            evidence.append(Text::tr("VERL_LOGGING_LEVEL=%1.").arg(*verl));
            if (verl->toUpper() == u"DEBUG"_s) {
                verdict = Verdict::Warn;
                next.append(Text::tr("VERL_LOGGING_LEVEL=DEBUG is very verbose; unset it when you are done (verl's "
                                     "default is WARN)."));
            }
        }
    }
    if (const auto hcclDebug = variable(d, u"HCCL_DEBUG"_s)) {
        verdict = Verdict::Warn;
        evidence.append(Text::tr("HCCL_DEBUG=%1 is set, but HCCL does not read HCCL_DEBUG (it is NCCL's variable; the "
                                 "FAQ's example has no effect).")
                            .arg(*hcclDebug));
        // HCCL_DEBUG_CONFIG: Atlas A2 and A3 (and 950) only, not the first-generation training or the
        // inference series (hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_DEBUG_CONFIG.md:46-60).
        const bool debugConfig = !d.smi || d.smi->family == NpuFamily::AtlasA2 || d.smi->family == NpuFamily::AtlasA3
            || d.smi->family == NpuFamily::Unknown;
        next.append(debugConfig ? Text::tr("For HCCL detail use export ASCEND_GLOBAL_LOG_LEVEL=1 and export "
                                           "HCCL_DEBUG_CONFIG=ALG,TASK (Atlas A2 and A3 only), and look in the "
                                           "run/plog logs.")
                                : Text::tr("For HCCL detail use export ASCEND_GLOBAL_LOG_LEVEL=1 and look in the "
                                           "run/plog logs (HCCL_DEBUG_CONFIG is not supported on %1).")
                                      .arg(familyName(d.smi->family)));
    }
    if (const auto config = variable(d, u"HCCL_DEBUG_CONFIG"_s); config && d.smi
        && (d.smi->family == NpuFamily::Ascend910 || d.smi->family == NpuFamily::Ascend310P
            || d.smi->family == NpuFamily::Ascend310B)) {
        verdict = worse(verdict, Verdict::Warn);
        evidence.append(Text::tr("HCCL_DEBUG_CONFIG=%1 is set, but HCCL supports it on Atlas A2 and A3 only, not on "
                                 "%2.")
                            .arg(*config, familyName(d.smi->family)));
    }
    if (const auto event = variable(d, u"ASCEND_GLOBAL_EVENT_ENABLE"_s); event && *event == u"1"_s)
        evidence.append(Text::tr("ASCEND_GLOBAL_EVENT_ENABLE=1: event logging is on."));
    return with("log.levels", verdict, evidence.join(u' '), next.join(u' '), u"env"_s);
}

bool isInteger(const QString &text, qint64 &value)
{
    bool ok = false;
    value = text.toLongLong(&ok);
    return ok;
}

// The interfaces a socket-interface list lets the library use, in the node's order.
// HCCL_SOCKET_IFNAME: a prefix applies to the WHOLE list: "eth,enp" are name prefixes, "=eth0,enp0"
// exact names, "^eth,enp" excludes every prefix listed, "^=eth0,enp0" every exact name listed
// (CANN's HCCL_SOCKET_IFNAME reference, hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/
// HCCL_SOCKET_IFNAME.md:9-31; parsed so in hcomm externalinput.cc:915-949: one flag for the list).
// GLOO_SOCKET_IFNAME: exact names only, compared with strcmp, no ^ or = (gloo@cc44198:
// gloo/transport/tcp/device.cc:41).
QStringList matchingInterfaces(const QString &spec, const QStringList &interfaces, bool gloo)
{
    QString list = spec;
    bool exclude = false;
    bool exact = gloo;
    if (!gloo && list.startsWith(u'^')) {
        exclude = true;
        list = list.mid(1);
    }
    if (!gloo && list.startsWith(u'=')) {
        exact = true;
        list = list.mid(1);
    }
    const QStringList items = list.split(u',', Qt::SkipEmptyParts);
    QStringList matched;
    for (const QString &name : interfaces) {
        const bool listed = std::any_of(items.cbegin(), items.cend(), [&](const QString &item) {
            return exact ? name == item : name.startsWith(item);
        });
        if (listed != exclude)
            matched.append(name);
    }
    return matched;
}

Check checkHccl(const Diagnosis &d)
{
    QStringList evidence;
    QStringList next;
    Verdict verdict = Verdict::Pass;
    const auto warn = [&](const QString &what, const QString &fix) {
        verdict = worse(verdict, Verdict::Warn);
        evidence.append(what);
        if (!fix.isEmpty())
            next.append(fix);
    };
    const auto fail = [&](const QString &what, const QString &fix) {
        verdict = Verdict::Fail;
        evidence.append(what);
        if (!fix.isEmpty())
            next.append(fix);
    };
    qint64 n = 0;
    if (const auto v = variable(d, u"HCCL_CONNECT_TIMEOUT"_s)) {
        if (!isInteger(*v, n) || n < 120 || n > 7200)
            warn(Text::tr("HCCL_CONNECT_TIMEOUT=%1 is outside 120–7200 seconds.").arg(*v),
                 Text::tr("Use whole seconds between 120 and 7200 (verl's multi-node example uses 3600)."));
        else
            evidence.append(Text::tr("HCCL_CONNECT_TIMEOUT=%1 s (+20 s to broadcast the failure).").arg(n));
    }
    const bool aiv = variable(d, u"HCCL_OP_EXPANSION_MODE"_s).value_or(QString()) == u"AIV"_s;
    const bool firstGen = d.smi && (d.smi->family == NpuFamily::Ascend910 || d.smi->family == NpuFamily::Ascend310P);
    // In AIV mode the execution timeout defaults to 1091 s, else 1836 s (CANN's HCCL_EXEC_TIMEOUT
    // reference, hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_EXEC_TIMEOUT.md:18-27;
    // hcomm hccl_aiv.h:89 AIV_TIMEOUT_DEFAULT = 1091).
    const int execDefault = aiv ? 1091 : 1836;
    if (aiv && !variable(d, u"HCCL_EXEC_TIMEOUT"_s))
        evidence.append(Text::tr("HCCL_OP_EXPANSION_MODE=AIV: the execution timeout is 1091 s by default."));
    if (const auto v = variable(d, u"HCCL_EXEC_TIMEOUT"_s)) {
        bool ok = false;
        const double seconds = v->toDouble(&ok);
        if (!ok || seconds < 0)
            fail(Text::tr("HCCL_EXEC_TIMEOUT=%1 is not a number of seconds.").arg(*v),
                 Text::tr("Use whole seconds, e.g. 3600."));
        else if (aiv && (seconds == 0 || seconds > 1091))
            warn(Text::tr(
                     "HCCL_EXEC_TIMEOUT=%1 with HCCL_OP_EXPANSION_MODE=AIV: values of 0 or above 1091 are treated as "
                     "1091 s.")
                     .arg(*v),
                 QString());
        else if (firstGen && (seconds <= 0 || seconds > 17340))
            warn(Text::tr("HCCL_EXEC_TIMEOUT=%1 is outside (0, 17340] seconds, the range of this NPU family.").arg(*v),
                 Text::tr("Use a value up to 17340 s."));
        else if (firstGen)
            evidence.append(Text::tr("HCCL_EXEC_TIMEOUT=%1 s; this family rounds it down to a multiple of 68: %2 s.")
                                .arg(*v)
                                .arg(std::max<qint64>(68, static_cast<qint64>(seconds) / 68 * 68)));
        else
            evidence.append(Text::tr("HCCL_EXEC_TIMEOUT=%1 s%2.")
                                .arg(*v, seconds == 0 ? Text::tr(" (never times out)") : QString()));
    }
    if (const auto v = variable(d, u"HCCL_BUFFSIZE"_s)) {
        if (!isInteger(*v, n) || n < 1)
            fail(Text::tr("HCCL_BUFFSIZE=%1 is not a whole number of MB (at least 1).").arg(*v),
                 Text::tr("The default is 200."));
        else
            evidence.append(Text::tr("HCCL_BUFFSIZE=%1 MB per direction per communicator.").arg(n));
    }
    // Each takes a port, LOW-HIGH, a comma list of them, or auto; the entries may not overlap (nor
    // share an end), ports below 1024 are to be avoided, and neither variable works on the first
    // Atlas training generation or the inference series (hicann/hccl@09300b7:docs/zh/user_guide/
    // hccl_env/HCCL_NPU_SOCKET_PORT_RANGE.md:7-13,45-50; hcomm env_config.cc:315).
    for (const QString &name : {u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"HCCL_NPU_SOCKET_PORT_RANGE"_s}) {
        const auto v = variable(d, name);
        if (!v)
            continue;
        if (firstGen) {
            warn(Text::tr("%1 is set, but this NPU family does not support it: HCCL ignores it.").arg(name),
                 Text::tr("Remove %1 on this node; HCCL_IF_BASE_PORT sets the ports there.").arg(name));
            continue;
        }
        if (*v == u"auto"_s) {
            evidence.append(u"%1=%2."_s.arg(name, *v));
            continue;
        }
        const PortList ports = parsePortList(*v);
        const bool good = ports.valid;
        QList<std::pair<int, int>> ranges = ports.ranges;
        std::sort(ranges.begin(), ranges.end());
        bool overlap = false;
        for (qsizetype i = 1; i < ranges.size(); ++i)
            overlap = overlap || ranges.at(i).first <= ranges.at(i - 1).second;
        if (!good)
            fail(Text::tr("%1=%2 is not a port range like 60000-60050.").arg(name, *v),
                 Text::tr("Write ranges as LOW-HIGH with 1 ≤ LOW ≤ HIGH ≤ 65535, comma-separated."));
        else if (overlap)
            fail(Text::tr("%1=%2: its ranges overlap or share a port, which HCCL refuses.").arg(name, *v),
                 Text::tr("Give each range its own ports, e.g. 60000-60049,60100-60149."));
        else if (ranges.constFirst().first < 1024)
            warn(Text::tr("%1=%2 includes ports below 1024, which the system reserves.").arg(name, *v),
                 Text::tr("Use ports from 1024 up, e.g. 60000-60050."));
        else
            evidence.append(u"%1=%2."_s.arg(name, *v));
    }
    const Section *net = d.snapshot.section(u"net"_s);
    const QStringList interfaces = net && net->exitCode == 0
        ? net->text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts)
        : QStringList();
    for (const auto &[name, exact] :
         {std::pair{u"HCCL_SOCKET_IFNAME"_s, false}, std::pair{u"GLOO_SOCKET_IFNAME"_s, true}}) {
        const auto v = variable(d, name);
        if (!v)
            continue;
        if (interfaces.isEmpty()) {
            evidence.append(Text::tr("%1=%2 (the interface list could not be read).").arg(name, *v));
            continue;
        }
        // HCCL refuses a list that starts or ends with a comma (hcomm externalinput.cc:955-957); Gloo
        // looks "^eth0" up literally and stops with "Unable to find address for" (device.cc:84).
        if (!exact && (v->endsWith(u',') || v->startsWith(u',') || v->startsWith(u"^,"_s) || v->startsWith(u"=,"_s))) {
            fail(Text::tr("%1=%2 starts or ends with a comma, which HCCL refuses.").arg(name, *v),
                 Text::tr("List the interfaces without an empty item, e.g. =eth0,enp0 or ^docker,lo."));
            continue;
        }
        if (exact && (v->startsWith(u'^') || v->startsWith(u'='))) {
            fail(Text::tr("%1=%2: Gloo takes exact interface names only; ^ and = are HCCL's syntax.").arg(name, *v),
                 Text::tr("List the interface names themselves, e.g. %1=eth0.").arg(name));
            continue;
        }
        const QStringList matched = matchingInterfaces(*v, interfaces, exact);
        if (matched.isEmpty())
            fail(Text::tr("%1=%2 names no interface of this node (it has %3).").arg(name, *v, interfaces.join(u", "_s)),
                 Text::tr("Set %1 to the interface that reaches the other nodes (ip -br addr shows them).").arg(name));
        else
            evidence.append(Text::tr("%1=%2 lets it use %3.").arg(name, *v, matched.join(u", "_s)));
    }
    if (const auto v = variable(d, u"HCCL_IF_IP"_s)) {
        static const QRegularExpression ipv4(uR"(^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\z)"_s);
        const auto m = ipv4.match(*v);
        bool good = v->contains(u':'); // IPv6: leave to HCCL
        if (m.hasMatch()) {
            good = true;
            for (int i = 1; i <= 4; ++i)
                good = good && m.captured(i).toInt() <= 255;
        }
        if (good)
            evidence.append(Text::tr("HCCL_IF_IP=%1 (takes priority over HCCL_SOCKET_IFNAME).").arg(*v));
        else
            fail(Text::tr("HCCL_IF_IP=%1 is not an IP address.").arg(*v),
                 Text::tr("Give one IPv4 or IPv6 address of this host."));
    }
    if (evidence.isEmpty())
        evidence.append(
            Text::tr("No HCCL variables are set: connect timeout 120 s, execution timeout %1 s, buffer 200 MB, "
                     "interface chosen automatically (set HCCL_SOCKET_IFNAME on multi-node clusters).")
                .arg(execDefault));
    return with("hccl.settings", verdict, evidence.join(u' '), next.join(u' '), u"env"_s);
}

// MindSpeed patches one megatron-core release: its branch says which (core_r0.16.0 -> 0.16,
// 2.3.0_core_r0.12.1 -> 0.12). pip reports 0.16.0 only for core_r0.16.0 (Ascend/MindSpeed@e477249:
// setup.py:11); master and the 2.x/26.x branches all report 0.12.1, so the git branch decides.
Check checkMindSpeed(const Diagnosis &d)
{
    const QString mindspeed = d.python.packages.value(u"mindspeed"_s);
    const QString megatron = d.python.packages.value(u"megatron_core"_s);
    if (auto unread = pythonUnread("mindspeed.version", d))
        return *unread;
    if (mindspeed.isNull() && megatron.isNull())
        return with("mindspeed.version", Verdict::Skip,
                    Text::tr("MindSpeed and megatron-core are not installed: only the Megatron backend needs them."),
                    QString(), u"python"_s);
    QString release;
    const verl::SourcedValue guide = verlGuide(d, u"npu_mindspeed"_s, &release);
    const QString target = guide.value.isEmpty() ? u"core_r0.16.0"_s : guide.value;
    const QString guideText
        = Text::tr("verl %1's Ascend guide installs MindSpeed %2 (%3)").arg(release, target, guide.source);
    if (mindspeed.isNull())
        return with("mindspeed.version", Verdict::Warn,
                    Text::tr("megatron-core %1 is installed without MindSpeed; the Megatron backend on NPUs needs "
                             "MindSpeed.")
                        .arg(megatron),
                    Text::tr("Install MindSpeed as verl's Ascend guide shows (git checkout %1, pip install -e "
                             "MindSpeed).")
                        .arg(target),
                    u"python"_s);
    QStringList evidence{Text::tr("MindSpeed %1 (pip), megatron-core %2")
                             .arg(mindspeed, megatron.isNull() ? Text::tr("not installed") : megatron)};
    QString branch = d.python.mindspeedBranch;
    if (branch == u"HEAD"_s)
        branch.clear();
    if (!branch.isEmpty())
        evidence.append(Text::tr("branch %1").arg(branch));
    else if (baseVersion(mindspeed) == u"0.16.0"_s)
        branch = u"core_r0.16.0"_s; // the only branch whose setup.py says 0.16.0
    if (branch.isEmpty())
        return with(
            "mindspeed.version", Verdict::Warn,
            (evidence
             + QStringList{Text::tr("the pip version does not say which MindSpeed branch is installed, and no git "
                                    "branch was found")})
                .join(u"; "_s),
            Text::tr("Run git -C %1 branch --show-current and compare with %2.")
                .arg(d.python.mindspeedPath.isEmpty() ? u"<MindSpeed checkout>"_s : d.python.mindspeedPath, guideText),
            u"python"_s);
    static const QRegularExpression core(uR"(core_r(\d+\.\d+))"_s);
    const auto patches = core.match(branch);
    if (patches.hasMatch() && !megatron.isEmpty() && majorMinor(megatron) != patches.captured(1))
        return with("mindspeed.version", Verdict::Fail,
                    (evidence
                     + QStringList{Text::tr("MindSpeed %1 adapts megatron-core %2.x, but %3 is installed")
                                       .arg(branch, patches.captured(1), megatron)})
                        .join(u"; "_s),
                    Text::tr("Install Megatron-LM core_r%1 (pip install -e Megatron-LM after git checkout core_r%1), "
                             "or the MindSpeed branch for megatron-core %2.")
                        .arg(patches.captured(1), majorMinor(megatron)),
                    u"python"_s);
    if (branch != target) {
        // MindSpeed's maintenance table marks 2.3.0_core_r0.12.1 and older releases 停止维护 (out of
        // maintenance): Ascend/MindSpeed@028de58:README.md:209-223.
        static const QRegularExpression release2x(uR"(^(\d+\.\d+\.\d+)_core_r)"_s);
        const auto m = release2x.match(branch);
        const bool unmaintained = m.hasMatch() && compareVersions(m.captured(1), u"2.3.0"_s) <= 0;
        if (m.hasMatch() && compareVersions(m.captured(1), u"2.3.0"_s) < 0)
            evidence.append(Text::tr("verl's FAQ: MindSpeed older than 2.3.0 fails with KeyError: "
                                     "decoder.layers.0.self_attention.q_layernorm.weight"));
        if (unmaintained)
            evidence.append(Text::tr("MindSpeed marks %1 out of maintenance (Ascend/MindSpeed@028de58:README.md:"
                                     "209-223)")
                                .arg(branch));
        return with("mindspeed.version", Verdict::Warn, (evidence + QStringList{guideText}).join(u"; "_s),
                    Text::tr("Switch MindSpeed to %1 (git checkout %1, pip install -e MindSpeed) with the "
                             "Megatron-LM release verl's guide pairs it with.")
                        .arg(target),
                    u"python"_s);
    }
    evidence.append(guideText);
    return with("mindspeed.version", Verdict::Pass, evidence.join(u"; "_s), QString(), u"python"_s);
}

// verl (0.7.1 on) moves weights to the rollout over device IPC, or, where the NPU lacks it, through one
// bucket-sized shared-memory segment per rank in /dev/shm. IPC needs HDK >= 25.3.rc1 and CANN >= 8.3.RC1
// (verl/utils/device.py check_ipc_version_support).
Check checkSharedMemoryForVerl(const Diagnosis &d);

// The size column of `df -Pk /dev/shm`, or -1.
qint64 shmKiB(const Section &section)
{
    qint64 kib = -1;
    for (const QString &line : section.text.split(u'\n')) {
        const QStringList f = line.simplified().split(u' ');
        if (f.size() >= 6 && f.constLast() == u"/dev/shm"_s)
            kib = f.at(1).toLongLong();
    }
    return kib;
}

// The rollout engines' own documented sizes: vllm-ascend's images run with --shm-size=1g
// (vllm-project/vllm-ascend@7485331:docs/source/installation.md:78), SGLang's Ascend images with
// --shm-size=16g (sgl-project/sglang@0b1520f:docs/platforms/ascend/ascend_npu.md:129).
Check checkSharedMemory(const Diagnosis &d)
{
    Check check = checkSharedMemoryForVerl(d);
    if (check.verdict != Verdict::Pass || !d.python.ran)
        return check;
    const qint64 mib = shmKiB(*d.snapshot.section(u"shm"_s)) / 1024;
    struct Engine
    {
        const char *package;
        const char *name;
        qint64 mib;
        const char *source;
    };
    static const Engine engines[] = {
        {"sglang", "SGLang", 16384, "sgl-project/sglang@0b1520f:docs/platforms/ascend/ascend_npu.md:129"},
        {"vllm_ascend", "vllm-ascend", 1024, "vllm-project/vllm-ascend@7485331:docs/source/installation.md:78"},
    };
    for (const Engine &engine : engines) {
        if (d.python.packages.value(QLatin1String(engine.package)).isEmpty() || mib >= engine.mib)
            continue;
        check.verdict = Verdict::Warn;
        check.evidence += u' '
            + Text::tr("%1's Ascend images run with --shm-size=%2g (%3).")
                  .arg(QLatin1String(engine.name))
                  .arg(engine.mib / 1024)
                  .arg(QLatin1String(engine.source));
        check.nextStep = Text::tr("Give /dev/shm at least %1 GiB (docker run --shm-size=%1g, or mount -o "
                                  "remount,size=%1G /dev/shm).")
                             .arg(engine.mib / 1024);
        break;
    }
    return check;
}

Check checkSharedMemoryForVerl(const Diagnosis &d)
{
    const Section *section = d.snapshot.section(u"shm"_s);
    if (!section)
        return with("memory.shm", Verdict::Skip, Text::tr("/dev/shm was not measured (an older snapshot)."), QString(),
                    QString());
    const qint64 kib = shmKiB(*section);
    if (section->timedOut())
        return with("memory.shm", Verdict::Error,
                    Text::tr("df -Pk /dev/shm did not finish in time: %1").arg(firstLines(section->text)),
                    Text::tr("A hung mount can block df; run df -h /dev/shm on the node by hand."), u"shm"_s);
    if (section->exitCode != 0 || kib < 0)
        return with("memory.shm", Verdict::Skip,
                    Text::tr("df -Pk /dev/shm gave no size: %1").arg(firstLines(section->text)), QString(), u"shm"_s);
    const qint64 mib = kib / 1024;
    if (!d.python.ran)
        return with("memory.shm", Verdict::Error,
                    Text::tr("%1 MiB; whether verl needs more is not known: the Python probe gave no verl version "
                             "(%2).")
                        .arg(mib)
                        .arg(d.python.failure),
                    QString(), u"shm"_s);
    const QString verl = d.python.packages.value(u"verl"_s);
    const auto version = verl::Version::parse(verl, u"verl"_s);
    if (verl.isEmpty() || !version)
        return with("memory.shm", Verdict::Pass, Text::tr("%1 MiB (verl is not installed in this Python).").arg(mib),
                    QString(), u"shm"_s);
    const verl::BucketFacts facts = verl::bucketFacts(*version).constLast();
    if (facts.shm.value.isEmpty())
        return with("memory.shm", Verdict::Pass,
                    Text::tr("%1 MiB; verl %2 keeps no weight bucket in /dev/shm.").arg(mib).arg(verl), QString(),
                    u"shm"_s);
    const QString hdk = d.driver ? d.driver->version : QString();
    const QString cann = d.toolkits.isEmpty() ? QString() : d.toolkits.constFirst().version;
    const bool known = !hdk.isEmpty() && !cann.isEmpty();
    const QString minHdk = facts.ipcRequires.value.section(u'/', 0, 0);
    const QString minCann = facts.ipcRequires.value.section(u'/', 1, 1);
    const bool ipc = known && compareVersions(hdk, minHdk) >= 0 && compareVersions(cann, minCann) >= 0;
    if (ipc)
        return with("memory.shm", Verdict::Pass,
                    Text::tr("%1 MiB; driver %2 and CANN %3 support IPC, so verl's weight buckets stay in device "
                             "memory.")
                        .arg(mib)
                        .arg(hdk, cann),
                    QString(), u"shm"_s);
    const int ranks = std::max(1, d.logicalDeviceCount());
    const qint64 need = static_cast<qint64>(ranks) * facts.defaultMiB;
    const QString why = known ? Text::tr("driver %1 or CANN %2 is older than %3 / %4 (%5), so verl %6 moves weights "
                                         "through /dev/shm (%7)")
                                    .arg(hdk, cann, minHdk, minCann, facts.ipcRequires.source, verl, facts.shm.source)
                              : Text::tr("the driver or CANN version is unknown; without IPC (driver < %1 or CANN < "
                                         "%2, %3) verl %4 moves weights through /dev/shm (%5)")
                                    .arg(minHdk, minCann, facts.ipcRequires.source, verl, facts.shm.source);
    if (mib >= need)
        return with("memory.shm", Verdict::Pass,
                    Text::tr("%1 MiB: holds a %2 MiB bucket for each of %3 ranks; %4.")
                        .arg(mib)
                        .arg(facts.defaultMiB)
                        .arg(ranks)
                        .arg(why),
                    QString(), u"shm"_s);
    return with("memory.shm", Verdict::Warn,
                Text::tr("%1 MiB, but %2 ranks need a %3 MiB bucket each (%4 MiB): %5.")
                    .arg(mib)
                    .arg(ranks)
                    .arg(facts.defaultMiB)
                    .arg(need)
                    .arg(why),
                Text::tr("Give /dev/shm at least %1 MiB (docker run --shm-size=%2g, or mount -o remount,size=%2G "
                         "/dev/shm), or upgrade the driver and CANN for IPC. The Bucket tab sizes the bucket with "
                         "\"NPU without IPC\" and this /dev/shm.")
                    .arg(need)
                    .arg((need + 1023) / 1024),
                u"shm"_s);
}

// A check whose sections the probe never finished reading has no evidence: ERROR, with why.
void markUnread(Check &check, const Snapshot &snapshot)
{
    for (const CheckInfo &info : checkInfos()) {
        if (check.id != QLatin1String(info.id))
            continue;
        QStringList unread;
        for (const QString &name : QString::fromLatin1(info.reads).split(u',', Qt::SkipEmptyParts)) {
            const Section *section = snapshot.section(name);
            if (!section || !section->complete)
                unread.append(name);
        }
        if (unread.isEmpty())
            return;
        check.verdict = Verdict::Error;
        check.evidence = Text::tr("Not read: %1, before it reached %2.").arg(snapshot.cutOff, unread.join(u", "_s));
        check.nextStep = Text::tr("Nothing is known here yet. Run the checks again, with a longer probe timeout if "
                                  "the node is slow; the raw output shows where the probe stopped.");
        return;
    }
}

QList<Check> deepChecks(const Diagnosis &d)
{
    if (!d.python.deepRan)
        return {};
    QList<Check> checks;
    QStringList failed;
    for (const DeepDevice &device : d.python.deepDevices)
        if (!device.ok)
            failed.append(Text::tr("npu:%1: %2").arg(device.device).arg(device.error));
    if (d.python.deepDevices.isEmpty())
        checks.append(with("deep.devices", Verdict::Skip, Text::tr("No device was available to torch_npu."), QString(),
                           u"python"_s));
    else if (failed.isEmpty())
        checks.append(with("deep.devices", Verdict::Pass,
                           Text::tr("A tensor operation gave the right result on all %n device(s).", nullptr,
                                    static_cast<int>(d.python.deepDevices.size())),
                           QString(), u"python"_s));
    else
        checks.append(
            with("deep.devices", Verdict::Fail, failed.join(u"; "_s),
                 Text::tr("Take the failing devices out of ASCEND_RT_VISIBLE_DEVICES and check their health with "
                          "npu-smi info -t health."),
                 u"python"_s));
    if (!d.python.allReduceOk)
        checks.append(
            with("deep.allreduce", Verdict::Skip, Text::tr("Needs at least two devices."), QString(), u"python"_s));
    else if (*d.python.allReduceOk)
        checks.append(
            with("deep.allreduce", Verdict::Pass,
                 Text::tr("HCCL all-reduce across %n device(s) gave the right sum.", nullptr, d.python.allReduceWorld),
                 QString(), u"python"_s));
    else
        checks.append(
            with("deep.allreduce", Verdict::Fail, d.python.allReduceError,
                 Text::tr("Read the HCCL logs under $HOME/ascend/log/run/plog; check HCCL_* settings and that no "
                          "other job holds the devices."),
                 u"python"_s));
    return checks;
}

} // namespace

PythonInfo parsePythonProbe(const Section *section)
{
    PythonInfo info;
    if (!section) {
        info.failure = Text::tr("The probe printed no Python section.");
        return info;
    }
    const qsizetype marker = section->text.lastIndexOf(u"@@VNA-PYTHON@@"_s);
    if (marker < 0) {
        const QString tail = section->text.trimmed().right(600);
        if (section->missing())
            info.failure = Text::tr("The Python interpreter was not found: %1").arg(tail);
        else if (section->timedOut())
            info.failure
                = Text::tr("The Python probe did not finish in time (importing torch_npu can hang when a device "
                           "is stuck). Output so far: %1")
                      .arg(tail);
        else
            info.failure = Text::tr("The Python probe failed (exit code %1): %2").arg(section->exitCode).arg(tail);
        return info;
    }
    const QString json = section->text.mid(marker + 14).section(u'\n', 0, 0);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8(), &error).object();
    if (error.error != QJsonParseError::NoError) {
        info.failure = Text::tr("The Python probe printed something we could not read: %1").arg(error.errorString());
        return info;
    }
    info.ran = true;
    info.version = o.value(u"python").toString();
    info.executable = o.value(u"executable").toString();
    const QJsonObject packages = o.value(u"packages").toObject();
    for (auto it = packages.begin(); it != packages.end(); ++it)
        info.packages.insert(it.key(), it.value().isString() ? it.value().toString() : QString());
    if (o.contains(u"npu_available"))
        info.npuAvailable = o.value(u"npu_available").toBool();
    if (o.contains(u"npu_count"))
        info.npuCount = o.value(u"npu_count").toInt();
    info.cann = o.value(u"cann").toString();
    info.cannError = o.value(u"cann_error").toString();
    info.importError = o.value(u"import_error").toString();
    info.mindspeedBranch = o.value(u"mindspeed_branch").toString();
    info.mindspeedPath = o.value(u"mindspeed_path").toString();
    if (o.contains(u"deep_devices")) {
        info.deepRan = true;
        const QJsonArray devices = o.value(u"deep_devices").toArray();
        for (const QJsonValue &v : devices) {
            const QJsonObject dev = v.toObject();
            info.deepDevices.append({dev.value(u"device").toInt(), dev.value(u"ok").toBool(), dev.value(u"ms").toInt(),
                                     dev.value(u"error").toString()});
        }
    }
    if (o.contains(u"deep_allreduce")) {
        const QJsonObject ar = o.value(u"deep_allreduce").toObject();
        info.allReduceOk = ar.value(u"ok").toBool();
        info.allReduceWorld = ar.value(u"world").toInt();
        info.allReduceError = ar.value(u"error").toString();
    }
    return info;
}

QList<std::pair<QString, QString>> Diagnosis::versions() const
{
    QList<std::pair<QString, QString>> result;
    result.append({u"npu_smi"_s, smi ? smi->toolVersion : QString()});
    QString driverVersion = driver ? driver->version : QString();
    if (driverVersion.isEmpty() && smi)
        driverVersion = smi->driverVersion;
    result.append({u"driver"_s, driverVersion});
    result.append({u"firmware"_s, firmware ? firmware->version : QString()});
    result.append({u"cann"_s, toolkits.isEmpty() ? QString() : toolkits.first().version});
    result.append({u"python"_s, python.version.isEmpty() ? QString() : python.version});
    for (const QString &key : {u"torch"_s, u"torch_npu"_s, u"verl"_s, u"vllm"_s, u"vllm_ascend"_s, u"sglang"_s,
                               u"ray"_s, u"transformers"_s, u"mindspeed"_s, u"megatron_core"_s, u"triton_ascend"_s})
        result.append({key, python.packages.value(key)});
    return result;
}

int Diagnosis::logicalDeviceCount() const
{
    int logic = 0;
    for (const ChipMapping &mapping : chipMap)
        if (mapping.logicId)
            ++logic;
    if (logic > 0)
        return logic;
    return smi ? smi->chipCount() : 0;
}

bool Diagnosis::anyFail() const
{
    for (const Check &check : checks)
        if (check.verdict == Verdict::Fail)
            return true;
    return false;
}

Verdict Diagnosis::worst() const
{
    Verdict verdict = Verdict::Skip;
    for (const Check &check : checks)
        verdict = worse(verdict, check.verdict);
    return verdict;
}

Check makeCheck(const char *id, Verdict verdict, const QString &evidence, const QString &next, const QString &raw)
{
    return with(id, verdict, evidence, next, raw);
}

QStringList checkIds()
{
    QStringList ids;
    for (const CheckInfo &info : checkInfos())
        ids.append(QString::fromLatin1(info.id));
    return ids;
}

Diagnosis analyze(Snapshot snapshot)
{
    Diagnosis d;
    d.snapshot = std::move(snapshot);
    if (!d.snapshot.failure.isEmpty()) {
        const QString next = d.snapshot.cancelled ? Text::tr("Run the checks again.")
            : d.snapshot.host == kLocalHost
            ? Text::tr("Run the checks again; if the probe stops the same way, run it by hand (the report shows "
                       "it) to see which command hangs.")
            : Text::tr("Make \"ssh %1 true\" work from this machine without a prompt: the host name, port, "
                       "user and key (in ~/.ssh/config), and its host key in known_hosts. Then run the checks "
                       "again.")
                  .arg(d.snapshot.host);
        // This machine is no node to reach: its shell did not run, or the probe stopped.
        d.checks.append(with(d.snapshot.host == kLocalHost ? "probe.run" : "ssh.connect", Verdict::Error,
                             d.snapshot.failure, next, QString()));
        return d;
    }
    if (const Section *s = d.snapshot.section(u"npu-smi"_s); s && s->exitCode == 0)
        if (auto info = parseNpuSmiInfo(s->text))
            d.smi = *info;
    if (const Section *s = d.snapshot.section(u"npu-smi-m"_s); s && s->exitCode == 0)
        if (auto map = parseChipMap(s->text))
            d.chipMap = *map;
    const auto files = d.snapshot.files();
    const QString home = d.snapshot.environment.value(u"ASCEND_HOME_PATH"_s);
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString &path = it.key();
        if (path.endsWith(u"/driver/version.info"_s) && !d.driver)
            d.driver = parseDriverInfo(it.value(), path);
        else if (path.endsWith(u"/firmware/version.info"_s) && !d.firmware)
            d.firmware = parseFirmwareInfo(it.value(), path);
        else if (path.endsWith(u"ascend_toolkit_install.info"_s)) {
            ToolkitInfo info = parseToolkitInfo(it.value(), path);
            bool seen = false;
            for (const ToolkitInfo &other : std::as_const(d.toolkits))
                seen = seen || (other.installPath == info.installPath && other.version == info.version);
            if (seen)
                continue;
            // The toolkit the environment points at is the one in use.
            if (!home.isEmpty() && path.startsWith(home))
                d.toolkits.prepend(info);
            else
                d.toolkits.append(info);
        } else if (path.endsWith(u"ascend_ops_install.info"_s)) {
            if (!d.ops || (!home.isEmpty() && path.startsWith(home)))
                d.ops = parseToolkitInfo(it.value(), path);
        } else if (path.endsWith(u"/nnal/atb/latest/version.info"_s) && d.nnalVersion.isEmpty()) {
            d.nnalVersion = parseNnalVersion(it.value());
            d.nnalPath = path;
        } else if (path.endsWith(u"/version.cfg"_s)) {
            if (!d.versionCfg || (!home.isEmpty() && path.startsWith(home)))
                d.versionCfg = parseVersionCfg(it.value(), path);
        }
    }
    d.python = parsePythonProbe(d.snapshot.section(u"python"_s));
    static const QRegularExpression npuIp(uR"(ipaddr:\s*(\S+))"_s);
    for (const Section &section : d.snapshot.sections)
        if (section.name.startsWith(u"hccn:"_s))
            if (const auto m = npuIp.match(section.text); m.hasMatch())
                d.npuAddresses.insert(section.name.mid(5).toInt(), m.captured(1));

    d.checks
        = {checkNpuSmi(d),      checkHealth(d),     checkBusy(d),       checkVisible(d),          checkRayNoset(d),
           checkToolkit(d),     checkOpsAndNnal(d), checkSetEnv(d),     checkDriverFirmware(d),   checkTorchNpu(d),
           checkCompat(d),      checkPython(d),     checkVllmAscend(d), checkVerlRequirements(d), checkLogLevels(d),
           checkHccl(d),        checkMindSpeed(d),  checkLimits(d),     checkHostTuning(d),       checkHccn(d),
           checkSharedMemory(d)};
    if (d.snapshot.host != kLocalHost)
        d.checks.prepend(with("ssh.connect", Verdict::Pass,
                              Text::tr("Connected over SSH; the probe took %1 s.")
                                  .arg(QLocale().toString(static_cast<double>(d.snapshot.elapsedMs) / 1000.0, 'f', 1)),
                              QString(), QString()));
    d.checks.append(deepChecks(d));
    if (!d.snapshot.cutOff.isEmpty())
        for (Check &check : d.checks)
            markUnread(check, d.snapshot);
    return d;
}

} // namespace vna::env
