#include "facts.h"

#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "common/logging.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

SourcedValue sourced(const QJsonObject &o, const QString &valueField)
{
    return SourcedValue{o.value(valueField).toString(), o.value(u"source"_s).toString()};
}

QList<EntryPoint> entryPoints(const QJsonArray &array)
{
    QList<EntryPoint> list;
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        list.append({o.value(u"module"_s).toString(), o.value(u"file"_s).toString(), o.value(u"config"_s).toString(),
                     o.value(u"source"_s).toString()});
    }
    return list;
}

Requirement requirement(const QJsonObject &o, const QString &kind)
{
    return {o.value(u"package"_s).toString(), o.value(u"spec"_s).toString(), o.value(u"kind"_s).toString(kind),
            o.value(u"source"_s).toString(), o.value(u"text"_s).toString()};
}

VersionFacts readVersion(const QJsonObject &o)
{
    VersionFacts f;
    const auto version = Version::parse(o.value(u"version"_s).toString(), u"verl-facts.json"_s);
    f.version = version ? *version : Version{};
    f.tag = o.value(u"tag"_s).toString();
    f.commit = o.value(u"commit"_s).toString();
    f.config = o.value(u"config"_s).toString();
    f.npuProfiler = o.value(u"npu_profiler"_s).toBool();
    for (const QJsonValue &v : o.value(u"roles"_s).toArray()) {
        const QJsonObject r = v.toObject();
        f.roles.append({r.value(u"role"_s).toString(), r.value(u"node"_s).toString(), r.value(u"source"_s).toString()});
    }
    const QJsonObject settings = o.value(u"settings"_s).toObject();
    for (auto it = settings.begin(); it != settings.end(); ++it)
        f.settings.insert(it.key(), it.value().toString());
    const QJsonObject keys = o.value(u"keys"_s).toObject();
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        const QJsonObject k = it.value().toObject();
        KeyFact key;
        key.key = it.key();
        key.kind = k.value(u"kind"_s).toString();
        key.value = k.value(u"default"_s);
        key.interpolation = k.value(u"interpolation"_s).toString();
        key.hasFallback = k.contains(u"fallback"_s);
        key.fallback = k.value(u"fallback"_s);
        key.source = k.value(u"source"_s).toString();
        key.checked = k.value(u"checked"_s).toString();
        f.keys.insert(key.key, key);
    }
    const QJsonObject nodes = o.value(u"nodes"_s).toObject();
    for (auto it = nodes.begin(); it != nodes.end(); ++it)
        f.nodes.insert(it.key(), it.value().toString());
    const QJsonObject interpolated = o.value(u"interpolated_nodes"_s).toObject();
    for (auto it = interpolated.begin(); it != interpolated.end(); ++it)
        f.interpolated.insert(it.key(), sourced(it.value().toObject(), u"target"_s));
    const QJsonObject choices = o.value(u"choices"_s).toObject();
    for (auto it = choices.begin(); it != choices.end(); ++it) {
        Choices c;
        for (const QJsonValue &v : it.value().toObject().value(u"values"_s).toArray())
            c.values << v.toString();
        c.source = it.value().toObject().value(u"source"_s).toString();
        f.choices.insert(it.key(), c);
    }
    const QJsonObject messages = o.value(u"messages"_s).toObject();
    for (auto it = messages.begin(); it != messages.end(); ++it)
        f.messages.insert(it.key(), sourced(it.value().toObject(), u"text"_s));
    const QJsonObject behaviour = o.value(u"behaviour"_s).toObject();
    for (auto it = behaviour.begin(); it != behaviour.end(); ++it)
        f.behaviour.insert(it.key(), sourced(it.value().toObject(), u"value"_s));
    f.versionFile = sourced(o.value(u"version_file"_s).toObject(), u"value"_s);
    f.entryPoints = entryPoints(o.value(u"entry_points"_s).toArray());
    f.notHydra = entryPoints(o.value(u"not_hydra"_s).toArray());
    const QJsonObject required = o.value(u"requires"_s).toObject();
    for (const QJsonValue value : required.value(u"hard"_s).toArray())
        f.requirements << requirement(value.toObject(), QString());
    for (const QJsonValue value : required.value(u"stacks"_s).toArray()) {
        const QJsonObject stack = value.toObject();
        GuideStack one{stack.value(u"name"_s).toString(), stack.value(u"guide"_s).toString(), {}};
        for (const QJsonValue pin : stack.value(u"pins"_s).toArray())
            one.pins << requirement(pin.toObject(), u"guide"_s);
        f.stacks << one;
    }
    return f;
}

