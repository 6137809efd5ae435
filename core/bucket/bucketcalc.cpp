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

QString number(quint64 value)
{
    return QLocale().toString(value);
}

// MiB values stay short and match what users type in overrides: no group separators.
QString mib(double value)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', 2);
}

const DType &dtypeFor(Backend backend)
{
    static const DType f32 = *parseDType(u"F32"_s, {});
    static const DType bf16 = *parseDType(u"BF16"_s, {});
    return backend == Backend::Fsdp ? f32 : bf16;
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
    return backend == Backend::Fsdp ? u"fsdp"_s : u"megatron"_s;
}

Result<Backend> parseBackend(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    if (key == u"fsdp" || key == u"fsdp2")
        return Backend::Fsdp;
    if (key == u"megatron")
        return Backend::Megatron;
    return Error::input(
        QCoreApplication::translate("Bucket", "Unknown backend \"%1\" in %2: expected fsdp or megatron.")
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

    // The dtype the actor sends: the user's choice, else the message's, else the backend's.
    const DType &backendDtype = dtypeFor(options.backend);
    if (options.dtype) {
        report.dtypeReason = QCoreApplication::translate("Bucket", "Sized in %1, the data type you chose.")
                                 .arg(options.dtype->displayName());
    } else if (source.kind == Source::Kind::Assertion) {
        report.dtypeReason = QCoreApplication::translate("Bucket", "Sized in %1, the data type in the message.")
                                 .arg(source.tensors.first().dtype.displayName());
    } else if (options.backend == Backend::Fsdp) {
        report.dtypeReason = QCoreApplication::translate(
            "Bucket",
            "Sized in torch.float32: the FSDP actor sends full-precision weights without casting them "
            "to the rollout dtype.");
    } else {
        report.dtypeReason
            = QCoreApplication::translate("Bucket", "Sized in torch.bfloat16: the Megatron actor sends bf16 weights.");
    }
    QList<Tensor> travelling;
    for (const Tensor &tensor : source.tensors) {
        const DType *dtype = &tensor.dtype;
        if (options.dtype && tensor.dtype.floating)
            dtype = &*options.dtype;
        else if (!options.dtype && source.kind != Source::Kind::Assertion && tensor.dtype.floating)
            dtype = &backendDtype;
        auto cast = makeTensor(tensor.name, tensor.shape, *dtype, tensor.file);
        if (!cast)
            return cast.error();
        travelling.append(*cast);
    }
    sortBySizeDescending(travelling);
    report.largest = travelling.first();
    report.top = travelling.mid(0, std::max(1, options.top));

    const quint64 bytes = report.largest.bytes;
    report.largestMiB = static_cast<double>(bytes) / kMiB;
    report.requiredMiB = std::max<quint64>(1, (bytes + kMiB - 1) / kMiB);
    const double withMargin = report.largestMiB * options.margin;
    report.recommendedMiB = std::max(nextPowerOfTwo(withMargin), report.requiredMiB);

    const verl::BucketFacts &facts = verl::bucketFacts(options.version);
    report.configKey = facts.configKey;
    if (options.bucketMiB) {
        report.currentBucketMiB = *options.bucketMiB;
        report.bucketFrom = Report::BucketFrom::User;
    } else if (source.bucketMiB) {
        report.currentBucketMiB = *source.bucketMiB;
        report.bucketFrom = Report::BucketFrom::Message;
    } else {
        report.currentBucketMiB = static_cast<quint64>(facts.defaultMiB);
        report.bucketFrom = Report::BucketFrom::Default;
    }
    // verl asserts offset + nbytes <= bucket_size: a tensor of exactly the bucket size fits.
    report.fitsCurrent = bytes <= report.currentBucketMiB * kMiB;
    report.assertionApplies = verl::oversizedWeightAsserts(facts, options.engine, options.sharedMemory);

    const auto override = hydra::format(
        hydra::Override::set(report.configKey, hydra::Value::integer(static_cast<qint64>(report.recommendedMiB))));
    const auto minimal = hydra::format(
        hydra::Override::set(report.configKey, hydra::Value::integer(static_cast<qint64>(report.requiredMiB))));
    if (!override || !minimal)
        return (override ? minimal : override).error();
    report.override = *override;
    report.minimalOverride = *minimal;

    report.buffers = verl::bucketBuffers(options.engine);
    report.deviceMiB = report.recommendedMiB * static_cast<quint64>(report.buffers);
    report.hbmMiB = options.hbmMiB;

    // The calculation, step by step.
    const Tensor &t = report.largest;
    QStringList dims;
    for (const quint64 dim : t.shape)
        dims << number(dim);
    const quint64 elements = *elementCount(t.shape);
    report.steps.append({QCoreApplication::translate("Bucket", "Largest tensor"),
                         u"%1 %2 %3"_s.arg(t.name, formatShape(t.shape), t.dtype.displayName())});
    report.steps.append({QCoreApplication::translate("Bucket", "Elements"),
                         (dims.isEmpty() ? u"1"_s : dims.join(u" × "_s)) + u" = "_s + number(elements)});
    if (t.dtype.bits % 8 == 0) {
        report.steps.append({QCoreApplication::translate("Bucket", "Bytes"),
                             QCoreApplication::translate("Bucket", "%1 × %2 B = %3 B")
                                 .arg(number(elements))
                                 .arg(t.dtype.bits / 8)
                                 .arg(number(bytes))});
    } else {
        report.steps.append({QCoreApplication::translate("Bucket", "Bytes"),
                             QCoreApplication::translate("Bucket", "%1 × %2 bits ÷ 8 = %3 B")
                                 .arg(number(elements))
                                 .arg(t.dtype.bits)
                                 .arg(number(bytes))});
    }
    report.steps.append({QCoreApplication::translate("Bucket", "MiB"),
                         QCoreApplication::translate("Bucket", "%1 B ÷ %2 = %3 MiB")
                             .arg(number(bytes), number(kMiB), mib(report.largestMiB))});
    report.steps.append({QCoreApplication::translate("Bucket", "Exact minimum"),
                         QCoreApplication::translate("Bucket", "ceil(%1) = %2 MiB")
                             .arg(mib(report.largestMiB))
                             .arg(report.requiredMiB)});
    report.steps.append({QCoreApplication::translate("Bucket", "With margin"),
                         QCoreApplication::translate("Bucket", "%1 MiB × %2 = %3 MiB")
                             .arg(mib(report.largestMiB))
                             .arg(QLocale().toString(options.margin, 'g', 3))
                             .arg(mib(withMargin))});
    report.steps.append(
        {QCoreApplication::translate("Bucket", "Power of two"),
         QCoreApplication::translate("Bucket", "%1 MiB → %2 MiB").arg(mib(withMargin)).arg(report.recommendedMiB)});
    const QString from = report.bucketFrom == Report::BucketFrom::Message
        ? QCoreApplication::translate("Bucket", "from the message")
        : report.bucketFrom == Report::BucketFrom::User
        ? QCoreApplication::translate("Bucket", "as you entered")
        : QCoreApplication::translate("Bucket", "default of verl %1").arg(options.version.toString());
    report.steps.append({QCoreApplication::translate("Bucket", "Current bucket"),
                         (report.fitsCurrent ? QCoreApplication::translate("Bucket", "%1 MiB ≤ %2 MiB (%3): it fits")
                              : report.assertionApplies
                              ? QCoreApplication::translate("Bucket", "%1 MiB > %2 MiB (%3): the assertion fires")
                              : QCoreApplication::translate("Bucket", "%1 MiB > %2 MiB (%3): too large for one bucket"))
                             .arg(mib(report.largestMiB))
                             .arg(report.currentBucketMiB)
                             .arg(from)});
    QString device = QCoreApplication::translate("Bucket", "%1 × %2 MiB = %3 MiB")
                         .arg(report.buffers)
                         .arg(report.recommendedMiB)
                         .arg(report.deviceMiB);
    if (options.hbmMiB) {
        device += u' '
            + QCoreApplication::translate("Bucket", "of %1 MiB HBM (%2%)")
                  .arg(*options.hbmMiB)
                  .arg(QLocale().toString(100.0 * report.deviceMiB / *options.hbmMiB, 'f', 1));
    }
    report.steps.append({QCoreApplication::translate("Bucket", "Device memory"), device});

    // What to watch for.
    const auto note = [&report](Note::Level level, const QString &text) { report.notes.append({level, text}); };
    if (!report.fitsCurrent && report.assertionApplies) {
        note(Note::Level::Error,
             QCoreApplication::translate("Bucket",
                                         "%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync fails with "
                                         "\"Weight … is too large to fit in the bucket\". Set the override below.")
                 .arg(t.name, mib(report.largestMiB))
                 .arg(report.currentBucketMiB));
    }
    note(Note::Level::Info, report.dtypeReason);
    if (!facts.assertionExists) {
        note(Note::Level::Warning,
             QCoreApplication::translate(
                 "Bucket",
                 "verl %1 has no bucket assertion (it first appeared in 0.7.1); there the bucket only groups SGLang "
                 "weight updates. If you saw the message, your verl is 0.7.1 or newer: choose that version.")
                 .arg(options.version.toString()));
    } else {
        if (source.kind == Source::Kind::Assertion || !source.keyNamed.isEmpty()) {
            note(Note::Level::Info,
                 QCoreApplication::translate(
                     "Bucket",
                     "The message says to increase %1, but since verl 0.7.1 that setting lives at "
                     "%2; the old key no longer works.")
                     .arg(verl::assertionMessageKey(), report.configKey));
        }
        if (options.engine == verl::Engine::Naive && facts.naiveSplitsLarge) {
            note(options.sharedMemory ? Note::Level::Warning : Note::Level::Info,
                 QCoreApplication::translate(
                     "Bucket",
                     "From verl 0.8.0 the vLLM IPC path sends weights larger than the bucket directly. On NPUs with "
                     "Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1 verl falls back to shared memory "
                     "(\"IPC is not supported on your devices. Falling back to shared memory\" in the log), and "
                     "there the assertion still fires."));
        } else if (options.engine == verl::Engine::Hccl && !facts.hcclSplitsLarge) {
            note(Note::Level::Info,
                 QCoreApplication::translate(
                     "Bucket",
                     "The HCCL checkpoint engine of verl %1 still asserts on large weights; verl "
                     "0.9.0 splits them into chunks.")
                     .arg(options.version.toString()));
        }
        if (!report.assertionApplies && !report.fitsCurrent) {
            note(Note::Level::Info,
                 QCoreApplication::translate("Bucket",
                                             "verl %1 with the %2 engine sends this tensor on its own instead of "
                                             "failing; a bucket that holds it avoids the extra transfer.")
                     .arg(options.version.toString(), engineName(options.engine)));
        }
    }
    if (report.fitsCurrent && source.kind == Source::Kind::Assertion && report.bucketFrom == Report::BucketFrom::User) {
        note(
            Note::Level::Info,
            QCoreApplication::translate("Bucket",
                                        "The tensor fits the %1 MiB you entered, so the run that failed used a smaller "
                                        "bucket.")
                .arg(report.currentBucketMiB));
    }
    if (source.lmHeadTied == Tied::Yes) {
        note(Note::Level::Info,
             QCoreApplication::translate(
                 "Bucket", "lm_head is tied to the embedding, so it is not sent as a second large tensor."));
    } else if (source.lmHeadTied == Tied::No) {
        note(Note::Level::Info,
             QCoreApplication::translate("Bucket",
                                         "lm_head is not tied: it is a second tensor as large as the embedding."));
    }
    note(Note::Level::Info,
         report.buffers == 1
             ? QCoreApplication::translate("Bucket",
                                           "The naive engine (vLLM IPC path) holds one bucket-sized buffer per device.")
             : QCoreApplication::translate(
                   "Bucket", "The %1 engine holds two bucket-sized buffers (send and receive) per device.")
                   .arg(engineName(options.engine).toUpper()));
    if (options.hbmMiB) {
        if (report.deviceMiB >= *options.hbmMiB) {
            note(Note::Level::Error,
                 QCoreApplication::translate("Bucket", "%1 MiB of buffers do not fit in %2 MiB of HBM.")
                     .arg(report.deviceMiB)
                     .arg(*options.hbmMiB));
        } else if (report.deviceMiB * 5 > *options.hbmMiB) {
            note(Note::Level::Warning,
                 QCoreApplication::translate("Bucket",
                                             "The buffers take %1% of the device memory, which the rollout's KV cache "
                                             "cannot use; consider the exact minimum (%2 MiB) or lowering "
                                             "gpu_memory_utilization.")
                     .arg(QLocale().toString(100.0 * report.deviceMiB / *options.hbmMiB, 'f', 0))
                     .arg(report.requiredMiB));
        }
    }
    for (const QString &text : source.notes)
        note(Note::Level::Info, text);
    return report;
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
        {u"override"_s, report.override},
        {u"minimal_override"_s, report.minimalOverride},
        {u"config_key"_s, report.configKey},
        {u"dtype_reason"_s, report.dtypeReason},
        {u"verl_version"_s, report.options.version.toString()},
        {u"backend"_s, backendName(report.options.backend)},
        {u"engine"_s, engineName(report.options.engine)},
        {u"device_memory"_s, device},
        {u"top"_s, top},
        {u"notes"_s, notes},
        {u"steps"_s, steps},
    };
}

} // namespace vna::bucket
