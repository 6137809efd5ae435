#include "collect/collect.h"
#include "collect/timewindow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include "common/i18n.h"
#include "common/parallel.h"
#include "env/diagnose.h"
#include "env/probe.h"
#include "hydra/shell.h"
#include "logscan/knowledgebase.h"
#include "logscan/lineinfo.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Collect)
};

// Two `date` calls: the first opens the multiplexed connection, the second is timed.
NodeClock measureClock(const QString &host,
                       const ssh::Options &options,
                       const std::atomic_bool *cancel,
                       ProcessResult &first,
                       qint64 &moved)
{
    NodeClock clock;
    const QStringList remote{u"date"_s, shell::quote(u"+%s%N %Y-%m-%d %H:%M:%S.%N"_s)};
    for (int attempt = 0; attempt < 2; ++attempt) {
        const qint64 t0 = QDateTime::currentMSecsSinceEpoch();
        const ProcessResult r = ssh::run(options, host, remote, {}, (options.connectTimeoutSec + 10) * 1000, cancel);
        const qint64 t1 = QDateTime::currentMSecsSinceEpoch();
        moved += r.out.size() + r.err.size();
        if (attempt == 0)
            first = r;
        if (!r.succeeded())
            return clock;
        const QByteArray text = r.out.trimmed();
        const qsizetype space = text.indexOf(' ');
        bool ok = false;
        const qint64 epochNs = text.left(space).toLongLong(&ok);
        const qint64 wall = logscan::parseTime(
            std::string_view(text.constData() + space + 1, static_cast<size_t>(text.size() - space - 1)));
        if (!ok || space < 0 || wall < 0)
            continue;
        const qint64 mid = t0 + (t1 - t0) / 2;
        clock.measured = true;
        clock.epochAheadMs = epochNs / 1000000 - mid;
        clock.wallAheadMs = wall - mid;
        clock.uncertaintyMs = (t1 - t0 + 1) / 2;
    }
    return clock;
}

} // namespace

qint64 Collection::bytesMoved() const
{
    qint64 total = 0;
    for (const NodeLogs &node : nodes)
        total += node.bytesMoved;
    return total;
}

qint64 Collection::bytesOnNodes() const
{
    qint64 total = 0;
    for (const NodeLogs &node : nodes)
        total += node.answer.bytesOnNode();
    return total;
}

qint64 Collection::aheadOfReference(const NodeLogs &node) const
{
    const auto ref = std::find_if(nodes.cbegin(), nodes.cend(), [&](const NodeLogs &n) { return n.host == reference; });
    if (ref == nodes.cend() || !node.clock.measured || !ref->clock.measured)
        return 0;
    return node.clock.wallAheadMs - ref->clock.wallAheadMs;
}

qint64 Collection::onTimeline(const NodeLogs &node, qint64 epochMs) const
{
    if (!node.clock.measured)
        return asWritten(epochMs);
    return epochMs + (node.clock.wallAheadMs - node.clock.epochAheadMs) - aheadOfReference(node);
}

NodeLogs collectNode(const QString &host, const CollectOptions &options, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    NodeLogs node;
    node.host = host;
    ProcessResult first;
    node.clock = measureClock(host, options.ssh, cancel, first, node.bytesMoved);
    if (cancel && cancel->load()) {
        node.cancelled = true;
        node.failure = Text::tr("Canceled.");
        return node;
    }
    if (const ssh::Failure failure = ssh::classify(first); !first.started || failure != ssh::Failure::None) {
        node.failure
            = !first.started ? first.errorString : ssh::describe(failure, host, first, options.ssh.aliveIntervalSec);
        node.elapsedMs = timer.elapsed();
        return node;
    }
    const QString nonce = env::newNonce();
    const ProcessResult r
        = ssh::run(options.ssh, host, {u"sh"_s, u"-s"_s}, nodeScript(options.script, nonce),
                   std::max(1, options.timeoutSec) * 1000, cancel, options.script.maxBytesPerNode * 4 + (8 << 20));
    node.bytesMoved += r.out.size() + r.err.size();
    node.answer = parseNodeAnswer(r.out, nonce, options.script.maxBytesPerFile);
    if (r.canceled) {
        node.cancelled = true;
        node.failure = Text::tr("Canceled.");
    } else if (!r.started) {
        node.failure = r.errorString;
    } else if (const ssh::Failure failure = ssh::classify(r); failure != ssh::Failure::None) {
        node.failure = ssh::describe(failure, host, r, options.ssh.aliveIntervalSec);
    } else if (node.answer.hostname.isEmpty() && node.answer.files.isEmpty()) {
        node.failure = r.timedOut ? Text::tr("No answer within %1 s.").arg(options.timeoutSec)
                                  : Text::tr("The node returned nothing we could read (exit code %1): %2")
                                        .arg(r.exitCode)
                                        .arg(QString::fromLocal8Bit(r.err.left(400)).trimmed());
    } else if (!node.answer.complete) {
        node.cutOff = r.timedOut ? Text::tr("stopped after %1 s, before it finished: files after the last one listed "
                                            "as read were not read")
                                       .arg(options.timeoutSec)
                                 : Text::tr("the answer ended before it finished (exit code %1): %2")
                                       .arg(r.exitCode)
                                       .arg(QString::fromLocal8Bit(r.err.left(200)).trimmed());
    }
    if (node.ok() && options.versions && !(cancel && cancel->load())) {
        env::DiagnoseOptions probe;
        probe.ssh = options.ssh;
        probe.probe = options.probe;
        probe.hosts = {host};
        node.diagnosis = env::diagnoseTarget(host, probe, cancel);
    }
    node.elapsedMs = timer.elapsed();
    return node;
}

