#include "modelinspector.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include "bucket/safetensors.h"
#include "common/jsonreader.h"

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

constexpr qint64 kMaxJsonFile = 64 * 1024 * 1024; // config.json and the index are small

std::optional<quint64> positive(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!(d >= 1) || d > 9007199254740992.0 || d != static_cast<double>(static_cast<quint64>(d)))
        return std::nullopt;
    return static_cast<quint64>(d);
}

Result<QByteArray> readSmallFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::runtime(QCoreApplication::translate("Bucket", "Cannot read %1: %2").arg(path, file.errorString()),
                              path);
    if (file.size() > kMaxJsonFile) {
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is %2 MiB, too large for a JSON description "
                                                        "file.")
                                .arg(path)
                                .arg(file.size() / (1024 * 1024)),
                            path);
    }
    return file.readAll();
}

bool isLmHead(const QString &name)
{
    return name == u"lm_head.weight" || name.endsWith(u".lm_head.weight") || name.endsWith(u"output_layer.weight");
}

bool isEmbedding(const QString &name)
{
    return name.endsWith(u"embed_tokens.weight") || name.endsWith(u"word_embeddings.weight")
        || name.endsWith(u"wte.weight");
}

} // namespace

Result<ModelConfig> parseModelConfig(QByteArrayView json, const QString &path)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return Error::input(QCoreApplication::translate("Bucket", "%1 is not valid JSON (%2 at byte %3).")
                                .arg(QFileInfo(path).fileName(), parseError.errorString())
                                .arg(parseError.offset),
                            path, parseError.offset);
    }
    const QJsonObject root = document.object();
    ModelConfig config;
    config.modelType = root.value(u"model_type").toString();
    config.torchDtype = root.value(u"torch_dtype").toString(root.value(u"dtype").toString());
    if (root.value(u"tie_word_embeddings").isBool())
        config.tieWordEmbeddings = root.value(u"tie_word_embeddings").toBool();

    // Vision-language models keep the language model's sizes in a nested object.
    QJsonObject sizes = root;
    if (!root.contains(u"vocab_size") || !root.contains(u"hidden_size")) {
        for (const QString &nested : {u"text_config"_s, u"llm_config"_s, u"language_config"_s}) {
            if (root.value(nested).isObject() && root.value(nested).toObject().contains(u"hidden_size")) {
                sizes = root.value(nested).toObject();
                config.sizesFrom = nested;
                break;
            }
        }
    }
    config.vocabSize = positive(sizes.value(u"vocab_size"));
    config.hiddenSize = positive(sizes.value(u"hidden_size"));
    config.intermediateSize = positive(sizes.value(u"intermediate_size"));
    config.numLayers = positive(sizes.value(u"num_hidden_layers"));
    config.numAttentionHeads = positive(sizes.value(u"num_attention_heads"));
    config.numKeyValueHeads = positive(sizes.value(u"num_key_value_heads"));
    config.headDim = positive(sizes.value(u"head_dim"));
    config.maxPositionEmbeddings = positive(sizes.value(u"max_position_embeddings"));
    for (const char16_t *name : {u"num_experts", u"num_local_experts", u"n_routed_experts"}) {
        if (!config.numExperts)
            config.numExperts = positive(sizes.value(QStringView(name)));
    }
    config.expertsPerToken = positive(sizes.value(u"num_experts_per_tok"));
    config.moeIntermediateSize = positive(sizes.value(u"moe_intermediate_size"));
    config.sharedExpertIntermediateSize = positive(sizes.value(u"shared_expert_intermediate_size"));
    config.kvLoraRank = positive(sizes.value(u"kv_lora_rank"));
    config.qkRopeHeadDim = positive(sizes.value(u"qk_rope_head_dim"));
    if (!config.tieWordEmbeddings && sizes.value(u"tie_word_embeddings").isBool())
        config.tieWordEmbeddings = sizes.value(u"tie_word_embeddings").toBool();
    if (config.torchDtype.isEmpty())
        config.torchDtype = sizes.value(u"torch_dtype").toString(sizes.value(u"dtype").toString());

    // The vision tower: read where one is declared, refused by name where a size is missing.
    if (root.value(u"vision_config").isObject()) {
        const QJsonObject v = root.value(u"vision_config").toObject();
        ModelConfig::Vision vision;
        const auto first = [&v](std::initializer_list<const char16_t *> names) -> std::optional<quint64> {
            for (const char16_t *name : names) {
                if (const auto value = positive(v.value(QStringView(name))))
                    return value;
            }
            return std::nullopt;
        };
        const auto depth = first({u"depth", u"num_hidden_layers"});
        const auto hidden = first({u"hidden_size", u"embed_dim"});
        const auto intermediate = first({u"intermediate_size"});
        if (!depth)
            config.unreadField = u"vision_config.depth"_s;
        else if (!hidden)
            config.unreadField = u"vision_config.hidden_size"_s;
        else if (!intermediate && !positive(v.value(u"mlp_ratio")))
            config.unreadField = u"vision_config.intermediate_size"_s;
        else {
            vision.depth = *depth;
            vision.hidden = *hidden;
            vision.intermediate
                = intermediate.value_or(*hidden * static_cast<quint64>(v.value(u"mlp_ratio").toDouble()));
            vision.outHidden = first({u"out_hidden_size"}).value_or(config.hiddenSize.value_or(*hidden));
            vision.patch = first({u"patch_size"}).value_or(14);
            vision.temporalPatch = first({u"temporal_patch_size"}).value_or(2);
            vision.merge = first({u"spatial_merge_size"}).value_or(2);
            vision.inChannels = first({u"in_channels", u"in_chans"}).value_or(3);
            vision.positions = first({u"num_position_embeddings"}).value_or(0);
            vision.deepstack = static_cast<quint64>(v.value(u"deepstack_visual_indexes").toArray().size());
            vision.gated = config.modelType.startsWith(u"qwen2_5_vl");
            config.vision = vision;
        }
    }

    // Hybrid attention: which layers attend fully, from layer_types or full_attention_interval.
    if (sizes.value(u"layer_types").isArray()) {
        quint64 full = 0;
        for (const QJsonValue &type : sizes.value(u"layer_types").toArray()) {
            const QString t = type.toString();
            if (t == u"full_attention" || t == u"sliding_attention" || t == u"attention")
                ++full;
            else if (t != u"linear_attention" && config.unreadField.isEmpty())
                config.unreadField = u"layer_types: "_s + t;
        }
        config.fullAttentionLayers = full;
    } else if (const auto interval = positive(sizes.value(u"full_attention_interval")); interval && config.numLayers) {
        config.fullAttentionLayers = *config.numLayers / *interval;
    }
    config.linearKeyHeads = positive(sizes.value(u"linear_num_key_heads"));
    config.linearValueHeads = positive(sizes.value(u"linear_num_value_heads"));
    config.linearKeyHeadDim = positive(sizes.value(u"linear_key_head_dim"));
    config.linearValueHeadDim = positive(sizes.value(u"linear_value_head_dim"));
    config.linearConvKernel = positive(sizes.value(u"linear_conv_kernel_dim"));
    if (config.fullAttentionLayers && config.numLayers && *config.fullAttentionLayers < *config.numLayers
        && config.unreadField.isEmpty()) {
        for (const auto &[field, value] : {std::pair{u"linear_num_key_heads", config.linearKeyHeads},
                                           std::pair{u"linear_num_value_heads", config.linearValueHeads},
                                           std::pair{u"linear_key_head_dim", config.linearKeyHeadDim},
                                           std::pair{u"linear_value_head_dim", config.linearValueHeadDim}}) {
            if (!value) {
                config.unreadField = QString::fromUtf16(field);
                break;
            }
        }
    }
    return config;
}

