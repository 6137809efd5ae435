// What one node sends of its logs: a POSIX sh script (on stdin over ssh; nothing is installed there)
// finds the Ray session's logs, the CANN plogs and device logs and any folders the user names, and for
// each file sends only the windows around lines that hold one of the knowledge base's literals or a
// level word (grep on the node, newest files first, capped per file and per node), its line count, its
// first lines (Ray's actor name) and its last lines (where a rank stopped); then the NPU driver's lines
// of the kernel log, `npu-smi info` and whether py-spy is there. This file builds the script and reads
// its answer back into files whose lines keep their numbers on the node.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace vna::logscan {
class Matcher;
}

namespace vna::collect {

// What to look for and where, the same for every node.
struct ScriptOptions
{
    QString rayDir = QStringLiteral("/tmp/ray");        // Ray's temp folder ("~/" is the node's home)
    QString session = QStringLiteral("session_latest"); // a session folder's name, or a path
    QStringList paths;                                  // further folders or files ("~/" allowed)
    bool plogs = true;                                  // $ASCEND_PROCESS_LOG_PATH or ~/ascend/log: run/, debug/
    qint64 sinceEpochSec = -1;                          // skip files not written since; -1: all
    QStringList literals;                               // found in any case
    QStringList markers;                                // level words, found as written
    int context = 3;                                    // lines kept before and after each line found
    qint64 maxBytesPerFile = 2 << 20;                   // of windows, the end of the file kept
    qint64 maxBytesPerNode = 16 << 20;                  // files past it are listed, not read
    int tailLines = 5;
    bool kernel = true;
    int timeoutSec = 20; // per command inside the script
};

// The knowledge base's literals (any case) and the level words (as written) as what the nodes grep for.
void searchFor(ScriptOptions &options, const logscan::Matcher &matcher);

// What every script sent to a node starts with: N and T, section markers b/e, run (a per-command timeout
// where coreutils' timeout exists) and home ("~/" on the node).
QString shellPrelude(const QString &nonce, int timeoutSec);
// Sets S to the Ray session's folder on the node (needs shellPrelude's home).
QString sessionFolder(const QString &rayDir, const QString &session);

QByteArray nodeScript(const ScriptOptions &options, const QString &nonce);

// The stacks of Python processes by py-spy, in sections "stack:PID".
QByteArray stacksScript(const QList<qint64> &pids, int timeoutSec, const QString &nonce);

// One log file as the node sent it.
struct NodeFile
{
    QString path;
    QString kind;              // "ray-worker", "ray-driver", "ray", "plog", "device", "other"
    qint64 size = 0;           // bytes on the node
    qint64 mtimeMs = 0;        // last written, milliseconds since 1970 by the node's clock
    qint64 lines = 0;          // lines on the node
    bool read = false;         // false: listed only (the node's cap was reached first)
    bool cut = false;          // the windows were more than the per-file cap: the earliest were dropped
    QString pid;               // from the file name (worker-…-PID.out, plog-PID_….log)
    QString actor;             // Ray's ":actor_name:" in its first lines
    QString rank;              // the first rank one of its kept lines names
    QByteArray text;           // the kept lines; a gap between windows is one "…" line
    QList<qint64> lineNumbers; // per line of `text`: its number on the node, 0 for a gap
    QStringList tail;          // its last lines
    qint64 tailFirstLine = 0;  // the number of tail's first line
};

// What a node answered.
struct NodeAnswer
{
    QString hostname;
    QList<NodeFile> files; // newest first
    QStringList missing;   // folders looked in that are not there
    QStringList kernel;    // NPU driver lines of the kernel log
    QString kernelNote;    // why there are none (dmesg not permitted, not found)
    QString smi;           // npu-smi info
    int smiExit = -1;      // 127: not installed
    QString pySpy;         // its path, empty when not installed
    bool complete = false; // the script reached its end
    qint64 bytesOnNode() const;
    qint64 bytesKept() const;
};

// `maxBytesPerFile` as the script was given it: a window section that long was cut at its start.
NodeAnswer parseNodeAnswer(const QByteArray &output, const QString &nonce, qint64 maxBytesPerFile);

// The kind of a log by its path, and the pid its file name carries.
QString fileKind(const QString &path);
QString pidOfFile(const QString &path);

} // namespace vna::collect
