#include "bucketcalc.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include "hydra/override.h"

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Bucket)
};

QString number(quint64 value)
{
    return QLocale().toString(value);
}

// MiB values stay short and match what users type in overrides: no group separators.
QString mib(double value, int digits = 2)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', digits);
}

const DType &f32()
{
    static const DType dtype = *parseDType(u"F32"_s, {});
    return dtype;
}

const DType &bf16()
{
    static const DType dtype = *parseDType(u"BF16"_s, {});
    return dtype;
}

// MiB with enough digits to show how it compares with `bucketMiB`: 1024.0039, not 1024.00.
QString mibAgainst(quint64 bytes, quint64 bucketMiB)
{
    const double value = static_cast<double>(bytes) / kMiB;
    const bool larger = bytes > bucketMiB * kMiB;
    int digits = 2;
    for (; digits < 7; ++digits) {
        const double scale = std::pow(10.0, digits);
        if ((std::round(value * scale) / scale > static_cast<double>(bucketMiB)) == larger)
            break;
    }
    return mib(value, digits);
}

// What the actor sends for this release: the dtype, why, and the line of verl that decides it.
struct Sent
{
    const DType *dtype = nullptr;
    QString reason;
    QString source;
};

Sent sentBy(const verl::BucketFacts &facts, Backend backend, Worker worker)
{
    const QString version = facts.release.toString();
    if (backend == Backend::Megatron) {
        return {&bf16(),
                QCoreApplication::translate("Bucket",
                                            "verl %1 with Megatron sends the parameters' own dtype: bf16 "
                                            "(actor.megatron.dtype; float16 is the same size).")
                    .arg(version),
                facts.megatronDtype.source};
    }
    if (worker == Worker::Engine && facts.fsdpEngineSends.value == u"bf16") {
        return {&bf16(),
                QCoreApplication::translate("Bucket",
                                            "verl %1's FSDP engine worker casts every sharded (DTensor) weight to bf16 "
                                            "before sending it. (FSDP1 on a single device does not shard: there the "
                                            "weights stay float32.)")
                    .arg(version),
                facts.fsdpEngineSends.source};
    }
    const QString source = worker == Worker::Engine ? facts.fsdpEngineSends.source : facts.fsdpLegacySends.source;
    return {&f32(),
            worker == Worker::Engine
                ? QCoreApplication::translate("Bucket",
                                              "verl %1's FSDP engine worker sends each weight in the dtype FSDP keeps "
                                              "it in: float32, without casting it to the rollout's dtype.")
                      .arg(version)
                : QCoreApplication::translate("Bucket",
                                              "verl %1's legacy FSDP worker sends each weight in the dtype FSDP keeps "
                                              "it in: float32, without casting it to the rollout's dtype.")
                      .arg(version),
            source};
}

// verl 0.9 sends a packed MoE expert tensor ([E, a, b]: …mlp.experts.gate_up_proj or down_proj) one
// expert at a time; gate_up_proj also splits into gate and up. gpt_oss keeps its packed tensors.
QList<Tensor> unfusedExperts(const Tensor &tensor, const QString &modelType)
{
    const bool gateUp = tensor.name.endsWith(u".mlp.experts.gate_up_proj"_s);
    const bool down = tensor.name.endsWith(u".mlp.experts.down_proj"_s);
    if ((!gateUp && !down) || tensor.shape.size() != 3 || modelType == u"gpt_oss" || tensor.shape.at(0) == 0)
        return {tensor};
    const QString base = tensor.name.section(u'.', 0, -2);
    const Shape one
        = gateUp ? Shape{tensor.shape.at(1) / 2, tensor.shape.at(2)} : Shape{tensor.shape.at(1), tensor.shape.at(2)};
    const QString name = base + (gateUp ? u".0.gate_proj.weight"_s : u".0.down_proj.weight"_s);
    auto expert = makeTensor(name, one, tensor.dtype, tensor.file);
    return expert ? QList<Tensor>{*expert} : QList<Tensor>{tensor};
}

