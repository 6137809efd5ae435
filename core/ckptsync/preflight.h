// Stage 2 of a sync: the preflight. What each node has at the source's paths (kind, size, checksum
// where sizes match), free space where each folder lives, locks, journals and leftovers of earlier
// runs, whether it shares the source's storage, and which hosts it reaches over ssh.
#pragma once

#include <atomic>
#include <functional>
#include <utility>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"
#include "ckptsync/source.h"

namespace vna::ckptsync {

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
    bool python = true;                                 // python3 runs there (what receives the bytes)
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

// Checksums on every node against the source (from a preflight).
struct VerifyRow
{
    QString node;
    QString file;
    QString sha256; // empty: missing, a link, or another size
    bool matches = false;
};
QList<VerifyRow> verify(const SourceData &source, const QList<NodeState> &nodes);

} // namespace vna::ckptsync
