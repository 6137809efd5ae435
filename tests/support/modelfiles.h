// Writes model folders for tests and benchmarks: safetensors files with real headers whose data is
// left sparse (the file has its full size but takes no disk space), config.json and the index.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace vna::test {

struct TensorSpec
{
    QString name;
    QString dtype; // safetensors name: "BF16", "F32", …
    QList<quint64> shape;
};

// Header JSON (padded with spaces to a multiple of 8, like the reference writer) for contiguous data.
QByteArray safetensorsHeader(const QList<TensorSpec> &tensors, quint64 *dataBytes = nullptr);

// 8-byte length + header + data. The data is sparse unless `fillData` is set. Returns false on I/O errors.
bool writeSafetensors(const QString &path, const QList<TensorSpec> &tensors, bool fillData = false);

// Any bytes as a header, followed by `dataBytes` of sparse data: for malformed files.
bool writeRawSafetensors(const QString &path, const QByteArray &header, quint64 dataBytes, quint64 declaredLength);

// Creates the parent folders as needed.
bool writeFile(const QString &path, const QByteArray &content);
// `data` as one gzip member.
QByteArray gzip(const QByteArray &data);
// The file's bytes, or "<missing>" when it cannot be read.
QByteArray readFile(const QString &path);
bool writeJson(const QString &path, const QJsonObject &object);

// A sharded model like Qwen2.5-72B: `shards` files, `layers` decoder layers, bf16, with
// model.safetensors.index.json and config.json. Returns the total header bytes of all shards.
quint64 writeShardedModel(const QString &dir,
                          int shards,
                          int layers,
                          quint64 vocab = 152064,
                          quint64 hidden = 8192,
                          quint64 intermediate = 29568,
                          bool tied = false);

} // namespace vna::test
