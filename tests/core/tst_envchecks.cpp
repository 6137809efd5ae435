// Every environment check, driven by constructed snapshots: the verdict and the words that matter.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "common/process.h"
#include "common/pyversion.h"
#include "env/checks.h"
#include "env/compat.h"
#include "env/probe.h"
#include "env/report.h"
#include "env/versionfiles.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::env;
using vna::Verdict;

Q_DECLARE_METATYPE(vna::Verdict)

namespace {

QString read(const QString &relative)
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/") + relative);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(relative));
    return QString::fromUtf8(file.readAll());
}

using Env = QMap<QString, QString>;

// A healthy A2 node: 8 × 910B1 idle, CANN 8.0.0 sourced, torch 2.4.0 + torch_npu 2.4.0.post2.
// hccn_tool -link -g, -net_health -g and -ip -g of 8 healthy devices, device N at 29.1.1.(base + N).
QMap<int, QString> hccnDevices(int base)
{
    QMap<int, QString> devices;
    for (int i = 0; i < 8; ++i)
        devices.insert(
            i, u"link status: UP\nnet health status: Success\nipaddr:29.1.1.%1\nnetmask:255.255.0.0"_s.arg(base + i));
    return devices;
}

struct NodeBuilder
{
    QString host = u"local"_s;
    QString npuSmi = read(u"npu-smi/a2-910b1-24.1.rc3-idle.txt"_s);
    int npuSmiExit = 0;
    QString root = u"/usr/local/Ascend"_s;
    QString fixtureRoot = u"ascend/root-a2"_s;
    bool files = true;
    QStringList without; // fixture files left out (path suffixes)
    Env env{
        {u"ASCEND_HOME_PATH"_s, u"/usr/local/Ascend/ascend-toolkit/latest"_s},
        {u"ASCEND_TOOLKIT_HOME"_s, u"/usr/local/Ascend/ascend-toolkit/latest"_s},
        {u"ASCEND_OPP_PATH"_s, u"/usr/local/Ascend/ascend-toolkit/latest/opp"_s},
        {u"LD_LIBRARY_PATH"_s,
         u"/usr/local/Ascend/driver/lib64:/usr/local/Ascend/driver/lib64/common:/usr/local/Ascend/ascend-toolkit/latest/lib64"_s}};
    QJsonObject python{{u"python"_s, u"3.10.14"_s},
                       {u"executable"_s, u"/opt/venv/bin/python3"_s},
                       {u"packages"_s,
                        QJsonObject{{u"torch"_s, u"2.4.0"_s},
                                    {u"torch_npu"_s, u"2.4.0.post2"_s},
                                    {u"verl"_s, u"0.7.1"_s},
                                    {u"mindspeed"_s, QJsonValue::Null},
                                    {u"megatron_core"_s, QJsonValue::Null}}},
                       {u"npu_available"_s, true},
                       {u"npu_count"_s, 8},
                       {u"cann"_s, u"8.0.0"_s}};
    QString pythonText; // overrides the JSON when set
    int pythonExit = 0;
    QString net = u"eth0\nib0\nlo"_s;
    // df -Pk /dev/shm: 64 GiB, a host's default (half its memory); a container's is often 64 MiB.
    QString shm = u"Filesystem     1024-blocks  Used Available Capacity Mounted on\n"
                  u"tmpfs             67108864     0  67108864       0% /dev/shm"_s;
    int shmExit = 0;
    QString limits = u"65536"_s; // ulimit -n
    // /proc/sys as the probe prints it, tuned as vllm-ascend's optimization_and_tuning.md and HCCL's
    // HCCL_IF_BASE_PORT.md ask; empty: not read.
    QString sysctl = u"kernel/numa_balancing=0\nvm/swappiness=0\nnet/ipv4/ip_local_reserved_ports=60000-60031"_s;
    QString governor = u"    192 performance"_s; // sort | uniq -c of the scaling governors
    // hccn_tool -link -g, -net_health -g and -ip -g of each device, in hccn_tool's formats
    // (hicann/driver@ef377e9 tool_ops.c:1764,1961, tool_ops_ext.c:1337-1338); empty: no hccn_tool.
    int hccnBase = 10; // device N's IP is 29.1.1.(hccnBase + N), in hccn_tool's answers and in hccn.conf
    QMap<int, QString> hccn = hccnDevices(hccnBase);
    bool hccnConf = true;
    bool hccnTool = false; // with no devices: hccn_tool there (but no /dev/davinci), else not found
    QList<Section> extra;

    Diagnosis build() const
    {
        Snapshot s;
        s.host = host;
        s.environment = env;
        s.sections.append({u"npu-smi"_s, npuSmi, npuSmiExit});
        s.sections.append({u"net"_s, net, 0});
        if (!shm.isNull())
            s.sections.append({u"shm"_s, shm, shmExit});
        s.sections.append({u"limits"_s, limits, 0});
        if (!sysctl.isEmpty())
            s.sections.append({u"sysctl"_s, sysctl, 0});
        s.sections.append({u"governor"_s, governor, 0});
        QString conf;
        for (auto it = hccn.cbegin(); it != hccn.cend(); ++it) {
            s.sections.append({u"hccn:%1"_s.arg(it.key()), it.value(), 0});
            conf += u"address_%1=29.1.1.%2\nnetmask_%1=255.255.0.0\nnetdetect_%1=29.1.0.1\n"_s.arg(it.key()).arg(
                it.key() + hccnBase);
        }
        if (hccn.isEmpty() && hccnTool)
            s.sections.append({u"hccn"_s, u"no /dev/davinci device"_s, 1});
        else if (hccn.isEmpty())
            s.sections.append({u"hccn"_s, u"hccn_tool: command not found"_s, 127});
        else if (hccnConf)
            s.sections.append({u"file:/etc/hccn.conf"_s, conf, 0});
        if (files) {
            const QString base = QStringLiteral(VNA_FIXTURES_DIR "/") + fixtureRoot;
            QDirIterator it(base, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (std::any_of(without.cbegin(), without.cend(), [&](const QString &w) { return path.endsWith(w); }))
                    continue;
                QFile file(path);
                if (!file.open(QIODevice::ReadOnly))
                    qFatal("cannot read fixture %s", qPrintable(path));
                s.sections.append({u"file:"_s + root + path.mid(base.size()), QString::fromUtf8(file.readAll()), 0});
            }
        }
        const QString py = pythonText.isNull()
            ? u"@@VNA-PYTHON@@"_s + QString::fromUtf8(QJsonDocument(python).toJson(QJsonDocument::Compact))
            : pythonText;
        s.sections.append({u"python"_s, py, pythonExit});
        s.sections.append(extra);
        return analyze(s);
    }
};

const Check &find(const Diagnosis &d, const QString &id)
{
    for (const Check &check : d.checks)
        if (check.id == id)
            return check;
    qFatal("no check %s", qPrintable(id));
}

QJsonObject packages(QJsonObject python, const QString &key, const QJsonValue &value)
{
    QJsonObject p = python.value(u"packages"_s).toObject();
    p.insert(key, value);
    python.insert(u"packages"_s, p);
    return python;
}

} // namespace

class TestEnvChecks final : public QObject
{
    Q_OBJECT

private slots:
    void healthyNode();
    void checks_data();
    void checks();
    void unreachable_data();
    void unreachable();
    void reachable_data();
    void nodesSummary();
    void notAnNpuNode_data();
    void notAnNpuNode();
    void reachable();
    void versions();
    void compareVersions_data();
    void compareVersions();
    void compatTableLoads();
    void acrossNodes_data();
    void acrossNodes();
    void pingAcrossNodes();
    void maskedValue_data();
    void maskedValue();
    void verlRequirements_data();
    void verlRequirements();
    void guideStacksMeetTheirRelease_data();
    void guideStacksMeetTheirRelease();
};

void TestEnvChecks::healthyNode()
{
    const Diagnosis d = NodeBuilder().build();
    QCOMPARE(d.checks.size(), 21);
    for (const Check &check : d.checks) {
        if (check.id == u"mindspeed.version"_s || check.id == u"compat.vllm_ascend"_s) {
            QCOMPARE(check.verdict, Verdict::Skip);
            continue;
        }
        QVERIFY2(check.verdict == Verdict::Pass,
                 qPrintable(check.id + u": "_s + check.evidence + u" / "_s + check.nextStep));
    }
    QCOMPARE(d.logicalDeviceCount(), 8);
    QVERIFY(!d.anyFail());
}

