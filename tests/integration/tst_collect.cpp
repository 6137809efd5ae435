// `collect` against real sshd processes on 127.0.0.2 and 127.0.0.3 (127.0.0.4 has none: a node that is
// down). Each node has its own home, where Ray's session and the CANN logs lie: node1 holds an echo (an
// HCCL watchdog timeout on rank 0) and the driver's ActorDiedError, node2 the fault (an aicore exception on
// rank 5, pid 2222), both between thousands of ordinary lines. node2's clock runs 7 s ahead, so its fault
// is written after node1's echo though it happened before: only the measured offset orders them right.
// A second session is a run that hangs: no failure, one rank quiet long before the others, and a py-spy
// on the node that shows where it waits.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>

#include "logscan/clusterdialog.h"
#include "logscan/knowledgebase.h"
#include "support/clirun.h"
#include "support/fakenode.h"
#include "support/sshd.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::ExitCode;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/collect/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `count` ordinary lines of training progress, timed from 10:00:00 one second apart from `firstSecond`.
QByteArray ordinary(int count, int firstSecond = 0)
{
    const QByteArray pattern = fixture(u"ordinary.txt"_s).trimmed();
    QByteArray out;
    for (int i = 0; i < count; ++i) {
        const int s = (firstSecond + i) % 2520; // up to 10:41:59
        QByteArray line = pattern;
        const QByteArray time = "10:" + QByteArray::number(s / 60).rightJustified(2, '0') + ':'
            + QByteArray::number(s % 60).rightJustified(2, '0');
        line.replace("%TIME%", time);
        line.replace("%STEP%", QByteArray::number(i));
        out += line + '\n';
    }
    return out;
}

// Written, and last written at 10:43 on 2026-12-07 (the year of the lines that do not write one).
bool write(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size()
        && file.setFileTime(QDateTime(QDate(2026, 12, 7), QTime(10, 43)), QFileDevice::FileModificationTime);
}

bool executable(const QString &path, const QByteArray &script)
{
    return write(path, script)
        && QFile::setPermissions(path,
                                 QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                     | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
}

qint64 lineOf(const QString &path, const QByteArray &text)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    qint64 number = 0;
    while (!file.atEnd()) {
        ++number;
        if (file.readLine().contains(text))
            return number;
    }
    return -1;
}

QJsonObject nodeOf(const QJsonObject &root, const QString &host)
{
    for (const QJsonValue &v : root.value(u"nodes").toArray())
        if (v.toObject().value(u"host").toString() == host)
            return v.toObject();
    return {};
}

} // namespace

class TestCollect final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rootCause_data();
    void rootCause();
    void lineNumbersAreTheNodes();
    void textReport();
    void hang();
    void bundleMasksSecrets();
    void badInput_data();
    void badInput();
    void headWithoutSession();
    void dialog();

private:
    QStringList common() const;

    QTemporaryDir m_dir;
    std::unique_ptr<vna::test::SshServer> m_a;
    std::unique_ptr<vna::test::SshServer> m_b;
    QString m_config;
    QString m_faultFile;
};

