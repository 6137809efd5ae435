// Header-only reading of safetensors files, validated as the reference implementation does:
// 8-byte little-endian header length (at most 100 MB), a JSON object starting with '{', known dtypes,
// contiguous data offsets covering the whole buffer, checked arithmetic. Tensor data is never read.
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QMap>
#include <QString>

#include "bucket/tensor.h"
#include "common/result.h"

namespace vna::bucket {

inline constexpr quint64 kMaxSafetensorsHeader = 100'000'000;

struct SafetensorsHeader
{
    QList<Tensor> tensors; // in file order of their data
    QMap<QString, QString> metadata;
    quint64 headerSize = 0; // N, the JSON length
    quint64 bytesRead = 0;  // 8 + N
};

// Reads 8 + N bytes of `path`. Errors name the file and say what is wrong with it: a Git LFS
// pointer, a PyTorch pickle or zip, a truncated file, a damaged header.
Result<SafetensorsHeader> readSafetensorsHeader(const QString &path);

// Validates the JSON header of a file of `fileSize` bytes (8 + N + data). Used by the reader, the
// fuzzer and tests.
Result<SafetensorsHeader> parseSafetensorsHeader(QByteArrayView json, quint64 fileSize, const QString &path);

// What the first bytes of a file that is not safetensors say it is, or an empty string.
QString recogniseNonSafetensors(QByteArrayView head);

} // namespace vna::bucket
