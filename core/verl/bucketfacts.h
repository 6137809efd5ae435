// What verl does with the weight-transfer bucket, by release (research/verl-internals.md §2).
// One table; nothing else in the program decides these by version.
#pragma once

#include <QString>

#include "verl/version.h"

namespace vna::verl {

// The checkpoint_engine.backend that moves weights from trainer to rollout.
enum class Engine {
    Naive, // vLLM IPC path (default); shared memory when the NPU lacks IPC
    Hccl,
    Nccl,
};

struct BucketFacts
{
    Version since;                 // first release these facts hold for
    QString configKey;             // the key that sets the bucket, in MiB
    int defaultMiB = 0;            // its default
    bool assertionExists = false;  // "Weight … is too large to fit in the bucket" can fire at all
    bool naiveSplitsLarge = false; // vLLM IPC path sends oversized weights directly (not with shm)
    bool ncclSplitsLarge = false;  // NCCL/NIXL engines split oversized weights into chunks
    bool hcclSplitsLarge = false;  // HCCL engine splits oversized weights into chunks
};

// The facts for a release: the last table row whose `since` is not newer than `version`.
const BucketFacts &bucketFacts(const Version &version);

// The key the assertion message tells users to increase (wrong on v0.7.1 and later).
QString assertionMessageKey();

// Device buffers of `bucket` MiB the engine holds: 1 for the naive IPC path, 2 for NCCL/HCCL.
int bucketBuffers(Engine engine);

// Whether a weight larger than the bucket still trips the assertion for this release and engine.
// `sharedMemory` is the naive path's fallback on NPUs without IPC (HDK < 25.3.rc1 or CANN < 8.3.RC1).
bool oversizedWeightAsserts(const BucketFacts &facts, Engine engine, bool sharedMemory);

} // namespace vna::verl
