// The nodes of a Ray session, asked of its head node: what the GCS wrote when each node registered, and
// when it removed one.
#pragma once

#include <atomic>

#include <QString>
#include <QStringList>

#include "collect/collect.h"
#include "common/result.h"

namespace vna::collect {

// The nodes of a Ray cluster as its head's GCS log lists them: the address each registered with (Ray 2.40's
// "Registering node info, address = …" and 2.49's "Registering new node. … node_address=…"), in order, and
// the GCS's lines about nodes it removed or marked dead.
struct RayNodes
{
    QStringList addresses;
    QStringList removals;
};
RayNodes parseGcsLog(const QString &text);
// Reads the GCS log of the session on the head node over ssh.
Result<RayNodes> rayNodes(const QString &head, const CollectOptions &options, const std::atomic_bool *cancel = nullptr);

} // namespace vna::collect
