#include "sync.h"

#include <cmath>
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
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>

#include "common/logging.h"
#include "common/parallel.h"
#include "common/paths.h"
#include "hydra/shell.h"
#include "ssh/nodeset.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

// Below this, for a node, a chain saves less than it costs to open one connection per link.
constexpr qint64 kChainWorthwhile = 32LL << 20;

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

} // namespace

Result<qint64> parseRate(const QString &text)
{
    static const QRegularExpression re(uR"(^\s*(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:i?[bB])?(?:/s)?\s*$)"_s);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return Error::input(Text::tr("\"%1\" is not a rate: use bytes per second, e.g. 100M or 1.5G.").arg(text),
                            u"--bandwidth-limit"_s);
    const QString unit = m.captured(2).toUpper();
    const double factor = unit == u"K"_s ? 1024.0
        : unit == u"M"_s                 ? 1024.0 * 1024
        : unit == u"G"_s                 ? 1024.0 * 1024 * 1024
                                         : 1.0;
    return static_cast<qint64>(m.captured(1).toDouble() * factor);
}

QString sizeText(qint64 bytes)
{
    return bytes >= 1024LL * 1024 * 1024 ? Text::tr("%1 GiB").arg(static_cast<double>(bytes) / (1 << 30), 0, 'f', 1)
                                         : Text::tr("%1 MiB").arg(static_cast<double>(bytes) / (1 << 20), 0, 'f', 1);
}

QString progressText(qint64 sent, qint64 total, double bytesPerSecond)
{
    if (sent <= 0)
        return Text::tr("%1 of %2, no bytes yet").arg(sizeText(0), sizeText(total));
    const QString rate = sizeText(static_cast<qint64>(bytesPerSecond));
    if (sent >= total)
        return Text::tr("%1 of %2, %3/s, done").arg(sizeText(sent), sizeText(total), rate);
    if (bytesPerSecond <= 0 || sent * 100 < total)
        return Text::tr("%1 of %2, %3/s, time left not known yet").arg(sizeText(sent), sizeText(total), rate);
    const qint64 left = std::llround(static_cast<double>(total - sent) / bytesPerSecond);
    const QString time = left < 60 ? Text::tr("%1 s").arg(left)
        : left < 3600              ? Text::tr("%1 min %2 s").arg(left / 60).arg(left % 60)
                                   : Text::tr("%1 h %2 min").arg(left / 3600).arg(left % 3600 / 60);
    return Text::tr("%1 of %2, %3/s, about %4 left").arg(sizeText(sent), sizeText(total), rate, time);
}

QString Source::display() const
{
    return isLocal() ? root : host + u':' + root;
}

QString defaultRunBy()
{
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME", u"?"_s));
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return u"%1@%2, pid %3"_s.arg(user, QString::fromLocal8Bit(host)).arg(QCoreApplication::applicationPid());
}

Result<Discovery> discoverSource(const Source &source, const ssh::Options &ssh, const std::atomic_bool *cancel)
{
    if (!QDir::isAbsolutePath(source.root) && !source.isLocal())
        return Error::input(Text::tr("Give the checkpoint folder on %1 as an absolute path: the other nodes must use "
                                     "the same path.")
                                .arg(source.host),
                            u"--checkpoint"_s);
    QList<Entry> entries;
    QString tracker;
    if (source.isLocal()) {
        auto listed = listLocal(source.root);
        if (!listed)
            return listed.error();
        entries = *listed;
        QFile file(source.root + u'/' + QLatin1String(kTrackerFile));
        const QFileInfo info(file);
        if (info.isFile() && file.open(QIODevice::ReadOnly))
            tracker = QString::fromUtf8(file.read(64));
    } else {
        // Exit 3: no such folder. The tracker is optional: a step folder may have none beside it.
        const QString script = u"cd "_s + q(source.root) + u" 2>/dev/null || exit 3\n"_s + listingScript({}, true)
            + u"if [ -f "_s + QLatin1String(kTrackerFile) + u" ]; then printf 'tracker\\t'; head -c 64 "_s
            + QLatin1String(kTrackerFile) + u"; printf '\\0'; fi\nexit 0\n"_s;
        const ProcessResult result = remote(ssh, source.host, script, {}, 120000, cancel);
        if (result.exitCode != 0)
            return Error::runtime(result.exitCode == 3
                                      ? Text::tr("%1 does not exist on %2.").arg(source.root, source.host)
                                      : failureText(ssh, source.host, result),
                                  source.host);
        entries = parseListing(result.out);
        for (const QByteArray &record : result.out.split('\0'))
            if (record.startsWith("tracker\t"))
                tracker = QString::fromUtf8(record.mid(8));
    }
    return discover(source.root, entries, tracker);
}

namespace {

// A regular file read in pieces, never blocking on a FIFO swapped in since the listing, never more
// than the size the listing gave (+1, to notice growth).
class BoundedFile
{
public:
    BoundedFile() = default;
    BoundedFile(const BoundedFile &) = delete;
    BoundedFile &operator=(const BoundedFile &) = delete;
    ~BoundedFile() { close(); }

    QString open(const QString &path, qint64 size)
    {
        close();
        m_size = size;
        m_got = 0;
        m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (m_fd < 0)
            return Text::tr("Cannot read %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
        struct stat st
        {};
        if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            close();
            return Text::tr("%1 is no longer a regular file.").arg(path);
        }
        ::fcntl(m_fd, F_SETFL, 0);
        return QString();
    }
    // Up to `max` bytes; 0 at the end, -1 on a read error.
    qint64 read(char *buffer, qint64 max)
    {
        const qint64 want = std::min(max, m_size + 1 - m_got);
        if (want <= 0 || m_fd < 0)
            return 0;
        for (;;) {
            const ssize_t n = ::read(m_fd, buffer, static_cast<size_t>(want));
            if (n < 0 && errno == EINTR)
                continue;
            if (n > 0)
                m_got += n;
            return n;
        }
    }
    qint64 got() const { return m_got; }
    // Starts at `offset` (bytes a node already has).
    bool skip(qint64 offset)
    {
        if (offset <= 0)
            return true;
        if (::lseek(m_fd, offset, SEEK_SET) != offset)
            return false;
        m_got = offset;
        return true;
    }
    void close()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd = -1;
    qint64 m_size = 0;
    qint64 m_got = 0;
};

QString changedText(const QString &path, qint64 listed, qint64 read)
{
    return Text::tr("%1 changed while it was read (%2 bytes listed, %3 read): the save is still running; try again "
                    "when it is done.")
        .arg(path)
        .arg(listed)
        .arg(read);
}

// The world size, where the checkpoint writes it down: verl 0.9's manifest, else the shard names in
// torch's .metadata (a lower bound: a rank with nothing to save writes no shard).
void noteWorldSize(SourceData &data, const QString &path, const QByteArray &content)
{
    const QString name = path.section(u'/', -1);
    if (name == u"ckpt_contents.json"_s) {
        const int world = QJsonDocument::fromJson(content).object().value(u"world_size"_s).toInt();
        if (world > 0) {
            data.worldSize = world;
            data.worldSizeSource = path;
        }
    } else if (name == u".metadata"_s && data.worldSizeSource.section(u'/', -1) != u"ckpt_contents.json"_s) {
        const int world = worldSizeFromNames(content);
        if (world > 0) {
            data.worldSize = world;
            data.worldSizeSource = path;
        }
    }
}

constexpr qint64 kMaxMetadataBytes = 64LL * 1024 * 1024; // read whole for the world size

bool tellsWorldSize(const SyncFile &file)
{
    const QString name = file.path.section(u'/', -1);
    return (name == u"ckpt_contents.json"_s || name == u".metadata"_s) && file.size <= kMaxMetadataBytes;
}

} // namespace

