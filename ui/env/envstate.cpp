#include "envstate.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include "common/paths.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// The words are the Environment tab's: one translation context for the tool.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(vna::ui::EnvTab)
};

} // namespace

EnvInputs EnvInputs::load()
{
    const Settings settings;
    EnvInputs in;
    in.remote = settings.value(keys::envTarget) == 1;
    in.hosts = settings.value(keys::envHosts);
    in.sshConfig = settings.value(keys::envSshConfig);
    in.acceptKeys = settings.value(keys::envAcceptKeys);
    in.python = settings.value(keys::envPython);
    in.ascendRoot = settings.value(keys::envAscendRoot);
    in.timeoutSec = settings.value(keys::envTimeout);
    in.scriptDevices = settings.value(keys::envScriptDevices);
    const auto level = env::parseLogLevel(settings.value(keys::envScriptLevel));
    in.scriptLevel = static_cast<int>(level ? *level : env::LogLevel::Error);
    in.scriptMultiNode = settings.value(keys::envScriptMultiNode);
    in.scriptIfname = settings.value(keys::envScriptIfname);
    in.scriptSetEnv = settings.value(keys::envScriptSetEnv);
    return in;
}

void EnvInputs::save() const
{
    Settings settings;
    settings.setValue(keys::envTarget, remote ? 1 : 0);
    settings.setValue(keys::envHosts, hosts);
    settings.setValue(keys::envSshConfig, sshConfig);
    settings.setValue(keys::envAcceptKeys, acceptKeys);
    settings.setValue(keys::envPython, python);
    settings.setValue(keys::envAscendRoot, ascendRoot);
    settings.setValue(keys::envTimeout, timeoutSec);
    settings.setValue(keys::envScriptDevices, scriptDevices);
    settings.setValue(keys::envScriptLevel, env::logLevelWord(static_cast<env::LogLevel>(scriptLevel)));
    settings.setValue(keys::envScriptMultiNode, scriptMultiNode);
    settings.setValue(keys::envScriptIfname, scriptIfname);
    settings.setValue(keys::envScriptSetEnv, scriptSetEnv);
}

Result<env::DiagnoseOptions> EnvState::options() const
{
    env::DiagnoseOptions options;
    if (inputs.remote) {
        const auto hosts = ssh::expandNodeset(inputs.hosts);
        if (!hosts)
            return Error::input(hosts.error().message, u"hosts"_s);
        options.hosts = *hosts;
        const QString config = paths::expandHome(inputs.sshConfig.trimmed());
        if (!config.isEmpty() && !QFileInfo(config).isReadable())
            return Error::input(Text::tr("Cannot read %1.").arg(config), u"sshConfig"_s);
        options.ssh.configFile = config;
        options.ssh.acceptNewHostKeys = inputs.acceptKeys;
        options.ssh.connectTimeoutSec = std::min(inputs.timeoutSec, 30);
    }
    options.probe.python = inputs.python.trimmed();
    if (options.probe.python.isEmpty())
        return Error::input(Text::tr("Name the Python interpreter (python3, or a path)."), u"python"_s);
    options.probe.ascendRoot = inputs.ascendRoot.trimmed();
    if (!options.probe.ascendRoot.isEmpty() && !inputs.remote && !QFileInfo(options.probe.ascendRoot).isDir())
        return Error::input(Text::tr("%1 is not a directory on this machine.").arg(options.probe.ascendRoot),
                            u"ascendRoot"_s);
    options.probe.timeoutSec = inputs.timeoutSec;
    options.probe.deep = inputs.deep;
    if (inputs.remote && inputs.cluster) {
        if (options.hosts.size() < 2)
            return Error::input(Text::tr("The all-reduce across the nodes needs at least two nodes."), u"hosts"_s);
        static const QRegularExpression address(uR"(^[0-9A-Fa-f:.]+\z)"_s);
        const QString master = inputs.masterAddr.trimmed();
        if (!master.isEmpty() && !address.match(master).hasMatch())
            return Error::input(Text::tr("\"%1\" is not an IP address.").arg(master), u"masterAddr"_s);
        options.clusterAllReduce = true;
        options.masterAddr = master;
    }
    return options;
}

QString EnvState::hostsSummary() const
{
    if (!inputs.remote)
        return QString();
    const auto hosts = ssh::expandNodeset(inputs.hosts);
    if (!hosts)
        return QString();
    return Text::tr("%n node(s): %1", nullptr, static_cast<int>(hosts->size())).arg(ssh::foldNodeset(*hosts));
}

env::EnvScriptOptions EnvState::scriptOptions() const
{
    env::EnvScriptOptions options;
    options.devices = inputs.scriptDevices;
    options.rayNoset = inputs.scriptNoset;
    options.logLevel = static_cast<env::LogLevel>(std::max(0, inputs.scriptLevel));
    options.logToStdout = inputs.scriptStdout;
    options.verlLogLevel = inputs.scriptVerlLevel;
    options.connectTimeoutSec = inputs.scriptConnectSec;
    options.execTimeoutSec = inputs.scriptExecSec;
    options.multiProcessPorts = inputs.scriptPorts;
    options.multiNode = inputs.scriptMultiNode;
    options.ifname = inputs.scriptIfname.trimmed();
    options.setEnv = inputs.scriptSetEnv.trimmed();
    return options;
}

} // namespace vna::ui
