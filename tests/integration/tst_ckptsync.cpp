// `sync` against real sshd "nodes" on 127.0.0.x, each in its own mount namespace so that the
// checkpoint path holds different files on every node, as on disks that are not shared.
#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <thread>

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include "ckptsync/sync.h"
#include "common/logging.h"
#include "hydra/shell.h"
#include "support/clirun.h"
#include "support/modelfiles.h"
#include "support/sshd.h"

#include <csignal>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using vna::ExitCode;

namespace {

QByteArray randomBytes(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    auto *words = reinterpret_cast<quint32 *>(bytes.data());
    QRandomGenerator::global()->fillRange(words, size / 4);
    return bytes;
}

QStringList tempFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.contains(u".vna-tmp-"_s))
            found.append(path);
    }
    return found;
}

QJsonObject resultOf(const QJsonObject &root, const QString &node)
{
    for (const QJsonValue &v : root.value(u"results").toArray())
        if (v.toObject().value(u"node").toString() == node)
            return v.toObject();
    return {};
}

const QString kDist = u"global_step_5/actor/dist_ckpt"_s;

// For the chain tests: what this machine sends to the first node is held at `bytes` until `released`
// (15 s at most in all, under the 30 s a node may go without progress). So the middle node cannot hold
// the whole file before the next node receives from it, however late the load makes that one start:
// once c3 started 3.5 s after c2 on CI and c2 was done before it could be taken down.
std::function<void(const QString &, qint64, qint64, double)>
holdFirstNode(const QString &first, qint64 bytes, const std::atomic_bool &released)
{
    auto left = std::make_shared<std::atomic<qint64>>(15000); // ms of holding left
    return [first, bytes, &released, left](const QString &node, qint64 sent, qint64, double) {
        while (node == first && sent >= bytes && !released.load() && left->load() > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            *left -= 20;
        }
    };
}

// The nodes' errors in a --json result, for a failure message.
QString errorsOf(const QString &json)
{
    QString errors;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.toUtf8()).object().value(u"results").toArray())
        if (!v.toObject().value(u"error").isNull())
            errors
                += v.toObject().value(u"node").toString() + u": "_s + v.toObject().value(u"error").toString() + u'\n';
    return errors.isEmpty() ? json.left(600) : errors;
}

// What a run reads at the source and plans from every node's preflight, as the CLI does.
vna::Result<std::pair<vna::ckptsync::SourceData, QList<vna::ckptsync::PlanItem>>>
prepare(const vna::ckptsync::Options &options)
{
    const auto discovery = vna::ckptsync::discoverSource(options.source, options.ssh);
    if (!discovery)
        return discovery.error();
    const auto set = vna::ckptsync::filesToSync(*discovery, options.selection);
    if (!set)
        return set.error();
    auto source = vna::ckptsync::readSource(options.source, *set, options.ssh);
    if (!source)
        return source.error();
    auto plan = vna::ckptsync::buildPlan(*source, vna::ckptsync::preflight(options, *source));
    return std::pair{std::move(*source), std::move(plan)};
}

// A run of `options` as the chain tests start it: prepared, routed node to node, and a chain.
void prepareChain(const vna::ckptsync::Options &options,
                  std::pair<vna::ckptsync::SourceData, QList<vna::ckptsync::PlanItem>> &run)
{
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    run = *prepared;
    QCOMPARE(vna::ckptsync::planRoutes(options, vna::ckptsync::preflight(options, run.first), run.second),
             QStringList());
    QCOMPARE(vna::ckptsync::topologyOf(run.second), vna::ckptsync::Topology::Chain);
}

} // namespace

class TestCkptSync final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dryRunChangesNothing();
    void syncToNodes();
    void rerunSkipsIdentical();
    void verifyOnly();
    void readOnlyDestination();
    void unknownHostKey();
    void retryFailedCompletes();
    void relayFromAnotherHost();
    void cancelThenResume();
    void cancelWaitsForTheNodesShell();
    void sourceChangedWhileSentIsNamed();
    void exportScriptNeedsNoNodes();
    void exportedScriptsRun();
    void layouts_data();
    void layouts();
    void destinationLinksAndSpecialFiles();
    void interruptedRunsAreCompleted();
    void concurrentRunIsRefused();
    void sourceLinks();
    void stepFolderWithoutTracker();
    void watchWaitsForCompleteSteps();
    void fullFolderIsSeen();
    void killedNodeShellIsResumed();
    void bandwidthLimitAndProgress();
    void hostilePathIsData();
    void secretsStayOutOfAuditAndLog();
    void chainRelaysNodeToNode();
    void middleNodeFailsChainCompletes();
    void silentNodeIsSeenInSeconds();
    void cancelReachesNodesThatPull();
    void unreachablePeersFallBackToStar();

private:
    vna::test::SshServer &
    server(const QString &name, const QString &address, const QString &nodeDir, bool readOnly = false);
    void writeConfig();
    QStringList common() const;
    // A run of one step of this test's checkpoint to `nodes`, with its ssh configuration.
    vna::ckptsync::Options oneStep(const QStringList &nodes, int step) const;
    QString node(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir{QDir::tempPath() + u"/vna-sync-XXXXXX"_s};
    QString m_ckpt;
    QString m_key;
    QMap<QString, std::shared_ptr<vna::test::SshServer>> m_servers;
    QString m_config;
    QString m_emptyKnownHosts;
    QByteArray m_common;
};

vna::test::SshServer &
TestCkptSync::server(const QString &name, const QString &address, const QString &nodeDir, bool readOnly)
{
    auto s = std::make_shared<vna::test::SshServer>(m_dir.filePath(u"sshd-"_s + name), address);
    if (!nodeDir.isEmpty()) {
        QDir().mkpath(nodeDir);
        s->bindMount(nodeDir, m_ckpt, readOnly);
    }
    m_servers.insert(name, s);
    return *s;
}

void TestCkptSync::writeConfig()
{
    QString known;
    QString config;
    for (auto it = m_servers.cbegin(); it != m_servers.cend(); ++it) {
        if (it.value()->port() == 0)
            continue;
        known += it.value()->knownHostsLine() + u'\n';
        config += vna::test::clientHostBlock(it.key(), it.value()->address(), it.value()->port(), m_key,
                                             it.key() == u"fresh"_s ? m_emptyKnownHosts
                                                                    : m_dir.filePath(u"known_hosts"_s));
    }
    // Nothing listens on 127.0.0.9.
    config += u"Host down\n  HostName 127.0.0.9\n  Port 2\n  User root\n  IdentityFile %1\n  LogLevel ERROR\n"_s.arg(
        m_key);
    vna::test::writeFile(m_dir.filePath(u"known_hosts"_s), known.toUtf8());
    m_config = m_dir.filePath(u"ssh_config"_s);
    vna::test::writeFile(m_config, config.toUtf8());
}

QStringList TestCkptSync::common() const
{
    return {u"sync"_s, u"--checkpoint"_s, m_ckpt, u"--ssh-config"_s, m_config, u"--timeout"_s,
            u"30"_s,   u"--retries"_s,    u"0"_s};
}

vna::ckptsync::Options TestCkptSync::oneStep(const QStringList &nodes, int step) const
{
    vna::ckptsync::Options options;
    options.source.root = m_ckpt;
    options.nodes = nodes;
    options.ssh.configFile = m_config;
    options.selection.steps = vna::ckptsync::Selection::Steps::One;
    options.selection.step = step;
    return options;
}

