// Collecting a failed run from the cluster: four test nodes (real sshd on 127.0.0.2-5, each with its own
// home) hold a Ray session of 4 workers' logs, 400 MB in all by default; a fifth node is down and a sixth
// hangs (its grep never returns). For every real failing log of tests/fixtures/logs/real (the frozen
// corpora real/ and fresh/, manifest.jsonl's expected entries), the log is appended to one worker's log on one node,
// after verl's untimed step lines, and an HCCL watchdog timeout (as torch writes it, without a year) to a worker on
// every other node, ten minutes later; each log was last written when its process stopped (the failed one
// at 10:42, the echoes at 10:52). `verl-npu-assistant collect --json` must name the fault's node and file, with
// an entry the manifest expects, as where it began (reported), and must begin where `analyze` of the
// whole log alone begins (the goal: keeping windows on the nodes loses nothing).
// Then, side by side on the same nodes: collect against scp -r of every node's logs (in parallel) followed
// by `analyze` of all of them. Printed: root causes right (count), bytes moved / bytes on the nodes
// (goal <= 5 %), and the wall-time ratio; the down and hanging nodes must be reported, not hidden.
//   bench_collect VERL_NPU_ASSISTANT   (VNA_BENCH_MIB: MiB per node, default 100; VNA_BENCH_CASES=N: the first N
//                                       logs of each corpus, for a quick look)
// Exit code 1 when a goal is missed.
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>

#include "logscan/knowledgebase.h"
#include "support/sshd.h"

using namespace Qt::StringLiterals;

