#include "checks.h"

#include <QCoreApplication>
#include <QJsonArray>

#include "hydra/override.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerChecks)
};

using Type = Value::Type;

std::optional<Value> intList(const Value &value, qint64 minimum)
{
    Value::List items;
    switch (value.type()) {
    case Type::Int:
        if (value.toInt() < minimum)
            return std::nullopt;
        return Value::list({value});
    case Type::String: {
        QString text = value.toString().trimmed();
        if (text.startsWith(u'[') && text.endsWith(u']'))
            text = text.mid(1, text.size() - 2);
        for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
            bool ok = false;
            const qint64 n = part.trimmed().toLongLong(&ok);
            if (!ok || n < minimum)
                return std::nullopt;
            items.push_back(Value::integer(n));
        }
        return items.empty() ? std::nullopt : std::optional(Value::list(items));
    }
    case Type::List:
    case Type::Sweep:
        for (const Value &item : value.type() == Type::List ? value.toList() : value.toSweep()) {
            if (item.type() == Type::Int && item.toInt() >= minimum) {
                items.push_back(item);
                continue;
            }
            bool ok = false;
            const qint64 n = item.type() == Type::String ? item.toString().trimmed().toLongLong(&ok) : 0;
            if (!ok || n < minimum)
                return std::nullopt;
            items.push_back(Value::integer(n));
        }
        return Value::list(items);
    default:
        return std::nullopt;
    }
}

bool isIntList(const Value &value, qint64 minimum)
{
    if (value.type() != Type::List)
        return false;
    for (const Value &item : value.toList()) {
        if (item.type() != Type::Int || item.toInt() < minimum)
            return false;
    }
    return true;
}

// Known contents items, lower-cased, in the order given; nothing when none is known.
std::optional<Value> contentsList(const Value &value, const QStringList &allowed)
{
    QStringList words;
    if (value.type() == Type::String)
        words = value.toString().split(u',', Qt::SkipEmptyParts);
    else if (value.type() == Type::List || value.type() == Type::Sweep) {
        for (const Value &item : value.type() == Type::List ? value.toList() : value.toSweep()) {
            if (item.type() == Type::String)
                words << item.toString();
        }
    }
    Value::List items;
    for (const QString &word : words) {
        const QString lower = word.trimmed().toLower();
        if (allowed.contains(lower))
            items.push_back(Value::string(lower));
    }
    if (items.empty())
        return std::nullopt;
    return Value::list(items);
}

std::optional<Value> levelFor(const Value &value, const QStringList &allowed)
{
    QString text;
    if (value.type() == Type::Int)
        text = QString::number(value.toInt());
    else if (value.type() == Type::String)
        text = value.toString().trimmed().toLower();
    else
        return std::nullopt;
    if (text == u"0" || text == u"1" || text == u"2")
        text = u"level"_s + text;
    else if (text == u"none")
        text = u"level_none"_s;
    if (allowed.contains(text))
        return Value::string(text);
    return std::nullopt;
}

ValueProblem problem(const QString &rule, const QString &message, std::optional<Value> fix = std::nullopt)
{
    return ValueProblem{rule, message, std::move(fix), Finding::Severity::Error};
}

ValueProblem warning(const QString &rule, const QString &message, std::optional<Value> fix = std::nullopt)
{
    return ValueProblem{rule, message, std::move(fix), Finding::Severity::Warning};
}

// "level_none, level0, level1 and level2"
QString listed(const QStringList &items)
{
    if (items.size() < 2)
        return items.join(QString());
    return Text::tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(u", "_s), items.last());
}

bool falseLooking(const QString &text)
{
    static const QStringList words{u"false"_s, u"0"_s, u"no"_s, u"off"_s, u"none"_s, u"null"_s};
    return words.contains(text.trimmed().toLower());
}

} // namespace

