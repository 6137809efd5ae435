#include "transfer.h"

#include <algorithm>
#include <memory>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include "ckptsync/nodescript.h"
#include "ckptsync/nodeshell.h"
#include "ckptsync/sourcestream.h"
#include "common/logging.h"
#include "common/parallel.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

QString stepError(int code, const QString &stderrText)
{
    switch (code) {
    case 10:
        return Text::tr("cannot create the folder: %1").arg(stderrText);
    case 11:
        return Text::tr("cannot write the temporary file: %1").arg(stderrText);
    case 12:
        return Text::tr("the copy arrived damaged: %1").arg(stderrText);
    case 14:
        return Text::tr("cannot switch the files into place: %1").arg(stderrText);
    case 15:
        return Text::tr("refused: %1").arg(stderrText);
    case 16:
        return Text::tr("an earlier sync left a journal that cannot be completed: %1").arg(stderrText);
    case 19:
        return Text::tr("another sync is running there (%1)").arg(stderrText);
    case 21:
        return Text::tr("the nodes it receives from failed: %1").arg(stderrText);
    case 24: // python3 is missing: the message says it all
    default: // 17: the message says it all
        return stderrText;
    }
}

// Progress of a node that receives from other nodes: its script prints "vna-got all BYTES" (what its
// temporary files hold) while they grow.
std::function<void(const QByteArray &)>
pullMeter(const Options &options, const QList<Transfer> &transfers, const QString &node)
{
    if (!options.meter)
        return {};
    qint64 total = 0;
    qint64 before = 0;
    for (const Transfer &t : transfers) {
        total += t.bytes - t.offset;
        before += t.offset;
    }
    auto pending = std::make_shared<QByteArray>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    return [=, meter = options.meter](const QByteArray &piece) {
        *pending += piece;
        for (qsizetype nl = 0; (nl = pending->indexOf('\n')) >= 0; pending->remove(0, nl + 1)) {
            const QList<QByteArray> words = pending->left(nl).split(' ');
            if (words.size() != 3 || words.at(0) != "vna-got")
                continue;
            const qint64 sent = std::clamp<qint64>(words.at(2).toLongLong() - before, 0, total);
            meter(node, sent, total,
                  static_cast<double>(sent) * 1000.0 / static_cast<double>(std::max<qint64>(clock->elapsed(), 1)));
        }
    };
}

// Who sent each file's bytes: "via INDEX HOST" lines of a node that received from others, and this run
// for the files it streamed.
void recordSenders(const QByteArray &out, const QList<Transfer> &transfers, QList<FileResult> &files)
{
    const auto fileOf = [&](const QString &path) -> FileResult * {
        for (FileResult &f : files)
            if (f.path == path)
                return &f;
        return nullptr;
    };
    for (const QByteArray &line : out.split('\n')) {
        if (!line.startsWith("via "))
            continue;
        const qsizetype i = line.split(' ').value(1).toInt();
        FileResult *f = i >= 0 && i < transfers.size() ? fileOf(transfers.at(i).relative) : nullptr;
        const QString host = QString::fromUtf8(line.mid(line.indexOf(' ', 4) + 1));
        if (f && !f->via.contains(host))
            f->via.append(host);
    }
    for (const Transfer &t : transfers)
        if (FileResult *f = fileOf(t.relative); f && t.from.isEmpty() && t.bytes > t.offset)
            f->sentByThisRun = true;
}

// The script's own progress lines are not part of an error.
QByteArray withoutProgressLines(const QByteArray &err)
{
    QByteArray kept;
    for (const QByteArray &line : err.split('\n'))
        if (!line.startsWith("vna-got ") && !line.startsWith("vna-failover ") && !line.isEmpty())
            kept += line + '\n';
    return kept;
}

// Where a node's transfer of a file starts: the bytes it already has (`have`, with checksum `sha`)
// when they are the source's first bytes, else 0.
qint64
resumeOffset(const Options &options, const Transfer &t, qint64 have, const QString &sha, const std::atomic_bool *cancel)
{
    return have > 0 && have <= t.bytes && sourcePrefixSha(options, t.relative, have, cancel) == sha ? have : 0;
}

