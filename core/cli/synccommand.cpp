#include "synccommand.h"

#include <atomic>
#include <mutex>
#include <thread>

#include <csignal>

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "ckptsync/sync.h"
#include "cli/dispatcher.h"
#include "cli/nodeoptions.h"
#include "common/parallel.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

// Ctrl+C or a TERM during --watch: finish the step in hand, clean up (ssh control folder, temporary
// files on the nodes) and leave. Only this flag is touched in the handler.
std::atomic_bool g_stop{false};

extern "C" void requestStop(int)
{
    g_stop.store(true);
}

QString layoutText(ckptsync::Layout layout)
{
    switch (layout) {
    case ckptsync::Layout::V1:
        return SyncCommand::tr("layout v1 (actor/dist_ckpt)");
    case ckptsync::Layout::V2:
        return SyncCommand::tr("layout v2 (actor/{model,optimizer,extra}/dist_ckpt)");
    case ckptsync::Layout::Unknown:
        return SyncCommand::tr("no dist_ckpt folder");
    }
    return QString();
}

void printDiscovery(const ckptsync::Discovery &d, QTextStream &out)
{
    out << SyncCommand::tr("Checkpoint %1: %n step(s)", nullptr, static_cast<int>(d.steps.size())).arg(d.root);
    out << u"; "_s
        << (d.trackerPresent ? SyncCommand::tr("tracker says %1").arg(d.tracker ? QString::number(*d.tracker) : u"?"_s)
                             : SyncCommand::tr("no %1").arg(QLatin1String(ckptsync::kTrackerFile)))
        << u'\n';
    for (const ckptsync::Step &step : d.steps) {
        out << u"  "_s << step.dir << u"  "_s << layoutText(step.layout) << u"  "_s << ckptsync::sizeText(step.bytes)
            << (step.dataPt ? u"  data.pt"_s : QString()) << u'\n';
        for (const ckptsync::DistCkptDir &dist : step.dists) {
            out << u"    "_s << dist.path << u"  ["_s << dist.present.join(u", "_s) << u"]"_s;
            if (dist.worldSize > 0)
                out << u"  "_s << SyncCommand::tr("shards of %n rank(s) here", nullptr, dist.worldSize);
            out << u'\n';
        }
    }
}

// What every node needs of the selected steps, by reason, with sizes.
void printNeeds(const ckptsync::SourceData &source, QTextStream &out)
{
    QMap<int, std::pair<int, qint64>> byNeed;
    for (const ckptsync::SourceFile &file : source.files) {
        auto &[count, bytes] = byNeed[static_cast<int>(file.need)];
        ++count;
        bytes += file.size;
    }
    out << SyncCommand::tr("Every node needs from the source:") << u'\n';
    for (auto it = byNeed.cbegin(); it != byNeed.cend(); ++it)
        out << u"  "_s
            << SyncCommand::tr("%n file(s), %1", nullptr, it.value().first).arg(ckptsync::sizeText(it.value().second))
            << u"  "_s << ckptsync::needText(static_cast<ckptsync::Need>(it.key())) << u'\n';
    if (!source.perRank.isEmpty())
        out << u"  "_s
            << SyncCommand::tr("%n per-rank file(s) stay where they are: %1", nullptr,
                               static_cast<int>(source.perRank.size()))
                   .arg(ckptsync::needText(ckptsync::Need::PerRank))
            << u'\n';
    for (const QString &note : source.notes)
        out << u"  "_s << SyncCommand::tr("NOTE: %1").arg(note) << u'\n';
    for (const ckptsync::Unreadable &file : source.unreadable)
        out << u"  "_s << SyncCommand::tr("PROBLEM: %1").arg(ckptsync::unreadableText(file)) << u'\n';
}

