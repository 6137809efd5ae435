// Inside the checkpoint sync (not for callers): what every stage shares to run commands on a node
// (ssh with retries, shell quoting, the temporary and backup names a run uses there) and the shell
// pieces that more than one node script holds (the checksum, the lock, the switch of a journal, the
// ssh a node runs to reach another host).
#pragma once

#include <atomic>
#include <functional>

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"
#include "ckptsync/source.h"
#include "common/process.h"
#include "ssh/ssh.h"

namespace vna::ckptsync::detail {

QString q(const QString &word); // shell::quote
QString nonce();                // 16 hex digits at most, random

// `sh -c SCRIPT` on a host, with `input` on stdin.
ProcessResult remote(const ssh::Options &ssh,
                     const QString &host,
                     const QString &script,
                     const QByteArray &input,
                     int timeoutMs,
                     const std::atomic_bool *cancel,
                     qsizetype maxOutput = 32 * 1024 * 1024);
// A long script on stdin (`sh -s`); the timeout counts from its last output.
ProcessResult remoteScript(
    const ssh::Options &ssh, const QString &host, const QString &script, int timeoutMs, const std::atomic_bool *cancel);
// Translated: why a remote command failed.
QString failureText(const ssh::Options &options, const QString &host, const ProcessResult &result);
ProcessResult
withRetries(int retries, const std::atomic_bool *cancel, int *attempts, const std::function<ProcessResult()> &attempt);
bool sleepUnlessCanceled(int ms, const std::atomic_bool *cancel);

QString parentOf(const QString &relative);
const QRegularExpression &backupName();
QString tempPath(const QString &relative, const QString &sha);
QStringList stepDirs(const QList<SourceFile> &files);
QStringList destinationDirs(const QList<SourceFile> &files);
QString quotedList(const QStringList &words);

// Below this, for a node, a chain saves less than it costs to open one connection per link.
inline constexpr qint64 kChainWorthwhile = 32LL << 20;

// Shell pieces.
extern const QString kShaFunction;                                         // `h`: sha256 of stdin
QString nodeSshFunction(const ssh::Options &options, const QString &node); // `nssh`
QString lockFragment(const Options &options);                              // takes the node's lock
QString switchFunction();                                                  // `c TEMP FINAL BACKUP`

} // namespace vna::ckptsync::detail
