#include "memorycommand.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include "cli/dispatcher.h"
#include "cli/lintcommand.h"
#include "memory/estimate.h"
#include "memory/report.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

QString MemoryCommand::name() const
{
    return u"memory"_s;
}

QString MemoryCommand::summary() const
{
    return tr("Will it fit? NPU memory for every phase of an RL run, and the overrides that make it fit.");
}

void MemoryCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Estimates, per device, what each phase of a colocated verl run keeps in NPU memory (the rollout engine "
           "starting, the rollout, the log-prob passes, the actor's update and the weight transfer), whether it fits, "
           "the phase that binds, and the cheapest overrides that make it fit, in the corrected command. The launch "
           "command or script is read as the linter reads it, against the config of your verl release; what it does "
           "not set takes that release's defaults. Every rule names verl's (or vllm-ascend's) source line.\n"
           "Exit code 0 when every phase fits (tight included), 1 when one does not."));
    parser.addPositionalArgument(u"file"_s,
                                 tr("The launch command or script; - reads standard input; nothing estimates verl's "
                                    "defaults."),
                                 u"[file]"_s);
    parser.addOptions({
        {u"model"_s, tr("A model preset (see bucket --list-presets), a local model folder or its config.json."),
         tr("name|dir")},
        {u"npu"_s, tr("The NPU: 910B1, 910B2, 910B3, 910B4, A3 or 910A (see --list-npus)."), tr("id"), u"910B3"_s},
        {u"hbm"_s, tr("Device memory per NPU in MiB as npu-smi prints it (HBM total); overrides --npu."), tr("MiB")},
        {u"nodes"_s, tr("trainer.nnodes (default: the command's, else verl's)."), tr("N")},
        {u"devices-per-node"_s, tr("trainer.n_gpus_per_node (default: the command's, else verl's)."), tr("N")},
        {u"margin"_s,
         tr("GiB per device kept for what cannot be known before running (CANN/HCCL workspace, fragmentation)."),
         tr("GiB"), QString::number(memory::kDefaultMarginGiB)},
        {u"verl-version"_s, tr("Your verl version; decides the config, its defaults and the rules."), u"X.Y.Z"_s,
         verl::latestKnown().toString()},
        {u"json"_s, tr("Print one JSON object instead of text.")},
        {u"list-npus"_s, tr("List the NPUs and where their memory sizes come from.")},
    });
}

ExitCode MemoryCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    if (parser.isSet(u"list-npus"_s)) {
        for (const memory::Npu &npu : memory::builtinNpus()) {
            ctx.out << npu.id.leftJustified(8) << npu.title << u"  "_s << memory::gib(static_cast<qint64>(npu.hbmBytes))
                    << u'\n' << QString(8, u' ') << npu.source << u'\n';
        }
        return ExitCode::Ok;
    }
    const auto fail = [&](const Error &error) {
        if (error.kind != Error::Kind::Runtime)
            return Dispatcher::reportUsageError(error, ctx, name());
        ctx.err << u"verl-npu-assistant memory: "_s << error.message << u'\n';
        return ExitCode::Runtime;
    };
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(Error::input(tr("Give one launch command or script; got %1.").arg(positional.join(u", "_s))));
    if (!parser.isSet(u"model"_s))
        return fail(Error::input(tr("Give --model: a preset (Qwen2.5-7B, …), a model folder or its config.json.")));
    const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
    if (!version)
        return fail(version.error());

    memory::Request request;
    request.version = *version;
    request.model = parser.value(u"model"_s);
    request.npu = parser.value(u"npu"_s);
    request.hbmMiB = parser.value(u"hbm"_s);
    request.nodes = parser.value(u"nodes"_s);
    request.devicesPerNode = parser.value(u"devices-per-node"_s);
    request.marginGiB = parser.value(u"margin"_s);
    if (!positional.isEmpty()) {
        const auto script = LintCommand::readScriptArgument(positional.first());
        if (!script)
            return fail(script.error());
        request.script = *script;
    }
    const auto estimate = memory::estimate(request);
    if (!estimate)
        return fail(estimate.error());
    if (parser.isSet(u"json"_s))
        ctx.out << QString::fromUtf8(QJsonDocument(memory::toJson(*estimate)).toJson(QJsonDocument::Indented));
    else
        ctx.out << memory::toText(*estimate);
    if (!estimate->notEstimated.isEmpty())
        return ExitCode::Incomplete;
    return estimate->fit == memory::Fit::DoesNotFit ? ExitCode::Problems : ExitCode::Ok;
}

} // namespace vna::cli
