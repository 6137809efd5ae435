#include "sync.h"

#include <mutex>
#include <thread>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>

#include "common/logging.h"
#include "common/parallel.h"
#include "common/paths.h"
#include "hydra/shell.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

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
                     qsizetype maxOutput = 32 * 1024 * 1024)
{
    return ssh::run(ssh, host, {u"sh"_s, u"-c"_s, q(script)}, input, timeoutMs, cancel, maxOutput);
}

QString failureText(const ssh::Options &options, const QString &host, const ProcessResult &result)
{
    const ssh::Failure failure = ssh::classify(result);
    if (failure != ssh::Failure::None)
        return ssh::describeWithFingerprints(options, failure, host, result);
    if (result.canceled)
        return Text::tr("Canceled.");
    return QString::fromLocal8Bit(result.err).trimmed().left(600);
}

QString shaOf(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
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

} // namespace

QString Source::display() const
{
    return isLocal() ? root : host + u':' + root;
}

Result<Discovery> discoverSource(const Source &source, const ssh::Options &ssh, const std::atomic_bool *cancel)
{
    if (!QDir::isAbsolutePath(source.root) && !source.isLocal())
        return Error::input(Text::tr("Give the checkpoint folder on %1 as an absolute path: the other nodes must use "
                                     "the same path.")
                                .arg(source.host),
                            u"--checkpoint"_s);
    QStringList files;
    QString tracker;
    if (source.isLocal()) {
        auto listed = listLocal(source.root);
        if (!listed)
            return listed.error();
        files = *listed;
        QFile file(source.root + u'/' + QLatin1String(kTrackerFile));
        if (file.open(QIODevice::ReadOnly))
            tracker = QString::fromUtf8(file.read(64));
    } else {
        const QString script = u"cd "_s + q(source.root)
            + u" || exit 3\nfind . -maxdepth 6 -type f -print 2>/dev/null | cut -c3-\n"
              "printf '@@tracker@@'; head -c 64 "_s
            + QLatin1String(kTrackerFile) + u" 2>/dev/null\n"_s;
        const ProcessResult result = remote(ssh, source.host, script, {}, 120000, cancel);
        if (result.exitCode != 0)
            return Error::runtime(result.exitCode == 3
                                      ? Text::tr("%1 does not exist on %2.").arg(source.root, source.host)
                                      : failureText(ssh, source.host, result),
                                  source.host);
        const QString out = QString::fromUtf8(result.out);
        const qsizetype marker = out.lastIndexOf(u"@@tracker@@"_s);
        files = out.left(marker < 0 ? out.size() : marker).split(u'\n', Qt::SkipEmptyParts);
        if (marker >= 0)
            tracker = out.mid(marker + 11);
        files.sort();
    }
    return discover(source.root, files, tracker);
}

Result<QList<SourceFile>>
readSource(const Source &source, const QList<SyncFile> &files, const ssh::Options &ssh, const std::atomic_bool *cancel)
{
    QList<SourceFile> result;
    for (const SyncFile &file : files) {
        SourceFile entry;
        entry.path = file.path;
        entry.present = file.present;
        if (file.present) {
            const QString path = source.root + u'/' + file.path;
            if (source.isLocal()) {
                QFile f(path);
                if (f.size() > kMaxFileBytes)
                    return Error::input(Text::tr("%1 is larger than 4 GiB: this is not a metadata file.").arg(path),
                                        path);
                if (!f.open(QIODevice::ReadOnly))
                    return Error::runtime(Text::tr("Cannot read %1: %2").arg(path, f.errorString()), path);
                entry.content = f.readAll();
            } else {
                const ProcessResult r
                    = remote(ssh, source.host, u"cat -- "_s + q(path), {}, 600000, cancel, kMaxFileBytes);
                if (r.exitCode != 0 || r.truncated)
                    return Error::runtime(
                        Text::tr("Cannot read %1 on %2: %3").arg(path, source.host, failureText(ssh, source.host, r)),
                        path);
                entry.content = r.out;
            }
            entry.sha256 = shaOf(entry.content);
        }
        result.append(entry);
    }
    return result;
}