Result<SourceData>
readSource(const Source &source, const SourceSet &set, const ssh::Options &ssh, const std::atomic_bool *cancel)
{
    SourceData data;
    data.perRank = set.perRank;
    data.notes = set.refused;
    data.worldSize = set.worldSize;
    data.worldSizeSource = set.worldSizeSource;
    for (const SyncFile &file : set.files) {
        SourceFile entry;
        static_cast<SyncFile &>(entry) = file;
        data.files.append(entry);
        if (file.viaLink)
            data.notes.append(
                Text::tr("%1 is a link at the source: its target was read and is copied as a file.").arg(file.path));
    }
    // Checksums, each file read once and in pieces: nothing is held whole.
    if (source.isLocal()) {
        QByteArray chunk(1 << 20, Qt::Uninitialized);
        for (SourceFile &file : data.files) {
            if (cancel && cancel->load())
                return Error::runtime(Text::tr("Canceled."));
            const QString path = source.root + u'/' + file.path;
            BoundedFile in;
            if (const QString error = in.open(path, file.size); !error.isEmpty())
                return Error::runtime(error, path);
            QCryptographicHash hash(QCryptographicHash::Sha256);
            QByteArray whole;
            for (qint64 n = 0; (n = in.read(chunk.data(), chunk.size())) > 0;) {
                hash.addData(QByteArrayView(chunk.constData(), n));
                if (tellsWorldSize(file))
                    whole.append(chunk.constData(), n);
            }
            if (in.got() != file.size)
                return Error::runtime(changedText(path, file.size, in.got()), path);
            file.sha256 = QString::fromLatin1(hash.result().toHex());
            noteWorldSize(data, file.path, whole);
        }
        return data;
    }
    // On the source host: one command for every checksum, then the small files that tell the world size.
    QString script = kShaFunction + u"cd "_s + q(source.root)
        + u" 2>/dev/null || exit 3\ni=0\n"
          "while IFS= read -r f && IFS= read -r n; do\n"
          "  if [ -f \"$f\" ]; then z=$(stat -L -c %s -- \"$f\"); s=$(head -c \"$n\" -- \"$f\" | h);"
          " else z=-1; s=-; fi\n"
          "  printf 'sum\\t%s\\t%s\\t%s\\n' \"$i\" \"$z\" \"$s\"; i=$((i+1))\n"
          "done <<'VNA_FILES_END'\n"_s;
    for (const SourceFile &file : std::as_const(data.files))
        script += file.path + u'\n' + QString::number(file.size) + u'\n';
    script += u"VNA_FILES_END\n"_s;
    for (const SourceFile &file : std::as_const(data.files))
        if (tellsWorldSize(file))
            script += u"printf '@@file\\n'; head -c "_s + QString::number(file.size) + u" -- "_s + q(file.path) + u'\n';
    const ProcessResult r
        = ssh::run(ssh, source.host, {u"sh"_s, u"-s"_s}, script.toUtf8(), 3600000, cancel, 256LL * 1024 * 1024);
    if (r.exitCode != 0)
        return Error::runtime(
            r.exitCode == 3
                ? Text::tr("%1 does not exist on %2.").arg(source.root, source.host)
                : Text::tr("Cannot read %1 on %2: %3").arg(source.root, source.host, failureText(ssh, source.host, r)),
            source.root);
    qsizetype at = r.out.indexOf("@@file\n");
    for (const QByteArray &line : r.out.left(at < 0 ? r.out.size() : at).split('\n')) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() != 4 || f.at(0) != "sum")
            continue;
        const qsizetype index = f.at(1).toLongLong();
        if (index < 0 || index >= data.files.size())
            continue;
        SourceFile &file = data.files[index];
        const QString path = source.root + u'/' + file.path;
        if (f.at(2) == "-1")
            return Error::runtime(Text::tr("%1 on %2 is no longer a regular file.").arg(path, source.host), path);
        if (f.at(2).toLongLong() != file.size)
            return Error::runtime(changedText(path, file.size, f.at(2).toLongLong()), path);
        file.sha256 = QString::fromLatin1(f.at(3));
    }
    for (const SourceFile &file : std::as_const(data.files)) {
        if (file.sha256.isEmpty())
            return Error::runtime(
                Text::tr("Cannot read %1 on %2: %3").arg(file.path, source.host, Text::tr("no checksum came back")),
                file.path);
        // "@@file\n" CONTENT, in the order asked.
        if (tellsWorldSize(file) && at >= 0) {
            noteWorldSize(data, file.path, r.out.mid(at + 7, file.size));
            at = r.out.indexOf("@@file\n", at + 7 + file.size);
        }
    }
    return data;
}

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

QString actionId(Action action)
{
    switch (action) {
    case Action::Copy:
        return u"copy"_s;
    case Action::SkipIdentical:
        return u"skip-identical"_s;
    case Action::Replace:
        return u"replace"_s;
    case Action::SkipShared:
        return u"skip-shared-storage"_s;
    case Action::Unreachable:
        return u"unreachable"_s;
    case Action::Blocked:
        return u"blocked"_s;
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
    case Action::SkipShared:
        return Text::tr("skip: shared storage, no copy needed");
    case Action::Unreachable:
        return Text::tr("skip: node unreachable");
    case Action::Blocked:
        return Text::tr("blocked: not a file on the node");
    }
    return QString();
}

QList<PlanItem> buildPlan(const SourceData &source, const QList<NodeState> &nodes)
{
    QList<PlanItem> plan;
    for (const NodeState &node : nodes)
        for (const SourceFile &file : source.files) {
            PlanItem item;
            item.node = node.node;
            item.file = file.path;
            item.bytes = file.size;
            item.need = file.need;
            item.before = node.before.value(file.path, u"absent"_s);
            if (const auto partial = node.partials.constFind(file.path); partial != node.partials.cend()) {
                item.partialBytes = partial->first;
                item.partialSha = partial->second;
            }
            const auto there = node.files.constFind(file.path);
            if (!node.reachable) {
                item.action = Action::Unreachable;
                item.reason = node.error;
            } else if (node.shared) {
                item.action = Action::SkipShared;
            } else if (there == node.files.cend()) {
                item.action = Action::Copy;
            } else if (there->kind == Entry::Kind::Special || there->kind == Entry::Kind::Folder) {
                item.action = Action::Blocked;
                item.reason = Text::tr("%1 is a %2 on %3; remove it, then sync again")
                                  .arg(file.path, there->what.isEmpty() ? u"folder"_s : there->what, node.node);
            } else if (there->kind == Entry::Kind::Regular && there->sha256 == file.sha256) {
                item.action = Action::SkipIdentical;
            } else {
                item.action = Action::Replace;
                if (there->kind == Entry::Kind::Link)
                    item.reason = Text::tr("a link on the node: replaced by the file, the link kept as the backup");
            }
            if (item.partialBytes > 0 && receives(item.action))
                item.reason = Text::tr("%1; %2 MiB already on the node from a transfer cut short: checked against "
                                       "the source, then only the rest is sent")
                                  .arg(item.reason.isEmpty() ? needText(item.need) : item.reason)
                                  .arg(static_cast<double>(item.partialBytes) / (1 << 20), 0, 'f', 1);
            plan.append(item);
        }
    return plan;
}

