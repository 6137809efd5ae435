// Where log text comes from: a file (plain or gzip-compressed), standard input, or pasted text.
// Read in blocks, so a log of any size costs the same memory.
#pragma once

#include <memory>

#include <QByteArray>
#include <QString>

#include "common/result.h"

namespace vna::logscan {

struct LogInput
{
    QString path;    // a file, or "-" for standard input; empty for pasted text
    QByteArray text; // pasted text when path is empty
    QString label;   // how reports name it; the path when empty
    // Where the text was written, for lines that do not say so themselves (a log collected from a node:
    // its host, the pid in its file name, Ray's actor name, a rank it names), and how far that node's
    // clock is ahead of the timeline's (subtracted from the times in its lines).
    QString node;
    QString pid;
    QString actor;
    QString rank;
    qint64 clockAheadMs = 0;
    // When the file was last written (as its lines write times), -1 when unknown: lets lines that write a time
    // without a year ("[E1207 10:42:05.428 …]") be placed on the timeline.
    qint64 lastWrittenMs = -1;

    static LogInput file(const QString &path)
    {
        LogInput input;
        input.path = path;
        return input;
    }
    static LogInput pasted(QByteArray text, QString label)
    {
        LogInput input;
        input.text = std::move(text);
        input.label = std::move(label);
        return input;
    }
    QString name() const;
    bool isStdin() const { return path == u"-"; }
};

// One input opened for reading. gzip data (by its magic bytes, whatever the file name) is inflated
// on the fly, including files of several concatenated members.
class Reader
{
public:
    virtual ~Reader() = default;
    // Up to `max` bytes of text into `buffer`; 0 at the end.
    virtual Result<qint64> read(char *buffer, qint64 max) = 0;
    // Bytes of the underlying file or paste (compressed size for gzip), -1 when unknown (a pipe).
    virtual qint64 rawSize() const = 0;
    // How far into rawSize() reading has got.
    virtual qint64 rawPosition() const = 0;
    virtual bool compressed() const { return false; }
    // True when reading stopped because the text outgrew the inflate limit (read() then returns 0).
    virtual bool stoppedAtLimit() const { return false; }
};

// gzip data is inflated to at most this many times the compressed bytes read so far (past the first
// kInflateGrace bytes of text): a log compresses 5 to 20 times, a gzip bomb a thousand. 0: no limit.
constexpr qint64 kDefaultInflateRatio = 100;
constexpr qint64 kInflateGrace = qint64(16) << 20;

// What openInput() would refuse, found without opening anything (so many files can be checked up front).
Status checkInput(const LogInput &input, bool regularOnly);

// Opens the input. With `regularOnly`, anything but a regular file (or standard input) is refused
// with a message instead of being opened: a FIFO or a device could block or never end. gzip data
// stops at `maxInflateRatio` (see kDefaultInflateRatio).
Result<std::unique_ptr<Reader>>
openInput(const LogInput &input, bool regularOnly, qint64 maxInflateRatio = kDefaultInflateRatio);

} // namespace vna::logscan
