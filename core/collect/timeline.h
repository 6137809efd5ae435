// What a collection says once its windows are analysed on one clock: where the failure began (the earliest
// root cause, with its node, rank and process, and the findings that follow from it on other ranks and
// nodes), or, when nothing failed, where the run stopped moving (every process's last write, the ones that
// went quiet first, the collective each was in, and its Python stack where py-spy could take one).
#pragma once

#include <atomic>
#include <optional>

#include <QHash>
#include <QList>
#include <QString>

#include "collect/collect.h"
#include "common/result.h"
#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"
#include "logscan/scanner.h"

namespace vna::collect {

struct Beginning
{
    qsizetype finding = -1;  // index into the analysis' findings: the earliest root cause
    QList<qsizetype> echoes; // the findings that trace back to it
};

struct ProcessActivity
{
    QString node;
    QString pid;
    QString actor;
    QString rank;
    QString path;         // the log it was read from (the newest of its files)
    qint64 lastWrite = 0; // on the timeline
    QString lastLine;
    qint64 lastLineNumber = 0;
    QString collective; // the last collective its lines name ("ALLREDUCE, SeqNum=1234"), or in its stack
    QString stack;      // py-spy's dump, or what it said instead
    bool quiet = false; // stopped writing well before the rest of the run
};

struct HangView
{
    bool applies = false; // nothing failed and processes were found
    qint64 latestWrite = 0;
    qint64 quietAfterMs = 0;
    QList<ProcessActivity> processes; // quiet first (by last write)
    QString stacksNote;               // translated: why no stacks (no py-spy, how to get one)
};

struct ClusterAnalysis
{
    logscan::Analysis analysis; // lines numbered as on their nodes
    std::optional<Beginning> began;
    HangView hang;
};

// Analyses the windows (lines renumbered as on the nodes) and builds the timeline and hang views.
Result<ClusterAnalysis> analyzeCollection(const Collection &collection,
                                          const QList<logscan::Entry> &entries,
                                          const logscan::Matcher &matcher,
                                          qint64 quietAfterMs = 120000,
                                          const std::atomic_bool *cancel = nullptr);

// Everything after the nodes answered, the same for the command line and the window: the lines kept
// between `fromMs` and `toMs` (-1: open), analysed, the quiet processes' stacks taken when nothing failed
// (with `stacks`), and the lines located for the releases `given` and those the nodes run.
Result<ClusterAnalysis> readCollection(Collection &collection,
                                       const CollectOptions &options,
                                       const QList<logscan::Entry> &entries,
                                       const logscan::Matcher &matcher,
                                       qint64 fromMs,
                                       qint64 toMs,
                                       qint64 quietAfterMs,
                                       bool stacks,
                                       const QList<logscan::InstalledVersion> &given = {},
                                       const std::atomic_bool *cancel = nullptr);

// The processes whose stacks are worth taking (the quiet ones, at most `max` per node): node -> pids.
QHash<QString, QList<qint64>> stackTargets(const HangView &hang, int max = 8);
// Adds the stacks to their processes and the collectives they show.
void addStacks(HangView &hang, const QString &node, const QHash<qint64, QString> &stacks);
// When nothing failed: the quiet processes' stacks, from each node that has py-spy.
void takeStacks(ClusterAnalysis &result,
                const Collection &collection,
                const CollectOptions &options,
                const std::atomic_bool *cancel = nullptr);

// The collective a line or a py-spy dump names: "ALLREDUCE, SeqNum=12" or "all_reduce
// (torch/distributed/distributed_c10d.py:2501)"; empty when none.
QString collectiveIn(const QString &text);

// Sentences for the terminal and the window: "Began on node03, rank 17 (WorkerDict pid 1234) at
// 10:42:07.120: <title>" with the echoes under it; the hang view as a table.
QString beginningText(const ClusterAnalysis &result, const QList<logscan::Entry> &entries, const QString &language);
QString hangText(const HangView &hang);
QString nodesText(const Collection &collection);
QString timeText(qint64 msAsWritten);

} // namespace vna::collect