void TestCkptSync::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (::geteuid() != 0)
        QSKIP("needs root: each sshd node runs in its own mount namespace (unshare --mount)");
    m_ckpt = m_dir.filePath(u"ckpt"_s);
    m_common = randomBytes(4096);
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + kDist + u"/common.pt"_s, m_common));
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + kDist + u"/.metadata"_s, randomBytes(8192)));
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + kDist + u"/metadata.json"_s, R"({"sharded_backend": "torch_dist"})"));
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + kDist + u"/__0_0.distcp"_s, randomBytes(1024)));
    QVERIFY(vna::test::writeFile(m_ckpt + u"/global_step_5/data.pt"_s, randomBytes(512)));
    QVERIFY(vna::test::writeFile(m_ckpt + u"/latest_checkpointed_iteration.txt"_s, "5"));
    // A large step for the cancel test; the tracker keeps step 5 the latest.
    QVERIFY(
        vna::test::writeFile(m_ckpt + u"/global_step_6/actor/dist_ckpt/.metadata"_s, randomBytes(256 * 1024 * 1024)));
    // node2 already has a different common.pt and its own shard.
    QVERIFY(vna::test::writeFile(node(u"node2"_s) + u'/' + kDist + u"/common.pt"_s, "stale"));
    QVERIFY(vna::test::writeFile(node(u"node2"_s) + u'/' + kDist + u"/__1_0.distcp"_s, "shard of rank 1"));

    m_key = vna::test::ensureUserKey(m_dir.path());
    m_emptyKnownHosts = m_dir.filePath(u"known_hosts_empty"_s);
    QVERIFY(vna::test::writeFile(m_emptyKnownHosts, {}));
    struct Node
    {
        QString name, address, dir;
        bool readOnly;
    };
    const QList<Node> nodes{
        {u"node1"_s, u"127.0.0.2"_s, node(u"node1"_s), false}, {u"node2"_s, u"127.0.0.3"_s, node(u"node2"_s), false},
        {u"node3"_s, u"127.0.0.4"_s, node(u"node3"_s), true},  {u"shared"_s, u"127.0.0.5"_s, QString(), false},
        {u"fresh"_s, u"127.0.0.6"_s, node(u"fresh"_s), false}, {u"relay"_s, u"127.0.0.7"_s, node(u"relay"_s), false}};
    for (const Node &n : nodes) {
        vna::test::SshServer &s = server(n.name, n.address, n.dir, n.readOnly);
        QVERIFY2(s.start({}), qPrintable(u"cannot start sshd in a mount namespace: "_s + s.errorString()));
    }
    // A chain of four, and "island", whose own ssh reaches no one (as behind a firewall between nodes).
    for (int i = 1; i <= 4; ++i) {
        const QString name = u"c"_s + QString::number(i);
        vna::test::SshServer &s = server(name, u"127.0.0.%1"_s.arg(20 + i), node(name));
        QVERIFY2(s.start({}), qPrintable(s.errorString()));
    }
    const QString islandBin = m_dir.filePath(u"island-bin"_s);
    QVERIFY(vna::test::writeFile(islandBin + u"/ssh"_s,
                                 "#!/bin/sh\nfor a; do [ \"$p\" = -- ] && h=$a; p=$a; done\n"
                                 "echo \"ssh: connect to host $h port 22: No route to host\" >&2\nexit 255\n"));
    QFile::setPermissions(islandBin + u"/ssh"_s, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(server(u"island"_s, u"127.0.0.25"_s, node(u"island"_s))
                .start({{u"PATH"_s, islandBin + u":/usr/local/bin:/usr/bin:/bin"_s}}));
    writeConfig();
}

void TestCkptSync::dryRunChangesNothing()
{
    const auto r
        = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2],shared"_s, u"--dry-run"_s, u"--json"_s});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.code, ExitCode::Ok);
    QStringList actions;
    for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"plan").toArray())
        actions << v.toObject().value(u"node").toString() + u' '
                + v.toObject().value(u"file").toString().section(u'/', -1) + u' '
                + v.toObject().value(u"action").toString();
    QCOMPARE(actions,
             (QStringList{u"node1 .metadata copy"_s, u"node1 common.pt copy"_s, u"node1 metadata.json copy"_s,
                          u"node1 data.pt copy"_s, u"node2 .metadata copy"_s, u"node2 common.pt replace"_s,
                          u"node2 metadata.json copy"_s, u"node2 data.pt copy"_s,
                          u"shared .metadata skip-shared-storage"_s, u"shared common.pt skip-shared-storage"_s,
                          u"shared metadata.json skip-shared-storage"_s, u"shared data.pt skip-shared-storage"_s}));
    QVERIFY(!QFile::exists(node(u"node1"_s) + u'/' + kDist));
    QCOMPARE(vna::test::readFile(node(u"node2"_s) + u'/' + kDist + u"/common.pt"_s), QByteArray("stale"));
    // The shared-storage marker is gone from the source again.
    QCOMPARE(QDir(m_ckpt).entryList(QDir::Files | QDir::Hidden).filter(u"marker"_s), QStringList());
    // A dry run that cannot reach a node says so in its exit code.
    QCOMPARE(vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1,down"_s, u"--dry-run"_s}).code,
             ExitCode::Problems);
}

void TestCkptSync::syncToNodes()
{
    const auto r = vna::test::runCli(
        common() + QStringList{u"--nodes"_s, u"node[1-2],shared,down"_s, u"--include-tracker"_s, u"--json"_s});
    QCOMPARE(r.code, ExitCode::Problems); // "down" failed; the others completed
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(resultOf(root, u"node1"_s).value(u"status").toString() == u"ok"_s, qPrintable(errorsOf(r.out)));
    QVERIFY2(resultOf(root, u"node2"_s).value(u"status").toString() == u"ok"_s, qPrintable(errorsOf(r.out)));
    QCOMPARE(resultOf(root, u"shared"_s).value(u"status").toString(), u"skipped"_s);
    QCOMPARE(resultOf(root, u"down"_s).value(u"status").toString(), u"failed"_s);
    QVERIFY(resultOf(root, u"down"_s).value(u"error").toString().contains(u"Cannot reach down"_s));
    QCOMPARE(root.value(u"summary").toObject().value(u"failed").toInt(), 1);
    for (const QString &n : {u"node1"_s, u"node2"_s}) {
        const QStringList copied{kDist + u"/common.pt"_s, kDist + u"/.metadata"_s, kDist + u"/metadata.json"_s,
                                 u"global_step_5/data.pt"_s, u"latest_checkpointed_iteration.txt"_s};
        for (const QString &file : copied)
            QVERIFY2(vna::test::readFile(node(n) + u'/' + file) == vna::test::readFile(m_ckpt + u'/' + file),
                     qPrintable(n + u": "_s + file));
        QCOMPARE(tempFiles(node(n)), QStringList());
    }
    // The differing file was kept, not deleted; node2's own shard is untouched.
    const QStringList backups = QDir(node(u"node2"_s) + u'/' + kDist).entryList({u"common.pt.bak-*"_s}, QDir::Files);
    QCOMPARE(backups.size(), 1);
    QCOMPARE(vna::test::readFile(node(u"node2"_s) + u'/' + kDist + u'/' + backups.first()), QByteArray("stale"));
    QCOMPARE(vna::test::readFile(node(u"node2"_s) + u'/' + kDist + u"/__1_0.distcp"_s), QByteArray("shard of rank 1"));
    QVERIFY(!QFile::exists(node(u"node1"_s) + u'/' + kDist + u"/__0_0.distcp"_s)); // shards are not copied
    // The audit record.
    QFile audit(vna::ckptsync::auditFile());
    QVERIFY(audit.open(QIODevice::ReadOnly));
    const QByteArray last = audit.readAll().trimmed().split('\n').last();
    QVERIFY(last.contains("\"node1\""));
    QVERIFY(vna::test::readFile(m_ckpt + u"/.verl-npu-assistant-sync.jsonl"_s).contains("\"failed\""));
}

void TestCkptSync::rerunSkipsIdentical()
{
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2]"_s, u"--json"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    for (const QJsonValue &v : root.value(u"plan").toArray())
        QCOMPARE(v.toObject().value(u"action").toString(), u"skip-identical"_s);
    QCOMPARE(resultOf(root, u"node1"_s).value(u"status").toString(), u"skipped"_s);
}

void TestCkptSync::verifyOnly()
{
    auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2]"_s, u"--verify-only"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    QVERIFY(!r.out.contains(u"DIFFERS"_s));
    QVERIFY(vna::test::writeFile(node(u"node1"_s) + u'/' + kDist + u"/metadata.json"_s, "edited"));
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2]"_s, u"--verify-only"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"DIFFERS  node1  "_s + kDist + u"/metadata.json"_s), qPrintable(r.out.right(600)));
    QVERIFY(vna::test::writeFile(node(u"node1"_s) + u'/' + kDist + u"/metadata.json"_s,
                                 vna::test::readFile(m_ckpt + u'/' + kDist + u"/metadata.json"_s)));
}

void TestCkptSync::readOnlyDestination()
{
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node3"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"is missing and cannot be created"_s), qPrintable(r.out.right(600)));
    QVERIFY2(r.out.contains(u"cannot create the lock file"_s), qPrintable(r.out.right(600)));
    QVERIFY2(!r.out.contains(u"file(s) written"_s), qPrintable(r.out.right(600))); // a failed node wrote nothing
    QCOMPARE(tempFiles(node(u"node3"_s)), QStringList());
}

void TestCkptSync::unknownHostKey()
{
    auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"fresh"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"not in known_hosts"_s), qPrintable(r.out.right(600)));
    // The key is shown so the user can check it before accepting.
    QVERIFY2(r.out.contains(u"Its keys now: SHA256:"_s) && r.out.contains(u"(ED25519)"_s),
             qPrintable(r.out.right(600)));
    QCOMPARE(vna::test::readFile(m_emptyKnownHosts), QByteArray());
    QVERIFY(!QFile::exists(node(u"fresh"_s) + u'/' + kDist + u"/common.pt"_s));
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"fresh"_s, u"--accept-new-host-keys"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    QCOMPARE(vna::test::readFile(node(u"fresh"_s) + u'/' + kDist + u"/common.pt"_s), m_common);
}

