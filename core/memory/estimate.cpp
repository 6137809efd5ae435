#include "estimate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include "hydra/override.h"
#include "memory/report.h"

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Memory)
};

constexpr quint64 kGiB = quint64(1) << 30;
constexpr quint64 kMiB = quint64(1) << 20;

const QString kActor = u"actor_rollout_ref.actor."_s;
const QString kRollout = u"actor_rollout_ref.rollout."_s;
const QString kRef = u"actor_rollout_ref.ref."_s;
const QString kModel = u"actor_rollout_ref.model."_s;

quint64 bytesOfDtype(const QString &dtype)
{
    const QString d = dtype.toLower();
    if (d.contains(u"32"))
        return 4;
    if (d.contains(u"8"))
        return 1;
    return 2;
}

// The run as the arithmetic sees it, read once from the settings.
struct Run
{
    const Input &in;
    const Architecture &m;
    const RunSettings &s;
    MemoryFacts facts;
    QString backend;
    QString engine;
    quint64 devices = 1;
    quint64 shards = 1;     // FSDP group, or Megatron's TP × PP
    quint64 modelSplit = 1; // Megatron TP × PP
    quint64 perDevice = 0;  // the actor's parameters each device holds a share of
    quint64 rolloutEp = 1;
    quint64 dataParallel = 1;
    bool megatron = false;
    bool distributedOptimizer = true;
    bool paramOffload = false;
    bool optimizerOffload = false;
    bool refExists = false;
    bool refOffload = false;
    bool critic = false;
    bool criticParamOffload = false;
    bool criticOptimizerOffload = false;
    bool checkpointing = true;
    bool activationOffload = false;
    bool dynamicBsz = false;
    bool logProbDynamic = false;
    bool fused = false;
    bool entropyInUpdate = false;
    bool entropyChunked = false;
    bool freeCache = true;
    quint64 sp = 1;
    quint64 rolloutTp = 1;
    double gmu = 0.5;
    quint64 prompt = 0;
    quint64 response = 0;
    quint64 microBatch = 0;    // sequences per update micro-batch (0: dynamic)
    quint64 maxTokens = 0;     // ppo_max_token_len_per_gpu
    quint64 logProbMicro = 0;  // sequences per log-prob micro-batch
    quint64 logProbTokens = 0; // log_prob_max_token_len_per_gpu
    quint64 maxNumBatchedTokens = 8192;
    quint64 maxNumSeqs = 256;
    quint64 maxModelLen = 0;
    quint64 actorBytes = 4;
    quint64 refBytes = 2;
    quint64 bucketBytes = 0;
    int bucketBuffers = 1;
    // LoRA: the base frozen in the actor's dtype, an adapter of rank `loraRank` on `loraTargets`, and the
    // engine's LoRA slots.
    quint64 loraRank = 0;
    QStringList loraTargets;
    quint64 adapterParams = 0;
    quint64 engineLoraRank = 0;
    quint64 maxLoras = 1;
    QStringList assumptions;

    explicit Run(const Input &input)
        : in(input)
        , m(input.model)
        , s(input.settings)
        , facts(memoryFacts(input.settings.version))
    {
        read();
    }

    QString src(const QString &key) const { return s.get(key).origin; }