QJsonObject tensorJson(const Tensor &tensor)
{
    QJsonArray shape;
    for (const quint64 dim : tensor.shape)
        shape.append(static_cast<qint64>(dim));
    QJsonObject object{{u"name"_s, tensor.name},
                       {u"shape"_s, shape},
                       {u"dtype"_s, tensor.dtype.displayName()},
                       {u"bytes"_s, static_cast<qint64>(tensor.bytes)},
                       {u"mib"_s, static_cast<double>(tensor.bytes) / kMiB}};
    if (!tensor.file.isEmpty())
        object.insert(u"file"_s, tensor.file);
    return object;
}

} // namespace

QString backendName(Backend backend)
{
    switch (backend) {
    case Backend::Fsdp:
        return u"fsdp"_s;
    case Backend::Fsdp2:
        return u"fsdp2"_s;
    case Backend::Megatron:
        return u"megatron"_s;
    }
    return u"fsdp"_s;
}

Result<Backend> parseBackend(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    for (const Backend backend : {Backend::Fsdp, Backend::Fsdp2, Backend::Megatron}) {
        if (key == backendName(backend))
            return backend;
    }
    return Error::input(
        QCoreApplication::translate("Bucket", "Unknown backend \"%1\" in %2: expected fsdp, fsdp2 or megatron.")
            .arg(text, where),
        where);
}

QString workerName(Worker worker)
{
    return worker == Worker::Legacy ? u"legacy"_s : u"engine"_s;
}

Result<Worker> parseWorker(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    for (const Worker worker : {Worker::Legacy, Worker::Engine}) {
        if (key == workerName(worker))
            return worker;
    }
    return Error::input(QCoreApplication::translate("Bucket", "Unknown worker \"%1\" in %2: expected legacy or engine.")
                            .arg(text, where),
                        where);
}

QString engineName(verl::Engine engine)
{
    switch (engine) {
    case verl::Engine::Naive:
        return u"naive"_s;
    case verl::Engine::Hccl:
        return u"hccl"_s;
    case verl::Engine::Nccl:
        return u"nccl"_s;
    }
    return u"naive"_s;
}

Result<verl::Engine> parseEngine(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    for (const verl::Engine engine : {verl::Engine::Naive, verl::Engine::Hccl, verl::Engine::Nccl}) {
        if (key == engineName(engine))
            return engine;
    }
    return Error::input(QCoreApplication::translate("Bucket",
                                                    "Unknown checkpoint engine \"%1\" in %2: expected naive, "
                                                    "hccl or nccl.")
                            .arg(text, where),
                        where);
}

Result<double> parseMargin(const QString &text, const QString &where)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (ok && value >= kMinMargin && value <= kMaxMargin)
        return value;
    return Error::input(QCoreApplication::translate("Bucket",
                                                    "Invalid margin \"%1\" in %2: expected a number from %3 "
                                                    "to %4, e.g. 1.2.")
                            .arg(text, where)
                            .arg(kMinMargin, 0, 'f', 1)
                            .arg(kMaxMargin, 0, 'f', 1),
                        where);
}

Result<quint64> parseMiB(const QString &text, const QString &where)
{
    bool ok = false;
    const qulonglong value = text.trimmed().toULongLong(&ok);
    if (ok && value > 0 && value < (quint64(1) << 40))
        return value;
    return Error::input(QCoreApplication::translate("Bucket",
                                                    "Invalid size \"%1\" in %2: expected a positive whole "
                                                    "number of MiB, e.g. 4096.")
                            .arg(text, where),
                        where);
}

quint64 nextPowerOfTwo(double value)
{
    quint64 power = 1;
    while (static_cast<double>(power) < value && power < (quint64(1) << 62))
        power <<= 1;
    return power;
}

