#include "input.h"

#include <cstring>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <zlib.h>

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(LogInput)
};

constexpr qint64 kRawBlock = 256 * 1024;

// Raw bytes of a file or standard input, with the first bytes peeked to recognise gzip.
class FileSource
{
public:
    Status open(const LogInput &input)
    {
        m_name = input.name();
        const bool opened = input.isStdin()
            ? m_file.open(0, QIODevice::ReadOnly | QIODevice::Unbuffered)
            : (m_file.setFileName(input.path), m_file.open(QIODevice::ReadOnly | QIODevice::Unbuffered));
        if (!opened)
            return Error::input(Text::tr("Cannot read %1: %2").arg(m_name, m_file.errorString()), input.path);
        m_size = m_file.isSequential() ? -1 : m_file.size();
        return Done{};
    }

    // Reads what is left of the peeked bytes first.
    Result<qint64> read(char *buffer, qint64 max)
    {
        if (!m_peeked.isEmpty()) {
            const qint64 n = std::min<qint64>(max, m_peeked.size());
            std::memcpy(buffer, m_peeked.constData(), static_cast<size_t>(n));
            m_peeked.remove(0, n);
            return n;
        }
        const qint64 n = m_file.read(buffer, max);
        if (n < 0)
            return Error::runtime(Text::tr("Reading %1 failed: %2").arg(m_name, m_file.errorString()), m_name);
        m_position += n;
        return n;
    }

    Result<QByteArray> peek(qint64 count)
    {
        QByteArray bytes(count, Qt::Uninitialized);
        qint64 got = 0;
        while (got < count) {
            const auto n = read(bytes.data() + got, count - got);
            if (!n)
                return n.error();
            if (*n == 0)
                break;
            got += *n;
        }
        bytes.truncate(got);
        m_peeked = bytes;
        return bytes;
    }

    qint64 size() const { return m_size; }
    qint64 position() const { return m_position; }
    const QString &name() const { return m_name; }

private:
    QFile m_file;
    QString m_name;
    QByteArray m_peeked;
    qint64 m_size = -1;
    qint64 m_position = 0;
};

class PlainReader final : public Reader
{
public:
    explicit PlainReader(std::unique_ptr<FileSource> source)
        : m_source(std::move(source))
    {}
    Result<qint64> read(char *buffer, qint64 max) override { return m_source->read(buffer, max); }
    qint64 rawSize() const override { return m_source->size(); }
    qint64 rawPosition() const override { return m_source->position(); }

private:
    std::unique_ptr<FileSource> m_source;
};

class GzipReader final : public Reader
{
public:
    GzipReader(std::unique_ptr<FileSource> source, qint64 maxRatio)
        : m_source(std::move(source))
        , m_in(kRawBlock, Qt::Uninitialized)
        , m_maxRatio(maxRatio)
    {
        m_ready = inflateInit2(&m_stream, 15 + 32) == Z_OK; // 15 + 32: zlib or gzip header, found by inflate
    }
    ~GzipReader() override { inflateEnd(&m_stream); }
    Q_DISABLE_COPY_MOVE(GzipReader)