    void read()
    {
        backend = s.text(kActor + u"strategy"_s, u"fsdp"_s);
        megatron = backend == u"megatron";
        engine = s.text(kRollout + u"name"_s, u"vllm"_s);
        if (backend != u"fsdp" && backend != u"fsdp2" && backend != u"megatron") {
            assumptions << Text::tr("actor strategy %1 is estimated as FSDP: its sharding was not read from "
                                    "verl's code.")
                               .arg(backend);
        }
        devices = static_cast<quint64>(std::max(1.0, s.number(u"trainer.nnodes"_s, 1)))
            * static_cast<quint64>(std::max(1.0, s.number(u"trainer.n_gpus_per_node"_s, 8)));
        if (megatron) {
            const QString mg = kActor + u"megatron."_s;
            const auto tp = static_cast<quint64>(std::max(1.0, s.number(mg + u"tensor_model_parallel_size"_s, 1)));
            const auto pp = static_cast<quint64>(std::max(1.0, s.number(mg + u"pipeline_model_parallel_size"_s, 1)));
            const auto cp = static_cast<quint64>(std::max(1.0, s.number(mg + u"context_parallel_size"_s, 1)));
            modelSplit = tp * pp;
            dataParallel = std::max<quint64>(1, devices / (tp * pp * cp));
            sp = tp * cp; // sequence parallelism splits the activations over the tensor-parallel group
            distributedOptimizer = s.flag(mg + u"use_distributed_optimizer"_s, true);
            paramOffload = s.flag(mg + u"param_offload"_s, false);
            optimizerOffload = s.flag(mg + u"optimizer_offload"_s, false);
            shards = modelSplit;
            // Routed experts are split over expert parallelism (and its tensor parallelism) instead.
            const auto ep = static_cast<quint64>(std::max(1.0, s.number(mg + u"expert_model_parallel_size"_s, 1)));
            const auto etp = static_cast<quint64>(
                std::max(1.0, s.number(mg + u"expert_tensor_parallel_size"_s, static_cast<double>(tp))));
            const quint64 experts = std::min(m.expertParams(), m.params);
            perDevice = (m.params - experts) / (tp * pp) + experts / (ep * etp * pp);
            actorBytes = 2;
            refOffload = s.flag(kRef + u"megatron.param_offload"_s, false);
        } else {
            const QString fc = kActor + u"fsdp_config."_s;
            const double fsdpSize = s.number(fc + u"fsdp_size"_s, -1);
            shards = fsdpSize > 0 ? std::min<quint64>(devices, static_cast<quint64>(fsdpSize)) : devices;
            paramOffload = s.flag(fc + u"param_offload"_s, false);
            optimizerOffload = s.flag(fc + u"optimizer_offload"_s, false);
            sp = static_cast<quint64>(std::max(1.0, s.number(kActor + u"ulysses_sequence_parallel_size"_s, 1)));
            const QString dtype = s.text(fc + u"model_dtype"_s, facts.actorDtype.value);
            actorBytes = bytesOfDtype(dtype.isEmpty() ? u"fp32"_s : dtype);
            refOffload = s.flag(kRef + u"fsdp_config.param_offload"_s, false);
            perDevice = m.params / shards;
        }
        rolloutEp = static_cast<quint64>(std::max(1.0, s.number(kRollout + u"expert_parallel_size"_s, 1)));
        // The FSDP reference model lives in host memory (verl wraps it in CPUOffload); Megatron's stays.
        if (!megatron && facts.refOffloaded.value == u"cpu")
            refOffload = true;
        refBytes = 2;
        refExists = s.flag(kActor + u"use_kl_loss"_s, false) || s.flag(u"algorithm.use_kl_in_reward"_s, false);
        readLora();
        critic = s.text(u"algorithm.adv_estimator"_s) == u"gae";
        // The critic's engine config moved from critic.model.fsdp_config to critic.fsdp in 0.8.
        const QString criticFsdp
            = s.has(u"critic.fsdp.param_offload"_s) ? u"critic.fsdp."_s : u"critic.model.fsdp_config."_s;
        criticParamOffload = s.flag(criticFsdp + u"param_offload"_s, false);
        criticOptimizerOffload = s.flag(criticFsdp + u"optimizer_offload"_s, false);
        checkpointing = s.flag(kModel + u"enable_gradient_checkpointing"_s, true);
        activationOffload = s.flag(kModel + u"enable_activation_offload"_s, false);
        fused = s.flag(kModel + u"use_fused_kernels"_s, false);
        dynamicBsz = s.flag(kActor + u"use_dynamic_bsz"_s, false);
        logProbDynamic = s.flag(kRollout + u"log_prob_use_dynamic_bsz"_s, dynamicBsz);
        entropyInUpdate
            = s.number(kActor + u"entropy_coeff"_s, 0) != 0 || s.flag(kActor + u"calculate_entropy"_s, false);
        entropyChunked = s.flag(kActor + u"entropy_from_logits_with_chunking"_s, false);
        freeCache = s.flag(kRollout + u"free_cache_engine"_s, true);
        rolloutTp = static_cast<quint64>(std::max(1.0, s.number(kRollout + u"tensor_model_parallel_size"_s, 1)));
        gmu = s.number(kRollout + u"gpu_memory_utilization"_s, 0.5);
        prompt = static_cast<quint64>(std::max(0.0, s.number(u"data.max_prompt_length"_s, 512)));
        response = static_cast<quint64>(std::max(0.0, s.number(u"data.max_response_length"_s, 512)));
        microBatch = static_cast<quint64>(std::max(0.0, s.number(kActor + u"ppo_micro_batch_size_per_gpu"_s, 0)));
        maxTokens = static_cast<quint64>(std::max(0.0, s.number(kActor + u"ppo_max_token_len_per_gpu"_s, 16384)));
        logProbMicro
            = static_cast<quint64>(std::max(0.0, s.number(kRollout + u"log_prob_micro_batch_size_per_gpu"_s, 0)));
        logProbTokens = static_cast<quint64>(
            std::max(0.0, s.number(kRollout + u"log_prob_max_token_len_per_gpu"_s, static_cast<double>(maxTokens))));
        maxNumBatchedTokens
            = static_cast<quint64>(std::max(1.0, s.number(kRollout + u"max_num_batched_tokens"_s, 8192)));
        maxNumSeqs = static_cast<quint64>(std::max(1.0, s.number(kRollout + u"max_num_seqs"_s, 1024)));
        maxModelLen = static_cast<quint64>(std::max(0.0, s.number(kRollout + u"max_model_len"_s, 0)));
        if (maxModelLen == 0) {
            maxModelLen = facts.maxModelLen.value == u"max-position-embeddings" && m.maxPosition > 0
                ? m.maxPosition
                : prompt + response;
        }
        if (!dynamicBsz && microBatch == 0) {
            microBatch = 1;
            assumptions << Text::tr("actor.ppo_micro_batch_size_per_gpu is not set (and use_dynamic_bsz is off): verl "
                                    "asks for one; 1 is assumed.");
        }
        if (!logProbDynamic && logProbMicro == 0) {
            logProbMicro = microBatch == 0 ? 1 : microBatch;
            assumptions
                << Text::tr("rollout.log_prob_micro_batch_size_per_gpu is not set: %1 is assumed.").arg(logProbMicro);
        }
        const verl::BucketFacts &bucket = facts.bucket;
        // The bucket is a device buffer only where a path uses it (the IPC path from 0.7.1, or SGLang).
        if (!bucket.configKey.isEmpty() && (bucket.assertionExists() || engine == u"sglang")) {
            bucketBytes = static_cast<quint64>(std::max(1.0, s.number(bucket.configKey, bucket.defaultMiB))) * kMiB;
            const QString engineName = s.text(kRollout + u"checkpoint_engine.backend"_s, u"naive"_s);
            bucketBuffers = verl::bucketBuffers(engineName == u"hccl"       ? verl::Engine::Hccl
                                                    : engineName == u"nccl" ? verl::Engine::Nccl
                                                                            : verl::Engine::Naive);
        }
    }

    // The linear layers of one decoder layer as (name, in, out): what PEFT's target_modules name.
    QList<std::tuple<QString, quint64, quint64>> linears() const
    {
        const quint64 q = m.heads * m.headDim;
        const quint64 kv = m.kvHeads * m.headDim;
        const quint64 mlp = m.experts > 0 ? m.moeIntermediate : m.intermediate;
        return {{u"q_proj"_s, m.hidden, q},     {u"k_proj"_s, m.hidden, kv},     {u"v_proj"_s, m.hidden, kv},
                {u"o_proj"_s, q, m.hidden},     {u"gate_proj"_s, m.hidden, mlp}, {u"up_proj"_s, m.hidden, mlp},
                {u"down_proj"_s, mlp, m.hidden}};
    }

