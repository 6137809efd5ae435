#include "architecture.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFileInfo>

#include "bucket/presets.h"
#include "bucket/tensor.h"
#include "common/editdistance.h"

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

// The model preset a mistyped name was most likely meant to be ("Qwen2,5-7B" → Qwen2.5-7B), or empty
// when none is within a quarter of the name's length (at least 2 edits).
QString nearestPreset(const QString &typed)
{
    QString best;
    int bestDistance = std::max(2, static_cast<int>(typed.size()) / 4) + 1;
    for (const bucket::Preset &preset : bucket::builtinPresets()) {
        if (!preset.config)
            continue;
        const int distance = editDistance(typed.toLower(), preset.id.toLower(), bestDistance);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = preset.id;
        }
    }
    return best;
}

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Memory)
};

} // namespace

quint64 Architecture::layerParams() const
{
    quint64 attention = 0;
    if (kvLoraRank > 0) {
        // Latent attention: q (through its own low rank, approximated as full), the latent down
        // projection, its up projection to keys and values, and the output.
        attention = hidden * heads * headDim + hidden * (kvLoraRank + ropeHeadDim)
            + kvLoraRank * heads * (headDim + headDim) + heads * headDim * hidden;
    } else {
        attention = hidden * heads * headDim + 2 * hidden * kvHeads * headDim + heads * headDim * hidden;
    }
    quint64 mlp = 3 * hidden * intermediate;
    if (experts > 0) {
        // Every routed expert is a SwiGLU of moe_intermediate_size, plus the router.
        mlp = experts * 3 * hidden * moeIntermediate + hidden * experts
            + (sharedIntermediate > 0 ? 3 * hidden * sharedIntermediate + hidden : 0);
    }
    return attention + mlp + 2 * hidden;
}

quint64 Architecture::embeddingParams() const
{
    return vocab * hidden * (tied ? 1 : 2);
}

quint64 Architecture::expertParams() const
{
    return experts > 0 ? layers * experts * 3 * hidden * moeIntermediate : 0;
}

quint64 Architecture::kvBytesPerToken(quint64 tp, quint64 dtypeBytes) const
{
    if (kvLoraRank > 0)
        return attentionLayers * (kvLoraRank + ropeHeadDim) * dtypeBytes;
    const quint64 perDevice = std::max<quint64>(1, (kvHeads + std::max<quint64>(tp, 1) - 1) / std::max<quint64>(tp, 1));
    return attentionLayers * 2 * perDevice * headDim * dtypeBytes;
}

quint64 Architecture::linearLayerParams() const
{
    if (attentionLayers >= layers)
        return 0;
    // Gated DeltaNet (transformers' modeling_qwen3_next): q, k, v and the gate z projected from the
    // hidden state, two per-head gates (a, b), a causal convolution over q, k and v, a norm, and the output.
    const quint64 kd = linearKeyHeads * linearKeyHeadDim;
    const quint64 vd = linearValueHeads * linearValueHeadDim;
    const quint64 attention = hidden * (2 * kd + 2 * vd + 2 * linearValueHeads) + linearConvKernel * (2 * kd + vd)
        + 2 * linearValueHeads + linearValueHeadDim + vd * hidden;
    quint64 mlp = 3 * hidden * intermediate;
    if (experts > 0)
        mlp = experts * 3 * hidden * moeIntermediate + hidden * experts
            + (sharedIntermediate > 0 ? 3 * hidden * sharedIntermediate + hidden : 0);
    return attention + mlp + 2 * hidden;
}

quint64 Architecture::linearStateBytesPerSequence(quint64 tp) const
{
    if (attentionLayers >= layers)
        return 0;
    const quint64 kd = linearKeyHeads * linearKeyHeadDim;
    const quint64 vd = linearValueHeads * linearValueHeadDim;
    const quint64 conv = (linearConvKernel > 0 ? linearConvKernel - 1 : 0) * (2 * kd + vd) * 2;
    const quint64 recurrent = linearValueHeads * linearKeyHeadDim * linearValueHeadDim * 4;
    return (layers - attentionLayers) * (conv + recurrent) / std::max<quint64>(tp, 1);
}

