#include "configfacts.h"

#include <algorithm>

#include <QJsonDocument>
#include <QMutex>
#include <QMutexLocker>

#include "common/jsonreader.h"
#include "common/logging.h"
#include "common/resourcedata.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

ConfigNode::Type typeOf(const QString &t)
{
    static const QHash<QString, ConfigNode::Type> types{
        {u"bool"_s, ConfigNode::Type::Bool},
        {u"int"_s, ConfigNode::Type::Int},
        {u"float"_s, ConfigNode::Type::Float},
        {u"str"_s, ConfigNode::Type::String},
        {u"null"_s, ConfigNode::Type::Null},
        {u"list"_s, ConfigNode::Type::List},
        {u"dict"_s, ConfigNode::Type::Dict},
        {u"missing"_s, ConfigNode::Type::Missing},
        {u"interp"_s, ConfigNode::Type::Interpolation},
    };
    return types.value(t, ConfigNode::Type::Null);
}

// A fact's source for one release of its run: that release's tag, and its own line when the run
// records the line of each release.
QString sourceAt(const QJsonObject &fact, const QString &tag, qsizetype offset)
{
    QString src = fact.value(u"src"_s).toString();
    const qsizetype first = src.indexOf(u':');
    const qsizetype last = src.lastIndexOf(u':');
    if (first < 0 || last <= first)
        return src;
    const QJsonArray lines = fact.value(u"lines"_s).toArray();
    const QString line
        = offset >= 0 && offset < lines.size() ? QString::number(lines[offset].toInteger()) : src.mid(last + 1);
    return tag + src.mid(first, last - first + 1) + line;
}

ConfigNode nodeOf(const QString &key, const QJsonObject &fact, const QString &tag, qsizetype offset)
{
    ConfigNode node;
    node.key = key;
    node.type = typeOf(fact.value(u"t"_s).toString());
    node.value = fact.value(u"d"_s);
    node.interpolation = fact.value(u"i"_s).toString();
    node.source = sourceAt(fact, tag, offset);
    node.open = fact.value(u"open"_s).toBool();
    node.target = fact.value(u"target"_s).toString();
    return node;
}

// A source of a run of releases, for one of them: its tag in place of the run's first.
QString retag(const QString &src, const QString &tag)
{
    const qsizetype colon = src.indexOf(u':');
    return colon < 0 ? src : tag + src.mid(colon);
}

QString parentOf(const QString &key)
{
    const qsizetype dot = key.lastIndexOf(u'.');
    return dot < 0 ? QString() : key.left(dot);
}

QMutex &cacheMutex()
{
    static QMutex mutex;
    return mutex;
}

QMutex &parseMutex()
{
    static QMutex mutex;
    return mutex;
}

// Where each member's value of the object at the reader's position lies: {key: (offset, length)}.
bool memberSlices(JsonReader &reader, QHash<QString, std::pair<qsizetype, qsizetype>> &slices)
{
    if (!reader.beginObject())
        return false;
    QString key;
    while (reader.nextMember(key)) {
        const qsizetype from = reader.offset();
        if (!reader.skipBrackets())
            return false;
        slices.insert(key, {from, reader.offset() - from});
    }
    return !reader.failed();
}

} // namespace

QString typeName(ConfigNode::Type type)
{
    switch (type) {
    case ConfigNode::Type::Bool:
        return u"bool"_s;
    case ConfigNode::Type::Int:
        return u"int"_s;
    case ConfigNode::Type::Float:
        return u"float"_s;
    case ConfigNode::Type::String:
        return u"str"_s;
    case ConfigNode::Type::Null:
        return u"null"_s;
    case ConfigNode::Type::List:
        return u"list"_s;
    case ConfigNode::Type::Dict:
        return u"dict"_s;
    case ConfigNode::Type::Missing:
        return u"???"_s;
    case ConfigNode::Type::Interpolation:
        return u"${…}"_s;
    }
    return QString();
}

const ConfigNode *ComposedConfig::node(const QString &key) const
{
    const auto it = nodes.constFind(key);
    return it == nodes.cend() ? nullptr : &*it;
}

QStringList ComposedConfig::children(const QString &parent) const
{
    return m_children.value(parent);
}

QString ComposedConfig::existingAncestor(const QString &key) const
{
    QString at = key;
    while (!at.isEmpty()) {
        if (nodes.contains(at))
            return at;
        at = parentOf(at);
    }
    return QString();
}

