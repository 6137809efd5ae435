#include "memoryfacts.h"

#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

verl::Sourced behaviour(const verl::VersionFacts &f, const QString &name)
{
    const auto it = f.behaviour.constFind(name);
    return it == f.behaviour.constEnd() ? verl::Sourced{} : verl::Sourced{it->value, it->source};
}

} // namespace

MemoryFacts memoryFacts(const verl::Version &version)
{
    const verl::VersionFacts &f = verl::factsFor(version);
    MemoryFacts m;
    m.release = f.version;
    m.tag = f.tag;
    m.actorDtype = behaviour(f, u"mem_actor_dtype"_s);
    m.refOffloaded = behaviour(f, u"mem_ref_offloaded"_s);
    m.refWhen = behaviour(f, u"mem_ref_when"_s);
    m.gradsFreed = behaviour(f, u"mem_grads_freed"_s);
    m.optimizerResident = behaviour(f, u"mem_optimizer_resident"_s);
    m.sleep = behaviour(f, u"mem_sleep"_s);
    m.wakeOrder = behaviour(f, u"mem_wake_order"_s);
    m.logProbEntropy = behaviour(f, u"mem_log_prob_entropy"_s);
    m.maxModelLen = behaviour(f, u"mem_max_model_len"_s);
    m.vllmAscend = behaviour(f, u"mem_vllm_ascend"_s);
    m.kvSizing = behaviour(f, u"mem_kv_sizing"_s);
    m.loraRefInActor = behaviour(f, u"lora_ref_in_actor"_s);
    m.loraMaxLoras = behaviour(f, u"lora_max_loras"_s);
    m.loraVllmRank = behaviour(f, u"lora_vllm_rank"_s);
    m.bucket = verl::bucketFacts(version).constLast();
    return m;
}

} // namespace vna::memory
