// The one way core runs an external program (ssh, npu-smi, python3, sh): an argument list, never a
// shell string; input on stdin; a timeout; cancel from another thread; output capped so a runaway
// program cannot exhaust memory. Blocking: call it from a worker thread, never the GUI thread.
#pragma once

#include <atomic>
#include <functional>

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace vna {

struct ProcessRequest
{
    QString program;
    QStringList arguments;
    QByteArray input; // written to stdin, which is then closed
    // Or stdin streamed: called for the next bytes (at most `max` into `buffer`); returns how many, 0 at
    // the end, -1 to abort. Memory stays bounded whatever the size.
    std::function<qint64(char *buffer, qint64 max)> inputStream;
    // Called with each piece of stderr as it arrives (from the calling thread); stderr is still kept in
    // the result.
    std::function<void(const QByteArray &piece)> onStderr;
    int timeoutMs = 30000;                  // the whole process tree is killed after this
    bool idleTimeout = false;               // timeoutMs counts from the last byte in or out instead
    qsizetype maxOutput = 32 * 1024 * 1024; // per stream; the rest is dropped and `truncated` set
    // On cancel (or inputStream's -1): 0 kills the process group at once. More: stdin is closed after
    // what was already handed over, and the program gets this long to end by itself before it is
    // killed, so that what it started (a remote command behind ssh) has ended, or knows it must, when
    // runProcess returns.
    int cancelGraceMs = 0;
    // Without input: stdin stays open, nothing written to it, until the program ends or a cancel closes
    // it. With cancelGraceMs, the end of input is a remote command's sign to stop (its data comes from
    // elsewhere).
    bool holdInput = false;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
};

struct ProcessResult
{
    bool started = false; // false: the program was not found or not executable (see errorString)
    bool timedOut = false;
    bool canceled = false;
    bool truncated = false;
    // -1 when it did not exit normally (killed, timed out, canceled); a canceled program that ended by
    // itself within cancelGraceMs has its own (what it finished may count).
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QString errorString; // translated, when !started
    qint64 elapsedMs = 0;

    bool succeeded() const { return started && !timedOut && !canceled && exitCode == 0; }
};

// Runs the program in its own process group so a timeout or cancel also ends its children.
ProcessResult runProcess(const ProcessRequest &request, const std::atomic_bool *cancel = nullptr);

} // namespace vna
