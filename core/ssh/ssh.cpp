#include "ssh.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::ssh {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Ssh)
};

QStringList baseArguments(const Options &options)
{
    QStringList args;
    if (!options.configFile.isEmpty())
        args << u"-F"_s << options.configFile;
    args << u"-o"_s << u"BatchMode=yes"_s;
    args << u"-o"_s << u"ConnectTimeout=%1"_s.arg(std::max(1, options.connectTimeoutSec));
    args << u"-o"_s << u"ServerAliveInterval=%1"_s.arg(std::max(1, options.aliveIntervalSec)) << u"-o"_s
         << u"ServerAliveCountMax=3"_s;
    args << u"-o"_s
         << (options.acceptNewHostKeys ? u"StrictHostKeyChecking=accept-new"_s : u"StrictHostKeyChecking=yes"_s);
    if (!options.controlDir.isEmpty()) {
        args << u"-o"_s << u"ControlMaster=auto"_s;
        args << u"-o"_s << u"ControlPath=%1/%C"_s.arg(options.controlDir);
        args << u"-o"_s << u"ControlPersist=60"_s;
    }
    for (const QString &option : options.extraOptions)
        args << u"-o"_s << option;
    return args;
}

} // namespace

QStringList arguments(const Options &options, const QString &host, const QStringList &remote)
{
    QStringList args = baseArguments(options);
    args << u"--"_s << host;
    args << remote;
    return args;
}

Failure classify(const ProcessResult &result)
{
    if (result.timedOut)
        return Failure::Unreachable;
    if (!result.started || result.exitCode != 255)
        return result.started ? Failure::None : Failure::Other;
    const QString err = QString::fromLocal8Bit(result.err);
    if (err.contains(u"REMOTE HOST IDENTIFICATION HAS CHANGED"_s) || err.contains(u"Host key for"_s))
        return Failure::HostKeyChanged;
    if (err.contains(u"Host key verification failed"_s) || err.contains(u"No ED25519 host key is known"_s)
        || err.contains(u"host key is known"_s))
        return Failure::HostKeyUnknown;
    if (err.contains(u"Permission denied"_s) || err.contains(u"Too many authentication failures"_s))
        return Failure::Authentication;
    if (err.contains(u"Could not resolve hostname"_s) || err.contains(u"Connection refused"_s)
        || err.contains(u"timed out"_s) || err.contains(u"No route to host"_s)
        || err.contains(u"Network is unreachable"_s) || err.contains(u"Connection reset"_s)
        || err.contains(u"Connection closed"_s) || err.contains(u"not responding"_s))
        return Failure::Unreachable;
    return Failure::Other;
}

bool isTransient(Failure failure)
{
    return failure == Failure::Unreachable;
}

QString describe(Failure failure, const QString &host, const ProcessResult &result, int aliveIntervalSec)
{
    QString detail = QString::fromLocal8Bit(result.err).trimmed();
    if (detail.size() > 400)
        detail = detail.left(400) + u'…';
    switch (failure) {
    case Failure::None:
        return QString();
    case Failure::Unreachable:
        if (result.timedOut)
            return Text::tr("%1 did not answer in time. Check that the node is up and that ssh %1 works from a "
                            "terminal.")
                .arg(host);
        if (detail.contains(u"not responding"_s))
            return Text::tr("%1 stopped answering: no data and no answer to ssh keep-alives for about %2 s. Its link "
                            "or the host is down.")
                .arg(host)
                .arg(3 * aliveIntervalSec);
        return Text::tr("Cannot reach %1: %2").arg(host, detail);
    case Failure::HostKeyUnknown:
        return Text::tr("The host key of %1 is not in known_hosts, and it is never accepted silently. Check its "
                        "fingerprint with ssh-keyscan %1 | ssh-keygen -lf -, then connect once with ssh, or accept new "
                        "host keys (--accept-new-host-keys).")
            .arg(host);
    case Failure::HostKeyChanged:
        return Text::tr(
                   "The host key of %1 has CHANGED since it was recorded in known_hosts. This can be a reinstalled "
                   "node or an attack; nothing was run there. Verify the new key with your administrator, then "
                   "remove the old one with ssh-keygen -R %1.")
            .arg(host);
    case Failure::Authentication:
        return Text::tr("%1 refused every key (password prompts are off). Load your key into ssh-agent or name it with "
                        "IdentityFile in your ssh config: %2")
            .arg(host, detail);
    case Failure::Other:
        if (!result.started)
            return result.errorString;
        if (detail.isEmpty())
            return Text::tr("The ssh connection to %1 ended without a message (exit code 255): it was cut, or the "
                            "host went down.")
                .arg(host);
        return Text::tr("ssh to %1 failed: %2").arg(host, detail);
    }
    return QString();
}

