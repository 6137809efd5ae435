// Whether an RL run fits in NPU memory, phase by phase, before it starts. verl's colocated hybrid engine
// runs the rollout engine, the log-prob passes, the actor's update and the weight transfer on the same
// devices in turn; what each phase keeps resident follows verl's code at the release (MemoryFacts) and the
// run's settings (RunSettings). Amounts that cannot be known before running (allocator fragmentation, CANN
// and HCCL workspace) are not guessed: a stated margin stands for them.
#pragma once

#include <atomic>

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "memory/architecture.h"
#include "memory/devices.h"
#include "memory/memoryfacts.h"
#include "memory/runsettings.h"

namespace vna::memory {

enum class Phase { EngineStart, Rollout, LogProb, Update, WeightSync };

enum class Part {
    Params,        // the actor's (or critic's) parameter shard
    Gradients,     // its gradient shard, during the update
    Optimizer,     // the optimizer states
    Reference,     // the reference model's shard
    Critic,        // the critic's resident state (GAE)
    Gathered,      // the layers FSDP (or vLLM while loading) holds whole at a time
    Activations,   // what one micro-batch keeps for its backward pass (or one layer's, without grad)
    Logits,        // vocabulary-wide logits of a micro-batch and their temporaries
    Engine,        // what the rollout engine holds: weights, KV cache, its workspace
    EngineWeights, // the engine's weights at its tensor parallelism
    KvCache,       // the KV cache
    Bucket,        // the weight-transfer buffers
};

enum class Fit { Fits, Tight, DoesNotFit };

struct Amount
{
    Part part = Part::Params;
    quint64 bytes = 0;
    QString what;   // translated: what it is and how it was computed
    QString source; // tag:path:line of the rule or the setting that decides it
};

struct PhaseEstimate
{
    Phase phase = Phase::EngineStart;
    QList<Amount> parts;
    quint64 peak = 0; // the sum of the parts
    Fit fit = Fit::Fits;
    QString failure; // translated: how it fails when it does not fit (the error verl or vLLM prints)
};

struct Fix
{
    QString key;
    QJsonValue from;
    QJsonValue to;
    QString why;                  // translated: what it changes and what it costs the run
    qint64 frees = 0;             // bytes off the binding phase's peak (negative: it costs memory elsewhere)
    int cost = 0;                 // 1 cheapest … 4 dearest
    Phase phase = Phase::Rollout; // the phase it was chosen for
};

struct Input
{
    Architecture model;
    RunSettings settings;
    Npu npu;
    quint64 marginBytes = 0; // for what cannot be known before running
};

struct Estimate
{
    Input input;
    MemoryFacts facts;
    QString backend; // fsdp, fsdp2, megatron
    QString engine;  // vllm, sglang
    quint64 devices = 0;
    quint64 shards = 0;        // how many ways the actor's state is split
    quint64 tokensUpdate = 0;  // tokens per device in one update micro-batch
    quint64 tokensLogProb = 0; // … in one log-prob micro-batch
    quint64 engineBytes = 0;   // what gpu_memory_utilization grants the engine
    qint64 kvBytes = 0;        // the KV cache the engine can size (negative: none)
    quint64 kvTokens = 0;
    quint64 sequenceTokens = 0; // prompt + response: one sequence's KV need
    QList<PhaseEstimate> phases;
    qsizetype binding = -1; // the phase with the least room
    Fit fit = Fit::Fits;
    QList<Fix> fixes; // in the order they are applied, cheapest first
    bool fixesSuffice = false;
    QStringList corrected;               // the command with the fixes, one word per element
    qsizetype correctedProgramWords = 0; // how many of `corrected` are the program and its options
    QStringList assumptions;             // what the estimate takes as given and why
    // Set when the run is not one this model covers (its rollout on devices of its own): why, and
    // nothing else is filled in.
    QString notEstimated;
};

Result<Estimate> estimate(const Input &input);

// What the CLI and the window ask, as typed: each field is checked and an error names the field.
struct Request
{
    QString script;         // a launch command or script; empty: verl's defaults
    QString model;          // a preset id, a model folder or a config.json
    QString npu;            // an NPU id (910B3, A3 …); empty when hbmMiB is given
    QString hbmMiB;         // device memory as npu-smi prints it; overrides npu
    QString nodes;          // trainer.nnodes; empty: the command's
    QString devicesPerNode; // trainer.n_gpus_per_node; empty: the command's
    QString marginGiB;      // empty: kDefaultMarginGiB
    verl::Version version;
};

inline constexpr double kDefaultMarginGiB = 4.0;

Result<Estimate> estimate(const Request &request, const std::atomic_bool *cancel = nullptr);

} // namespace vna::memory
