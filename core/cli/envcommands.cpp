#include "envcommands.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>

#include "cli/dispatcher.h"
#include "cli/nodeoptions.h"
#include "common/atomicfile.h"
#include "env/diagnose.h"
#include "env/envscript.h"
#include "env/report.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {} // namespace

QString DiagnoseCommand::name() const
{
    return u"diagnose"_s;
}

QString DiagnoseCommand::summary() const
{
    return tr("Check NPUs, drivers, CANN, torch_npu and the variables verl needs, here or on many nodes over ssh.");
}

void DiagnoseCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(tr(
        "Runs npu-smi, reads the driver, firmware and CANN version files, asks Python for torch, torch_npu, verl "
        "and friends, and checks the environment variables. Every check gets a verdict (PASS, WARN, FAIL, SKIP, "
        "ERROR), the evidence and the next step. With --hosts the same probes run on every node over ssh (BatchMode, "
        "your ~/.ssh/config) and the nodes are compared.\n"
        "Exit code 1 when any check FAILs."));
    parser.addOptions({
        {u"hosts"_s, tr("Nodes in ClusterShell nodeset syntax, e.g. node[01-16] or \"gpu[1-4]!gpu3\"."), tr("nodeset")},
        {u"host"_s, tr("One node; repeat for more."), tr("host")},
        {u"hostfile"_s, tr("A file with one node (or nodeset) per line; # starts a comment."), tr("file")},
        {u"jobs"_s, tr("Nodes probed at the same time."), tr("N"), u"16"_s},
        {u"python"_s, tr("The Python interpreter of your verl environment."), tr("path"), u"python3"_s},
        {u"ascend-root"_s, tr("Where Ascend software is installed, if not /usr/local/Ascend."), tr("dir")},
        {u"timeout"_s, tr("Seconds each probe may take."), tr("sec"), u"20"_s},
        {u"deep"_s,
         tr("Also run a tensor operation on every visible NPU and an HCCL all-reduce (occupies the NPUs "
            "for a few seconds).")},
        {u"cluster-allreduce"_s,
         tr("With several nodes: after the checks, an HCCL all-reduce across every node's NPUs, which proves the "
            "network between them (occupies every NPU for up to a few minutes).")},
        {u"master-addr"_s,
         tr("Where the cluster all-reduce meets: the first node's address on the network between the nodes "
            "(default: its HCCL_IF_IP, else the first address of hostname -I)."),
         tr("address")},
        {u"master-port"_s, tr("The port rank 0 listens on for the cluster all-reduce."), tr("port"), u"29651"_s},
        {u"json"_s, tr("Print one JSON object.")},
        {u"markdown"_s, tr("Print a Markdown report to paste into a GitHub issue.")},
        {u"output"_s, tr("Write the report to this file instead of standard output."), tr("file")},
    });
    parser.addOptions(NodeOptions::sshOptions());
}

ExitCode DiagnoseCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto usage = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    if (parser.isSet(u"json"_s) && parser.isSet(u"markdown"_s))
        return usage(Error::input(tr("Choose --json or --markdown, not both.")));
    env::DiagnoseOptions options;
    const auto hosts = NodeOptions::hosts(parser, {u"hosts"_s, u"host"_s}, u"hostfile"_s);
    if (!hosts)
        return usage(hosts.error());
    options.hosts = *hosts;
    const auto sshOptions = NodeOptions::ssh(parser);
    if (!sshOptions)
        return usage(sshOptions.error());
    options.ssh = *sshOptions;
    const auto jobs = NodeOptions::integer(parser, u"jobs"_s, 1, 256);
    const auto timeout = NodeOptions::integer(parser, u"timeout"_s, 1, 3600);
    if (!jobs)
        return usage(jobs.error());
    if (!timeout)
        return usage(timeout.error());
    options.jobs = *jobs;
    options.probe.timeoutSec = *timeout;
    options.ssh.connectTimeoutSec = std::min(*timeout, 30);
    options.probe.python = parser.value(u"python"_s);
    if (options.probe.python.isEmpty())
        return usage(Error::input(tr("--python needs a path or a command name.")));
    if (parser.isSet(u"ascend-root"_s)) {
        options.probe.ascendRoot = parser.value(u"ascend-root"_s);
        if (options.hosts.isEmpty() && !QFileInfo(options.probe.ascendRoot).isDir())
            return usage(Error::input(tr("--ascend-root: %1 is not a directory.").arg(options.probe.ascendRoot)));
    }
    options.probe.deep = parser.isSet(u"deep"_s);
    options.clusterAllReduce = parser.isSet(u"cluster-allreduce"_s);
    if (options.clusterAllReduce && options.hosts.size() < 2)
        return usage(
            Error::input(tr("--cluster-allreduce needs at least two nodes (--hosts)."), u"--cluster-allreduce"_s));
    if ((parser.isSet(u"master-addr"_s) || parser.isSet(u"master-port"_s)) && !options.clusterAllReduce)
        return usage(Error::input(tr("--master-addr and --master-port only apply with --cluster-allreduce.")));
    options.masterAddr = parser.value(u"master-addr"_s);
    const auto port = NodeOptions::integer(parser, u"master-port"_s, 1024, 65535);
    if (!port)
        return usage(port.error());
    options.clusterPort = *port;

    QElapsedTimer clock;
    clock.start();
    const QList<env::Diagnosis> diagnoses = env::runDiagnosis(options);
    QString report;
    if (parser.isSet(u"json"_s))
        report
            = QString::fromUtf8(QJsonDocument(env::toJson(diagnoses, clock.elapsed())).toJson(QJsonDocument::Indented));
    else if (parser.isSet(u"markdown"_s))
        report = env::toMarkdown(diagnoses);
    else
        report = env::toText(diagnoses);
    if (parser.isSet(u"output"_s)) {
        const auto written = writeFileAtomically(parser.value(u"output"_s), report.toUtf8());
        if (!written) {
            ctx.err << u"verl-npu-assistant diagnose: "_s << written.error().message << u'\n';
            return ExitCode::Runtime;
        }
    } else {
        ctx.out << report;
    }
    for (const env::Diagnosis &d : diagnoses)
        if (d.anyFail())
            return ExitCode::Problems;
    return ExitCode::Ok;
}