std::optional<ValueProblem> checkValue(const verl::ConfigKey &key, const Value &value)
{
    const QString shown = hydra::describe(value);
    const bool strict = !key.checkedAt.isEmpty();
    if (value.type() == Type::Sweep) {
        const Value asList = Value::list(value.toSweep());
        const bool listKind = key.kind == verl::ValueKind::Contents || key.kind == verl::ValueKind::Steps
            || key.kind == verl::ValueKind::Ranks || key.kind == verl::ValueKind::List;
        std::optional<Value> fix;
        if (listKind) {
            const auto better = checkValue(key, asList);
            fix = better && better->fix ? better->fix : asList;
        }
        return problem(u"ambiguous-sweep"_s,
                       listKind ? Text::tr("%1 is a comma-separated sweep: without --multirun Hydra stops with "
                                           "\"Ambiguous value for argument\". Write the list in brackets.")
                                      .arg(shown)
                                : Text::tr("%1 is a comma-separated sweep: without --multirun Hydra stops with "
                                           "\"Ambiguous value for argument\". %2 takes one value.")
                                      .arg(shown, key.key.section(u'.', -1)),
                       fix);
    }
    if (value.type() == Type::Call) {
        static const QStringList sweeps{u"choice"_s, u"range"_s, u"interval"_s, u"glob"_s};
        if (sweeps.contains(value.toCall().name))
            return problem(u"sweep-needs-multirun"_s,
                           Text::tr("%1() is a sweep: Hydra stops with \"Sweep parameters … requires --multirun\" in a "
                                    "normal run.")
                               .arg(value.toCall().name));
        return std::nullopt;
    }
    if (value.type() == Type::Interpolation)
        return std::nullopt; // resolved later; nothing to check here

    switch (key.kind) {
    case verl::ValueKind::Bool:
        if (value.type() == Type::Bool || value.type() == Type::Null)
            return std::nullopt;
        if (strict) {
            // verl asserts isinstance(…, bool): anything else stops the run.
            std::optional<Value> fix;
            if (value.type() == Type::Int && (value.toInt() == 0 || value.toInt() == 1))
                fix = Value::boolean(value.toInt() == 1);
            else if (value.type() == Type::String
                     && (value.toString().toLower() == u"true" || value.toString().toLower() == u"false"))
                fix = Value::boolean(value.toString().toLower() == u"true");
            return problem(u"profiler-type"_s,
                           Text::tr("%1 is a %2; verl checks that %3 is true or false and stops (%4).")
                               .arg(shown, hydra::typeName(value.type()), key.key.section(u'.', -1), key.checkedAt),
                           fix);
        }
        // Read as Python reads it: any non-empty string is true, "False" included.
        if (value.type() == Type::String && !value.toString().isEmpty() && falseLooking(value.toString()))
            return warning(
                u"profiler-type"_s,
                Text::tr("%1 is a string, and verl reads any non-empty string as true; write false.").arg(shown),
                Value::boolean(false));
        return std::nullopt;
    case verl::ValueKind::Int:
        if (value.type() == Type::Int)
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a whole number.").arg(shown));
    case verl::ValueKind::PositiveInt:
        if (value.type() == Type::Int && value.toInt() > 0)
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a positive whole number.").arg(shown));
    case verl::ValueKind::Float:
        if (value.type() == Type::Float || value.type() == Type::Int)
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a number.").arg(shown));
    case verl::ValueKind::NullableInt:
        if (value.type() == Type::Null || (value.type() == Type::Int && value.toInt() >= 0))
            return std::nullopt;
        return problem(
            u"profiler-type"_s,
            Text::tr("%1 is not a whole number ≥ 0 or null; verl checks it and stops (%2).").arg(shown, key.checkedAt));
    case verl::ValueKind::Path:
        if (value.type() == Type::List || value.type() == Type::Dict)
            return problem(u"profiler-type"_s, Text::tr("%1 is not a path.").arg(shown));
        return std::nullopt;
    case verl::ValueKind::Level:
        if (value.type() == Type::String && key.choices.contains(value.toString()))
            return std::nullopt;
        return problem(u"profiler-level"_s,
                       value.type() == Type::Int
                           ? Text::tr("level=%1 is the integer %1; verl accepts only the strings %2 and stops on "
                                      "anything else.")
                                 .arg(value.toInt())
                                 .arg(listed(key.choices))
                           : Text::tr("%1 is not a profiler level; verl accepts %2 and stops on anything else.")
                                 .arg(shown, listed(key.choices)),
                       levelFor(value, key.choices));
    case verl::ValueKind::Contents: {
        if (value.type() == Type::List) {
            QStringList unknown;
            for (const Value &item : value.toList()) {
                if (item.type() != Type::String || !key.choices.contains(item.toString()))
                    unknown << hydra::describe(item);
            }
            if (unknown.isEmpty())
                return std::nullopt;
            return problem(u"profiler-contents"_s,
                           Text::tr("%1 cannot be collected; contents takes %2, and verl stops on anything else.")
                               .arg(unknown.join(u", "_s), listed(key.choices)),
                           contentsList(value, key.choices));
        }
        return problem(
            u"profiler-contents"_s,
            Text::tr("%1 is not a list; verl checks that contents is a list such as [npu,cpu] and stops.").arg(shown),
            value.type() == Type::Null ? std::optional(Value::list({})) : contentsList(value, key.choices));
    }
    case verl::ValueKind::Tool:
        // verl does not check the tool: anything but a tool it knows builds no profiler at all.
        if (value.type() == Type::Null || (value.type() == Type::String && value.toString() == u"npu"))
            return std::nullopt;
        if (value.type() == Type::String && value.toString() == u"precision_debugger"
            && key.choices.contains(value.toString()))
            return std::nullopt; // msprobe's precision dumps: another purpose, not a mistake
        if (value.type() == Type::String && key.choices.contains(value.toString()))
            return warning(
                u"profiler-tool"_s,
                Text::tr("tool=%1 collects no Ascend NPU data (it drives CUDA tools); use npu.").arg(value.toString()),
                Value::string(u"npu"_s));
        return warning(u"profiler-tool"_s,
                       Text::tr("%1 is not a tool verl knows (%2); verl then builds no profiler and collects nothing. "
                                "On Ascend NPUs use npu.")
                           .arg(shown, listed(key.choices)),
                       Value::string(u"npu"_s));
    case verl::ValueKind::Steps:
        if (value.type() == Type::Null || isIntList(value, 1))
            return std::nullopt;
        if (value.type() == Type::List)
            return warning(u"profiler-type"_s,
                           Text::tr("%1 holds something other than step numbers ≥ 1; such an item never matches a "
                                    "training step.")
                               .arg(shown),
                           intList(value, 1));
        return problem(
            u"profiler-type"_s,
            Text::tr("%1 is not a list of step numbers; verl looks the step up in it and stops. Write steps as a "
                     "list, e.g. [1,2,5], or null.")
                .arg(shown),
            intList(value, 1));
    case verl::ValueKind::Ranks:
        if (isIntList(value, 0))
            return std::nullopt;
        if (value.type() == Type::List)
            return warning(
                u"profiler-type"_s,
                Text::tr("%1 holds something other than rank numbers; such an item matches no rank.").arg(shown),
                intList(value, 0));
        return problem(u"profiler-type"_s,
                       Text::tr("%1 is not a list of ranks; verl checks that ranks is a list and stops. Write e.g. "
                                "[0,1].")
                           .arg(shown),
                       value.type() == Type::Null ? std::optional(Value::list({})) : intList(value, 0));
    case verl::ValueKind::List:
        if (value.type() == Type::List || value.type() == Type::Null)
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a list.").arg(shown));
    case verl::ValueKind::String:
    case verl::ValueKind::Any:
        return std::nullopt;
    }
    return std::nullopt;
}

