// Checkpoint sync at model scale, where the network or the nodes' CPUs set the pace: rank 0's node and
// 8 receiving nodes, each in its own network namespace (and mount namespace for its disk), joined by a
// bridge through veth links that `tc` limits each way (or not at all); sshd on port 22 in each,
// node-to-node ssh by name (one ssh_config). This machine orchestrates from a namespace of its own.
// Every node's sshd, and all it starts, runs in one cpuacct cgroup: the CPU the nodes spend. A
// huggingface/ folder (4 weight files) goes from rank 0's node to the 8 others, per case (size, link):
//   one copy:   the same bytes over one link (rank 0's node -> one node, tar | ssh),
//   hand chain: each node `tee`s the tar stream into `ssh` to the next while it extracts (no checksum,
//               no resume, no failure handling; the inner ssh's stdout to /dev/null),
//   ours:       `verl-npu-assistant sync --from rank0` (auto: a chain), median of the runs.
// Then, unshaped, ours with --streams 1, 2 and 4, and one ssh stream's throughput per cipher.
// Printed per case: wall times and ratios, CPU seconds of the nodes per GB received (ours / the hand
// chain, goal <= 1.2), bytes that left rank 0's node / the data (goal <= 1.1), the tool's peak RSS
// (goal <= 100 MB). Goals on the wall: ours <= 1.05x the hand chain at 50 MB and <= 1.2x one copy at
// 200 MB, both at 50 Mbit/s. The hand-written chain must deliver every byte to the last node. Exit
// code 1 when a goal is missed. Needs root, iproute2 (ip, tc), sshd and a cpuacct cgroup; every
// address lives in the namespaces it creates (10.99.0.0/24).
//   bench_sync_chain VERL_NPU_ASSISTANT [RUNS]      (RUNS per case, default 3)
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
const QString kNodeCgroup = QStringLiteral("/sys/fs/cgroup/cpuacct/vnabnodes");
const QString kToolCgroup = QStringLiteral("/sys/fs/cgroup/cpuacct/vnabtool");

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

// CPU seconds a cgroup has used so far (cpuacct.usage: nanoseconds); -1 without cpuacct.
double cgroupSeconds(const QString &cgroup)
{
    QFile usage(cgroup + QStringLiteral("/cpuacct.usage"));
    if (!usage.open(QIODevice::ReadOnly))
        return -1;
    return static_cast<double>(usage.readAll().trimmed().toLongLong()) / 1e9;
}

QString nodeName(int i)
{
    return i == 0 ? QStringLiteral("rank0") : QStringLiteral("node%1").arg(i);
}

// One way of moving the data, measured: wall time, the nodes' CPU and this machine's (the tool's).
struct Sample
{
    double seconds = 0;
    double nodeCpu = 0;
    double toolCpu = 0;
};

struct Bed
{
    QString dir;
    QString root; // the checkpoint, the same path on every node
    QString cfg;  // ssh_config naming every node
    QString app;
    QString data; // rank 0's step folder (node0/global_step_1)
    QString naive;
    QList<std::shared_ptr<QProcess>> servers;

    // `command` run from the orchestrating namespace, in the tool's cgroup.
    QString inWs(const QString &command) const
    {
        return QStringLiteral("echo $$ > %1/cgroup.procs 2>/dev/null; exec ip netns exec vnabws ").arg(kToolCgroup)
            + command;
    }
    bool clearNodes() const
    {
        QString script;
        for (int i = 1; i <= kNodes; ++i)
            script += QStringLiteral("rm -rf %1/* %1/.[!.]*; ").arg(dir + QStringLiteral("/node%1").arg(i));
        return sh(script + QStringLiteral("true"));
    }
    bool setRate(const QString &rate) const
    {
        QString script = QStringLiteral("set -e\n");
        for (int i = 0; i <= kNodes; ++i) {
            const QString op = rate.isEmpty() ? QStringLiteral("del") : QStringLiteral("replace");
            const QString shape
                = rate.isEmpty() ? QString() : QStringLiteral(" tbf rate %1 burst 256kb latency 200ms").arg(rate);
            script += QStringLiteral("ip netns exec %1 tc qdisc %2 dev eth0 root%3 2>/dev/null || %4\n"
                                     "ip netns exec vnabsw tc qdisc %2 dev %1-s root%3 2>/dev/null || %4\n")
                          .arg(ns(i), op, shape, rate.isEmpty() ? QStringLiteral("true") : QStringLiteral("false"));
        }
        return sh(script);
    }
    // Rank 0's weights: four files of bytes/4.
    qint64 makeData(qint64 bytes) const
    {
        sh(QStringLiteral("rm -rf %1").arg(data));
        const QString weights = data + QStringLiteral("/actor/huggingface");
        qint64 total = 0;
        for (int f = 1; f <= 4; ++f) {
            QByteArray piece(bytes / 4, Qt::Uninitialized);
            QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(piece.data()), piece.size() / 4);
            vna::test::writeFile(weights + QStringLiteral("/model-0000%1-of-00004.safetensors").arg(f), piece);
            total += piece.size();
        }
        const QByteArray config = R"({"architectures": ["Qwen2ForCausalLM"], "torch_dtype": "bfloat16"})";
        vna::test::writeFile(weights + QStringLiteral("/config.json"), config);
        return total + config.size();
    }
    template <typename F>
    Sample timed(F &&work) const
    {
        const double node = cgroupSeconds(kNodeCgroup);
        const double tool = cgroupSeconds(kToolCgroup);
        QElapsedTimer clock;
        clock.start();
        work();
        Sample s;
        s.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        s.nodeCpu = cgroupSeconds(kNodeCgroup) - node;
        s.toolCpu = cgroupSeconds(kToolCgroup) - tool;
        return s;
    }
};

