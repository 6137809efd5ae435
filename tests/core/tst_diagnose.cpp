// `diagnose` and `env-script` end to end on this machine, with fake npu-smi and python3 programs
// first on PATH and the Ascend version files from tests/fixtures/ascend; and the process runner.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "common/process.h"
#include "env/checks.h"
#include "env/compat.h"
#include "support/clirun.h"
#include "support/fakenode.h"

using namespace Qt::StringLiterals;
using vna::ExitCode;

Q_DECLARE_METATYPE(vna::ExitCode)

namespace {

using Run = vna::test::CliRun;

Run run(const QStringList &args)
{
    return vna::test::runCli(args);
}

const QString kFixtures = QStringLiteral(VNA_FIXTURES_DIR);

QJsonObject checkById(const QJsonObject &target, const QString &id)
{
    for (const QJsonValue &v : target.value(u"checks").toArray())
        if (v.toObject().value(u"id").toString() == id)
            return v.toObject();
    return {};
}

} // namespace

class TestDiagnose final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void json();
    void exitCodes_data();
    void exitCodes();
    void hungNpuSmi();
    void publishedStacks_data();
    void publishedStacks();
    void cutOffProbe_data();
    void cutOffProbe();
    void markdownMasksSecrets();
    void realPythonProbe();
    void outputFile();
    void tildeExpandsOnTheNode();
    void usageErrors_data();
    void usageErrors();
    void envScript_data();
    void envScript();
    void processRunner();

private:
    void node(const vna::test::FakeNode &fake);
    QTemporaryDir m_dir;
    QString m_bin;
    QString m_realPython;
};

void TestDiagnose::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_realPython = QStandardPaths::findExecutable(u"python3"_s);
    m_bin = m_dir.filePath(u"bin"_s);
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    qputenv("PATH", (m_bin + u':' + qEnvironmentVariable("PATH")).toUtf8());
    // The probe reports what the machine has; make this one look like a sourced node.
    qputenv("ASCEND_HOME_PATH", "/usr/local/Ascend/ascend-toolkit/latest");
    qputenv("LD_LIBRARY_PATH", "/usr/local/Ascend/driver/lib64:/usr/local/Ascend/ascend-toolkit/latest/lib64");
    qunsetenv("ASCEND_RT_VISIBLE_DEVICES");
}

void TestDiagnose::node(const vna::test::FakeNode &fake)
{
    QVERIFY(vna::test::writeFakeNode(m_bin, kFixtures, fake));
}

void TestDiagnose::json()
{
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    const Run r = run({u"diagnose"_s, u"--json"_s, u"--ascend-root"_s, kFixtures + u"/ascend/root-a2"_s, u"--python"_s,
                       m_bin + u"/python3"_s});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, ExitCode::Ok);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray targets = root.value(u"targets").toArray();
    QCOMPARE(targets.size(), 1);
    const QJsonObject t = targets.first().toObject();
    QCOMPARE(t.value(u"host").toString(), u"local"_s);
    QCOMPARE(t.value(u"family").toString(), u"Atlas A2 (910B)"_s);
    const QJsonArray devices = t.value(u"devices").toArray();
    QCOMPARE(devices.size(), 8);
    const QJsonObject d0 = devices.first().toObject();
    QCOMPARE(d0.value(u"name").toString(), u"910B1"_s);
    QCOMPARE(d0.value(u"power_w").toDouble(), 94.6);
    QCOMPARE(d0.value(u"hbm_total_mb").toInteger(), 65536);
    QCOMPARE(d0.value(u"bus_id").toString(), u"0000:C1:00.0"_s);
    QCOMPARE(t.value(u"processes").toArray().size(), 0);
    const QJsonObject versions = t.value(u"versions").toObject();
    QCOMPARE(versions.value(u"cann").toString(), u"8.0.0"_s);
    QCOMPARE(versions.value(u"driver").toString(), u"24.1.rc3"_s);
    QCOMPARE(versions.value(u"torch_npu").toString(), u"2.4.0.post2"_s);
    QVERIFY(versions.value(u"vllm").isNull());
    QVERIFY(versions.value(u"mindspeed").isNull());
    QCOMPARE(checkById(t, u"npu.smi"_s).value(u"verdict").toString(), u"PASS"_s);
    QCOMPARE(checkById(t, u"torch_npu.available"_s).value(u"verdict").toString(), u"PASS"_s);
    QCOMPARE(checkById(t, u"compat.torch_npu_cann"_s).value(u"verdict").toString(), u"PASS"_s);
    QCOMPARE(checkById(t, u"driver.firmware"_s).value(u"verdict").toString(), u"PASS"_s);
    QVERIFY(checkById(t, u"npu.smi"_s).value(u"next_step").isNull());
    QVERIFY(t.value(u"environment").toObject().contains(u"ASCEND_HOME_PATH"));
    QVERIFY(!t.value(u"environment").toObject().contains(u"HOME"));
}

