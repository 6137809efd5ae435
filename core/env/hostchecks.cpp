// The host and the NPUs' network: the open-file limit, the kernel and CPU settings the upstream guides
// ask for, hccn_tool's view of each device, and what only several nodes together show.
#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include "env/checkutil.h"

using namespace Qt::StringLiterals;

namespace vna::env {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvCheck)
};

// The host ports HCCL listens on: HCCL_HOST_SOCKET_PORT_RANGE when set (not "auto"), else 32 ports from
// HCCL_IF_BASE_PORT (default 60000), as its docs ask to reserve them (hicann/hccl@09300b7:docs/zh/
// user_guide/hccl_env/HCCL_IF_BASE_PORT.md:19-29).
QList<std::pair<int, int>> hcclHostPorts(const Diagnosis &d)
{
    if (const auto range = variable(d, u"HCCL_HOST_SOCKET_PORT_RANGE"_s); range && *range != u"auto"_s)
        return parsePortList(*range).ranges;
    bool ok = false;
    const int base = variable(d, u"HCCL_IF_BASE_PORT"_s).value_or(u"60000"_s).toInt(&ok);
    return {{ok ? base : 60000, (ok ? base : 60000) + 31}};
}

} // namespace

namespace detail {

// The open-file limit of the shell the probe ran in; verl's multi-node NPU practice raises it before
// ray start (verl-facts npu_ulimit_nofile).
Check checkLimits(const Diagnosis &d)
{
    const Section *section = d.snapshot.section(u"limits"_s);
    if (!section)
        return with("host.limits", Verdict::Skip, Text::tr("The open-file limit was not read (an older snapshot)."),
                    QString(), QString());
    const QString value = section->text.trimmed();
    QString release;
    const verl::SourcedValue fact = verlGuide(d, u"npu_ulimit_nofile"_s, &release);
    const qint64 wanted = fact.value.isEmpty() ? 32768 : fact.value.toLongLong();
    const QString where = d.host() == kLocalHost
        ? Text::tr("in this shell")
        : Text::tr("in a non-interactive ssh shell; the shell that runs ray start may differ");
    if (value == u"unlimited"_s)
        return with("host.limits", Verdict::Pass, Text::tr("ulimit -n: unlimited (%1).").arg(where), QString(),
                    u"limits"_s);
    bool ok = false;
    const qint64 limit = value.toLongLong(&ok);
    if (!ok)
        return with("host.limits", Verdict::Skip, Text::tr("ulimit -n printed %1.").arg(firstLines(value)), QString(),
                    u"limits"_s);
    const QString guide = fact.source.isEmpty()
        ? Text::tr("verl's multi-node NPU practice uses ulimit -n %1").arg(wanted)
        : Text::tr("verl %1's multi-node NPU practice uses ulimit -n %2 (%3)")
              .arg(release)
              .arg(wanted)
              .arg(fact.source);
    if (limit >= wanted)
        return with("host.limits", Verdict::Pass, Text::tr("ulimit -n: %1 (%2); %3.").arg(limit).arg(where, guide),
                    QString(), u"limits"_s);
    return with("host.limits", Verdict::Warn,
                Text::tr("ulimit -n: %1 (%2); %3. Below it, Ray and the rollout run out of files and sockets "
                         "(\"Too many open files\").")
                    .arg(limit)
                    .arg(where, guide),
                Text::tr("Run ulimit -n %1 in the shell that starts Ray and verl on every node (or raise nofile in "
                         "/etc/security/limits.conf).")
                    .arg(wanted),
                u"limits"_s);
}

// What the upstream guides set on the host: kernel.numa_balancing=0, the performance governor and
// vm.swappiness=0 (vllm-project/vllm-ascend@182b75e:docs/source/developer_guide/performance_and_debug/
// optimization_and_tuning.md:161,178,198; on the host, not in a container), HCCL's ports reserved, and
// a TASK_QUEUE_ENABLE graph capture accepts (Ascend/pytorch@9e73e70:torch_npu/csrc/core/npu/
// NPUGraph.cpp:242-246).
Check checkHostTuning(const Diagnosis &d)
{
    const Section *sysctl = d.snapshot.section(u"sysctl"_s);
    if (!sysctl)
        return with("host.tuning", Verdict::Skip, Text::tr("The host settings were not read (an older snapshot)."),
                    QString(), QString());
    QMap<QString, QString> values;
    for (const QString &line : sysctl->text.split(u'\n')) {
        const qsizetype eq = line.indexOf(u'=');
        if (eq > 0)
            values.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    QStringList evidence;
    QStringList next;
    Verdict verdict = Verdict::Pass;
    const auto advise = [&](const QString &text, const QString &command) {
        verdict = Verdict::Warn;
        evidence.append(text);
        next.append(command);
    };
    const QString tuning = u"vllm-ascend optimization_and_tuning.md"_s;
    if (const QString numa = values.value(u"kernel/numa_balancing"_s); numa == u"1"_s)
        advise(Text::tr("kernel.numa_balancing=1: the kernel moves pages between NUMA nodes under the NPU "
                        "processes (%1 turns it off)")
                   .arg(tuning + u":198"_s),
               u"sysctl -w kernel.numa_balancing=0"_s);
    else if (!numa.isEmpty())
        evidence.append(u"kernel.numa_balancing=%1"_s.arg(numa));
    bool swapOk = false;
    const int swappiness = values.value(u"vm/swappiness"_s).toInt(&swapOk);
    if (swapOk && swappiness > 1)
        advise(Text::tr("vm.swappiness=%1 (%2 sets 0; 0 or 1 keeps host memory of the rollout out of swap)")
                   .arg(swappiness)
                   .arg(tuning + u":178"_s),
               u"sysctl -w vm.swappiness=0"_s);
    else if (swapOk)
        evidence.append(u"vm.swappiness=%1"_s.arg(swappiness));
    if (const Section *governor = d.snapshot.section(u"governor"_s); governor && !governor->text.trimmed().isEmpty()) {
        QStringList others;
        for (const QString &line : governor->text.split(u'\n', Qt::SkipEmptyParts)) {
            const QStringList f = line.simplified().split(u' ');
            if (f.size() == 2 && f.at(1) != u"performance"_s)
                others.append(Text::tr("%1 CPUs on %2").arg(f.at(0), f.at(1)));
        }
        if (!others.isEmpty())
            advise(Text::tr("CPU frequency governor: %1 (%2 sets performance)")
                       .arg(others.join(u", "_s), tuning + u":161"_s),
                   u"echo performance | tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"_s);
        else
            evidence.append(Text::tr("every CPU on the performance governor"));
    }
    if (values.contains(u"net/ipv4/ip_local_reserved_ports"_s)) {
        const QList<std::pair<int, int>> reserved
            = parsePortList(values.value(u"net/ipv4/ip_local_reserved_ports"_s)).ranges;
        QStringList open;
        for (const auto &[low, high] : hcclHostPorts(d)) {
            bool covered = false;
            for (const auto &[rl, rh] : std::as_const(reserved))
                covered = covered || (rl <= low && high <= rh);
            if (!covered)
                open.append(low == high ? QString::number(low) : u"%1-%2"_s.arg(low).arg(high));
        }
        if (!open.isEmpty())
            advise(Text::tr("HCCL's host ports %1 are not in net.ipv4.ip_local_reserved_ports, so an outgoing "
                            "connection can take one before HCCL binds it (HCCL's docs reserve them: "
                            "hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_IF_BASE_PORT.md:19-29)")
                       .arg(open.join(u", "_s)),
                   u"sysctl -w net.ipv4.ip_local_reserved_ports=%1"_s.arg(open.join(u',')));
        else
            evidence.append(Text::tr("HCCL's host ports are reserved"));
    }
    // Graph capture (vllm-ascend's ACL graph) rejects TASK_QUEUE_ENABLE=2; verl 0.9 passes
    // VLLM_ASCEND_TASK_QUEUE_ENABLE to the rollout as its TASK_QUEUE_ENABLE.
    const auto queue = variable(d, u"TASK_QUEUE_ENABLE"_s);
    if (queue && *queue != u"0"_s && *queue != u"1"_s && *queue != u"2"_s) {
        verdict = worse(verdict, Verdict::Fail);
        evidence.append(Text::tr("TASK_QUEUE_ENABLE=%1: torch_npu accepts 0, 1 or 2 and stops with \"TASK_QUEUE_ENABLE "
                                 "should be 0, 1 or 2\"")
                            .arg(*queue));
        next.append(u"export TASK_QUEUE_ENABLE=1"_s);
    } else if (d.python.ran && !d.python.packages.value(u"vllm_ascend"_s).isEmpty()) {
        QString release;
        const verl::SourcedValue split = verlGuide(d, u"npu_rollout_task_queue"_s, &release);
        std::optional<QString> rollout = queue;
        if (const auto own = variable(d, u"VLLM_ASCEND_TASK_QUEUE_ENABLE"_s); own && !split.value.isEmpty())
            rollout = own;
        if (rollout && *rollout == u"2"_s)
            advise(Text::tr("the vLLM rollout runs with TASK_QUEUE_ENABLE=2, which NPU graph capture rejects (\"Do not "
                            "support TASK_QUEUE_ENABLE = 2 during NPU graph capture\", Ascend/pytorch@9e73e70:"
                            "torch_npu/csrc/core/npu/NPUGraph.cpp:242-246)"),
                   split.value.isEmpty()
                       ? u"export TASK_QUEUE_ENABLE=1"_s
                       : Text::tr("export VLLM_ASCEND_TASK_QUEUE_ENABLE=1 (verl %1 gives it to the rollout as its "
                                  "TASK_QUEUE_ENABLE, %2; training keeps 2)")
                             .arg(release, split.source));
    }
    if (queue)
        evidence.append(u"TASK_QUEUE_ENABLE=%1"_s.arg(*queue));
    if (evidence.isEmpty())
        return with("host.tuning", Verdict::Skip, Text::tr("/proc/sys could not be read."), QString(), u"sysctl"_s);
    const QString where = verdict == Verdict::Warn
        ? u' ' + Text::tr("The kernel settings apply to the host, not a container (%1:156).").arg(tuning)
        : QString();
    return with("host.tuning", verdict, evidence.join(u"; "_s) + u'.' + where, next.join(u"; "_s), u"sysctl"_s);
}

// The NPUs' own network (RoCE) as hccn_tool reports it: link, health and IP per device, and
// /etc/hccn.conf (address_<id>=…). Output formats: hicann/driver@ef377e9 hccn_tool tool_ops.c:1764-1766,
// 1961 and tool_ops_ext.c:1337-1338. Only jobs across nodes use this network.
Check checkHccn(const Diagnosis &d)
{
    QList<const Section *> devices;
    for (const Section &section : d.snapshot.sections)
        if (section.name.startsWith(u"hccn:"_s))
            devices.append(&section);
    const Section *missing = d.snapshot.section(u"hccn"_s);
    if (devices.isEmpty() && !missing)
        return with("net.hccn", Verdict::Skip, Text::tr("The NPU network was not read (an older snapshot)."), QString(),
                    QString());
    if (devices.isEmpty() && !missing->missing())
        return with("net.hccn", Verdict::Skip,
                    Text::tr("hccn_tool is here, but there is no /dev/davinci device to ask it about."), QString(),
                    u"hccn"_s);
    if (devices.isEmpty())
        return with("net.hccn", Verdict::Skip,
                    Text::tr("hccn_tool was not found here (the driver puts it in /usr/local/Ascend/driver/tools), "
                             "so the NPU network cannot be checked; in a container, mount that directory."),
                    QString(), u"hccn"_s);
    const QString conf = d.snapshot.files().value(u"/etc/hccn.conf"_s);
    QMap<QString, QString> configured;
    for (const QString &line : conf.split(u'\n')) {
        const qsizetype eq = line.indexOf(u'=');
        if (eq > 0)
            configured.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    static const QRegularExpression link(uR"(link status:\s*(\S+))"_s);
    static const QRegularExpression health(uR"(net health status:\s*(.+))"_s);
    QStringList bad;
    QStringList good;
    for (const Section *section : std::as_const(devices)) {
        const QString id = section->name.mid(5);
        const QString linkState = link.match(section->text).captured(1);
        const QString healthState = health.match(section->text).captured(1).trimmed();
        const QString address = d.npuAddresses.value(id.toInt());
        QStringList problems;
        if (section->timedOut())
            problems.append(Text::tr("hccn_tool did not answer in time"));
        if (linkState != u"UP"_s)
            problems.append(Text::tr("link %1").arg(linkState.isEmpty() ? Text::tr("not reported") : linkState));
        if (healthState != u"Success"_s)
            problems.append(
                Text::tr("net health %1").arg(healthState.isEmpty() ? Text::tr("not reported") : healthState));
        if (address.isEmpty())
            problems.append(Text::tr("no IP address"));
        else if (!configured.isEmpty() && configured.value(u"address_"_s + id) != address)
            problems.append(Text::tr("IP %1, but /etc/hccn.conf has address_%2=%3")
                                .arg(address, id, configured.value(u"address_"_s + id, u"—"_s)));
        if (problems.isEmpty())
            good.append(u"%1 (%2)"_s.arg(id, address));
        else
            bad.append(Text::tr("device %1: %2").arg(id, problems.join(u", "_s)));
    }
    QStringList evidence;
    if (!good.isEmpty())
        evidence.append(
            Text::tr("link UP and net health Success on %n device(s): %1", nullptr, static_cast<int>(good.size()))
                .arg(good.join(u", "_s)));
    evidence += bad;
    if (conf.isEmpty())
        evidence.append(Text::tr("/etc/hccn.conf is missing, so the device IPs are not kept across reboots"));
    if (bad.isEmpty() && !conf.isEmpty())
        return with("net.hccn", Verdict::Pass, evidence.join(u"; "_s), QString(), u"hccn"_s);
    return with("net.hccn", Verdict::Warn, evidence.join(u"; "_s),
                Text::tr("Jobs across nodes need every device's link UP with net health Success. Check the cables "
                         "and the switch, then set the addresses (hccn_tool -i N -ip -s address A netmask M) and "
                         "the detect IP (hccn_tool -i N -netdetect -s address G); a single-node job does not use "
                         "this network."),
                u"hccn"_s);
}

} // namespace detail

void compareAcrossNodes(QList<Diagnosis> &diagnoses)
{
    QMap<QString, QList<std::pair<qsizetype, int>>> owners; // IP -> (node, device)
    for (qsizetype n = 0; n < diagnoses.size(); ++n)
        for (auto it = diagnoses.at(n).npuAddresses.cbegin(); it != diagnoses.at(n).npuAddresses.cend(); ++it)
            owners[it.value()].append({n, it.key()});
    for (auto it = owners.cbegin(); it != owners.cend(); ++it) {
        QSet<qsizetype> nodes;
        for (const auto &[node, device] : it.value())
            nodes.insert(node);
        if (nodes.size() < 2)
            continue;
        for (const auto &[node, device] : it.value()) {
            QStringList others;
            for (const auto &[otherNode, otherDevice] : it.value())
                if (otherNode != node)
                    others.append(Text::tr("%1 device %2").arg(diagnoses.at(otherNode).host()).arg(otherDevice));
            for (Check &check : diagnoses[node].checks) {
                if (check.id != u"net.hccn"_s)
                    continue;
                check.verdict = Verdict::Fail;
                check.evidence += u"; "_s
                    + Text::tr("device %1 has IP %2, as %3 has: the nodes' NPUs cannot reach each other")
                          .arg(device)
                          .arg(it.key(), others.join(u", "_s));
                const QString step = Text::tr("Give every NPU in the cluster its own address (/etc/hccn.conf was "
                                              "likely copied between nodes): hccn_tool -i N -ip -s address A "
                                              "netmask M.");
                if (!check.nextStep.contains(step))
                    check.nextStep = step + u' ' + check.nextStep;
            }
        }
    }
}

void pingAcrossNodes(QList<Diagnosis> &diagnoses, const NodeRunner &run, int timeoutSec)
{
    // The nodes whose devices have addresses and whose NPU network check was made.
    QList<qsizetype> nodes;
    for (qsizetype i = 0; i < diagnoses.size(); ++i) {
        const Diagnosis &d = diagnoses.at(i);
        const bool checked = std::any_of(d.checks.cbegin(), d.checks.cend(), [](const Check &c) {
            return c.id == u"net.hccn"_s && c.verdict != Verdict::Error;
        });
        if (d.snapshot.failure.isEmpty() && !d.npuAddresses.isEmpty() && checked)
            nodes.append(i);
    }
    if (nodes.size() < 2)
        return;
    // "3 packets transmitted, 3 received, 0.00% packet loss" (Ascend/MindIE-LLM@40fb063:docs/zh/
    // user_guide/feature/multi_node.md:78-93; hccn_tool's ds_net_ext.c:835-839 also counts "recv time
    // out seq" as a failure).
    static const QRegularExpression loss(uR"(([0-9.]+)%\s*packets?\s+loss)"_s);
    for (qsizetype k = 0; k < nodes.size(); ++k) {
        Diagnosis &node = diagnoses[nodes.at(k)];
        const Diagnosis &peer = diagnoses.at(nodes.at((k + 1) % nodes.size()));
        QList<std::pair<int, QString>> pings;
        for (auto it = node.npuAddresses.cbegin(); it != node.npuAddresses.cend(); ++it)
            if (const QString target = peer.npuAddresses.value(it.key()); !target.isEmpty())
                pings.append({it.key(), target});
        if (pings.isEmpty())
            continue;
        const QString nonce = newNonce();
        const ProcessResult result = run(node.host(), pingScript(pings, timeoutSec, nonce),
                                         (timeoutSec + 5) * 1000 * static_cast<int>(pings.size()));
        const QList<Section> sections = splitSections(result.out, nonce);
        QStringList failed;
        QStringList lossy;
        for (const auto &[device, target] : std::as_const(pings)) {
            const Section *section = nullptr;
            for (const Section &s : sections)
                if (s.name == u"ping:%1:%2"_s.arg(device).arg(target))
                    section = &s;
            const auto m = section ? loss.match(section->text) : QRegularExpressionMatch();
            const double percent = m.hasMatch() ? m.captured(1).toDouble() : 100.0;
            const QString what = Text::tr("device %1 → %2 (%3 device %1)").arg(device).arg(target, peer.host());
            if (!section || section->exitCode != 0 || percent >= 100.0)
                failed.append(
                    what + u": "_s
                    + (section ? section->text.trimmed().section(u'\n', -1).left(160) : Text::tr("no answer")));
            else if (percent > 0.0)
                lossy.append(what + u": "_s + m.captured(0));
        }
        for (Check &check : node.checks) {
            if (check.id != u"net.hccn"_s)
                continue;
            if (failed.isEmpty() && lossy.isEmpty()) {
                check.evidence += u"; "_s
                    + Text::tr("%n device(s) reach the same devices of %1 (hccn_tool -ping)", nullptr,
                               static_cast<int>(pings.size()))
                          .arg(peer.host());
                break;
            }
            check.verdict = worse(check.verdict, failed.isEmpty() ? Verdict::Warn : Verdict::Fail);
            check.evidence
                += u"; "_s + Text::tr("hccn_tool -ping to %1: %2").arg(peer.host(), (failed + lossy).join(u"; "_s));
            const QString step = Text::tr("Devices that cannot ping the other node's devices have no route between "
                                          "them: check the switch, the netmask and the gateway (hccn_tool -i N "
                                          "-gateway -g) on both nodes.");
            if (!check.nextStep.contains(step))
                check.nextStep = step + u' ' + check.nextStep;
        }
    }
}

} // namespace vna::env
