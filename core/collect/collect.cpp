#include "collect/collect.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimeZone>

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

// Local time as a log line writes it, as milliseconds "since 1970" (the zone folded in).
qint64 localWall(qint64 epochMs)
{
    return epochMs + qint64(QDateTime::fromMSecsSinceEpoch(epochMs).offsetFromUtc()) * 1000;
}

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
        return localWall(epochMs);
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
                : localWall(file->mtimeMs);
        }
        inputs << input;
    }
    return inputs;
}

RayNodes parseGcsLog(const QString &text)
{
    RayNodes nodes;
    // Ray 2.40 (gcs_node_manager.cc): "Registering node info, address = 10.0.0.2, node name = …";
    // Ray 2.49: "Registering new node. node_id=… node_name=… node_address=10.0.0.2".
    static const QRegularExpression registering(
        uR"(Registering (?:new node|node info)\b.*?(?:node_address=|address = )([A-Za-z0-9_.:\-]+?)(?:,|\s|$))"_s);
    static const QRegularExpression removing(uR"(Removing node|has been marked dead|Node is dead because)"_s);
    for (const QString &line : text.split(u'\n')) {
        if (const auto m = registering.match(line); m.hasMatch()) {
            if (!nodes.addresses.contains(m.captured(1)))
                nodes.addresses << m.captured(1);
        } else if (removing.match(line).hasMatch()) {
            nodes.removals << line.trimmed().left(600);
        }
    }
    return nodes;
}

Result<RayNodes> rayNodes(const QString &head, const CollectOptions &options, const std::atomic_bool *cancel)
{
    QString script = u"RAY="_s + shell::quote(options.script.rayDir) + u"\nSESSION="_s
        + shell::quote(options.script.session) + u'\n';
    script
        += uR"(home() { case "$1" in "~") printf '%s\n' "$HOME" ;; "~/"*) printf '%s\n' "$HOME/${1#\~/}" ;; *) printf '%s\n' "$1" ;; esac; }
RAY=$(home "$RAY")
case "$SESSION" in /*|"~"*) S=$(home "$SESSION") ;; *) S="$RAY/$SESSION" ;; esac
set -- "$S"/logs/gcs_server*.out
[ -e "$1" ] || { printf 'no GCS log: %s\n' "$S/logs/gcs_server.out" >&2; exit 3; }
grep -a -h -E 'Registering (new node|node info)|Removing node|has been marked dead|Node is dead because' "$@"
exit 0
)"_s;
    const ProcessResult r = ssh::run(options.ssh, head, {u"sh"_s, u"-s"_s}, script.toUtf8(),
                                     std::max(10, options.timeoutSec) * 1000, cancel);
    if (const ssh::Failure failure = ssh::classify(r); !r.started || failure != ssh::Failure::None)
        return Error::runtime(!r.started ? r.errorString
                                         : ssh::describe(failure, head, r, options.ssh.aliveIntervalSec));
    if (r.exitCode != 0)
        return Error::runtime(
            Text::tr("%1 is not the head of this Ray session: %2").arg(head, QString::fromLocal8Bit(r.err).trimmed()));
    RayNodes nodes = parseGcsLog(QString::fromUtf8(r.out));
    if (nodes.addresses.isEmpty())
        return Error::runtime(
            Text::tr("The GCS log on %1 names no node that registered with this Ray session.").arg(head));
    return nodes;
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

Result<qint64> parseWhen(const QString &text, qint64 nowAsWritten)
{
    const QString t = text.trimmed();
    static const QRegularExpression ago(uR"(^(\d+)\s*(s|m|h|d)$)"_s);
    if (const auto m = ago.match(t); m.hasMatch()) {
        const qint64 n = m.captured(1).toLongLong();
        const QChar unit = m.captured(2).at(0);
        const qint64 scale = unit == u's' ? 1000 : unit == u'm' ? 60000 : unit == u'h' ? 3600000 : 86400000;
        if (n > 3650LL * 86400000 / scale)
            return Error::input(Text::tr("\"%1\" is too long ago.").arg(t));
        return nowAsWritten - n * scale;
    }
    for (const QString &format : {u"yyyy-MM-dd HH:mm:ss"_s, u"yyyy-MM-ddTHH:mm:ss"_s, u"yyyy-MM-dd HH:mm"_s,
                                  u"yyyy-MM-ddTHH:mm"_s, u"yyyy-MM-dd"_s}) {
        const QDateTime when = QDateTime::fromString(t, format);
        if (when.isValid()) {
            const QDateTime utc(when.date(), when.time(), Qt::UTC);
            return utc.toMSecsSinceEpoch();
        }
    }
    return Error::input(Text::tr("\"%1\" is not a time: write 2026-12-07 10:42, 2026-12-07T10:42:07, or how long "
                                 "ago (90s, 30m, 2h, 1d).")
                            .arg(t));
}

void keepBetween(Collection &collection, qint64 fromMs, qint64 toMs)
{
    if (fromMs < 0 && toMs < 0)
        return;
    for (NodeLogs &node : collection.nodes) {
        const qint64 ahead = collection.aheadOfReference(node);
        for (NodeFile &file : node.answer.files) {
            if (file.text.isEmpty())
                continue;
            const QList<QByteArray> lines = file.text.split('\n');
            QByteArray text;
            QList<qint64> numbers;
            qint64 time = -1;
            bool gap = false;
            for (qsizetype i = 0; i < file.lineNumbers.size() && i < lines.size(); ++i) {
                const QByteArray &line = lines.at(i);
                if (const qint64 t = logscan::parseTime(std::string_view(line.constData(), size_t(line.size())));
                    t >= 0)
                    time = t - ahead;
                const bool keep = file.lineNumbers.at(i) > 0
                    && (time < 0 || ((fromMs < 0 || time >= fromMs) && (toMs < 0 || time <= toMs)));
                if (!keep) {
                    gap = !numbers.isEmpty();
                    continue;
                }
                if (gap || (!numbers.isEmpty() && file.lineNumbers.at(i) > numbers.constLast() + 1)) {
                    text += "\xe2\x80\xa6\n";
                    numbers << 0;
                }
                gap = false;
                text += line + '\n';
                numbers << file.lineNumbers.at(i);
            }
            file.text = text;
            file.lineNumbers = numbers;
        }
    }
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
