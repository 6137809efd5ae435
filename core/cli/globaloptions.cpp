#include "globaloptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

#include "common/i18n.h"
#include "common/version.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

const QString kLogLevel = u"log-level"_s;
const QString kLang = u"lang"_s;

QList<QCommandLineOption> globalOptionList()
{
    return {
        QCommandLineOption({u"h"_s, u"help"_s},
                           QCoreApplication::translate("GlobalOptions", "Show this help and exit.")),
        QCommandLineOption({u"v"_s, u"version"_s},
                           QCoreApplication::translate("GlobalOptions", "Show the version and exit.")),
        QCommandLineOption(
            kLogLevel,
            QCoreApplication::translate("GlobalOptions",
                                        "Log level: trace, debug, info, warn or error (default: info; "
                                        "environment variable VNA_LOG_LEVEL). Allowed anywhere on the line."),
            QCoreApplication::translate("GlobalOptions", "level")),
        QCommandLineOption(
            kLang,
            QCoreApplication::translate("GlobalOptions",
                                        "Language of the window and the messages: en or zh_CN (default: the "
                                        "saved choice, else the system language). Allowed anywhere on the line."),
            QCoreApplication::translate("GlobalOptions", "language")),
        QCommandLineOption(
            u"screenshot"_s,
            QCoreApplication::translate("GlobalOptions", "Render the main window to a PNG file and exit."),
            QCoreApplication::translate("GlobalOptions", "file")),
        QCommandLineOption(
            u"tab"_s,
            QCoreApplication::translate("GlobalOptions", "Open the window on this tab (home, or a tool's name)."),
            QCoreApplication::translate("GlobalOptions", "name")),
        QCommandLineOption(u"size"_s, QCoreApplication::translate("GlobalOptions", "Window size, e.g. 1280x800."),
                           QCoreApplication::translate("GlobalOptions", "WxH")),
    };
}

bool isHelpOrVersion(const QString &name)
{
    static const QStringList names{u"-h"_s, u"--help"_s, u"-?"_s, u"--help-all"_s, u"-v"_s, u"--version"_s};
    return names.contains(name);
}

bool takesValue(const QString &name)
{
    static const QStringList ours{u"--log-level"_s, u"--lang"_s, u"--screenshot"_s, u"--tab"_s, u"--size"_s};
    // QGuiApplication's own options with a value; Qt accepts them with one dash or two.
    static const QStringList qtGui{u"platform"_s,        u"platformpluginpath"_s,
                                   u"platformtheme"_s,   u"plugin"_s,
                                   u"qwindowgeometry"_s, u"qwindowicon"_s,
                                   u"qwindowtitle"_s,    u"style"_s,
                                   u"stylesheet"_s,      u"session"_s,
                                   u"display"_s,         u"geometry"_s};
    if (ours.contains(name))
        return true;
    QString bare = name;
    while (bare.startsWith(u'-'))
        bare.remove(0, 1);
    return qtGui.contains(bare);
}

} // namespace

Mode detectMode(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == u"--")
            return i + 1 < arguments.size() ? Mode::Cli : Mode::Gui;
        if (arg.size() > 1 && arg.startsWith(u'-')) {
            const QString name = arg.section(u'=', 0, 0);
            if (isHelpOrVersion(name))
                return Mode::Cli;
            if (!arg.contains(u'=') && takesValue(name))
                ++i;
            continue;
        }
        return Mode::Cli;
    }
    return Mode::Gui;
}

Result<QSize> parseSize(const QString &text, const QString &where)
{
    static const QRegularExpression pattern(u"^\\s*(\\d{1,5})\\s*[xX\u00d7]\\s*(\\d{1,5})\\s*\\z"_s);
    constexpr int kMin = 200;
    constexpr int kMax = 8192;
    const QRegularExpressionMatch match = pattern.match(text);
    if (match.hasMatch()) {
        const int width = match.captured(1).toInt();
        const int height = match.captured(2).toInt();
        if (width >= kMin && width <= kMax && height >= kMin && height <= kMax)
            return QSize(width, height);
    }
    return Error::input(
        QCoreApplication::translate(
            "GlobalOptions", "Invalid size \"%1\" in %2: expected WIDTHxHEIGHT, e.g. 1280x800, each between %3 and %4.")
            .arg(text, where)
            .arg(kMin)
            .arg(kMax),
        where);
}