    Result<qint64> read(char *buffer, qint64 max) override
    {
        if (!m_ready)
            return Error::runtime(Text::tr("Cannot start decompressing %1.").arg(m_source->name()), m_source->name());
        if (m_maxRatio > 0 && m_text > kInflateGrace && m_text > m_maxRatio * rawPosition()) {
            m_stopped = true;
            return 0;
        }
        const auto want = static_cast<uInt>(std::min<qint64>(max, 1 << 30));
        m_stream.next_out = reinterpret_cast<Bytef *>(buffer);
        m_stream.avail_out = want;
        while (m_stream.avail_out > 0 && !m_done) {
            if (m_stream.avail_in == 0) {
                const auto n = m_source->read(m_in.data(), m_in.size());
                if (!n)
                    return n.error();
                if (*n == 0) {
                    if (!m_betweenMembers)
                        return Error::input(Text::tr("%1 ends in the middle of its gzip data (the file is cut short).")
                                                .arg(m_source->name()),
                                            m_source->name());
                    m_done = true;
                    break;
                }
                m_stream.next_in = reinterpret_cast<Bytef *>(m_in.data());
                m_stream.avail_in = static_cast<uInt>(*n);
            }
            m_betweenMembers = false;
            const int status = inflate(&m_stream, Z_NO_FLUSH);
            if (status == Z_STREAM_END) {
                // Another member may follow (cat a.gz b.gz > c.gz); trailing zeros end the data.
                inflateReset(&m_stream);
                m_betweenMembers = true;
                if (m_stream.avail_in > 0 && m_stream.next_in[0] == 0)
                    m_done = true;
            } else if (status != Z_OK && status != Z_BUF_ERROR) {
                return Error::input(Text::tr("%1: the gzip data is damaged near byte %2 (%3).")
                                        .arg(m_source->name())
                                        .arg(m_source->position() - m_stream.avail_in)
                                        .arg(QString::fromUtf8(m_stream.msg ? m_stream.msg : "inflate")),
                                    m_source->name());
            } else if (status == Z_BUF_ERROR && m_stream.avail_in > 0) {
                break; // output full
            }
        }
        const auto produced = static_cast<qint64>(want - m_stream.avail_out);
        m_text += produced;
        return produced;
    }
    qint64 rawSize() const override { return m_source->size(); }
    // What inflate has consumed, not what was read ahead into its buffer.
    qint64 rawPosition() const override { return m_source->position() - m_stream.avail_in; }
    bool compressed() const override { return true; }
    bool stoppedAtLimit() const override { return m_stopped; }

private:
    std::unique_ptr<FileSource> m_source;
    QByteArray m_in;
    z_stream m_stream{};
    bool m_ready = false;
    bool m_done = false;
    bool m_betweenMembers = false;
    qint64 m_maxRatio = 0;
    qint64 m_text = 0; // inflated so far
    bool m_stopped = false;
};

class MemoryReader final : public Reader
{
public:
    explicit MemoryReader(QByteArray text)
        : m_text(std::move(text))
    {}
    Result<qint64> read(char *buffer, qint64 max) override
    {
        const qint64 n = std::min<qint64>(max, m_text.size() - m_position);
        std::memcpy(buffer, m_text.constData() + m_position, static_cast<size_t>(n));
        m_position += n;
        return n;
    }
    qint64 rawSize() const override { return m_text.size(); }
    qint64 rawPosition() const override { return m_position; }

private:
    QByteArray m_text;
    qint64 m_position = 0;
};

} // namespace

QString LogInput::name() const
{
    if (!label.isEmpty())
        return label;
    if (isStdin())
        return Text::tr("<stdin>");
    return path.isEmpty() ? Text::tr("<pasted text>") : path;
}

Status checkInput(const LogInput &input, bool regularOnly)
{
    if (input.path.isEmpty() || input.isStdin())
        return Done{};
    const QFileInfo info(input.path);
    if (!info.exists())
        return Error::input(Text::tr("%1 does not exist.").arg(input.path), input.path);
    if (info.isDir())
        return Error::input(Text::tr("%1 is a folder; give the log files in it.").arg(input.path), input.path);
    if (regularOnly && !info.isFile())
        return Error::input(
            Text::tr("%1 is not a regular file (a pipe or a device), so it may never end: save it to a file first, "
                     "or pipe it to standard input (… | verl-npu-assistant analyze -).")
                .arg(input.path),
            input.path);
    if (!info.isReadable())
        return Error::input(Text::tr("Cannot read %1: permission denied.").arg(input.path), input.path);
    return Done{};
}

Result<std::unique_ptr<Reader>> openInput(const LogInput &input, bool regularOnly, qint64 maxInflateRatio)
{
    if (input.path.isEmpty())
        return std::unique_ptr<Reader>(std::make_unique<MemoryReader>(input.text));
    if (auto checked = checkInput(input, regularOnly); !checked)
        return checked.error();
    auto source = std::make_unique<FileSource>();
    if (auto opened = source->open(input); !opened)
        return opened.error();
    const auto magic = source->peek(2);
    if (!magic)
        return magic.error();
    if (magic->size() == 2 && static_cast<unsigned char>(magic->at(0)) == 0x1f
        && static_cast<unsigned char>(magic->at(1)) == 0x8b)
        return std::unique_ptr<Reader>(std::make_unique<GzipReader>(std::move(source), maxInflateRatio));
    return std::unique_ptr<Reader>(std::make_unique<PlainReader>(std::move(source)));
}

} // namespace vna::logscan
