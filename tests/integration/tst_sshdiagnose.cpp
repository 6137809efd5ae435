// `diagnose --hosts` against real sshd processes on 127.0.0.2 and 127.0.0.3: two probed nodes that
// differ, a refused connection, an unknown host key (refused, then accepted on request), a changed
// host key, a path crafted to inject shell that must arrive as data, node names crafted to inject
// shell or ssh options that are refused before anything runs, secrets (the private key, secret
// environment variables on the node) that never reach the report or the log file, and the all-reduce
// across both nodes' NPUs (with stand-ins for torch that sum over TCP).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "common/logging.h"
#include "support/clirun.h"
#include "support/fakenode.h"
#include "support/modelfiles.h"
#include "support/sshd.h"

using namespace Qt::StringLiterals;
using vna::ExitCode;

namespace {

using Run = vna::test::CliRun;

Run run(const QStringList &args)
{
    return vna::test::runCli(args);
}

QJsonObject target(const QJsonObject &root, const QString &host)
{
    for (const QJsonValue &v : root.value(u"targets").toArray())
        if (v.toObject().value(u"host").toString() == host)
            return v.toObject();
    return {};
}

QString verdict(const QJsonObject &target, const QString &id)
{
    for (const QJsonValue &v : target.value(u"checks").toArray())
        if (v.toObject().value(u"id").toString() == id)
            return v.toObject().value(u"verdict").toString();
    return QString();
}

QString evidence(const QJsonObject &target, const QString &id)
{
    for (const QJsonValue &v : target.value(u"checks").toArray())
        if (v.toObject().value(u"id").toString() == id)
            return v.toObject().value(u"evidence").toString();
    return QString();
}

} // namespace

class TestSshDiagnose final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void twoNodesAndFailures();
    void acceptNewHostKey();
    void changedHostKey();
    void injectionIsData();
    void hostileNodeNames_data();
    void hostileNodeNames();
    void secretsStayOut();
    void clusterAllReduce_data();
    void clusterAllReduce();

private:
    QString config(const QString &knownHosts) const;
    QStringList common(const QString &configFile) const;

    QTemporaryDir m_dir;
    std::unique_ptr<vna::test::SshServer> m_a;
    std::unique_ptr<vna::test::SshServer> m_b;
    QString m_key;
    QString m_knownHosts;
    QString m_python;
};

void TestSshDiagnose::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!QFile::exists(u"/usr/sbin/sshd"_s))
        QFAIL("openssh-server is required (scripts/setup.sh installs it)");
    const QString fixtures = QStringLiteral(VNA_FIXTURES_DIR);
    QVERIFY(vna::test::writeFakeNode(m_dir.filePath(u"bin-a"_s), fixtures,
                                     {u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)}));
    QVERIFY(vna::test::writeFakeNode(
        m_dir.filePath(u"bin-b"_s), fixtures,
        {u"a2-910b4-26.0.rc1-wide-container.txt"_s, QString(), 0, vna::test::healthyPython(8)}));
    m_python = m_dir.filePath(u"bin-a/python3"_s);
    m_key = vna::test::ensureUserKey(m_dir.path());
    m_a = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-a"_s), u"127.0.0.2"_s);
    m_b = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-b"_s), u"127.0.0.3"_s);
    QVERIFY2(m_a->start({{u"PATH"_s, m_dir.filePath(u"bin-a"_s) + u":/usr/bin:/bin"_s},
                         {u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,1,2,3,4,5,6,7"_s},
                         // Secrets in the node's environment, which secretsStayOut looks for.
                         {u"WANDB_API_KEY"_s, u"vna-secret-wandb-7f3a"_s},
                         {u"HCCL_AUTH_TOKEN"_s, u"vna-secret-hccl-91c2"_s},
                         {u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s, u"1"_s}}),
             qPrintable(m_a->errorString()));
    QVERIFY2(m_b->start({{u"PATH"_s, m_dir.filePath(u"bin-b"_s) + u":/usr/bin:/bin"_s},
                         {u"ASCEND_RT_VISIBLE_DEVICES"_s, u"0,1,2,3"_s},
                         {u"RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES"_s, u"1"_s}}),
             qPrintable(m_b->errorString()));
    m_knownHosts = m_dir.filePath(u"known_hosts"_s);
    QVERIFY(
        vna::test::writeFile(m_knownHosts, (m_a->knownHostsLine() + u'\n' + m_b->knownHostsLine() + u'\n').toUtf8()));
}