Result<GlobalOptions> parseGlobalOptions(const QStringList &arguments, const QString &logLevelEnv)
{
    GlobalOptions options;

    // --log-level and --lang are global even after a subcommand: pull them out first.
    QStringList rest{arguments.value(0)};
    QString logLevelText;
    bool logLevelGiven = false;
    bool languageGiven = false;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == u"--") {
            rest << arguments.mid(i);
            break;
        }
        const QString name = arg.section(u'=', 0, 0);
        if (name != u"--log-level" && name != u"--lang") {
            rest << arg;
            continue;
        }
        QString value;
        if (arg.contains(u'=')) {
            value = arg.section(u'=', 1);
        } else if (i + 1 < arguments.size()) {
            value = arguments.at(++i);
        } else {
            return Error::input(QCoreApplication::translate("GlobalOptions", "Missing value after %1.").arg(name),
                                name);
        }
        if (name == u"--log-level") {
            logLevelText = value;
            logLevelGiven = true;
        } else {
            options.language = value;
            languageGiven = true;
        }
    }

    if (logLevelGiven) {
        const auto level = log::parseLevel(logLevelText, u"--log-level"_s);
        if (!level)
            return level.error();
        options.logLevel = *level;
    } else if (!logLevelEnv.isEmpty()) {
        const auto level = log::parseLevel(logLevelEnv, u"VNA_LOG_LEVEL"_s);
        if (!level)
            return level.error();
        options.logLevel = *level;
    }
    if (languageGiven) {
        const auto language = i18n::validate(options.language, u"--lang"_s);
        if (!language)
            return language.error();
    }

    QCommandLineParser parser;
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    parser.addOptions(globalOptionList());
    if (!parser.parse(rest))
        return Error::input(parser.errorText());

    options.help = parser.isSet(u"help"_s);
    options.version = parser.isSet(u"version"_s);
    const QStringList positional = parser.positionalArguments();
    if (!positional.isEmpty()) {
        options.subcommand = positional.constFirst();
        options.subcommandArgs = positional.mid(1);
    }

    options.screenshotFile = parser.value(u"screenshot"_s);
    options.tab = parser.value(u"tab"_s);
    if (parser.isSet(u"size"_s)) {
        const auto size = parseSize(parser.value(u"size"_s), u"--size"_s);
        if (!size)
            return size.error();
        options.windowSize = *size;
    }
    if (parser.isSet(u"screenshot"_s) && options.screenshotFile.trimmed().isEmpty())
        return Error::input(
            QCoreApplication::translate("GlobalOptions", "--screenshot needs a file name, e.g. --screenshot home.png."),
            u"--screenshot"_s);
    if (!options.subcommand.isEmpty()) {
        for (const QString &guiOnly : {u"screenshot"_s, u"tab"_s, u"size"_s}) {
            if (parser.isSet(guiOnly)) {
                return Error::input(
                    QCoreApplication::translate("GlobalOptions",
                                                "--%1 is an option of the window; it cannot be used with the "
                                                "subcommand \"%2\".")
                        .arg(guiOnly, options.subcommand),
                    u"--"_s + guiOnly);
            }
        }
    }
    return options;
}

QString globalOptionsHelp()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QString::fromUtf8(kAppDisplayName) + u' ' + QString::fromUtf8(kAppVersion) + u"\n"_s
        + QCoreApplication::translate(
            "GlobalOptions",
            "Diagnoses Ascend NPU environments, sizes the verl weight-transfer bucket, writes NPU "
            "profiler overrides, syncs checkpoints across nodes and explains training logs."));
    parser.addOptions(globalOptionList());
    parser.addPositionalArgument(
        u"subcommand"_s, QCoreApplication::translate("GlobalOptions", "A tool to run on the command line (see below)."),
        u"[SUBCOMMAND [OPTIONS]]"_s);
    return withProgramName(parser.helpText(), QString::fromUtf8(kAppName));
}

QString withProgramName(QString helpText, const QString &usage)
{
    const QString argv0 = QCoreApplication::instance() ? QCoreApplication::arguments().value(0) : QString();
    const qsizetype at = argv0.isEmpty() ? -1 : helpText.indexOf(argv0);
    if (at >= 0)
        helpText.replace(at, argv0.size(), usage);
    return helpText;
}

} // namespace vna::cli
