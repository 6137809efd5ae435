// Copying rank 0's checkpoint metadata to every node: reading the source (this machine or a host),
// a preflight per node, the plan, the transfer (temporary name, sha256 checked on the node, renamed
// into place, a differing file kept as NAME.bak-<time>), verify-only, the equivalent scp/clush/pdcp
// commands, and the audit record. Every remote command is built with shell::quote.
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

struct Options
{
    Source source;
    QStringList nodes;
    ssh::Options ssh;
    Selection selection;
    int jobs = 16;
    int timeoutSec = 120; // per node
    int retries = 2;      // for transient failures only
};

// Lists and reads the source. Files larger than this are refused (metadata files are small).
inline constexpr qint64 kMaxFileBytes = 4LL * 1024 * 1024 * 1024;

Result<Discovery>
discoverSource(const Source &source, const ssh::Options &ssh, const std::atomic_bool *cancel = nullptr);

struct SourceFile
{
    QString path;
    bool present = false;
    QByteArray content;
    QString sha256;
};
Result<QList<SourceFile>> readSource(const Source &source,
                                     const QList<SyncFile> &files,
                                     const ssh::Options &ssh,
                                     const std::atomic_bool *cancel = nullptr);

enum class DirState { Writable, ReadOnly, Creatable, Blocked };

struct NodeState
{
    QString node;
    bool reachable = false;
    QString error; // translated, when not reachable
    ssh::Failure failure = ssh::Failure::None;
    bool shared = false; // the source's marker is visible: same filesystem
    std::optional<qint64> freeBytes;
    QMap<QString, DirState> dirs;  // relative folder -> state
    QMap<QString, QString> sha256; // relative file -> checksum; empty when absent
};

// `finished`: the node is done (its final status or error is the message).
using Progress = std::function<void(const QString &node, const QString &message, bool finished)>;

// Writes a marker file into the source root for shared-storage detection (and removes it after).
QList<NodeState> preflight(const Options &options,
                           const QList<SourceFile> &files,
                           const std::atomic_bool *cancel = nullptr,
                           const Progress &progress = {});

enum class Action { Copy, SkipIdentical, Replace, MissingAtSource, SkipShared, Unreachable };
QString actionId(Action action);   // "copy", "skip", … (stable, for JSON)
QString actionText(Action action); // translated

struct PlanItem
{
    QString node;
    QString file;
    Action action = Action::Copy;
    qint64 bytes = 0;
    QString reason; // why a node is unreachable, from its preflight
};
QList<PlanItem> buildPlan(const QList<SourceFile> &files, const QList<NodeState> &nodes);
// Translated problems the plan cannot fix (read-only folders, too little space), per node.
QMap<QString, QStringList> planProblems(const QList<SourceFile> &files, const QList<NodeState> &nodes);

struct FileResult
{
    QString path;
    Action action = Action::Copy;
    QString sha256;
    qint64 bytes = 0;
    QString backup; // NAME.bak-<time> when a differing file was kept
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
};
QString statusId(NodeResult::Status status);

// Runs the plan; nodes in parallel (options.jobs), files of a node in order. Retries transient
// failures with backoff; a cancel stops every node and leaves no temporary file behind.
QList<NodeResult> execute(const Options &options,
                          const QList<PlanItem> &plan,
                          const QList<SourceFile> &files,
                          const std::atomic_bool *cancel = nullptr,
                          const Progress &progress = {});

// Checksums on every node against the source (from a preflight).
struct VerifyRow
{
    QString node;
    QString file;
    QString sha256; // empty: missing
    bool matches = false;
};
QList<VerifyRow> verify(const QList<SourceFile> &files, const QList<NodeState> &nodes);

// Bash: an scp loop; Clush/Pdcp: their copy commands; Hook: a post-save script that runs `sync`.
enum class ScriptKind { Bash, Clush, Pdcp, Hook };
Result<ScriptKind> parseScriptKind(const QString &word);
QString exportScript(ScriptKind kind, const Options &options, const QList<SourceFile> &files);

QJsonObject toJson(const QList<PlanItem> &plan, const QList<NodeResult> &results);
// Appends the run to <app data>/sync-audit.jsonl and, for a local source, <root>/.verl-npu-assistant-sync.jsonl.
Status writeAudit(const Options &options, const QList<PlanItem> &plan, const QList<NodeResult> &results);
QString auditFile();

} // namespace vna::ckptsync
