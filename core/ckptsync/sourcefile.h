// Inside the checkpoint sync: reading a file at the source on this machine, bounded by what the
// listing said, for the checksums (source.cpp) and the transfer (sourcestream.cpp).
#pragma once

#include <QFile>
#include <QString>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vna::ckptsync::detail {

// A regular file read in pieces, never blocking on a FIFO swapped in since the listing, never more
// than the size the listing gave (+1, to notice growth).
class BoundedFile
{
public:
    BoundedFile() = default;
    BoundedFile(const BoundedFile &) = delete;
    BoundedFile &operator=(const BoundedFile &) = delete;
    ~BoundedFile() { close(); }

    // An error text when it cannot be opened or is not a regular file.
    QString open(const QString &path, qint64 size);
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

// Translated: a file that changed between the listing and its reading.
QString changedText(const QString &path, qint64 listed, qint64 read);

} // namespace vna::ckptsync::detail
