#include "collect/timeline.h"
#include "collect/timewindow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

#include "common/i18n.h"
#include "logscan/located.h"
#include "logscan/report.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Collect)
};

bool isFailure(const logscan::Entry &entry)
{
    return entry.severity == Severity::Critical || entry.severity == Severity::Error;
}

// The files that are one process's own log: Ray's worker and driver output, the process's plogs.
bool isProcessLog(const NodeFile &file)
{
    const QString name = file.path.section(u'/', -1);
    return !file.pid.isEmpty()
        && (name.startsWith(u"worker-"_s) || file.kind == u"ray-driver"_s || file.kind == u"plog"_s);
}

QString lastLineOf(const NodeFile &file, qint64 *number)
{
    for (qsizetype i = file.tail.size() - 1; i >= 0; --i)
        if (!file.tail.at(i).trimmed().isEmpty()) {
            *number = file.tailFirstLine + i;
            return file.tail.at(i);
        }
    return {};
}

} // namespace

QString timeText(qint64 msAsWritten)
{
    return QDateTime::fromMSecsSinceEpoch(msAsWritten, Qt::UTC).toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s);
}

QString collectiveIn(const QString &text)
{
    // torch's watchdog and flight recorder: WorkHCCL(SeqNum=12, OpType=ALLREDUCE, …)
    static const QRegularExpression work(uR"(SeqNum=(\d+),\s*OpType=([A-Z_]+))"_s);
    if (const auto m = work.match(text); m.hasMatch())
        return u"%1, SeqNum=%2"_s.arg(m.captured(2), m.captured(1));
    // a py-spy frame: "    all_reduce (torch/distributed/distributed_c10d.py:2501)"
    static const QRegularExpression frame(
        uR"(^\s*((?:all_reduce|all_gather|all_gather_into_tensor|_all_gather_base|reduce_scatter|reduce_scatter_tensor|_reduce_scatter_base|broadcast|barrier|all_to_all|all_to_all_single|send|recv|isend|irecv|reduce|gather|scatter|monitored_barrier)\s+\([^)]*\)))"_s,
        QRegularExpression::MultilineOption);
    if (const auto m = frame.match(text); m.hasMatch())
        return m.captured(1).trimmed();
    return {};
}

Result<ClusterAnalysis> analyzeCollection(const Collection &collection,
                                          const QList<logscan::Entry> &entries,
                                          const logscan::Matcher &matcher,
                                          qint64 quietAfterMs,
                                          const std::atomic_bool *cancel)
{
    const QList<logscan::LogInput> inputs = inputsOf(collection);
    auto analysis = logscan::analyze(inputs, entries, matcher, {}, {}, cancel);
    if (!analysis)
        return analysis.error();
    ClusterAnalysis result;
    result.analysis = std::move(*analysis);
    logscan::Analysis &a = result.analysis;

    // Lines as numbered on their nodes.
    const auto files = inputFiles(collection);
    const auto renumber = [&](int input, qint64 line) -> qint64 {
        if (input < 0 || input >= files.size() || !files.at(input).second || line < 1)
            return line;
        const QList<qint64> &numbers = files.at(input).second->lineNumbers;
        return line <= numbers.size() ? numbers.at(line - 1) : line;
    };
    for (logscan::Finding &finding : a.findings) {
        finding.first.line = renumber(finding.first.file, finding.first.line);
        for (auto &[file, line] : finding.seenAt)
            line = renumber(file, line);
    }
    for (logscan::ErrorLine &line : a.errorLines)
        line.line = renumber(line.file, line.line);

    // Where it began: the earliest root cause that is a failure.
    for (qsizetype i = 0; i < a.findings.size(); ++i) {
        if (!a.findings.at(i).rootCause() || !isFailure(entries.at(a.findings.at(i).entry)))
            continue;
        Beginning began;
        began.finding = i;
        for (qsizetype j = i + 1; j < a.findings.size(); ++j)
            if (!a.findings.at(j).rootCause() && logscan::rootOf(a, entries, j) == i)
                began.echoes << j;
        result.began = began;
        break;
    }

    // Every process's last write, for a run that stopped moving.
    HangView &hang = result.hang;
    hang.quietAfterMs = quietAfterMs;
    QHash<QString, qsizetype> byProcess;
    bool anyPySpy = false;
    for (const NodeLogs &node : collection.nodes) {
        anyPySpy = anyPySpy || !node.answer.pySpy.isEmpty();
        for (const NodeFile &file : node.answer.files) {
            if (!isProcessLog(file))
                continue;
            const QString key = node.host + u'\x1f' + file.pid;
            const qint64 written = collection.onTimeline(node, file.mtimeMs);
            auto it = byProcess.constFind(key);
            if (it == byProcess.constEnd()) {
                it = byProcess.insert(key, hang.processes.size());
                ProcessActivity process;
                process.node = node.host;
                process.pid = file.pid;
                hang.processes << process;
            }
            ProcessActivity &process = hang.processes[*it];
            if (process.actor.isEmpty())
                process.actor = file.actor;
            if (process.rank.isEmpty())
                process.rank = file.rank;
            if (process.collective.isEmpty()) {
                const QList<QByteArray> lines = file.text.split('\n');
                for (qsizetype i = lines.size() - 1; i >= 0 && process.collective.isEmpty(); --i)
                    process.collective = collectiveIn(QString::fromUtf8(lines.at(i)));
            }
            if (process.path.isEmpty() || written > process.lastWrite) {
                process.lastWrite = written;
                process.path = file.path;
                process.lastLine = lastLineOf(file, &process.lastLineNumber);
            }
            hang.latestWrite = std::max(hang.latestWrite, written);
        }
    }
    std::stable_sort(hang.processes.begin(), hang.processes.end(),
                     [](const ProcessActivity &x, const ProcessActivity &y) { return x.lastWrite < y.lastWrite; });
    for (ProcessActivity &process : hang.processes)
        process.quiet = process.lastWrite < hang.latestWrite - quietAfterMs;
    hang.applies = !result.began && !hang.processes.isEmpty();
    if (!anyPySpy)
        hang.stacksNote
            = Text::tr("py-spy is not installed on the nodes, so no Python stacks were taken. To see where a process "
                       "is stuck: pip install py-spy on the node, then py-spy dump --pid PID (as root, or with "
                       "kernel.yama.ptrace_scope=0).");
    return result;
}