void TestDiagnose::exitCodes_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<ExitCode>("code");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("healthy") << u"a2-910b1-24.1.rc3-idle.txt"_s << ExitCode::Ok << u"PASS  npu.health"_s;
    QTest::addRow("Alarm on NPU 3") << u"a2-910b4-26.0.rc1-wide-container.txt"_s << ExitCode::Problems
                                    << u"FAIL  npu.health"_s;
    QTest::addRow("no npu-smi") << QString() << ExitCode::Problems << u"FAIL  npu.smi"_s;
}

void TestDiagnose::exitCodes()
{
    QFETCH(QString, fixture);
    QFETCH(ExitCode, code);
    QFETCH(QString, mentions);
    node({fixture, QString(), 0, vna::test::healthyPython(fixture.contains(u"910b4"_s) ? 4 : 8)});
    const Run r = run(
        {u"diagnose"_s, u"--ascend-root"_s, kFixtures + u"/ascend/root-a2"_s, u"--python"_s, m_bin + u"/python3"_s});
    QVERIFY2(r.out.contains(mentions), qPrintable(r.out));
    QCOMPARE(r.code, code);
}

void TestDiagnose::hungNpuSmi()
{
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 30, vna::test::healthyPython(8)});
    const Run r = run({u"diagnose"_s, u"--json"_s, u"--timeout"_s, u"1"_s, u"--ascend-root"_s,
                       kFixtures + u"/ascend/root-a2"_s, u"--python"_s, m_bin + u"/python3"_s});
    const QJsonObject t
        = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"targets").toArray().first().toObject();
    const QJsonObject smi = checkById(t, u"npu.smi"_s);
    QCOMPARE(smi.value(u"verdict").toString(), u"ERROR"_s);
    QVERIFY(smi.value(u"evidence").toString().contains(u"did not finish"_s));
    // The other probes still ran.
    QCOMPARE(checkById(t, u"torch_npu.available"_s).value(u"verdict").toString(), u"PASS"_s);
}

