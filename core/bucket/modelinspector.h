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
    std::optional<quint64> sharedExpertIntermediateSize; // Qwen2-MoE, Qwen3-Next: one expert every token uses
    std::optional<quint64> kvLoraRank; // multi-head latent attention (DeepSeek): the cache holds the latent
    std::optional<quint64> qkRopeHeadDim;
    QString torchDtype;
    QString modelType;
    QString sizesFrom; // "" or the nested object the sizes came from ("text_config", …)

    // A vision tower (vision_config of Qwen2-VL, Qwen2.5-VL, Qwen3-VL, Qwen3.5): its blocks and merger.
    struct Vision
    {
        quint64 depth = 0;
        quint64 hidden = 0;
        quint64 intermediate = 0;
        quint64 outHidden = 0; // the language model's width the merger projects to
        quint64 patch = 14;
        quint64 temporalPatch = 2;
        quint64 merge = 2; // spatial_merge_size
        quint64 inChannels = 3;
        quint64 positions = 0; // num_position_embeddings (Qwen3-VL); 0: none
        quint64 deepstack = 0; // extra mergers (deepstack_visual_indexes)
        bool gated = false;    // a SwiGLU MLP (Qwen2.5-VL) rather than a plain one
    };
    std::optional<Vision> vision;
    // Hybrid attention (Qwen3-Next, Qwen3.5): how many layers are full attention, the others Gated
    // DeltaNet with the linear_* shape below.
    std::optional<quint64> fullAttentionLayers;
    std::optional<quint64> linearKeyHeads;
    std::optional<quint64> linearValueHeads;
    std::optional<quint64> linearKeyHeadDim;
    std::optional<quint64> linearValueHeadDim;
    std::optional<quint64> linearConvKernel;
    // A field the sizes need that config.json lacks or gives in a form not read ("vision_config.depth",
    // "layer_types: mamba"): the memory estimate refuses with it rather than guess.
    QString unreadField;
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
