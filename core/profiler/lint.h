// The launch-command linter: reads a command or a whole launch script as bash runs it, finds the verl
// (Hydra) launches in it, and reports, with line and column, what bash, Hydra or verl will reject or do
// differently than intended in the chosen verl release, with the whole corrected command.
#pragma once

#include <atomic>

#include <QFile>
#include <QList>
#include <QStringList>

#include "common/result.h"
#include "hydra/override.h"
#include "profiler/finding.h"
#include "verl/version.h"

namespace vna::profiler {

// Launch scripts are kilobytes; anything larger than this is refused rather than read.
constexpr qint64 kMaxScriptBytes = 16 * 1024 * 1024;

// One command the linter read as a verl launch.
struct LaunchReport
{
    QString program;    // e.g. "python3 -m verl.trainer.main_ppo"; empty for overrides pasted on their own
    QString configName; // the config it composes, when known
    qsizetype line = 0;
    qsizetype column = 0;
    qsizetype overrides = 0;
    bool passesArguments = false; // "$@": the caller adds overrides that are not checked here
    // The whole command as it should be for the chosen release (program, options, every override with
    // the fixes applied and the missing ones added), one word per element; empty when nothing changes.
    QStringList corrected;
    qsizetype programWords = 0; // how many of `corrected` are the program and its options
    QStringList dropped;        // overrides left out of `corrected`: rejected with no equivalent to write
    QString config;             // the config checked against ("…/ppo_trainer at v0.9.0 with model_engine=megatron")
    QString notChecked;         // why the config is not known, when it is not
    QString configId;           // verl/trainer/config/ppo_trainer; empty when not known
    QList<std::pair<QString, QString>> choices; // its config group choices (model_engine=megatron)
    QStringList keys;                           // the keys its overrides set, as written
};

// An override whose key or value the linter could not check, and why.
struct NotChecked
{
    qsizetype line = 0;
    qsizetype column = 0;
    QString word; // as written
    QString key;  // empty when the key itself is unknown
    QString reason;
};

struct LintReport
{
    QList<Finding> findings; // in the order of the script
    qsizetype overrides = 0; // how many overrides were read
    qsizetype checked = 0;   // of them, how many were checked against their config
    QList<NotChecked> notChecked;
    QList<LaunchReport> launches;
    // The overrides whose values are known, with the fixes applied and the missing ones added: what the
    // command meant, for filling the generator's form.
    QList<hydra::Override> corrected;
    QStringList sourced;          // files the script sources, which were not read
    qsizetype tracedCommands = 0; // the text was a `set -x` trace of this many commands (0: a script)
    bool markdown = false;        // Markdown fences or backquotes around the command were left out
};

// Fails when bash could not read the text to its end (an unclosed quote: the error names the line) or
// it is larger than kMaxScriptBytes. Setting *cancel makes it stop with a runtime error.
Result<LintReport> lint(const QString &script, const verl::Version &version, const std::atomic_bool *cancel = nullptr);

// Reads a script from an open file (also stdin or a pipe), refusing more than kMaxScriptBytes. `name`
// is how the messages call it.
Result<QString> readScript(QFile &file, const QString &name);
// Reads a script file for the GUI: only regular files, so a directory, FIFO or device cannot hang it.
Result<QString> readScriptFile(const QString &path);

// "No problems found in 4 override(s)." only when every override was checked; else what was found in the
// ones checked and how many were not ("2 error(s), 1 warning(s) in 4 override(s); 1 not checked.").
QString summary(const LintReport &report);
// One line per override that was not checked: "line 3: data.path=$DATA: its value comes from …".
QStringList notCheckedLines(const LintReport &report);
// Every override was checked: nothing in notChecked (a launch passing "$@" on is listed there). A script
// with no launch has nothing unchecked; its summary says that nothing was checked.
bool complete(const LintReport &report);
// "Read as verl launches: line 12: python3 -m verl.trainer.main_ppo (ppo_trainer, 40 overrides)." or
// that no launch was found.
QStringList launchLines(const LintReport &report);

// When `version` is not a release the facts were read from: which release's facts stand for it.
QString versionNote(const verl::Version &version);

// The corrected command of each launch that needs one, as bash text to paste: a comment naming the
// line it replaces, then one word per line joined by " \", then a comment with what was left out.
// The CLI prints it and the GUI shows it, word for word.
QString correctedText(const LintReport &report, const verl::Version &version);

} // namespace vna::profiler
