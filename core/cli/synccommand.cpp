#include "synccommand.h"

#include <thread>

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>

#include "ckptsync/sync.h"
#include "cli/dispatcher.h"
#include "cli/nodeoptions.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

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

void printDiscovery(const ckptsync::Discovery &d, QTextStream &out, int expectedWorld)
{
    out << SyncCommand::tr("Checkpoint %1: %n step(s)", nullptr, static_cast<int>(d.steps.size())).arg(d.root);
    out << u"; "_s
        << (d.trackerPresent ? SyncCommand::tr("tracker says %1").arg(d.tracker ? QString::number(*d.tracker) : u"?"_s)
                             : SyncCommand::tr("no %1").arg(QLatin1String(ckptsync::kTrackerFile)))
        << u'\n';
    for (const ckptsync::Step &step : d.steps) {
        out << u"  "_s << step.dir << u"  "_s << layoutText(step.layout) << (step.dataPt ? u"  data.pt"_s : QString())
            << u'\n';
        for (const ckptsync::DistCkptDir &dist : step.dists) {
            out << u"    "_s << dist.path << u"  ["_s << dist.present.join(u", "_s) << u"]"_s;
            if (dist.worldSize > 0)
                out << u"  "_s << SyncCommand::tr("written by %n rank(s)", nullptr, dist.worldSize);
            if (expectedWorld > 0 && dist.worldSize > 0 && dist.worldSize != expectedWorld)
                out << u"  "_s
                    << SyncCommand::tr("WARNING: you plan to resume on %1 ranks; copying metadata does not fix a "
                                       "changed topology")
                           .arg(expectedWorld);
            out << u'\n';
        }
    }
}

} // namespace

QString SyncCommand::name() const
{
    return u"sync"_s;
}

QString SyncCommand::summary() const
{
    return tr("Copy the rank-0 checkpoint metadata (common.pt, .metadata, metadata.json) to every node over ssh.");
}

void SyncCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("On clusters without shared storage, Megatron checkpoints reload only where rank 0 saved them: "
           "common.pt, .metadata and metadata.json exist on that node alone. This copies them to the same path on "
           "every node: preflight, plan, parallel transfer to a temporary name, sha256 checked on the node, renamed "
           "into place, a differing file kept as NAME.bak-<time>, retries for transient failures. Nothing on the "
           "source is modified.\n"
           "Exit code 0 when every node is ok or skipped, 1 when any failed, 2 for bad input."));
    parser.addOptions({
        {u"checkpoint"_s, tr("default_local_dir, or one global_step_N folder in it (absolute path)."), tr("dir")},
        {u"nodes"_s, tr("Destination nodes in ClusterShell nodeset syntax, e.g. node[02-16]."), tr("nodeset")},
        {u"hostfile"_s, tr("A file with one destination node (or nodeset) per line."), tr("file")},
        {u"from"_s, tr("The rank-0 node holding the files, when it is not this machine."), tr("host")},
        {u"step"_s, tr("Which step: a number, latest (the tracker's, else the highest) or all."), tr("N|latest|all"),
         u"latest"_s},
        {u"include-tracker"_s, tr("Also copy latest_checkpointed_iteration.txt and global_step_N/data.pt.")},
        {u"devices-per-node"_s,
         tr("NPUs per node for the resume, to check the world size the shards were saved "
            "with."),
         tr("N")},
        {u"jobs"_s, tr("Nodes copied to at the same time."), tr("N"), u"16"_s},
        {u"timeout"_s, tr("Seconds each node may take."), tr("sec"), u"120"_s},
        {u"retries"_s, tr("Retries for transient failures (refused, reset, timed out)."), tr("N"), u"2"_s},
        {u"dry-run"_s, tr("Run the preflight and print the plan; copy nothing.")},
        {u"verify-only"_s, tr("Compare the checksums on every node with the source; copy nothing.")},
        {u"export-script"_s,
         tr("Print the equivalent commands instead of running: bash (scp loop), clush, pdcp, or "
            "hook (a post-save script that runs this command)."),
         u"bash|clush|pdcp|hook"_s},
        {u"watch"_s, tr("Keep watching the checkpoint folder and sync every new step once it is complete.")},
        {u"json"_s, tr("Print one JSON object: plan, results, summary.")},
    });
    parser.addOptions(NodeOptions::sshOptions());
}

