// Checkpoint-sync benchmark: the metadata of a v1 checkpoint to 8 sshd "nodes" on 127.0.0.x (each
// in its own mount namespace, so the checkpoint path is a different folder on each), timed for
//   ours: `verl-npu-assistant sync` (preflight, parallel copy, sha256 check on the node),
//   (a) the FAQ's procedure: ssh mkdir + one scp per file per node, in sequence,
//   (b) pssh: parallel-ssh mkdir, then parallel-scp per file.
// Every contender starts from empty node folders. Targets: (a) / ours >= 3, ours / (b) <= 1.
// Needs root (unshare --mount) and pssh; exit code 1 when a target is missed.
#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "support/modelfiles.h"
#include "support/sshd.h"

#include <unistd.h>

namespace {

constexpr int kNodes = 8;
constexpr int kRuns = 3;

QByteArray randomBytes(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    return bytes;
}

bool run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForFinished(300000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        std::fprintf(stderr, "bench: %s %s failed:\n%s\n", qPrintable(program), qPrintable(args.join(u' ')),
                     process.readAll().constData());
        return false;
    }
    return true;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: bench_sync VERL_NPU_ASSISTANT\n");
        return 2;
    }
    if (::geteuid() != 0) {
        std::fprintf(stderr, "bench_sync: needs root (each node is an sshd in its own mount namespace)\n");
        return 2;
    }
    const QString pscp = QStandardPaths::findExecutable(QStringLiteral("parallel-scp"));
    const QString pssh = QStandardPaths::findExecutable(QStringLiteral("parallel-ssh"));
    if (pscp.isEmpty() || pssh.isEmpty()) {
        std::fprintf(stderr, "bench_sync: needs pssh (parallel-scp, parallel-ssh); scripts/setup.sh installs it\n");
        return 2;
    }
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/vna-bench-XXXXXX"));
    const QString ckpt = dir.filePath(QStringLiteral("ckpt"));
    const QString dist = QStringLiteral("global_step_100/actor/dist_ckpt");
    const QStringList files{QStringLiteral("common.pt"), QStringLiteral(".metadata"), QStringLiteral("metadata.json")};
    vna::test::writeFile(ckpt + u'/' + dist + QStringLiteral("/common.pt"), randomBytes(512 * 1024));
    vna::test::writeFile(ckpt + u'/' + dist + QStringLiteral("/.metadata"), randomBytes(2 * 1024 * 1024));
    vna::test::writeFile(ckpt + u'/' + dist + QStringLiteral("/metadata.json"), R"({"sharded_backend": "torch_dist"})");
    vna::test::writeFile(ckpt + u'/' + dist + QStringLiteral("/__0_0.distcp"), randomBytes(4096));

    const QString key = vna::test::ensureUserKey(dir.path());
    QList<std::shared_ptr<vna::test::SshServer>> servers;
    QString config, known, hosts;
    QStringList names;
    for (int i = 0; i < kNodes; ++i) {
        const QString name = QStringLiteral("bench%1").arg(i + 1);
        auto server = std::make_shared<vna::test::SshServer>(dir.filePath(QStringLiteral("sshd-") + name),
                                                             QStringLiteral("127.0.0.%1").arg(20 + i));
        QDir().mkpath(dir.filePath(QStringLiteral("node-") + name));
        server->bindMount(dir.filePath(QStringLiteral("node-") + name), ckpt);
        if (!server->start({})) {
            std::fprintf(stderr, "bench_sync: sshd did not start: %s\n", qPrintable(server->errorString()));
            return 2;
        }
        config += vna::test::clientHostBlock(name, server->address(), server->port(), key,
                                             dir.filePath(QStringLiteral("known_hosts")));
        known += server->knownHostsLine() + u'\n';
        hosts += name + u'\n';
        names << name;
        servers << server;
    }
    const QString configFile = dir.filePath(QStringLiteral("ssh_config"));
    vna::test::writeFile(configFile, config.toUtf8());
    vna::test::writeFile(dir.filePath(QStringLiteral("known_hosts")), known.toUtf8());
    const QString hostFile = dir.filePath(QStringLiteral("hosts"));
    vna::test::writeFile(hostFile, hosts.toUtf8());
    const auto wipe = [&] {
        for (const QString &name : names)
            QDir(dir.filePath(QStringLiteral("node-") + name + u'/' + QStringLiteral("global_step_100")))
                .removeRecursively();
    };
    const auto check = [&] {
        for (const QString &name : names)
            for (const QString &f : files)
                if (!QFile::exists(dir.filePath(QStringLiteral("node-") + name + u'/' + dist + u'/' + f))) {
                    std::fprintf(stderr, "bench_sync: %s lacks %s\n", qPrintable(name), qPrintable(f));
                    return false;
                }
        return true;
    };
    const QString remoteDir = ckpt + u'/' + dist;

    QList<double> ours, faq, parallel;
    for (int r = 0; r < kRuns; ++r) {
        QElapsedTimer timer;
        wipe();
        timer.start();
        if (!run(args.at(1),
                 {QStringLiteral("sync"), QStringLiteral("--checkpoint"), ckpt, QStringLiteral("--nodes"),
                  QStringLiteral("bench[1-%1]").arg(kNodes), QStringLiteral("--ssh-config"), configFile})
            || !check())
            return 2;
        ours << static_cast<double>(timer.nsecsElapsed()) / 1e6;

        wipe();
        timer.restart();
        for (const QString &name : names) {
            if (!run(
                    QStringLiteral("ssh"),
                    {QStringLiteral("-F"), configFile, name, QStringLiteral("mkdir"), QStringLiteral("-p"), remoteDir}))
                return 2;
            for (const QString &f : files)
                if (!run(QStringLiteral("scp"),
                         {QStringLiteral("-q"), QStringLiteral("-F"), configFile, ckpt + u'/' + dist + u'/' + f,
                          name + u':' + remoteDir + u'/'}))
                    return 2;
        }
        faq << static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (!check())
            return 2;

        wipe();
        timer.restart();
        if (!run(pssh,
                 {QStringLiteral("-h"), hostFile, QStringLiteral("-x"), QStringLiteral("-F ") + configFile,
                  QStringLiteral("mkdir"), QStringLiteral("-p"), remoteDir}))
            return 2;
        for (const QString &f : files)
            if (!run(pscp,
                     {QStringLiteral("-h"), hostFile, QStringLiteral("-x"), QStringLiteral("-F ") + configFile,
                      ckpt + u'/' + dist + u'/' + f, remoteDir + u'/'}))
                return 2;
        parallel << static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (!check())
            return 2;
    }
    const double o = median(ours), a = median(faq), b = median(parallel);
    std::printf("checkpoint metadata (2.5 MiB in 3 files) to %d nodes, median of %d runs\n", kNodes, kRuns);
    std::printf("  verl-npu-assistant sync (checksums verified)   %8.1f ms\n", o);
    std::printf("  (a) FAQ: ssh mkdir + scp per file per node     %8.1f ms   (a)/ours %.2f (target >= 3)\n", a, a / o);
    std::printf("  (b) parallel-ssh mkdir + parallel-scp per file %8.1f ms   ours/(b) %.2f (target <= 1)\n", b, o / b);
    const bool met = a / o >= 3.0 && o / b <= 1.0;
    std::printf("  targets %s\n", met ? "met" : "NOT met");
    return met ? 0 : 1;
}