void TestCkptSync::retryFailedCompletes()
{
    // "down" comes up; re-running the same command completes it and leaves the others alone.
    vna::test::SshServer &up = server(u"down-up"_s, u"127.0.0.8"_s, node(u"late"_s));
    QVERIFY2(up.start({}), qPrintable(up.errorString()));
    writeConfig();
    QString config = QString::fromUtf8(vna::test::readFile(m_config));
    config.replace(u"Host down-up\n"_s, u"Host late\n"_s);
    vna::test::writeFile(m_config, config.toUtf8());
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1,late"_s, u"--json"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(resultOf(root, u"node1"_s).value(u"status").toString(), u"skipped"_s);
    QCOMPARE(resultOf(root, u"late"_s).value(u"status").toString(), u"ok"_s);
    QCOMPARE(vna::test::readFile(node(u"late"_s) + u'/' + kDist + u"/common.pt"_s), m_common);
}

void TestCkptSync::relayFromAnotherHost()
{
    // The workstation relays from the rank-0 node ("shared" sees the real folder) to another node.
    const auto r = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, m_ckpt, u"--from"_s, u"shared"_s, u"--nodes"_s,
                                      u"relay"_s, u"--ssh-config"_s, m_config});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QVERIFY(r.out.contains(u"tracker says 5"_s));
    QCOMPARE(vna::test::readFile(node(u"relay"_s) + u'/' + kDist + u"/common.pt"_s), m_common);
    // A metadata file larger than the default output cap of a remote command (256 MiB).
    const auto big = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, m_ckpt, u"--from"_s, u"shared"_s, u"--nodes"_s,
                                        u"relay"_s, u"--ssh-config"_s, m_config, u"--step"_s, u"6"_s});
    QVERIFY2(big.code == ExitCode::Ok, qPrintable(big.out + big.err));
    QCOMPARE(QFileInfo(node(u"relay"_s) + u"/global_step_6/actor/dist_ckpt/.metadata"_s).size(), 256 * 1024 * 1024);
}

void TestCkptSync::cancelThenResume()
{
    vna::ckptsync::Options options = oneStep({u"node1"_s}, 6);
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    const auto source = &prepared->first;
    const auto &plan = prepared->second;
    // Cancel once bytes are flowing.
    std::atomic_bool cancel{false};
    options.meter = [&](const QString &, qint64 sent, qint64, double) {
        if (sent > 0)
            cancel = true;
    };
    const auto results = vna::ckptsync::execute(options, plan, *source, &cancel);
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.first().status, vna::ckptsync::NodeResult::Status::Failed);
    QCOMPARE(results.first().error, u"Canceled."_s);
    const QString dist = node(u"node1"_s) + u"/global_step_6/actor/dist_ckpt"_s;
    QVERIFY(!QFile::exists(dist + u"/.metadata"_s)); // nothing under the final name
    // The node's shell ends once the stream does (its lock goes with it).
    const QString lock = node(u"node1"_s) + u"/.verl-npu-assistant.lock"_s;
    QTRY_COMPARE_WITH_TIMEOUT(QProcess::execute(u"flock"_s, {u"-n"_s, lock, u"true"_s}), 0, 10000);
    // What arrived stays, named for its content; the next run resumes it and sends only the rest.
    const QStringList partial = tempFiles(node(u"node1"_s));
    QCOMPARE(partial.size(), 1);
    const qint64 arrived = QFileInfo(partial.first()).size();
    QVERIFY(arrived > 0);
    const auto r
        = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s, u"--step"_s, u"6"_s, u"--json"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    const QJsonObject file = resultOf(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s)
                                 .value(u"files")
                                 .toArray()
                                 .first()
                                 .toObject();
    QVERIFY2(file.value(u"resumed_from").toInteger() >= arrived, qPrintable(r.out.right(600)));
    QCOMPARE(vna::test::readFile(dist + u"/.metadata"_s),
             vna::test::readFile(m_ckpt + u"/global_step_6/actor/dist_ckpt/.metadata"_s));
    QCOMPARE(tempFiles(node(u"node1"_s)), QStringList());
}

void TestCkptSync::cancelWaitsForTheNodesShell()
{
    // A node whose shell takes 2 s to start (a loaded machine), canceled before it has: the node is
    // reported canceled only once its side has ended, holding what was sent and no longer its lock.
    // (Killing ssh at once reported it while that shell had yet to run; it then took the lock and
    // left an empty partial file after the report.)
    const QString bin = m_dir.filePath(u"slow-bin"_s);
    QVERIFY(vna::test::writeFile(bin + u"/sh"_s, "#!/bin/sh\nsleep 2\nexec /bin/sh \"$@\"\n"));
    QFile::setPermissions(bin + u"/sh"_s, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    vna::test::SshServer &slow = server(u"slow"_s, u"127.0.0.26"_s, node(u"slow"_s));
    QVERIFY2(slow.start({{u"PATH"_s, bin + u":/usr/local/bin:/usr/bin:/bin"_s}}), qPrintable(slow.errorString()));
    writeConfig();
    vna::ckptsync::Options options = oneStep({u"slow"_s}, 6);
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    std::atomic_bool cancel{false};
    std::thread canceler;
    const auto results = vna::ckptsync::execute(options, prepared->second, prepared->first, &cancel,
                                                [&](const QString &, const QString &, bool finished) {
                                                    if (!finished && !canceler.joinable())
                                                        canceler = std::thread([&cancel] {
                                                            std::this_thread::sleep_for(std::chrono::milliseconds(300));
                                                            cancel = true;
                                                        });
                                                });
    if (canceler.joinable())
        canceler.join();
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.first().error, u"Canceled."_s);
    // At once, not eventually: the node's shell has ended.
    QCOMPARE(QProcess::execute(u"flock"_s, {u"-n"_s, node(u"slow"_s) + u"/.verl-npu-assistant.lock"_s, u"true"_s}), 0);
    const QStringList partial = tempFiles(node(u"slow"_s));
    QCOMPARE(partial.size(), 1);
    QVERIFY2(QFileInfo(partial.first()).size() > 0, qPrintable(partial.first()));
    QVERIFY(!QFile::exists(node(u"slow"_s) + u"/global_step_6/actor/dist_ckpt/.metadata"_s));
}

void TestCkptSync::sourceChangedWhileSentIsNamed()
{
    // The source file shrinks while it is sent (a save still running): the node's error says so; it
    // was once reported as "Canceled.".
    const QString step = m_ckpt + u"/global_step_9"_s;
    const QString big = step + u"/actor/dist_ckpt/.metadata"_s;
    QVERIFY(vna::test::writeFile(big, randomBytes(32 * 1024 * 1024)));
    vna::ckptsync::Options options = oneStep({u"node2"_s}, 9);
    options.bandwidthLimit = 8 * 1024 * 1024; // the first progress report comes long before the end
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    options.meter = [&](const QString &, qint64 sent, qint64, double) {
        if (sent > 0 && QFileInfo(big).size() > 1024)
            QFile::resize(big, 1024);
    };
    const auto results = vna::ckptsync::execute(options, prepared->second, prepared->first);
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.first().status, vna::ckptsync::NodeResult::Status::Failed);
    QVERIFY2(results.first().error.contains(u"changed while it was read"_s), qPrintable(results.first().error));
    QVERIFY(!QFile::exists(node(u"node2"_s) + u"/global_step_9/actor/dist_ckpt/.metadata"_s));
    QVERIFY(QDir(step).removeRecursively());
    QVERIFY(QDir(node(u"node2"_s) + u"/global_step_9"_s).removeRecursively());
}

void TestCkptSync::exportScriptNeedsNoNodes()
{
    const auto r = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, m_ckpt + u"/global_step_5"_s, u"--nodes"_s,
                                      u"gpu[02-04]"_s, u"--export-script"_s, u"clush"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    QVERIFY2(r.out.startsWith(u"clush -o '-o BatchMode=yes' -w 'gpu[02-04]' mkdir -p -- "_s),
             qPrintable(r.out.right(600)));
    QVERIFY2(r.out.contains(u" -w 'gpu[02-04]' --copy "_s), qPrintable(r.out.right(600)));
}

void TestCkptSync::exportedScriptsRun()
{
    // The script alone on stdout, with the user's ssh configuration: it parses, and it runs.
    const QString hostile = m_dir.filePath(u"exp ort;$(touch PWNED)'x"_s);
    QVERIFY(vna::test::writeFile(hostile + u'/' + kDist + u"/common.pt"_s, m_common));
    QVERIFY(vna::test::writeFile(hostile + u'/' + kDist + u"/.metadata"_s, "meta"));
    auto server = std::make_shared<vna::test::SshServer>(m_dir.filePath(u"sshd-export"_s), u"127.0.0.11"_s);
    QDir().mkpath(m_dir.filePath(u"node-export"_s));
    server->bindMount(m_dir.filePath(u"node-export"_s), hostile);
    QVERIFY2(server->start({}), qPrintable(server->errorString()));
    m_servers.insert(u"export"_s, server);
    writeConfig();
    for (const QString &kind : {u"bash"_s, u"hook"_s, u"clush"_s, u"pdcp"_s}) {
        const auto r = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, hostile, u"--nodes"_s, u"export"_s,
                                          u"--ssh-config"_s, m_config, u"--export-script"_s, kind});
        QCOMPARE(r.code, ExitCode::Ok);
        const QString script = m_dir.filePath(u"script-"_s + kind);
        QVERIFY(vna::test::writeFile(script, r.out.toUtf8()));
        QProcess check;
        check.start(u"bash"_s, {u"-n"_s, script});
        QVERIFY(check.waitForFinished());
        QVERIFY2(check.exitCode() == 0, qPrintable(kind + u": "_s + QString::fromUtf8(check.readAllStandardError())));
    }
    QProcess run;
    run.setWorkingDirectory(m_dir.path());
    run.start(u"bash"_s, {m_dir.filePath(u"script-bash"_s)});
    QVERIFY(run.waitForFinished(60000));
    QVERIFY2(run.exitCode() == 0, qPrintable(QString::fromUtf8(run.readAllStandardError())));
    QCOMPARE(vna::test::readFile(m_dir.filePath(u"node-export/"_s) + kDist + u"/common.pt"_s), m_common);
    QVERIFY(!QFile::exists(m_dir.filePath(u"PWNED"_s)));
}