void TestEnvChecks::checks_data()
{
    QTest::addColumn<NodeBuilder>("node");
    QTest::addColumn<QString>("id");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("mentions"); // in evidence or next step

    NodeBuilder n;
    n.npuSmiExit = 127;
    n.npuSmi = u"npu-smi: command not found"_s;
    QTest::addRow("npu-smi missing") << n << u"npu.smi"_s << Verdict::Fail << u"/dev/davinci"_s;
    // No NPU: nothing is "visible", and nothing claims all devices are.
    QTest::addRow("no NPU, nothing to make visible")
        << n << u"env.visible_devices"_s << Verdict::Skip << u"no NPU was found"_s;
    n = NodeBuilder();
    n.npuSmiExit = 124;
    QTest::addRow("npu-smi hangs") << n << u"npu.smi"_s << Verdict::Error << u"did not finish"_s;
    n.npuSmiExit = 1;
    n.npuSmi = u"dcmi model initialized failed, because the device is used. ret is -8020"_s;
    QTest::addRow("device used by another container") << n << u"npu.smi"_s << Verdict::Fail << u"--privileged"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/damaged-paste.txt"_s);
    QTest::addRow("damaged output") << n << u"npu.smi"_s << Verdict::Warn << u"not shown"_s;

    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/910a-23.0.rc3-warning.txt"_s);
    n.extra.append({u"health:1:0"_s, read(u"npu-smi/health-warning.txt"_s), 0});
    QTest::addRow("Warning health with error code") << n << u"npu.health"_s << Verdict::Warn << u"80E01801"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/a2-910b4-26.0.rc1-wide-container.txt"_s);
    QTest::addRow("Alarm health") << n << u"npu.health"_s << Verdict::Fail << u"NPU 3 chip 0: Alarm"_s;
    QTest::addRow("process holds HBM") << n << u"npu.busy"_s << Verdict::Warn
                                       << u"pid 2291784 (python3.11) holds 25983 MB"_s;
    QTest::addRow("leftover HBM without process")
        << n << u"npu.busy"_s << Verdict::Warn << u"NPU 2 chip 0: 24511 MB in use with no process"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/a3-ascend910-25.2.3-four-npus-busy.txt"_s);
    QTest::addRow("A3 peer contexts are not listed")
        << n << u"npu.busy"_s << Verdict::Warn << u"no name: likely in a container"_s;

    n = NodeBuilder();
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,1,2,3"_s);
    n.env.insert(u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s, u"1"_s);
    QTest::addRow("visible subset") << n << u"env.visible_devices"_s << Verdict::Pass << u"4 of 8"_s;
    QTest::addRow("torch_npu count vs visible")
        << n << u"torch_npu.available"_s << Verdict::Warn << u"ASCEND_RT_VISIBLE_DEVICES says 4"_s;
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0, 1,2"_s);
    QTest::addRow("space stops CANN") << n << u"env.visible_devices"_s << Verdict::Fail << u"only [0] are visible"_s;
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"3,1"_s);
    QTest::addRow("descending") << n << u"env.visible_devices"_s << Verdict::Fail << u"ASCEND_RT_VISIBLE_DEVICES=1,3"_s;
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,8"_s);
    QTest::addRow("id does not exist") << n << u"env.visible_devices"_s << Verdict::Fail << u"id(s) 8 do not exist"_s;
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, QString());
    QTest::addRow("empty") << n << u"env.visible_devices"_s << Verdict::Fail << u"no device is visible"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/a3-ascend910-25.2.3-four-npus-busy.txt"_s);
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,15"_s);
    n.env.insert(u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s, u"1"_s);
    QTest::addRow("A3 has 16 logical ids") << n << u"env.visible_devices"_s << Verdict::Pass << u"2 of 16"_s;

    n = NodeBuilder();
    n.env.insert(u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,1"_s);
    QTest::addRow("visible without NOSET")
        << n << u"env.ray_noset"_s << Verdict::Warn << u"export RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1"_s;
    n.env.insert(u"RAY_EXPERIMENTAL_NOSET_ASCEND_VISIBLE_DEVICES"_s, u"1"_s);
    QTest::addRow("old Ray variable") << n << u"env.ray_noset"_s << Verdict::Warn << u"old Ray"_s;
    // SGLang on NPU must run with NOSET=1 and both port ranges (v0.9.0:docs/ascend_tutorial/get_start/
    // install_guidance.rst:225-234); from verl 0.8.0 on.
    n = NodeBuilder();
    n.python = packages(packages(n.python, u"sglang"_s, u"0.5.10"_s), u"verl"_s, u"0.9.0"_s);
    QTest::addRow("SGLang without NOSET") << n << u"env.ray_noset"_s << Verdict::Warn << u"install_guidance.rst:225"_s;
    n.env.insert(u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s, u"1"_s);
    QTest::addRow("SGLang without port ranges")
        << n << u"env.ray_noset"_s << Verdict::Warn
        << u"not set: HCCL_HOST_SOCKET_PORT_RANGE, HCCL_NPU_SOCKET_PORT_RANGE"_s;
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"60000-60050"_s);
    n.env.insert(u"HCCL_NPU_SOCKET_PORT_RANGE"_s, u"61000-61050"_s);
    QTest::addRow("SGLang as the guide says") << n << u"env.ray_noset"_s << Verdict::Pass << u"leaves the visible"_s;
    n = NodeBuilder();
    QTest::addRow("vLLM, nothing set") << n << u"env.ray_noset"_s << Verdict::Pass << u"for its rollout servers"_s;

    // ulimit -n: verl's multi-node NPU practice sets 32768 (v0.7.1:docs/ascend_tutorial/examples/
    // ascend_sglang_best_practices.rst:132; v0.9.0:…/multi-machine_task_startup_practice.rst:94).
    n = NodeBuilder();
    n.limits = u"1024"_s;
    QTest::addRow("open files 1024") << n << u"host.limits"_s << Verdict::Warn
                                     << u"ascend_sglang_best_practices.rst:132"_s;
    n.python = packages(n.python, u"verl"_s, u"0.9.0"_s);
    QTest::addRow("open files, verl 0.9.0")
        << n << u"host.limits"_s << Verdict::Warn << u"multi-machine_task_startup_practice.rst:94"_s;
    n.limits = u"unlimited"_s;
    QTest::addRow("open files unlimited") << n << u"host.limits"_s << Verdict::Pass << u"unlimited"_s;

    // Host tuning: vllm-project/vllm-ascend@182b75e:docs/source/developer_guide/performance_and_debug/
    // optimization_and_tuning.md:161,178,198; reserved ports: hicann/hccl@09300b7:docs/zh/user_guide/
    // hccl_env/HCCL_IF_BASE_PORT.md:19-29; TASK_QUEUE_ENABLE: Ascend/pytorch@9e73e70:torch_npu/csrc/
    // core/npu/NPUGraph.cpp:242-246 and v0.9.0:verl/plugin/platform/platform_npu.py:154.
    n = NodeBuilder();
    n.sysctl = u"kernel/numa_balancing=1\nvm/swappiness=60\nnet/ipv4/ip_local_reserved_ports="_s;
    n.governor = u"    128 ondemand\n     64 performance"_s;
    QTest::addRow("untuned host: NUMA balancing")
        << n << u"host.tuning"_s << Verdict::Warn << u"sysctl -w kernel.numa_balancing=0"_s;
    QTest::addRow("untuned host: swappiness") << n << u"host.tuning"_s << Verdict::Warn << u"vm.swappiness=60"_s;
    QTest::addRow("untuned host: governor") << n << u"host.tuning"_s << Verdict::Warn << u"128 CPUs on ondemand"_s;
    QTest::addRow("HCCL's default ports not reserved")
        << n << u"host.tuning"_s << Verdict::Warn << u"net.ipv4.ip_local_reserved_ports=60000-60031"_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_IF_BASE_PORT"_s, u"50000"_s);
    QTest::addRow("moved base port not reserved")
        << n << u"host.tuning"_s << Verdict::Warn << u"HCCL's host ports 50000-50031"_s;
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"60000-60020"_s);
    QTest::addRow("host port range inside the reserved ports")
        << n << u"host.tuning"_s << Verdict::Pass << u"HCCL's host ports are reserved"_s;
    n = NodeBuilder();
    n.env.insert(u"TASK_QUEUE_ENABLE"_s, u"3"_s);
    QTest::addRow("TASK_QUEUE_ENABLE=3") << n << u"host.tuning"_s << Verdict::Fail << u"should be 0, 1 or 2"_s;
    n.env.insert(u"TASK_QUEUE_ENABLE"_s, u"2"_s);
    n.python = packages(packages(n.python, u"vllm_ascend"_s, u"0.23.0"_s), u"verl"_s, u"0.8.0"_s);
    QTest::addRow("task queue 2 under graph capture")
        << n << u"host.tuning"_s << Verdict::Warn << u"export TASK_QUEUE_ENABLE=1"_s;
    n.python = packages(n.python, u"verl"_s, u"0.9.0"_s);
    QTest::addRow("verl 0.9 gives the rollout its own queue")
        << n << u"host.tuning"_s << Verdict::Warn << u"VLLM_ASCEND_TASK_QUEUE_ENABLE=1 (verl 0.9.0"_s;
    n.env.insert(u"VLLM_ASCEND_TASK_QUEUE_ENABLE"_s, u"1"_s);
    QTest::addRow("training 2, rollout 1") << n << u"host.tuning"_s << Verdict::Pass << u"TASK_QUEUE_ENABLE=2"_s;

    // hccn_tool: link, net health and IP per device, /etc/hccn.conf address_<id>.
    n = NodeBuilder();
    QTest::addRow("NPU network up") << n << u"net.hccn"_s << Verdict::Pass << u"on 8 device(s)"_s;
    n.hccn[3] = u"link status: DOWN\nnet health status: Init\nipaddr:29.1.1.13\nnetmask:255.255.0.0"_s;
    QTest::addRow("a link down") << n << u"net.hccn"_s << Verdict::Warn << u"device 3: link DOWN, net health Init"_s;
    n = NodeBuilder();
    n.hccn[5] = u"link status: UP\nnet health status: Success\nipaddr:29.1.1.99\nnetmask:255.255.0.0"_s;
    QTest::addRow("IP differs from hccn.conf")
        << n << u"net.hccn"_s << Verdict::Warn << u"IP 29.1.1.99, but /etc/hccn.conf has address_5=29.1.1.15"_s;
    n = NodeBuilder();
    n.hccnConf = false;
    QTest::addRow("no hccn.conf") << n << u"net.hccn"_s << Verdict::Warn << u"/etc/hccn.conf is missing"_s;
    n.hccn.clear();
    QTest::addRow("no hccn_tool") << n << u"net.hccn"_s << Verdict::Skip << u"/usr/local/Ascend/driver/tools"_s;
    n.hccnTool = true;
    QTest::addRow("hccn_tool without devices") << n << u"net.hccn"_s << Verdict::Skip << u"no /dev/davinci device"_s;

    // /dev/shm: verl 0.7.1 on a driver and CANN without IPC keeps a 2048 MiB bucket there per rank.
    n = NodeBuilder();
    QTest::addRow("shm holds every rank's bucket")
        << n << u"memory.shm"_s << Verdict::Pass << u"holds a 2048 MiB bucket for each of 8 ranks"_s;
    n.shm = u"Filesystem 1024-blocks Used Available Capacity Mounted on\nshm 65536 0 65536 0% /dev/shm"_s;
    QTest::addRow("container's 64 MiB shm") << n << u"memory.shm"_s << Verdict::Warn << u"--shm-size=16g"_s;
    QTest::addRow("shm cites verl") << n << u"memory.shm"_s << Verdict::Warn
                                    << u"v0.7.1:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:173"_s;
    QTest::addRow("shm cites verl's IPC test") << n << u"memory.shm"_s << Verdict::Warn
                                               << u"older than 25.3.rc1 / 8.3.rc1 (v0.7.1:verl/utils/device.py:287)"_s;
    n.python = packages(n.python, u"verl"_s, u"0.6.1"_s);
    QTest::addRow("shm, verl before the bucket")
        << n << u"memory.shm"_s << Verdict::Pass << u"keeps no weight bucket"_s;
    n = NodeBuilder();
    n.fixtureRoot = u"ascend/root-ipc"_s;
    n.env.insert(u"ASCEND_HOME_PATH"_s, u"/usr/local/Ascend/cann"_s);
    n.shm = u"Filesystem 1024-blocks Used Available Capacity Mounted on\nshm 65536 0 65536 0% /dev/shm"_s;
    QTest::addRow("shm small, but IPC") << n << u"memory.shm"_s << Verdict::Pass << u"support IPC"_s;
    n.python = packages(n.python, u"vllm_ascend"_s, u"0.23.0"_s);
    QTest::addRow("shm below vllm-ascend's 1g") << n << u"memory.shm"_s << Verdict::Warn << u"installation.md:78"_s;
    n.shm = u"Filesystem 1024-blocks Used Available Capacity Mounted on\nshm 8388608 0 8388608 0% /dev/shm"_s;
    QTest::addRow("8 GiB is enough for vllm-ascend") << n << u"memory.shm"_s << Verdict::Pass << u"support IPC"_s;
    n.python = packages(n.python, u"sglang"_s, u"0.5.10"_s);
    QTest::addRow("8 GiB is short of SGLang's 16g")
        << n << u"memory.shm"_s << Verdict::Warn << u"--shm-size=16g (sgl-project/sglang@0b1520f"_s;
    n = NodeBuilder();
    n.shm = u"df: /dev/shm: No such file or directory"_s;
    n.shmExit = 1;
    QTest::addRow("no /dev/shm") << n << u"memory.shm"_s << Verdict::Skip << u"No such file"_s;
    n.shm = QString();
    QTest::addRow("shm not measured") << n << u"memory.shm"_s << Verdict::Skip << u"older snapshot"_s;
    n = NodeBuilder();
    n.files = false;
    QTest::addRow("no toolkit") << n << u"cann.toolkit"_s << Verdict::Fail << u"--ascend-root"_s;
    QTest::addRow("driver files not mounted") << n << u"driver.firmware"_s << Verdict::Warn << u"24.1.rc3"_s;
    n = NodeBuilder();
    n.fixtureRoot = u"ascend/root-new"_s;
    n.env.insert(u"ASCEND_HOME_PATH"_s, u"/usr/local/Ascend/cann"_s);
    n.env.insert(u"LD_LIBRARY_PATH"_s, u"/usr/local/Ascend/driver/lib64:/usr/local/Ascend/cann/lib64"_s);
    QTest::addRow("CANN newer than the driver lists") << n << u"cann.toolkit"_s << Verdict::Warn << u"V100R001C25"_s;
    QTest::addRow("leftover opp_kernel package") << n << u"cann.toolkit"_s << Verdict::Warn << u"8.0.RC3.alpha003"_s;
    QTest::addRow("firmware outside the driver's range")
        << n << u"driver.firmware"_s << Verdict::Fail << u"the firmware accepts drivers 23.0.rc3*, 23.0.0* only"_s;
    // Over an existing install the firmware goes first (hiascend CANN 9.0.0 instg_0005: 覆盖安装 "固件> 驱动").
    QTest::addRow("upgrade order: firmware, then driver")
        << n << u"driver.firmware"_s << Verdict::Fail << u"firmware first, then the driver, then reboot"_s;

    // CANN >= 8.5: the ops package is required and carries HCCL; toolkit and ops within [N-1, N+1]
    // (hiascend CANN 8.5.0 instg_0008, releasenote_0001; 9.0.0 instg_0030). NNAL = the toolkit's release
    // (hicann/ascend-transformer-boost@ddcc8b6:docs/常见问题与回答.md:8).
    n = NodeBuilder();
    n.fixtureRoot = u"ascend/root-85"_s;
    n.env.insert(u"ASCEND_HOME_PATH"_s, u"/usr/local/Ascend/cann"_s);
    QTest::addRow("CANN 8.5 with ops and NNAL") << n << u"cann.ops"_s << Verdict::Pass << u"toolkit 8.5.0, ops 8.5.0"_s;
    QTest::addRow("NNAL read from its version.info")
        << n << u"cann.ops"_s << Verdict::Pass << u"NNAL (ATB) 8.5.0, the toolkit's release"_s;
    const QString ops = u"file:/usr/local/Ascend/cann/aarch64-linux/ascend_ops_install.info"_s;
    const QString nnal = u"file:/usr/local/Ascend/nnal/atb/latest/version.info"_s;
    NodeBuilder other = n;
    other.extra.append({ops, u"package_name=Ascend-cann-910b-ops\nversion=9.0.0\n"_s, 0});
    QTest::addRow("ops one release newer") << other << u"cann.ops"_s << Verdict::Pass << u"ops 9.0.0"_s;
    other = n;
    other.extra.append({ops, u"package_name=Ascend-cann-910b-ops\nversion=9.1.0\n"_s, 0});
    QTest::addRow("ops two releases apart")
        << other << u"cann.ops"_s << Verdict::Fail << u"more than one release apart"_s;
    other = n;
    other.extra.append({nnal, u"    Ascend-cann-atb : 8.3.RC1\n    Platform : aarch64\n"_s, 0});
    QTest::addRow("NNAL of another release") << other << u"cann.ops"_s << Verdict::Fail << u"NNAL (ATB) 8.3.RC1"_s;
    other = n;
    other.without = {u"ascend_ops_install.info"_s};
    QTest::addRow("CANN 8.5 without ops") << other << u"cann.ops"_s << Verdict::Fail << u"HCCL (libhccl.so)"_s;
    other.python.insert(u"import_error"_s, u"ImportError: libhccl.so: cannot open shared object file"_s);
    QTest::addRow("libhccl.so lives in ops")
        << other << u"torch_npu.available"_s << Verdict::Fail << u"ships in the ops package"_s;
    QTest::addRow("toolkit before 8.5") << NodeBuilder() << u"cann.ops"_s << Verdict::Pass
                                        << u"keeps HCCL and the operators in the toolkit"_s;
    NodeBuilder plain;
    plain.env.clear();
    QTest::addRow("not sourced") << plain << u"cann.set_env"_s << Verdict::Fail
                                 << u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s;
    n.env.clear();
    QTest::addRow("not sourced, new layout")
        << n << u"cann.set_env"_s << Verdict::Fail << u"source /usr/local/Ascend/cann/set_env.sh"_s;
    n = NodeBuilder();
    n.env.insert(u"LD_LIBRARY_PATH"_s, u"/usr/lib"_s);
    QTest::addRow("LD_LIBRARY_PATH lacks lib64") << n << u"cann.set_env"_s << Verdict::Warn << u"libhccl.so"_s;

    n = NodeBuilder();
    n.pythonText = u"sh: 1: /opt/nope/python: not found"_s;
    n.pythonExit = 127;
    QTest::addRow("python missing") << n << u"torch_npu.available"_s << Verdict::Error << u"--python"_s;
    n.pythonExit = 124;
    n.pythonText = u"importing"_s;
    QTest::addRow("python hangs") << n << u"torch_npu.available"_s << Verdict::Error << u"did not finish in time"_s;
    n = NodeBuilder();
    n.python.insert(u"import_error"_s, u"ImportError: libhccl.so: cannot open shared object file"_s);
    QTest::addRow("libhccl import error") << n << u"torch_npu.available"_s << Verdict::Fail << u"source set_env.sh"_s;
    n = NodeBuilder();
    n.python.insert(u"npu_available"_s, false);
    QTest::addRow("not available") << n << u"torch_npu.available"_s << Verdict::Fail
                                   << u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1"_s;
    n = NodeBuilder();
    n.python = packages(n.python, u"torch_npu"_s, QJsonValue::Null);
    QTest::addRow("torch without torch_npu")
        << n << u"torch_npu.available"_s << Verdict::Fail << u"pip install torch-npu"_s;
    QTest::addRow("compat skipped without torch_npu")
        << n << u"compat.torch_npu_cann"_s << Verdict::Skip << u"not installed"_s;

    // torch_npu X.Y.Z(.postN) pins torch==X.Y.Z (Ascend/pytorch@9e73e70:setup.py:131-138).
    n = NodeBuilder();
    n.python = packages(n.python, u"torch_npu"_s, u"2.3.1"_s);
    QTest::addRow("torch and torch_npu releases differ")
        << n << u"compat.torch_npu_cann"_s << Verdict::Fail << u"pins torch==2.3.1"_s;
    n.python = packages(packages(n.python, u"torch"_s, u"2.7.0"_s), u"torch_npu"_s, u"2.7.1.post8"_s);
    QTest::addRow("torch 2.7.0 under torch_npu 2.7.1")
        << n << u"compat.torch_npu_cann"_s << Verdict::Fail << u"pip install torch==2.7.1"_s;
    // The tables: Ascend/pytorch@bcfb2c8:COMPATIBILITY.md and vllm-project/vllm-ascend@98f2ce9:
    // docs/source/community/versioning_policy.md (resources/data/torch-npu-compat.json).
    const auto stack = [](const QString &torch, const QString &torchNpu, const QString &cann) {
        NodeBuilder b;
        b.python = packages(packages(b.python, u"torch"_s, torch), u"torch_npu"_s, torchNpu);
        b.python.insert(u"cann"_s, cann);
        return b;
    };
    QTest::addRow("verl's install guide on main: 2.10.0.post4 on CANN 9.1.0")
        << stack(u"2.10.0"_s, u"2.10.0.post4"_s, u"9.1.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Pass
        << u"Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:22"_s;
    QTest::addRow("vllm-ascend v0.22.1rc1: 2.10.0 on CANN 9.0.0")
        << stack(u"2.10.0"_s, u"2.10.0"_s, u"9.0.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Pass
        << u"vllm-ascend v0.22.1rc1 pairs torch_npu 2.10.0 with CANN 9.0.0"_s;
    QTest::addRow("vllm-ascend v0.18.0: a local build on CANN 8.5.1")
        << stack(u"2.9.0+cpu"_s, u"2.9.0.post1+git4c901a4"_s, u"8.5.1"_s) << u"compat.torch_npu_cann"_s << Verdict::Pass
        << u"versioning_policy.md:32"_s;
    QTest::addRow("another build of a paired release")
        << stack(u"2.10.0"_s, u"2.10.0.post2"_s, u"9.1.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Pass
        << u"another build of the same 2.10.0 release"_s;
    QTest::addRow("RC2 shares the 8.3 line") << stack(u"2.7.1"_s, u"2.7.1"_s, u"8.3.RC2"_s)
                                             << u"compat.torch_npu_cann"_s << Verdict::Pass << u"CANN 8.3.RC1"_s;
    QTest::addRow("2.12.0 is built for CANN 9.1.0 only")
        << stack(u"2.12.0"_s, u"2.12.0"_s, u"8.5.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Fail
        << u"built for 9.1.0 (Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:20), not CANN 8.5.0"_s;
    QTest::addRow("the CANN 8.5 rows are offered")
        << stack(u"2.12.0"_s, u"2.12.0"_s, u"8.5.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Fail
        << u"torch 2.9.0 + torch_npu 2.9.0 (Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:28)"_s;
    QTest::addRow("a release in neither table")
        << stack(u"2.14.0"_s, u"2.14.0"_s, u"9.1.0"_s) << u"compat.torch_npu_cann"_s << Verdict::Warn
        << u"in neither Ascend's table (read 2026-08-10) nor vllm-ascend's (read 2026-08-20)"_s;
    n = stack(u"2.4.0"_s, u"2.4.0.post2"_s, u"8.0.0"_s);
    n.python.remove(u"cann"_s);
    QTest::addRow("CANN from the toolkit file")
        << n << u"compat.torch_npu_cann"_s << Verdict::Pass << u"ascend_toolkit_install.info"_s;

    // Python: Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:91-108, and the vllm-ascend row's range.
    n = NodeBuilder();
    QTest::addRow("Python 3.10 with torch 2.4.0")
        << n << u"compat.python"_s << Verdict::Pass << u"supports Python 3.8, 3.9, 3.10, 3.11 (Ascend/pytorch"_s;
    n.python.insert(u"python"_s, u"3.12.4"_s);
    QTest::addRow("Python 3.12 with torch 2.4.0")
        << n << u"compat.python"_s << Verdict::Fail << u"COMPATIBILITY.md:104"_s;
    const auto vllmStack = [&](const QString &python, const QString &vllm, const QString &vllmAscend,
                               const QString &torchNpu, const QString &cann, const QString &triton) {
        NodeBuilder b = stack(u"2.10.0"_s, torchNpu, cann);
        b.python.insert(u"python"_s, python);
        b.python = packages(packages(packages(b.python, u"vllm"_s, vllm), u"vllm_ascend"_s, vllmAscend),
                            u"triton_ascend"_s, triton.isEmpty() ? QJsonValue() : QJsonValue(triton));
        return b;
    };
    const NodeBuilder guide
        = vllmStack(u"3.12.3"_s, u"0.23.0"_s, u"0.23.0"_s, u"2.10.0.post4"_s, u"9.1.0"_s, u"3.2.2"_s);
    QTest::addRow("Python 3.13 under vllm-ascend 0.23.0")
        << vllmStack(u"3.13.1"_s, u"0.23.0"_s, u"0.23.0"_s, u"2.10.0.post4"_s, u"9.1.0"_s, u"3.2.2"_s)
        << u"compat.python"_s << Verdict::Fail << u"vllm-ascend 0.23.0 needs Python >= 3.10, < 3.13"_s;
    QTest::addRow("verl's guide on main: Python")
        << guide << u"compat.python"_s << Verdict::Pass << u"versioning_policy.md:26"_s;

    // vllm-ascend's release rows (vllm-project/vllm-ascend@98f2ce9:docs/source/community/
    // versioning_policy.md:24-61).
    QTest::addRow("no vllm-ascend") << NodeBuilder() << u"compat.vllm_ascend"_s << Verdict::Skip << u"not installed"_s;
    QTest::addRow("verl's guide on main: the v0.23.0 row")
        << guide << u"compat.vllm_ascend"_s << Verdict::Pass << u"versioning_policy.md:26"_s;
    // verl v0.9.0's install_guidance.rst:96-109 names CANN 9.0.0, torch_npu 2.10.0.post2 and
    // triton-ascend 3.2.1 with vllm-ascend 0.23.0, whose release row moved to CANN 9.1.0.
    QTest::addRow("verl v0.9.0's guide: CANN 9.0 under vllm-ascend 0.23.0")
        << vllmStack(u"3.11.9"_s, u"0.23.0"_s, u"0.23.0"_s, u"2.10.0.post2"_s, u"9.0.0"_s, u"3.2.1"_s)
        << u"compat.vllm_ascend"_s << Verdict::Warn << u"CANN 9.0.0 is in use"_s;
    QTest::addRow("vLLM from another release")
        << vllmStack(u"3.12.3"_s, u"0.22.1"_s, u"0.23.0"_s, u"2.10.0.post4"_s, u"9.1.0"_s, u"3.2.2"_s)
        << u"compat.vllm_ascend"_s << Verdict::Fail << u"vLLM 0.22.1 is installed"_s;
    QTest::addRow("triton-ascend missing")
        << vllmStack(u"3.12.3"_s, u"0.23.0"_s, u"0.23.0"_s, u"2.10.0.post4"_s, u"9.1.0"_s, QString())
        << u"compat.vllm_ascend"_s << Verdict::Warn << u"pip install triton-ascend==3.2.2"_s;
    QTest::addRow("a development build") << vllmStack(u"3.12.3"_s, u"0.23.0"_s, u"0.24.0.dev3+g12ab"_s,
                                                      u"2.10.0.post4"_s, u"9.1.0"_s, u"3.2.2"_s)
                                         << u"compat.vllm_ascend"_s << Verdict::Warn
                                         << u"not in vllm-ascend's release matrix (read 2026-08-20"_s;

    n = NodeBuilder();
    n.env.insert(u"ASCEND_GLOBAL_LOG_LEVEL"_s, u"0"_s);
    QTest::addRow("debug level left on") << n << u"log.levels"_s << Verdict::Warn << u"DEBUG"_s;
    n = NodeBuilder();
    n.env.insert(u"ASCEND_GLOBAL_LOG_LEVEL"_s, u"debug"_s);
    QTest::addRow("level as a word") << n << u"log.levels"_s << Verdict::Warn << u"is not 0–4"_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_DEBUG"_s, u"INFO"_s);
    QTest::addRow("HCCL_DEBUG is not read") << n << u"log.levels"_s << Verdict::Warn << u"HCCL_DEBUG_CONFIG"_s;
    n = NodeBuilder();
    n.env.insert(u"ASCEND_GLOBAL_LOG_LEVEL"_s, u"3"_s);
    n.env.insert(u"ASCEND_SLOG_PRINT_TO_STDOUT"_s, u"1"_s);
    QTest::addRow("error level, stdout") << n << u"log.levels"_s << Verdict::Pass << u"to the screen"_s;
    // Host logs: <dir>/run/plog and <dir>/debug/plog; <dir> = ASCEND_PROCESS_LOG_PATH, else
    // ASCEND_WORK_PATH/log, else $HOME/ascend/log (hiascend CANN 9.0 logreference_0002, envref_07_0120).
    n = NodeBuilder();
    QTest::addRow("plog default folders")
        << n << u"log.levels"_s << Verdict::Pass << u"$HOME/ascend/log/run/plog and $HOME/ascend/log/debug/plog"_s;
    n.env.insert(u"ASCEND_WORK_PATH"_s, u"/data/work"_s);
    QTest::addRow("plog under ASCEND_WORK_PATH/log")
        << n << u"log.levels"_s << Verdict::Pass << u"/data/work/log/run/plog"_s;
    n.env.insert(u"ASCEND_PROCESS_LOG_PATH"_s, u"/data/plog"_s);
    QTest::addRow("ASCEND_PROCESS_LOG_PATH wins")
        << n << u"log.levels"_s << Verdict::Pass << u"/data/plog/debug/plog"_s;
    // HCCL_DEBUG_CONFIG: A2/A3 (and 950) only (hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/
    // HCCL_DEBUG_CONFIG.md:46-60).
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/910a-23.0.rc3-warning.txt"_s);
    n.env.insert(u"HCCL_DEBUG_CONFIG"_s, u"ALG,TASK"_s);
    QTest::addRow("HCCL_DEBUG_CONFIG on the first 910")
        << n << u"log.levels"_s << Verdict::Warn << u"supports it on Atlas A2 and A3 only"_s;
    n.env.insert(u"HCCL_DEBUG"_s, u"INFO"_s);
    QTest::addRow("no HCCL_DEBUG_CONFIG advice for the first 910")
        << n << u"log.levels"_s << Verdict::Warn << u"HCCL_DEBUG_CONFIG is not supported on"_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_DEBUG_CONFIG"_s, u"ALG,TASK"_s);
    QTest::addRow("HCCL_DEBUG_CONFIG on A2") << n << u"log.levels"_s << Verdict::Pass << u"ERROR (3)"_s;

    n = NodeBuilder();
    n.env.insert(u"HCCL_CONNECT_TIMEOUT"_s, u"60"_s);
    QTest::addRow("connect timeout too small") << n << u"hccl.settings"_s << Verdict::Warn << u"120–7200"_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"enp"_s);
    QTest::addRow("interface missing") << n << u"hccl.settings"_s << Verdict::Fail << u"eth0, ib0, lo"_s;
    // HCCL_SOCKET_IFNAME: ^ and = apply to the whole list (CANN's HCCL_SOCKET_IFNAME reference,
    // hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_SOCKET_IFNAME.md:9-31; hcomm
    // externalinput.cc:915-957). The node has eth0, ib0 and lo.
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"^lo,eth"_s);
    QTest::addRow("^ excludes every prefix listed")
        << n << u"hccl.settings"_s << Verdict::Pass << u"^lo,eth lets it use ib0."_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"^docker"_s);
    QTest::addRow("^docker leaves the rest")
        << n << u"hccl.settings"_s << Verdict::Pass << u"lets it use eth0, ib0, lo."_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"=eth0,enp0"_s);
    QTest::addRow("= makes every item exact")
        << n << u"hccl.settings"_s << Verdict::Pass << u"=eth0,enp0 lets it use eth0."_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"=eth"_s);
    QTest::addRow("=eth is no prefix") << n << u"hccl.settings"_s << Verdict::Fail << u"names no interface"_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"^=eth0,ib0"_s);
    QTest::addRow("^= excludes exact names") << n << u"hccl.settings"_s << Verdict::Pass << u"lets it use lo."_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"eth0,"_s);
    QTest::addRow("trailing comma") << n << u"hccl.settings"_s << Verdict::Fail << u"comma"_s;
    n.env.insert(u"HCCL_SOCKET_IFNAME"_s, u"eth"_s);
    // GLOO_SOCKET_IFNAME: exact names only, no ^ or = (gloo@cc44198:gloo/transport/tcp/device.cc:41,84).
    n.env.insert(u"GLOO_SOCKET_IFNAME"_s, u"eth"_s);
    QTest::addRow("gloo needs exact names") << n << u"hccl.settings"_s << Verdict::Fail << u"GLOO_SOCKET_IFNAME=eth"_s;
    n.env.insert(u"GLOO_SOCKET_IFNAME"_s, u"^eth0"_s);
    QTest::addRow("gloo has no ^") << n << u"hccl.settings"_s << Verdict::Fail << u"HCCL's syntax"_s;
    n.env.insert(u"GLOO_SOCKET_IFNAME"_s, u"eth0,ib0"_s);
    QTest::addRow("gloo exact list") << n << u"hccl.settings"_s << Verdict::Pass << u"lets it use eth0, ib0."_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"60050-60000"_s);
    QTest::addRow("port range backwards") << n << u"hccl.settings"_s << Verdict::Fail << u"60000-60050"_s;
    // Port ranges: no overlap or shared port, avoid 1–1023, not on the first Atlas training generation
    // (hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_NPU_SOCKET_PORT_RANGE.md:7-13,45-50).
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"60000-60050,60050-60060"_s);
    QTest::addRow("port ranges share a port") << n << u"hccl.settings"_s << Verdict::Fail << u"overlap"_s;
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"80-90"_s);
    QTest::addRow("ports below 1024") << n << u"hccl.settings"_s << Verdict::Warn << u"below 1024"_s;
    n.env.insert(u"HCCL_HOST_SOCKET_PORT_RANGE"_s, u"60000-60049,60100-60149"_s);
    QTest::addRow("two separate ranges") << n << u"hccl.settings"_s << Verdict::Pass << u"60100-60149"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/910prob-24.1.0-idle.txt"_s);
    n.env.insert(u"HCCL_NPU_SOCKET_PORT_RANGE"_s, u"60000-60050"_s);
    QTest::addRow("NPU port range on the first 910")
        << n << u"hccl.settings"_s << Verdict::Warn << u"does not support"_s;
    // AIV mode: 1091 s by default (HCCL_EXEC_TIMEOUT.md:19,27; hcomm hccl_aiv.h:89).
    n = NodeBuilder();
    n.env.insert(u"HCCL_OP_EXPANSION_MODE"_s, u"AIV"_s);
    QTest::addRow("AIV default exec timeout") << n << u"hccl.settings"_s << Verdict::Pass << u"1091 s by default"_s;
    n = NodeBuilder();
    QTest::addRow("default exec timeout") << n << u"hccl.settings"_s << Verdict::Pass << u"execution timeout 1836 s"_s;
    n = NodeBuilder();
    n.env.insert(u"HCCL_EXEC_TIMEOUT"_s, u"3600"_s);
    n.env.insert(u"HCCL_OP_EXPANSION_MODE"_s, u"AIV"_s);
    QTest::addRow("AIV caps the exec timeout") << n << u"hccl.settings"_s << Verdict::Warn << u"1091"_s;
    n = NodeBuilder();
    n.npuSmi = read(u"npu-smi/910prob-24.1.0-idle.txt"_s);
    n.env.insert(u"HCCL_EXEC_TIMEOUT"_s, u"600"_s);
    QTest::addRow("first-gen rounds to 68") << n << u"hccl.settings"_s << Verdict::Pass << u"544 s"_s;

    n = NodeBuilder();
    n.python = packages(packages(n.python, u"mindspeed"_s, u"0.9.0"_s), u"megatron_core"_s, u"0.12.1"_s);
    // verl 0.7.1's guide: MindSpeed 2.3.0_core_r0.12.1 (v0.7.1:docs/ascend_tutorial/ascend_quick_start.rst:123);
    // from 0.8.0 core_r0.16.0 (v0.9.0:docs/ascend_tutorial/get_start/install_guidance.rst:109). MindSpeed
    // marks 2.3.0 and older out of maintenance (Ascend/MindSpeed@028de58:README.md:209-223).
    n.python.insert(u"mindspeed_branch"_s, u"2.1.0_core_r0.12.1"_s);
    QTest::addRow("old MindSpeed branch") << n << u"mindspeed.version"_s << Verdict::Warn << u"q_layernorm"_s;
    QTest::addRow("old branch out of maintenance")
        << n << u"mindspeed.version"_s << Verdict::Warn << u"README.md:209-223"_s;
    n.python.insert(u"mindspeed_branch"_s, u"2.3.0_core_r0.12.1"_s);
    QTest::addRow("verl 0.7.1's MindSpeed")
        << n << u"mindspeed.version"_s << Verdict::Pass << u"v0.7.1:docs/ascend_tutorial/ascend_quick_start.rst:123"_s;
    n.python.remove(u"mindspeed_branch"_s);
    QTest::addRow("branch unknown") << n << u"mindspeed.version"_s << Verdict::Warn << u"branch --show-current"_s;
    n.python = packages(n.python, u"verl"_s, u"0.9.0"_s);
    n.python.insert(u"mindspeed_branch"_s, u"2.3.0_core_r0.12.1"_s);
    QTest::addRow("verl 0.9.0 with MindSpeed 2.3.0")
        << n << u"mindspeed.version"_s << Verdict::Warn << u"install_guidance.rst:109"_s;
    n.python = packages(packages(n.python, u"mindspeed"_s, u"0.16.0"_s), u"megatron_core"_s, u"0.16.2"_s);
    n.python.remove(u"mindspeed_branch"_s);
    QTest::addRow("core_r0.16.0 known by its pip version")
        << n << u"mindspeed.version"_s << Verdict::Pass << u"installs MindSpeed core_r0.16.0"_s;
    n.python = packages(n.python, u"megatron_core"_s, u"0.12.1"_s);
    QTest::addRow("core_r0.16.0 over megatron-core 0.12")
        << n << u"mindspeed.version"_s << Verdict::Fail << u"adapts megatron-core 0.16.x, but 0.12.1 is installed"_s;
}

