#include "syncstate.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "common/paths.h"
#include "common/settingskeys.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// The words are the Checkpoint sync tab's: one translation context for the tool.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(vna::ui::SyncTab)
};

} // namespace

SyncInputs SyncInputs::load()
{
    const Settings settings;
    SyncInputs in;
    in.sourceHost = settings.value(keys::syncSourceHost);
    in.sourceRemote = !in.sourceHost.isEmpty();
    in.folder = settings.value(keys::syncFolder);
    in.nodes = settings.value(keys::syncNodes);
    in.sshConfig = settings.value(keys::syncSshConfig);
    in.bandwidthMiB = settings.value(keys::syncBandwidthMiB);
    in.topology = settings.value(keys::syncTopology);
    return in;
}

void SyncInputs::save() const
{
    Settings settings;
    settings.setValue(keys::syncSourceHost, sourceRemote ? sourceHost.trimmed() : QString());
    settings.setValue(keys::syncFolder, folder.trimmed());
    settings.setValue(keys::syncNodes, nodes.trimmed());
    settings.setValue(keys::syncSshConfig, sshConfig.trimmed());
    settings.setValue(keys::syncBandwidthMiB, bandwidthMiB);
    settings.setValue(keys::syncTopology, topology);
}

Result<ckptsync::Options> SyncState::options(const QString &controlDir) const
{
    ckptsync::Options options;
    if (inputs.sourceRemote) {
        const auto host = ssh::expandNodeset(inputs.sourceHost);
        if (!host || host->size() != 1)
            return Error::input(Text::tr("Name one host that holds the checkpoint."), u"host"_s);
        options.source.host = host->first();
    }
    QString folder = inputs.folder.trimmed();
    if (folder.isEmpty())
        return Error::input(Text::tr("Give the checkpoint folder."), u"folder"_s);
    if (options.source.isLocal())
        folder = QFileInfo(folder).absoluteFilePath();
    else if (!folder.startsWith(u'/'))
        return Error::input(Text::tr("Give an absolute path: the other nodes use the same one."), u"folder"_s);
    const auto [root, step] = ckptsync::splitRoot(folder);
    options.source.root = root;
    options.ssh.configFile = paths::expandHome(inputs.sshConfig.trimmed());
    options.ssh.acceptNewHostKeys = inputs.acceptKeys;
    options.ssh.aliveIntervalSec = ckptsync::kAliveIntervalSec;
    options.bandwidthLimit = static_cast<qint64>(inputs.bandwidthMiB) * 1024 * 1024;
    if (const auto topology = ckptsync::parseTopology(inputs.topology))
        options.topology = *topology;
    options.ssh.controlDir = controlDir;
    if (const auto selection = ckptsync::parseStepSelection(inputs.step.isEmpty() ? u"latest"_s : inputs.step))
        options.selection = *selection;
    if (step && inputs.step.isEmpty()) {
        options.selection.steps = ckptsync::Selection::Steps::One;
        options.selection.step = *step;
    }
    options.selection.includeTracker = inputs.includeTracker;
    if (const auto nodes = ssh::expandNodeset(inputs.nodes); nodes) {
        options.nodes = *nodes;
        options.nodes.removeAll(options.source.host);
    }
    return options;
}

} // namespace vna::ui
