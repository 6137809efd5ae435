// An HCCL all-reduce across every node's NPUs: the one test that proves the network between nodes
// (the per-node checks cannot). Opt-in, because it occupies every NPU of every node for a while. Each
// node starts one process per NPU (ranks numbered node by node) that meet at rank 0 on the first node.
#pragma once

#include <atomic>

#include <QList>
#include <QString>

#include "env/checks.h"

namespace vna::env {

struct DiagnoseOptions;

// The worker each NPU runs (also shown in the report so it can be run by hand): env:// rendezvous at
// MASTER_ADDR:MASTER_PORT with RANK, WORLD_SIZE and LOCAL_RANK, then an all-reduce of ones.
QString clusterWorkerSource();

// Adds "deep.cluster" to every diagnosis: PASS when every rank summed right, FAIL with the ranks that
// did not (and what they printed), SKIP with the reason when a node cannot take part. The rendezvous
// address is options.masterAddr, else the first node's HCCL_IF_IP, else the first address `hostname -I`
// prints there.
void runClusterAllReduce(QList<Diagnosis> &diagnoses,
                         const DiagnoseOptions &options,
                         const std::atomic_bool *cancel = nullptr);

} // namespace vna::env