void TestEnvChecks::checks()
{
    QFETCH(NodeBuilder, node);
    QFETCH(QString, id);
    QFETCH(Verdict, verdict);
    QFETCH(QString, mentions);
    const Diagnosis d = node.build();
    const Check &check = find(d, id);
    const QString text = check.evidence + u" | "_s + check.nextStep;
    QVERIFY2(check.verdict == verdict, qPrintable(vna::verdictId(check.verdict) + u": "_s + text));
    QVERIFY2(text.contains(mentions), qPrintable(text));
    QVERIFY(!check.title.isEmpty());
}

// A node that cannot be reached, or this machine where the probe could not run, is one ERROR row
// named for what failed, with a next step for it.
void TestEnvChecks::unreachable_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("failure");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("next");
    QTest::newRow("remote node") << u"node07"_s << u"Cannot reach node07: Connection refused"_s << u"ssh.connect"_s
                                 << u"ssh node07 true"_s;
    QTest::newRow("this machine") << u"local"_s << u"Could not run /bin/sh: Resource error (fork failure)"_s
                                  << u"probe.run"_s << u"run it by hand"_s;
}

void TestEnvChecks::unreachable()
{
    QFETCH(QString, host);
    QFETCH(QString, failure);
    QFETCH(QString, id);
    QFETCH(QString, next);
    Snapshot s;
    s.host = host;
    s.failure = failure;
    const Diagnosis d = analyze(s);
    QCOMPARE(d.checks.size(), 1);
    QCOMPARE(d.checks.first().id, id);
    QCOMPARE(d.checks.first().verdict, Verdict::Error);
    QCOMPARE(d.checks.first().evidence, failure);
    QVERIFY2(d.checks.first().nextStep.contains(next), qPrintable(d.checks.first().nextStep));
    QVERIFY2(!d.checks.first().title.isEmpty(), qPrintable(id));
    QVERIFY(!d.anyFail());
}

