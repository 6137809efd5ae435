#include "nodescript.h"

#include <QDateTime>
#include <QRegularExpression>

#include "ckptsync/mover.h"
#include "ckptsync/nodeshell.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync::detail {

// A node receives every file from other nodes, or every file from this run (routes are per node).
bool receivesFromNodes(const QList<Transfer> &transfers)
{
    return !transfers.isEmpty() && !transfers.first().from.isEmpty();
}

// The files' words for `python3 - send` on an upstream host (mover.py): each file's temporary name, final
// name, size and time (whole seconds). Quoted for the remote shell.
QString relayArguments(const QString &root, const QList<Transfer> &transfers)
{
    QStringList words;
    for (const Transfer &t : transfers)
        words << root + u'/' + tempPath(t.relative, t.sha) << root + u'/' + t.relative << QString::number(t.bytes)
              << QString::number(t.mtimeMs / 1000);
    return quotedList(words).mid(1);
}

// Writes a node's files in one remote command, under the node's lock. First an earlier run's cut-short
// commit is completed (its journal) and temporary files of other content are removed. The files'
// bytes then arrive one after the other, on stdin or from the upstream hosts, and one process
// (mover.py) appends each to a temporary name in its folder named for its content (from the offset a
// cut transfer reached) and checksums it in the same pass (a resumed file's first part is read once);
// then each gets its mode; a failure keeps what arrived for the next run. When all are right, a
// journal naming every switch is put in place, and the switches run: each old file (or link) is kept as
// NAME.bak-<stamp>-<random> by a hard link of the name itself, and the new file renamed over the name (mv -T: a link is
// replaced, never followed). No signal can stop the shell between two renames, and a run cut short anyway leaves the
// journal for the next one. Output: "backup I PATH" lines, then "done". Errors name the file index on stderr.
QString transferScript(const Options &options,
                       const QString &node,
                       bool serves,
                       const QList<Transfer> &transfers,
                       const QStringList &dirs,
                       const QString &run,
                       bool hold)
{
    const QString root = options.source.root;
    const QString stamp = QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss"_s);
    // Temporary files of other content are from runs that died; this plan's are resumed.
    QString keep;
    for (const Transfer &t : transfers) {
        QString name = tempPath(t.relative, t.sha).section(u'/', -1);
        static const QRegularExpression glob(uR"(([*?\[\]\\]))"_s);
        name.replace(glob, uR"(\\1)"_s);
        keep += u" ! -name "_s + q(name);
    }
    QString script = u"R="_s + q(root) + u"\nJ=\"$R/"_s + QLatin1String(kJournalFile) + u"\"\nRUN="_s + q(run) + u"\n"_s
        + lockFragment(options) + u"trap '' HUP INT TERM PIPE\n"_s + kShaFunction + switchFunction()
        + uR"SH(if [ -e "$J" ]; then
  if [ -L "$J" ] || [ ! -f "$J" ]; then echo "journal: $J is not a file" >&2; exit 16; fi
  . "$J" || { echo "journal: an earlier sync's switch cannot be completed" >&2; exit 16; }
  rm -f -- "$J"
fi
for d in)SH"_s
        + quotedList(dirs) + uR"SH(; do
  [ -d "$R/$d" ] && find "$R/$d" -maxdepth 1 -type f -name '.*)SH"_s
        + QLatin1String(kTempInfix) + u"*'"_s + keep + uR"SH( -exec rm -f -- {} + 2>/dev/null