QString syncCommand(const Bed &bed, const QString &extra)
{
    return QStringLiteral("%1 sync --from rank0 --checkpoint %2 --nodes node[1-%3] --step 1 --ssh-config %4 "
                          "--timeout 120 --json%5")
        .arg(bed.app, bed.root)
        .arg(kNodes)
        .arg(bed.cfg, extra);
}

// The sync, measured with its peak RSS; false when it failed (its log printed).
bool runOurs(const Bed &bed, const QString &extra, Sample *sample, long *rssKb, qint64 *rank0Sent)
{
    const qint64 before = txBytes(0);
    Measured m;
    *sample = bed.timed([&] {
        m = measure({QStringLiteral("sh"), QStringLiteral("-c"), bed.inWs(syncCommand(bed, extra))},
                    bed.dir + QStringLiteral("/ours.log"));
    });
    *rank0Sent = txBytes(0) - before;
    *rssKb = std::max(*rssKb, m.maxRssKb);
    if (m.exitCode != 0) {
        std::fprintf(stderr, "bench_sync_chain: the sync failed:\n%s\n",
                     vna::test::readFile(bed.dir + QStringLiteral("/ours.log")).right(3000).constData());
        return false;
    }
    return true;
}

struct CaseResult
{
    qint64 bytes = 0;
    QString rate;
    Sample one, hand, ours;
    qint64 rank0Sent = 0;
};

