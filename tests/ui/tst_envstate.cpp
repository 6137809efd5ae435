// The Environment tool's state without a window: what to diagnose and which field is wrong, the
// node count, and what is remembered.
#include <QFile>
#include <QTest>

#include "common/paths.h"
#include "env/envstate.h"

using namespace Qt::StringLiterals;
using vna::ui::EnvInputs;
using vna::ui::EnvState;

class TestEnvState final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void options_data();
    void options();
    void inputsAreRemembered();
};

void TestEnvState::options_data()
{
    QTest::addColumn<bool>("remote");
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<QString>("sshConfig");
    QTest::addColumn<QString>("python");
    QTest::addColumn<QString>("ascendRoot");
    QTest::addColumn<QString>("wrong"); // Error::where, or empty
    QTest::addColumn<int>("targets");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("cluster"); // null: no all-reduce across the nodes; else its "meet at"
    QTest::addRow("this machine") << false << u"node[1-3]"_s << QString() << u"python3"_s << QString() << QString() << 0
                                  << QString() << QString();
    QTest::addRow("three nodes") << true << u"node[1-3]"_s << QString() << u"python3"_s << QString() << QString() << 3
                                 << u"3 node(s): node[1-3]"_s << QString();
    QTest::addRow("bad node set") << true << u"node[3-1]"_s << QString() << u"python3"_s << QString() << u"hosts"_s << 0
                                  << QString() << QString();
    QTest::addRow("unreadable ssh config") << true << u"a,b"_s << u"/nonexistent/ssh_config"_s << u"python3"_s
                                           << QString() << u"sshConfig"_s << 0 << u"2 node(s): a,b"_s << QString();
    QTest::addRow("no python") << false << QString() << QString() << u"  "_s << QString() << u"python"_s << 0
                               << QString() << QString();
    QTest::addRow("root not here") << false << QString() << QString() << u"python3"_s << u"/nonexistent/Ascend"_s
                                   << u"ascendRoot"_s << 0 << QString() << QString();
    QTest::addRow("root checked on the nodes")
        << true << u"a"_s << QString() << u"python3"_s << u"/nonexistent/Ascend"_s << QString() << 1
        << u"1 node(s): a"_s << QString();
    QTest::addRow("all-reduce across two nodes")
        << true << u"a,b"_s << QString() << u"python3"_s << QString() << QString() << 2 << u"2 node(s): a,b"_s << u""_s;
    QTest::addRow("all-reduce needs two nodes")
        << true << u"a"_s << QString() << u"python3"_s << QString() << u"hosts"_s << 0 << u"1 node(s): a"_s << u""_s;
    QTest::addRow("meet at an address") << true << u"a,b"_s << QString() << u"python3"_s << QString() << QString() << 2
                                        << u"2 node(s): a,b"_s << u"10.0.0.7"_s;
    QTest::addRow("meet at a word") << true << u"a,b"_s << QString() << u"python3"_s << QString() << u"masterAddr"_s
                                    << 0 << u"2 node(s): a,b"_s << u"node1"_s;
}

void TestEnvState::options()
{
    QFETCH(bool, remote);
    QFETCH(QString, hosts);
    QFETCH(QString, sshConfig);
    QFETCH(QString, python);
    QFETCH(QString, ascendRoot);
    QFETCH(QString, wrong);
    QFETCH(int, targets);
    QFETCH(QString, summary);
    QFETCH(QString, cluster);
    EnvState state;
    state.inputs.cluster = !cluster.isNull();
    state.inputs.masterAddr = cluster;
    state.inputs.remote = remote;
    state.inputs.hosts = hosts;
    state.inputs.sshConfig = sshConfig;
    state.inputs.python = python;
    state.inputs.ascendRoot = ascendRoot;
    state.inputs.timeoutSec = 90;
    const auto options = state.options();
    QCOMPARE(options.ok(), wrong.isEmpty());
    if (!options)
        QCOMPARE(options.error().where, wrong);
    else
        QCOMPARE(options->hosts.size(), targets);
    if (options && remote)
        QCOMPARE(options->ssh.connectTimeoutSec, 30); // ssh gives up connecting sooner than a probe
    if (options) {
        QCOMPARE(options->clusterAllReduce, !cluster.isNull());
        QCOMPARE(options->masterAddr, cluster.isNull() ? QString() : cluster);
    }
    QCOMPARE(state.hostsSummary(), summary);
}

void TestEnvState::inputsAreRemembered()
{
    QFile::remove(vna::paths::settingsFile());
    EnvInputs in;
    in.remote = true;
    in.hosts = u"node[01-16]"_s;
    in.sshConfig = u"~/.ssh/cluster"_s;
    in.acceptKeys = true;
    in.python = u"/opt/conda/bin/python"_s;
    in.ascendRoot = u"/usr/local/Ascend"_s;
    in.timeoutSec = 45;
    in.scriptDevices = u"0-15"_s;
    in.scriptLevel = static_cast<int>(vna::env::LogLevel::Info);
    in.scriptMultiNode = true;
    in.scriptIfname = u"eth0"_s;
    in.scriptSetEnv = u"/opt/set_env.sh"_s;
    in.save();
    QCOMPARE(EnvInputs::load(), in);
}

QTEST_GUILESS_MAIN(TestEnvState)
#include "tst_envstate.moc"