QList<Tensor> tensorsFromConfig(const ModelConfig &config, const DType &dtype)
{
    QList<Tensor> tensors;
    if (!config.vocabSize || !config.hiddenSize)
        return tensors;
    const quint64 vocab = *config.vocabSize;
    const quint64 hidden = *config.hiddenSize;
    const auto add = [&](const QString &name, Shape shape) {
        if (auto tensor = makeTensor(name, std::move(shape), dtype))
            tensors.append(*tensor);
    };
    add(u"model.embed_tokens.weight"_s, {vocab, hidden});
    if (!config.tieWordEmbeddings.value_or(false))
        add(u"lm_head.weight"_s, {vocab, hidden});
    if (config.intermediateSize) {
        add(u"model.layers.0.mlp.gate_proj.weight"_s, {*config.intermediateSize, hidden});
        add(u"model.layers.0.mlp.up_proj.weight"_s, {*config.intermediateSize, hidden});
        add(u"model.layers.0.mlp.down_proj.weight"_s, {hidden, *config.intermediateSize});
    }
    return tensors;
}

Result<ModelInspection> inspectModel(const QString &path, const std::atomic_bool *cancel)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::input(QCoreApplication::translate("Bucket", "%1 does not exist.").arg(path), path);

    ModelInspection result;
    QStringList shardFiles;
    QDir dir;
    if (info.isDir()) {
        dir = QDir(info.absoluteFilePath());
    } else if (info.fileName() == u"config.json") {
        dir = info.absoluteDir();
    } else if (info.suffix() == u"safetensors") {
        dir = info.absoluteDir();
        shardFiles << info.fileName();
    } else {
        return Error::input(QCoreApplication::translate("Bucket",
                                                        "%1 is neither a model folder, a .safetensors file "
                                                        "nor a config.json.")
                                .arg(path),
                            path);
    }
    result.folder = dir.absolutePath();

    // config.json: optional when safetensors are present.
    const QString configPath = dir.filePath(u"config.json"_s);
    if (QFileInfo::exists(configPath)) {
        const auto bytes = readSmallFile(configPath);
        if (!bytes)
            return bytes.error();
        result.bytesRead += static_cast<quint64>(bytes->size());
        const auto config = parseModelConfig(*bytes, configPath);
        if (!config)
            return config.error();
        result.config = *config;
    }

    // Which shards: the index when there is one (and every shard it names must exist), else all.
    const QString indexPath = dir.filePath(u"model.safetensors.index.json"_s);
    qsizetype indexedTensors = -1; // tensors the index lists, when there is one
    if (shardFiles.isEmpty() && QFileInfo::exists(indexPath)) {
        const auto bytes = readSmallFile(indexPath);
        if (!bytes)
            return bytes.error();
        result.bytesRead += static_cast<quint64>(bytes->size());
        // Read with the pull reader: an index of a large model maps thousands of tensors.
        JsonReader reader(*bytes);
        indexedTensors = 0;
        bool hasMap = false;
        QSet<QString> seen;
        QByteArrayView key;
        const auto damaged = [&](const QString &why) {
            return Error::input(
                QCoreApplication::translate("Bucket", "model.safetensors.index.json in %1 is damaged: %2.")
                    .arg(result.folder, why),
                indexPath);
        };
        if (!reader.beginObject())
            return damaged(reader.error());
        while (reader.nextMember(key)) {
            if (key != "weight_map") {
                if (!reader.skipValue())
                    return damaged(reader.error());
                continue;
            }
            if (reader.peek() != JsonReader::Type::Object)
                return damaged(QCoreApplication::translate("Bucket", "\"weight_map\" is not an object"));
            reader.beginObject();
            hasMap = true;
            // Shard names repeat for runs of tensors: decode a name only when it changes.
            QByteArrayView tensor;
            QByteArray lastShard;
            while (reader.nextMember(tensor)) {
                QByteArrayView raw;
                if (reader.peek() != JsonReader::Type::String || !reader.readString(raw))
                    return damaged(QCoreApplication::translate("Bucket", "a weight_map entry is not a file name"));
                ++indexedTensors;
                if (raw == lastShard)
                    continue;
                lastShard = raw.toByteArray();
                const QString shard = QString::fromUtf8(lastShard);
                if (shard.isEmpty() || shard.contains(u'/') || shard.contains(u'\\')) {
                    return Error::input(QCoreApplication::translate("Bucket",
                                                                    "model.safetensors.index.json names "
                                                                    "\"%1\", which is not a file in the "
                                                                    "folder.")
                                            .arg(shard),
                                        indexPath);
                }
                if (!seen.contains(shard)) {
                    seen.insert(shard);
                    shardFiles << shard;
                }
            }
        }
        if (reader.failed())
            return damaged(reader.error());
        if (!hasMap)
            return damaged(QCoreApplication::translate("Bucket", "it has no \"weight_map\" object"));
        std::sort(shardFiles.begin(), shardFiles.end());
        for (const QString &shard : shardFiles) {
            if (!QFileInfo::exists(dir.filePath(shard))) {
                return Error::input(QCoreApplication::translate("Bucket",
                                                                "%1 is listed in model.safetensors.index.json "
                                                                "but missing from %2.")
                                        .arg(shard, result.folder),
                                    dir.filePath(shard));
            }
        }
    } else if (shardFiles.isEmpty()) {
        shardFiles = dir.entryList({u"*.safetensors"_s}, QDir::Files, QDir::Name);
    }

    for (const QString &shard : shardFiles) {
        if (cancel && cancel->load()) {
            return Error::runtime(
                QCoreApplication::translate("Bucket", "Inspection of %1 was cancelled.").arg(result.folder));
        }
        auto header = readSafetensorsHeader(dir.filePath(shard));
        if (!header)
            return header.error();
        result.bytesRead += header->bytesRead;
        ++result.files;
        for (Tensor &tensor : header->tensors)
            result.tensors.append(std::move(tensor));
    }
    if (indexedTensors >= 0 && indexedTensors != result.tensors.size()) {
        result.notes << QCoreApplication::translate("Bucket",
                                                    "model.safetensors.index.json lists %1 tensors but the "
                                                    "shards hold %2; the index may be stale.")
                            .arg(indexedTensors)
                            .arg(result.tensors.size());
    }

    if (shardFiles.isEmpty()) {
        // No safetensors. Say why pickles are not read, then size from config.json if we can.
        const QStringList pickles
            = dir.entryList({u"*.bin"_s, u"*.pt"_s, u"*.pth"_s, u"*.ckpt"_s}, QDir::Files, QDir::Name);
        const QString pickleNote = pickles.isEmpty()
            ? QString()
            : QCoreApplication::translate("Bucket",
                                          "%1 holds PyTorch pickles (%2), which "
                                          "are not read here because loading a "
                                          "pickle can run code.")
                  .arg(result.folder, pickles.join(u", "));
        if (!result.config || !result.config->vocabSize || !result.config->hiddenSize) {
            QString message = QCoreApplication::translate("Bucket",
                                                          "%1 has no *.safetensors files and no config.json "
                                                          "with vocab_size and hidden_size, so there is "
                                                          "nothing to size.")
                                  .arg(result.folder);
            if (!pickleNote.isEmpty())
                message += u' ' + pickleNote;
            return Error::input(message, result.folder);
        }
        if (!pickleNote.isEmpty())
            result.notes << pickleNote;
        result.fromConfigOnly = true;
        const auto dtype = parseDType(result.config->torchDtype.isEmpty() ? u"bfloat16"_s : result.config->torchDtype,
                                      u"config.json"_s);
        result.tensors = tensorsFromConfig(*result.config, dtype ? *dtype : *parseDType(u"bfloat16"_s, {}));
        result.notes << QCoreApplication::translate("Bucket", "No safetensors files: sizes come from config.json.");
    }

    // Tied lm_head: the config says so, or the headers show no separate lm_head tensor.
    const bool hasLmHead
        = std::any_of(result.tensors.begin(), result.tensors.end(), [](const Tensor &t) { return isLmHead(t.name); });
    const bool hasEmbedding = std::any_of(result.tensors.begin(), result.tensors.end(),
                                          [](const Tensor &t) { return isEmbedding(t.name); });
    if (result.config && result.config->tieWordEmbeddings)
        result.lmHeadTied = *result.config->tieWordEmbeddings ? Tied::Yes : Tied::No;
    else if (hasLmHead)
        result.lmHeadTied = Tied::No;
    else if (hasEmbedding)
        result.lmHeadTied = Tied::Yes;

    sortBySizeDescending(result.tensors);
    return result;
}

} // namespace vna::bucket
