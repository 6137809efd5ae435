#include "sources.h"

#include <QCoreApplication>

#include "bucket/presets.h"

using namespace Qt::StringLiterals;

namespace vna::bucket {

Result<Source> sourceFromPreset(const QString &id)
{
    const Preset *preset = findPreset(id);
    if (!preset) {
        QStringList ids;
        for (const Preset &p : builtinPresets())
            ids << p.id;
        return Error::input(QCoreApplication::translate("Bucket", "Unknown preset \"%1\": choose one of %2.")
                                .arg(id, ids.join(u", "_s)),
                            u"--preset"_s);
    }
    Source source;
    source.kind = Source::Kind::Preset;
    source.label = preset->id;
    // Stored as bf16 (the config's dtype); analyze() casts to what the actor sends.
    source.tensors = preset->tensors(*parseDType(u"BF16"_s, {}));
    if (preset->config && preset->config->tieWordEmbeddings)
        source.lmHeadTied = *preset->config->tieWordEmbeddings ? Tied::Yes : Tied::No;
    if (preset->config)
        source.modelType = preset->config->modelType;
    if (!preset->note().isEmpty())
        source.notes << preset->note();
    source.notes << QCoreApplication::translate("Bucket", "Preset %1: %2").arg(preset->id, preset->source);
    return source;
}

Result<Source> sourceFromShape(const QString &shapeText, const QString &dtypeText)
{
    const auto shape = parseShape(shapeText, u"--shape"_s);
    if (!shape)
        return shape.error();
    const auto dtype = parseDType(dtypeText.isEmpty() ? u"F32"_s : dtypeText, u"--dtype"_s);
    if (!dtype)
        return dtype.error();
    const auto tensor = makeTensor(QCoreApplication::translate("Bucket", "tensor"), *shape, *dtype);
    if (!tensor)
        return tensor.error();
    Source source;
    source.kind = Source::Kind::TypedShape;
    source.label = formatShape(*shape);
    source.tensors = {*tensor};
    return source;
}

Source sourceFromMessages(const QList<AssertionMatch> &matches)
{
    Source source;
    source.kind = Source::Kind::Assertion;
    for (const AssertionMatch &match : matches) {
        source.tensors.append(match.tensor);
        source.occurrences += match.occurrences;
    }
    if (!matches.isEmpty()) {
        const AssertionMatch &largest = matches.first();
        source.label = QCoreApplication::translate("Bucket", "line %1").arg(largest.line);
        source.bucketMiB = largest.bucketMiB;
        source.keyNamed = largest.keyNamed;
        if (source.occurrences > 1) {
            source.notes << QCoreApplication::translate("Bucket",
                                                        "The message appears %n time(s) (one per rank or "
                                                        "retry); %1 is the largest tensor among them.",
                                                        nullptr, source.occurrences)
                                .arg(largest.tensor.name);
        }
    }
    return source;
}

Source sourceFromModel(const ModelInspection &inspection)
{
    Source source;
    source.kind = Source::Kind::Model;
    source.label = inspection.folder;
    source.tensors = inspection.tensors;
    source.lmHeadTied = inspection.lmHeadTied;
    if (inspection.config)
        source.modelType = inspection.config->modelType;
    source.notes = inspection.notes;
    source.notes << QCoreApplication::translate("Bucket", "Read %n file(s), %1 bytes in all: headers only.", nullptr,
                                                inspection.files)
                        .arg(inspection.bytesRead);
    return source;
}

} // namespace vna::bucket