QString ComposedConfig::dataclassNode(const QString &key) const
{
    QString at = existingAncestor(key);
    while (!at.isEmpty()) {
        const ConfigNode *n = node(at);
        if (n && !n->target.isEmpty())
            return at;
        at = parentOf(at);
    }
    return QString();
}

const ConfigGroup *ComposedConfig::group(const QString &name) const
{
    for (const ConfigGroup &g : groups) {
        if (g.name == name)
            return &g;
    }
    return nullptr;
}

const ConfigFacts &ConfigFacts::instance()
{
    static const ConfigFacts facts = [] {
        ConfigFacts f;
        const auto data = resourceData(u":/data/verl-config.json"_s);
        if (!data) {
            f.m_error = u"verl-config.json is missing from the program's resources"_s;
            log::core()->error("{}", f.m_error.toStdString());
            return f;
        }
        const QByteArray &text = *data;
        if (f.readLazily(text))
            return f;
        QJsonParseError error{};
        const QJsonDocument document = QJsonDocument::fromJson(text, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            f.m_error = u"verl-config.json: "_s + error.errorString();
            log::core()->error("{}", f.m_error.toStdString());
            return f;
        }
        f.read(document.object());
        return f;
    }();
    return facts;
}

bool ConfigFacts::readLazily(const QByteArray &json)
{
    JsonReader reader(json);
    if (!reader.beginObject())
        return false;
    // Every other member is small and read as before; read() uses only the objects and arrays, so the
    // scalars (schema, about …) are skipped.
    QJsonObject root;
    QString key;
    while (reader.nextMember(key)) {
        if (key == u"configs" || key == u"dataclasses") {
            if (!memberSlices(reader, key == u"configs" ? m_configAt : m_dataclassAt))
                return false;
            continue;
        }
        const JsonReader::Type type = reader.peek();
        const qsizetype from = reader.offset();
        if (!reader.skipValue())
            return false;
        if (type != JsonReader::Type::Object && type != JsonReader::Type::Array)
            continue;
        QJsonParseError error{};
        const QJsonDocument member = QJsonDocument::fromJson(json.mid(from, reader.offset() - from), &error);
        if (error.error != QJsonParseError::NoError)
            return false;
        root.insert(key, member.isObject() ? QJsonValue(member.object()) : QJsonValue(member.array()));
    }
    if (reader.failed() || !reader.atEnd() || m_configAt.isEmpty())
        return false;
    m_text = json;
    read(root);
    return m_error.isEmpty();
}

QJsonObject ConfigFacts::configFacts(const QString &id) const
{
    if (m_configAt.isEmpty())
        return m_configs.value(id).toObject();
    const auto at_ = m_configAt.constFind(id);
    if (at_ == m_configAt.cend())
        return {};
    QMutexLocker lock(&parseMutex());
    auto it = m_configParsed.find(id);
    if (it == m_configParsed.end())
        it = m_configParsed.insert(id, QJsonDocument::fromJson(m_text.mid(at_->first, at_->second)).object());
    return *it;
}

QJsonArray ConfigFacts::dataclassFacts(const QString &name) const
{
    if (m_dataclassAt.isEmpty())
        return m_dataclasses.value(name).toArray();
    const auto at_ = m_dataclassAt.constFind(name);
    if (at_ == m_dataclassAt.cend())
        return {};
    QMutexLocker lock(&parseMutex());
    auto it = m_dataclassParsed.find(name);
    if (it == m_dataclassParsed.end())
        it = m_dataclassParsed.insert(name, QJsonDocument::fromJson(m_text.mid(at_->first, at_->second)).array());
    return *it;
}

ConfigFacts ConfigFacts::fromJson(const QByteArray &json)
{
    ConfigFacts f;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        f.m_error = error.errorString();
        return f;
    }
    f.read(document.object());
    return f;
}

