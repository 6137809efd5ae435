// What a verl checkpoint folder holds, from the list of its files: the global_step_N folders, the
// tracker file, each role's layout (v1 actor/dist_ckpt, v2 actor/{model,optimizer,extra}/dist_ckpt),
// which Megatron metadata files each dist_ckpt folder has, and the world size its shards were
// written with. Works the same on a local walk and on a remote `find` listing.
#pragma once

#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::ckptsync {

// The files rank 0 writes that every node needs to load a Megatron dist checkpoint.
inline const QStringList kMetadataFiles{QStringLiteral("common.pt"), QStringLiteral(".metadata"),
                                        QStringLiteral("metadata.json")};
inline constexpr auto kTrackerFile = "latest_checkpointed_iteration.txt";

enum class Layout { Unknown, V1, V2 };

struct DistCkptDir
{
    QString path;        // relative to the root: global_step_5/actor/dist_ckpt
    QString role;        // actor, critic
    QStringList present; // which of kMetadataFiles exist
    int worldSize = 0;   // from __R_K.distcp shard names (highest R + 1); 0 when there are none
};

struct Step
{
    int number = 0;
    QString dir; // global_step_5
    Layout layout = Layout::Unknown;
    QList<DistCkptDir> dists;
    bool dataPt = false; // global_step_N/data.pt (the trainer's node only)
};

struct Discovery
{
    QString root;      // default_local_dir
    QList<Step> steps; // ascending
    bool trackerPresent = false;
    std::optional<int> tracker;  // the number in latest_checkpointed_iteration.txt, when read
    std::optional<int> onlyStep; // the user pointed at one global_step_N folder

    const Step *step(int number) const;
    const Step *latest() const; // the tracker's step when it exists, else the highest
};

// `root` is default_local_dir or one global_step_N inside it (then the root becomes its parent and
// onlyStep is set). Returns the root to list and the step, if any.
std::pair<QString, std::optional<int>> splitRoot(const QString &path);

// `files` are paths relative to the root ("global_step_5/actor/dist_ckpt/common.pt").
Discovery discover(const QString &root, const QStringList &files, const QString &trackerText = QString());

// Lists regular files under `root`, at most `maxDepth` levels down, relative to it.
Result<QStringList> listLocal(const QString &root, int maxDepth = 6);

struct Selection
{
    enum class Steps { Latest, All, One } steps = Steps::Latest;
    int step = 0;
    bool includeTracker = false; // also latest_checkpointed_iteration.txt and global_step_N/data.pt
};

// Watch mode: steps of `now` that are complete (every dist_ckpt folder has all metadata files) and
// looked the same in `before`, the previous poll: a save still being written is not picked up.
QList<int> completeSteps(const Discovery &before, const Discovery &now);

// "latest", "all" or a number.
Result<Selection> parseStepSelection(const QString &text);

struct SyncFile
{
    QString path;        // relative to the root
    bool present = true; // at the source; false: selected but missing there
};

// The files to copy for the selection, in a stable order; an error when the selection matches
// nothing (no steps, step not found).
Result<QList<SyncFile>> filesToSync(const Discovery &discovery, const Selection &selection);

} // namespace vna::ckptsync