QList<NodeState> preflight(const Options &options,
                           const QList<SourceFile> &files,
                           const std::atomic_bool *cancel,
                           const Progress &progress)
{
    const QString marker = u".verl-npu-assistant-marker-"_s + nonce();
    const QString markerPath = options.source.root + u'/' + marker;
    // The marker tells shared storage apart: a node that sees it has the same filesystem.
    bool markerWritten = false;
    if (options.source.isLocal()) {
        QFile file(markerPath);
        markerWritten = file.open(QIODevice::WriteOnly | QIODevice::NewOnly);
    } else {
        markerWritten
            = remote(options.ssh, options.source.host, u": > "_s + q(markerPath), {}, 30000, cancel).exitCode == 0;
    }

    QStringList dirs;
    for (const SourceFile &file : files)
        if (!dirs.contains(parentOf(file.path)))
            dirs.append(parentOf(file.path));
    QString script = u"R="_s + q(options.source.root) + u"\nM="_s + q(marker) + uR"SH(
p="$R"; while [ ! -e "$p" ] && [ "$p" != / ]; do p=$(dirname "$p"); done
printf 'free\t%s\n' "$(df -Pk "$p" 2>/dev/null | tail -n 1)"
if [ -e "$R/$M" ]; then printf 'marker\tyes\n'; else printf 'marker\tno\n'; fi
i=0
for d in)SH"_s;
    for (const QString &dir : dirs)
        script += u' ' + q(dir);
    script += uR"SH(; do
  if [ -d "$R/$d" ]; then
    if [ -w "$R/$d" ]; then s=writable; else s=readonly; fi
  else
    a="$R/$d"; while [ ! -e "$a" ] && [ "$a" != / ]; do a=$(dirname "$a"); done
    if [ -d "$a" ] && [ -w "$a" ]; then s=creatable; else s=blocked; fi
  fi
  printf 'dir\t%s\t%s\n' "$i" "$s"; i=$((i+1))
done
i=0
for f in)SH"_s;
    for (const SourceFile &file : files)
        script += u' ' + q(file.path);
    script += uR"SH(; do
  if [ -f "$R/$f" ]; then s=$(sha256sum < "$R/$f" | cut -c1-64); else s=-; fi
  printf 'file\t%s\t%s\n' "$i" "$s"; i=$((i+1))
done
)SH"_s;

    QList<NodeState> states(options.nodes.size());
    std::mutex mutex;
    forEachBounded(options.nodes.size(), options.jobs, [&](qsizetype i) {
        NodeState state;
        state.node = options.nodes.at(i);
        const ProcessResult r = remote(options.ssh, state.node, script, {}, options.timeoutSec * 1000, cancel);
        state.failure = ssh::classify(r);
        if (r.exitCode != 0) {
            state.error = failureText(options.ssh, state.node, r);
        } else {
            state.reachable = true;
            const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
            for (const QString &line : lines) {
                const QStringList f = line.split(u'\t');
                if (f.value(0) == u"free"_s) {
                    const QStringList columns = f.value(1).split(u' ', Qt::SkipEmptyParts);
                    bool ok = false;
                    const qint64 kb = columns.value(3).toLongLong(&ok);
                    if (ok)
                        state.freeBytes = kb * 1024;
                } else if (f.value(0) == u"marker"_s) {
                    state.shared = markerWritten && f.value(1) == u"yes"_s;
                } else if (f.value(0) == u"dir"_s && f.size() == 3) {
                    const QString dir = dirs.value(f.at(1).toInt());
                    const QString &s = f.at(2);
                    state.dirs.insert(dir,
                                      s == u"writable"_s        ? DirState::Writable
                                          : s == u"readonly"_s  ? DirState::ReadOnly
                                          : s == u"creatable"_s ? DirState::Creatable
                                                                : DirState::Blocked);
                } else if (f.value(0) == u"file"_s && f.size() == 3) {
                    const qsizetype index = f.at(1).toInt();
                    if (index >= 0 && index < files.size())
                        state.sha256.insert(files.at(index).path, f.at(2) == u"-"_s ? QString() : f.at(2));
                }
            }
        }
        if (progress)
            progress(state.node, state.reachable ? Text::tr("preflight done") : state.error, true);
        std::lock_guard lock(mutex);
        states[i] = state;
    });

    if (markerWritten) {
        if (options.source.isLocal())
            QFile::remove(markerPath);
        else
            remote(options.ssh, options.source.host, u"rm -f -- "_s + q(markerPath), {}, 30000, nullptr);
    }
    return states;
}

