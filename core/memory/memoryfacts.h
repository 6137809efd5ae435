// What verl's code keeps on the device in each phase, by release, as scripts/verl-facts/extract.py read it
// from verl's source (resources/data/verl-facts.json, behaviour "mem_*", each with tag:path:line), and
// how the rollout engine sizes its KV cache (vllm-ascend at the versions verl's guides pin).
#pragma once

#include <QString>

#include "verl/bucketfacts.h"
#include "verl/version.h"

namespace vna::memory {

struct MemoryFacts
{
    verl::Version release;
    QString tag;
    verl::Sourced actorDtype;        // the dtype the FSDP actor keeps its parameters in: "fp32"
    verl::Sourced refOffloaded;      // "cpu": the FSDP reference model lives in host memory
    verl::Sourced refWhen;           // "kl": a reference model exists with use_kl_loss or use_kl_in_reward
    verl::Sourced gradsFreed;        // "after-update": zero_grad at the end of the update frees them
    verl::Sourced optimizerResident; // "unless-optimizer-offload": the optimizer states stay between steps
    verl::Sourced sleep;             // "level-1": free_cache_engine's sleep takes weights and KV cache off
    verl::Sourced wakeOrder;         // "weights-then-kv": the KV cache comes back after the weight sync
    verl::Sourced logProbEntropy;    // "yes": the old log-prob pass computes the entropy too
    verl::Sourced maxModelLen;       // "prompt-plus-response" or "max-position-embeddings" when unset
    verl::Sourced vllmAscend;        // the vllm-ascend release verl's Ascend guide installs
    verl::Sourced kvSizing;          // "profile-only", "device-wide", "start-check" (see extract.py)
    verl::Sourced loraRefInActor;    // "yes": with LoRA the reference is the actor with its adapter off
    verl::Sourced loraMaxLoras;      // the LoRA slots verl asks vLLM for: "1"
    verl::Sourced loraVllmRank;      // "raw", "rounded" (to 8, 16 … 512) or "rounded-from-1" (1, 8 … 512)
    verl::BucketFacts bucket;
};

MemoryFacts memoryFacts(const verl::Version &version);

} // namespace vna::memory