Value valueOf(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Bool:
        return Value::boolean(json.toBool());
    case QJsonValue::Double: {
        const double d = json.toDouble();
        if (d == static_cast<double>(static_cast<qint64>(d)))
            return Value::integer(static_cast<qint64>(d));
        return Value::real(d);
    }
    case QJsonValue::String:
        return json.toString().startsWith(u"${"_s) ? Value::interpolation(json.toString())
                                                   : Value::string(json.toString());
    case QJsonValue::Array: {
        Value::List items;
        for (const QJsonValue &item : json.toArray())
            items.push_back(valueOf(item));
        return Value::list(items);
    }
    default:
        return Value::null();
    }
}

void Settings::set(const QString &key, const Value &value, Place place)
{
    if (!m_values.contains(key))
        m_order << key;
    m_values.insert(key, value);
    m_places.insert(key, place);
}

bool Settings::has(const QString &key) const
{
    return m_values.contains(key) || m_unknown.contains(key);
}

std::optional<Value> Settings::value(const QString &key) const
{
    const auto it = m_values.constFind(key);
    if (it == m_values.constEnd())
        return std::nullopt;
    return *it;
}

Settings::Place Settings::place(const QString &key) const
{
    return m_places.value(key);
}

QStringList Settings::keys() const
{
    return m_order;
}