// The stacks upstream tells users to install pass the compatibility checks on a node that has them:
// pip's metadata read by the real interpreter, CANN from the toolkit's install file and from torch_npu.
// Every release row of vllm-ascend's matrix, verl's install guide, and pairs that truly do not fit.
// Needs a python3 within every row's range: Debian 12's 3.11 is.
void TestDiagnose::publishedStacks_data()
{
    QTest::addColumn<QString>("cann");
    QTest::addColumn<QStringList>("packages"); // pip name=version
    QTest::addColumn<QString>("failing");      // the check that must fail, empty: all pass
    QTest::addColumn<QString>("cites");        // in the evidence of the compatibility checks

    const vna::env::CompatData &data = vna::env::compatData();
    QVERIFY(!data.vllmAscendRows.isEmpty());
    // verl main's docs/ascend_tutorial/get_start/install_guidance.rst (1dda039b): for vLLM (:86-96) CANN
    // 9.1.0, torch 2.10.0, torch_npu 2.10.0.post4, triton-ascend 3.2.2, vLLM and vllm-ascend 0.23.0; for
    // SGLang (:163-172) CANN >= 8.5.0, torch 2.8.0, torch_npu 2.8.0.post2, triton-ascend 3.2.1.
    QTest::addRow("verl's install guide (main)")
        << u"9.1.0"_s << QStringList{u"torch=2.10.0"_s,       u"torch-npu=2.10.0.post4"_s, u"vllm=0.23.0"_s,
                                     u"vllm-ascend=0.23.0"_s, u"triton-ascend=3.2.2"_s,    u"verl=0.9.0"_s}
        << QString() << u"Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:22"_s;
    QTest::addRow("verl's install guide for SGLang (main)")
        << u"8.5.0"_s
        << QStringList{u"torch=2.8.0"_s, u"torch-npu=2.8.0.post2"_s, u"sglang=0.5.10"_s, u"triton-ascend=3.2.1"_s,
                       u"verl=0.9.0"_s}
        << QString() << u"Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:29"_s;
    for (const vna::env::VllmAscendRow &row : data.vllmAscendRows) {
        QStringList packages{u"torch="_s + row.torch, u"torch-npu="_s + row.torchNpu, u"vllm="_s + row.vllm.first(),
                             u"vllm-ascend="_s + row.vllmAscend};
        if (!row.tritonAscend.isEmpty())
            packages.append(u"triton-ascend="_s + row.tritonAscend);
        QTest::addRow("vllm-ascend %s", qPrintable(row.vllmAscend))
            << row.cann << packages << QString() << data.vllmAscend.cite(row.line);
    }
    QTest::addRow("torch_npu 2.12.0 on CANN 8.5.0")
        << u"8.5.0"_s << QStringList{u"torch=2.12.0"_s, u"torch-npu=2.12.0"_s} << u"compat.torch_npu_cann"_s
        << u"Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:20"_s;
    QTest::addRow("vllm-ascend 0.23.0 over torch_npu 2.9.0")
        << u"8.5.0"_s
        << QStringList{u"torch=2.9.0"_s, u"torch-npu=2.9.0"_s, u"vllm=0.23.0"_s, u"vllm-ascend=0.23.0"_s,
                       u"triton-ascend=3.2.2"_s}
        << u"compat.vllm_ascend"_s << u"versioning_policy.md:26"_s;
}

void TestDiagnose::publishedStacks()
{
    QFETCH(QString, cann);
    QFETCH(QStringList, packages);
    QFETCH(QString, failing);
    QFETCH(QString, cites);
    if (m_realPython.isEmpty())
        QFAIL("python3 is required for this test (scripts/setup.sh installs it)");
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    QList<std::pair<QString, QString>> distributions;
    for (const QString &package : std::as_const(packages))
        distributions.append({package.section(u'=', 0, 0), package.section(u'=', 1)});
    const QString env = m_dir.filePath(u"env"_s);
    const QString root = m_dir.filePath(u"ascend-"_s + cann);
    QVERIFY(vna::test::writeFakePythonEnvironment(env, kFixtures, m_realPython, distributions, cann, 8));
    QVERIFY(vna::test::writeFakeAscendRoot(root, kFixtures, cann));
    const Run r = run({u"diagnose"_s, u"--json"_s, u"--ascend-root"_s, root, u"--python"_s, env + u"/python3"_s});
    const QJsonObject t
        = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"targets").toArray().first().toObject();
    QVERIFY2(!t.isEmpty(), qPrintable(r.out + r.err));
    QString evidence;
    for (const QString &id : {u"compat.torch_npu_cann"_s, u"compat.python"_s, u"compat.vllm_ascend"_s}) {
        const QJsonObject check = checkById(t, id);
        const QString verdict = check.value(u"verdict").toString();
        const QString text = check.value(u"evidence").toString();
        evidence += text + u'\n';
        QString expected = id == failing ? u"FAIL"_s : u"PASS"_s;
        if (id == u"compat.vllm_ascend"_s && !packages.join(u' ').contains(u"vllm-ascend="_s))
            expected = u"SKIP"_s;
        QVERIFY2(verdict == expected,
                 qPrintable(id + u' ' + verdict + u": "_s + text + u" / "_s + check.value(u"next_step").toString()));
    }
    QVERIFY2(evidence.contains(cites), qPrintable(evidence));
}

