// What a verl checkpoint folder holds, from the list of its entries: the global_step_N folders, the
// tracker file, each role's Megatron dist_ckpt folders (v1 actor/dist_ckpt, v2
// actor/{model,optimizer,extra}/dist_ckpt), the world size the shards were written with, and which
// files a node needs from rank 0's node. Works the same on a local walk and on a remote `find`.
#pragma once

#include <optional>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::ckptsync {

// The files rank 0 writes into every Megatron dist checkpoint folder.
inline const QStringList kMetadataFiles{QStringLiteral("common.pt"), QStringLiteral(".metadata"),
                                        QStringLiteral("metadata.json")};
inline constexpr auto kTrackerFile = "latest_checkpointed_iteration.txt";

enum class Layout { Unknown, V1, V2 };

// One entry of a listing. Links are not followed at a destination; at the source a link is read
// through only when it leads to a regular file (`viaLink`).
struct Entry
{
    enum class Kind { Regular, Link, Folder, Special };
    QString path; // relative to the root
    Kind kind = Kind::Regular;
    qint64 size = 0;    // of the file (of a link's target at the source)
    qint64 mtimeMs = 0; // modification time
    int mode = 0644;    // permission bits
    bool viaLink = false;
    QString what; // for Special: "fifo", "character device", …; for Link: its target's kind
};

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
    qint64 bytes = 0;    // every regular file of the step
};

struct Discovery
{
    QString root;      // default_local_dir
    QList<Step> steps; // ascending
    QList<Entry> entries;
    bool trackerPresent = false;
    std::optional<int> tracker;  // the number in latest_checkpointed_iteration.txt, when read
    std::optional<int> onlyStep; // the user pointed at one global_step_N folder

    const Step *step(int number) const;
    const Step *latest() const; // the tracker's step when it exists, else the highest
    const Entry *entry(const QString &path) const;
};

// `root` is default_local_dir or one global_step_N inside it (then the root becomes its parent and
// onlyStep is set). Returns the root to list and the step, if any.
std::pair<QString, std::optional<int>> splitRoot(const QString &path);

Discovery discover(const QString &root, const QList<Entry> &entries, const QString &trackerText = QString());
// Regular files of size 0, for lists of names.
Discovery discover(const QString &root, const QStringList &files, const QString &trackerText = QString());

// Lists the entries under `root` without following links (a link's target is described), at most
// `maxDepth` levels down, relative to it.
Result<QList<Entry>> listLocal(const QString &root, int maxDepth = 8);

// The records of listingScript(), NUL-terminated.
QList<Entry> parseListing(const QByteArray &records);
// A POSIX sh fragment that prints every entry under the current folder's `dirs` (or all of it when
// `dirs` is empty) as parseListing() reads it; `followLinks` describes a link's target (for sources).
QString listingScript(const QStringList &dirs, bool followLinks);

struct Selection
{
    enum class Steps { Latest, All, One } steps = Steps::Latest;
    int step = 0;
    bool includeTracker = false; // also latest_checkpointed_iteration.txt
};

// "latest", "all" or a number.
Result<Selection> parseStepSelection(const QString &text);
// The steps the selection names; an error when it matches nothing (no steps, step not found).
Result<QList<const Step *>> selectedSteps(const Discovery &discovery, const Selection &selection);

// Why a node needs a file of rank 0's node, or why it keeps its own.
enum class Need {
    DistMetadata,  // common.pt, .metadata, metadata.json: rank 0 writes, every rank reads
    Weights,       // huggingface/ weights of the bridge (verl ≥ 0.7 default): rank 0 writes, every rank loads
    HfConfig,      // huggingface/ config, index, tokenizer: rank 0 writes
    Driver,        // data.pt and the tracker: the trainer process writes and reads them
    RankZeroOther, // written by rank 0 only and not read on resume (manifests, exports): copied so every node has the
                   // step
    PerRank,       // each rank writes and reads its own: stays on its node
};
Need needOf(const QString &relativePath);
// A process reads it when training resumes (every rank, or the trainer): a node cannot resume without it.
bool readOnResume(Need need);
QString needText(Need need); // translated
QString needId(Need need);   // stable, for JSON: "dist-metadata", "weights", …

struct SyncFile
{
    QString path; // relative to the root
    Need need = Need::RankZeroOther;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    int mode = 0644;
    bool viaLink = false;
};

// A file of the selection that is read on resume but cannot be read at the source (a device, a FIFO,
// a link to one): every node that would receive it cannot resume.
struct Unreadable
{
    QString path;
    Need need = Need::DistMetadata;
    QString why; // translated: "a link to a character device"
};

struct SourceSet
{
    QList<SyncFile> files;        // what every node needs from the source, in a stable order
    QStringList perRank;          // left on their node
    QStringList refused;          // translated: links to special files, special files no one reads on resume
    QList<Unreadable> unreadable; // read on resume, and not a file: the plan fails every node that needs them
    int worldSize = 0;            // the highest shard rank on the source node + 1: a lower bound only
    QString worldSizeSource;      // where an exact world size was read (empty here)
};

// The files to copy for the selection: every file of the selected steps except those each rank
// writes and reads for itself; an error when the selection matches nothing.
Result<SourceSet> filesToSync(const Discovery &discovery, const Selection &selection);

// World size from the shard names in a torch distributed checkpoint's .metadata (a pickle that
// names every __R_K.distcp file) or from a list of names; 0 when none is named.
int worldSizeFromNames(const QByteArray &text);

// Watch mode: steps of `now` whose every file has the same size and time as in `before` (the
// previous poll), with the tracker, when there is one, at that step or later: a save still being
// written is not picked up.
QList<int> completeSteps(const Discovery &before, const Discovery &now);
// A fingerprint of a step's files (names, sizes, times): a step synced before is synced again when
// this changes.
QString stepSignature(const Discovery &discovery, int step);

// Watch mode's memory from one poll to the next, the same for the CLI and the wizard.
class Watcher
{
public:
    struct Round
    {
        int step = 0;
        QStringList nodes;    // only these (the ones that failed); empty: every node
        bool changed = false; // synced before, and its files changed since
        QString signature;
    };
    // What to sync now: complete steps never synced, synced steps whose files changed, and the nodes
    // that failed on the others. The first poll only remembers the steps that already exist.
    QList<Round> poll(const Discovery &now);
    // After a round ran: the nodes that failed are tried again at the next poll.
    void done(const Round &round, const QStringList &failed);
    bool synced(int step) const { return m_synced.contains(step); }

private:
    std::optional<Discovery> m_previous;
    QMap<int, QString> m_synced;     // step -> signature of its files when synced
    QMap<int, QStringList> m_failed; // step -> nodes to try again
};

} // namespace vna::ckptsync
