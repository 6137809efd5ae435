#include "bucketcommand.h"

#include <cstdio>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include "bucket/presets.h"
#include "bucket/sources.h"
#include "cli/dispatcher.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

QString levelWord(bucket::Note::Level level)
{
    switch (level) {
    case bucket::Note::Level::Error:
        return BucketCommand::tr("error");
    case bucket::Note::Level::Warning:
        return BucketCommand::tr("warning");
    case bucket::Note::Level::Info:
        return BucketCommand::tr("info");
    }
    return QString();
}

void printPresets(QTextStream &out)
{
    qsizetype width = 0;
    for (const bucket::Preset &preset : bucket::builtinPresets())
        width = std::max(width, preset.id.size());
    for (const bucket::Preset &preset : bucket::builtinPresets()) {
        const auto tensors = preset.tensors(*bucket::parseDType(u"BF16"_s, {}));
        const QString shape = tensors.isEmpty() ? QString() : bucket::formatShape(tensors.first().shape);
        out << preset.id.leftJustified(width + 2) << preset.title() << u"  "_s << shape << u'\n';
        out << QString(width + 2, u' ') << preset.source << u'\n';
    }
}

void printReport(const bucket::Report &report, QTextStream &out)
{
    qsizetype width = 0;
    for (const bucket::Step &step : report.steps)
        width = std::max(width, step.label.size());
    for (const bucket::Step &step : report.steps)
        out << step.label.leftJustified(width + 2) << step.value << u'\n';
    if (report.top.size() > 1) {
        out << u'\n' << BucketCommand::tr("Largest tensors:") << u'\n';
        for (qsizetype i = 0; i < report.top.size(); ++i) {
            const bucket::Tensor &tensor = report.top.at(i);
            out << QString::number(i + 1).rightJustified(4) << u"  "_s
                << QLocale().toString(static_cast<double>(tensor.bytes) / bucket::kMiB, 'f', 2).rightJustified(10)
                << u" MiB  "_s << tensor.name << u"  "_s << bucket::formatShape(tensor.shape) << u"  "_s
                << tensor.dtype.displayName() << u'\n';
        }
    }
    out << u'\n' << BucketCommand::tr("Notes:") << u'\n';
    for (const bucket::Note &note : report.notes)
        out << u"  ["_s << levelWord(note.level) << u"] "_s << note.text << u'\n';
    if (report.override.isEmpty()) {
        out << u'\n'
            << (report.noBucketHolds ? BucketCommand::tr("No override: no bucket can hold this tensor.")
                    : report.contradictory
                    ? BucketCommand::tr("No override: the message contradicts itself (see the notes).")
                    : BucketCommand::tr("No override needed: keep %1=%2.")
                          .arg(report.configKey)
                          .arg(report.currentBucketMiB))
            << u'\n';
        return;
    }
    out << u'\n' << BucketCommand::tr("Exact minimum (no margin):") << u' ' << report.minimalOverride << u'\n';
    out << BucketCommand::tr("Recommended override:") << u'\n' << report.override << u'\n';
}

} // namespace

QString BucketCommand::name() const
{
    return u"bucket"_s;
}

QString BucketCommand::summary() const
{
    return tr("Fix \"Weight … is too large to fit in the bucket\": size the weight-transfer bucket.");
}

void BucketCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Sizes actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes from a preset, a shape, "
           "the assertion message or a local model folder (read header-only), shows the arithmetic, and prints the "
           "Hydra override that fixes the assertion on the last line. What travels, and whether the assertion can "
           "fire, follow verl's source for the version, backend, worker and checkpoint engine.\n"
           "Exit code 0 when nothing needs to change, 1 when the assertion fires (or no bucket can hold the tensor, "
           "or a pasted message contradicts itself)."));
    parser.addOptions({
        {u"preset"_s, tr("A named model or FAQ row (see --list-presets)."), tr("name")},
        {u"shape"_s, tr("Shape of the largest tensor, e.g. 151936,4096 or \"torch.Size([151936, 4096])\"."),
         tr("dims")},
        {u"error"_s, tr("The assertion message (or any text containing it)."), tr("text")},
        {u"error-file"_s, tr("A log file containing the assertion; - reads standard input."), tr("file")},
        {u"model"_s, tr("A local model folder, .safetensors file or config.json; only headers are read."), tr("dir")},
        {u"dtype"_s, tr("Data type the weights travel in; overrides what the backend sends (float32, bf16, …)."),
         tr("type")},
        {u"backend"_s,
         tr("actor_rollout_ref.actor.strategy: fsdp (FSDP1), fsdp2 or megatron (default: verl's default for the "
            "version, fsdp)."),
         u"fsdp|fsdp2|megatron"_s},
        {u"worker"_s,
         tr("The worker that runs the actor: legacy, or engine (verl 0.7 with "
            "trainer.use_legacy_worker_impl=disable; the only one from 0.8). Default: verl's for the version."),
         u"legacy|engine"_s},
        {u"margin"_s, tr("Safety factor before rounding up to a power of two, 1.0 to 2.0."), tr("factor"), u"1.2"_s},
        {u"verl-version"_s, tr("Your verl version; decides the config key and the notes."), u"X.Y.Z"_s,
         verl::latestKnown().toString()},
        {u"engine"_s, tr("checkpoint_engine.backend: naive (vLLM IPC), hccl or nccl."), u"naive|hccl|nccl"_s,
         u"naive"_s},
        {u"no-ipc"_s, tr("The NPUs lack IPC (HDK < 25.3.rc1 or CANN < 8.3.RC1): verl uses shared memory.")},
        {u"bucket"_s, tr("The bucket you run with now, in MiB (default: from the message, else verl's default)."),
         tr("MiB")},
        {u"hbm"_s, tr("Device memory per NPU in MiB (npu-smi HBM total), to check the buffers fit."), tr("MiB")},
        {u"shm"_s, tr("Size of /dev/shm on the node in MiB (df -m /dev/shm), to check the buckets fit with --no-ipc."),
         tr("MiB")},
        {u"top"_s, tr("How many of the largest tensors to list."), tr("N"), QString::number(bucket::kDefaultTop)},
        {u"json"_s, tr("Print one JSON object instead of text.")},
        {u"list-presets"_s, tr("List the presets and where their numbers come from.")},
    });
}