QMap<QString, QStringList> planProblems(const SourceData &source, const QList<NodeState> &nodes)
{
    QMap<QString, qint64> sizeOf;
    for (const SourceFile &file : source.files)
        sizeOf.insert(file.path, file.size);
    QMap<QString, QStringList> problems;
    const QList<PlanItem> plan = buildPlan(source, nodes);
    for (const NodeState &node : nodes) {
        if (!node.reachable || node.shared)
            continue;
        for (auto it = node.dirs.cbegin(); it != node.dirs.cend(); ++it) {
            if (it.value() == DirState::ReadOnly)
                problems[node.node].append(Text::tr("%1 is not writable").arg(it.key()));
            else if (it.value() == DirState::Blocked)
                problems[node.node].append(Text::tr("%1 is missing and cannot be created").arg(it.key()));
        }
        // Each file needs its size where its own folder lives (a file system mounted on a folder counts).
        for (const Volume &volume : node.volumes) {
            qint64 needed = 0;
            for (const PlanItem &item : plan)
                if (item.node == node.node && receives(item.action) && volume.dirs.contains(parentOf(item.file)))
                    needed += sizeOf.value(item.file);
            if (volume.freeBytes < needed)
                problems[node.node].append(Text::tr("%1 MiB free on %2, %3 MiB needed")
                                               .arg(volume.freeBytes / (1024 * 1024))
                                               .arg(volume.mount)
                                               .arg(needed / (1024 * 1024) + 1));
        }
        for (const PlanItem &item : plan)
            if (item.node == node.node && item.action == Action::Blocked)
                problems[node.node].append(item.reason);
        if (!node.lockedBy.isEmpty())
            problems[node.node].append(Text::tr("another sync is running there (%1)").arg(node.lockedBy));
    }
    return problems;
}

QMap<QString, QStringList> planNotes(const QList<NodeState> &nodes)
{
    QMap<QString, QStringList> notes;
    for (const NodeState &node : nodes) {
        if (node.journal)
            notes[node.node].append(
                Text::tr("an earlier sync was cut short while switching files; this run completes it first"));
        if (!node.partials.isEmpty())
            notes[node.node].append(Text::tr("%n file(s) partly sent by an earlier sync: resumed where they stopped",
                                             nullptr, static_cast<int>(node.partials.size())));
        if (!node.staleTemps.isEmpty())
            notes[node.node].append(
                Text::tr("%n temporary file(s) of an earlier sync that died; removed by the next sync", nullptr,
                         static_cast<int>(node.staleTemps.size())));
        if (node.backups > 0)
            notes[node.node].append(Text::tr("%n backup(s) of files earlier syncs replaced (NAME.bak-…); delete "
                                             "them when the resume works",
                                             nullptr, node.backups));
        if (!node.extra.isEmpty())
            notes[node.node].append(
                Text::tr("%n file(s) only this node has (kept, not deleted): %1", nullptr,
                         static_cast<int>(node.extra.size()))
                    .arg(node.extra.mid(0, 3).join(u", "_s) + (node.extra.size() > 3 ? u", …"_s : QString())));
    }
    return notes;
}

QMap<QString, qint64> bytesPerNode(const QList<PlanItem> &plan)
{
    QMap<QString, qint64> bytes;
    for (const PlanItem &item : plan)
        bytes[item.node] += receives(item.action) ? item.bytes : 0;
    return bytes;
}

Result<Topology> parseTopology(const QString &word)
{
    for (Topology t : {Topology::Auto, Topology::Chain, Topology::Star})
        if (word == topologyId(t))
            return t;
    return Error::input(Text::tr("\"%1\" is not a topology: use auto, chain or star.").arg(word), u"--topology"_s);
}

QString topologyId(Topology topology)
{
    switch (topology) {
    case Topology::Chain:
        return u"chain"_s;
    case Topology::Star:
        return u"star"_s;
    case Topology::Auto:
        break;
    }
    return u"auto"_s;
}

QStringList upstreamCandidates(const Options &options, const QString &node)
{
    QStringList hosts;
    const qsizetype at = options.nodes.indexOf(node);
    for (qsizetype j = at - 1; j >= 0 && j >= at - 3; --j)
        hosts.append(options.nodes.at(j));
    if (!options.source.isLocal() && options.source.host != node && !hosts.contains(options.source.host))
        hosts.append(options.source.host);
    return hosts;
}

QStringList planRoutes(const Options &options, const QList<NodeState> &nodes, QList<PlanItem> &plan)
{
    for (PlanItem &item : plan)
        item.from.clear();
    if (options.topology == Topology::Star)
        return {};
    QMap<QString, qint64> receiving;
    QSet<QString> cannotSend; // nothing of theirs is sure to be the source's bytes
    for (const PlanItem &item : plan) {
        if (receives(item.action))
            receiving[item.node] += item.bytes;
        else if (item.action != Action::SkipIdentical)
            cannotSend.insert(item.node);
    }
    const auto most = std::max_element(receiving.cbegin(), receiving.cend());
    if (options.topology == Topology::Auto && (receiving.size() < 2 || *most < kChainWorthwhile))
        return {};
    QMap<QString, const NodeState *> states;
    for (const NodeState &state : nodes)
        states.insert(state.node, &state);
    QStringList notes;
    QMap<QString, QStringList> from;
    for (const QString &node : options.nodes) {
        const NodeState *state = states.value(node);
        if (!receiving.contains(node) || !state)
            continue;
        QStringList reached;
        QStringList failed;
        for (const QString &host : upstreamCandidates(options, node)) {
            const bool isSource = !options.source.isLocal() && host == options.source.host;
            if (!isSource && (!states.contains(host) || cannotSend.contains(host)))
                continue;
            // Not checked (a farther node): tried if the nearer ones fail.
            const QString why = state->peers.value(host);
            if (why.isEmpty())
                reached.append(host);
            else
                failed.append(Text::tr("%1 (%2)").arg(host, why));
        }
        if (reached.isEmpty() && !failed.isEmpty())
            notes.append(
                Text::tr("%1 receives from this machine: it cannot reach %2 over ssh").arg(node, failed.join(u"; "_s)));
        else if (!failed.isEmpty())
            notes.append(Text::tr("%1 cannot reach %2 over ssh; it receives from %3")
                             .arg(node, failed.join(u"; "_s), reached.first()));
        from.insert(node, reached);
    }
    for (PlanItem &item : plan)
        if (receives(item.action))
            item.from = from.value(item.node);
    return notes;
}

