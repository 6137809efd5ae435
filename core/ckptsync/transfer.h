// Stage 4 of a sync: the transfer. Runs the plan on every node: the bytes arrive under temporary
// names, are checked, and the commit switches them into place (see nodescript.h for what runs on a node).
#pragma once

#include <atomic>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"
#include "ckptsync/plan.h"
#include "ckptsync/preflight.h"
#include "ckptsync/source.h"

namespace vna::ckptsync {

struct FileResult
{
    QString path;
    Action action = Action::Copy;
    QString sha256;
    qint64 bytes = 0;
    QString backup;         // the old file (or link) kept as NAME.bak-…
    qint64 resumedFrom = 0; // bytes that were already on the node from a transfer cut short
    QStringList via;        // the nodes (or source host) that sent its bytes, in a chain
    bool sentByThisRun = false;
};

struct NodeResult
{
    enum class Status { Ok, Failed, Skipped };
    QString node;
    Status status = Status::Ok;
    QString error;
    QList<FileResult> files;
    qint64 durationMs = 0;
    int attempts = 0;
    int written() const; // files switched into place (0 unless ok)
    qint64 bytesWritten() const;
};
QString statusId(NodeResult::Status status);

// Runs the plan, nodes in parallel (options.jobs). On each node the transfer holds the node's lock,
// refuses when another run holds it, and refuses to switch a file that changed since the preflight
// (naming the run that last wrote there): of two runs that overlap, one fails loudly on every node
// where the other got first. Retries transient failures with backoff; a cancel stops every node and
// leaves nothing under a final name (what arrived waits, named for its content, for the next run).
QList<NodeResult> execute(const Options &options,
                          const QList<PlanItem> &plan,
                          const SourceData &source,
                          const std::atomic_bool *cancel = nullptr,
                          const Progress &progress = {});

} // namespace vna::ckptsync