void TestCkptSync::layouts_data()
{
    // What verl writes on rank 0's node and on another node, per release and setting
    // (resources/data/verl-facts.json, "checkpoint").
    QTest::addColumn<QStringList>("rankZero"); // files only rank 0's node has (every node needs them)
    QTest::addColumn<QStringList>("perRank");  // files each node writes for its own ranks
    const QString a = u"global_step_4/actor/"_s;
    QTest::addRow("0.6 dist_ckpt") << QStringList{a + u"dist_ckpt/common.pt"_s,     a + u"dist_ckpt/.metadata"_s,
                                                  a + u"dist_ckpt/metadata.json"_s, a + u"huggingface/config.json"_s,
                                                  a + u"transformer_config.json"_s, u"global_step_4/data.pt"_s}
                                   << QStringList{a + u"dist_ckpt/__%1_0.distcp"_s, a + u"dist_ckpt/__%1_1.distcp"_s};
    QTest::addRow("0.7.1 mbridge") << QStringList{a + u"dist_ckpt/common.pt"_s,
                                                  a + u"dist_ckpt/.metadata"_s,
                                                  a + u"dist_ckpt/metadata.json"_s,
                                                  a + u"huggingface/model-00001-of-00002.safetensors"_s,
                                                  a + u"huggingface/model-00002-of-00002.safetensors"_s,
                                                  a + u"huggingface/model.safetensors.index.json"_s,
                                                  a + u"huggingface/config.json"_s,
                                                  a + u"huggingface/tokenizer.json"_s}
                                   << QStringList{a + u"dist_ckpt/__%1_0.distcp"_s};
    QTest::addRow("0.9 v2")
        << QStringList{a + u"model/huggingface/model.safetensors"_s, a + u"model/huggingface/config.json"_s,
                       a + u"optimizer/dist_ckpt/common.pt"_s,       a + u"optimizer/dist_ckpt/.metadata"_s,
                       a + u"optimizer/dist_ckpt/metadata.json"_s,   a + u"extra/dist_ckpt/.metadata"_s,
                       a + u"extra/dist_ckpt/metadata.json"_s,       a + u"ckpt_contents.json"_s}
        << QStringList{a + u"optimizer/dist_ckpt/__%1_0.distcp"_s, a + u"extra/dist_ckpt/__%1_0.distcp"_s};
    QTest::addRow("0.7 LoRA") << QStringList{a + u"dist_ckpt/common.pt"_s, a + u"dist_ckpt/.metadata"_s,
                                             a + u"dist_ckpt/metadata.json"_s}
                              << QStringList{a + u"dist_ckpt/__%1_0.distcp"_s,
                                             a + u"adapter_checkpoint/mp_rank_0%1_adapter.pt"_s};
}

void TestCkptSync::layouts()
{
    QFETCH(QStringList, rankZero);
    QFETCH(QStringList, perRank);
    // Rank 0's node (this machine) holds ranks 0-1, "la" 2-3 and "lb" 4-5; each sees its own disk at
    // the same path.
    const QString root = m_dir.filePath(u"layoutroot"_s);
    const QStringList nodes{u"la"_s, u"lb"_s};
    const auto emptied = [](const QString &dir) {
        QDir().mkpath(dir);
        for (const QString &entry : QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot))
            QFileInfo(dir + u'/' + entry).isDir() ? QDir(dir + u'/' + entry).removeRecursively()
                                                  : QFile::remove(dir + u'/' + entry);
        return dir;
    };
    emptied(root);
    for (int n = 0; n < 2; ++n) {
        const QString disk = emptied(m_dir.filePath(u"node-"_s + nodes.at(n)));
        if (!m_servers.contains(nodes.at(n))) {
            auto server = std::make_shared<vna::test::SshServer>(m_dir.filePath(u"sshd-"_s + nodes.at(n)),
                                                                 u"127.0.0.%1"_s.arg(12 + n));
            server->bindMount(disk, root);
            QVERIFY2(server->start({}), qPrintable(server->errorString()));
            m_servers.insert(nodes.at(n), server);
            writeConfig();
        }
    }
    for (const QString &f : rankZero)
        QVERIFY(vna::test::writeFile(root + u'/' + f, randomBytes(2048)));
    for (int n = 0; n < 3; ++n)
        for (const QString &f : perRank)
            for (int r = 2 * n; r < 2 * n + 2; ++r)
                QVERIFY(vna::test::writeFile((n == 0 ? root : m_dir.filePath(u"node-"_s + nodes.at(n - 1))) + u'/'
                                                 + f.arg(r),
                                             "rank " + QByteArray::number(r)));
    const auto r = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, root, u"--nodes"_s, u"la,lb"_s, u"--ssh-config"_s,
                                      m_config, u"--devices-per-node"_s, u"2"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QVERIFY2(!r.out.contains(u"WARNING"_s), qPrintable(r.out.right(600))); // 6 ranks saved, 6 resume
    for (int n = 0; n < 2; ++n) {
        const QString disk = m_dir.filePath(u"node-"_s + nodes.at(n));
        for (const QString &f : rankZero)
            QVERIFY2(vna::test::readFile(disk + u'/' + f) == vna::test::readFile(root + u'/' + f),
                     qPrintable(nodes.at(n) + u": "_s + f));
        for (const QString &f : perRank)
            for (int rank = 0; rank < 6; ++rank) // its own ranks' files only, untouched
                QCOMPARE(QFile::exists(disk + u'/' + f.arg(rank)), rank / 2 == n + 1);
        QCOMPARE(tempFiles(disk), QStringList());
    }
}

void TestCkptSync::destinationLinksAndSpecialFiles()
{
    const QString dist = node(u"node1"_s) + u'/' + kDist;
    // .metadata is a link to a folder; a planted backup-looking link points outside; metadata.json is a FIFO.
    QFile::remove(dist + u"/.metadata"_s);
    QVERIFY(QDir().mkpath(dist + u"/elsewhere"_s));
    QVERIFY(QFile::link(u"elsewhere"_s, dist + u"/.metadata"_s));
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"outside"_s), "outside"));
    QVERIFY(QFile::link(m_dir.filePath(u"outside"_s), dist + u"/common.pt.bak-20260101-000000"_s));
    QFile::remove(dist + u"/metadata.json"_s);
    QCOMPARE(::mkfifo(QFile::encodeName(dist + u"/metadata.json"_s).constData(), 0644), 0);
    QElapsedTimer clock;
    clock.start();
    auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(clock.elapsed() < 20000, "a FIFO must not be opened"); // no timeouts stacked up
    QVERIFY2(r.out.contains(kDist + u"/metadata.json is a fifo on node1"_s), qPrintable(r.out.right(600)));
    QVERIFY(QFileInfo(dist + u"/metadata.json"_s).exists());
    QFile::remove(dist + u"/metadata.json"_s);
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    // The link itself was replaced (and kept as the backup); nothing went into the folder it named.
    QVERIFY(!QFileInfo(dist + u"/.metadata"_s).isSymLink());
    QCOMPARE(vna::test::readFile(dist + u"/.metadata"_s), vna::test::readFile(m_ckpt + u'/' + kDist + u"/.metadata"_s));
    QCOMPARE(QDir(dist + u"/elsewhere"_s).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList());
    const QStringList backups
        = QDir(dist).entryList({u".metadata.bak-*"_s}, QDir::AllEntries | QDir::Hidden | QDir::System);
    QCOMPARE(backups.size(), 1);
    QVERIFY(QFileInfo(dist + u'/' + backups.first()).isSymLink());
    QCOMPARE(vna::test::readFile(m_dir.filePath(u"outside"_s)), QByteArray("outside"));
}