QString actionId(Action action)
{
    switch (action) {
    case Action::Copy:
        return u"copy"_s;
    case Action::SkipIdentical:
        return u"skip-identical"_s;
    case Action::Replace:
        return u"replace"_s;
    case Action::MissingAtSource:
        return u"missing-at-source"_s;
    case Action::SkipShared:
        return u"skip-shared-storage"_s;
    case Action::Unreachable:
        return u"unreachable"_s;
    }
    return QString();
}

QString actionText(Action action)
{
    switch (action) {
    case Action::Copy:
        return Text::tr("copy");
    case Action::SkipIdentical:
        return Text::tr("skip: identical");
    case Action::Replace:
        return Text::tr("replace: differs (old kept as .bak)");
    case Action::MissingAtSource:
        return Text::tr("missing at the source");
    case Action::SkipShared:
        return Text::tr("skip: shared storage, no copy needed");
    case Action::Unreachable:
        return Text::tr("skip: node unreachable");
    }
    return QString();
}

QList<PlanItem> buildPlan(const QList<SourceFile> &files, const QList<NodeState> &nodes)
{
    QList<PlanItem> plan;
    for (const NodeState &node : nodes)
        for (const SourceFile &file : files) {
            PlanItem item{node.node, file.path, Action::Copy, file.content.size(), QString()};
            if (!node.reachable) {
                item.action = Action::Unreachable;
                item.reason = node.error;
            } else if (node.shared)
                item.action = Action::SkipShared;
            else if (!file.present)
                item.action = Action::MissingAtSource;
            else if (node.sha256.value(file.path) == file.sha256)
                item.action = Action::SkipIdentical;
            else if (!node.sha256.value(file.path).isEmpty())
                item.action = Action::Replace;
            plan.append(item);
        }
    return plan;
}

QMap<QString, QStringList> planProblems(const QList<SourceFile> &files, const QList<NodeState> &nodes)
{
    QMap<QString, QStringList> problems;
    for (const NodeState &node : nodes) {
        if (!node.reachable || node.shared)
            continue;
        qint64 needed = 0;
        for (const SourceFile &file : files)
            if (file.present && node.sha256.value(file.path) != file.sha256)
                needed += file.content.size() * (node.sha256.value(file.path).isEmpty() ? 1 : 2);
        for (auto it = node.dirs.cbegin(); it != node.dirs.cend(); ++it) {
            if (it.value() == DirState::ReadOnly)
                problems[node.node].append(Text::tr("%1 is not writable").arg(it.key()));
            else if (it.value() == DirState::Blocked)
                problems[node.node].append(Text::tr("%1 is missing and cannot be created").arg(it.key()));
        }
        if (node.freeBytes && *node.freeBytes < needed)
            problems[node.node].append(Text::tr("%1 MiB free, %2 MiB needed")
                                           .arg(*node.freeBytes / (1024 * 1024))
                                           .arg(needed / (1024 * 1024) + 1));
    }
    return problems;
}

QString statusId(NodeResult::Status status)
{
    switch (status) {
    case NodeResult::Status::Ok:
        return u"ok"_s;
    case NodeResult::Status::Failed:
        return u"failed"_s;
    case NodeResult::Status::Skipped:
        return u"skipped"_s;
    }
    return QString();
}