// The node stops answering in the middle of the probe (the overall timeout, or the connection
// drops): what came after is unknown, never "not installed".
void TestDiagnose::cutOffProbe_data()
{
    QTest::addColumn<QString>("cutBefore");
    QTest::addColumn<bool>("timedOut");
    QTest::addColumn<QStringList>("unread");
    QTest::addColumn<QStringList>("read");
    const QStringList cann{u"cann.toolkit"_s, u"driver.firmware"_s, u"cann.set_env"_s};
    const QStringList python{u"torch_npu.available"_s, u"compat.torch_npu_cann"_s, u"mindspeed.version"_s};
    QTest::addRow("before the version files") << u"file:"_s << true << cann + python + QStringList{u"memory.shm"_s}
                                              << QStringList{u"npu.smi"_s, u"log.levels"_s, u"hccl.settings"_s};
    QTest::addRow("before Python") << u"python"_s << true << python + QStringList{u"memory.shm"_s}
                                   << QStringList{u"npu.smi"_s, u"cann.toolkit"_s, u"driver.firmware"_s};
    QTest::addRow("connection lost in Python")
        << u"done"_s << false << python << QStringList{u"npu.smi"_s, u"cann.toolkit"_s};
}

void TestDiagnose::cutOffProbe()
{
    QFETCH(QString, cutBefore);
    QFETCH(bool, timedOut);
    QFETCH(QStringList, unread);
    QFETCH(QStringList, read);
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, u"info-m-a2-910b4.txt"_s, 0, vna::test::healthyPython(8)});
    vna::env::ProbeOptions options;
    options.python = m_bin + u"/python3"_s;
    options.ascendRoot = kFixtures + u"/ascend/root-a2"_s;
    const vna::env::ScriptRunner cut = [&](const QByteArray &script, int timeoutMs) {
        vna::ProcessRequest request;
        request.program = u"/bin/sh"_s;
        request.arguments = {u"-s"_s};
        request.input = script;
        request.timeoutMs = timeoutMs;
        vna::ProcessResult result = vna::runProcess(request);
        // Everything from the first section named cutBefore on never arrived; inside the python
        // section the JSON line is lost too.
        const qsizetype at = result.out.indexOf(QByteArray(":begin:" + cutBefore.toUtf8()));
        if (at >= 0) {
            const qsizetype lineStart = result.out.lastIndexOf('\n', at);
            result.out.truncate(cutBefore == u"done"_s ? result.out.indexOf("@@VNA-PYTHON@@") : lineStart);
        }
        result.timedOut = timedOut;
        result.exitCode = timedOut ? -1 : 255;
        return result;
    };
    const vna::env::Diagnosis d = vna::env::analyze(vna::env::collect(u"node1"_s, cut, options));
    QVERIFY(!d.snapshot.cutOff.isEmpty());
    for (const vna::env::Check &check : d.checks) {
        const QString text = check.evidence + u' ' + check.nextStep;
        QVERIFY2(!text.contains(u"not installed"_s) && !text.contains(u"No ascend_toolkit_install.info"_s),
                 qPrintable(check.id + u": "_s + text));
        if (unread.contains(check.id)) {
            QVERIFY2(check.verdict == vna::Verdict::Error, qPrintable(check.id + u": "_s + check.evidence));
            QVERIFY2(check.evidence.startsWith(u"Not read"_s), qPrintable(check.id + u": "_s + check.evidence));
        }
        if (read.contains(check.id))
            QVERIFY2(check.verdict != vna::Verdict::Error, qPrintable(check.id + u": "_s + check.evidence));
    }
}