Result<Report> analyze(const Source &source, const Options &options)
{
    if (source.tensors.isEmpty())
        return Error::input(QCoreApplication::translate("Bucket", "There is no tensor to size."));
    if (!(options.margin >= kMinMargin && options.margin <= kMaxMargin))
        return parseMargin(QString::number(options.margin), u"margin"_s).error();

    Report report;
    report.sourceKind = source.kind;
    report.options = options;
    report.margin = options.margin;
    const auto note = [&report](Note::Level level, const QString &text) { report.notes.append({level, text}); };

    // The releases the version may be: one, or for a dev version the release before it and the release.
    // Every answer below holds for all of them: the larger dtype, the smaller default, "can fire" if
    // any can.
    const QList<verl::BucketFacts> releases = verl::bucketFacts(options.version);
    const verl::BucketFacts &facts = releases.constLast();
    const bool dev = releases.size() > 1;
    const bool isMessage = source.kind == Source::Kind::Assertion;

    report.backend = options.backend.value_or(verl::defaultBackend(facts));
    report.worker = options.worker.value_or(verl::defaultWorker(facts));
    if (options.worker && !verl::workerSelectable(facts) && *options.worker != verl::defaultWorker(facts)) {
        report.worker = verl::defaultWorker(facts);
        note(Note::Level::Info,
             report.worker == Worker::Legacy
                 ? Text::tr(
                       "verl %1 runs the actor on the legacy worker whatever trainer.use_legacy_worker_impl says (%2); "
                       "sized for that.")
                       .arg(options.version.toString(), facts.actorWorker.source)
                 : Text::tr("verl %1 has only the new engine worker (%2); sized for that.")
                       .arg(options.version.toString(), facts.actorWorker.source));
    }

    // The engine: a pasted message tells which path raised it. Only the vLLM IPC path adds "Please
    // increase …"; the checkpoint engines' message has no second sentence.
    report.engine = options.engine;
    report.sharedMemory = options.sharedMemory;
    if (isMessage) {
        if (!source.keyNamed.isEmpty() && report.engine != verl::Engine::Naive) {
            report.engine = verl::Engine::Naive;
            note(
                Note::Level::Info,
                Text::tr("The message says \"Please increase …\": only verl's vLLM IPC path (checkpoint_engine.backend "
                         "naive) words it so; sized for that path."));
        } else if (source.keyNamed.isEmpty() && report.engine == verl::Engine::Naive) {
            report.engine = verl::Engine::Hccl;
            note(Note::Level::Info,
                 Text::tr(
                     "The message has no \"Please increase …\" sentence, so a checkpoint engine raised it, not the "
                     "vLLM IPC path: on NPUs that is the HCCL engine (checkpoint_engine.backend nccl or hccl); sized "
                     "for its two buffers."));
        }
        const bool directOnly = std::all_of(releases.cbegin(), releases.cend(), [](const verl::BucketFacts &f) {
            return f.naive.value == u"direct-unless-shm";
        });
        if (report.engine == verl::Engine::Naive && directOnly && !report.sharedMemory) {
            report.sharedMemory = true;
            note(Note::Level::Warning,
                 Text::tr(
                     "From verl %1 the vLLM IPC path raises this only in its shared-memory fallback (%2): your NPUs "
                     "run without IPC (Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1; the log says \"IPC "
                     "is not supported on your devices\"). The bucket is then host memory in /dev/shm.")
                     .arg(facts.release.toString(), facts.naive.source));
        }
    }

    // The dtype the actor sends: the user's choice, else the message's, else what verl's code does.
    QList<Sent> sent;
    for (const verl::BucketFacts &f : releases) {
        const Worker worker = options.worker && verl::workerSelectable(f) ? *options.worker : verl::defaultWorker(f);
        sent.append(sentBy(f, report.backend, worker));
    }
    const Sent *chosen = &sent.constLast();
    for (const Sent &s : sent)
        if (s.dtype->bits > chosen->dtype->bits)
            chosen = &s;
    const DType &verlDtype = *chosen->dtype;
    if (options.dtype) {
        report.dtypeReason = Text::tr("Sized in %1, the data type you chose.").arg(options.dtype->displayName());
    } else if (isMessage) {
        report.dtypeReason
            = Text::tr("Sized in %1, the data type in the message.").arg(source.tensors.first().dtype.displayName());
    } else {
        report.dtypeReason = chosen->reason;
        report.dtypeSource = chosen->source;
        if (dev && sent.constFirst().dtype->bits != sent.constLast().dtype->bits) {
            note(Note::Level::Info,
                 Text::tr("Between verl %1 and %2 the dtype the actor sends changed (%3 → %4); sized in the larger.")
                     .arg(releases.constFirst().release.toString(), facts.release.toString(),
                          sent.constFirst().dtype->displayName(), sent.constLast().dtype->displayName()));
        }
    }
    const bool unfuse = !isMessage && report.backend != Backend::Megatron && report.worker == Worker::Engine
        && std::all_of(releases.cbegin(), releases.cend(),
                       [](const verl::BucketFacts &f) { return f.moeUnfuse.value == u"per-expert"; });
    QList<Tensor> travelling;
    bool unfused = false;
    for (const Tensor &tensor : source.tensors) {
        const DType *dtype = &tensor.dtype;
        if (options.dtype && tensor.dtype.floating)
            dtype = &*options.dtype;
        else if (!options.dtype && !isMessage && tensor.dtype.floating)
            dtype = &verlDtype;
        auto cast = makeTensor(tensor.name, tensor.shape, *dtype, tensor.file);
        if (!cast)
            return cast.error();
        const QList<Tensor> pieces = unfuse ? unfusedExperts(*cast, source.modelType) : QList<Tensor>{*cast};
        unfused = unfused || pieces.constFirst().shape != cast->shape;
        travelling.append(pieces);
    }
    if (unfused) {
        note(Note::Level::Info,
             Text::tr("verl %1 sends packed MoE expert tensors one expert at a time (%2): sized per expert.")
                 .arg(facts.release.toString(), facts.moeUnfuse.source));
    }
    sortBySizeDescending(travelling);
    report.largest = travelling.first();
    report.top = travelling.mid(0, std::max(1, options.top));

    const quint64 bytes = report.largest.bytes;
    report.largestMiB = static_cast<double>(bytes) / kMiB;
    report.requiredMiB = std::max<quint64>(1, (bytes + kMiB - 1) / kMiB);
    const double withMargin = report.largestMiB * options.margin;

    report.configKey = facts.configKey;
    const verl::BucketFacts *smallestDefault = &facts;
    for (const verl::BucketFacts &f : releases)
        if (f.defaultMiB < smallestDefault->defaultMiB)
            smallestDefault = &f;
    if (options.bucketMiB) {
        report.currentBucketMiB = *options.bucketMiB;
        report.bucketFrom = Report::BucketFrom::User;
    } else if (source.bucketMiB) {
        report.currentBucketMiB = *source.bucketMiB;
        report.bucketFrom = Report::BucketFrom::Message;
    } else {
        report.currentBucketMiB = static_cast<quint64>(smallestDefault->defaultMiB);
        report.bucketFrom = Report::BucketFrom::Default;
    }
    // verl asserts offset + nbytes <= bucket_size: a tensor of exactly the bucket size fits.
    report.fitsCurrent = bytes <= report.currentBucketMiB * kMiB;
    const bool assertionExists = std::any_of(releases.cbegin(), releases.cend(),
                                             [](const verl::BucketFacts &f) { return f.assertionExists(); });
    // A pasted message this release cannot print (no assertion yet, or an engine that splits large
    // weights) came from another version or engine: no failure here, and the notes say which.
    const bool splitsHere = report.engine != verl::Engine::Naive
        && !verl::oversizedSource(facts, report.engine).isEmpty()
        && !verl::oversizedWeightAsserts(facts, report.engine, false);
    const bool foreignMessage = isMessage && !dev && (!assertionExists || splitsHere);
    report.assertionApplies = (isMessage && !foreignMessage)
        || std::any_of(releases.cbegin(), releases.cend(), [&](const verl::BucketFacts &f) {
                                  return verl::oversizedWeightAsserts(f, report.engine, report.sharedMemory);
                              });
    report.assertionFires = !report.fitsCurrent && report.assertionApplies;
    for (const verl::BucketFacts &f : releases) {
        report.assertionSource = verl::oversizedSource(f, report.engine);
        if (verl::oversizedWeightAsserts(f, report.engine, report.sharedMemory))
            break;
    }
    report.contradictory = isMessage && source.bucketMiB && bytes <= *source.bucketMiB * kMiB;

    // Where the bucket lives, and so the most it can be.
    report.buffers = report.sharedMemory ? 1 : verl::bucketBuffers(report.engine);
    // The weight is gathered whole on one device before it is sent, whatever path it takes.
    const quint64 limitMiB = options.hbmMiB.value_or(kLargestHbmMiB);
    report.noBucketHolds = report.requiredMiB > limitMiB;

    // Never smaller than the bucket in force; nothing to change when it holds the tensor.
    report.recommendedMiB = report.fitsCurrent ? report.currentBucketMiB
        : report.noBucketHolds                 ? report.requiredMiB
                                               : std::max(nextPowerOfTwo(withMargin), report.requiredMiB);
    if (report.sharedMemory && options.shmMiB && !report.noBucketHolds)
        report.shmBuckets = *options.shmMiB / std::max<quint64>(1, report.recommendedMiB);
    if (!report.fitsCurrent && !report.noBucketHolds) {
        const auto override = hydra::format(
            hydra::Override::set(report.configKey, hydra::Value::integer(static_cast<qint64>(report.recommendedMiB))));
        const auto minimal = hydra::format(
            hydra::Override::set(report.configKey, hydra::Value::integer(static_cast<qint64>(report.requiredMiB))));
        if (!override || !minimal)
            return (override ? minimal : override).error();
        report.override = *override;
        report.minimalOverride = *minimal;
    }
    report.deviceMiB = report.sharedMemory ? 0 : report.recommendedMiB * static_cast<quint64>(report.buffers);
    report.hbmMiB = options.hbmMiB;

    // The calculation, step by step.
    const Tensor &t = report.largest;
    QStringList dims;
    for (const quint64 dim : t.shape)
        dims << number(dim);
    const quint64 elements = *elementCount(t.shape);
    report.steps.append(
        {Text::tr("Largest tensor"), u"%1 %2 %3"_s.arg(t.name, formatShape(t.shape), t.dtype.displayName())});
    report.steps.append(
        {Text::tr("Elements"), (dims.isEmpty() ? u"1"_s : dims.join(u" × "_s)) + u" = "_s + number(elements)});
    if (t.dtype.bits % 8 == 0) {
        report.steps.append(
            {Text::tr("Bytes"),
             Text::tr("%1 × %2 B = %3 B").arg(number(elements)).arg(t.dtype.bits / 8).arg(number(bytes))});
    } else {
        report.steps.append(
            {Text::tr("Bytes"),
             Text::tr("%1 × %2 bits ÷ 8 = %3 B").arg(number(elements)).arg(t.dtype.bits).arg(number(bytes))});
    }
    const QString largestText = mibAgainst(bytes, report.currentBucketMiB);
    report.steps.append(
        {Text::tr("MiB"), Text::tr("%1 B ÷ %2 = %3 MiB").arg(number(bytes), number(kMiB), largestText)});
    report.steps.append(
        {Text::tr("Exact minimum"), Text::tr("ceil(%1) = %2 MiB").arg(largestText).arg(report.requiredMiB)});
    if (!report.fitsCurrent && !report.noBucketHolds) {
        report.steps.append({Text::tr("With margin"),
                             Text::tr("%1 MiB × %2 = %3 MiB")
                                 .arg(mib(report.largestMiB))
                                 .arg(QLocale().toString(options.margin, 'g', 3))
                                 .arg(mib(withMargin))});
        report.steps.append(
            {Text::tr("Power of two"), Text::tr("%1 MiB → %2 MiB").arg(mib(withMargin)).arg(report.recommendedMiB)});
    }
    const QString from = report.bucketFrom == Report::BucketFrom::Message ? Text::tr("from the message")
        : report.bucketFrom == Report::BucketFrom::User
        ? Text::tr("as you entered")
        : Text::tr("default of verl %1").arg(options.version.toString());
    report.steps.append({Text::tr("Current bucket"),
                         (report.fitsCurrent          ? Text::tr("%1 MiB ≤ %2 MiB (%3): it fits")
                              : report.assertionFires ? Text::tr("%1 MiB > %2 MiB (%3): the assertion fires")
                                                      : Text::tr("%1 MiB > %2 MiB (%3): too large for one bucket"))
                             .arg(largestText)
                             .arg(report.currentBucketMiB)
                             .arg(from)});
    if (report.noBucketHolds) {
        // No buffer to size.
    } else if (report.sharedMemory) {
        QString shm = Text::tr("%1 MiB per sending rank, in /dev/shm").arg(report.recommendedMiB);
        if (options.shmMiB)
            shm += u' ' + Text::tr("of %1 MiB").arg(*options.shmMiB);
        report.steps.append({Text::tr("Shared memory"), shm});
    } else {
        QString device
            = Text::tr("%1 × %2 MiB = %3 MiB").arg(report.buffers).arg(report.recommendedMiB).arg(report.deviceMiB);
        if (options.hbmMiB) {
            device += u' '
                + Text::tr("of %1 MiB HBM (%2%)")
                      .arg(*options.hbmMiB)
                      .arg(QLocale().toString(100.0 * report.deviceMiB / *options.hbmMiB, 'f', 1));
        }
        report.steps.append({Text::tr("Device memory"), device});
    }

    // What to watch for, the verdict first.
    if (report.noBucketHolds) {
        note(
            Note::Level::Error,
            Text::tr("No bucket can hold %1: it needs %2 MiB, more than the %3 MiB %4. verl gathers every weight whole "
                     "before sending it, so no setting helps: check the shape (a digit too many, or the dimensions of "
                     "several tensors multiplied together?).")
                .arg(t.name)
                .arg(report.requiredMiB)
                .arg(limitMiB)
                .arg(options.hbmMiB ? Text::tr("of HBM you entered") : Text::tr("of HBM on the largest NPU")));
    } else if (report.contradictory) {
        note(
            Note::Level::Warning,
            Text::tr("The message contradicts itself: %1 (%2 MiB) fits the %3 MB bucket it names, and verl raises this "
                     "only for a weight larger than the bucket. Check that the message is whole and unedited.")
                .arg(t.name, mib(report.largestMiB))
                .arg(*source.bucketMiB));
    } else if (report.assertionFires) {
        note(Note::Level::Error,
             (isMessage
                  ? Text::tr("%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync failed with \"Weight … is "
                             "too large to fit in the bucket\". Set the override below.")
                  : Text::tr("%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync fails with \"Weight … is too "
                             "large to fit in the bucket\". Set the override below."))
                 .arg(t.name, largestText)
                 .arg(report.currentBucketMiB));
    } else if (report.fitsCurrent) {
        note(Note::Level::Info,
             report.bucketFrom == Report::BucketFrom::Default
                 ? Text::tr("%1 (%2 MiB) fits verl's default bucket of %3 MiB: keep it; no override is needed.")
                       .arg(t.name, largestText)
                       .arg(report.currentBucketMiB)
                 : Text::tr("%1 (%2 MiB) fits the %3 MiB bucket: keep it; no override is needed.")
                       .arg(t.name, largestText)
                       .arg(report.currentBucketMiB));
    }
    note(Note::Level::Info,
         report.dtypeReason + (report.dtypeSource.isEmpty() ? QString() : u" ("_s + report.dtypeSource + u')'));
    if (!assertionExists) {
        note(isMessage ? Note::Level::Warning : Note::Level::Info,
             isMessage
                 ? Text::tr("verl %1 has no bucket assertion (it first appeared in 0.7.1): the message proves your "
                            "verl is 0.7.1 or newer; choose that version.")
                       .arg(options.version.toString())
                 : Text::tr("verl %1 has no bucket assertion (it first appeared in 0.7.1); there the bucket only "
                            "groups SGLang weight updates.")
                       .arg(options.version.toString()));
    } else {
        if (!source.keyNamed.isEmpty()) {
            note(Note::Level::Info,
                 Text::tr(
                     "The message says to increase %1, but since verl 0.7.1 that setting lives at %2; the old key no "
                     "longer works.")
                     .arg(verl::assertionMessageKey(), report.configKey));
        }
        if (dev) {
            QString text = Text::tr("%1 is a development version: any commit after verl %2. Whether the assertion "
                                    "can fire depends on the commit; these numbers hold for both.")
                               .arg(options.version.toString(), releases.constFirst().release.toString());
            if (facts.versionFile.value.endsWith(u".dev"_s))
                text += u' '
                    + Text::tr("(At the v%1 tag itself verl/version/version reads %2.)")
                          .arg(facts.release.toString(), facts.versionFile.value);
            note(Note::Level::Info, text);
        }
        if (report.engine == verl::Engine::Naive && facts.naive.value == u"direct-unless-shm" && !isMessage) {
            note(report.sharedMemory ? Note::Level::Warning : Note::Level::Info,
                 Text::tr(
                     "From verl 0.8.0 the vLLM IPC path sends weights larger than the bucket directly (%1). On NPUs "
                     "with Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1 verl falls back to shared memory "
                     "(\"IPC is not supported on your devices. Falling back to shared memory\" in the log), and "
                     "there the assertion still fires.")
                     .arg(facts.naive.source));
        } else if (report.engine != verl::Engine::Naive) {
            const QString split = verl::oversizedSource(facts, report.engine);
            const bool splits = !verl::oversizedWeightAsserts(facts, report.engine, false);
            if (!split.isEmpty()) {
                note(Note::Level::Info,
                     splits ? Text::tr(
                                  "The %1 checkpoint engine of verl %2 splits larger weights into bucket-sized chunks "
                                  "(%3).")
                                  .arg(engineName(report.engine).toUpper(), facts.release.toString(), split)
                            : Text::tr(
                                  "The %1 checkpoint engine of verl %2 asserts on weights larger than the bucket (%3).")
                                  .arg(engineName(report.engine).toUpper(), facts.release.toString(), split));
            }
            if (isMessage && splits && !dev) {
                note(
                    Note::Level::Warning,
                    Text::tr("The %1 engine of verl %2 does not raise this message: it came from an older verl (choose "
                             "that version) or another checkpoint engine (mooncake asserts in every release).")
                        .arg(engineName(report.engine).toUpper(), facts.release.toString()));
            }
        }
        if (!report.assertionApplies && !report.fitsCurrent && !report.noBucketHolds) {
            note(Note::Level::Info,
                 Text::tr("verl %1 with the %2 engine sends this tensor on its own instead of failing; the override "
                          "below only saves that extra transfer.")
                     .arg(options.version.toString(), engineName(report.engine)));
        }
    }
    if (report.fitsCurrent && isMessage && report.bucketFrom == Report::BucketFrom::User) {
        note(Note::Level::Info,
             Text::tr("The tensor fits the %1 MiB you entered, so the run that failed used a smaller bucket.")
                 .arg(report.currentBucketMiB));
    }
    if (source.lmHeadTied == Tied::Yes) {
        note(Note::Level::Info,
             Text::tr("lm_head is tied to the embedding, so it is not sent as a second large tensor."));
    } else if (source.lmHeadTied == Tied::No) {
        note(Note::Level::Info, Text::tr("lm_head is not tied: it is a second tensor as large as the embedding."));
    }
    if (report.sharedMemory) {
        note(Note::Level::Info,
             Text::tr(
                 "Without IPC every sending rank creates one bucket-sized shared-memory segment (%1): /dev/shm must "
                 "hold one per rank of the node. Containers often give /dev/shm only 64 MiB; raise it with docker "
                 "run --shm-size.")
                 .arg(facts.shm.source));
        if (report.shmBuckets && *report.shmBuckets < 8) {
            note(*report.shmBuckets == 0 ? Note::Level::Error : Note::Level::Warning,
                 Text::tr("/dev/shm (%1 MiB) holds %2 bucket(s) of %3 MiB; a node of 8 NPUs needs 8.")
                     .arg(*options.shmMiB)
                     .arg(*report.shmBuckets)
                     .arg(report.recommendedMiB));
        }
    } else {
        note(Note::Level::Info,
             report.buffers == 1
                 ? Text::tr("The naive engine (vLLM IPC path) holds one bucket-sized buffer per device.")
                 : Text::tr("The %1 engine holds two bucket-sized buffers (send and receive) per device.")
                       .arg(engineName(report.engine).toUpper()));
    }
    if (options.hbmMiB && !report.sharedMemory && !report.noBucketHolds) {
        if (report.deviceMiB >= *options.hbmMiB) {
            note(Note::Level::Error,
                 Text::tr("%1 MiB of buffers do not fit in %2 MiB of HBM.").arg(report.deviceMiB).arg(*options.hbmMiB));
        } else if (report.deviceMiB * 5 > *options.hbmMiB) {
            note(Note::Level::Warning,
                 Text::tr(
                     "The buffers take %1% of the device memory, which the rollout's KV cache cannot use; consider the "
                     "exact minimum (%2 MiB) or lowering gpu_memory_utilization.")
                     .arg(QLocale().toString(100.0 * report.deviceMiB / *options.hbmMiB, 'f', 0))
                     .arg(report.requiredMiB));
        }
    }
    for (const QString &text : source.notes)
        note(Note::Level::Info, text);
    // The verdict first: errors, then warnings, then the rest in the order above.
    std::stable_sort(report.notes.begin(), report.notes.end(),
                     [](const Note &a, const Note &b) { return a.level > b.level; });
    return report;
}