namespace {

struct Transfer
{
    QString relative;
    QString sha;
    qint64 bytes = 0;
};

// Writes a node's files in one remote command: their bytes arrive one after the other on stdin; each
// goes to a temporary name in its folder and is checked; only when all are right is each renamed
// into place (a differing old file kept as NAME.bak-<stamp>). Any failure removes every temporary
// file. Output: "backup I PATH" lines, then "done". Errors name the file index on stderr.
QString transferScript(const QString &root, const QList<Transfer> &transfers, const QString &stamp, const QString &tag)
{
    QString script;
    QStringList temps;
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        const Transfer &t = transfers.at(i);
        const QString final = root + u'/' + t.relative;
        const QString dir = final.section(u'/', 0, -2);
        const QString name = final.section(u'/', -1);
        script += u"d%1=%2\nf%1=%3\nt%1=%4\nb%1=%5\nx%1=%6\nn%1=%7\n"_s.arg(i)
                      .arg(q(dir), q(final), q(dir + u"/."_s + name + u".vna-tmp-"_s + tag),
                           q(final + u".bak-"_s + stamp), q(t.sha))
                      .arg(t.bytes);
        temps.append(u"\"$t%1\""_s.arg(i));
    }
    // A cancelled client closes the session: the next write to it raises SIGPIPE, which would end the
    // shell without running an EXIT trap, so every signal exits and the EXIT trap cleans up.
    script += u"trap 'rm -f "_s + temps.join(u' ') + u"' EXIT\ntrap 'exit 15' HUP INT TERM PIPE\n"_s;
    for (qsizetype i = 0; i < transfers.size(); ++i)
        script += uR"SH(mkdir -p "$d%1" || { echo "file %1" >&2; exit 10; }
dd of="$t%1" bs=65536 count="$n%1" iflag=count_bytes,fullblock status=none || { echo "file %1" >&2; exit 11; }
s=$(sha256sum < "$t%1" | cut -c1-64)
[ "$s" = "$x%1" ] || { echo "file %1: checksum after transfer is $s, expected $x%1" >&2; exit 12; }
)SH"_s.arg(i);
    for (qsizetype i = 0; i < transfers.size(); ++i)
        script += uR"SH(if [ -e "$f%1" ]; then
  o=$(sha256sum < "$f%1" | cut -c1-64)
  if [ "$o" != "$x%1" ]; then ln "$f%1" "$b%1" 2>/dev/null || cp -p "$f%1" "$b%1" || { echo "file %1" >&2; exit 13; }; echo "backup %1 $b%1"; fi
fi
mv -f "$t%1" "$f%1" || { echo "file %1" >&2; exit 14; }
)SH"_s.arg(i);
    script += u"trap - EXIT HUP INT TERM PIPE\necho done\n"_s;
    return script;
}

QString stepError(int code, const QString &stderrText)
{
    switch (code) {
    case 10:
        return Text::tr("cannot create the folder: %1").arg(stderrText);
    case 11:
        return Text::tr("cannot write the temporary file: %1").arg(stderrText);
    case 12:
        return Text::tr("the copy arrived damaged: %1").arg(stderrText);
    case 13:
        return Text::tr("cannot keep the old file as a backup: %1").arg(stderrText);
    case 14:
        return Text::tr("cannot rename the file into place: %1").arg(stderrText);
    default:
        return stderrText;
    }
}

} // namespace

QList<NodeResult> execute(const Options &options,
                          const QList<PlanItem> &plan,
                          const QList<SourceFile> &files,
                          const std::atomic_bool *cancel,
                          const Progress &progress)
{
    QMap<QString, const SourceFile *> byPath;
    for (const SourceFile &file : files)
        byPath.insert(file.path, &file);
    QStringList nodes;
    for (const PlanItem &item : plan)
        if (!nodes.contains(item.node))
            nodes.append(item.node);
    const QString stamp = QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss"_s);

    QList<NodeResult> results(nodes.size());
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype n) {
        QElapsedTimer clock;
        clock.start();
        NodeResult result;
        result.node = nodes.at(n);
        QList<PlanItem> items;
        for (const PlanItem &item : plan)
            if (item.node == result.node)
                items.append(item);
        bool anyWork = false;
        for (const PlanItem &item : items) {
            if (item.action == Action::Unreachable) {
                result.status = NodeResult::Status::Failed;
                result.error = item.reason.isEmpty() ? Text::tr("unreachable at preflight") : item.reason;
            }
            anyWork = anyWork || item.action == Action::Copy || item.action == Action::Replace;
        }
        if (result.status != NodeResult::Status::Failed && !anyWork)
            result.status = NodeResult::Status::Skipped;
        QList<Transfer> transfers;
        QByteArray input;
        for (const PlanItem &item : items) {
            const SourceFile *file = byPath.value(item.file);
            result.files.append({item.file, item.action, file ? file->sha256 : QString(), item.bytes, QString()});
            if (file && (item.action == Action::Copy || item.action == Action::Replace)) {
                transfers.append({item.file, file->sha256, file->content.size()});
                input += file->content;
            }
        }
        for (int attempt = 0; result.status == NodeResult::Status::Ok && !transfers.isEmpty(); ++attempt) {
            result.attempts = attempt + 1;
            if (progress)
                progress(result.node, Text::tr("copying %n file(s)", nullptr, static_cast<int>(transfers.size())),
                         false);
            const ProcessResult r
                = remote(options.ssh, result.node, transferScript(options.source.root, transfers, stamp, nonce()),
                         input, options.timeoutSec * 1000, cancel);
            if (r.exitCode == 0) {
                const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
                for (const QString &line : lines)
                    if (line.startsWith(u"backup "_s)) {
                        const QString path = transfers.value(line.section(u' ', 1, 1).toInt()).relative;
                        for (FileResult &f : result.files)
                            if (f.path == path)
                                f.backup = line.section(u' ', 2);
                    }
                break;
            }
            const ssh::Failure failure = ssh::classify(r);
            const bool transient = ssh::isTransient(failure) && !r.canceled;
            if (!transient || attempt >= options.retries || (cancel && cancel->load())) {
                result.status = NodeResult::Status::Failed;
                if (failure != ssh::Failure::None || r.canceled) {
                    result.error = failureText(options.ssh, result.node, r);
                } else {
                    const QString err = QString::fromLocal8Bit(r.err).trimmed();
                    static const QRegularExpression fileIndex(uR"(file (\d+):? ?)"_s);
                    const auto m = fileIndex.match(err);
                    const QString which = m.hasMatch() ? transfers.value(m.captured(1).toInt()).relative : QString();
                    QString detail = err;
                    detail.remove(fileIndex);
                    result.error = Text::tr("%1: %2").arg(which, stepError(r.exitCode, detail.trimmed()));
                }
                break;
            }
            if (progress)
                progress(result.node, Text::tr("retrying after a transient failure"), false);
            if (!sleepUnlessCanceled(1000 << attempt, cancel)) {
                result.status = NodeResult::Status::Failed;
                result.error = Text::tr("Canceled.");
            }
        }
        result.durationMs = clock.elapsed();
        if (progress)
            progress(result.node, result.status == NodeResult::Status::Failed ? result.error : statusId(result.status),
                     true);
        log::core()->info("sync {}: {} {}", result.node, statusId(result.status), result.error);
        results[n] = result;
    });
    return results;
}

