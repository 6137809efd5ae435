// What verl does with the weight-transfer bucket and the weights it carries, by release: the key and
// its default, which worker runs the actor, the dtype each backend sends, and which paths assert on a
// weight larger than the bucket. Every fact is read from resources/data/verl-facts.json (verl's source
// at each release tag, with tag:path:line); nothing else in the program decides these by version.
#pragma once

#include <QList>
#include <QString>

#include "verl/version.h"

namespace vna::verl {

// The checkpoint_engine.backend that moves weights from trainer to rollout.
enum class Engine {
    Naive, // vLLM IPC path (default); shared memory when the NPU lacks IPC
    Hccl,  // on NPUs verl registers it under the name "nccl" too
    Nccl,
};

// actor_rollout_ref.actor.strategy: fsdp is FSDP1, fsdp2 FSDP2.
enum class Backend { Fsdp, Fsdp2, Megatron };

// Which worker runs the actor: the legacy fsdp_workers/megatron_workers one, or the new engine worker.
enum class Worker { Legacy, Engine };

struct Sourced
{
    QString value;
    QString source; // tag:path:line; empty when the release lacks the fact
};

struct BucketFacts
{
    Version release; // the release these were read from
    QString configKey;
    int defaultMiB = 0;
    QString keySource;
    Sourced naive; // vLLM IPC path, weight > bucket: "asserts", "direct-unless-shm"; empty: no bucket there
    Sourced hccl;  // "asserts", "splits"; empty: no such engine
    Sourced nccl;
    Sourced shm;             // the shared-memory segment is one bucket ("bucket")
    Sourced ipcRequires;     // "25.3.rc1/8.3.rc1": the driver and CANN an NPU needs for IPC
    Sourced strategy;        // the default actor strategy ("fsdp")
    Sourced actorWorker;     // "legacy", "engine-if-disabled" (use_legacy_worker_impl=disable), "engine"
    Sourced fsdpLegacySends; // "own": each parameter's dtype (FSDP keeps float32 master weights)
    Sourced fsdpEngineSends; // "own", or "bf16": every DTensor cast to bfloat16
    Sourced moeUnfuse;       // "per-expert": packed 3-D expert tensors go one expert at a time
    Sourced megatronDtype;   // "bf16", "config" (actor.megatron.dtype, bfloat16 by default)
    Sourced versionFile;     // what verl/version/version reads at the tag
    bool assertionExists() const { return !naive.value.isEmpty(); }
};

// The facts for a release: the newest known release not newer than `version`. A dev version is any
// commit since the release before it: both releases, the older first. Never empty.
QList<BucketFacts> bucketFacts(const Version &version);

// The default backend of a release, and the worker it runs the actor on when not told.
Backend defaultBackend(const BucketFacts &facts);
Worker defaultWorker(const BucketFacts &facts);
// Whether the user can choose the worker (0.7: use_legacy_worker_impl=disable picks the engine).
bool workerSelectable(const BucketFacts &facts);

// The key the assertion message tells users to increase (wrong on v0.7.1 and later).
QString assertionMessageKey();

// Device buffers of `bucket` MiB the engine holds: 1 for the naive IPC path, 2 for NCCL/HCCL.
int bucketBuffers(Engine engine);

// Whether a weight larger than the bucket still trips the assertion for this release and engine.
// `sharedMemory` is the naive path's fallback on NPUs without IPC (HDK < 25.3.rc1 or CANN < 8.3.RC1).
bool oversizedWeightAsserts(const BucketFacts &facts, Engine engine, bool sharedMemory);
// Where that is decided: the line of the path's code.
QString oversizedSource(const BucketFacts &facts, Engine engine);

} // namespace vna::verl