void TestCollect::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!QFile::exists(u"/usr/sbin/sshd"_s))
        QFAIL("openssh-server is required (scripts/setup.sh installs it)");
    const QString home1 = m_dir.filePath(u"home1"_s);
    const QString home2 = m_dir.filePath(u"home2"_s);
    const QString logs1 = home1 + u"/ray/session_latest/logs/"_s;
    const QString logs2 = home2 + u"/ray/session_latest/logs/"_s;
    const QByteArray head = ":job_id:01000000\n:actor_name:WorkerDict\n";
    // node1: rank 0's echo, the driver, a raylet log of ordinary lines.
    QVERIFY(
        write(logs1 + u"worker-9c1d0e-01000000-1111.out"_s, head + ordinary(20000) + fixture(u"echo-worker.out"_s)));
    QVERIFY(write(logs1 + u"job-driver-raysubmit_abc.log"_s,
                  ordinary(5000) + "2026-12-07 10:42:20,000 INFO run.py:12 -- WANDB_API_KEY=vna-secret-wandb-7f3a\n"
                      + fixture(u"driver.log"_s)));
    QVERIFY(write(logs1 + u"raylet.out"_s, ordinary(20000)));
    QVERIFY(write(logs1 + u"gcs_server.out"_s, fixture(u"gcs_server.out"_s)));
    // node2: the fault, in the worker's log and in its plog.
    m_faultFile = logs2 + u"worker-5f2a7b-01000000-2222.out"_s;
    QVERIFY(write(m_faultFile, head + ordinary(20000, 7) + fixture(u"fault-worker.out"_s)));
    QVERIFY(write(home2 + u"/ascend/log/debug/plog/plog-2222_20261207104200.log"_s,
                  ordinary(3000, 7)
                      + fixture(u"fault-worker.out"_s).mid(fixture(u"fault-worker.out"_s).indexOf("EZ9999"))));

    // The hang: rank 1 (pid 3331) stopped writing at 10:20, rank 0 (pid 3330) and rank 2 on node2 at 10:40.
    const QString hang1 = home1 + u"/ray/session_hang/logs/"_s;
    const QString hang2 = home2 + u"/ray/session_hang/logs/"_s;
    const QDateTime base = QDateTime::currentDateTime().addSecs(-3600);
    const auto hangFile = [&](const QString &path, int rank, int quietMinutes) {
        const QByteArray text = head + ordinary(300) + "[rank" + QByteArray::number(rank)
            + "]:[W1207 10:10:00.1 ProcessGroupHCCL.cpp:1200] Warning: HCCL setDevice for the all-reduce of step 301\n";
        if (!write(path, text))
            return false;
        QFile file(path);
        return file.open(QIODevice::ReadWrite)
            && file.setFileTime(base.addSecs(-60 * quietMinutes), QFileDevice::FileModificationTime);
    };
    QVERIFY(hangFile(hang1 + u"worker-aaaa01-01000000-3330.out"_s, 0, 0));
    QVERIFY(hangFile(hang1 + u"worker-aaaa02-01000000-3331.out"_s, 1, 20));
    QVERIFY(hangFile(hang2 + u"worker-bbbb01-01000000-3332.out"_s, 2, 0));

    // node2's clock is 7 s ahead; node1 has py-spy.
    const QString bin1 = m_dir.filePath(u"bin1"_s);
    const QString bin2 = m_dir.filePath(u"bin2"_s);
    QVERIFY(vna::test::writeFakeNode(bin1, QStringLiteral(VNA_FIXTURES_DIR),
                                     {u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)}));
    QVERIFY(executable(bin1 + u"/py-spy"_s,
                       "#!/bin/sh\n"
                       "echo \"Process $3: ray::WorkerDict.actor_update\"\n"
                       "echo 'Thread 0x7F01 (idle): \"MainThread\"'\n"
                       "echo '    all_reduce (torch/distributed/distributed_c10d.py:2501)'\n"
                       "echo '    update_policy (verl/workers/actor/dp_actor.py:412)'\n"));
    QVERIFY(executable(bin2 + u"/date"_s, "#!/bin/sh\nexec /bin/date -d '+7 seconds' \"$@\"\n"));

    const QString key = vna::test::ensureUserKey(m_dir.path());
    m_a = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-a"_s), u"127.0.0.2"_s);
    m_b = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-b"_s), u"127.0.0.3"_s);
    QVERIFY2(m_a->start({{u"PATH"_s, bin1 + u":/usr/bin:/bin"_s}, {u"HOME"_s, home1}}), qPrintable(m_a->errorString()));
    QVERIFY2(m_b->start({{u"PATH"_s, bin2 + u":/usr/bin:/bin"_s}, {u"HOME"_s, home2}}), qPrintable(m_b->errorString()));
    const QString knownHosts = m_dir.filePath(u"known_hosts"_s);
    QVERIFY(write(knownHosts, (m_a->knownHostsLine() + u'\n' + m_b->knownHostsLine() + u'\n').toUtf8()));
    m_config = m_dir.filePath(u"ssh_config"_s);
    QVERIFY(write(m_config,
                  (vna::test::clientHostBlock(u"node1"_s, m_a->address(), m_a->port(), key, knownHosts)
                   + vna::test::clientHostBlock(u"node2"_s, m_b->address(), m_b->port(), key, knownHosts)
                   + vna::test::clientHostBlock(u"node9"_s, u"127.0.0.4"_s, m_a->port(), key, knownHosts)
                   // The addresses Ray's GCS lists the nodes by, for --head.
                   + vna::test::clientHostBlock(m_a->address(), m_a->address(), m_a->port(), key, knownHosts)
                   + vna::test::clientHostBlock(m_b->address(), m_b->address(), m_b->port(), key, knownHosts))
                      .toUtf8()));
}

QStringList TestCollect::common() const
{
    return {u"collect"_s, u"--ssh-config"_s, m_config, u"--ray-dir"_s, u"~/ray"_s, u"--no-versions"_s, u"--json"_s};
}

