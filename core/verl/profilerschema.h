// verl's NPU profiler configuration, by release (research/verl-internals.md §1): which keys exist,
// what each accepts, and the defaults. The generator and the linter both read this table.
#pragma once

#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "verl/version.h"

namespace vna::verl {

enum class Role { Actor, Ref, Rollout, Critic, Reward };

QList<Role> allRoles();
QString roleName(Role role); // the CLI word: actor, ref, rollout, critic, reward
Result<Role> parseRole(const QString &text, const QString &where);

enum class ValueKind {
    Bool,
    Int,
    NullableInt, // an int or null
    Path,
    Level,    // level_none | level0 | level1 | level2, a string
    Contents, // a list drawn from npu, cpu, memory, shapes, module, stack
    Tool,     // nsys | npu | torch | torch_memory
    Steps,    // a list of ints, or null
    Ranks,    // a list of ints
};

struct ConfigKey
{
    QString key;
    ValueKind kind;
};

// The profiler keys (and the bucket key) that exist in `version`.
QList<ConfigKey> profilerKeys(const Version &version);
std::optional<ConfigKey> findKey(const Version &version, const QString &key);
// Nodes whose every field is known: any other key under them is a mistake (typo or wrong version).
QStringList closedNodes(const Version &version);
// A key that exists in some release but not in `version`: what to write instead there (may be
// empty when there is no equivalent), or nothing when the key is not one we track.
std::optional<QString> movedKey(const Version &version, const QString &key);

// Where a role's settings live in `version`, e.g. "actor_rollout_ref.actor.profiler".
QString roleProfilerNode(const Version &version, Role role);
// Whether a role has its own tool_config.npu block (the reward model follows the actor's).
bool roleHasToolConfig(const Version &version, Role role);

QStringList allowedContents();
QStringList allowedLevels();
QStringList allowedTools();
QString defaultLevel(const Version &version);   // level1 before 0.7.0, level0 after
bool hasGlobalProfiler(const Version &version); // 0.6.0 and later
bool hasTokenRange(const Version &version);     // rollout profile_token_start/end: 0.9.0 and later
// What an empty contents list collects: CPU and NPU up to 0.9.0 (torch_npu's default), CPU only after.
bool emptyContentsCollectsNpu(const Version &version);

} // namespace vna::verl