// The line over all nodes names the ones to look at, whichever node is selected.
void TestEnvChecks::notAnNpuNode_data()
{
    QTest::addColumn<NodeBuilder>("node");
    QTest::addColumn<bool>("said");
    NodeBuilder n;
    QTest::addRow("an NPU node") << n << false;
    n.npuSmiExit = 127;
    n.npuSmi = u"npu-smi: command not found"_s;
    QTest::addRow("no npu-smi, no device") << n << true;
    n = NodeBuilder();
    n.npuSmiExit = 1;
    n.npuSmi = u"dcmi model initialized failed, because the device is used. ret is -8020"_s;
    QTest::addRow("a driver that fails is still an NPU node") << n << false;
}

// A laptop or a CPU head node is told so first, in the report and the window, before the failures
// that only an NPU node could pass.
void TestEnvChecks::notAnNpuNode()
{
    QFETCH(NodeBuilder, node);
    QFETCH(bool, said);
    const Diagnosis d = node.build();
    QCOMPARE(vna::env::notAnNpuNode(d).contains(u"not an NPU node"_s), said);
    QCOMPARE(vna::env::toText({d}).contains(u"not an NPU node"_s), said);
}

void TestEnvChecks::nodesSummary()
{
    const auto remote = [](const NodeBuilder &node, const QString &host) {
        Snapshot s = node.build().snapshot;
        s.host = host;
        return analyze(s);
    };
    Snapshot down;
    down.host = u"node9"_s;
    down.failure = u"Cannot reach node9: Connection refused"_s;
    NodeBuilder broken;
    broken.npuSmiExit = 127;
    broken.npuSmi = u"sh: npu-smi: not found"_s;
    const QList<Diagnosis> nodes{remote(NodeBuilder(), u"node1"_s), remote(broken, u"node2"_s), analyze(down)};
    QCOMPARE(nodes.at(1).worst(), Verdict::Fail);
    const QString summary = vna::env::nodesSummary(nodes);
    QCOMPARE(summary, u"3 node(s): 1 unreachable (node9), 1 with failures (node2), 1 passed."_s);
    QVERIFY2(vna::env::toText(nodes).startsWith(summary + u"\n"_s), qPrintable(vna::env::toText(nodes)));
}