done
)SH"_s;
    QString journal;
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        const Transfer &t = transfers.at(i);
        const QString final = root + u'/' + t.relative;
        const QString dir = final.section(u'/', 0, -2);
        const QString temp = root + u'/' + tempPath(t.relative, t.sha);
        const QString backup = final + u".bak-"_s + stamp + u'-' + nonce().left(8);
        // Joined, not QString::arg: a later arg() would also replace a "%N" inside a path.
        const QString n = QString::number(i);
        const auto set = [&](const char *variable, const QString &value) {
            script += QLatin1String(variable) + n + u'=' + q(value) + u'\n';
        };
        set("d", dir);
        set("f", final);
        set("t", temp);
        set("x", t.sha);
        set("w", t.before);
        set("o", QString::number(t.offset));
        set("z", QString::number(t.bytes));
        set("b", backup);
        journal += u"c "_s + q(temp) + u' ' + q(final) + u' ' + q(backup) + u'\n';
    }
    // Temporary files that start from nothing go before downstream nodes may read this run's (its
    // marker), and relay markers of earlier runs go: this run holds the lock.
    script += u"rm -f -- \"$R\"/.verl-npu-assistant-relay-* 2>/dev/null\n"_s;
    for (qsizetype i = 0; i < transfers.size(); ++i)
        if (transfers.at(i).offset == 0)
            script += u"[ -L \"$t%1\" ] || rm -f -- \"$t%1\"\n"_s.arg(i);
    // On a node others receive from, the marker names this shell and, per temporary file, the process
    // that writes it, for them to follow the file while it grows.
    script += u"MV="_s + q(QString::fromUtf8(kMoverPy)) + uR"SH(
command -v python3 >/dev/null 2>&1 || { echo "python3 is not installed on $(hostname): the sync needs it (the Python that verl runs on) to receive files" >&2; exit 24; }
)SH"_s;
    if (serves)
        script += uR"SH(MK="$R/.verl-npu-assistant-relay-$RUN"
printf '%s\n' "$$" > "$MK"
trap 'echo end >> "$MK"' EXIT
)SH"_s;
    else
        script += u"MK=\n"_s;
    // INDEX TEMP SIZE of every file, for `mover.py recv`; and what it printed becomes s<INDEX> (checksums).
    QString files;
    for (qsizetype i = 0; i < transfers.size(); ++i)
        files += u" %1 \"$t%1\" \"$z%1\""_s.arg(i);
    const QString sums
        = u"eval \"$(printf '%s\\n' \"$out\" | sed -n 's/^sha \\([0-9][0-9]*\\) \\([0-9a-f]\\{64\\}\\)$/s\\1=\\2/p')\"\n"_s;
    const bool pulls = receivesFromNodes(transfers);
    if (pulls) {
        // One stream per upstream for all the files, from the first that is not whole: a file boundary
        // costs nothing, so no gap builds up along the chain. When the stream ends early, the next
        // upstream goes on from what arrived.
        const qint64 wait = std::max(10, options.timeoutSec * 10);
        script += nodeSshFunction(options.ssh, node) + u"RM="_s + q(q(root + u"/.verl-npu-assistant-relay-"_s + run))
            + u"\nRF="_s + q(relayArguments(root, transfers)) + u"\nN="_s + QString::number(transfers.size())
            + u"\nW="_s + QString::number(wait) + u"\nB="_s + QString::number(options.bandwidthLimit) + u'\n'
            + uR"SH(# HOST MODES: receives what HOST sends, from the first file not whole; "via INDEX HOST" per file it sent.
pull() {
  k=0
  while [ "$k" -lt "$N" ]; do eval "c=\$t$k y=\$z$k"; g=$(stat -c %s -- "$c" 2>/dev/null) || g=0; [ "$g" -ge "$y" ] || break; k=$((k+1)); done
  [ "$k" -lt "$N" ] || return 0
  O=; j=0
  while [ "$j" -lt "$N" ]; do eval "c=\$t$j"; g=$(stat -c %s -- "$c" 2>/dev/null) || g=0; O="$O $g"; j=$((j+1)); done
  p="$R/.verl-npu-assistant-relay-fifo-$$"
  rm -f -- "$p"; mkfifo -m 600 -- "$p" || return 1
  printf '%s\n' "$MV" | nssh -- "$1" "python3 -I -S - send $RM $W $B $2 $k $N $RF$O" > "$p" &
  P=$!
  exec 4< "$p"; rm -f -- "$p"
)SH"_s + u"  out=$(VNA_STOP_FD=5 python3 -I -S -c \"$MV\" recv \"$MK\" \"$1\""_s
            + files + uR"SH( 5<&0 <&4) || { e=$?; exec 4<&-; kill $P 2>/dev/null; exit $e; }
  printf '%s\n' "$out" | grep '^via '
)SH"_s + u"  "_s
            + sums + uR"SH(  exec 4<&-
  kill $P 2>/dev/null; wait $P 2>/dev/null
  printf '%s\n' "$out" | grep -q '^short ' && printf 'vna-failover %s\n' "$1" >&2
  return 0
}
)SH"_s;
    }
    // A failure keeps what arrived (the next run resumes it), except a copy that is whole and wrong.
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        script
            += uR"SH(if [ -e "$f%1" ] && [ ! -f "$f%1" ] && [ ! -L "$f%1" ]; then echo "file %1: is a $(stat -c %F -- "$f%1"), not a file" >&2; exit 15; fi
