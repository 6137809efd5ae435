#include "safetensors.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

QString fileName(const QString &path)
{
    return QFileInfo(path).fileName();
}

Error headerError(const QString &path, const QString &what)
{
    return Error::input(
        QCoreApplication::translate("Bucket", "%1 is not a valid safetensors file: %2").arg(fileName(path), what),
        path);
}

// JSON numbers are doubles: accept only exact non-negative integers below 2^53.
std::optional<quint64> exactUnsigned(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!(d >= 0) || d > 9007199254740992.0 || std::floor(d) != d)
        return std::nullopt;
    return static_cast<quint64>(d);
}

struct Entry
{
    Tensor tensor;
    quint64 begin = 0;
    quint64 end = 0;
};

} // namespace

QString recogniseNonSafetensors(QByteArrayView head)
{
    if (head.startsWith("version https://git-lfs.github.com/spec/"))
        return QCoreApplication::translate("Bucket",
                                           "it is a Git LFS pointer, not the weights; run \"git lfs pull\" "
                                           "in the model folder");
    if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x80 && head[1] >= 2 && head[1] <= 5)
        return QCoreApplication::translate("Bucket",
                                           "it is a PyTorch pickle, which is not read here (loading a "
                                           "pickle can run code); use the safetensors files or config.json");
    if (head.startsWith("PK\x03\x04"))
        return QCoreApplication::translate("Bucket",
                                           "it is a PyTorch zip archive (torch.save), which is not read "
                                           "here; use the safetensors files or config.json");
    return QString();
}

Result<SafetensorsHeader> parseSafetensorsHeader(QByteArrayView json, quint64 fileSize, const QString &path)
{
    if (json.isEmpty() || json.front() != '{')
        return headerError(path, QCoreApplication::translate("Bucket", "the header does not start with \"{\""));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return headerError(path,
                           QCoreApplication::translate("Bucket", "the JSON header is damaged (%1 at byte %2)")
                               .arg(parseError.errorString())
                               .arg(8 + parseError.offset));
    }

    SafetensorsHeader header;
    header.headerSize = static_cast<quint64>(json.size());
    header.bytesRead = 8 + header.headerSize;
    QList<Entry> entries;
    const QJsonObject root = document.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QString name = it.key();
        if (name == u"__metadata__") {
            if (!it.value().isObject())
                return headerError(path, QCoreApplication::translate("Bucket", "__metadata__ is not an object"));
            const QJsonObject metadata = it.value().toObject();
            for (auto m = metadata.begin(); m != metadata.end(); ++m) {
                if (!m.value().isString()) {
                    return headerError(path,
                                       QCoreApplication::translate("Bucket",
                                                                   "__metadata__ value \"%1\" is not "
                                                                   "a string")
                                           .arg(m.key()));
                }
                header.metadata.insert(m.key(), m.value().toString());
            }
            continue;
        }
        const auto invalid = [&](const QString &what) {
            return headerError(path, QCoreApplication::translate("Bucket", "tensor \"%1\": %2").arg(name, what));
        };
        if (!it.value().isObject())
            return invalid(QCoreApplication::translate("Bucket", "its entry is not an object"));
        const QJsonObject info = it.value().toObject();
        const auto dtype = dtypeFromSafetensors(info.value(u"dtype").toString());
        if (!dtype) {
            return invalid(QCoreApplication::translate("Bucket", "unknown dtype \"%1\"")
                               .arg(info.value(u"dtype").toVariant().toString()));
        }
        if (!info.value(u"shape").isArray())
            return invalid(QCoreApplication::translate("Bucket", "\"shape\" is not a list"));
        Shape shape;
        for (const QJsonValue dim : info.value(u"shape").toArray()) {
            const auto value = exactUnsigned(dim);
            if (!value)
                return invalid(QCoreApplication::translate("Bucket",
                                                           "\"shape\" holds something other than "
                                                           "non-negative whole numbers"));
            shape.append(*value);
        }
        const QJsonArray offsets = info.value(u"data_offsets").toArray();
        const auto begin = offsets.size() == 2 ? exactUnsigned(offsets.at(0)) : std::nullopt;
        const auto end = offsets.size() == 2 ? exactUnsigned(offsets.at(1)) : std::nullopt;
        if (!begin || !end)
            return invalid(QCoreApplication::translate("Bucket", "\"data_offsets\" is not a pair of byte offsets"));
        if (*end < *begin)
            return invalid(QCoreApplication::translate("Bucket", "its data ends before it begins"));
        auto tensor = makeTensor(name, shape, *dtype, path);
        if (!tensor)
            return invalid(tensor.error().message);
        if (tensor->bytes != *end - *begin) {
            return invalid(QCoreApplication::translate("Bucket", "%1 %2 needs %3 bytes but its data_offsets span %4")
                               .arg(formatShape(shape), dtype->safetensors)
                               .arg(tensor->bytes)
                               .arg(*end - *begin));
        }
        entries.append({*tensor, *begin, *end});
    }

    // The data must be covered completely and without holes or overlaps (no polyglot files).
    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
    quint64 expected = 0;
    for (const Entry &entry : entries) {
        if (entry.begin != expected) {
            return headerError(path,
                               QCoreApplication::translate("Bucket",
                                                           "tensor \"%1\" starts at byte %2 of the "
                                                           "data, expected %3 (a hole or an overlap)")
                                   .arg(entry.tensor.name)
                                   .arg(entry.begin)
                                   .arg(expected));
        }
        expected = entry.end;
        header.tensors.append(entry.tensor);
    }
    const quint64 dataStart = 8 + header.headerSize;
    if (fileSize < dataStart || fileSize - dataStart < expected) {
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is truncated: its header describes %2 bytes of "
                                                        "tensor data but the file holds only %3.")
                                .arg(fileName(path))
                                .arg(expected)
                                .arg(fileSize < dataStart ? 0 : fileSize - dataStart),
                            path);
    }
    if (fileSize - dataStart != expected) {
        return headerError(path,
                           QCoreApplication::translate("Bucket",
                                                       "%1 bytes after the last tensor are not "
                                                       "described by the header")
                               .arg(fileSize - dataStart - expected));
    }
    return header;
}