void TestCollect::rootCause_data()
{
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<QString>("rootEntry");
    QTest::addColumn<QString>("rootNode");
    QTest::addColumn<QString>("rootPid");
    QTest::addColumn<QString>("rootRank");
    QTest::addColumn<QStringList>("echoes");
    // With node1 alone the echo is all there is; with node2 the fault comes first once its clock is
    // corrected, and the timeout and the driver's ActorDiedError follow from it.
    QTest::newRow("echo only") << QStringList{u"--nodes"_s, u"node1"_s} << u"hccl-exec-timeout"_s << u"node1"_s
                               << u"1111"_s << u"0"_s << QStringList{};
    QTest::newRow("both nodes") << QStringList{u"--nodes"_s, u"node[1-2]"_s} << u"npu-core-exception"_s << u"node2"_s
                                << u"2222"_s << u"5"_s << QStringList{u"hccl-exec-timeout"_s, u"ray-actor-died"_s};
    QTest::newRow("one node down") << QStringList{u"--nodes"_s, u"node[1-2],node9"_s} << u"npu-core-exception"_s
                                   << u"node2"_s << u"2222"_s << u"5"_s
                                   << QStringList{u"hccl-exec-timeout"_s, u"ray-actor-died"_s};
    // The nodes as Ray's head lists them: by the addresses they registered with.
    QTest::newRow("from the head") << QStringList{u"--head"_s, u"node1"_s} << u"npu-core-exception"_s << u"127.0.0.3"_s
                                   << u"2222"_s << u"5"_s << QStringList{u"hccl-exec-timeout"_s, u"ray-actor-died"_s};
}