QList<VerifyRow> verify(const QList<SourceFile> &files, const QList<NodeState> &nodes)
{
    QList<VerifyRow> rows;
    for (const NodeState &node : nodes)
        for (const SourceFile &file : files)
            if (file.present) {
                const QString sha = node.sha256.value(file.path);
                rows.append({node.node, file.path, sha, node.reachable && sha == file.sha256});
            }
    return rows;
}

Result<ScriptKind> parseScriptKind(const QString &word)
{
    if (word == u"bash"_s)
        return ScriptKind::Bash;
    if (word == u"clush"_s)
        return ScriptKind::Clush;
    if (word == u"pdcp"_s)
        return ScriptKind::Pdcp;
    if (word == u"hook"_s)
        return ScriptKind::Hook;
    return Error::input(Text::tr("\"%1\" is not a script kind; use bash, clush, pdcp or hook.").arg(word),
                        u"--export-script"_s);
}

QString exportScript(ScriptKind kind, const Options &options, const QList<SourceFile> &files)
{
    const QString nodeset = ssh::foldNodeset(options.nodes);
    QStringList present;
    for (const SourceFile &file : files)
        if (file.present)
            present.append(file.path);
    QMap<QString, QStringList> byDir;
    for (const QString &file : present)
        byDir[parentOf(file)].append(file);
    const QString root = options.source.root;
    const auto abs = [&](const QString &relative) -> QString { return root + u'/' + relative; };
    QStringList lines;
    switch (kind) {
    case ScriptKind::Bash: {
        lines << u"#!/usr/bin/env bash"_s
              << Text::tr("# Copy the checkpoint metadata from %1 to every node (no checksum check, no backup).")
                     .arg(options.source.display())
              << u"set -euo pipefail"_s << u"for node in %1; do"_s.arg(options.nodes.join(u' '));
        for (auto it = byDir.cbegin(); it != byDir.cend(); ++it) {
            lines << u"  ssh \"$node\" mkdir -p %1"_s.arg(q(q(abs(it.key()))));
            for (const QString &file : it.value()) {
                const QString from
                    = options.source.isLocal() ? q(abs(file)) : q(options.source.host + u':' + abs(file));
                lines << u"  scp %1%2 \"$node\":%3"_s.arg(options.source.isLocal() ? QString() : u"-3 "_s, from,
                                                          q(abs(file)));
            }
        }
        lines << u"done"_s;
        break;
    }
    case ScriptKind::Clush:
    case ScriptKind::Pdcp: {
        // The same two lines per folder: make it on every node, then copy its files there.
        const bool clush = kind == ScriptKind::Clush;
        if (!options.source.isLocal())
            lines << Text::tr("# Run on %1, the source node.").arg(options.source.host);
        for (auto it = byDir.cbegin(); it != byDir.cend(); ++it) {
            QStringList quoted;
            for (const QString &file : it.value())
                quoted << q(abs(file));
            const QString dir = q(abs(it.key()));
            lines << (clush ? u"clush -w %1 mkdir -p %2"_s : u"pdsh -w %1 mkdir -p %2"_s).arg(q(nodeset), dir);
            lines << (clush ? u"clush -w %1 --copy %2 --dest %3"_s : u"pdcp -w %1 %2 %3"_s)
                         .arg(q(nodeset), quoted.join(u' '), dir);
        }
        break;
    }
    case ScriptKind::Hook:
        lines << u"#!/usr/bin/env bash"_s
              << Text::tr(
                     "# Run after each checkpoint save (e.g. at the end of your launch script's save step): copies the "
                     "newest step's metadata from this node to the others.")
              << u"set -euo pipefail"_s
              << u"verl-npu-assistant sync --checkpoint %1 --nodes %2 --step latest --include-tracker%3"_s.arg(
                     q(root), q(nodeset),
                     options.ssh.configFile.isEmpty() ? QString() : u" --ssh-config "_s + q(options.ssh.configFile));
        break;
    }
    return lines.join(u'\n') + u'\n';
}

