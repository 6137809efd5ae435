// Runs the probes on this machine or on many nodes over ssh (bounded parallelism, cancel, progress)
// and analyses each snapshot. An unreachable node becomes one ERROR check, never a failed run.
#pragma once

#include <atomic>
#include <functional>

#include <QList>
#include <QStringList>

#include "env/checks.h"
#include "env/probe.h"
#include "ssh/ssh.h"

namespace vna::env {

struct DiagnoseOptions
{
    QStringList hosts; // empty: this machine only
    ssh::Options ssh;
    ProbeOptions probe;
    int jobs = 16;
    // After the per-node checks: an HCCL all-reduce across all nodes' NPUs (see cluster.h).
    bool clusterAllReduce = false;
    QString masterAddr; // empty: the first node's HCCL_IF_IP, else its first address
    int clusterPort = 29651;
};

// Called from worker threads as each target finishes.
using DiagnoseProgress = std::function<void(int done, int total, const QString &host)>;

QList<Diagnosis> runDiagnosis(const DiagnoseOptions &options,
                              const std::atomic_bool *cancel = nullptr,
                              const DiagnoseProgress &progress = {});

// Runs a shell script on one target: sh -s here, ssh HOST sh -s there.
ProcessResult runScriptOn(const QString &host,
                          const QByteArray &script,
                          int timeoutMs,
                          const DiagnoseOptions &options,
                          const std::atomic_bool *cancel = nullptr);

// One target, for tests and the GUI's per-node re-run.
Diagnosis diagnoseTarget(const QString &host, const DiagnoseOptions &options, const std::atomic_bool *cancel = nullptr);

} // namespace vna::env
