// What a checkpoint sync is asked to do: the source, the nodes, how the bytes travel, and the
// names a run leaves on a node. Shared by every stage of the sync (source, preflight, plan, transfer,
// commit, report).
#pragma once

#include <atomic>
#include <functional>

#include <QList>
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

// ssh keep-alives during a sync, in seconds: three unanswered (about 10 s) end a connection whose link or
// host is down, and the nodes behind it go on from another.
inline constexpr int kAliveIntervalSec = 3;
// How long a canceled node gets to end its side by itself (what arrived kept, its lock released)
// before ssh is killed: enough for a connection still being set up under load, and not so long that
// Cancel seems ignored when the node does not answer.
inline constexpr int kCancelGraceMs = 10000;

// The names a run leaves on a node and recognises as its own.
inline constexpr auto kLockFile = ".verl-npu-assistant.lock";
inline constexpr auto kJournalFile = ".verl-npu-assistant-journal";
inline constexpr auto kTempInfix = ".vna-tmp-";
inline constexpr auto kMarkerPrefix = ".verl-npu-assistant-marker-";

// "user@host, pid N": who a lock names.
QString defaultRunBy();

} // namespace vna::ckptsync
