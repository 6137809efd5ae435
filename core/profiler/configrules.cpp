#include "configrules.h"

#include <algorithm>

#include <QDir>
#include <QJsonArray>

#include "common/editdistance.h"
#include "profiler/configsupport.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;
using vna::verl::ConfigNode;

namespace vna::profiler {

using namespace configsupport;

QString versionRange(const QList<verl::Version> &versions)
{
    // Consecutive releases joined: "0.5.0–0.7.0, 0.9.0".
    QStringList parts;
    const QList<verl::Version> all = verl::ConfigFacts::instance().releases();
    qsizetype i = 0;
    while (i < all.size()) {
        if (!versions.contains(all[i])) {
            ++i;
            continue;
        }
        qsizetype j = i;
        while (j + 1 < all.size() && versions.contains(all[j + 1]))
            ++j;
        parts << (i == j ? all[i].toString() : all[i].toString() + u'–' + all[j].toString());
        i = j + 1;
    }
    return parts.join(u", "_s);
}

LaunchConfig::LaunchConfig(const verl::Launch &launch, const verl::Version &version)
    : m_version{version}
{
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    if (!facts.isValid()) {
        m_unknown = tr("the config facts could not be loaded (%1)").arg(facts.error());
        return;
    }
    m_release = facts.releaseFor(version);
    if (m_release < 0) {
        m_unknown = tr("verl %1 is older than every release this build has read (the first is %2)")
                        .arg(version.toString(), facts.releases().constFirst().toString());
        return;
    }
    QString programConfig;
    QString programDir; // the folder of the program's file: --config-path is relative to it
    if (launch.fragment) {
        // Overrides pasted on their own: the PPO trainer's, the program the FAQ and most users run.
        programConfig = facts.programConfig(u"verl.trainer.main_ppo"_s, true, m_release);
    } else {
        programConfig = facts.programConfig(launch.entry, launch.module, m_release);
        QString entry = launch.entry;
        programDir = launch.module ? parentOf(entry).replace(u'.', u'/')
                                   : parentOf(entry.replace(u'/', u'.')).replace(u'.', u'/');
    }
    QString folder = programConfig.section(u'/', 0, -2);
    QString name = launch.configName.isEmpty() ? programConfig.section(u'/', -1) : launch.configName;
    if (!launch.configPath.isEmpty()) {
        // Relative to the program's file, as Hydra reads it; an absolute one is matched by its end.
        QString path = QDir::cleanPath(launch.configPath);
        if (path.startsWith(u"file://"_s))
            path = path.mid(7);
        if (!QDir::isAbsolutePath(path) && !programConfig.isEmpty()) {
            // The program's own folder is known from the facts' module name.
            const QString moduleDir = programConfig.section(u'/', 0, -2).section(u'/', 0, -2);
            path = QDir::cleanPath((programDir.isEmpty() ? moduleDir : programDir) + u'/' + path);
        }
        QString match;
        for (const QString &id : facts.configs(m_release, true)) {
            const QString dir = id.section(u'/', 0, -2);
            if ((path == dir || path.endsWith(u'/' + dir)) && dir.size() > match.size())
                match = dir;
        }
        if (match.isEmpty()) {
            m_unknown = tr("--config-path %1 is not a config folder of verl %2 or of the verl-recipe commit it pins")
                            .arg(launch.configPath, version.toString());
            return;
        }
        folder = match;
    }
    if (folder.isEmpty()) {
        m_unknown = tr("%1 is not a Hydra program of verl %2 or of the verl-recipe commit it pins, so its config "
                       "is not known")
                        .arg(launch.entry, facts.releases().value(m_release).toString());
        return;
    }
    if (name.endsWith(u".yaml"_s))
        name.chop(5);
    m_id = folder + u'/' + name;
    if (!facts.hasConfig(m_id, m_release)) {
        const QString failure = facts.failure(m_id, m_release);
        m_unknown = failure.isEmpty()
            ? tr("verl %1 has no config %2 in %3").arg(facts.releases().value(m_release).toString(), name, folder)
            : tr("Hydra could not compose %1 at %2 (%3)").arg(m_id, facts.tag(m_release), failure);
        return;
    }
    auto composed = facts.compose(m_id, m_release);
    if (!composed) {
        m_unknown = tr("the facts hold no composition of %1 at %2").arg(m_id, facts.tag(m_release));
        return;
    }
    m_config = std::move(*composed);
}

QString LaunchConfig::configId() const
{
    return m_id;
}

QString LaunchConfig::tag() const
{
    return m_config ? m_config->tag : QString();
}

QString LaunchConfig::describe() const
{
    if (!m_config)
        return QString();
    QStringList choices;
    for (const auto &[group, option] : m_choices)
        choices << group + u'=' + option;
    return choices.isEmpty() ? tr("%1 at %2").arg(m_id, m_config->tag)
                             : tr("%1 at %2 with %3").arg(m_id, m_config->tag, choices.join(u' '));
}

const ConfigNode *LaunchConfig::nodeOf(const QString &key) const
{
    if (!m_config || m_deleted.contains(key))
        return nullptr;
    return m_config->node(key);
}

bool LaunchConfig::exists(const QString &key) const
{
    return nodeOf(key) != nullptr || m_added.contains(key);
}

bool LaunchConfig::built(const QString &node) const
{
    // A node below one verl reads as plain config is not built either.
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    for (QString at = node; !at.isEmpty(); at = parentOf(at)) {
        if (!facts.unbuilt(at, m_release).isEmpty())
            return false;
    }
    return true;
}

bool LaunchConfig::isGroupChoice(const hydra::Override &o) const
{
    if (o.prefix == hydra::Override::Prefix::Delete || !o.value)
        return false;
    if (o.key.startsWith(u"hydra/"_s))
        return true;
    return m_config && m_config->group(o.key) != nullptr;
}

ConfigVerdict LaunchConfig::choose(const hydra::Override &o)
{
    ConfigVerdict verdict;
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    // An option is a name; anything else (a number, nothing) is shown as Hydra would read it.
    const QString option = o.value && o.value->type() == Value::Type::String && !o.value->toString().isEmpty()
        ? o.value->toString()
        : o.value ? hydra::describe(*o.value)
                  : QString();
    if (o.key.startsWith(u"hydra/"_s)) {
        const QStringList options = facts.hydraGroupOptions(o.key);
        if (!options.isEmpty() && !options.contains(option)) {
            verdict.findings.append(
                makeFinding(Finding::Severity::Error, u"group-option"_s,
                            tr("Hydra's group %1 has no option %2, so Hydra stops (\"Could not find "
                               "'%1/%2'\"); its options are %3.")
                                .arg(o.key, option, options.join(u", "_s)),
                            o.key));
            verdict.drop = true;
        }
        verdict.checked = !options.isEmpty();
        if (!verdict.checked)
            verdict.notChecked = tr("Hydra's group %1 is not one the facts list").arg(o.key);
        return verdict;
    }
    if (!m_config)
        return verdict;
    const verl::ConfigGroup *group = m_config->group(o.key);
    if (!group->options.contains(option) && !m_searchPath.isEmpty()) {
        // The package a group is written to (after @) is the one node its option fills.
        if (o.key.contains(u'@'))
            m_outsideNodes << o.key.section(u'@', 1);
        else
            m_unknownGroups << o.key + u'=' + option;
        verdict.checked = false;
        verdict.notChecked = tr("%1=%2 may come from %3, which the command's hydra.searchpath adds; config from "
                                "outside verl is not known")
                                 .arg(o.key, option, m_searchPath);
        return verdict;
    }
    if (!group->options.contains(option)) {
        const QString near = closest(option, group->options);
        hydra::Override fixed = o;
        fixed.value = Value::string(near);
        Finding f = makeFinding(
            Finding::Severity::Error, u"group-option"_s,
            tr("The config group %1 has no option %2 in verl %3, so Hydra stops (\"Could not find '%4/%2'\"); "
               "its options are %5.")
                .arg(o.key, option, m_version.toString(), o.key.section(u'@', 0, 0), group->options.join(u", "_s)),
            o.key);
        if (!near.isEmpty()) {
            setFixes(f, {fixed});
            verdict.instead = fixed;
        } else {
            verdict.drop = true;
        }
        verdict.findings.append(f);
        if (near.isEmpty())
            return verdict;
    }
    const QString chosen = verdict.instead ? verdict.instead->value->toString() : option;
    // The last choice of a group wins, as on Hydra's command line.
    m_choices.removeIf([&o](const std::pair<QString, QString> &c) { return c.first == o.key; });
    m_choices.append({o.key, chosen});
    auto composed = facts.compose(m_id, m_release, m_choices);
    if (!composed) {
        m_choices.removeLast();
        m_unknownGroups << o.key + u'=' + chosen;
        verdict.checked = false;
        verdict.notChecked = tr("the facts hold no composition of %1 with %2=%3").arg(m_id, o.key, chosen);
        return verdict;
    }
    m_config = std::move(*composed);
    invalidateKeys();
    return verdict;
}

std::optional<QJsonValue> LaunchConfig::defaultValue(const QString &key) const
{
    const ConfigNode *node = nodeOf(key);
    if (!node || node->type == ConfigNode::Type::Interpolation || node->type == ConfigNode::Type::Dict
        || node->type == ConfigNode::Type::Missing)
        return std::nullopt;
    return node->value;
}

void LaunchConfig::addSearchPath(const QString &outside)
{
    m_searchPath = outside;
}

QString LaunchConfig::movedTo(const QString &key) const
{
    if (!m_config)
        return QString();
    // Follow the moves forwards and backwards until a key this config has.
    QStringList seen{key};
    for (qsizetype i = 0; i < seen.size() && seen.size() < 16; ++i) {
        for (const verl::KeyMove &m : verl::ConfigFacts::instance().moves()) {
            QString next = m.from == seen[i] ? m.to : m.to == seen[i] ? m.from : QString();
            if (next.isEmpty() || seen.contains(next))
                continue;
            if (exists(next))
                return next;
            seen << next;
        }
    }
    return QString();
}

QString LaunchConfig::releasesWith(const QString &key) const
{
    const auto known = m_releasesWith.constFind(key);
    if (known != m_releasesWith.cend())
        return *known;
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    QList<verl::Version> with;
    const QList<verl::Version> all = facts.releases();
    for (qsizetype r = 0; r < all.size(); ++r) {
        const verl::ComposedConfig *c = facts.composed(m_id, r);
        if (c && c->node(key))
            with << all[r];
    }
    return *m_releasesWith.insert(key, versionRange(with));
}

QStringList LaunchConfig::otherConfigsWith(const QString &key) const
{
    const auto known = m_otherConfigsWith.constFind(key);
    if (known != m_otherConfigsWith.cend())
        return *known;
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    QStringList &found = m_otherConfigsWith[key];
    // The same config with another option of one of its groups (model_engine=megatron) …
    for (const verl::ConfigGroup &g : m_config->groups) {
        for (const QString &option : g.options) {
            if (option == g.chosen)
                continue;
            QList<std::pair<QString, QString>> choices = m_choices;
            choices.append({g.name, option});
            const auto variant = facts.compose(m_id, m_release, choices);
            if (variant && variant->node(key))
                found << g.name + u'=' + option;
        }
    }
    // … then the configs of verl's own programs, then the recipes'.
    QStringList ids = facts.configs(m_release);
    std::stable_sort(ids.begin(), ids.end(), [](const QString &a, const QString &b) {
        return a.startsWith(u"verl/"_s) && !b.startsWith(u"verl/"_s);
    });
    for (const QString &id : std::as_const(ids)) {
        if (id == m_id)
            continue;
        const verl::ComposedConfig *c = facts.composed(id, m_release);
        if (!c || !c->node(key))
            continue;
        const QStringList programs = facts.programsOf(id, m_release);
        found << (programs.isEmpty() ? tr("the config %1").arg(id)
                                     : tr("%1 (the config of %2)").arg(id, programs.join(u", "_s)));
    }
    return found;
}

QStringList LaunchConfig::similarKeys(const QString &key) const
{
    // Keys of the same node whose name holds every word of this one, in order: max_ckpt_to_keep →
    // max_actor_ckpt_to_keep, max_critic_ckpt_to_keep.
    const QStringList words = leafOf(key).split(u'_', Qt::SkipEmptyParts);
    QStringList found;
    if (words.size() < 2 || !m_config)
        return found;
    for (const QString &child : m_config->children(parentOf(key))) {
        const QStringList other = leafOf(child).split(u'_', Qt::SkipEmptyParts);
        qsizetype at = 0;
        for (const QString &w : other) {
            if (at < words.size() && w == words[at])
                ++at;
        }
        if (at == words.size() && other.size() > words.size())
            found << child;
    }
    return found.mid(0, 4);
}

QStringList LaunchConfig::keysNear() const
{
    // Every key of the config, and the ones added with + so far (kept until either changes).
    if (m_keysNear.isEmpty() && m_config) {
        m_keysNear = m_config->nodes.keys();
        m_keysNear += QStringList(m_added.begin(), m_added.end());
        m_keysNear.removeIf([this](const QString &k) { return m_deleted.contains(k) || k.endsWith(u"._target_"_s); });
    }
    return m_keysNear;
}

void LaunchConfig::invalidateKeys()
{
    m_keysNear.clear();
    m_nearKey.clear();
}

QString LaunchConfig::nearKey(const QString &key, const std::optional<hydra::Value> &value) const
{
    const auto known = m_nearKey.constFind(key);
    QString near = known != m_nearKey.cend() ? *known : *m_nearKey.insert(key, closest(key, keysNear()));
    if (near.isEmpty() || !value)
        return near;
    // Two keys as near (top_ for top_p and top_k): the one whose default is of the value's kind.
    const auto kindOf = [](ConfigNode::Type t) {
        return t == ConfigNode::Type::Float ? 1
            : t == ConfigNode::Type::Int    ? 2
            : t == ConfigNode::Type::Bool   ? 3
            : t == ConfigNode::Type::String ? 4
                                            : 0;
    };
    const int given = value->type() == hydra::Value::Type::Float ? 1
        : value->type() == hydra::Value::Type::Int               ? 2
        : value->type() == hydra::Value::Type::Bool              ? 3
        : value->type() == hydra::Value::Type::String            ? 4
                                                                 : 0;
    const ConfigNode *chosen = nodeOf(near);
    if (given == 0 || !chosen || kindOf(chosen->type) == given)
        return near;
    const int distance = editDistance(key, near, 3);
    for (const QString &sibling : m_config->children(parentOf(near))) {
        const ConfigNode *n = nodeOf(sibling);
        if (n && sibling != near && kindOf(n->type) == given && editDistance(key, sibling, distance) == distance)
            return sibling;
    }
    return near;
}

QString LaunchConfig::closest(const QString &key, const QStringList &candidates) const
{
    // A typo of the last part: none in a name of one or two letters, 1 edit up to 6 letters, 2 up to 16,
    // 3 beyond; a candidate at the same depth, the nearest first and, of equals, the one in the same node.
    const qsizetype length = leafOf(key).size();
    const int limit = length <= 2 ? 0 : length <= 6 ? 1 : length <= 16 ? 2 : 3;
    if (limit == 0)
        return QString();
    const qsizetype depth = key.count(u'.');
    QString best;
    int bestDistance = limit + 1;
    for (const QString &c : candidates) {
        if (std::abs(c.size() - key.size()) > limit || c == key || c.count(u'.') != depth)
            continue;
        const int d = editDistance(key, c, limit);
        if (d < bestDistance
            || (d == bestDistance && parentOf(c) == parentOf(key) && parentOf(best) != parentOf(key))) {
            bestDistance = d;
            best = c;
        }
    }
    return bestDistance <= limit ? best : QString();
}

ConfigVerdict LaunchConfig::check(const hydra::Override &o, bool valueKnown)
{
    ConfigVerdict verdict;
    if (!m_config) {
        verdict.checked = false;
        verdict.notChecked = m_unknown;
        return verdict;
    }
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    for (const QString &node : m_outsideNodes) {
        if (o.key == node || o.key.startsWith(node + u'.')) {
            verdict.checked = false;
            verdict.notChecked = tr("%1 is filled from %2, which the command's hydra.searchpath adds; config from "
                                    "outside verl is not known")
                                     .arg(node, m_searchPath);
            return verdict;
        }
    }
    if (!m_unknownGroups.isEmpty()) {
        verdict.checked = false;
        verdict.notChecked = m_searchPath.isEmpty()
            ? tr("the config group choice %1 is not in the facts, so the config it makes is not known")
                  .arg(m_unknownGroups.join(u", "_s))
            : tr("the config group choice %1 may come from %2, which the command's hydra.searchpath adds; config "
                 "from outside verl is not known")
                  .arg(m_unknownGroups.join(u", "_s), m_searchPath);
        return verdict;
    }
    if (o.key == u"hydra"_s || o.key.startsWith(u"hydra."_s)) {
        // Hydra's own settings: the same for every program.
        if (facts.isHydraKey(o.key) || o.prefix == hydra::Override::Prefix::Add
            || o.prefix == hydra::Override::Prefix::ForceAdd)
            return verdict;
        verdict.findings.append(makeFinding(
            Finding::Severity::Error, u"unknown-key"_s,
            tr("%1 is not one of Hydra's settings, so Hydra stops (\"Could not override '%1'\").").arg(o.key), o.key));
        verdict.drop = true;
        return verdict;
    }
    switch (o.prefix) {
    case hydra::Override::Prefix::Delete:
        if (!exists(o.key)) {
            verdict.findings.append(
                makeFinding(Finding::Severity::Error, u"delete-missing"_s,
                            tr("~%1 removes a key verl %2's config does not have, so Hydra stops (\"Could not "
                               "delete from config. '%1' does not exist.\").")
                                .arg(o.key, m_version.toString()),
                            o.key));
            verdict.drop = true;
            return verdict;
        }
        m_deleted.insert(o.key);
        m_added.remove(o.key);
        invalidateKeys();
        return verdict;
    case hydra::Override::Prefix::Add:
        if (exists(o.key) && plusRefused(o)) {
            hydra::Override plain = o;
            plain.prefix = hydra::Override::Prefix::None;
            Finding f = makeFinding(
                Finding::Severity::Error, u"plus-on-existing-key"_s,
                tr("+%1 adds a key that verl %2 already has; Hydra stops with \"Could not append to config. An "
                   "item is already at '%1'\". Drop the +.")
                    .arg(o.key, m_version.toString()),
                o.key);
            setFixes(f, {plain});
            verdict.findings.append(f);
            verdict.instead = plain;
            checkValue(plain, valueKnown, verdict);
            return verdict;
        }
        if (exists(o.key)) {
            checkValue(o, valueKnown, verdict); // Hydra sets it: its value is null, or a list or dict merges
            return verdict;
        }
        return added(o);
    case hydra::Override::Prefix::ForceAdd:
        if (exists(o.key)) {
            checkValue(o, valueKnown, verdict);
            return verdict;
        }
        return added(o);
    case hydra::Override::Prefix::None:
        break;
    }
    if (!exists(o.key))
        return missing(o);
    checkValue(o, valueKnown, verdict);
    return verdict;
}

bool LaunchConfig::plusRefused(const hydra::Override &o) const
{
    // hydra 1.3.2 _internal/config_loader_impl.py:370-385: +key is refused only when the key already holds
    // a value (not null, not ???) and the new value is not a list or dict, which merge into it.
    if (o.value && (o.value->type() == hydra::Value::Type::List || o.value->type() == hydra::Value::Type::Dict))
        return false;
    const ConfigNode *node = nodeOf(o.key);
    if (!node)
        return m_added.contains(o.key);
    switch (node->type) {
    case ConfigNode::Type::Null:
    case ConfigNode::Type::Missing:
        return false;
    case ConfigNode::Type::Interpolation: {
        // ${a.b} or ${oc.select:a.b,fallback}: null when what it points at is.
        QString target = node->interpolation.mid(2, node->interpolation.size() - 3);
        if (target.startsWith(u"oc.select:"_s))
            target = target.mid(10).section(u',', 0, 0);
        const ConfigNode *pointed = nodeOf(target.trimmed());
        return pointed && pointed->type != ConfigNode::Type::Null && pointed->type != ConfigNode::Type::Missing;
    }
    default:
        return true;
    }
}

ConfigVerdict LaunchConfig::added(const hydra::Override &o)
{
    ConfigVerdict verdict;
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    // The deepest node of the config the key lands in (keys added before it do not count: verl builds the
    // config's node with them in it), and the field of it the key adds.
    QString parent = parentOf(o.key);
    while (!parent.isEmpty() && !nodeOf(parent))
        parent = parentOf(parent);
    const QString field = (parent.isEmpty() ? o.key : o.key.mid(parent.size() + 1)).section(u'.', 0, 0);
    const ConfigNode *node = parent.isEmpty() ? nullptr : nodeOf(parent);
    // A key of another release (+rollout.update_weights_bucket_megabytes on 0.7.1): Hydra adds it, and verl
    // never reads it or refuses it; the key this release has in its place is what was meant.
    if (const QString moved = movedTo(o.key); !moved.isEmpty()) {
        hydra::Override fixed = o;
        fixed.key = moved;
        if (exists(moved))
            fixed.prefix = hydra::Override::Prefix::None;
        Finding f = makeFinding(Finding::Severity::Error, u"key-moved"_s,
                                tr("+%1 adds a key verl %2 does not read: %3. Write %4 instead.")
                                    .arg(o.key, m_version.toString(), moveNote(o.key, moved), moved),
                                o.key);
        setFixes(f, {fixed});
        verdict.findings.append(f);
        verdict.instead = fixed;
        return verdict;
    }
    for (QString k = o.key; !k.isEmpty() && !exists(k); k = parentOf(k))
        m_added.insert(k);
    invalidateKeys();

    if (node && !node->target.isEmpty() && built(parent)) {
        const verl::Dataclass *dataclass = facts.dataclass(node->target, m_release);
        if (!dataclass) {
            verdict.checked = false;
            verdict.notChecked
                = tr("%1 is built into %2, which could not be read from verl's source").arg(parent, node->target);
            return verdict;
        }
        if (!dataclass->fields.contains(field)) {
            QStringList fields = dataclass->fields.keys();
            fields.removeIf([](const QString &f) { return f.startsWith(u'_'); });
            fields.sort();
            const QString near = closest(field, fields);
            Finding f = makeFinding(
                Finding::Severity::Error, u"plus-on-dataclass"_s,
                tr("+%1 adds a key verl does not take: verl %2 builds %3 into %4 (%5), which has no field %6, and "
                   "stops at start-up (TypeError: __init__() got an unexpected keyword argument '%6').")
                    .arg(o.key, m_version.toString(), parent, dataclass->name, dataclass->source, field),
                o.key);
            if (!near.isEmpty()) {
                hydra::Override fixed = o;
                fixed.key = parent + u'.' + near + o.key.mid(parent.size() + 1 + field.size());
                if (exists(fixed.key))
                    fixed.prefix = hydra::Override::Prefix::None;
                f.message += u' ' + tr("Did you mean %1?").arg(fixed.key);
                setFixes(f, {fixed});
                verdict.instead = fixed;
            } else {
                verdict.drop = true;
            }
            verdict.findings.append(f);
        }
        return verdict;
    }
    if (node && (node->open || node->type != ConfigNode::Type::Dict))
        return verdict; // a node made for new keys (override_config, engine_kwargs …)
    // A plain node: Hydra adds the key and verl reads only the keys its code asks for. A near miss of an
    // existing key is most likely that key mistyped.
    QStringList existing = m_config->nodes.keys();
    existing.removeIf([this](const QString &k) { return m_deleted.contains(k); });
    const QString near = closest(o.key, existing);
    if (!near.isEmpty()) {
        hydra::Override fixed = o;
        fixed.key = near;
        fixed.prefix = hydra::Override::Prefix::None;
        Finding f = makeFinding(
            Finding::Severity::Warning, u"plus-new-key"_s,
            tr("+%1 adds a key verl %2's config does not have; Hydra accepts it, but verl reads only the keys its "
               "code asks for. Did you mean %3?")
                .arg(o.key, m_version.toString(), near),
            o.key);
        setFixes(f, {fixed});
        verdict.findings.append(f);
    }
    return verdict;
}

QString LaunchConfig::moveNote(const QString &key, const QString &moved) const
{
    for (const verl::KeyMove &m : verl::ConfigFacts::instance().moves()) {
        if (m.from == key && m.to == moved)
            return tr("in verl %1 it moved to %2 (%3)").arg(m.release.toString(), moved, m.source);
        if (m.to == key && m.from == moved)
            return tr("before verl %1 it was %2").arg(m.release.toString(), moved);
    }
    return tr("here it is %1").arg(moved);
}

ConfigVerdict LaunchConfig::missing(const hydra::Override &o)
{
    ConfigVerdict verdict;
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    const QString version = m_version.toString();
    const QString stop = tr("Hydra stops (\"Could not override '%1'\")").arg(o.key);
    const auto add = [&](const QString &rule, const QString &message, const std::optional<hydra::Override> &fix) {
        Finding f = makeFinding(Finding::Severity::Error, rule, message, o.key);
        if (fix) {
            setFixes(f, {*fix});
            verdict.instead = fix;
        } else {
            verdict.drop = true;
        }
        verdict.findings.append(f);
    };

    // 1. A key of another release that this one has under another name.
    const QString moved = movedTo(o.key);
    if (!moved.isEmpty()) {
        hydra::Override fixed = o;
        fixed.key = moved;
        add(u"key-moved"_s, tr("%1 is not a key of verl %2: %3; %4.").arg(o.key, version, stop, moveNote(o.key, moved)),
            fixed);
        return verdict;
    }
    // 2. A field of the dataclass the node is built into that the config file leaves out: + adds it.
    const QString parent = parentOf(o.key);
    if (const ConfigNode *node = nodeOf(parent); node && !node->target.isEmpty()) {
        const verl::Dataclass *dataclass = facts.dataclass(node->target, m_release);
        if (dataclass && dataclass->fields.contains(leafOf(o.key))) {
            hydra::Override fixed = o;
            fixed.prefix = hydra::Override::Prefix::Add;
            add(u"key-needs-plus"_s,
                tr("%1 is a field of %2 (%3) that verl %4's config file leaves out, so %5; add it with +.")
                    .arg(o.key, dataclass->name, dataclass->fields.value(leafOf(o.key)).source, version, stop),
                fixed);
            return verdict;
        }
    }
    // 3. A key of another release of this config.
    const QString releases = releasesWith(o.key);
    const QString near = nearKey(o.key, o.value);
    if (!releases.isEmpty()) {
        QString message = tr("%1 is a key of verl %2 but not of %3: %4.").arg(o.key, releases, version, stop);
        std::optional<hydra::Override> fix;
        if (!near.isEmpty()) {
            message += u' ' + tr("Did you mean %1?").arg(near);
            fix = o;
            fix->key = near;
        } else {
            message += u' ' + tr("Nothing in verl %1 takes its place; leave it out.").arg(version);
        }
        add(u"key-not-in-version"_s, message, fix);
        return verdict;
    }
    // 4. A key of another config of this release (the SFT trainer's, the Megatron one's …).
    const QStringList similar = similarKeys(o.key);
    const QStringList others = otherConfigsWith(o.key);
    if (!others.isEmpty() && near.isEmpty()) {
        QString message = tr("%1 is not a key of %2 in verl %3: %4. It is a key of %5.")
                              .arg(o.key, m_id.section(u'/', -1), version, stop, others.mid(0, 2).join(u"; "_s));
        if (!similar.isEmpty())
            message += u' ' + tr("Here the keys closest to it are %1.").arg(similar.join(u", "_s));
        add(u"key-of-other-config"_s, message, std::nullopt);
        return verdict;
    }
    // 5. A typo.
    std::optional<hydra::Override> fix;
    QString message = tr("%1 is not a key of %2 in verl %3, so %4.").arg(o.key, m_id.section(u'/', -1), version, stop);
    if (!near.isEmpty()) {
        message += u' ' + tr("Did you mean %1?").arg(near);
        fix = o;
        fix->key = near;
    } else if (!similar.isEmpty()) {
        message += u' ' + tr("The keys closest to it are %1.").arg(similar.join(u", "_s));
    } else {
        const QString at = m_config->existingAncestor(o.key);
        QStringList fields;
        for (const QString &child : m_config->children(at)) {
            if (!child.endsWith(u"._target_"_s))
                fields << leafOf(child);
        }
        if (!at.isEmpty() && !fields.isEmpty() && fields.size() <= 40)
            message += u' ' + tr("The keys of %1 are %2.").arg(at, fields.join(u", "_s));
    }
    add(u"unknown-key"_s, message, fix);
    if (fix)
        checkValue(*fix, true, verdict);
    return verdict;
}

} // namespace vna::profiler
