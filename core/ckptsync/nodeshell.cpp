#include "nodeshell.h"

#include <chrono>
#include <thread>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QRandomGenerator>

#include "hydra/shell.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

QString q(const QString &word)
{
    return shell::quote(word);
}

QString nonce()
{
    return QString::number(QRandomGenerator::global()->generate64(), 16);
}

// `sh -c SCRIPT` on a host, with `input` on stdin.
ProcessResult remote(const ssh::Options &ssh,
                     const QString &host,
                     const QString &script,
                     const QByteArray &input,
                     int timeoutMs,
                     const std::atomic_bool *cancel,
                     qsizetype maxOutput)
{
    return ssh::run(ssh, host, {u"sh"_s, u"-c"_s, q(script)}, input, timeoutMs, cancel, maxOutput);
}

// A long script goes on stdin (`sh -s`): no command-line length limit.
// It may run long (checksums of weights) but must not go quiet: the timeout counts from its last output.
ProcessResult remoteScript(
    const ssh::Options &ssh, const QString &host, const QString &script, int timeoutMs, const std::atomic_bool *cancel)
{
    ProcessRequest request;
    request.program = ssh.program;
    request.arguments = ssh::arguments(ssh, host, {u"sh"_s, u"-s"_s});
    request.input = script.toUtf8();
    request.timeoutMs = timeoutMs;
    request.idleTimeout = true;
    return runProcess(request, cancel);
}

QString failureText(const ssh::Options &options, const QString &host, const ProcessResult &result)
{
    const ssh::Failure failure = ssh::classify(result);
    if (failure != ssh::Failure::None)
        return ssh::describeWithFingerprints(options, failure, host, result);
    if (result.canceled)
        return Text::tr("Canceled.");
    if (result.timedOut)
        return Text::tr("no answer within the time limit");
    if (!result.started)
        return result.errorString;
    QString err = QString::fromLocal8Bit(result.err).trimmed().left(600);
    if (!err.isEmpty())
        return err;
    return Text::tr("the remote command ended with exit code %1 and printed nothing").arg(result.exitCode);
}

QString parentOf(const QString &relative)
{
    return relative.contains(u'/') ? relative.section(u'/', 0, -2) : QString();
}

