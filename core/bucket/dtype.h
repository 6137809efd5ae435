// Every tensor element type the tools meet: all safetensors dtypes (sizes in bits, sub-byte
// included), with the names torch, safetensors and people use for them.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::bucket {

struct DType
{
    QString safetensors; // canonical: "F32", "BF16", "F8_E4M3", "F4", …
    QString torch;       // "torch.float32"; empty when torch has no such type
    int bits = 0;
    bool floating = false; // floating-point: cast by the actor when it sends weights
    QStringList aliases;   // other accepted spellings, lower case

    bool operator==(const DType &other) const { return safetensors == other.safetensors; }
    // The name users recognise: the torch name when there is one.
    QString displayName() const { return torch.isEmpty() ? safetensors : torch; }
};

const QList<DType> &allDTypes();

// Accepts "float32", "fp32", "torch.float32", "F32", "bfloat16", "bf16", "half", "float8_e4m3fn",
// "F8_E4M3", "int8", … (case-insensitive). `where` names the field or option for the error.
Result<DType> parseDType(const QString &text, const QString &where);

// The safetensors name, e.g. "BF16" (exact, as stored in headers).
Result<DType> dtypeFromSafetensors(const QString &name);

} // namespace vna::bucket
