#include "dispatcher.h"

#include <algorithm>

#include <QCommandLineParser>
#include <QCoreApplication>

#include "cli/analyzecommand.h"
#include "cli/auditcommand.h"
#include "cli/bucketcommand.h"
#include "cli/collectcommand.h"
#include "cli/envcommands.h"
#include "cli/lintcommand.h"
#include "cli/memorycommand.h"
#include "cli/profilercommand.h"
#include "cli/synccommand.h"
#include "common/version.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

QString programName()
{
    return QString::fromUtf8(kAppName);
}

QCommandLineOption helpOption()
{
    return QCommandLineOption(
        {u"h"_s, u"help"_s},
        QCoreApplication::translate("Dispatcher", "Show the options of this subcommand and exit."));
}

} // namespace

Dispatcher::Dispatcher(std::vector<std::unique_ptr<Subcommand>> subcommands)
    : m_subcommands{std::move(subcommands)}
{}

Dispatcher::~Dispatcher() = default;

Subcommand *Dispatcher::find(const QString &name) const
{
    const auto it = std::find_if(m_subcommands.begin(), m_subcommands.end(),
                                 [&name](const auto &subcommand) { return subcommand->name() == name; });
    return it == m_subcommands.end() ? nullptr : it->get();
}

QString Dispatcher::helpText() const
{
    QString text = globalOptionsHelp();
    text += u'\n' + QCoreApplication::translate("Dispatcher", "Subcommands:") + u'\n';
    qsizetype width = 4;
    for (const auto &subcommand : m_subcommands)
        width = std::max(width, subcommand->name().size());
    for (const auto &subcommand : m_subcommands)
        text += u"  "_s + subcommand->name().leftJustified(width + 2) + subcommand->summary() + u'\n';
    text += u"  "_s + u"help"_s.leftJustified(width + 2)
        + QCoreApplication::translate("Dispatcher", "Show the options of a subcommand.") + u'\n';
    text += u'\n'
        + (m_hasWindow ? QCoreApplication::translate(
               "Dispatcher",
               "Run \"%1 SUBCOMMAND --help\" for the options of a subcommand. Without a subcommand the "
               "window opens.")
                       : QCoreApplication::translate("Dispatcher",
                                                     "Run \"%1 SUBCOMMAND --help\" for the options of a subcommand. "
                                                     "This build is the command line alone: it has no window."))
              .arg(programName())
        + u"\n\n"_s;
    text += QCoreApplication::translate("Dispatcher", "Exit codes:") + u'\n';
    text += u"  0  "_s + QCoreApplication::translate("Dispatcher", "ran and found nothing wrong") + u'\n';
    text += u"  1  "_s + QCoreApplication::translate("Dispatcher", "ran and found problems") + u'\n';
    text += u"  2  "_s
        + QCoreApplication::translate("Dispatcher", "bad usage or bad input (the message names the bad value)") + u'\n';
    text += u"  3  "_s + QCoreApplication::translate("Dispatcher", "runtime failure") + u'\n';
    return text;
}

QString Dispatcher::helpText(const Subcommand &subcommand) const
{
    QCommandLineParser parser;
    parser.addOption(helpOption());
    subcommand.configure(parser);
    return withProgramName(parser.helpText(), programName() + u' ' + subcommand.name());
}

ExitCode Dispatcher::reportUsageError(const Error &error, Context &ctx, const QString &subcommand)
{
    ctx.err << programName() << u": "_s << error.message << u'\n';
    const QString target = subcommand.isEmpty() ? programName() : QString(programName() + u' ' + subcommand);
    const QString help = target + u" --help"_s;
    ctx.err << QCoreApplication::translate("Dispatcher", "Run \"%1\" for usage.").arg(help) << u'\n';
    ctx.err.flush();
    return ExitCode::Usage;
}

ExitCode Dispatcher::run(const GlobalOptions &options, Context &ctx)
{
    if (options.version) {
        ctx.out << programName() << u' ' << QString::fromUtf8(kAppVersion) << u'\n';
        return ExitCode::Ok;
    }
    if (options.subcommand.isEmpty()) {
        ctx.out << helpText();
        return ExitCode::Ok;
    }

    QString name = options.subcommand;
    QStringList args = options.subcommandArgs;
    bool wantHelp = options.help;
    if (name == u"help") {
        if (args.isEmpty()) {
            ctx.out << helpText();
            return ExitCode::Ok;
        }
        name = args.takeFirst();
        wantHelp = true;
    }

    Subcommand *subcommand = find(name);
    if (!subcommand) {
        QStringList names;
        for (const auto &candidate : m_subcommands)
            names << candidate->name();
        const QString known
            = names.isEmpty() ? QCoreApplication::translate("Dispatcher", "none yet") : names.join(u", ");
        return reportUsageError(Error::input(QCoreApplication::translate(
                                                 "Dispatcher", "Unknown subcommand \"%1\". Available subcommands: %2.")
                                                 .arg(name, known)),
                                ctx);
    }
    if (wantHelp) {
        ctx.out << helpText(*subcommand);
        return ExitCode::Ok;
    }

    QCommandLineParser parser;
    parser.addOption(helpOption());
    subcommand->configure(parser);
    if (!parser.parse(QStringList{programName() + u' ' + name} + args))
        return reportUsageError(Error::input(parser.errorText()), ctx, name);
    if (parser.isSet(u"help"_s)) {
        ctx.out << helpText(*subcommand);
        return ExitCode::Ok;
    }
    const ExitCode code = subcommand->run(parser, ctx);
    ctx.out.flush();
    ctx.err.flush();
    return code;
}

std::vector<std::unique_ptr<Subcommand>> builtinSubcommands()
{
    std::vector<std::unique_ptr<Subcommand>> subcommands;
    subcommands.push_back(std::make_unique<DiagnoseCommand>());
    subcommands.push_back(std::make_unique<EnvScriptCommand>());
    subcommands.push_back(std::make_unique<BucketCommand>());
    subcommands.push_back(std::make_unique<MemoryCommand>());
    subcommands.push_back(std::make_unique<ProfilerCommand>());
    subcommands.push_back(std::make_unique<LintCommand>());
    subcommands.push_back(std::make_unique<SyncCommand>());
    subcommands.push_back(std::make_unique<AnalyzeCommand>());
    subcommands.push_back(std::make_unique<CollectCommand>());
    subcommands.push_back(std::make_unique<AuditCommand>());
    return subcommands;
}

} // namespace vna::cli
