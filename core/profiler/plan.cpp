#include "plan.h"

#include <algorithm>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "hydra/shell.h"
#include "profiler/checks.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerPlan)
};

Value intList(const QList<qint64> &numbers)
{
    Value::List items;
    for (const qint64 n : numbers)
        items.push_back(Value::integer(n));
    return Value::list(items);
}

Value stringList(const QStringList &words)
{
    Value::List items;
    for (const QString &word : words)
        items.push_back(Value::string(word));
    return Value::list(items);
}

QJsonValue jsonOf(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Value::Type::Bool:
        return value.toBool();
    case Value::Type::Int:
        return value.toInt();
    case Value::Type::Float:
        return value.toFloat();
    case Value::Type::String:
        return value.toString();
    case Value::Type::List: {
        QJsonArray array;
        for (const Value &item : value.toList())
            array.append(jsonOf(item));
        return array;
    }
    case Value::Type::Dict: {
        QJsonObject object;
        for (const auto &[key, item] : value.toDict())
            object.insert(key, jsonOf(item));
        return object;
    }
    default: {
        const auto text = hydra::formatValue(value);
        return text ? QJsonValue(*text) : QJsonValue();
    }
    }
}

// YAML scalars: plain when YAML reads them back as the same string, double-quoted otherwise.
QString yamlScalar(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return u"null"_s;
    case Value::Type::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case Value::Type::Int:
    case Value::Type::Float: {
        const auto text = hydra::formatValue(value);
        return text ? *text : QString();
    }
    case Value::Type::String: {
        static const QRegularExpression plain(u"^[A-Za-z_/][A-Za-z0-9_./-]*\\z"_s);
        static const QStringList reserved{u"true"_s, u"false"_s, u"yes"_s, u"no"_s, u"on"_s,
                                          u"off"_s,  u"null"_s,  u"y"_s,   u"n"_s};
        const QString &text = value.toString();
        if (plain.match(text).hasMatch() && !reserved.contains(text.toLower()))
            return text;
        QString escaped = text;
        escaped.replace(u"\\"_s, u"\\\\"_s).replace(u"\""_s, u"\\\""_s).replace(u"\n"_s, u"\\n"_s);
        return u'"' + escaped + u'"';
    }
    case Value::Type::List: {
        QStringList items;
        for (const Value &item : value.toList())
            items << yamlScalar(item);
        return u'[' + items.join(u", "_s) + u']';
    }
    default: {
        const auto text = hydra::formatValue(value);
        return u'"' + (text ? *text : QString()) + u'"';
    }
    }
}

QString renderYaml(const QList<hydra::Override> &overrides)
{
    // Keys share prefixes; print each path component once, nested by two spaces.
    QString out;
    QStringList previous;
    for (const hydra::Override &override : overrides) {
        const QStringList parts = override.key.split(u'.');
        qsizetype common = 0;
        while (common < parts.size() - 1 && common < previous.size() - 1 && parts.at(common) == previous.at(common))
            ++common;
        for (qsizetype i = common; i < parts.size() - 1; ++i)
            out += QString(i * 2, u' ') + parts.at(i) + u":\n"_s;
        out += QString((parts.size() - 1) * 2, u' ') + parts.last() + u": "_s
            + yamlScalar(override.value.value_or(Value::null())) + u'\n';
        previous = parts;
    }
    return out;
}

} // namespace

Result<Format> parseFormat(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    if (key == u"shell")
        return Format::Shell;
    if (key == u"line")
        return Format::Line;
    if (key == u"yaml")
        return Format::Yaml;
    if (key == u"json")
        return Format::Json;
    return Error::input(Text::tr("Unknown format \"%1\" in %2: expected shell, line, yaml or json.").arg(text, where),
                        where);
}

QString formatName(Format format)
{
    switch (format) {
    case Format::Shell:
        return u"shell"_s;
    case Format::Line:
        return u"line"_s;
    case Format::Yaml:
        return u"yaml"_s;
    case Format::Json:
        return u"json"_s;
    }
    return u"shell"_s;
}

