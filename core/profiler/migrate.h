// Moving a launch script from one verl release to another: the script is checked against both
// releases' configs, and what fails only in the newer one is what the move changes (a key renamed or
// moved, a key removed, a value the newer release refuses); the keys the script leaves alone whose
// default changed are listed too. The moved command is the linter's corrected command for the target.
#pragma once

#include <atomic>

#include "profiler/lint.h"
#include "verl/version.h"

namespace vna::profiler {

struct MigrationItem
{
    enum class Kind {
        Renamed,        // the key has another name in the target: written under it
        Removed,        // the target has no such key and nothing in its place: left out
        Refused,        // the target refuses the value (or its type)
        AlreadyWrong,   // refused by the source release too: not a matter of the move
        DefaultChanged, // a key the script does not set: its default differs
    };
    Kind kind = Kind::Renamed;
    QString key;
    QString to;      // Renamed: the new key; DefaultChanged: the target's default
    QString from;    // DefaultChanged: the source's default
    QString message; // the finding's message, or what changed
    QString source;  // tag:path:line in the target, where there is one
    qsizetype line = 0;
    qsizetype column = 0;
};

struct Migration
{
    verl::Version from;
    verl::Version to;
    LintReport report; // the script checked against the target, with its corrected command
    QList<MigrationItem> items;
};

// Fails as lint() does (a script bash cannot read).
Result<Migration> migrate(const QString &script,
                          const verl::Version &from,
                          const verl::Version &to,
                          const std::atomic_bool *cancel = nullptr);

// "Moving from verl 0.6.1 to 0.9.0: 2 renamed, 1 removed, 0 refused; 3 defaults changed."
QString migrationSummary(const Migration &migration);
// One line per item, for the CLI and the window.
QString describe(const MigrationItem &item);

} // namespace vna::profiler
