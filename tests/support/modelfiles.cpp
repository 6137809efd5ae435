#include "modelfiles.h"

#include <zlib.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace vna::test {

namespace {

int bitsOf(const QString &dtype)
{
    if (dtype == u"F64" || dtype == u"I64" || dtype == u"U64" || dtype == u"C64")
        return 64;
    if (dtype == u"F32" || dtype == u"I32" || dtype == u"U32")
        return 32;
    if (dtype == u"F16" || dtype == u"BF16" || dtype == u"I16" || dtype == u"U16")
        return 16;
    if (dtype == u"F6_E2M3" || dtype == u"F6_E3M2")
        return 6;
    if (dtype == u"F4")
        return 4;
    return 8;
}

} // namespace

QByteArray safetensorsHeader(const QList<TensorSpec> &tensors, quint64 *dataBytes)
{
    // Built by hand to keep the order of the tensors (QJsonObject sorts keys).
    QByteArray json = "{";
    quint64 offset = 0;
    for (qsizetype i = 0; i < tensors.size(); ++i) {
        const TensorSpec &t = tensors.at(i);
        quint64 elements = 1;
        QByteArray shape;
        for (const quint64 dim : t.shape) {
            elements *= dim;
            shape += (shape.isEmpty() ? "" : ",") + QByteArray::number(dim);
        }
        const quint64 bytes = elements * static_cast<quint64>(bitsOf(t.dtype)) / 8;
        json += (i ? "," : "") + QByteArray("\"") + t.name.toUtf8() + "\":{\"dtype\":\"" + t.dtype.toUtf8()
            + "\",\"shape\":[" + shape + "],\"data_offsets\":[" + QByteArray::number(offset) + ","
            + QByteArray::number(offset + bytes) + "]}";
        offset += bytes;
    }
    json += ",\"__metadata__\":{\"format\":\"pt\"}}";
    if (tensors.isEmpty())
        json = "{\"__metadata__\":{\"format\":\"pt\"}}";
    while (json.size() % 8 != 0)
        json += ' ';
    if (dataBytes)
        *dataBytes = offset;
    return json;
}

bool writeRawSafetensors(const QString &path, const QByteArray &header, quint64 dataBytes, quint64 declaredLength)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    char length[8];
    qToLittleEndian<quint64>(declaredLength, length);
    if (file.write(length, 8) != 8 || file.write(header) != header.size())
        return false;
    return file.resize(8 + header.size() + static_cast<qint64>(dataBytes));
}

bool writeSafetensors(const QString &path, const QList<TensorSpec> &tensors, bool fillData)
{
    quint64 dataBytes = 0;
    const QByteArray header = safetensorsHeader(tensors, &dataBytes);
    if (!writeRawSafetensors(path, header, dataBytes, static_cast<quint64>(header.size())))
        return false;
    if (fillData) {
        QFile file(path);
        if (!file.open(QIODevice::ReadWrite) || !file.seek(8 + header.size()))
            return false;
        const QByteArray block(64 * 1024, '\x5a');
        for (quint64 left = dataBytes; left > 0;) {
            const qint64 n = static_cast<qint64>(std::min<quint64>(left, static_cast<quint64>(block.size())));
            if (file.write(block.constData(), n) != n)
                return false;
            left -= static_cast<quint64>(n);
        }
    }
    return true;
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

bool writeJson(const QString &path, const QJsonObject &object)
{
    return writeFile(path, QJsonDocument(object).toJson());
}

quint64 writeShardedModel(
    const QString &dir, int shards, int layers, quint64 vocab, quint64 hidden, quint64 intermediate, bool tied)
{
    QDir().mkpath(dir);
    QList<QList<TensorSpec>> perShard(shards);
    const auto place = [&](int shard, const TensorSpec &spec) { perShard[shard % shards].append(spec); };
    place(0, {u"model.embed_tokens.weight"_s, u"BF16"_s, {vocab, hidden}});
    for (int layer = 0; layer < layers; ++layer) {
        const int shard = layer * shards / std::max(1, layers);
        const QString p = u"model.layers.%1."_s.arg(layer);
        const quint64 kv = hidden / 8;
        place(shard, {p + u"input_layernorm.weight"_s, u"BF16"_s, {hidden}});
        place(shard, {p + u"self_attn.q_proj.weight"_s, u"BF16"_s, {hidden, hidden}});
        place(shard, {p + u"self_attn.q_proj.bias"_s, u"BF16"_s, {hidden}});
        place(shard, {p + u"self_attn.k_proj.weight"_s, u"BF16"_s, {kv, hidden}});
        place(shard, {p + u"self_attn.k_proj.bias"_s, u"BF16"_s, {kv}});
        place(shard, {p + u"self_attn.v_proj.weight"_s, u"BF16"_s, {kv, hidden}});
        place(shard, {p + u"self_attn.v_proj.bias"_s, u"BF16"_s, {kv}});
        place(shard, {p + u"self_attn.o_proj.weight"_s, u"BF16"_s, {hidden, hidden}});
        place(shard, {p + u"post_attention_layernorm.weight"_s, u"BF16"_s, {hidden}});
        place(shard, {p + u"mlp.gate_proj.weight"_s, u"BF16"_s, {intermediate, hidden}});
        place(shard, {p + u"mlp.up_proj.weight"_s, u"BF16"_s, {intermediate, hidden}});
        place(shard, {p + u"mlp.down_proj.weight"_s, u"BF16"_s, {hidden, intermediate}});
    }
    place(shards - 1, {u"model.norm.weight"_s, u"BF16"_s, {hidden}});
    if (!tied)
        place(shards - 1, {u"lm_head.weight"_s, u"BF16"_s, {vocab, hidden}});

    QJsonObject weightMap;
    quint64 headerBytes = 0;
    for (int shard = 0; shard < shards; ++shard) {
        const QString name
            = u"model-%1-of-%2.safetensors"_s.arg(shard + 1, 5, 10, QChar(u'0')).arg(shards, 5, 10, QChar(u'0'));
        if (!writeSafetensors(dir + u'/' + name, perShard.at(shard)))
            return 0;
        headerBytes += 8 + static_cast<quint64>(safetensorsHeader(perShard.at(shard)).size());
        for (const TensorSpec &spec : perShard.at(shard))
            weightMap.insert(spec.name, name);
    }
    writeJson(dir + u"/model.safetensors.index.json"_s,
              QJsonObject{{u"metadata"_s, QJsonObject{{u"total_size"_s, 0}}}, {u"weight_map"_s, weightMap}});
    writeJson(dir + u"/config.json"_s,
              QJsonObject{{u"model_type"_s, u"qwen2"_s},
                          {u"vocab_size"_s, static_cast<qint64>(vocab)},
                          {u"hidden_size"_s, static_cast<qint64>(hidden)},
                          {u"intermediate_size"_s, static_cast<qint64>(intermediate)},
                          {u"num_hidden_layers"_s, layers},
                          {u"tie_word_embeddings"_s, tied},
                          {u"torch_dtype"_s, u"bfloat16"_s}});
    return headerBytes;
}

QByteArray gzip(const QByteArray &data)
{
    z_stream stream{};
    deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(static_cast<qsizetype>(deflateBound(&stream, static_cast<uLong>(data.size()))) + 64, '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = static_cast<uInt>(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    deflate(&stream, Z_FINISH);
    out.truncate(static_cast<qsizetype>(stream.total_out));
    deflateEnd(&stream);
    return out;
}

} // namespace vna::test
