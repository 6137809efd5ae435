// Tensor shapes as people paste them, and checked size arithmetic (no silent overflow).
#pragma once

#include <QList>
#include <QString>

#include "bucket/dtype.h"
#include "common/result.h"

namespace vna::bucket {

using Shape = QList<quint64>;

// "151936,4096", "151936x4096", "151936 × 4096", "[151936, 4096]", "(151936, 4096)",
// "torch.Size([151936, 4096])", "[]" (a scalar). Errors name the character position (1-based).
Result<Shape> parseShape(const QString &text, const QString &where);
// "[151936, 4096]"
QString formatShape(const Shape &shape);
// Tensor names short enough for a chart axis, distinct: "model.layers.3.mlp.down_proj.weight" →
// "layers.3.mlp.down_proj"; a name that still does not fit keeps its last dotted parts
// ("…experts.gate_up_proj"), and a repeated one is numbered ("… (2)").
QStringList shortTensorNames(const QStringList &names);

// Product of the dimensions; an error when it does not fit in 64 bits.
Result<quint64> elementCount(const Shape &shape);
// elements × bits / 8; an error on overflow or when sub-byte elements do not fill whole bytes.
Result<quint64> byteCount(const Shape &shape, const DType &dtype);

struct Tensor
{
    QString name;
    Shape shape;
    DType dtype;
    quint64 bytes = 0;
    QString file; // where it was read from, if anywhere
};

// Largest first, keeping the order of equal sizes. Moves each tensor once (they are not small).
void sortBySizeDescending(QList<Tensor> &tensors);

// Builds a tensor with its byte count computed.
Result<Tensor> makeTensor(QString name, Shape shape, const DType &dtype, QString file = QString());

// 1 MiB = 2^20 bytes: verl shifts the bucket setting by 20 bits.
inline constexpr quint64 kMiB = quint64(1) << 20;

} // namespace vna::bucket
