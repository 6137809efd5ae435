#include "profilercommand.h"

#include <cstdio>

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/dispatcher.h"
#include "profiler/lint.h"
#include "profiler/plan.h"

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

} // namespace

QString ProfilerCommand::name() const
{
    return u"profiler"_s;
}

QString ProfilerCommand::summary() const
{
    return tr("Write correct NPU profiler overrides for your verl version.");
}

void ProfilerCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Prints the Hydra overrides that turn on verl's NPU profiler for your verl version, with the keys that "
           "release reads (verl's own config at its release tag): global_profiler and each role's profiler block "
           "(0.6 and later) or trainer.npu_profile (0.5). Every string parses in Hydra to the intended value and "
           "type and composes with that release's config. Notes and warnings about what will be collected go to "
           "stderr. verl 0.4 and older have no NPU profiler: exit code 2.\n"
           "Exit code 1 when the settings contradict each other."));
    parser.addOptions({
        {u"verl-version"_s, tr("Your verl version."), u"X.Y.Z"_s, verl::latestKnown().toString()},
        {u"roles"_s, tr("Roles to profile: actor, ref, rollout, critic, reward (comma-separated)."), tr("roles"),
         u"actor"_s},
        {u"steps"_s, tr("Training steps to profile, e.g. 1,2,5."), tr("steps"), u"1"_s},
        {u"save-path"_s, tr("Where traces are written (default: verl's)."), tr("dir")},
        {u"contents"_s,
         tr("What to collect: npu, cpu, memory, shapes, module, stack (comma-separated; empty: "
            "torch_npu's default)."),
         tr("items"), u"npu,cpu"_s},
        {u"level"_s, tr("level_none, level0, level1 or level2 (default: the version's default)."), tr("level")},
        {u"analysis"_s, tr("Parse the traces after collecting them (default).")},
        {u"no-analysis"_s, tr("Do not parse the traces; analyse them offline later.")},
        {u"discrete"_s, tr("One database per task (actor update, log-prob, rollout…).")},
        {u"no-discrete"_s, tr("One database per step (default).")},
        {u"ranks"_s, tr("Ranks to profile, e.g. 0,1 (default without --all-ranks: rank 0 only)."), tr("ranks")},
        {u"all-ranks"_s, tr("Profile every rank.")},
        {u"continuous-steps"_s, tr("Consecutive steps share one database (needs --no-discrete; verl 0.6+).")},
        {u"token-start"_s, tr("Rollout: first generated token to profile (verl 0.9+)."), tr("N")},
        {u"token-end"_s, tr("Rollout: last generated token to profile (verl 0.9+)."), tr("N")},
        {u"format"_s, tr("shell (one override per line, joined by \" \\\"), line, yaml or json."), tr("format"),
         u"shell"_s},
    });
}

ExitCode ProfilerCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto fail = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    profiler::Request request;
    const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
    if (!version)
        return fail(version.error());
    request.version = *version;
    request.roles.clear();
    for (const QString &word : parser.value(u"roles"_s).split(u',', Qt::SkipEmptyParts)) {
        const auto role = verl::parseRole(word, u"--roles"_s);
        if (!role)
            return fail(role.error());
        request.roles << *role;
    }
    const auto steps = profiler::parseNumberList(parser.value(u"steps"_s), u"--steps"_s);
    if (!steps)
        return fail(steps.error());
    request.steps = *steps;
    request.savePath = parser.value(u"save-path"_s);
    request.contents.clear();
    for (const QString &word : parser.value(u"contents"_s).split(u',', Qt::SkipEmptyParts))
        request.contents << word.trimmed().toLower();
    request.level = parser.value(u"level"_s).trimmed();
    for (const auto &[on, off] :
         {std::pair{u"analysis"_s, u"no-analysis"_s}, std::pair{u"discrete"_s, u"no-discrete"_s}}) {
        if (parser.isSet(on) && parser.isSet(off))
            return fail(Error::input(tr("--%1 and --%2 contradict each other.").arg(on, off), u"--"_s + on));
    }
    request.analysis = !parser.isSet(u"no-analysis"_s);
    request.discrete = parser.isSet(u"discrete"_s);
    request.allRanks = parser.isSet(u"all-ranks"_s);
    if (parser.isSet(u"ranks"_s)) {
        if (request.allRanks)
            return fail(Error::input(tr("--ranks and --all-ranks contradict each other."), u"--ranks"_s));
        const auto ranks = profiler::parseNumberList(parser.value(u"ranks"_s), u"--ranks"_s);
        if (!ranks)
            return fail(ranks.error());
        request.ranks = *ranks;
    }
    request.continuousSteps = parser.isSet(u"continuous-steps"_s);
    for (const auto &[option, target] :
         {std::pair{u"token-start"_s, &request.tokenStart}, std::pair{u"token-end"_s, &request.tokenEnd}}) {
        if (!parser.isSet(option))
            continue;
        const auto n = profiler::parseNumberList(parser.value(option), u"--"_s + option);
        if (!n)
            return fail(n.error());
        if (n->size() != 1 || n->first() < 0)
            return fail(Error::input(tr("--%1 takes one whole number ≥ 0.").arg(option), u"--"_s + option));
        *target = n->first();
    }
    const auto format = profiler::parseFormat(parser.value(u"format"_s), u"--format"_s);
    if (!format)
        return fail(format.error());

    const auto plan = profiler::buildPlan(request);
    if (!plan)
        return fail(plan.error());
    if (const QString nearest = profiler::versionNote(request.version); !nearest.isEmpty())
        ctx.err << tr("note:") << u' ' << nearest << u'\n';
    ctx.out << profiler::render(*plan, *format);
    if (*format != profiler::Format::Yaml && *format != profiler::Format::Json)
        ctx.out << u'\n';
    for (const profiler::Finding &finding : plan->findings) {
        ctx.err << profiler::severityName(finding.severity) << u": "_s << finding.message << u'\n';
        if (!finding.fix.isEmpty())
            ctx.err << u"    "_s << LintCommand::tr("fix:") << u' ' << finding.fix << u'\n';
    }
    for (const QString &note : plan->notes)
        ctx.err << tr("note:") << u' ' << note << u'\n';
    return profiler::countErrors(plan->findings) > 0 ? ExitCode::Problems : ExitCode::Ok;
}