QString TestSshDiagnose::config(const QString &knownHosts) const
{
    QString path = m_dir.filePath(u"ssh_config-%1"_s.arg(QFileInfo(knownHosts).fileName()));
    const auto host = [&](const QString &name, const QString &address, int port) {
        return vna::test::clientHostBlock(name, address, port, m_key, knownHosts);
    };
    // 127.0.0.4 has no server: the connection is refused.
    vna::test::writeFile(path,
                         (host(u"node1"_s, m_a->address(), m_a->port()) + host(u"node2"_s, m_b->address(), m_b->port())
                          + host(u"node9"_s, u"127.0.0.4"_s, m_a->port()))
                             .toUtf8());
    return path;
}

QStringList TestSshDiagnose::common(const QString &configFile) const
{
    return {u"diagnose"_s, u"--json"_s, u"--ssh-config"_s, configFile,
            u"--python"_s, m_python,    u"--timeout"_s,    u"10"_s};
}

void TestSshDiagnose::twoNodesAndFailures()
{
    const Run r = run(common(config(m_knownHosts))
                      + QStringList{u"--hosts"_s, u"node[1-2],node9"_s, u"--ascend-root"_s,
                                    QStringLiteral(VNA_FIXTURES_DIR "/ascend/root-a2")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, ExitCode::Problems); // node2 has an NPU in Alarm
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root.value(u"targets").toArray().size(), 3);
    const QJsonObject a = target(root, u"node1"_s);
    const QJsonObject b = target(root, u"node2"_s);
    const QJsonObject down = target(root, u"node9"_s);
    QCOMPARE(verdict(a, u"npu.smi"_s), u"PASS"_s);
    QCOMPARE(verdict(a, u"npu.health"_s), u"PASS"_s);
    QCOMPARE(a.value(u"devices").toArray().size(), 8);
    QCOMPARE(a.value(u"environment").toObject().value(u"ASCEND_RT_VISIBLE_DEVICES").toString(), u"0,1,2,3,4,5,6,7"_s);
    QCOMPARE(verdict(b, u"npu.health"_s), u"FAIL"_s);
    QCOMPARE(b.value(u"devices").toArray().size(), 4);
    // The toolkit was found but not sourced: in a non-interactive ssh shell, and the check says so.
    QCOMPARE(verdict(b, u"cann.set_env"_s), u"FAIL"_s);
    QVERIFY(evidence(b, u"cann.set_env"_s).contains(u"non-interactive ssh"_s));
    QCOMPARE(down.value(u"reachable").toBool(), false);
    QCOMPARE(verdict(down, u"ssh.connect"_s), u"ERROR"_s);
    QVERIFY2(evidence(down, u"ssh.connect"_s).contains(u"Cannot reach node9"_s),
             qPrintable(evidence(down, u"ssh.connect"_s)));

    const Run text = run({u"diagnose"_s, u"--ssh-config"_s, config(m_knownHosts), u"--python"_s, m_python, u"--hosts"_s,
                          u"node[1-2]"_s});
    QVERIFY2(text.out.contains(u"Where the nodes differ:"_s), qPrintable(text.out));
    QVERIFY(text.out.contains(u"ASCEND_RT_VISIBLE_DEVICES: node1=0,1,2,3,4,5,6,7, node2=0,1,2,3"_s));
    QVERIFY(text.out.contains(u"npu_smi: node1=24.1.rc3, node2=26.0.rc1"_s));
}

void TestSshDiagnose::acceptNewHostKey()
{
    const QString empty = m_dir.filePath(u"known_hosts_empty"_s);
    QVERIFY(vna::test::writeFile(empty, {}));
    const QString cfg = config(empty);
    Run r = run(common(cfg) + QStringList{u"--hosts"_s, u"node1"_s});
    QJsonObject a = target(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s);
    QCOMPARE(verdict(a, u"ssh.connect"_s), u"ERROR"_s);
    QVERIFY2(evidence(a, u"ssh.connect"_s).contains(u"not in known_hosts"_s),
             qPrintable(evidence(a, u"ssh.connect"_s)));
    QFile known(empty);
    QVERIFY(known.open(QIODevice::ReadOnly));
    QCOMPARE(known.readAll(), QByteArray()); // nothing was accepted silently
    known.close();

    r = run(common(cfg) + QStringList{u"--hosts"_s, u"node1"_s, u"--accept-new-host-keys"_s});
    a = target(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s);
    QCOMPARE(verdict(a, u"npu.smi"_s), u"PASS"_s);
    QVERIFY(known.open(QIODevice::ReadOnly));
    QVERIFY(known.readAll().contains("ssh-ed25519"));
}

