// The OpenSSH client, run through the process runner: the argument list for one host (BatchMode,
// timeouts, one multiplexed connection per host, strict host keys unless the user accepts new ones,
// the user's ~/.ssh/config or --ssh-config), and what a failed connection means in words.
#pragma once

#include <atomic>

#include <QString>
#include <QStringList>

#include "common/process.h"

namespace vna::ssh {

struct Options
{
    QString configFile;       // -F; empty: the user's ~/.ssh/config
    QStringList extraOptions; // each passed as -o VALUE
    int connectTimeoutSec = 10;
    int aliveIntervalSec = 15;      // ServerAliveInterval; three unanswered keep-alives end the connection
    bool acceptNewHostKeys = false; // StrictHostKeyChecking=accept-new instead of yes
    QString controlDir;             // ControlMaster sockets; empty: no multiplexing
    QString program = QStringLiteral("ssh");
};

// ssh [options] -- HOST REMOTE... ; the remote words are sent as given (the remote shell joins them).
QStringList arguments(const Options &options, const QString &host, const QStringList &remote);

enum class Failure {
    None,
    Unreachable,    // name does not resolve, refused, timed out, no route
    HostKeyUnknown, // strict checking and the host is not in known_hosts
    HostKeyChanged, // known_hosts has a different key: possible attack, never retried
    Authentication, // no key accepted (BatchMode never asks for a password)
    Other,          // ssh failed in another way (exit 255)
};

// Classifies an ssh run: exit code 255 is ssh's own failure; anything else is the remote command's.
Failure classify(const ProcessResult &result);
// Translated: what happened and what to do next, for one host.
QString describe(Failure failure, const QString &host, const ProcessResult &result, int aliveIntervalSec = 15);
// Transient failures are worth a retry; key and authentication failures never are.
bool isTransient(Failure failure);

// Runs `remote` on `host` with `input` on stdin. Output beyond `maxOutput` bytes is dropped and the
// result marked truncated.
ProcessResult run(const Options &options,
                  const QString &host,
                  const QStringList &remote,
                  const QByteArray &input,
                  int timeoutMs,
                  const std::atomic_bool *cancel = nullptr,
                  qsizetype maxOutput = 32 * 1024 * 1024);

// The host's key fingerprints as ssh-keyscan sees them ("SHA256:… (ED25519)"), resolving the name and
// port through the ssh configuration. Empty when the host cannot be scanned.
QStringList fingerprints(const Options &options, const QString &host);

// describe(), plus the fingerprints for an unknown host key so the user can check them.
QString
describeWithFingerprints(const Options &options, Failure failure, const QString &host, const ProcessResult &result);

// Closes the multiplexed master connection of a host, if any.
void closeMaster(const Options &options, const QString &host);

} // namespace vna::ssh