void TestDiagnose::markdownMasksSecrets()
{
    node({u"a2-910b3-25.2.0-one-process.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    qputenv("VLLM_API_KEY", "hunter2-secret");
    qputenv("HF_TOKEN", "hf_notreported");
    const Run r = run({u"diagnose"_s, u"--markdown"_s, u"--ascend-root"_s, kFixtures + u"/ascend/root-a2"_s,
                       u"--python"_s, m_bin + u"/python3"_s});
    qunsetenv("VLLM_API_KEY");
    qunsetenv("HF_TOKEN");
    QVERIFY(!r.out.contains(u"hunter2-secret"_s));
    QVERIFY(!r.out.contains(u"hf_notreported"_s));
    QVERIFY(r.out.contains(u"VLLM_API_KEY=********"_s));
    QVERIFY(r.out.contains(u"<details><summary>npu-smi (exit code 0)</summary>"_s));
    QVERIFY(r.out.contains(u"| WARN | `npu.busy` |"_s));
    QVERIFY(r.out.contains(u"pid 1333928"_s));
}

void TestDiagnose::realPythonProbe()
{
    if (m_realPython.isEmpty())
        QFAIL("python3 is required for this test (scripts/setup.sh installs it)");
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, {}});
    const Run r = run({u"diagnose"_s, u"--json"_s, u"--deep"_s, u"--python"_s, m_realPython});
    const QJsonObject t
        = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"targets").toArray().first().toObject();
    const QJsonObject check = checkById(t, u"torch_npu.available"_s);
    // The real probe program runs; this machine has no torch_npu, which is a fact, not an error.
    QVERIFY2(check.value(u"verdict").toString() == u"SKIP"_s || check.value(u"verdict").toString() == u"FAIL"_s,
             qPrintable(check.value(u"evidence").toString()));
    QVERIFY(!t.value(u"versions").toObject().value(u"python").toString().isEmpty());
    QVERIFY(t.value(u"versions").toObject().value(u"torch_npu").isNull());
}

void TestDiagnose::outputFile()
{
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    const QString path = m_dir.filePath(u"report.json"_s);
    Run r = run({u"diagnose"_s, u"--json"_s, u"--output"_s, path, u"--python"_s, m_bin + u"/python3"_s});
    QCOMPARE(r.out, QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(QJsonDocument::fromJson(file.readAll()).object().contains(u"targets"));
    r = run(
        {u"diagnose"_s, u"--output"_s, m_dir.filePath(u"missing/dir/r.txt"_s), u"--python"_s, m_bin + u"/python3"_s});
    QCOMPARE(r.code, ExitCode::Runtime);
    QVERIFY(r.err.contains(u"Cannot write"_s));
}

void TestDiagnose::tildeExpandsOnTheNode()
{
    // Users type ~/… in the window; the node expands it, with its own home directory.
    node({u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)});
    const QByteArray home = qgetenv("HOME");
    qputenv("HOME", m_dir.path().toUtf8());
    const Run r = run({u"diagnose"_s, u"--json"_s, u"--python"_s, u"~/bin/python3"_s});
    qputenv("HOME", home);
    const QJsonObject t
        = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"targets").toArray().first().toObject();
    QCOMPARE(t.value(u"versions").toObject().value(u"torch_npu").toString(), u"2.4.0.post2"_s);
}

void TestDiagnose::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("bad nodeset") << QStringList{u"--hosts"_s, u"n[1-"_s} << u"never closed"_s;
    QTest::addRow("injection in host") << QStringList{u"--host"_s, u"n1;reboot"_s}
                                       << u"cannot be part of a host name"_s;
    QTest::addRow("json and markdown") << QStringList{u"--json"_s, u"--markdown"_s} << u"not both"_s;
    QTest::addRow("timeout 0") << QStringList{u"--timeout"_s, u"0"_s} << u"--timeout"_s;
    QTest::addRow("jobs too many") << QStringList{u"--jobs"_s, u"1000"_s} << u"--jobs"_s;
    QTest::addRow("missing ascend root") << QStringList{u"--ascend-root"_s, u"/nonexistent/Ascend"_s}
                                         << u"not a directory"_s;
    QTest::addRow("missing ssh config") << QStringList{u"--hosts"_s, u"n1"_s, u"--ssh-config"_s, u"/nonexistent"_s}
                                        << u"ssh configuration file"_s;
    QTest::addRow("missing host file") << QStringList{u"--hostfile"_s, u"/nonexistent/hosts"_s} << u"host file"_s;
}

