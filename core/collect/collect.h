// Collecting the evidence of a run from every node over ssh, at most `jobs` nodes at a time: each node's
// clock against this machine's (two `date` calls over one multiplexed connection), the node script's
// windows of its logs (nodelogs.h), and optionally its environment (versions, npu-smi) by the same probe
// the Environment check runs. A node that cannot be reached, is slow or is canceled is a node with a
// failure, never a failed collection; what the others sent is kept.
#pragma once

#include <atomic>
#include <functional>
#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "collect/nodelogs.h"
#include "common/result.h"
#include "env/checks.h"
#include "logscan/input.h"
#include "logscan/knownbugs.h"
#include "ssh/ssh.h"

namespace vna::collect {

struct CollectOptions
{
    QStringList hosts;
    ssh::Options ssh;
    int jobs = 16;
    int timeoutSec = 120; // a node's whole answer
    ScriptOptions script;
    bool versions = true; // run the Environment probe on each node too
    env::ProbeOptions probe;
};

// A node's clock: how far its wall clock, as its log lines write it (local time, no zone), is from this
// machine's epoch clock, measured at the midpoint of a `date` round trip.
struct NodeClock
{
    bool measured = false;
    qint64 wallAheadMs = 0;   // node's wall clock as written − this machine's epoch time
    qint64 epochAheadMs = 0;  // node's epoch clock − this machine's
    qint64 uncertaintyMs = 0; // half the round trip
};

struct NodeLogs
{
    QString host;
    QString failure; // translated: nothing could be collected (ssh, timeout)
    QString cutOff;  // translated: the answer stopped before its end (some files are missing)
    bool cancelled = false;
    NodeClock clock;
    NodeAnswer answer;
    std::optional<env::Diagnosis> diagnosis; // with CollectOptions::versions, when the probe ran
    qint64 bytesMoved = 0;                   // what ssh brought back (the windows and the rest)
    qint64 elapsedMs = 0;
    bool ok() const { return failure.isEmpty(); }
};

struct Collection
{
    QList<NodeLogs> nodes; // in the order of the hosts
    QString reference;     // the node whose clock the timeline uses (the first measured one)
    qint64 bytesMoved() const;
    qint64 bytesOnNodes() const;
    // How far a node's wall clock is ahead of the reference node's; 0 when either is not measured.
    qint64 aheadOfReference(const NodeLogs &node) const;
    // A file's last write on the timeline (the reference node's wall clock, as its lines write it).
    qint64 onTimeline(const NodeLogs &node, qint64 epochMs) const;
};

// Called from worker threads: a node started (done false) or finished, with its logs.
using CollectProgress = std::function<void(const NodeLogs &node, bool done, int finished, int total)>;

Collection collectLogs(const CollectOptions &options,
                       const std::atomic_bool *cancel = nullptr,
                       const CollectProgress &progress = {});

// One node (also what collectLogs runs per host).
NodeLogs collectNode(const QString &host, const CollectOptions &options, const std::atomic_bool *cancel = nullptr);

// The collected windows as the analyzer's inputs: one per file read (labelled "node:path") and one for
// each node's kernel lines, each with its node, pid, actor, rank and clock offset.
QList<logscan::LogInput> inputsOf(const Collection &collection);

// The file each of inputsOf()'s inputs was made from, in the same order (null for a node's kernel lines),
// and the node it is on.
QList<std::pair<const NodeLogs *, const NodeFile *>> inputFiles(const Collection &collection);

// The releases the nodes run (the first node that reports a component), for known bugs and suspect fixes.
QList<logscan::InstalledVersion> installedOn(const Collection &collection);

// Python stacks of processes by py-spy on their node, pid -> the dump (or what py-spy said instead).
QHash<qint64, QString> pythonStacks(const QString &host,
                                    const QList<qint64> &pids,
                                    const CollectOptions &options,
                                    const std::atomic_bool *cancel = nullptr);

} // namespace vna::collect
