// The options that come before any subcommand, and the decision between the window and the CLI.
#pragma once

#include <optional>

#include <QSize>
#include <QString>
#include <QStringList>

#include "common/logging.h"
#include "common/result.h"

namespace vna::cli {

enum class Mode { Gui, Cli };

// The size of the window on first start and of --screenshot pictures.
inline constexpr QSize kDefaultWindowSize{1280, 800};

struct GlobalOptions
{
    bool help = false;
    bool version = false;
    std::optional<log::Level> logLevel; // --log-level, else VNA_LOG_LEVEL
    QString language;                   // --lang; empty when not given
    // Window only: the tab to open, the window size, and --screenshot (render to a PNG and exit).
    QString tab;
    std::optional<QSize> windowSize;
    QString screenshotFile;
    // The first positional argument and everything after it.
    QString subcommand;
    QStringList subcommandArgs;

    bool wantsCli() const { return help || version || !subcommand.isEmpty(); }
};

// Decides, before any QCoreApplication exists, whether the arguments ask for the window or a
// command-line run: help, version or any positional argument (a subcommand) mean the CLI.
// Qt's own GUI options (-platform NAME, -style NAME, ...) are understood so their values are
// not mistaken for subcommands.
Mode detectMode(const QStringList &arguments);

// Parses the full argument list (argv[0] first). --log-level and --lang may appear anywhere,
// also after the subcommand. `logLevelEnv` is the value of VNA_LOG_LEVEL (null when unset).
Result<GlobalOptions> parseGlobalOptions(const QStringList &arguments, const QString &logLevelEnv = QString());

// "1280x800" -> QSize; `where` names the option for the error message.
Result<QSize> parseSize(const QString &text, const QString &where);

// The --help text before the list of subcommands.
QString globalOptionsHelp();

// QCommandLineParser's help starts "Usage: <argv[0]> ..."; argv[0] is often a long build path.
// Replaces it with what users type, e.g. "verl-npu-assistant bucket".
QString withProgramName(QString helpText, const QString &usage);

} // namespace vna::cli