ProcessResult run(const Options &options,
                  const QString &host,
                  const QStringList &remote,
                  const QByteArray &input,
                  int timeoutMs,
                  const std::atomic_bool *cancel,
                  qsizetype maxOutput)
{
    ProcessRequest request;
    request.program = options.program;
    request.arguments = arguments(options, host, remote);
    request.input = input;
    request.timeoutMs = timeoutMs;
    request.maxOutput = maxOutput;
    return runProcess(request, cancel);
}

QStringList fingerprints(const Options &options, const QString &host)
{
    ProcessRequest resolve;
    resolve.program = options.program;
    if (!options.configFile.isEmpty())
        resolve.arguments << u"-F"_s << options.configFile;
    resolve.arguments << u"-G"_s << u"--"_s << host;
    resolve.timeoutMs = 5000;
    const ProcessResult config = runProcess(resolve);
    QString hostname = host;
    QString port = u"22"_s;
    for (const QString &line : QString::fromUtf8(config.out).split(u'\n')) {
        if (line.startsWith(u"hostname "_s))
            hostname = line.mid(9).trimmed();
        else if (line.startsWith(u"port "_s))
            port = line.mid(5).trimmed();
    }
    ProcessRequest scan;
    scan.program = u"ssh-keyscan"_s;
    scan.arguments = {u"-T"_s, u"5"_s, u"-p"_s, port, u"--"_s, hostname};
    scan.timeoutMs = 10000;
    const ProcessResult keys = runProcess(scan);
    if (keys.out.isEmpty())
        return {};
    ProcessRequest keygen;
    keygen.program = u"ssh-keygen"_s;
    keygen.arguments = {u"-l"_s, u"-f"_s, u"-"_s};
    keygen.input = keys.out;
    keygen.timeoutMs = 5000;
    QStringList result;
    // "256 SHA256:abc… [127.0.0.2]:2222 (ED25519)"
    for (const QString &line : QString::fromUtf8(runProcess(keygen).out).split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList parts = line.split(u' ', Qt::SkipEmptyParts);
        if (parts.size() >= 4)
            result.append(parts.at(1) + u' ' + parts.last());
    }
    return result;
}

QString
describeWithFingerprints(const Options &options, Failure failure, const QString &host, const ProcessResult &result)
{
    QString text = describe(failure, host, result, options.aliveIntervalSec);
    if (failure == Failure::HostKeyUnknown) {
        const QStringList keys = fingerprints(options, host);
        if (!keys.isEmpty())
            text += u' ' + Text::tr("Its keys now: %1.").arg(keys.join(u", "_s));
    }
    return text;
}

void closeMaster(const Options &options, const QString &host)
{
    if (options.controlDir.isEmpty())
        return;
    ProcessRequest request;
    request.program = options.program;
    request.arguments = baseArguments(options);
    request.arguments << u"-O"_s << u"exit"_s << u"--"_s << host;
    request.timeoutMs = 5000;
    (void)runProcess(request);
}

} // namespace vna::ssh
