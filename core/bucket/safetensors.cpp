#include "safetensors.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QtEndian>

#include "common/jsonreader.h"

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

struct Span
{
    quint64 begin = 0;
    quint64 end = 0;
    qsizetype index = 0; // into the tensors as read
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

    // One pass over the header with a pull reader: no document is built (headers of sharded
    // models hold hundreds of tensors, and a hostile one up to 100 MB).
    JsonReader reader(json);
    const auto damaged = [&reader, &path] {
        return headerError(path,
                           QCoreApplication::translate("Bucket", "the JSON header is damaged (%1 at byte %2)")
                               .arg(reader.error())
                               .arg(8 + reader.errorOffset()));
    };

    SafetensorsHeader header;
    header.headerSize = static_cast<quint64>(json.size());
    header.bytesRead = 8 + header.headerSize;
    QList<Tensor> tensors;
    QList<Span> spans;
    std::optional<DType> lastDtype;
    QSet<QString> names;
    if (!reader.beginObject())
        return damaged();
    QString name;
    while (reader.nextMember(name)) {
        if (name == u"__metadata__") {
            if (reader.peek() != JsonReader::Type::Object)
                return reader.failed()
                    ? damaged()
                    : headerError(path, QCoreApplication::translate("Bucket", "__metadata__ is not an object"));
            reader.beginObject();
            QString key;
            while (reader.nextMember(key)) {
                QString value;
                if (reader.peek() != JsonReader::Type::String) {
                    return reader.failed() ? damaged()
                                           : headerError(path,
                                                         QCoreApplication::translate("Bucket",
                                                                                     "__metadata__ value \"%1\" is not "
                                                                                     "a string")
                                                             .arg(key));
                }
                if (!reader.readString(value))
                    return damaged();
                header.metadata.insert(key, value);
            }
            if (reader.failed())
                return damaged();
            continue;
        }
        const auto invalid = [&](const QString &what) {
            return headerError(path, QCoreApplication::translate("Bucket", "tensor \"%1\": %2").arg(name, what));
        };
        if (names.contains(name))
            return invalid(QCoreApplication::translate("Bucket", "it appears twice"));
        names.insert(name);
        if (reader.peek() != JsonReader::Type::Object)
            return reader.failed() ? damaged()
                                   : invalid(QCoreApplication::translate("Bucket", "its entry is not an object"));
        reader.beginObject();

        QString dtypeName;
        Shape shape;
        quint64 offsets[2] = {0, 0};
        bool hasShape = false;
        bool hasOffsets = false;
        QByteArrayView field;
        while (reader.nextMember(field)) {
            if (field == "dtype") {
                if (reader.peek() != JsonReader::Type::String)
                    return reader.failed()
                        ? damaged()
                        : invalid(QCoreApplication::translate("Bucket", "unknown dtype \"%1\"").arg(QString()));
                if (!reader.readString(dtypeName))
                    return damaged();
            } else if (field == "shape") {
                if (reader.peek() != JsonReader::Type::Array)
                    return reader.failed() ? damaged()
                                           : invalid(QCoreApplication::translate("Bucket", "\"shape\" is not a list"));
                reader.beginArray();
                while (reader.nextElement()) {
                    quint64 dim = 0;
                    if (!reader.readUnsigned(dim)) {
                        return invalid(QCoreApplication::translate("Bucket",
                                                                   "\"shape\" holds something other than "
                                                                   "non-negative whole numbers"));
                    }
                    shape.append(dim);
                }
                hasShape = true;
            } else if (field == "data_offsets") {
                const auto notPair = [&] {
                    return invalid(
                        QCoreApplication::translate("Bucket", "\"data_offsets\" is not a pair of byte offsets"));
                };
                if (reader.peek() != JsonReader::Type::Array)
                    return reader.failed() ? damaged() : notPair();
                reader.beginArray();
                int count = 0;
                while (reader.nextElement()) {
                    if (count >= 2 || !reader.readUnsigned(offsets[count]))
                        return notPair();
                    ++count;
                }
                if (count != 2)
                    return reader.failed() ? damaged() : notPair();
                hasOffsets = true;
            } else if (!reader.skipValue()) {
                return damaged();
            }
            if (reader.failed())
                return damaged();
        }
        if (reader.failed())
            return damaged();

        // Tensors of one file nearly always share a dtype: look it up once.
        if (!lastDtype || lastDtype->safetensors != dtypeName) {
            auto found = dtypeFromSafetensors(dtypeName);
            if (!found)
                return invalid(QCoreApplication::translate("Bucket", "unknown dtype \"%1\"").arg(dtypeName));
            lastDtype = std::move(found).value();
        }
        const DType *dtype = &*lastDtype;
        if (!hasShape)
            return invalid(QCoreApplication::translate("Bucket", "\"shape\" is not a list"));
        if (!hasOffsets)
            return invalid(QCoreApplication::translate("Bucket", "\"data_offsets\" is not a pair of byte offsets"));
        const quint64 begin = offsets[0];
        const quint64 end = offsets[1];
        if (end < begin)
            return invalid(QCoreApplication::translate("Bucket", "its data ends before it begins"));
        auto tensor = makeTensor(name, shape, *dtype, path);
        if (!tensor)
            return invalid(tensor.error().message);
        if (tensor->bytes != end - begin) {
            return invalid(QCoreApplication::translate("Bucket", "%1 %2 needs %3 bytes but its data_offsets span %4")
                               .arg(formatShape(shape), dtype->safetensors)
                               .arg(tensor->bytes)
                               .arg(end - begin));
        }
        spans.append({begin, end, tensors.size()});
        tensors.append(std::move(tensor).value());
    }
    if (reader.failed())
        return damaged();
    if (!reader.atEnd()) {
        reader.fail(QCoreApplication::translate("Json", "text after the end"));
        return damaged();
    }

    // The data must be covered completely and without holes or overlaps (no polyglot files).
    std::sort(spans.begin(), spans.end(),
              [](const Span &a, const Span &b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
    quint64 expected = 0;
    header.tensors.reserve(tensors.size());
    for (const Span &span : spans) {
        if (span.begin != expected) {
            return headerError(path,
                               QCoreApplication::translate("Bucket",
                                                           "tensor \"%1\" starts at byte %2 of the "
                                                           "data, expected %3 (a hole or an overlap)")
                                   .arg(tensors.at(span.index).name)
                                   .arg(span.begin)
                                   .arg(expected));
        }
        expected = span.end;
        header.tensors.append(std::move(tensors[span.index]));
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
    const auto fileSize = static_cast<quint64>(file.size());
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
    const auto n = qFromLittleEndian<quint64>(head.constData());
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
