#include "migrate.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSet>

#include "verl/configfacts.h"

using namespace Qt::StringLiterals;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Migration)
};

// Rules whose errors say the target release does not take the key or the value.
bool keyRule(const QString &rule)
{
    static const QSet<QString> rules{
        u"key-moved"_s,        u"key-not-in-version"_s, u"key-of-other-config"_s,  u"unknown-key"_s,
        u"key-needs-plus"_s,   u"plus-on-dataclass"_s,  u"plus-on-existing-key"_s, u"group-option"_s,
        u"interpolated-node"_s};
    return rules.contains(rule);
}

QString where(const Finding &f)
{
    return u"%1:%2:%3"_s.arg(f.line).arg(f.column).arg(f.rule);
}

QString valueText(const verl::ConfigNode &node)
{
    if (!node.interpolation.isEmpty())
        return node.interpolation;
    if (node.type == verl::ConfigNode::Type::Missing)
        return u"???"_s;
    const QJsonValue &v = node.value;
    if (v.isArray() || v.isObject())
        return QString::fromUtf8(QJsonDocument::fromVariant(v.toVariant()).toJson(QJsonDocument::Compact));
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? u"true"_s : u"false"_s;
    if (v.isDouble())
        return QString::number(v.toDouble());
    return u"null"_s;
}

// The defaults that differ between two releases of a launch's config, for keys the script leaves alone.
void defaultChanges(const LaunchReport &launch,
                    const verl::Version &from,
                    const verl::Version &to,
                    QList<MigrationItem> &items)
{
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    if (launch.configId.isEmpty())
        return;
    const auto before = facts.compose(launch.configId, facts.releaseFor(from), launch.choices);
    const auto after = facts.compose(launch.configId, facts.releaseFor(to), launch.choices);
    if (!before || !after)
        return;
    const QSet<QString> set(launch.keys.begin(), launch.keys.end());
    QStringList keys = after->nodes.keys();
    keys.sort();
    for (const QString &key : std::as_const(keys)) {
        const verl::ConfigNode &now = after->nodes.value(key);
        const verl::ConfigNode *was = before->node(key);
        if (!was || now.type == verl::ConfigNode::Type::Dict || key.endsWith(u"._target_"_s))
            continue;
        bool setByScript = set.contains(key);
        for (QString k = key; !setByScript && k.contains(u'.');) {
            k = k.section(u'.', 0, -2);
            setByScript = set.contains(k);
        }
        // An interpolation's value is only known when the config is resolved: not counted as a change.
        if (setByScript || (was->value == now.value && was->interpolation == now.interpolation)
            || !was->interpolation.isEmpty() || !now.interpolation.isEmpty())
            continue;
        MigrationItem item;
        item.kind = MigrationItem::Kind::DefaultChanged;
        item.key = key;
        item.from = valueText(*was);
        item.to = valueText(now);
        item.source = now.source;
        items.append(item);
    }
}

} // namespace

Result<Migration>
migrate(const QString &script, const verl::Version &from, const verl::Version &to, const std::atomic_bool *cancel)
{
    const auto before = lint(script, from, cancel);
    if (!before)
        return before.error();
    const auto after = lint(script, to, cancel);
    if (!after)
        return after.error();
    Migration migration;
    migration.from = from;
    migration.to = to;
    migration.report = *after;

    // What the source release refuses too is not the move's doing.
    QSet<QString> wrongBefore;
    for (const Finding &f : before->findings) {
        if (f.severity == Finding::Severity::Error)
            wrongBefore.insert(u"%1:%2"_s.arg(f.line).arg(f.column));
    }
    QSet<QString> seen;
    for (const Finding &f : after->findings) {
        if (f.severity != Finding::Severity::Error || seen.contains(where(f)))
            continue;
        seen.insert(where(f));
        MigrationItem item;
        item.key = f.key;
        item.message = f.message;
        item.line = f.line;
        item.column = f.column;
        const bool renamed = keyRule(f.rule) && !f.fixes.isEmpty() && f.fixes.constFirst().key != f.key;
        const bool removed = keyRule(f.rule) && f.fixes.isEmpty();
        if (wrongBefore.contains(u"%1:%2"_s.arg(f.line).arg(f.column)))
            item.kind = MigrationItem::Kind::AlreadyWrong;
        else if (renamed)
            item.kind = MigrationItem::Kind::Renamed;
        else if (removed)
            item.kind = MigrationItem::Kind::Removed;
        else
            item.kind = MigrationItem::Kind::Refused; // a value, or a key rule whose fix keeps the key
        if (!f.fixes.isEmpty())
            item.to = f.fixes.constFirst().key;
        migration.items.append(item);
    }
    for (const LaunchReport &launch : after->launches)
        defaultChanges(launch, from, to, migration.items);
    return migration;
}

QString migrationSummary(const Migration &migration)
{
    int renamed = 0;
    int removed = 0;
    int refused = 0;
    int already = 0;
    int defaults = 0;
    for (const MigrationItem &item : migration.items) {
        switch (item.kind) {
        case MigrationItem::Kind::Renamed:
            ++renamed;
            break;
        case MigrationItem::Kind::Removed:
            ++removed;
            break;
        case MigrationItem::Kind::Refused:
            ++refused;
            break;
        case MigrationItem::Kind::AlreadyWrong:
            ++already;
            break;
        case MigrationItem::Kind::DefaultChanged:
            ++defaults;
            break;
        }
    }
    QString text = Text::tr("Moving from verl %1 to %2: %3 renamed, %4 removed, %5 refused by %2; %6 default(s) "
                            "changed for keys the script does not set.")
                       .arg(migration.from.toString(), migration.to.toString())
                       .arg(renamed)
                       .arg(removed)
                       .arg(refused)
                       .arg(defaults);
    if (already > 0)
        text += u' '
            + Text::tr("%n override(s) already fail on verl %1.", nullptr, already).arg(migration.from.toString());
    return text;
}

QString describe(const MigrationItem &item)
{
    const QString at = item.line > 0 ? Text::tr("line %1: ").arg(item.line) : QString();
    switch (item.kind) {
    case MigrationItem::Kind::Renamed:
        return at + Text::tr("renamed: %1 → %2. %3").arg(item.key, item.to, item.message);
    case MigrationItem::Kind::Removed:
        return at + Text::tr("removed: %1. %2").arg(item.key, item.message);
    case MigrationItem::Kind::Refused:
        return at + Text::tr("refused: %1").arg(item.message);
    case MigrationItem::Kind::AlreadyWrong:
        return at + Text::tr("already wrong before the move: %1").arg(item.message);
    case MigrationItem::Kind::DefaultChanged:
        return Text::tr("default changed: %1 was %2, is %3 (%4)").arg(item.key, item.from, item.to, item.source);
    }
    return QString();
}

} // namespace vna::profiler