void TestDiagnose::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = run(QStringList{u"diagnose"_s} + args);
    QCOMPARE(r.code, ExitCode::Usage);
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    QCOMPARE(r.out, QString());
}

void TestDiagnose::envScript_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<ExitCode>("code");
    QTest::addColumn<QStringList>("lines");
    QTest::addRow("defaults") << QStringList{} << ExitCode::Ok
                              << QStringList{u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s,
                                             u"export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"_s,
                                             u"export RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1"_s,
                                             u"export ASCEND_GLOBAL_LOG_LEVEL=3"_s};
    QTest::addRow("A3 debug multi-node")
        << QStringList{u"--devices"_s,         u"0-15"_s,
                       u"--cann-log-level"_s,  u"debug"_s,
                       u"--log-to-stdout"_s,   u"--multi-node"_s,
                       u"--ifname"_s,          u"enp189s0f0"_s,
                       u"--connect-timeout"_s, u"3600"_s,
                       u"--exec-timeout"_s,    u"3600"_s,
                       u"--set-env"_s,         u"/usr/local/Ascend/cann/set_env.sh"_s}
        << ExitCode::Ok
        << QStringList{u"export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"_s,
                       u"export ASCEND_GLOBAL_LOG_LEVEL=0"_s,
                       u"export ASCEND_SLOG_PRINT_TO_STDOUT=1"_s,
                       u"export HCCL_DEBUG_CONFIG=ALG,TASK"_s,
                       u"export HCCL_CONNECT_TIMEOUT=3600"_s,
                       u"export HCCL_EXEC_TIMEOUT=3600"_s,
                       u"export HCCL_SOCKET_IFNAME=enp189s0f0"_s,
                       u"export GLOO_SOCKET_IFNAME=enp189s0f0"_s,
                       u"source /usr/local/Ascend/cann/set_env.sh"_s,
                       u"#   ray start --head --port 6766 --resources='{\"NPU\": 16}'"_s};
    // What verl's two-node practice exports on every node (v0.9.0:docs/ascend_tutorial/model_support/
    // examples/multi-machine_task_startup_practice.rst:69-94) and vllm-ascend's Ray tutorial adds
    // (docs/source/tutorials/features/ray.md:111-117 at 182b75e).
    QTest::addRow("verl's multi-node practice")
        << QStringList{u"--multi-node"_s, u"--ifname"_s, u"eth0"_s, u"--devices"_s, u"0-7"_s} << ExitCode::Ok
        << QStringList{u"export TASK_QUEUE_ENABLE=1"_s,
                       u"export HCCL_ASYNC_ERROR_HANDLING=0"_s,
                       u"export HYDRA_FULL_ERROR=1"_s,
                       u"export RAY_DEDUP_LOGS=0"_s,
                       u"export HCCL_CONNECT_TIMEOUT=3600"_s,
                       u"export HCCL_EXEC_TIMEOUT=3600"_s,
                       u"export HCCL_HOST_SOCKET_PORT_RANGE=60000-60050"_s,
                       u"export HCCL_NPU_SOCKET_PORT_RANGE=61000-61050"_s,
                       u"export TP_SOCKET_IFNAME=eth0"_s,
                       u"ulimit -n 32768"_s,
                       u"#   ray start --address=HEAD_IP:6766 --resources='{\"NPU\": 8}'"_s};
    QTest::addRow("a user's timeout wins")
        << QStringList{u"--multi-node"_s, u"--ifname"_s, u"eth0"_s, u"--exec-timeout"_s, u"7200"_s} << ExitCode::Ok
        << QStringList{u"export HCCL_EXEC_TIMEOUT=7200"_s, u"export HCCL_CONNECT_TIMEOUT=3600"_s};
    QTest::addRow("devices not given are a guess")
        << QStringList{} << ExitCode::Ok
        << QStringList{u"# A guess: nothing said how many devices the node has. An Atlas A2 node has 8 (0-7), an A3 "
                       u"node 16 (0-15, two per NPU): run the checks on it first, or give the ids."_s};
    QTest::addRow("no devices, no NOSET")
        << QStringList{u"--devices"_s, QString(), u"--no-ray-noset"_s, u"--set-env"_s, QString()} << ExitCode::Ok
        << QStringList{u"export ASCEND_GLOBAL_LOG_LEVEL=3"_s};
    QTest::addRow("ports, path with a space quoted")
        << QStringList{u"--multi-process-ports"_s, u"--set-env"_s, u"/opt/my ascend/set_env.sh"_s} << ExitCode::Ok
        << QStringList{u"export HCCL_HOST_SOCKET_PORT_RANGE=60000-60050"_s, u"source '/opt/my ascend/set_env.sh'"_s};
    QTest::addRow("multi-node needs ifname") << QStringList{u"--multi-node"_s} << ExitCode::Usage << QStringList{};
    QTest::addRow("bad ifname") << QStringList{u"--multi-node"_s, u"--ifname"_s, u"eth0;rm"_s} << ExitCode::Usage
                                << QStringList{};
    QTest::addRow("backwards devices") << QStringList{u"--devices"_s, u"7-0"_s} << ExitCode::Usage << QStringList{};
    QTest::addRow("devices with words") << QStringList{u"--devices"_s, u"all"_s} << ExitCode::Usage << QStringList{};
    QTest::addRow("level number") << QStringList{u"--cann-log-level"_s, u"0"_s} << ExitCode::Usage << QStringList{};
    QTest::addRow("connect timeout range")
        << QStringList{u"--connect-timeout"_s, u"30"_s} << ExitCode::Usage << QStringList{};
}