void ConfigFacts::read(const QJsonObject &root)
{
    for (const QJsonValue &r : root.value(u"releases"_s).toArray()) {
        const auto version = Version::parse(r.toObject().value(u"version"_s).toString(), u"verl-config.json"_s);
        if (!version) {
            m_error = version.error().message;
            m_releases.clear();
            return;
        }
        m_releases << *version;
        m_tags << r.toObject().value(u"tag"_s).toString();
    }
    m_programs = root.value(u"programs"_s).toArray();
    m_configs = root.value(u"configs"_s).toObject();
    m_failed = root.value(u"failed"_s).toObject();
    m_dataclasses = root.value(u"dataclasses"_s).toObject();
    m_values = root.value(u"values"_s).toObject();
    m_unbuilt = root.value(u"unbuilt"_s).toObject();
    m_specials = root.value(u"specials"_s).toObject();
    m_hydraKeys = root.value(u"hydra_keys"_s).toObject();
    m_hydraGroups = root.value(u"hydra_groups"_s).toObject();
    for (const QJsonValue &v : root.value(u"moves"_s).toArray()) {
        const QJsonObject m = v.toObject();
        const auto version = Version::parse(m.value(u"release"_s).toString(), u"verl-config.json"_s);
        m_moves.append({m.value(u"config"_s).toString(), m.value(u"from"_s).toString(), m.value(u"to"_s).toString(),
                        version ? *version : Version{}, m.value(u"src"_s).toString()});
    }
}

QString ConfigFacts::tag(qsizetype release) const
{
    return m_tags.value(release);
}

qsizetype ConfigFacts::releaseFor(const Version &version) const
{
    qsizetype found = -1;
    for (qsizetype i = 0; i < m_releases.size(); ++i) {
        if (!(version < m_releases[i]))
            found = i;
    }
    return found;
}

QJsonValue ConfigFacts::at(const QJsonArray &segments, qsizetype release)
{
    for (const QJsonValue &s : segments) {
        const QJsonArray segment = s.toArray();
        if (segment.size() >= 3 && segment[0].toInteger() <= release && release <= segment[1].toInteger())
            return segment[2];
    }
    return QJsonValue(QJsonValue::Undefined);
}

bool ConfigFacts::covers(const QJsonArray &ranges, qsizetype release)
{
    return std::any_of(ranges.begin(), ranges.end(), [release](const QJsonValue &r) {
        const QJsonArray range = r.toArray();
        return range.size() >= 2 && range[0].toInteger() <= release && release <= range[1].toInteger();
    });
}

namespace {

bool sameProgram(const QString &module, const QString &entry, bool isModule)
{
    if (isModule)
        return module == entry || module.endsWith(u'.' + entry);
    // A script path: verl/trainer/main_ppo.py, ./main_ppo.py, /abs/…/recipe/dapo/main_dapo.py.
    QString path = entry;
    if (path.startsWith(u"./"_s))
        path = path.mid(2);
    if (!path.endsWith(u".py"_s))
        return false;
    path.chop(3);
    path.replace(u'/', u'.');
    return module == path || module.endsWith(u'.' + path) || path.endsWith(u'.' + module);
}

} // namespace

QString ConfigFacts::programConfig(const QString &entry, bool module, qsizetype release) const
{
    for (const QJsonValue &v : m_programs) {
        const QJsonObject p = v.toObject();
        if (covers(p.value(u"r"_s).toArray(), release) && sameProgram(p.value(u"module"_s).toString(), entry, module))
            return p.value(u"config"_s).toString();
    }
    return QString();
}

QString ConfigFacts::programFolder(const QString &entry, bool module, qsizetype release) const
{
    return programConfig(entry, module, release).section(u'/', 0, -2);
}

QStringList ConfigFacts::programsOf(const QString &id, qsizetype release) const
{
    QStringList modules;
    for (const QJsonValue &v : m_programs) {
        const QJsonObject p = v.toObject();
        if (p.value(u"config"_s).toString() == id && covers(p.value(u"r"_s).toArray(), release))
            modules << p.value(u"module"_s).toString();
    }
    return modules;
}

bool ConfigFacts::hasConfig(const QString &id, qsizetype release) const
{
    return covers(configFacts(id).value(u"r"_s).toArray(), release);
}

QStringList ConfigFacts::configs(qsizetype release, bool failed) const
{
    QStringList ids;
    const QStringList all = m_configAt.isEmpty() ? m_configs.keys() : m_configAt.keys();
    for (const QString &id : all) {
        if (covers(configFacts(id).value(u"r"_s).toArray(), release))
            ids << id;
    }
    ids.sort();
    for (auto it = m_failed.begin(); failed && it != m_failed.end(); ++it) {
        if (at(it.value().toArray(), release).isString())
            ids << it.key();
    }
    return ids;
}

QString ConfigFacts::failure(const QString &id, qsizetype release) const
{
    return at(m_failed.value(id).toArray(), release).toString();
}

