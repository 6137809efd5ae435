// Entry point: decides between the window and the command line, then sets up translations and logging.
// Built twice: the application, and with VNA_CLI_ONLY the command line alone (Qt Core, no widgets),
// for the relocatable archive that runs on the nodes, where everything is a subcommand.
#include <algorithm>

#include <QCoreApplication>
#include <QTextStream>
#ifndef VNA_CLI_ONLY
#include <QApplication>
#endif

#include "cli/dispatcher.h"
#include "cli/globaloptions.h"
#include "common/i18n.h"
#include "common/logging.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/version.h"
#ifndef VNA_CLI_ONLY
#include "shell/guiapp.h"
#endif

using namespace Qt::StringLiterals;
using namespace vna;

namespace {

struct Streams
{
    QTextStream out{stdout};
    QTextStream err{stderr};
    cli::Context ctx{out, err};
};

// Parses the running application's arguments, then installs the translators and the log sinks
// they ask for (the system language and default logging when they cannot be parsed).
Result<cli::GlobalOptions> startSession(bool commandLine)
{
    auto options = cli::parseGlobalOptions(QCoreApplication::arguments(), qEnvironmentVariable("VNA_LOG_LEVEL"));
    const cli::GlobalOptions *parsed = options ? &options.value() : nullptr;

    i18n::install(
        i18n::resolve(parsed ? parsed->language : QString(), Settings().value(keys::language), QLocale::system()));

    log::Options logOptions;
    logOptions.file = paths::logFile();
    if (parsed && parsed->logLevel) {
        logOptions.level = *parsed->logLevel;
        logOptions.toStderr = true;
        logOptions.stderrLevel = *parsed->logLevel;
    } else {
        // The command line reports problems on stderr; the window shows them in its Log panel.
        logOptions.toStderr = commandLine;
    }
    if (const Status status = log::init(logOptions); !status)
        log::core()->warn("{}", status.error().message);
    log::core()->debug("{} {} starting, Qt {}", kAppName, kAppVersion, qVersion());
    return options;
}

int runCommandLine(int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Streams streams;
    const auto options = startSession(true);
    if (!options)
        return toInt(cli::Dispatcher::reportUsageError(options.error(), streams.ctx));
    cli::Dispatcher dispatcher(cli::builtinSubcommands());
#ifdef VNA_CLI_ONLY
    dispatcher.setHasWindow(false);
#endif
    const int code = toInt(dispatcher.run(*options, streams.ctx));
    log::shutdown();
    return code;
}

#ifndef VNA_CLI_ONLY
// Without a display Qt would abort with a cryptic message. Bad arguments are still reported as
// such (exit 2); otherwise say what to do instead.
int reportNoDisplay(int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Streams streams;
    const auto options = startSession(true);
    if (!options)
        return toInt(cli::Dispatcher::reportUsageError(options.error(), streams.ctx));
    streams.err << kAppName << u": "_s
                << QCoreApplication::translate("Main",
                                               "No display found (DISPLAY and WAYLAND_DISPLAY are unset). "
                                               "Run a subcommand instead (see --help), or render the "
                                               "window with --screenshot FILE.")
                << u'\n';
    return toInt(ExitCode::Runtime);
}

bool hasDisplay()
{
#ifdef Q_OS_LINUX
    return qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || qEnvironmentVariableIsSet("DISPLAY")
        || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
#else
    return true;
#endif
}

int runWindow(int &argc, char **argv, const QStringList &rawArguments)
{
    // A screenshot needs no screen: render off-screen unless the user chose a platform.
    const bool screenshot = std::any_of(rawArguments.begin(), rawArguments.end(), [](const QString &arg) {
        return arg == u"--screenshot" || arg.startsWith(u"--screenshot=");
    });
    if (screenshot && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!hasDisplay())
        return reportNoDisplay(argc, argv);

    QApplication app(argc, argv);
    QGuiApplication::setDesktopFileName(QString::fromUtf8(kAppDesktopId));
    QApplication::setApplicationDisplayName(QString::fromUtf8(kAppDisplayName));
    const auto options = startSession(false);
    if (!options) {
        Streams streams;
        return toInt(cli::Dispatcher::reportUsageError(options.error(), streams.ctx));
    }
    const int code = ui::runGui(*options);
    log::shutdown();
    return code;
}
#endif

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication::setApplicationName(QString::fromUtf8(kAppName));
    QCoreApplication::setApplicationVersion(QString::fromUtf8(kAppVersion));

#ifdef VNA_CLI_ONLY
    return runCommandLine(argc, argv); // without a subcommand: the help
#else
    QStringList rawArguments;
    for (int i = 0; i < argc; ++i)
        rawArguments << QString::fromLocal8Bit(argv[i]);

    if (cli::detectMode(rawArguments) == cli::Mode::Cli)
        return runCommandLine(argc, argv);
    return runWindow(argc, argv, rawArguments);
#endif
}