// Closes the multiplexed connections now, all at once, rather than leaving them for ControlPersist.
void closeMasters(const ckptsync::Options &options)
{
    QStringList hosts = options.nodes;
    if (!options.source.isLocal())
        hosts.append(options.source.host);
    forEachBounded(hosts.size(), options.jobs, [&](qsizetype i) { ssh::closeMaster(options.ssh, hosts.at(i)); });
}

} // namespace

QString SyncCommand::name() const
{
    return u"sync"_s;
}

QString SyncCommand::summary() const
{
    return tr("Give every node the checkpoint files only rank 0's node has (metadata, and since verl 0.7 the "
              "weights), over ssh.");
}

void SyncCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("On clusters without shared storage, a verl checkpoint reloads only where rank 0 saved it: the "
           "dist-checkpoint metadata (common.pt, .metadata, metadata.json) and, since verl 0.7, the model's weights "
           "(huggingface/) exist on that node alone. This gives every node the files of the step that rank 0's node "
           "has and it lacks, except each rank's own shards: preflight (the node's files, checksums where sizes "
           "match, free space where each folder lives), a plan with the reason for each file, one lock per node for "
           "the whole run, files written under temporary names and checked, then switched into place together "
           "through a journal the next run completes if this one is cut short; an old file or link is kept as "
           "NAME.bak-…. Links and special files on a node are never followed or opened. Nothing on the source is "
           "modified.\n"
           "Exit code 0 when every node is ok or skipped, 1 when any failed, 2 for bad input."));
    parser.addOptions({
        {u"checkpoint"_s, tr("default_local_dir, or one global_step_N folder in it (absolute path)."), tr("dir")},
        {u"nodes"_s, tr("Destination nodes in ClusterShell nodeset syntax, e.g. node[02-16]."), tr("nodeset")},
        {u"hostfile"_s, tr("A file with one destination node (or nodeset) per line."), tr("file")},
        {u"from"_s, tr("The rank-0 node holding the files, when it is not this machine."), tr("host")},
        {u"step"_s, tr("Which step: a number, latest (the tracker's, else the highest) or all."), tr("N|latest|all"),
         u"latest"_s},
        {u"include-tracker"_s, tr("Also copy latest_checkpointed_iteration.txt (data.pt is part of the step).")},
        {u"devices-per-node"_s,
         tr("NPUs per node for the resume, to check the world size the shards were saved "
            "with."),
         tr("N")},
        {u"jobs"_s, tr("Nodes copied to at the same time."), tr("N"), u"16"_s},
        {u"bandwidth-limit"_s,
         tr("Bytes per second, e.g. 100M or 1G (binary units); 0: no limit. From this machine: for all nodes "
            "together; in a chain: on each link."),
         tr("rate"), u"0"_s},
        {u"topology"_s,
         tr("How the bytes travel: chain (each node receives from the node before it while that one receives, so "
            "every link carries each byte once), star (this machine sends to every node) or auto (a chain when two "
            "or more nodes receive 32 MiB or more and reach each other over ssh)."),
         tr("auto|chain|star"), u"auto"_s},
        {u"timeout"_s, tr("Seconds a node may go without progress (nothing sent or answered) before it fails."),
         tr("sec"), u"120"_s},
        {u"retries"_s, tr("Retries for transient failures (refused, reset, timed out)."), tr("N"), u"2"_s},
        {u"dry-run"_s,
         tr("Run the preflight and print the plan; copy nothing. Exit code 1 when a node cannot be "
            "reached or has a problem.")},
        {u"verify-only"_s,
         tr("Compare the checksums on every node with the source and remove temporary files of "
            "syncs that died; copy nothing.")},
        {u"export-script"_s,
         tr("Print only the equivalent commands, with your ssh options, instead of running: bash (an ssh loop), "
            "clush, pdcp, or hook (a post-save script that runs this command)."),
         u"bash|clush|pdcp|hook"_s},
        {u"watch"_s, tr("Keep watching the checkpoint folder and sync every new step once it is complete.")},
        {u"interval"_s, tr("Seconds between two looks at the folder in --watch."), tr("sec"), u"10"_s},
        {u"json"_s, tr("Print one JSON object: plan, results, summary.")},
    });
    parser.addOptions(NodeOptions::sshOptions());
}