namespace {

constexpr int kNodes = 4;
constexpr int kWorkersPerNode = 4;

// What verl prints to a worker's stdout between failures: step metrics, without a time.
QByteArray ordinary(qint64 bytes)
{
    QByteArray out;
    out.reserve(bytes + 400);
    for (qint64 i = 0; out.size() < bytes; ++i)
        out += "step:" + QByteArray::number(i)
            + " - actor/pg_loss:0.0213 actor/entropy:0.7341 actor/grad_norm:0.412 critic/score/mean:0.55 "
              "response_length/mean:611.2 timing_s/gen:28.11 perf/throughput:1520.3\n";
    return out;
}

QByteArray echo(int rank)
{
    const QByteArray r = QByteArray::number(rank);
    return "[rank" + r + "]:[E1207 10:52:05.428029551 compiler_depend.ts:574] [Rank " + r
        + "] Watchdog caught collective operation timeout: WorkHCCL(SeqNum=196, OpType=ALLREDUCE, "
          "Timeout(ms)=600000) ran for 600185 milliseconds before timing out.\n";
}

bool write(const QString &path, const QByteArray &data, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(mode) && file.write(data) == data.size();
}

struct Timed
{
    double seconds = 0;
    int code = -1;
    QByteArray out;
};

Timed runTimed(const QString &program, const QStringList &args)
{
    QElapsedTimer timer;
    timer.start();
    QProcess p;
    p.start(program, args);
    p.waitForFinished(-1);
    return {timer.elapsed() / 1000.0, p.exitCode(), p.readAllStandardOutput()};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_collect VERL_NPU_ASSISTANT\n");
        return 2;
    }
    const QString tool = QString::fromLocal8Bit(argv[1]);
    const qint64 perNode
        = qint64(qEnvironmentVariableIntValue("VNA_BENCH_MIB") > 0 ? qEnvironmentVariableIntValue("VNA_BENCH_MIB")
                                                                   : 100)
        << 20;
    QTemporaryDir dir;
    const QString key = vna::test::ensureUserKey(dir.path());
    QString config;
    QString known;
    std::vector<std::unique_ptr<vna::test::SshServer>> servers;
    QStringList workerFiles; // node-major
    const QByteArray filler = ordinary(perNode / kWorkersPerNode);
    for (int n = 0; n < kNodes + 1; ++n) { // the last one hangs
        const QString home = dir.filePath(u"home%1"_s.arg(n + 1));
        const QString logs = home + u"/ray/session_latest/logs/"_s;
        for (int w = 0; w < kWorkersPerNode && n < kNodes; ++w) {
            const QString path = logs + u"worker-%1%2-01000000-%3.out"_s.arg(n).arg(w).arg(2000 + n * 10 + w);
            if (!write(path, ":job_id:01000000\n:actor_name:WorkerDict\n" + filler))
                return 2;
            workerFiles << path;
        }
        const QString bin = dir.filePath(u"bin%1"_s.arg(n + 1));
        QDir().mkpath(bin);
        if (n == kNodes) { // grep that never returns
            write(bin + u"/grep"_s, "#!/bin/sh\nexec sleep 3600\n");
            QFile::setPermissions(bin + u"/grep"_s,
                                  QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
            write(logs + u"raylet.out"_s, ordinary(1 << 20));
        }
        auto server
            = std::make_unique<vna::test::SshServer>(dir.filePath(u"sshd%1"_s.arg(n + 1)), u"127.0.0.%1"_s.arg(n + 2));
        if (!server->start({{u"PATH"_s, bin + u":/usr/bin:/bin"_s}, {u"HOME"_s, home}})) {
            std::fprintf(stderr, "sshd: %s\n", qPrintable(server->errorString()));
            return 2;
        }
        known += server->knownHostsLine() + u'\n';
        config += vna::test::clientHostBlock(u"node%1"_s.arg(n + 1), server->address(), server->port(), key,
                                             dir.filePath(u"known_hosts"_s));
        servers.push_back(std::move(server));
    }
    config += vna::test::clientHostBlock(u"node9"_s, u"127.0.0.9"_s, servers.front()->port(), key,
                                         dir.filePath(u"known_hosts"_s));
    write(dir.filePath(u"known_hosts"_s), known.toUtf8());
    write(dir.filePath(u"ssh_config"_s), config.toUtf8());
    const QStringList common{u"collect"_s,     u"--ssh-config"_s, dir.filePath(u"ssh_config"_s),
                             u"--ray-dir"_s,   u"~/ray"_s,        u"--no-versions"_s,
                             u"--no-stacks"_s, u"--json"_s};

    // The frozen corpora: real failing logs and the entries each is expected to give. "real" is the corpus
    // collect's timeline was tuned on; "fresh" was not looked at while writing it.
    QHash<QString, bool> failure;
    for (const vna::logscan::Entry &e : vna::logscan::loadKnowledgeBase().entries)
        failure.insert(e.id, e.severity == vna::Severity::Critical || e.severity == vna::Severity::Error);
    bool allRight = true;
    for (const QString &corpus : {u"real"_s, u"fresh"_s}) {
        const QString real = QStringLiteral(VNA_FIXTURES_DIR "/logs/") + corpus + u'/';
        QFile manifest(real + u"manifest.jsonl"_s);
        if (!manifest.open(QIODevice::ReadOnly))
            return 2;
        // Where a log's expected entries are all warnings or notes, nothing failed there: such logs are counted,
        // not planted.
        int notFailures = 0;
        int cases = 0;
        int right = 0;
        int agree = 0;    // began where `analyze` of the whole file puts its first failure
        int analyzed = 0; // cases where it finds one
        QStringList wrong;
        for (const QByteArray &line : manifest.readAll().split('\n')) {
            const QJsonObject entry = QJsonDocument::fromJson(line).object();
            if (entry.isEmpty() || entry.value(u"healthy").toBool() || entry.value(u"expected").toArray().isEmpty())
                continue;
            QStringList expected;
            for (const QJsonValue &v : entry.value(u"expected").toArray())
                if (failure.value(v.toString()))
                    expected << v.toString();
            if (expected.isEmpty()) {
                ++notFailures;
                continue;
            }
            if (qEnvironmentVariableIsSet("VNA_BENCH_CASES")
                && cases >= qEnvironmentVariableIntValue("VNA_BENCH_CASES"))
                break; // a quick look: the first N logs of each corpus
            QFile log(real + entry.value(u"file").toString());
            if (!log.open(QIODevice::ReadOnly))
                return 2;
            const QByteArray fault = log.readAll();
            const int node = cases % kNodes;
            const int worker = node * kWorkersPerNode + (cases / kNodes) % kWorkersPerNode;
            // Every worker's log back to its ordinary lines, then the fault on one, echoes on the other nodes.
            for (const QString &path : std::as_const(workerFiles)) {
                QFile file(path);
                if (!file.resize(filler.size() + 40))
                    return 2;
            }
            write(workerFiles.at(worker), fault, QIODevice::Append);
            for (int n = 0; n < kNodes; ++n)
                if (n != node)
                    write(workerFiles.at(n * kWorkersPerNode), echo(n * kWorkersPerNode), QIODevice::Append);
            // When each stopped writing: the failed worker at 10:42, the ranks that timed out waiting for it at
            // 10:52, the others a little later.
            const QDate day(2026, 12, 7);
            for (int w = 0; w < workerFiles.size(); ++w) {
                QFile file(workerFiles.at(w));
                const bool echoed = w % kWorkersPerNode == 0 && w / kWorkersPerNode != node;
                const QTime time = w == worker ? QTime(10, 42) : echoed ? QTime(10, 52, 6) : QTime(10, 52, 30);
                if (!file.open(QIODevice::ReadWrite)
                    || !file.setFileTime(QDateTime(day, time), QFileDevice::FileModificationTime))
                    return 2;
            }
            ++cases;
            const Timed r = runTimed(tool, common + QStringList{u"--nodes"_s, u"node[1-4]"_s});
            const QJsonObject root = QJsonDocument::fromJson(r.out).object();
            const int began = root.value(u"began").toObject().value(u"finding").toInt(-1);
            const QJsonObject first = root.value(u"findings").toArray().at(began).toObject();
            // The fault's own file (its lines may name another pid: the thread's log was written elsewhere).
            const QString where = u"node%1:%2"_s.arg(node + 1).arg(workerFiles.at(worker));
            const bool ok = began >= 0 && first.value(u"file").toString() == where
                && expected.contains(first.value(u"id").toString());
            right += ok ? 1 : 0;
            // The same log read whole, alone: what collect must not lose by keeping windows on the node.
            const Timed alone = runTimed(tool, {u"analyze"_s, u"--json"_s, real + entry.value(u"file").toString()});
            const QJsonArray aloneFindings = QJsonDocument::fromJson(alone.out).object().value(u"findings").toArray();
            for (const QJsonValue &v : aloneFindings) {
                const QJsonObject f = v.toObject();
                if (f.value(u"root_cause").toBool() && failure.value(f.value(u"id").toString())) {
                    ++analyzed;
                    if (began >= 0 && first.value(u"file").toString() == where
                        && first.value(u"id").toString() == f.value(u"id").toString())
                        ++agree;
                    else
                        wrong << u"%1: analyze alone begins with %2"_s.arg(entry.value(u"file").toString(),
                                                                           f.value(u"id").toString());
                    break;
                }
            }
            if (!ok)
                wrong << u"%1: began %2 in %3, expected %4 in %5"_s.arg(
                    entry.value(u"file").toString(), began >= 0 ? first.value(u"id").toString() : u"nothing"_s,
                    first.value(u"file").toString().section(u'/', -1), expected.join(u'|'), where.section(u'/', -1));
        }
        std::printf("%s: root cause, node and file right: %d of %d failing logs (%d more expect only warnings or "
                    "notes: not planted)\n",
                    qPrintable(corpus), right, cases, notFailures);
        std::printf("%s: where it began is where analyze of the whole file alone begins: %d of %d\n",
                    qPrintable(corpus), agree, analyzed);
        for (const QString &w : wrong)
            std::printf("  wrong: %s\n", qPrintable(w));
        allRight = allRight && agree == analyzed;
    }

    // Side by side, the last case in place, the down and the hanging node included.
    const Timed ours
        = runTimed(tool, common + QStringList{u"--nodes"_s, u"node[1-5],node9"_s, u"--timeout"_s, u"20"_s});
    const QJsonObject root = QJsonDocument::fromJson(ours.out).object();
    const double moved = root.value(u"bytes_moved").toDouble();
    const double held = root.value(u"bytes_on_nodes").toDouble();
    QStringList reported;
    for (const QJsonValue &v : root.value(u"nodes").toArray()) {
        const QJsonObject n = v.toObject();
        if (!n.value(u"failure").toString().isEmpty() || !n.value(u"cut_off").toString().isEmpty())
            reported << n.value(u"host").toString();
    }
    QElapsedTimer timer;
    timer.start();
    std::vector<std::unique_ptr<QProcess>> copies;
    for (int n = 0; n < kNodes; ++n) {
        auto p = std::make_unique<QProcess>();
        const QString to = dir.filePath(u"copy/node%1"_s.arg(n + 1));
        QDir().mkpath(to);
        p->start(u"scp"_s,
                 {u"-q"_s, u"-r"_s, u"-F"_s, dir.filePath(u"ssh_config"_s),
                  u"node%1:%2"_s.arg(n + 1).arg(dir.filePath(u"home%1/ray/session_latest/logs"_s.arg(n + 1))), to});
        copies.push_back(std::move(p));
    }
    for (auto &p : copies)
        if (!p->waitForFinished(-1) || p->exitCode() != 0) {
            std::fprintf(stderr, "scp failed: %s\n", p->readAllStandardError().constData());
            return 2;
        }
    QStringList files;
    qint64 copied = 0;
    for (int n = 0; n < kNodes; ++n)
        for (const QFileInfo &f : QDir(dir.filePath(u"copy/node%1/logs"_s.arg(n + 1))).entryInfoList(QDir::Files)) {
            files << f.filePath();
            copied += f.size();
        }
    const Timed analyze = runTimed(tool, QStringList{u"analyze"_s, u"--json"_s} + files);
    const double reference = timer.elapsed() / 1000.0;
    std::printf("Moved %.0f of %.0f bytes on the nodes: %.2f %% (goal <= 5 %%)\n", moved, held, 100.0 * moved / held);
    std::printf("Down or hanging nodes reported: %s (expected node5, node9)\n", qPrintable(reported.join(u", "_s)));
    std::printf("collect: %.2f s (of which up to 20 s waiting for the hanging node)\n", ours.seconds);
    std::printf("scp -r of 4 nodes (%lld bytes, %lld files) + analyze: %.2f s (scp %.2f s, analyze %.2f s)\n",
                static_cast<long long>(copied), static_cast<long long>(files.size()), reference,
                reference - analyze.seconds, analyze.seconds);
    const Timed quick = runTimed(tool, common + QStringList{u"--nodes"_s, u"node[1-4]"_s});
    std::printf("collect of the 4 live nodes: %.2f s, ratio to scp + analyze: %.2f\n", quick.seconds,
                quick.seconds / reference);
    const bool pass
        = allRight && moved <= held * 0.05 && reported.contains(u"node5"_s) && reported.contains(u"node9"_s);
    return pass ? 0 : 1;
}