mkdir -p -- "$d%1" || { echo "file %1" >&2; exit 10; }
[ -L "$t%1" ] && { echo "file %1: $t%1 is a link; remove it" >&2; exit 15; }
if [ "$o%1" -gt 0 ]; then
  [ -f "$t%1" ] && [ "$(stat -c %s -- "$t%1")" = "$o%1" ] || { echo "file %1: the partial copy changed since the preflight; run the sync again" >&2; exit 20; }
fi
s%1=
)SH"_s.arg(i);
    }
    if (!pulls)
        script += u"out=$(python3 -I -S -c \"$MV\" recv \"$MK\" ''"_s + files + u") || exit $?\n"_s + sums;
    if (pulls) {
        const QList<Upstream> &from = transfers.first().from;
        for (qsizetype c = 0; c < from.size(); ++c) {
            QString modes;
            for (const Transfer &t : transfers)
                modes += t.from.value(c).finalOnly ? u'f' : u't';
            script += u"pull "_s + q(from.at(c).host) + u' ' + modes + u'\n';
        }
    }
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        const Transfer &t = transfers.at(i);
        script += uR"SH(g=$(stat -c %s -- "$t%1" 2>/dev/null) || g=0
[ "$g" = "$z%1" ] || { echo "file %1: cut short at $g of $z%1 bytes; the next sync resumes from there" >&2; exit %2; }
)SH"_s.arg(QString::number(i), pulls ? u"21"_s : u"11"_s);
        script += u"s=$s%1\n"_s.arg(i);
        script += uR"SH([ -n "$s" ] || s=$(h < "$t%1")
[ "$s" = "$x%1" ] || { echo "file %1: checksum after transfer is $s, expected $x%1" >&2; rm -f -- "$t%1"; exit 12; }
chmod %2 "$t%1" || { echo "file %1" >&2; exit 11; }
touch -m -d @%3 -- "$t%1" || { echo "file %1" >&2; exit 11; }
)SH"_s.arg(QString::number(i), QString::number(t.mode & 07777, 8), QString::number(t.mtimeMs / 1000));
    }
    if (hold)
        return script + u"echo held\nexit 23\n"_s;
    // Nothing changed at the destinations since the preflight (another tool, or a run that did not lock).
    for (qsizetype i = 0; i < transfers.size(); ++i)
        script += uR"SH(o=$(stat -c '%F|%s|%Y|%i' -- "$f%1" 2>/dev/null) || o=absent
[ "$o" = "$w%1" ] || { echo "file %1: changed on the node since the preflight (last sync there: $P); run the sync again" >&2; exit 17; }
if [ -L "$f%1" ] || [ -e "$f%1" ]; then k%1=1; else k%1=; fi
)SH"_s.arg(i);
    const QString delimiter = u"VNA_JOURNAL_"_s + nonce();
    script += u"cat > \"$J.$RUN\" <<'"_s + delimiter + u"'\n"_s + journal + delimiter + u"\n"_s + uR"SH(
[ -s "$J.$RUN" ] || { echo "cannot write the journal $J" >&2; rm -f -- "$J.$RUN"; exit 14; }
mv -fT -- "$J.$RUN" "$J" || { echo "cannot write the journal $J" >&2; rm -f -- "$J.$RUN"; exit 14; }
. "$J" || { echo "switch failed; the next sync completes it" >&2; exit 14; }
rm -f -- "$J"
)SH"_s;
    for (qsizetype i = 0; i < transfers.size(); ++i)
        script += u"[ -n \"$k%1\" ] && echo \"backup %1 $b%1\"\n"_s.arg(i);
    script += u"echo done\nexit 0\n"_s;
    return script;
}

} // namespace vna::ckptsync::detail