quint64 Architecture::activationElementsPerToken() const
{
    const quint64 q = heads * headDim;
    const quint64 kv = kvLoraRank > 0 ? heads * headDim : kvHeads * headDim;
    const quint64 mlpWidth = experts > 0 ? expertsPerToken * moeIntermediate : intermediate;
    // norm inputs (2), projection inputs (2), q, k, v, attention output, gate, up, activation, product.
    return 4 * hidden + 2 * q + 2 * kv + 4 * mlpWidth;
}

quint64 kvCacheTokens(const Architecture &model, quint64 tp, qint64 bytes)
{
    const quint64 perBlock = model.kvBytesPerToken(tp, 2) * kKvBlockTokens;
    if (bytes <= 0 || perBlock == 0)
        return 0;
    return static_cast<quint64>(bytes) / perBlock * kKvBlockTokens;
}

Result<Architecture> architectureFrom(const bucket::ModelConfig &config,
                                      const QString &name,
                                      const QString &source,
                                      std::optional<quint64> countedParams)
{
    const auto missing = [&](const char *field) {
        return Error::input(
            Text::tr("%1 gives no %2, so its memory cannot be sized.").arg(name, QString::fromLatin1(field)), name);
    };
    if (!config.vocabSize)
        return missing("vocab_size");
    if (!config.hiddenSize)
        return missing("hidden_size");
    if (!config.numLayers)
        return missing("num_hidden_layers");
    if (!config.numAttentionHeads)
        return missing("num_attention_heads");
    if (!config.intermediateSize && !config.moeIntermediateSize)
        return missing("intermediate_size");
    Architecture a;
    a.name = name;
    a.source = source;
    a.vocab = *config.vocabSize;
    a.hidden = *config.hiddenSize;
    a.intermediate = config.intermediateSize.value_or(0);
    a.layers = *config.numLayers;
    a.heads = *config.numAttentionHeads;
    a.kvHeads = config.numKeyValueHeads.value_or(a.heads);
    a.headDim = config.headDim.value_or(a.hidden / a.heads);
    a.maxPosition = config.maxPositionEmbeddings.value_or(0);
    a.tied = config.tieWordEmbeddings.value_or(false);
    if (config.numExperts && config.moeIntermediateSize) {
        a.experts = *config.numExperts;
        a.expertsPerToken = config.expertsPerToken.value_or(1);
        a.moeIntermediate = *config.moeIntermediateSize;
        a.sharedIntermediate = config.sharedExpertIntermediateSize.value_or(0);
    }
    a.kvLoraRank = config.kvLoraRank.value_or(0);
    a.ropeHeadDim = config.qkRopeHeadDim.value_or(0);
    if (a.headDim == 0 || a.kvHeads == 0)
        return missing("head_dim");
    if (!config.unreadField.isEmpty()) {
        return Error::input(Text::tr("%1: config.json's %2 is not one the memory estimate can read, so its memory "
                                     "is not estimated rather than guessed.")
                                .arg(name, config.unreadField),
                            name);
    }
    a.attentionLayers = config.fullAttentionLayers.value_or(a.layers);
    a.linearKeyHeads = config.linearKeyHeads.value_or(0);
    a.linearValueHeads = config.linearValueHeads.value_or(0);
    a.linearKeyHeadDim = config.linearKeyHeadDim.value_or(0);
    a.linearValueHeadDim = config.linearValueHeadDim.value_or(0);
    a.linearConvKernel = config.linearConvKernel.value_or(4);
    if (config.vision) {
        // transformers' Qwen2.5-VL / Qwen3-VL vision blocks: attention (qkv and proj, with biases), the MLP
        // (gated in Qwen2.5-VL), two norms; the patch embedding; the merger (and Qwen3-VL's deepstack ones).
        const auto &v = *config.vision;
        const quint64 d = v.hidden;
        const quint64 i = v.intermediate;
        const quint64 block = v.gated ? 4 * d * d + 3 * d * i + 2 * i + 7 * d : 4 * d * d + 2 * d * i + i + 9 * d;
        const quint64 merged = v.merge * v.merge * d;
        const quint64 merger = d + merged * merged + merged + merged * v.outHidden + v.outHidden;
        a.visionParams = v.depth * block + v.inChannels * v.temporalPatch * v.patch * v.patch * d + v.positions * d
            + (1 + v.deepstack) * merger;
    }
    const bool qkvBias = config.modelType.startsWith(u"qwen2");
    // Qwen2 has biases on q, k and v; Qwen3 normalises q and k per head instead.
    quint64 bias = qkvBias ? a.heads * a.headDim + 2 * a.kvHeads * a.headDim : 0;
    if (config.modelType.startsWith(u"qwen3"))
        bias += 2 * a.headDim;
    const quint64 linear = a.layers - std::min(a.attentionLayers, a.layers);
    a.params = a.embeddingParams() + a.attentionLayers * (a.layerParams() + bias) + linear * a.linearLayerParams()
        + a.hidden + a.visionParams;
    if (countedParams && *countedParams > 0) {
        a.params = *countedParams;
        a.paramsCounted = true;
    }
    return a;
}

