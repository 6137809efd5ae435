#include "bucketfacts.h"

#include <array>

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

const QString kOldKey = u"actor_rollout_ref.rollout.update_weights_bucket_megabytes"_s;
const QString kNewKey = u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes"_s;

// Sources: verl rollout.yaml / workers/config/rollout.py per tag; PR #5031 (checkpoint_engine, v0.7.1),
// PR #4280/#4775/#4885 (assertion, first released in v0.7.1), PR #6091 (naive/NCCL split, v0.8.0),
// PR #7205 (HCCL split, v0.9.0).
const std::array<BucketFacts, 4> &table()
{
    static const std::array<BucketFacts, 4> rows{{
        {Version{0, 0, 0}, kOldKey, 512, false, false, false, false},
        {Version{0, 7, 1}, kNewKey, 2048, true, false, false, false},
        {Version{0, 8, 0}, kNewKey, 2048, true, true, true, false},
        {Version{0, 9, 0}, kNewKey, 2048, true, true, true, true},
    }};
    return rows;
}

} // namespace

const BucketFacts &bucketFacts(const Version &version)
{
    const BucketFacts *found = &table().front();
    for (const BucketFacts &row : table()) {
        if (row.since <= version)
            found = &row;
    }
    return *found;
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
    if (!facts.assertionExists)
        return false;
    switch (engine) {
    case Engine::Naive:
        return sharedMemory || !facts.naiveSplitsLarge;
    case Engine::Nccl:
        return !facts.ncclSplitsLarge;
    case Engine::Hccl:
        return !facts.hcclSplitsLarge;
    }
    return true;
}

} // namespace vna::verl
