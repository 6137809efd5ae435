#include "source.h"

#include <cerrno>
#include <cstring>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "ckptsync/nodeshell.h"
#include "ckptsync/sourcefile.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

namespace detail {

QString BoundedFile::open(const QString &path, qint64 size)
{
    close();
    m_size = size;
    m_got = 0;
    m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (m_fd < 0)
        return QCoreApplication::translate("CkptSync", "Cannot read %1: %2")
            .arg(path, QString::fromLocal8Bit(strerror(errno)));
    struct stat st
    {};
    if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close();
        return QCoreApplication::translate("CkptSync", "%1 is no longer a regular file.").arg(path);
    }
    ::fcntl(m_fd, F_SETFL, 0);
    return QString();
}

QString changedText(const QString &path, qint64 listed, qint64 read)
{
    return Text::tr("%1 changed while it was read (%2 bytes listed, %3 read): the save is still running; try again "
                    "when it is done.")
        .arg(path)
        .arg(listed)
        .arg(read);
}

} // namespace detail

using namespace detail;

namespace {

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

Result<SourceData>
readSource(const Source &source, const SourceSet &set, const ssh::Options &ssh, const std::atomic_bool *cancel)
{
    SourceData data;
    data.perRank = set.perRank;
    data.notes = set.refused;
    data.unreadable = set.unreadable;
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
          "  if [ -f \"$f\" ] && [ -r \"$f\" ]; then z=$(stat -L -c %s -- \"$f\"); s=$(head -c \"$n\" -- \"$f\" | h);"
          " elif [ -f \"$f\" ]; then z=-2; s=-; else z=-1; s=-; fi\n"
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
        if (f.at(2) == "-2")
            return Error::runtime(Text::tr("Cannot read %1 on %2: permission denied for the user the sync logs in as.")
                                      .arg(path, source.host),
                                  path);
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

} // namespace vna::ckptsync
