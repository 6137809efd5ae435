// Inside the checkpoint sync: the scripts that run on a node during the transfer. A node receives
// its files on stdin (from this run) or pulls them from an upstream host (in a chain), writes each
// under a temporary name while it hashes it, and the commit switches them into place through a
// journal. The relay script runs on the upstream host and sends what it has or is receiving.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"

namespace vna::ckptsync::detail {

struct Upstream
{
    QString host;
    bool finalOnly = false; // it has the file already (the source, or a node where it was identical)
};

struct Transfer
{
    QString relative;
    QString sha;
    qint64 bytes = 0;
    int mode = 0644;
    QString before;    // the state the preflight saw at the destination
    qint64 offset = 0; // bytes already on the node, checked: the stream starts there
    qint64 mtimeMs = 0;
    QList<Upstream> from; // empty: the bytes come on stdin
};

// A node receives every file from other nodes, or every file from this run (routes are per node).
bool receivesFromNodes(const QList<Transfer> &transfers);
// The files' words for `mover.py send` on an upstream host (see nodescript.cpp).
QString relayArguments(const QString &root, const QList<Transfer> &transfers);
// What a node runs to receive, check and commit its files (see nodescript.cpp); `serves`: other nodes
// receive from this one; `hold`: the files are received and checked, then the run exits 23 before the
// commit (a file the node needs is missing at the source).
QString transferScript(const Options &options,
                       const QString &node,
                       bool serves,
                       const QList<Transfer> &transfers,
                       const QStringList &dirs,
                       const QString &run,
                       bool hold = false);

} // namespace vna::ckptsync::detail