// After the node's upstreams failed it: what each temporary file holds there now is kept as the start
// when it is the source's first bytes, and this machine sends the rest of every file.
void resumeWhatArrived(const Options &options,
                       const QString &node,
                       QList<Transfer> &transfers,
                       QList<FileResult> &files,
                       const std::atomic_bool *cancel)
{
    QString script = kShaFunction;
    for (const Transfer &t : std::as_const(transfers))
        script += u"t="_s + q(options.source.root + u'/' + tempPath(t.relative, t.sha)) + uR"SH(
if [ -f "$t" ] && [ ! -L "$t" ]; then printf '%s %s\n' "$(stat -c %s -- "$t")" "$(h < "$t")"; else echo '0 -'; fi
)SH"_s;
    const ProcessResult r = remoteScript(options.ssh, node, script, options.timeoutSec * 1000, cancel);
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        Transfer &t = transfers[i];
        t.from.clear();
        const qint64 have = r.exitCode == 0 ? lines.value(i).section(u' ', 0, 0).toLongLong() : 0;
        const QString sha = lines.value(i).section(u' ', 1, 1);
        t.offset = resumeOffset(options, t, have, sha, cancel);
        for (FileResult &f : files)
            if (f.path == t.relative)
                f.resumedFrom = t.offset;
    }
}

} // namespace

QString statusId(NodeResult::Status status)
{
    switch (status) {
    case NodeResult::Status::Ok:
        return u"ok"_s;
    case NodeResult::Status::Failed:
        return u"failed"_s;
    case NodeResult::Status::Skipped:
        return u"skipped"_s;
    }
    return QString();
}

int NodeResult::written() const
{
    if (status != Status::Ok)
        return 0;
    return static_cast<int>(
        std::count_if(files.cbegin(), files.cend(), [](const FileResult &f) { return receives(f.action); }));
}

qint64 NodeResult::bytesWritten() const
{
    qint64 bytes = 0;
    if (status == Status::Ok)
        for (const FileResult &f : files)
            bytes += receives(f.action) ? f.bytes : 0;
    return bytes;
}