void TestDiagnose::envScript()
{
    QFETCH(QStringList, args);
    QFETCH(ExitCode, code);
    QFETCH(QStringList, lines);
    const Run r = run(QStringList{u"env-script"_s} + args);
    QCOMPARE(r.code, code);
    const QStringList out = r.out.split(u'\n');
    for (const QString &line : lines)
        QVERIFY2(out.contains(line), qPrintable(line + u"\nnot in:\n"_s + r.out));
    if (code == ExitCode::Ok) {
        QVERIFY(r.out.startsWith(u"# verl on Ascend NPU"_s));
        for (const QString &line : out)
            QVERIFY2(line.isEmpty() || line.startsWith(u'#') || line.startsWith(u"export "_s)
                         || line.startsWith(u"source "_s) || line.startsWith(u"[ -f "_s)
                         || line == u"ulimit -n 32768"_s,
                     qPrintable(line));
        if (!args.contains(u"--no-ray-noset"_s))
            QVERIFY(!r.out.contains(u"HCCL_DEBUG="_s));
    } else {
        QVERIFY(!r.err.isEmpty());
    }
}

void TestDiagnose::processRunner()
{
    vna::ProcessRequest request;
    request.program = u"/bin/sh"_s;
    request.arguments = {u"-c"_s, u"cat; echo done >&2; exit 7"_s};
    request.input = "hello";
    vna::ProcessResult r = vna::runProcess(request);
    QCOMPARE(r.out, QByteArray("hello"));
    QCOMPARE(r.err, QByteArray("done\n"));
    QCOMPARE(r.exitCode, 7);

    request.arguments = {u"-c"_s, u"sleep 30 & sleep 30"_s};
    request.input.clear();
    request.timeoutMs = 300;
    r = vna::runProcess(request);
    QVERIFY(r.timedOut);
    QCOMPARE(r.exitCode, -1);

    std::atomic_bool cancel{true};
    r = vna::runProcess(request, &cancel);
    QVERIFY(r.canceled);

    request.program = u"/nonexistent/program"_s;
    r = vna::runProcess(request);
    QVERIFY(!r.started);
    QVERIFY(r.errorString.contains(u"/nonexistent/program"_s));

    request.program = u"/bin/sh"_s;
    request.arguments = {u"-c"_s, u"head -c 100000 /dev/zero"_s};
    request.timeoutMs = 10000;
    request.maxOutput = 1000;
    r = vna::runProcess(request);
    QVERIFY(r.truncated);
    QCOMPARE(r.out.size(), 1000);
}

QTEST_GUILESS_MAIN(TestDiagnose)
#include "tst_diagnose.moc"
