// From a node's snapshot to checks with a verdict, the evidence, and the next step. A pure function
// of the snapshot, so every rule is tested on constructed snapshots without a machine.
#pragma once

#include <functional>
#include <optional>

#include <QList>
#include <QMap>
#include <QString>

#include "common/verdicts.h"
#include "env/npusmi.h"
#include "env/probe.h"
#include "env/versionfiles.h"

namespace vna::env {

struct Check
{
    QString id;       // stable: "npu.health"
    QString category; // stable: "npu", "environment", "cann", "driver", "python", "logging", "hccl", …
    QString title;    // translated
    Verdict verdict = Verdict::Skip;
    QString evidence; // translated; what we saw, values verbatim
    QString nextStep; // translated; empty when nothing is to be done
    QString raw;      // the section name(s) the evidence came from, for "show raw output"
};

struct DeepDevice
{
    int device = -1;
    bool ok = false;
    int ms = 0;
    QString error;
};

struct PythonInfo
{
    bool ran = false; // the JSON line was found
    QString failure;  // why not (not found, timed out, crashed), with the output's tail
    QString version;
    QString executable;
    QMap<QString, QString> packages; // key -> version; a null QString for "not installed"
    std::optional<bool> npuAvailable;
    std::optional<int> npuCount;
    QString cann;
    QString cannError;
    QString importError;
    QString mindspeedBranch;
    QString mindspeedPath;
    bool deepRan = false;
    QList<DeepDevice> deepDevices;
    std::optional<bool> allReduceOk;
    int allReduceWorld = 0;
    QString allReduceError;
};
PythonInfo parsePythonProbe(const Section *section);

struct Diagnosis
{
    Snapshot snapshot;
    std::optional<NpuSmiInfo> smi;
    QList<ChipMapping> chipMap;
    std::optional<DriverInfo> driver;
    std::optional<FirmwareInfo> firmware;
    QList<ToolkitInfo> toolkits; // every ascend_toolkit_install.info found; the active one first
    std::optional<VersionCfg> versionCfg;
    std::optional<ToolkitInfo> ops; // CANN >= 8.5: ascend_ops_install.info beside the active toolkit
    QString nnalVersion;            // NNAL's ATB, from nnal/atb/latest/version.info
    QString nnalPath;
    QMap<int, QString> npuAddresses; // device id -> the IP hccn_tool reports for its NIC
    PythonInfo python;
    QList<Check> checks;

    const QString &host() const { return snapshot.host; }
    // Ordered: npu_smi, driver, firmware, cann, python, torch, torch_npu, … ; null when not shown.
    QList<std::pair<QString, QString>> versions() const;
    // Logical devices on the node (npu-smi -m logic ids, else chips in npu-smi info); 0 if unknown.
    int logicalDeviceCount() const;
    bool anyFail() const;
    Verdict worst() const;
};

// Every check, in a fixed order. A snapshot that could not be collected gives one ERROR check.
Diagnosis analyze(Snapshot snapshot);

// What only several nodes together show: two nodes' NPUs with one IP (a copied /etc/hccn.conf) fail
// each node's NPU network check, naming the other node.
void compareAcrossNodes(QList<Diagnosis> &diagnoses);

// A check of the report's list by id, with its translated title (for checks made outside analyze()).
Check makeCheck(const char *id, Verdict verdict, const QString &evidence, const QString &next, const QString &raw);

// Runs a script on a node by its host name (how the cross-node ping reaches each node).
using NodeRunner = std::function<ProcessResult(const QString &host, const QByteArray &script, int timeoutMs)>;
// Every node's devices ping the same devices of the next node (the last node pings the first) with
// hccn_tool -ping, the check vllm-ascend's multi-node guide starts with; the answers join each node's
// NPU network check, a device that gets none failing it.
void pingAcrossNodes(QList<Diagnosis> &diagnoses, const NodeRunner &run, int timeoutSec);

// The ids analyze() can produce, in order (for filters and the node matrix).
QStringList checkIds();

} // namespace vna::env