void TestCkptSync::interruptedRunsAreCompleted()
{
    QCOMPARE(vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s}).code, ExitCode::Ok);
    const QString dist = node(u"node1"_s) + u'/' + kDist;
    // A run killed while receiving left a temporary file; one killed while switching left its journal
    // with one switch done and one to go.
    QVERIFY(vna::test::writeFile(dist + u"/.common.pt.vna-tmp-dead"_s, "partial"));
    QVERIFY(vna::test::writeFile(dist + u"/.metadata.json.vna-tmp-cut"_s, "new json"));
    QVERIFY(vna::test::writeFile(
        node(u"node1"_s) + u"/.verl-npu-assistant-journal"_s,
        ("c " + vna::shell::quote(m_ckpt + u'/' + kDist + u"/.metadata.json.vna-tmp-cut"_s).toUtf8() + ' '
         + vna::shell::quote(m_ckpt + u'/' + kDist + u"/metadata.json"_s).toUtf8() + ' '
         + vna::shell::quote(m_ckpt + u'/' + kDist + u"/metadata.json.bak-cut"_s).toUtf8() + '\n')));
    auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s, u"--verify-only"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"cut short while switching files"_s), qPrintable(r.out.right(600)));
    QVERIFY2(!r.out.contains(u"CLEANED"_s), qPrintable(r.out.right(600))); // the journal's files are needed
    QVERIFY(vna::test::writeFile(dist + u"/common.pt"_s, "older"));        // so that this run has work to do
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QVERIFY(!QFile::exists(node(u"node1"_s) + u"/.verl-npu-assistant-journal"_s));
    QCOMPARE(vna::test::readFile(dist + u"/metadata.json.bak-cut"_s).isEmpty(), false); // the old one, kept
    QCOMPARE(vna::test::readFile(dist + u"/metadata.json"_s),
             vna::test::readFile(m_ckpt + u'/' + kDist + u"/metadata.json"_s));
    QVERIFY2(tempFiles(node(u"node1"_s)).isEmpty(), qPrintable(tempFiles(node(u"node1"_s)).join(u' ')));
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s, u"--verify-only"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(r.out.right(600)));
    // A dead run's temporary file, no journal: verify-only cleans it.
    QVERIFY(vna::test::writeFile(dist + u"/.common.pt.vna-tmp-dead2"_s, "partial"));
    r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s, u"--verify-only"_s});
    QVERIFY2(r.out.contains(u"CLEANED  node1  1 temporary file(s)"_s), qPrintable(r.out.right(600)));
    QCOMPARE(tempFiles(node(u"node1"_s)), QStringList());
}

void TestCkptSync::concurrentRunIsRefused()
{
    // Another run holds node1's lock (the same file the node sees: its disk is this folder).
    const QString lock = node(u"node1"_s) + u"/.verl-npu-assistant.lock"_s;
    QVERIFY(vna::test::writeFile(lock, "alice@ws7, pid 4242, since 2026-12-01 10:00:00 UTC\n"));
    QVERIFY(vna::test::writeFile(node(u"node2"_s) + u'/' + kDist + u"/common.pt"_s, "old on node2"));
    QVERIFY(vna::test::writeFile(node(u"node1"_s) + u'/' + kDist + u"/common.pt"_s, "old on node1"));
    QProcess holder;
    holder.start(u"flock"_s, {u"-o"_s, lock, u"sleep"_s, u"60"_s}); // -o: the lock goes with flock
    QVERIFY(holder.waitForStarted());
    QTest::qWait(300);
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2]"_s});
    holder.kill();
    holder.waitForFinished();
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"another sync is running there (alice@ws7, pid 4242"_s), qPrintable(r.out.right(600)));
    // node1 was left alone; node2, which nobody held, was synced.
    QCOMPARE(vna::test::readFile(node(u"node1"_s) + u'/' + kDist + u"/common.pt"_s), QByteArray("old on node1"));
    QCOMPARE(vna::test::readFile(node(u"node2"_s) + u'/' + kDist + u"/common.pt"_s), m_common);

    // A run whose preflight is older than another run's switch refuses to overwrite it, and names
    // that run.
    vna::ckptsync::Options options;
    options.source.root = m_ckpt;
    options.nodes = {u"node1"_s};
    options.ssh.configFile = m_config;
    options.runBy = u"bob@ws8, pid 77"_s;
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    const auto source = &prepared->first;
    const auto &plan = prepared->second;
    QCOMPARE(vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s}).code, ExitCode::Ok); // the other run
    QVERIFY(vna::test::writeFile(node(u"node1"_s) + u'/' + kDist + u"/common.pt"_s, "written by the other run"));
    const auto results = vna::ckptsync::execute(options, plan, *source);
    QCOMPARE(results.first().status, vna::ckptsync::NodeResult::Status::Failed);
    QVERIFY2(results.first().error.contains(u"changed on the node since the preflight (last sync there: "_s),
             qPrintable(results.first().error));
    QCOMPARE(vna::test::readFile(node(u"node1"_s) + u'/' + kDist + u"/common.pt"_s),
             QByteArray("written by the other run"));
    // Its checked copy waits under its temporary name; the next sync of other content removes it.
    QVERIFY(vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node[1-2]"_s}).code == ExitCode::Ok);
    QCOMPARE(tempFiles(node(u"node1"_s)), QStringList());
}