Sample medianOf(const QList<Sample> &samples)
{
    QList<double> s, n, t;
    for (const Sample &x : samples) {
        s.append(x.seconds);
        n.append(x.nodeCpu);
        t.append(x.toolCpu);
    }
    return {median(s), median(n), median(t)};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2 && args.size() != 3) {
        std::fprintf(stderr, "usage: bench_sync_chain VERL_NPU_ASSISTANT [RUNS]\n");
        return 2;
    }
    if (::geteuid() != 0 || !sh(QStringLiteral("command -v ip && command -v tc && test -x /usr/sbin/sshd"))) {
        std::fprintf(stderr, "bench_sync_chain: needs root, iproute2 (ip, tc) and sshd\n");
        return 2;
    }
    const int runs = std::max(1, args.value(2, QStringLiteral("3")).toInt());
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/vna-chain-XXXXXX"));
    Bed bed;
    bed.app = QFileInfo(args.at(1)).absoluteFilePath();
    bed.dir = dir.path();
    bed.root = dir.filePath(QStringLiteral("ckpt")); // the same path on every node, its own disk
    QDir().mkpath(bed.root);
    const QString step = QStringLiteral("global_step_1");
    bed.data = dir.filePath(QStringLiteral("node0/") + step);
    QDir().mkpath(dir.filePath(QStringLiteral("node0")));
    sh(QStringLiteral("echo 1 > %1/latest_checkpointed_iteration.txt").arg(dir.filePath(QStringLiteral("node0"))));
    const bool cpuacct = sh(QStringLiteral("mkdir -p %1 %2 && test -w %1/cgroup.procs").arg(kNodeCgroup, kToolCgroup));
    if (!cpuacct)
        std::printf("no cpuacct cgroup here: CPU seconds are not measured\n");

    // The network: a bridge in its own namespace, a veth link per node, and one for this machine's
    // namespace (never limited: it only orchestrates).
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
                              "ip -n vnabsw link set %1-s master br0 up\n")
                   .arg(ns(i), address(i));
    if (!sh(net)) {
        tearDown();
        return 2;
    }

    // sshd on every node (in the nodes' cgroup), its disk at `root`; one ssh_config that names every node.
    const QString key = vna::test::ensureUserKey(dir.path());
    const QString hostKey = dir.filePath(QStringLiteral("host_ed25519"));
    sh(QStringLiteral("ssh-keygen -q -t ed25519 -N '' -f %1 && cp %2.pub %3/authorized_keys")
           .arg(hostKey, key, dir.path()));
    const QList<QByteArray> hostKeyWords = vna::test::readFile(hostKey + QStringLiteral(".pub")).trimmed().split(' ');
    QString known, sshConfig;
    for (int i = 0; i <= kNodes; ++i) {
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
        // The cgroup first: `ip netns exec` mounts a /sys of its own, without the cgroup folders. A node's
        // login is a plain one: this machine's ~/.bashrc (pyenv here: seconds of CPU per session) is not
        // a node's, and is hidden in each node's mount namespace.
        server->start(
            QStringLiteral("sh"),
            {QStringLiteral("-c"),
             QStringLiteral("echo $$ > %4/cgroup.procs 2>/dev/null; exec ip netns exec %5 unshare --mount "
                            "--propagation private sh -c 'mount --rbind %1 %2 && { [ ! -f /root/.bashrc ] || mount "
                            "--bind /dev/null /root/.bashrc; } && exec /usr/sbin/sshd -D -f %3'")
                 .arg(disk, bed.root, cfg, kNodeCgroup, ns(i))});
        bed.servers.append(server);
        known += address(i) + u' ' + QString::fromLatin1(hostKeyWords.value(0)) + u' '
            + QString::fromLatin1(hostKeyWords.value(1)) + u'\n';
        sshConfig += QStringLiteral("Host %1\n  HostName %2\n  User root\n  IdentityFile %3\n  IdentitiesOnly yes\n"
                                    "  UserKnownHostsFile %4\n  LogLevel ERROR\n")
                         .arg(nodeName(i), address(i), key, dir.filePath(QStringLiteral("known_hosts")));
    }
    vna::test::writeFile(dir.filePath(QStringLiteral("known_hosts")), known.toUtf8());
    bed.cfg = dir.filePath(QStringLiteral("ssh_config"));
    vna::test::writeFile(bed.cfg, sshConfig.toUtf8());
    for (int i = 0; i <= kNodes; ++i) {
        bool up = false;
        for (int t = 0; t < 50 && !up; ++t) {
            up = sh(bed.inWs(QStringLiteral("ssh -F %1 -o BatchMode=yes %2 true").arg(bed.cfg, nodeName(i)))
                    + QStringLiteral(" 2>/dev/null"));
            if (!up)
                QThread::msleep(100);
        }
        if (!up) {
            std::fprintf(stderr, "bench_sync_chain: sshd on %s did not start\n", qPrintable(nodeName(i)));
            tearDown();
            return 2;
        }
    }
    if (qEnvironmentVariableIsSet(
            "VNA_BENCH_KEEP")) { // the test bed stays up for a look by hand (VNA_BENCH_KEEP=MB of data)
        dir.setAutoRemove(false);
        bed.makeData(qEnvironmentVariableIntValue("VNA_BENCH_KEEP") > 0
                         ? qEnvironmentVariableIntValue("VNA_BENCH_KEEP") * 1'000'000LL
                         : 50'000'000LL);
        bed.setRate(QStringLiteral("50mbit"));
        std::printf("test bed up (50mbit links): ip netns exec vnabws %s\nnodes' CPU: %s/cpuacct.usage\n",
                    qPrintable(syncCommand(bed, QString())), qPrintable(kNodeCgroup));
        std::printf("(up until this process ends: Ctrl+C)\n");
        std::fflush(stdout);
        for (auto &server : bed.servers)
            server->waitForFinished(-1);
        return 0;
    }

    // The hand-written chain: node N extracts what arrives and passes it on to node N+1. The ssh to the
    // next node writes nowhere: ssh makes its stdout non-blocking, and that would be tee's stdout (the
    // pipe into tar), so tee would stop mid-stream with EAGAIN and the chain end early.
    bed.naive = dir.filePath(QStringLiteral("naive-chain.sh"));
    vna::test::writeFile(
        bed.naive,
        QStringLiteral("#!/bin/bash\n# NODE ROOT CONFIG\nmkdir -p \"$2/naive\"\n"
                       "if [ \"$1\" -lt %1 ]; then\n"
                       "  tee >(ssh -F \"$3\" node$(($1 + 1)) bash \"$0\" $(($1 + 1)) \"$2\" \"$3\" >/dev/null) "
                       "| tar xf - -C \"$2/naive\"; wait\n"
                       "else tar xf - -C \"$2/naive\"; fi\n")
            .arg(kNodes)
            .toUtf8());

    bool failed = false;
    long peakRssKb = 0;
    QList<CaseResult> cases;
    const QList<std::pair<qint64, QString>> matrix{{50'000'000, QStringLiteral("50mbit")},
                                                   {200'000'000, QStringLiteral("50mbit")},
                                                   {50'000'000, QString()},
                                                   {200'000'000, QString()}};
    for (const auto &[size, rate] : matrix) {
        CaseResult c;
        c.rate = rate;
        c.bytes = bed.makeData(size);
        if (!bed.setRate(rate)) {
            tearDown();
            return 2;
        }
        QList<Sample> one, hand, ours;
        for (int run = 0; run < runs && !failed; ++run) {
            bed.clearNodes();
            one.append(bed.timed([&] {
                failed |= !sh(bed.inWs(QStringLiteral("ssh -F %1 rank0 \"tar cf - -C %2 %3 | ssh -F %1 node1 "
                                                      "'mkdir -p %2/ref && tar xf - -C %2/ref'\"")
                                           .arg(bed.cfg, bed.root, step)));
            }));
            bed.clearNodes();
            hand.append(bed.timed([&] {
                sh(bed.inWs(QStringLiteral("ssh -F %1 rank0 \"tar cf - -C %2 %3 | ssh -F %1 node1 bash %4 1 %2 %1\"")
                                .arg(bed.cfg, bed.root, step, bed.naive)));
            }));
            const qint64 lastGot = bytesUnder(dir.filePath(QStringLiteral("node%1/naive").arg(kNodes)));
            if (lastGot != c.bytes) {
                std::fprintf(stderr, "bench_sync_chain: the hand-written chain gave node%d %lld of %lld bytes\n",
                             kNodes, static_cast<long long>(lastGot), static_cast<long long>(c.bytes));
                failed = true;
                break;
            }
            bed.clearNodes();
            Sample s;
            failed |= !runOurs(bed, QString(), &s, &peakRssKb, &c.rank0Sent);
            ours.append(s);
            std::printf("%.0f MB, %s: one copy %.1f s, hand chain %.1f s, ours %.1f s (nodes' CPU %.1f / %.1f s)\n",
                        static_cast<double>(c.bytes) / 1e6, rate.isEmpty() ? "unshaped" : qPrintable(rate),
                        one.last().seconds, hand.last().seconds, s.seconds, hand.last().nodeCpu, s.nodeCpu);
            std::fflush(stdout);
        }
        if (failed)
            break;
        c.one = medianOf(one);
        c.hand = medianOf(hand);
        c.ours = medianOf(ours);
        cases.append(c);
    }

    // Unshaped, 200 MB: more than one ssh stream per link.
    QList<std::pair<int, Sample>> streams;
    QByteArray help;
    sh(bed.app + QStringLiteral(" sync --help"), &help);
    if (!failed && help.contains("--streams")) {
        const qint64 bytes = bed.makeData(200'000'000);
        bed.setRate(QString());
        for (int k : {1, 2, 4}) {
            QList<Sample> samples;
            for (int run = 0; run < runs && !failed; ++run) {
                bed.clearNodes();
                Sample s;
                qint64 sent = 0;
                failed |= !runOurs(bed, QStringLiteral(" --streams %1").arg(k), &s, &peakRssKb, &sent);
                samples.append(s);
            }
            if (!failed)
                streams.append({k, medianOf(samples)});
        }
        Q_UNUSED(bytes);
    }

    // One ssh stream, unshaped, per cipher: rank 0's node sends 1 GB of zeros to this machine.
    QList<std::pair<QString, double>> ciphers;
    QByteArray negotiated;
    sh(bed.inWs(
           QStringLiteral("ssh -v -F %1 rank0 true 2>&1 | sed -n 's/.*kex: server->client cipher: \\([^ ]*\\).*/\\1/p'")
               .arg(bed.cfg)),
       &negotiated);
    for (const QString &cipher :
         {QStringLiteral("chacha20-poly1305@openssh.com"), QStringLiteral("aes128-gcm@openssh.com"),
          QStringLiteral("aes256-gcm@openssh.com"), QStringLiteral("aes128-ctr")}) {
        QElapsedTimer clock;
        clock.start();
        if (sh(bed.inWs(QStringLiteral("ssh -F %1 -c %2 rank0 'head -c 1000000000 /dev/zero' > /dev/null")
                            .arg(bed.cfg, cipher))))
            ciphers.append({cipher, 1000.0 / (static_cast<double>(clock.nsecsElapsed()) / 1e9)});
    }
    tearDown();
    for (auto &server : bed.servers)
        server->waitForFinished(2000);
    sh(QStringLiteral("rmdir %1 %2 2>/dev/null; true").arg(kNodeCgroup, kToolCgroup));
    if (failed)
        return 1;

    bool met = true;
    std::printf("\n%d receiving nodes; median of %d runs; CPU: seconds the nodes spent (every process their "
                "sshd started) per GB that arrived on them\n\n",
                kNodes, runs);
    std::printf("%-8s %-9s %9s %11s %9s %10s %9s %14s %14s %7s\n", "data", "links", "one copy", "hand chain", "ours",
                "ours/hand", "ours/one", "CPU/GB hand", "CPU/GB ours", "ratio");
    for (const CaseResult &c : cases) {
        const double gb = static_cast<double>(c.bytes) * kNodes / 1e9;
        const double cpuRatio = c.ours.nodeCpu / c.hand.nodeCpu;
        std::printf("%-8s %-9s %7.1f s %9.1f s %7.1f s %9.2fx %8.2fx %12.2f s %12.2f s %6.2fx\n",
                    qPrintable(QStringLiteral("%1 MB").arg(c.bytes / 1'000'000)),
                    c.rate.isEmpty() ? "unshaped" : qPrintable(c.rate), c.one.seconds, c.hand.seconds, c.ours.seconds,
                    c.ours.seconds / c.hand.seconds, c.ours.seconds / c.one.seconds, c.hand.nodeCpu / gb,
                    c.ours.nodeCpu / gb, cpuRatio);
        if (cpuacct)
            met = met && cpuRatio <= 1.2;
        if (!c.rate.isEmpty() && c.bytes < 100'000'000)
            met = met && c.ours.seconds / c.hand.seconds <= 1.05;
        if (!c.rate.isEmpty() && c.bytes >= 100'000'000)
            met = met && c.ours.seconds / c.one.seconds <= 1.2;
        met = met && static_cast<double>(c.rank0Sent) / static_cast<double>(c.bytes) <= 1.1;
    }
    std::printf("\ngoals: CPU/GB ours/hand <= 1.2; at 50mbit: 50 MB ours/hand <= 1.05, 200 MB ours/one <= 1.2\n");
    if (!cases.isEmpty())
        std::printf("bytes that left rank 0's node (last case): %.2fx the data (goal <= 1.1)\n",
                    static_cast<double>(cases.last().rank0Sent) / static_cast<double>(cases.last().bytes));
    std::printf("peak RSS of the tool: %ld MB (goal <= 100); this machine's CPU for the tool, last case: %.1f s\n",
                peakRssKb / 1024, cases.isEmpty() ? 0.0 : cases.last().ours.toolCpu);
    met = met && peakRssKb <= 100 * 1024;
    if (!streams.isEmpty()) {
        std::printf("\n200 MB unshaped, --streams K per link:\n");
        for (const auto &[k, s] : streams)
            std::printf("  K=%d: %.1f s (%.2fx K=1), nodes' CPU %.2f s/GB\n", k, s.seconds,
                        s.seconds / streams.first().second.seconds, s.nodeCpu / (2e8 * kNodes / 1e9));
    }
    std::printf("\none ssh stream, unshaped, 1 GB (negotiated by default here: %s):\n",
                negotiated.trimmed().isEmpty() ? "?" : negotiated.trimmed().constData());
    for (const auto &[cipher, mbs] : ciphers)
        std::printf("  %-30s %6.0f MB/s\n", qPrintable(cipher), mbs);
    return met ? 0 : 1;
}