    void readLora()
    {
        loraRank = static_cast<quint64>(std::max(0.0, s.number(kModel + u"lora_rank"_s, 0)));
        if (loraRank == 0)
            return;
        // target_modules: "all-linear" (verl's default), a list, or one name.
        const QJsonValue targets = s.get(kModel + u"target_modules"_s).value;
        if (targets.isArray()) {
            for (const QJsonValue &t : targets.toArray())
                loraTargets << t.toString();
        } else {
            QString text = targets.toString(u"all-linear"_s).trimmed();
            if (text.startsWith(u'[') && text.endsWith(u']'))
                text = text.mid(1, text.size() - 2);
            for (const QString &t : text.split(u',', Qt::SkipEmptyParts)) {
                QString name = t.trimmed();
                loraTargets << name.remove(u'\'').remove(u'"');
            }
        }
        const bool all = loraTargets.contains(u"all-linear"_s);
        quint64 perLayer = 0;
        for (const auto &[name, inputs, outputs] : linears()) {
            if (all || loraTargets.contains(name)) {
                // An expert's projections each carry their own adapter (PEFT wraps every Linear it matches).
                const bool expert
                    = m.experts > 0 && (name == u"gate_proj" || name == u"up_proj" || name == u"down_proj");
                perLayer += loraRank * (inputs + outputs) * (expert ? m.experts : 1);
            }
        }
        adapterParams = m.layers * perLayer;
        if (adapterParams == 0) {
            assumptions << Text::tr("lora_rank is %1 but target_modules (%2) names no q/k/v/o/gate/up/down projection: "
                                    "no adapter is counted.")
                               .arg(loraRank)
                               .arg(loraTargets.join(u", "_s));
        }
        // The reference is the actor with its adapter turned off: no model of its own.
        if (facts.loraRefInActor.value == u"yes")
            refExists = false;
        // The engine's slots: max_loras of max_lora_rank, the rank itself or rounded up to one vLLM allows.
        maxLoras = static_cast<quint64>(std::max(1, facts.loraMaxLoras.value.toInt()));
        engineLoraRank = loraRank;
        if (facts.loraVllmRank.value.startsWith(u"rounded"_s)) {
            QList<quint64> allowed{8, 16, 32, 64, 128, 256, 320, 512};
            if (facts.loraVllmRank.value == u"rounded-from-1")
                allowed.prepend(1);
            for (const quint64 rank : allowed) {
                if (rank >= loraRank) {
                    engineLoraRank = rank;
                    break;
                }
            }
        }
        if (m.experts > 0)
            assumptions << Text::tr("the engine's LoRA slots are counted for the attention and dense layers; the "
                                    "experts' are not.");
    }
    // What the engine sets aside for LoRA: for every linear layer vLLM wraps (all of them), A and B of
    // max_lora_rank for each of max_loras slots, split by tensor parallelism on the side the layer is.
    quint64 engineLoraBytes() const
    {
        if (loraRank == 0)
            return 0;
        quint64 perLayer = 0;
        for (const auto &[name, inputs, outputs] : linears()) {
            const bool rowParallel = name == u"o_proj" || name == u"down_proj";
            perLayer += rowParallel ? inputs / rolloutTp + outputs : inputs + outputs / rolloutTp;
        }
        return maxLoras * engineLoraRank * perLayer * m.layers * 2;
    }

    quint64 seqLen() const { return prompt + response; }
    quint64 updateTokens() const
    {
        if (dynamicBsz)
            return maxTokens;
        return std::max<quint64>(1, microBatch * seqLen() / sp);
    }
    quint64 logProbTokensPerDevice() const
    {
        if (logProbDynamic)
            return logProbTokens;
        return std::max<quint64>(1, logProbMicro * seqLen() / sp);
    }
    quint64 hbm() const { return in.npu.hbmBytes; }
    // How many ways the actor's parameters are split, as the texts show it ("8", or "12.4" with experts).
    QString split() const
    {
        const double ways = static_cast<double>(m.params) / static_cast<double>(std::max<quint64>(1, perDevice));
        return std::abs(ways - std::round(ways)) < 0.05 ? QString::number(std::llround(ways))
                                                        : QLocale().toString(ways, 'f', 1);
    }