void TestCkptSync::sourceLinks()
{
    // A link to a private file is read through and keeps its mode. A link to /dev/zero is never read,
    // and as every rank reads .metadata on resume, the node fails, naming it: nothing of the step goes
    // under a final name, and what was sent waits for the run after the fix.
    const QString step = m_ckpt + u"/global_step_8/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"secret.bin"_s), "private bytes"));
    QVERIFY(QFile::setPermissions(m_dir.filePath(u"secret.bin"_s), QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QVERIFY(QDir().mkpath(step));
    QVERIFY(QFile::link(m_dir.filePath(u"secret.bin"_s), step + u"/common.pt"_s));
    QVERIFY(QFile::link(u"/dev/zero"_s, step + u"/.metadata"_s));
    const QStringList args = common() + QStringList{u"--nodes"_s, u"node1"_s, u"--step"_s, u"8"_s};
    const auto dry = vna::test::runCli(args + QStringList{u"--dry-run"_s});
    QCOMPARE(dry.code, ExitCode::Problems);
    QVERIFY2(dry.out.contains(u"PROBLEM: global_step_8/actor/dist_ckpt/.metadata cannot be read at the source: it is "
                              "a link to a character device"_s),
             qPrintable(dry.out.right(800)));
    const auto r = vna::test::runCli(args + QStringList{u"--json"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    const QJsonObject node1 = resultOf(QJsonDocument::fromJson(r.out.toUtf8()).object(), u"node1"_s);
    QCOMPARE(node1.value(u"status").toString(), u"failed"_s);
    QVERIFY2(node1.value(u"error").toString().startsWith(u"global_step_8/actor/dist_ckpt/.metadata cannot be read"_s),
             qPrintable(node1.value(u"error").toString()));
    const QString copied = node(u"node1"_s) + u"/global_step_8/actor/dist_ckpt/common.pt"_s;
    QVERIFY(!QFile::exists(copied));
    QVERIFY(!QFile::exists(node(u"node1"_s) + u"/global_step_8/actor/dist_ckpt/.metadata"_s));
    QCOMPARE(tempFiles(node(u"node1"_s) + u"/global_step_8"_s).size(), 1); // common.pt, checked, waiting

    // The fix at the source: the run after it sends only .metadata, and the step is whole.
    QVERIFY(QFile::remove(step + u"/.metadata"_s));
    QVERIFY(vna::test::writeFile(step + u"/.metadata"_s, randomBytes(2048)));
    const auto again = vna::test::runCli(args + QStringList{u"--json"_s});
    QCOMPARE(again.code, ExitCode::Ok);
    const QJsonObject redone = resultOf(QJsonDocument::fromJson(again.out.toUtf8()).object(), u"node1"_s);
    for (const QJsonValue &f : redone.value(u"files").toArray())
        if (f.toObject().value(u"path").toString().endsWith(u"common.pt"_s))
            QCOMPARE(f.toObject().value(u"resumed_from").toInt(), 13);
    QCOMPARE(vna::test::readFile(copied), QByteArray("private bytes"));
    QCOMPARE(vna::test::readFile(node(u"node1"_s) + u"/global_step_8/actor/dist_ckpt/.metadata"_s),
             vna::test::readFile(step + u"/.metadata"_s));
    struct stat st
    {};
    QCOMPARE(::stat(QFile::encodeName(copied).constData(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0600u);
    QCOMPARE(tempFiles(node(u"node1"_s) + u"/global_step_8"_s), QStringList());
}

void TestCkptSync::stepFolderWithoutTracker()
{
    // --from a host, pointing at one step folder with no tracker beside it.
    const QString root = m_dir.filePath(u"notracker"_s);
    QVERIFY(vna::test::writeFile(root + u"/global_step_3/actor/dist_ckpt/common.pt"_s, "c3"));
    QVERIFY(vna::test::writeFile(root + u"/global_step_3/actor/dist_ckpt/.metadata"_s, "m3"));
    const auto r
        = vna::test::runCli({u"sync"_s, u"--checkpoint"_s, root + u"/global_step_3"_s, u"--from"_s, u"shared"_s,
                             u"--nodes"_s, u"relay"_s, u"--ssh-config"_s, m_config, u"--dry-run"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QVERIFY2(r.out.contains(u"global_step_3/actor/dist_ckpt/common.pt"_s), qPrintable(r.out.right(600)));
}

void TestCkptSync::watchWaitsForCompleteSteps()
{
    // verl writes the step's files, then the tracker. A .metadata still being written must not be
    // synced; the finished step must be, and synced again when its files change.
    const QString tracker = m_ckpt + u"/latest_checkpointed_iteration.txt"_s;
    const QString dist = u"/global_step_20/actor/dist_ckpt"_s;
    QProcess watch;
    QStringList output;
    watch.setProcessChannelMode(QProcess::MergedChannels);
    watch.start(QStringLiteral(VNA_APP_BINARY),
                common() + QStringList{u"--nodes"_s, u"node1"_s, u"--watch"_s, u"--interval"_s, u"1"_s});
    QVERIFY(watch.waitForStarted());
    const auto seen = [&](const QString &text) {
        output << QString::fromUtf8(watch.readAll());
        return output.join(QString()).contains(text);
    };
    QTRY_VERIFY_WITH_TIMEOUT(seen(u"Watching"_s), 10000);
    QTest::qWait(1500); // the first poll: what exists now is not synced again
    QVERIFY(vna::test::writeFile(m_ckpt + dist + u"/common.pt"_s, "common of 20"));
    QVERIFY(vna::test::writeFile(m_ckpt + dist + u"/metadata.json"_s, "{}"));
    QVERIFY(vna::test::writeFile(m_ckpt + dist + u"/.metadata"_s, "a third"));
    QTest::qWait(3500); // three polls with the save unfinished (the tracker still says 5)
    QVERIFY2(!QFile::exists(node(u"node1"_s) + dist + u"/.metadata"_s), qPrintable(output.join(QString())));
    QVERIFY(vna::test::writeFile(m_ckpt + dist + u"/.metadata"_s, "a third, and the rest of the metadata"));
    QVERIFY(vna::test::writeFile(tracker, "20"));
    QTRY_COMPARE_WITH_TIMEOUT(vna::test::readFile(node(u"node1"_s) + dist + u"/.metadata"_s),
                              QByteArray("a third, and the rest of the metadata"), 15000);
    // Saved again under the same step: synced again.
    QTest::qWait(1500);
    QVERIFY(vna::test::writeFile(m_ckpt + dist + u"/common.pt"_s, "common of 20, saved again"));
    QTRY_COMPARE_WITH_TIMEOUT(vna::test::readFile(node(u"node1"_s) + dist + u"/common.pt"_s),
                              QByteArray("common of 20, saved again"), 15000);
    QTRY_VERIFY_WITH_TIMEOUT(seen(u"global_step_20 changed at the source"_s), 10000); // printed as it finishes
    // Ctrl+C: it stops cleanly.
    ::kill(static_cast<pid_t>(watch.processId()), SIGINT);
    QVERIFY(watch.waitForFinished(15000));
    QVERIFY2(seen(u"Stopped watching."_s), qPrintable(output.join(QString())));
    QCOMPARE(watch.exitCode(), 0);
    QVERIFY(vna::test::writeFile(tracker, "5"));
    QVERIFY(QDir(m_ckpt + u"/global_step_20"_s).removeRecursively());
}

void TestCkptSync::fullFolderIsSeen()
{
    // A small file system mounted on the destination folder itself: the root has room, the folder
    // does not.
    const QString disk = m_dir.filePath(u"node-small"_s);
    const QString folder = disk + u"/global_step_6/actor/dist_ckpt"_s;
    QVERIFY(QDir().mkpath(folder));
    QCOMPARE(QProcess::execute(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, u"size=1m"_s, u"vna-small"_s, folder}), 0);
    auto server = std::make_shared<vna::test::SshServer>(m_dir.filePath(u"sshd-small"_s), u"127.0.0.14"_s);
    server->bindMount(disk, m_ckpt);
    const bool started = server->start({});
    QProcess::execute(u"umount"_s, {u"-l"_s, folder}); // the node keeps its own copy of the mount
    QVERIFY2(started, qPrintable(server->errorString()));
    m_servers.insert(u"small"_s, server);
    writeConfig();
    const auto r
        = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"small"_s, u"--step"_s, u"6"_s, u"--dry-run"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    QVERIFY2(r.out.contains(u"PROBLEM: 1 MiB free on "_s) && r.out.contains(u"257 MiB needed"_s),
             qPrintable(r.out.right(600)));
}

void TestCkptSync::killedNodeShellIsResumed()
{
    // The node-side shell is killed (-9, no trap runs) while it receives the 256 MiB of step 6: nothing
    // stands under the final name, and the next run resumes what arrived and completes.
    const QString dist = node(u"fresh"_s) + u"/global_step_6/actor/dist_ckpt"_s;
    QDir(node(u"fresh"_s) + u"/global_step_6"_s).removeRecursively();
    vna::ckptsync::Options options = oneStep({u"fresh"_s}, 6);
    options.ssh.acceptNewHostKeys = true;
    options.bandwidthLimit = 64 << 20; // 4 s for the file: the kill below comes long before its end, however loaded
    const auto prepared = prepare(options);
    QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
    const auto source = &prepared->first;
    const auto &plan = prepared->second;
    std::atomic_bool started{false};
    std::thread killer([&] {
        // The receiving process (`python3 … recv … …vna-tmp-…`) and its shell share one process group: kill it.
        // It is found by its arguments, one of which is the temporary file's path (the ssh command that
        // started it holds "$t0" there); pgrep -f reads too little of a command line this long.
        for (int i = 0; i < 200; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            QStringList pids;
            for (const QString &pid : QDir(u"/proc"_s).entryList({u"[0-9]*"_s}, QDir::Dirs)) {
                const QList<QByteArray> args = vna::test::readFile(u"/proc/"_s + pid + u"/cmdline"_s).split('\0');
                const bool temp = std::any_of(args.cbegin(), args.cend(), [](const QByteArray &a) {
                    return a.startsWith('/') && a.contains("global_step_6") && a.contains(".vna-tmp-");
                });
                if (args.contains("recv") && args.value(0).endsWith("python3") && temp)
                    pids.append(pid);
            }
            if (pids.isEmpty())
                continue;
            std::this_thread::sleep_for(std::chrono::milliseconds(100)); // some bytes in
            started = true;
            for (const QString &pid : pids) {
                QProcess group;
                group.start(u"ps"_s, {u"-o"_s, u"pgid="_s, u"-p"_s, pid});
                group.waitForFinished();
                QProcess::execute(
                    u"kill"_s, {u"-9"_s, u"--"_s, u'-' + QString::fromUtf8(group.readAllStandardOutput()).trimmed()});
            }
            return;
        }
    });
    const auto results = vna::ckptsync::execute(options, plan, *source);
    killer.join();
    QVERIFY(started.load());
    QCOMPARE(results.first().status, vna::ckptsync::NodeResult::Status::Failed);
    QVERIFY(!QFile::exists(dist + u"/.metadata"_s));
    QCOMPARE(tempFiles(node(u"fresh"_s)).size(), 1); // what arrived before the kill, under a temporary name
    const auto r = vna::test::runCli(
        common() + QStringList{u"--nodes"_s, u"fresh"_s, u"--step"_s, u"6"_s, u"--accept-new-host-keys"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QVERIFY2(r.out.contains(u"1 file(s) partly sent by an earlier sync: resumed where they stopped"_s),
             qPrintable(r.out.right(600)));
    QCOMPARE(tempFiles(node(u"fresh"_s)), QStringList());
    QCOMPARE(QFileInfo(dist + u"/.metadata"_s).size(), 256 * 1024 * 1024);
}

void TestCkptSync::bandwidthLimitAndProgress()
{
    // 256 MiB with a limit of 128 MiB/s (for every node together; loopback alone runs several times
    // faster); --json reports progress as JSON lines on stderr, the rate among them.
    QDir(node(u"node2"_s) + u"/global_step_6"_s).removeRecursively();
    const auto r = vna::test::runCli(
        common()
        + QStringList{u"--nodes"_s, u"node2"_s, u"--step"_s, u"6"_s, u"--json"_s, u"--bandwidth-limit"_s, u"128M"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    const QStringList lines = r.err.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 3);
    const QJsonObject last = QJsonDocument::fromJson(lines.last().toUtf8()).object();
    QCOMPARE(last.value(u"event").toString(), u"progress"_s);
    QCOMPARE(last.value(u"node").toString(), u"node2"_s);
    QCOMPARE(last.value(u"bytes").toInteger(), 256LL * 1024 * 1024);
    QCOMPARE(last.value(u"total").toInteger(), 256LL * 1024 * 1024);
    QVERIFY(last.value(u"bytes_per_second").toInteger() <= 140LL * 1024 * 1024);
    QCOMPARE(
        vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node2"_s, u"--bandwidth-limit"_s, u"fast"_s}).code,
        ExitCode::Usage);
}

void TestCkptSync::hostilePathIsData()
{
    // Every path reaches the node through one quoting function: this one must arrive as data.
    const QString marker = m_dir.filePath(u"PWNED"_s);
    const QString hostile = m_dir.filePath(u"ck pt;$(touch %1)`touch %1`'\"ü\nx"_s.arg(marker) + u"%9%2"_s);
    QVERIFY(vna::test::writeFile(hostile + u'/' + kDist + u"/common.pt"_s, m_common));
    QVERIFY(vna::test::writeFile(hostile + u'/' + kDist + u"/.metadata"_s, "m"));
    QVERIFY(vna::test::writeFile(hostile + u'/' + kDist + u"/metadata.json"_s, "{}"));
    auto node = std::make_shared<vna::test::SshServer>(m_dir.filePath(u"sshd-hostile"_s), u"127.0.0.10"_s);
    QDir().mkpath(m_dir.filePath(u"node-hostile"_s));
    node->bindMount(m_dir.filePath(u"node-hostile"_s), hostile);
    QVERIFY2(node->start({}), qPrintable(node->errorString()));
    m_servers.insert(u"hostile"_s, node);
    writeConfig();
    const auto r = vna::test::runCli(
        {u"sync"_s, u"--checkpoint"_s, hostile, u"--nodes"_s, u"hostile"_s, u"--ssh-config"_s, m_config});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(600)));
    QCOMPARE(vna::test::readFile(m_dir.filePath(u"node-hostile/"_s) + kDist + u"/common.pt"_s), m_common);
    QVERIFY(!QFile::exists(marker));
}

void TestCkptSync::chainRelaysNodeToNode()
{
    // 40 MiB to four nodes: auto picks a chain. This machine sends to c1; each next node receives from
    // the one before it while that one receives. c2 has common.pt already and passes it on as it is.
    const QString dist = u"global_step_11/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/.metadata"_s, randomBytes(40 << 20)));
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/common.pt"_s, m_common));
    QVERIFY(vna::test::writeFile(node(u"c2"_s) + u'/' + dist + u"/common.pt"_s, m_common));
    const auto r
        = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"c[1-4]"_s, u"--step"_s, u"11"_s, u"--json"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(errorsOf(r.out) + r.err.right(300)));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(root.value(u"topology").toString() == u"chain"_s,
             QJsonDocument(root.value(u"route_notes").toArray()).toJson().constData());
    QCOMPARE(root.value(u"route_notes").toArray(), QJsonArray());
    QMap<QString, QStringList> routes;
    for (const QJsonValue &v : root.value(u"plan").toArray())
        if (v.toObject().value(u"file").toString().endsWith(u"/.metadata"_s))
            routes.insert(v.toObject().value(u"node").toString(),
                          v.toObject().value(u"from").toVariant().toStringList());
    QCOMPARE(routes.value(u"c1"_s), QStringList());
    QCOMPARE(routes.value(u"c2"_s), QStringList{u"c1"_s});
    QCOMPARE(routes.value(u"c3"_s), (QStringList{u"c2"_s, u"c1"_s}));
    QCOMPARE(routes.value(u"c4"_s), (QStringList{u"c3"_s, u"c2"_s, u"c1"_s}));
    // Who sent the bytes, as each node reports it.
    const auto sender = [&](const QString &n, const QString &file) -> QString {
        for (const QJsonValue &f : resultOf(root, n).value(u"files"_s).toArray())
            if (f.toObject().value(u"path").toString().endsWith(file))
                return f.toObject().value(u"received_from").toVariant().toStringList().join(u',')
                    + (f.toObject().value(u"sent_by_this_run").toBool() ? u"+this run"_s : QString());
        return u"?"_s;
    };
    QCOMPARE(sender(u"c1"_s, u"/.metadata"_s), u"+this run"_s);
    QCOMPARE(sender(u"c2"_s, u"/.metadata"_s), u"c1"_s);
    QCOMPARE(sender(u"c3"_s, u"/.metadata"_s), u"c2"_s);
    QCOMPARE(sender(u"c4"_s, u"/.metadata"_s), u"c3"_s);
    QCOMPARE(sender(u"c3"_s, u"/common.pt"_s), u"c2"_s); // c2's own copy, identical
    for (const QString &n : {u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s}) {
        QCOMPARE(resultOf(root, n).value(u"status").toString(), u"ok"_s);
        QVERIFY2(vna::test::readFile(node(n) + u'/' + dist + u"/.metadata"_s)
                     == vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s),
                 qPrintable(n));
        QCOMPARE(vna::test::readFile(node(n) + u'/' + dist + u"/common.pt"_s), m_common);
        QCOMPARE(tempFiles(node(n)), QStringList());
    }
    QCOMPARE(vna::test::runCli(common() + QStringList{u"--nodes"_s, u"c1"_s, u"--topology"_s, u"ring"_s}).code,
             ExitCode::Usage);
}

void TestCkptSync::middleNodeFailsChainCompletes()
{
    // c2 goes down (every process of it killed) while it receives 64 MiB and passes them on: c3 goes on
    // from c1 where it stopped, c4 keeps receiving from c3, and c2 is reported with its error. Nothing
    // stands under a final name on c2; once it is back, the next run resumes what it had.
    const QString dist = u"global_step_9/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/.metadata"_s, randomBytes(64 << 20)));
    vna::ckptsync::Options options = oneStep({u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s}, 9);
    options.retries = 0;
    options.timeoutSec = 30;
    options.bandwidthLimit = 16 << 20; // per link: about 4 s for the file
    options.topology = vna::ckptsync::Topology::Chain;
    std::pair<vna::ckptsync::SourceData, QList<vna::ckptsync::PlanItem>> run;
    prepareChain(options, run);
    if (QTest::currentTestFailed())
        return;
    const vna::ckptsync::SourceData &source = run.first;
    const QList<vna::ckptsync::PlanItem> &plan = run.second;
    std::atomic_bool crashed{false};
    options.meter = holdFirstNode(u"c1"_s, 32 << 20, crashed);
    QList<vna::ckptsync::NodeResult> results;
    std::thread worker([&] { results = vna::ckptsync::execute(options, plan, source); });
    // Down once c3 has received 8 MiB from it: c2 is mid-file (it has at most the half c1 is held at)
    // and passing it on.
    for (int i = 0; i < 1500 && !crashed; ++i) {
        const QStringList temps = tempFiles(node(u"c3"_s) + u"/global_step_9"_s);
        if (!temps.isEmpty() && QFileInfo(temps.first()).size() > (8 << 20)) {
            m_servers.value(u"c2"_s)->crash();
            crashed = true;
        }
        QTest::qWait(20);
    }
    worker.join();
    // Back up before anything is checked: a failed check must not leave c2 down for the next test.
    QVERIFY(m_servers.value(u"c2"_s)->start({}));
    writeConfig();
    QVERIFY(crashed);
    QMap<QString, vna::ckptsync::NodeResult> byNode;
    for (const auto &r : results)
        byNode.insert(r.node, r);
    QCOMPARE(byNode.value(u"c2"_s).status, vna::ckptsync::NodeResult::Status::Failed);
    QVERIFY(!byNode.value(u"c2"_s).error.isEmpty());
    for (const QString &n : {u"c1"_s, u"c3"_s, u"c4"_s})
        QVERIFY2(byNode.value(n).status == vna::ckptsync::NodeResult::Status::Ok,
                 qPrintable(n + u": "_s + byNode.value(n).error));
    QCOMPARE(byNode.value(u"c3"_s).files.first().via.join(u','), u"c2,c1"_s);
    QCOMPARE(byNode.value(u"c4"_s).files.first().via, QStringList{u"c3"_s});
    for (const QString &n : {u"c1"_s, u"c3"_s, u"c4"_s})
        QVERIFY2(vna::test::readFile(node(n) + u'/' + dist + u"/.metadata"_s)
                     == vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s),
                 qPrintable(n));
    QVERIFY(!QFile::exists(node(u"c2"_s) + u'/' + dist + u"/.metadata"_s));
    const QStringList partial = tempFiles(node(u"c2"_s));
    QCOMPARE(partial.size(), 1);

    // The rerun resumes c2's partial copy and sends only the rest; the others have it all.
    const auto r
        = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"c[1-4]"_s, u"--step"_s, u"9"_s, u"--json"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(800)));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(resultOf(root, u"c2"_s).value(u"status").toString(), u"ok"_s);
    QVERIFY(resultOf(root, u"c2"_s).value(u"files").toArray().first().toObject().value(u"resumed_from").toInteger() >= 8
                << 20);
    for (const QString &n : {u"c1"_s, u"c3"_s, u"c4"_s})
        QCOMPARE(resultOf(root, n).value(u"status").toString(), u"skipped"_s);
    QVERIFY(vna::test::readFile(node(u"c2"_s) + u'/' + dist + u"/.metadata"_s)
            == vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s));
    QCOMPARE(tempFiles(node(u"c2"_s)), QStringList());
}