bool isProblem(const Report &report)
{
    return report.assertionFires || report.noBucketHolds || report.contradictory
        || (report.shmBuckets && *report.shmBuckets == 0);
}

QJsonObject toJson(const Report &report)
{
    QJsonArray top;
    for (const Tensor &tensor : report.top)
        top.append(tensorJson(tensor));
    QJsonArray notes;
    for (const Note &note : report.notes) {
        const QString level = note.level == Note::Level::Error ? u"error"_s
            : note.level == Note::Level::Warning               ? u"warning"_s
                                                               : u"info"_s;
        notes.append(QJsonObject{{u"level"_s, level}, {u"text"_s, note.text}});
    }
    QJsonArray steps;
    for (const Step &step : report.steps)
        steps.append(QJsonObject{{u"label"_s, step.label}, {u"value"_s, step.value}});
    const QString bucketFrom = report.bucketFrom == Report::BucketFrom::Message ? u"message"_s
        : report.bucketFrom == Report::BucketFrom::User                         ? u"user"_s
                                                                                : u"default"_s;
    QJsonObject device{{u"buffers"_s, report.buffers}, {u"mib"_s, static_cast<qint64>(report.deviceMiB)}};
    if (report.hbmMiB)
        device.insert(u"hbm_mib"_s, static_cast<qint64>(*report.hbmMiB));
    if (report.shmBuckets)
        device.insert(u"shm_buckets"_s, static_cast<qint64>(*report.shmBuckets));
    return QJsonObject{
        {u"largest"_s, tensorJson(report.largest)},
        {u"largest_mib"_s, report.largestMiB},
        {u"required_mib"_s, static_cast<qint64>(report.requiredMiB)},
        {u"recommended_mib"_s, static_cast<qint64>(report.recommendedMiB)},
        {u"margin"_s, report.margin},
        {u"current_bucket_mib"_s, static_cast<qint64>(report.currentBucketMiB)},
        {u"current_bucket_from"_s, bucketFrom},
        {u"fits_current"_s, report.fitsCurrent},
        {u"assertion_applies"_s, report.assertionApplies},
        {u"assertion_fires"_s, report.assertionFires},
        {u"no_bucket_holds"_s, report.noBucketHolds},
        {u"contradictory"_s, report.contradictory},
        {u"shared_memory"_s, report.sharedMemory},
        {u"dtype_source"_s, report.dtypeSource},
        {u"assertion_source"_s, report.assertionSource},
        {u"worker"_s, workerName(report.worker)},
        {u"override"_s, report.override},
        {u"minimal_override"_s, report.minimalOverride},
        {u"config_key"_s, report.configKey},
        {u"dtype_reason"_s, report.dtypeReason},
        {u"verl_version"_s, report.options.version.toString()},
        {u"backend"_s, backendName(report.backend)},
        {u"engine"_s, engineName(report.engine)},
        {u"device_memory"_s, device},
        {u"top"_s, top},
        {u"notes"_s, notes},
        {u"steps"_s, steps},
    };
}

} // namespace vna::bucket
