#include "preflight.h"

#include <algorithm>
#include <mutex>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include "ckptsync/nodeshell.h"
#include "ckptsync/plan.h"
#include "common/parallel.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

QList<NodeState>
preflight(const Options &options, const SourceData &source, const std::atomic_bool *cancel, const Progress &progress)
{
    const QString marker = QLatin1String(kMarkerPrefix) + nonce();
    const QString markerPath = options.source.root + u'/' + marker;
    // The marker tells shared storage apart: a node that sees it has the same filesystem. Markers of
    // runs killed during their preflight (older than ten minutes) go first.
    bool markerWritten = false;
    const QString clean = u"find "_s + q(options.source.root) + u" -maxdepth 1 -name '"_s + QLatin1String(kMarkerPrefix)
        + u"*' -type f -mmin +10 -exec rm -f {} + 2>/dev/null; : > "_s + q(markerPath);
    if (options.source.isLocal()) {
        const QDir root(options.source.root);
        for (const QFileInfo &old :
             root.entryInfoList({QLatin1String(kMarkerPrefix) + u'*'}, QDir::Files | QDir::Hidden | QDir::NoSymLinks))
            if (old.lastModified().secsTo(QDateTime::currentDateTime()) > 600)
                QFile::remove(old.filePath());
        QFile file(markerPath);
        markerWritten = file.open(QIODevice::WriteOnly | QIODevice::NewOnly);
    } else {
        markerWritten = remote(options.ssh, options.source.host, clean, {}, 30000, cancel).exitCode == 0;
    }

    const QStringList dirs = destinationDirs(source.files);
    const QStringList steps = stepDirs(source.files);
    QString script = kShaFunction + u"R="_s + q(options.source.root) + u"\nM="_s + q(marker) + u"\nL=\"$R/"_s
        + QLatin1String(kLockFile) + u"\"\nJ=\"$R/"_s + QLatin1String(kJournalFile) + u"\"\n"_s + uR"SH(
i=0
for d in)SH"_s
        + quotedList(dirs) + uR"SH(; do
  a="$R/$d"; while [ ! -e "$a" ] && [ "$a" != / ]; do a=$(dirname "$a"); done
  if [ -d "$R/$d" ]; then
    if [ -w "$R/$d" ]; then s=writable; else s=readonly; fi
  elif [ -d "$a" ] && [ -w "$a" ]; then s=creatable; else s=blocked; fi
  printf 'dir\t%s\t%s\t%s\0' "$i" "$s" "$(df -Pk "$a" 2>/dev/null | tail -n 1)"; i=$((i+1))
done
if [ -e "$R/$M" ]; then printf 'marker\0'; fi
if [ -f "$L" ] && command -v flock >/dev/null 2>&1 && ! flock -n "$L" true 2>/dev/null; then
  printf 'locked\t%s\0' "$(head -c 400 "$L" 2>/dev/null)"
fi
if [ -e "$J" ]; then printf 'journal\0'; fi
command -v python3 >/dev/null 2>&1 || printf 'nopython\0'
cd "$R" 2>/dev/null && {
)SH"_s + listingScript(steps, false)
        + u"find"_s + quotedList(steps) + u" -maxdepth 7 -name '.*"_s + QLatin1String(kTempInfix)
        + uR"SH(*' -printf 'temp\t%p\0' 2>/dev/null
}
i=0
while IFS= read -r f && IFS= read -r n && IFS= read -r t; do
  p="$R/$f"; b=$(stat -c '%F|%s|%Y|%i' -- "$p" 2>/dev/null) || b=absent; s=-
  if [ -f "$p" ] && [ ! -L "$p" ] && [ "$(stat -c %s -- "$p")" = "$n" ]; then s=$(h < "$p"); fi
  printf 'file\t%s\t%s\t%s\0' "$i" "$s" "$b"
  t="$R/$t"
  if [ -f "$t" ] && [ ! -L "$t" ]; then
    z=$(stat -c %s -- "$t")
    if [ "$z" -gt 0 ] && [ "$z" -le "$n" ]; then printf 'part\t%s\t%s\t%s\0' "$i" "$z" "$(h < "$t")"; fi
  fi
  i=$((i+1))