QList<PlanItem>
routedPlan(const Options &options, const SourceData &source, const QList<NodeState> &nodes, QStringList *routeNotes)
{
    QList<PlanItem> plan = buildPlan(source, nodes);
    const QStringList notes = planRoutes(options, nodes, plan);
    if (routeNotes)
        *routeNotes = notes;
    return plan;
}

Topology topologyOf(const QList<PlanItem> &plan)
{
    return std::any_of(plan.cbegin(), plan.cend(), [](const PlanItem &item) { return !item.from.isEmpty(); })
        ? Topology::Chain
        : Topology::Star;
}

QString routeText(const Options &options, const QList<PlanItem> &plan)
{
    const QString here = options.source.isLocal() ? Text::tr("this machine")
                                                  : Text::tr("%1 through this machine").arg(options.source.host);
    QStringList links;
    QSet<QString> seen;
    for (const PlanItem &item : plan) {
        if (!receives(item.action) || seen.contains(item.node))
            continue;
        seen.insert(item.node);
        QString link = item.node + u" ← "_s + (item.from.isEmpty() ? here : item.from.first());
        if (item.from.size() > 1)
            link += u' ' + Text::tr("(then %1)").arg(item.from.mid(1).join(u", "_s));
        links.append(link);
    }
    if (links.isEmpty())
        return Text::tr("nothing to send");
    return topologyOf(plan) == Topology::Chain ? Text::tr("chain: %1").arg(links.join(u"; "_s))
                                               : Text::tr("star: %1").arg(links.join(u"; "_s));
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

int NodeResult::written() const
{
    if (status != Status::Ok)
        return 0;
    return static_cast<int>(
        std::count_if(files.cbegin(), files.cend(), [](const FileResult &f) { return receives(f.action); }));
}

qint64 NodeResult::bytesWritten() const
{
    qint64 bytes = 0;
    if (status == Status::Ok)
        for (const FileResult &f : files)
            bytes += receives(f.action) ? f.bytes : 0;
    return bytes;
}

namespace {

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

struct Upstream
{
    QString host;
    bool finalOnly = false; // it has the file already (the source, or a node where it was identical)
};

struct Transfer
{
    QString relative;
    QString sha;
    qint64 bytes = 0;
    int mode = 0644;
    QString before;    // the state the preflight saw at the destination
    qint64 offset = 0; // bytes already on the node, checked: the stream starts there
    qint64 mtimeMs = 0;
    QList<Upstream> from; // empty: the bytes come on stdin
};

// A node receives every file from other nodes, or every file from this run (routes are per node).
bool receivesFromNodes(const QList<Transfer> &transfers)
{
    return !transfers.isEmpty() && !transfers.first().from.isEmpty();
}

// Run on an upstream host by a node that receives from it (`sh -s -- ROOT WAIT LIMIT MODES FIRST
// OFFSET...`): the node's files one after the other in one stream, from file FIRST on, each from its
// OFFSET. A file comes from its temporary name there while a sync of the same run receives it (its
// marker names that sync's shell), or from its final name once that is the source's file (size and
// time; MODE f: the host had it already, its size is enough). Exits 3 when the host has nothing to send
// (after WAIT tenths of a second for its sync to start), 6 when that sync stopped before a file was
// whole: the stream then ends, never with another file's bytes in its place. LIMIT bytes per second,
// 0: none.
QString relayScript(const QString &run, const QString &root, const QList<Transfer> &transfers)
{
    QString script = uR"SH(R=$1 w=$2 l=$3 modes=$4 K=$5; shift 5
M="$R/.verl-npu-assistant-relay-)SH"_s
        + run + uR"SH("
alive() { [ -f "$M" ] && ! grep -qx end "$M" && kill -0 "$(head -n 1 "$M")" 2>/dev/null; }
send() { # TEMP FINAL SIZE MTIME MODE OFFSET
  t=$1 f=$2 z=$3 m=$4 k=$5 o=$6 n=0 F=
  exec 3<&-
  while :; do
    if [ "$k" = t ] && alive && [ -f "$t" ] && command exec 3<"$t"; then break; fi
    c=$(stat -c '%s %Y' -- "$f" 2>/dev/null)
    if { [ "$k" = f ] && [ "${c% *}" = "$z" ]; } || [ "$c" = "$z $m" ]; then
      if command exec 3<"$f"; then F=1; break; fi
    fi
    if [ "$k" = f ] || { [ -f "$M" ] && ! alive; }; then echo "$(hostname) has no copy of $f to send" >&2; return 3; fi
    n=$((n+1)); [ "$n" -lt "$w" ] || { echo "no sync started on $(hostname) to send $f" >&2; return 3; }
    sleep 0.02
  done
  if [ -n "$F" ]; then tail -c +$((o + 1)) /dev/fd/3; return 0; fi # its size is z
  if [ "$l" = 0 ]; then
    # Follows the file while it grows (inotify, no polling) until the process writing it ends (the
    # sync names it in its marker): then the file is whole, or the stream ends here.
    W=
    while [ -z "$W" ]; do
      while read -r a b c; do [ "$a" = w ] && [ "$c" = "$t" ] && W=$b; done < "$M"
      [ -n "$W" ] || alive || { echo "the sync on $(hostname) stopped before it wrote $f" >&2; return 6; }
      [ -n "$W" ] || sleep 0.02
    done
    tail -c +$((o + 1)) -s 0.05 -f --pid="$W" /dev/fd/3
    [ "$(stat -L -c %s /dev/fd/3)" -ge "$z" ] && return 0
    echo "the sync on $(hostname) stopped before $f was whole" >&2; return 6
  fi
  [ "$o" -gt 0 ] && { dd skip="$o" iflag=skip_bytes count=0 status=none <&3 || return 5; }
  g=$o
  while [ "$g" -lt "$z" ]; do
    s=$(stat -L -c %s /dev/fd/3) || return 5
    [ "$s" -le "$z" ] || s=$z
    if [ "$s" -gt "$g" ]; then
      n=$((s - g))
      if [ "$n" -gt $((l / 10 + 1)) ]; then n=$((l / 10 + 1)); fi
      head -c "$n" <&3 || return 5
      g=$((g + n))
      sleep 0.1
    elif ! alive; then
      echo "the sync on $(hostname) stopped at $g of $z bytes of $f" >&2; return 6
    else
      sleep 0.02
    fi
  done
}
i=0
while IFS= read -r t && IFS= read -r f && IFS= read -r z && IFS= read -r m; do
  o=$1; shift
  if [ "$i" -ge "$K" ] && [ "$o" -lt "$z" ]; then
    send "$t" "$f" "$z" "$m" "$(printf '%s' "$modes" | cut -c$((i + 1)))" "$o" || exit $?
  fi
  i=$((i + 1))
done <<'VNA_RELAY_FILES'
)SH"_s;
    for (const Transfer &t : transfers)
        script += root + u'/' + tempPath(t.relative, t.sha) + u'\n' + root + u'/' + t.relative + u'\n'
            + QString::number(t.bytes) + u'\n' + QString::number(t.mtimeMs / 1000) + u'\n';
    return script + u"VNA_RELAY_FILES\n"_s;
}

// Writes a node's files in one remote command, under the node's lock. First an earlier run's cut-short
// commit is completed (its journal) and temporary files of other content are removed. The files'
// bytes then arrive one after the other on stdin, each appended to a temporary name in its folder
// named for its content (from the offset a cut transfer reached), checksummed as it arrives (a
// resumed file is read again) and given its mode; a failure keeps what arrived for the next run. When all are right, a
// journal naming every switch is put in place, and the switches run: each old file (or link) is kept as
// NAME.bak-<stamp>-<random> by a hard link of the name itself, and the new file renamed over the name (mv -T: a link is
// replaced, never followed). No signal can stop the shell between two renames, and a run cut short anyway leaves the
// journal for the next one. Output: "backup I PATH" lines, then "done". Errors name the file index on stderr.
QString transferScript(const Options &options,
                       const QString &node,
                       bool serves,
                       const QList<Transfer> &transfers,
                       const QStringList &dirs,
                       const QString &run)
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
        set("n", QString::number(t.bytes - t.offset));
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
    // TEMP COMMAND…: runs the command that writes TEMP; on a node others receive from, its pid goes in
    // the marker (with this shell's), for them to follow TEMP while it grows.
    if (serves)
        script += uR"SH(M="$R/.verl-npu-assistant-relay-$RUN"
printf '%s\n' "$$" > "$M"
trap 'echo end >> "$M"' EXIT
wr() { T=$1; shift; sh -c 'printf "w %s %s\n" "$$" "$1" >> "$2"; shift 2; exec "$@"' wr "$T" "$M" "$@"; }
)SH"_s;
    else
        script += u"wr() { shift; \"$@\"; }\n"_s;
    const bool pulls = receivesFromNodes(transfers);
    if (pulls) {
        // One stream per upstream for all the files, from the first that is not whole: a file boundary
        // costs nothing, so no gap builds up along the chain. When the stream ends early, the next
        // upstream goes on from what arrived.
        const qint64 wait = std::max(10, options.timeoutSec * 10);
        script += nodeSshFunction(options.ssh, node) + u"RELAY="_s + q(relayScript(run, root, transfers)) + u'\n'
            + u"RQ="_s + q(q(root)) + u"\nN="_s + QString::number(transfers.size()) + u"\nW="_s + QString::number(wait)
            + u"\nB="_s + QString::number(options.bandwidthLimit) + u'\n'
            + uR"SH(# HOST MODES: receives what HOST sends, from the first file not whole; "via INDEX HOST" per file it sent.
pull() {
  k=0
  while [ "$k" -lt "$N" ]; do eval "c=\$t$k y=\$z$k"; g=$(stat -c %s -- "$c" 2>/dev/null) || g=0; [ "$g" -ge "$y" ] || break; k=$((k+1)); done
  [ "$k" -lt "$N" ] || return 0
  O=; j=0
  while [ "$j" -lt "$N" ]; do eval "c=\$t$j"; g=$(stat -c %s -- "$c" 2>/dev/null) || g=0; O="$O $g"; j=$((j+1)); done
  p="$R/.verl-npu-assistant-relay-fifo-$$"
  rm -f -- "$p"; mkfifo -m 600 -- "$p" || return 1
  printf '%s\n' "$RELAY" | nssh -- "$1" "sh -s -- $RQ $W $B $2 $k$O" > "$p" &
  P=$!
  exec 4< "$p"; rm -f -- "$p"
  while [ "$k" -lt "$N" ]; do
    eval "c=\$t$k y=\$z$k"
    g=$(stat -c %s -- "$c" 2>/dev/null) || g=0
    if [ "$g" -lt "$y" ]; then
      if [ "$g" = 0 ]; then
        eval "s$k=\$(dd bs=65536 count=$y iflag=count_bytes,fullblock status=none <&4 | wr \"\$c\" tee -- \"\$c\" | h)"
      else
        eval "s$k="; wr "$c" dd of="$c" bs=65536 count=$((y - g)) iflag=count_bytes,fullblock oflag=append conv=notrunc status=none <&4
      fi
      e=$(stat -c %s -- "$c" 2>/dev/null) || e=0
      [ "$e" -gt "$g" ] && printf 'via %s %s\n' "$k" "$1"
      [ "$e" = "$y" ] || { eval "s$k="; break; }
    fi
    k=$((k+1))
  done
  exec 4<&-
  kill $P 2>/dev/null; wait $P 2>/dev/null
  [ "$k" -lt "$N" ] && printf 'vna-failover %s\n' "$1" >&2
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
)SH"_s.arg(i);
        if (!pulls)
            script += uR"SH(s%1=
if [ "$o%1" -gt 0 ]; then
  wr "$t%1" dd of="$t%1" bs=65536 count="$n%1" iflag=count_bytes,fullblock oflag=append conv=notrunc status=none || { echo "file %1" >&2; exit 11; }
else
  s%1=$(dd bs=65536 count="$n%1" iflag=count_bytes,fullblock status=none | wr "$t%1" tee -- "$t%1" | h)
fi
g=$(stat -c %s -- "$t%1" 2>/dev/null) || g=0
[ "$g" = "$z%1" ] || { echo "file %1: cut short at $g of $z%1 bytes; the next sync resumes from there" >&2; exit 11; }
)SH"_s.arg(i);
        else
            script += u"s%1=\n"_s.arg(i);
    }
    if (pulls) {
        // The bytes on the node so far, for its progress; printed only when they change (silence is a
        // stall), and the run stops itself when this machine is gone.
        script += u"( b=; while sleep 1 && kill -0 $$ 2>/dev/null; do a=0"_s;
        for (qsizetype i = 0; i < transfers.size(); ++i)
            script += u"; g=$(stat -c %s -- \"$t%1\" 2>/dev/null) || g=0; a=$((a + g))"_s.arg(i);
        script += uR"SH(; [ "$a" = "$b" ] || printf 'vna-got all %s\n' "$a" >&2 || kill -9 0; b=$a; done ) &
G=$!
)SH"_s;
        const QList<Upstream> &from = transfers.first().from;
        for (qsizetype c = 0; c < from.size(); ++c) {
            QString modes;
            for (const Transfer &t : transfers)
                modes += t.from.value(c).finalOnly ? u'f' : u't';
            script += u"pull "_s + q(from.at(c).host) + u' ' + modes + u'\n';
        }
        script += u"kill -9 $G 2>/dev/null\n"_s;
    }
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        const Transfer &t = transfers.at(i);
        if (pulls)
            script += uR"SH(g=$(stat -c %s -- "$t%1" 2>/dev/null) || g=0
