// What one node tells us, collected in one go: a POSIX sh script (the same text locally and over
// ssh, on stdin, so nothing needs quoting beyond its few parameters) prints delimited sections —
// environment, npu-smi outputs, network interfaces, version files, the Python probe — and this file
// turns them into a Snapshot. Secrets never leave this layer: variables outside the allowlist are
// dropped and credential-like names are masked before anything is stored.
#pragma once

#include <atomic>
#include <functional>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "common/process.h"

namespace vna::env {

struct ProbeOptions
{
    QString python = QStringLiteral("python3");
    QString ascendRoot;  // empty: ASCEND_HOME_PATH / ASCEND_TOOLKIT_HOME, /usr/local/Ascend, ~/Ascend
    int timeoutSec = 20; // per probe inside the script
    bool deep = false;   // run a tensor op per device and an HCCL all-reduce (occupies the NPUs)
};

// One probe's output as the node printed it.
struct Section
{
    QString name;
    QString text;
    int exitCode = -1;    // 127: command not found; 124/137: the probe's timeout
    bool complete = true; // false: the output stopped inside it (the whole probe was cut off)
    bool timedOut() const { return exitCode == 124 || exitCode == 137; }
    bool missing() const { return exitCode == 127; }
};

// Snapshot::host of this machine.
inline const QString kLocalHost = QStringLiteral("local");

struct Snapshot
{
    QString host;           // kLocalHost for this machine
    QString failure;        // translated: the node could not be probed at all (ssh, sh missing, timeout)
    bool cancelled = false; // the failure is the user's Cancel, not the node's
    // translated: why the probe stopped before its last section (timeout, connection lost); sections
    // it never reached are unknown, not absent
    QString cutOff;
    QList<Section> sections;
    QMap<QString, QString> environment; // allowlisted, secrets masked
    qint64 elapsedMs = 0;

    const Section *section(const QString &name) const;
    // The files the script found, path -> content.
    QMap<QString, QString> files() const;
};

// Names containing KEY, TOKEN, SECRET, PASSWORD, PASSWD, CREDENTIAL or CONNECTION_STRING, or with
// PASS, PWD, AUTH, AK, SK, HEADER(S) or COOKIE as a word between underscores (any case).
bool isSecretName(const QString &name);
// The value as it may be shown: all of it masked for a secret name, else with the credentials
// inside it masked (user:password@ in URLs, Bearer tokens, Azure account keys and signatures).
QString maskedValue(const QString &name, const QString &value);
// ASCEND_*, HCCL_*, GLOO_*, RAY_*, VERL_*, VLLM_*, TORCH_*, PYTORCH_*, OMP_*, TASK_QUEUE_ENABLE, PATH, …
bool isReportedVariable(const QString &name);
inline constexpr auto kMasked = "********";

// The script and the marker its sections are delimited with.
QByteArray collectionScript(const ProbeOptions &options, const QString &nonce);
// `npu-smi info -t health -i N -c C` for each (npu, chip).
QByteArray healthScript(const QList<std::pair<int, int>> &chips, int timeoutSec, const QString &nonce);
// `hccn_tool -i DEVICE -ping -g address IP` for each (device, IP), in sections "ping:DEVICE:IP".
QByteArray pingScript(const QList<std::pair<int, QString>> &pings, int timeoutSec, const QString &nonce);
// A fresh marker for a script's sections.
QString newNonce();
QList<Section> splitSections(const QByteArray &output, const QString &nonce);

// The packages the Python probe reads: the key it reports each under, and the distribution name pip
// gives it ("torch_npu" / "torch-npu").
struct ProbedPackage
{
    QString key;
    QString dist;
};
const QList<ProbedPackage> &probedPackages();
// The probe's key for a distribution name as requirement files write it ("torch-npu", "vllm_ascend");
// empty when the probe does not read it.
QString probedKey(const QString &dist);

// The Python program the probe runs (also shown in the report so users can run it by hand).
QString pythonProbeSource(bool deep);

// Runs a script on one node and returns its stdout/stderr/exit: sh -s locally, ssh HOST sh -s remotely.
using ScriptRunner = std::function<ProcessResult(const QByteArray &script, int timeoutMs)>;

// Collects a whole snapshot: the collection script, then health details for devices that are not OK.
Snapshot collect(const QString &host, const ScriptRunner &run, const ProbeOptions &options);

} // namespace vna::env