Result<ClusterAnalysis> readCollection(Collection &collection,
                                       const CollectOptions &options,
                                       const QList<logscan::Entry> &entries,
                                       const logscan::Matcher &matcher,
                                       qint64 fromMs,
                                       qint64 toMs,
                                       qint64 quietAfterMs,
                                       bool stacks,
                                       const QList<logscan::InstalledVersion> &given,
                                       const std::atomic_bool *cancel)
{
    keepBetween(collection, fromMs, toMs);
    auto result = analyzeCollection(collection, entries, matcher, quietAfterMs, cancel);
    if (!result)
        return result;
    if (stacks)
        takeStacks(*result, collection, options, cancel);
    result->analysis.installed = given + installedOn(collection);
    logscan::locate(result->analysis, entries);
    return result;
}

QHash<QString, QList<qint64>> stackTargets(const HangView &hang, int max)
{
    QHash<QString, QList<qint64>> out;
    for (const ProcessActivity &process : hang.processes) {
        if (!process.quiet)
            continue;
        QList<qint64> &pids = out[process.node];
        if (pids.size() < max)
            pids << process.pid.toLongLong();
    }
    return out;
}

void addStacks(HangView &hang, const QString &node, const QHash<qint64, QString> &stacks)
{
    for (ProcessActivity &process : hang.processes) {
        if (process.node != node)
            continue;
        const auto it = stacks.constFind(process.pid.toLongLong());
        if (it == stacks.constEnd())
            continue;
        process.stack = *it;
        if (const QString in = collectiveIn(*it); !in.isEmpty())
            process.collective = in;
    }
}

void takeStacks(ClusterAnalysis &result,
                const Collection &collection,
                const CollectOptions &options,
                const std::atomic_bool *cancel)
{
    if (!result.hang.applies)
        return;
    const auto targets = stackTargets(result.hang);
    for (auto it = targets.cbegin(); it != targets.cend(); ++it) {
        const auto node = std::find_if(collection.nodes.cbegin(), collection.nodes.cend(),
                                       [&](const NodeLogs &n) { return n.host == it.key(); });
        if (node != collection.nodes.cend() && !node->answer.pySpy.isEmpty())
            addStacks(result.hang, it.key(), pythonStacks(it.key(), it.value(), options, cancel));
    }
}

QString beginningText(const ClusterAnalysis &result, const QList<logscan::Entry> &entries, const QString &language)
{
    if (!result.began)
        return {};
    const logscan::Analysis &a = result.analysis;
    const logscan::Finding &root = a.findings.at(result.began->finding);
    const logscan::Explanation root_text = logscan::explain(entries.at(root.entry), root, a, language);
    const logscan::LineInfo &info = root.first.info;
    QStringList who;
    if (!info.rank.isEmpty())
        who << Text::tr("rank %1").arg(info.rank);
    if (!info.pid.isEmpty())
        who << (info.actor.isEmpty() ? Text::tr("pid %1").arg(info.pid)
                                     : Text::tr("%1 pid %2").arg(info.actor, info.pid));
    const QString node = info.node.isEmpty() ? Text::tr("an unknown node") : info.node;
    const QString whoText = who.isEmpty() ? QString() : u" ("_s + who.join(u", "_s) + u')';
    QString out = info.time >= 0 && info.timeIsBound
        ? Text::tr("Where it began: %1 on %2%3, by %4 (its line carries no time: its log was last written then).")
              .arg(root_text.title, node, whoText, timeText(info.time))
        : info.time >= 0
        ? Text::tr("Where it began: %1 on %2%3 at %4.").arg(root_text.title, node, whoText, timeText(info.time))
        : Text::tr("Where it began: %1 on %2%3 (its line carries no time).").arg(root_text.title, node, whoText);
    out += u'\n' + u"  "_s + u"%1:%2"_s.arg(a.files.value(root.first.file).name).arg(root.first.line) + u"  "_s
        + root.first.lines.value(0).left(300) + u'\n';
    if (!a.timeline)
        out += u"  "_s
            + Text::tr("Not every finding's line carries a time: the order across nodes is by file, not by time.")
            + u'\n';
    for (const qsizetype index : result.began->echoes) {
        const logscan::Finding &echo = a.findings.at(index);
        const logscan::Explanation text = logscan::explain(entries.at(echo.entry), echo, a, language);
        QStringList spread;
        if (!echo.ranks.isEmpty())
            spread << Text::tr("%n rank(s)", nullptr, static_cast<int>(echo.ranks.size()));
        if (!echo.nodes.isEmpty())
            spread << Text::tr("%n node(s)", nullptr, static_cast<int>(echo.nodes.size()));
        out += u"  ← "_s + text.title;
        if (!spread.isEmpty())
            out += u" — "_s + spread.join(u", "_s);
        if (echo.first.info.time >= 0)
            out += u", "_s + Text::tr("first at %1 on %2").arg(timeText(echo.first.info.time), echo.first.info.node);
        out += u'\n';
    }
    return out;
}