void TestSshDiagnose::changedHostKey()
{
    // node1's address with node2's key: what a reinstalled node or an attacker looks like.
    const QString wrong = m_dir.filePath(u"known_hosts_wrong"_s);
    QString line = m_b->knownHostsLine();
    line.replace(u"[127.0.0.3]:%1"_s.arg(m_b->port()), u"[127.0.0.2]:%1"_s.arg(m_a->port()));
    QVERIFY(vna::test::writeFile(wrong, (line + u'\n').toUtf8()));
    const Run r = run(common(config(wrong)) + QStringList{u"--hosts"_s, u"node1"_s, u"--accept-new-host-keys"_s});
    const QJsonObject a = target(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s);
    QCOMPARE(verdict(a, u"ssh.connect"_s), u"ERROR"_s);
    QVERIFY2(evidence(a, u"ssh.connect"_s).contains(u"CHANGED"_s), qPrintable(evidence(a, u"ssh.connect"_s)));
}

void TestSshDiagnose::injectionIsData()
{
    const QString marker = m_dir.filePath(u"PWNED"_s);
    const QString hostile = u"/tmp/x'$(touch %1)`touch %1`;touch %1\n-rf"_s.arg(marker);
    const Run r
        = run(common(config(m_knownHosts)) + QStringList{u"--hosts"_s, u"node1"_s, u"--ascend-root"_s, hostile});
    const QJsonObject a = target(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s);
    QCOMPARE(verdict(a, u"npu.smi"_s), u"PASS"_s);
    QCOMPARE(verdict(a, u"cann.toolkit"_s), u"FAIL"_s); // the odd root was searched, as a path
    QVERIFY(!QFile::exists(marker));
}

void TestSshDiagnose::hostileNodeNames_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("name");
    const QString marker = m_dir.filePath(u"PWNED"_s);
    for (const QString &option : {u"--hosts"_s, u"--host"_s}) {
        const auto row = [&](const char *what, const QString &name) {
            QTest::addRow("%s %s", qPrintable(option), what) << option << name;
        };
        row("semicolon", u"node1; rm -rf %1"_s.arg(marker));
        row("command substitution", u"$(touch %1)"_s.arg(marker));
        row("backticks", u"node`touch %1`"_s.arg(marker));
        row("newline", u"node1\ntouch %1"_s.arg(marker));
        row("leading dash", u"-oProxyCommand=touch %1"_s.arg(marker));
        row("option after a space", u"node1 -oProxyCommand=touch %1"_s.arg(marker));
        row("pipe", u"node1|touch %1"_s.arg(marker));
    }
}

void TestSshDiagnose::hostileNodeNames()
{
    QFETCH(QString, option);
    QFETCH(QString, name);
    const QString marker = m_dir.filePath(u"PWNED"_s);
    const Run r = run(common(config(m_knownHosts)) + QStringList{option, name});
    QCOMPARE(r.code, ExitCode::Usage);
    QVERIFY2(r.err.contains(u"--"_s + option.mid(2)), qPrintable(r.err)); // says which option is wrong
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out));                         // nothing was probed
    QVERIFY(!QFile::exists(marker));
    // The sync wizard reads node names with the same rules.
    const Run sync = run({u"sync"_s, u"--checkpoint"_s, m_dir.path(), u"--nodes"_s, name, u"--dry-run"_s});
    QCOMPARE(sync.code, ExitCode::Usage);
    QVERIFY(!QFile::exists(marker));
}