ExitCode SyncCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto usage = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    // Ctrl+C cancels: what the nodes received waits for the next run, and this one cleans up after itself.
    g_stop.store(false);
    struct sigaction action
    {};
    action.sa_handler = requestStop;
    ::sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    const auto runtime = [&](const Error &error) {
        ctx.err << u"verl-npu-assistant sync: "_s << error.message << u'\n';
        return error.kind == Error::Kind::Input ? ExitCode::Usage : ExitCode::Runtime;
    };
    if (!parser.isSet(u"checkpoint"_s))
        return usage(Error::input(tr("--checkpoint is required.")));
    if (parser.isSet(u"dry-run"_s) && parser.isSet(u"verify-only"_s))
        return usage(Error::input(tr("Choose --dry-run or --verify-only, not both.")));

    ckptsync::Options options;
    options.source.host = parser.value(u"from"_s);
    if (!options.source.host.isEmpty()) {
        const auto from = ssh::expandNodeset(options.source.host);
        if (!from || from->size() != 1)
            return usage(Error::input(
                tr("--from takes one host: %1")
                    .arg(from ? tr("got %n hosts", nullptr, static_cast<int>(from->size())) : from.error().message)));
    }
    QString checkpoint = parser.value(u"checkpoint"_s);
    if (options.source.isLocal())
        checkpoint = QFileInfo(checkpoint).absoluteFilePath();
    const auto [root, onlyStep] = ckptsync::splitRoot(checkpoint);
    options.source.root = root;

    auto selection = ckptsync::parseStepSelection(parser.value(u"step"_s));
    if (!selection)
        return usage(selection.error());
    if (onlyStep) {
        if (parser.isSet(u"step"_s)
            && !(selection->steps == ckptsync::Selection::Steps::One && selection->step == *onlyStep))
            return usage(Error::input(tr("--checkpoint names global_step_%1, which contradicts --step %2.")
                                          .arg(*onlyStep)
                                          .arg(parser.value(u"step"_s))));
        selection->steps = ckptsync::Selection::Steps::One;
        selection->step = *onlyStep;
    }
    selection->includeTracker = parser.isSet(u"include-tracker"_s);
    options.selection = *selection;

    const bool exportOnly = parser.isSet(u"export-script"_s);
    std::optional<ckptsync::ScriptKind> scriptKind;
    if (exportOnly) {
        const auto kind = ckptsync::parseScriptKind(parser.value(u"export-script"_s));
        if (!kind)
            return usage(kind.error());
        scriptKind = *kind;
    }
    const auto listed = NodeOptions::hosts(parser, {u"nodes"_s}, u"hostfile"_s);
    if (!listed)
        return usage(listed.error());
    QStringList nodes = *listed;
    nodes.removeAll(options.source.host);
    if (nodes.isEmpty())
        return usage(Error::input(tr("Name the destination nodes with --nodes or --hostfile.")));
    options.nodes = nodes;
    for (const auto &[option, target, low, high] :
         {std::tuple{u"jobs"_s, &options.jobs, 1, 256}, std::tuple{u"timeout"_s, &options.timeoutSec, 1, 86400},
          std::tuple{u"retries"_s, &options.retries, 0, 10}}) {
        const auto value = NodeOptions::integer(parser, option, low, high);
        if (!value)
            return usage(value.error());
        *target = *value;
    }
    int devicesPerNode = 0;
    if (parser.isSet(u"devices-per-node"_s)) {
        const auto value = NodeOptions::integer(parser, u"devices-per-node"_s, 1, 64);
        if (!value)
            return usage(value.error());
        devicesPerNode = *value;
    }
    const auto sshOptions = NodeOptions::ssh(parser);
    if (!sshOptions)
        return usage(sshOptions.error());
    options.ssh = *sshOptions;
    options.ssh.connectTimeoutSec = std::min(options.timeoutSec, 30);
    options.ssh.aliveIntervalSec = ckptsync::kAliveIntervalSec;
    const auto limit = ckptsync::parseRate(parser.value(u"bandwidth-limit"_s));
    if (!limit)
        return usage(limit.error());
    options.bandwidthLimit = *limit;
    const auto topology = ckptsync::parseTopology(parser.value(u"topology"_s));
    if (!topology)
        return usage(topology.error());
    options.topology = *topology;
    const bool json = parser.isSet(u"json"_s);
    const auto interval = NodeOptions::integer(parser, u"interval"_s, 1, 3600);
    if (!interval)
        return usage(interval.error());
    const int watchSeconds = *interval;

    // One multiplexed connection per node for the whole run.
    QTemporaryDir controlDir(QDir::tempPath() + u"/vna-ssh-XXXXXX"_s);
    if (controlDir.isValid())
        options.ssh.controlDir = controlDir.path();

    options.runBy = ckptsync::defaultRunBy();
    // Progress on stderr (stdout keeps the plan, the result or the JSON): a JSON line per report with
    // --json, else a line per node every few seconds.
    std::mutex progressMutex;
    QMap<QString, qint64> lastPrinted;
    QElapsedTimer progressClock;
    progressClock.start();
    options.meter = [&](const QString &node, qint64 sent, qint64 total, double rate) {
        std::lock_guard lock(progressMutex);
        if (json) {
            ctx.err << QString::fromUtf8(QJsonDocument(QJsonObject{{u"event"_s, u"progress"_s},
                                                                   {u"node"_s, node},
                                                                   {u"bytes"_s, sent},
                                                                   {u"total"_s, total},
                                                                   {u"bytes_per_second"_s, static_cast<qint64>(rate)}})
                                             .toJson(QJsonDocument::Compact))
                    << u'\n';
        } else {
            if (sent != total && lastPrinted.contains(node) && progressClock.elapsed() - lastPrinted.value(node) < 5000)
                return;
            lastPrinted.insert(node, progressClock.elapsed());
            ctx.err << node << u": "_s << ckptsync::progressText(sent, total, rate) << u'\n';
        }
        ctx.err.flush();
    };

    // One pass: discovery, preflight, plan, and (unless told otherwise) the transfer. `failedNodes`
    // receives the nodes that did not end ok.
    const auto once = [&](const ckptsync::Options &run, bool quiet, QStringList *failedNodes) -> ExitCode {
        const auto discovery = ckptsync::discoverSource(run.source, run.ssh, &g_stop);
        if (!discovery)
            return runtime(discovery.error());
        const auto set = ckptsync::filesToSync(*discovery, run.selection);
        if (!set)
            return runtime(set.error());
        const auto source = ckptsync::readSource(run.source, *set, run.ssh, &g_stop);
        if (!source)
            return runtime(source.error());
        if (scriptKind) { // the script alone on stdout: `> file` gives a script that runs
            ctx.out << ckptsync::exportScript(*scriptKind, run, *source);
            return ExitCode::Ok;
        }
        if (!json && !quiet) {
            printDiscovery(*discovery, ctx.out);
            printNeeds(*source, ctx.out);
        }
        QList<ckptsync::NodeState> states = ckptsync::preflight(run, *source, &g_stop);
        if (!parser.isSet(u"dry-run"_s) && !parser.isSet(u"verify-only"_s)) {
            // Switches an earlier run left half done are completed first; the plan starts from there.
            const QStringList completed = ckptsync::completeInterrupted(run, states);
            for (const QString &node : completed)
                ctx.out << tr("%1: completed the switch an earlier sync left half done.").arg(node) << u'\n';
            if (!completed.isEmpty())
                states = ckptsync::preflight(run, *source, &g_stop);
        }
        bool unreachable = false;
        for (const ckptsync::NodeState &state : states)
            if (!state.reachable) {
                unreachable = true;
                if (failedNodes)
                    failedNodes->append(state.node);
            }
        const int expectedWorld = devicesPerNode * static_cast<int>(run.nodes.size() + 1);
        const auto [world, worldFrom] = ckptsync::worldSize(*source, states);
        if (!json && expectedWorld > 0 && world > 0 && world != expectedWorld)
            ctx.out << tr("WARNING: the checkpoint was saved by %1 ranks (from %2); you plan to resume on %3. Copying "
                          "files does not fix a changed topology.")
                           .arg(world)
                           .arg(worldFrom)
                           .arg(expectedWorld)
                    << u'\n';
        const auto notes = ckptsync::planNotes(states);
        if (parser.isSet(u"verify-only"_s)) {
            bool allMatch = !unreachable;
            for (const ckptsync::VerifyRow &row : ckptsync::verify(*source, states)) {
                allMatch = allMatch && row.matches;
                ctx.out << (row.matches ? u"same     "_s : u"DIFFERS  "_s) << row.node << u"  "_s << row.file << u"  "_s
                        << (row.sha256.isEmpty() ? tr("(missing or not a file)") : row.sha256.left(16)) << u'\n';
            }
            for (const ckptsync::NodeState &state : states) {
                if (!state.reachable)
                    ctx.out << u"ERROR    "_s << state.node << u"  "_s << state.error << u'\n';
                if (state.journal) {
                    allMatch = false;
                    ctx.out << u"ERROR    "_s << state.node << u"  "_s
                            << tr("a sync was cut short while switching files: some are new, some old. Run the sync "
                                  "again to complete it.")
                            << u'\n';
                }
            }
            for (const auto &[node, removed] : ckptsync::removeStaleTemps(run, states).asKeyValueRange())
                ctx.out << u"CLEANED  "_s << node << u"  "_s
                        << tr("%n temporary file(s) of a sync that died", nullptr, removed) << u'\n';
            return allMatch ? ExitCode::Ok : ExitCode::Problems;
        }
        QStringList routeNotes;
        const QList<ckptsync::PlanItem> plan = ckptsync::routedPlan(run, *source, states, &routeNotes);
        const auto problems = ckptsync::planProblems(*source, states);
        const auto bytes = ckptsync::bytesPerNode(plan);
        const auto withNotes = [&](QJsonObject o) {
            o.insert(u"route_notes"_s, QJsonArray::fromStringList(routeNotes));
            return o;
        };
        if (!json) {
            ctx.out << u'\n' << tr("Route: %1").arg(ckptsync::routeText(run, plan)) << u'\n';
            for (const QString &note : routeNotes)
                ctx.out << u"  "_s << tr("NOTE: %1").arg(note) << u'\n';
            ctx.out << u'\n' << tr("Plan:") << u'\n';
            for (const ckptsync::NodeState &state : states) {
                ctx.out << u"  "_s << state.node << u"  "_s;
                if (!state.reachable) {
                    ctx.out << tr("unreachable: %1").arg(state.error) << u'\n';
                    continue;
                }
                ctx.out << tr("%1 to send").arg(ckptsync::sizeText(bytes.value(state.node))) << u'\n';
                for (const ckptsync::PlanItem &item : plan)
                    if (item.node == state.node)
                        ctx.out << u"    "_s << ckptsync::actionText(item.action).leftJustified(22) << u"  "_s
                                << item.file << u"  ("_s
                                << (item.reason.isEmpty() ? ckptsync::needText(item.need) : item.reason) << u")\n"_s;
                for (const QString &problem : problems.value(state.node))
                    ctx.out << u"    "_s << tr("PROBLEM: %1").arg(problem) << u'\n';
                for (const QString &note : notes.value(state.node))
                    ctx.out << u"    "_s << tr("NOTE: %1").arg(note) << u'\n';
            }
        }
        if (parser.isSet(u"dry-run"_s)) {
            if (json)
                ctx.out << QString::fromUtf8(
                    QJsonDocument(withNotes(ckptsync::toJson(plan, {}))).toJson(QJsonDocument::Indented));
            return unreachable || !problems.isEmpty() ? ExitCode::Problems : ExitCode::Ok;
        }
        const QList<ckptsync::NodeResult> results = ckptsync::execute(run, plan, *source, &g_stop);
        ckptsync::removeStaleTemps(run, states);
        if (const auto audit = ckptsync::writeAudit(run, plan, results); !audit)
            ctx.err << u"verl-npu-assistant sync: "_s << audit.error().message << u'\n';
        bool failed = false;
        for (const ckptsync::NodeResult &r : results)
            if (r.status == ckptsync::NodeResult::Status::Failed) {
                failed = true;
                if (failedNodes && !failedNodes->contains(r.node))
                    failedNodes->append(r.node);
            }
        if (json) {
            ctx.out << QString::fromUtf8(
                QJsonDocument(withNotes(ckptsync::toJson(plan, results))).toJson(QJsonDocument::Indented));
        } else {
            ctx.out << u'\n' << tr("Result:") << u'\n';
            for (const ckptsync::NodeResult &r : results) {
                ctx.out << u"  "_s << ckptsync::statusId(r.status).leftJustified(8) << r.node << u"  "_s;
                if (r.status != ckptsync::NodeResult::Status::Failed)
                    ctx.out << tr("%n file(s) written", nullptr, r.written()) << u", "_s
                            << ckptsync::sizeText(r.bytesWritten()) << u"  "_s;
                ctx.out << QString::number(static_cast<double>(r.durationMs) / 1000.0, 'f', 1) << u" s"_s;
                if (!r.error.isEmpty())
                    ctx.out << u"  "_s << r.error;
                ctx.out << u'\n';
            }
            if (!run.ssh.configFile.isEmpty())
                ctx.out << tr("ssh configuration: %1").arg(run.ssh.configFile) << u'\n';
        }
        ctx.out.flush();
        return failed ? ExitCode::Problems : ExitCode::Ok;
    };

    if (!parser.isSet(u"watch"_s)) {
        const ExitCode code = once(options, false, nullptr);
        closeMasters(options);
        return code;
    }

    // Watch: poll the folder. A step is complete when its files kept their sizes and times between
    // two polls and the tracker (where there is one) has reached it; a step whose files change after
    // its sync is synced again, and nodes that failed are tried again on every poll.
    ctx.out << tr("Watching %1; press Ctrl+C to stop.").arg(options.source.display()) << u'\n';
    ctx.out.flush();
    ckptsync::Watcher watcher;
    while (!g_stop.load()) {
        const auto now = ckptsync::discoverSource(options.source, options.ssh, &g_stop);
        if (!now) {
            ctx.err << u"verl-npu-assistant sync: "_s << now.error().message << u'\n';
        } else {
            for (const ckptsync::Watcher::Round &round : watcher.poll(*now)) {
                ckptsync::Options run = options;
                run.selection.steps = ckptsync::Selection::Steps::One;
                run.selection.step = round.step;
                if (!round.nodes.isEmpty())
                    run.nodes = round.nodes;
                ctx.out << (round.changed
                                ? tr("global_step_%1 changed at the source; syncing it again.").arg(round.step)
                                : !round.nodes.isEmpty()
                                ? tr("global_step_%1: trying %2 again.").arg(round.step).arg(round.nodes.join(u", "_s))
                                : tr("global_step_%1 is complete; syncing.").arg(round.step))
                        << u'\n';
                QStringList failed;
                once(run, true, &failed);
                watcher.done(round, failed);
            }
        }
        ctx.out.flush();
        for (int i = 0; i < watchSeconds * 10 && !g_stop.load(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    closeMasters(options);
    ctx.out << tr("Stopped watching.") << u'\n';
    return ExitCode::Ok;
}

} // namespace vna::cli