void Settings::setUnknown(const QString &key, Place place)
{
    if (!m_values.contains(key) && !m_unknown.contains(key))
        m_order << key;
    m_values.remove(key);
    m_unknown.insert(key);
    m_places.insert(key, place);
}

QString Settings::source(const verl::Version &version, const QString &key) const
{
    const verl::VersionFacts &facts = verl::factsFor(version);
    QString current = key;
    for (int depth = 0; depth < 8; ++depth) {
        if (m_unknown.contains(current))
            return current;
        if (const auto set = value(current)) {
            if (set->type() != Type::Interpolation)
                return current;
            // ${a.b} or ${oc.select:a.b,fallback} written by the user: follow it.
            QString target = set->toInterpolation().mid(2).chopped(1).section(u',', 0, 0);
            target.remove(u"oc.select:"_s);
            current = target;
            continue;
        }
        const verl::KeyFact *k = facts.key(current);
        if (!k || k->interpolation.isEmpty())
            return current;
        if (!has(k->interpolation) && !facts.key(k->interpolation))
            return current; // its fallback decides
        current = k->interpolation;
    }
    return QString();
}

std::optional<Value> Settings::effective(const verl::Version &version, const QString &key) const
{
    const QString from = source(version, key);
    if (from.isEmpty() || m_unknown.contains(from))
        return std::nullopt;
    if (const auto set = value(from))
        return set->type() == Type::Interpolation ? std::nullopt : set;
    const verl::KeyFact *k = verl::factsFor(version).key(from);
    if (!k)
        return std::nullopt;
    if (!k->interpolation.isEmpty()) // its target does not exist: the fallback
        return k->hasFallback ? std::optional(valueOf(k->fallback)) : std::nullopt;
    return valueOf(k->value);
}

bool Settings::unknown(const verl::Version &version, const QString &key) const
{
    return m_unknown.contains(source(version, key));
}

namespace {

// The rules of checkSettings, over one run's settings.
class SettingsRules
{
public:
    SettingsRules(const Settings &settings, const verl::Version &version, const RunContext &context)
        : m_settings{settings}
        , m_version{version}
        , m_facts{verl::factsFor(version)}
        , m_context{context}
    {}

    QList<Finding> run()
    {
        if (!m_facts.npuProfiler || !configured())
            return m_findings;
        if (verl::hasGlobalProfiler(m_version))
            perRole();
        else
            shared();
        return m_findings;
    }

private:
    QString key(const QString &setting) const { return m_facts.setting(setting); }

    std::optional<Value> get(const QString &setting) const
    {
        const QString k = key(setting);
        return k.isEmpty() ? std::nullopt : m_settings.effective(m_version, k);
    }

    bool isTrue(const QString &setting) const
    {
        const auto v = get(setting);
        if (!v)
            return false;
        if (v->type() == Type::Bool)
            return v->toBool();
        if (v->type() == Type::String)
            return !v->toString().isEmpty(); // as Python reads it
        if (v->type() == Type::Int)
            return v->toInt() != 0;
        return false;
    }

    // Set by an override whose value only the running script knows: nothing can be said about it.
    bool unknown(const QString &setting) const
    {
        const QString k = key(setting);
        return !k.isEmpty() && m_settings.unknown(m_version, k);
    }

    bool isEmptyList(const QString &setting) const
    {
        const auto v = get(setting);
        return !unknown(setting) && (!v || v->type() == Type::Null || (v->type() == Type::List && v->toList().empty()));
    }

