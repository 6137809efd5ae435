#include "profilerschema.h"

#include <algorithm>

#include <QCoreApplication>

#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

ValueKind kindOf(const QString &kind)
{
    static const QHash<QString, ValueKind> kinds{{u"bool"_s, ValueKind::Bool},
                                                 {u"int"_s, ValueKind::Int},
                                                 {u"positive_int"_s, ValueKind::PositiveInt},
                                                 {u"nullable_int"_s, ValueKind::NullableInt},
                                                 {u"float"_s, ValueKind::Float},
                                                 {u"path"_s, ValueKind::Path},
                                                 {u"string"_s, ValueKind::String},
                                                 {u"level"_s, ValueKind::Level},
                                                 {u"contents"_s, ValueKind::Contents},
                                                 {u"tool"_s, ValueKind::Tool},
                                                 {u"steps"_s, ValueKind::Steps},
                                                 {u"ranks"_s, ValueKind::Ranks},
                                                 {u"list"_s, ValueKind::List}};
    return kinds.value(kind, ValueKind::Any);
}

ConfigKey configKey(const VersionFacts &f, const KeyFact &k)
{
    ConfigKey key{k.key, kindOf(k.kind), {}, k.source, k.checked};
    if (key.kind == ValueKind::Level)
        key.choices = f.choices.value(u"level"_s).values;
    else if (key.kind == ValueKind::Contents)
        key.choices = f.choices.value(u"contents"_s).values;
    else if (key.kind == ValueKind::Tool)
        key.choices = f.choices.value(u"tool"_s).values;
    return key;
}

const VersionFacts &newest()
{
    static const VersionFacts empty;
    return allFacts().isEmpty() ? empty : allFacts().constLast();
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

std::optional<ConfigKey> findKey(const Version &version, const QString &key)
{
    const VersionFacts &f = factsFor(version);
    if (const KeyFact *k = f.key(key))
        return configKey(f, *k);
    return std::nullopt;
}

QList<ConfigKey> keysUnder(const Version &version, const QString &node)
{
    const VersionFacts &f = factsFor(version);
    QList<ConfigKey> list;
    for (const KeyFact &k : f.keys) {
        if (k.key.startsWith(node + u'.'))
            list.append(configKey(f, k));
    }
    std::sort(list.begin(), list.end(), [](const ConfigKey &a, const ConfigKey &b) { return a.key < b.key; });
    return list;
}

bool keyInAnyRelease(const QString &key)
{
    const QList<VersionFacts> &all = allFacts();
    return std::any_of(all.begin(), all.end(), [&key](const VersionFacts &f) { return f.keys.contains(key); });
}

QString settingKey(const Version &version, const QString &setting)
{
    return factsFor(version).setting(setting);
}

QString settingOf(const QString &key)
{
    // A key that kept its meaning is named by its latest use. A key several roles share (0.5's
    // actor_rollout_ref.profiler) is named for the actor.
    QStringList names;
    for (const VersionFacts &f : allFacts()) {
        QStringList here;
        for (auto s = f.settings.cbegin(); s != f.settings.cend(); ++s) {
            if (s.value() == key)
                here << s.key();
        }
        if (!here.isEmpty())
            names = here;
    }
    if (names.isEmpty())
        return QString();
    std::sort(names.begin(), names.end(), [](const QString &a, const QString &b) {
        const bool actorA = a.startsWith(u"actor.");
        const bool actorB = b.startsWith(u"actor.");
        return actorA != actorB ? actorA : a < b;
    });
    return names.constFirst();
}

bool hasRole(const Version &version, Role role)
{
    return factsFor(version).role(roleName(role)) != nullptr;
}

QString roleProfilerNode(const Version &version, Role role)
{
    const RoleNode *node = factsFor(version).role(roleName(role));
    return node ? node->node : QString();
}

bool hasGlobalProfiler(const Version &version)
{
    return !settingKey(version, u"tool"_s).isEmpty();
}

bool hasContinuousSteps(const Version &version)
{
    return !settingKey(version, u"continuous"_s).isEmpty();
}

bool hasTokenRange(const Version &version)
{
    return !settingKey(version, u"rollout.token_start"_s).isEmpty();
}

QStringList allowedContents(const Version &version)
{
    const QStringList values = factsFor(version).choices.value(u"contents"_s).values;
    // 0.5 has no contents list but one switch per item; the items are the same.
    return values.isEmpty() ? allowedContents() : values;
}

QStringList allowedContents()
{
    return newest().choices.value(u"contents"_s).values;
}

QStringList allowedLevels(const Version &version)
{
    return factsFor(version).choices.value(u"level"_s).values;
}

QStringList allowedLevels()
{
    return newest().choices.value(u"level"_s).values;
}

QStringList allowedTools(const Version &version)
{
    return factsFor(version).choices.value(u"tool"_s).values;
}

QString defaultLevel(const Version &version)
{
    const VersionFacts &f = factsFor(version);
    for (const QString &setting : {u"actor.level"_s, u"level"_s}) {
        if (const KeyFact *k = f.key(f.setting(setting)))
            return k->value.toString();
    }
    return QString();
}

bool emptyContentsCollectsNpu(const Version &version)
{
    const QString collects = factsFor(version).behaviourOf(u"empty_contents"_s);
    return collects.isEmpty() || collects.split(u',').contains(u"npu"_s);
}

} // namespace vna::verl
