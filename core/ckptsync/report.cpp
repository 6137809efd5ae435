#include "report.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include "ckptsync/nodeshell.h"
#include "common/paths.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

// A value for a comment line: quoted, and on one line whatever it holds.
QString commentSafe(const QString &text)
{
    QString quoted = q(text);
    quoted.replace(u'\n', u'?').replace(u'\r', u'?');
    return quoted;
}

// The user's ssh configuration as ssh options: -F FILE and each -o.
QStringList sshWords(const ssh::Options &options)
{
    QStringList words;
    if (!options.configFile.isEmpty())
        words << u"-F"_s << options.configFile;
    words << u"-o"_s << u"BatchMode=yes"_s;
    if (options.acceptNewHostKeys)
        words << u"-o"_s << u"StrictHostKeyChecking=accept-new"_s;
    for (const QString &option : options.extraOptions)
        words << u"-o"_s << option;
    return words;
}

} // namespace

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

QString exportScript(ScriptKind kind, const Options &options, const SourceData &source)
{
    const QString nodeset = ssh::foldNodeset(options.nodes);
    QMap<QString, QStringList> byDir;
    for (const SourceFile &file : source.files)
        byDir[parentOf(file.path)].append(file.path);
    const QString root = options.source.root;
    const auto abs = [&](const QString &relative) -> QString { return root + u'/' + relative; };
    QStringList quotedSsh;
    for (const QString &word : sshWords(options.ssh))
        quotedSsh << q(word);
    QStringList lines;
    switch (kind) {
    case ScriptKind::Bash: {
        lines << u"#!/usr/bin/env bash"_s
              << Text::tr("# Copy what every node needs of %1 to the nodes (no lock, no journal, no backup: the "
                          "sync command does those).")
                     .arg(commentSafe(options.source.display()))
              << u"set -euo pipefail"_s << u"SSH=(ssh %1)"_s.arg(quotedSsh.join(u' '));
        QStringList nodes;
        for (const QString &node : options.nodes)
            nodes << q(node);
        lines << u"for node in %1; do"_s.arg(nodes.join(u' '));
        for (const SourceFile &file : source.files) {
            // Written beside the name and renamed: a cut copy never sits under the real name.
            const QString final = abs(file.path);
            const QString part = parentOf(final) + u"/."_s + final.section(u'/', -1) + u".vna-part"_s;
            const QString onNode = u"mkdir -p -- "_s + q(parentOf(final)) + u" && cat > "_s + q(part) + u" && chmod "_s
                + QString::number(file.mode & 07777, 8) + u' ' + q(part) + u" && mv -fT -- "_s + q(part) + u' '
                + q(final);
            if (options.source.isLocal())
                lines << u"  \"${SSH[@]}\" \"$node\" %1 < %2"_s.arg(q(onNode), q(final));
            else
                lines << u"  \"${SSH[@]}\" %1 %2 | \"${SSH[@]}\" \"$node\" %3"_s.arg(
                    q(options.source.host), q(u"cat -- "_s + q(final)), q(onNode));
        }
        lines << u"done"_s;
        break;
    }
    case ScriptKind::Clush:
    case ScriptKind::Pdcp: {
        // The same two lines per folder: make it on every node, then copy its files there.
        const bool clush = kind == ScriptKind::Clush;
        if (!options.source.isLocal())
            lines << Text::tr("# Run on %1, the source node.").arg(commentSafe(options.source.host));
        const QString sshOptions = sshWords(options.ssh).join(u' ');
        for (auto it = byDir.cbegin(); it != byDir.cend(); ++it) {
            QStringList quoted;
            for (const QString &file : it.value())
                quoted << q(abs(file));
            const QString dir = q(abs(it.key()));
            if (clush) {
                lines << u"clush -o %1 -w %2 mkdir -p -- %3"_s.arg(q(sshOptions), q(nodeset), q(dir));
                lines << u"clush -o %1 -w %2 --copy %3 --dest %4"_s.arg(q(sshOptions), q(nodeset), quoted.join(u' '),
                                                                        dir);
            } else {
                lines << u"PDSH_SSH_ARGS_APPEND=%1 pdsh -R ssh -w %2 mkdir -p -- %3"_s.arg(q(sshOptions), q(nodeset),
                                                                                           q(dir));
                lines << u"PDSH_SSH_ARGS_APPEND=%1 pdcp -R ssh -w %2 %3 %4"_s.arg(q(sshOptions), q(nodeset),
                                                                                  quoted.join(u' '), dir);
            }
        }
        break;
    }
    case ScriptKind::Hook: {
        lines << u"#!/usr/bin/env bash"_s
              << Text::tr(
                     "# Run after each checkpoint save (e.g. at the end of your launch script's save step): gives the "
                     "other nodes what they need of the newest step.")
              << u"set -euo pipefail"_s;
        QString command = u"verl-npu-assistant sync --checkpoint %1 --nodes %2 --step latest --include-tracker"_s.arg(
            q(root), q(nodeset));
        if (!options.ssh.configFile.isEmpty())
            command += u" --ssh-config "_s + q(options.ssh.configFile);
        for (const QString &option : options.ssh.extraOptions)
            command += u" -o "_s + q(option);
        if (options.ssh.acceptNewHostKeys)
            command += u" --accept-new-host-keys"_s;
        lines << command;
        break;
    }
    }
    return lines.join(u'\n') + u'\n';
}

QJsonObject toJson(const QList<PlanItem> &plan, const QList<NodeResult> &results)
{
    QJsonArray planArray;
    for (const PlanItem &item : plan) {
        QJsonObject o{{u"node"_s, item.node},
                      {u"file"_s, item.file},
                      {u"action"_s, actionId(item.action)},
                      {u"bytes"_s, item.bytes},
                      {u"need"_s, needId(item.need)},
                      {u"reason"_s, item.reason.isEmpty() ? needText(item.need) : item.reason}};
        if (receives(item.action))
            o.insert(u"from"_s, QJsonArray::fromStringList(item.from)); // empty: from this run
        planArray.append(o);
    }
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
            if (f.resumedFrom > 0)
                o.insert(u"resumed_from"_s, f.resumedFrom);
            if (!f.via.isEmpty() || f.sentByThisRun) {
                o.insert(u"received_from"_s, QJsonArray::fromStringList(f.via));
                o.insert(u"sent_by_this_run"_s, f.sentByThisRun);
            }
            files.append(o);
        }
        bytes += r.bytesWritten(); // a failed node wrote nothing
        resultArray.append(
            QJsonObject{{u"node"_s, r.node},
                        {u"status"_s, statusId(r.status)},
                        {u"error"_s, r.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.error)},
                        {u"files"_s, files},
                        {u"files_written"_s, r.written()},
                        {u"bytes_written"_s, r.bytesWritten()},
                        {u"attempts"_s, r.attempts},
                        {u"duration_ms"_s, r.durationMs}});
        ok += r.status == NodeResult::Status::Ok;
        failed += r.status == NodeResult::Status::Failed;
        skipped += r.status == NodeResult::Status::Skipped;
    }
    return QJsonObject{{u"topology"_s, topologyId(topologyOf(plan))},
                       {u"plan"_s, planArray},
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