// A node that answered says so on its Nodes page, instead of SKIP; this machine has no such check.
void TestEnvChecks::reachable_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("listed");
    QTest::newRow("remote node") << u"node07"_s << true;
    QTest::newRow("this machine") << u"local"_s << false;
}

void TestEnvChecks::reachable()
{
    QFETCH(QString, host);
    QFETCH(bool, listed);
    NodeBuilder node;
    Diagnosis d = node.build();
    Snapshot s = d.snapshot;
    s.host = host;
    s.elapsedMs = 2400;
    d = analyze(s);
    const auto it = std::find_if(d.checks.cbegin(), d.checks.cend(),
                                 [](const Check &check) { return check.id == u"ssh.connect"; });
    QCOMPARE(it != d.checks.cend(), listed);
    if (listed) {
        QCOMPARE(it->verdict, Verdict::Pass);
        QVERIFY2(it->evidence.contains(u"2.4 s"_s), qPrintable(it->evidence));
    }
}

void TestEnvChecks::versions()
{
    const Diagnosis d = NodeBuilder().build();
    QMap<QString, QString> versions;
    for (const auto &[key, value] : d.versions())
        versions.insert(key, value);
    QCOMPARE(versions.value(u"npu_smi"_s), u"24.1.rc3"_s);
    QCOMPARE(versions.value(u"driver"_s), u"24.1.rc3"_s);
    QCOMPARE(versions.value(u"firmware"_s), u"7.5.0.3.220"_s);
    QCOMPARE(versions.value(u"cann"_s), u"8.0.0"_s);
    QCOMPARE(versions.value(u"torch_npu"_s), u"2.4.0.post2"_s);
    QCOMPARE(versions.value(u"vllm"_s), QString()); // not installed: null, not guessed
    QVERIFY(versions.value(u"vllm"_s).isNull());
}