Collection collectLogs(const CollectOptions &options, const std::atomic_bool *cancel, const CollectProgress &progress)
{
    Collection collection;
    collection.nodes.resize(options.hosts.size());
    CollectOptions effective = options;
    std::optional<QTemporaryDir> controlDir;
    if (effective.ssh.controlDir.isEmpty()) {
        controlDir.emplace(QDir::tempPath() + u"/vna-ssh-XXXXXX"_s);
        if (controlDir->isValid())
            effective.ssh.controlDir = controlDir->path();
    }
    std::atomic_int finished{0};
    const int total = static_cast<int>(options.hosts.size());
    forEachBounded(options.hosts.size(), std::max(1, options.jobs), [&](qsizetype i) {
        NodeLogs started;
        started.host = options.hosts.at(i);
        if (progress)
            progress(started, false, finished.load(), total);
        NodeLogs node = collectNode(options.hosts.at(i), effective, cancel);
        const int done = ++finished;
        if (progress)
            progress(node, true, done, total);
        collection.nodes[i] = std::move(node);
    });
    if (!effective.ssh.controlDir.isEmpty() && controlDir)
        for (const QString &host : options.hosts)
            ssh::closeMaster(effective.ssh, host);
    for (const NodeLogs &node : std::as_const(collection.nodes))
        if (node.ok() && node.clock.measured) {
            collection.reference = node.host;
            break;
        }
    return collection;
}

QList<std::pair<const NodeLogs *, const NodeFile *>> inputFiles(const Collection &collection)
{
    QList<std::pair<const NodeLogs *, const NodeFile *>> out;
    for (const NodeLogs &node : collection.nodes) {
        for (const NodeFile &file : node.answer.files)
            if (!file.text.isEmpty())
                out.append({&node, &file});
        if (!node.answer.kernel.isEmpty())
            out.append({&node, nullptr});
    }
    return out;
}

QList<logscan::LogInput> inputsOf(const Collection &collection)
{
    QList<logscan::LogInput> inputs;
    for (const auto &[node, file] : inputFiles(collection)) {
        logscan::LogInput input;
        input.node = node->host;
        input.clockAheadMs = collection.aheadOfReference(*node);
        if (!file) {
            input.text = node->answer.kernel.join(u'\n').toUtf8() + '\n';
            input.label = node->host + u":kernel"_s;
        } else {
            input.text = file->text;
            input.label = node->host + u':' + file->path;
            input.pid = file->pid;
            input.actor = file->actor;
            input.rank = file->rank;
            input.lastWrittenMs = node->clock.measured
                ? file->mtimeMs + node->clock.wallAheadMs - node->clock.epochAheadMs
                : asWritten(file->mtimeMs);
        }
        inputs << input;
    }
    return inputs;
}

QList<logscan::InstalledVersion> installedOn(const Collection &collection)
{
    QList<logscan::InstalledVersion> out;
    const QStringList components = logscan::upstreamComponents();
    for (const NodeLogs &node : collection.nodes) {
        if (!node.diagnosis)
            continue;
        const QMap<QString, QString> &packages = node.diagnosis->python.packages;
        for (auto it = packages.cbegin(); it != packages.cend(); ++it) {
            QString component = it.key();
            if (component != u"torch_npu"_s)
                component.replace(u'_', u'-');
            if (!components.contains(component) || it.value().isEmpty()
                || std::any_of(out.cbegin(), out.cend(),
                               [&](const logscan::InstalledVersion &v) { return v.component == component; }))
                continue;
            out << logscan::InstalledVersion{component, it.value(), Text::tr("installed on %1").arg(node.host)};
        }
    }
    return out;
}

QHash<qint64, QString> pythonStacks(const QString &host,
                                    const QList<qint64> &pids,
                                    const CollectOptions &options,
                                    const std::atomic_bool *cancel)
{
    QHash<qint64, QString> out;
    if (pids.isEmpty())
        return out;
    const QString nonce = env::newNonce();
    const int perPid = std::max(5, options.script.timeoutSec);
    const ProcessResult r = ssh::run(options.ssh, host, {u"sh"_s, u"-s"_s}, stacksScript(pids, perPid, nonce),
                                     (perPid + 5) * 1000 * static_cast<int>(pids.size()) + 10000, cancel);
    for (const env::Section &section : env::splitSections(r.out, nonce)) {
        if (!section.name.startsWith(u"stack:"_s))
            continue;
        const qint64 pid = section.name.mid(6).toLongLong();
        QString text = section.text.trimmed();
        if (section.exitCode != 0)
            text = Text::tr("py-spy dump --pid %1 failed (exit code %2): %3")
                       .arg(pid)
                       .arg(section.exitCode)
                       .arg(text.isEmpty() ? Text::tr("no output") : text.left(400));
        out.insert(pid, text);
    }
    return out;
}

} // namespace vna::collect