void ConfigFacts::applyKeys(ComposedConfig &config, const QJsonObject &keys, qsizetype release) const
{
    const QString tag = m_tags.value(release);
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        for (const QJsonValue &s : it.value().toArray()) {
            const QJsonArray segment = s.toArray();
            const qsizetype first = segment.size() >= 3 ? segment[0].toInteger() : -1;
            if (first >= 0 && first <= release && release <= segment[1].toInteger() && segment[2].isObject()) {
                config.nodes.insert(it.key(), nodeOf(it.key(), segment[2].toObject(), tag, release - first));
                break;
            }
        }
    }
}

Result<ComposedConfig> ConfigFacts::composeDefault(const QString &id, qsizetype release, int depth) const
{
    const QJsonObject c = configFacts(id);
    if (c.isEmpty() || !covers(c.value(u"r"_s).toArray(), release) || depth > 4)
        return Error::input(QString());
    ComposedConfig config;
    const QString base = at(c.value(u"base"_s).toArray(), release).toString();
    if (!base.isEmpty()) {
        auto composed = composeDefault(base, release, depth + 1);
        if (!composed)
            return composed.error();
        config = std::move(*composed);
        const QJsonObject dropped = c.value(u"drop"_s).toObject();
        for (auto it = dropped.begin(); it != dropped.end(); ++it) {
            if (covers(it.value().toArray(), release))
                config.nodes.remove(it.key());
        }
    }
    applyKeys(config, c.value(u"keys"_s).toObject(), release);
    config.groups.clear();
    const QJsonObject groups = c.value(u"groups"_s).toObject();
    for (auto it = groups.begin(); it != groups.end(); ++it) {
        const QJsonObject g = at(it.value().toArray(), release).toObject();
        if (g.isEmpty())
            continue;
        ConfigGroup group{it.key(), g.value(u"default"_s).toString(), {}};
        for (const QJsonValue &o : g.value(u"options"_s).toArray())
            group.options << o.toString();
        config.groups << group;
    }
    config.id = id;
    config.release = release;
    config.version = m_releases.value(release);
    config.tag = m_tags.value(release);
    return config;
}

bool ConfigFacts::applyVariant(ComposedConfig &config,
                               const QString &id,
                               const QString &override,
                               qsizetype release) const
{
    // The config's own difference, else its base's (kept once when they are the same).
    QString at_ = id;
    for (int depth = 0; depth < 4 && !at_.isEmpty(); ++depth) {
        const QJsonObject c = configFacts(at_);
        const QJsonObject variant = c.value(u"variants"_s).toObject().value(override).toObject();
        if (covers(variant.value(u"r"_s).toArray(), release)) {
            if (at(variant.value(u"error"_s).toArray(), release).isString())
                return false;
            const QJsonObject dropped = variant.value(u"drop"_s).toObject();
            for (auto it = dropped.begin(); it != dropped.end(); ++it) {
                if (covers(it.value().toArray(), release))
                    config.nodes.remove(it.key());
            }
            applyKeys(config, variant.value(u"keys"_s).toObject(), release);
            return true;
        }
        at_ = at(c.value(u"base"_s).toArray(), release).toString();
    }
    return false;
}

Result<ComposedConfig>
ConfigFacts::compose(const QString &id, qsizetype release, const QList<std::pair<QString, QString>> &choices) const
{
    // Kept: a config is a few thousand nodes and the linter asks for the same ones again and again
    // (copies share the data until they are changed).
    QString cacheKey = id + u'@' + QString::number(release);
    for (const auto &[name, option] : choices)
        cacheKey += u' ' + name + u'=' + option;
    {
        QMutexLocker lock(&cacheMutex());
        const auto it = m_composeCache.constFind(cacheKey);
        if (it != m_composeCache.cend())
            return *it;
    }
    auto made = composeUncached(id, release, choices);
    QMutexLocker lock(&cacheMutex());
    if (m_composeCache.size() > 512)
        m_composeCache.clear();
    m_composeCache.insert(cacheKey, made);
    return made;
}