ExitCode SyncCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto usage = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
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
    const bool json = parser.isSet(u"json"_s);

    // One multiplexed connection per node for the whole run.
    QTemporaryDir controlDir(QDir::tempPath() + u"/vna-ssh-XXXXXX"_s);
    if (controlDir.isValid())
        options.ssh.controlDir = controlDir.path();

    const auto once = [&](const ckptsync::Options &run, bool quiet) -> ExitCode {
        const auto discovery = ckptsync::discoverSource(run.source, run.ssh);
        if (!discovery)
            return runtime(discovery.error());
        const int expectedWorld = devicesPerNode * static_cast<int>(run.nodes.size() + 1);
        if (!json && !quiet)
            printDiscovery(*discovery, ctx.out, expectedWorld);
        const auto files = ckptsync::filesToSync(*discovery, run.selection);
        if (!files)
            return runtime(files.error());
        const auto source = ckptsync::readSource(run.source, *files, run.ssh);
        if (!source)
            return runtime(source.error());
        if (scriptKind) {
            ctx.out << ckptsync::exportScript(*scriptKind, run, *source);
            return ExitCode::Ok;
        }
        const QList<ckptsync::NodeState> states = ckptsync::preflight(run, *source);
        if (parser.isSet(u"verify-only"_s)) {
            bool allMatch = true;
            for (const ckptsync::VerifyRow &row : ckptsync::verify(*source, states)) {
                allMatch = allMatch && row.matches;
                ctx.out << (row.matches ? u"same     "_s : u"DIFFERS  "_s) << row.node << u"  "_s << row.file << u"  "_s
                        << (row.sha256.isEmpty() ? tr("(missing)") : row.sha256.left(16)) << u'\n';
            }
            for (const ckptsync::NodeState &state : states)
                if (!state.reachable) {
                    allMatch = false;
                    ctx.out << u"ERROR    "_s << state.node << u"  "_s << state.error << u'\n';
                }
            return allMatch ? ExitCode::Ok : ExitCode::Problems;
        }
        const QList<ckptsync::PlanItem> plan = ckptsync::buildPlan(*source, states);
        const auto problems = ckptsync::planProblems(*source, states);
        if (!json) {
            ctx.out << u'\n' << tr("Plan:") << u'\n';
            for (const ckptsync::PlanItem &item : plan)
                ctx.out << u"  "_s << item.node << u"  "_s << item.file << u"  "_s << ckptsync::actionText(item.action)
                        << u'\n';
            for (auto it = problems.cbegin(); it != problems.cend(); ++it)
                ctx.out << u"  "_s << tr("%1: %2").arg(it.key(), it.value().join(u"; "_s)) << u'\n';
            for (const ckptsync::NodeState &state : states)
                if (!state.reachable)
                    ctx.out << u"  "_s << tr("%1: %2").arg(state.node, state.error) << u'\n';
        }
        if (parser.isSet(u"dry-run"_s)) {
            if (json)
                ctx.out << QString::fromUtf8(QJsonDocument(ckptsync::toJson(plan, {})).toJson(QJsonDocument::Indented));
            return ExitCode::Ok;
        }
        const QList<ckptsync::NodeResult> results = ckptsync::execute(run, plan, *source);
        if (const auto audit = ckptsync::writeAudit(run, plan, results); !audit)
            ctx.err << u"verl-npu-assistant sync: "_s << audit.error().message << u'\n';
        bool failed = false;
        for (const ckptsync::NodeResult &r : results)
            failed = failed || r.status == ckptsync::NodeResult::Status::Failed;
        if (json) {
            ctx.out << QString::fromUtf8(
                QJsonDocument(ckptsync::toJson(plan, results)).toJson(QJsonDocument::Indented));
        } else {
            ctx.out << u'\n' << tr("Result:") << u'\n';
            for (const ckptsync::NodeResult &r : results) {
                int copied = 0;
                for (const ckptsync::FileResult &f : r.files)
                    copied += f.action == ckptsync::Action::Copy || f.action == ckptsync::Action::Replace;
                ctx.out << u"  "_s << ckptsync::statusId(r.status).leftJustified(8) << r.node << u"  "_s
                        << tr("%n file(s) written", nullptr, copied) << u"  "_s
                        << QString::number(static_cast<double>(r.durationMs) / 1000.0, 'f', 1) << u" s"_s;
                if (!r.error.isEmpty())
                    ctx.out << u"  "_s << r.error;
                ctx.out << u'\n';
            }
        }
        ctx.out.flush();
        return failed ? ExitCode::Problems : ExitCode::Ok;
    };

    if (!parser.isSet(u"watch"_s)) {
        const ExitCode code = once(options, false);
        // Close the multiplexed connections now rather than leaving them for ControlPersist.
        for (const QString &node : options.nodes)
            ssh::closeMaster(options.ssh, node);
        if (!options.source.isLocal())
            ssh::closeMaster(options.ssh, options.source.host);
        return code;
    }

    // Watch: poll the folder; a step whose metadata looked the same in two polls is complete.
    ctx.out << tr("Watching %1; press Ctrl+C to stop.").arg(options.source.display()) << u'\n';
    ctx.out.flush();
    std::optional<ckptsync::Discovery> previous;
    QSet<int> done;
    for (;;) {
        const auto now = ckptsync::discoverSource(options.source, options.ssh);
        if (!now)
            return runtime(now.error());
        if (previous)
            for (const int step : ckptsync::completeSteps(*previous, *now)) {
                if (done.contains(step))
                    continue;
                done.insert(step);
                ckptsync::Options run = options;
                run.selection.steps = ckptsync::Selection::Steps::One;
                run.selection.step = step;
                ctx.out << tr("global_step_%1 is complete; syncing.").arg(step) << u'\n';
                once(run, true);
            }
        else
            for (const ckptsync::Step &step : now->steps)
                done.insert(step.number); // existing steps are not re-synced
        previous = *now;
        std::this_thread::sleep_for(std::chrono::seconds(10));
    }
}

} // namespace vna::cli