    // ----- parts -----
    Amount actorParams() const
    {
        if (loraRank > 0) {
            return {Part::Params, (perDevice + adapterParams / std::max<quint64>(1, shards)) * actorBytes,
                    Text::tr("actor parameters: the frozen base, %1 × %2 bytes ÷ %3 shards, and the LoRA adapter "
                             "of rank %4 (%5 parameters)")
                        .arg(QLocale().toString(m.params))
                        .arg(actorBytes)
                        .arg(split())
                        .arg(loraRank)
                        .arg(QLocale().toString(adapterParams)),
                    src(kModel + u"lora_rank"_s)};
        }
        return {Part::Params, perDevice * actorBytes,
                Text::tr("actor parameters: %1 × %2 bytes ÷ %3 shards")
                    .arg(QLocale().toString(m.params))
                    .arg(actorBytes)
                    .arg(split()),
                megatron ? src(kActor + u"megatron.tensor_model_parallel_size"_s) : facts.actorDtype.source};
    }
    // LoRA trains the adapter alone: its gradients and AdamW moments, split like the parameters.
    quint64 trainedPerDevice() const { return loraRank > 0 ? adapterParams / std::max<quint64>(1, shards) : perDevice; }
    QString trainedCount() const
    {
        return loraRank > 0 ? Text::tr("%1 adapter parameters").arg(QLocale().toString(adapterParams))
                            : QLocale().toString(m.params);
    }
    Amount grads() const
    {
        if (loraRank > 0) {
            return {Part::Gradients, trainedPerDevice() * actorBytes,
                    Text::tr("gradients: %1 × %2 bytes ÷ %3 shards").arg(trainedCount()).arg(actorBytes).arg(shards),
                    src(kModel + u"lora_rank"_s)};
        }
        const quint64 per = megatron ? 4 : actorBytes;
        return {
            Part::Gradients, perDevice * per,
            Text::tr("gradients: %1 × %2 bytes ÷ %3 shards").arg(QLocale().toString(m.params)).arg(per).arg(split()),
            facts.gradsFreed.source};
    }
    Amount optimizer() const
    {
        // AdamW: two fp32 moments; Megatron keeps fp32 main parameters too, split over data parallelism
        // by the distributed optimizer.
        const quint64 per = megatron ? 12 : 8;
        const quint64 dp = megatron && distributedOptimizer ? dataParallel : 1;
        if (loraRank > 0) {
            return {Part::Optimizer, trainedPerDevice() * 8,
                    Text::tr("optimizer states (AdamW): %1 × 8 bytes ÷ %2 shards").arg(trainedCount()).arg(shards),
                    src(kModel + u"lora_rank"_s)};
        }
        return {Part::Optimizer, perDevice * per / dp,
                Text::tr("optimizer states (AdamW): %1 × %2 bytes ÷ %3")
                    .arg(QLocale().toString(m.params))
                    .arg(per)
                    .arg(dp > 1 ? split() + u" × "_s + QString::number(dp) : split()),
                facts.optimizerResident.source};
    }
    Amount reference() const
    {
        return {Part::Reference, perDevice * refBytes,
                Text::tr("reference model: %1 × %2 bytes ÷ %3 shards")
                    .arg(QLocale().toString(m.params))
                    .arg(refBytes)
                    .arg(split()),
                refOffload ? facts.refOffloaded.source : facts.refWhen.source};
    }
    Amount criticState() const
    {
        const quint64 per = (criticParamOffload ? 0 : 4) + (criticOptimizerOffload ? 0 : 8);
        return {Part::Critic, m.params * per / shards,
                Text::tr("critic (GAE): parameters and optimizer states, %1 bytes per parameter ÷ %2 shards")
                    .arg(per)
                    .arg(shards),
                src(u"algorithm.adv_estimator"_s)};
    }
    Amount gathered() const
    {
        // FSDP holds the unit it computes and prefetches the next, in bf16; the largest units are the
        // embedding and lm_head.
        const quint64 unit = std::max(m.layerParams(), m.vocab * m.hidden);
        const quint64 bytes = megatron ? 0 : 2 * unit * 2;
        return {Part::Gathered, bytes, Text::tr("gathered FSDP units: the largest unit and the next, in bf16"),
                facts.actorDtype.source};
    }
    Amount activations(quint64 tokens, bool withGrad) const
    {
        const quint64 perLayer = m.activationElementsPerToken() * 2 / (megatron ? sp : 1);
        quint64 bytes = 0;
        QString what;
        if (!withGrad) {
            bytes = tokens * perLayer;
            what = Text::tr("activations without gradients: one layer at a time, %1 tokens").arg(tokens);
        } else if (checkpointing || activationOffload) {
            const quint64 kept = activationOffload ? 0 : m.layers * tokens * m.hidden * 2;
            bytes = kept + tokens * perLayer;
            what = activationOffload
                ? Text::tr("activations, offloaded: one layer's recomputation, %1 tokens").arg(tokens)
                : Text::tr("activations with gradient checkpointing: each layer's input and one layer "
                           "recomputed, %1 tokens")
                      .arg(tokens);
        } else {
            bytes = m.layers * tokens * perLayer;
            what = Text::tr("activations of every layer (no gradient checkpointing), %1 tokens").arg(tokens);
        }
        return {Part::Activations, bytes, what, src(kModel + u"enable_gradient_checkpointing"_s)};
    }
    Amount logits(quint64 tokens, bool withGrad, bool entropy, bool chunked) const
    {
        if (fused) {
            return {Part::Logits, tokens * m.hidden * 4,
                    Text::tr("fused kernels: log-probabilities from the hidden states, no vocabulary-wide logits"),
                    src(kModel + u"use_fused_kernels"_s)};
        }
        const quint64 vocabBytes = tokens * m.vocab * 2;
        quint64 bytes = vocabBytes; // bf16 logits
        QString what = Text::tr("logits: %1 tokens × %2 vocabulary × 2 bytes").arg(tokens).arg(m.vocab);
        if (entropy) {
            const quint64 rows = chunked ? std::min<quint64>(tokens, 2048) : tokens;
            bytes += 2 * rows * m.vocab * 2; // softmax and its product with the logits, in the logits' bf16
            what += chunked ? Text::tr(", entropy in chunks of 2048 tokens")
                            : Text::tr(", entropy over the whole vocabulary");
        }
        if (withGrad) {
            bytes += vocabBytes; // their gradient
            what += Text::tr(", and their gradient");
        }
        return {Part::Logits, bytes, what, facts.logProbEntropy.source};
    }
    Amount engineWeights() const
    {
        // Routed experts are split over the engine's expert parallelism when it has one, else over TP.
        const quint64 experts = std::min(m.expertParams(), m.params);
        return {Part::EngineWeights,
                (m.params - experts) * 2 / rolloutTp + experts * 2 / std::max(rolloutTp, rolloutEp),
                Text::tr("rollout engine weights: %1 × 2 bytes ÷ tensor parallel %2")
                    .arg(QLocale().toString(m.params))
                    .arg(rolloutTp),
                src(kRollout + u"tensor_model_parallel_size"_s)};
    }
    quint64 engineGrant() const { return static_cast<quint64>(gmu * static_cast<double>(hbm())); }
    // vLLM's profile run: a batch of max_num_batched_tokens through the model, and the sampler's logits.
    quint64 engineWorkspace() const
    {
        const quint64 perToken = (m.activationElementsPerToken() / std::max<quint64>(1, rolloutTp)) * 2;
        return maxNumBatchedTokens * perToken + std::min<quint64>(maxNumSeqs, maxNumBatchedTokens) * m.vocab * 4;
    }
    Amount bucket() const
    {
        return {Part::Bucket, bucketBytes * static_cast<quint64>(bucketBuffers),
                Text::tr("weight-transfer bucket: %1 buffer(s) of %2 MiB").arg(bucketBuffers).arg(bucketBytes / kMiB),
                facts.bucket.keySource};
    }