void TestCkptSync::silentNodeIsSeenInSeconds()
{
    // c2 stops answering (every process of it stopped, as when its link goes down: its connections stay
    // open and carry nothing) while it receives 64 MiB and passes them on to c3. The sync's ssh keep-alives
    // notice it in about 10 s, inside the 40 s a node may go without progress: c3 goes on from c1, c4
    // from c3, and c2's error says what happened instead of ending in an empty colon.
    const QString dist = u"global_step_12/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/.metadata"_s, randomBytes(64 << 20)));
    vna::ckptsync::Options options = oneStep({u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s}, 12);
    options.ssh.aliveIntervalSec = vna::ckptsync::kAliveIntervalSec;
    options.retries = 0;
    options.timeoutSec = 40; // a silent node fails after this without keep-alives (3 x 15 s by default)
    options.bandwidthLimit = 16 << 20;
    options.topology = vna::ckptsync::Topology::Chain;
    std::pair<vna::ckptsync::SourceData, QList<vna::ckptsync::PlanItem>> run;
    prepareChain(options, run);
    if (QTest::currentTestFailed())
        return;
    const vna::ckptsync::SourceData &source = run.first;
    const QList<vna::ckptsync::PlanItem> &plan = run.second;
    std::atomic_bool frozen{false}; // once c3 has 8 MiB from it, c1 held at half the file, as above
    options.meter = holdFirstNode(u"c1"_s, 32 << 20, frozen);
    QList<vna::ckptsync::NodeResult> results;
    std::thread worker([&] { results = vna::ckptsync::execute(options, plan, source); });
    for (int i = 0; i < 1500 && !frozen; ++i) {
        const QStringList temps = tempFiles(node(u"c3"_s) + u"/global_step_12"_s);
        if (!temps.isEmpty() && QFileInfo(temps.first()).size() > (8 << 20)) {
            m_servers.value(u"c2"_s)->freeze(true);
            frozen = true;
        }
        QTest::qWait(20);
    }
    worker.join();
    m_servers.value(u"c2"_s)->crash(); // its sessions would wake to connections long closed
    QVERIFY(m_servers.value(u"c2"_s)->start({}));
    writeConfig();
    QVERIFY(frozen);
    QMap<QString, vna::ckptsync::NodeResult> byNode;
    for (const auto &r : results)
        byNode.insert(r.node, r);
    QCOMPARE(byNode.value(u"c2"_s).status, vna::ckptsync::NodeResult::Status::Failed);
    QVERIFY2(byNode.value(u"c2"_s).error.startsWith(u"no data from c2 for "_s),
             qPrintable(byNode.value(u"c2"_s).error));
    for (const QString &n : {u"c1"_s, u"c3"_s, u"c4"_s}) {
        QVERIFY2(byNode.value(n).status == vna::ckptsync::NodeResult::Status::Ok,
                 qPrintable(n + u": "_s + byNode.value(n).error));
        QVERIFY2(vna::test::readFile(node(n) + u'/' + dist + u"/.metadata"_s)
                     == vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s),
                 qPrintable(n));
    }
    QCOMPARE(byNode.value(u"c3"_s).files.first().via.join(u','), u"c2,c1"_s);
}