Result<QList<qint64>> parseNumberList(const QString &text, const QString &where)
{
    QList<qint64> list;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = part.trimmed().toLongLong(&ok);
        if (!ok) {
            return Error::input(
                Text::tr("\"%1\" in %2 is not a whole number; write e.g. 1,2,5.").arg(part.trimmed(), where), where);
        }
        list << n;
    }
    return list;
}

Result<Plan> buildPlan(const Request &request)
{
    const verl::Version &version = request.version;
    if (request.roles.isEmpty())
        return Error::input(Text::tr("Choose at least one role to profile."), u"--roles"_s);
    if (request.steps.isEmpty())
        return Error::input(Text::tr("List at least one step to profile, e.g. 1,2,5."), u"--steps"_s);
    for (const qint64 step : request.steps) {
        if (step < 1)
            return Error::input(Text::tr("Step %1 is not a training step; steps start at 1.").arg(step), u"--steps"_s);
    }
    for (const qint64 rank : request.ranks) {
        if (rank < 0)
            return Error::input(Text::tr("Rank %1 is negative.").arg(rank), u"--ranks"_s);
    }
    for (const QString &item : request.contents) {
        if (!verl::allowedContents().contains(item))
            return Error::input(Text::tr("\"%1\" cannot be collected; contents takes npu, cpu, memory, shapes, module "
                                         "and stack.")
                                    .arg(item),
                                u"--contents"_s);
    }
    const QString level = request.level.isEmpty() ? verl::defaultLevel(version) : request.level;
    if (!verl::allowedLevels().contains(level))
        return Error::input(
            Text::tr("\"%1\" is not a profiler level: use level_none, level0, level1 or level2.").arg(level),
            u"--level"_s);
    const bool rollout = request.roles.contains(verl::Role::Rollout);
    if ((request.tokenStart || request.tokenEnd) && (!verl::hasTokenRange(version) || !rollout)) {
        return Error::input(Text::tr("A token range profiles the rollout only, and needs verl 0.9.0 or newer."),
                            u"--token-start"_s);
    }
    if (request.continuousSteps && !verl::hasGlobalProfiler(version))
        return Error::input(Text::tr("Continuous steps need verl 0.6.0 or newer."), u"--continuous-steps"_s);

    Plan plan;
    const auto add = [&plan](const QString &key, Value value) {
        plan.overrides.append(hydra::Override::set(key, std::move(value)));
    };
    // Roles in one fixed order, whatever order they were given in.
    QList<verl::Role> roles;
    for (const verl::Role role : verl::allRoles()) {
        if (request.roles.contains(role))
            roles << role;
    }

    if (verl::hasGlobalProfiler(version)) {
        add(u"global_profiler.tool"_s, Value::string(u"npu"_s));
        add(u"global_profiler.steps"_s, intList(request.steps));
        if (!request.savePath.isEmpty())
            add(u"global_profiler.save_path"_s, Value::string(request.savePath));
        if (request.continuousSteps)
            add(u"global_profiler.profile_continuous_steps"_s, Value::boolean(true));
        for (const verl::Role role : roles) {
            const QString node = verl::roleProfilerNode(version, role);
            add(node + u".enable"_s, Value::boolean(true));
            if (request.allRanks)
                add(node + u".all_ranks"_s, Value::boolean(true));
            else if (!request.ranks.isEmpty())
                add(node + u".ranks"_s, intList(request.ranks));
            if (!verl::roleHasToolConfig(version, role)) {
                plan.notes << Text::tr("The reward model has no tool_config of its own: it uses the actor's contents, "
                                       "level and analysis.");
                continue;
            }
            const QString npu = node + u".tool_config.npu."_s;
            add(npu + u"contents"_s, stringList(request.contents));
            add(npu + u"level"_s, Value::string(level));
            add(npu + u"analysis"_s, Value::boolean(request.analysis));
            add(npu + u"discrete"_s, Value::boolean(request.discrete));
            if (role == verl::Role::Rollout && request.tokenStart)
                add(npu + u"profile_token_start"_s, Value::integer(*request.tokenStart));
            if (role == verl::Role::Rollout && request.tokenEnd)
                add(npu + u"profile_token_end"_s, Value::integer(*request.tokenEnd));
        }
        if (roles.contains(verl::Role::Actor) && !rollout) {
            plan.notes << Text::tr("The rollout's profiler settings point at the actor's, so enabling the actor also "
                                   "profiles the rollout.");
        }
    } else {
        add(u"trainer.profile_steps"_s, intList(request.steps));
        const QString options = u"trainer.npu_profile.options."_s;
        if (!request.savePath.isEmpty())
            add(options + u"save_path"_s, Value::string(request.savePath));
        add(options + u"level"_s, Value::string(level));
        const bool everything = request.contents.isEmpty(); // torch_npu collects CPU and NPU by default
        add(options + u"with_npu"_s, Value::boolean(everything || request.contents.contains(u"npu"_s)));
        add(options + u"with_cpu"_s, Value::boolean(everything || request.contents.contains(u"cpu"_s)));
        add(options + u"with_memory"_s, Value::boolean(request.contents.contains(u"memory"_s)));
        add(options + u"record_shapes"_s, Value::boolean(request.contents.contains(u"shapes"_s)));
        add(options + u"with_module"_s, Value::boolean(request.contents.contains(u"module"_s)));
        add(options + u"with_stack"_s, Value::boolean(request.contents.contains(u"stack"_s)));
        add(options + u"analysis"_s, Value::boolean(request.analysis));
        QStringList nodes;
        for (const verl::Role role : roles) {
            const QString node = verl::roleProfilerNode(version, role);
            if (nodes.contains(node))
                continue;
            nodes << node;
            add(node + u".discrete"_s, Value::boolean(request.discrete));
            if (request.allRanks)
                add(node + u".all_ranks"_s, Value::boolean(true));
            else if (!request.ranks.isEmpty())
                add(node + u".ranks"_s, intList(request.ranks));
        }
        plan.notes << Text::tr("verl 0.5 configures the NPU profiler under trainer.npu_profile and has no per-role "
                               "switch; the actor, reference and rollout share actor_rollout_ref.profiler.");
    }

    Settings settings;
    for (const hydra::Override &override : plan.overrides)
        settings.set(override.key, *override.value);
    plan.findings = checkSettings(settings, version);
    return plan;
}