    // What the training side keeps on the device between its own passes.
    QList<Amount> resident(bool optimizerExists) const
    {
        QList<Amount> parts;
        if (!paramOffload)
            parts << actorParams();
        if (optimizerExists && !optimizerOffload)
            parts << optimizer();
        if (refExists && !refOffload)
            parts << reference();
        if (critic)
            parts << criticState();
        return parts;
    }
};

PhaseEstimate finish(Phase phase, QList<Amount> parts, quint64 hbm, quint64 margin, QString failure)
{
    PhaseEstimate p;
    p.phase = phase;
    parts.erase(std::remove_if(parts.begin(), parts.end(), [](const Amount &a) { return a.bytes == 0; }), parts.end());
    p.parts = std::move(parts);
    for (const Amount &a : p.parts)
        p.peak += a.bytes;
    p.fit = p.peak > hbm ? Fit::DoesNotFit : p.peak + margin > hbm ? Fit::Tight : Fit::Fits;
    p.failure = std::move(failure);
    return p;
}

Estimate compute(const Input &input)
{
    const Run r(input);
    Estimate e;
    e.input = input;
    e.facts = r.facts;
    e.backend = r.backend;
    e.engine = r.engine;
    e.devices = r.devices;
    e.shards = r.shards;
    e.tokensUpdate = r.updateTokens();
    e.tokensLogProb = r.logProbTokensPerDevice();
    e.assumptions = r.assumptions;
    const quint64 hbm = r.hbm();
    const quint64 margin = input.marginBytes;

    // The engine: what gpu_memory_utilization grants, less its weights and its profile run, is KV cache.
    // vllm-ascend's release decides whether the training side's memory is counted against it too.
    const QString sizing = r.facts.kvSizing.value;
    e.engineBytes = r.engineGrant();
    const Amount weights = r.engineWeights();
    const quint64 workspace = r.engineWorkspace();
    const QList<Amount> atStart = r.resident(false);
    quint64 startResident = 0;
    for (const Amount &a : atStart)
        startResident += a.bytes;
    const quint64 loraSlots = r.engine == u"vllm" ? r.engineLoraBytes() : 0;
    if (r.loraRank > 0 && r.engine != u"vllm")
        e.assumptions << Text::tr("%1's LoRA buffers are not counted: only vLLM's are known.").arg(r.engine);
    e.kvBytes = static_cast<qint64>(e.engineBytes) - static_cast<qint64>(weights.bytes) - static_cast<qint64>(workspace)
        - static_cast<qint64>(loraSlots);
    if (sizing == u"device-wide")
        e.kvBytes -= static_cast<qint64>(startResident);
    // vllm-ascend counts whole blocks of 128 tokens (its platform forces 128 with prefix caching or chunked
    // prefill, which verl turns on).
    e.kvTokens = kvCacheTokens(r.m, r.rolloutTp, e.kvBytes);
    e.sequenceTokens = r.maxModelLen;

    const auto engineParts = [&](bool kv) {
        QList<Amount> parts{weights};
        parts << Amount{Part::Engine, workspace,
                        Text::tr("engine workspace: its profile run of %1 tokens and the logits of %2 sequences")
                            .arg(r.maxNumBatchedTokens)
                            .arg(std::min(r.maxNumSeqs, r.maxNumBatchedTokens)),
                        r.src(kRollout + u"max_num_batched_tokens"_s)};
        if (loraSlots > 0) {
            parts << Amount{Part::Engine, loraSlots,
                            Text::tr("engine LoRA slots: %1 × rank %2 for every linear layer, ÷ tensor parallel %3")
                                .arg(r.maxLoras)
                                .arg(r.engineLoraRank)
                                .arg(r.rolloutTp),
                            r.facts.loraVllmRank.source};
        }
        if (kv && e.kvBytes > 0) {
            parts << Amount{
                Part::KvCache, static_cast<quint64>(e.kvBytes),
                (sizing == u"device-wide"
                     ? Text::tr("KV cache: gpu_memory_utilization %1 × device memory, less the weights, the "
                                "workspace and what the training side holds (vllm-ascend %2 counts the whole "
                                "device): %3 tokens")
                     : Text::tr("KV cache: gpu_memory_utilization %1 × device memory, less the weights and the "
                                "workspace (vllm-ascend %2): %3 tokens"))
                    .arg(r.gmu)
                    .arg(r.facts.vllmAscend.value)
                    .arg(e.kvTokens),
                r.facts.kvSizing.source};
        }
        return parts;
    };

    // 1. The engine starts beside what the training side already holds (no optimizer states yet).
    {
        QList<Amount> parts = atStart;
        parts << engineParts(true);
        QString failure;
        bool refused = false;
        if (e.kvBytes <= 0) {
            refused = true;
            failure = Text::tr("vLLM finds no memory for the KV cache (\"No available memory for the cache blocks\"): "
                               "gpu_memory_utilization grants %1, the weights and workspace%2 take %3.")
                          .arg(gib(static_cast<qint64>(e.engineBytes)),
                               sizing == u"device-wide" ? Text::tr(" and the training side") : QString(),
                               gib(static_cast<qint64>(e.engineBytes) - e.kvBytes));
        } else if (e.kvTokens < e.sequenceTokens) {
            refused = true;
            failure
                = Text::tr("the KV cache holds %1 tokens, fewer than one sequence of max_model_len %2: vLLM refuses to "
                           "start (\"To serve at least one request with the models's max seq len …\"); set "
                           "rollout.max_model_len to prompt + response or give the engine more memory.")
                      .arg(e.kvTokens)
                      .arg(e.sequenceTokens);
        } else if (sizing == u"start-check" && startResident + e.engineBytes > r.hbm()) {
            refused = true;
            failure = Text::tr(
                          "vLLM refuses to start: \"Free memory on device … on startup is less than desired GPU memory "
                          "utilization\", because the training side holds %1 of the device.")
                          .arg(gib(static_cast<qint64>(startResident)));
        } else {
            failure = Text::tr("NPU out of memory while the engine allocates its KV cache.");
        }
        PhaseEstimate p = finish(Phase::EngineStart, parts, hbm, margin, failure);
        if (refused)
            p.fit = Fit::DoesNotFit;
        e.phases << p;
    }
    // 2. Rollout after the first update: the optimizer states now exist beside the woken engine.
    e.phases << finish(
        Phase::Rollout, r.resident(true) + engineParts(true), hbm, margin,
        Text::tr("out of memory when the KV cache is allocated again after the weight update (wake_up)."));

    // What the sleeping engine leaves: nothing counted with free_cache_engine (its remainder is in the margin),
    // everything without it.
    const QList<Amount> asleep = r.freeCache ? QList<Amount>{} : engineParts(true);

    // 3. Log-probs: old policy (and the reference), forward only.
    {
        QList<Amount> parts = r.resident(true);
        if (r.paramOffload)
            parts << r.actorParams(); // loaded for the pass
        parts << r.gathered() << r.activations(e.tokensLogProb, false)
              << r.logits(e.tokensLogProb, false, r.facts.logProbEntropy.value == u"yes", r.entropyChunked);
        e.phases << finish(Phase::LogProb, parts + asleep, hbm, margin,
                           Text::tr("NPU out of memory in compute_log_prob (old or reference log-probs)."));
    }
    // 4. The actor's update.
    {
        QList<Amount> parts = r.resident(true);
        if (r.paramOffload)
            parts << r.actorParams();
        if (r.optimizerOffload)
            parts << r.optimizer(); // loaded for the step
        parts << r.grads() << r.gathered() << r.activations(e.tokensUpdate, true)
              << r.logits(e.tokensUpdate, true, r.entropyInUpdate, r.entropyChunked);
        e.phases << finish(Phase::Update, parts + asleep, hbm, margin, Text::tr("NPU out of memory in update_actor."));
    }
    // 5. The weight transfer: the engine's weights are back, its KV cache not yet.
    {
        QList<Amount> parts = r.resident(true);
        if (r.paramOffload)
            parts << r.actorParams();
        parts << weights << r.gathered() << r.bucket();
        e.phases << finish(
            Phase::WeightSync, parts, hbm, margin,
            Text::tr("out of memory while the weights are sent to the rollout engine (update_weights)."));
    }

    // The phase that binds: the first one that does not fit, in the order the run reaches them (that is
    // where it fails); when all fit, the one with the least room.
    qint64 least = std::numeric_limits<qint64>::max();
    for (qsizetype i = 0; i < e.phases.size(); ++i) {
        const PhaseEstimate &p = e.phases.at(i);
        if (p.fit == Fit::DoesNotFit) {
            if (e.fit != Fit::DoesNotFit)
                e.binding = i;
            e.fit = Fit::DoesNotFit;
            continue;
        }
        if (p.fit == Fit::Tight && e.fit == Fit::Fits)
            e.fit = Fit::Tight;
        const qint64 room = static_cast<qint64>(hbm) - static_cast<qint64>(p.peak);
        if (e.fit != Fit::DoesNotFit && room < least) {
            least = room;
            e.binding = i;
        }
    }
    e.assumptions << Text::tr(
                         "A margin of %1 per device stands for what cannot be known before running: the CANN and HCCL "
                         "workspace, the allocator's fragmentation and what the sleeping engine keeps; a phase within "
                         "it is tight.")
                         .arg(gib(static_cast<qint64>(margin)));
    return e;
}