Result<Architecture> architectureOf(const QString &presetOrPath)
{
    // A preset by id, or a Hugging Face name the presets know ("Qwen/Qwen2.5-7B-Instruct": the tuned
    // variants keep the base model's shape).
    const bool looksLikePath = presetOrPath.startsWith(u'/') || presetOrPath.startsWith(u'.')
        || presetOrPath.startsWith(u'~') || QFileInfo::exists(presetOrPath);
    QString name = presetOrPath.trimmed();
    const bucket::Preset *preset = bucket::findPreset(name);
    if (!preset && !looksLikePath) {
        name = name.section(u'/', -1);
        preset = bucket::findPreset(name);
        for (const char16_t *suffix : {u"-Instruct", u"-Base", u"-Chat"}) {
            if (!preset && name.endsWith(QStringView(suffix), Qt::CaseInsensitive))
                preset = bucket::findPreset(name.chopped(QStringView(suffix).size()));
        }
    }
    if (preset) {
        if (!preset->config) {
            return Error::input(
                Text::tr("The preset %1 is a row of the FAQ's bucket table and has no model shape; pick a "
                         "model preset (Qwen2.5-7B, …) or a model folder.")
                    .arg(preset->id),
                presetOrPath);
        }
        return architectureFrom(*preset->config, preset->id, preset->source);
    }
    if (!QFileInfo::exists(presetOrPath)) {
        QString message
            = Text::tr("%1 is neither a preset nor an existing model folder or config.json.").arg(presetOrPath);
        if (const QString near = nearestPreset(name); !near.isEmpty())
            message += u' ' + Text::tr("Did you mean %1?").arg(near);
        return Error::input(message, presetOrPath);
    }
    const auto inspection = bucket::inspectModel(presetOrPath);
    if (!inspection)
        return inspection.error();
    if (!inspection->config) {
        return Error::input(
            Text::tr("%1 has no config.json, which gives the attention shape the memory estimate needs.")
                .arg(inspection->folder),
            presetOrPath);
    }
    std::optional<quint64> counted;
    if (!inspection->fromConfigOnly && !inspection->tensors.isEmpty()) {
        quint64 sum = 0;
        for (const bucket::Tensor &tensor : inspection->tensors) {
            const auto elements = bucket::elementCount(tensor.shape);
            if (elements)
                sum += *elements;
        }
        counted = sum;
    }
    return architectureFrom(*inspection->config, inspection->folder,
                            counted ? Text::tr("%1 (parameters counted from %2 safetensors file(s))")
                                          .arg(inspection->folder)
                                          .arg(inspection->files)
                                    : inspection->folder + u"/config.json"_s,
                            counted);
}

} // namespace vna::memory
