#include "profilerschema.h"

#include <QCoreApplication>

#include "verl/bucketfacts.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

const Version k060{0, 6, 0};
const Version k070{0, 7, 0};
const Version k090{0, 9, 0};

QString rolePrefix(Role role)
{
    switch (role) {
    case Role::Actor:
        return u"actor_rollout_ref.actor"_s;
    case Role::Ref:
        return u"actor_rollout_ref.ref"_s;
    case Role::Rollout:
        return u"actor_rollout_ref.rollout"_s;
    case Role::Critic:
        return u"critic"_s;
    case Role::Reward:
        return u"reward_model"_s;
    }
    return QString();
}

} // namespace

QList<Role> allRoles()
{
    return {Role::Actor, Role::Ref, Role::Rollout, Role::Critic, Role::Reward};
}

QString roleName(Role role)
{
    switch (role) {
    case Role::Actor:
        return u"actor"_s;
    case Role::Ref:
        return u"ref"_s;
    case Role::Rollout:
        return u"rollout"_s;
    case Role::Critic:
        return u"critic"_s;
    case Role::Reward:
        return u"reward"_s;
    }
    return QString();
}

Result<Role> parseRole(const QString &text, const QString &where)
{
    for (const Role role : allRoles()) {
        if (text.trimmed().compare(roleName(role), Qt::CaseInsensitive) == 0)
            return role;
    }
    return Error::input(QCoreApplication::translate("ProfilerSchema",
                                                    "Unknown role \"%1\" in %2: expected actor, ref, "
                                                    "rollout, critic or reward.")
                            .arg(text, where),
                        where);
}

QString roleProfilerNode(const Version &version, Role role)
{
    // Before 0.6 the actor, reference and rollout shared one block.
    if (!hasGlobalProfiler(version) && (role == Role::Actor || role == Role::Ref || role == Role::Rollout))
        return u"actor_rollout_ref.profiler"_s;
    return rolePrefix(role) + u".profiler"_s;
}

bool roleHasToolConfig(const Version &version, Role role)
{
    return hasGlobalProfiler(version) && role != Role::Reward;
}

QList<ConfigKey> profilerKeys(const Version &version)
{
    QList<ConfigKey> keys;
    keys.append({bucketFacts(version).configKey, ValueKind::Int});
    if (!hasGlobalProfiler(version)) {
        keys.append({u"trainer.profile_steps"_s, ValueKind::Steps});
        const QString options = u"trainer.npu_profile.options."_s;
        keys.append({options + u"save_path"_s, ValueKind::Path});
        keys.append({options + u"level"_s, ValueKind::Level});
        for (const char *flag :
             {"with_memory", "record_shapes", "with_npu", "with_cpu", "with_module", "with_stack", "analysis"})
            keys.append({options + QString::fromLatin1(flag), ValueKind::Bool});
        for (const QString &node :
             {u"actor_rollout_ref.profiler"_s, u"critic.profiler"_s, u"reward_model.profiler"_s}) {
            keys.append({node + u".discrete"_s, ValueKind::Bool});
            keys.append({node + u".all_ranks"_s, ValueKind::Bool});
            keys.append({node + u".ranks"_s, ValueKind::Ranks});
        }
        return keys;
    }
    keys.append({u"global_profiler.tool"_s, ValueKind::Tool});
    keys.append({u"global_profiler.steps"_s, ValueKind::Steps});
    keys.append({u"global_profiler.save_path"_s, ValueKind::Path});
    keys.append({u"global_profiler.profile_continuous_steps"_s, ValueKind::Bool});
    for (const Role role : allRoles()) {
        const QString node = roleProfilerNode(version, role);
        keys.append({node + u".enable"_s, ValueKind::Bool});
        keys.append({node + u".all_ranks"_s, ValueKind::Bool});
        keys.append({node + u".ranks"_s, ValueKind::Ranks});
        keys.append({node + u".tool"_s, ValueKind::Tool});
        keys.append({node + u".save_path"_s, ValueKind::Path});
        if (!roleHasToolConfig(version, role))
            continue;
        const QString npu = node + u".tool_config.npu."_s;
        keys.append({npu + u"contents"_s, ValueKind::Contents});
        keys.append({npu + u"level"_s, ValueKind::Level});
        keys.append({npu + u"analysis"_s, ValueKind::Bool});
        keys.append({npu + u"discrete"_s, ValueKind::Bool});
        if (role == Role::Rollout && hasTokenRange(version)) {
            keys.append({npu + u"profile_token_start"_s, ValueKind::NullableInt});
            keys.append({npu + u"profile_token_end"_s, ValueKind::NullableInt});
        }
    }
    return keys;
}