void TestSshDiagnose::secretsStayOut()
{
    // Everything at the most verbose level into a log file, as `--log-level trace` does.
    const QString logFile = m_dir.filePath(u"secrets.log"_s);
    QVERIFY(vna::log::init({vna::log::Level::Trace, false, vna::log::Level::Warn, logFile, false}).ok());
    const QString report = m_dir.filePath(u"report.md"_s);
    const Run json = run(common(config(m_knownHosts)) + QStringList{u"--hosts"_s, u"node1"_s});
    const Run markdown = run({u"diagnose"_s, u"--markdown"_s, u"--output"_s, report, u"--ssh-config"_s,
                              config(m_knownHosts), u"--python"_s, m_python, u"--hosts"_s, u"node1"_s});
    vna::log::shutdown();
    const QString reportText = QString::fromUtf8(vna::test::readFile(report));
    const QString logText = QString::fromUtf8(vna::test::readFile(logFile));
    // The test sees what it checks: the node was probed, its variables reported, the run logged.
    QVERIFY2(json.out.contains(u"HCCL_AUTH_TOKEN"_s), qPrintable(json.out));
    QVERIFY2(reportText.contains(u"node1"_s), qPrintable(reportText));
    QVERIFY2(logText.contains(u"node1"_s), qPrintable(logText));

    QStringList secrets{u"vna-secret-wandb-7f3a"_s, u"vna-secret-hccl-91c2"_s};
    secrets += vna::test::privateKeyLines(m_key);
    QVERIFY(secrets.size() > 2);
    for (const QString &secret : std::as_const(secrets)) {
        QVERIFY2(!json.out.contains(secret) && !json.err.contains(secret), qPrintable(secret));
        QVERIFY2(!markdown.out.contains(secret) && !markdown.err.contains(secret), qPrintable(secret));
        QVERIFY2(!reportText.contains(secret), qPrintable(secret));
        QVERIFY2(!logText.contains(secret), qPrintable(secret));
    }
}

QTEST_GUILESS_MAIN(TestSshDiagnose)
// Both nodes start one process per NPU over ssh; the ranks meet at rank 0 on node1. At an address no
// node has (TEST-NET-1), rank 0 cannot listen and every rank fails; with a node down nothing runs.
void TestSshDiagnose::clusterAllReduce_data()
{
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<QString>("master");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("two nodes, 16 ranks") << u"node[1-2]"_s << u"127.0.0.2"_s << u"PASS"_s
                                         << u"this node's 8 rank(s) got the right sum"_s;
    QTest::addRow("rank 0 cannot listen") << u"node[1-2]"_s << u"192.0.2.1"_s << u"FAIL"_s << u"rank 0: OSError"_s;
    QTest::addRow("a node down") << u"node1,node9"_s << u"127.0.0.2"_s << u"SKIP"_s << u"node9 (unreachable)"_s;
}

void TestSshDiagnose::clusterAllReduce()
{
    QFETCH(QString, hosts);
    QFETCH(QString, master);
    QFETCH(QString, expected);
    QFETCH(QString, mentions);
    const QString real = QStandardPaths::findExecutable(u"python3"_s);
    QVERIFY2(!real.isEmpty(), "python3 is required (scripts/setup.sh installs it)");
    const QString env = m_dir.filePath(u"cluster-env"_s);
    QVERIFY(vna::test::writeFakePythonEnvironment(env, QStringLiteral(VNA_FIXTURES_DIR), real,
                                                  {{u"torch"_s, u"2.10.0"_s}, {u"torch-npu"_s, u"2.10.0.post4"_s}},
                                                  u"9.1.0"_s, 8));
    const int port = 30000 + static_cast<int>(QRandomGenerator::global()->bounded(10000));
    QStringList args{u"diagnose"_s,
                     u"--json"_s,
                     u"--ssh-config"_s,
                     config(m_knownHosts),
                     u"--python"_s,
                     env + u"/python3"_s,
                     u"--timeout"_s,
                     u"10"_s,
                     u"--hosts"_s,
                     hosts,
                     u"--cluster-allreduce"_s,
                     u"--master-addr"_s,
                     master,
                     u"--master-port"_s,
                     QString::number(port)};
    const Run r = run(args);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject node1 = target(root, u"node1"_s);
    QCOMPARE(verdict(node1, u"deep.cluster"_s), expected);
    QVERIFY2(evidence(node1, u"deep.cluster"_s).contains(mentions), qPrintable(evidence(node1, u"deep.cluster"_s)));
    if (expected == u"PASS"_s) {
        QVERIFY(evidence(node1, u"deep.cluster"_s)
                    .contains(u"16 rank(s) on 2 node(s), meeting at 127.0.0.2:%1 (given)"_s.arg(port)));
        QCOMPARE(verdict(target(root, u"node2"_s), u"deep.cluster"_s), u"PASS"_s);
    }
}

#include "tst_sshdiagnose.moc"