QString LintCommand::name() const
{
    return u"lint"_s;
}

QString LintCommand::summary() const
{
    return tr("Check a launch command or script for Hydra and verl profiler mistakes.");
}

void LintCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Reads a launch command or script (a file, or standard input for - or no file) the way bash runs it "
           "(variables, defaults, arrays, $((…)), functions, here-documents), finds the verl launches in it (python "
           "-m verl…, main_*.py, torchrun, ray job submit -- …) and reports, with line and column, what bash, Hydra "
           "or your verl version will reject or misread in their overrides: comma sweeps such as contents=npu,cpu, "
           "wrong types or values of profiler keys, keys that do not exist in your verl version, and what the "
           "profiler settings will not collect. Prints the whole corrected command for that version.\n"
           "Exit code 1 when there are errors."));
    parser.addPositionalArgument(u"file"_s, tr("The script or command to check; - or nothing reads standard input."),
                                 u"[FILE|-]"_s);
    parser.addOptions({
        {u"verl-version"_s, tr("Your verl version."), u"X.Y.Z"_s, verl::latestKnown().toString()},
        {u"json"_s, tr("Print {\"findings\": [...], \"launches\": [...]} instead of text.")},
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

    // A path may be a pipe (lint <(…)), so unlike the GUI this reads whatever it is given.
    const QString path = positional.value(0, u"-"_s);
    const QString shown = path == u"-" ? tr("<stdin>") : path;
    QFile file(path == u"-" ? QString() : path);
    const bool opened = path == u"-" ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
    if (!opened)
        return fail(Error::input(tr("Cannot read %1: %2").arg(shown, file.errorString()), path));
    const auto script = profiler::readScript(file, shown);
    if (!script)
        return fail(script.error());

    const auto report = profiler::lint(*script, *version);
    if (!report)
        return fail(Error::input(shown + u": "_s + report.error().message, path));
    const QString note = profiler::versionNote(*version);
    if (!note.isEmpty())
        ctx.err << tr("note:") << u' ' << note << u'\n';
    if (parser.isSet(u"json"_s)) {
        QJsonArray findings;
        for (const profiler::Finding &finding : report->findings)
            findings.append(finding.toJson());
        QJsonArray launches;
        for (const profiler::LaunchReport &launch : report->launches) {
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
        for (const profiler::NotChecked &n : report->notChecked) {
            notChecked.append(QJsonObject{{u"line"_s, n.line},
                                          {u"column"_s, n.column},
                                          {u"override"_s, n.word},
                                          {u"key"_s, n.key},
                                          {u"reason"_s, n.reason}});
        }
        ctx.out << QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"verl_version"_s, version->toString()},
                                      {u"overrides"_s, report->overrides},
                                      {u"checked"_s, report->checked},
                                      {u"not_checked"_s, notChecked},
                                      {u"complete"_s, profiler::complete(*report)},
                                      {u"findings"_s, findings},
                                      {u"launches"_s, launches},
                                      {u"sourced"_s, QJsonArray::fromStringList(report->sourced)}})
                .toJson(QJsonDocument::Indented));
    } else {
        printFindings(report->findings, shown, ctx.out);
        ctx.out << profiler::summary(*report) << u'\n';
        const QStringList unchecked = profiler::notCheckedLines(*report);
        if (!unchecked.isEmpty()) {
            ctx.out << u'\n' << tr("Not checked:") << u'\n';
            for (const QString &line : unchecked)
                ctx.out << u"  "_s << line << u'\n';
        }
        ctx.out << u'\n' << tr("Read as verl launches:") << u'\n';
        for (const QString &line : profiler::launchLines(*report))
            ctx.out << u"  "_s << line << u'\n';
        if (!report->sourced.isEmpty())
            ctx.out << tr("Sourced files, not read: %1").arg(report->sourced.join(u", "_s)) << u'\n';
        const QString corrected = profiler::correctedText(*report, *version);
        if (!corrected.isEmpty())
            ctx.out << u'\n' << corrected;
    }
    if (profiler::countErrors(report->findings) > 0)
        return ExitCode::Problems;
    return profiler::complete(*report) ? ExitCode::Ok : ExitCode::Incomplete;
}

} // namespace vna::cli
