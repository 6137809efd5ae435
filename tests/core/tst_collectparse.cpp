// What collect reads back from a node and the small parsers around it: file names, grep windows (renumbered
// as on the node, cut where the per-file cap cut them), Ray's GCS log, times as users type them and as
// glog writes them, secrets in a bundle, and the collective a stuck rank is in.
#include <QTest>

#include "collect/bundle.h"
#include "collect/collect.h"
#include "collect/nodelogs.h"
#include "collect/rayhead.h"
#include "collect/timeline.h"
#include "collect/timewindow.h"
#include "logscan/lineinfo.h"

using namespace Qt::StringLiterals;
using namespace vna::collect;

namespace {

QByteArray section(const QString &nonce, const QString &name, const QByteArray &body, int code = 0)
{
    return "\n@@" + nonce.toUtf8() + ":begin:" + name.toUtf8() + "@@\n" + body + "\n@@" + nonce.toUtf8()
        + ":end:" + QByteArray::number(code) + "@@\n";
}

qint64 asWritten(int y, int mo, int d, int h, int mi, int s, int ms = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s, ms), Qt::UTC).toMSecsSinceEpoch();
}

} // namespace

class TestCollectParse final : public QObject
{
    Q_OBJECT

private slots:
    void pidOfFile_data();
    void pidOfFile();
    void nodeAnswer();
    void cutWindowDropsItsFirstLine();
    void gcsLog_data();
    void gcsLog();
    void when_data();
    void when();
    void yearless_data();
    void yearless();
    void masks_data();
    void masks();
    void collective_data();
    void collective();
    void keepBetweenTimes();
};

void TestCollectParse::pidOfFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("pid");
    QTest::addColumn<QString>("kind");
    const QString logs = u"/tmp/ray/session_latest/logs/"_s;
    QTest::newRow("worker with job") << logs + u"worker-5f2a7b-01000000-2222.out"_s << u"2222"_s << u"ray-worker"_s;
    QTest::newRow("worker without job") << logs + u"worker-5f2a7b-3333.err"_s << u"3333"_s << u"ray-worker"_s;
    QTest::newRow("core worker") << logs + u"python-core-worker-5f2a7b_4444.log"_s << u"4444"_s << u"ray-worker"_s;
    QTest::newRow("driver") << logs + u"job-driver-raysubmit_abc.log"_s << QString() << u"ray-driver"_s;
    QTest::newRow("raylet") << logs + u"raylet.out"_s << QString() << u"ray"_s;
    QTest::newRow("plog") << u"/root/ascend/log/debug/plog/plog-2222_20261207104200.log"_s << u"2222"_s << u"plog"_s;
    QTest::newRow("device") << u"/root/ascend/log/debug/device-0/device-2222_20261207104200.log"_s << u"2222"_s
                            << u"device"_s;
    QTest::newRow("other") << u"/data/train.log"_s << QString() << u"other"_s;
}

void TestCollectParse::pidOfFile()
{
    QFETCH(QString, path);
    QFETCH(QString, pid);
    QFETCH(QString, kind);
    QCOMPARE(vna::collect::pidOfFile(path), pid);
    QCOMPARE(fileKind(path), kind);
}

void TestCollectParse::nodeAnswer()
{
    const QString n = u"VNAtest"_s;
    const QString f = u"/r/logs/worker-ab-01000000-77.out"_s;
    QByteArray out = section(n, u"host"_s, "node07");
    out += section(n, u"missing"_s, "/r/gone");
    out += section(n, u"list"_s, "1765100000.5\t5000\t" + f.toUtf8() + "\n1765000000.0\t9000\t/r/logs/old.out");
    out += section(n, u"n:"_s + f, "400");
    out += section(n, u"h:"_s + f, ":job_id:01000000\n:actor_name:WorkerDict");
    out += section(n, u"t:"_s + f, "line 399\nline 400");
    out += section(n, u"a:"_s + f, "10-before\n11:[rank3]: hit\n12-after\n--\n50:second");
    out += section(n, u"m:"_s + f, "11:[rank3]: hit\n200:ERROR x");
    out += section(n, u"smi"_s, "npu-smi: not found", 127);
    out += section(n, u"pyspy"_s, "/usr/bin/py-spy");
    out += section(n, u"done"_s, "");
    const NodeAnswer answer = parseNodeAnswer(out, n, 1 << 20);
    QCOMPARE(answer.hostname, u"node07"_s);
    QCOMPARE(answer.missing, QStringList{u"/r/gone"_s});
    QCOMPARE(answer.files.size(), 2);
    const NodeFile &file = answer.files.at(0);
    QCOMPARE(file.read, true);
    QCOMPARE(answer.files.at(1).read, false);
    QCOMPARE(file.pid, u"77"_s);
    QCOMPARE(file.actor, u"WorkerDict"_s);
    QCOMPARE(file.rank, u"3"_s);
    QCOMPARE(file.lines, 400);
    QCOMPARE(file.mtimeMs, qint64(1765100000500));
    QCOMPARE(file.lineNumbers, (QList<qint64>{10, 11, 12, 0, 50, 0, 200, 0, 399, 400}));
    QCOMPARE(file.text.split('\n').at(3), QByteArray("\xe2\x80\xa6"));
    QCOMPARE(answer.smiExit, 127);
    QCOMPARE(answer.pySpy, u"/usr/bin/py-spy"_s);
    QCOMPARE(answer.complete, true);
    QCOMPARE(answer.bytesOnNode(), 14000);
}