done <<'VNA_FILES_END'
)SH"_s;
    for (const SourceFile &file : source.files)
        script += file.path + u'\n' + QString::number(file.size) + u'\n' + tempPath(file.path, file.sha256) + u'\n';
    script += u"VNA_FILES_END\nwait\nexit 0\n"_s;
    // A name with a newline cannot travel in the list above.
    const bool oddNames = std::any_of(source.files.cbegin(), source.files.cend(),
                                      [](const SourceFile &f) { return f.path.contains(u'\n'); });

    // Auto picks a chain only for enough data: below that no node checks whom it reaches.
    qint64 sourceBytes = 0;
    for (const SourceFile &file : source.files)
        sourceBytes += file.size;
    const bool mayChain = options.topology == Topology::Chain
        || (options.topology == Topology::Auto && options.nodes.size() >= 2 && sourceBytes >= kChainWorthwhile);
    QList<NodeState> states(options.nodes.size());
    std::mutex mutex;
    forEachBounded(options.nodes.size(), options.jobs, [&](qsizetype i) {
        NodeState state;
        state.node = options.nodes.at(i);
        // Which hosts the node reaches over ssh, checked in the background while it lists and checksums.
        QString peerCheck;
        // The nearest one (the source host for the first node); the others are tried only if it fails
        // mid-transfer. The connection stays open for the transfer.
        QStringList peers;
        if (mayChain)
            peers = upstreamCandidates(options, state.node).mid(0, 1);
        if (!peers.isEmpty())
            peerCheck = nodeSshFunction(options.ssh, state.node) + u"for p in"_s + quotedList(peers) + uR"SH(; do
  ( if e=$(nssh -- "$p" true 2>&1 </dev/null); then r=0; else r=1; fi
    printf 'peer\t%s\t%s\t%s\0' "$p" "$r" "$(printf '%s' "$e" | tr '\t\n\r' '   ' | head -c 300)" ) &
done
)SH"_s;
        const ProcessResult r = withRetries(options.retries, cancel, &state.attempts, [&] {
            return remoteScript(options.ssh, state.node, peerCheck + script, options.timeoutSec * 1000, cancel);
        });
        state.failure = ssh::classify(r);
        if (r.exitCode != 0 || oddNames) {
            state.error = oddNames ? Text::tr("a file name holds a line break; rename it at the source")
                                   : failureText(options.ssh, state.node, r);
        } else {
            state.reachable = true;
            QMap<QString, Volume> volumes;
            QList<Entry> listed;
            QByteArray listing;
            for (const QByteArray &record : r.out.split('\0')) {
                const QString line = QString::fromUtf8(record);
                const QStringList f = line.split(u'\t');
                const QString &kind = f.first();
                if (kind == u"E"_s || kind == u"T"_s) {
                    listing += record + '\0';
                } else if (kind == u"dir"_s && f.size() >= 4) {
                    const QString dir = dirs.value(f.at(1).toInt());
                    const QString &s = f.at(2);
                    state.dirs.insert(dir,
                                      s == u"writable"_s        ? DirState::Writable
                                          : s == u"readonly"_s  ? DirState::ReadOnly
                                          : s == u"creatable"_s ? DirState::Creatable
                                                                : DirState::Blocked);
                    const QStringList columns = f.at(3).split(u' ', Qt::SkipEmptyParts);
                    bool ok = false;
                    const qint64 kb = columns.value(3).toLongLong(&ok);
                    if (ok && columns.size() >= 6) {
                        Volume &v = volumes[columns.mid(5).join(u' ')];
                        v.mount = columns.mid(5).join(u' ');
                        v.freeBytes = kb * 1024;
                        v.dirs.append(dir);
                    }
                } else if (kind == u"marker"_s) {
                    state.shared = markerWritten;
                } else if (kind == u"locked"_s) {
                    state.lockedBy = line.section(u'\t', 1).trimmed();
                    if (state.lockedBy.isEmpty())
                        state.lockedBy = Text::tr("another run");
                } else if (kind == u"peer"_s && f.size() >= 4 && peers.contains(f.at(1))) {
                    const QString why = f.at(3).trimmed();
                    state.peers.insert(f.at(1),
                                       f.at(2) == u"0"_s   ? QString()
                                           : why.isEmpty() ? Text::tr("ssh failed")
                                                           : why);
                } else if (kind == u"journal"_s) {
                    state.journal = true;
                } else if (kind == u"nopython"_s) {
                    state.python = false;
                } else if (kind == u"temp"_s) {
                    const QString temp = line.section(u'\t', 1);
                    const bool resumable
                        = std::any_of(source.files.cbegin(), source.files.cend(),
                                      [&](const SourceFile &file) { return tempPath(file.path, file.sha256) == temp; });
                    if (!resumable)
                        state.staleTemps.append(temp);
                } else if (kind == u"part"_s && f.size() >= 4) {
                    const qsizetype index = f.at(1).toInt();
                    if (index >= 0 && index < source.files.size())
                        state.partials.insert(source.files.at(index).path, {f.at(2).toLongLong(), f.at(3)});
                } else if (kind == u"file"_s && f.size() >= 4) {
                    const qsizetype index = f.at(1).toInt();
                    if (index >= 0 && index < source.files.size()) {
                        const QString &path = source.files.at(index).path;
                        state.before.insert(path, f.at(3));
                        if (f.at(2) != u"-"_s)
                            state.files[path].sha256 = f.at(2);
                    }
                }
            }
            state.volumes = volumes.values();
            QSet<QString> sourcePaths;
            for (const SourceFile &file : source.files)
                sourcePaths.insert(file.path);
            for (const Entry &e : parseListing(listing)) {
                if (e.kind == Entry::Kind::Folder || e.path.contains(QLatin1String(kTempInfix)))
                    continue;
                if (sourcePaths.contains(e.path)) {
                    NodeFile &file = state.files[e.path];
                    file.kind = e.kind;
                    file.size = e.size;
                    file.what = e.what;
                } else if (needOf(e.path) == Need::PerRank) {
                    state.perRankNames.append(e.path.section(u'/', -1));
                } else if (backupName().match(e.path).hasMatch()) {
                    ++state.backups; // kept by an earlier sync
                } else {
                    state.extra.append(e.path);
                }
            }
            // A checksum belongs to a regular file only.
            for (NodeFile &file : state.files)
                if (file.kind != Entry::Kind::Regular)
                    file.sha256.clear();
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

std::pair<int, QString> worldSize(const SourceData &source, const QList<NodeState> &nodes)
{
    if (source.worldSize > 0 && !source.worldSizeSource.isEmpty())
        return {source.worldSize, source.worldSizeSource};
    QByteArray names;
    for (const QString &name : source.perRank)
        names += name.section(u'/', -1).toUtf8() + ' ';
    for (const NodeState &node : nodes)
        names += node.perRankNames.join(u' ').toUtf8() + ' ';
    const int world = std::max(worldSizeFromNames(names), source.worldSize);
    if (world > 0)
        return {world, Text::tr("the shard names on every node")};
    // FSDP names carry it: model_world_size_W_rank_R.pt.
    static const QRegularExpression fsdp(uR"(_world_size_(\d+)_rank_\d+\.pt)"_s);
    const auto m = fsdp.match(QString::fromUtf8(names));
    if (m.hasMatch())
        return {m.captured(1).toInt(), Text::tr("the FSDP shard names")};
    return {0, QString()};
}

QList<VerifyRow> verify(const SourceData &source, const QList<NodeState> &nodes)
{
    QList<VerifyRow> rows;
    for (const NodeState &node : nodes)
        for (const SourceFile &file : source.files) {
            const QString sha = node.files.value(file.path).sha256;
            rows.append({node.node, file.path, sha, node.reachable && (node.shared || sha == file.sha256)});
        }
    return rows;
}

} // namespace vna::ckptsync