// ----- fixes -----

struct Candidate
{
    QString key;
    QJsonValue value;
    QString why;
    int cost;
};

QList<Candidate> candidates(const Estimate &e, const Run &r)
{
    QList<Candidate> list;
    const Phase phase = e.phases.at(e.binding).phase;
    const bool training = phase == Phase::Update || phase == Phase::LogProb;
    const bool engineSide = phase == Phase::EngineStart || phase == Phase::Rollout;
    if (phase == Phase::Update) {
        if (r.dynamicBsz && r.maxTokens > 1024) {
            list << Candidate{kActor + u"ppo_max_token_len_per_gpu"_s, std::floor(static_cast<double>(r.maxTokens) / 2),
                              Text::tr("fewer tokens per update micro-batch: more, smaller steps, the same result"), 1};
        } else if (!r.dynamicBsz && r.microBatch > 1) {
            list << Candidate{
                kActor + u"ppo_micro_batch_size_per_gpu"_s, std::floor(static_cast<double>(r.microBatch) / 2),
                Text::tr("fewer sequences per update micro-batch: more, smaller steps, the same result"), 1};
        }
        if (r.entropyInUpdate && !r.entropyChunked && !r.fused) {
            list << Candidate{kActor + u"entropy_from_logits_with_chunking"_s, true,
                              Text::tr("entropy over chunks of the vocabulary-wide logits"), 1};
        }
        if (!r.checkpointing && !r.megatron) {
            list << Candidate{kModel + u"enable_gradient_checkpointing"_s, true,
                              Text::tr("recompute each layer in the backward pass: about a third more update time"), 2};
        }
    }
    if (phase == Phase::LogProb) {
        if (r.logProbDynamic && r.logProbTokens > 1024) {
            list << Candidate{kRollout + u"log_prob_max_token_len_per_gpu"_s,
                              std::floor(static_cast<double>(r.logProbTokens) / 2),
                              Text::tr("fewer tokens per log-prob micro-batch"), 1};
        } else if (!r.logProbDynamic && r.logProbMicro > 1) {
            list << Candidate{kRollout + u"log_prob_micro_batch_size_per_gpu"_s,
                              std::floor(static_cast<double>(r.logProbMicro) / 2),
                              Text::tr("fewer sequences per log-prob micro-batch"), 1};
        }
    }
    if (training && !r.megatron && r.sp == 1 && r.m.kvHeads % 2 == 0 && r.devices % 2 == 0) {
        list << Candidate{
            kActor + u"ulysses_sequence_parallel_size"_s, 2.0,
            Text::tr("split each sequence over 2 devices (Ulysses): half the activations and logits per device"), 2};
    }
    if (engineSide) {
        // From 0.7 an unset max_model_len is the model's max_position_embeddings, which the KV cache must
        // hold once for vLLM to start; verl's rollouts never pass prompt + response (verl PR #5015).
        if (e.kvBytes > 0 && e.kvTokens < e.sequenceTokens && !r.s.get(kRollout + u"max_model_len"_s).fromCommand
            && r.seqLen() < e.sequenceTokens) {
            list << Candidate{kRollout + u"max_model_len"_s, static_cast<double>(r.seqLen()),
                              Text::tr("vLLM checks its KV cache against one sequence of max_model_len, which verl "
                                       "sets to max_position_embeddings; prompt + response is all a rollout uses"),
                              1};
        }
        // A grant too small for the weights: more of the device, if the training side leaves it free.
        if (e.kvBytes <= 0 || e.kvTokens < e.sequenceTokens) {
            quint64 held = 0;
            for (const Amount &a : r.resident(false))
                held += a.bytes;
            const double room
                = (static_cast<double>(r.hbm()) - static_cast<double>(held) - static_cast<double>(r.in.marginBytes))
                / static_cast<double>(r.hbm());
            const double higher = std::floor(std::min(0.95, room) * 20.0) / 20.0;
            if (higher > r.gmu + 0.005) {
                list << Candidate{kRollout + u"gpu_memory_utilization"_s, higher,
                                  Text::tr("give the engine the memory the training side leaves free: room for its "
                                           "weights and a KV cache"),
                                  2};
            }
        }
        if (e.kvBytes <= 0 || e.kvTokens < e.sequenceTokens) {
            if (r.rolloutTp * 2 <= std::min<quint64>(r.devices, 16) && r.m.kvHeads % (r.rolloutTp * 2) == 0) {
                list << Candidate{
                    kRollout + u"tensor_model_parallel_size"_s, static_cast<double>(r.rolloutTp * 2),
                    Text::tr("split the engine's weights over twice the devices: more room for the KV cache"), 2};
            }
        } else {
            // Lower the grant, keeping room for a few sequences' KV cache.
            const double need = static_cast<double>((e.engineBytes - static_cast<quint64>(e.kvBytes))
                                                    + 4 * e.sequenceTokens * r.m.kvBytesPerToken(r.rolloutTp, 2))
                / static_cast<double>(r.hbm());
            const double lower = std::ceil(std::max(need, r.gmu - 0.2) * 100.0) / 100.0;
            if (lower < r.gmu - 0.005) {
                list << Candidate{kRollout + u"gpu_memory_utilization"_s, lower,
                                  Text::tr("a smaller KV cache for the engine: fewer sequences generated at once"), 2};
            }
        }
    }
    if (!r.optimizerOffload) {
        list << Candidate{
            r.megatron ? kActor + u"megatron.optimizer_offload"_s : kActor + u"fsdp_config.optimizer_offload"_s, true,
            Text::tr("keep the optimizer states in host memory: a copy to and from the host every step"), 3};
    }
    if (!r.paramOffload) {
        list << Candidate{r.megatron ? kActor + u"megatron.param_offload"_s : kActor + u"fsdp_config.param_offload"_s,
                          true,
                          Text::tr("keep the actor's parameters in host memory between passes: a copy every pass"), 3};
    }
    if (r.refExists && !r.refOffload) {
        list << Candidate{r.megatron ? kRef + u"megatron.param_offload"_s : kRef + u"fsdp_config.param_offload"_s, true,
                          Text::tr("keep the reference model in host memory"), 3};
    }
    const double nodes = r.s.number(u"trainer.nnodes"_s, 1);
    if (nodes < 64) {
        list << Candidate{u"trainer.nnodes"_s, nodes * 2,
                          Text::tr("twice the nodes: the parameters and optimizer states are split twice as far"), 4};
    }
    std::stable_sort(list.begin(), list.end(), [](const Candidate &a, const Candidate &b) { return a.cost < b.cost; });
    return list;
}

} // namespace