void TestEnvChecks::compareVersions_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("order");
    QTest::addRow("rc before release") << u"23.0.rc3"_s << u"23.0.0"_s << -1;
    QTest::addRow("numeric") << u"7.10.0"_s << u"7.9.99"_s << 1;
    QTest::addRow("equal with padding") << u"8.0"_s << u"8.0.0"_s << 0;
    QTest::addRow("RC case") << u"8.3.RC1"_s << u"8.3.rc1"_s << 0;
    QTest::addRow("rc order") << u"8.3.RC1"_s << u"8.3.RC2"_s << -1;
}

void TestEnvChecks::compareVersions()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, order);
    QCOMPARE(vna::env::compareVersions(a, b), order);
    QCOMPARE(vna::env::compareVersions(b, a), -order);
    QVERIFY((VersionRange{u"23.0.rc3"_s, u"23.0.rc3."_s}).contains(u"23.0.rc3.b010"_s));
    QVERIFY(!(VersionRange{u"7.0.0"_s, u"7.2.99"_s}).contains(u"7.5.0.3.220"_s));
}

void TestEnvChecks::compatTableLoads()
{
    const CompatData &data = compatData();
    QCOMPARE(data.torchNpu.size(), 62);
    QCOMPARE(data.torchNpu.first().torchNpu, u"2.12.0"_s);
    QCOMPARE(data.ascend.cite(22), u"Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:22"_s);
    QCOMPARE(data.python.size(), 14);
    QCOMPARE(data.vllmAscendRows.size(), 36);
    QCOMPARE(cannLine(u"CANN 8.3.RC1"_s), u"8.3"_s);
    QCOMPARE(majorMinor(u"2.7.1.post2+gitabc"_s), u"2.7"_s);
    QCOMPARE(baseVersion(u"2.10.0.post4+git1"_s), u"2.10.0"_s);
    QCOMPARE(baseVersion(u"2.7.1.dev20250724"_s), u"2.7.1"_s);
    QCOMPARE(baseVersion(u"v0.23.0rc1"_s), u"0.23.0"_s);
    QCOMPARE(versionInRange(u"3.12.4"_s, u">= 3.10, < 3.13"_s), std::optional<bool>(true));
    QCOMPARE(versionInRange(u"3.13.0"_s, u">= 3.10, < 3.13"_s), std::optional<bool>(false));
    QCOMPARE(versionInRange(u"3.9.18"_s, u">= 3.10, < 3.13"_s), std::optional<bool>(false));
    QCOMPARE(versionInRange(u"3.11"_s, u"3.11 only"_s), std::nullopt);
}

