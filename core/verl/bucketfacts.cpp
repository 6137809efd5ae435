#include "bucketfacts.h"

#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

const QString kOldKey = u"actor_rollout_ref.rollout.update_weights_bucket_megabytes"_s;
const QString kNewKey = u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes"_s;

Sourced behaviour(const VersionFacts &f, const QString &name)
{
    const auto it = f.behaviour.constFind(name);
    return it == f.behaviour.constEnd() ? Sourced{} : Sourced{it->value, it->source};
}

BucketFacts read(const VersionFacts &f)
{
    BucketFacts b;
    b.release = f.version;
    // The key moved under checkpoint_engine in 0.7.1; a release has one of the two.
    for (const QString &key : {kNewKey, kOldKey}) {
        if (const KeyFact *fact = f.key(key)) {
            b.configKey = key;
            b.defaultMiB = fact->value.toInt();
            b.keySource = fact->source;
            break;
        }
    }
    b.naive = behaviour(f, u"naive_oversized"_s);
    b.hccl = behaviour(f, u"hccl_oversized"_s);
    b.nccl = behaviour(f, u"nccl_oversized"_s);
    b.shm = behaviour(f, u"shm_bucket"_s);
    b.ipcRequires = behaviour(f, u"ipc_requires"_s);
    if (const KeyFact *strategy = f.key(u"actor_rollout_ref.actor.strategy"_s))
        b.strategy = {strategy->value.toString(), strategy->source};
    b.actorWorker = behaviour(f, u"actor_worker"_s);
    b.fsdpLegacySends = behaviour(f, u"fsdp_legacy_sends"_s);
    b.fsdpEngineSends = behaviour(f, u"fsdp_engine_sends"_s);
    b.moeUnfuse = behaviour(f, u"moe_unfuse"_s);
    b.megatronDtype = behaviour(f, u"megatron_dtype"_s);
    b.versionFile = {f.versionFile.value, f.versionFile.source};
    return b;
}

} // namespace

QList<BucketFacts> bucketFacts(const Version &version)
{
    const VersionFacts &facts = factsFor(version);
    QList<BucketFacts> found{read(facts)};
    if (version.dev && isKnownRelease(version)) {
        // Between the release before and this one: both, the older first.
        const QList<VersionFacts> &all = allFacts();
        for (qsizetype i = all.size() - 1; i > 0; --i) {
            if (all.at(i).version == version) {
                found.prepend(read(all.at(i - 1)));
                break;
            }
        }
    }
    return found;
}

Backend defaultBackend(const BucketFacts &facts)
{
    return facts.strategy.value == u"fsdp2"   ? Backend::Fsdp2
        : facts.strategy.value == u"megatron" ? Backend::Megatron
                                              : Backend::Fsdp;
}

Worker defaultWorker(const BucketFacts &facts)
{
    return facts.actorWorker.value == u"engine" ? Worker::Engine : Worker::Legacy;
}

bool workerSelectable(const BucketFacts &facts)
{
    return facts.actorWorker.value == u"engine-if-disabled";
}

QString assertionMessageKey()
{
    return u"rollout.update_weights_bucket_megabytes"_s;
}

int bucketBuffers(Engine engine)
{
    return engine == Engine::Naive ? 1 : 2;
}

bool oversizedWeightAsserts(const BucketFacts &facts, Engine engine, bool sharedMemory)
{
    if (!facts.assertionExists())
        return false;
    switch (engine) {
    case Engine::Naive:
        return facts.naive.value == u"asserts" || sharedMemory;
    case Engine::Nccl:
        return facts.nccl.value == u"asserts";
    case Engine::Hccl:
        return facts.hccl.value == u"asserts";
    }
    return true;
}

QString oversizedSource(const BucketFacts &facts, Engine engine)
{
    switch (engine) {
    case Engine::Naive:
        return facts.naive.source;
    case Engine::Nccl:
        return facts.nccl.source;
    case Engine::Hccl:
        return facts.hccl.source;
    }
    return QString();
}

} // namespace vna::verl
