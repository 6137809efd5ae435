#include "lintcommand.h"

#include <cstdio>

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/dispatcher.h"
#include "profiler/lint.h"
#include "profiler/migrate.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

void printFindings(const QList<profiler::Finding> &findings, const QString &file, QTextStream &out)
{
    for (const profiler::Finding &finding : findings) {
        if (finding.line > 0)
            out << file << u':' << finding.line << u':' << finding.column << u": "_s;
        out << profiler::severityName(finding.severity) << u" ["_s << finding.rule << u"] "_s << finding.message
            << u'\n';
        if (!finding.fix.isEmpty())
            out << u"    "_s << LintCommand::tr("fix:") << u' ' << finding.fix << u'\n';
    }
}

QString kindName(profiler::MigrationItem::Kind kind)
{
    switch (kind) {
    case profiler::MigrationItem::Kind::Renamed:
        return u"renamed"_s;
    case profiler::MigrationItem::Kind::Removed:
        return u"removed"_s;
    case profiler::MigrationItem::Kind::Refused:
        return u"refused"_s;
    case profiler::MigrationItem::Kind::AlreadyWrong:
        return u"already-wrong"_s;
    case profiler::MigrationItem::Kind::DefaultChanged:
        return u"default-changed"_s;
    }
    return QString();
}

QJsonObject reportJson(const profiler::LintReport &report, const verl::Version &version)
{
    QJsonArray findings;
    for (const profiler::Finding &finding : report.findings)
        findings.append(finding.toJson());
    QJsonArray launches;
    for (const profiler::LaunchReport &launch : report.launches) {
        launches.append(QJsonObject{{u"line"_s, launch.line},
                                    {u"column"_s, launch.column},
                                    {u"program"_s, launch.program},
                                    {u"config"_s, launch.configName},
                                    {u"checked_against"_s, launch.config},
                                    {u"config_unknown"_s, launch.notChecked},
                                    {u"overrides"_s, launch.overrides},
                                    {u"passes_arguments"_s, launch.passesArguments},
                                    {u"corrected"_s, QJsonArray::fromStringList(launch.corrected)},
                                    {u"dropped"_s, QJsonArray::fromStringList(launch.dropped)}});
    }
    QJsonArray notChecked;
    for (const profiler::NotChecked &n : report.notChecked) {
        notChecked.append(QJsonObject{{u"line"_s, n.line},
                                      {u"column"_s, n.column},
                                      {u"override"_s, n.word},
                                      {u"key"_s, n.key},
                                      {u"reason"_s, n.reason}});
    }
    return QJsonObject{{u"verl_version"_s, version.toString()},
                       {u"overrides"_s, report.overrides},
                       {u"checked"_s, report.checked},
                       {u"not_checked"_s, notChecked},
                       {u"complete"_s, profiler::complete(report)},
                       {u"findings"_s, findings},
                       {u"launches"_s, launches},
                       {u"sourced"_s, QJsonArray::fromStringList(report.sourced)},
                       {u"traced_commands"_s, report.tracedCommands},
                       {u"markdown"_s, report.markdown}};
}

} // namespace

QString LintCommand::shownName(const QString &path)
{
    return path == u"-" ? tr("<stdin>") : path;
}

Result<QString> LintCommand::readScriptArgument(const QString &path)
{
    const QString shown = shownName(path);
    QFile file(path == u"-" ? QString() : path);
    const bool opened = path == u"-" ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
    if (!opened)
        return Error::input(tr("Cannot read %1: %2").arg(shown, file.errorString()), path);
    return profiler::readScript(file, shown);
}

QString LintCommand::name() const
{
    return u"lint"_s;
}

QString LintCommand::summary() const
{
    return tr("Check a launch command or script against your verl release's config, or move it to another release.");
}

void LintCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Reads a launch command or script (a file, or standard input for - or no file) the way bash runs it "
           "(variables, defaults, arrays, $((…)), functions, here-documents), finds the verl launches in it (python "
           "-m verl…, main_*.py, torchrun, ray job submit -- …) and checks every override against the config its "
           "program composes in your verl release, as Hydra composes it: keys that do not exist there (typos, keys "
           "of another release or another program), + on keys that exist or on nodes verl builds into a dataclass "
           "without that field, values of the wrong type or that verl refuses, config group options, and what the "
           "profiler settings will not collect. Prints the whole corrected command for that release, and which "
           "overrides it could not check and why.\n"
           "With --from-version, moves the script from that release to --verl-version: keys renamed, removed and "
           "values refused by the move, and the defaults that changed.\n"
           "Exit code 1 when there are errors, 4 when there are none but some overrides could not be checked."));
    parser.addPositionalArgument(u"file"_s, tr("The script or command to check; - or nothing reads standard input."),
                                 u"[FILE|-]"_s);
    parser.addOptions({
        {u"verl-version"_s, tr("Your verl version (the target of --from-version)."), u"X.Y.Z"_s,
         verl::latestKnown().toString()},
        {u"from-version"_s, tr("The verl version the script was written for: move it to --verl-version."), u"X.Y.Z"_s},
        {u"json"_s,
         tr("Print {\"findings\": [...], \"launches\": [...], \"checked\": N, \"not_checked\": [...]} "
            "instead of text.")},
    });
}

ExitCode LintCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto fail = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(Error::input(tr("Give one file to check; got %1.").arg(positional.join(u", "_s))));
    const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
    if (!version)
        return fail(version.error());
    std::optional<verl::Version> from;
    if (parser.isSet(u"from-version"_s)) {
        const auto parsed = verl::Version::parse(parser.value(u"from-version"_s), u"--from-version"_s);
        if (!parsed)
            return fail(parsed.error());
        from = *parsed;
    }

    const QString path = positional.value(0, u"-"_s);
    const QString shown = shownName(path);
    const auto script = readScriptArgument(path);
    if (!script)
        return fail(script.error());

    std::optional<profiler::Migration> migration;
    profiler::LintReport report;
    if (from) {
        auto moved = profiler::migrate(*script, *from, *version);
        if (!moved)
            return fail(Error::input(shown + u": "_s + moved.error().message, path));
        migration = std::move(*moved);
        report = migration->report;
    } else {
        auto linted = profiler::lint(*script, *version);
        if (!linted)
            return fail(Error::input(shown + u": "_s + linted.error().message, path));
        report = std::move(*linted);
    }
    for (const verl::Version &v : from ? QList<verl::Version>{*from, *version} : QList<verl::Version>{*version}) {
        const QString note = profiler::versionNote(v);
        if (!note.isEmpty())
            ctx.err << tr("note:") << u' ' << note << u'\n';
    }
    if (parser.isSet(u"json"_s)) {
        QJsonObject root = reportJson(report, *version);
        if (migration) {
            QJsonArray items;
            for (const profiler::MigrationItem &item : migration->items) {
                items.append(QJsonObject{{u"kind"_s, kindName(item.kind)},
                                         {u"key"_s, item.key},
                                         {u"to"_s, item.to},
                                         {u"from"_s, item.from},
                                         {u"message"_s, item.message},
                                         {u"source"_s, item.source},
                                         {u"line"_s, item.line},
                                         {u"column"_s, item.column}});
            }
            root.insert(
                u"migration"_s,
                QJsonObject{{u"from"_s, from->toString()}, {u"to"_s, version->toString()}, {u"items"_s, items}});
        }
        ctx.out << QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    } else {
        if (migration) {
            ctx.out << profiler::migrationSummary(*migration) << u'\n';
            for (const profiler::MigrationItem &item : migration->items)
                ctx.out << u"  "_s << profiler::describe(item) << u'\n';
            ctx.out << u'\n';
        }
        printFindings(report.findings, shown, ctx.out);
        ctx.out << profiler::summary(report) << u'\n';
        const QStringList unchecked = profiler::notCheckedLines(report);
        if (!unchecked.isEmpty()) {
            ctx.out << u'\n' << tr("Not checked:") << u'\n';
            for (const QString &line : unchecked)
                ctx.out << u"  "_s << line << u'\n';
        }
        ctx.out << u'\n' << tr("Read as verl launches:") << u'\n';
        for (const QString &line : profiler::launchLines(report))
            ctx.out << u"  "_s << line << u'\n';
        if (!report.sourced.isEmpty())
            ctx.out << tr("Sourced files, not read: %1").arg(report.sourced.join(u", "_s)) << u'\n';
        const QString corrected = profiler::correctedText(report, *version);
        if (!corrected.isEmpty())
            ctx.out << u'\n' << corrected;
    }
    if (profiler::countErrors(report.findings) > 0)
        return ExitCode::Problems;
    return profiler::complete(report) ? ExitCode::Ok : ExitCode::Incomplete;
}

} // namespace vna::cli
