// Named model presets (resources/presets/models.json): the FAQ's table rows and real models with
// the sizes from their published config.json. Data, not code.
#pragma once

#include <QList>
#include <QString>

#include "bucket/modelinspector.h"
#include "bucket/tensor.h"
#include "common/result.h"

namespace vna::bucket {

struct Preset
{
    QString id;    // what --preset takes: "7B", "Qwen2.5-72B", …
    QString group; // "faq" or "model"
    QString titleEn;
    QString titleZh;
    QString source; // where the numbers come from (URL or document)
    QString noteEn; // optional remark shown with the result
    QString noteZh;
    Shape embeddingShape;              // FAQ rows: the table's shape
    std::optional<ModelConfig> config; // model rows

    QString title() const; // in the current language
    QString note() const;
    // The tensors this preset stands for, in `dtype`.
    QList<Tensor> tensors(const DType &dtype) const;
};

// Parses and validates a presets document; errors name the entry and field.
Result<QList<Preset>> parsePresets(QByteArrayView json, const QString &where);
// The presets shipped in the resources (parsed once).
const QList<Preset> &builtinPresets();
// Case-insensitive lookup by id.
const Preset *findPreset(const QString &id);

} // namespace vna::bucket
