// What a log line says about where it came from: Ray's decoration, rank markers and timestamps;
// and the line reduced to what stays the same across ranks, for grouping and for searching.
#pragma once

#include <string_view>

#include <QString>

namespace vna::logscan {

struct LineInfo
{
    QString actor;            // Ray actor or task: "WorkerDict", "TaskRunner"
    QString pid;              // Ray's pid= or the CANN "(PID:…)"
    QString node;             // Ray's ip=
    QString rank;             // "[rank3]:" or "RankID:3"
    qint64 repeated = 0;      // Ray's "[repeated Nx across cluster]"
    qint64 time = -1;         // milliseconds since 1970 as written (no time zone), -1 without a time
    bool timeIsBound = false; // `time` is not the line's own but its file's last write: it happened by then
};

LineInfo describeLine(std::string_view line);

// The first "YYYY-MM-DD[ T-]hh:mm:ss[.,]fff" in the line (plog, Python logging, ISO, Ray), or -1.
qint64 parseTime(std::string_view line);

// The time of a line that writes it without a year, as glog and torch's c10 logging do ("[rank0]:[E1207
// 10:42:05.428 …]"), in the year of `writtenMs` (when the file was last written, as its lines write times),
// or -1.
qint64 parseYearlessTime(std::string_view line, qint64 writtenMs);

// The line without terminal colours, Ray's "(Actor pid=…, ip=…)" prefix, "[repeated Nx …]" and
// "[rankN]:" markers; control characters and invalid UTF-8 made visible but harmless.
QString displayText(std::string_view line);

// A display line without Ray's "(Actor pid=…, ip=…)" prefix, its "[repeated Nx …]" and "[rankN]:" markers.
QString undecorated(QString text);

// The line with decoration, times, numbers, hex, addresses and paths replaced by "#": the same
// error on two ranks gives the same fingerprint.
QString fingerprint(std::string_view line);

// The error text to search an issue tracker for: numbers, paths, addresses, times and pids removed.
QString searchText(std::string_view line);

} // namespace vna::logscan