// Two nodes whose NPUs answer with the same IPs (an /etc/hccn.conf copied from node to node).
void TestEnvChecks::acrossNodes_data()
{
    QTest::addColumn<int>("secondOffset"); // added to the last byte of node2's device IPs
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("copied hccn.conf") << 0 << Verdict::Fail << u"device 3 has IP 29.1.1.13, as node1 device 3 has"_s;
    QTest::addRow("own addresses") << 100 << Verdict::Pass << u"on 8 device(s)"_s;
}

void TestEnvChecks::acrossNodes()
{
    QFETCH(int, secondOffset);
    QFETCH(Verdict, verdict);
    QFETCH(QString, mentions);
    NodeBuilder first;
    first.host = u"node1"_s;
    NodeBuilder second = first;
    second.host = u"node2"_s;
    for (auto it = second.hccn.begin(); it != second.hccn.end(); ++it)
        it.value().replace(u"ipaddr:29.1.1.%1"_s.arg(it.key() + 10),
                           u"ipaddr:29.1.1.%1"_s.arg(it.key() + 10 + secondOffset));
    second.hccnConf = secondOffset == 0; // the copied file matches; node2's own would list its addresses
    QList<Diagnosis> nodes{first.build(), second.build()};
    compareAcrossNodes(nodes);
    const Check &check = find(nodes.at(1), u"net.hccn"_s);
    if (secondOffset == 0) {
        QCOMPARE(check.verdict, verdict);
        QVERIFY2(check.evidence.contains(mentions), qPrintable(check.evidence));
        QCOMPARE(find(nodes.at(0), u"net.hccn"_s).verdict, Verdict::Fail);
    } else {
        QCOMPARE(find(nodes.at(0), u"net.hccn"_s).verdict, verdict);
        QVERIFY2(find(nodes.at(0), u"net.hccn"_s).evidence.contains(mentions), qPrintable(check.evidence));
        QVERIFY(!check.evidence.contains(u"as node1"_s));
    }
}

// node1's devices ping node2's and node2's ping node1's with hccn_tool, run by the real script against
// a stand-in hccn_tool that answers in hccn_tool's format (Ascend/MindIE-LLM@40fb063:docs/zh/user_guide/
// feature/multi_node.md:78-93): node2's device 3 never answers, its device 4 loses a packet.
void TestEnvChecks::pingAcrossNodes()
{
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    QFile tool(bin.filePath(u"hccn_tool"_s));
    QVERIFY(tool.open(QIODevice::WriteOnly));
    tool.write(R"(#!/bin/sh
ip="$6"
printf 'device %s PING %s\n' "$2" "$ip"
case "$ip" in
  *.113) printf 'recv time out seq=0\nrecv time out seq=1\nrecv time out seq=2\n'
         printf '3 packets transmitted, 0 received, 100.00%% packet loss\n'; exit 1 ;;
  *.114) printf 'recv time out seq=0\nrecv seq=1,time=0.097000ms\nrecv seq=2,time=0.066000ms\n'
         printf '3 packets transmitted, 2 received, 33.33%% packet loss\n' ;;
  *) printf 'recv seq=0,time=0.067000ms\nrecv seq=1,time=0.049000ms\nrecv seq=2,time=0.047000ms\n'
     printf '3 packets transmitted, 3 received, 0.00%% packet loss\n' ;;
esac
)");
    tool.close();
    QVERIFY(tool.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    NodeBuilder first;
    first.host = u"node1"_s;
    NodeBuilder second = first;
    second.host = u"node2"_s;
    second.hccnBase = 110;
    second.hccn = hccnDevices(110);
    QList<Diagnosis> nodes{first.build(), second.build()};
    QStringList ran;
    vna::env::pingAcrossNodes(
        nodes,
        [&](const QString &host, const QByteArray &script, int timeoutMs) {
            ran.append(host);
            vna::ProcessRequest request;
            request.program = u"/bin/sh"_s;
            request.arguments = {u"-s"_s};
            request.input = "PATH=" + bin.path().toUtf8() + ":$PATH\n" + script;
            request.timeoutMs = timeoutMs;
            return vna::runProcess(request);
        },
        5);
    QCOMPARE(ran, (QStringList{u"node1"_s, u"node2"_s}));
    const Check &one = find(nodes.at(0), u"net.hccn"_s);
    QCOMPARE(one.verdict, Verdict::Fail);
    QVERIFY2(one.evidence.contains(u"device 3 → 29.1.1.113 (node2 device 3): 3 packets transmitted, 0 received, "
                                   u"100.00% packet loss"_s),
             qPrintable(one.evidence));
    QVERIFY2(one.evidence.contains(u"device 4 → 29.1.1.114 (node2 device 4): 33.33% packet loss"_s),
             qPrintable(one.evidence));
    QVERIFY(one.nextStep.contains(u"-gateway -g"_s));
    const Check &two = find(nodes.at(1), u"net.hccn"_s);
    QCOMPARE(two.verdict, Verdict::Pass);
    QVERIFY2(two.evidence.contains(u"8 device(s) reach the same devices of node1 (hccn_tool -ping)"_s),
             qPrintable(two.evidence));
}

// Secrets never leave the node in clear: by name (real variables of Ray, vLLM, verl, MLflow,
// MySQL/Redis clients and cloud SDKs; sources: ray@0718d5b0:python/ray/dashboard/modules/job/cli.py,
// vllm@001f69f8:vllm/envs.py, huaweicloud-sdk-python-v3@2a610623:huaweicloud-sdk-core/
// huaweicloudsdkcore/auth/provider.py, azure-sdk-for-python@663bea04:sdk/identity/azure-identity/
// azure/identity/_constants.py, adlfs@6362b4f2:adlfs/spec.py, dev.mysql.com WL#13449, redis-cli
// REDISCLI_AUTH) and by value (credentials inside URLs, bearer tokens, Azure keys).
void TestEnvChecks::maskedValue_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("shown");
    const QString m = QString::fromLatin1(vna::env::kMasked);
    for (const char *name : {"RAY_REDIS_PASSWD",
                             "RAY_REDIS_PASSWORD",
                             "REDIS_PASSWORD",
                             "RAY_AUTH_TOKEN",
                             "RAY_JOB_HEADERS",
                             "VLLM_API_KEY",
                             "VLLM_AUTH",
                             "VERL_PASS",
                             "TORCH_PWD",
                             "MYSQL_PWD",
                             "REDISCLI_AUTH",
                             "HUAWEICLOUD_SDK_AK",
                             "HUAWEICLOUD_SDK_SK",
                             "OBS_SECRET_ACCESS_KEY",
                             "AZURE_STORAGE_CONNECTION_STRING",
                             "IDENTITY_HEADER",
                             "AZURE_CLIENT_SECRET",
                             "MLFLOW_TRACKING_PASSWORD",
                             "WANDB_API_KEY",
                             "SWANLAB_API_KEY",
                             "HF_TOKEN",
                             "AWS_SESSION_TOKEN",
                             "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
                             "VOLC_SECRET_ACCESS_KEY",
                             "MSI_SECRET"})
        QTest::addRow("%s", name) << QString::fromLatin1(name) << u"s3cr3t-value"_s << m;
    QTest::addRow("redis address with a password")
        << u"RAY_ADDRESS"_s << u"redis://:pw@10.0.0.1:6379"_s << u"redis://:"_s + m + u"@10.0.0.1:6379"_s;
    QTest::addRow("job server with user and password")
        << u"RAY_ADDRESS"_s << u"https://ops:pw@head:8265"_s << u"https://ops:"_s + m + u"@head:8265"_s;
    QTest::addRow("tracking URI") << u"MLFLOW_TRACKING_URI"_s << u"postgresql://ml:pw@db/mlflow"_s
                                  << u"postgresql://ml:"_s + m + u"@db/mlflow"_s;
    QTest::addRow("proxy") << u"https_proxy"_s << u"http://u:p@proxy:3128"_s << u"http://u:"_s + m + u"@proxy:3128"_s;
    QTest::addRow("bearer inside a value")
        << u"VERL_EXTRA"_s << u"Authorization: Bearer abc.def"_s << u"Authorization: Bearer "_s + m;
    QTest::addRow("azure key inside a value") << u"ADLFS_OPTIONS"_s << u"AccountName=a;AccountKey=xyz==;x=1"_s
                                              << u"AccountName=a;AccountKey="_s + m + u";x=1"_s;
    // Not secrets: shown as they are.
    QTest::addRow("plain address") << u"RAY_ADDRESS"_s << u"10.0.0.1:6379"_s << u"10.0.0.1:6379"_s;
    QTest::addRow("dashboard URL") << u"RAY_DASHBOARD_ADDRESS"_s << u"http://head:8265"_s << u"http://head:8265"_s;
    QTest::addRow("interface") << u"HCCL_SOCKET_IFNAME"_s << u"=eth0,enp0"_s << u"=eth0,enp0"_s;
    QTest::addRow("devices") << u"ASCEND_RT_VISIBLE_DEVICES"_s << u"0,1,2,3"_s << u"0,1,2,3"_s;
    QTest::addRow("task queue") << u"TASK_QUEUE_ENABLE"_s << u"2"_s << u"2"_s;
}

