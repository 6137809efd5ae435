#include "collectcommand.h"

#include <mutex>

#include <QCommandLineParser>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "cli/dispatcher.h"
#include "cli/nodeoptions.h"
#include "collect/bundle.h"
#include "collect/rayhead.h"
#include "collect/timeline.h"
#include "collect/timewindow.h"
#include "common/atomicfile.h"
#include "common/i18n.h"
#include "logscan/report.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

constexpr int kMiB = 1 << 20;

QJsonObject processJson(const collect::ProcessActivity &p)
{
    return {{u"node"_s, p.node},          {u"pid"_s, p.pid},
            {u"actor"_s, p.actor},        {u"rank"_s, p.rank},
            {u"path"_s, p.path},          {u"last_write"_s, collect::timeText(p.lastWrite)},
            {u"last_line"_s, p.lastLine}, {u"last_line_number"_s, p.lastLineNumber},
            {u"quiet"_s, p.quiet},        {u"collective"_s, p.collective},
            {u"stack"_s, p.stack}};
}

QJsonObject nodeJson(const collect::Collection &collection, const collect::NodeLogs &node)
{
    qint64 read = 0;
    for (const collect::NodeFile &file : node.answer.files)
        read += file.read ? 1 : 0;
    QJsonObject out{{u"host"_s, node.host},
                    {u"collected"_s, node.ok()},
                    {u"files"_s, node.answer.files.size()},
                    {u"files_read"_s, read},
                    {u"bytes_on_node"_s, node.answer.bytesOnNode()},
                    {u"bytes_moved"_s, node.bytesMoved},
                    {u"elapsed_ms"_s, node.elapsedMs},
                    {u"missing"_s, QJsonArray::fromStringList(node.answer.missing)},
                    {u"py_spy"_s, node.answer.pySpy}};
    if (!node.failure.isEmpty())
        out.insert(u"failure"_s, node.failure);
    if (!node.cutOff.isEmpty())
        out.insert(u"cut_off"_s, node.cutOff);
    if (node.clock.measured) {
        out.insert(u"clock_ahead_ms"_s, collection.aheadOfReference(node));
        out.insert(u"clock_uncertainty_ms"_s, node.clock.uncertaintyMs);
    }
    if (!node.answer.kernelNote.isEmpty() && node.answer.kernel.isEmpty())
        out.insert(u"kernel_not_read"_s, node.answer.kernelNote);
    if (node.diagnosis) {
        QJsonObject versions;
        for (const auto &[name, version] : node.diagnosis->versions())
            versions.insert(name, version);
        out.insert(u"versions"_s, versions);
    }
    return out;
}

} // namespace

QString CollectCommand::name() const
{
    return u"collect"_s;
}

QString CollectCommand::summary() const
{
    return tr("Collect a run's logs from every node over ssh and find where the failure began.");
}

void CollectCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(tr(
        "Gathers the evidence of a verl run from every node over ssh — the Ray session's logs (driver, raylet, every "
        "worker's .out/.err, on the node where it ran), the CANN plogs and device logs, the NPU driver's lines of "
        "the kernel log, npu-smi info and the installed versions — keeping on each node only the windows around "
        "lines the knowledge base could match (grep there; nothing is installed), then analyses them on one clock: "
        "the failure's first node, rank and process with its echoes under it, or, when nothing failed, where each "
        "process stopped writing and the Python stacks of the quiet ones (py-spy, where the node has it).\n"
        "Exit code 1 when a critical or error finding is found, 4 when none was but a node could not be collected, 2 "
        "for bad input."));
    parser.addOptions({
        {u"nodes"_s, tr("Nodes in ClusterShell nodeset syntax, e.g. node[01-08] (repeatable)."), tr("nodeset")},
        {u"hostfile"_s, tr("A file with one node (or nodeset) per line; # starts a comment."), tr("file")},
        {u"head"_s,
         tr("Ray's head node: every node its GCS log says registered with the session is collected, by the "
            "address it registered with."),
         tr("host")},
        {u"ray-dir"_s, tr("Ray's temp folder on the nodes (ray start --temp-dir)."), tr("dir"), u"/tmp/ray"_s},
        {u"session"_s, tr("The Ray session: a folder name under --ray-dir, or a path."), tr("name"),
         u"session_latest"_s},
        {u"path"_s, tr("A further folder or file to read on every node (repeatable); ~/ is the node's home."),
         tr("dir")},
        {u"no-plogs"_s, tr("Do not read the CANN logs ($ASCEND_PROCESS_LOG_PATH or ~/ascend/log).")},
        {u"no-kernel"_s, tr("Do not read the kernel log.")},
        {u"no-versions"_s, tr("Do not probe each node's versions and devices (the Environment check's probe).")},
        {u"no-stacks"_s, tr("When nothing failed, do not take the quiet processes' Python stacks with py-spy.")},
        {u"since"_s,
         tr("Only what was written since T: 2026-12-07 10:42, 2026-12-07T10:42:07, or how long ago (30m, 2h), "
            "read as the logs write times."),
         u"T"_s},
        {u"until"_s, tr("Only what was written until T (same forms as --since)."), u"T"_s},
        {u"quiet-after"_s, tr("A process that wrote nothing for N seconds before the last write is quiet."), tr("N"),
         u"120"_s},
        {u"context"_s, tr("Lines kept before and after each line found on a node."), tr("N"), u"3"_s},
        {u"max-per-file"_s, tr("MiB of windows kept per file (its end)."), tr("N"), u"2"_s},
        {u"max-per-node"_s, tr("MiB of windows per node; older files past it are listed, not read."), tr("N"), u"16"_s},
        {u"jobs"_s, tr("Nodes collected at the same time."), tr("N"), u"16"_s},
        {u"timeout"_s, tr("Seconds a node has to answer."), tr("N"), u"120"_s},
        {u"python"_s, tr("The Python interpreter of your verl environment."), tr("path"), u"python3"_s},
        {u"json"_s, tr("Print one JSON object instead of text.")},
        {u"bundle"_s, tr("Write the findings, the lines they cite and each node's versions to FILE (secrets masked)."),
         tr("file")},
        {u"kb"_s, tr("An extra knowledge-base file (repeatable)."), tr("file")},
        {u"max-findings"_s, tr("Show at most N findings (0: all)."), tr("N"), u"0"_s},
        {u"verl-version"_s, tr("Your verl release, if the nodes do not say."), u"X.Y.Z"_s},
        {u"print-script"_s,
         tr("Print the shell script each node would run (on its standard input, nothing installed) and "
            "exit.")},
    });
    parser.addOptions(NodeOptions::sshOptions());
}

