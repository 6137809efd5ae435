#include "collect/nodelogs.h"

#include <map>

#include <QRegularExpression>

#include "env/probe.h"
#include "hydra/shell.h"
#include "logscan/errorlines.h"
#include "logscan/lineinfo.h"
#include "logscan/matcher.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

// A heredoc body: one literal per line, under a delimiter no literal can be.
QString heredoc(const QString &file, const QStringList &lines, const QString &nonce)
{
    const QString end = u"VNA_END_"_s + nonce;
    QString out = u"cat >\"$D/%1\" <<'%2'\n"_s.arg(file, end);
    for (const QString &line : lines) {
        QString clean = line;
        clean.remove(u'\n');
        clean.remove(u'\r');
        if (!clean.isEmpty() && clean != end)
            out += clean + u'\n';
    }
    return out + end + u'\n';
}

} // namespace

QString shellPrelude(const QString &nonce, int timeoutSec)
{
    return u"N="_s + shell::quote(nonce) + u"\nT=%1\n"_s.arg(std::max(1, timeoutSec))
        + uR"(b() { printf '\n@@%s:begin:%s@@\n' "$N" "$1"; }
e() { printf '\n@@%s:end:%s@@\n' "$N" "$1"; }
run() { if command -v timeout >/dev/null 2>&1; then timeout -k 2 "$T" "$@"; else "$@"; fi; }
home() { case "$1" in "~") printf '%s\n' "$HOME" ;; "~/"*) printf '%s\n' "$HOME/${1#\~/}" ;; *) printf '%s\n' "$1" ;; esac; }
)"_s;
}