Result<SafetensorsHeader> readSafetensorsHeader(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error::runtime(QCoreApplication::translate("Bucket", "Cannot read %1: %2").arg(path, file.errorString()),
                              path);
    }
    const quint64 fileSize = static_cast<quint64>(file.size());
    const QByteArray head = file.read(8);
    if (head.size() < 8) {
        const QString what = recogniseNonSafetensors(head);
        if (!what.isEmpty())
            return headerError(path, what);
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is truncated: it has %2 bytes, fewer than the "
                                                        "8-byte header length of a safetensors file.")
                                .arg(fileName(path))
                                .arg(head.size()),
                            path);
    }
    const quint64 n = qFromLittleEndian<quint64>(head.constData());
    if (n > kMaxSafetensorsHeader || n + 8 > fileSize) {
        // Not a header length at all: say what the file really is when we can tell.
        file.seek(0);
        const QString what = recogniseNonSafetensors(file.read(64));
        if (!what.isEmpty())
            return headerError(path, what);
        if (n > kMaxSafetensorsHeader) {
            return headerError(path,
                               QCoreApplication::translate("Bucket",
                                                           "the header length %1 is above the "
                                                           "100 MB limit")
                                   .arg(n));
        }
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is truncated: its header is %2 bytes long but "
                                                        "the file has only %3 bytes.")
                                .arg(fileName(path))
                                .arg(n)
                                .arg(fileSize),
                            path);
    }
    const QByteArray json = file.read(static_cast<qint64>(n));
    if (static_cast<quint64>(json.size()) != n) {
        return Error::runtime(
            QCoreApplication::translate("Bucket", "Cannot read the header of %1: %2").arg(path, file.errorString()),
            path);
    }
    return parseSafetensorsHeader(json, fileSize, path);
}

} // namespace vna::bucket