void TestCollectParse::cutWindowDropsItsFirstLine()
{
    const QString n = u"VNAtest"_s;
    const QString f = u"/r/a.log"_s;
    // tail -c cut "1234:…" to "34:…": at the cap, the first line is not trusted.
    const QByteArray window = "34:cut line\n1235:whole";
    QByteArray out = section(n, u"list"_s, "1.0\t100\t" + f.toUtf8());
    out += section(n, u"n:"_s + f, "2000");
    out += section(n, u"a:"_s + f, window);
    const NodeAnswer answer = parseNodeAnswer(out, n, window.size() + 1);
    QCOMPARE(answer.files.at(0).lineNumbers, QList<qint64>{1235});
    QCOMPARE(answer.files.at(0).cut, true);
    QCOMPARE(answer.complete, false);
}

void TestCollectParse::gcsLog_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("addresses");
    QTest::addColumn<int>("removals");
    QTest::newRow("ray 2.49")
        << u"[2026-12-07 10:00:01,204 I 801 801] (gcs_server) gcs_node_manager.cc:87: Registering "
           "new node. node_id=4f3c node_name=n1 node_address=10.0.0.2\n"
           "[…] gcs_node_manager.cc:87: Registering new node. node_id=9a1b node_name=n2 "
           "node_address=10.0.0.3"_s
        << QStringList{u"10.0.0.2"_s, u"10.0.0.3"_s} << 0;
    QTest::newRow("ray 2.40, twice")
        << u"[…] gcs_node_manager.cc:85: Registering node info, address = 10.0.0.2, node "
           "name = 10.0.0.2 node_id=4f\n[…] Registering node info, address = 10.0.0.2, node "
           "name = 10.0.0.2 node_id=4f\n[…] gcs_node_manager.cc:366: Removing node, node "
           "name = 10.0.0.2, death reason = UNEXPECTED_TERMINATION"_s
        << QStringList{u"10.0.0.2"_s} << 1;
    QTest::newRow("marked dead") << u"The node with node id: 9a and address: 10.0.0.3 and node name: 10.0.0.3 has been "
                                    "marked dead because the detector has missed too many heartbeats"_s
                                 << QStringList{} << 1;
}

void TestCollectParse::gcsLog()
{
    QFETCH(QString, text);
    QFETCH(QStringList, addresses);
    QFETCH(int, removals);
    const RayNodes nodes = parseGcsLog(text);
    QCOMPARE(nodes.addresses, addresses);
    QCOMPARE(nodes.removals.size(), removals);
}

void TestCollectParse::when_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("expected"); // -1: refused
    const qint64 now = asWritten(2026, 12, 7, 12, 0, 0);
    QTest::newRow("date and time") << u"2026-12-07 10:42"_s << asWritten(2026, 12, 7, 10, 42, 0);
    QTest::newRow("iso seconds") << u"2026-12-07T10:42:07"_s << asWritten(2026, 12, 7, 10, 42, 7);
    QTest::newRow("day") << u"2026-12-07"_s << asWritten(2026, 12, 7, 0, 0, 0);
    QTest::newRow("minutes ago") << u"30m"_s << now - 30 * 60000;
    QTest::newRow("hours ago") << u"2h"_s << now - 2 * 3600000;
    QTest::newRow("word") << u"yesterday"_s << qint64(-1);
    QTest::newRow("bad date") << u"2026-13-07 10:00"_s << qint64(-1);
    QTest::newRow("too long ago") << u"99999999d"_s << qint64(-1);
}

void TestCollectParse::when()
{
    QFETCH(QString, text);
    QFETCH(qint64, expected);
    const auto when = parseWhen(text, asWritten(2026, 12, 7, 12, 0, 0));
    QCOMPARE(when ? *when : qint64(-1), expected);
    if (!when)
        QVERIFY2(when.error().message.contains(text), qPrintable(when.error().message));
}