QString EnvScriptCommand::name() const
{
    return u"env-script"_s;
}

QString EnvScriptCommand::summary() const
{
    return tr("Print the commented export block verl on Ascend needs (devices, Ray, log levels, HCCL).");
}

void EnvScriptCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(tr("Prints a bash block of commented export lines to source before ray start "
                                        "and the verl launch command, on every node."));
    parser.addOptions({
        {u"devices"_s,
         tr("Logical device ids, e.g. 0-7, 0-15 on Atlas A3, or 0,1,4-5; \"\" leaves "
            "ASCEND_RT_VISIBLE_DEVICES unset."),
         tr("ids"), u"0-7"_s},
        {u"no-ray-noset"_s, tr("Do not set RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1.")},
        {u"cann-log-level"_s, tr("CANN log level (ASCEND_GLOBAL_LOG_LEVEL) by name."),
         u"debug|info|warning|error|null"_s, u"error"_s},
        {u"log-to-stdout"_s, tr("Print CANN logs to the screen instead of log files.")},
        {u"verl-log-level"_s, tr("verl's logging level."), u"DEBUG|INFO|WARN|ERROR"_s},
        {u"connect-timeout"_s, tr("HCCL_CONNECT_TIMEOUT in seconds (120–7200)."), tr("sec")},
        {u"exec-timeout"_s, tr("HCCL_EXEC_TIMEOUT in seconds (0: never)."), tr("sec")},
        {u"multi-process-ports"_s, tr("Port ranges for several processes per card (SGLang).")},
        {u"multi-node"_s, tr("Settings for a cluster of several nodes (needs --ifname).")},
        {u"ifname"_s, tr("The network interface that reaches the other nodes."), tr("name")},
        {u"set-env"_s, tr("The set_env.sh to source; \"\" for none."), tr("file"),
         u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s},
    });
}

ExitCode EnvScriptCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto usage = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    env::EnvScriptOptions options;
    options.devices = parser.value(u"devices"_s);
    if (!parser.isSet(u"devices"_s))
        options.devicesFrom = env::EnvScriptOptions::DevicesFrom::Guess;
    options.rayNoset = !parser.isSet(u"no-ray-noset"_s);
    const auto level = env::parseLogLevel(parser.value(u"cann-log-level"_s));
    if (!level)
        return usage(level.error());
    options.logLevel = *level;
    options.logToStdout = parser.isSet(u"log-to-stdout"_s);
    options.verlLogLevel = parser.value(u"verl-log-level"_s);
    if (parser.isSet(u"connect-timeout"_s)) {
        const auto value = NodeOptions::integer(parser, u"connect-timeout"_s, 120, 7200);
        if (!value)
            return usage(value.error());
        options.connectTimeoutSec = *value;
    }
    if (parser.isSet(u"exec-timeout"_s)) {
        const auto value = NodeOptions::integer(parser, u"exec-timeout"_s, 0, 2147483647);
        if (!value)
            return usage(value.error());
        options.execTimeoutSec = *value;
    }
    options.multiProcessPorts = parser.isSet(u"multi-process-ports"_s);
    options.multiNode = parser.isSet(u"multi-node"_s);
    options.ifname = parser.value(u"ifname"_s);
    if (!options.multiNode && !options.ifname.isEmpty())
        return usage(Error::input(tr("--ifname only applies with --multi-node.")));
    options.setEnv = parser.value(u"set-env"_s);
    const auto script = env::generateEnvScript(options);
    if (!script)
        return usage(script.error());
    ctx.out << *script;
    return ExitCode::Ok;
}

} // namespace vna::cli
