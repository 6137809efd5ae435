// Inside the checkpoint sync: the source's bytes on their way to a node that receives from this run,
// read in pieces while they are sent, at the rate the user allows.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include <QElapsedTimer>
#include <QList>
#include <QProcess>
#include <QString>

#include "ckptsync/nodescript.h"
#include "ckptsync/options.h"
#include "ckptsync/sourcefile.h"

namespace vna::ckptsync::detail {

// One limit for every node's stream together: a sender waits until its bytes fit the rate. Time not
// used is saved up for an eighth of a second at most, so the rate also holds after a slow start, a
// pause or a retry's wait (an average since the start let seconds' worth go at once after those).
class RateLimiter
{
public:
    using Clock = std::function<qint64()>;           // microseconds, monotonic
    using Wait = std::function<void(qint64 micros)>; // sleeps about that long
    static constexpr qint64 kSavedMicros = 125'000;

    explicit RateLimiter(qint64 bytesPerSecond, Clock clock = {}, Wait wait = {})
        : m_rate(bytesPerSecond)
        , m_clock(std::move(clock))
        , m_wait(std::move(wait))
    {
        if (!m_clock) {
            m_timer.start();
            m_clock = [this] { return m_timer.nsecsElapsed() / 1000; };
        }
        if (!m_wait)
            m_wait = [](qint64 micros) { std::this_thread::sleep_for(std::chrono::microseconds(micros)); };
        m_due = m_clock();
    }
    // False when canceled while waiting.
    bool take(qint64 bytes, const std::atomic_bool *cancel)
    {
        if (m_rate <= 0)
            return true;
        qint64 due = 0; // when these bytes may have left
        {
            std::lock_guard lock(m_mutex);
            m_due = std::max(m_due, m_clock() - kSavedMicros) + bytes * 1'000'000 / m_rate;
            due = m_due;
        }
        for (qint64 now = m_clock(); now < due; now = m_clock()) {
            if (cancel && cancel->load())
                return false;
            m_wait(std::min<qint64>(50'000, due - now));
        }
        return true;
    }

private:
    qint64 m_rate;
    Clock m_clock;
    Wait m_wait;
    QElapsedTimer m_timer;
    std::mutex m_mutex;
    qint64 m_due = 0;
};

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
    ~SourceStream();

    qint64 read(char *buffer, qint64 max);
    QString error() const { return m_error; }

private:
    qint64 readLocal(char *buffer, qint64 max);
    qint64 readRemote(char *buffer, qint64 max);
    qint64 fail(const QString &error);
    void report();

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

// sha256 of a source file's first `bytes`; empty when it cannot be read.
QString sourcePrefixSha(const Options &options, const QString &relative, qint64 bytes, const std::atomic_bool *cancel);

} // namespace vna::ckptsync::detail