Result<ComposedConfig> ConfigFacts::composeUncached(const QString &id,
                                                    qsizetype release,
                                                    const QList<std::pair<QString, QString>> &choices) const
{
    auto composed = composeDefault(id, release, 0);
    if (!composed)
        return composed;
    ComposedConfig config = std::move(*composed);
    for (const auto &[name, option] : choices) {
        ConfigGroup *group = nullptr;
        for (ConfigGroup &g : config.groups) {
            if (g.name == name)
                group = &g;
        }
        if (!group)
            continue;
        if (!group->options.contains(option))
            return Error::input(group->options.join(u", "_s), name);
        if (option != group->chosen && !applyVariant(config, id, name + u'=' + option, release))
            return Error::runtime(option, name);
        group->chosen = option;
    }
    for (auto it = config.nodes.cbegin(); it != config.nodes.cend(); ++it)
        config.m_children[parentOf(it.key())] << it.key();
    for (QStringList &list : config.m_children)
        list.sort();
    return config;
}

const ComposedConfig *ConfigFacts::composed(const QString &id, qsizetype release) const
{
    const QString cacheKey = id + u'@' + QString::number(release);
    {
        QMutexLocker lock(&cacheMutex());
        const auto it = m_composedCache.constFind(cacheKey);
        if (it != m_composedCache.cend())
            return &*it;
    }
    const auto made = compose(id, release);
    if (!made)
        return nullptr;
    QMutexLocker lock(&cacheMutex());
    auto it = m_composedCache.find(cacheKey);
    if (it == m_composedCache.end())
        it = m_composedCache.insert(cacheKey, *made);
    return &*it;
}

const Dataclass *ConfigFacts::dataclass(const QString &name, qsizetype release) const
{
    const QString cacheKey = name + u'@' + QString::number(release);
    QMutexLocker lock(&cacheMutex());
    auto it = m_dataclassCache.find(cacheKey);
    if (it == m_dataclassCache.end()) {
        const QJsonObject d = at(dataclassFacts(name), release).toObject();
        if (d.isEmpty())
            return nullptr;
        const QString tag = m_tags.value(release);
        Dataclass dataclass;
        dataclass.name = d.value(u"class"_s).toString();
        dataclass.source = retag(d.value(u"src"_s).toString(), tag);
        const QJsonObject fields = d.value(u"fields"_s).toObject();
        for (auto f = fields.begin(); f != fields.end(); ++f) {
            const QJsonObject o = f.value().toObject();
            dataclass.fields.insert(f.key(),
                                    {f.key(), o.value(u"type"_s).toString(), retag(o.value(u"src"_s).toString(), tag),
                                     o.value(u"literal"_s).toArray(), o.value(u"required"_s).toBool(),
                                     o.value(u"class"_s).toString()});
        }
        const QJsonObject checks = d.value(u"checks"_s).toObject();
        for (auto c = checks.begin(); c != checks.end(); ++c) {
            const QJsonObject o = c.value().toObject();
            dataclass.checks.insert(c.key(),
                                    {o.value(u"values"_s).toArray(), o.value(u"refused"_s).toArray(),
                                     retag(o.value(u"src"_s).toString(), tag), u"check"_s, QString()});
        }
        it = m_dataclassCache.insert(cacheKey, dataclass);
    }
    return &*it;
}

QStringList ConfigFacts::specialValues(const QString &field, qsizetype release) const
{
    QStringList values;
    for (const QJsonValue &v : at(m_specials.value(field).toArray(), release).toObject().value(u"values"_s).toArray())
        values << v.toString();
    return values;
}

QString ConfigFacts::unbuilt(const QString &node, qsizetype release) const
{
    const QJsonObject u = at(m_unbuilt.value(node).toArray(), release).toObject();
    if (u.isEmpty())
        return QString();
    return retag(u.value(u"src"_s).toString(), m_tags.value(release));
}

std::optional<AcceptedValues> ConfigFacts::codeValues(const QString &key, qsizetype release) const
{
    const QJsonObject v = at(m_values.value(key).toArray(), release).toObject();
    if (v.isEmpty())
        return std::nullopt;
    return AcceptedValues{v.value(u"values"_s).toArray(),
                          {},
                          retag(v.value(u"src"_s).toString(), m_tags.value(release)),
                          u"code"_s,
                          v.value(u"what"_s).toString()};
}

bool ConfigFacts::isHydraKey(const QString &key) const
{
    return m_hydraKeys.contains(key);
}

bool ConfigFacts::isHydraGroup(const QString &group) const
{
    return m_hydraGroups.contains(group);
}

QStringList ConfigFacts::hydraGroupOptions(const QString &group) const
{
    QStringList options;
    for (const QJsonValue &o : m_hydraGroups.value(group).toArray())
        options << o.toString();
    return options;
}

} // namespace vna::verl