void TestCkptSync::cancelReachesNodesThatPull()
{
    // A chain canceled while c2, c3 and c4 receive from the nodes before them: each is reported canceled
    // once its shell has ended, at once free of its lock and with what arrived kept. (Their ssh used to
    // be killed: a node waiting for its upstream's bytes then held its lock after the report.)
    const QString step = u"global_step_13"_s;
    const QString dist = step + u"/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/.metadata"_s, randomBytes(64 << 20)));
    vna::ckptsync::Options options = oneStep({u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s}, 13);
    options.retries = 0;
    options.bandwidthLimit = 8 << 20; // per link: 8 s for the file, canceled long before
    options.topology = vna::ckptsync::Topology::Chain;
    std::pair<vna::ckptsync::SourceData, QList<vna::ckptsync::PlanItem>> run;
    prepareChain(options, run);
    if (QTest::currentTestFailed())
        return;
    const vna::ckptsync::SourceData &source = run.first;
    const QList<vna::ckptsync::PlanItem> &plan = run.second;
    std::atomic_bool cancel{false};
    options.meter = holdFirstNode(u"c1"_s, 32 << 20, cancel); // none is whole when c4 has its first bytes
    QList<vna::ckptsync::NodeResult> results;
    std::thread worker([&] { results = vna::ckptsync::execute(options, plan, source, &cancel); });
    for (int i = 0; i < 1500 && !cancel; ++i) {
        const QStringList temps = tempFiles(node(u"c4"_s) + u'/' + step);
        if (!temps.isEmpty() && QFileInfo(temps.first()).size() > (1 << 20))
            cancel = true;
        QTest::qWait(20);
    }
    worker.join();
    QVERIFY(cancel);
    QMap<QString, QString> errors;
    for (const auto &r : results)
        errors.insert(r.node, r.error);
    for (const QString &n : {u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s}) {
        QCOMPARE(errors.value(n), u"Canceled."_s);
        QCOMPARE(QProcess::execute(u"flock"_s, {u"-n"_s, node(n) + u"/.verl-npu-assistant.lock"_s, u"true"_s}), 0);
        const QStringList partial = tempFiles(node(n) + u'/' + step);
        QCOMPARE(partial.size(), 1);
        QVERIFY2(QFileInfo(partial.first()).size() > 0, qPrintable(partial.first()));
        QVERIFY(!QFile::exists(node(n) + u'/' + dist + u"/.metadata"_s));
    }
    for (const QString &n : {u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s})
        QVERIFY(QDir(node(n) + u'/' + step).removeRecursively());
    QVERIFY(QDir(m_ckpt + u'/' + step).removeRecursively());
}

void TestCkptSync::unreachablePeersFallBackToStar()
{
    // island's own ssh reaches no other node: the preflight says so, and this machine sends to it.
    const QString dist = u"global_step_10/actor/dist_ckpt"_s;
    QVERIFY(vna::test::writeFile(m_ckpt + u'/' + dist + u"/.metadata"_s, randomBytes(1 << 20)));
    QVERIFY(vna::test::writeFile(node(u"c1"_s) + u'/' + dist + u"/.metadata"_s,
                                 vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s)));
    const QStringList args
        = common() + QStringList{u"--nodes"_s, u"c1,island"_s, u"--step"_s, u"10"_s, u"--topology"_s, u"chain"_s};
    const auto dry = vna::test::runCli(args + QStringList{u"--dry-run"_s});
    QVERIFY2(dry.code == ExitCode::Ok, qPrintable(QString(dry.out + dry.err).right(800)));
    QVERIFY2(dry.out.contains(u"Route: star: island ← this machine"_s), qPrintable(dry.out));
    QVERIFY2(
        dry.out.contains(
            u"island receives from this machine: it cannot reach c1 (ssh: connect to host c1 port 22: No route to host) over ssh"_s),
        qPrintable(dry.out));
    const auto r = vna::test::runCli(args + QStringList{u"--json"_s});
    QVERIFY2(r.code == ExitCode::Ok, qPrintable(QString(r.out + r.err).right(800)));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root.value(u"topology").toString(), u"star"_s);
    QCOMPARE(resultOf(root, u"island"_s).value(u"status").toString(), u"ok"_s);
    QVERIFY(vna::test::readFile(node(u"island"_s) + u'/' + dist + u"/.metadata"_s)
            == vna::test::readFile(m_ckpt + u'/' + dist + u"/.metadata"_s));
}

void TestCkptSync::secretsStayOutOfAuditAndLog()
{
    // A secret in our own environment and the private key ssh uses: neither may reach the audit
    // records, the log file (at its most verbose) or the printed results.
    qputenv("WANDB_API_KEY", "vna-secret-wandb-5d1e");
    const QString logFile = m_dir.filePath(u"secrets.log"_s);
    QVERIFY(vna::log::init({vna::log::Level::Trace, false, vna::log::Level::Warn, logFile, false}).ok());
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node1"_s, u"--json"_s});
    vna::log::shutdown();
    qunsetenv("WANDB_API_KEY");
    QCOMPARE(r.code, ExitCode::Ok);
    const QString audit = QString::fromUtf8(vna::test::readFile(vna::ckptsync::auditFile()));
    const QString localAudit = QString::fromUtf8(vna::test::readFile(m_ckpt + u"/.verl-npu-assistant-sync.jsonl"_s));
    const QString log = QString::fromUtf8(vna::test::readFile(logFile));
    QVERIFY2(audit.contains(u"node1"_s) && localAudit.contains(u"node1"_s), qPrintable(audit)); // written
    QVERIFY2(log.contains(u"node1"_s), qPrintable(log));

    QStringList secrets{u"vna-secret-wandb-5d1e"_s};
    secrets += vna::test::privateKeyLines(m_key);
    QVERIFY(secrets.size() > 1);
    for (const QString &secret : std::as_const(secrets)) {
        QVERIFY2(!audit.contains(secret), qPrintable(secret));
        QVERIFY2(!localAudit.contains(secret), qPrintable(secret));
        QVERIFY2(!log.contains(secret), qPrintable(secret));
        QVERIFY2(!r.out.contains(secret) && !r.err.contains(secret), qPrintable(secret));
    }
}

QTEST_GUILESS_MAIN(TestCkptSync)
#include "tst_ckptsync.moc"