void TestEnvChecks::maskedValue()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(QString, shown);
    QCOMPARE(vna::env::maskedValue(name, value), shown);
}

namespace {

const Check &checkOf(const Diagnosis &d, const QString &id)
{
    for (const Check &check : d.checks)
        if (check.id == id)
            return check;
    qFatal("no check %s", qPrintable(id));
}

NodeBuilder withPackages(const QList<std::pair<QString, QJsonValue>> &set)
{
    NodeBuilder n;
    for (const auto &[key, value] : set)
        n.python = packages(n.python, key, value);
    return n;
}

} // namespace

void TestEnvChecks::verlRequirements_data()
{
    QTest::addColumn<NodeBuilder>("node");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QStringList>("mentions"); // in evidence or next step
    // verl#5468: verl main of 2026-03-03 ("0.8.0.dev0") with the guide of that day: vLLM 0.11.0,
    // vllm-ascend 0.11.0rc1, triton-ascend 3.2.0rc4. vllm-ascend's matrix calls that stack consistent.
    QTest::addRow("verl#5468")
        << withPackages({{u"verl"_s, u"0.8.0.dev0"_s},
                         {u"vllm"_s, u"0.11.0+empty"_s},
                         {u"vllm_ascend"_s, u"0.11.0rc1"_s},
                         {u"triton_ascend"_s, u"3.2.0rc4"_s},
                         {u"torch"_s, u"2.7.1"_s},
                         {u"torch_npu"_s, u"2.7.1"_s}})
        << Verdict::Fail
        << QStringList{u"triton-ascend 3.2.0rc4 is installed; verl 0.8.0 requires triton-ascend==3.2.1 "
                       "(v0.8.0:requirements-npu.txt:22"_s,
                       u"vllm 0.11.0+empty is older than the 0.18.0 verl 0.8.0's Ascend guide installs"_s,
                       u"build of main"_s, u"pip install 'triton-ascend==3.2.1'"_s};
    QTest::addRow("0.7.1 as its guide installs") << withPackages({{u"verl"_s, u"0.7.1"_s},
                                                                  {u"torch"_s, u"2.8.0"_s},
                                                                  {u"torch_npu"_s, u"2.8.0"_s},
                                                                  {u"vllm"_s, u"0.13.0+empty"_s},
                                                                  {u"vllm_ascend"_s, u"0.13.0"_s},
                                                                  {u"triton_ascend"_s, u"3.2.0"_s},
                                                                  {u"ray"_s, u"2.46.0"_s},
                                                                  {u"transformers"_s, u"4.57.6"_s}})
                                                 << Verdict::Pass << QStringList{u"pins of its vllm guide"_s};
    QTest::addRow("ray too old") << withPackages({{u"verl"_s, u"0.7.1"_s}, {u"ray"_s, u"2.40.0"_s}}) << Verdict::Fail
                                 << QStringList{u"ray 2.40.0 is installed; verl 0.7.1 requires ray>=2.41.0"_s};
    QTest::addRow("required, not installed")
        << withPackages({{u"verl"_s, u"0.7.1"_s}, {u"triton_ascend"_s, QJsonValue::Null}}) << Verdict::Fail
        << QStringList{u"triton-ascend is not installed; verl 0.7.1 requires triton-ascend==3.2.0"_s};
    QTest::addRow("files disagree") << withPackages({{u"verl"_s, u"0.9.0"_s}, {u"numpy"_s, u"1.26.4"_s}})
                                    << Verdict::Pass
                                    << QStringList{u"verl 0.9.0's files disagree on numpy"_s,
                                                   u"not compared (the probe does not read them)"_s};
    QTest::addRow("no verl") << withPackages({{u"verl"_s, QJsonValue::Null}}) << Verdict::Skip
                             << QStringList{u"verl is not installed"_s};
    QTest::addRow("sglang stack") << withPackages({{u"verl"_s, u"0.9.0"_s}, {u"sglang"_s, u"0.5.8"_s}}) << Verdict::Warn
                                  << QStringList{u"sglang 0.5.8 is older than the 0.5.10 verl 0.9.0's Ascend guide"_s};
}

void TestEnvChecks::verlRequirements()
{
    QFETCH(NodeBuilder, node);
    QFETCH(Verdict, verdict);
    QFETCH(QStringList, mentions);
    const Diagnosis d = node.build();
    const Check &check = checkOf(d, u"verl.requirements"_s);
    const QString said = check.evidence + u" / "_s + check.nextStep;
    QVERIFY2(check.verdict == verdict, qPrintable(said));
    for (const QString &text : mentions)
        QVERIFY2(said.contains(text), qPrintable(text + u" not in: "_s + said));
}

void TestEnvChecks::guideStacksMeetTheirRelease_data()
{
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QString>("stack");
    QTest::addColumn<QString>("fails"); // empty: passes; else what the check names
    for (const verl::VersionFacts &facts : verl::allFacts())
        for (const verl::GuideStack &stack : facts.stacks)
            if (facts.version >= verl::Version{0, 5, 0} && (stack.name == u"vllm" || stack.name == u"sglang")) {
                // verl 0.9.0's SGLang guide pins transformers 5.3.0 (install_guidance.rst:165), while its
                // setup.py asks for >=5.5.3 (setup.py:43): pip's install of verl moves it, so a node that
                // kept the guide's 5.3.0 fails, and the check names the package.
                const bool lags = facts.tag == u"v0.9.0" && stack.name == u"sglang";
                QTest::addRow("%s %s", qPrintable(facts.tag), qPrintable(stack.name))
                    << facts.tag << stack.name
                    << (lags ? u"transformers 5.3.0 is installed; verl 0.9.0 requires transformers>=5.5.3"_s
                             : QString());
            }
}

// A node installed the way a release's own Ascend guide says (its pins, and for what the guide leaves to
// pip, a version pip would pick within the release's requirements) passes that release's check.
void TestEnvChecks::guideStacksMeetTheirRelease()
{
    QFETCH(QString, tag);
    QFETCH(QString, stack);
    const verl::VersionFacts &facts = verl::factsFor(*verl::Version::parse(tag, QString()));
    const verl::GuideStack *guide = nullptr;
    for (const verl::GuideStack &one : facts.stacks)
        if (one.name == stack)
            guide = &one;
    QVERIFY(guide);
    QList<std::pair<QString, QJsonValue>> installed{{u"verl"_s, facts.version.toString()}};
    QSet<QString> pinned;
    for (const verl::Requirement &pin : guide->pins) {
        const auto spec = PySpecifier::parse(pin.spec);
        if (!probedKey(pin.package).isEmpty() && spec) {
            installed.append({probedKey(pin.package), spec->clauses.constFirst().version}); // "==x" or ">=x"
            pinned.insert(pin.package);
        }
    }
    // What pip picks for the rest: a version the requirements name, or one just below an upper bound,
    // that meets every requirement of the package (or the most of them where verl's files disagree).
    for (const verl::Requirement &req : facts.requirements) {
        if (probedKey(req.package).isEmpty() || pinned.contains(req.package) || req.spec.isEmpty())
            continue;
        pinned.insert(req.package);
        QList<PySpecifier> specs;
        QStringList candidates;
        for (const verl::Requirement &other : facts.requirements) {
            const auto spec = other.package == req.package ? PySpecifier::parse(other.spec) : std::nullopt;
            if (!spec)
                continue;
            specs << *spec;
            for (const PyClause &clause : spec->clauses) {
                const auto v = PyVersion::parse(clause.version);
                if (v && clause.op == u"<")
                    candidates << QString::number(std::max(v->release.value(0) - 1, 0)) + u".9"_s;
                else if (v)
                    candidates << clause.version;
            }
        }
        QString pick;
        qsizetype best = -1;
        for (const QString &candidate : std::as_const(candidates)) {
            const auto v = PyVersion::parse(candidate);
            const qsizetype met
                = std::count_if(specs.begin(), specs.end(), [&](const PySpecifier &spec) { return spec.holds(*v); });
            if (met > best) {
                best = met;
                pick = candidate;
            }
        }
        QVERIFY2(!pick.isEmpty(), qPrintable(req.package));
        installed.append({probedKey(req.package), pick});
    }
    if (stack == u"sglang") {
        installed.append({u"vllm_ascend"_s, QJsonValue::Null});
        if (!pinned.contains(u"sglang"_s))
            installed.append({u"sglang"_s, u"0.5.2"_s}); // the 0.6/0.7 guides build SGLang's main branch
    }
    QFETCH(QString, fails);
    const Diagnosis d = withPackages(installed).build();
    const Check &check = checkOf(d, u"verl.requirements"_s);
    const QString said = check.evidence + u" / "_s + check.nextStep;
    QVERIFY2(check.verdict == (fails.isEmpty() ? Verdict::Pass : Verdict::Fail), qPrintable(said));
    QVERIFY2(said.contains(fails), qPrintable(said));
}

QTEST_GUILESS_MAIN(TestEnvChecks)
#include "tst_envchecks.moc"