[ "$g" = "$z%1" ] || { echo "file %1: cut short at $g of $z%1 bytes" >&2; exit 21; }
)SH"_s.arg(i);
        script += u"s=$s%1\n"_s.arg(i);
        script += uR"SH([ -n "$s" ] || s=$(h < "$t%1")
[ "$s" = "$x%1" ] || { echo "file %1: checksum after transfer is $s, expected $x%1" >&2; rm -f -- "$t%1"; exit 12; }
chmod %2 "$t%1" || { echo "file %1" >&2; exit 11; }
touch -m -d @%3 -- "$t%1" || { echo "file %1" >&2; exit 11; }
)SH"_s.arg(QString::number(i), QString::number(t.mode & 07777, 8), QString::number(t.mtimeMs / 1000));
    }
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

// One limit for every node's stream together: a sender waits until the bytes sent so far fit the rate.
class RateLimiter
{
public:
    explicit RateLimiter(qint64 bytesPerSecond)
        : m_rate(bytesPerSecond)
    {
        m_clock.start();
    }
    // False when canceled while waiting.
    bool take(qint64 bytes, const std::atomic_bool *cancel)
    {
        if (m_rate <= 0)
            return true;
        qint64 due = 0;
        {
            std::lock_guard lock(m_mutex);
            m_sent += bytes;
            due = m_sent * 1000 / m_rate; // when these bytes may have left, in ms since the start
        }
        while (m_clock.elapsed() < due) {
            if (cancel && cancel->load())
                return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(std::min<qint64>(50, due - m_clock.elapsed())));
        }
        return true;
    }

