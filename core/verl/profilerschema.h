// verl's NPU profiler configuration, by release, as the facts file records it (verl/facts.h): which
// keys exist, what each accepts, the roles that have a profiler, and the names the generator and the
// linter use for the settings whose keys moved between releases.
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
QString roleName(Role role); // the CLI word and the facts' name: actor, ref, rollout, critic, reward
Result<Role> parseRole(const QString &text, const QString &where);

enum class ValueKind {
    Bool,
    Int,
    PositiveInt, // a size in MiB
    NullableInt, // an int ≥ 0 or null
    Float,
    Path,
    String,
    Level,    // one of the release's levels, a string
    Contents, // a list drawn from the release's contents items
    Tool,     // one of the release's profiler tools, or null
    Steps,    // a list of step numbers ≥ 1, or null
    Ranks,    // a list of ranks ≥ 0
    List,
    Any,
};

struct ConfigKey
{
    QString key;
    ValueKind kind = ValueKind::Any;
    QStringList choices; // Level, Contents, Tool: what verl accepts
    QString source;      // tag:path:line of the key in verl's config
    QString checkedAt;   // where verl checks the value's type (tag:path:line); empty: read as Python reads it
};

// A key of the release's tracked configuration (profiler nodes, the bucket), or nothing.
std::optional<ConfigKey> findKey(const Version &version, const QString &key);
// Every key directly or deeper under `node`.
QList<ConfigKey> keysUnder(const Version &version, const QString &node);
// Whether some known release has the key.
bool keyInAnyRelease(const QString &key);

// The key of a named setting ("steps", "tool", "actor.level", "contents.npu", "bucket" …) in the
// release, or empty when the release has no such setting.
QString settingKey(const Version &version, const QString &setting);
// The setting a key holds in the release it comes from (searched newest first), or empty.
QString settingOf(const QString &key);

bool hasRole(const Version &version, Role role);
// Where a role's settings live, e.g. "actor_rollout_ref.actor.profiler"; empty without a profiler.
QString roleProfilerNode(const Version &version, Role role);
bool hasGlobalProfiler(const Version &version); // global_profiler.tool: 0.6.0 and later
bool hasContinuousSteps(const Version &version);
bool hasTokenRange(const Version &version); // rollout profile_token_start/end: 0.9.0 and later

QStringList allowedContents(const Version &version);
QStringList allowedContents(); // the newest release's
QStringList allowedLevels(const Version &version);
QStringList allowedLevels();
QStringList allowedTools(const Version &version);
QString defaultLevel(const Version &version);
// What an empty contents list collects: CPU and NPU up to 0.9.0 (torch_npu's default), CPU only after.
bool emptyContentsCollectsNpu(const Version &version);

} // namespace vna::verl