bool sleepUnlessCanceled(int ms, const std::atomic_bool *cancel)
{
    for (int slept = 0; slept < ms; slept += 50) {
        if (cancel && cancel->load())
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

// Runs `attempt` until it succeeds, fails for good, or the retries are used up; transient ssh
// failures (refused, reset, timed out) wait 1 s, 2 s, 4 s … between tries.
ProcessResult
withRetries(int retries, const std::atomic_bool *cancel, int *attempts, const std::function<ProcessResult()> &attempt)
{
    ProcessResult r;
    for (int i = 0;; ++i) {
        r = attempt();
        if (attempts)
            *attempts = i + 1;
        if (r.exitCode == 0 || !ssh::isTransient(ssh::classify(r)) || r.canceled || i >= retries)
            return r;
        if (!sleepUnlessCanceled(1000 << i, cancel))
            return r;
    }
}

// NAME.bak-<yyyyMMdd-HHmmss>-<random>: what a sync keeps of a file it replaced.
const QRegularExpression &backupName()
{
    static const QRegularExpression re(uR"(\.bak-\d{8}-\d{6}-[0-9a-f]{1,8}\z)"_s);
    return re;
}

// Where a file's bytes gather on a node before the switch, named for its content: a transfer cut
// short leaves it there, and the next run for the same content resumes it.
QString tempPath(const QString &relative, const QString &sha)
{
    const QString dir = parentOf(relative);
    return (dir.isEmpty() ? QString() : dir + u'/') + u'.' + relative.section(u'/', -1) + QLatin1String(kTempInfix)
        + sha.left(16);
}

QStringList stepDirs(const QList<SourceFile> &files)
{
    QStringList dirs;
    for (const SourceFile &file : files) {
        const QString top = file.path.section(u'/', 0, 0);
        if (file.path.contains(u'/') && !dirs.contains(top))
            dirs.append(top);
    }
    return dirs;
}

QStringList destinationDirs(const QList<SourceFile> &files)
{
    QStringList dirs;
    for (const SourceFile &file : files)
        if (!dirs.contains(parentOf(file.path)))
            dirs.append(parentOf(file.path));
    return dirs;
}

QString quotedList(const QStringList &words)
{
    QString out;
    for (const QString &word : words)
        out += u' ' + q(word);
    return out;
}

// `h`: the sha256 of stdin in hex, with OpenSSL where the host has it (it uses the CPU's SHA
// instructions: three times faster than sha256sum here, which matters when every node hashes the
// model's weights while they arrive).
const QString kShaFunction
    = u"h() { if command -v openssl >/dev/null 2>&1; then openssl dgst -sha256 -r; else sha256sum; fi | cut -c1-64; }\n"_s;

// `nssh`: the ssh a node runs to reach another host, with the user's options (config file, -o values,
// strict host keys, BatchMode). One connection per pair of hosts serves the preflight's check and every
// file after it, shared through a socket in the user's ~/.ssh named for the node (nodes with one home
// folder keep theirs apart). Only where that socket can exist: when ssh cannot create it, a persisting
// master loses the session's output.
QString nodeSshFunction(const ssh::Options &options, const QString &node)
{
    ssh::Options onNode = options;
    onNode.controlDir.clear();
    const auto words = [&onNode] {
        QStringList w = ssh::arguments(onNode, u"H"_s, {});
        w.removeLast(); // the host
        w.removeLast(); // "--"
        return quotedList(w);
    };
    const QString plain = words();
    onNode.extraOptions.prepend(u"ControlPersist=30"_s);
    onNode.extraOptions.prepend(
        u"ControlPath=~/.ssh/v"_s
        + QString::fromLatin1(QCryptographicHash::hash(node.toUtf8(), QCryptographicHash::Sha256).toHex().left(4))
        + u"%C"_s);
    onNode.extraOptions.prepend(u"ControlMaster=auto"_s);
    // The socket's path: $HOME, 7 + 5 + 40 characters, and 17 more while ssh creates it, within 107.
    return uR"SH(X=; mkdir -p -m 700 ~/.ssh 2>/dev/null && [ -w ~/.ssh ] && [ ${#HOME} -le 38 ] && X=1
nssh() { if [ -n "$X" ]; then ssh)SH"_s
        + words() + u" \"$@\"; else ssh"_s + plain + u" \"$@\"; fi; }\n"_s;
}

// Takes <root>/.verl-npu-assistant.lock (flock, released when the shell ends, however it ends) or
// exits: 18 when the lock file cannot be used, 19 when another run holds it (stderr names that run).
// $P is the run recorded there before, $I this one.
QString lockFragment(const Options &options)
{
    return u"L=\"$R/"_s + QLatin1String(kLockFile) + u"\"\nI="_s
        + q(options.runBy + u", since "_s + QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd HH:mm:ss 'UTC'"_s))
        + uR"SH(
mkdir -p -- "$R" 2>/dev/null
if [ -L "$L" ] || { [ -e "$L" ] && [ ! -f "$L" ]; }; then echo "$L is a link or not a file; remove it" >&2; exit 18; fi
( : >>"$L" ) 2>/dev/null || { echo "cannot create the lock file $L" >&2; exit 18; }
exec 9>>"$L"
if command -v flock >/dev/null 2>&1; then
  flock -n 9 || { head -c 400 "$L" >&2; exit 19; }
fi
P=$(head -c 400 "$L")
printf '%s\n' "$I" > "$L"
)SH"_s;
}

// `c TEMP FINAL BACKUP`: one switch of a journal. The old name (file or link, never followed) is kept
// as BACKUP by a hard link, then TEMP renamed over it. Done already (no TEMP): nothing to do.
QString switchFunction()
{
    return uR"SH(c() {
  [ -e "$1" ] || return 0
  if [ -L "$2" ] || [ -e "$2" ]; then
    if [ -d "$2" ] && [ ! -L "$2" ]; then echo "$2 is a folder" >&2; return 1; fi
    [ -L "$3" ] || [ -e "$3" ] || ln -P -- "$2" "$3" || return 1
  fi
  mv -fT -- "$1" "$2"
}
)SH"_s;
}

} // namespace vna::ckptsync::detail
