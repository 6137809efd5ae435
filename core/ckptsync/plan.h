// Stage 3 of a sync: the plan. From the source and the preflight, what each node gets of each file
// (copy, replace, skip, or blocked and why), what the plan cannot fix, and the route of the bytes
// (a chain through the nodes, or a star from this run).
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"
#include "ckptsync/preflight.h"
#include "ckptsync/source.h"

namespace vna::ckptsync {

enum class Action { Copy, SkipIdentical, Replace, SkipShared, Unreachable, Blocked };
QString actionId(Action action);   // "copy", "skip", … (stable, for JSON)
QString actionText(Action action); // translated
// Copy or Replace: the node receives the file's bytes.
inline bool receives(Action action)
{
    return action == Action::Copy || action == Action::Replace;
}

struct PlanItem
{
    QString node;
    QString file;
    Action action = Action::Copy;
    qint64 bytes = 0;
    QString reason; // why a node is unreachable, or why a file is blocked
    Need need = Need::RankZeroOther;
    QString before;          // the destination's state at the preflight
    qint64 partialBytes = 0; // a transfer cut short left this many bytes on the node…
    QString partialSha;      // …with this checksum; resumed when the source's first bytes match
    QStringList from;        // the hosts the node receives this file from, nearest first; empty: from this run
    bool atSource = false;   // blocked because the source's file cannot be read (SourceData::unreadable)
};
QList<PlanItem> buildPlan(const SourceData &source, const QList<NodeState> &nodes);
// Translated: why a node that needs `file` fails (it cannot be read at the source).
QString unreadableText(const Unreadable &file);
// Translated problems the plan cannot fix (read-only folders, too little space, special files, a
// lock held by another run), per node.
QMap<QString, QStringList> planProblems(const SourceData &source, const QList<NodeState> &nodes);
// Translated facts about a node that need no action (files only it has, leftovers to clean).
QMap<QString, QStringList> planNotes(const QList<NodeState> &nodes);
// The hosts a node may receive from in a chain, nearest first: the three nodes before it in
// options.nodes and the source host. The preflight checks which of them the node reaches.
QStringList upstreamCandidates(const Options &options, const QString &node);
// Fills each item's `from` by options.topology from the preflight's peer checks; returns translated
// notes on nodes that receive from this run instead and why.
QStringList planRoutes(const Options &options, const QList<NodeState> &nodes, QList<PlanItem> &plan);
// buildPlan, then planRoutes: the plan a run executes. `routeNotes` receives planRoutes' notes.
QList<PlanItem> routedPlan(const Options &options,
                           const SourceData &source,
                           const QList<NodeState> &nodes,
                           QStringList *routeNotes = nullptr);
// Chain when any node receives from another host than this run, else Star.
Topology topologyOf(const QList<PlanItem> &plan);
// Translated: "chain: node1 ← this machine, node2 ← node1 …" or "star: this machine sends to every node".
QString routeText(const Options &options, const QList<PlanItem> &plan);
// Bytes each node receives.
QMap<QString, qint64> bytesPerNode(const QList<PlanItem> &plan);

} // namespace vna::ckptsync
