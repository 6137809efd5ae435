// The sizes of a model that decide its memory: parameters (counted from the safetensors headers when a
// folder is given, else from config.json's shape), the decoder layer FSDP gathers at a time, the KV cache
// per token and the activations per token. Dense decoders (Llama, Qwen2/3, Mistral) and mixtures of
// experts (Qwen3-MoE, DeepSeek with latent attention) are sized from their config fields, with a vision
// tower (vision_config) and hybrid linear attention (Qwen3-Next, Qwen3.5) where config.json declares them;
// a field the sizes need and cannot be read is refused by name.
#pragma once

#include <optional>

#include <QString>

#include "bucket/modelinspector.h"
#include "common/result.h"

namespace vna::memory {

struct Architecture
{
    QString name;   // what the user picked: a preset id or a folder
    QString source; // where the sizes come from
    quint64 vocab = 0;
    quint64 hidden = 0;
    quint64 intermediate = 0;
    quint64 layers = 0;
    quint64 heads = 0;
    quint64 kvHeads = 0;
    quint64 headDim = 0;
    quint64 maxPosition = 0; // 0: not given
    bool tied = false;
    quint64 experts = 0; // 0: dense
    quint64 expertsPerToken = 0;
    quint64 moeIntermediate = 0;
    quint64 sharedIntermediate = 0; // a shared expert beside the routed ones (0: none)
    quint64 kvLoraRank = 0;         // latent attention: one latent of this size (+ the rope part) per token and layer
    quint64 ropeHeadDim = 0;
    quint64 params = 0;
    bool paramsCounted = false; // summed from the safetensors headers rather than computed
    quint64 visionParams = 0;   // the vision tower's share of params (computed from vision_config)
    // Hybrid attention: the layers that keep a KV cache; the others (Gated DeltaNet) keep a fixed
    // recurrent state per sequence instead. attentionLayers == layers for a plain decoder.
    quint64 attentionLayers = 0;
    quint64 linearKeyHeads = 0;
    quint64 linearValueHeads = 0;
    quint64 linearKeyHeadDim = 0;
    quint64 linearValueHeadDim = 0;
    quint64 linearConvKernel = 4;

    // One decoder layer's parameters: what FSDP gathers at a time and vLLM loads per layer.
    quint64 layerParams() const;
    // The input embedding (and the untied lm_head): the largest single units.
    quint64 embeddingParams() const;
    // Parameters an expert-parallel group splits (the routed experts); 0 for a dense model.
    quint64 expertParams() const;
    // KV cache bytes per token over all layers on one device at tensor parallelism `tp` (heads are split,
    // at least one per device; a latent cache is not split).
    quint64 kvBytesPerToken(quint64 tp, quint64 dtypeBytes) const;
    // A linear-attention layer's parameters (0 for a plain decoder).
    quint64 linearLayerParams() const;
    // The recurrent state one sequence keeps in the linear-attention layers on one device (bf16
    // convolution state, fp32 recurrent state), whatever its length.
    quint64 linearStateBytesPerSequence(quint64 tp) const;
    // Elements per token a decoder layer keeps for its backward pass (bf16, flash attention, SwiGLU):
    // the two norms' inputs, the projections' inputs, q/k/v and the attention output, the MLP's gate, up,
    // activation and product.
    quint64 activationElementsPerToken() const;
};

// The tokens a KV cache of `bytes` holds on one device, as vllm-ascend counts them: whole blocks of 128
// tokens over every layer (bf16 cache).
inline constexpr quint64 kKvBlockTokens = 128;
quint64 kvCacheTokens(const Architecture &model, quint64 tp, qint64 bytes);

// From a parsed config.json (a preset's or a folder's); `countedParams` from the safetensors headers
// overrides the computed count. Fails naming the missing field when the shape cannot be known.
Result<Architecture> architectureFrom(const bucket::ModelConfig &config,
                                      const QString &name,
                                      const QString &source,
                                      std::optional<quint64> countedParams = std::nullopt);

// A preset by id (see `bucket presets`), or a local folder / config.json, read header-only.
Result<Architecture> architectureOf(const QString &presetOrPath);

} // namespace vna::memory