void TestCollect::rootCause()
{
    QFETCH(QStringList, nodes);
    QFETCH(QString, rootEntry);
    QFETCH(QString, rootNode);
    QFETCH(QString, rootPid);
    QFETCH(QString, rootRank);
    QFETCH(QStringList, echoes);
    const auto r = vna::test::runCli(common() + nodes);
    QVERIFY2(r.code == ExitCode::Problems, qPrintable(r.out.left(4000) + r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray findings = root.value(u"findings").toArray();
    const int began = root.value(u"began").toObject().value(u"finding").toInt(-1);
    QVERIFY2(began >= 0, qPrintable(r.out.left(3000)));
    const QJsonObject first = findings.at(began).toObject();
    QCOMPARE(first.value(u"id").toString(), rootEntry);
    QCOMPARE(first.value(u"node").toString(), rootNode);
    QCOMPARE(first.value(u"pid").toString(), rootPid);
    QCOMPARE(first.value(u"rank").toString(), rootRank);
    QStringList echoed;
    for (const QJsonValue &index : root.value(u"began").toObject().value(u"echoes").toArray())
        echoed << findings.at(index.toInt()).toObject().value(u"id").toString();
    for (const QString &echo : echoes)
        QVERIFY2(echoed.contains(echo), qPrintable(echoed.join(u',')));
    // Little moved: the windows, not the logs.
    const double moved = root.value(u"bytes_moved").toDouble();
    const double held = root.value(u"bytes_on_nodes").toDouble();
    QVERIFY2(held > 1e6 && moved < held * 0.05, qPrintable(u"%1 of %2"_s.arg(moved).arg(held)));
    if (rootNode != u"node1"_s) {
        const qint64 ahead = nodeOf(root, rootNode).value(u"clock_ahead_ms").toInteger();
        QVERIFY2(ahead > 5000 && ahead < 9000, qPrintable(QString::number(ahead)));
    }
    if (nodes.join(u' ').contains(u"node9"_s)) {
        const QJsonObject down = nodeOf(root, u"node9"_s);
        QCOMPARE(down.value(u"collected").toBool(true), false);
        QVERIFY2(down.value(u"failure").toString().contains(u"node9"_s), qPrintable(down.value(u"failure").toString()));
    }
}

void TestCollect::lineNumbersAreTheNodes()
{
    const auto r = vna::test::runCli(common() + QStringList{u"--nodes"_s, u"node2"_s});
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject first = root.value(u"findings").toArray().at(0).toObject();
    QVERIFY2(first.value(u"file").toString().startsWith(u"node2:"_s), qPrintable(first.value(u"file").toString()));
    const QString path = first.value(u"file").toString().mid(6);
    QCOMPARE(first.value(u"line").toInteger(), lineOf(path, first.value(u"text").toString().left(40).toUtf8()));
    QVERIFY(first.value(u"line").toInteger() > 3000);
}

void TestCollect::textReport()
{
    const auto r = vna::test::runCli(QStringList{u"collect"_s, u"--ssh-config"_s, m_config, u"--ray-dir"_s, u"~/ray"_s,
                                                 u"--no-versions"_s, u"--nodes"_s, u"node[1-2],node9"_s});
    QCOMPARE(r.code, ExitCode::Problems);
    const QStringList lines = r.out.split(u'\n');
    const auto line = [&](const QString &start) {
        for (const QString &l : lines)
            if (l.startsWith(start))
                return l;
        return QString();
    };
    QVERIFY2(line(u"Where it began: "_s).contains(u" on node2 (rank 5, WorkerDict pid 2222) at 2026-12-07 10:42:00"_s),
             qPrintable(r.out.left(3000)));
    QVERIFY2(line(u"  ← HCCL operation"_s).contains(u"first at 2026-12-07 10:42:05.428 on node1"_s),
             qPrintable(r.out.left(3000)));
    // node2's clock, 7 s ahead, within the round trip's uncertainty.
    const auto clock = QRegularExpression(uR"(clock \+(\d+\.\d+) s against node1)"_s).match(line(u"node2: "_s));
    QVERIFY2(clock.hasMatch(), qPrintable(line(u"node2: "_s)));
    QVERIFY2(qAbs(clock.captured(1).toDouble() - 7.0) < 0.5, qPrintable(clock.captured(1)));
    QVERIFY(line(u"node9: not collected"_s).contains(u"node9"_s));
    QVERIFY(r.err.contains(u"[3/3]"_s));
    QVERIFY(!line(u"  not there: "_s).contains(u"ascend/log/run"_s)); // node2 has debug/ only: nothing is missing
}

void TestCollect::hang()
{
    const auto r = vna::test::runCli(
        common() + QStringList{u"--nodes"_s, u"node[1-2]"_s, u"--session"_s, u"session_hang"_s, u"--no-plogs"_s});
    QCOMPARE(r.code, ExitCode::Ok);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!root.contains(u"began"_s));
    const QJsonArray processes = root.value(u"hang").toObject().value(u"processes").toArray();
    QCOMPARE(processes.size(), 3);
    const QJsonObject quiet = processes.at(0).toObject();
    QCOMPARE(quiet.value(u"pid").toString(), u"3331"_s);
    QCOMPARE(quiet.value(u"node").toString(), u"node1"_s);
    QCOMPARE(quiet.value(u"rank").toString(), u"1"_s);
    QCOMPARE(quiet.value(u"quiet").toBool(), true);
    QCOMPARE(quiet.value(u"collective").toString(), u"all_reduce (torch/distributed/distributed_c10d.py:2501)"_s);
    QVERIFY(quiet.value(u"stack").toString().contains(u"dp_actor.py:412"_s));
    QCOMPARE(processes.at(1).toObject().value(u"quiet").toBool(), false);
    QCOMPARE(processes.at(2).toObject().value(u"quiet").toBool(), false);

    const auto text = vna::test::runCli(QStringList{u"collect"_s, u"--ssh-config"_s, m_config, u"--ray-dir"_s,
                                                    u"~/ray"_s, u"--no-versions"_s, u"--nodes"_s, u"node1"_s,
                                                    u"--session"_s, u"session_hang"_s});
    QVERIFY2(text.out.contains(u"QUIET"_s), qPrintable(text.out));
}

void TestCollect::bundleMasksSecrets()
{
    const QString bundle = m_dir.filePath(u"bundle.md"_s);
    const auto r = vna::test::runCli(QStringList{u"collect"_s, u"--ssh-config"_s, m_config, u"--ray-dir"_s, u"~/ray"_s,
                                                 u"--nodes"_s, u"node[1-2]"_s, u"--bundle"_s, bundle});
    QCOMPARE(r.code, ExitCode::Problems);
    QFile file(bundle);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY2(text.contains(u"Where it began"_s), qPrintable(text.left(2000)));
    QVERIFY(text.contains(u"aicore exception"_s));
    QVERIFY(text.contains(u"WANDB_API_KEY=********"_s));
    QVERIFY(!text.contains(u"vna-secret-wandb-7f3a"_s));
    // Versions per node, from the Environment check's probe.
    QVERIFY2(text.contains(u"torch_npu: 2.4.0.post2"_s), qPrintable(text.right(3000)));
    QVERIFY(text.contains(u"npu-smi info"_s));
}

void TestCollect::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no nodes") << QStringList{} << u"Name the nodes"_s;
    QTest::newRow("nodes and head") << QStringList{u"--nodes"_s, u"node1"_s, u"--head"_s, u"node2"_s}
                                    << u"either the nodes"_s;
    QTest::newRow("head is an option") << QStringList{u"--head"_s, u"-oProxyCommand=x"_s} << u"is not a host name"_s;
    QTest::newRow("bad since") << QStringList{u"--nodes"_s, u"node1"_s, u"--since"_s, u"yesterday"_s}
                               << u"--since: \"yesterday\" is not a time"_s;
    QTest::newRow("until before since") << QStringList{u"--nodes"_s,          u"node1"_s,   u"--since"_s,
                                                       u"2026-12-07 10:00"_s, u"--until"_s, u"2026-12-07 09:00"_s}
                                        << u"--until is before --since"_s;
    QTest::newRow("bad nodeset") << QStringList{u"--nodes"_s, u"node[3-1]"_s} << u"--nodes: The range"_s;
    QTest::newRow("files given") << QStringList{u"train.log"_s} << u"takes no file names"_s;
}