Result<Estimate> estimate(const Input &input)
{
    if (input.npu.hbmBytes == 0)
        return Error::input(Text::tr("The device's memory is not known: pick an NPU or give --hbm."));
    if (input.model.params == 0)
        return Error::input(Text::tr("The model has no parameters to size."));
    Estimate e = compute(input);
    // Apply the cheapest fix that lowers the binding phase, again, until every phase fits or none helps.
    Input trial = input;
    Estimate current = e;
    for (int round = 0; round < 24 && current.fit == Fit::DoesNotFit; ++round) {
        const Run r(trial);
        bool applied = false;
        for (const Candidate &c : candidates(current, r)) {
            Input next = trial;
            next.settings.set(c.key, c.value);
            Estimate after = compute(next);
            const PhaseEstimate &before = current.phases.at(current.binding);
            const PhaseEstimate &same = after.phases.at(current.binding);
            // A fix must free at least a MiB, or make the phase fit (a KV-cache check passes).
            const bool better
                = same.peak + kMiB < before.peak || (before.fit == Fit::DoesNotFit && same.fit != Fit::DoesNotFit);
            if (!better)
                continue;
            Fix fix{c.key,
                    trial.settings.get(c.key).value,
                    c.value,
                    c.why,
                    static_cast<qint64>(before.peak) - static_cast<qint64>(same.peak),
                    c.cost,
                    before.phase};
            // Repeated halvings of one key are one fix.
            auto found = std::find_if(e.fixes.begin(), e.fixes.end(), [&](const Fix &f) { return f.key == c.key; });
            if (found != e.fixes.end()) {
                found->to = c.value;
                found->frees += fix.frees;
            } else {
                e.fixes << fix;
            }
            trial = next;
            current = after;
            applied = true;
            break;
        }
        if (!applied)
            break;
    }
    e.fixesSuffice = !e.fixes.isEmpty() && current.fit != Fit::DoesNotFit;
    if (!e.fixes.isEmpty()) {
        QStringList words = input.settings.programWords;
        if (words.isEmpty())
            words << u"python3"_s << u"-m"_s << u"verl.trainer.main_ppo"_s;
        e.correctedProgramWords = words.size();
        QList<hydra::Override> overrides = input.settings.overrides;
        for (const Fix &fix : e.fixes) {
            hydra::Value value = fix.to.isBool() ? hydra::Value::boolean(fix.to.toBool())
                                                 : (fix.to.toDouble() == std::floor(fix.to.toDouble())
                                                        ? hydra::Value::integer(static_cast<qint64>(fix.to.toDouble()))
                                                        : hydra::Value::real(fix.to.toDouble()));
            auto it = std::find_if(overrides.begin(), overrides.end(),
                                   [&](const hydra::Override &o) { return o.key == fix.key; });
            if (it != overrides.end())
                it->value = value;
            else
                overrides << hydra::Override::set(fix.key, value);
        }
        for (const hydra::Override &o : overrides) {
            const auto text = hydra::format(o);
            if (text)
                words << *text;
        }
        e.corrected = words;
    }
    return e;
}

