// Reads a local model folder header-only: config.json, model.safetensors.index.json and the
// headers of the safetensors shards. Never loads weights and never unpickles anything.
#pragma once

#include <atomic>
#include <optional>

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include "bucket/tensor.h"
#include "common/result.h"

namespace vna::bucket {

struct ModelConfig
{
    std::optional<quint64> vocabSize;
    std::optional<quint64> hiddenSize;
    std::optional<quint64> intermediateSize;
    std::optional<quint64> numLayers;
    std::optional<bool> tieWordEmbeddings;
    // What the memory estimator needs beyond the largest tensors: attention shape, context, experts.
    std::optional<quint64> numAttentionHeads;
    std::optional<quint64> numKeyValueHeads; // absent: as many as the attention heads
    std::optional<quint64> headDim;          // absent: hidden_size / num_attention_heads
    std::optional<quint64> maxPositionEmbeddings;
    std::optional<quint64> numExperts; // num_experts, num_local_experts or n_routed_experts
    std::optional<quint64> expertsPerToken;
    std::optional<quint64> moeIntermediateSize;
    std::optional<quint64> kvLoraRank; // multi-head latent attention (DeepSeek): the cache holds the latent
    std::optional<quint64> qkRopeHeadDim;
    QString torchDtype;
    QString modelType;
    QString sizesFrom; // "" or the nested object the sizes came from ("text_config", …)
};

// Reads the fields that size the largest tensors, also from the nested text_config of VL models.
Result<ModelConfig> parseModelConfig(QByteArrayView json, const QString &path);

// The tensors a config implies: embedding, lm_head when untied, the largest MLP projections,
// all in `dtype`. Empty when vocab_size or hidden_size is unknown.
QList<Tensor> tensorsFromConfig(const ModelConfig &config, const DType &dtype);

enum class Tied { Yes, No, Unknown };

struct ModelInspection
{
    QString folder;
    std::optional<ModelConfig> config;
    QList<Tensor> tensors;       // from the safetensors headers, in their stored dtype
    bool fromConfigOnly = false; // no safetensors: `tensors` come from config.json
    int files = 0;               // safetensors files read
    quint64 bytesRead = 0;       // everything read from disk
    Tied lmHeadTied = Tied::Unknown;
    QStringList notes; // translated remarks (files skipped, mismatches)
};

// `path` is a model folder, a single .safetensors file or a config.json. `cancel` may be set from
// another thread; the inspection then stops with an error.
Result<ModelInspection> inspectModel(const QString &path, const std::atomic_bool *cancel = nullptr);

} // namespace vna::bucket