private:
    qint64 m_rate;
    std::mutex m_mutex;
    qint64 m_sent = 0;
    QElapsedTimer m_clock;
};

// sha256 of a source file's first `bytes`; empty when it cannot be read.
QString sourcePrefixSha(const Options &options, const QString &relative, qint64 bytes, const std::atomic_bool *cancel)
{
    const QString path = options.source.root + u'/' + relative;
    if (options.source.isLocal()) {
        BoundedFile in;
        if (!in.open(path, bytes).isEmpty())
            return QString();
        QCryptographicHash hash(QCryptographicHash::Sha256);
        QByteArray chunk(1 << 20, Qt::Uninitialized);
        while (in.got() < bytes) {
            const qint64 n = in.read(chunk.data(), std::min<qint64>(chunk.size(), bytes - in.got()));
            if (n <= 0)
                return QString();
            hash.addData(QByteArrayView(chunk.constData(), n));
        }
        return QString::fromLatin1(hash.result().toHex());
    }
    const ProcessResult r
        = remote(options.ssh, options.source.host,
                 kShaFunction + u"head -c "_s + QString::number(bytes) + u" -- "_s + q(path) + u" | h"_s, {},
                 options.timeoutSec * 1000, cancel);
    return r.exitCode == 0 ? QString::fromLatin1(r.out.left(64)) : QString();
}

// The bytes of a node's files, one after the other, read from the source in pieces while they are
// sent: from this machine's disk, or from the source host through one `tail | head` per file. Reports
// bytes and rate to options.meter.
class SourceStream
{
public:
    SourceStream(const Options &options,
                 const QList<Transfer> &transfers,
                 QString node,
                 RateLimiter *limiter,
                 const std::atomic_bool *cancel)
        : m_options(options)
        , m_transfers(transfers)
        , m_limiter(limiter)
        , m_node(std::move(node))
        , m_cancel(cancel)
    {
        for (const Transfer &t : transfers)
            m_total += t.bytes - t.offset;
        m_clock.start();
    }
    SourceStream(const SourceStream &) = delete;
    SourceStream &operator=(const SourceStream &) = delete;
    ~SourceStream()
    {
        if (m_remote) {
            m_remote->kill();
            m_remote->waitForFinished(2000);
        }
    }

