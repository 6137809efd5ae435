#include "sourcestream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <QCoreApplication>
#include <QCryptographicHash>

#include "ckptsync/nodeshell.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync::detail {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

SourceStream::~SourceStream()
{
    if (m_remote) {
        m_remote->kill();
        m_remote->waitForFinished(2000);
    }
}

qint64 SourceStream::read(char *buffer, qint64 max)
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

qint64 SourceStream::readLocal(char *buffer, qint64 max)
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

qint64 SourceStream::readRemote(char *buffer, qint64 max)
{
    if (!m_remote) {
        QString script;
        for (const Transfer &t : std::as_const(m_transfers))
            script += u"tail -c +"_s + QString::number(t.offset + 1) + u" -- "_s
                + q(m_options.source.root + u'/' + t.relative) + u" | head -c "_s + QString::number(t.bytes - t.offset)
                + u" || exit 4\n"_s;
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

qint64 SourceStream::fail(const QString &error)
{
    m_error = error;
    return -1;
}

void SourceStream::report()
{
    if (m_clock.elapsed() - m_reported < 500 && m_sent != m_total)
        return;
    m_reported = m_clock.elapsed();
    const double seconds = std::max<double>(m_clock.elapsed(), 1) / 1000.0;
    const double rate = static_cast<double>(m_sent) / seconds;
    if (m_options.meter)
        m_options.meter(m_node, m_sent, m_total, rate);
}

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

} // namespace vna::ckptsync::detail
