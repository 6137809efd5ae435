// Stage 1 of a sync: the source. Lists rank 0's checkpoint (this machine or a host) and checksums
// every file the other nodes need, reading each once in pieces.
#pragma once

#include <atomic>

#include <QList>
#include <QString>
#include <QStringList>

#include "ckptsync/discovery.h"
#include "ckptsync/options.h"
#include "common/result.h"
#include "ssh/ssh.h"

namespace vna::ckptsync {

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
    QStringList notes;            // translated: files refused or read through a link
    QList<Unreadable> unreadable; // read on resume and not readable here: fails every node that needs them
    int worldSize = 0;            // of the selected steps (0: unknown)
    QString worldSizeSource;
};

// Checksums every file at the source, reading it once in pieces: only regular files (a link is read
// through when it leads to one, and said so), no more bytes than the listing gave.
Result<SourceData> readSource(const Source &source,
                              const SourceSet &set,
                              const ssh::Options &ssh,
                              const std::atomic_bool *cancel = nullptr);

} // namespace vna::ckptsync
