// Checkpoint sync at model scale, where the network is the bottleneck: rank 0's node and 8 receiving
// nodes, each in its own network namespace (and mount namespace for its disk), joined by a bridge
// through veth links that `tc` limits to 200 Mbit/s each way (or the rate given second); sshd on port
// 22 in each, node-to-node ssh by name (one ssh_config). This machine orchestrates from a namespace of
// its own. A 200 MB huggingface/ folder goes from rank 0's node to the 8 others:
//   reference: one single copy of the same bytes over one link (rank 0's node -> one node, tar | ssh),
//   ours:      `verl-npu-assistant sync --from rank0` (auto: a chain), side by side, median of 3,
//   naive:     a hand-written chain, each node `tee`ing the tar stream into `ssh` to the next while it
//              extracts (no checksum, no resume, no failure handling), once per run, for scale,
//   star:      the same with --topology star (every byte leaves rank 0's node once per node), once.
// Printed: ours / reference (goal <= 1.2), bytes that left rank 0's node / the data (kernel counter,
// goal <= 1.1), the tool's peak RSS (goal <= 100 MB), and for each way how busy this machine's CPU was: the
// nodes share its cores, so near 100 % the CPU, not the links, sets the pace (then try a lower rate).
// The hand-written chain must deliver every byte to the last node. Exit code 1 when a goal is missed. Needs root,
// iproute2 (ip, tc) and sshd; every address lives in the namespaces it creates (10.99.0.0/24).
#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include "support/modelfiles.h"
#include "support/sshd.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

constexpr int kNodes = 8; // receiving; node 0 is rank 0's
constexpr int kRuns = 3;
constexpr qint64 kFileBytes = 50'000'000; // four weight files: 200 MB

QString ns(int i)
{
    return QStringLiteral("vnab%1").arg(i);
}

QString address(int i)
{
    return QStringLiteral("10.99.0.%1").arg(i + 1);
}

bool sh(const QString &script, QByteArray *out = nullptr)
{
    QProcess process;
    process.start(QStringLiteral("sh"), {QStringLiteral("-c"), script});
    process.waitForFinished(600000);
    const QByteArray all = process.readAllStandardOutput();
    if (out)
        *out = all;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        std::fprintf(stderr, "bench: failed: %s\n%s%s\n", qPrintable(script), all.constData(),
                     process.readAllStandardError().constData());
        return false;
    }
    return true;
}

struct Measured
{
    double seconds = 0;
    long maxRssKb = 0;
    int exitCode = -1;
};

