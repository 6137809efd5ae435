// The Logs tool's state without a widget: the logs to read (files and pasted lines), the recent
// files and the last tried pattern (remembered), and the analysis with the entries it refers to.
// LogsTab renders it.
#pragma once

#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "logscan/input.h"
#include "logscan/knowledgebase.h"
#include "logscan/scanner.h"

namespace vna::ui {

class LogsState
{
public:
    static constexpr qsizetype kMaxRecent = 10;

    QStringList files; // absolute paths, in the order added
    QString pasted;
    QStringList recentFiles; // newest first
    QString pattern;         // the Pattern page's regex

    std::optional<logscan::Analysis> analysis;
    QList<logscan::Entry> analysisEntries; // the entries `analysis` indexes into

    // The remembered part: recent files and the pattern.
    void load();
    void save() const;

    // Adds readable regular files (not twice) and remembers them as recent; returns the ones
    // added, and in `problems` why the others were refused (folders, pipes, devices, missing).
    QStringList addFiles(const QStringList &paths, QStringList &problems);
    void removeFiles(const QStringList &paths);
    void clearInputs();
    void forgetRecent();
    // What Analyze reads: every file, then the pasted lines.
    QList<logscan::LogInput> inputs() const;
    bool hasInputs() const { return !files.isEmpty() || !pasted.isEmpty(); }
};

// A read input's name as the window shows it: "pasted text" in the current language, a file by its
// path (`whole`) or its name.
QString shownName(const logscan::FileStats &file, bool whole);
// The analysis with its inputs named as the window shows them now, for a report copied or saved
// after a language switch.
logscan::Analysis asShown(logscan::Analysis analysis);

} // namespace vna::ui