ExitCode CollectCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto usage = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    if (!parser.positionalArguments().isEmpty())
        return usage(
            Error::input(tr("collect takes no file names: name the nodes with --nodes (analyze reads files).")));
    const auto listed = NodeOptions::hosts(parser, {u"nodes"_s}, u"hostfile"_s);
    if (!listed)
        return usage(listed.error());
    const QString head = parser.value(u"head"_s).trimmed();
    if (listed->isEmpty() && head.isEmpty() && !parser.isSet(u"print-script"_s))
        return usage(Error::input(tr("Name the nodes with --nodes or --hostfile, or Ray's head node with --head.")));
    if (!listed->isEmpty() && !head.isEmpty())
        return usage(Error::input(tr("Give either the nodes (--nodes, --hostfile) or Ray's head node (--head).")));
    if (!head.isEmpty() && (head.startsWith(u'-') || head.contains(QRegularExpression(u"[\\s'\"`$;|&<>]"_s))))
        return usage(Error::input(tr("--head: \"%1\" is not a host name.").arg(head)));
    const auto ssh = NodeOptions::ssh(parser);
    if (!ssh)
        return usage(ssh.error());

    collect::CollectOptions options;
    options.hosts = *listed;
    options.ssh = *ssh;
    struct Bound
    {
        const char *option;
        int low;
        int high;
        int *target;
    };
    int quietAfter = 0;
    int maxFile = 0;
    int maxNode = 0;
    int maxFindings = 0;
    for (const Bound &b : {Bound{"jobs", 1, 256, &options.jobs}, Bound{"timeout", 5, 3600, &options.timeoutSec},
                           Bound{"context", 0, 50, &options.script.context},
                           Bound{"quiet-after", 1, 86400, &quietAfter}, Bound{"max-per-file", 1, 1024, &maxFile},
                           Bound{"max-per-node", 1, 4096, &maxNode}, Bound{"max-findings", 0, 100000, &maxFindings}}) {
        const auto value = NodeOptions::integer(parser, QString::fromLatin1(b.option), b.low, b.high);
        if (!value)
            return usage(value.error());
        *b.target = *value;
    }
    options.script.maxBytesPerFile = qint64(maxFile) * kMiB;
    options.script.maxBytesPerNode = qint64(maxNode) * kMiB;
    options.script.rayDir = parser.value(u"ray-dir"_s);
    options.script.session = parser.value(u"session"_s);
    options.script.paths = parser.values(u"path"_s);
    options.script.plogs = !parser.isSet(u"no-plogs"_s);
    options.script.kernel = !parser.isSet(u"no-kernel"_s);
    options.versions = !parser.isSet(u"no-versions"_s);
    options.probe.python = parser.value(u"python"_s);
    for (const QString &value : {options.script.rayDir, options.script.session})
        if (value.trimmed().isEmpty() || value.contains(u'\n'))
            return usage(Error::input(tr("--ray-dir and --session must not be empty or hold a line break.")));

    const qint64 nowAsWritten = collect::asWritten(QDateTime::currentMSecsSinceEpoch());
    qint64 since = -1;
    qint64 until = -1;
    for (const auto &[option, target] : {std::pair{u"since"_s, &since}, std::pair{u"until"_s, &until}}) {
        if (!parser.isSet(option))
            continue;
        const auto when = collect::parseWhen(parser.value(option), nowAsWritten);
        if (!when)
            return usage(Error::input(u"--%1: %2"_s.arg(option, when.error().message)));
        *target = *when;
    }
    if (since >= 0 && until >= 0 && until < since)
        return usage(Error::input(tr("--until is before --since.")));
    if (since >= 0)
        options.script.sinceEpochSec = collect::filesWrittenSince(since);

    const logscan::KnowledgeBase kb = logscan::loadKnowledgeBase(parser.values(u"kb"_s));
    for (const logscan::LoadProblem &problem : kb.problems)
        ctx.err << tr("warning: %1").arg(problem.message) << u'\n';
    const auto matcher = logscan::Matcher::compile(kb.entries);
    if (!matcher)
        return usage(matcher.error());
    collect::searchFor(options.script, *matcher);
    QList<logscan::InstalledVersion> given;
    if (parser.isSet(u"verl-version"_s)) {
        const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
        if (!version)
            return usage(version.error());
        given << logscan::InstalledVersion{u"verl"_s, version->toString(), u"--verl-version"_s};
    }

    if (parser.isSet(u"print-script"_s)) {
        ctx.out << QString::fromUtf8(collect::nodeScript(options.script, u"VNA0"_s));
        return ExitCode::Ok;
    }
    const bool json = parser.isSet(u"json"_s);
    QStringList removals;
    if (!head.isEmpty()) {
        const auto nodes = collect::rayNodes(head, options);
        if (!nodes) {
            ctx.err << tr("error: %1").arg(nodes.error().message) << u'\n';
            return ExitCode::Runtime;
        }
        options.hosts = nodes->addresses;
        removals = nodes->removals;
        if (!json)
            ctx.err << tr("Ray's head %1 lists %n node(s): %2", nullptr, static_cast<int>(nodes->addresses.size()))
                           .arg(head, nodes->addresses.join(u", "_s))
                    << u'\n';
    }
    std::mutex printing;
    const auto progress = [&](const collect::NodeLogs &node, bool done, int finished, int total) {
        if (json || !done)
            return;
        const std::lock_guard lock(printing);
        ctx.err << u"[%1/%2] "_s.arg(finished).arg(total)
                << (node.ok() ? tr("%1: %2 files, %3 KiB moved in %4 ms")
                                    .arg(node.host)
                                    .arg(node.answer.files.size())
                                    .arg(node.bytesMoved / 1024)
                                    .arg(node.elapsedMs)
                              : tr("%1: not collected — %2").arg(node.host, node.failure))
                << u'\n';
        ctx.err.flush();
    };
    collect::Collection collection = collect::collectLogs(options, nullptr, progress);
    auto result = collect::readCollection(collection, options, kb.entries, *matcher, since, until,
                                          qint64(quietAfter) * 1000, !parser.isSet(u"no-stacks"_s), given);
    if (!result)
        return usage(result.error());
    logscan::Analysis &analysis = result->analysis;
    const QString language = i18n::current();

    if (parser.isSet(u"bundle"_s)) {
        const QString how = head.isEmpty() ? u"verl-npu-assistant collect --nodes %1"_s.arg(options.hosts.join(u','))
                                           : u"verl-npu-assistant collect --head %1"_s.arg(head);
        if (const Status written = writeFileAtomically(
                parser.value(u"bundle"_s), collect::bundleText(collection, *result, kb.entries, language, how));
            !written)
            return usage(written.error());
    }

    const bool missingNodes = std::any_of(collection.nodes.cbegin(), collection.nodes.cend(),
                                          [](const collect::NodeLogs &n) { return !n.ok(); });
    if (json) {
        QJsonObject root = logscan::toJson(analysis, kb.entries, language, maxFindings);
        QJsonArray findings = root.value(u"findings"_s).toArray();
        for (qsizetype i = 0; i < findings.size() && i < analysis.findings.size(); ++i) {
            QJsonObject finding = findings.at(i).toObject();
            const logscan::LineInfo &info = analysis.findings.at(i).first.info;
            finding.insert(u"node"_s, info.node);
            finding.insert(u"rank"_s, info.rank);
            finding.insert(u"pid"_s, info.pid);
            finding.insert(u"actor"_s, info.actor);
            finding.insert(u"time"_s, info.time >= 0 ? collect::timeText(info.time) : QString());
            findings[i] = finding;
        }
        root.insert(u"findings"_s, findings);
        root.insert(u"bytes_moved"_s, collection.bytesMoved());
        root.insert(u"bytes_on_nodes"_s, collection.bytesOnNodes());
        root.insert(u"clock_reference"_s, collection.reference);
        if (!head.isEmpty())
            root.insert(u"ray_removed_nodes"_s, QJsonArray::fromStringList(removals));
        QJsonArray nodes;
        for (const collect::NodeLogs &node : collection.nodes)
            nodes.append(nodeJson(collection, node));
        root.insert(u"nodes"_s, nodes);
        if (result->began) {
            QJsonArray echoes;
            for (const qsizetype index : result->began->echoes)
                echoes.append(index);
            root.insert(u"began"_s, QJsonObject{{u"finding"_s, result->began->finding}, {u"echoes"_s, echoes}});
        }
        if (result->hang.applies) {
            QJsonArray processes;
            for (const collect::ProcessActivity &p : result->hang.processes)
                processes.append(processJson(p));
            root.insert(u"hang"_s,
                        QJsonObject{{u"latest_write"_s, collect::timeText(result->hang.latestWrite)},
                                    {u"processes"_s, processes},
                                    {u"stacks_note"_s, result->hang.stacksNote}});
        }
        ctx.out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        ctx.out << collect::nodesText(collection) << u'\n';
        if (!removals.isEmpty())
            ctx.out << tr("Ray's GCS removed nodes during the session:") << u'\n' << u"  "_s << removals.join(u"\n  "_s)
                    << u"\n\n"_s;
        if (const QString began = collect::beginningText(*result, kb.entries, language); !began.isEmpty())
            ctx.out << began << u'\n';
        if (const QString hang = collect::hangText(result->hang); !hang.isEmpty())
            ctx.out << hang << u'\n';
        ctx.out << logscan::toText(analysis, kb.entries, language, maxFindings);
        const QLocale locale(language == u"zh_CN"_s ? QLocale::Chinese : QLocale::English);
        ctx.out << u'\n'
                << tr("Moved %1 of the %2 the nodes hold.")
                       .arg(locale.formattedDataSize(collection.bytesMoved()),
                            locale.formattedDataSize(collection.bytesOnNodes()))
                << u'\n';
        if (parser.isSet(u"bundle"_s))
            ctx.out << tr("Bundle written to %1.").arg(parser.value(u"bundle"_s)) << u'\n';
    }
    if (logscan::hasErrors(analysis, kb.entries))
        return ExitCode::Problems;
    return missingNodes ? ExitCode::Incomplete : ExitCode::Ok;
}

} // namespace vna::cli