    QString text(const QString &setting) const
    {
        const auto v = get(setting);
        return v && v->type() == Type::String ? v->toString() : QString();
    }

    // The profiler is configured when the run sets any of its settings (not the bucket or the mode).
    bool configured()
    {
        for (const QString &k : m_settings.keys()) {
            for (auto it = m_facts.settings.cbegin(); it != m_facts.settings.cend(); ++it) {
                if (it.value() == k && it.key() != u"bucket" && it.key() != u"rollout_mode") {
                    if (m_anchor.isEmpty())
                        m_anchor = k;
                    return true;
                }
            }
        }
        return false;
    }

    // Where a finding about `setting` points: the override that set it, else the first profiler one.
    QString at(const QString &setting) const
    {
        const QString k = key(setting);
        return m_settings.has(k) ? k : m_anchor;
    }

    void add(Finding::Severity severity,
             const QString &rule,
             const QString &message,
             const QString &atKey,
             const QList<hydra::Override> &fixes = {})
    {
        const Settings::Place place = m_settings.place(atKey);
        Finding f{severity, rule, message, fixText(fixes), atKey, place.line, place.column, fixes};
        m_findings.append(f);
    }

    hydra::Override set(const QString &setting, Value value) const
    {
        return hydra::Override::set(key(setting), std::move(value));
    }

    QString source(const QString &behaviour) const { return m_facts.sourceOf(behaviour); }

    // Where a role's settings live in this release ("actor_rollout_ref.actor.profiler").
    QString nodeOf(const QString &role) const
    {
        const verl::RoleNode *r = m_facts.role(role);
        return r ? r->node : QString();
    }

    bool setByUser(const QString &setting) const
    {
        const QString k = key(setting);
        return !k.isEmpty() && m_settings.has(k);
    }

    void level2(const QString &role)
    {
        const QString prefix = role.isEmpty() ? QString() : role + u'.';
        if (text(prefix + u"level"_s) != u"level2")
            return;
        bool heavy = false;
        if (role.isEmpty()) {
            heavy = isTrue(u"contents.stack"_s) || isTrue(u"contents.memory"_s);
        } else if (const auto contents = get(prefix + u"contents"_s); contents && contents->type() == Type::List) {
            for (const Value &item : contents->toList())
                heavy = heavy
                    || (item.type() == Type::String && (item.toString() == u"stack" || item.toString() == u"memory"));
        }
        if (heavy) {
            add(Finding::Severity::Warning, u"profiler-level2-size"_s,
                role.isEmpty() ? Text::tr("level2 with stack or memory writes very large traces (many GB per step); "
                                          "prefer level1 or level0 unless you need them.")
                               : Text::tr("%1: level2 with stack or memory writes very large traces (many GB per "
                                          "step); prefer level1 or level0 unless you need them.")
                                     .arg(role),
                at(prefix + u"level"_s));
        }
    }

    void noRanks(const QString &role, const QString &node)
    {
        if (m_facts.behaviourOf(u"ranks_default"_s) != u"nothing")
            return; // later releases profile rank 0 by default, which is what most users want
        if (isTrue(role + u".all_ranks"_s) || unknown(role + u".all_ranks"_s) || !isEmptyList(role + u".ranks"_s))
            return;
        add(Finding::Severity::Warning, u"profiler-no-ranks"_s,
            Text::tr("%1 sets neither ranks nor all_ranks, and verl %2 then profiles no rank at all: its NPU profiler "
                     "starts only on a listed rank (%3). List the ranks to profile.")
                .arg(node, m_version.toString(), source(u"ranks_default"_s)),
            at(role + u".enable"_s).isEmpty() ? m_anchor : at(role + u".enable"_s),
            {set(role + u".ranks"_s, Value::list({Value::integer(0)}))});
    }

    void stepsMissing()
    {
        if (!isEmptyList(u"steps"_s))
            return;
        add(Finding::Severity::Warning, u"profiler-not-collected"_s,
            Text::tr("%1 lists no step, so no step is profiled.").arg(key(u"steps"_s)), at(u"steps"_s),
            {set(u"steps"_s, Value::list({Value::integer(1)}))});
    }