    qint64 read(char *buffer, qint64 max)
    {
        if (m_cancel && m_cancel->load())
            return -1;
        // Pieces of at most 1/8 s at the limit, so the rate holds smoothly.
        if (m_options.bandwidthLimit > 0)
            max = std::max<qint64>(4096, std::min(max, m_options.bandwidthLimit / 8));
        const qint64 n = m_options.source.isLocal() ? readLocal(buffer, max) : readRemote(buffer, max);
        if (n > 0) {
            if (m_limiter && !m_limiter->take(n, m_cancel))
                return -1;
            m_sent += n;
            report();
        }
        return n;
    }
    QString error() const { return m_error; }

private:
    qint64 readLocal(char *buffer, qint64 max)
    {
        while (m_index < m_transfers.size()) {
            const Transfer &t = m_transfers.at(m_index);
            const QString path = m_options.source.root + u'/' + t.relative;
            if (!m_open) {
                if (const QString error = m_file.open(path, t.bytes); !error.isEmpty())
                    return fail(error);
                if (!m_file.skip(t.offset))
                    return fail(changedText(path, t.bytes, 0));
                m_open = true;
            }
            const qint64 n = m_file.read(buffer, std::min(max, t.bytes - m_file.got()));
            if (n < 0)
                return fail(Text::tr("Cannot read %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno))));
            if (n > 0)
                return n;
            if (m_file.got() != t.bytes) // shorter than listed
                return fail(changedText(path, t.bytes, m_file.got()));
            m_file.close();
            m_open = false;
            ++m_index;
        }
        return 0;
    }

    qint64 readRemote(char *buffer, qint64 max)
    {
        if (!m_remote) {
            QString script;
            for (const Transfer &t : std::as_const(m_transfers))
                script += u"tail -c +"_s + QString::number(t.offset + 1) + u" -- "_s
                    + q(m_options.source.root + u'/' + t.relative) + u" | head -c "_s
                    + QString::number(t.bytes - t.offset) + u" || exit 4\n"_s;
            m_remote = std::make_unique<QProcess>();
            m_remote->setProgram(m_options.ssh.program);
            m_remote->setArguments(ssh::arguments(m_options.ssh, m_options.source.host, {u"sh"_s, u"-c"_s, q(script)}));
            m_remote->start(QIODevice::ReadOnly);
        }
        while (m_remote->bytesAvailable() == 0) {
            if (m_cancel && m_cancel->load())
                return -1;
            if (m_remote->state() == QProcess::NotRunning) {
                if (m_sent != m_total)
                    return fail(Text::tr("Cannot read the files on %1: %2")
                                    .arg(m_options.source.host,
                                         QString::fromLocal8Bit(m_remote->readAllStandardError()).trimmed()));
                return 0;
            }
            m_remote->waitForReadyRead(100);
        }
        return m_remote->read(buffer, std::min(max, m_total - m_sent));
    }

    qint64 fail(const QString &error)
    {
        m_error = error;
        return -1;
    }

    void report()
    {
        if (m_clock.elapsed() - m_reported < 500 && m_sent != m_total)
            return;
        m_reported = m_clock.elapsed();
        const double seconds = std::max<double>(m_clock.elapsed(), 1) / 1000.0;
        const double rate = static_cast<double>(m_sent) / seconds;
        if (m_options.meter)
            m_options.meter(m_node, m_sent, m_total, rate);
    }

    const Options &m_options;
    const QList<Transfer> &m_transfers;
    RateLimiter *m_limiter;
    QString m_node;
    const std::atomic_bool *m_cancel;
    qsizetype m_index = 0;
    BoundedFile m_file;
    bool m_open = false;
    std::unique_ptr<QProcess> m_remote;
    qint64 m_total = 0;
    qint64 m_sent = 0;
    QElapsedTimer m_clock;
    qint64 m_reported = 0;
    QString m_error;
};

QString stepError(int code, const QString &stderrText)
{
    switch (code) {
    case 10:
        return Text::tr("cannot create the folder: %1").arg(stderrText);
    case 11:
        return Text::tr("cannot write the temporary file: %1").arg(stderrText);
    case 12:
        return Text::tr("the copy arrived damaged: %1").arg(stderrText);
    case 14:
        return Text::tr("cannot switch the files into place: %1").arg(stderrText);
    case 15:
        return Text::tr("refused: %1").arg(stderrText);
    case 16:
        return Text::tr("an earlier sync left a journal that cannot be completed: %1").arg(stderrText);
    case 19:
        return Text::tr("another sync is running there (%1)").arg(stderrText);
    case 21:
        return Text::tr("the nodes it receives from failed: %1").arg(stderrText);
    default: // 17: the message says it all
        return stderrText;
    }
}

// Progress of a node that receives from other nodes: its script prints "vna-got all BYTES" (what its
// temporary files hold) while they grow.
std::function<void(const QByteArray &)>
pullMeter(const Options &options, const QList<Transfer> &transfers, const QString &node)
{
    if (!options.meter)
        return {};
    qint64 total = 0;
    qint64 before = 0;
    for (const Transfer &t : transfers) {
        total += t.bytes - t.offset;
        before += t.offset;
    }
    auto pending = std::make_shared<QByteArray>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    return [=, meter = options.meter](const QByteArray &piece) {
        *pending += piece;
        for (qsizetype nl = 0; (nl = pending->indexOf('\n')) >= 0; pending->remove(0, nl + 1)) {
            const QList<QByteArray> words = pending->left(nl).split(' ');
            if (words.size() != 3 || words.at(0) != "vna-got")
                continue;
            const qint64 sent = std::clamp<qint64>(words.at(2).toLongLong() - before, 0, total);
            meter(node, sent, total,
                  static_cast<double>(sent) * 1000.0 / static_cast<double>(std::max<qint64>(clock->elapsed(), 1)));
        }
    };
}

// Who sent each file's bytes: "via INDEX HOST" lines of a node that received from others, and this run
// for the files it streamed.
void recordSenders(const QByteArray &out, const QList<Transfer> &transfers, QList<FileResult> &files)
{
    const auto fileOf = [&](const QString &path) -> FileResult * {
        for (FileResult &f : files)
            if (f.path == path)
                return &f;
        return nullptr;
    };
    for (const QByteArray &line : out.split('\n')) {
        if (!line.startsWith("via "))
            continue;
        const qsizetype i = line.split(' ').value(1).toInt();
        FileResult *f = i >= 0 && i < transfers.size() ? fileOf(transfers.at(i).relative) : nullptr;
        const QString host = QString::fromUtf8(line.mid(line.indexOf(' ', 4) + 1));
        if (f && !f->via.contains(host))
            f->via.append(host);
    }
    for (const Transfer &t : transfers)
        if (FileResult *f = fileOf(t.relative); f && t.from.isEmpty() && t.bytes > t.offset)
            f->sentByThisRun = true;
}

// The script's own progress lines are not part of an error.
QByteArray withoutProgressLines(const QByteArray &err)
{
    QByteArray kept;
    for (const QByteArray &line : err.split('\n'))
        if (!line.startsWith("vna-got ") && !line.startsWith("vna-failover ") && !line.isEmpty())
            kept += line + '\n';
    return kept;
}

// Where a node's transfer of a file starts: the bytes it already has (`have`, with checksum `sha`)
// when they are the source's first bytes, else 0.
qint64
resumeOffset(const Options &options, const Transfer &t, qint64 have, const QString &sha, const std::atomic_bool *cancel)
{
    return have > 0 && have <= t.bytes && sourcePrefixSha(options, t.relative, have, cancel) == sha ? have : 0;
}

// After the node's upstreams failed it: what each temporary file holds there now is kept as the start
// when it is the source's first bytes, and this machine sends the rest of every file.
void resumeWhatArrived(const Options &options,
                       const QString &node,
                       QList<Transfer> &transfers,
                       QList<FileResult> &files,
                       const std::atomic_bool *cancel)
{
    QString script = kShaFunction;
    for (const Transfer &t : std::as_const(transfers))
        script += u"t="_s + q(options.source.root + u'/' + tempPath(t.relative, t.sha)) + uR"SH(
if [ -f "$t" ] && [ ! -L "$t" ]; then printf '%s %s\n' "$(stat -c %s -- "$t")" "$(h < "$t")"; else echo '0 -'; fi
)SH"_s;
    const ProcessResult r = remoteScript(options.ssh, node, script, options.timeoutSec * 1000, cancel);
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < transfers.size(); ++i) {
        Transfer &t = transfers[i];
        t.from.clear();
        const qint64 have = r.exitCode == 0 ? lines.value(i).section(u' ', 0, 0).toLongLong() : 0;
        const QString sha = lines.value(i).section(u' ', 1, 1);
        t.offset = resumeOffset(options, t, have, sha, cancel);
        for (FileResult &f : files)
            if (f.path == t.relative)
                f.resumedFrom = t.offset;
    }
}

} // namespace