Result<Estimate> estimate(const Request &request, const std::atomic_bool *cancel)
{
    Input input;
    if (request.model.trimmed().isEmpty())
        return Error::input(Text::tr("Give the model: a preset (Qwen2.5-7B, …), a model folder or its config.json."),
                            u"model"_s);
    auto model = architectureOf(request.model.trimmed());
    if (!model) {
        Error error = model.error();
        error.where = u"model"_s; // the window marks the field the error is about
        return error;
    }
    input.model = *model;
    if (!request.hbmMiB.trimmed().isEmpty()) {
        auto npu = customNpu(request.hbmMiB, u"--hbm"_s); // its error's where is "--hbm"
        if (!npu)
            return npu.error();
        input.npu = *npu;
    } else if (const Npu *npu = findNpu(request.npu)) {
        input.npu = *npu;
    } else {
        QStringList ids;
        for (const Npu &known : builtinNpus())
            ids << known.id;
        return Error::input(Text::tr("Unknown NPU \"%1\": expected one of %2, or the device memory with --hbm.")
                                .arg(request.npu, ids.join(u", "_s)),
                            u"npu"_s);
    }
    double margin = kDefaultMarginGiB;
    if (!request.marginGiB.trimmed().isEmpty()) {
        bool ok = false;
        margin = request.marginGiB.trimmed().toDouble(&ok);
        if (!ok || margin < 0 || margin * kGiB >= static_cast<double>(input.npu.hbmBytes)) {
            return Error::input(Text::tr("Invalid margin \"%1\": expected GiB from 0 to less than the device's memory.")
                                    .arg(request.marginGiB),
                                u"margin"_s);
        }
    }
    input.marginBytes = static_cast<quint64>(margin * kGiB);
    if (request.script.trimmed().isEmpty()) {
        input.settings = defaultSettings(request.version);
        input.settings.notes
            << Text::tr("No launch command was given: verl's defaults at %1 are estimated.").arg(input.settings.tag);
    } else {
        auto settings = readSettings(request.script, request.version, cancel);
        if (!settings)
            return settings.error();
        input.settings = *settings;
    }
    // A rollout on devices of its own (one-step-off and fully asynchronous policies) is not the colocated
    // engine this estimate models: said, not estimated as if it were.
    const QString program = input.settings.program;
    const bool ownDevices = program.contains(u"fully_async"_s) || program.contains(u"one_step_off"_s)
        || input.settings.get(u"rollout.nnodes"_s).fromCommand
        || input.settings.get(u"rollout.n_gpus_per_node"_s).fromCommand;
    if (ownDevices) {
        Estimate e;
        e.input = input;
        e.facts = memoryFacts(input.settings.version);
        e.notEstimated
            = Text::tr("Not estimated: this run gives the rollout devices of its own (%1), and this estimate models "
                       "verl's colocated engine, where the rollout and the training take turns on the same devices. "
                       "Their own memory (the engine's grant, the weight-sync buffers on both sides) is not modelled "
                       "yet; a fully asynchronous run has run out of memory in the weight sync with a 0.5B model on "
                       "64 GB devices (verl PR #7041).")
                  .arg(program.isEmpty() ? u"rollout.nnodes / rollout.n_gpus_per_node"_s : program);
        return e;
    }
    for (const auto &[text, key, what] :
         {std::tuple{request.nodes, u"trainer.nnodes"_s, u"nodes"_s},
          std::tuple{request.devicesPerNode, u"trainer.n_gpus_per_node"_s, u"devices-per-node"_s}}) {
        if (text.trimmed().isEmpty())
            continue;
        bool ok = false;
        const int value = text.trimmed().toInt(&ok);
        if (!ok || value < 1 || value > 4096) {
            return Error::input(Text::tr("Invalid %1 \"%2\": expected a whole number from 1 to 4096.").arg(what, text),
                                what);
        }
        input.settings.set(key, value);
        auto &overrides = input.settings.overrides;
        const QString name = key; // clang 14 cannot capture a structured binding
        overrides.erase(
            std::remove_if(overrides.begin(), overrides.end(), [&](const hydra::Override &o) { return o.key == name; }),
            overrides.end());
        overrides << hydra::Override::set(name, hydra::Value::integer(value));
    }
    return estimate(input);
}

} // namespace vna::memory