    // 0.6 and later: global_profiler, and one block per role.
    void perRole()
    {
        const auto tool = get(u"tool"_s);
        if (tool && tool->type() == Type::String && tool->toString() != u"npu")
            return; // another tool (nsys, torch …): the override itself says so; the rest is about npu
        QStringList enabled;
        QStringList configuredRoles;
        bool enableUnknown = false;
        for (const verl::RoleNode &role : m_facts.roles) {
            if (isTrue(role.role + u".enable"_s))
                enabled << role.role;
            enableUnknown = enableUnknown || unknown(role.role + u".enable"_s);
            for (const QString &k : m_settings.keys()) {
                if (k.startsWith(role.node + u'.') && !configuredRoles.contains(role.role))
                    configuredRoles << role.role;
            }
        }
        if (enabled.isEmpty() && !enableUnknown) {
            const QString role = configuredRoles.isEmpty() ? u"actor"_s : configuredRoles.constFirst();
            add(Finding::Severity::Warning, u"profiler-not-collected"_s,
                Text::tr("No role has profiler.enable=True, so verl profiles nothing; turn it on for the roles to "
                         "profile."),
                m_anchor, {set(role + u".enable"_s, Value::boolean(true))});
            // The role the fix turns on must then collect something too.
            noRanks(role, nodeOf(role));
        }
        if (!unknown(u"tool"_s) && (!tool || tool->type() == Type::Null)) {
            add(Finding::Severity::Warning, u"profiler-not-collected"_s,
                Text::tr("global_profiler.tool is not set, so verl builds no profiler and collects nothing."),
                at(u"tool"_s), {set(u"tool"_s, Value::string(u"npu"_s))});
        }
        stepsMissing();

        const bool continuous = isTrue(u"continuous"_s);
        const bool async = text(u"rollout_mode"_s) == u"async";
        for (const QString &role : std::as_const(enabled)) {
            // A role whose switch only follows another's (the rollout follows the actor) shares its findings.
            const verl::KeyFact *enable = m_facts.key(key(role + u".enable"_s));
            const bool follows = enable && !enable->interpolation.isEmpty() && !setByUser(role + u".enable"_s);
            if (!follows)
                noRanks(role, nodeOf(role));
            if (follows)
                continue;
            if (!verl::emptyContentsCollectsNpu(m_version) && isEmptyList(role + u".contents"_s)
                && !key(role + u".contents"_s).isEmpty()) {
                add(Finding::Severity::Warning, u"profiler-empty-contents"_s,
                    Text::tr("%1: contents is empty, which in verl %2 collects CPU activity only (%3); list npu to get "
                             "device data.")
                        .arg(role, m_version.toString(), source(u"empty_contents"_s)),
                    at(role + u".contents"_s),
                    {set(role + u".contents"_s, Value::list({Value::string(u"npu"_s), Value::string(u"cpu"_s)}))});
            }
            level2(role);
            if (continuous && isTrue(role + u".discrete"_s)) {
                add(Finding::Severity::Warning, u"profiler-continuous-discrete"_s,
                    Text::tr("%1: profile_continuous_steps merges steps into one trace, but with discrete=True each "
                             "task writes its own trace, so nothing is merged (verl's config: \"If True, "
                             "worker.profiler.discrete must be False\", %2).")
                        .arg(role, source(u"continuous_needs_not_discrete"_s)),
                    at(role + u".discrete"_s), {set(role + u".discrete"_s, Value::boolean(false))});
            }
        }
        // Only a rollout the user turned on himself: one that merely follows the actor is not asked for.
        const bool rolloutEnabled = enabled.contains(u"rollout"_s) && setByUser(u"rollout.enable"_s);
        const QString asyncRollout = m_facts.behaviourOf(u"async_rollout"_s);
        if (rolloutEnabled && async && asyncRollout == u"discrete" && !isTrue(u"rollout.discrete"_s)) {
            const QString discrete = key(u"rollout.discrete"_s).isEmpty() ? u"actor.discrete"_s : u"rollout.discrete"_s;
            add(Finding::Severity::Warning, u"agent-loop-discrete"_s,
                Text::tr("rollout: the agent-loop rollout servers (rollout.mode=async) are profiled only with "
                         "discrete=True (%1); without it generation is not profiled.")
                    .arg(source(u"async_rollout"_s)),
                at(u"rollout.enable"_s), {set(discrete, Value::boolean(true))});
        } else if (rolloutEnabled && async && asyncRollout == u"none") {
            add(Finding::Severity::Warning, u"agent-loop-not-profiled"_s,
                Text::tr("rollout: in verl %1 the agent-loop rollout servers (rollout.mode=async) start no profiler "
                         "(%2), so generation is not profiled.")
                    .arg(m_version.toString(), source(u"async_rollout"_s)),
                at(u"rollout.enable"_s));
        }
        tokenRange(async);
    }