std::optional<ConfigKey> findKey(const Version &version, const QString &key)
{
    for (const ConfigKey &candidate : profilerKeys(version)) {
        if (candidate.key == key)
            return candidate;
    }
    return std::nullopt;
}

QStringList closedNodes(const Version &version)
{
    if (!hasGlobalProfiler(version))
        return {u"trainer.npu_profile.options"_s};
    QStringList nodes;
    for (const Role role : allRoles()) {
        if (roleHasToolConfig(version, role))
            nodes << roleProfilerNode(version, role) + u".tool_config.npu"_s;
    }
    return nodes;
}

std::optional<QString> movedKey(const Version &version, const QString &key)
{
    // The bucket setting moved under checkpoint_engine in 0.7.1.
    const QString bucket = bucketFacts(version).configKey;
    if (key.endsWith(u"update_weights_bucket_megabytes") && key.startsWith(u"actor_rollout_ref.rollout.")
        && key != bucket)
        return bucket;

    if (hasGlobalProfiler(version)) {
        if (key == u"trainer.profile_steps")
            return u"global_profiler.steps"_s;
        if (key == u"trainer.npu_profile.options.save_path")
            return u"global_profiler.save_path"_s;
        if (key.startsWith(u"trainer.npu_profile.options.")) {
            const QString field = key.section(u'.', -1);
            if (field == u"level" || field == u"analysis")
                return u"actor_rollout_ref.actor.profiler.tool_config.npu."_s + field;
            return u"actor_rollout_ref.actor.profiler.tool_config.npu.contents"_s;
        }
        if (key.startsWith(u"actor_rollout_ref.profiler."))
            return u"actor_rollout_ref.actor.profiler."_s + key.section(u'.', 2);
        if (!hasTokenRange(version) && (key.endsWith(u".profile_token_start") || key.endsWith(u".profile_token_end")))
            return QString(); // no equivalent before 0.9.0
        return std::nullopt;
    }
    if (key == u"global_profiler.steps")
        return u"trainer.profile_steps"_s;
    if (key == u"global_profiler.save_path")
        return u"trainer.npu_profile.options.save_path"_s;
    if (key.startsWith(u"global_profiler."))
        return QString();
    if (key.contains(u".profiler.tool_config.npu.")) {
        const QString field = key.section(u'.', -1);
        if (field == u"level" || field == u"analysis")
            return u"trainer.npu_profile.options."_s + field;
        if (field == u"discrete")
            return u"actor_rollout_ref.profiler.discrete"_s;
        return QString();
    }
    if (key.endsWith(u".profiler.enable"))
        return QString(); // 0.5 profiles the listed ranks of every role; there is no switch
    return std::nullopt;
}

QStringList allowedContents()
{
    return {u"npu"_s, u"cpu"_s, u"memory"_s, u"shapes"_s, u"module"_s, u"stack"_s};
}

QStringList allowedLevels()
{
    return {u"level_none"_s, u"level0"_s, u"level1"_s, u"level2"_s};
}

QStringList allowedTools()
{
    return {u"npu"_s, u"nsys"_s, u"torch"_s, u"torch_memory"_s};
}

QString defaultLevel(const Version &version)
{
    return version < k070 ? u"level1"_s : u"level0"_s;
}

bool hasGlobalProfiler(const Version &version)
{
    return !(version < k060);
}

bool hasTokenRange(const Version &version)
{
    return !(version < k090);
}

bool emptyContentsCollectsNpu(const Version &version)
{
    return !(k090 < version);
}

} // namespace vna::verl