QList<NodeResult> execute(const Options &options,
                          const QList<PlanItem> &plan,
                          const SourceData &source,
                          const std::atomic_bool *cancel,
                          const Progress &progress)
{
    QMap<QString, const SourceFile *> byPath;
    for (const SourceFile &file : source.files)
        byPath.insert(file.path, &file);
    QHash<QString, Action> actions; // "node\nfile"
    QSet<QString> upstreams;        // nodes others receive from
    for (const PlanItem &item : plan) {
        actions.insert(item.node + u'\n' + item.file, item.action);
        for (const QString &host : item.from)
            upstreams.insert(host);
    }
    QStringList nodes;
    for (const PlanItem &item : plan)
        if (!nodes.contains(item.node))
            nodes.append(item.node);
    const QString run = nonce().left(12);

    QList<NodeResult> results(nodes.size());
    RateLimiter limiter(options.bandwidthLimit);
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
            if (item.action == Action::Unreachable || item.action == Action::Blocked) {
                result.status = NodeResult::Status::Failed;
                result.error = item.reason.isEmpty() ? Text::tr("unreachable at preflight") : item.reason;
            }
            anyWork = anyWork || receives(item.action);
        }
        if (result.status != NodeResult::Status::Failed && !anyWork)
            result.status = NodeResult::Status::Skipped;
        QList<Transfer> transfers;
        const QStringList dirs = destinationDirs(source.files);
        for (const PlanItem &item : items) {
            const SourceFile *file = byPath.value(item.file);
            result.files.append(
                {item.file, item.action, file ? file->sha256 : QString(), item.bytes, QString(), 0, {}, false});
            if (file && receives(item.action)) {
                Transfer transfer{item.file, file->sha256, file->size, file->mode, item.before, 0, file->mtimeMs, {}};
                // What a cut transfer left is resumed when its bytes are the source's first bytes.
                transfer.offset = resumeOffset(options, transfer, item.partialBytes, item.partialSha, cancel);
                result.files.last().resumedFrom = transfer.offset;
                for (const QString &host : item.from) {
                    const bool isSource = !options.source.isLocal() && host == options.source.host;
                    transfer.from.append(
                        {host, isSource || actions.value(host + u'\n' + item.file) == Action::SkipIdentical});
                }
                transfers.append(transfer);
            }
        }
        bool fellBack = false; // the node's upstreams failed it: this machine sends the rest
        for (int attempt = 0; result.status == NodeResult::Status::Ok && !transfers.isEmpty(); ++attempt) {
            result.attempts = attempt + 1;
            const bool pulls = receivesFromNodes(transfers);
            if (progress)
                progress(result.node,
                         pulls ? Text::tr("receiving %n file(s) from %1", nullptr, static_cast<int>(transfers.size()))
                                     .arg(transfers.first().from.first().host)
                               : Text::tr("copying %n file(s)", nullptr, static_cast<int>(transfers.size())),
                         false);
            const QList<Transfer> none; // the stream keeps a reference
            SourceStream stream(options, pulls ? none : transfers, result.node, &limiter, cancel);
            ProcessRequest request;
            request.program = options.ssh.program;
            request.arguments = ssh::arguments(
                options.ssh, result.node,
                {u"sh"_s, u"-c"_s,
                 q(transferScript(options, result.node, upstreams.contains(result.node), transfers, dirs, run))});
            if (!pulls)
                request.inputStream = [&stream](char *buffer, qint64 max) { return stream.read(buffer, max); };
            request.timeoutMs = options.timeoutSec * 1000; // without a byte moving
            request.idleTimeout = true;
            if (pulls)
                request.onStderr = pullMeter(options, transfers, result.node);
            ProcessResult r = runProcess(request, cancel);
            r.err = withoutProgressLines(r.err);
            recordSenders(r.out, transfers, result.files);
            if (pulls && r.exitCode != 0 && !r.canceled && !(cancel && cancel->load()) && !fellBack
                && (r.exitCode == 21 || ssh::isTransient(ssh::classify(r)))) {
                // Every upstream failed this node (21), or its own stream broke: this machine sends the
                // rest, from what arrived once that is checked against the source. A change of route,
                // not a retry.
                if (progress)
                    progress(result.node,
                             Text::tr("its upstream nodes failed (%1); this machine sends the rest")
                                 .arg(QString::fromLocal8Bit(r.err).trimmed().section(u'\n', -1)),
                             false);
                resumeWhatArrived(options, result.node, transfers, result.files, cancel);
                fellBack = true;
                --attempt;
                continue;
            }
            if (!stream.error().isEmpty() && !r.canceled) {
                result.status = NodeResult::Status::Failed;
                result.error = stream.error();
                break;
            }
            if (r.exitCode == 0 && r.out.contains("done")) {
                if (pulls && options.meter) {
                    qint64 total = 0;
                    for (const Transfer &t : std::as_const(transfers))
                        total += t.bytes - t.offset;
                    options.meter(result.node, total, total,
                                  static_cast<double>(total) * 1000.0
                                      / static_cast<double>(std::max<qint64>(clock.elapsed(), 1)));
                }
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
                if (failure != ssh::Failure::None || r.canceled || r.timedOut || r.exitCode == 0) {
                    result.error = r.exitCode == 0 ? Text::tr("the node ended the transfer without confirming it")
                                                   : failureText(options.ssh, result.node, r);
                } else {
                    const QString err = QString::fromLocal8Bit(r.err).trimmed();
                    static const QRegularExpression fileIndex(uR"(file (\d+):? ?)"_s);
                    const auto m = fileIndex.match(err);
                    const QString which = m.hasMatch() ? transfers.value(m.captured(1).toInt()).relative : QString();
                    QString detail = err;
                    detail.remove(fileIndex);
                    detail = stepError(r.exitCode, detail.trimmed());
                    if (detail.trimmed().isEmpty())
                        detail = failureText(options.ssh, result.node, r);
                    result.error = which.isEmpty() ? detail : Text::tr("%1: %2").arg(which, detail);
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

QStringList completeInterrupted(const Options &options, const QList<NodeState> &nodes)
{
    QStringList done;
    std::mutex mutex;
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype i) {
        const NodeState &node = nodes.at(i);
        if (!node.reachable || !node.journal || !node.lockedBy.isEmpty())
            return;
        const QString script = u"R="_s + q(options.source.root) + u"\nJ=\"$R/"_s + QLatin1String(kJournalFile)
            + u"\"\n"_s + lockFragment(options) + u"trap '' HUP INT TERM PIPE\n"_s + switchFunction()
            + u"[ -f \"$J\" ] && [ ! -L \"$J\" ] || exit 16\n. \"$J\" || exit 16\nrm -f -- \"$J\"\n"_s;
        if (remote(options.ssh, node.node, script, {}, options.timeoutSec * 1000, nullptr).exitCode == 0) {
            std::lock_guard guard(mutex);
            done.append(node.node);
        }
    });
    return done;
}

QMap<QString, int> removeStaleTemps(const Options &options, const QList<NodeState> &nodes)
{
    QMap<QString, int> removed;
    std::mutex mutex;
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype i) {
        const NodeState &node = nodes.at(i);
        // A journal names temporary files still to be switched in: the next sync completes it first.
        if (!node.reachable || node.shared || node.staleTemps.isEmpty() || !node.lockedBy.isEmpty() || node.journal)
            return;
        // Under the node's lock: no live run is writing a temporary file then.
        QString script = u"R="_s + q(options.source.root) + u"\nL=\"$R/"_s + QLatin1String(kLockFile)
            + u"\"\n[ -L \"$L\" ] && exit 76\nexec 9>>\"$L\" || exit 77\n"
              "if command -v flock >/dev/null 2>&1; then flock -n 9 || exit 75; fi\nn=0\nfor t in"_s;
        for (const QString &temp : node.staleTemps)
            if (temp.section(u'/', -1).contains(QLatin1String(kTempInfix)))
                script += u' ' + q(options.source.root + u'/' + temp);
        script
            += u"; do if [ -f \"$t\" ] && [ ! -L \"$t\" ] && rm -f -- \"$t\"; then n=$((n+1)); fi; done\necho $n\n"_s;
        const ProcessResult r = remote(options.ssh, node.node, script, {}, options.timeoutSec * 1000, nullptr);
        const int count = QString::fromUtf8(r.out).trimmed().toInt();
        if (r.exitCode == 0 && count > 0) {
            std::lock_guard lock(mutex);
            removed.insert(node.node, count);
        }
    });
    return removed;
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

namespace {

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