    void tokenRange(bool async)
    {
        if (key(u"rollout.token_start"_s).isEmpty())
            return;
        const auto start = get(u"rollout.token_start"_s);
        const auto end = get(u"rollout.token_end"_s);
        const bool given = (start && start->type() == Type::Int) || (end && end->type() == Type::Int);
        if (start && end && start->type() == Type::Int && end->type() == Type::Int && end->toInt() <= start->toInt()) {
            add(Finding::Severity::Error, u"profiler-token-range"_s,
                Text::tr("profile_token_end (%1) must be greater than profile_token_start (%2); verl checks it and "
                         "stops (%3).")
                    .arg(end->toInt())
                    .arg(start->toInt())
                    .arg(m_facts.messages.value(u"token_order"_s).source),
                at(u"rollout.token_end"_s));
        }
        if (given && (!async || !isTrue(u"rollout.discrete"_s))) {
            add(Finding::Severity::Warning, u"profiler-token-range-unused"_s,
                Text::tr("The token range applies only to the agent-loop rollout servers' profiler "
                         "(rollout.mode=async with discrete=True, %1); here it has no effect.")
                    .arg(source(u"token_range_consumer"_s)),
                at(u"rollout.token_start"_s));
        }
    }

    // 0.5: trainer.profile_steps and trainer.npu_profile.options for everyone, and the ranks of one block
    // shared by the actor, reference and rollout.
    void shared()
    {
        stepsMissing();
        noRanks(u"actor"_s, nodeOf(u"actor"_s));
        level2(QString());
        if (m_facts.behaviourOf(u"npu_options_reach"_s) != u"fsdp-actor-rollout-ref")
            return;
        for (const verl::RoleNode &role : m_facts.roles) {
            if (role.role != u"critic" && role.role != u"reward")
                continue;
            for (const QString &k : m_settings.keys()) {
                if (!k.startsWith(role.node + u'.'))
                    continue;
                add(Finding::Severity::Warning, u"profiler-role-not-collected"_s,
                    Text::tr("On Ascend NPUs, verl %1 hands the NPU profiler options only to the actor, rollout and "
                             "reference workers (%2), so %3 collects nothing.")
                        .arg(m_version.toString(), source(u"npu_options_reach"_s), role.node),
                    k);
                break;
            }
        }
        if (m_context.configName.contains(u"megatron"_s)
            && m_facts.behaviourOf(u"megatron_drops_options"_s) == u"yes") {
            add(Finding::Severity::Warning, u"profiler-role-not-collected"_s,
                Text::tr(
                    "On Ascend NPUs, verl %1's Megatron workers drop the NPU profiler options they are given (%2): "
                    "with %3 nothing is collected. Use the FSDP trainer (ppo_trainer) to profile, or verl 0.6 or "
                    "newer.")
                    .arg(m_version.toString(), source(u"megatron_drops_options"_s), m_context.configName),
                m_anchor);
        }
    }

    const Settings &m_settings;
    const verl::Version m_version;
    const verl::VersionFacts &m_facts;
    const RunContext &m_context;
    QString m_anchor;
    QList<Finding> m_findings;
};

} // namespace

QList<Finding> checkSettings(const Settings &settings, const verl::Version &version, const RunContext &context)
{
    return SettingsRules(settings, version, context).run();
}

} // namespace vna::profiler
