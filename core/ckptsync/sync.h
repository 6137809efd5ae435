// Giving every node the files of a verl checkpoint step that its ranks read and only rank 0's node
// has: reading the source (this machine or a host), a preflight per node (its tree, checksums where
// sizes match, free space where each folder lives, locks and leftovers), the plan from the
// difference, and the transfer. On a node a run holds a lock while it writes there; files arrive
// under temporary names, are checked, and are switched into place together through a journal that
// the next run completes if this one is cut short. Links and special files at a destination are
// never followed or opened. Verify-only, the equivalent scripts, and the audit record. Every remote
// command is built with shell::quote.
#pragma once

#include <atomic>
#include <functional>
#include <optional>

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "ckptsync/discovery.h"
#include "common/result.h"
#include "ssh/ssh.h"

namespace vna::ckptsync {

struct Source
{
    QString host; // empty: this machine
    QString root; // default_local_dir, absolute
    bool isLocal() const { return host.isEmpty(); }
    QString display() const;
};

// How the bytes travel. Chain: each node receives from a node before it (rank 0's node or this
// machine first) while that one is still receiving, so every link carries each byte once; a node
// whose upstream fails goes on from the one before. Star: this machine sends to every node. Auto: a
// chain when at least two nodes receive enough data for it to matter and they reach each other.
enum class Topology { Auto, Chain, Star };
Result<Topology> parseTopology(const QString &word);
QString topologyId(Topology topology); // "auto", "chain", "star"

struct Options
{
    Source source;
    QStringList nodes;
    ssh::Options ssh;
    Selection selection;
    int jobs = 16;
    int timeoutSec = 120; // per node
    int retries = 2;      // for transient failures only
    QString runBy;        // who runs this sync, shown to a concurrent run ("alice@ws1, pid 4242")
    // Bytes per second, 0: no limit. From this machine: for all nodes together; in a chain: per link.
    qint64 bandwidthLimit = 0;
    Topology topology = Topology::Auto;
    // Bytes sent to a node so far (also called once a node's stream ends), from any thread.
    std::function<void(const QString &node, qint64 sent, qint64 total, double bytesPerSecond)> meter;
};

// "100M", "1.5G", "800K" or a number of bytes, per second; 0 is no limit.
Result<qint64> parseRate(const QString &text);

// "190.7 MiB", "14.2 GiB" (translated).
QString sizeText(qint64 bytes);
// A node's (or the whole run's) progress: "98.9 MiB of 190.7 MiB, 15.3 MiB/s, about 6 s left". The time
// left is given only once 1 % has arrived: before that the rate still counts the connection's setup.
QString progressText(qint64 sent, qint64 total, double bytesPerSecond);

// The names a run leaves on a node and recognises as its own.
inline constexpr auto kLockFile = ".verl-npu-assistant.lock";
inline constexpr auto kJournalFile = ".verl-npu-assistant-journal";
inline constexpr auto kTempInfix = ".vna-tmp-";
inline constexpr auto kMarkerPrefix = ".verl-npu-assistant-marker-";

Result<Discovery>
discoverSource(const Source &source, const ssh::Options &ssh, const std::atomic_bool *cancel = nullptr);

struct SourceFile : SyncFile
{
    QString sha256; // read once at the source; files are streamed, never held whole
};

struct SourceData
{
    QList<SourceFile> files;
    QStringList perRank;
    QStringList notes; // translated: files refused or read through a link
    int worldSize = 0; // of the selected steps (0: unknown)
    QString worldSizeSource;
};

// Checksums every file at the source, reading it once in pieces: only regular files (a link is read
// through when it leads to one, and said so), no more bytes than the listing gave.
Result<SourceData> readSource(const Source &source,
                              const SourceSet &set,
                              const ssh::Options &ssh,
                              const std::atomic_bool *cancel = nullptr);

enum class DirState { Writable, ReadOnly, Creatable, Blocked };

// What a node has at one of the source's paths.
struct NodeFile
{
    Entry::Kind kind = Entry::Kind::Regular;
    qint64 size = 0;
    QString sha256; // regular files of the source's size only
    QString what;   // a special file's kind
    QString before; // its state when the preflight saw it; the commit refuses if it changed
};

struct Volume
{
    QString mount;
    qint64 freeBytes = 0;
    QStringList dirs; // relative destination folders on it
};

struct NodeState
{
    QString node;
    bool reachable = false;
    QString error; // translated, when not reachable
    ssh::Failure failure = ssh::Failure::None;
    bool shared = false;           // the source's marker is visible: same filesystem
    QMap<QString, NodeFile> files; // the source's paths that exist on the node
    QMap<QString, QString> before; // every source path -> its state ("absent" when missing)
    QStringList extra;             // files of the selected steps only this node has (reported, never deleted)
    QStringList perRankNames;      // shard names of the selected steps on the node (world size)
    QList<Volume> volumes;
    QMap<QString, DirState> dirs;                       // relative folder -> state
    QString lockedBy;                                   // another run holds the node's lock
    bool journal = false;                               // a commit was cut short; the next sync completes it
    QStringList staleTemps;                             // temporary files of runs that died
    int backups = 0;                                    // NAME.bak-… files earlier syncs kept
    QMap<QString, std::pair<qint64, QString>> partials; // source path -> bytes already there, their sha256
    QMap<QString, QString>
        peers; // a host this node could receive from -> empty when it reaches it over ssh, else why not
    int attempts = 0;
};

// `finished`: the node is done (its final status or error is the message).
using Progress = std::function<void(const QString &node, const QString &message, bool finished)>;

// Transient connection failures are retried (options.retries). A marker file in the source root
// tells shared storage apart; it is removed afterwards, and stale ones of killed runs with it.
QList<NodeState> preflight(const Options &options,
                           const SourceData &source,
                           const std::atomic_bool *cancel = nullptr,
                           const Progress &progress = {});

// The world size: the source's .metadata or ckpt_contents.json when they name it, else the union of
// every node's shard names. 0 when nothing tells.
std::pair<int, QString> worldSize(const SourceData &source, const QList<NodeState> &nodes);

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
};
QList<PlanItem> buildPlan(const SourceData &source, const QList<NodeState> &nodes);
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