struct Loaded
{
    QList<VersionFacts> versions;
    QList<EntryPoint> recipes;
};

Loaded load()
{
    QFile file(u":/data/verl-facts.json"_s);
    Loaded loaded;
    if (!file.open(QIODevice::ReadOnly)) {
        log::core()->critical("The verl facts are missing from the program's resources.");
        return loaded;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError) {
        log::core()->critical("The verl facts in the program's resources are not JSON: {}",
                              error.errorString().toStdString());
        return loaded;
    }
    for (const QJsonValue &v : document.object().value(u"versions"_s).toArray())
        loaded.versions.append(readVersion(v.toObject()));
    std::sort(loaded.versions.begin(), loaded.versions.end(),
              [](const VersionFacts &a, const VersionFacts &b) { return a.version < b.version; });
    loaded.recipes = entryPoints(document.object().value(u"recipe"_s).toObject().value(u"entry_points"_s).toArray());
    return loaded;
}

const Loaded &loaded()
{
    static const Loaded facts = load();
    return facts;
}

} // namespace

const Requirement *GuideStack::pin(const QString &package) const
{
    const auto it = std::find_if(pins.begin(), pins.end(), [&](const Requirement &r) { return r.package == package; });
    return it == pins.end() ? nullptr : &*it;
}

const KeyFact *VersionFacts::key(const QString &name) const
{
    const auto it = keys.constFind(name);
    return it == keys.constEnd() ? nullptr : &*it;
}

QString VersionFacts::setting(const QString &name) const
{
    return settings.value(name);
}

QString VersionFacts::behaviourOf(const QString &name) const
{
    return behaviour.value(name).value;
}

QString VersionFacts::sourceOf(const QString &name) const
{
    return behaviour.value(name).source;
}

const RoleNode *VersionFacts::role(const QString &name) const
{
    for (const RoleNode &r : roles) {
        if (r.role == name)
            return &r;
    }
    return nullptr;
}

namespace {

// The deepest node strictly above `key` that the map holds, or empty.
template <typename Map>
QString deepestAncestor(const QString &key, const Map &map)
{
    QString node = key;
    while (node.contains(u'.')) {
        node = node.section(u'.', 0, -2);
        if (map.contains(node))
            return node;
    }
    return QString();
}

} // namespace

QString VersionFacts::closedAncestor(const QString &key) const
{
    return deepestAncestor(key, nodes);
}

QString VersionFacts::interpolatedAncestor(const QString &key) const
{
    return deepestAncestor(key, interpolated);
}

QString VersionFacts::followedKey(const QString &key) const
{
    const QString node = interpolatedAncestor(key);
    return node.isEmpty() ? QString() : interpolated.value(node).value + key.mid(node.size());
}

const QList<VersionFacts> &allFacts()
{
    return loaded().versions;
}

const QList<EntryPoint> &recipeEntryPoints()
{
    return loaded().recipes;
}

const VersionFacts &factsFor(const Version &version)
{
    static const VersionFacts empty;
    const QList<VersionFacts> &all = allFacts();
    if (all.isEmpty())
        return empty;
    const VersionFacts *found = &all.constFirst();
    for (const VersionFacts &f : all) {
        if (!(version < f.version))
            found = &f;
    }
    return *found;
}

bool isKnownRelease(const Version &version)
{
    const QList<VersionFacts> &all = allFacts();
    return std::any_of(all.begin(), all.end(), [&](const VersionFacts &f) { return f.version == version; });
}

bool olderThanFacts(const Version &version)
{
    const QList<VersionFacts> &all = allFacts();
    return !all.isEmpty() && version < all.constFirst().version;
}

Version firstWithNpuProfiler()
{
    for (const VersionFacts &f : allFacts()) {
        if (f.npuProfiler)
            return f.version;
    }
    return Version{};
}

} // namespace vna::verl