QJsonObject toJson(const QList<PlanItem> &plan, const QList<NodeResult> &results)
{
    QJsonArray planArray;
    for (const PlanItem &item : plan)
        planArray.append(
            QJsonObject{{u"node"_s, item.node}, {u"file"_s, item.file}, {u"action"_s, actionId(item.action)}});
    QJsonArray resultArray;
    int ok = 0, failed = 0, skipped = 0;
    qint64 bytes = 0;
    for (const NodeResult &r : results) {
        QJsonArray files;
        for (const FileResult &f : r.files) {
            QJsonObject o{
                {u"path"_s, f.path}, {u"action"_s, actionId(f.action)}, {u"sha256"_s, f.sha256}, {u"bytes"_s, f.bytes}};
            if (!f.backup.isEmpty())
                o.insert(u"backup"_s, f.backup);
            files.append(o);
            if (f.action == Action::Copy || f.action == Action::Replace)
                bytes += f.bytes;
        }
        resultArray.append(
            QJsonObject{{u"node"_s, r.node},
                        {u"status"_s, statusId(r.status)},
                        {u"error"_s, r.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.error)},
                        {u"files"_s, files},
                        {u"attempts"_s, r.attempts},
                        {u"duration_ms"_s, r.durationMs}});
        ok += r.status == NodeResult::Status::Ok;
        failed += r.status == NodeResult::Status::Failed;
        skipped += r.status == NodeResult::Status::Skipped;
    }
    return QJsonObject{{u"plan"_s, planArray},
                       {u"results"_s, resultArray},
                       {u"summary"_s,
                        QJsonObject{{u"nodes"_s, static_cast<int>(results.size())},
                                    {u"ok"_s, ok},
                                    {u"failed"_s, failed},
                                    {u"skipped"_s, skipped},
                                    {u"bytes"_s, bytes}}}};
}

QString auditFile()
{
    return QFileInfo(paths::logDir()).absolutePath() + u"/sync-audit.jsonl"_s;
}

Status writeAudit(const Options &options, const QList<PlanItem> &plan, const QList<NodeResult> &results)
{
    QJsonObject record = toJson(plan, results);
    record.insert(u"time"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    record.insert(u"user"_s, qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME")));
    record.insert(u"source"_s, options.source.display());
    const QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    QStringList targets{auditFile()};
    if (options.source.isLocal())
        targets.append(options.source.root + u"/.verl-npu-assistant-sync.jsonl"_s);
    for (const QString &target : targets) {
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile file(target);
        // One line appended in one write: a reader never sees half a record.
        if (!file.open(QIODevice::Append) || file.write(line) != line.size())
            return Error::runtime(Text::tr("Cannot write the audit log %1: %2").arg(target, file.errorString()),
                                  target);
    }
    return Done{};
}

} // namespace vna::ckptsync