// Runs argv with stdout and stderr to `log`; wall time and the peak RSS of that process alone.
Measured measure(const QStringList &argv, const QString &log)
{
    std::vector<QByteArray> words;
    for (const QString &a : argv)
        words.push_back(a.toLocal8Bit());
    std::vector<char *> pointers;
    pointers.reserve(words.size() + 1);
    for (QByteArray &w : words)
        pointers.push_back(w.data());
    pointers.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const QByteArray logPath = log.toLocal8Bit();
    posix_spawn_file_actions_addopen(&actions, 1, logPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    QElapsedTimer clock;
    clock.start();
    pid_t pid = 0;
    Measured m;
    if (posix_spawnp(&pid, pointers.front(), &actions, nullptr, pointers.data(), environ) != 0)
        return m;
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    m.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    m.maxRssKb = usage.ru_maxrss;
    m.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    posix_spawn_file_actions_destroy(&actions);
    return m;
}

// The machine's CPU time, busy and all, in jiffies: the bed's nodes share this machine's cores, so a
// share near 100 % means the CPU, not the links, set the pace.
struct Cpu
{
    qint64 busy = 0;
    qint64 all = 0;
};

Cpu cpuNow()
{
    QFile stat(QStringLiteral("/proc/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> f = stat.readLine().simplified().split(' '); // cpu user nice system idle iowait ...
    Cpu c;
    for (qsizetype i = 1; i < f.size(); ++i) {
        c.all += f.at(i).toLongLong();
        if (i != 4 && i != 5)
            c.busy += f.at(i).toLongLong();
    }
    return c;
}

double busyShare(const Cpu &before, const Cpu &after)
{
    const qint64 all = after.all - before.all;
    return all > 0 ? 100.0 * static_cast<double>(after.busy - before.busy) / static_cast<double>(all) : 0;
}

// The bytes of the regular files under `dir`.
qint64 bytesUnder(const QString &dir)
{
    QByteArray out;
    sh(QStringLiteral("find %1 -type f -printf '%s\\n' | awk '{s += $1} END {print s + 0}'").arg(dir), &out);
    return out.trimmed().toLongLong();
}

qint64 txBytes(int node)
{
    QByteArray out;
    sh(QStringLiteral("ip netns exec %1 cat /sys/class/net/eth0/statistics/tx_bytes").arg(ns(node)), &out);
    return out.trimmed().toLongLong();
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

void tearDown()
{
    QString script;
    for (int i = 0; i <= kNodes; ++i)
        script += QStringLiteral("ip netns pids %1 2>/dev/null | xargs -r kill -9; ip netns del %1 2>/dev/null; ")
                      .arg(ns(i));
    script += QStringLiteral("ip netns pids vnabws 2>/dev/null | xargs -r kill -9; ip netns del vnabws 2>/dev/null; "
                             "ip netns del vnabsw 2>/dev/null; true");
    sh(script);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2 && args.size() != 3) {
        std::fprintf(stderr, "usage: bench_sync_chain VERL_NPU_ASSISTANT [LINK_RATE, tc's words: 200mbit]\n");
        return 2;
    }
    if (::geteuid() != 0 || !sh(QStringLiteral("command -v ip && command -v tc && test -x /usr/sbin/sshd"))) {
        std::fprintf(stderr, "bench_sync_chain: needs root, iproute2 (ip, tc) and sshd\n");
        return 2;
    }
    const QString app_ = QFileInfo(args.at(1)).absoluteFilePath();
    const QString rate = args.value(2, QStringLiteral("200mbit"));
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/vna-chain-XXXXXX"));
    const QString root = dir.filePath(QStringLiteral("ckpt")); // the same path on every node, its own disk
    QDir().mkpath(root);
    const QString step = QStringLiteral("global_step_1");
    const QString weights = dir.filePath(QStringLiteral("node0/") + step + QStringLiteral("/actor/huggingface"));
    qint64 data = 0;
    for (int f = 1; f <= 4; ++f) {
        QByteArray bytes(kFileBytes, Qt::Uninitialized);
        QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
        vna::test::writeFile(weights + QStringLiteral("/model-0000%1-of-00004.safetensors").arg(f), bytes);
        data += bytes.size();
    }
    const QByteArray config = R"({"architectures": ["Qwen2ForCausalLM"], "torch_dtype": "bfloat16"})";
    vna::test::writeFile(weights + QStringLiteral("/config.json"), config);
    data += config.size();
    sh(QStringLiteral("echo 1 > %1/latest_checkpointed_iteration.txt").arg(dir.filePath(QStringLiteral("node0"))));

    // The network: a bridge in its own namespace, a rate-limited veth link per node, and one for this
    // machine's namespace (not limited: it only orchestrates).
    tearDown();
    QString net
        = QStringLiteral("set -e\nip netns add vnabsw\nip -n vnabsw link add br0 type bridge\n"
                         "ip -n vnabsw link set br0 up\nip netns add vnabws\n"
                         "ip link add vnabws-n type veth peer name vnabws-s\n"
                         "ip link set vnabws-n netns vnabws\nip link set vnabws-s netns vnabsw\n"
                         "ip -n vnabws link set vnabws-n name eth0\nip -n vnabws addr add 10.99.0.200/24 dev eth0\n"
                         "ip -n vnabws link set eth0 up\nip -n vnabws link set lo up\n"
                         "ip -n vnabsw link set vnabws-s master br0 up\n");
    for (int i = 0; i <= kNodes; ++i)
        net += QStringLiteral("ip netns add %1\nip link add %1-n type veth peer name %1-s\n"
                              "ip link set %1-n netns %1\nip link set %1-s netns vnabsw\n"
                              "ip -n %1 link set %1-n name eth0\nip -n %1 addr add %2/24 dev eth0\n"
                              "ip -n %1 link set eth0 up\nip -n %1 link set lo up\n"
                              "ip -n vnabsw link set %1-s master br0 up\n"
                              "ip netns exec %1 tc qdisc add dev eth0 root tbf rate %3 burst 256kb latency 200ms\n"
                              "ip netns exec vnabsw tc qdisc add dev %1-s root tbf rate %3 burst 256kb latency 200ms\n")
                   .arg(ns(i), address(i), rate);
    if (!sh(net)) {
        tearDown();
        return 2;
    }

    // sshd on every node, its disk at `root`; one ssh_config that names every node.
    const QString key = vna::test::ensureUserKey(dir.path());
    const QString hostKey = dir.filePath(QStringLiteral("host_ed25519"));
    sh(QStringLiteral("ssh-keygen -q -t ed25519 -N '' -f %1 && cp %2.pub %3/authorized_keys")
           .arg(hostKey, key, dir.path()));
    const QList<QByteArray> hostKeyWords = vna::test::readFile(hostKey + QStringLiteral(".pub")).trimmed().split(' ');
    QString known, sshConfig;
    QList<std::shared_ptr<QProcess>> servers;
    for (int i = 0; i <= kNodes; ++i) {
        const QString name = i == 0 ? QStringLiteral("rank0") : QStringLiteral("node%1").arg(i);
        const QString disk = dir.filePath(QStringLiteral("node%1").arg(i));
        QDir().mkpath(disk);
        const QString cfg = dir.filePath(QStringLiteral("sshd_%1").arg(i));
        vna::test::writeFile(cfg,
                             QStringLiteral("ListenAddress %1:22\nHostKey %2\nAuthorizedKeysFile %3/authorized_keys\n"
                                            "PidFile %3/sshd_%4.pid\nStrictModes no\nUsePAM no\n"
                                            "PasswordAuthentication no\nPermitRootLogin yes\nPrintMotd no\n"
                                            "MaxStartups 100\n")
                                 .arg(address(i), hostKey, dir.path())
                                 .arg(i)
                                 .toUtf8());
        auto server = std::make_shared<QProcess>();
        server->setProcessChannelMode(QProcess::ForwardedChannels);
        server->start(QStringLiteral("ip"),
                      {QStringLiteral("netns"), QStringLiteral("exec"), ns(i), QStringLiteral("unshare"),
                       QStringLiteral("--mount"), QStringLiteral("--propagation"), QStringLiteral("private"),
                       QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral("mount --rbind %1 %2 && exec /usr/sbin/sshd -D -f %3").arg(disk, root, cfg)});
        servers.append(server);
        known += address(i) + u' ' + QString::fromLatin1(hostKeyWords.value(0)) + u' '
            + QString::fromLatin1(hostKeyWords.value(1)) + u'\n';
        sshConfig += QStringLiteral("Host %1\n  HostName %2\n  User root\n  IdentityFile %3\n  IdentitiesOnly yes\n"
                                    "  UserKnownHostsFile %4\n  LogLevel ERROR\n")
                         .arg(name, address(i), key, dir.filePath(QStringLiteral("known_hosts")));
    }
    vna::test::writeFile(dir.filePath(QStringLiteral("known_hosts")), known.toUtf8());
    const QString cfg = dir.filePath(QStringLiteral("ssh_config"));
    vna::test::writeFile(cfg, sshConfig.toUtf8());
    const auto inWs
        = [](const QString &command) -> QString { return QStringLiteral("ip netns exec vnabws ") + command; };
    for (int i = 0; i <= kNodes; ++i) {
        const QString name = i == 0 ? QStringLiteral("rank0") : QStringLiteral("node%1").arg(i);
        bool up = false;
        for (int t = 0; t < 50 && !up; ++t) {
            up = sh(inWs(QStringLiteral("ssh -F %1 -o BatchMode=yes %2 true").arg(cfg, name))
                    + QStringLiteral(" 2>/dev/null"));
            if (!up)
                QThread::msleep(100);
        }
        if (!up) {
            std::fprintf(stderr, "bench_sync_chain: sshd on %s did not start\n", qPrintable(name));
            tearDown();
            return 2;
        }
    }
    if (qEnvironmentVariableIsSet("VNA_BENCH_KEEP")) { // the test bed stays up for a look by hand
        dir.setAutoRemove(false);
        std::printf(
            "test bed up: ip netns exec vnabws %s sync --from rank0 --checkpoint %s --nodes node[1-%d] --step 1 "
            "--ssh-config %s\n",
            qPrintable(app_), qPrintable(root), kNodes, qPrintable(cfg));
        for (auto &server : servers)
            server->setProcessChannelMode(QProcess::ForwardedChannels);
        return 0;
    }
    const auto clearNodes = [&] {
        QString script;
        for (int i = 1; i <= kNodes; ++i)
            script += QStringLiteral("rm -rf %1/* %1/.[!.]*; ").arg(dir.filePath(QStringLiteral("node%1").arg(i)));
        return sh(script + QStringLiteral("true"));
    };

    // The hand-written chain: node N extracts what arrives and passes it on to node N+1. The ssh to the
    // next node writes nowhere: ssh makes its stdout non-blocking, and that would be tee's stdout (the
    // pipe into tar), so tee would stop mid-stream with EAGAIN and the chain end early.
    const QString naive = dir.filePath(QStringLiteral("naive-chain.sh"));
    vna::test::writeFile(
        naive,
        QStringLiteral("#!/bin/bash\n# NODE ROOT CONFIG\nmkdir -p \"$2/naive\"\n"
                       "if [ \"$1\" -lt %1 ]; then\n"
                       "  tee >(ssh -F \"$3\" node$(($1 + 1)) bash \"$0\" $(($1 + 1)) \"$2\" \"$3\" >/dev/null) "
                       "| tar xf - -C \"$2/naive\"; wait\n"
                       "else tar xf - -C \"$2/naive\"; fi\n")
            .arg(kNodes)
            .toUtf8());
    QList<double> reference, ours, handWritten, referenceCpu, oursCpu, handWrittenCpu;
    long peakRssKb = 0;
    qint64 rank0Sent = 0;
    const QString sync = QStringLiteral("%1 sync --from rank0 --checkpoint %2 --nodes node[1-%3] --step 1 "
                                        "--ssh-config %4 --timeout 120 --json")
                             .arg(app_, root)
                             .arg(kNodes)
                             .arg(cfg);
    for (int run = 0; run < kRuns; ++run) {
        clearNodes();
        QElapsedTimer clock;
        Cpu cpu = cpuNow();
        clock.start();
        if (!sh(inWs(
                QStringLiteral("ssh -F %1 rank0 \"tar cf - -C %2 %3 | ssh -F %1 node1 'mkdir -p %2/ref && tar xf - "
                               "-C %2/ref'\"")
                    .arg(cfg, root, step)))) {
            tearDown();
            return 1;
        }
        reference.append(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        referenceCpu.append(busyShare(cpu, cpuNow()));
        clearNodes();
        cpu = cpuNow();
        clock.restart();
        sh(inWs(QStringLiteral("ssh -F %1 rank0 \"tar cf - -C %2 %3 | ssh -F %1 node1 bash %4 1 %2 %1\"")
                    .arg(cfg, root, step, naive)));
        handWritten.append(static_cast<double>(clock.nsecsElapsed()) / 1e9);
        handWrittenCpu.append(busyShare(cpu, cpuNow()));
        const qint64 lastGot = bytesUnder(dir.filePath(QStringLiteral("node%1/naive").arg(kNodes)));
        if (lastGot != data) {
            std::fprintf(stderr, "bench_sync_chain: the hand-written chain gave node%d %lld of %lld bytes\n", kNodes,
                         static_cast<long long>(lastGot), static_cast<long long>(data));
            tearDown();
            return 1;
        }
        clearNodes();
        const qint64 before = txBytes(0);
        cpu = cpuNow();
        const Measured m = measure(QString(QStringLiteral("ip netns exec vnabws ") + sync).split(u' '),
                                   dir.filePath(QStringLiteral("ours.log")));
        oursCpu.append(busyShare(cpu, cpuNow()));
        rank0Sent = txBytes(0) - before;
        if (m.exitCode != 0) {
            std::fprintf(stderr, "bench_sync_chain: the sync failed:\n%s\n",
                         vna::test::readFile(dir.filePath(QStringLiteral("ours.log"))).right(3000).constData());
            tearDown();
            return 1;
        }
        ours.append(m.seconds);
        peakRssKb = std::max(peakRssKb, m.maxRssKb);
        std::printf("run %d: one copy %.1f s, hand-written chain %.1f s, ours %.1f s (%ld MB peak RSS, %.0f MB left "
                    "rank 0's node)\n",
                    run + 1, reference.last(), handWritten.last(), m.seconds, m.maxRssKb / 1024,
                    static_cast<double>(rank0Sent) / 1e6);
        std::fflush(stdout);
    }
    clearNodes();
    const qint64 beforeStar = txBytes(0);
    const Measured star = measure(
        QString(QStringLiteral("ip netns exec vnabws ") + sync + QStringLiteral(" --topology star")).split(u' '),
        dir.filePath(QStringLiteral("star.log")));
    const qint64 starSent = txBytes(0) - beforeStar;
    tearDown();
    for (auto &server : servers)
        server->waitForFinished(2000);

    const double ratio = median(ours) / median(reference);
    const double sentRatio = static_cast<double>(rank0Sent) / static_cast<double>(data);
    std::printf("\n%d receiving nodes, %.0f MB of weights, links of %s each way\n", kNodes,
                static_cast<double>(data) / 1e6, qPrintable(rate));
    std::printf("one copy over one link (tar | ssh): %.1f s (median of %d; CPU %.0f %% busy)\n", median(reference),
                kRuns, median(referenceCpu));
    std::printf("hand-written tee | ssh chain:       %.1f s -> %.2fx one copy (no checksum, no resume; CPU %.0f %% "
                "busy)\n",
                median(handWritten), median(handWritten) / median(reference), median(handWrittenCpu));
    std::printf("verl-npu-assistant sync, chain:     %.1f s -> %.2fx one copy (goal <= 1.2; CPU %.0f %% busy)\n",
                median(ours), ratio, median(oursCpu));
    std::printf("bytes that left rank 0's node:      %.0f MB -> %.2fx the data (goal <= 1.1)\n",
                static_cast<double>(rank0Sent) / 1e6, sentRatio);
    std::printf("peak RSS of the tool:               %ld MB (goal <= 100)\n", peakRssKb / 1024);
    std::printf("for comparison, --topology star:    %.1f s -> %.2fx one copy, %.2fx the data left rank 0's node%s\n",
                star.seconds, star.seconds / median(reference),
                static_cast<double>(starSent) / static_cast<double>(data), star.exitCode == 0 ? "" : " (FAILED)");
    return ratio <= 1.2 && sentRatio <= 1.1 && peakRssKb <= 100 * 1024 ? 0 : 1;
}