QString sessionFolder(const QString &rayDir, const QString &session)
{
    return u"RAY="_s + shell::quote(rayDir) + u"\nSESSION="_s + shell::quote(session) + uR"(
RAY=$(home "$RAY")
case "$SESSION" in /*|"~"*) S=$(home "$SESSION") ;; *) S="$RAY/$SESSION" ;; esac
)"_s;
}

void searchFor(ScriptOptions &options, const logscan::Matcher &matcher)
{
    options.literals = matcher.literals();
    options.markers.clear();
    for (const std::string &marker : logscan::levelMarkers())
        options.markers << QString::fromStdString(marker);
}

QByteArray nodeScript(const ScriptOptions &options, const QString &nonce)
{
    QString s = shellPrelude(nonce, options.timeoutSec);
    s += u"CTX=%1\nFCAP=%2\nNCAP=%3\nTAILN=%4\n"_s.arg(std::max(0, options.context))
             .arg(std::max<qint64>(1024, options.maxBytesPerFile))
             .arg(std::max<qint64>(1024, options.maxBytesPerNode))
             .arg(std::max(1, options.tailLines));
    s += u"PLOGS=%1\nKERNEL=%2\n"_s.arg(options.plogs ? 1 : 0).arg(options.kernel ? 1 : 0);
    s += sessionFolder(options.rayDir, options.session);
    s += uR"(TAB=$(printf '\t')
D=$(mktemp -d 2>/dev/null) || { D=/tmp/vna-collect-$$; mkdir -p "$D" || exit 3; }
trap 'rm -rf "$D"' EXIT
trap 'exit 130' INT TERM HUP
)"_s;
    s += heredoc(u"a"_s, options.literals, nonce);
    s += heredoc(u"m"_s, options.markers, nonce);
    s += uR"(b host; hostname 2>/dev/null || uname -n; e 0
printf '%s\n' "$S/logs" >"$D/roots"
if [ "$PLOGS" = 1 ]; then
  L=${ASCEND_PROCESS_LOG_PATH:-$HOME/ascend/log}
  if [ -d "$L/run" ] || [ -d "$L/debug" ]; then
    for r in "$L/run" "$L/debug"; do [ -d "$r" ] && printf '%s\n' "$r" >>"$D/roots"; done
  else
    printf '%s\n' "$L" >>"$D/roots"
  fi
fi
)"_s;
    for (const QString &path : options.paths)
        s += u"home "_s + shell::quote(path) + u" >>\"$D/roots\"\n"_s;
    const QString newer = options.sinceEpochSec >= 0 ? u" -newermt @%1"_s.arg(options.sinceEpochSec) : QString();
    s += uR"(b missing; while IFS= read -r r; do [ -e "$r" ] || printf '%s\n' "$r"; done <"$D/roots"; e 0
while IFS= read -r r; do
  if [ -d "$r" ]; then
    find "$r/" -type f \( -name '*.log' -o -name '*.out' -o -name '*.err' -o -name '*.txt' \))"_s
        + newer + uR"( -printf '%T@\t%s\t%p\n' 2>/dev/null
  elif [ -f "$r" ]; then
    find "$r")"_s
        + newer + uR"( -printf '%T@\t%s\t%p\n' 2>/dev/null
  fi
done <"$D/roots" | sort -t "$TAB" -k3,3 -u | sort -t "$TAB" -k1,1 -rn >"$D/files"
b list; cat "$D/files"; e 0
used=0
while IFS="$TAB" read -r m z f; do
  [ "$used" -lt "$NCAP" ] || break
  grep -a -n -i -F -f "$D/a" -B "$CTX" -A "$CTX" -- "$f" 2>/dev/null | tail -c "$FCAP" >"$D/w1"
  grep -a -n -F -f "$D/m" -B "$CTX" -A "$CTX" -- "$f" 2>/dev/null | tail -c "$FCAP" >"$D/w2"
  head -n 3 -- "$f" | cut -c 1-400 >"$D/h"
  tail -n "$TAILN" -- "$f" | cut -c 1-4000 >"$D/t"
  b "n:$f"; wc -l <"$f"; e 0
  b "h:$f"; cat "$D/h"; e 0
  b "t:$f"; cat "$D/t"; e 0
  b "a:$f"; cat "$D/w1"; e 0
  b "m:$f"; cat "$D/w2"; e 0
  k=$(cat "$D/w1" "$D/w2" "$D/h" "$D/t" | wc -c)
  used=$((used + k))
done <"$D/files"
if [ "$KERNEL" = 1 ]; then
  if command -v dmesg >/dev/null 2>&1; then
    run dmesg --time-format iso >"$D/k" 2>"$D/ke" || run dmesg >"$D/k" 2>"$D/ke"
    kr=$?
  else
    kr=127
  fi
  if [ "$kr" != 0 ] && command -v journalctl >/dev/null 2>&1; then
    run journalctl -k --no-pager -o short-iso -n 20000 >"$D/k" 2>>"$D/ke" && kr=0
  fi
  b kernel; grep -a -i -E 'davinci|devdrv|drv_|npu|hisi|ascend|devmm|tsdrv|hdc' "$D/k" 2>/dev/null | tail -n 300; e "$kr"
  b kernel-error; head -c 400 "$D/ke" 2>/dev/null; e 0
fi
b smi; run npu-smi info 2>&1; e $?
b pyspy; command -v py-spy; e $?
b done; e 0
)"_s;
    return s.toUtf8();
}

QByteArray stacksScript(const QList<qint64> &pids, int timeoutSec, const QString &nonce)
{
    QString s = shellPrelude(nonce, timeoutSec);
    for (const qint64 pid : pids)
        s += u"b stack:%1; run py-spy dump --pid %1 2>&1; e $?\n"_s.arg(pid);
    return s.toUtf8();
}

qint64 NodeAnswer::bytesOnNode() const
{
    qint64 total = 0;
    for (const NodeFile &file : files)
        total += file.size;
    return total;
}

qint64 NodeAnswer::bytesKept() const
{
    qint64 total = 0;
    for (const NodeFile &file : files)
        total += file.text.size();
    return total;
}

QString fileKind(const QString &path)
{
    const QString name = path.section(u'/', -1);
    if (name.startsWith(u"worker-"_s) || name.startsWith(u"python-core-worker-"_s))
        return u"ray-worker"_s;
    if (name.startsWith(u"job-driver-"_s) || name.startsWith(u"python-core-driver-"_s))
        return u"ray-driver"_s;
    if (name.startsWith(u"plog-"_s))
        return u"plog"_s;
    if (name.startsWith(u"device-"_s) || path.contains(u"/device-"_s))
        return u"device"_s;
    if (path.contains(u"/logs/"_s) && (path.contains(u"/session_"_s) || path.contains(u"/ray/"_s)))
        return u"ray"_s;
    return u"other"_s;
}

QString pidOfFile(const QString &path)
{
    const QString name = path.section(u'/', -1);
    // worker-<worker id>[-<job id>]-<pid>.out|.err (Ray's core_worker_process.cc), python-core-worker-<id>_<pid>.log
    static const QRegularExpression worker(uR"(^(?:io_)?worker-[0-9a-f]+-(?:[0-9a-f]+-)?(\d+)\.(?:out|err)$)"_s);
    static const QRegularExpression core(uR"(^python-core-(?:worker|driver)-[0-9a-f]+_(\d+)\.log$)"_s);
    // plog-<pid>_<time>.log, device-<pid>_<time>.log
    static const QRegularExpression plog(uR"(^(?:plog|device)-(\d+)_\d+\.log$)"_s);
    for (const QRegularExpression *re : {&worker, &core, &plog})
        if (const auto m = re->match(name); m.hasMatch())
            return m.captured(1);
    return {};
}

namespace {

// grep -n output: "12:text" for a line found, "12-text" for context, "--" between windows.
void readGrep(const QByteArray &text, bool cut, std::map<qint64, QByteArray> &lines)
{
    qsizetype pos = 0;
    bool first = true;
    while (pos < text.size()) {
        qsizetype end = text.indexOf('\n', pos);
        if (end < 0)
            end = text.size();
        const QByteArray line = text.mid(pos, end - pos);
        pos = end + 1;
        if (std::exchange(first, false) && cut)
            continue; // tail -c cut it somewhere inside
        qsizetype digits = 0;
        while (digits < line.size() && line.at(digits) >= '0' && line.at(digits) <= '9')
            ++digits;
        if (digits == 0 || digits >= line.size() || (line.at(digits) != ':' && line.at(digits) != '-'))
            continue;
        bool ok = false;
        const qint64 number = line.left(digits).toLongLong(&ok);
        if (ok && number > 0)
            lines.emplace(number, line.mid(digits + 1));
    }
}

} // namespace

NodeAnswer parseNodeAnswer(const QByteArray &output, const QString &nonce, qint64 maxBytesPerFile)
{
    NodeAnswer answer;
    const QList<env::Section> sections = env::splitSections(output, nonce);
    QHash<QString, qsizetype> byPath;
    QHash<QString, std::map<qint64, QByteArray>> kept;
    const auto fileOf = [&](const QString &path) -> NodeFile * {
        const auto it = byPath.constFind(path);
        return it == byPath.constEnd() ? nullptr : &answer.files[*it];
    };
    for (const env::Section &section : sections) {
        const QString &name = section.name;
        if (name == u"host"_s) {
            answer.hostname = section.text.trimmed();
        } else if (name == u"missing"_s) {
            answer.missing = section.text.split(u'\n', Qt::SkipEmptyParts);
        } else if (name == u"list"_s) {
            for (const QString &line : section.text.split(u'\n', Qt::SkipEmptyParts)) {
                const QStringList parts = line.split(u'\t');
                if (parts.size() < 3)
                    continue;
                NodeFile file;
                file.path = parts.mid(2).join(u'\t');
                // find's %T@: seconds since 1970 with a fraction (anything else, or a time past 9999, is unknown)
                const double seconds = parts.at(0).toDouble();
                file.mtimeMs = seconds > 0 && seconds < 253402300800.0 ? static_cast<qint64>(seconds * 1000.0) : 0;
                file.size = parts.at(1).toLongLong();
                file.kind = fileKind(file.path);
                file.pid = pidOfFile(file.path);
                byPath.insert(file.path, answer.files.size());
                answer.files << file;
            }
        } else if (name == u"kernel"_s) {
            answer.kernel = section.text.split(u'\n', Qt::SkipEmptyParts);
            if (section.exitCode == 127)
                answer.kernelNote = QStringLiteral("dmesg: not found");
        } else if (name == u"kernel-error"_s) {
            if (answer.kernel.isEmpty() && answer.kernelNote.isEmpty())
                answer.kernelNote = section.text.trimmed();
        } else if (name == u"smi"_s) {
            answer.smi = section.text;
            answer.smiExit = section.exitCode;
        } else if (name == u"pyspy"_s) {
            answer.pySpy = section.exitCode == 0 ? section.text.trimmed() : QString();
        } else if (name == u"done"_s) {
            answer.complete = true;
        } else if (name.size() > 2 && name.at(1) == u':') {
            NodeFile *file = fileOf(name.mid(2));
            if (!file)
                continue;
            file->read = true;
            const QChar what = name.at(0);
            if (what == u'n') {
                file->lines = section.text.trimmed().toLongLong();
            } else if (what == u'h') {
                for (const QString &line : section.text.split(u'\n'))
                    for (const QString &prefix : {u":actor_name:"_s, u":task_name:"_s})
                        if (file->actor.isEmpty() && line.startsWith(prefix))
                            file->actor = line.mid(prefix.size()).trimmed();
            } else if (what == u't') {
                file->tail = section.text.split(u'\n');
                while (!file->tail.isEmpty() && file->tail.constLast().isEmpty())
                    file->tail.removeLast();
            } else if (what == u'a' || what == u'm') {
                const QByteArray bytes = section.text.toUtf8();
                const bool cut = bytes.size() + 1 >= maxBytesPerFile;
                file->cut = file->cut || cut;
                readGrep(bytes, cut, kept[file->path]);
            }
        }
    }
    // A plog or a second log of the same process: its actor and rank are those its Ray log names.
    QHash<QString, QString> actors;
    QHash<QString, QString> ranks;
    for (NodeFile &file : answer.files) {
        if (!file.read)
            continue;
        std::map<qint64, QByteArray> &lines = kept[file.path];
        // The last lines too: where the process stopped, whatever they say.
        const qint64 firstTail = std::max<qint64>(1, file.lines - file.tail.size() + 1);
        file.tailFirstLine = file.tail.isEmpty() ? 0 : firstTail;
        for (qsizetype i = 0; i < file.tail.size(); ++i)
            lines.emplace(firstTail + i, file.tail.at(i).toUtf8());
        qint64 previous = 0;
        for (const auto &[number, text] : lines) {
            if (previous > 0 && number > previous + 1) {
                file.text += "\xe2\x80\xa6\n"; // …
                file.lineNumbers << 0;
            }
            file.text += text + '\n';
            file.lineNumbers << number;
            previous = number;
            if (file.rank.isEmpty())
                file.rank
                    = logscan::describeLine(std::string_view(text.constData(), static_cast<size_t>(text.size()))).rank;
        }
        if (!file.pid.isEmpty()) {
            if (!file.actor.isEmpty())
                actors.insert(file.pid, file.actor);
            if (!file.rank.isEmpty())
                ranks.insert(file.pid, file.rank);
        }
    }
    for (NodeFile &file : answer.files) {
        if (file.actor.isEmpty())
            file.actor = actors.value(file.pid);
        if (file.rank.isEmpty())
            file.rank = ranks.value(file.pid);
    }
    return answer;
}

} // namespace vna::collect