ExitCode BucketCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    if (parser.isSet(u"list-presets"_s)) {
        printPresets(ctx.out);
        return ExitCode::Ok;
    }
    const QStringList inputs{u"preset"_s, u"shape"_s, u"error"_s, u"error-file"_s, u"model"_s};
    QStringList given;
    for (const QString &input : inputs) {
        if (parser.isSet(input))
            given << u"--"_s + input;
    }
    if (given.size() != 1) {
        return Dispatcher::reportUsageError(
            Error::input(given.isEmpty() ? tr("Give one of --preset, --shape, --error, --error-file or --model.")
                                         : BucketCommand::tr("Give only one input; got %1.").arg(given.join(u", "_s))),
            ctx, name());
    }

    bucket::Options options;
    // Bad input is a usage error (2); a file that cannot be read mid-way is a runtime failure (3).
    const auto fail = [&](const Error &error) {
        if (error.kind != Error::Kind::Runtime)
            return Dispatcher::reportUsageError(error, ctx, name());
        ctx.err << u"verl-npu-assistant bucket: "_s << error.message << u'\n';
        return ExitCode::Runtime;
    };
    if (parser.isSet(u"dtype"_s)) {
        const auto dtype = bucket::parseDType(parser.value(u"dtype"_s), u"--dtype"_s);
        if (!dtype)
            return fail(dtype.error());
        options.dtype = *dtype;
    }
    if (parser.isSet(u"backend"_s)) {
        const auto backend = bucket::parseBackend(parser.value(u"backend"_s), u"--backend"_s);
        if (!backend)
            return fail(backend.error());
        options.backend = *backend;
    }
    if (parser.isSet(u"worker"_s)) {
        const auto worker = bucket::parseWorker(parser.value(u"worker"_s), u"--worker"_s);
        if (!worker)
            return fail(worker.error());
        options.worker = *worker;
    }
    const auto margin = bucket::parseMargin(parser.value(u"margin"_s), u"--margin"_s);
    const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
    const auto engine = bucket::parseEngine(parser.value(u"engine"_s), u"--engine"_s);
    if (!margin)
        return fail(margin.error());
    if (!version)
        return fail(version.error());
    if (!engine)
        return fail(engine.error());
    options.margin = *margin;
    options.version = *version;
    options.engine = *engine;
    options.sharedMemory = parser.isSet(u"no-ipc"_s);
    for (const auto &[option, target] : {std::pair{u"bucket"_s, &options.bucketMiB},
                                         std::pair{u"hbm"_s, &options.hbmMiB}, std::pair{u"shm"_s, &options.shmMiB}}) {
        if (!parser.isSet(option))
            continue;
        const auto value = bucket::parseMiB(parser.value(option), u"--"_s + option);
        if (!value)
            return fail(value.error());
        *target = *value;
    }
    bool topOk = false;
    options.top = parser.value(u"top"_s).toInt(&topOk);
    if (!topOk || options.top < 1 || options.top > 1000) {
        return fail(Error::input(BucketCommand::tr("Invalid --top \"%1\": expected a number "
                                                   "from 1 to 1000.")
                                     .arg(parser.value(u"top"_s)),
                                 u"--top"_s));
    }

    Result<bucket::Source> source = Error::input(QString());
    if (parser.isSet(u"preset"_s)) {
        source = bucket::sourceFromPreset(parser.value(u"preset"_s));
    } else if (parser.isSet(u"shape"_s)) {
        source = bucket::sourceFromShape(parser.value(u"shape"_s), parser.value(u"dtype"_s));
    } else if (parser.isSet(u"error"_s) || parser.isSet(u"error-file"_s)) {
        const auto matches = parser.isSet(u"error"_s) ? bucket::parseAssertions(parser.value(u"error"_s))
                                                      : bucket::scanAssertionFile(parser.value(u"error-file"_s));
        if (!matches)
            return fail(matches.error());
        source = bucket::sourceFromMessages(*matches);
    } else {
        const auto inspection = bucket::inspectModel(parser.value(u"model"_s));
        if (!inspection)
            return fail(inspection.error());
        source = bucket::sourceFromModel(*inspection);
    }
    if (!source)
        return fail(source.error());

    const auto report = bucket::analyze(*source, options);
    if (!report)
        return fail(report.error());
    if (parser.isSet(u"json"_s))
        ctx.out << QString::fromUtf8(QJsonDocument(bucket::toJson(*report)).toJson(QJsonDocument::Indented));
    else
        printReport(*report, ctx.out);
    return bucket::isProblem(*report) ? ExitCode::Problems : ExitCode::Ok;
}

} // namespace vna::cli