QString hangText(const HangView &hang)
{
    if (!hang.applies)
        return {};
    QString out = Text::tr("Nothing failed: where each process stopped writing, quiet first (the last write on the "
                           "cluster was at %1):")
                      .arg(timeText(hang.latestWrite))
        + u'\n';
    for (const ProcessActivity &p : hang.processes) {
        QStringList who{p.node};
        if (!p.rank.isEmpty())
            who << Text::tr("rank %1").arg(p.rank);
        who << (p.actor.isEmpty() ? Text::tr("pid %1").arg(p.pid) : Text::tr("%1 pid %2").arg(p.actor, p.pid));
        out += u"  "_s + (p.quiet ? Text::tr("QUIET") : u"     "_s) + u"  "_s + timeText(p.lastWrite) + u"  "_s
            + who.join(u", "_s);
        if (p.quiet)
            out += u"  "_s + Text::tr("(%1 s before the last write)").arg((hang.latestWrite - p.lastWrite) / 1000);
        out += u'\n';
        if (!p.collective.isEmpty())
            out += u"      "_s + Text::tr("in collective: %1").arg(p.collective) + u'\n';
        if (!p.lastLine.isEmpty())
            out += u"      "_s + u"%1:%2  "_s.arg(p.path).arg(p.lastLineNumber) + p.lastLine.left(240) + u'\n';
        if (!p.stack.isEmpty())
            for (const QString &line : p.stack.split(u'\n').mid(0, 25))
                out += u"      | "_s + line + u'\n';
    }
    if (!hang.stacksNote.isEmpty())
        out += hang.stacksNote + u'\n';
    return out;
}

QString nodesText(const Collection &collection)
{
    const QLocale locale(i18n::current() == u"zh_CN"_s ? QLocale::Chinese : QLocale::English);
    QString out;
    for (const NodeLogs &node : collection.nodes) {
        if (!node.ok()) {
            out += Text::tr("%1: not collected — %2").arg(node.host, node.failure) + u'\n';
            continue;
        }
        const NodeAnswer &answer = node.answer;
        const auto read
            = std::count_if(answer.files.cbegin(), answer.files.cend(), [](const NodeFile &f) { return f.read; });
        out += Text::tr("%1: %2 of %3 files read (%4 on the node), %5 moved")
                   .arg(node.host)
                   .arg(read)
                   .arg(answer.files.size())
                   .arg(locale.formattedDataSize(answer.bytesOnNode()), locale.formattedDataSize(node.bytesMoved));
        if (node.clock.measured) {
            const qint64 ahead = collection.aheadOfReference(node);
            if (node.host != collection.reference)
                out += u", "_s
                    + Text::tr("clock %1%2 s against %3 (±%4 ms)")
                          .arg(ahead >= 0 ? u"+"_s : QString())
                          .arg(locale.toString(double(ahead) / 1000.0, 'f', 3))
                          .arg(collection.reference)
                          .arg(node.clock.uncertaintyMs);
        } else {
            out += u", "_s + Text::tr("clock not measured: its times are taken as written");
        }
        out += u'\n';
        if (!node.cutOff.isEmpty())
            out += u"  "_s + Text::tr("cut off: %1").arg(node.cutOff) + u'\n';
        if (read < answer.files.size())
            out += u"  "_s
                + Text::tr("%n older file(s) not read: the per-node cap was reached first.", nullptr,
                           static_cast<int>(answer.files.size() - read))
                + u'\n';
        if (!answer.missing.isEmpty())
            out += u"  "_s + Text::tr("not there: %1").arg(answer.missing.join(u", "_s)) + u'\n';
        if (answer.kernel.isEmpty() && !answer.kernelNote.isEmpty())
            out += u"  "_s + Text::tr("kernel log not read: %1").arg(answer.kernelNote) + u'\n';
        if (answer.smiExit == 127)
            out += u"  "_s + Text::tr("npu-smi is not installed or not on PATH.") + u'\n';
    }
    return out;
}

} // namespace vna::collect
