// The Checkpoint sync tool's state without a widget: where the checkpoint is and which nodes get it
// (remembered in the settings), the options they make, and what each step found. SyncTab renders
// it as a wizard.
#pragma once

#include <optional>

#include <QList>
#include <QString>

#include "ckptsync/sync.h"
#include "common/result.h"

namespace vna::ui {

struct SyncInputs
{
    bool sourceRemote = false; // the checkpoint is on another node, else here
    QString sourceHost;
    QString folder; // default_local_dir, or one global_step_N in it
    QString step;   // latest, all or a step number; empty: what the folder names, else latest
    bool includeTracker = false;
    QString nodes; // nodeset
    QString sshConfig;
    bool acceptKeys = false;
    int bandwidthMiB = 0; // for all nodes together; 0: no limit
    QString topology;     // auto, chain, star

    // The remembered inputs (the step and the tracker are chosen per checkpoint).
    static SyncInputs load();
    void save() const;
    bool operator==(const SyncInputs &) const = default;
};

class SyncState
{
public:
    SyncInputs inputs;
    std::optional<ckptsync::Discovery> discovery; // what the source folder holds
    ckptsync::SourceData source;                  // the files every node needs, read at preflight
    QList<ckptsync::NodeState> states;            // each node at preflight
    QList<ckptsync::PlanItem> plan;
    QList<ckptsync::NodeResult> results;
    bool preflightDone = false;
    bool syncDone = false;

    // The options for every step, or an error whose `where` names the field (host, folder).
    // `controlDir` keeps one ssh connection per node for the whole wizard.
    Result<ckptsync::Options> options(const QString &controlDir) const;
};

} // namespace vna::ui