void TestCollectParse::yearless_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<qint64>("written");
    QTest::addColumn<qint64>("expected");
    const qint64 dec = asWritten(2026, 12, 7, 11, 0, 0);
    QTest::newRow("torch c10") << u"[rank0]:[E1207 10:42:05.428029551 compiler_depend.ts:574] [Rank 0] Watchdog"_s
                               << dec << asWritten(2026, 12, 7, 10, 42, 5, 428);
    QTest::newRow("c10, month unpadded") << u"[rank1]:[E324 13:00:25.428029551 compiler_depend.ts:574] [Rank 1]"_s
                                         << dec << asWritten(2026, 3, 24, 13, 0, 25, 428);
    QTest::newRow("glog") << u"E1207 10:42:05.428029 12345 file.cc:12] boom"_s << dec
                          << asWritten(2026, 12, 7, 10, 42, 5, 428);
    QTest::newRow("last year's december")
        << u"[W1231 23:59:59.9 x]"_s << asWritten(2027, 1, 1, 0, 5, 0) << asWritten(2026, 12, 31, 23, 59, 59, 900);
    QTest::newRow("a week after the last write")
        << u"[W1215 11:30:10.1 x]"_s << dec << asWritten(2025, 12, 15, 11, 30, 10, 100);
    QTest::newRow("no write time") << u"[E1207 10:42:05.4 x]"_s << qint64(-1) << qint64(-1);
    QTest::newRow("not a month") << u"[E1307 10:42:05.4 x]"_s << dec << qint64(-1);
    QTest::newRow("mid-line word") << u"see NodeE1207 10:42:05"_s << dec << qint64(-1);
}

void TestCollectParse::yearless()
{
    QFETCH(QString, line);
    QFETCH(qint64, written);
    QFETCH(qint64, expected);
    const QByteArray text = line.toUtf8();
    QCOMPARE(vna::logscan::parseYearlessTime(std::string_view(text.constData(), size_t(text.size())), written),
             expected);
}

void TestCollectParse::masks_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("masked");
    QTest::newRow("env") << u"export WANDB_API_KEY=abc123 HCCL_IF_IP=10.0.0.2"_s
                         << u"export WANDB_API_KEY=******** HCCL_IF_IP=10.0.0.2"_s;
    QTest::newRow("yaml") << u"  hf_token: hf_abcdef"_s << u"  hf_token: ********"_s;
    QTest::newRow("json") << u"{\"api_key\": \"sk-1\", \"lr\": 1e-6}"_s
                          << u"{\"api_key\": \"********\", \"lr\": 1e-6}"_s;
    QTest::newRow("url") << u"RAY_ADDRESS=http://admin:pw@10.0.0.2:8265"_s
                         << u"RAY_ADDRESS=http://admin:********@10.0.0.2:8265"_s;
    QTest::newRow("nothing") << u"step:41 - actor/pg_loss:0.021"_s << u"step:41 - actor/pg_loss:0.021"_s;
}

void TestCollectParse::masks()
{
    QFETCH(QString, line);
    QFETCH(QString, masked);
    QCOMPARE(maskSecrets(line), masked);
}

void TestCollectParse::collective_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("collective");
    QTest::newRow("watchdog") << u"WorkHCCL(SeqNum=196, OpType=ALLREDUCE, Timeout(ms)=5000) ran for"_s
                              << u"ALLREDUCE, SeqNum=196"_s;
    QTest::newRow("py-spy") << u"Thread 0x1 (idle): \"MainThread\"\n    all_gather_into_tensor (torch/distributed/"
                               "distributed_c10d.py:2811)\n    forward (verl/x.py:3)"_s
                            << u"all_gather_into_tensor (torch/distributed/distributed_c10d.py:2811)"_s;
    QTest::newRow("none") << u"    forward (verl/x.py:3)"_s << QString();
}

void TestCollectParse::collective()
{
    QFETCH(QString, text);
    QFETCH(QString, collective);
    QCOMPARE(collectiveIn(text), collective);
}

void TestCollectParse::keepBetweenTimes()
{
    Collection collection;
    NodeLogs node;
    node.host = u"n1"_s;
    NodeFile file;
    file.path = u"/x.log"_s;
    file.text = "2026-12-07 10:00:00,000 a\ncontinued\n2026-12-07 10:30:00,000 b\n2026-12-07 11:00:00,000 c\n";
    file.lineNumbers = {1, 2, 3, 4};
    node.answer.files << file;
    collection.nodes << node;
    keepBetween(collection, asWritten(2026, 12, 7, 10, 15, 0), asWritten(2026, 12, 7, 10, 45, 0));
    QCOMPARE(collection.nodes.at(0).answer.files.at(0).lineNumbers, QList<qint64>{3});
    QCOMPARE(collection.nodes.at(0).answer.files.at(0).text, QByteArray("2026-12-07 10:30:00,000 b\n"));
}

QTEST_GUILESS_MAIN(TestCollectParse)
#include "tst_collectparse.moc"