// Completes, under each node's lock, the switches a sync cut short left in its journal; returns the
// nodes where that was done. Preflight those nodes again afterwards: their files changed.
QStringList completeInterrupted(const Options &options, const QList<NodeState> &nodes);

// Removes the temporary files of dead runs that the preflight found, on nodes no run holds; returns
// how many went, per node.
QMap<QString, int> removeStaleTemps(const Options &options, const QList<NodeState> &nodes);

// Checksums on every node against the source (from a preflight).
struct VerifyRow
{
    QString node;
    QString file;
    QString sha256; // empty: missing, a link, or another size
    bool matches = false;
};
QList<VerifyRow> verify(const SourceData &source, const QList<NodeState> &nodes);

// Bash: an ssh loop; Clush/Pdcp: their copy commands; Hook: a post-save script that runs `sync`.
enum class ScriptKind { Bash, Clush, Pdcp, Hook };
Result<ScriptKind> parseScriptKind(const QString &word);
QString exportScript(ScriptKind kind, const Options &options, const SourceData &source);

QJsonObject toJson(const QList<PlanItem> &plan, const QList<NodeResult> &results);
// Appends the run to <app data>/sync-audit.jsonl and, for a local source, <root>/.verl-npu-assistant-sync.jsonl.
Status writeAudit(const Options &options, const QList<PlanItem> &plan, const QList<NodeResult> &results);
QString auditFile();

// "user@host, pid N": who a lock names.
QString defaultRunBy();

} // namespace vna::ckptsync
