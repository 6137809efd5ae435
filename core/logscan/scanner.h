// Finds every known failure in one or more logs: blocks of lines are matched in parallel, matches
// are attributed to node, process and rank, echoes are grouped with a count, the files are merged
// into one timeline when their lines carry times, and later findings the knowledge base calls
// consequences of an earlier one are marked as its symptoms.
#pragma once

#include <atomic>
#include <functional>

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "logscan/errorlines.h"
#include "logscan/input.h"
#include "logscan/knowledgebase.h"
#include "logscan/knownbugs.h"
#include "logscan/lineinfo.h"
#include "logscan/matcher.h"

namespace vna::logscan {

// A named capture, placed in the matched lines: lines[line], from `start` for `length` characters
// (start -1 when the capture lies outside the part of a very long line that is kept).
struct Capture
{
    QString name;
    QString value;
    int line = 0;
    qsizetype start = -1;
    qsizetype length = 0;
};

struct Occurrence
{
    int file = 0;       // index into Analysis::files
    qint64 line = 0;    // 1-based: the first matched line
    QStringList lines;  // the matched line(s) as shown (very long lines shortened around the match)
    QStringList before; // up to ScanOptions::context lines before
    QStringList after;  // and after
    QList<Capture> captures;
    LineInfo info;

    qint64 lastLine() const { return line + std::max<qsizetype>(lines.size(), 1) - 1; }
    QString capture(const QString &name) const;
};

struct Finding
{
    int entry = 0;      // index into the entries the matcher was built from
    int indication = 0; // which of the entry's indications matched first
    Occurrence first;   // the earliest occurrence (by time across files, else by position)
    qint64 count = 0;   // occurrences, Ray's "[repeated Nx]" included
    QStringList ranks;  // distinct ranks and nodes it was seen on (at most 64 each)
    QStringList nodes;
    QList<QPair<int, qint64>> seenAt; // (file, line) of the first occurrences, at most 20
    QString fingerprint;
    QString symptomOf; // id of the earlier finding this one follows from; empty for a root cause
    Located located;   // where its line was raised, and suspect fixes (filled by locate())

    bool rootCause() const { return symptomOf.isEmpty(); }
};

struct FileStats
{
    QString name;
    bool pasted = false; // text given in place of a file: `name` is its label, in the language of then
    qint64 bytes = 0;    // of text (after decompression)
    qint64 lines = 0;
    bool compressed = false;
    bool stoppedAtLimit = false; // gzip data outgrew ScanOptions::maxInflateRatio: the rest is unread
    qint64 rawBytes = 0;         // of the file as read (compressed size for gzip)
};

struct Analysis
{
    QList<Finding> findings; // in order of first occurrence
    QList<FileStats> files;
    // Every error and warning line, one per shape, in the order they were met (analyze keeps at most 5000
    // shapes; the lines of further shapes are counted in errorLinesNotKept).
    QList<ErrorLine> errorLines;
    qint64 errorLinesNotKept = 0;
    qint64 elapsedMs = 0;
    bool timeline = false; // findings were ordered by the times in the lines
    // The releases the user runs, for known upstream bugs: set by the caller (--verl-version,
    // --installed, the window's verl version) before the findings are put into words.
    QList<InstalledVersion> installed;
    // The releases of each component the log's lines fit, where they narrow it down (filled by locate()).
    QList<LogReleases> logReleases;
};

struct ScanOptions
{
    int threads = 0;               // 0: one per core
    qint64 blockBytes = 2 << 20;   // text matched at a time
    int context = 2;               // lines kept before and after each first occurrence
    bool regularFilesOnly = false; // refuse pipes and devices (the GUI)
    int maxGroupsPerEntry = 20;    // distinct fingerprints kept per entry; more are counted in the first
    qint64 maxInflateRatio = kDefaultInflateRatio; // 0: inflate gzip data without limit
    bool errorLines = true;                        // collect the error and warning lines (Analysis::errorLines)
};

using Progress = std::function<void(qint64 done, qint64 total)>; // total -1 when unknown

Result<Analysis> analyze(const QList<LogInput> &inputs,
                         const QList<Entry> &entries,
                         const Matcher &matcher,
                         const ScanOptions &options = {},
                         const Progress &progress = {},
                         const std::atomic_bool *cancel = nullptr);

// Orders findings by first occurrence and marks symptoms (done by analyze; public for tests).
void orderAndLink(Analysis &analysis, const QList<Entry> &entries);

} // namespace vna::logscan