void TestCollect::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto r = vna::test::runCli(QStringList{u"collect"_s} + args);
    QCOMPARE(r.code, ExitCode::Usage);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCollect::headWithoutSession()
{
    const auto r = vna::test::runCli(common() + QStringList{u"--head"_s, u"node2"_s});
    QCOMPARE(r.code, ExitCode::Runtime);
    QVERIFY2(r.err.contains(u"node2 is not the head of this Ray session: no GCS log"_s), qPrintable(r.err));
}

// The Logs tab's "From the cluster…" dialog, typed into key by key as a user does.
void TestCollect::dialog()
{
    using vna::test::child;
    const vna::logscan::KnowledgeBase kb = vna::logscan::loadKnowledgeBase();
    const auto matcher = vna::logscan::Matcher::compile(kb.entries);
    QVERIFY(matcher);
    vna::ui::ClusterDialog dialog(kb.entries, *matcher);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *nodes = child<QLineEdit>(&dialog, "clusterNodes");
    auto *collect = child<QPushButton>(&dialog, "clusterCollect");
    nodes->setFocus();
    QTest::keyClick(nodes, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(nodes, Qt::Key_Delete);
    for (const QChar c : u"node[1-"_s)
        QTest::keyClicks(QApplication::focusWidget(), QString(c));
    // Half a nodeset: said at once, and nothing can start.
    QVERIFY(!collect->isEnabled());
    for (const QChar c : u"2]"_s)
        QTest::keyClicks(QApplication::focusWidget(), QString(c));
    vna::test::retype(child<QLineEdit>(&dialog, "clusterSshConfig"), m_config + u".missing"_s);
    QVERIFY(!collect->isEnabled());
    vna::test::retype(child<QLineEdit>(&dialog, "clusterSshConfig"), m_config);
    vna::test::retype(child<QLineEdit>(&dialog, "clusterRayDir"), u"~/ray"_s);
    vna::test::retype(child<QLineEdit>(&dialog, "clusterSession"), u"session_latest"_s);
    vna::test::retype(child<QLineEdit>(&dialog, "clusterSince"), u"two days"_s);
    QVERIFY(!collect->isEnabled());
    vna::test::retype(child<QLineEdit>(&dialog, "clusterSince"), QString());
    vna::test::setChecked(child<QCheckBox>(&dialog, "clusterVersions"), false);
    QVERIFY(collect->isEnabled());

    QSignalSpy collected(&dialog, &vna::ui::ClusterDialog::collected);
    QTest::mouseClick(collect, Qt::LeftButton);
    QVERIFY(child<QPushButton>(&dialog, "clusterCancel")->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(collected.count(), 1, 60000);
    auto *table = child<QTreeWidget>(&dialog, "clusterNodesTable");
    QCOMPARE(table->topLevelItemCount(), 2);
    for (int i = 0; i < 2; ++i)
        QVERIFY2(table->topLevelItem(i)->text(1).startsWith(u"done in"_s), qPrintable(table->topLevelItem(i)->text(1)));
    QVERIFY(dialog.outcome());
    QVERIFY(dialog.outcome()->result.began);
    const QString result = child<QPlainTextEdit>(&dialog, "clusterResult")->toPlainText();
    QVERIFY2(result.contains(u"Where it began: An operator crashed on the aivector on node2"_s), qPrintable(result));
    QVERIFY(child<QPushButton>(&dialog, "clusterBundle")->isEnabled());
    QVERIFY(!child<QPushButton>(&dialog, "clusterCancel")->isEnabled());
}

QTEST_MAIN(TestCollect)
#include "tst_collect.moc"
