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
            ctx.err << u"    "_s << tr("fix:") << u' ' << finding.fix << u'\n';
    }
    for (const QString &note : plan->notes)
        ctx.err << tr("note:") << u' ' << note << u'\n';
    return profiler::countErrors(plan->findings) > 0 ? ExitCode::Problems : ExitCode::Ok;
}

} // namespace vna::cli
