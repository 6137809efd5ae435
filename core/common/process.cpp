#include "process.h"

#include <csignal>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <sys/types.h>
#include <unistd.h>

namespace vna {

namespace {

void append(QByteArray &to, const QByteArray &data, qsizetype max, bool &truncated)
{
    const qsizetype room = max - to.size();
    if (data.size() > room) {
        truncated = true;
        to.append(data.left(std::max<qsizetype>(room, 0)));
    } else {
        to.append(data);
    }
}

} // namespace

ProcessResult runProcess(const ProcessRequest &request, const std::atomic_bool *cancel)
{
    ProcessResult result;
    QElapsedTimer clock;
    clock.start();

    QProcess process;
    process.setProgram(request.program);
    process.setArguments(request.arguments);
    process.setProcessEnvironment(request.environment);
    // A new session: the child and everything it starts share one process group we can kill.
    process.setChildProcessModifier([] { ::setsid(); });
    process.start(QIODevice::ReadWrite);
    if (!process.waitForStarted(10000)) {
        result.errorString = QCoreApplication::translate("Process", "Could not run %1: %2")
                                 .arg(request.program, process.errorString());
        result.elapsedMs = clock.elapsed();
        return result;
    }
    result.started = true;
    const qint64 pid = process.processId();
    if (!request.input.isEmpty())
        process.write(request.input);
    bool feeding = static_cast<bool>(request.inputStream);
    if (!feeding && !request.holdInput)
        process.closeWriteChannel();
    constexpr qint64 kChunk = 1 << 20;
    constexpr qint64 kBuffered = 4 << 20; // bytes handed to QProcess not yet written to the pipe
    QByteArray chunk(kChunk, Qt::Uninitialized);
    qint64 lastActivity = 0;

    const auto killGroup = [&] {
        if (pid > 0)
            ::kill(-static_cast<pid_t>(pid), SIGKILL);
        process.kill();
        process.waitForFinished(5000);
    };
    const auto collect = [&] {
        const QByteArray out = process.readAllStandardOutput();
        const QByteArray err = process.readAllStandardError();
        if (!err.isEmpty() && request.onStderr)
            request.onStderr(err);
        append(result.out, out, request.maxOutput, result.truncated);
        append(result.err, err, request.maxOutput, result.truncated);
        return !out.isEmpty() || !err.isEmpty();
    };
    bool endedInGrace = false; // canceled, and ended by itself within the grace: its exit code counts
    const auto stop = [&] {
        result.canceled = true;
        if (request.cancelGraceMs > 0 && process.state() != QProcess::NotRunning) {
            process.closeWriteChannel(); // after the bytes QProcess still holds
            QElapsedTimer grace;
            grace.start();
            while (process.state() != QProcess::NotRunning && grace.elapsed() < request.cancelGraceMs) {
                if (process.bytesToWrite() > 0)
                    process.waitForBytesWritten(50);
                else
                    process.waitForFinished(50);
                collect();
            }
            endedInGrace = process.state() == QProcess::NotRunning;
        }
        if (process.state() != QProcess::NotRunning)
            killGroup();
    };
    while (process.state() != QProcess::NotRunning) {
        while (feeding && process.bytesToWrite() < kBuffered) {
            const qint64 n = request.inputStream(chunk.data(), kChunk);
            if (n < 0) {
                stop();
                feeding = false;
                break;
            }
            if (n == 0) {
                feeding = false;
                process.closeWriteChannel();
                break;
            }
            process.write(chunk.constData(), n);
            lastActivity = clock.elapsed();
        }
        if (result.canceled)
            break;
        if (process.bytesToWrite() > 0) {
            if (process.waitForBytesWritten(50))
                lastActivity = clock.elapsed();
        } else
            process.waitForFinished(50);
        if (collect())
            lastActivity = clock.elapsed();
        if (cancel && cancel->load()) {
            stop();
            break;
        }
        if (clock.elapsed() - (request.idleTimeout ? lastActivity : 0) > request.timeoutMs) {
            result.timedOut = true;
            killGroup();
            break;
        }
    }
    append(result.out, process.readAllStandardOutput(), request.maxOutput, result.truncated);
    const QByteArray lastErr = process.readAllStandardError();
    if (!lastErr.isEmpty() && request.onStderr)
        request.onStderr(lastErr);
    append(result.err, lastErr, request.maxOutput, result.truncated);
    if (!result.timedOut && (!result.canceled || endedInGrace) && process.exitStatus() == QProcess::NormalExit)
        result.exitCode = process.exitCode();
    else if (pid > 0)
        ::kill(-static_cast<pid_t>(pid), SIGKILL); // leftovers of a killed tree
    result.elapsedMs = clock.elapsed();
    return result;
}

} // namespace vna
