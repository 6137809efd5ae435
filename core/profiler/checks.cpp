#include "checks.h"

#include <QCoreApplication>

#include "hydra/override.h"
#include "hydra/shell.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerChecks)
};

using Type = Value::Type;

QString fixWord(const QString &key, const Value &value)
{
    const auto text = hydra::format(hydra::Override::set(key, value));
    return text ? shell::quote(*text) : QString();
}

std::optional<Value> intList(const Value &value, qint64 minimum)
{
    Value::List items;
    switch (value.type()) {
    case Type::Int:
        if (value.toInt() < minimum)
            return std::nullopt;
        return Value::list({value});
    case Type::String: {
        for (const QString &part : value.toString().split(u',', Qt::SkipEmptyParts)) {
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
            if (item.type() != Type::Int || item.toInt() < minimum)
                return std::nullopt;
            items.push_back(item);
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
std::optional<Value> contentsList(const Value &value)
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
        if (verl::allowedContents().contains(lower))
            items.push_back(Value::string(lower));
    }
    if (items.empty())
        return std::nullopt;
    return Value::list(items);
}

std::optional<Value> levelFor(const Value &value)
{
    QString text;
    if (value.type() == Type::Int)
        text = QString::number(value.toInt());
    else if (value.type() == Type::String)
        text = value.toString().trimmed().toLower();
    else
        return std::nullopt;
    if (text == u"0" || text == u"1" || text == u"2")
        return Value::string(u"level"_s + text);
    if (text == u"none")
        return Value::string(u"level_none"_s);
    if (verl::allowedLevels().contains(text))
        return Value::string(text);
    return std::nullopt;
}

ValueProblem problem(const QString &rule, const QString &message, std::optional<Value> fix = std::nullopt)
{
    return ValueProblem{rule, message, std::move(fix), Finding::Severity::Error};
}

} // namespace

std::optional<ValueProblem> checkValue(const verl::ConfigKey &key, const Value &value)
{
    const QString shown = hydra::describe(value);
    if (value.type() == Type::Sweep) {
        const Value asList = Value::list(value.toSweep());
        const bool listKind = key.kind == verl::ValueKind::Contents || key.kind == verl::ValueKind::Steps
            || key.kind == verl::ValueKind::Ranks;
        std::optional<Value> fix;
        if (listKind) {
            const auto better = checkValue(key, asList);
            fix = better ? better->fix : asList;
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
        if (value.type() == Type::Bool)
            return std::nullopt;
        if (value.type() == Type::Int && (value.toInt() == 0 || value.toInt() == 1))
            return problem(u"profiler-type"_s, Text::tr("%1 is an integer; verl wants true or false.").arg(shown),
                           Value::boolean(value.toInt() == 1));
        if (value.type() == Type::String
            && (value.toString().toLower() == u"true" || value.toString().toLower() == u"false"))
            return problem(u"profiler-type"_s,
                           Text::tr("%1 is quoted, so it is a string; verl wants the bool true or false.").arg(shown),
                           Value::boolean(value.toString().toLower() == u"true"));
        return problem(u"profiler-type"_s, Text::tr("%1 is not true or false.").arg(shown));
    case verl::ValueKind::Int:
        if (value.type() == Type::Int && value.toInt() > 0)
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a positive whole number.").arg(shown));
    case verl::ValueKind::NullableInt:
        if (value.type() == Type::Null || (value.type() == Type::Int && value.toInt() >= 0))
            return std::nullopt;
        return problem(u"profiler-type"_s, Text::tr("%1 is not a whole number ≥ 0 or null.").arg(shown));
    case verl::ValueKind::Path:
        if (value.type() == Type::List || value.type() == Type::Dict)
            return problem(u"profiler-type"_s, Text::tr("%1 is not a path.").arg(shown));
        return std::nullopt;
    case verl::ValueKind::Level:
        if (value.type() == Type::String && verl::allowedLevels().contains(value.toString()))
            return std::nullopt;
        return problem(u"profiler-level"_s,
                       value.type() == Type::Int
                           ? Text::tr("level=%1 is the integer %1; verl accepts only the strings level_none, level0, "
                                      "level1 and level2 (\"Profiler level must be of type str\").")
                                 .arg(value.toInt())
                           : Text::tr("%1 is not a profiler level; verl accepts level_none, level0, level1 and "
                                      "level2.")
                                 .arg(shown),
                       levelFor(value));
    case verl::ValueKind::Contents: {
        if (value.type() == Type::List) {
            QStringList unknown;
            for (const Value &item : value.toList()) {
                if (item.type() != Type::String || !verl::allowedContents().contains(item.toString()))
                    unknown << hydra::describe(item);
            }
            if (unknown.isEmpty())
                return std::nullopt;
            return problem(u"profiler-contents"_s,
                           Text::tr("%1 cannot be collected; contents takes npu, cpu, memory, shapes, module and "
                                    "stack (\"Profiler contents only supports …\").")
                               .arg(unknown.join(u", "_s)),
                           contentsList(value));
        }
        return problem(u"profiler-contents"_s,
                       Text::tr("%1 is not a list; contents must be a list such as [npu,cpu] (\"Profiler contents "
                                "must be of type list\").")
                           .arg(shown),
                       value.type() == Type::Null ? std::optional(Value::list({})) : contentsList(value));
    }
    case verl::ValueKind::Tool:
        if (value.type() == Type::String && value.toString() == u"npu")
            return std::nullopt;
        if (value.type() == Type::String && verl::allowedTools().contains(value.toString())) {
            ValueProblem warning = problem(
                u"profiler-tool"_s, Text::tr("tool=%1 does not profile Ascend NPUs; use npu.").arg(value.toString()),
                Value::string(u"npu"_s));
            warning.severity = Finding::Severity::Warning;
            return warning;
        }
        if (value.type() == Type::Null)
            return std::nullopt; // profiling off
        return problem(u"profiler-tool"_s, Text::tr("%1 is not a profiler tool; on Ascend NPUs use npu.").arg(shown),
                       Value::string(u"npu"_s));
    case verl::ValueKind::Steps:
        if (value.type() == Type::Null || isIntList(value, 1))
            return std::nullopt;
        return problem(
            u"profiler-type"_s,
            Text::tr("%1 is not a list of step numbers; write steps as a list, e.g. [1,2,5], or null.").arg(shown),
            intList(value, 1));
    case verl::ValueKind::Ranks:
        if (isIntList(value, 0))
            return std::nullopt;
        return problem(u"profiler-type"_s,
                       Text::tr("%1 is not a list of ranks; write ranks as a list, e.g. [0,1].").arg(shown),
                       value.type() == Type::Null ? std::optional(Value::list({})) : intList(value, 0));
    }
    return std::nullopt;
}

void Settings::set(const QString &key, const Value &value, Place place)
{
    m_values.insert(key, value);
    m_places.insert(key, place);
}

bool Settings::has(const QString &key) const
{
    return m_values.contains(key);
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

QList<Finding> checkSettings(const Settings &settings, const verl::Version &version)
{
    QList<Finding> findings;
    const auto add = [&](Finding::Severity severity, const QString &rule, const QString &message, const QString &at,
                         const QString &fix = QString()) {
        const Settings::Place place = settings.place(at);
        findings.append({severity, rule, message, fix, at, place.line, place.column});
    };
    const auto isTrue = [&](const QString &key) {
        const auto value = settings.value(key);
        return value && value->type() == Type::Bool && value->toBool();
    };
    const auto stringOf = [&](const QString &key) {
        const auto value = settings.value(key);
        return value && value->type() == Type::String ? value->toString() : QString();
    };

    if (!verl::hasGlobalProfiler(version)) {
        // 0.5: profiling is on when trainer.profile_steps lists steps.
        const QString options = u"trainer.npu_profile.options."_s;
        if (stringOf(options + u"level"_s) == u"level2"
            && (isTrue(options + u"with_stack"_s) || isTrue(options + u"with_memory"_s))) {
            add(Finding::Severity::Warning, u"profiler-level2-size"_s,
                Text::tr("level2 with stack or memory writes very large traces (many GB per step); prefer level1 or "
                         "level0 unless you need them."),
                options + u"level"_s);
        }
        return findings;
    }

    // Which roles are profiled. The rollout follows the actor's switch unless it has its own.
    const auto node = [&](verl::Role role) { return verl::roleProfilerNode(version, role); };
    const auto setting = [&](verl::Role role, const QString &field) -> QString {
        QString own = node(role) + u'.' + field;
        if (role == verl::Role::Rollout && !settings.has(own))
            return node(verl::Role::Actor) + u'.' + field;
        return own;
    };
    QList<verl::Role> enabled;
    for (const verl::Role role : verl::allRoles()) {
        if (isTrue(setting(role, u"enable"_s)))
            enabled << role;
    }
    if (enabled.isEmpty())
        return findings;
    const QString firstEnable = setting(enabled.first(), u"enable"_s);
    QStringList roleNames;
    for (const verl::Role role : enabled)
        roleNames << verl::roleName(role);

    if (stringOf(u"global_profiler.tool"_s).isEmpty()) {
        add(Finding::Severity::Warning, u"profiler-not-collected"_s,
            Text::tr("Profiling is enabled for %1, but global_profiler.tool is not npu: verl then builds no NPU "
                     "profiler and collects nothing.")
                .arg(roleNames.join(u", "_s)),
            firstEnable, fixWord(u"global_profiler.tool"_s, Value::string(u"npu"_s)));
    }
    const auto steps = settings.value(u"global_profiler.steps"_s);
    if (!steps || steps->type() == Type::Null) {
        add(Finding::Severity::Warning, u"profiler-not-collected"_s,
            Text::tr("Profiling is enabled, but global_profiler.steps lists no step, so no step is profiled."),
            firstEnable, fixWord(u"global_profiler.steps"_s, Value::list({Value::integer(1)})));
    }

    const bool continuous = isTrue(u"global_profiler.profile_continuous_steps"_s);
    for (const verl::Role role : enabled) {
        const QString enableKey = setting(role, u"enable"_s);
        // A rollout that only follows the actor's switch shares the actor's findings; say them once.
        const bool inherited = role == verl::Role::Rollout && !settings.has(node(role) + u".enable"_s);
        const auto ranks = settings.value(setting(role, u"ranks"_s));
        if (!inherited && !isTrue(setting(role, u"all_ranks"_s))
            && (!ranks || (ranks->type() == Type::List && ranks->toList().empty()))) {
            add(Finding::Severity::Warning, u"profiler-rank0-only"_s,
                Text::tr("%1: enable with no ranks and all_ranks off profiles rank 0 only (verl's DistProfiler; its "
                         "docs say nothing is collected).")
                    .arg(verl::roleName(role)),
                enableKey, fixWord(node(role) + u".all_ranks"_s, Value::boolean(true)));
        }
        if (!verl::roleHasToolConfig(version, role))
            continue;
        const QString npu = u"tool_config.npu."_s;
        const auto contents = settings.value(setting(role, npu + u"contents"_s));
        const bool emptyContents = !contents || (contents->type() == Type::List && contents->toList().empty());
        if (!inherited && emptyContents && !verl::emptyContentsCollectsNpu(version)) {
            add(Finding::Severity::Warning, u"profiler-empty-contents"_s,
                Text::tr("%1: contents is empty, which after verl 0.9.0 collects CPU activity only; list npu to get "
                         "device data.")
                    .arg(verl::roleName(role)),
                enableKey,
                fixWord(node(role) + u".tool_config.npu.contents"_s,
                        Value::list({Value::string(u"npu"_s), Value::string(u"cpu"_s)})));
        }
        if (!inherited && stringOf(setting(role, npu + u"level"_s)) == u"level2" && contents
            && contents->type() == Type::List) {
            bool heavy = false;
            for (const Value &item : contents->toList())
                heavy = heavy
                    || (item.type() == Type::String && (item.toString() == u"stack" || item.toString() == u"memory"));
            if (heavy) {
                add(Finding::Severity::Warning, u"profiler-level2-size"_s,
                    Text::tr("%1: level2 with stack or memory writes very large traces (many GB per step); prefer "
                             "level1 or level0 unless you need them.")
                        .arg(verl::roleName(role)),
                    setting(role, npu + u"level"_s));
            }
        }
        const bool discrete = isTrue(setting(role, npu + u"discrete"_s));
        if (!inherited && continuous && discrete) {
            add(Finding::Severity::Error, u"profiler-continuous-discrete"_s,
                Text::tr("%1: profile_continuous_steps=True needs discrete=False (continuous steps share one "
                         "database).")
                    .arg(verl::roleName(role)),
                setting(role, npu + u"discrete"_s),
                fixWord(node(role) + u".tool_config.npu.discrete"_s, Value::boolean(false)));
        }
        if (role == verl::Role::Rollout && stringOf(u"actor_rollout_ref.rollout.mode"_s) == u"async" && !discrete) {
            add(Finding::Severity::Error, u"agent-loop-discrete"_s,
                Text::tr("rollout: the agent loop (rollout.mode=async) can only be profiled with discrete=True."),
                enableKey, fixWord(node(role) + u".tool_config.npu.discrete"_s, Value::boolean(true)));
        }
        if (role == verl::Role::Rollout && verl::hasTokenRange(version)) {
            const auto start = settings.value(node(role) + u".tool_config.npu.profile_token_start"_s);
            const auto end = settings.value(node(role) + u".tool_config.npu.profile_token_end"_s);
            if (start && end && start->type() == Type::Int && end->type() == Type::Int
                && end->toInt() <= start->toInt()) {
                add(Finding::Severity::Error, u"profiler-token-range"_s,
                    Text::tr("profile_token_end (%1) must be greater than profile_token_start (%2).")
                        .arg(end->toInt())
                        .arg(start->toInt()),
                    node(role) + u".tool_config.npu.profile_token_end"_s);
            }
        }
    }
    return findings;
}

} // namespace vna::profiler
