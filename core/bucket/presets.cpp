#include "presets.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include "common/i18n.h"
#include "common/logging.h"

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

Error entryError(const QString &where, const QString &entry, const QString &field, const QString &problem)
{
    return Error::input(
        QCoreApplication::translate("Bucket", "%1: preset \"%2\", field \"%3\": %4").arg(where, entry, field, problem),
        where);
}

} // namespace

QString Preset::title() const
{
    return i18n::pick(titleEn, titleZh);
}

QString Preset::note() const
{
    return i18n::pick(noteEn, noteZh);
}

QList<Tensor> Preset::tensors(const DType &dtype) const
{
    if (config)
        return tensorsFromConfig(*config, dtype);
    QList<Tensor> list;
    if (auto tensor = makeTensor(u"model.embed_tokens.weight"_s, embeddingShape, dtype))
        list.append(*tensor);
    return list;
}

Result<QList<Preset>> parsePresets(QByteArrayView json, const QString &where)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error::input(QCoreApplication::translate("Bucket", "%1 is not valid JSON (%2 at byte %3).")
                                .arg(where, parseError.errorString())
                                .arg(parseError.offset),
                            where, parseError.offset);
    }
    if (document.object().value(u"schema").toInt() != 1 || !document.object().value(u"presets").isArray()) {
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is not a presets file (schema 1 with a "
                                                        "\"presets\" list).")
                                .arg(where),
                            where);
    }
    QList<Preset> presets;
    QSet<QString> ids;
    const QJsonArray list = document.object().value(u"presets").toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject entry = list.at(i).toObject();
        Preset preset;
        preset.id = entry.value(u"id").toString();
        const QString label = preset.id.isEmpty() ? u"#%1"_s.arg(i + 1) : preset.id;
        if (preset.id.isEmpty())
            return entryError(where, label, u"id"_s, QCoreApplication::translate("Bucket", "missing"));
        if (ids.contains(preset.id.toLower()))
            return entryError(where, label, u"id"_s, QCoreApplication::translate("Bucket", "used twice"));
        ids.insert(preset.id.toLower());
        preset.group = entry.value(u"group").toString();
        if (preset.group != u"faq" && preset.group != u"model")
            return entryError(where, label, u"group"_s, QCoreApplication::translate("Bucket", "must be faq or model"));
        preset.titleEn = entry.value(u"title").toObject().value(u"en").toString();
        preset.titleZh = entry.value(u"title").toObject().value(u"zh_CN").toString();
        if (preset.titleEn.isEmpty())
            return entryError(where, label, u"title.en"_s, QCoreApplication::translate("Bucket", "missing"));
        preset.source = entry.value(u"source").toString();
        if (preset.source.isEmpty())
            return entryError(where, label, u"source"_s, QCoreApplication::translate("Bucket", "missing"));
        preset.noteEn = entry.value(u"note").toObject().value(u"en").toString();
        preset.noteZh = entry.value(u"note").toObject().value(u"zh_CN").toString();

        if (entry.contains(u"config")) {
            const QByteArray configJson = QJsonDocument(entry.value(u"config").toObject()).toJson();
            const auto config = parseModelConfig(configJson, where);
            if (!config || !config->vocabSize || !config->hiddenSize) {
                return entryError(where, label, u"config"_s,
                                  QCoreApplication::translate("Bucket", "needs vocab_size and hidden_size"));
            }
            preset.config = *config;
        } else {
            for (const QJsonValue dim : entry.value(u"embedding_shape").toArray()) {
                if (!dim.isDouble() || dim.toDouble() < 1)
                    return entryError(where, label, u"embedding_shape"_s,
                                      QCoreApplication::translate("Bucket", "must list positive numbers"));
                preset.embeddingShape.append(static_cast<quint64>(dim.toDouble()));
            }
            if (preset.embeddingShape.size() != 2) {
                return entryError(where, label, u"embedding_shape"_s,
                                  QCoreApplication::translate("Bucket", "needs [vocab, hidden] or a \"config\""));
            }
        }
        presets.append(preset);
    }
    return presets;
}

const QList<Preset> &builtinPresets()
{
    static const QList<Preset> presets = [] {
        const QString path = u":/presets/models.json"_s;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            log::core()->error("the presets resource {} is missing", path);
            return QList<Preset>();
        }
        auto parsed = parsePresets(file.readAll(), path);
        if (!parsed) {
            log::core()->error("{}", parsed.error().message);
            return QList<Preset>();
        }
        return parsed.value();
    }();
    return presets;
}

const Preset *findPreset(const QString &id)
{
    for (const Preset &preset : builtinPresets()) {
        if (preset.id.compare(id.trimmed(), Qt::CaseInsensitive) == 0)
            return &preset;
    }
    return nullptr;
}

} // namespace vna::bucket