namespace {

std::optional<QList<qint64>> intsOf(const Value &value)
{
    if (value.type() == Value::Type::Null)
        return QList<qint64>{};
    if (value.type() != Value::Type::List)
        return std::nullopt;
    QList<qint64> numbers;
    for (const Value &item : value.toList()) {
        if (item.type() != Value::Type::Int)
            return std::nullopt;
        numbers << item.toInt();
    }
    return numbers;
}

std::optional<QStringList> wordsOf(const Value &value)
{
    if (value.type() != Value::Type::List)
        return std::nullopt;
    QStringList words;
    for (const Value &item : value.toList()) {
        if (item.type() != Value::Type::String)
            return std::nullopt;
        words << item.toString();
    }
    return words;
}

} // namespace

Imported importRequest(const QList<hydra::Override> &overrides, const Request &defaults)
{
    const verl::Version &version = defaults.version;
    Imported result{defaults, {}, 0};
    Request &request = result.request;

    QHash<QString, Value> values;
    for (const hydra::Override &override : overrides) {
        if (!override.value || override.prefix == hydra::Override::Prefix::Delete
            || !verl::findKey(version, override.key))
            continue;
        values.insert(override.key, *override.value); // the last one wins, as in Hydra
    }
    const auto take = [&values, &result](const QString &key) -> std::optional<Value> {
        const auto it = values.constFind(key);
        if (it == values.constEnd())
            return std::nullopt;
        ++result.used;
        return *it;
    };
    const auto unusable = [&result](const QString &key) {
        result.notes << Text::tr("The value of %1 does not fit the form and was left at the form's setting.").arg(key);
    };
    const auto readBool = [&](const QString &key, bool &target) {
        if (const auto value = take(key)) {
            if (value->type() == Value::Type::Bool)
                target = value->toBool();
            else
                unusable(key);
        }
    };
    const auto readString = [&](const QString &key, QString &target) {
        if (const auto value = take(key)) {
            if (value->type() == Value::Type::String)
                target = value->toString();
            else
                unusable(key);
        }
    };
    const auto readLevel = [&](const QString &key) {
        if (const auto value = take(key)) {
            if (value->type() == Value::Type::String && verl::allowedLevels().contains(value->toString()))
                request.level = value->toString();
            else
                unusable(key);
        }
    };
    const auto readInts = [&](const QString &key, QList<qint64> &target) {
        if (const auto value = take(key)) {
            if (const auto numbers = intsOf(*value))
                target = *numbers;
            else
                unusable(key);
        }
    };

    if (verl::hasGlobalProfiler(version)) {
        take(u"global_profiler.tool"_s); // the linter has already said when it is not npu; the form writes npu
        readInts(u"global_profiler.steps"_s, request.steps);
        readString(u"global_profiler.save_path"_s, request.savePath);
        readBool(u"global_profiler.profile_continuous_steps"_s, request.continuousSteps);

        QList<verl::Role> roles;
        for (const verl::Role role : verl::allRoles()) {
            bool enabled = false;
            readBool(verl::roleProfilerNode(version, role) + u".enable"_s, enabled);
            if (enabled)
                roles << role;
        }
        // The form has one set of settings: those of the first enabled role, or of the first role the
        // command configures at all (a command may set the options and leave enable to the YAML).
        const auto configures = [&values](const QString &node) {
            return std::any_of(values.keyBegin(), values.keyEnd(),
                               [&node](const QString &key) { return key.startsWith(node + u'.'); });
        };
        std::optional<verl::Role> source;
        for (const verl::Role role : roles + verl::allRoles()) {
            if (verl::roleHasToolConfig(version, role) && configures(verl::roleProfilerNode(version, role))) {
                source = role;
                break;
            }
        }
        if (source) {
            const QString node = verl::roleProfilerNode(version, *source);
            readBool(node + u".all_ranks"_s, request.allRanks);
            readInts(node + u".ranks"_s, request.ranks);
            const QString npu = node + u".tool_config.npu."_s;
            if (const auto contents = take(npu + u"contents"_s)) {
                const auto words = wordsOf(*contents);
                if (words && std::all_of(words->cbegin(), words->cend(), [](const QString &w) {
                        return verl::allowedContents().contains(w);
                    }))
                    request.contents = *words;
                else
                    unusable(npu + u"contents"_s);
            }
            readLevel(npu + u"level"_s);
            readBool(npu + u"analysis"_s, request.analysis);
            readBool(npu + u"discrete"_s, request.discrete);

            // The other enabled roles: the same settings are carried by the form; different ones are not.
            static const QStringList fields{u"all_ranks"_s,
                                            u"ranks"_s,
                                            u"tool_config.npu.contents"_s,
                                            u"tool_config.npu.level"_s,
                                            u"tool_config.npu.analysis"_s,
                                            u"tool_config.npu.discrete"_s};
            for (const verl::Role role : roles) {
                const QString other = verl::roleProfilerNode(version, role);
                if (role == *source || !verl::roleHasToolConfig(version, role))
                    continue;
                bool differs = false;
                for (const QString &field : fields) {
                    const auto value = take(other + u'.' + field);
                    const auto mine = values.constFind(node + u'.' + field);
                    if (value.has_value() != (mine != values.constEnd()) || (value && !(*value == *mine)))
                        differs = true;
                }
                if (differs) {
                    result.notes << Text::tr("The %1 profiler settings differ from the %2 ones; the form has one set "
                                             "and shows the %2 ones.")
                                        .arg(verl::roleName(role), verl::roleName(*source));
                }
            }
        }
        const QString rollout = verl::roleProfilerNode(version, verl::Role::Rollout) + u".tool_config.npu."_s;
        for (const auto &[key, target] : {std::pair{u"profile_token_start"_s, &request.tokenStart},
                                          std::pair{u"profile_token_end"_s, &request.tokenEnd}}) {
            if (const auto value = take(rollout + key)) {
                if (value->type() == Value::Type::Int)
                    *target = value->toInt();
                else if (value->type() != Value::Type::Null)
                    unusable(rollout + key);
            }
        }
        if (!roles.isEmpty())
            request.roles = roles;
        else if (source)
            request.roles = {*source};
        if (roles.isEmpty() && result.used > 0) {
            result.notes << Text::tr(
                                "No role has profiler.enable=True in the command, so it profiles nothing; the form "
                                "turns it on for %1.")
                                .arg(verl::roleName(request.roles.constFirst()));
        }
    } else {
        readInts(u"trainer.profile_steps"_s, request.steps);
        const QString options = u"trainer.npu_profile.options."_s;
        readString(options + u"save_path"_s, request.savePath);
        readLevel(options + u"level"_s);
        readBool(options + u"analysis"_s, request.analysis);
        static const QList<std::pair<const char *, const char *>> flags{
            {"with_npu", "npu"},         {"with_cpu", "cpu"},       {"with_memory", "memory"},
            {"record_shapes", "shapes"}, {"with_module", "module"}, {"with_stack", "stack"}};
        bool anyFlag = false;
        QStringList contents;
        for (const auto &[flag, item] : flags) {
            bool on = defaults.contents.contains(QLatin1StringView(item));
            const bool given = values.contains(options + QLatin1StringView(flag));
            readBool(options + QLatin1StringView(flag), on);
            anyFlag = anyFlag || given;
            if (on)
                contents << QString::fromLatin1(item);
        }
        if (anyFlag)
            request.contents = contents;
        QList<verl::Role> roles;
        for (const verl::Role role : verl::allRoles()) {
            const QString node = verl::roleProfilerNode(version, role);
            const bool mentioned = values.contains(node + u".discrete"_s) || values.contains(node + u".all_ranks"_s)
                || values.contains(node + u".ranks"_s);
            if (mentioned && (role == verl::Role::Actor || role == verl::Role::Critic))
                roles << role;
        }
        for (const QString &node : {verl::roleProfilerNode(version, verl::Role::Actor),
                                    verl::roleProfilerNode(version, verl::Role::Critic)}) {
            readBool(node + u".discrete"_s, request.discrete);
            readBool(node + u".all_ranks"_s, request.allRanks);
            readInts(node + u".ranks"_s, request.ranks);
        }
        if (!roles.isEmpty())
            request.roles = roles;
    }
    if (request.steps.isEmpty()) {
        request.steps = defaults.steps;
        result.notes << Text::tr("The command profiles no step (steps is null or empty); the form keeps its steps.");
    }
    return result;
}

QJsonArray toJson(const Plan &plan)
{
    QJsonArray array;
    for (const hydra::Override &override : plan.overrides) {
        const auto text = hydra::format(override);
        array.append(QJsonObject{{u"key"_s, override.key},
                                 {u"value"_s, jsonOf(override.value.value_or(Value::null()))},
                                 {u"hydra"_s, text ? *text : QString()}});
    }
    return array;
}

QString render(const Plan &plan, Format format)
{
    QStringList words;
    for (const hydra::Override &override : plan.overrides) {
        const auto text = hydra::format(override);
        if (text)
            words << *text;
    }
    switch (format) {
    case Format::Shell:
        return shell::formatCommand(words, shell::Layout::Multiline);
    case Format::Line:
        return shell::formatCommand(words, shell::Layout::OneLine);
    case Format::Yaml:
        return renderYaml(plan.overrides);
    case Format::Json:
        return QString::fromUtf8(QJsonDocument(toJson(plan)).toJson(QJsonDocument::Indented));
    }
    return QString();
}

} // namespace vna::profiler