QList<NodeResult> execute(const Options &options,
                          const QList<PlanItem> &plan,
                          const SourceData &source,
                          const std::atomic_bool *cancel,
                          const Progress &progress)
{
    QMap<QString, const SourceFile *> byPath;
    for (const SourceFile &file : source.files)
        byPath.insert(file.path, &file);
    QHash<QString, Action> actions; // "node\nfile"
    QSet<QString> upstreams;        // nodes others receive from
    for (const PlanItem &item : plan) {
        actions.insert(item.node + u'\n' + item.file, item.action);
        for (const QString &host : item.from)
            upstreams.insert(host);
    }
    QStringList nodes;
    for (const PlanItem &item : plan)
        if (!nodes.contains(item.node))
            nodes.append(item.node);
    const QString run = nonce().left(12);

    QList<NodeResult> results(nodes.size());
    RateLimiter limiter(options.bandwidthLimit);
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype n) {
        QElapsedTimer clock;
        clock.start();
        NodeResult result;
        result.node = nodes.at(n);
        QList<PlanItem> items;
        for (const PlanItem &item : plan)
            if (item.node == result.node)
                items.append(item);
        bool anyWork = false;
        // Files the source cannot give: the others are still sent and checked, and wait under their
        // temporary names (the commit is held back), so the run after the fix sends only what was missing.
        QStringList held;
        for (const PlanItem &item : items) {
            if (item.action == Action::Blocked && item.atSource) {
                held.append(item.reason);
            } else if (item.action == Action::Unreachable || item.action == Action::Blocked) {
                result.status = NodeResult::Status::Failed;
                result.error = item.reason.isEmpty() ? Text::tr("unreachable at preflight") : item.reason;
            }
            anyWork = anyWork || receives(item.action);
        }
        if (result.status != NodeResult::Status::Failed && !anyWork && held.isEmpty())
            result.status = NodeResult::Status::Skipped;
        QList<Transfer> transfers;
        const QStringList dirs = destinationDirs(source.files);
        for (const PlanItem &item : items) {
            const SourceFile *file = byPath.value(item.file);
            result.files.append(
                {item.file, item.action, file ? file->sha256 : QString(), item.bytes, QString(), 0, {}, false});
            if (file && receives(item.action)) {
                Transfer transfer{item.file, file->sha256, file->size, file->mode, item.before, 0, file->mtimeMs, {}};
                // What a cut transfer left is resumed when its bytes are the source's first bytes.
                transfer.offset = resumeOffset(options, transfer, item.partialBytes, item.partialSha, cancel);
                result.files.last().resumedFrom = transfer.offset;
                for (const QString &host : item.from) {
                    const bool isSource = !options.source.isLocal() && host == options.source.host;
                    transfer.from.append(
                        {host, isSource || actions.value(host + u'\n' + item.file) == Action::SkipIdentical});
                }
                transfers.append(transfer);
            }
        }
        bool fellBack = false; // the node's upstreams failed it: this machine sends the rest
        for (int attempt = 0; result.status == NodeResult::Status::Ok && !transfers.isEmpty(); ++attempt) {
            result.attempts = attempt + 1;
            const bool pulls = receivesFromNodes(transfers);
            if (progress)
                progress(result.node,
                         pulls ? Text::tr("receiving %n file(s) from %1", nullptr, static_cast<int>(transfers.size()))
                                     .arg(transfers.first().from.first().host)
                               : Text::tr("copying %n file(s)", nullptr, static_cast<int>(transfers.size())),
                         false);
            if (cancel && cancel->load()) { // before a node's shell is started for nothing
                result.status = NodeResult::Status::Failed;
                result.error = Text::tr("Canceled.");
                break;
            }
            const QList<Transfer> none; // the stream keeps a reference
            SourceStream stream(options, pulls ? none : transfers, result.node, &limiter, cancel);
            ProcessRequest request;
            request.program = options.ssh.program;
            request.arguments = ssh::arguments(options.ssh, result.node,
                                               {u"sh"_s, u"-c"_s,
                                                q(transferScript(options, result.node, upstreams.contains(result.node),
                                                                 transfers, dirs, run, !held.isEmpty()))});
            // When the node last showed life: bytes it took, or its progress lines.
            std::atomic<qint64> lastSign = clock.elapsed();
            if (!pulls)
                request.inputStream = [&](char *buffer, qint64 max) {
                    lastSign = clock.elapsed();
                    return stream.read(buffer, max);
                };
            request.timeoutMs = options.timeoutSec * 1000; // without a byte moving
            request.idleTimeout = true;
            // A cancel ends the node's input: the end of the stream where it is, or, for a node that
            // receives from other nodes, the end of the input it was given none on (mover.py's
            // VNA_STOP_FD). The node keeps what arrived and its shell ends (its lock with it) before the
            // node is reported canceled. Killing ssh instead would leave a shell that had not yet started
            // to run on after the report, and the next run would find its lock.
            request.cancelGraceMs = kCancelGraceMs;
            request.holdInput = pulls;
            if (pulls)
                request.onStderr = [&, meter = pullMeter(options, transfers, result.node)](const QByteArray &piece) {
                    lastSign = clock.elapsed();
                    if (meter)
                        meter(piece);
                };
            ProcessResult r = runProcess(request, cancel);
            r.err = withoutProgressLines(r.err);
            recordSenders(r.out, transfers, result.files);
            // The node went silent and ssh gave up on it (its keep-alives unanswered): its link or the host
            // is down. Neither a retry nor another route reaches it now; what arrived waits for a rerun.
            const qint64 silentMs = clock.elapsed() - lastSign;
            if (r.exitCode == 255 && !r.canceled && !(cancel && cancel->load())
                && (r.err.contains("not responding")
                    || (r.err.trimmed().isEmpty() && silentMs >= 2000LL * options.ssh.aliveIntervalSec))) {
                result.status = NodeResult::Status::Failed;
                result.error = Text::tr("no data from %1 for %2 s, and no answer to ssh keep-alives: its link or "
                                        "the host is down. What arrived waits there for the next run.")
                                   .arg(result.node)
                                   .arg(std::max<qint64>(silentMs / 1000, 3LL * options.ssh.aliveIntervalSec));
                break;
            }
            if (pulls && r.exitCode != 0 && !r.canceled && !(cancel && cancel->load()) && !fellBack
                && (r.exitCode == 21 || ssh::isTransient(ssh::classify(r)))) {
                // Every upstream failed this node (21), or its own stream broke: this machine sends the
                // rest, from what arrived once that is checked against the source. A change of route,
                // not a retry.
                if (progress)
                    progress(result.node,
                             Text::tr("its upstream nodes failed (%1); this machine sends the rest")
                                 .arg(QString::fromLocal8Bit(r.err).trimmed().section(u'\n', -1)),
                             false);
                resumeWhatArrived(options, result.node, transfers, result.files, cancel);
                fellBack = true;
                --attempt;
                continue;
            }
            if (!stream.error().isEmpty()) { // the source changed while it was read: not a cancel
                result.status = NodeResult::Status::Failed;
                result.error = stream.error();
                break;
            }
            if ((r.exitCode == 0 && r.out.contains("done")) || (!held.isEmpty() && r.exitCode == 23)) {
                if (pulls && options.meter) {
                    qint64 total = 0;
                    for (const Transfer &t : std::as_const(transfers))
                        total += t.bytes - t.offset;
                    options.meter(result.node, total, total,
                                  static_cast<double>(total) * 1000.0
                                      / static_cast<double>(std::max<qint64>(clock.elapsed(), 1)));
                }
                const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
                for (const QString &line : lines)
                    if (line.startsWith(u"backup "_s)) {
                        const QString path = transfers.value(line.section(u' ', 1, 1).toInt()).relative;
                        for (FileResult &f : result.files)
                            if (f.path == path)
                                f.backup = line.section(u' ', 2);
                    }
                break;
            }
            const ssh::Failure failure = ssh::classify(r);
            const bool transient = ssh::isTransient(failure) && !r.canceled;
            if (!transient || attempt >= options.retries || (cancel && cancel->load())) {
                result.status = NodeResult::Status::Failed;
                if (failure != ssh::Failure::None || r.canceled || r.timedOut || r.exitCode == 0) {
                    result.error = r.exitCode == 0 ? Text::tr("the node ended the transfer without confirming it")
                                                   : failureText(options.ssh, result.node, r);
                } else {
                    const QString err = QString::fromLocal8Bit(r.err).trimmed();
                    static const QRegularExpression fileIndex(uR"(file (\d+):? ?)"_s);
                    const auto m = fileIndex.match(err);
                    const QString which = m.hasMatch() ? transfers.value(m.captured(1).toInt()).relative : QString();
                    QString detail = err;
                    detail.remove(fileIndex);
                    detail = stepError(r.exitCode, detail.trimmed());
                    if (detail.trimmed().isEmpty())
                        detail = failureText(options.ssh, result.node, r);
                    result.error = which.isEmpty() ? detail : Text::tr("%1: %2").arg(which, detail);
                }
                break;
            }
            if (progress)
                progress(result.node, Text::tr("retrying after a transient failure"), false);
            if (!sleepUnlessCanceled(1000 << attempt, cancel)) {
                result.status = NodeResult::Status::Failed;
                result.error = Text::tr("Canceled.");
            }
        }
        if (!held.isEmpty() && result.status == NodeResult::Status::Ok) {
            result.status = NodeResult::Status::Failed;
            result.error = held.join(u' ');
        }
        result.durationMs = clock.elapsed();
        if (progress)
            progress(result.node, result.status == NodeResult::Status::Failed ? result.error : statusId(result.status),
                     true);
        log::core()->info("sync {}: {} {}", result.node, statusId(result.status), result.error);
        results[n] = result;
    });
    return results;
}

} // namespace vna::ckptsync
